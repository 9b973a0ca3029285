//! Propagation: what a state of candidate masks forces, to a fixpoint.
//!
//! A state holds one mask per cell (bit `d-1` for digit `d`); a cell whose mask has a
//! single bit is placed. Rules, applied until none changes anything:
//! - a placed digit leaves every peer (group mates, knight's moves, king's steps, cage
//!   mates) and, under `nc`, takes `d-1` and `d+1` from the orthogonal neighbours;
//! - a digit with one place left in a group goes there (hidden single), and a group
//!   where some digit has no place left is a contradiction (both by counting each
//!   digit's places in each group, [`super::places`]);
//! - under `nc`, a cell whose candidates lie within `e-1..=e+1` takes `e` from its
//!   neighbours ([`super::locked`]);
//! - a digit whose places in a group all lie in another group leaves the rest of that
//!   group (locked candidates, [`super::locked`]; skipped for two or three places where
//!   the common-peer rule below runs, since it clears those cells too);
//! - when solving or counting, a digit with two or three places in a group leaves the
//!   common peers of its places under anti-knight or anti-king, and under `nc` the
//!   digits next to it leave the cells beside (or at) each place ([`super::pairs`]);
//! - a cage's open cells keep only the digits some fitting combination allows
//!   ([`super::cage`]).
//!
//! Incremental: each rule looks only at what changed since it last ran ([`Work`]):
//! naked singles at the queued cells, through the digit's places; hidden singles,
//! locked candidates and the few-place rules at the (group, digit) pairs whose places
//! dropped ([`super::places`]); the nc rule at the changed cells; cages holding a
//! changed cell. Cheapest rules first. The state reached is the one rescanning every
//! unit every round would reach (every rule only removes digits, and removes at least
//! as much from a smaller state), which a test checks against [`super::full`]. Each
//! cell enters the queue once, when its mask drops to one bit; a mask that drops to
//! zero is a contradiction.

use super::cage::{allowed_digits, open_cage, single_digit};
use super::locked::{locked_by_places, nc_pair_at};
use super::pairs::few_places_of;
use super::places::{cells_of, few_limit, read_removals, recount, Places};
use super::tables::{Tables, MAX_WORDS, NO_CAGE};
use super::work::Work;

/// How far into the log of changed cells each rule has read.
#[derive(Default)]
struct Read {
    hidden: usize,
    nc: usize,
    cages: usize,
}

/// [`propagate`] from masks set at will (a search's root): every cell logged, the
/// places counted afresh; false on a contradiction.
pub(super) fn propagate_from_scratch(
    tables: &Tables,
    cand: &mut [u32],
    places: &mut Places,
    work: &mut Work,
) -> bool {
    work.start_everywhere(cand);
    recount(tables, cand, places, work) && propagate(tables, cand, places, work)
}

/// Places the queued cells and everything that follows from the logged changes
/// ([`Work`]); `places` are each digit's places before the logged changes
/// ([`super::places`]), kept up to date; false on a contradiction.
pub(super) fn propagate(
    tables: &Tables,
    cand: &mut [u32],
    places: &mut Places,
    work: &mut Work,
) -> bool {
    let mut read = Read::default();
    let nc = !tables.neighbours.is_empty();
    let cages = !tables.sum_cages.is_empty();
    loop {
        if !place_queued(tables, cand, places, work) {
            return false;
        }
        let end = work.changed.len();
        let stage = if read.hidden < end {
            let from = std::mem::replace(&mut read.hidden, end);
            read_removals(tables, cand, places, work, from, end)
        } else if nc && read.nc < end {
            (std::mem::replace(&mut read.nc, end)..end)
                .all(|i| nc_pair_at(tables, usize::from(work.changed[i]), cand, work))
        } else if !work.few_groups.is_empty() {
            rules_on_few_places(tables, cand, places, work)
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

/// Locked candidates and (when the search runs them) the few-place rules on the
/// (group, digit) pairs marked by [`super::places`]; false on a contradiction.
fn rules_on_few_places(
    tables: &Tables,
    cand: &mut [u32],
    places: &Places,
    work: &mut Work,
) -> bool {
    let mut at = [0u64; MAX_WORDS];
    let at = &mut at[..tables.words];
    while let Some(g) = work.few_groups.take() {
        let mut digits = std::mem::take(&mut work.few[g]);
        let locked = usize::from(tables.locked_limit[g]);
        let limit = few_limit(tables, g, work);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut k = 0;
            for (slot, word) in at.iter_mut().zip(places.in_group(tables, g, d)) {
                *slot = word;
                k += word.count_ones() as usize;
            }
            // Gone meanwhile to one place (a hidden single) or more than the limit.
            if k < 2 || k > limit {
                continue;
            }
            let common_peers = work.two_places && tables.common_peers && k <= 3;
            // The common peers of the places (below) hold every cell locked candidates
            // would clear: such a cell shares a group with every place.
            if k <= locked
                && !common_peers
                && !locked_by_places(tables, g, at, d, cand, places, work)
            {
                return false;
            }
            if work.two_places && k <= 3 {
                let mut cells = [0u16; 3];
                for (slot, c) in cells.iter_mut().zip(cells_of(at)) {
                    *slot = c;
                }
                if !few_places_of(tables, &cells[..k], 1 << d, Some(places), cand, work) {
                    return false;
                }
            }
        }
    }
    true
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
/// lose the consecutive digits under `nc`). The peers to visit are the cell's peer set
/// and the digit's places: a peer outside the places (which may lag the masks, holding
/// more cells, never fewer) lacks the digit already, so taking it there would change
/// nothing (the test-only [`super::full`] visits every peer).
fn place_queued(tables: &Tables, cand: &mut [u32], places: &Places, work: &mut Work) -> bool {
    let nc = !tables.neighbours.is_empty();
    let w = tables.words;
    while let Some(cell) = work.queue.pop() {
        let c = usize::from(cell);
        let bit = cand[c];
        let peers = &tables.peer_bits[c * w..(c + 1) * w];
        let holding = places.of_digit(tables, bit.trailing_zeros() as usize);
        for (i, (p, h)) in peers.iter().zip(holding).enumerate() {
            let mut both = p & h;
            while both != 0 {
                let q = (i * 64) as u16 + both.trailing_zeros() as u16;
                both &= both - 1;
                if !work.remove(cand, q, bit) {
                    return false;
                }
            }
        }
        if nc && !remove_consecutive(tables, c, bit, cand, work) {
            return false;
        }
    }
    true
}

/// Under `nc`, the digits next to `bit` leave the orthogonal neighbours of cell `c`;
/// false on an emptied cell.
#[inline]
pub(super) fn remove_consecutive(
    tables: &Tables,
    c: usize,
    bit: u32,
    cand: &mut [u32],
    work: &mut Work,
) -> bool {
    let near = ((bit << 1) | (bit >> 1)) & tables.all;
    tables
        .neighbours
        .of(c)
        .iter()
        .all(|&q| work.remove(cand, q, near))
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
