//! The search trees of "Forcing Chains & Cycles" from one start: the cycle search, the
//! forcing chain search, and the nodes they leave for the hints to read (a leaf: the
//! rule (`super`) and the plain way (`plain`) both build on it).

use crate::logic::chains::levels2to4::inner_hint::NO_CAUSE;
use crate::logic::chains::levels2to4::link_table::Links;
use crate::logic::primitives::*;

pub(super) const NO_NODE: u32 = u32::MAX;

/// The search trees of one start (its cycles and its two forcing chains) hold at most
/// this many nodes: in each, every "on" is expanded once (729), into at most 28 "off"s,
/// and each "off" makes at most 4 "on" nodes.
pub(super) const MAX_NODES: usize = 3 * (NCAND * 28 * 5 + 1);

/// One potential of a search tree: its parent node and the rule that made it.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) pot: Potential,
    pub(super) parent: u32,
    pub(super) cause: u8,
}

/// The nodes of the searches from one start and their scratch.
#[derive(Default)]
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) pend_on: Vec<u32>,
    pub(super) pend_off: Vec<u32>,
    /// The closing nodes of the cycles and of the forcing chains found.
    pub(super) cycles: Vec<u32>,
    pub(super) chains: Vec<u32>,
    /// The "on"s and "off"s the last cycle search reached (everything reachable from its
    /// start).
    pub(super) last_on: CandSet,
    pub(super) last_off: CandSet,
    /// The cycle search's "on"s to expand, on this level and the next (nodes).
    frontier: Vec<u32>,
    next_frontier: Vec<u32>,
}

impl Tree {
    pub(super) fn push(&mut self, pot: Potential, parent: u32, cause: u8) -> u32 {
        debug_assert!(self.nodes.len() < MAX_NODES, "bounded search trees");
        self.nodes.push(Node { pot, parent, cause });
        (self.nodes.len() - 1) as u32
    }

