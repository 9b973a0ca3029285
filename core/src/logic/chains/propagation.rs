//! One propagation from one assumption, with the parents of every potential it makes
//! ([`Propagation`]): breadth-first in Sukaku Explainer's exact order, stopping at the
//! first contradiction, and the ancestor counts that measure a chain's complexity.

use super::work_grid::*;
use crate::logic::primitives::*;

/// `ParentSpan::len` of a potential whose one parent is in `ParentSpan::one`.
const ONE_PARENT: u16 = u16::MAX;

/// Where a potential's parents are (see `Propagation::par`): one entry, so that recording and
/// reading them touch one place.
#[derive(Clone, Copy, Default)]
struct ParentSpan {
    start: u32,
    len: u16,
    one: Potential,
}

/// One propagation from one assumption: the potentials it makes on and off, in the
/// order found, each with its parents, and the contradiction if one was met.
pub struct Propagation {
    pub on: CandSet,
    pub off: CandSet,
    pub on_list: Vec<Candidate>,
    pub off_list: Vec<Candidate>,
    /// Each potential's parents: `arena[start..start + len]`, or, where `len` is
    /// `ONE_PARENT` (an "off" turned off by one "on"), the one in `one`.
    par: Vec<ParentSpan>,
    arena: Vec<Potential>,
    /// Ancestor counts found in this run: `generation << 16 | count` (a count of an
    /// older generation is stale).
    anc: Vec<u32>,
    anc_gen: u32,
    /// The contradiction: the potential found both on (its on version) and off.
    pub absurd: Option<Candidate>,
    /// The stack of [`Propagation::ancestors`] (NPOT slots).
    stack: Vec<Potential>,
}

/// How a propagation runs.
#[derive(Clone, Copy)]
pub struct Mode {
    /// Removes each "off" potential from the working grid as it is processed.
    pub dynamic: bool,
    /// Uses the cell rules (bivalue cell, other digits of the cell); off for nishio.
    pub cell_rule: bool,
    /// Nesting level (0: none; 1: locked candidates, pairs and X-wings on the grid the
    /// chain has reduced).
    pub level: u8,
    /// The nested rules applied at `level` above 0 (`chains::level1::advanced`): given to
    /// the propagation by whoever sets the level, so that the propagation does not
    /// depend on the rules, which are built on it.
    pub nested_rules: NestedRules,
}

/// The nested rules a propagation applies, at a level above 0, when it has nothing left
/// to propagate: given the propagation, the grid it started from, the grid it has
/// reduced and the level, they add "off" potentials with [`Propagation::add_off`].
pub type NestedRules = fn(&mut Propagation, &WorkGrid, &WorkGrid, u8);

/// The nested rules of a propagation without nesting (level 0): none.
pub fn no_nested_rules(_: &mut Propagation, _: &WorkGrid, _: &WorkGrid, _: u8) {}

impl Default for Propagation {
    fn default() -> Self {
        Propagation {
            on: CandSet::EMPTY,
            off: CandSet::EMPTY,
            on_list: Vec::with_capacity(NCAND),
            off_list: Vec::with_capacity(NCAND),
            par: vec![ParentSpan::default(); NPOT],
            arena: Vec::with_capacity(4 * NPOT),
            anc: vec![0; NPOT],
            anc_gen: 1,
            absurd: None,
            stack: vec![Potential::default(); NPOT],
        }
    }
}

impl Propagation {
    fn reset(&mut self) {
        // The ancestor counts of the last run become stale with a new generation (all
        // cleared once every 65,535 runs, when the generation wraps).
        self.anc_gen += 1;
        if self.anc_gen > 0xFFFF {
            self.anc.iter_mut().for_each(|a| *a = 0);
            self.anc_gen = 1;
        }
        self.on.clear();
        self.off.clear();
        self.on_list.clear();
        self.off_list.clear();
        self.arena.clear();
        self.absurd = None;
    }

    fn set_parents(&mut self, p: Potential, parents: &[Potential]) {
        self.par[p.index()] = ParentSpan {
            start: self.arena.len() as u32,
            len: parents.len() as u16,
            one: Potential::default(),
        };
        self.arena.extend_from_slice(parents);
    }

    /// The number of distinct potentials `p` rests on, itself included (Sukaku
    /// Explainer's chain complexity of one target).
    pub fn ancestors(&mut self, p: Potential) -> u32 {
        let a = self.anc[p.index()];
        if a >> 16 == self.anc_gen {
            return a & 0xFFFF;
        }
        // A depth-first walk over the parents; each potential enters the stack (of
        // NPOT slots) at most once.
        let mut visited = [0u64; NPOT.div_ceil(64)];
        let stack = &mut self.stack[..];
        let (par, arena) = (&self.par[..], &self.arena[..]);
        stack[0] = p;
        let mut top = 1usize;
        visited[p.index() >> 6] |= 1 << (p.index() & 63);
        let mut n = 0u32;
        while top > 0 {
            top -= 1;
            let q = stack[top];
            n += 1;
            let ParentSpan { start, len, one } = par[q.index()];
            if len == ONE_PARENT {
                let r = one;
                let (w, b) = (r.index() >> 6, r.index() & 63);
                if visited[w] >> b & 1 == 0 {
                    visited[w] |= 1 << b;
                    stack[top] = r;
                    top += 1;
                }
                continue;
            }
            let s = start as usize;
            for &r in &arena[s..s + len as usize] {
                let (w, b) = (r.index() >> 6, r.index() & 63);
                if visited[w] >> b & 1 == 0 {
                    visited[w] |= 1 << b;
                    stack[top] = r;
                    top += 1;
                }
            }
        }
        self.anc[p.index()] = self.anc_gen << 16 | n;
        n
    }

