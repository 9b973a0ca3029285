//! Variant sudoku: the rules of the grid as a value.
//!
//! A classic puzzle is 9×9 (or 4×4) with rows, columns and boxes. A variant adds
//! constraints ([`Rules`]): extra groups whose cells hold different digits (the
//! diagonals of X sudoku, windoku's windows, disjoint groups, Sukaku Explainer's
//! girandola, asterisk and center-dot), pairs of cells that differ (anti-knight,
//! anti-king), neighbours that are never consecutive (nc), regions in place of the
//! boxes (jigsaw) and cages with sums (killer); and grids of 16×16 and 25×25.
//!
//! Layers, bottom up: [`shape`] (the size of a grid: its cells, rows, columns, boxes,
//! digit characters), [`rules`] (the rules as text and as a value), [`geometry`] (what
//! a set of rules means on a shape: the groups, the differing pairs, the neighbours,
//! the cages), [`text`] (a variant puzzle read from and written to text), [`check`]
//! (givens that break the rules, named cell by cell), [`error`] (the typed errors),
//! [`fpuzzles`] (f-puzzles JSON and share links in and out). [`engine`] solves,
//! counts and lists solutions above them; [`memo`] keeps the last rules' geometry and
//! engine for a thread's next puzzle.
//!
//! The notation of rules is the one of `../shared/tools/iss/batch_solve.mjs`
//! (`x,anti-knight`, `jigsaw=MAP`, `killer=MAP;SUMS`); `docs/variants.md` gives each
//! rule's cells and where its definition comes from.

pub mod cell_lists;
pub mod check;
pub mod engine;
pub mod error;
pub mod fpuzzles;
pub mod generate;
pub mod geometry;
pub mod memo;
pub mod rules;
pub mod shape;
pub mod text;

pub use check::check_givens;
pub use engine::{Engine, VariantSolutions};
pub use error::VariantError;
pub use geometry::{Geometry, Group, GroupKind};
pub use rules::{Cage, Cages, Regions, Rules};
pub use shape::Shape;
pub use text::VariantPuzzle;
