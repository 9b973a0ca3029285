//! The plain way [`super::propagate`] is checked against (tests only): every rule on
//! every unit, every round, until a round changes nothing.

use super::locked::{locked_at, nc_pair_at};
use super::pairs::few_places_in;
use super::propagate::{hidden_single_in, place_queued, restrict_cage};
use super::tables::Tables;
use super::work::Work;

/// One rule over every unit; false on a contradiction.
type Round<'a> = dyn Fn(&mut [u32], &mut Work) -> bool + 'a;

/// The fixpoint of every rule from the queued cells, rescanning every unit each round;
/// false on a contradiction.
pub(super) fn propagate_everywhere(tables: &Tables, cand: &mut [u32], work: &mut Work) -> bool {
    loop {
        if !place_queued(tables, cand, work) {
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
                (0..tables.intersections.list.len()).all(|i| locked_at(tables, i, cand, work))
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
