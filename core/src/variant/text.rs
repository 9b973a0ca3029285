//! A puzzle of any shape read from text, and written back.
//!
//! Cells are `1`-`9` then `A`-`P` (or `a`-`p`) up to the side, and `.`, `0` or `?` for a
//! blank; ASCII whitespace and `|`, `-`, `+` are layout and skipped. The number of cells
//! tells the shape: 16, 81, 256 or 625. Every other character, and a digit above the
//! side, is 22P02.

use super::error::VariantError;
use super::shape::Shape;
use crate::error::OutOfMemory;
pub use crate::grid_style::Style;

/// A puzzle of any shape: 0 for a blank, else a digit 1..=side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VariantPuzzle {
    pub shape: Shape,
    pub cells: Vec<u8>,
}

impl VariantPuzzle {
    /// Reads a puzzle; see the module doc for the characters.
    pub fn parse(text: &str) -> Result<VariantPuzzle, VariantError> {
        // Cells are ASCII: the count of cell characters bounds the work, and a text
        // with more than 625 of them is refused before anything is kept.
        let mut raw: Vec<(u8, usize)> = Vec::with_capacity(text.len().min(Shape::MAX_CELLS));
        for (i, ch) in text.chars().enumerate() {
            match ch {
                ' ' | '\t' | '\n' | '\r' | '\x0B' | '\x0C' | '|' | '-' | '+' => {}
                '.' | '0' | '?' | '1'..='9' | 'A'..='Z' | 'a'..='z' => {
                    if raw.len() == Shape::MAX_CELLS {
                        return Err(VariantError::CellCount {
                            found: count_cells(text),
                        });
                    }
                    raw.push((ch as u8, i + 1));
                }
                _ => return Err(invalid(ch, i + 1, raw.len())),
            }
        }
        let shape =
            Shape::of_cell_count(raw.len()).ok_or(VariantError::CellCount { found: raw.len() })?;
        let cells = raw
            .iter()
            .map(|&(b, position)| match b {
                b'.' | b'0' | b'?' => Ok(0),
                _ => shape
                    .digit_of_char(b)
                    .ok_or(VariantError::InvalidCharacter {
                        ch: b as char,
                        position,
                        shape,
                    }),
            })
            .collect::<Result<Vec<u8>, _>>()?;
        Ok(VariantPuzzle { shape, cells })
    }

    /// An empty grid of a shape.
    pub fn empty(shape: Shape) -> VariantPuzzle {
        VariantPuzzle {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// The number of blank cells.
    pub fn blanks(&self) -> usize {
        self.cells.iter().filter(|&&d| d == 0).count()
    }

    /// One line, one character a cell, `.` for a blank.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&d| {
                if d == 0 {
                    '.'
                } else {
                    self.shape.digit_char(d)
                }
            })
            .collect()
    }

    /// The cells written in a style, as `sudoku_format` does for classic puzzles: one
    /// line (`.` or `0` for a blank), a line per row (`?`), or a drawn grid whose
    /// separators mark the boxes (`boxes` false, for jigsaw regions: no box lines).
    pub fn format(&self, style: Style, boxes: bool) -> String {
        let n = self.shape.side();
        let b = if boxes { self.shape.box_side() } else { n };
        crate::grid_style::format_cells(&self.cells, n, b, style)
    }
}

/// `text` (which [`VariantPuzzle::parse`] read) with its cells replaced by `cells`,
/// in order, every other character kept: a solution written in the input's layout.
/// Cell characters are ASCII, so each is one byte replaced by one byte.
pub fn fill_layout(text: &str, shape: Shape, cells: &[u8]) -> Result<String, OutOfMemory> {
    let mut out = String::new();
    out.try_reserve_exact(text.len())
        .map_err(|_| OutOfMemory { bytes: text.len() })?;
    let mut next = cells.iter();
    for ch in text.chars() {
        let is_cell = matches!(ch, '.' | '0' | '?' | '1'..='9' | 'A'..='Z' | 'a'..='z');
        match is_cell.then(|| next.next()).flatten() {
            Some(&d) => out.push(shape.digit_char(d)),
            None => out.push(ch),
        }
    }
    Ok(out)
}

/// The cell characters of a text (for the message when it has too many).
fn count_cells(text: &str) -> usize {
    text.bytes()
        .filter(|b| b.is_ascii_alphanumeric() || *b == b'.' || *b == b'?')
        .count()
}

/// An invalid character: the shape is not known yet, so the message says the largest
/// one the count reached so far could be.
fn invalid(ch: char, position: usize, so_far: usize) -> VariantError {
    let shape = Shape::ALL
        .into_iter()
        .find(|s| s.cells() > so_far)
        .unwrap_or(Shape::TWENTY_FIVE);
    VariantError::InvalidCharacter {
        ch,
        position,
        shape: shape.max(Shape::NINE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_reads_and_writes_back() {
        for shape in Shape::ALL {
            let line: String = (0..shape.cells())
                .map(|c| {
                    if c % 3 == 0 {
                        '.'
                    } else {
                        shape.digit_char((c % shape.side()) as u8 + 1)
                    }
                })
                .collect();
            let p = VariantPuzzle::parse(&line).unwrap();
            assert_eq!(p.shape, shape);
            assert_eq!(p.to_line(), line);
        }
    }

    #[test]
    fn digits_above_the_side_and_stray_characters_are_refused() {
        let mut line = ".".repeat(81);
        line.replace_range(4..5, "A");
        assert!(matches!(
            VariantPuzzle::parse(&line),
            Err(VariantError::InvalidCharacter {
                ch: 'A',
                position: 5,
                ..
            })
        ));
        assert!(matches!(
            VariantPuzzle::parse("12é"),
            Err(VariantError::InvalidCharacter {
                ch: 'é',
                position: 3,
                ..
            })
        ));
        assert!(matches!(
            VariantPuzzle::parse(&".".repeat(82)),
            Err(VariantError::CellCount { found: 82 })
        ));
        assert!(matches!(
            VariantPuzzle::parse(&".".repeat(5000)),
            Err(VariantError::CellCount { found: 5000 })
        ));
        let sixteen = format!("g{}", "0".repeat(255));
        assert_eq!(
            fill_layout("1.|?2", Shape::FOUR, &[1, 2, 3, 4]).unwrap(),
            "12|34"
        );
        let p = VariantPuzzle::parse(&sixteen).unwrap();
        let grid = p.format(Style::Grid, true);
        assert_eq!(grid.lines().count(), 16 + 5);
        assert!(grid.starts_with("+---------+"));
        assert_eq!(
            p.format(Style::Contest, true).lines().next().unwrap(),
            format!("G{}", "?".repeat(15))
        );
        assert_eq!(VariantPuzzle::parse(&sixteen).unwrap().cells[0], 16);
    }
}
