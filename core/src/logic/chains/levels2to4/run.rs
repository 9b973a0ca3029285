//! One propagation of a nested search ([`DeepRun`]): Sukaku Explainer's breadth-first
//! order (every pending "on", then one "off", then, when nothing is pending, the nested
//! rules), like `propagation::Propagation`, but each potential also keeps what the
//! ratings of nested chains need: the rule that made an "on" (its cell or its unit, for
//! the rule parents of a hint built on it) and, for an "off" a nested rule added, the
//! inner hint it came from (for the nested complexity). A walker ([`Walker`]) reads a
//! potential's ancestry breadth-first, in the order Sukaku Explainer lists it.

use super::inner_hint::{InnerHint, NO_CAUSE};
use super::link_table::LinkTable;
use crate::logic::chains::work_grid::*;
use crate::logic::primitives::*;
use std::rc::Rc;

/// The nested rules a propagation applies when nothing is pending (see `levels2to4::Nest`).
pub(super) trait Advanced {
    fn advanced(&mut self, run: &mut DeepRun, source: &WorkGrid, work: &WorkGrid);
}

/// One propagation from one assumption, with every potential's parents, the cause of
/// each "on", and the inner hints behind the "off"s nested rules added.
pub(super) struct DeepRun {
    pub(super) on: CandSet,
    pub(super) off: CandSet,
    pub(super) on_list: Vec<Candidate>,
    pub(super) off_list: Vec<Candidate>,
    /// Parents of potential p: `arena[start[p]..start[p] + len[p]]`.
    start: Vec<u32>,
    len: Vec<u16>,
    arena: Vec<Potential>,
    /// Per potential: its cause (`NO_CAUSE`, `CELL_CAUSE` or a unit).
    pub(super) cause: Vec<u8>,
    /// Per candidate in `advanced`: the index in `inner` of the hint that removed it
    /// (`NO_INNER`: a level-1 rule's).
    nested: Vec<u32>,
    /// The candidates whose "off" a nested rule added.
    pub(super) advanced: CandSet,
    /// The inner chain hints the "off"s of `advanced` rest on.
    pub(super) inner: Vec<Rc<InnerHint>>,
    /// The contradiction: the candidate found both on and off.
    pub(super) absurd: Option<Candidate>,
}

const NO_INNER: u32 = u32::MAX;

impl Default for DeepRun {
    fn default() -> Self {
        DeepRun {
            on: CandSet::EMPTY,
            off: CandSet::EMPTY,
            on_list: Vec::with_capacity(NCAND),
            off_list: Vec::with_capacity(NCAND),
            start: vec![0; NPOT],
            len: vec![0; NPOT],
            arena: Vec::with_capacity(4 * NPOT),
            cause: vec![NO_CAUSE; NPOT],
            nested: vec![NO_INNER; NCAND],
            advanced: CandSet::EMPTY,
            inner: Vec::new(),
            absurd: None,
        }
    }
}

impl DeepRun {
    /// The "on" potentials made (`on`) or the "off" ones, in the order made.
    #[inline]
    pub(super) fn list(&self, on: bool) -> &[Candidate] {
        if on {
            &self.on_list
        } else {
            &self.off_list
        }
    }

    fn reset(&mut self) {
        self.on.clear();
        self.off.clear();
        self.on_list.clear();
        self.off_list.clear();
        self.arena.clear();
        self.advanced.clear();
        self.inner.clear();
        self.absurd = None;
    }

    /// Starts afresh from potential `start` (made, without parents).
    fn begin(&mut self, start: Potential) {
        self.reset();
        let sc = start.candidate();
        if start.is_on() {
            self.on.set(sc);
            self.on_list.push(sc);
        } else {
            self.off.set(sc);
            self.off_list.push(sc);
        }
        self.set_parents(start, &[], NO_CAUSE);
    }

    #[inline]
    fn set_parents(&mut self, p: Potential, parents: &[Potential], cause: u8) {
        self.start[p.index()] = self.arena.len() as u32;
        self.len[p.index()] = parents.len() as u16;
        self.arena.extend_from_slice(parents);
        self.cause[p.index()] = cause;
    }

