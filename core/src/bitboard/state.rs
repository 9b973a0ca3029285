//! One search node: a bitboard per digit, cut into bands (see [`super::band`]).
//!
//! For each digit the state keeps, per band, the cells where that digit may still stand;
//! a filled cell keeps the bit of its own digit only. This is the candidate mask of every
//! cell turned sideways: blank cell `c` has candidate `d` exactly when bit `c` of digit
//! `d`'s board is set, which is `0x1FF & !(row | col | box)` kept up to date by every
//! placement. Sideways, one word-wide operation handles 27 cells.
//!
//! Here: building the state of a puzzle, a position or a pencil-mark grid, placing a
//! digit, and choosing the cell to branch on (MRV, then degree).

use super::band::{
    columns_once, columns_twice, spread, BAND, BOX, GROUP_BASES, KEEP_SELF, OTHER_BANDS,
    PEER_BANDS, ROW,
};
use super::boards::{cells_with_each_digit, grid_of, Boards, UNCHECKED};
use crate::grid::CELLS;
use crate::puzzle::Puzzle;

/// One search node. `Copy` on purpose: a guess copies the node (240 bytes), which is
/// cheaper than recording and undoing changes.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cand[d][k]`: the cells of band `k` where digit `d + 1` may stand.
    pub(super) cand: Boards,
    /// Each board as its last band update left it.
    pub(super) seen: Boards,
    /// The blank cells of each band.
    pub(super) blank: [u32; 3],
    /// The blank cells with exactly two candidates, per band, as the last naked-singles
    /// pass found them (up to date when propagation ends).
    pub(super) pairs: [u32; 3],
}

impl State {
    /// The state of `puzzle`, or `None` when a given is not a candidate of its cell
    /// when placed: a peer holds the same digit.
    pub(super) fn from_puzzle(puzzle: &Puzzle) -> Option<State> {
        State::from_values(&puzzle.cells)
    }

    /// [`State::from_puzzle`] of the cells themselves.
    #[inline(always)]
    fn from_values(values: &[u8; CELLS]) -> Option<State> {
        let mut st = State {
            cand: [[BAND; 3]; 9],
            seen: UNCHECKED,
            blank: [BAND; 3],
            pairs: [0; 3],
        };
        for (cell, &d) in values.iter().enumerate() {
            if d != 0 {
                let (k, i, d) = (cell / 27, cell % 27, d as usize - 1);
                if st.cand[d][k] >> i & 1 == 0 {
                    return None;
                }
                st.place(k, i, d);
                // The column now, not at the first band update: a later given of the
                // same digit in this column must be seen as a conflict above.
                let (k1, k2) = OTHER_BANDS[k];
                let column = spread(1 << (i % 9));
                st.cand[d][k1] &= !column;
                st.cand[d][k2] &= !column;
            }
        }
        Some(st)
    }

    /// The state of a position: its filled cells placed as [`State::from_puzzle`]
    /// places givens, then every candidate an open cell's marks leave out taken from
    /// that digit's board. `None` when a filled cell's digit is held by a peer. Nothing
    /// else is done here: the first propagation updates every board (none is marked
    /// seen), so a cell left without candidate or with one is found there as for a
    /// puzzle.
    pub(super) fn from_position(values: &[u8; CELLS], cands: &[u16; CELLS]) -> Option<State> {
        let mut st = State::from_values(values)?;
        // Each board keeps the filled cells (the placing above left each its own digit;
        // they are the cells no longer blank) and the open cells that have the digit
        // among their marks.
        let filled = st.blank.map(|b| !b & BAND);
        let has = cells_with_each_digit(cands);
        for (board, has) in st.cand.iter_mut().zip(has.iter()) {
            for k in 0..3 {
                board[k] &= has[k] | filled[k];
            }
        }
        Some(st)
    }

