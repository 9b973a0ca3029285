//! A band as a word, and the tables and word operations the search reads bands with.
//!
//! The grid is cut into three *bands* of three rows; a band's 27 cells fit one `u32`,
//! cell `c` being bit `c % 27` of band `c / 27` (so cell order is bit order).
//!
//! A band's row meets its three boxes in three *triads* (three cells side by side). A
//! digit stands once in each row and once in each box of a band, so the triads that hold
//! it form one of six patterns: one triad per row and per box, like a 3×3 permutation
//! matrix. [`SHAPES`] is a table of the 512 ways a digit's board can occupy the nine
//! triads: which triads lie on some permutation (the others cannot hold the digit) and
//! which lie on all of them (the digit must be there).

use crate::grid::{CELLS, PEERS};

/// All 27 cells of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;
/// A row: the nine low bits of a band, or nine columns.
pub(crate) const ROW: u32 = 0x1FF;
/// The three cells of the first box of a band; shift by 3 for the next box.
pub(crate) const BOX: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;
/// The lowest bit of each aligned group of three: the triads of a band, or the boxes of
/// a row of columns.
pub(super) const GROUP_BASES: u32 = 0o111_111_111;
/// The two other bands of each band.
pub(crate) const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The peers of each cell, as a mask per band.
pub(super) const PEER_BANDS: [[u32; 3]; CELLS] = build_peer_bands();

const fn build_peer_bands() -> [[u32; 3]; CELLS] {
    let mut out = [[0u32; 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut j = 0;
        while j < 20 {
            let p = PEERS[c][j] as usize;
            out[c][p / 27] |= 1 << (p % 27);
            j += 1;
        }
        c += 1;
    }
    out
}

/// For each cell of a band, the band without the cell's row and box, but with the cell:
/// what stays of a digit's board when the digit is placed in that cell.
pub(crate) const KEEP_SELF: [u32; 27] = build_keep_self();

const fn build_keep_self() -> [u32; 27] {
    let mut out = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, b) = (i / 9, i % 9 / 3);
        out[i] = (BAND & !(ROW << (9 * r)) & !(BOX << (3 * b))) | 1 << i;
        i += 1;
    }
    out
}

/// For the nine cells of a row, which of its three triads hold a bit (bit `b` for box
/// `b` of the band).
pub(crate) const ROW_TRIADS: [u8; 512] = build_row_triads();

const fn build_row_triads() -> [u8; 512] {
    let mut out = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut b = 0;
        while b < 3 {
            if x >> (3 * b) & 7 != 0 {
                out[x] |= 1 << b;
            }
            b += 1;
        }
        x += 1;
    }
    out
}

/// Indexed by the occupied triads of a band (bit `3r + b`: row `r`, box `b`): the cells
/// of the triads that lie on at least one permutation inside the pattern, and of those
/// that lie on every one. Both are 0 when no permutation fits: the digit has no place
/// in some row or box of the band.
pub(crate) const SHAPES: [[u32; 2]; 512] = build_shapes();

const fn build_shapes() -> [[u32; 2]; 512] {
    // The six ways of giving each row of a band its own box.
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [[0u32; 2]; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let (mut some, mut every, mut any) = (0u32, 0x1FFu32, false);
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let triads = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
            if pattern & triads == triads {
                some |= triads;
                every &= triads;
                any = true;
            }
            p += 1;
        }
        if !any {
            every = 0;
        }
        out[pattern as usize] = [triad_cells(some), triad_cells(every)];
        pattern += 1;
    }
    out
}

/// The cells of a set of triads: triad `t` (`3r + b`) is bits `3t..3t + 3` of the band.
const fn triad_cells(triads: u32) -> u32 {
    let mut cells = 0;
    let mut t = 0;
    while t < 9 {
        if triads >> t & 1 != 0 {
            cells |= 0b111 << (3 * t);
        }
        t += 1;
    }
    cells
}

/// The bits of `x` that are alone in their aligned group of three (a triad of a band,
/// or a box's three columns): at each group's lowest bit, `a ^ b ^ c` without `a & b & c`
/// is "exactly one of the three", and multiplying by 7 widens it back to the group.
#[inline(always)]
pub(crate) fn lone(x: u32) -> u32 {
    let one = (x ^ x >> 1 ^ x >> 2) & !(x & x >> 1 & x >> 2) & GROUP_BASES;
    x & (one * 7)
}

/// A set of columns (bits 0-8) as the cells of those columns in a band.
#[inline(always)]
pub(crate) fn spread(columns: u32) -> u32 {
    columns * (1 | 1 << 9 | 1 << 18)
}

/// Columns (bits 0-8) where a band's board has at least one bit.
#[inline(always)]
pub(crate) fn columns_once(w: u32) -> u32 {
    (w | w >> 9 | w >> 18) & ROW
}

/// Columns (bits 0-8) where a band's board has at least two bits.
#[inline(always)]
pub(crate) fn columns_twice(w: u32) -> u32 {
    ((w & w >> 9) | ((w | w >> 9) & w >> 18)) & ROW
}

/// A digit's board read by columns: per band, the columns (bits 0-8) where it has a
/// bit, and the columns where the three bands together have two bits or more.
#[inline(always)]
pub(crate) fn column_places(board: [u32; 3]) -> ([u32; 3], u32) {
    let [w0, w1, w2] = board;
    let once = [columns_once(w0), columns_once(w1), columns_once(w2)];
    let twice = columns_twice(w0)
        | columns_twice(w1)
        | columns_twice(w2)
        | (once[0] & once[1])
        | (once[0] & once[2])
        | (once[1] & once[2]);
    (once, twice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_shapes_keep_the_triads_of_some_permutation() {
        // Every triad occupied: nothing removed, nothing forced.
        assert_eq!(SHAPES[0x1FF], [BAND, 0]);
        // Row 0 only in box 0, row 1 in boxes 0 and 1, row 2 anywhere: box 0 belongs to
        // row 0 (claiming), so row 1 takes box 1 and row 2 box 2 (a chain of them).
        let pattern = 0b001 | 0b011 << 3 | 0b111 << 6;
        let forced = triad_cells(1 | 1 << 4 | 1 << 8);
        assert_eq!(SHAPES[pattern], [forced, forced]);
        // Row 2 has no triad: no way to place the digit.
        assert_eq!(SHAPES[0o077], [0, 0]);
        // Two permutations left: rows 0 and 1 share boxes 0 and 1, row 2 takes box 2.
        let pattern = 0b011 | 0b011 << 3 | 0b111 << 6;
        assert_eq!(
            SHAPES[pattern],
            [
                triad_cells(0b011 | 0b011 << 3 | 0b100 << 6),
                triad_cells(0b100 << 6)
            ]
        );
    }

    #[test]
    fn lone_keeps_the_bits_alone_in_their_group_of_three() {
        assert_eq!(lone(0b000_011_001), 0b000_000_001);
        assert_eq!(lone(0b100_111_010), 0b100_000_010);
        assert_eq!(lone(0), 0);
        assert_eq!(lone(BAND), 0);
    }
}
