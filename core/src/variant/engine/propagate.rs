//! Propagation: what a state of candidate masks forces, to a fixpoint.
//!
//! A state holds one mask per cell (bit `d-1` for digit `d`); a cell whose mask has a
//! single bit is placed. Rules, applied until none changes anything:
//! - a placed digit leaves every peer (group mates, knight's moves, king's steps, cage
//!   mates) and, under `nc`, takes `d-1` and `d+1` from the orthogonal neighbours;
//! - a digit with one place left in a group goes there (hidden single), and a group
//!   where some digit has no place left is a contradiction;
//! - a cage's open cells keep only the digits some fitting combination allows
//!   ([`super::cage`]).
//!
//! Each cell enters the queue once, when its mask drops to one bit; a mask that drops
//! to zero is a contradiction.

use super::cage::{allowed_digits, open_cage, single_digit};
use super::tables::Tables;

/// Places the queued cells and everything that follows; false on a contradiction.
pub(super) fn propagate(tables: &Tables, cand: &mut [u32], queue: &mut Vec<u16>) -> bool {
    loop {
        if !place_queued(tables, cand, queue) {
            return false;
        }
        match hidden_singles(tables, cand, queue) {
            None => return false,
            Some(true) => continue,
            Some(false) => {}
        }
        match restrict_cages(tables, cand, queue) {
            None => return false,
            Some(true) => continue,
            Some(false) => return true,
        }
    }
}

/// Takes `bits` out of a cell; queues it when one bit is left; false when none is.
#[inline]
fn remove(cand: &mut [u32], cell: u16, bits: u32, queue: &mut Vec<u16>) -> bool {
    let i = usize::from(cell);
    let mask = cand[i];
    if mask & bits == 0 {
        return true;
    }
    let left = mask & !bits;
    if left == 0 {
        return false;
    }
    cand[i] = left;
    if left & (left - 1) == 0 {
        queue.push(cell);
    }
    true
}

/// Naked singles: each queued cell's digit leaves its peers (and its neighbours' masks
/// lose the consecutive digits under `nc`).
fn place_queued(tables: &Tables, cand: &mut [u32], queue: &mut Vec<u16>) -> bool {
    let nc = !tables.neighbours.is_empty();
    while let Some(cell) = queue.pop() {
        let c = usize::from(cell);
        let bit = cand[c];
        for &p in tables.peers.of(c) {
            if !remove(cand, p, bit, queue) {
                return false;
            }
        }
        if nc {
            let near = ((bit << 1) | (bit >> 1)) & tables.all;
            for &q in tables.neighbours.of(c) {
                if !remove(cand, q, near, queue) {
                    return false;
                }
            }
        }
    }
    true
}

/// Hidden singles in every group: `Some(true)` when a cell was placed, `None` on a
/// contradiction (a digit without a place, or a cell that alone holds two digits).
fn hidden_singles(tables: &Tables, cand: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
    let mut changed = false;
    for group in tables.groups() {
        let (mut once, mut twice) = (0u32, 0u32);
        for &c in group {
            let m = cand[usize::from(c)];
            twice |= once & m;
            once |= m;
        }
        if once != tables.all {
            return None;
        }
        let unique = once & !twice;
        if unique == 0 {
            continue;
        }
        for &c in group {
            let m = cand[usize::from(c)];
            let only = m & unique;
            if only == 0 || m & (m - 1) == 0 {
                continue;
            }
            if only & (only - 1) != 0 {
                return None;
            }
            cand[usize::from(c)] = only;
            queue.push(c);
            changed = true;
        }
    }
    Some(changed)
}

/// Cage sums: `Some(true)` when a mask shrank, `None` on a contradiction.
fn restrict_cages(tables: &Tables, cand: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
    let mut changed = false;
    for cage in &tables.sum_cages {
        let open = open_cage(cage, cand, |c| single_digit(cand[c]))?;
        if open.open == 0 {
            continue;
        }
        let allowed = allowed_digits(tables.combinations.as_ref(), &open, cand);
        for &c in &open.cells[..open.open] {
            let m = cand[usize::from(c)];
            let left = m & allowed;
            if left == 0 {
                return None;
            }
            if left != m {
                cand[usize::from(c)] = left;
                changed = true;
                if left & (left - 1) == 0 {
                    queue.push(c);
                }
            }
        }
    }
    Some(changed)
}
