//! Every text argument read once, by the core's one reader, into one typed value: a
//! puzzle (with its layout) or pencil marks ([`sudoku_core::position::text::read`]),
//! a position, or a player's three texts ([`sudoku_core::position::player`]). Each
//! function then takes that value; none re-decides what its text is. Errors are
//! raised here, naming the argument where a function takes more than one text.

use sudoku_core::position::player::{read_player, PlayerTexts};
use sudoku_core::position::text::{read, Text};
use sudoku_core::position::Position;
use sudoku_core::PuzzleError;

use crate::errors::{raise, raise_in};

/// A puzzle or pencil-mark text, read; its error raised.
pub fn text(arg: &str) -> Text {
    read(arg).unwrap_or_else(|e| raise(e))
}

/// A puzzle or pencil-mark text, read, or its error (for a caller that names the
/// element it came from, or that never raises).
pub fn try_text(arg: &str) -> Result<Text, PuzzleError> {
    read(arg)
}

/// The position of a text read by [`text`]; its error raised.
pub fn position(text: &Text) -> Position {
    text.position().unwrap_or_else(|e| raise(e))
}

/// A player's three texts, read; an error raised with the argument's name.
pub fn player(puzzle: &str, progress: &str, marks: &str) -> PlayerTexts {
    read_player(puzzle, progress, marks).unwrap_or_else(|e| raise_in(e.argument.name(), e.error))
}

/// A player's position, for the human-logic engine.
pub fn player_position(puzzle: &str, progress: &str, marks: &str) -> Position {
    player(puzzle, progress, marks)
        .position()
        .unwrap_or_else(|e| raise(e))
}
