//! The fast search run from a position: the solutions that keep its filled cells and put
//! in each open cell one of its candidates.

use super::state::{Position, ALL};
use crate::error::PuzzleError;
use crate::grid::CELLS;
use crate::search::{Observer, Outcome};
use crate::solver::{solve_candidates_observed, Solutions};

/// Counts, up to `limit`, the solutions of a position.
pub fn solve_position_observed<O: Observer>(
    position: &Position,
    limit: u64,
    observer: &mut O,
) -> Outcome {
    // The constructors of `Position` refuse filled cells that share a digit in a unit, so
    // the search starts for every position they make; one built field by field with such
    // a conflict is a bug of its caller, and panics here.
    solve_candidates_observed(&position.values, &position.cands, limit, observer)
        .expect("a position's filled cells do not conflict")
}

/// The solutions of a position one at a time, up to `limit` (see [`Solutions`]).
pub fn position_solutions<O: Observer>(
    position: &Position,
    limit: u64,
    observer: O,
) -> Solutions<O> {
    Solutions::from_candidates(&position.values, &position.cands, limit, observer)
        .expect("a position's filled cells do not conflict")
}

/// The fast search's trace of a position (see [`crate::explain::Trace`]): the same
/// search as [`solve_position_observed`], event by event.
pub fn position_trace<O: Observer>(position: &Position, observer: O) -> crate::explain::Trace<O> {
    crate::explain::Trace::from_position(&position.values, &position.cands, observer)
        .expect("a position's filled cells do not conflict")
}

/// Naked and hidden singles alone, to a fixpoint, from the position's marks (the
/// singles keys of `sudoku_stats` for a pencil-mark text).
pub fn position_singles(position: &Position) -> crate::plain::SinglesFixpoint {
    crate::plain::singles_from_candidates(&position.values, &position.cands)
}

/// The filled cells the search is given for a pencil-mark grid when only its solutions
/// are asked for: every cell with one candidate filled with it, whether or not Sukaku
/// Explainer's rule would call it a given; `None` when a cell has no candidate.
///
/// Why the solutions are the same as those of [`Position::from_marks`]: a solution of a
/// pencil-mark grid puts in every cell one of its candidates, so a cell with a single
/// candidate holds it in every solution. Sukaku Explainer's rule only decides whether
/// such a cell is shown as a given or as an open cell with one candidate; either way
/// the search keeps that digit there (as a filled cell, or as a naked single it places
/// before anything else), so the set of solutions and their number do not depend on
/// it. The errors are those of `from_marks` too: a cell without candidate is seen
/// here; two cells of a unit with the same single candidate are two filled cells with
/// the same digit, which the search refuses to start from (the later one is no longer a
/// candidate of its cell when placed) — the only other way `from_marks` fails. In both
/// cases the error itself is `from_marks`'s, computed then (see `solving_error`).
/// Tests: `the_solving_shortcut_solves_as_the_position` (tests/position.rs).
fn singles_filled(marks: &[u16; CELLS]) -> Option<[u8; CELLS]> {
    let mut values = [0u8; CELLS];
    let mut empty = false;
    for (v, &m) in values.iter_mut().zip(marks.iter()) {
        let m = m & ALL;
        empty |= m == 0;
        // The digit of a lone candidate, 0 for none or several (branch-free).
        *v = (m.trailing_zeros() as u8 + 1) * m.is_power_of_two() as u8;
    }
    (!empty).then_some(values)
}

/// The error of a pencil-mark grid the solving shortcut could not start from: the one
/// [`Position::from_marks`] gives it (see [`singles_filled`]).
fn solving_error(marks: &[u16; CELLS]) -> PuzzleError {
    match Position::from_marks(marks) {
        Err(e) => e,
        Ok(_) => unreachable!(
            "a grid with an empty cell or two equal single candidates in a unit has no position"
        ),
    }
}

/// [`solve_position_observed`] of `Position::from_marks(marks)`, without telling the
/// givens from the other single candidates (the same count and solutions, the same
/// errors: see [`singles_filled`]), for `sudoku_solve` and `sudoku_count_solutions`.
pub fn solve_marks_observed<O: Observer>(
    marks: &[u16; CELLS],
    limit: u64,
    observer: &mut O,
) -> Result<Outcome, PuzzleError> {
    singles_filled(marks)
        .and_then(|values| solve_candidates_observed(&values, marks, limit, observer))
        .ok_or_else(|| solving_error(marks))
}

/// [`position_solutions`] of `Position::from_marks(marks)` by the same shortcut as
/// [`solve_marks_observed`], for `sudoku_solutions`.
pub fn marks_solutions<O: Observer>(
    marks: &[u16; CELLS],
    limit: u64,
    observer: O,
) -> Result<Solutions<O>, PuzzleError> {
    singles_filled(marks)
        .and_then(|values| Solutions::from_candidates(&values, marks, limit, observer))
        .ok_or_else(|| solving_error(marks))
}
