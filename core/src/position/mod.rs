//! A player's position: the givens, the digits placed since, and the pencil marks of
//! every open cell, as a person (or the app that serves them) keeps them, with the
//! pencil-mark texts that carry them (see [`text`]), the mistakes a position can hold
//! (see [`check`]) and the human-logic engine run from it (see [`engine`]).
//!
//! Positions are 9×9 only: the pencil-mark forms (729 characters, the candidate grid)
//! are defined for 9×9 grids.
//!
//! Two ways in:
//! - a pencil-mark text alone ([`Position::from_marks`]), read as Sukaku Explainer reads
//!   it: a cell whose one candidate no peer has is a given, every other cell is open
//!   with its candidates (a cell with one candidate a peer also has stays open, to be
//!   placed by a step);
//! - a puzzle, the player's progress and their marks ([`Position::from_parts`]): the
//!   givens come from the puzzle, the placed digits from the progress, the candidates of
//!   each open cell from the marks, less the digits its filled peers hold (crossed out
//!   as a person would).

pub mod check;
pub mod engine;
pub mod player;
pub mod solve;
mod state;
pub mod text;

pub use state::*;