    /// The parents of potential `p` (made in this run).
    #[inline]
    pub(super) fn parents(&self, p: Potential) -> &[Potential] {
        let s = self.start[p.index()] as usize;
        &self.arena[s..s + self.len[p.index()] as usize]
    }

    /// True when this run reached potential `p` (the contradiction's candidate both
    /// ways).
    pub(super) fn reached(&self, p: Potential) -> bool {
        let c = p.candidate();
        let made = if p.is_on() { &self.on } else { &self.off };
        made.has(c) || self.absurd == Some(c)
    }

    /// The inner chain hint behind potential `p`, if a nested rule's chain hint added it.
    #[inline]
    pub(super) fn inner_of(&self, p: Potential) -> Option<&Rc<InnerHint>> {
        if p.is_on() || !self.advanced.has(p.candidate()) {
            return None;
        }
        match self.nested[p.candidate().index()] {
            NO_INNER => None,
            i => Some(&self.inner[i as usize]),
        }
    }

    /// Propagates `start` on `source` (dynamic: each processed "off" leaves the working
    /// grid, and the candidates `source` has and the working grid lost become hidden
    /// parents), applying `level1` whenever nothing is pending; stops at the first
    /// contradiction.
    pub(super) fn propagate(
        &mut self,
        source: &WorkGrid,
        start: Potential,
        dynamic: bool,
        mut nested: Option<&mut dyn Advanced>,
    ) {
        self.begin(start);
        let mut work = *source;
        let (mut on_head, mut off_head) = (0usize, 0usize);
        loop {
            if on_head < self.on_list.len() {
                let c = self.on_list[on_head];
                on_head += 1;
                let parent = Potential::new(c, true);
                let mut absurd = None;
                let mut made = [Candidate::default(); 28];
                let mut n = 0;
                work.on_to_off(c, true, |q| {
                    if absurd.is_some() {
                        return;
                    }
                    if self.on.has(q) {
                        absurd = Some(q);
                    } else if !self.off.has(q) {
                        self.off.set(q);
                        self.off_list.push(q);
                        made[n] = q;
                        n += 1;
                    }
                });
                for &q in &made[..n] {
                    self.set_parents(Potential::new(q, false), &[parent], NO_CAUSE);
                }
                if let Some(q) = absurd {
                    self.set_parents(Potential::new(q, false), &[parent], NO_CAUSE);
                    self.absurd = Some(q);
                    return;
                }
                continue;
            }
            if off_head < self.off_list.len() {
                let c = self.off_list[off_head];
                off_head += 1;
                let parent = Potential::new(c, false);
                let mut fired = [(Candidate::default(), 0u8); 4];
                let n = work.off_fires(c, true, &mut fired);
                for &(q, group) in &fired[..n] {
                    let found_off = self.off.has(q);
                    if !found_off && self.on.has(q) {
                        continue;
                    }
                    if !found_off {
                        self.on.set(q);
                        self.on_list.push(q);
                    }
                    let mut hidden = [Potential::default(); 10];
                    hidden[0] = parent;
                    let k = work.hidden_parents(source, q, group, {
                        let (_, rest) = hidden.split_at_mut(1);
                        rest.try_into().expect("9 slots")
                    });
                    self.set_parents(Potential::new(q, true), &hidden[..1 + k], group);
                    if found_off {
                        self.absurd = Some(q);
                        return;
                    }
                }
                if dynamic {
                    work.remove(c);
                }
                continue;
            }
            if let Some(rules) = nested.as_deref_mut() {
                let before = self.off_list.len();
                rules.advanced(self, source, &work);
                if self.off_list.len() > before {
                    continue;
                }
            }
            break;
        }
    }

