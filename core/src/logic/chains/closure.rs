//! Closures without parents on the static links: the links themselves ([`Links`]), one
//! potential's closure with its depths ([`StaticClosure`]), and every potential's closure
//! at once, through the strongly connected components of the links ([`ClosureTable`]).

use super::work_grid::*;
use crate::logic::primitives::*;

/// The links of one grid for static chains (no removals): what each candidate's "on"
/// turns off (as a set) and what its "off" turns on (at most 4), as [`Propagation::propagate`]
/// applies them with `dynamic` false. Built once per search.
pub struct Links {
    turns_off: Vec<CandSet>,
    turns_on: Vec<[Candidate; 4]>,
    n_on: Vec<u8>,
    /// The candidates whose "off" turns something on.
    linked: CandSet,
    /// What each candidate's "on" turns off among `linked`, ascending (at most the 8
    /// other digits of its cell and its 20 peers): the edges [`ClosureTable`] follows, listed
    /// once per search rather than found again in the 12 words of `turns_off` at each
    /// of its two walks.
    linked_offs: Vec<[Candidate; 28]>,
    n_linked_offs: Vec<u8>,
}

impl Default for Links {
    fn default() -> Self {
        Links {
            turns_off: vec![CandSet::EMPTY; NCAND],
            turns_on: vec![[Candidate::default(); 4]; NCAND],
            n_on: vec![0; NCAND],
            linked: CandSet::EMPTY,
            linked_offs: vec![[Candidate::default(); 28]; NCAND],
            n_linked_offs: vec![0; NCAND],
        }
    }
}

impl Links {
    /// The links of `board`'s candidates (other entries are left as they were: only
    /// candidates of the grid are ever reached).
    pub fn build(&mut self, board: &WorkGrid, cell_rule: bool) {
        self.linked.clear();
        for cell in 0..81 {
            let mut m = board.cands[cell];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let c = Candidate::new(cell, d);
                let set = &mut self.turns_off[c.index()];
                set.clear();
                board.on_to_off(c, cell_rule, |q| set.set(q));
                let (to, n) = (&mut self.turns_on[c.index()], &mut self.n_on[c.index()]);
                *n = 0;
                let mut fired = [(Candidate::default(), 0u8); 4];
                let k = board.off_fires(c, cell_rule, &mut fired);
                for &(q, _) in &fired[..k] {
                    to[*n as usize] = q;
                    *n += 1;
                }
                if *n > 0 {
                    self.linked.set(c);
                }
            }
        }
        for cell in 0..81 {
            let mut m = board.cands[cell];
            while m != 0 {
                let c = Candidate::new(cell, m.trailing_zeros() as usize).index();
                m &= m - 1;
                let (list, n) = (&mut self.linked_offs[c], &mut self.n_linked_offs[c]);
                *n = 0;
                for (w, (&t, &l)) in self.turns_off[c]
                    .0
                    .iter()
                    .zip(self.linked.0.iter())
                    .enumerate()
                {
                    let mut bits = t & l;
                    while bits != 0 {
                        list[*n as usize] =
                            Candidate::from_index(w * 64 + bits.trailing_zeros() as usize);
                        bits &= bits - 1;
                        *n += 1;
                    }
                }
            }
        }
    }
}

/// A static propagation without parents: the sets of potentials one assumption implies
/// and each one's distance from it in the link graph, or that it meets a contradiction.
///
/// Why it gives the same sets as [`Propagation::propagate`] (static mode): the rules there are
/// fixed links, so a propagation that meets no contradiction ends with exactly the
/// potentials reachable from the assumption, whatever the order; and it meets one iff
/// some candidate is reachable both on and off (everything it adds is reachable, and
/// without a contradiction it adds everything reachable). With a contradiction the sets
/// [`Propagation::propagate`] leaves depend on its order: `conflict` says so, and the caller
/// propagates again with [`Propagation::propagate`]. The queue is first in, first out, so `dist`
/// is the length of the shortest path from the assumption; a potential's chain in
/// [`Propagation::propagate`] is one such path, so its ancestor count is at least `dist + 1`.
pub struct StaticClosure {
    pub on: CandSet,
    pub off: CandSet,
    /// Distance from the assumption of each potential of the sets (saturating at 255:
    /// still a lower bound).
    dist: Vec<u8>,
    queue: Vec<Potential>,
    /// A candidate is reachable both on and off (the sets are then incomplete).
    pub conflict: bool,
}

