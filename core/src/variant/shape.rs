//! The shape of a grid: 4×4, 9×9, 16×16 or 25×25, with square boxes.
//!
//! Cells are numbered row-major from 0 and named `r<row>c<col>` (1-based, in decimal:
//! `r16c10`). Digits run 1..=side; in text, 1-9 are themselves and 10 and up are the
//! letters `A`, `B`, ... (`G` is 16, `P` is 25), as forum lines of giant grids write
//! them.

/// The shape of a grid: its side (4, 9, 16 or 25) and so its box side (2, 3, 4, 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    side: u8,
}

impl Shape {
    /// 4×4, boxes of 2×2.
    pub const FOUR: Shape = Shape { side: 4 };
    /// 9×9, boxes of 3×3.
    pub const NINE: Shape = Shape { side: 9 };
    /// 16×16, boxes of 4×4.
    pub const SIXTEEN: Shape = Shape { side: 16 };
    /// 25×25, boxes of 5×5.
    pub const TWENTY_FIVE: Shape = Shape { side: 25 };
    /// Every shape, smallest first.
    pub const ALL: [Shape; 4] = [Shape::FOUR, Shape::NINE, Shape::SIXTEEN, Shape::TWENTY_FIVE];
    /// The most cells a grid has (25×25).
    pub const MAX_CELLS: usize = 625;

    /// The shape with this many cells (16, 81, 256 or 625).
    pub fn of_cell_count(cells: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.cells() == cells)
    }

    /// The shape with this side (4, 9, 16 or 25).
    pub fn of_side(side: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.side() == side)
    }

    /// Cells in a row, a column, a box; and the largest digit.
    #[inline]
    pub const fn side(self) -> usize {
        self.side as usize
    }

    /// The side of a box (2, 3, 4 or 5).
    #[inline]
    pub const fn box_side(self) -> usize {
        match self.side {
            4 => 2,
            9 => 3,
            16 => 4,
            _ => 5,
        }
    }

    /// The number of cells.
    #[inline]
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The row of a cell, 0-based.
    #[inline]
    pub const fn row(self, cell: usize) -> usize {
        cell / self.side()
    }

    /// The column of a cell, 0-based.
    #[inline]
    pub const fn col(self, cell: usize) -> usize {
        cell % self.side()
    }

    /// The cell at a row and column, 0-based.
    #[inline]
    pub const fn cell(self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// The box of a cell, 0-based, row-major.
    #[inline]
    pub const fn box_of(self, cell: usize) -> usize {
        let b = self.box_side();
        (self.row(cell) / b) * b + self.col(cell) / b
    }

    /// Where a cell stands inside its box, 0-based, row-major (the disjoint group).
    #[inline]
    pub const fn place_in_box(self, cell: usize) -> usize {
        let b = self.box_side();
        (self.row(cell) % b) * b + self.col(cell) % b
    }

    /// `r<row>c<col>`, 1-based.
    pub fn cell_name(self, cell: usize) -> String {
        format!("r{}c{}", self.row(cell) + 1, self.col(cell) + 1)
    }

    /// `9x9`, `16x16`, ...
    pub fn name(self) -> String {
        format!("{0}x{0}", self.side)
    }

    /// The character of a digit in text: `1`-`9`, then `A`... for 10 and up.
    pub fn digit_char(self, digit: u8) -> char {
        digit_char(digit)
    }

    /// The digit a character writes on this shape (`1`-`9`, `A`-`P` or `a`-`p` up to
    /// the side), or `None`.
    pub fn digit_of_char(self, ch: u8) -> Option<u8> {
        let d = match ch {
            b'1'..=b'9' => ch - b'0',
            b'A'..=b'Z' => ch - b'A' + 10,
            b'a'..=b'z' => ch - b'a' + 10,
            _ => return None,
        };
        (usize::from(d) <= self.side()).then_some(d)
    }

    /// A mask with the bits of every digit: bit `d-1` for digit `d`.
    #[inline]
    pub const fn all_digits(self) -> u32 {
        (1u32 << self.side()) - 1
    }
}

/// The character of a digit in text: `1`-`9`, then `A`... for 10 and up.
pub fn digit_char(digit: u8) -> char {
    match digit {
        1..=9 => (b'0' + digit) as char,
        10..=35 => (b'A' + digit - 10) as char,
        _ => '.',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_and_places_tile_every_shape() {
        for shape in Shape::ALL {
            let n = shape.side();
            let mut boxes = vec![0usize; n];
            let mut places = vec![0usize; n];
            for cell in 0..shape.cells() {
                boxes[shape.box_of(cell)] += 1;
                places[shape.place_in_box(cell)] += 1;
                assert_eq!(shape.cell(shape.row(cell), shape.col(cell)), cell);
            }
            assert!(boxes.iter().all(|&k| k == n), "{shape:?}");
            assert!(places.iter().all(|&k| k == n), "{shape:?}");
        }
    }

    #[test]
    fn digit_characters_round_trip_and_stop_at_the_side() {
        let s = Shape::SIXTEEN;
        for d in 1..=16u8 {
            assert_eq!(s.digit_of_char(s.digit_char(d) as u8), Some(d));
        }
        assert_eq!(s.digit_of_char(b'H'), None);
        assert_eq!(s.digit_of_char(b'g'), Some(16));
        assert_eq!(Shape::NINE.digit_of_char(b'A'), None);
        assert_eq!(Shape::TWENTY_FIVE.digit_of_char(b'P'), Some(25));
        assert_eq!(Shape::of_cell_count(625), Some(Shape::TWENTY_FIVE));
        assert_eq!(Shape::of_cell_count(100), None);
    }
}