    /// The state of a pencil-mark grid (bit `d - 1` of a cell's mask: digit `d` a
    /// candidate) with every cell of one candidate filled with it: the state
    /// [`State::from_position`] makes of those filled cells and the marks, built a
    /// digit board at a time instead of a cell at a time (the same state: test
    /// `the_marks_state_is_the_position_state`). `None` when a cell has no candidate,
    /// or two cells of a unit have the same single candidate (where `from_position`
    /// finds a filled cell's digit held by a peer).
    ///
    /// Each digit's board is the cells that have it, less the peers of the cells where
    /// it is the single candidate (those cells kept): what placing them one by one
    /// leaves, since placing a digit removes it from the cell's peers and the cell's
    /// other digits (a single cell has none). Two such cells in a unit are found by
    /// counting: as many cells as rows, columns and boxes they occupy, or a clash.
    pub(super) fn from_marks(marks: &[u16; CELLS]) -> Option<State> {
        let mut cand = cells_with_each_digit(marks);
        // Bit-sliced count of each cell's candidates: at least one, at least two.
        let (mut one, mut two) = ([0u32; 3], [0u32; 3]);
        for board in &cand {
            for k in 0..3 {
                two[k] |= one[k] & board[k];
                one[k] |= board[k];
            }
        }
        if one != [BAND; 3] {
            return None;
        }
        let single = [one[0] & !two[0], one[1] & !two[1], one[2] & !two[2]];
        // Per band, the triads (a row's cells in one box) holding a filled cell, as
        // each triad's lowest bit: two filled cells share a row, a box or a column
        // exactly when one triad holds two, or a row or a box (three triads each in a
        // band) holds two triads, or a column has one in two bands (two in one band
        // share a box).
        const ROW_BASES: u32 = 1 | 1 << 9 | 1 << 18;
        const BOX_BASES: u32 = 1 | 1 << 3 | 1 << 6;
        let mut clash = 0u32;
        for board in cand.iter_mut() {
            let filled = [
                board[0] & single[0],
                board[1] & single[1],
                board[2] & single[2],
            ];
            let columns = filled.map(columns_once);
            clash |= columns[0] & columns[1] | (columns[0] | columns[1]) & columns[2];
            let in_columns = spread(columns[0] | columns[1] | columns[2]);
            for (w, &f) in board.iter_mut().zip(filled.iter()) {
                let triads = (f | f >> 1 | f >> 2) & GROUP_BASES;
                // Two or three of a triad's cells, at the triad's lowest bit.
                clash |= (f & f >> 1 | (f | f >> 1) & f >> 2) & GROUP_BASES;
                clash |= (triads & triads >> 3 | (triads | triads >> 3) & triads >> 6) & ROW_BASES;
                clash |= columns_twice(triads) & BOX_BASES;
                // The rows and boxes with a filled cell, all their cells.
                let rows = (triads | triads >> 3 | triads >> 6) & ROW_BASES;
                let boxes = columns_once(triads) & BOX_BASES;
                *w &= !((rows * ROW) | (boxes * BOX) | in_columns) | f;
            }
        }
        if clash != 0 {
            return None;
        }
        Some(State {
            cand,
            seen: UNCHECKED,
            blank: [!single[0] & BAND, !single[1] & BAND, !single[2] & BAND],
            pairs: [0; 3],
        })
    }

    /// Puts digit `d + 1` in cell `i` of band `k`, which must have it as a candidate:
    /// the cell loses its other candidates and the digit leaves the cell's row and box.
    /// Its column, in the other bands, is left to the next band update.
    #[inline(always)]
    pub(super) fn place(&mut self, k: usize, i: usize, d: usize) {
        let bit = 1u32 << i;
        let own = self.cand[d][k];
        for board in self.cand.iter_mut() {
            board[k] &= !bit;
        }
        self.cand[d][k] = own;
        self.fill(k, i, d);
    }

    /// [`State::place`] for a cell whose only candidate is `d + 1` (a naked single):
    /// there are no other candidates to clear.
    #[inline(always)]
    pub(super) fn fill(&mut self, k: usize, i: usize, d: usize) {
        self.cand[d][k] &= KEEP_SELF[i];
        self.blank[k] &= !(1 << i);
    }

    /// The number of blank cells.
    #[inline(always)]
    pub(super) fn blanks(&self) -> u32 {
        self.blank[0].count_ones() + self.blank[1].count_ones() + self.blank[2].count_ones()
    }

