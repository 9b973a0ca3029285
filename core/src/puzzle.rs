//! Reading and writing puzzles as text.
//!
//! A puzzle is read the contest's way: the digits `1`-`9` are givens; `0`, `.` and `?`
//! are blanks; whitespace (CR and LF included) and the grid-drawing characters `|`,
//! `-` and `+` are layout and are skipped. Every other character is an error, and so
//! is any number of cells other than 81.
//!
//! The byte offset of every cell is remembered, so that a solution can be written back
//! **in the input's layout**: each blank replaced by its digit, every other character
//! kept where it was.

use crate::error::PuzzleError;
use crate::grid::{box_of, col_of, row_of, UnitKind, CELLS, UNITS};

/// What a byte of input is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Given(u8),
    Blank,
    Layout,
    Other,
}

const fn class_table() -> [Class; 256] {
    let mut t = [Class::Other; 256];
    let mut d = 1;
    while d <= 9 {
        t[b'0' as usize + d] = Class::Given(d as u8);
        d += 1;
    }
    t[b'0' as usize] = Class::Blank;
    t[b'.' as usize] = Class::Blank;
    t[b'?' as usize] = Class::Blank;
    // ASCII whitespace: space, tab, LF, VT, FF, CR.
    t[b' ' as usize] = Class::Layout;
    t[b'\t' as usize] = Class::Layout;
    t[b'\n' as usize] = Class::Layout;
    t[0x0B] = Class::Layout;
    t[0x0C] = Class::Layout;
    t[b'\r' as usize] = Class::Layout;
    t[b'|' as usize] = Class::Layout;
    t[b'-' as usize] = Class::Layout;
    t[b'+' as usize] = Class::Layout;
    t
}

static CLASS: [Class; 256] = class_table();

/// A parsed puzzle: 81 cells, 0 for a blank, 1..=9 for a given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    pub cells: [u8; CELLS],
}

/// Where each cell stood in the text it was read from (byte offsets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    offsets: [u32; CELLS],
}

impl Puzzle {
    /// Reads a puzzle, checking its syntax only (see [`Puzzle::check_givens`]).
    pub fn parse(text: &str) -> Result<Puzzle, PuzzleError> {
        Self::parse_with_layout(text).map(|(p, _)| p)
    }

    /// Reads a puzzle and remembers where each cell stood in `text`.
    pub fn parse_with_layout(text: &str) -> Result<(Puzzle, Layout), PuzzleError> {
        let bytes = text.as_bytes();
        let mut cells = [0u8; CELLS];
        let mut offsets = [0u32; CELLS];
        let mut n = 0usize;
        for (i, &b) in bytes.iter().enumerate() {
            match CLASS[b as usize] {
                Class::Layout => continue,
                Class::Other => return Err(invalid_character(text, i)),
                class => {
                    if n < CELLS {
                        cells[n] = if let Class::Given(d) = class { d } else { 0 };
                        offsets[n] = i as u32;
                    }
                    n += 1;
                }
            }
        }
        if n != CELLS {
            return Err(PuzzleError::CellCount { found: n });
        }
        Ok((Puzzle { cells }, Layout { offsets }))
    }

    /// Builds a puzzle from 81 cell values (0 = blank). Values above 9 are not allowed.
    pub fn from_cells(cells: [u8; CELLS]) -> Puzzle {
        assert!(cells.iter().all(|&d| d <= 9), "cell values are 0..=9");
        Puzzle { cells }
    }

    /// Number of givens.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Checks that no two givens with the same digit share a unit. The conflict
    /// reported is the one whose later cell comes first in cell order, then row
    /// before column before box.
    pub fn check_givens(&self) -> Result<(), PuzzleError> {
        let mut seen = [0u16; 27];
        for cell in 0..CELLS {
            let d = self.cells[cell];
            if d == 0 {
                continue;
            }
            let bit = 1u16 << (d - 1);
            let units = [row_of(cell), 9 + col_of(cell), 18 + box_of(cell)];
            for (k, &u) in units.iter().enumerate() {
                if seen[u] & bit != 0 {
                    let first = UNITS[u].iter().map(|&c| c as usize).find(|&c| self.cells[c] == d).unwrap_or(cell);
                    let kind = [UnitKind::Row, UnitKind::Col, UnitKind::Box][k];
                    return Err(PuzzleError::Conflict { digit: d, unit: kind, index: u % 9, first, second: cell });
                }
            }
            for &u in &units {
                seen[u] |= bit;
            }
        }
        Ok(())
    }

    /// The puzzle as 81 characters, `.` for blanks.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&d| if d == 0 { '.' } else { (b'0' + d) as char }).collect()
    }
}

impl Layout {
    /// The layout of a plain 81-character line.
    pub fn line() -> Layout {
        let mut offsets = [0u32; CELLS];
        for (i, o) in offsets.iter_mut().enumerate() {
            *o = i as u32;
        }
        Layout { offsets }
    }

