//! Two deductions beyond singles, for the grids where singles leave too much search:
//! - locked candidates: when two groups share two cells or more and a digit's places in
//!   one of them all lie in the shared cells, the digit leaves the other group's cells
//!   outside them (pointing and claiming, for any pair of groups: row and box, diagonal
//!   and region, ...). Sound because every group holds every digit exactly once;
//! - nc pairs: under `nc` a cell whose candidates all lie within `e-1..=e+1` leaves its
//!   orthogonal neighbours no digit to stand beside `e` (the neighbour shares a row or a
//!   column with it, so differs from it too), so `e` leaves them.
//!
//! Each works on one unit (an intersection, a cell); [`super::propagate`] runs them on
//! the units whose cells changed.

use super::tables::Tables;
use super::work::Work;

/// Locked candidates in intersection `i`; false on a contradiction.
#[inline]
pub(super) fn locked_at(tables: &Tables, i: usize, cand: &mut [u32], work: &mut Work) -> bool {
    let x = &tables.intersections;
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
