//! `sudoku_core`: the pure-Rust solver behind the `sudoku_ext` PostgreSQL extension.
//! It knows nothing of PostgreSQL; the extension's glue converts arguments, calls it
//! and maps its typed errors to SQLSTATEs.
//!
//! See [`grid`] for the vocabulary (cell, digit, unit, peer, candidates).

mod bitboard;
pub mod canonical;
pub mod error;
pub mod explain;
pub mod generate;
pub mod graded;
pub mod grid;
pub mod logic;
pub mod near;
pub mod picture;
pub(crate) mod plain;
pub mod position;
pub mod puzzle;
pub mod search;
pub mod solver;

pub use error::{ErrorKind, OutOfMemory, PuzzleError};
pub use generate::{generate, Generated, Options};
pub use grid::Size;
pub use position::solve::{position_solutions, solve_position_observed};
pub use puzzle::{Layout, Puzzle};
pub use search::{Event, Observer, Outcome, PlacedBy, Silent, Stats};
pub use solver::{
    candidates, is_solution_of, solve, solve_observed, solve_plain, solve_plain_observed, Solutions,
};
