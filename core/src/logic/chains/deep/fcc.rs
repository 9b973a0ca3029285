//! The inner rule "Forcing Chains & Cycles" of levels 2 and 3: every bidirectional cycle
//! and forcing chain (static links) on the grid an outer chain has reduced, as Sukaku
//! Explainer lists them for a nested rule (all hints, unbounded: each one can add
//! removals, so none is cut).
//!
//! Three passes (X links only, Y links only, both); in each, for every cell with two or
//! more candidates (only bivalue cells in the Y pass) and each of its digits: the cycles
//! through its "on", then (X and XY passes) the forcing chains from its "on" and from its
//! "off". A cycle search is breadth-first from the "on": each "on" is expanded once, each
//! "off" from every parent it is not an ancestor of; the start met again as "on" after
//! at least 4 steps closes a cycle. A forcing chain search keeps each potential once and
//! ends at the start's other state. The chains have one parent each and no hidden
//! parents (this rule compares the grid with nothing).

use super::inner_hint::{InnerHint, CELL_CAUSE, NO_CAUSE};
use super::plain::plain;
use crate::grid::{PEERS, UNITS};
use crate::logic::chains::difficulty::length_bonus;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::nested::hash_order;
use crate::logic::chains::potential::*;
use crate::logic::chains::work_grid::*;

const NO_NODE: u32 = u32::MAX;

/// One potential of a search tree: its parent node and the rule that made it.
#[derive(Clone, Copy)]
struct Node {
    pot: u16,
    parent: u32,
    cause: u8,
}

/// Scratch of the cycle and forcing-chain searches (its size is bounded: see
/// [`MAX_NODES`]).
pub(super) struct FcScratch {
    nodes: Vec<Node>,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    cycles: Vec<u32>,
    chains: Vec<u32>,
    /// The "on"s and "off"s the last cycle search reached (everything reachable from its
    /// start).
    last_on: CandSet,
    last_off: CandSet,
    /// Per start of the current pass: the "on"s its cycle search reached, whether it
    /// reached the start's "off", and its cycle hints.
    is_start: CandSet,
    reach_on: Vec<CandSet>,
    off_reached: CandSet,
    starts: Vec<(u16, Vec<InnerHint>)>,
}

/// The search trees of one start (its cycles and its two forcing chains) hold at most
/// this many nodes: in each, every "on" is expanded once (729), into at most 28 "off"s,
/// and each "off" makes at most 4 "on" nodes.
pub(super) const MAX_NODES: usize = 3 * (NCAND * 28 * 5 + 1);

/// What "c on" turns off, with each rule's cause (the cell; the box, the row and the
/// column outside the box), in Sukaku Explainer's order.
fn on_to_off(w: &WorkGrid, c: u16, y: bool, mut f: impl FnMut(u16, u8)) {
    let (cell, d) = (cell_of(c), digit0_of(c));
    if y {
        let mut m = w.cands[cell] & !(1 << d);
        while m != 0 {
            let e = m.trailing_zeros() as usize;
            m &= m - 1;
            f(cand(cell, e), CELL_CAUSE);
        }
    }
    let [bu, ru, cu] = regions_of(cell);
    let (r, col) = (cell / 9, cell % 9);
    let mut m = w.places[bu][d] & !(1 << POS_IN[cell][0]);
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f(cand(UNITS[bu][i] as usize, d), bu as u8);
    }
    let mut m = w.places[ru][d] & !(0b111 << (col / 3 * 3));
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f(cand(UNITS[ru][i] as usize, d), ru as u8);
    }
    let mut m = w.places[cu][d] & !(0b111 << (r / 3 * 3));
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f(cand(UNITS[cu][i] as usize, d), cu as u8);
    }
}

/// What "c off" turns on: the cell rule (with `y`), the unit rules (with `x`).
fn off_to_on(w: &WorkGrid, c: u16, y: bool, x: bool, mut f: impl FnMut(u16, u8)) {
    let mut fired = [(0u16, 0u8); 4];
    let n = w.off_fires(c, y, &mut fired);
    for &(q, group) in &fired[..n] {
        if group == CELL_CAUSE || x {
            f(q, group);
        }
    }
}

