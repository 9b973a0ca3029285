//! Propagation: what a state of candidate masks forces, to a fixpoint.
//!
//! A state holds one mask per cell (bit `d-1` for digit `d`); a cell whose mask has a
//! single bit is placed. Rules, applied until none changes anything:
//! - a placed digit leaves every peer (group mates, knight's moves, king's steps, cage
//!   mates) and, under `nc`, takes `d-1` and `d+1` from the orthogonal neighbours;
//! - a digit with one place left in a group goes there (hidden single), and a group
//!   where some digit has no place left is a contradiction;
//! - under `nc`, a cell whose candidates lie within `e-1..=e+1` takes `e` from its
//!   neighbours, and a digit locked in the cells two groups share leaves the rest of
//!   the other group ([`super::locked`]);
//! - when solving or counting, a digit with two or three places in a group leaves the
//!   common peers of its places, and under `nc` the digits next to it leave the cells
//!   beside (or at) each place ([`super::pairs`]);
//! - a cage's open cells keep only the digits some fitting combination allows
//!   ([`super::cage`]).
//!
//! Incremental: each rule looks only at the units holding a cell whose mask shrank
//! since the rule last ran ([`Work`]), cheapest rules first; the state reached is the
//! one rescanning every unit every round would reach (every rule only removes digits,
//! and removes at least as much from a smaller state), which a test checks against
//! [`super::full`]. Each cell enters the queue once, when its mask drops to one bit;
//! a mask that drops to zero is a contradiction.

use super::cage::{allowed_digits, open_cage, single_digit};
use super::locked::{locked_at, nc_pair_at};
use super::pairs::few_places_in;
use super::tables::{Tables, NO_CAGE};
use super::work::Work;

/// How far into the log of changed cells each rule has read.
#[derive(Default)]
struct Read {
    hidden: usize,
    pairs: usize,
    nc: usize,
    locked: usize,
    cages: usize,
}

/// Places the queued cells and everything that follows from the logged changes
/// ([`Work`]); false on a contradiction.
pub(super) fn propagate(tables: &Tables, cand: &mut [u32], work: &mut Work) -> bool {
    let mut read = Read::default();
    let nc = !tables.neighbours.is_empty();
    let locked = !tables.intersections.list.is_empty();
    let cages = !tables.sum_cages.is_empty();
    let pairs = work.two_places && (!tables.peer_bits.is_empty() || !tables.near_bits.is_empty());
    loop {
        if !place_queued(tables, cand, work) {
            return false;
        }
        let end = work.changed.len();
        let stage = if read.hidden < end {
            run_stage(tables, work, &mut read.hidden, mark_groups, |g, work| {
                hidden_single_in(tables, tables.group(g), cand, work)
            })
        } else if nc && read.nc < end {
            (std::mem::replace(&mut read.nc, end)..end)
                .all(|i| nc_pair_at(tables, usize::from(work.changed[i]), cand, work))
        } else if pairs && read.pairs < end {
            run_stage(tables, work, &mut read.pairs, mark_groups, |g, work| {
                few_places_in(tables, tables.group(g), cand, work)
            })
        } else if locked && read.locked < end {
            run_stage(
                tables,
                work,
                &mut read.locked,
                mark_intersections,
                |i, work| locked_at(tables, i, cand, work),
            )
        } else if cages && read.cages < end {
            run_stage(tables, work, &mut read.cages, mark_cages, |k, work| {
                restrict_cage(tables, k, cand, work)
            })
        } else {
            return true;
        };
        if !stage {
            return false;
        }
    }
}

/// Marks (with `mark`) the units of the cells logged since `read`, moves `read` to the
/// end of the log and runs `rule` on every marked unit; false on a contradiction.
#[inline]
fn run_stage(
    tables: &Tables,
    work: &mut Work,
    read: &mut usize,
    mark: fn(&Tables, &mut Work, usize),
    rule: impl FnMut(usize, &mut Work) -> bool,
) -> bool {
    mark(tables, work, *read);
    *read = work.changed.len();
    run_marked(work, rule)
}

/// Runs `rule` on every marked unit (emptying the marks); false on a contradiction.
#[inline]
fn run_marked(work: &mut Work, mut rule: impl FnMut(usize, &mut Work) -> bool) -> bool {
    let mut marks = std::mem::take(&mut work.marks);
    let mut ok = true;
    while let Some(u) = marks.take() {
        if ok && !rule(u, work) {
            ok = false;
        }
    }
    work.marks = marks;
    ok
}

/// Marks the groups of the cells logged from `from` on (every group when the log holds
/// more cells than there are groups: marking more only checks more).
fn mark_groups(tables: &Tables, work: &mut Work, from: usize) {
    let groups = tables.group_cells.len() / tables.side;
    if work.changed.len() - from > groups {
        work.marks.mark_all(groups);
        return;
    }
    for &c in &work.changed[from..] {
        for &g in tables.groups_of.of(usize::from(c)) {
            work.marks.mark(usize::from(g));
        }
    }
}

/// Marks the intersections of the groups of the cells logged from `from` on (through
/// the groups, each once).
fn mark_intersections(tables: &Tables, work: &mut Work, from: usize) {
    mark_groups(tables, work, from);
    let mut groups = std::mem::take(&mut work.marks);
    while let Some(g) = groups.take() {
        for &i in tables.intersections_of.of(g) {
            work.spare.mark(usize::from(i));
        }
    }
    work.marks = std::mem::replace(&mut work.spare, groups);
}

/// Marks the sum cages of the cells logged from `from` on.
fn mark_cages(tables: &Tables, work: &mut Work, from: usize) {
    for &c in &work.changed[from..] {
        let k = tables.sum_cage_of[usize::from(c)];
        if k != NO_CAGE {
            work.marks.mark(usize::from(k));
        }
    }
}

/// Naked singles: each queued cell's digit leaves its peers (and its neighbours' masks
/// lose the consecutive digits under `nc`).
pub(super) fn place_queued(tables: &Tables, cand: &mut [u32], work: &mut Work) -> bool {
    let nc = !tables.neighbours.is_empty();
    while let Some(cell) = work.queue.pop() {
        let c = usize::from(cell);
        let bit = cand[c];
        for &p in tables.peers.of(c) {
            if !work.remove(cand, p, bit) {
                return false;
            }
        }
        if nc {
            let near = ((bit << 1) | (bit >> 1)) & tables.all;
            for &q in tables.neighbours.of(c) {
                if !work.remove(cand, q, near) {
                    return false;
                }
            }
        }
    }
    true
}

/// Hidden singles in one group; false on a contradiction (a digit without a place, or
/// a cell that alone holds two digits).
#[inline]
pub(super) fn hidden_single_in(
    tables: &Tables,
    group: &[u16],
    cand: &mut [u32],
    work: &mut Work,
) -> bool {
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

/// The cage sum of sum cage `k`; false on a contradiction.
pub(super) fn restrict_cage(tables: &Tables, k: usize, cand: &mut [u32], work: &mut Work) -> bool {
    let Some(open) = open_cage(&tables.sum_cages[k], cand, |c| single_digit(cand[c])) else {
        return false;
    };
    if open.open == 0 {
        return true;
    }
    let allowed = allowed_digits(tables.combinations.as_ref(), &open, cand);
    open.cells[..open.open].iter().all(|&c| {
        let m = cand[usize::from(c)];
        let left = m & allowed;
        if left != 0 {
            work.narrow(cand, c, left);
        }
        left != 0
    })
}