    /// Propagates `start` statically on the grid whose links `links` holds (all of them:
    /// cell and unit rules), stopping at the first contradiction: what
    /// [`DeepRun::propagate`] does without `dynamic` and without nested rules, each link
    /// read from the table instead of the grid. There the working grid stays the source
    /// (nothing is removed), so no "on" has hidden parents, and the table's lists are
    /// the grid's links in the order the grid gives them: the same potentials, in the
    /// same order, with the same parents and causes (compared in the tests).
    pub(super) fn propagate_static(&mut self, links: &LinkTable, start: Potential) {
        self.begin(start);
        let (mut on_head, mut off_head) = (0usize, 0usize);
        loop {
            if on_head < self.on_list.len() {
                let c = self.on_list[on_head];
                on_head += 1;
                let parent = Potential::new(c, true);
                for &(q, _) in links.offs(c) {
                    if self.on.has(q) {
                        self.set_parents(Potential::new(q, false), &[parent], NO_CAUSE);
                        self.absurd = Some(q);
                        return;
                    }
                    if !self.off.has(q) {
                        self.off.set(q);
                        self.off_list.push(q);
                        self.set_parents(Potential::new(q, false), &[parent], NO_CAUSE);
                    }
                }
                continue;
            }
            if off_head < self.off_list.len() {
                let c = self.off_list[off_head];
                off_head += 1;
                let parent = Potential::new(c, false);
                for &(q, group) in links.ons(c) {
                    let found_off = self.off.has(q);
                    if !found_off && self.on.has(q) {
                        continue;
                    }
                    if !found_off {
                        self.on.set(q);
                        self.on_list.push(q);
                    }
                    self.set_parents(Potential::new(q, true), &[parent], group);
                    if found_off {
                        self.absurd = Some(q);
                        return;
                    }
                }
                continue;
            }
            break;
        }
    }

    /// Adds the "off" of `c` (unless already off) with its rule parents, made by a
    /// nested rule (`inner`: the chain hint, if the rule was a chain search).
    pub(super) fn add_off(
        &mut self,
        c: Candidate,
        parents: &[Potential],
        inner: Option<&Rc<InnerHint>>,
    ) {
        if self.off.has(c) {
            return;
        }
        self.off.set(c);
        self.off_list.push(c);
        self.set_parents(Potential::new(c, false), parents, NO_CAUSE);
        self.advanced.set(c);
        self.nested[c.index()] = match inner {
            Some(h) => {
                // The same hint adds its removals one after another: kept once.
                if !self.inner.last().is_some_and(|l| Rc::ptr_eq(l, h)) {
                    self.inner.push(Rc::clone(h));
                }
                (self.inner.len() - 1) as u32
            }
            None => NO_INNER,
        };
    }
}

/// Reads ancestries breadth-first in Sukaku Explainer's order (`ChainingHint.getChain`:
/// the potential, its parents in order, their parents, ...; each potential once).
#[derive(Default)]
pub(super) struct Walker {
    seen: Vec<u32>,
    gen: u32,
    cur: Vec<Potential>,
    next: Vec<Potential>,
}

impl Walker {
    /// Calls `f` with each potential of `p`'s ancestry in `run` (itself first), in
    /// breadth-first order; returns how many (the ancestor count of the complexity).
    pub(super) fn walk(
        &mut self,
        run: &DeepRun,
        p: Potential,
        mut f: impl FnMut(Potential),
    ) -> u32 {
        if self.seen.len() < NPOT {
            self.seen = vec![0; NPOT];
        }
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.gen = 1;
        }
        let g = self.gen;
        self.cur.clear();
        self.next.clear();
        self.cur.push(p);
        self.seen[p.index()] = g;
        let mut n = 0;
        while !self.cur.is_empty() {
            for i in 0..self.cur.len() {
                let q = self.cur[i];
                n += 1;
                f(q);
                for &r in run.parents(q) {
                    if self.seen[r.index()] != g {
                        self.seen[r.index()] = g;
                        self.next.push(r);
                    }
                }
            }
            std::mem::swap(&mut self.cur, &mut self.next);
            self.next.clear();
        }
        n
    }
}
