//! Geometry of the 9×9 grid: cells, units and peers.
//!
//! Vocabulary (used the same way in the code, the SQL functions and the docs):
//! - a **cell** is one of the 81 squares, numbered 0..=80 row-major inside the core
//!   (1..=81 in SQL), and named `r<row>c<col>` with 1-based row and column in messages;
//! - a **digit** is 1..=9; a blank cell holds 0;
//! - a **unit** is a row, a column or a 3×3 box (27 units, each of 9 cells);
//!   boxes are numbered row-major, box 0 is the top-left one;
//! - the **peers** of a cell are the 20 other cells that share a unit with it;
//! - the **candidates** of a blank cell are the digits no peer holds, kept as a 9-bit
//!   mask with bit `d-1` set for digit `d` (so `0x1FF` means "any digit").

/// Number of cells in a grid.
pub const CELLS: usize = 81;

/// Which kind of unit a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    Row,
    Col,
    Box,
}

impl UnitKind {
    /// The name used in messages and in SQL (`row`, `col`, `box`).
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Col => "col",
            UnitKind::Box => "box",
        }
    }
}

/// Box (0..=8, row-major) of a 9×9 cell, as a `const fn` for the tables below
/// ([`Size::box_`] is the same for any size).
#[inline]
pub const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// The digits of a candidate mask, ascending.
pub fn digits_of(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| mask >> (d - 1) & 1 != 0)
}

/// Units are numbered 0..=8 for rows, 9..=17 for columns, 18..=26 for boxes.
pub const UNITS: [[u8; 9]; 27] = build_units::<9, 27, 3>();
/// The units of a 4×4 grid, numbered as [`UNITS`]: rows 0..=3, columns 4..=7, boxes 8..=11.
pub const UNITS_FOUR: [[u8; 4]; 12] = build_units::<4, 12, 2>();

/// The 20 peers of each cell, ascending.
pub const PEERS: [[u8; 20]; CELLS] = build_peers::<9, 81, 20, 3>();
/// The 7 peers of each cell of a 4×4 grid, ascending.
pub const PEERS_FOUR: [[u8; 7]; 16] = build_peers::<4, 16, 7, 2>();

/// The kind and 0-based index within its kind of a unit number.
pub fn unit_kind(unit: usize) -> (UnitKind, usize) {
    match unit / 9 {
        0 => (UnitKind::Row, unit),
        1 => (UnitKind::Col, unit - 9),
        _ => (UnitKind::Box, unit - 18),
    }
}

/// `r<row>c<col>` with 1-based row and column, for a 9×9 cell (the logic engine's
/// messages); [`Size::cell_name`] names a cell of either size.
pub fn cell_name(cell: usize) -> String {
    Size::Nine.cell_name(cell)
}

/// The units of an `N`×`N` grid with boxes of `B`×`B` cells (`U` = 3`N` units): rows,
/// then columns, then boxes row-major, each listing its cells ascending.
const fn build_units<const N: usize, const U: usize, const B: usize>() -> [[u8; N]; U] {
    let mut units = [[0u8; N]; U];
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < N {
            units[i][j] = (i * N + j) as u8;
            units[N + i][j] = (j * N + i) as u8;
            let top = (i / B) * B * N + (i % B) * B;
            units[2 * N + i][j] = (top + (j / B) * N + j % B) as u8;
            j += 1;
        }
        i += 1;
    }
    units
}

/// The peers of each cell of an `N`×`N` grid (`C` cells, `P` peers a cell) with boxes of
/// `B`×`B` cells, ascending.
const fn build_peers<const N: usize, const C: usize, const P: usize, const B: usize>(
) -> [[u8; P]; C] {
    let mut out = [[0u8; P]; C];
    let mut c = 0;
    while c < C {
        let mut n = 0;
        let mut p = 0;
        while p < C {
            let same_box = (p / N) / B == (c / N) / B && (p % N) / B == (c % N) / B;
            if p != c && (p / N == c / N || p % N == c % N || same_box) {
                out[c][n] = p as u8;
                n += 1;
            }
            p += 1;
        }
        c += 1;
    }
    out
}

/// The two sizes of puzzle: 9×9 with 3×3 boxes (the fast path), and 4×4 with 2×2
/// boxes (the contest's `sudoku4_4` table). The size of a text is told by its number
/// of cells (81 or 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    Four,
    Nine,
}

impl Size {
    /// Digits per unit, and units of each kind.
    #[inline]
    pub const fn n(self) -> usize {
        match self {
            Size::Four => 4,
            Size::Nine => 9,
        }
    }