impl Default for StaticClosure {
    fn default() -> Self {
        StaticClosure {
            on: CandSet::EMPTY,
            off: CandSet::EMPTY,
            dist: vec![0; NPOT],
            queue: Vec::with_capacity(NPOT),
            conflict: false,
        }
    }
}

impl StaticClosure {
    /// A lower bound of the ancestor count [`Propagation::propagate`] gives potential `p` of the
    /// sets (without a conflict).
    pub fn least_ancestors(&self, links: &Links, p: Potential) -> u32 {
        debug_assert!(
            !self.conflict,
            "the depths of a closure stopped at a conflict"
        );
        let c = p.candidate();
        if p.is_on() || links.linked.has(c) || p == self.queue[0] {
            return self.dist[p.index()] as u32 + 1;
        }
        // An "off" without links was not queued: it came from the first "on" of the
        // queue (in order of distance) that turns it off.
        for &o in &self.queue {
            if o.is_on() && links.turns_off[o.candidate().index()].has(c) {
                return self.dist[o.index()] as u32 + 2;
            }
        }
        unreachable!("a potential of the sets")
    }

    /// Propagates `start` along `links` (stops at the first conflict).
    pub fn close(&mut self, links: &Links, start: Potential) {
        self.on.clear();
        self.off.clear();
        self.queue.clear();
        self.conflict = false;
        let sc = start.candidate();
        if start.is_on() {
            self.on.set(sc);
        } else {
            self.off.set(sc);
        }
        self.dist[start.index()] = 0;
        self.queue.push(start);
        let mut head = 0;
        while head < self.queue.len() {
            let p = self.queue[head];
            head += 1;
            let c = p.candidate().index();
            let next = self.dist[p.index()].saturating_add(1);
            if p.is_on() {
                for (w, &to) in links.turns_off[c].0.iter().enumerate() {
                    let mut new = to & !self.off.0[w];
                    if new == 0 {
                        continue;
                    }
                    if new & self.on.0[w] != 0 {
                        self.conflict = true;
                        return;
                    }
                    self.off.0[w] |= new;
                    // Only an "off" with links turns anything on: the others need no turn
                    // (their distance is found when asked, see `least_ancestors`).
                    new &= links.linked.0[w];
                    while new != 0 {
                        let q = Candidate::from_index(w * 64 + new.trailing_zeros() as usize);
                        new &= new - 1;
                        self.dist[Potential::new(q, false).index()] = next;
                        self.queue.push(Potential::new(q, false));
                    }
                }
            } else {
                for i in 0..links.n_on[c] as usize {
                    let q = links.turns_on[c][i];
                    if self.off.has(q) {
                        self.conflict = true;
                        return;
                    }
                    if !self.on.has(q) {
                        self.on.set(q);
                        let qp = Potential::new(q, true);
                        self.dist[qp.index()] = next;
                        self.queue.push(qp);
                    }
                }
            }
        }
    }
}

/// What every potential of a grid implies along static [`Links`], for all of them at
/// once: the set a [`StaticClosure`] closure from it would reach (without stopping at a
/// conflict). Reachability is shared along the links, so the strongly connected
/// components of the link graph (Tarjan) each get one set, built from the sets of the
/// components they lead to (completed first). An "off" without links reaches only
/// itself and is left out of the graph (the "on" that turns it off adds it).
pub struct ClosureTable {
    /// Visit order (0: not visited), lowest order reachable on the stack, component.
    index: Vec<u16>,
    low: Vec<u16>,
    comp: Vec<u16>,
    on_stack: Vec<bool>,
    stack: Vec<Potential>,
    /// Depth-first frames: potential and its next link.
    frames: Vec<(Potential, u8)>,
    /// Each component's set (`on`, `off`).
    sets: Vec<(CandSet, CandSet)>,
    /// `merged[k]`: the last component whose set took component `k`'s in.
    merged: Vec<u16>,
}

