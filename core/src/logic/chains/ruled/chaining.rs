//! One propagation from one assumption under a variant's rules ([`Run`]): Sukaku
//! Explainer's `doChaining` over the rules' groups (every pending "on" first, then one
//! "off"; dynamic chains take each processed "off" out of their working grid, and what
//! a rule needed removed becomes a hidden parent), stopping at the first contradiction;
//! with nesting, the rules of its level whenever nothing is left to propagate.

use super::graph::{PotGraph, ROOT};
use super::inner::{InnerRule, InnerRules, NestedHint, NO_CAUSE};
use super::level1;
use super::links::{RuledGrid, RuledLinks};
use crate::logic::chains::levels2to4::plain::plain;
use crate::logic::primitives::*;
use std::rc::Rc;

/// How a run propagates.
#[derive(Clone, Copy)]
pub(crate) struct RunMode {
    /// Removes each "off" from the working grid once processed (nishio and dynamic).
    pub(crate) dynamic: bool,
    /// Uses the cell rules (off for nishio).
    pub(crate) cell_rule: bool,
    /// Nesting level: 1 applies the level-1 rules ([`level1`]) when nothing is left
    /// to propagate (the dynamic forcing chains (+)); 2 to 4 those, then the inner
    /// chain rules of the level ([`InnerRule::of_level`]); 0 none.
    pub(crate) level: u8,
    /// The nesting limit of level 4 (the level of its inner dynamic chains).
    pub(crate) limit: u8,
}

/// What a run with nesting (level 1 and up) reads besides the grid: the level-1 hints
/// and the inner chain rules (kept by the search: `InnerRules`), and the interrupt hook
/// the inner searches call.
pub(crate) struct Nest<'a, 'c> {
    pub(crate) rules: &'a dyn InnerRules,
    pub(crate) check: &'a mut (dyn FnMut() + 'c),
}

/// The potentials a fresh run has room for before its lists grow.
const RUN_ROOM: usize = 384;

/// The potentials one assumption makes, each once with its parents, in the order made.
pub(crate) struct Run {
    graph: PotGraph,
    /// Per node, the rule that made it (`inner::NO_CAUSE` for the assumption and "off"s).
    cause: Vec<u8>,
    /// The "off" nodes a nested rule's inner chain hint made, ascending, with the hint.
    inner: Vec<(u32, Rc<NestedHint>)>,
    /// The node of each potential (by `Potential::index`), `u32::MAX` for none.
    node: Vec<u32>,
    /// The nodes made "on" and "off", in order.
    pub(crate) on_list: Vec<u32>,
    pub(crate) off_list: Vec<u32>,
    /// The contradiction met: the nodes of a candidate both "on" and "off".
    pub(crate) absurd: Option<(u32, u32)>,
    /// The candidates made "off" (index 0, those of `off_list`) and "on" (1, `on_list`).
    made: [CandSet; 2],
    /// Storage a propagation lists in (what an "on" turns off, the parents of what an
    /// "off" turns on), kept with the run so that making it again allocates nothing.
    scratch: (Vec<Candidate>, Vec<u32>),
}

impl Run {
    /// Propagates `start` on `grid` under the rules.
    pub(crate) fn new(
        grid: &RuledGrid,
        links: &RuledLinks,
        start: Potential,
        mode: RunMode,
        nest: Option<&mut Nest>,
    ) -> Run {
        // Room for a typical run (a few hundred potentials) before the lists grow: a
        // run makes each potential at most once, and a search keeps up to one run a
        // candidate, so room for all of them in every run would cost ~40 KB a run.
        let run = Run {
            graph: PotGraph::with_capacity(RUN_ROOM),
            cause: Vec::with_capacity(RUN_ROOM),
            inner: Vec::new(),
            node: vec![u32::MAX; NPOT],
            on_list: Vec::with_capacity(RUN_ROOM / 2),
            off_list: Vec::with_capacity(RUN_ROOM / 2),
            absurd: None,
            made: [CandSet::EMPTY; 2],
            scratch: (Vec::new(), Vec::new()),
        };
        run.again(grid, links, start, mode, nest)
    }

