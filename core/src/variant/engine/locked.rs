//! Two deductions beyond singles, for the grids where singles leave too much search:
//! - locked candidates: when two groups share two cells or more and a digit's places in
//!   one of them all lie in the shared cells, the digit leaves the other group's cells
//!   outside them (pointing and claiming, for any pair of groups: row and box, diagonal
//!   and region, ...). Sound because every group holds every digit exactly once;
//! - nc pairs: under `nc` a cell whose candidates all lie within `e-1..=e+1` leaves its
//!   orthogonal neighbours no digit to stand beside `e` (the neighbour shares a row or a
//!   column with it, so differs from it too), so `e` leaves them.

use super::tables::Tables;

/// Locked candidates over every intersection: `Some(true)` when a mask shrank, `None`
/// on a contradiction.
pub(super) fn locked_candidates(
    tables: &Tables,
    cand: &mut [u32],
    queue: &mut Vec<u16>,
) -> Option<bool> {
    let x = &tables.intersections;
    let mut changed = false;
    for i in &x.list {
        let shared = x.union(i.shared, cand);
        let first = x.union(i.first_only, cand);
        let second = x.union(i.second_only, cand);
        // Digits of the first group found only in the shared cells leave the second's
        // other cells, and the other way round.
        let from_second = shared & !first & second;
        let from_first = shared & !second & first;
        if from_second != 0 {
            x.remove(i.second_only, from_second, cand, queue)
                .then_some(())?;
            changed = true;
        }
        if from_first != 0 {
            x.remove(i.first_only, from_first, cand, queue)
                .then_some(())?;
            changed = true;
        }
    }
    Some(changed)
}

/// The nc pair rule over every cell with two or three candidates: `Some(true)` when a
/// mask shrank, `None` on a contradiction.
pub(super) fn nc_pairs(tables: &Tables, cand: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
    let mut changed = false;
    for c in 0..tables.cells {
        let m = cand[c];
        let count = m.count_ones();
        if !(2..=3).contains(&count) {
            continue;
        }
        let (low, high) = (m.trailing_zeros(), 31 - m.leading_zeros());
        if high - low > 2 {
            continue;
        }
        // Digits e (bit e-1) with every candidate within e-1..=e+1: bits high-1 ..= low+1.
        let (from, to) = (
            high.saturating_sub(1),
            (low + 1).min(tables.side as u32 - 1),
        );
        let forbid = (((1u64 << (to + 1)) - 1) & !((1u64 << from) - 1)) as u32;
        for &q in tables.neighbours.of(c) {
            let mq = cand[usize::from(q)];
            if mq & forbid != 0 {
                let left = mq & !forbid;
                if left == 0 {
                    return None;
                }
                cand[usize::from(q)] = left;
                changed = true;
                if left & (left - 1) == 0 {
                    queue.push(q);
                }
            }
        }
    }
    Some(changed)
}