impl Default for ClosureTable {
    fn default() -> Self {
        ClosureTable {
            index: vec![0; NPOT],
            low: vec![0; NPOT],
            comp: vec![0; NPOT],
            on_stack: vec![false; NPOT],
            stack: Vec::with_capacity(NPOT),
            frames: Vec::with_capacity(NPOT),
            sets: Vec::with_capacity(NPOT),
            merged: vec![u16::MAX; NPOT],
        }
    }
}

impl ClosureTable {
    /// The next potential of the graph `p` leads to, from the frame's position.
    #[inline]
    fn next_child(links: &Links, frame: &mut (Potential, u8)) -> Option<Potential> {
        let (p, ref mut i) = *frame;
        let c = p.candidate().index();
        if p.is_on() {
            if (*i as usize) < links.n_linked_offs[c] as usize {
                *i += 1;
                Some(Potential::new(links.linked_offs[c][*i as usize - 1], false))
            } else {
                None
            }
        } else if (*i as usize) < links.n_on[c] as usize {
            *i += 1;
            Some(Potential::new(links.turns_on[c][*i as usize - 1], true))
        } else {
            None
        }
    }

    /// Computes the sets of the "on" potential of every candidate of `grid`.
    pub fn build(&mut self, links: &Links, grid: &[u16; 81]) {
        self.index.iter_mut().for_each(|x| *x = 0);
        self.merged.iter_mut().for_each(|x| *x = u16::MAX);
        self.sets.clear();
        let mut order = 0u16;
        for (cell, &cands) in grid.iter().enumerate() {
            let mut m = cands;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let root = Potential::new(Candidate::new(cell, d), true);
                if self.index[root.index()] != 0 {
                    continue;
                }
                order += 1;
                self.index[root.index()] = order;
                self.low[root.index()] = order;
                self.on_stack[root.index()] = true;
                self.stack.push(root);
                self.frames.push((root, 0));
                while let Some(frame) = self.frames.last_mut() {
                    let p = frame.0;
                    if let Some(q) = Self::next_child(links, frame) {
                        let qi = q.index();
                        if self.index[qi] == 0 {
                            order += 1;
                            self.index[qi] = order;
                            self.low[qi] = order;
                            self.on_stack[qi] = true;
                            self.stack.push(q);
                            self.frames.push((q, 0));
                        } else if self.on_stack[qi] {
                            self.low[p.index()] = self.low[p.index()].min(self.index[qi]);
                        }
                        continue;
                    }
                    self.frames.pop();
                    if self.low[p.index()] == self.index[p.index()] {
                        self.close_component(links, p);
                    }
                    if let Some(parent) = self.frames.last() {
                        let pp = parent.0.index();
                        self.low[pp] = self.low[pp].min(self.low[p.index()]);
                    }
                }
            }
        }
    }

    /// Pops the component rooted at `p` from the stack and builds its set.
    fn close_component(&mut self, links: &Links, p: Potential) {
        let id = self.sets.len() as u16;
        let start = self
            .stack
            .iter()
            .rposition(|&x| x == p)
            .expect("on the stack");
        for &x in &self.stack[start..] {
            self.on_stack[x.index()] = false;
            self.comp[x.index()] = id;
        }
        let (mut on, mut off) = (CandSet::EMPTY, CandSet::EMPTY);
        for i in start..self.stack.len() {
            let x = self.stack[i];
            let c = x.candidate();
            if x.is_on() {
                on.set(c);
                for (o, t) in off.0.iter_mut().zip(links.turns_off[c.index()].0.iter()) {
                    *o |= t;
                }
            } else {
                off.set(c);
            }
            // The components it leads to are complete (earlier ids), or this one.
            let mut frame = (x, 0u8);
            while let Some(q) = Self::next_child(links, &mut frame) {
                let k = self.comp[q.index()];
                if self.on_stack[q.index()] || k == id || self.merged[k as usize] == id {
                    continue;
                }
                self.merged[k as usize] = id;
                let (so, sf) = &self.sets[k as usize];
                for w in 0..WORDS {
                    on.0[w] |= so.0[w];
                    off.0[w] |= sf.0[w];
                }
            }
        }
        self.stack.truncate(start);
        self.sets.push((on, off));
    }

    /// The sets `p` reaches (a potential of the graph: an "on" of the grid).
    #[inline]
    pub fn of(&self, p: Potential) -> &(CandSet, CandSet) {
        &self.sets[self.comp[p.index()] as usize]
    }
}
