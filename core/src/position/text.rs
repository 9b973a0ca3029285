//! The pencil-mark texts: the 729-character form and the candidate grid, read and
//! written, and [`read`], which tells them from a puzzle.
//!
//! - **729 characters**: the 81 cells in row order, 9 characters each; place `d` of a
//!   cell holds the digit `d` while `d` is a candidate, `.` or `0` once it is removed.
//!   Whitespace anywhere is skipped (a line cut in pieces reads the same).
//! - **Candidate grid**: each cell written as its candidates (digits run together),
//!   cells apart by whitespace or `|`; lines or words made only of the border characters
//!   `-`, `+`, `=`, `*`, `.`, `:` and `'` are borders (Sudoku Explainer's `+---+`,
//!   Simple Sudoku's `*---*`, HoDoKu's `.---.` `:---:` `'---'`).
//!
//! In both, a filled cell is written as its digit alone: what that means is decided by
//! [`super::Position::from_marks`] (Sukaku Explainer's rule), not here.

use super::state::ALL;
use crate::error::PuzzleError;
use crate::grid::CELLS;
use crate::puzzle::{Layout, Puzzle};

/// What a text holds. (The puzzle variant is the larger by some 250 bytes; a `Text` is
/// made once per call and moved at once into its parts, so boxing would only add an
/// allocation.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    /// A puzzle (81 or 16 cells), as [`Puzzle::parse_with_layout`] reads it.
    Puzzle(Puzzle, Layout),
    /// Pencil marks of the 81 cells, as read (a cell may have none: the caller decides).
    Marks([u16; CELLS]),
}

/// Reads a puzzle or pencil marks. A text that is a puzzle is read as one, exactly as
/// before pencil marks were known; otherwise a text of digits, `.` and `0` alone with
/// more than 405 of them is a 729-character line, and a text with at least 17 runs of
/// the digits 1-9 between whitespace and `|`, one of them two digits or longer, is a
/// candidate grid. Anything else gets the puzzle's error.
pub fn read(text: &str) -> Result<Text, PuzzleError> {
    match Puzzle::parse_with_layout(text) {
        Ok((p, layout)) => Ok(Text::Puzzle(p, layout)),
        Err(e) => read_beyond_puzzle(text, e).map(Text::Marks),
    }
}

/// The second half of [`read`], for a caller that has read `text` as a puzzle and met
/// `puzzle_error`: the pencil marks of a 729-character line or a candidate grid, or
/// `puzzle_error` for a text that is neither. (A puzzle is read once, and pays nothing
/// for the pencil-mark forms.)
pub fn read_beyond_puzzle(
    text: &str,
    puzzle_error: PuzzleError,
) -> Result<[u16; CELLS], PuzzleError> {
    // The usual line at once: it is a line by the test below, and read as parse_line reads it.
    if let Some(marks) = parse_plain_line(text) {
        return Ok(marks);
    }
    if looks_like_line(text) {
        return parse_line(text);
    }
    if looks_like_grid(text) {
        return parse_grid(text);
    }
    Err(puzzle_error)
}

/// Reads pencil marks alone, in either form (the `marks` argument of a position): a
/// candidate grid when the text has 17 words or more (between whitespace and `|`), a
/// 729-character line otherwise, with that form's errors.
pub fn read_marks(text: &str) -> Result<[u16; CELLS], PuzzleError> {
    // A 729-character line is one word, or a few (a line cut in pieces); a grid is 81
    // cells and its borders.
    if tokens(text).nth(16).is_some() {
        parse_grid(text)
    } else {
        parse_line(text)
    }
}

fn looks_like_line(text: &str) -> bool {
    let mut n = 0usize;
    for b in text.bytes() {
        match b {
            b'0'..=b'9' | b'.' => n += 1,
            _ if b.is_ascii_whitespace() => {}
            _ => return false,
        }
    }
    n > 405
}

fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_ascii_whitespace() || c == '|')
        .filter(|t| !t.is_empty())
        .map(move |t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
}

fn is_cell_token(t: &str) -> bool {
    t.bytes().all(|b| (b'1'..=b'9').contains(&b))
}

fn looks_like_grid(text: &str) -> bool {
    let (mut cells, mut long) = (0, false);
    for (_, t) in tokens(text) {
        if is_cell_token(t) {
            cells += 1;
            long |= t.len() > 1;
        }
    }
    cells >= 17 && long
}

