//! The plain way [`super::propagate`] is checked against (tests only): every rule on
//! every unit, every round, until a round changes nothing.

use super::intersections::Intersections;
use super::locked::{locked_at, nc_pair_at};
use super::pairs::few_places_in;
use super::propagate::{remove_consecutive, restrict_cage};
use super::tables::Tables;
use super::work::Work;

/// One rule over every unit; false on a contradiction.
type Round<'a> = dyn Fn(&mut [u32], &mut Work) -> bool + 'a;

/// The fixpoint of every rule from the queued cells, rescanning every unit each round;
/// false on a contradiction.
pub(super) fn propagate_everywhere(tables: &Tables, cand: &mut [u32], work: &mut Work) -> bool {
    let intersections = Intersections::of(tables);
    loop {
        if !place_queued_plainly(tables, cand, work) {
            return false;
        }
        let before = work.changed.len();
        let rounds: [&Round; 5] = [
            &|cand, work| {
                (0..tables.group_count())
                    .all(|g| hidden_single_in(tables, tables.group(g), cand, work))
            },
            &|cand, work| {
                tables.neighbours.is_empty()
                    || (0..tables.cells).all(|c| nc_pair_at(tables, c, cand, work))
            },
            &|cand, work| {
                !work.two_places
                    || (0..tables.group_count())
                        .all(|g| few_places_in(tables, tables.group(g), cand, work))
            },
            &|cand, work| {
                (0..intersections.list.len()).all(|i| locked_at(&intersections, i, cand, work))
            },
            &|cand, work| (0..tables.sum_cages.len()).all(|k| restrict_cage(tables, k, cand, work)),
        ];
        let mut changed = false;
        for round in rounds {
            if !round(cand, work) {
                return false;
            }
            if work.changed.len() > before {
                changed = true;
                break;
            }
        }
        if !changed {
            return true;
        }
    }
}

/// Hidden singles in one group; false on a contradiction (a digit without a place, or
/// a cell that alone holds two digits).
fn hidden_single_in(tables: &Tables, group: &[u16], cand: &mut [u32], work: &mut Work) -> bool {
    let (mut once, mut twice) = (0u32, 0u32);
    for &c in group {
        let m = cand[usize::from(c)];
        twice |= once & m;
        once |= m;
    }
    if once != tables.all {
        return false;
    }
    let unique = once & !twice;
    if unique == 0 {
        return true;
    }
    for &c in group {
        let m = cand[usize::from(c)];
        let only = m & unique;
        if only == 0 || m & (m - 1) == 0 {
            continue;
        }
        if only & (only - 1) != 0 {
            return false;
        }
        work.narrow(cand, c, only);
    }
    true
}

/// Naked singles: each queued cell's digit leaves every peer.
fn place_queued_plainly(tables: &Tables, cand: &mut [u32], work: &mut Work) -> bool {
    while let Some(cell) = work.queue.pop() {
        let c = usize::from(cell);
        let bit = cand[c];
        if !tables
            .peers
            .of(c)
            .iter()
            .all(|&p| work.remove(cand, p, bit))
        {
            return false;
        }
        if !tables.neighbours.is_empty() && !remove_consecutive(tables, c, bit, cand, work) {
            return false;
        }
    }
    true
}
