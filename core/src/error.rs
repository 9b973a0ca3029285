//! Typed errors of the core. The PostgreSQL glue maps them to SQLSTATEs in one place:
//! [`ErrorKind::Malformed`] is `22P02` (invalid_text_representation) and
//! [`ErrorKind::Contradictory`] is `22023` (invalid_parameter_value);
//! [`ErrorKind::NotSupported`] is `0A000` (feature_not_supported).

use crate::grid::{cell_name, Size, UnitKind};
use std::fmt;

/// The classes of error: two of bad input, one of input the engine cannot answer yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text is not a puzzle at all.
    Malformed,
    /// The text is a puzzle, but its givens contradict each other.
    Contradictory,
    /// A good puzzle whose answer needs what the engine does not have yet (ratings under
    /// killer cages and on giant grids).
    NotSupported,
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
    /// A character of a text read as pencil marks alone (the `marks` of a player's
    /// position) that neither form allows; positions as for `InvalidCharacter`.
    InvalidMarkCharacter {
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
    /// A text read as a 729-character pencil-mark line (only digits, `.` and `0`, far
    /// more than 81 of them) that holds another number of such characters.
    MarksLength { found: usize },
    /// In a 729-character line, a digit away from its own place: place `place` (1-9)
    /// of `cell` holds `digit`, where only `place` itself or `.`/`0` may stand.
    MisplacedMark { cell: usize, place: u8, digit: u8 },
    /// A pencil-mark text where a cell has no candidate at all.
    NoCandidate { cell: usize },
    /// A candidate grid with a number of cells other than 81.
    GridCellCount { found: usize },
    /// A candidate grid with a cell written in another form (a blank `.`/`0` or a
    /// 729-character run of marks): `text` is the cell as written; `line` and `column`
    /// (from 1) where it starts.
    MixedForms {
        cell: usize,
        text: String,
        line: usize,
        column: usize,
    },
    /// A candidate grid cell that names a digit twice.
    RepeatedCandidate { cell: usize, digit: u8 },
    /// A player's position that is not 9×9, or whose texts are of different sizes.
    PositionSize { what: &'static str, cells: usize },
    /// Two cells of a unit that both hold `digit` or both have it as their only
    /// candidate (`what` says which: "hold the digit", "have only the candidate").
    PositionConflict {
        digit: u8,
        unit: UnitKind,
        index: usize,
        first: usize,
        second: usize,
        what: &'static str,
    },
    /// An open cell whose every candidate is a digit a filled peer holds.
    NoCandidateLeft { cell: usize, marks: u16 },
    /// The progress puts another digit in a given's cell.
    ChangedGiven { cell: usize, given: u8, found: u8 },
}

impl PuzzleError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            PuzzleError::InvalidCharacter { .. }
            | PuzzleError::InvalidMarkCharacter { .. }
            | PuzzleError::CellCount { .. }
            | PuzzleError::DigitOutOfRange { .. }
            | PuzzleError::MarksLength { .. }
            | PuzzleError::MisplacedMark { .. }
            | PuzzleError::NoCandidate { .. }
            | PuzzleError::GridCellCount { .. }
            | PuzzleError::MixedForms { .. }
            | PuzzleError::RepeatedCandidate { .. }
            | PuzzleError::PositionSize { .. } => ErrorKind::Malformed,
            PuzzleError::Conflict { .. }
            | PuzzleError::PositionConflict { .. }
            | PuzzleError::NoCandidateLeft { .. }
            | PuzzleError::ChangedGiven { .. } => ErrorKind::Contradictory,
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
            PuzzleError::InvalidMarkCharacter { ch, .. } => {
                format!("invalid character {} in pencil marks", show_char(*ch))
            }
            PuzzleError::MarksLength { found } => {
                format!("pencil-mark line has {found} characters, expected 729")
            }
            PuzzleError::MisplacedMark { cell, .. } => {
                format!("misplaced pencil mark in cell {}", cell_name(*cell))
            }
            PuzzleError::NoCandidate { cell } => {
                format!("cell {} has no candidate", cell_name(*cell))
            }
            PuzzleError::GridCellCount { found } => {
                format!("candidate grid has {found} cells, expected 81")
            }
            PuzzleError::MixedForms { cell, .. } => {
                format!("candidate grid mixes forms at cell {}", cell_name(*cell))
            }
            PuzzleError::RepeatedCandidate { cell, digit } => format!(
                "candidate {digit} is written twice in cell {}",
                cell_name(*cell)
            ),
            PuzzleError::PositionSize { what, .. } => {
                format!("{what} of a position is not a 9x9 grid")
            }
            PuzzleError::PositionConflict {
                digit, unit, index, ..
            } => format!(
                "contradictory position: digit {digit} is claimed twice in {} {}",
                unit.name(),
                index + 1
            ),
            PuzzleError::NoCandidateLeft { cell, .. } => format!(
                "contradictory position: cell {} has no candidate left",
                cell_name(*cell)
            ),
            PuzzleError::ChangedGiven { cell, .. } => {
                format!("progress changes the given of cell {}", cell_name(*cell))
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
            PuzzleError::InvalidMarkCharacter { ch, position, line, column } => format!(
                "Character {} at position {position} (line {line}, column {column}) is in neither pencil-mark \
                 form: a 729-character line (9 places a cell, the digit d at place d while it is a candidate, \
                 \".\" or \"0\" once removed) or a candidate grid (each cell its candidates 1-9 run together, \
                 cells apart by whitespace or \"|\", borders of \"-\", \"+\", \"=\", \"*\", \".\", \":\", \"'\").",
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
            PuzzleError::MarksLength { found } => format!(
                "Found {found} characters (digits, \".\" and \"0\"); a pencil-mark line is 9 characters for each of the \
                 81 cells, in row order: digit d at place d while d is a candidate, \".\" or \"0\" once it is removed."
            ),
            PuzzleError::MisplacedMark { cell, place, digit } => format!(
                "Place {place} of cell {} holds the digit {digit}; place d holds the digit d or \".\"/\"0\".",
                cell_name(*cell)
            ),
            PuzzleError::NoCandidate { cell } => format!(
                "Every cell of a pencil-mark grid keeps at least one candidate; {} has none.",
                cell_name(*cell)
            ),
            PuzzleError::GridCellCount { found } => format!(
                "Found {found} cells; a candidate grid writes each of the 81 cells as its candidates (digits 1-9 run \
                 together), cells apart by spaces, with any borders of \"|\", \"-\", \"+\", \"*\", \".\", \":\" and \"'\"."
            ),
            PuzzleError::MixedForms { text, line, column, .. } => format!(
                "\"{text}\" at line {line}, column {column} is not a cell of a candidate grid (its digits 1-9); \
                 blanks and 729-character marks belong to the other forms."
            ),
            PuzzleError::RepeatedCandidate { cell, digit } => format!(
                "Cell {} lists the digit {digit} more than once.",
                cell_name(*cell)
            ),
            PuzzleError::PositionSize { what, cells } => format!(
                "The {what} has {cells} cells; positions with pencil marks are 9x9 (81 cells)."
            ),
            PuzzleError::PositionConflict { digit, first, second, what, .. } => format!(
                "Cells {} and {} both {what} {digit}.",
                cell_name(*first),
                cell_name(*second)
            ),
            PuzzleError::NoCandidateLeft { cell, marks } => format!(
                "The candidates of {} ({}) are all digits its filled peers hold.",
                cell_name(*cell),
                crate::grid::digits_of(*marks)
                    .map(|d| char::from(b'0' + d))
                    .collect::<String>()
            ),
            PuzzleError::ChangedGiven { cell, given, found } => format!(
                "Cell {} is the given {given}; the progress holds {found} there.",
                cell_name(*cell)
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