    /// Writes `grid` (81 digits, 0 allowed for a blank kept blank) into `original`,
    /// the text this layout was read from: every cell takes its new value, every
    /// other character stays. A cell left 0 keeps the original blank character.
    pub fn render(&self, original: &str, grid: &[u8; CELLS]) -> String {
        let mut out = original.as_bytes().to_vec();
        for (cell, &offset) in self.offsets.iter().enumerate() {
            if grid[cell] != 0 {
                out[offset as usize] = b'0' + grid[cell];
            }
        }
        // Only ASCII bytes were replaced, and only ASCII bytes: still UTF-8.
        String::from_utf8(out).expect("replacing ASCII cells keeps UTF-8")
    }
}

/// The error for the byte at `offset`, with character-based position, line and column.
fn invalid_character(text: &str, offset: usize) -> PuzzleError {
    // `offset` may fall inside a multi-byte character: step back to its start.
    let mut start = offset;
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let ch = text[start..].chars().next().unwrap_or('\u{FFFD}');
    let before = &text[..start];
    let position = before.chars().count() + 1;
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..start].chars().count() + 1;
    PuzzleError::InvalidCharacter { ch, position, line, column }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    const LINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn reads_every_blank_style_and_layout() {
        let p = Puzzle::parse(LINE).unwrap();
        assert_eq!(p.givens(), 30);
        let zeros = LINE.replace('.', "0");
        assert_eq!(Puzzle::parse(&zeros).unwrap(), p);
        let contest: Vec<String> = LINE.replace('.', "?").as_bytes().chunks(9).map(|c| String::from_utf8(c.to_vec()).unwrap()).collect();
        assert_eq!(Puzzle::parse(&contest.join("\n")).unwrap(), p);
        assert_eq!(Puzzle::parse(&contest.join("\r\n")).unwrap(), p);
        let drawn = format!("+---+\n| {} |\n", contest.join(" |\n| "));
        assert_eq!(Puzzle::parse(&drawn).unwrap(), p);
        assert_eq!(p.to_line(), LINE);
    }

    #[test]
    fn counts_cells() {
        assert_eq!(Puzzle::parse(&LINE[1..]), Err(PuzzleError::CellCount { found: 80 }));
        assert_eq!(Puzzle::parse(&format!("{LINE}.")), Err(PuzzleError::CellCount { found: 82 }));
        assert_eq!(Puzzle::parse(""), Err(PuzzleError::CellCount { found: 0 }));
        assert_eq!(Puzzle::parse(" \n\t"), Err(PuzzleError::CellCount { found: 0 }));
    }

    #[test]
    fn names_the_bad_character_by_character_position() {
        let text = format!("{}\né{}", &LINE[..9], &LINE[10..]);
        match Puzzle::parse(&text) {
            Err(PuzzleError::InvalidCharacter { ch, position, line, column }) => {
                assert_eq!((ch, position, line, column), ('é', 11, 2, 1));
            }
            other => panic!("unexpected {other:?}"),
        }
        let err = Puzzle::parse("x").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Malformed);
        assert!(err.detail().contains("position 1"));
    }

    #[test]
    fn finds_conflicts_with_both_cells() {
        let mut cells = [0u8; 81];
        cells[1] = 5;
        cells[6] = 5;
        let err = Puzzle::from_cells(cells).check_givens().unwrap_err();
        assert_eq!(err, PuzzleError::Conflict { digit: 5, unit: UnitKind::Row, index: 0, first: 1, second: 6 });
        assert!(err.detail().contains("r1c2") && err.detail().contains("r1c7"));
        assert_eq!(err.kind(), ErrorKind::Contradictory);
        let mut cells = [0u8; 81];
        cells[0] = 3;
        cells[20] = 3;
        let err = Puzzle::from_cells(cells).check_givens().unwrap_err();
        assert!(matches!(err, PuzzleError::Conflict { unit: UnitKind::Box, first: 0, second: 20, .. }));
        let mut cells = [0u8; 81];
        cells[4] = 9;
        cells[76] = 9;
        let err = Puzzle::from_cells(cells).check_givens().unwrap_err();
        assert!(matches!(err, PuzzleError::Conflict { unit: UnitKind::Col, index: 4, first: 4, second: 76, .. }));
    }

    #[test]
    fn renders_into_the_original_layout() {
        let text = "?2\n".repeat(27);
        let text = text.trim_end();
        // 27 lines of "?2": 54 cells -- not a puzzle; build an 81-cell one instead.
        assert!(Puzzle::parse(text).is_err());
        let text = format!("{}\n", "?".repeat(9)).repeat(9);
        let (p, layout) = Puzzle::parse_with_layout(&text).unwrap();
        assert_eq!(p.givens(), 0);
        let grid = [7u8; 81];
        assert_eq!(layout.render(&text, &grid), format!("{}\n", "7".repeat(9)).repeat(9));
    }
}
