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

use super::state::{Position, ALL};
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

impl Text {
    /// The position of the text: a puzzle's givens with the candidates they leave
    /// ([`Position::from_puzzle`], 9×9 only), pencil marks read as Sukaku Explainer reads
    /// them ([`Position::from_marks`]).
    pub fn position(&self) -> Result<Position, PuzzleError> {
        match self {
            Text::Puzzle(p, _) => Position::from_puzzle(p),
            Text::Marks(m) => Position::from_marks(m),
        }
    }
}

/// Reads a puzzle or pencil marks. A text that is a puzzle is read as one, exactly as
/// before pencil marks were known; otherwise a text of digits, `.` and `0` alone with
/// more than 405 of them is a 729-character line, and a text with at least 17 runs of
/// the digits 1-9 between whitespace and `|`, one of them two digits or longer, is a
/// candidate grid. Anything else gets the puzzle's error.
pub fn read(text: &str) -> Result<Text, PuzzleError> {
    // The usual 729-character line first: digits, `.` and `0` alone are cells to the
    // puzzle reader, 729 of them more than a puzzle has, so such a text is never a
    // puzzle and the puzzle reader would refuse it (see `Puzzle::parse_with_layout`).
    if let Some(marks) = parse_plain_line(text) {
        return Ok(Text::Marks(marks));
    }
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
    let read = if tokens(text).nth(16).is_some() {
        parse_grid(text)
    } else {
        parse_line(text)
    };
    // The forms share the puzzle's character error; here the text is pencil marks for
    // certain, and the error says so, with the pencil-mark rules.
    read.map_err(|e| match e {
        PuzzleError::InvalidCharacter {
            ch,
            position,
            line,
            column,
        } => PuzzleError::InvalidMarkCharacter {
            ch,
            position,
            line,
            column,
        },
        other => other,
    })
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
    #[cfg(target_arch = "x86_64")]
    {
        plain_line_sse2(bytes)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        plain_line_by_cells(bytes)
    }
}

/// `"123456789"` repeated over the 729 places, and 16 more bytes so that a 16-byte load
/// at any place below 729 stays inside: the digit each place holds while a candidate.
#[cfg(target_arch = "x86_64")]
static OWN_DIGITS: [u8; 9 * CELLS + 16] = {
    let mut t = [0u8; 9 * CELLS + 16];
    let mut i = 0;
    while i < t.len() {
        t[i] = b'1' + (i % 9) as u8;
        i += 1;
    }
    t
};

/// [`plain_line_by_cells`] sixteen bytes at a time (SSE2, which every x86-64 has): each
/// byte compared with its place's own digit, with `.` and with `0`; the bits "own digit"
/// of the 729 places gathered in a bitmap, from which each cell takes its nine. The
/// same answer as the plain reading (test `the_sse2_line_reader_reads_as_the_plain_one`).
#[cfg(target_arch = "x86_64")]
fn plain_line_sse2(bytes: &[u8; 9 * CELLS]) -> Option<[u16; CELLS]> {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    // 45 loads of 16 bytes cover places 0..720; the last cell (720..729) is read alone.
    const FULL: usize = (9 * CELLS) / 16;
    let mut own = [0u64; 13];
    let mut bad = 0u32;
    // SAFETY: SSE2 is part of x86-64; every load reads 16 bytes inside `bytes` (the last
    // at 704..720) or inside `OWN_DIGITS` (at most 720 + 16 of its 745).
    unsafe {
        let dot = _mm_set1_epi8(b'.' as i8);
        let zero = _mm_set1_epi8(b'0' as i8);
        for j in 0..FULL {
            let x = _mm_loadu_si128(bytes.as_ptr().add(16 * j) as *const __m128i);
            let want = _mm_loadu_si128(OWN_DIGITS.as_ptr().add(16 * j) as *const __m128i);
            let is_own = _mm_cmpeq_epi8(x, want);
            let blank = _mm_or_si128(_mm_cmpeq_epi8(x, dot), _mm_cmpeq_epi8(x, zero));
            let own_bits = _mm_movemask_epi8(is_own) as u32;
            let fine = _mm_movemask_epi8(_mm_or_si128(is_own, blank)) as u32;
            bad |= !fine & 0xFFFF;
            own[j / 4] |= (own_bits as u64) << (16 * (j % 4));
        }
    }
    for (place, &b) in bytes[16 * FULL..].iter().enumerate() {
        let at = 16 * FULL + place;
        let is_own = b == b'1' + (at % 9) as u8;
        bad |= (!is_own & (b != b'.') & (b != b'0')) as u32;
        own[at / 64] |= (is_own as u64) << (at % 64);
    }
    if bad != 0 {
        return None;
    }
    // Cell c's nine bits start at bit 9c: two bytes from byte 9c / 8 hold them.
    let mut own_bytes = [0u8; 8 * 13];
    for (chunk, word) in own_bytes.chunks_exact_mut(8).zip(own.iter()) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let mut marks = [0u16; CELLS];
    for (cell, m) in marks.iter_mut().enumerate() {
        let at = 9 * cell;
        let two = u16::from_le_bytes([own_bytes[at / 8], own_bytes[at / 8 + 1]]);
        *m = (two >> (at % 8)) & ALL;
    }
    Some(marks)
}

/// [`parse_plain_line`] nine bytes a cell.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn plain_line_by_cells(bytes: &[u8; 9 * CELLS]) -> Option<[u16; CELLS]> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Random 729-byte lines: mostly well-formed (each place its digit, `.` or `0`),
    /// some with one wrong byte (another digit, a letter, a space).
    fn lines() -> Vec<[u8; 9 * CELLS]> {
        let mut seed = 729u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        (0..3000)
            .map(|i| {
                let mut line = [0u8; 9 * CELLS];
                for (at, b) in line.iter_mut().enumerate() {
                    *b = match next() % 3 {
                        0 => b'1' + (at % 9) as u8,
                        1 => b'.',
                        _ => b'0',
                    };
                }
                if i % 3 == 0 {
                    let at = next() % line.len();
                    line[at] = b"123456789.0x #"[next() % 14];
                }
                line
            })
            .collect()
    }

    #[test]
    fn the_fast_line_reader_reads_as_the_plain_one() {
        let (mut read, mut refused) = (0, 0);
        for line in lines() {
            let text = std::str::from_utf8(&line).unwrap();
            let fast = parse_plain_line(text);
            assert_eq!(fast, plain_line_by_cells(&line), "{text}");
            match fast {
                Some(m) => {
                    read += 1;
                    assert_eq!(parse_line(text), Ok(m));
                }
                None => refused += 1,
            }
        }
        assert!(
            read > 1000 && refused > 100,
            "{read} read, {refused} refused"
        );
    }
}
