//! The searches from one start: the tree of potentials (entries), cycles and forcing
//! chains from an "on", forcing chains from an "off".

use super::components::Components;
use super::pass_graph::*;
use crate::logic::primitives::*;

pub(super) const NONE: u32 = u32::MAX;
/// The branch of the root (no candidate).
pub(super) const NO_BRANCH: Candidate = Candidate::NONE;
/// A bound on the entries of a search: the root, each candidate at most once "on" and
/// once "off", the start "off" of a forcing chain, and two entries for each cycle closed
/// (each "on" entry closing at most 4 of them: one a closer).
pub(super) const MAX_ENTS: usize = 1 + 2 * NCAND + 1 + 2 * 4 * NCAND;

#[derive(Clone, Copy)]
pub(super) struct Ent {
    pub(super) pot: Potential,
    /// The candidate of the "off" potential at depth 1 on the entry's path (`NO_BRANCH` for
    /// the root): see `from_on`.
    pub(super) branch: Candidate,
    pub(super) parent: u32,
}

pub(super) struct Work {
    /// The search tree, `MAX_ENTS` entries (see there).
    pub(super) ents: Vec<Ent>,
    pub(super) on_set: CandSet,
    pub(super) off_set: CandSet,
    pub(super) cycles: Vec<u32>,
    pub(super) closing: Vec<(u32, Candidate)>,
    pub(super) comps: Components,
}

impl Default for Work {
    fn default() -> Self {
        Work {
            ents: vec![
                Ent {
                    pot: Potential::default(),
                    branch: NO_BRANCH,
                    parent: NONE
                };
                MAX_ENTS
            ],
            on_set: CandSet::EMPTY,
            off_set: CandSet::EMPTY,
            cycles: Vec::new(),
            closing: Vec::new(),
            comps: Components::default(),
        }
    }
}

impl Work {
    /// The potentials from entry `e` up to (excluding) the root.
    pub(super) fn path(&self, mut e: u32, out: &mut Vec<Potential>) {
        out.clear();
        while self.ents[e as usize].parent != NONE {
            out.push(self.ents[e as usize].pot);
            e = self.ents[e as usize].parent;
        }
    }
}

/// From `start` on: the cycles back to it no longer than `cyc_max` (in `w.cycles`, as
/// entries of the start met again), and the forcing chain to the start "off" no longer
/// than `fc_max` (returned: its entry and complexity).
///
/// Sukaku Explainer searches cycles breadth-first expanding an "off" potential once per
/// parent (but not from its own ancestors); a repeated "off" only re-derives "on"
/// potentials already known, so it matters only when it closes a cycle. Here each "off"
/// is expanded once, and every parent of the few "off" potentials that lead back to the
/// start is checked: the same cycles, in the same order. Its forcing chains search the
/// same tree, so one search serves both.
///
/// The "off" potentials that lead back to the start (closers) are among those the start
/// "on" turns off, so each is met first at depth 1 and, "off" potentials being kept once,
/// is an ancestor of an entry exactly when it is the entry's depth-1 ancestor (its
/// branch): an O(1) test. An entry's links are scanned for closers only when it turns
/// one off (at most 4 tests), and the last round, whose "off" potentials would not be
/// expanded, adds none. The entries of a level being consecutive in `w.ents`, a level
/// is a range of it; the entries of the cycles found are added after the search.
pub(super) fn from_on(
    g: &PassGraph,
    start: Candidate,
    y: bool,
    cyc_max: u32,
    fc_max: u32,
    w: &mut Work,
) -> Option<(u32, u32)> {
    w.cycles.clear();
    w.closing.clear();
    w.on_set.clear();
    w.off_set.clear();
    // The "off" potentials that turn the start on: the links being symmetric, those the
    // start's "off" turns on (each also among those its "on" turns off; at most 4).
    let closers = g.ons(start);
    // A start "off" that turns nothing on is not in the graph's lists: met apart (its
    // entry, expanded with the others of its level, turns nothing on).
    let start_live = g.live.has(start);
    let max_len = cyc_max.max(fc_max);
    let ents = &mut w.ents[..];
    ents[0] = Ent {
        pot: Potential::new(start, true),
        branch: NO_BRANCH,
        parent: NONE,
    };
    let mut n = 1usize;
    w.on_set.set(start);
    // The entries to expand next: ents[lo..hi].
    let (mut lo, mut hi) = (0usize, 1usize);
    let mut fc_hit: Option<(u32, u32)> = None;
    let mut length = 0u32;
    while lo < hi {
        // Expanding "on" potentials at `length`: targets "off" have complexity length + 1.
        length += 1;
        if length + 1 > max_len {
            break;
        }
        let closing_now = length + 1 >= 4 && length < cyc_max;
        let fc_now = fc_hit.is_none() && length < fc_max;
        // The last round: the "off" potentials it would add would never be expanded (the
        // search stops after it, see below), so it only looks for the start "off" and
        // the closers.
        let last = length + 3 > max_len
            || length + 3 > cyc_max && (fc_hit.is_some() || length + 2 > fc_max);
        for e in lo..hi {
            let ent = ents[e];
            let c = ent.pot.candidate();
            if closing_now
                && closers
                    .iter()
                    .any(|&q| q != ent.branch && turns_off(c, q, y))
            {
                for &q in g.offs(c) {
                    if ent.branch != q && closers.contains(&q) {
                        w.closing.push((e as u32, q));
                    }
                }
            }
            let fc_here = fc_now && fc_hit.is_none() && turns_off(c, start, y);
            if last || fc_here && !start_live {
                if fc_here {
                    ents[n] = Ent {
                        pot: Potential::new(start, false),
                        branch: NO_BRANCH,
                        parent: e as u32,
                    };
                    n += 1;
                    fc_hit = Some((n as u32 - 1, length + 1));
                }
                if last {
                    continue;
                }
            }
            let first = n;
            let branch = if e == 0 { NO_BRANCH } else { ent.branch };
            for &q in g.offs(c) {
                if !w.off_set.has(q) {
                    w.off_set.set(q);
                    ents[n] = Ent {
                        pot: Potential::new(q, false),
                        branch: if e == 0 { q } else { branch },
                        parent: e as u32,
                    };
                    n += 1;
                }
            }
            if fc_here && start_live {
                // The start "off" is met first here (else the chain would have been
                // found before): one of the entries just added.
                let id = (first..n)
                    .find(|&i| ents[i].pot == Potential::new(start, false))
                    .expect("the start off is new");
                fc_hit = Some((id as u32, length + 1));
            }
        }
        (lo, hi) = (hi, n);
        length += 1;
        // (Past `max_len`, the "on" potentials the next round adds would not be expanded.)
        if last
            || length + 2 > cyc_max && (fc_hit.is_some() || length + 1 > fc_max)
            || length + 2 > max_len
        {
            break;
        }
        for e in lo..hi {
            let ent = ents[e];
            for &q in g.ons(ent.pot.candidate()) {
                if !w.on_set.has(q) {
                    w.on_set.set(q);
                    ents[n] = Ent {
                        pot: Potential::new(q, true),
                        branch: ent.branch,
                        parent: e as u32,
                    };
                    n += 1;
                }
            }
        }
        (lo, hi) = (hi, n);
    }
    for &(e, q) in &w.closing {
        ents[n] = Ent {
            pot: Potential::new(q, false),
            branch: NO_BRANCH,
            parent: e,
        };
        ents[n + 1] = Ent {
            pot: Potential::new(start, true),
            branch: NO_BRANCH,
            parent: n as u32,
        };
        w.cycles.push(n as u32 + 1);
        n += 2;
    }
    fc_hit
}

