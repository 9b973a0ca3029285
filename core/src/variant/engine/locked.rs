//! Two deductions beyond singles, for the grids where singles leave too much search:
//! - locked candidates: when two groups share two cells or more and a digit's places in
//!   one of them all lie in the shared cells, the digit leaves the other group's cells
//!   outside them (pointing and claiming, for any pair of groups: row and box, diagonal
//!   and region, ...). Sound because every group holds every digit exactly once. The
//!   search runs it per group and digit whose places changed ([`locked_by_places`]);
//!   the test-only plain way per intersection ([`locked_at`]);
//! - nc pairs: under `nc` a cell whose candidates all lie within `e-1..=e+1` leaves its
//!   orthogonal neighbours no digit to stand beside `e` (the neighbour shares a row or a
//!   column with it, so differs from it too), so `e` leaves them.
//!
//! [`super::propagate`] runs locked candidates on the (group, digit) pairs whose count
//! of places dropped to a few ([`super::places`]), and the nc rule on the cells whose
//! mask changed.

use super::places::{cells_of, Places};
use super::tables::Tables;
use super::work::Work;

/// Locked candidates in intersection `i`; false on a contradiction.
#[cfg(test)]
pub(super) fn locked_at(
    x: &super::intersections::Intersections,
    i: usize,
    cand: &mut [u32],
    work: &mut Work,
) -> bool {
    let i = &x.list[i];
    let shared = x.union(i.shared, cand);
    let first = x.union(i.first_only, cand);
    let second = x.union(i.second_only, cand);
    // Digits of the first group found only in the shared cells leave the second's
    // other cells, and the other way round.
    let from_second = shared & !first & second;
    let from_first = shared & !second & first;
    (from_second == 0 || x.remove(i.second_only, from_second, cand, work))
        && (from_first == 0 || x.remove(i.first_only, from_first, cand, work))
}

/// Locked candidates from the places `at` (a set of two cells or more, from
/// `places`) of digit `d` (0-based) in group `g`: every other group holding every
/// place loses the digit outside them; false on a contradiction. The same as
/// [`locked_at`] over every intersection of `g`: a group holding all the places shares
/// them with `g` (two cells or more), and its cells outside them but inside `g` hold
/// no `d` anyway.
#[inline]
pub(super) fn locked_by_places(
    tables: &Tables,
    g: usize,
    at: &[u64],
    d: usize,
    cand: &mut [u32],
    places: &Places,
    work: &mut Work,
) -> bool {
    let w = tables.words;
    let Some(first) = cells_of(at).next() else {
        return true;
    };
    for &other in tables.groups_of.of(usize::from(first)) {
        let other = usize::from(other);
        let bits = &tables.group_bits[other * w..(other + 1) * w];
        if other == g || at.iter().zip(bits).any(|(a, b)| a & !b != 0) {
            continue;
        }
        let holding = places.of_digit(tables, d);
        for (i, ((a, b), h)) in at.iter().zip(bits).zip(holding).enumerate() {
            let mut out = h & b & !a;
            while out != 0 {
                let c = (i * 64) as u16 + out.trailing_zeros() as u16;
                out &= out - 1;
                if !work.remove(cand, c, 1 << d) {
                    return false;
                }
            }
        }
    }
    true
}

/// The digits an nc neighbour of a cell with candidates `m` may not take beyond the
/// cell's own when placed: every `e` with all of `m` within `e-1..=e+1` (0 unless `m`
/// has two or three candidates spanning at most three digits).
#[inline]
pub(super) fn nc_forbidden(m: u32, side: usize) -> u32 {
    let count = m.count_ones();
    if !(2..=3).contains(&count) {
        return 0;
    }
    let (low, high) = (m.trailing_zeros(), 31 - m.leading_zeros());
    if high - low > 2 {
        return 0;
    }
    // Digits e (bit e-1) with every candidate within e-1..=e+1: bits high-1 ..= low+1.
    let (from, to) = (high.saturating_sub(1), (low + 1).min(side as u32 - 1));
    (((1u64 << (to + 1)) - 1) & !((1u64 << from) - 1)) as u32
}

/// The nc pair rule at cell `c`; false on a contradiction.
#[inline]
pub(super) fn nc_pair_at(tables: &Tables, c: usize, cand: &mut [u32], work: &mut Work) -> bool {
    let forbid = nc_forbidden(cand[c], tables.side);
    forbid == 0
        || tables
            .neighbours
            .of(c)
            .iter()
            .all(|&q| work.remove(cand, q, forbid))
}
