//! Typed errors of the core. The PostgreSQL glue maps them to SQLSTATEs in one place:
//! [`ErrorKind::Malformed`] is `22P02` (invalid_text_representation) and
//! [`ErrorKind::Contradictory`] is `22023` (invalid_parameter_value).

use crate::grid::{cell_name, UnitKind};
use std::fmt;

/// The two classes of bad input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text is not a puzzle at all.
    Malformed,
    /// The text is a puzzle, but its givens contradict each other.
    Contradictory,
}

/// Why a text is not a usable puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// A character that is neither a cell nor layout. `position`, `line` and `column`
    /// count characters (not bytes) from 1.
    InvalidCharacter { ch: char, position: usize, line: usize, column: usize },
    /// The text holds a number of cells other than 81.
    CellCount { found: usize },
    /// Two givens with the same digit share a unit; `first < second` are cells 0..=80.
    Conflict { digit: u8, unit: UnitKind, index: usize, first: usize, second: usize },
}

impl PuzzleError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            PuzzleError::InvalidCharacter { .. } | PuzzleError::CellCount { .. } => ErrorKind::Malformed,
            PuzzleError::Conflict { .. } => ErrorKind::Contradictory,
        }
    }

    /// The primary message, in PostgreSQL's style (lower case, no full stop).
    pub fn message(&self) -> String {
        match self {
            PuzzleError::InvalidCharacter { ch, .. } => {
                format!("invalid character {} in sudoku puzzle", show_char(*ch))
            }
            PuzzleError::CellCount { found } => {
                format!("sudoku puzzle has {found} cells, expected 81")
            }
            PuzzleError::Conflict { digit, unit, index, .. } => {
                format!("contradictory givens in sudoku puzzle: digit {digit} appears twice in {} {}", unit.name(), index + 1)
            }
        }
    }

    /// The DETAIL line: which character or which cells.
    pub fn detail(&self) -> String {
        match self {
            PuzzleError::InvalidCharacter { ch, position, line, column } => format!(
                "Character {} at position {position} (line {line}, column {column}) is not a digit 1-9, \
                 a blank (\"0\", \".\", \"?\"), whitespace or a grid-drawing character (\"|\", \"-\", \"+\").",
                show_char(*ch)
            ),
            PuzzleError::CellCount { found } => format!(
                "Found {found} cells; a puzzle is 81 cells, each a digit 1-9 or a blank (\"0\", \".\", \"?\"), \
                 in any layout of whitespace and \"|\", \"-\", \"+\"."
            ),
            PuzzleError::Conflict { digit, first, second, .. } => format!(
                "Cells {} and {} both hold the given {digit}.",
                cell_name(*first),
                cell_name(*second)
            ),
        }
    }
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message(), self.detail())
    }
}

impl std::error::Error for PuzzleError {}

/// A character as messages show it: quoted when printable, `U+XXXX` otherwise.
fn show_char(ch: char) -> String {
    if ch.is_control() || ch.is_whitespace() || ch == '\u{FEFF}' {
        format!("U+{:04X}", ch as u32)
    } else {
        format!("\"{ch}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_as_code_points() {
        assert_eq!(show_char('\u{1}'), "U+0001");
        assert_eq!(show_char('x'), "\"x\"");
        assert_eq!(show_char('\u{A0}'), "U+00A0");
    }
}
