//! The fast search run from a position: the solutions that keep its filled cells and put
//! in each open cell one of its candidates.

use super::state::Position;
use crate::error::PuzzleError;
use crate::grid::CELLS;
use crate::search::{Observer, Outcome};
use crate::solver::{solve_candidates_observed, solve_marks_grid_observed, Solutions};

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

// The solving shortcut. For sudoku_solve, sudoku_count_solutions and sudoku_solutions, a
// pencil-mark grid is searched with every cell of one candidate filled with it, whether
// or not Sukaku Explainer's rule (`Position::from_marks`) would call it a given.
//
// Why the solutions are the same: a solution of a pencil-mark grid puts in every cell
// one of its candidates, so a cell with a single candidate holds it in every solution.
// The rule only decides whether such a cell is shown as a given or as an open cell
// with one candidate; either way the search keeps that digit there (as a filled cell, or
// as a naked single its first propagation places, reaching the same state before any
// guess), so the set of solutions, their number and their order do not depend on it.
// Why the errors are the same: `from_marks` fails on a cell without candidate and on
// two cells of a unit with the same single candidate, and nothing else; the search
// refuses to start on exactly those grids (`bitboard::state::State::from_marks`), and then the
// error is `from_marks`'s own, computed only then (`solving_error`). What is skipped is
// the test of which single candidates no peer has (about 2,900 instructions a text), and
// the making of a `Position` cell by cell.
// Tests: `the_solving_shortcut_solves_as_the_position` and its proptest
// (tests/position.rs): the same errors, counts, first solutions and solutions in order
// as the plain way on random marks, solvable, with several solutions, with none,
// contradictory and malformed.

/// The error of a pencil-mark grid the solving shortcut could not start from: the one
/// [`Position::from_marks`] gives it.
fn solving_error(marks: &[u16; CELLS]) -> PuzzleError {
    match Position::from_marks(marks) {
        Err(e) => e,
        Ok(_) => unreachable!(
            "a grid with an empty cell or two equal single candidates in a unit has no position"
        ),
    }
}

/// [`solve_position_observed`] of `Position::from_marks(marks)`, without telling the
/// givens from the other single candidates (the same count, solutions and errors: see
/// the notes above), for `sudoku_solve` and `sudoku_count_solutions`.
pub fn solve_marks_observed<O: Observer>(
    marks: &[u16; CELLS],
    limit: u64,
    observer: &mut O,
) -> Result<Outcome, PuzzleError> {
    solve_marks_grid_observed(marks, limit, observer).ok_or_else(|| solving_error(marks))
}

/// [`position_solutions`] of `Position::from_marks(marks)` by the same shortcut as
/// [`solve_marks_observed`], for `sudoku_solutions`.
pub fn marks_solutions<O: Observer>(
    marks: &[u16; CELLS],
    limit: u64,
    observer: O,
) -> Result<Solutions<O>, PuzzleError> {
    Solutions::from_marks(marks, limit, observer).ok_or_else(|| solving_error(marks))
}