    /// [`Run::new`] in this run's storage (what it held is forgotten): the same run,
    /// without allocating afresh.
    pub(crate) fn again(
        mut self,
        grid: &RuledGrid,
        links: &RuledLinks,
        start: Potential,
        mode: RunMode,
        nest: Option<&mut Nest>,
    ) -> Run {
        for n in 0..self.graph.len() {
            self.node[self.graph.pot(n).index()] = u32::MAX;
        }
        self.graph.clear();
        self.cause.clear();
        self.inner.clear();
        self.on_list.clear();
        self.off_list.clear();
        self.absurd = None;
        self.made = [CandSet::EMPTY; 2];
        self.add(start, ROOT, NO_CAUSE);
        let mut scratch = std::mem::take(&mut self.scratch);
        self.propagate(grid, links, mode, nest, &mut scratch);
        self.scratch = scratch;
        self
    }

    /// The node of potential `p` in this run, if it was made.
    pub(crate) fn get(&self, p: Potential) -> Option<u32> {
        let n = self.node[p.index()];
        (n != u32::MAX).then_some(n)
    }

    pub(crate) fn has(&self, p: Potential) -> bool {
        self.node[p.index()] != u32::MAX
    }

    /// The candidates this run made "on" (`on`) or "off".
    pub(crate) fn made(&self, on: bool) -> &CandSet {
        &self.made[usize::from(on)]
    }

    pub(crate) fn pot(&self, n: u32) -> Potential {
        self.graph.pot(n)
    }

    /// The parents of node `n`, as nodes (the one that fired the rule first).
    pub(crate) fn parents(&self, n: u32) -> &[u32] {
        self.graph.parents(n)
    }

    /// The complexity of the chain to node `n` (its distinct ancestors).
    pub(crate) fn ancestors(&self, n: u32) -> u32 {
        self.graph.ancestors(n)
    }

    /// A lower bound of the complexity of the chain to node `n`, a potential this run
    /// made (the nodes of its path: each of another potential).
    pub(crate) fn least_ancestors(&self, n: u32) -> u32 {
        self.graph.depth(n)
    }

    /// [`Run::least_ancestors`] of potential `p`, which this run made.
    pub(crate) fn least_ancestors_of(&self, p: Potential) -> u32 {
        self.least_ancestors(self.node[p.index()])
    }

    /// The graph of this run's nodes.
    pub(crate) fn graph(&self) -> &PotGraph {
        &self.graph
    }

    /// The rule that made node `n` (`inner::NO_CAUSE` for none).
    pub(crate) fn cause(&self, n: u32) -> u8 {
        self.cause[n as usize]
    }

    /// True where a nested rule's inner chain hint made some of this run's "off"s.
    pub(crate) fn has_inner(&self) -> bool {
        !self.inner.is_empty()
    }

    /// The inner chain hint that made node `n`, if one did.
    pub(crate) fn inner_of(&self, n: u32) -> Option<&Rc<NestedHint>> {
        let i = self.inner.binary_search_by_key(&n, |&(m, _)| m).ok()?;
        Some(&self.inner[i].1)
    }

    /// A node of `p` with these parents and cause, not registered as `p`'s (a
    /// contradiction's second version of its candidate).
    fn push(&mut self, p: Potential, parents: &[u32], cause: u8) -> u32 {
        self.cause.push(cause);
        self.graph.push(p, parents)
    }

    fn add(&mut self, p: Potential, parents: &[u32], cause: u8) -> u32 {
        let n = self.push(p, parents, cause);
        self.node[p.index()] = n;
        self.made[usize::from(p.is_on())].set(p.candidate());
        if p.is_on() {
            self.on_list.push(n);
        } else {
            self.off_list.push(n);
        }
        n
    }

