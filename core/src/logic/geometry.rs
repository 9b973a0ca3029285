//! The grid's geometry as the techniques use it: cell sets as 128-bit masks (one bit per
//! cell), the cells of each unit and the peers of each cell for both sizes, bit counting
//! and iteration, and the few sets read off a pencil-mark grid (a digit's cells, the
//! bivalue cells).

use super::marks::Marks;
use crate::grid::{Size, CELLS};

/// A set of cells, bit `c` for cell `c`.
pub(crate) type CellSet = u128;

const fn unit_masks<const U: usize, const N: usize>(units: &[[u8; N]; U]) -> [CellSet; U] {
    let mut out = [0u128; U];
    let mut u = 0;
    while u < U {
        let mut i = 0;
        while i < N {
            out[u] |= 1u128 << units[u][i];
            i += 1;
        }
        u += 1;
    }
    out
}

/// The cells of each 9×9 unit (rows, columns, boxes, as `grid::UNITS`).
pub(crate) const UNIT_MASKS_NINE: [CellSet; 27] = unit_masks(&crate::grid::UNITS);
const UNIT_MASKS_FOUR: [CellSet; 12] = unit_masks(&crate::grid::UNITS_FOUR);

const fn peer_masks<const U: usize, const N: usize>(
    units: &[[u8; N]; U],
    cells: usize,
) -> [CellSet; CELLS] {
    let masks = unit_masks(units);
    let mut out = [0u128; CELLS];
    let mut u = 0;
    while u < U {
        let mut i = 0;
        while i < N {
            out[units[u][i] as usize] |= masks[u];
            i += 1;
        }
        u += 1;
    }
    let mut c = 0;
    while c < cells {
        out[c] &= !(1u128 << c);
        c += 1;
    }
    out
}

/// The peers of each 9×9 cell (not the cell itself).
pub(crate) const PEER_MASKS_NINE: [CellSet; CELLS] = peer_masks(&crate::grid::UNITS, 81);
pub(crate) const PEER_MASKS_FOUR: [CellSet; CELLS] = peer_masks(&crate::grid::UNITS_FOUR, 16);

/// The units (bit `u`, numbered as `grid::UNITS`) of each cell of a 9×9 grid.
pub(crate) const CELL_UNITS_NINE: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            t[crate::grid::UNITS[u][i] as usize] |= 1 << u;
            i += 1;
        }
        u += 1;
    }
    t
};

/// The cells of unit `u` as a set.
#[inline]
pub(crate) fn unit_mask(size: Size, u: usize) -> CellSet {
    match size {
        Size::Nine => UNIT_MASKS_NINE[u],
        Size::Four => UNIT_MASKS_FOUR[u],
    }
}

/// The peers of `cell` (not the cell itself).
#[inline]
pub(crate) fn peers(size: Size, cell: usize) -> CellSet {
    match size {
        Size::Nine => PEER_MASKS_NINE[cell],
        Size::Four => PEER_MASKS_FOUR[cell],
    }
}

/// The number of bits of each 9-bit mask (digits of a cell, places of a digit in a unit):
/// a table lookup, cheaper than `count_ones` on targets without a population count
/// instruction (the default x86-64 target has none).
pub(crate) const POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 1;
    while i < 512 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// The number of bits of a mask of at most 9 bits (see [`POP9`]).
#[inline]
pub(crate) fn count9(mask: u32) -> u32 {
    POP9[mask as usize & 511] as u32
}

/// Iterates the cells of a set, ascending.
#[inline]
pub(crate) fn cells_of(mut set: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(c)
        }
    })
}

/// Iterates the set bits of a small mask, ascending (bit indices).
#[inline]
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(b)
        }
    })
}

/// The masks of `k` bits among `n`, in increasing numeric order (the order of Sukaku
/// Explainer's `Permutations`, which fixes which of several equal patterns is found first).
pub(crate) fn combinations(n: usize, k: usize) -> impl Iterator<Item = u32> {
    let limit = 1u32 << n;
    let mut next = if k > n { limit } else { (1u32 << k) - 1 };
    std::iter::from_fn(move || {
        if next >= limit {
            return None;
        }
        let v = next;
        if v == 0 {
            // The one empty combination.
            next = limit;
            return Some(0);
        }
        // Gosper's hack: the next larger number with as many bits set.
        let c = v & v.wrapping_neg();
        let r = v + c;
        next = (((r ^ v) >> 2) / c) | r;
        Some(v)
    })
}

/// The first `n` units of each kind in Sukaku Explainer's region order: boxes, then
/// columns, then rows (the order most of its producers scan in).
pub(crate) fn units_box_col_row(size: Size) -> impl Iterator<Item = usize> {
    let n = size.n();
    (2 * n..3 * n).chain(n..2 * n).chain(0..n)
}

/// The cells of `digit`'s candidates, as a set.
#[inline]
pub(crate) fn digit_cells(m: &Marks, digit: u8) -> CellSet {
    let bit = 1u16 << (digit - 1);
    let mut set = 0u128;
    for c in 0..m.size.cells() {
        if m.cands[c] & bit != 0 {
            set |= 1u128 << c;
        }
    }
    set
}

/// Row, column, box and index within the box of each cell.
const fn coordinates<const C: usize>(n: usize, side: usize) -> [[u8; 4]; C] {
    let mut out = [[0u8; 4]; C];
    let mut c = 0;
    while c < C {
        let (row, col) = (c / n, c % n);
        out[c] = [
            row as u8,
            col as u8,
            ((row / side) * side + col / side) as u8,
            ((row % side) * side + col % side) as u8,
        ];
        c += 1;
    }
    out
}

/// Row, column, box and index within the box of each 9×9 cell.
pub(crate) const COORDINATES_NINE: [[u8; 4]; 81] = coordinates::<81>(9, 3);
/// Row, column, box and index within the box of each 4×4 cell.
pub(crate) const COORDINATES_FOUR: [[u8; 4]; 16] = coordinates::<16>(4, 2);

/// Blank cells of unit `u`.
#[inline]
pub(crate) fn empty_count(m: &Marks, u: usize) -> u32 {
    m.size
        .unit_cells(u)
        .iter()
        .filter(|&&c| m.values[c as usize] == 0)
        .count() as u32
}

/// Kind of unit `u`: 0 row, 1 column, 2 box.
#[inline]
pub(crate) fn unit_kind_index(size: Size, u: usize) -> usize {
    u / size.n()
}

/// The unit shared by every cell of `set` (first row, then column, then box), if any.
pub(crate) fn shared_unit(size: Size, set: CellSet) -> Option<usize> {
    let first = set.trailing_zeros() as usize;
    size.units_of(first)
        .into_iter()
        .find(|&u| set & !unit_mask(size, u) == 0)
}

/// Cells with exactly two candidates.
pub(crate) fn bivalue_cells(m: &Marks) -> CellSet {
    let mut set = 0u128;
    for c in 0..m.size.cells() {
        if m.cands[c].count_ones() == 2 {
            set |= 1u128 << c;
        }
    }
    set
}

#[cfg(test)]
#[test]
fn combinations_in_increasing_order() {
    let all: Vec<u32> = combinations(4, 2).collect();
    assert_eq!(all, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
    assert_eq!(combinations(3, 0).collect::<Vec<_>>(), vec![0]);
    assert_eq!(combinations(2, 3).count(), 0);
}
