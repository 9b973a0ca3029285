//! The fast 9×9 search: JCZSolve's design (per-digit band bitboards, locked candidates
//! inside the band update), as in the `sudoku` crate's "jczsolve equivalent", written
//! anew here with our own band-shape table and MRV tie-break. Bitmask candidates,
//! propagation to a fixpoint (band updates with locked candidates, naked singles,
//! hidden singles in columns), then MRV backtracking, behind the one mechanism of
//! [`crate::search`]: count solutions up to a limit.
//!
//! The layers, each importing only those above it:
//! - [`band`]: a band of 27 cells as one word, its tables (the band shapes) and word
//!   operations;
//! - [`boards`]: the nine digit boards at once (transposing masks, finding changed
//!   boards, with SSE2 on x86-64; the band update of one board);
//! - [`state`]: one search node, a board per digit, and how it is built and branched;
//! - [`propagate`]: band updates, naked singles and hidden singles in columns to a
//!   fixpoint;
//! - [`machine`]: the resumable search over an explicit stack of nodes ([`Search`]).

pub(crate) mod band;
pub(crate) mod boards;
mod machine;
mod propagate;
mod state;

pub(crate) use machine::{count_excluding, Search, Status};
