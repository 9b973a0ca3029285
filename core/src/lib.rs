//! `sudoku_core`: the pure-Rust solver behind the `sudoku_ext` PostgreSQL extension.
//! It knows nothing of PostgreSQL; the extension's glue converts arguments, calls it
//! and maps its typed errors to SQLSTATEs.
//!
//! See [`grid`] for the vocabulary (cell, digit, unit, peer, candidates).
//!
//! The entry points, each with an example: [`solve`] (solving and counting solutions,
//! [`Solutions`] to stream them), [`generate()`], [`canonical::canonical`],
//! [`explain::hint`], [`picture::grid_svg`], [`near::NearSearch`]; the human-logic engine's
//! [`logic::rate`] and [`logic::path`] (the steps), and the search of a pencil-mark
//! position ([`position_solutions`]), below.
//!
//! # Examples
//!
//! Rate a puzzle on Sudoku Explainer's ER scale (in tenths) and list the steps a person
//! would take, the hardest of which gives the rating:
//!
//! ```
//! use sudoku_core::{logic, Puzzle};
//!
//! let puzzle = Puzzle::parse(
//!     ".........583....4..1......88..4....59.2.5.17...5..1.8....96.......3..4..43.8..65.",
//! )?;
//! let rating = logic::rate(&puzzle, &mut || {});
//! assert_eq!((rating.er, rating.ep, rating.ed), (71, 12, 12));
//!
//! let steps = logic::path(&puzzle, &mut || {}).expect("the puzzle has a solution");
//! assert_eq!(steps.len(), 61);
//! let placed: usize = steps.iter().map(|s| s.placements.len()).sum();
//! assert_eq!(placed, puzzle.blanks());
//! let hardest = steps.iter().max_by_key(|s| s.rating).unwrap();
//! assert_eq!(hardest.technique, logic::Technique::Chain(logic::chains::ChainKind::ForcingChain));
//! assert_eq!(hardest.rating, rating.er);
//!
//! // The first step from the givens' pencil marks (the hint).
//! let first = logic::next_step(&logic::Marks::from_puzzle(&puzzle), &mut || {}).unwrap();
//! assert_eq!(first.explanation, "r4c3 is the only cell of box 4 that can hold 1.");
//! # Ok::<(), sudoku_core::PuzzleError>(())
//! ```
//!
//! Search a position (filled cells and the candidates of the open ones) for its
//! solutions:
//!
//! ```
//! use sudoku_core::position::Position;
//! use sudoku_core::{position_solutions, Puzzle, Silent};
//!
//! let mut cells = Puzzle::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?
//! .cells;
//! cells[..9].fill(0);
//! let position = Position::from_puzzle(&Puzzle::from_cells(cells))?;
//! let first_rows: Vec<_> = position_solutions(&position, 10, Silent)
//!     .map(|solution| solution[..9].to_vec())
//!     .collect();
//! assert_eq!(first_rows, [[3, 4, 5, 6, 7, 8, 9, 1, 2], [5, 3, 4, 6, 7, 8, 9, 1, 2]]);
//! # Ok::<(), sudoku_core::PuzzleError>(())
//! ```

mod bitboard;
pub mod canonical;
pub mod error;
pub mod explain;
pub mod generate;
pub mod graded;
pub mod graded_variant;
pub mod grid;
pub mod grid_style;
pub mod logic;
pub mod near;
pub mod picture;
pub(crate) mod plain;
pub mod position;
pub mod puzzle;
pub mod search;
pub mod solver;
pub mod variant;
pub mod variant_explain;

pub use error::{ErrorKind, OutOfMemory, PuzzleError};
pub use generate::{generate, Generated, Options};
pub use grid::Size;
pub use position::solve::{position_solutions, solve_position_observed};
pub use puzzle::{Layout, Puzzle};
pub use search::{Event, Observer, Outcome, PlacedBy, Silent, Stats};
pub use solver::{
    candidates, is_solution_of, solve, solve_observed, solve_plain, solve_plain_observed, Solutions,
};