    fn propagate(
        &mut self,
        source: &RuledGrid,
        links: &RuledLinks,
        mode: RunMode,
        mut nest: Option<&mut Nest>,
        (offs, parents): &mut (Vec<Candidate>, Vec<u32>),
    ) {
        let mut work = source.clone();
        let mut ons = [(Candidate::default(), 0u8); 11];
        let (mut on_head, mut off_head) = (0, 0);
        // The working grid of the last ask for nested hints, whose hints were all
        // processed "off" since (`level1::hints_since`).
        let mut asked: Option<RuledGrid> = None;
        loop {
            if on_head < self.on_list.len() {
                let n = self.on_list[on_head];
                on_head += 1;
                links.on_to_off(&work, self.pot(n).candidate(), mode.cell_rule, offs);
                for &q in offs.iter() {
                    if let Some(on) = self.get(Potential::new(q, true)) {
                        let off = self.push(Potential::new(q, false), &[n], NO_CAUSE);
                        self.absurd = Some((on, off));
                        return;
                    }
                    if !self.has(Potential::new(q, false)) {
                        self.add(Potential::new(q, false), &[n], NO_CAUSE);
                    }
                }
            } else if off_head < self.off_list.len() {
                let n = self.off_list[off_head];
                off_head += 1;
                let c = self.pot(n).candidate();
                // The rules read the working grid before `c` leaves it.
                let k = links.off_to_on(&work, c, mode.cell_rule, true, &mut ons);
                for &(q, rule) in &ons[..k] {
                    let found_off = self.get(Potential::new(q, false));
                    if found_off.is_none() && self.has(Potential::new(q, true)) {
                        continue;
                    }
                    // Every candidate the working grid lost was processed "off".
                    parents.clear();
                    parents.push(n);
                    links.hidden_parents(&work, source, q, rule, |h| parents.extend(self.get(h)));
                    let on = if found_off.is_some() {
                        self.push(Potential::new(q, true), parents, rule)
                    } else {
                        self.add(Potential::new(q, true), parents, rule)
                    };
                    if let Some(off) = found_off {
                        self.absurd = Some((on, off));
                        return;
                    }
                }
                if mode.dynamic {
                    links.remove(&mut work, c);
                }
            } else if mode.level == 0 {
                return;
            } else {
                debug_assert!(mode.dynamic, "nested runs remove their \"off\"s");
                let grids = (source, &work, asked.as_ref());
                if !self.nested_offs(grids, links, mode, &mut nest) {
                    return;
                }
                asked = Some(work.clone());
            }
        }
    }

    /// Adds the "off"s of the level-1 hints on `work` not yet made (`nest`'s, found
    /// afresh without one; `asked`: the working grid of this run's last ask, see
    /// `level1::hints_since`), each with the nodes of its rule parents (every one a
    /// removal of this run, so made); where there are none and the level is 2 or more,
    /// those of the hints of the first inner chain rule of the level that has any resting
    /// on this run's removals. True if any was added. As in Sukaku Explainer, an "off"
    /// added here is not checked against the "on"s.
    fn nested_offs(
        &mut self,
        (source, work, asked): (&RuledGrid, &RuledGrid, Option<&RuledGrid>),
        links: &RuledLinks,
        mode: RunMode,
        nest: &mut Option<&mut Nest>,
    ) -> bool {
        let before = self.off_list.len();
        let mut parents = Vec::new();
        let asked = asked.filter(|_| !plain());
        let level1 = match nest.as_deref() {
            Some(nest) => nest.rules.level1_hints(source, work, asked),
            // (A run outside a search: none of the producers makes one.)
            None => Rc::new(level1::hints_since(links, source, work, asked)),
        };
        for h in level1.iter() {
            parents.clear();
            parents.extend(h.parents.iter().filter_map(|&p| self.get(p)));
            debug_assert_eq!(parents.len(), h.parents.len(), "rule parents are removals");
            for &c in &h.removes {
                if !self.has(Potential::new(c, false)) {
                    self.add(Potential::new(c, false), &parents, NO_CAUSE);
                }
            }
        }
        if level1.is_empty() && mode.level >= 2 {
            let nest = nest
                .as_deref_mut()
                .expect("the inner rules of a nested run");
            for &rule in InnerRule::of_level(mode.level, mode.limit) {
                if self.inner_offs(source, links, work, nest, rule) {
                    break;
                }
            }
        }
        self.off_list.len() > before
    }

    /// Adds the "off"s of the hints of the inner chain rule `rule` on `work` that rest on
    /// this run's removals (their rule parents), each made by its hint; true if any hint
    /// has rule parents (Sukaku Explainer then tries no further rule).
    fn inner_offs(
        &mut self,
        source: &RuledGrid,
        links: &RuledLinks,
        work: &RuledGrid,
        nest: &mut Nest,
        rule: InnerRule,
    ) -> bool {
        let (mut pots, mut parents) = (Vec::new(), Vec::new());
        let mut any = false;
        for h in nest.rules.hints(rule, work, nest.check).iter() {
            h.rule_parents(links, (source, work), &mut pots);
            if pots.is_empty() {
                continue;
            }
            any = true;
            parents.clear();
            parents.extend(pots.iter().filter_map(|&p| self.get(p)));
            debug_assert_eq!(parents.len(), pots.len(), "rule parents are removals");
            for &c in &h.removes {
                if !self.has(Potential::new(c, false)) {
                    let n = self.add(Potential::new(c, false), &parents, NO_CAUSE);
                    self.inner.push((n, Rc::clone(h)));
                }
            }
        }
        any
    }
}
