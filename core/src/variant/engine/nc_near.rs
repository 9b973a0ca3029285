//! Under `nc` on 9×9, the cells at or beside every place of a digit, for all the rows,
//! columns and boxes of its board at once: the few-place rule of [`super::bands`]
//! (the digits beside `d` leave every cell at or beside all of `d`'s places in a unit)
//! by table lookups instead of cell by cell.
//!
//! Why the cells lie in the unit: two places of a row, column or box are at most two
//! steps apart when some cell is at or beside both, and a cell outside the unit is
//! beside at most one of its cells (the one next to it), so with two places or more
//! every cell at or beside all of them is in the unit. In a row (or a column) of places
//! `P`, cell `i` qualifies when `P` lies within `i-1..=i+1`; in a box, when every place is
//! the cell or one of its orthogonal neighbours in the box. Only units with two or three
//! places count, as in [`super::pairs`] (four or five places of a box around its
//! centre would give the centre too: a rule left out). A test
//! compares [`near_every_place`] with the plain way: each unit's places, cell by cell.

use crate::bitboard::band::{BAND, ROW};

/// The cells of a band in column 0 (of each of its rows), and in column 8.
const FIRST_COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
const LAST_COLUMN: u32 = FIRST_COLUMN << 8;

/// Per pattern of places in a row or column (9 bits), the cells at or beside every
/// place (9 bits), or 0 unless there are two or three places.
const LINE_NEAR: [u16; 512] = build_near(false);

/// Per pattern of places in a box (9 bits, row by row), the cells at or beside every
/// place, or 0 unless there are two or three places.
const BOX_NEAR: [u16; 512] = build_near(true);

/// [`LINE_NEAR`] (`in_box` false) or [`BOX_NEAR`] (true): cell `i` of a pattern with
/// two or three places is kept when every place is at or beside it.
const fn build_near(in_box: bool) -> [u16; 512] {
    let mut out = [0u16; 512];
    let mut p = 0;
    while p < 512 {
        if matches!((p as u32).count_ones(), 2 | 3) {
            let mut i = 0;
            while i < 9 {
                let around = if in_box {
                    box_around(i)
                } else {
                    line_around(i)
                };
                if p as u32 & !around == 0 {
                    out[p] |= 1 << i;
                }
                i += 1;
            }
        }
        p += 1;
    }
    out
}

/// Cells `i - 1`, `i` and `i + 1` of a row or column (9 bits).
const fn line_around(i: usize) -> u32 {
    (0b111u32 << i >> 1) & ROW
}

/// Cell `i` of a box (9 bits, row by row) and its orthogonal neighbours in the box.
const fn box_around(i: usize) -> u32 {
    let (r, c) = (i / 3, i % 3);
    let mut around = 1u32 << i;
    if r > 0 {
        around |= 1 << (i - 3);
    }
    if r < 2 {
        around |= 1 << (i + 3);
    }
    if c > 0 {
        around |= 1 << (i - 1);
    }
    if c < 2 {
        around |= 1 << (i + 1);
    }
    around
}

/// The places of box `bx` (0-2) of a band word, as 9 bits row by row: its three rows'
/// triads moved next to each other (rows 9 bits apart, triads 3).
#[inline(always)]
fn box_places(w: u32, bx: usize) -> usize {
    let v = w >> (3 * bx);
    ((v & 0o7) | (v >> 6 & 0o70) | (v >> 12 & 0o700)) as usize
}

/// Box `bx`'s 9 bits (row by row) back in a band word.
#[inline(always)]
fn box_cells(m: u16, bx: usize) -> u32 {
    let m = u32::from(m);
    ((m & 0o7) | (m & 0o70) << 6 | (m & 0o700) << 12) << (3 * bx)
}

/// The cells at or beside every place of the board's digit in some row, column or box
/// with two or three places (cell `c` is bit `c % 27` of band `c / 27`), leaving out the
/// rows and boxes of the bands `skip` holds (bit `k` for band `k`).
#[inline(always)]
pub(super) fn near_every_place(b: [u32; 3], skip: u32) -> [u32; 3] {
    let mut near = [0u32; 3];
    let rows: [u32; 9] = std::array::from_fn(|j| b[j / 3] >> (9 * (j % 3)) & ROW);
    for (k, n) in near.iter_mut().enumerate() {
        if skip >> k & 1 == 1 {
            continue;
        }
        for r in 0..3 {
            *n |= u32::from(LINE_NEAR[rows[3 * k + r] as usize]) << (9 * r);
        }
        for bx in 0..3 {
            *n |= box_cells(BOX_NEAR[box_places(b[k], bx)], bx);
        }
    }
    // Columns, all nine at once: cell (i, c) qualifies when column c has two places or
    // more and none in a row outside i-1..=i+1 (so at most three).
    let (mut once, mut twice) = (0u32, 0u32);
    for &row in &rows {
        twice |= once & row;
        once |= row;
    }
    let mut above = [0u32; 10]; // above[j]: rows 0..j
    let mut below = [0u32; 11]; // below[j]: rows j..9
    for j in 0..9 {
        above[j + 1] = above[j] | rows[j];
        below[8 - j] = below[9 - j] | rows[8 - j];
    }
    for i in 0..9usize {
        let outside = above[i.saturating_sub(1)] | below[i + 2];
        near[i / 3] |= (twice & !outside) << (9 * (i % 3));
    }
    near
}

