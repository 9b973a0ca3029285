//! Reading and writing puzzles as text.
//!
//! A puzzle is read the contest's way: the digits `1`-`9` are givens; `0`, `.` and `?`
//! are blanks; whitespace (CR and LF included) and the grid-drawing characters `|`,
//! `-` and `+` are layout and are skipped. Every other character is an error, and so
//! is any number of cells other than 81 (a 9×9 puzzle) or 16 (a 4×4 puzzle, whose
//! digits are 1-4).
//!
//! The byte offset of every cell is remembered, so that a solution can be written back
//! **in the input's layout**: each blank replaced by its digit, every other character
//! kept where it was.

use crate::error::{OutOfMemory, PuzzleError};
use crate::grid::{Size, UnitKind, CELLS};

/// True when every byte is a cell character (a digit, `.` or `?`): [`Class::Given`] or
/// [`Class::Blank`]. No early exit, so that the loop is vectorised.
fn only_cell_characters(bytes: &[u8]) -> bool {
    bytes.iter().fold(true, |ok, &b| {
        ok & (b.is_ascii_digit() | (b == b'.') | (b == b'?'))
    })
}

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

/// A parsed puzzle: `size.cells()` cells (the rest of the array stays 0), 0 for a
/// blank, a digit for a given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    pub size: Size,
    pub cells: [u8; CELLS],
}

/// Where each cell stood in the text it was read from (byte offsets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    offsets: [u32; CELLS],
    cells: usize,
}

