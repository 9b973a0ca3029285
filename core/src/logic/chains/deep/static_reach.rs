//! What each "on" of a grid reaches by static links (every potential a static
//! propagation from it would make if it never stopped), for all of them at once: the
//! strongly connected components of the potentials' graph (Tarjan's algorithm, made
//! iterative), each component's reach the union of its members and of the reach of the
//! components its links lead to, which Tarjan's algorithm completes before it (it closes
//! a component only after every component reachable from it).
//!
//! A static propagation that meets no contradiction makes exactly that reach (it follows
//! every link from every potential it makes, and the order changes only the parents);
//! one that meets a contradiction stops there, having made part of it, and its reach
//! holds a candidate both ways. The static multiple forcing chains read here which
//! propagations can share a potential before making them.

use super::link_table::LinkTable;
use crate::logic::chains::potential::*;

const UNSEEN: u32 = u32::MAX;
/// The component of a potential alone that leads nowhere (it reaches itself only).
const ITSELF: u32 = u32::MAX - 1;

/// The reach of every "on" of one grid (see the module), and the scratch of the search.
#[derive(Default)]
pub(super) struct StaticReach {
    /// Per potential: its component (`UNSEEN` before the search meets it).
    comp: Vec<u32>,
    /// Per component: the candidates it reaches "on" and "off".
    on: Vec<CandSet>,
    off: Vec<CandSet>,
    /// Tarjan's numbering, low links and stack.
    index: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u16>,
    on_stack: Vec<bool>,
    /// The potentials the last search met (whose entries it set).
    met: Vec<u16>,
}

/// The links from potential `p` (on: to the "off"s it makes; off: to the "on"s), as
/// candidates: each leads to the other state's potential of its candidate.
#[inline]
fn links_from(links: &LinkTable, p: u16) -> &[(u16, u8)] {
    if pot_on(p) {
        links.offs(pot_cand(p))
    } else {
        links.ons(pot_cand(p))
    }
}

/// A frame of the search's explicit call stack: a potential, its links, how many of
/// them were followed.
type Call<'a> = (u16, &'a [(u16, u8)], usize);

/// The potential a link from `p` to candidate `q` leads to.
#[inline]
fn target(p: u16, q: u16) -> u16 {
    pot(q, !pot_on(p))
}

impl StaticReach {
    /// Computes the reach of the "on"s of `roots` (candidates `links` has read), along
    /// the links `links` holds (a static search's: cell and unit rules; a pass of
    /// "Forcing Chains & Cycles": its own).
    pub(super) fn read(&mut self, links: &LinkTable, roots: impl Iterator<Item = u16>) {
        if self.comp.len() < NPOT {
            self.comp = vec![UNSEEN; NPOT];
            self.index = vec![UNSEEN; NPOT];
            self.low = vec![0; NPOT];
            self.on_stack = vec![false; NPOT];
        }
        for &x in &self.met {
            self.comp[x as usize] = UNSEEN;
            self.index[x as usize] = UNSEEN;
        }
        self.met.clear();
        self.on.clear();
        self.off.clear();
        let mut counter = 0u32;
        let mut calls: Vec<Call> = Vec::new();
        for c in roots {
            let root = pot(c, true);
            if self.index[root as usize] == UNSEEN {
                self.search(links, root, &mut counter, &mut calls);
            }
        }
    }

    /// The candidates the "on" of `c` (a root of the last `read`) reaches on and off.
    #[inline]
    pub(super) fn reach_of(&self, c: u16) -> (CandSet, CandSet) {
        match self.comp[pot(c, true) as usize] {
            ITSELF => {
                let mut on = CandSet::EMPTY;
                on.set(c);
                (on, CandSet::EMPTY)
            }
            k => (self.on[k as usize], self.off[k as usize]),
        }
    }

    fn open<'a>(
        &mut self,
        links: &'a LinkTable,
        p: u16,
        counter: &mut u32,
        calls: &mut Vec<Call<'a>>,
    ) {
        self.met.push(p);
        self.index[p as usize] = *counter;
        self.low[p as usize] = *counter;
        *counter += 1;
        self.stack.push(p);
        self.on_stack[p as usize] = true;
        calls.push((p, links_from(links, p), 0));
    }

    fn search<'a>(
        &mut self,
        links: &'a LinkTable,
        root: u16,
        counter: &mut u32,
        calls: &mut Vec<Call<'a>>,
    ) {
        self.open(links, root, counter, calls);
        while let Some(frame) = calls.last_mut() {
            let p = frame.0;
            if let Some(&(q, _)) = frame.1.get(frame.2) {
                frame.2 += 1;
                let q = target(p, q);
                if self.index[q as usize] == UNSEEN {
                    self.open(links, q, counter, calls);
                } else if self.on_stack[q as usize] {
                    self.low[p as usize] = self.low[p as usize].min(self.index[q as usize]);
                }
                continue;
            }
            let alone = frame.1.is_empty();
            calls.pop();
            if let Some(&(parent, _, _)) = calls.last() {
                self.low[parent as usize] = self.low[parent as usize].min(self.low[p as usize]);
            }
            if self.low[p as usize] != self.index[p as usize] {
                continue;
            }
            // p roots a component: its members are on the stack down to p. A potential
            // alone leading nowhere (most "off"s) reaches itself only: no set kept.
            if alone {
                self.stack.pop();
                self.on_stack[p as usize] = false;
                self.comp[p as usize] = ITSELF;
                continue;
            }
            let k = self.on.len() as u32;
            let (mut on, mut off) = (CandSet::EMPTY, CandSet::EMPTY);
            let first = self
                .stack
                .iter()
                .rposition(|&x| x == p)
                .expect("the root on the stack");
            for &x in &self.stack[first..] {
                self.on_stack[x as usize] = false;
                self.comp[x as usize] = k;
                if pot_on(x) {
                    on.set(pot_cand(x));
                } else {
                    off.set(pot_cand(x));
                }
            }
            for &x in &self.stack[first..] {
                for &(q, _) in links_from(links, x) {
                    let y = target(x, q);
                    let ky = self.comp[y as usize];
                    if ky == ITSELF {
                        if pot_on(y) {
                            on.set(pot_cand(y));
                        } else {
                            off.set(pot_cand(y));
                        }
                    } else if ky != k {
                        on.union(&self.on[ky as usize]);
                        off.union(&self.off[ky as usize]);
                    }
                }
            }
            self.stack.truncate(first);
            self.on.push(on);
            self.off.push(off);
        }
    }

    /// Whether the static propagations of the "on"s of `starts` may make a potential in
    /// common: false only when none of them meets a contradiction (each makes its
    /// whole reach) and their reaches share nothing.
    pub(super) fn may_share(&self, starts: impl Iterator<Item = u16>) -> bool {
        let (mut on, mut off) = (CandSet::EMPTY, CandSet::EMPTY);
        for (i, c) in starts.enumerate() {
            let (r_on, r_off) = &self.reach_of(c);
            if r_on.0.iter().zip(r_off.0.iter()).any(|(a, b)| a & b != 0) {
                return true;
            }
            if i == 0 {
                on = *r_on;
                off = *r_off;
            } else {
                on.intersect(r_on);
                off.intersect(r_off);
            }
        }
        on.0.iter().chain(off.0.iter()).any(|&w| w != 0)
    }
}
