//! The pencil-mark grid the human-logic engine works on: a digit or the candidates of
//! each cell, exactly what a person keeps on paper.
//!
//! Unlike the fast search's bitboards, candidates here change only through the steps a
//! person can see: a placement (which clears the digit from the cell's peers), or an
//! elimination named by a technique. Nothing is deduced behind the reader's back.

use crate::grid::{Size, CELLS};
use crate::puzzle::Puzzle;

/// A candidate: a digit (1-9, or 1-4 on 4×4) that may still stand in a blank cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// 0-based cell (row-major).
    pub cell: u8,
    pub digit: u8,
}

/// Digits and pencil marks of every cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marks {
    pub size: Size,
    /// The digit of each cell, 0 for a blank (cells past `size.cells()` stay 0).
    pub values: [u8; CELLS],
    /// The candidates of each blank cell (bit `d - 1` for digit `d`); 0 for a filled cell.
    pub cands: [u16; CELLS],
}

impl Marks {
    /// The givens of `puzzle` with every blank cell's candidates: the digits no peer
    /// holds. The givens must not contradict each other (see `Puzzle::check_givens`).
    pub fn from_puzzle(puzzle: &Puzzle) -> Marks {
        let size = puzzle.size;
        let mut m = Marks {
            size,
            values: [0; CELLS],
            cands: [0; CELLS],
        };
        for cell in 0..size.cells() {
            m.cands[cell] = size.all_digits();
        }
        for (cell, &d) in puzzle.values().iter().enumerate() {
            if d != 0 {
                m.place(cell, d);
            }
        }
        m
    }

    /// Puts `digit` in the blank `cell`: the cell loses its candidates and the digit
    /// leaves the candidates of every peer.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        let bit = 1u16 << (digit - 1);
        for u in self.size.units_of(cell) {
            for &p in self.size.unit_cells(u) {
                self.cands[p as usize] &= !bit;
            }
        }
    }

    /// Removes `digit` from the candidates of `cell`; true when it was one.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let bit = 1u16 << (digit - 1);
        let had = self.cands[cell] & bit != 0;
        self.cands[cell] &= !bit;
        had
    }

    /// Each digit's candidate cells (index `d` for digit `d + 1`), as sets of cells (bit
    /// `c`): a filled cell has no candidate, so it is in none. The digit sets of
    /// `Context::new` without the units' places.
    pub(crate) fn digit_cells(&self) -> [u128; 9] {
        let mut cells = [0u128; 9];
        for (c, &k) in self.cands[..self.size.cells()].iter().enumerate() {
            let mut k = k;
            while k != 0 {
                cells[k.trailing_zeros() as usize] |= 1 << c;
                k &= k - 1;
            }
        }
        cells
    }

    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] >> (digit - 1) & 1 != 0
    }

    /// Blank cells left.
    pub fn blanks(&self) -> usize {
        self.values[..self.size.cells()]
            .iter()
            .filter(|&&d| d == 0)
            .count()
    }

    pub fn is_solved(&self) -> bool {
        self.blanks() == 0
    }

    /// The grid as a puzzle (the filled cells as givens).
    pub fn to_puzzle(&self) -> Puzzle {
        Puzzle::with_size(self.size, &self.values[..self.size.cells()])
    }
}