    /// The cycles through "src on" (their closing nodes, into `cycles`), with `t` the
    /// links of the pass.
    ///
    /// The search is breadth-first from the "on", level by level: each "on" of a level,
    /// in the order reached, turns off what it turns off but for the "off"s among its
    /// ancestors, each such "off" (one node per parent) turns on what it turns on, in
    /// the rules' order, and an "on" met for the first time is expanded on the next
    /// level; meeting the start's "on" again two levels down or more (four links or
    /// more) closes a cycle. That tree is walked here without making every node, the
    /// same nodes resting on one another in the same order:
    /// - An "off" met for the first time is no ancestor of its parent (an ancestor was
    ///   met before), and every "on" it turns on is met then; so a later node of the same
    ///   "off" meets no "on" for the first time: it is kept only where it closes a cycle,
    ///   that is where it turns on the start (it is one of the start's conjugates, the
    ///   "on"s the start's "off" turns on: the links are symmetric) and is no ancestor
    ///   of its parent (read up the tree then).
    /// - An "on" met again, not the start, has no child and closes nothing: not kept.
    ///
    /// The plain way, `cycles_from_plain`, makes every node; the tests compare the two.
    pub(super) fn cycles_from(&mut self, t: Links, src: Candidate) {
        let mut to_on = CandSet::EMPTY;
        let mut met_off = CandSet::EMPTY;
        let root = self.push(Potential::new(src, true), NO_NODE, NO_CAUSE);
        to_on.set(src);
        let conj = t.ons(src);
        let mut is_conj = CandSet::EMPTY;
        for &(q, _) in conj {
            is_conj.set(q);
        }
        self.frontier.clear();
        self.frontier.push(root);
        self.last_off.clear();
        let mut closes = false;
        while !self.frontier.is_empty() {
            self.next_frontier.clear();
            for i in 0..self.frontier.len() {
                let id = self.frontier[i];
                let offs = t.offs(self.nodes[id as usize].pot.candidate());
                for &(q, off_cause) in offs {
                    if !met_off.has(q) {
                        met_off.set(q);
                        let mut off_id = NO_NODE;
                        for &(r, on_cause) in t.ons(q) {
                            let close = closes && r == src;
                            let new = !to_on.has(r);
                            if !close && !new {
                                continue;
                            }
                            if off_id == NO_NODE {
                                off_id = self.push(Potential::new(q, false), id, off_cause);
                            }
                            let nid = self.push(Potential::new(r, true), off_id, on_cause);
                            if close {
                                self.cycles.push(nid);
                            } else {
                                to_on.set(r);
                                self.next_frontier.push(nid);
                            }
                        }
                    } else if closes && is_conj.has(q) && !self.off_ancestor(id, q) {
                        for &(r, on_cause) in t.ons(q) {
                            if r == src {
                                let off_id = self.push(Potential::new(q, false), id, off_cause);
                                let nid = self.push(Potential::new(r, true), off_id, on_cause);
                                self.cycles.push(nid);
                            }
                        }
                    }
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next_frontier);
            closes = true;
        }
        self.last_off = met_off;
        self.last_on = to_on;
    }

    /// Whether "c off" is reachable from "c on" along `t` (breadth-first, each
    /// potential once, stopping when it is met).
    pub(super) fn reaches_own_off(&mut self, t: Links, c: Candidate) -> bool {
        let (mut to_on, mut met) = (CandSet::EMPTY, CandSet::EMPTY);
        to_on.set(c);
        let queue = &mut self.frontier;
        queue.clear();
        queue.push(c.index() as u32);
        let mut head = 0;
        while head < queue.len() {
            let p = Candidate::from_index(queue[head] as usize);
            head += 1;
            for &(q, _) in t.offs(p) {
                if q == c {
                    return true;
                }
                if met.has(q) {
                    continue;
                }
                met.set(q);
                for &(r, _) in t.ons(q) {
                    if !to_on.has(r) {
                        to_on.set(r);
                        queue.push(r.index() as u32);
                    }
                }
            }
        }
        false
    }

    /// Whether "q off" is an ancestor of node `id`.
    fn off_ancestor(&self, id: u32, q: Candidate) -> bool {
        let off = Potential::new(q, false);
        let mut a = self.nodes[id as usize].parent;
        while a != NO_NODE {
            let node = self.nodes[a as usize];
            if node.pot == off {
                return true;
            }
            a = node.parent;
        }
        false
    }

    /// The forcing chain from `src` (a potential) to its other state, if any (its
    /// closing node, into `chains`), with `t` the links of the pass.
    ///
    /// Breadth-first, each potential expanded once; the tree keeps only the nodes met
    /// for the first time and the first node of the start's other state (nothing rests
    /// on the others), so the chain is the one of the tree holding every node
    /// (`chain_from_plain`, compared in the tests). The search ends at that first node:
    /// nothing met after it is kept.
    pub(super) fn chain_from(&mut self, t: Links, src: Potential) {
        let (mut to_on, mut to_off) = (CandSet::EMPTY, CandSet::EMPTY);
        let sc = src.candidate();
        let from_on = src.is_on();
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
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            let pend = std::mem::take(&mut self.pend_on);
            for i in 0..pend.len() {
                let id = pend[i];
                for &(q, cause) in t.offs(self.nodes[id as usize].pot.candidate()) {
                    let close = from_on && q == sc;
                    let new = !to_off.has(q);
                    if !close && !new {
                        continue;
                    }
                    let nid = self.push(Potential::new(q, false), id, cause);
                    if close {
                        self.chains.push(nid);
                        self.pend_on = pend;
                        return;
                    }
                    if new {
                        to_off.set(q);
                        self.pend_off.push(nid);
                    }
                }
            }
            self.pend_on = pend;
            self.pend_on.clear();
            let pend = std::mem::take(&mut self.pend_off);
            for i in 0..pend.len() {
                let id = pend[i];
                for &(q, cause) in t.ons(self.nodes[id as usize].pot.candidate()) {
                    let close = !from_on && q == sc;
                    let new = !to_on.has(q);
                    if !close && !new {
                        continue;
                    }
                    let nid = self.push(Potential::new(q, true), id, cause);
                    if close {
                        self.chains.push(nid);
                        self.pend_off = pend;
                        return;
                    }
                    if new {
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
    pub(super) fn path(&self, mut id: u32) -> Vec<(Potential, u8)> {
        let mut out = Vec::new();
        while id != NO_NODE {
            let n = self.nodes[id as usize];
            out.push((n.pot, n.cause));
            id = n.parent;
        }
        out
    }
}
