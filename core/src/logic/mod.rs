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
//! - [`chains`]: the chain families.

pub mod chains;
pub mod marks;
pub mod step;

pub use marks::{Candidate, Marks};
pub use step::{Step, Technique};