impl Default for FcScratch {
    fn default() -> Self {
        FcScratch {
            nodes: Vec::new(),
            pend_on: Vec::new(),
            pend_off: Vec::new(),
            cycles: Vec::new(),
            chains: Vec::new(),
            last_on: CandSet::EMPTY,
            last_off: CandSet::EMPTY,
            is_start: CandSet::EMPTY,
            reach_on: vec![CandSet::EMPTY; NCAND],
            off_reached: CandSet::EMPTY,
            starts: Vec::new(),
        }
    }
}

impl FcScratch {
    fn push(&mut self, pot: u16, parent: u32, cause: u8) -> u32 {
        debug_assert!(self.nodes.len() < MAX_NODES, "bounded search trees");
        self.nodes.push(Node { pot, parent, cause });
        (self.nodes.len() - 1) as u32
    }

    /// The cycles through "src on" (their closing nodes, into `cycles`).
    fn cycles_from(&mut self, w: &WorkGrid, src: u16, y: bool, x: bool) {
        let mut to_on = CandSet::EMPTY;
        let root = self.push(pot(src, true), NO_NODE, NO_CAUSE);
        to_on.set(src);
        self.pend_on.clear();
        self.pend_off.clear();
        self.pend_on.push(root);
        let mut length = 0;
        self.last_off.clear();
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            length += 1;
            let pend = std::mem::take(&mut self.pend_on);
            for &id in &pend {
                let c = pot_cand(self.nodes[id as usize].pot);
                let mut made = [(0u16, 0u8); 28];
                let mut n = 0;
                on_to_off(w, c, y, |q, cause| {
                    made[n] = (q, cause);
                    n += 1;
                });
                // The "off"s among the node's ancestors, read once for its children.
                let mut ancestors = CandSet::EMPTY;
                let mut a = self.nodes[id as usize].parent;
                while a != NO_NODE {
                    let node = self.nodes[a as usize];
                    if !pot_on(node.pot) {
                        ancestors.set(pot_cand(node.pot));
                    }
                    a = node.parent;
                }
                for &(q, cause) in &made[..n] {
                    self.last_off.set(q);
                    if !ancestors.has(q) {
                        let nid = self.push(pot(q, false), id, cause);
                        self.pend_off.push(nid);
                    }
                }
            }
            self.pend_on = pend;
            self.pend_on.clear();
            length += 1;
            let pend = std::mem::take(&mut self.pend_off);
            for &id in &pend {
                let c = pot_cand(self.nodes[id as usize].pot);
                let mut made = [(0u16, 0u8); 4];
                let mut n = 0;
                off_to_on(w, c, y, x, |q, cause| {
                    made[n] = (q, cause);
                    n += 1;
                });
                for &(q, cause) in &made[..n] {
                    let nid = self.push(pot(q, true), id, cause);
                    if length >= 4 && q == src {
                        self.cycles.push(nid);
                    }
                    if !to_on.has(q) {
                        to_on.set(q);
                        self.pend_on.push(nid);
                    }
                }
            }
            self.pend_off = pend;
            self.pend_off.clear();
        }
        self.last_on = to_on;
    }

    /// The forcing chain from `src` (a potential) to its other state, if any (its
    /// closing node, into `chains`).
    fn chain_from(&mut self, w: &WorkGrid, src: u16, y: bool) {
        let (mut to_on, mut to_off) = (CandSet::EMPTY, CandSet::EMPTY);
        let sc = pot_cand(src);
        let from_on = pot_on(src);
        let root = self.push(src, NO_NODE, NO_CAUSE);
        self.pend_on.clear();
        self.pend_off.clear();
        if from_on {
            to_on.set(sc);
            self.pend_on.push(root);
        } else {
            to_off.set(sc);
            self.pend_off.push(root);
        }
        let mut found = false;
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            let pend = std::mem::take(&mut self.pend_on);
            for &id in &pend {
                let c = pot_cand(self.nodes[id as usize].pot);
                let mut made = [(0u16, 0u8); 28];
                let mut n = 0;
                on_to_off(w, c, y, |q, cause| {
                    made[n] = (q, cause);
                    n += 1;
                });
                for &(q, cause) in &made[..n] {
                    let nid = self.push(pot(q, false), id, cause);
                    if from_on && q == sc && !found {
                        found = true;
                        self.chains.push(nid);
                    }
                    if !to_off.has(q) {
                        to_off.set(q);
                        self.pend_off.push(nid);
                    }
                }
            }
            self.pend_on = pend;
            self.pend_on.clear();
            let pend = std::mem::take(&mut self.pend_off);
            for &id in &pend {
                let c = pot_cand(self.nodes[id as usize].pot);
                let mut made = [(0u16, 0u8); 4];
                let mut n = 0;
                off_to_on(w, c, y, true, |q, cause| {
                    made[n] = (q, cause);
                    n += 1;
                });
                for &(q, cause) in &made[..n] {
                    let nid = self.push(pot(q, true), id, cause);
                    if !from_on && q == sc && !found {
                        found = true;
                        self.chains.push(nid);
                    }
                    if !to_on.has(q) {
                        to_on.set(q);
                        self.pend_on.push(nid);
                    }
                }
            }
            self.pend_off = pend;
            self.pend_off.clear();
        }
    }

    /// The path of node `id` up to its root: (potential, cause), the node first.
    fn path(&self, mut id: u32) -> Vec<(u16, u8)> {
        let mut out = Vec::new();
        while id != NO_NODE {
            let n = self.nodes[id as usize];
            out.push((n.pot, n.cause));
            id = n.parent;
        }
        out
    }
}

