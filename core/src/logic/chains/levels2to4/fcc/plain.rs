//! The plain way of the cycle and forcing-chain searches: every node of the search trees
//! kept, each link read where it is followed. The searches of [`super`] keep only the
//! nodes something rests on and read the links from a table; under the test switch
//! ([`plain`](crate::logic::chains::levels2to4::plain)) the rule runs these instead, and the
//! tests compare the rule's hints either way.

use super::tree::{Tree, NO_NODE};
use crate::logic::chains::levels2to4::inner_hint::NO_CAUSE;
use crate::logic::chains::levels2to4::link_table::{off_to_on, on_to_off};
use crate::logic::chains::work_grid::*;
use crate::logic::primitives::*;

impl Tree {
    /// What node `id` (an "on") turns off, with each rule's cause: (list, length).
    fn offs_of(&self, w: &WorkGrid, id: u32, y: bool) -> ([(Candidate, u8); 28], usize) {
        let mut made = [(Candidate::default(), 0u8); 28];
        let mut n = 0;
        on_to_off(w, self.nodes[id as usize].pot.candidate(), y, |q, cause| {
            made[n] = (q, cause);
            n += 1;
        });
        (made, n)
    }

    /// What node `id` (an "off") turns on, with each rule's cause: (list, length).
    fn ons_of(&self, w: &WorkGrid, id: u32, y: bool, x: bool) -> ([(Candidate, u8); 4], usize) {
        let mut made = [(Candidate::default(), 0u8); 4];
        let mut n = 0;
        off_to_on(
            w,
            self.nodes[id as usize].pot.candidate(),
            y,
            x,
            |q, cause| {
                made[n] = (q, cause);
                n += 1;
            },
        );
        (made, n)
    }

    /// The cycles through "src on" (their closing nodes, into `cycles`).
    pub(super) fn cycles_from_plain(&mut self, w: &WorkGrid, src: Candidate, y: bool, x: bool) {
        let mut to_on = CandSet::EMPTY;
        let root = self.push(Potential::new(src, true), NO_NODE, NO_CAUSE);
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
                let (made, n) = self.offs_of(w, id, y);
                // The "off"s among the node's ancestors, read once for its children.
                let mut ancestors = CandSet::EMPTY;
                let mut a = self.nodes[id as usize].parent;
                while a != NO_NODE {
                    let node = self.nodes[a as usize];
                    if !node.pot.is_on() {
                        ancestors.set(node.pot.candidate());
                    }
                    a = node.parent;
                }
                for &(q, cause) in &made[..n] {
                    self.last_off.set(q);
                    if !ancestors.has(q) {
                        let nid = self.push(Potential::new(q, false), id, cause);
                        self.pend_off.push(nid);
                    }
                }
            }
            self.pend_on = pend;
            self.pend_on.clear();
            length += 1;
            let pend = std::mem::take(&mut self.pend_off);
            for &id in &pend {
                let (made, n) = self.ons_of(w, id, y, x);
                for &(q, cause) in &made[..n] {
                    let nid = self.push(Potential::new(q, true), id, cause);
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
    pub(super) fn chain_from_plain(&mut self, w: &WorkGrid, src: Potential, y: bool) {
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
        let mut found = false;
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            let pend = std::mem::take(&mut self.pend_on);
            for &id in &pend {
                let (made, n) = self.offs_of(w, id, y);
                for &(q, cause) in &made[..n] {
                    let nid = self.push(Potential::new(q, false), id, cause);
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
                let (made, n) = self.ons_of(w, id, y, true);
                for &(q, cause) in &made[..n] {
                    let nid = self.push(Potential::new(q, true), id, cause);
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
}