    /// Rows (and columns) of a box.
    #[inline]
    pub const fn box_side(self) -> usize {
        match self {
            Size::Four => 2,
            Size::Nine => 3,
        }
    }

    #[inline]
    pub const fn cells(self) -> usize {
        self.n() * self.n()
    }

    /// The mask with every digit of this size set.
    #[inline]
    pub const fn all_digits(self) -> u16 {
        (1 << self.n()) - 1
    }

    /// The size with this many cells, if any.
    pub fn of_cell_count(cells: usize) -> Option<Size> {
        match cells {
            81 => Some(Size::Nine),
            16 => Some(Size::Four),
            _ => None,
        }
    }

    /// `9x9` or `4x4`.
    pub fn name(self) -> &'static str {
        match self {
            Size::Four => "4x4",
            Size::Nine => "9x9",
        }
    }

    #[inline]
    pub fn row(self, cell: usize) -> usize {
        cell / self.n()
    }

    #[inline]
    pub fn col(self, cell: usize) -> usize {
        cell % self.n()
    }

    /// The box of a cell, boxes numbered row-major from 0.
    #[inline]
    pub fn box_(self, cell: usize) -> usize {
        let b = self.box_side();
        (self.row(cell) / b) * b + self.col(cell) / b
    }

    /// The three units (row, column, box) of a cell, numbered as in [`UNITS`]: rows first, then columns, then boxes.
    #[inline]
    pub fn units_of(self, cell: usize) -> [usize; 3] {
        [
            self.row(cell),
            self.n() + self.col(cell),
            2 * self.n() + self.box_(cell),
        ]
    }

    /// The cells of unit `unit` (numbered as in [`Size::units_of`]), ascending.
    #[inline]
    pub fn unit_cells(self, unit: usize) -> &'static [u8] {
        match self {
            Size::Nine => &UNITS[unit],
            Size::Four => &UNITS_FOUR[unit],
        }
    }

    /// The peers of a cell, ascending.
    #[inline]
    pub fn peers(self, cell: usize) -> &'static [u8] {
        match self {
            Size::Nine => &PEERS[cell],
            Size::Four => &PEERS_FOUR[cell],
        }
    }

    /// `r<row>c<col>` with 1-based row and column.
    pub fn cell_name(self, cell: usize) -> String {
        format!("r{}c{}", self.row(cell) + 1, self.col(cell) + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_cover_every_cell_three_times() {
        let mut seen = [0u8; CELLS];
        for unit in UNITS.iter() {
            for &c in unit {
                seen[c as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }

    #[test]
    fn peers_are_twenty_distinct_sharers() {
        for (c, &peers) in PEERS.iter().enumerate() {
            for w in peers.windows(2) {
                assert!(w[0] < w[1]);
            }
            assert!(!peers.contains(&(c as u8)));
            for &p in &peers {
                let p = p as usize;
                assert!(p / 9 == c / 9 || p % 9 == c % 9 || box_of(p) == box_of(c));
            }
        }
    }

    #[test]
    fn boxes_are_row_major() {
        assert_eq!(box_of(0), 0);
        assert_eq!(box_of(8), 2);
        assert_eq!(box_of(27), 3);
        assert_eq!(box_of(80), 8);
        assert_eq!(UNITS[18 + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(cell_name(10), "r2c2");
    }

    #[test]
    fn four_by_four_units_match_the_size_geometry() {
        for (u, unit) in UNITS_FOUR.iter().enumerate() {
            let cells: Vec<usize> = (0..16)
                .filter(|&c| Size::Four.units_of(c).contains(&u))
                .collect();
            let table: Vec<usize> = unit.iter().map(|&c| c as usize).collect();
            assert_eq!(cells, table, "unit {u}");
        }
        for u in 0..27 {
            let cells: Vec<usize> = (0..81)
                .filter(|&c| Size::Nine.units_of(c).contains(&u))
                .collect();
            assert_eq!(
                cells,
                Size::Nine
                    .unit_cells(u)
                    .iter()
                    .map(|&c| c as usize)
                    .collect::<Vec<_>>()
            );
        }
    }

    /// Both peer tables against the size geometry: a cell's peers are exactly the other
    /// cells sharing one of its units.
    #[test]
    fn peer_tables_match_the_size_geometry() {
        for size in [Size::Four, Size::Nine] {
            for c in 0..size.cells() {
                let shared: Vec<u8> = (0..size.cells())
                    .filter(|&p| {
                        p != c
                            && size
                                .units_of(p)
                                .iter()
                                .any(|u| size.units_of(c).contains(u))
                    })
                    .map(|p| p as u8)
                    .collect();
                assert_eq!(size.peers(c), &shared[..], "{} cell {c}", size.name());
            }
        }
    }
}