impl Puzzle {
    /// Reads a puzzle, checking its syntax only (see [`Puzzle::check_givens`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Puzzle, Size};
    ///
    /// let line =
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// let puzzle = Puzzle::parse(line)?;
    /// assert_eq!((puzzle.size, puzzle.givens()), (Size::Nine, 30));
    /// // A blank may also be written 0; a line reads back as written.
    /// assert_eq!(Puzzle::parse(&line.replace('.', "0"))?, puzzle);
    /// assert_eq!(puzzle.to_line(), line);
    /// assert!(Puzzle::parse("53..7x").is_err());
    /// # Ok::<(), sudoku_core::PuzzleError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Puzzle, PuzzleError> {
        Self::parse_with_layout(text).map(|(p, _)| p)
    }

    /// Reads a puzzle and remembers where each cell stood in `text`.
    pub fn parse_with_layout(text: &str) -> Result<(Puzzle, Layout), PuzzleError> {
        let bytes = text.as_bytes();
        // A text longer than 81 characters made of cell characters alone (a 729-character
        // pencil-mark line) has as many cells as characters, more than any puzzle: the
        // loop below would count them all and return this very error. One branch-free
        // pass (which the compiler vectorises) says so sooner; `only_cell_characters`
        // has a test against the loop.
        if bytes.len() > CELLS && only_cell_characters(bytes) {
            return Err(PuzzleError::CellCount { found: bytes.len() });
        }
        Self::parse_with_layout_by_bytes(text)
    }

    /// [`Puzzle::parse_with_layout`] without its shortcut: every byte read in turn.
    fn parse_with_layout_by_bytes(text: &str) -> Result<(Puzzle, Layout), PuzzleError> {
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
        let Some(size) = Size::of_cell_count(n) else {
            return Err(PuzzleError::CellCount { found: n });
        };
        if let Some(cell) = cells.iter().position(|&d| d as usize > size.n()) {
            let (_, position, line, column) = locate(text, offsets[cell] as usize);
            return Err(PuzzleError::DigitOutOfRange {
                digit: cells[cell],
                position,
                line,
                column,
            });
        }
        Ok((Puzzle { size, cells }, Layout { offsets, cells: n }))
    }

    /// Reads a file of puzzles with the rules of [`Puzzle::parse`]: a puzzle is the
    /// cells of consecutive lines, read until they make 81 (a 9×9 puzzle: one line of
    /// 81, or 9 lines of 9, or any other cut), or 16 when its first line holds 4 or 16
    /// cells (a 4×4 puzzle). Lines without a cell (blank lines, grid borders) only
    /// separate. Each puzzle comes with the number of its first line (from 1); an error
    /// comes with the line where it was found: a character that is not allowed, a
    /// puzzle cut short by a separator or the end, or a line that runs past 81 cells.
    pub fn parse_many(
        text: &str,
    ) -> impl Iterator<Item = Result<(usize, Puzzle), (usize, PuzzleError)>> + '_ {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l)).peekable();
        std::iter::from_fn(move || {
            let mut cells = String::new();
            let (mut count, mut first, mut first_cells) = (0usize, 0usize, 0usize);
            loop {
                let Some((number, line)) = lines.next() else {
                    return (count > 0)
                        .then_some(Err((first, PuzzleError::CellCount { found: count })));
                };
                let mut here = 0;
                for (i, b) in line.bytes().enumerate() {
                    match CLASS[b as usize] {
                        Class::Layout => {}
                        Class::Other => return Some(Err((number, invalid_character(line, i)))),
                        _ => here += 1,
                    }
                }
                if here == 0 {
                    if count > 0 {
                        return Some(Err((first, PuzzleError::CellCount { found: count })));
                    }
                    continue;
                }
                if count == 0 {
                    (first, first_cells) = (number, here);
                }
                count += here;
                cells.push_str(line);
                cells.push('\n');
                let four = count == 16 && (first_cells == 4 || first_cells == 16);
                if count == CELLS || four {
                    return Some(
                        Puzzle::parse(&cells)
                            .map(|p| (first, p))
                            .map_err(|e| (first, e)),
                    );
                }
                if count > CELLS {
                    return Some(Err((first, PuzzleError::CellCount { found: count })));
                }
            }
        })
    }

    /// Builds a 9×9 puzzle from 81 cell values (0 = blank). Values above 9 are not
    /// allowed. A 4×4 puzzle is built with [`Puzzle::with_size`].
    pub fn from_cells(cells: [u8; CELLS]) -> Puzzle {
        assert!(cells.iter().all(|&d| d <= 9), "cell values are 0..=9");
        Puzzle {
            size: Size::Nine,
            cells,
        }
    }

    /// Builds a puzzle of `size` from its cell values (0 = blank).
    pub fn with_size(size: Size, values: &[u8]) -> Puzzle {
        assert_eq!(
            values.len(),
            size.cells(),
            "a {} puzzle has {} cells",
            size.name(),
            size.cells()
        );
        assert!(
            values.iter().all(|&d| d as usize <= size.n()),
            "cell values are 0..={}",
            size.n()
        );
        let mut cells = [0u8; CELLS];
        cells[..values.len()].copy_from_slice(values);
        Puzzle { size, cells }
    }

    /// The cells in use: 81 or 16.
    pub fn values(&self) -> &[u8] {
        &self.cells[..self.size.cells()]
    }

    /// Number of blank cells.
    pub fn blanks(&self) -> usize {
        self.values().iter().filter(|&&d| d == 0).count()
    }

    /// Number of givens.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Checks that no two givens with the same digit share a unit. The conflict
    /// reported is the one whose later cell comes first in cell order, then row
    /// before column before box.
    pub fn check_givens(&self) -> Result<(), PuzzleError> {
        let size = self.size;
        let mut seen = [0u16; 27];
        for cell in 0..size.cells() {
            let d = self.cells[cell];
            if d == 0 {
                continue;
            }
            let bit = 1u16 << (d - 1);
            let units = size.units_of(cell);
            for (k, &u) in units.iter().enumerate() {
                if seen[u] & bit != 0 {
                    let first = (0..cell)
                        .find(|&c| self.cells[c] == d && size.units_of(c)[k] == u)
                        .unwrap_or(cell);
                    let kind = [UnitKind::Row, UnitKind::Col, UnitKind::Box][k];
                    return Err(PuzzleError::Conflict {
                        size,
                        digit: d,
                        unit: kind,
                        index: u % size.n(),
                        first,
                        second: cell,
                    });
                }
            }
            for &u in &units {
                seen[u] |= bit;
            }
        }
        Ok(())
    }

    /// The puzzle as one line of 81 (or 16) characters, `.` for blanks.
    pub fn to_line(&self) -> String {
        self.values()
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    }
}

