//! The strongly connected components of a pass's graph and what each one reaches
//! ([`Components`]): which searches can find nothing at any length.

use super::pass_graph::*;
use crate::logic::chains::planes::*;
use crate::logic::geometry::{CellSet, PEER_MASKS_NINE as PEER_MASKS};
use crate::logic::primitives::*;

/// The strongly connected components of a pass's graph ([`PassGraph`]: its "off"
/// potentials that turn nothing on left out), found by Tarjan's algorithm without
/// recursion, and which components each one reaches. Components are numbered in the
/// order Tarjan's algorithm completes them, successors first, so when one completes,
/// every component its members lead to is complete and has a smaller number: its reach
/// set (itself and the reach sets of those) is made then, over the numbers up to its
/// own (`reach`, a row of bits per component). Used to skip searches that can find
/// nothing whatever their length:
/// - a cycle through "start on" needs that potential in a component of four or more (a
///   cycle found is a simple one of 4 potentials or more: its path from the start holds
///   each potential once, and its closing "off" is not on that path), and, to eliminate
///   anything, a candidate that sees an "on" and an "off" potential of its digit in that
///   component (every potential of a cycle through the start lies in the start's
///   component, and a cycle eliminates only candidates that see an "on" and an "off" of
///   their digit in it: see [`cycle_eliminations`]; `elim` holds this per component,
///   found from its members as it completes);
/// - a forcing chain from one state of the start to the other needs a path in the graph
///   (to a start "off" left out of the graph, a path to the "on" of one of the
///   candidates whose "on" turns it off).
///
/// The potentials left out are dead ends, so they change no reachability between the
/// others and lie on no cycle. Memory: a few arrays over the 1458 potentials and the
/// reach rows (1458 × 23 words, 268 KB).
pub(super) struct Components {
    pub(super) comp: Vec<u16>,
    pub(super) size: Vec<u16>,
    /// Row `k` (`REACH_WORDS` words): the components component `k` reaches (bits up to
    /// `k`; the words beyond `k / 64` are not written).
    pub(super) reach: Vec<u64>,
    /// Per component: whether a cycle in it may eliminate something (see
    /// `may_eliminate`).
    pub(super) elim: Vec<bool>,
    /// The members of the component being completed.
    pub(super) members: Vec<Potential>,
    pub(super) index: Vec<u16>,
    pub(super) low: Vec<u16>,
    pub(super) on_stack: Vec<bool>,
    pub(super) stack: Vec<Potential>,
    pub(super) calls: Vec<(Potential, u8)>,
}

pub(super) const UNVISITED: u16 = u16::MAX;
pub(super) const REACH_WORDS: usize = NPOT.div_ceil(64);

impl Default for Components {
    fn default() -> Self {
        Components {
            comp: vec![0; NPOT],
            size: vec![0; NPOT],
            reach: vec![0; NPOT * REACH_WORDS],
            elim: vec![false; NPOT],
            members: Vec::with_capacity(NPOT),
            index: vec![UNVISITED; NPOT],
            low: vec![0; NPOT],
            on_stack: vec![false; NPOT],
            stack: Vec::with_capacity(NPOT),
            calls: Vec::with_capacity(NPOT),
        }
    }
}