/// Every hint of "Forcing Chains & Cycles" on `w`, in the order found (not yet sorted).
pub(super) fn fcc_hints(
    w: &WorkGrid,
    s: &mut FcScratch,
    check: &mut dyn FnMut(),
    out: &mut Vec<InnerHint>,
) {
    // (y links, x links, cycle kind, chain kind, cycle base, chain base, key)
    let passes = [
        (
            false,
            true,
            ChainKind::XCycle,
            ChainKind::ForcingXChain,
            6.5,
            6.6,
            2u8,
        ),
        (
            true,
            false,
            ChainKind::YCycle,
            ChainKind::ForcingYChain,
            6.5,
            6.6,
            3,
        ),
        (
            true,
            true,
            ChainKind::XYCycle,
            ChainKind::ForcingChain,
            7.0,
            7.0,
            4,
        ),
    ];
    for (y, x, cycle_kind, chain_kind, cycle_base, chain_base, key) in passes {
        for cell in 0..81 {
            let m = w.cands[cell];
            if !several(m) || (!x && !pair(m)) {
                continue;
            }
            check();
            let mut ds = m;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let c = cand(cell, d);
                s.nodes.clear();
                s.cycles.clear();
                s.cycles_from(w, c, y, x);
                s.is_start.set(c);
                s.reach_on[c as usize] = s.last_on;
                s.off_reached.set_to(c, s.last_off.has(c));
                let mut hints = Vec::new();
                for i in 0..s.cycles.len() {
                    if let Some(h) = cycle_hint(w, s, s.cycles[i], cycle_kind, cycle_base, key) {
                        hints.push(h);
                    }
                }
                s.starts.push((c, hints));
            }
        }
        // Then, start by start, its cycles and its forcing chains. A forcing chain from
        // "c on" exists iff "c off" is reachable from it, which the cycle search (reaching
        // every potential reachable) told; from "c off" iff "c on" is reachable from one
        // of the "on"s it turns on, whose reach is known when they were starts too (else
        // the search is made).
        let starts = std::mem::take(&mut s.starts);
        for (c, hints) in starts {
            out.extend(hints);
            if !x {
                continue;
            }
            s.nodes.clear();
            s.chains.clear();
            if s.off_reached.has(c) || plain() {
                s.chain_from(w, pot(c, true), y);
            }
            let mut may = false;
            off_to_on(w, c, y, true, |q, _| {
                may |= plain() || !s.is_start.has(q) || s.reach_on[q as usize].has(c);
            });
            if may {
                s.chain_from(w, pot(c, false), y);
            }
            for i in 0..s.chains.len() {
                if let Some(h) = chain_hint(w, s, s.chains[i], chain_kind, chain_base, key) {
                    out.push(h);
                }
            }
        }
        s.is_start.clear();
    }
}