impl Layout {
    /// The layout of a plain line of 81 (or 16) characters.
    pub fn line(size: Size) -> Layout {
        let mut offsets = [0u32; CELLS];
        for (i, o) in offsets.iter_mut().enumerate() {
            *o = i as u32;
        }
        Layout {
            offsets,
            cells: size.cells(),
        }
    }

    /// Writes `grid` (81 digits, 0 allowed for a blank kept blank) into `original`,
    /// the text this layout was read from: every cell takes its new value, every
    /// other character stays. A cell left 0 keeps the original blank character. The
    /// copy is as long as `original`, so its memory is asked for fallibly.
    pub fn render(&self, original: &str, grid: &[u8; CELLS]) -> Result<String, OutOfMemory> {
        let mut out = Vec::new();
        out.try_reserve_exact(original.len())
            .map_err(|_| OutOfMemory {
                bytes: original.len(),
            })?;
        out.extend_from_slice(original.as_bytes());
        for (cell, &offset) in self.offsets[..self.cells].iter().enumerate() {
            if grid[cell] != 0 {
                out[offset as usize] = b'0' + grid[cell];
            }
        }
        // Only ASCII bytes were replaced, and only ASCII bytes: still UTF-8.
        Ok(String::from_utf8(out).expect("replacing ASCII cells keeps UTF-8"))
    }
}

/// The error for the byte at `offset`.
pub(crate) fn invalid_character(text: &str, offset: usize) -> PuzzleError {
    let (ch, position, line, column) = locate(text, offset);
    PuzzleError::InvalidCharacter {
        ch,
        position,
        line,
        column,
    }
}