impl Components {
    /// Computes the components of `g` over the candidates of `grid`.
    pub(super) fn compute(&mut self, grid: &[u16; 81], g: &PassGraph, peers: &[CellSet; 81]) {
        let places = digit_planes(grid);
        self.index.fill(UNVISITED);
        self.on_stack.fill(false);
        self.stack.clear();
        self.calls.clear();
        let mut counter = 0u16;
        let mut ncomp = 0u16;
        for (cell, &cands) in grid.iter().enumerate() {
            let mut m = cands;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let c = Candidate::new(cell, d);
                for on in [true, false] {
                    let root = Potential::new(c, on);
                    if self.index[root.index()] != UNVISITED || !(on || g.live.has(c)) {
                        continue;
                    }
                    self.visit(root, &mut counter);
                    while let Some(&mut (v, ref mut i)) = self.calls.last_mut() {
                        let vc = v.candidate();
                        let next = if v.is_on() {
                            g.offs(vc)
                                .get(*i as usize)
                                .map(|&q| Potential::new(q, false))
                        } else {
                            g.ons(vc).get(*i as usize).map(|&q| Potential::new(q, true))
                        };
                        if let Some(u) = next {
                            *i += 1;
                            if self.index[u.index()] == UNVISITED {
                                self.visit(u, &mut counter);
                            } else if self.on_stack[u.index()] {
                                let v = v.index();
                                self.low[v] = self.low[v].min(self.index[u.index()]);
                            }
                            continue;
                        }
                        self.calls.pop();
                        let v = v.index();
                        if let Some(&(parent, _)) = self.calls.last() {
                            let parent = parent.index();
                            self.low[parent] = self.low[parent].min(self.low[v]);
                        }
                        if self.low[v] == self.index[v] {
                            self.members.clear();
                            loop {
                                let u = self.stack.pop().expect("v is on the stack");
                                self.on_stack[u.index()] = false;
                                self.comp[u.index()] = ncomp;
                                self.members.push(u);
                                if u.index() == v {
                                    break;
                                }
                            }
                            self.size[ncomp as usize] = self.members.len() as u16;
                            self.elim[ncomp as usize] = self.may_eliminate(&places, peers);
                            self.close_reach(g, ncomp);
                            ncomp += 1;
                        }
                    }
                }
            }
        }
    }

    /// Makes the reach row of component `k`, just completed (its members in `members`).
    pub(super) fn close_reach(&mut self, g: &PassGraph, k: u16) {
        let k = k as usize;
        let (rows, row) = self.reach.split_at_mut(k * REACH_WORDS);
        let row = &mut row[..k / 64 + 1];
        row.fill(0);
        row[k / 64] |= 1 << (k % 64);
        for &v in &self.members {
            let vc = v.candidate();
            let next: &[Candidate] = if v.is_on() { g.offs(vc) } else { g.ons(vc) };
            for &q in next {
                let u = if v.is_on() {
                    Potential::new(q, false)
                } else {
                    Potential::new(q, true)
                };
                let j = self.comp[u.index()] as usize;
                if j != k {
                    let other = &rows[j * REACH_WORDS..j * REACH_WORDS + j / 64 + 1];
                    for (w, o) in row.iter_mut().zip(other) {
                        *w |= o;
                    }
                }
            }
        }
    }

    /// Whether a cycle in the component just completed (its members in `members`) may
    /// eliminate something: some candidate of the grid (`places[d]`: the cells holding
    /// digit `d`) sees an "on" and an "off" potential of its digit in it (false for a
    /// component too small to hold a cycle).
    pub(super) fn may_eliminate(&self, places: &[u128; 9], peers: &[CellSet; 81]) -> bool {
        if self.members.len() < 4 {
            return false;
        }
        let (mut on_see, mut off_see) = ([0u128; 9], [0u128; 9]);
        for &q in &self.members {
            let c = q.candidate();
            let see = if q.is_on() { &mut on_see } else { &mut off_see };
            see[c.digit().index()] |= peers[c.cell().index()];
        }
        (0..9).any(|d| on_see[d] & off_see[d] & places[d] != 0)
    }

    pub(super) fn visit(&mut self, p: Potential, counter: &mut u16) {
        let i = p.index();
        self.index[i] = *counter;
        self.low[i] = *counter;
        *counter += 1;
        self.stack.push(p);
        self.on_stack[i] = true;
        self.calls.push((p, 0));
    }

    /// Whether `from` reaches `to` (both in the graph).
    pub(super) fn may_reach(&self, from: Potential, to: Potential) -> bool {
        let (a, b) = (
            self.comp[from.index()] as usize,
            self.comp[to.index()] as usize,
        );
        b <= a && self.reach[a * REACH_WORDS + b / 64] >> (b % 64) & 1 != 0
    }

    /// False when "c on" provably cannot reach "c off" (in the graph `g`, with the cell
    /// rule).
    pub(super) fn may_refute(
        &self,
        grid: &[u16; 81],
        places: &[u128; 9],
        g: &PassGraph,
        c: Candidate,
        y: bool,
    ) -> bool {
        let on = Potential::new(c, true);
        if g.live.has(c) {
            return self.may_reach(on, Potential::new(c, false));
        }
        // "c off" is reached only from the "on" of a candidate that turns it off.
        let (cell, d) = (c.cell().index(), c.digit().index());
        let mut m = if y { grid[cell] & !(1 << d) } else { 0 };
        while m != 0 {
            let e = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.may_reach(on, Potential::new(Candidate::new(cell, e), true)) {
                return true;
            }
        }
        // The cells of its row, column and box holding the digit (what turns it off
        // is a link, whatever the rules' peers), from its plane (not a test per peer).
        let mut m = places[d] & PEER_MASKS[cell];
        while m != 0 {
            let o = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.may_reach(on, Potential::new(Candidate::new(o, d), true)) {
                return true;
            }
        }
        false
    }

    /// False when `p` lies on no simple cycle of 4 potentials or more, or no cycle
    /// through it can eliminate anything: no candidate of `grid` sees an "on" and an
    /// "off" potential of its digit in `p`'s component.
    pub(super) fn on_cycle(&self, p: Potential) -> bool {
        self.elim[self.comp[p.index()] as usize]
    }
}