    /// The "on" potentials made (`on`) or the "off" ones, in the order made.
    #[inline]
    pub fn list(&self, on: bool) -> &[Candidate] {
        if on {
            &self.on_list
        } else {
            &self.off_list
        }
    }

    /// Complexity of the contradiction: the ancestors of both its potentials.
    pub fn absurd_complexity(&mut self) -> u32 {
        let c = self.absurd.expect("a contradiction");
        self.ancestors(Potential::new(c, true)) + self.ancestors(Potential::new(c, false))
    }

    /// Propagates the assumption `start` on `grid` (Sukaku Explainer's order: every
    /// pending "on" first, then one "off", and at the end, with nesting, one round of the
    /// nested rules). Stops at the first contradiction, recorded in `absurd`.
    pub fn propagate(&mut self, source: &WorkGrid, start: Potential, mode: Mode) {
        self.reset();
        let mut work = *source;
        let sc = start.candidate();
        if start.is_on() {
            self.on.set(sc);
            self.on_list.push(sc);
        } else {
            self.off.set(sc);
            self.off_list.push(sc);
        }
        self.set_parents(start, &[]);
        let (mut on_head, mut off_head) = (0usize, 0usize);
        loop {
            if on_head < self.on_list.len() {
                let c = self.on_list[on_head];
                on_head += 1;
                let parent = Potential::new(c, true);
                let mut absurd = None;
                work.on_to_off(c, mode.cell_rule, |q| {
                    if absurd.is_some() {
                        return;
                    }
                    if self.on.has(q) {
                        absurd = Some(q);
                    } else if !self.off.has(q) {
                        self.off.set(q);
                        self.off_list.push(q);
                        self.par[Potential::new(q, false).index()] = ParentSpan {
                            start: 0,
                            len: ONE_PARENT,
                            one: parent,
                        };
                    }
                });
                if let Some(q) = absurd {
                    self.set_parents(Potential::new(q, false), &[parent]);
                    self.absurd = Some(q);
                    return;
                }
                continue;
            }
            if off_head < self.off_list.len() {
                let c = self.off_list[off_head];
                off_head += 1;
                let parent = Potential::new(c, false);
                // What this "off" turns on is added at once, in order (the rules read
                // the working grid before `c` leaves it); the first one found off is
                // the contradiction, and nothing after it is added. One already on
                // keeps the parents found first (its hidden parents are not listed).
                let mut fired = [(Candidate::default(), 0u8); 4];
                let n = work.off_fires(c, mode.cell_rule, &mut fired);
                for &(q, group) in &fired[..n] {
                    let found_off = self.off.has(q);
                    if !found_off && self.on.has(q) {
                        continue;
                    }
                    if !found_off {
                        self.on.set(q);
                        self.on_list.push(q);
                    }
                    let mut hidden = [Potential::default(); 9];
                    let k = work.hidden_parents(source, q, group, &mut hidden);
                    let p = Potential::new(q, true).index();
                    self.par[p] = ParentSpan {
                        start: self.arena.len() as u32,
                        len: 1 + k as u16,
                        one: Potential::default(),
                    };
                    self.arena.push(parent);
                    self.arena.extend_from_slice(&hidden[..k]);
                    if found_off {
                        self.absurd = Some(q);
                        return;
                    }
                }
                if mode.dynamic {
                    work.remove(c);
                }
                continue;
            }
            if mode.level > 0 {
                let before = self.off_list.len();
                (mode.nested_rules)(self, source, &work, mode.level);
                if self.off_list.len() > before {
                    continue;
                }
            }
            break;
        }
    }

    /// True when this run reached potential `p` (its parents are those of this run).
    pub fn reached(&self, p: Potential) -> bool {
        let c = p.candidate();
        if p.is_on() {
            self.on.has(c) || self.absurd == Some(c)
        } else {
            self.off.has(c) || self.absurd == Some(c)
        }
    }

    /// The parents of potential `p`, which this run reached ([`Propagation::reached`]):
    /// the one that fired the rule first, then its hidden or rule parents; none for the
    /// assumption.
    pub fn parents(&self, p: Potential) -> &[Potential] {
        let span = &self.par[p.index()];
        if span.len == ONE_PARENT {
            std::slice::from_ref(&span.one)
        } else {
            let start = span.start as usize;
            &self.arena[start..start + span.len as usize]
        }
    }

    /// Adds an "off" potential found by a nested rule (not already off), with parents.
    pub fn add_off(&mut self, c: Candidate, parents: &[Potential]) {
        if !self.off.has(c) {
            self.off.set(c);
            self.off_list.push(c);
            self.set_parents(Potential::new(c, false), parents);
        }
    }
}
