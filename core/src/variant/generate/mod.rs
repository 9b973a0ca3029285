//! Variant puzzles generated from a seed: the parts that need no search (fresh
//! jigsaw layouts, killer cages cut from a grid, symmetries on every shape). The
//! generator that digs with the variant engine comes with it.

pub mod cells;
pub mod jigsaw;
pub mod killer;
pub mod symmetry;