/// The cells orthogonally beside some cell of `cells`, a set of cells of band `k`: the
/// set shifted a column left and right (not across a row's end) and a row up and down
/// (across into the bands above and below).
#[inline(always)]
pub(super) fn beside_any(cells: u32, k: usize) -> [u32; 3] {
    let mut beside = [0u32; 3];
    beside[k] = (cells >> 1 & !LAST_COLUMN)
        | (cells << 1 & !FIRST_COLUMN & BAND)
        | cells >> 9
        | (cells << 9 & BAND);
    if k > 0 {
        beside[k - 1] |= (cells & ROW) << 18;
    }
    if k < 2 {
        beside[k + 1] |= cells >> 18;
    }
    beside
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain way: each row, column and box with two places or more, and each cell
    /// of the grid at or beside every one of them.
    fn near_every_place_cell_by_cell(b: [u32; 3]) -> [u32; 3] {
        let has = |c: usize| b[c / 27] >> (c % 27) & 1 == 1;
        let at_or_beside = |a: usize, c: usize| {
            let (ra, ca, rc, cc) = (a / 9, a % 9, c / 9, c % 9);
            ra.abs_diff(rc) + ca.abs_diff(cc) <= 1
        };
        let mut units: Vec<Vec<usize>> = Vec::new();
        for i in 0..9 {
            units.push((0..9).map(|j| 9 * i + j).collect());
            units.push((0..9).map(|j| 9 * j + i).collect());
            units.push(
                (0..9)
                    .map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3)
                    .collect(),
            );
        }
        let mut near = [0u32; 3];
        for unit in units {
            let places: Vec<usize> = unit.into_iter().filter(|&c| has(c)).collect();
            if !(2..=3).contains(&places.len()) {
                continue;
            }
            for c in 0..81 {
                if places.iter().all(|&p| at_or_beside(p, c)) {
                    near[c / 27] |= 1 << (c % 27);
                }
            }
        }
        near
    }

    /// A board with few places per unit (where the rule fires), or any board.
    fn boards() -> impl Strategy<Value = [u32; 3]> {
        let sparse = proptest::collection::vec(0usize..81, 0..14).prop_map(|cells| {
            let mut b = [0u32; 3];
            for c in cells {
                b[c / 27] |= 1 << (c % 27);
            }
            b
        });
        let any = proptest::array::uniform3(0u32..(1 << 27));
        prop_oneof![sparse, any]
    }

    /// The plain way: each cell's orthogonal neighbours, one by one.
    fn beside_any_cell_by_cell(cells: u32, k: usize) -> [u32; 3] {
        let mut beside = [0u32; 3];
        for i in (0..27).filter(|i| cells >> i & 1 == 1) {
            let (r, c) = ((27 * k + i) / 9, i % 9);
            for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if (0..9).contains(&nr) && (0..9).contains(&nc) {
                    let n = (9 * nr + nc) as usize;
                    beside[n / 27] |= 1 << (n % 27);
                }
            }
        }
        beside
    }

    proptest! {
        #[test]
        fn beside_any_finds_every_cells_neighbours(cells in 0u32..(1 << 27), k in 0usize..3) {
            prop_assert_eq!(beside_any(cells, k), beside_any_cell_by_cell(cells, k));
        }

        #[test]
        fn the_tables_find_the_cells_the_plain_way_finds(b in boards()) {
            prop_assert_eq!(near_every_place(b, 0), near_every_place_cell_by_cell(b));
        }
    }

    #[test]
    fn two_places_two_steps_apart_in_a_row_leave_the_cell_between() {
        // r1c2 and r1c4: r1c3 alone.
        let b = [1 << 1 | 1 << 3, 0, 0];
        assert_eq!(near_every_place(b, 0), [1 << 2, 0, 0]);
        assert_eq!(near_every_place(b, 0b001), [0; 3]);
        // r1c2 and r1c5 are three steps apart: nothing.
        assert_eq!(near_every_place([1 << 1 | 1 << 4, 0, 0], 0), [0; 3]);
        // A single place gives nothing.
        assert_eq!(near_every_place([1 << 13, 0, 0], 0), [0; 3]);
    }
}