/// Reads the 729-character form; a cell may come out without a candidate.
pub fn parse_line(text: &str) -> Result<[u16; CELLS], PuzzleError> {
    if let Some(marks) = parse_plain_line(text) {
        return Ok(marks);
    }
    let mut marks = [0u16; CELLS];
    let mut n = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'.' | b'0' => n += 1,
            b'1'..=b'9' => {
                if n < 9 * CELLS {
                    let (cell, place) = (n / 9, (n % 9) as u8 + 1);
                    let digit = b - b'0';
                    if digit != place {
                        return Err(PuzzleError::MisplacedMark { cell, place, digit });
                    }
                    marks[cell] |= 1 << (digit - 1);
                }
                n += 1;
            }
            _ if b.is_ascii_whitespace() => {}
            _ => return Err(crate::puzzle::invalid_character(text, i)),
        }
    }
    if n != 9 * CELLS {
        return Err(PuzzleError::MarksLength { found: n });
    }
    Ok(marks)
}

/// [`parse_line`] for the usual text, exactly 729 characters with nothing but `.`, `0`
/// and each digit at its own place: the same marks, read nine bytes a cell. `None` for
/// any other text (whitespace, a misplaced digit, another character, another length),
/// which the general reading takes, with its errors.
fn parse_plain_line(text: &str) -> Option<[u16; CELLS]> {
    let bytes: &[u8; 9 * CELLS] = text.as_bytes().try_into().ok()?;
    let mut marks = [0u16; CELLS];
    for (mask, cell) in marks.iter_mut().zip(bytes.chunks_exact(9)) {
        let mut m = 0u16;
        let mut bad = false;
        for (place, &b) in cell.iter().enumerate() {
            let own = b == b'1' + place as u8;
            m |= (own as u16) << place;
            bad |= !own & (b != b'.') & (b != b'0');
        }
        if bad {
            return None;
        }
        *mask = m;
    }
    Some(marks)
}

/// The border characters of a candidate grid.
fn is_border(b: u8) -> bool {
    matches!(b, b'-' | b'+' | b'=' | b'*' | b'.' | b':' | b'\'')
}

/// Reads a candidate grid; cells always have a candidate (a cell is a run of digits).
pub fn parse_grid(text: &str) -> Result<[u16; CELLS], PuzzleError> {
    let mut marks = [0u16; CELLS];
    let mut n = 0usize;
    for (offset, t) in tokens(text) {
        if is_cell_token(t) {
            if n < CELLS {
                for b in t.bytes() {
                    let bit = 1u16 << (b - b'1');
                    if marks[n] & bit != 0 {
                        return Err(PuzzleError::RepeatedCandidate {
                            cell: n,
                            digit: b - b'0',
                        });
                    }
                    marks[n] |= bit;
                }
            }
            n += 1;
            continue;
        }
        let bytes = t.as_bytes();
        let blank_like = bytes
            .iter()
            .all(|&b| b.is_ascii_digit() || b == b'.' || b == b'?')
            && bytes.iter().any(|&b| b == b'.' || b == b'0' || b == b'?');
        let border = bytes.iter().all(|&b| is_border(b)) && (t.len() > 1 || t != ".");
        if border && !blank_like {
            continue;
        }
        if blank_like {
            let (_, _, line, column) = crate::puzzle::locate(text, offset);
            return Err(PuzzleError::MixedForms {
                cell: n.min(CELLS - 1),
                text: t.chars().take(20).collect(),
                line,
                column,
            });
        }
        let bad = bytes
            .iter()
            .position(|&b| !(b'1'..=b'9').contains(&b) && !is_border(b))
            .unwrap_or(0);
        return Err(crate::puzzle::invalid_character(text, offset + bad));
    }
    if n != CELLS {
        return Err(PuzzleError::GridCellCount { found: n });
    }
    Ok(marks)
}

/// The marks (a mask per cell, every cell with a candidate) in the 729-character form,
/// `.` for a removed candidate.
pub fn write_line(marks: &[u16; CELLS]) -> String {
    let mut out = String::with_capacity(9 * CELLS);
    for &m in marks {
        for d in 0..9 {
            out.push(if m >> d & 1 != 0 {
                (b'1' + d as u8) as char
            } else {
                '.'
            });
        }
    }
    out
}

/// The marks as a candidate grid in Sudoku Explainer's layout: every cell as wide as
/// the most candidates any cell has, a space before each, `|` after each box, and a
/// `+---+` border around the boxes.
pub fn write_grid(marks: &[u16; CELLS]) -> String {
    let width = marks
        .iter()
        .map(|m| (m & ALL).count_ones() as usize)
        .max()
        .unwrap_or(1)
        .max(1);
    let border = format!(
        "+{}",
        format!("{}+", "-".repeat(3 * (width + 1) + 1)).repeat(3)
    );
    let mut lines = vec![border.clone()];
    for r in 0..9 {
        let mut line = String::from("|");
        for c in 0..9 {
            let digits: String = crate::grid::digits_of(marks[9 * r + c])
                .map(|d| (b'0' + d) as char)
                .collect();
            line.push(' ');
            line.push_str(&format!("{digits:<width$}"));
            if c % 3 == 2 {
                line.push_str(" |");
            }
        }
        lines.push(line);
        if r % 3 == 2 {
            lines.push(border.clone());
        }
    }
    lines.join("\n")
}
