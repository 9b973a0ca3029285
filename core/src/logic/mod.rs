//! The human-logic engine: solves a puzzle the way a person does, on a pencil-mark grid,
//! one technique at a time, always taking the easiest step available, so that every step
//! can be read, checked and replayed, and the hardest step taken rates the puzzle on
//! Sudoku Explainer's ER scale (as Sukaku Explainer computes it).
//!
//! It is separate from the fast search (`crate::solver`): nothing here is used to solve
//! puzzles quickly, and nothing of the search is used to explain them.
//!
//! - [`marks`]: the pencil-mark grid;
//! - [`step`]: what a technique finds (placements, eliminations, pattern, rating);
//! - [`chains`]: the chain families;
//! - one module per family of techniques below the chains: [`singles`],
//!   [`intersections`], [`subsets`], [`fish`], [`strong_links`], [`wings`],
//!   [`uniqueness`], [`aligned`], and [`nc`] (non-consecutive sudoku's two rules);
//! - [`ladder`]: the order they are tried in, the path and the rating;
//! - [`rules`]: a variant's groups and peers as the engine reads them, and
//!   [`variant_ladder`]: the ladder under a variant's rules as far as it is built (issue
//!   36: the rungs up to 4.0; not yet behind the SQL functions).
//!
//! The entry points: [`next_step`] (the easiest step of a position, the hint),
//! [`path`] (every step from the givens to the solution, guesses named as such where no
//! technique applies) and [`rate`] (the ER rating, with EP and ED). Each technique family
//! module also exposes its finders (`fn(&Marks) -> Option<Step>`), each returning the
//! step Sukaku Explainer would take with that technique.
//!
//! 4×4 puzzles go through the same ladder; the techniques that apply to them (singles,
//! intersections, subsets, and whatever else fits a 4×4 grid) keep their 9×9 ratings,
//! and the chains are not tried, so a 4×4 puzzle they cannot finish rates 20.0.

pub mod chains;
pub(crate) mod context;
pub(crate) mod geometry;
pub mod ladder;
pub mod marks;
pub mod memo;
pub(crate) mod primitives;
pub mod rules;
pub mod step;
pub mod techniques;
#[cfg(test)]
pub(crate) mod testing;
pub mod variant_ladder;
pub(crate) mod wording;

pub use techniques::{
    aligned, fish, intersections, nc, singles, strong_links, subsets, uniqueness, wings,
};

/// Forgets what the searches of this thread remember of the positions where they found
/// nothing (every cache of [`memo`]), so that the next rating starts cold: for benchmarks
/// that rate the same puzzle several times. Ratings never depend on it.
pub fn forget_search_memos() {
    memo::forget();
}

pub use ladder::{
    next_step, next_step_with, path, rate, rate_up_to, LadderOptions, Rating, BEYOND_LADDER,
};
pub use marks::{Candidate, Marks};
pub use step::{Link, Step, Technique};
