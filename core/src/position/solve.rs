//! The fast search run from a position: the solutions that keep its filled cells and put
//! in each open cell one of its candidates.

use super::state::Position;
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