fn cycle_hint(
    w: &WorkGrid,
    s: &FcScratch,
    end: u32,
    kind: ChainKind,
    base: f64,
    key: u8,
) -> Option<InnerHint> {
    // The path from the closing "on" back to the start (the same potential, last).
    let path = s.path(end);
    let body = &path[..path.len() - 1];
    let mut in_cycle = 0u128;
    for &(p, _) in body {
        in_cycle |= 1u128 << cell_of(pot_cand(p));
    }
    // What sees an "on" link's digit and an "off" link's digit, outside the cycle.
    let (mut forw, mut back): (Vec<u16>, Vec<u16>) = (Vec::new(), Vec::new());
    let (mut forw_set, mut back_set) = (CandSet::EMPTY, CandSet::EMPTY);
    for &(p, _) in body {
        let (cell, d) = (cell_of(pot_cand(p)), digit0_of(pot_cand(p)));
        for &o in &PEERS[cell] {
            let o = o as usize;
            if in_cycle >> o & 1 == 0 && w.cands[o] >> d & 1 != 0 {
                let q = cand(o, d);
                if pot_on(p) {
                    if !forw_set.has(q) {
                        forw_set.set(q);
                        forw.push(q);
                    }
                } else if !back_set.has(q) {
                    back_set.set(q);
                    back.push(q);
                }
            }
        }
    }
    let mut by_cell: Vec<(usize, u16)> = Vec::new();
    for &q in forw.iter().filter(|&&q| back_set.has(q)) {
        let cell = cell_of(q);
        match by_cell.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, m)) => *m |= 1 << digit0_of(q),
            None => by_cell.push((cell, 1 << digit0_of(q))),
        }
    }
    if by_cell.is_empty() {
        return None;
    }
    let removes = hash_order(&mut by_cell);
    // Targets: the closing "on" (its ancestry: the body) and the reversed cycle (the
    // start's "off", then the body's potentials flipped from the start on, causes kept).
    let mut causes = Vec::new();
    let mut chain = vec![2u16, body[0].0, body.len() as u16];
    for &(p, cause) in body {
        chain.push(p);
        if pot_on(p) && cause != NO_CAUSE {
            causes.push((pot_cand(p), cause));
        }
    }
    let mut reversed: Vec<(u16, u8)> = Vec::with_capacity(body.len());
    reversed.push((path[path.len() - 1].0 ^ 1, NO_CAUSE));
    for &(p, cause) in body[1..].iter().rev() {
        reversed.push((p ^ 1, cause));
    }
    chain.push(reversed[0].0);
    chain.push(reversed.len() as u16);
    for &(p, cause) in &reversed {
        chain.push(p);
        if pot_on(p) && cause != NO_CAUSE {
            causes.push((pot_cand(p), cause));
        }
    }
    let complexity = body.len() as u32;
    let mut removal_set = removes.clone();
    removal_set.sort_unstable();
    Some(InnerHint {
        removes,
        removal_set,
        difficulty: base + length_bonus(complexity),
        complexity,
        key,
        kind,
        causes,
        chain,
    })
}

fn chain_hint(
    w: &WorkGrid,
    s: &FcScratch,
    end: u32,
    kind: ChainKind,
    base: f64,
    key: u8,
) -> Option<InnerHint> {
    let path = s.path(end);
    let target = path[0].0;
    let c = pot_cand(target);
    let cell = cell_of(c);
    let removes: Vec<u16> = if pot_on(target) {
        (0..9)
            .filter(|&e| e != digit0_of(c) && w.cands[cell] >> e & 1 != 0)
            .map(|e| cand(cell, e))
            .collect()
    } else {
        vec![c]
    };
    if removes.is_empty() {
        return None;
    }
    let mut causes = Vec::new();
    let mut chain = vec![1u16, target, path.len() as u16];
    for &(p, cause) in &path {
        chain.push(p);
        if pot_on(p) && cause != NO_CAUSE {
            causes.push((pot_cand(p), cause));
        }
    }
    let complexity = path.len() as u32;
    let mut removal_set = removes.clone();
    removal_set.sort_unstable();
    Some(InnerHint {
        removes,
        removal_set,
        difficulty: base + length_bonus(complexity),
        complexity,
        key,
        kind,
        causes,
        chain,
    })
}