    #[inline(always)]
    pub(super) fn solved(&self) -> bool {
        self.blank[0] | self.blank[1] | self.blank[2] == 0
    }

    /// The lowest digit index with a candidate at bit `bit` of band `k`.
    #[inline(always)]
    pub(super) fn first_digit(&self, k: usize, bit: u32) -> Option<usize> {
        (0..9).find(|&d| self.cand[d][k] & bit != 0)
    }

    /// The digits of a complete state.
    pub(super) fn grid(&self) -> [u8; CELLS] {
        grid_of(&self.cand)
    }

    /// The cell to branch on: a blank cell with the fewest candidates (MRV), and among
    /// those the one with the most blank peers (the degree heuristic: its digit, once
    /// chosen, leaves the most cells), the lowest-numbered on ties.
    ///
    /// After propagation no blank cell has fewer than two candidates, so when some cell
    /// has two (nearly always), the naked-singles pass has listed them all in `pairs`;
    /// otherwise the cells are counted one by one.
    pub(super) fn branch_cell(&self) -> usize {
        let mut fewest = self.pairs;
        if fewest == [0; 3] {
            let mut least = u32::MAX;
            for k in 0..3 {
                let mut bits = self.blank[k];
                while bits != 0 {
                    let i = bits.trailing_zeros();
                    bits &= bits - 1;
                    let n = self.cand.iter().filter(|b| b[k] >> i & 1 != 0).count() as u32;
                    if n < least {
                        least = n;
                        fewest = [0; 3];
                    }
                    if n == least {
                        fewest[k] |= 1 << i;
                    }
                }
            }
        }
        let (mut best, mut most) = (0usize, 0u32);
        for (k, &cells) in fewest.iter().enumerate() {
            let mut bits = cells;
            while bits != 0 {
                let cell = k * 27 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Blank peers, plus one so that any cell beats "none yet": the row and
                // box in the cell's band, and the column's cells in the other two bands
                // (side by side, bits `c` and `c + 1` of each row), in one word.
                let (k1, k2) = OTHER_BANDS[k];
                let column = spread(1 << (cell % 9));
                let others = (self.blank[k1] & column) | (self.blank[k2] & column) << 1;
                let n = ((self.blank[k] & PEER_BANDS[cell][k]) as u64 | (others as u64) << 27)
                    .count_ones()
                    + 1;
                if n > most {
                    (best, most) = (cell, n);
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marks_state_is_the_position_state() {
        let mut seed = 29u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        let (mut built, mut refused) = (0, 0);
        for i in 0..20_000u64 {
            // Sparse marks: many single candidates (some clashing), now and then a cell
            // without candidate; bits above the ninth now and then.
            let density = [3, 8, 15, 30, 60][(i % 5) as usize];
            let mut marks = [0u16; CELLS];
            for m in marks.iter_mut() {
                for d in 0..9 {
                    if next() % 100 < density {
                        *m |= 1 << d;
                    }
                }
                if *m == 0 && next() % 300 != 0 {
                    *m = 1 << (next() % 9);
                }
                if next() % 50 == 0 {
                    *m |= 1 << (9 + next() % 7);
                }
            }
            // The plain way: the cells of one candidate placed one by one.
            let values: [u8; CELLS] = std::array::from_fn(|c| {
                let m = marks[c] & 0x1FF;
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            });
            let plain = if marks.iter().any(|&m| m & 0x1FF == 0) {
                None
            } else {
                State::from_position(&values, &marks)
            };
            let fast = State::from_marks(&marks);
            match (fast, plain) {
                (Some(a), Some(b)) => {
                    assert_eq!(
                        (a.cand, a.seen, a.blank, a.pairs),
                        (b.cand, b.seen, b.blank, b.pairs),
                        "{marks:?}"
                    );
                    built += 1;
                }
                (None, None) => refused += 1,
                (a, b) => panic!("{} {} {marks:?}", a.is_some(), b.is_some()),
            }
        }
        assert!(built > 2000 && refused > 2000, "{built} {refused}");
    }
}
