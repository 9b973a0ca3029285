//! Typed errors of the core. The PostgreSQL glue maps them to SQLSTATEs in one place:
//! [`ErrorKind::Malformed`] is `22P02` (invalid_text_representation) and
//! [`ErrorKind::Contradictory`] is `22023` (invalid_parameter_value).

use crate::grid::{Size, UnitKind};
use std::fmt;

/// The two classes of bad input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text is not a puzzle at all.
    Malformed,
    /// The text is a puzzle, but its givens contradict each other.
    Contradictory,
}

/// Memory the core asked for and did not get: a request sized by the input (a copy of
/// a long text, say) that the allocator refused. The core never lets such a request
/// abort the process; it returns this, and the PostgreSQL glue raises `53200`
/// (out_of_memory).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    /// The size of the refused request, in bytes.
    pub bytes: usize,
}

impl fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "out of memory: failed on a request of size {} bytes",
            self.bytes
        )
    }
}

/// Copies `text` into a new `String`, or reports that the memory was refused.
pub fn try_copy(text: &str) -> Result<String, OutOfMemory> {
    let mut out = String::new();
    out.try_reserve_exact(text.len())
        .map_err(|_| OutOfMemory { bytes: text.len() })?;
    out.push_str(text);
    Ok(out)
}

/// Why a text is not a usable puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// A character that is neither a cell nor layout. `position`, `line` and `column`
    /// count characters (not bytes) from 1.
    InvalidCharacter {
        ch: char,
        position: usize,
        line: usize,
        column: usize,
    },
    /// The text holds a number of cells other than 81 (9×9) or 16 (4×4).
    CellCount { found: usize },
    /// A 4×4 puzzle with a digit above 4; positions as for `InvalidCharacter`.
    DigitOutOfRange {
        digit: u8,
        position: usize,
        line: usize,
        column: usize,
    },
    /// Two givens with the same digit share a unit; `first < second` are cells of a
    /// puzzle of `size`, and `index` is the unit's 0-based number within its kind.
    Conflict {
        size: Size,
        digit: u8,
        unit: UnitKind,
        index: usize,
        first: usize,
        second: usize,
    },
}

impl PuzzleError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            PuzzleError::InvalidCharacter { .. }
            | PuzzleError::CellCount { .. }
            | PuzzleError::DigitOutOfRange { .. } => ErrorKind::Malformed,
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
                format!("sudoku puzzle has {found} cells, expected 81 (9x9) or 16 (4x4)")
            }
            PuzzleError::DigitOutOfRange { digit, .. } => {
                format!("digit {digit} is out of range in a 4x4 sudoku puzzle")
            }
            PuzzleError::Conflict {
                digit, unit, index, ..
            } => {
                format!(
                    "contradictory givens in sudoku puzzle: digit {digit} appears twice in {} {}",
                    unit.name(),
                    index + 1
                )
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
                "Found {found} cells; a puzzle is 81 cells (9x9, digits 1-9) or 16 cells (4x4, digits 1-4), \
                 each a digit or a blank (\"0\", \".\", \"?\"), in any layout of whitespace and \"|\", \"-\", \"+\"."
            ),
            PuzzleError::DigitOutOfRange { digit, position, line, column } => format!(
                "Character \"{digit}\" at position {position} (line {line}, column {column}) is above 4; a 4x4 puzzle \
                 (16 cells) uses the digits 1-4."
            ),
            PuzzleError::Conflict { size, digit, first, second, .. } => format!(
                "Cells {} and {} both hold the given {digit}.",
                size.cell_name(*first),
                size.cell_name(*second)
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