/// The character at byte `offset`, and its position, line and column counted in
/// characters from 1.
pub(crate) fn locate(text: &str, offset: usize) -> (char, usize, usize, usize) {
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
    (ch, position, line, column)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn reads_every_blank_style_and_layout() {
        let p = Puzzle::parse(LINE).unwrap();
        assert_eq!(p.givens(), 30);
        let zeros = LINE.replace('.', "0");
        assert_eq!(Puzzle::parse(&zeros).unwrap(), p);
        let contest: Vec<String> = LINE
            .replace('.', "?")
            .as_bytes()
            .chunks(9)
            .map(|c| String::from_utf8(c.to_vec()).unwrap())
            .collect();
        assert_eq!(Puzzle::parse(&contest.join("\n")).unwrap(), p);
        assert_eq!(Puzzle::parse(&contest.join("\r\n")).unwrap(), p);
        let drawn = format!("+---+\n| {} |\n", contest.join(" |\n| "));
        assert_eq!(Puzzle::parse(&drawn).unwrap(), p);
        assert_eq!(p.to_line(), LINE);
    }

    #[test]
    fn the_shortcut_for_long_texts_of_cells_gives_the_loops_answer() {
        // Texts of every length around 81 and 729, of cell characters alone or with one
        // layout or foreign character somewhere: the shortcut answers only the first kind.
        let alphabet = b"0123456789.?";
        let mut seed = 29u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for len in (0..100).chain(700..760) {
            for extra in [None, Some(b' '), Some(b'x'), Some(b'|')] {
                let mut text: Vec<u8> = (0..len)
                    .map(|_| alphabet[next() % alphabet.len()])
                    .collect();
                if let (Some(b), true) = (extra, len > 0) {
                    let at = next() % len;
                    text[at] = b;
                }
                let text = String::from_utf8(text).unwrap();
                assert_eq!(
                    Puzzle::parse_with_layout(&text),
                    Puzzle::parse_with_layout_by_bytes(&text),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn counts_cells() {
        assert_eq!(
            Puzzle::parse(&LINE[1..]),
            Err(PuzzleError::CellCount { found: 80 })
        );
        assert_eq!(
            Puzzle::parse(&format!("{LINE}.")),
            Err(PuzzleError::CellCount { found: 82 })
        );
        assert_eq!(Puzzle::parse(""), Err(PuzzleError::CellCount { found: 0 }));
        assert_eq!(
            Puzzle::parse(" \n\t"),
            Err(PuzzleError::CellCount { found: 0 })
        );
    }

    #[test]
    fn names_the_bad_character_by_character_position() {
        let text = format!("{}\né{}", &LINE[..9], &LINE[10..]);
        match Puzzle::parse(&text) {
            Err(PuzzleError::InvalidCharacter {
                ch,
                position,
                line,
                column,
            }) => {
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
        assert_eq!(
            err,
            PuzzleError::Conflict {
                size: Size::Nine,
                digit: 5,
                unit: UnitKind::Row,
                index: 0,
                first: 1,
                second: 6
            }
        );
        assert!(err.detail().contains("r1c2") && err.detail().contains("r1c7"));
        assert_eq!(err.kind(), ErrorKind::Contradictory);
        let mut cells = [0u8; 81];
        cells[0] = 3;
        cells[20] = 3;
        let err = Puzzle::from_cells(cells).check_givens().unwrap_err();
        assert!(matches!(
            err,
            PuzzleError::Conflict {
                unit: UnitKind::Box,
                first: 0,
                second: 20,
                ..
            }
        ));
        let mut cells = [0u8; 81];
        cells[4] = 9;
        cells[76] = 9;
        let err = Puzzle::from_cells(cells).check_givens().unwrap_err();
        assert!(matches!(
            err,
            PuzzleError::Conflict {
                unit: UnitKind::Col,
                index: 4,
                first: 4,
                second: 76,
                ..
            }
        ));
    }

    #[test]
    fn reads_4x4_puzzles() {
        let p = Puzzle::parse("1?3?\n?4??\n??2?\n4???").unwrap();
        assert_eq!(p.size, Size::Four);
        assert_eq!(p.to_line(), "1.3..4....2.4...");
        assert_eq!(p.givens(), 5);
        let err = Puzzle::parse("1?3?\n?5??\n??2?\n4???").unwrap_err();
        assert_eq!(
            err,
            PuzzleError::DigitOutOfRange {
                digit: 5,
                position: 7,
                line: 2,
                column: 2
            }
        );
        assert_eq!(err.kind(), ErrorKind::Malformed);
        let err = Puzzle::parse("1..1............")
            .unwrap()
            .check_givens()
            .unwrap_err();
        assert!(err.detail().contains("r1c1 and r1c4"), "{err}");
        let err = Puzzle::parse("1....1..........")
            .unwrap()
            .check_givens()
            .unwrap_err();
        assert!(
            matches!(
                err,
                PuzzleError::Conflict {
                    unit: UnitKind::Box,
                    first: 0,
                    second: 5,
                    ..
                }
            ),
            "{err}"
        );
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
        assert_eq!(
            layout.render(&text, &grid).unwrap(),
            format!("{}\n", "7".repeat(9)).repeat(9)
        );
    }

    #[test]
    fn a_file_of_puzzles_in_several_layouts() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let contest: String = line
            .replace('.', "?")
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let text =
            format!("{line}\n\n{contest}\n+---+\n1.3.\n.4..\n..4.\n4...\n1.3..4....4.4...\n");
        let got: Vec<_> = Puzzle::parse_many(&text).collect();
        let classic = Puzzle::parse(line).unwrap();
        let small = Puzzle::parse("1.3..4....4.4...").unwrap();
        assert_eq!(
            got,
            vec![
                Ok((1, classic)),
                Ok((3, classic)),
                Ok((14, small)),
                Ok((18, small))
            ]
        );
        // Cut short by a blank line, and a character that is not allowed.
        let bad: Vec<_> = Puzzle::parse_many("123\n\n12x").collect();
        assert_eq!(bad[0], Err((1, PuzzleError::CellCount { found: 3 })));
        assert!(matches!(
            bad[1],
            Err((3, PuzzleError::InvalidCharacter { ch: 'x', .. }))
        ));
    }
}