/// The forcing chain from `start` off to `start` on no longer than `max_len`: its entry
/// and complexity. (The graph leaves out the "off" potentials that turn nothing on: they
/// could not lead to the start "on".) As in `from_on`, a level is a range of `w.ents`,
/// and the last rounds add only what could still be expanded.
pub(super) fn from_off(
    g: &PassGraph,
    start: Candidate,
    max_len: u32,
    w: &mut Work,
) -> Option<(u32, u32)> {
    w.on_set.clear();
    w.off_set.clear();
    let ents = &mut w.ents[..];
    ents[0] = Ent {
        pot: Potential::new(start, false),
        branch: NO_BRANCH,
        parent: NONE,
    };
    let mut n = 1usize;
    w.off_set.set(start);
    let (mut lo, mut hi) = (0usize, 1usize);
    // Expanding at `level` finds potentials of complexity level + 1.
    let mut level = 0u32;
    loop {
        level += 1;
        if level + 1 > max_len || lo == hi {
            return None;
        }
        // Past `max_len`, the "on" potentials added here would not be expanded.
        let last = level + 3 > max_len;
        for e in lo..hi {
            let ons = g.ons(ents[e].pot.candidate());
            if last {
                if ons.contains(&start) {
                    ents[n] = Ent {
                        pot: Potential::new(start, true),
                        branch: NO_BRANCH,
                        parent: e as u32,
                    };
                    return Some((n as u32, level + 1));
                }
                continue;
            }
            for &q in ons {
                if !w.on_set.has(q) {
                    w.on_set.set(q);
                    ents[n] = Ent {
                        pot: Potential::new(q, true),
                        branch: NO_BRANCH,
                        parent: e as u32,
                    };
                    n += 1;
                    if q == start {
                        return Some((n as u32 - 1, level + 1));
                    }
                }
            }
        }
        (lo, hi) = (hi, n);
        level += 1;
        if level + 2 > max_len || lo == hi {
            return None;
        }
        for e in lo..hi {
            for &q in g.offs(ents[e].pot.candidate()) {
                if !w.off_set.has(q) {
                    w.off_set.set(q);
                    ents[n] = Ent {
                        pot: Potential::new(q, false),
                        branch: NO_BRANCH,
                        parent: e as u32,
                    };
                    n += 1;
                }
            }
        }
        (lo, hi) = (hi, n);
    }
}
