//! Nishio (7.5), multiple (8.0) and dynamic (8.5) forcing chains under a variant's
//! rules: Sukaku Explainer's `getMultipleChainsHintList` over the rules'
//! groups. For each cell (ascending) and each of its digits: the contradictions of the
//! digit's "on" and "off", the double forcing chains, the region forcing chains of the
//! groups whose first place of the digit is the cell; then the cell forcing chains of
//! the cell. Hints are offered in that order, the order of its result list.

use super::chaining::{Nest, Run, RunMode};
use super::inner::{proved_removals, InnerRules, NestedHint, Sink, NO_CAUSE};
use super::links::{RuledGrid, RuledLinks, CELL_RULE};
use super::pass_links::{PassLinks, ROW};
use super::planes::RuledPlanes;
use crate::logic::chains::best_hint::{
    HintShape, Rated, KEY_CELL, KEY_CONTRADICTION, KEY_DOUBLE, KEY_REGION,
};
use crate::logic::chains::difficulty::length_bonus;
use crate::logic::chains::kind::{ChainKind, HintKinds};
use crate::logic::memo::slots;
use crate::logic::primitives::*;
use std::rc::Rc;

/// The most runs a thread keeps between searches ([`KeptRuns`]).
const KEPT_RUNS: usize = 256;

/// Runs kept per thread between searches (`memo::slots`), for their storage alone (a
/// run made again forgets what it held: `Run::again`), so that a search reuses the last
/// one's instead of allocating hundreds afresh. At most [`KEPT_RUNS`] of a few KB to a
/// few tens of KB each.
#[derive(Default)]
struct KeptRuns(Vec<Run>);

impl slots::Memo for KeptRuns {
    fn forget(&mut self) {}
    fn is_forgotten(&self) -> bool {
        // Storage only: nothing of an earlier search is read.
        true
    }
}

/// Which producer runs (nishio, multiple, dynamic, with nesting or not).
#[derive(Clone, Copy)]
pub(crate) struct Flat {
    pub(crate) mode: RunMode,
    /// Region forcing chains over groups of three places or more, and cell forcing
    /// chains from cells of three candidates or more.
    pub(crate) multiple: bool,
    pub(crate) nishio: bool,
    pub(crate) base: f64,
    pub(crate) kinds: HintKinds,
}

impl Flat {
    /// Static multiple forcing chains (8.0).
    pub(crate) fn static_multiple() -> Flat {
        Flat {
            mode: RunMode {
                dynamic: false,
                cell_rule: true,
                level: 0,
                limit: 0,
            },
            multiple: true,
            nishio: false,
            base: 8.0,
            kinds: HintKinds::STATIC,
        }
    }

    /// Dynamic forcing chains (8.5) and, with nesting `level` 1 to 4 (`limit` for 4),
    /// the dynamic forcing chains (+) and the nested producers (9.0 to 10.5).
    pub(crate) fn dynamic(level: u8, limit: u8) -> Flat {
        Flat {
            mode: RunMode {
                dynamic: true,
                cell_rule: true,
                level,
                limit,
            },
            multiple: true,
            nishio: false,
            base: 8.5 + 0.5 * f64::from(level),
            kinds: match level {
                0 => HintKinds::DYNAMIC,
                _ => HintKinds::all(ChainKind::Nested(level)),
            },
        }
    }
}

/// What the searches of one grid share.
struct Search<'a, 'c> {
    grid: &'a RuledGrid,
    links: &'a RuledLinks,
    flat: Flat,
    sink: Sink<'a>,
    /// The level-1 hints and inner chain rules of runs with nesting (level 1 and up).
    inner: Option<&'a dyn InnerRules>,
    /// The interrupt hook, called per cell and given to nested runs.
    check: &'a mut (dyn FnMut() + 'c),
    /// The run of each candidate assumed "on", made once for the search: a run depends
    /// only on the grid, the rules, its start and the mode, so the run a region test
    /// needs for another place is the one that place's cell makes (or made) for itself.
    /// Bounded by the grid: one run per candidate, each of at most 1,459 potentials (a
    /// few MB where the chains are reached, with a few hundred candidates left).
    on_runs: Vec<Option<Run>>,
    /// Runs done with, whose storage the next runs reuse.
    spare: Vec<Run>,
    /// For nishio with its shortcut: the digits' planes under the rules' groups.
    planes: Option<RuledPlanes>,
    /// For static multiple chains with their shortcut: their links (both rules) and
    /// reach rows.
    statics: Option<&'a PassLinks>,
    /// The set tests count a chain at its path's length first ([`Search::may_take`]).
    bounded: bool,
}

/// Offers every hint of producer `flat` on `grid` to `sink`; where `shortcuts`, nishio
/// reads its planes and static multiple chains the reach rows of `both` (the links of
/// the cell and region rules, given for them) first, and the set tests count each chain
/// at its path's length before its ancestors (the tests compare both ways). Runs with
/// nesting (level 1 and up) take their level-1 hints and inner rules from `inner`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_with(
    grid: &RuledGrid,
    links: &RuledLinks,
    both: Option<&PassLinks>,
    flat: Flat,
    sink: Sink,
    inner: Option<&dyn InnerRules>,
    check: &mut dyn FnMut(),
    shortcuts: bool,
) {
    let planes = (shortcuts && flat.nishio).then(|| RuledPlanes::new(grid, links));
    // Static runs (multiple chains) take the cell and region rules: `both`'s links.
    debug_assert!(flat.mode.dynamic || flat.mode.cell_rule);
    let statics = both.filter(|_| shortcuts && !flat.mode.dynamic);
    let mut kept = slots::Kept::<KeptRuns>::take();
    let bounded = shortcuts && !sink.takes_all();
    let mut s = Search {
        grid,
        links,
        flat,
        sink,
        inner,
        check,
        on_runs: (0..NCAND).map(|_| None).collect(),
        spare: std::mem::take(&mut kept.0),
        planes,
        statics,
        bounded,
    };
    for cell in 0..81 {
        let k = grid.cands[cell].count_ones();
        if k > 2 || (k > 1 && flat.mode.dynamic) {
            (s.check)();
            s.cell(cell, k);
        }
    }
    let mut spare = s.spare;
    spare.extend(s.on_runs.into_iter().flatten().take(KEPT_RUNS));
    spare.truncate(KEPT_RUNS);
    kept.0 = spare;
}

impl Search<'_, '_> {
    fn run(&mut self, start: Potential) -> Run {
        let (grid, links, mode) = (self.grid, self.links, self.flat.mode);
        let mut nest = self.inner.filter(|_| mode.level >= 1).map(|rules| Nest {
            rules,
            check: &mut *self.check,
        });
        match self.spare.pop() {
            Some(run) => run.again(grid, links, start, mode, nest.as_mut()),
            None => Run::new(grid, links, start, mode, nest.as_mut()),
        }
    }

    /// The run of `c` assumed "on", taken out of the search's store (made if it was
    /// not); [`Search::put_back`] returns it.
    fn take_on(&mut self, c: Candidate) -> Run {
        match self.on_runs[c.index()].take() {
            Some(run) => run,
            None => self.run(Potential::new(c, true)),
        }
    }

    fn put_back(&mut self, c: Candidate, run: Run) {
        self.on_runs[c.index()] = Some(run);
    }

    /// Offers the hint proving `proves` whose chains end at `targets` (a run and its
    /// node each): to the best sink rated by its complexity (flat, plus the inner chain
    /// hints it rests on), to the sink of every hint as a [`NestedHint`] (`root`: the
    /// cause of the assumptions, the cell rule for a cell forcing chain, the group for a
    /// region forcing chain).
    fn offer(
        &mut self,
        targets: &[(&Run, u32)],
        root: u8,
        (key, kind): (u8, ChainKind),
        proves: Potential,
        shape: HintShape,
    ) {
        let base = self.flat.base;
        let flat: u32 = targets.iter().map(|&(run, n)| run.ancestors(n)).sum();
        match &mut self.sink {
            Sink::Best(best) => {
                let inner = if targets.iter().any(|(run, _)| run.has_inner()) {
                    inner_hints(targets)
                } else {
                    Vec::new()
                };
                let complexity = flat + inner.iter().map(|h| h.complexity).sum::<u32>();
                let d = base + length_bonus(complexity);
                if best.worth(d, complexity, key) {
                    let kinds: Vec<(ChainKind, Vec<Candidate>)> =
                        inner.iter().map(|h| (h.kind, h.removes.clone())).collect();
                    let rated = Rated::new(d, complexity, key, kind);
                    best.offer_nested(rated, &self.grid.cands, proves, shape, &kinds);
                }
            }
            Sink::All(list) => {
                let removes = proved_removals(&self.grid.cands, proves);
                list.extend(nested_hint(targets, root, removes, (base, flat, key, kind)));
            }
        }
    }

    /// `getMultipleChainsHintListForCell`.
    fn cell(&mut self, cell: usize, k: u32) {
        if self.planes.is_some() {
            return self.nishio_cell(cell);
        }
        if self.statics.is_some() {
            return self.static_cell(cell, k);
        }
        let (dynamic, nishio) = (self.flat.mode.dynamic, self.flat.nishio);
        let mut runs = Vec::new();
        let mut m = self.grid.cands[cell];
        while m != 0 {
            let c = Candidate::new(cell, m.trailing_zeros() as usize);
            m &= m - 1;
            let on = self.take_on(c);
            // The "off" run gives contradictions and double forcing chains only, which
            // static multiple chains do not look for (Sukaku Explainer makes it anyway,
            // to no effect).
            if dynamic || nishio {
                let off = self.run(Potential::new(c, false));
                self.contradiction(&on, c, true);
                self.contradiction(&off, c, false);
                if k >= 3 && !nishio {
                    self.double(&on, &off, c);
                }
                self.spare.push(off);
            }
            if !nishio {
                self.regions(c, &on);
            }
            runs.push(on);
        }
        if !nishio && (k == 2 || self.flat.multiple) {
            self.cell_chains(cell, &runs);
        }
        let mut m = self.grid.cands[cell];
        for run in runs {
            let c = Candidate::new(cell, m.trailing_zeros() as usize);
            m &= m - 1;
            self.put_back(c, run);
        }
    }

    /// [`Search::cell`] for nishio, making the runs of the assumptions whose plane meets
    /// a contradiction only (the others offer nothing).
    fn nishio_cell(&mut self, cell: usize) {
        let mut m = self.grid.cands[cell];
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let c = Candidate::new(cell, d);
            let planes = self.planes.as_ref().expect("nishio's planes");
            let contradicts = [true, false].map(|on| planes.nishio_contradicts(d, cell, on));
            for (on, contradicts) in [true, false].into_iter().zip(contradicts) {
                if contradicts {
                    let run = self.run(Potential::new(c, on));
                    self.contradiction(&run, c, on);
                    self.spare.push(run);
                }
            }
        }
    }

    /// The contradiction `run` met (from `c` "on" where `on`): it proves `c`'s other
    /// state.
    fn contradiction(&mut self, run: &Run, c: Candidate, on: bool) {
        let Some((both, other)) = run.absurd else {
            return;
        };
        let shape = HintShape::Contradiction {
            source: Potential::new(c, on),
            both: run.pot(both).candidate(),
        };
        let kind = self.flat.kinds.contradiction;
        let targets = [(run, both), (run, other)];
        let proves = Potential::new(c, !on);
        self.offer(&targets, NO_CAUSE, (KEY_CONTRADICTION, kind), proves, shape);
    }

    /// False where a hint of sort key `key` whose complexity is at least `least` cannot
    /// replace the best: its rating grows with its complexity, and only a strictly
    /// better hint replaces the best (`BestHint::worth`), so its complexity need not be
    /// counted (the set tests below count each chain at its path's length first).
    fn may_take(&self, least: u32, key: u8) -> bool {
        !self.bounded
            || self
                .sink
                .worth(self.flat.base + length_bonus(least), least, key)
    }

    /// Double forcing chains: what both `c`'s "on" and "off" make, in the order the
    /// "on" made them ("on"s first).
    fn double(&mut self, on: &Run, off: &Run, c: Candidate) {
        let Some(both) = made_by_all([on, off]) else {
            return;
        };
        for list in [&on.on_list, &on.off_list] {
            for &n in list {
                let p = on.pot(n);
                if both.has(p) {
                    let other = off.get(p).expect("made");
                    let least = on.least_ancestors(n) + off.least_ancestors(other);
                    if !self.may_take(least, KEY_DOUBLE) {
                        continue;
                    }
                    let kind = self.flat.kinds.double;
                    let shape = HintShape::Double { source: c };
                    let targets = [(on, n), (off, other)];
                    self.offer(&targets, NO_CAUSE, (KEY_DOUBLE, kind), p, shape);
                }
            }
        }
    }

    /// Region forcing chains of `c`'s digit in each group of `c`'s cell (type order)
    /// where the cell is the digit's first place and the places are two (or more, with
    /// `multiple`): each potential every place's "on" makes.
    fn regions(&mut self, c: Candidate, on: &Run) {
        for &slot in self.links.groups_of(c.cell().index()) {
            if let Some(places) = self.region_places(c, slot) {
                self.region(c, slot, &places, on);
            }
        }
    }

    /// The places of `c`'s digit in group `slot` where a region forcing chain is looked
    /// for from `c` (its cell the first place, two places or more with `multiple`).
    fn region_places(&self, c: Candidate, slot: u8) -> Option<Vec<usize>> {
        let cells = self.links.cells_of(usize::from(slot));
        let mut m = self
            .links
            .places(self.grid, usize::from(slot), c.digit().index());
        let mut places = Vec::with_capacity(9);
        while m != 0 {
            places.push(usize::from(cells[m.trailing_zeros() as usize]));
            m &= m - 1;
        }
        let worth = places.len() == 2 || (self.flat.multiple && places.len() > 2);
        (worth && places[0] == c.cell().index()).then_some(places)
    }

    /// The region forcing chains of `c`'s digit over `places` of group `slot`.
    fn region(&mut self, c: Candidate, slot: u8, places: &[usize], on: &Run) {
        let d = c.digit().index();
        let others: Vec<Run> = places[1..]
            .iter()
            .map(|&o| self.take_on(Candidate::new(o, d)))
            .collect();
        if let Some(all) = made_by_all(std::iter::once(on).chain(&others)) {
            self.region_offers(c, slot, on, &others, &all);
        }
        for (&o, run) in places[1..].iter().zip(others) {
            self.put_back(Candidate::new(o, d), run);
        }
    }

    /// [`Search::region`]'s hints: each potential `all` the runs made, in the order `on`
    /// made them ("on"s first), over the runs `others` of the other places.
    fn region_offers(&mut self, c: Candidate, slot: u8, on: &Run, others: &[Run], all: &MadeByAll) {
        let d = c.digit().index();
        for list in [&on.on_list, &on.off_list] {
            for &n in list {
                let p = on.pot(n);
                if !all.has(p) {
                    continue;
                }
                let least = on.least_ancestors(n)
                    + others.iter().map(|r| r.least_ancestors_of(p)).sum::<u32>();
                if !self.may_take(least, KEY_REGION) {
                    continue;
                }
                let shape = HintShape::Region {
                    unit: slot,
                    digit: Digit::new(d),
                };
                let kind = self.flat.kinds.region;
                let targets: Vec<(&Run, u32)> = std::iter::once((on, n))
                    .chain(others.iter().map(|r| (r, r.get(p).expect("made"))))
                    .collect();
                self.offer(&targets, slot, (KEY_REGION, kind), p, shape);
            }
        }
    }

    /// [`Search::cell`] for static multiple chains with the reach rows of their links:
    /// a region or cell test whose runs' starts reach no potential in common and meet no
    /// contradiction offers nothing (a static run that meets none makes exactly what its
    /// start reaches, and one whose start reaches a contradiction meets one), so its
    /// runs are not made. The tests that may offer run as [`Search::cell`] runs them,
    /// in its order.
    fn static_cell(&mut self, cell: usize, k: u32) {
        let mut m = self.grid.cands[cell];
        while m != 0 {
            let c = Candidate::new(cell, m.trailing_zeros() as usize);
            m &= m - 1;
            for &slot in self.links.groups_of(cell) {
                let Some(places) = self.region_places(c, slot) else {
                    continue;
                };
                let d = c.digit().index();
                if self.may_share(places.iter().map(|&o| Candidate::new(o, d))) {
                    let on = self.take_on(c);
                    self.region(c, slot, &places, &on);
                    self.put_back(c, on);
                }
            }
        }
        self.cell_test(cell, k);
    }

    /// The cell forcing chains of `cell` (with [`Search::static_cell`]), where they are
    /// looked for and may offer a hint.
    fn cell_test(&mut self, cell: usize, k: u32) {
        let mut digits = Vec::with_capacity(9);
        let mut m = self.grid.cands[cell];
        while m != 0 {
            digits.push(Candidate::new(cell, m.trailing_zeros() as usize));
            m &= m - 1;
        }
        if (k == 2 || self.flat.multiple) && self.may_share(digits.iter().copied()) {
            let runs: Vec<Run> = digits.iter().map(|&c| self.take_on(c)).collect();
            self.cell_chains(cell, &runs);
            for (&c, run) in digits.iter().zip(runs) {
                self.put_back(c, run);
            }
        }
    }

    /// False where the static runs of `starts` "on" surely offer nothing together; true
    /// where some start reaches a contradiction (a candidate both on and off: its run
    /// stops there, somewhere) or all reach a potential in common.
    fn may_share(&self, starts: impl Iterator<Item = Candidate>) -> bool {
        let pass = self.statics.as_ref().expect("the static links");
        let mut common = [u64::MAX; ROW];
        for c in starts {
            let row = pass.reach_of(Potential::new(c, true));
            // Bit 2i is candidate i's "off", bit 2i + 1 its "on".
            if row
                .iter()
                .any(|&w| w & (w >> 1) & 0x5555_5555_5555_5555 != 0)
            {
                return true;
            }
            for (w, &r) in common.iter_mut().zip(row) {
                *w &= r;
            }
        }
        common.iter().any(|&w| w != 0)
    }

    /// Cell forcing chains: each potential every digit's "on" makes, in the order of the
    /// first digit's run ("on"s first).
    fn cell_chains(&mut self, cell: usize, runs: &[Run]) {
        let first = &runs[0];
        let Some(all) = made_by_all(runs) else {
            return;
        };
        for list in [&first.on_list, &first.off_list] {
            for &n in list {
                let p = first.pot(n);
                if !all.has(p) {
                    continue;
                }
                let least = runs.iter().map(|r| r.least_ancestors_of(p)).sum::<u32>();
                if !self.may_take(least, KEY_CELL) {
                    continue;
                }
                let shape = HintShape::Cell {
                    cell: Cell::new(cell),
                };
                let kind = self.flat.kinds.cell;
                let targets: Vec<(&Run, u32)> =
                    runs.iter().map(|r| (r, r.get(p).expect("made"))).collect();
                self.offer(&targets, CELL_RULE, (KEY_CELL, kind), p, shape);
            }
        }
    }
}

/// The potentials every one of `runs` made (`None` where there is none): a set test's
/// potentials, read a word at a time before its lists are walked in order.
fn made_by_all<'r>(runs: impl IntoIterator<Item = &'r Run>) -> Option<MadeByAll> {
    let mut runs = runs.into_iter();
    let first = runs.next()?;
    let mut all = MadeByAll([*first.made(false), *first.made(true)]);
    for run in runs {
        for (on, set) in all.0.iter_mut().enumerate() {
            set.intersect(run.made(on == 1));
        }
    }
    (!all.0.iter().all(CandSet::is_empty)).then_some(all)
}

/// The candidates made "off" and "on" by every run of a set test ([`made_by_all`]).
struct MadeByAll([CandSet; 2]);

impl MadeByAll {
    fn has(&self, p: Potential) -> bool {
        self.0[usize::from(p.is_on())].has(p.candidate())
    }
}

/// The distinct inner chain hints the chains ending at `targets` rest on (distinct as
/// whole chains, the first met standing for its equals), in the order met.
fn inner_hints(targets: &[(&Run, u32)]) -> Vec<Rc<NestedHint>> {
    let mut found: Vec<Rc<NestedHint>> = Vec::new();
    for &(run, n) in targets {
        run.graph().walk(n, |m| {
            if let Some(h) = run.inner_of(m) {
                if !found.iter().any(|f| Rc::ptr_eq(f, h) || f.chain == h.chain) {
                    found.push(Rc::clone(h));
                }
            }
        });
    }
    found
}

/// The hint whose chains end at `targets` as a nested rule keeps it (see
/// [`Search::offer`]); `flat`: its flat complexity. `None` where it removes nothing.
fn nested_hint(
    targets: &[(&Run, u32)],
    root: u8,
    removes: Vec<Candidate>,
    (base, flat, key, kind): (f64, u32, u8, ChainKind),
) -> Option<NestedHint> {
    if removes.is_empty() {
        return None;
    }
    let mut causes = Vec::new();
    let mut chain = vec![targets.len() as u16];
    for &(run, n) in targets {
        chain.push(run.pot(n).index() as u16);
        let at = chain.len();
        chain.push(0);
        let count = run.graph().walk(n, |m| {
            let p = run.pot(m);
            chain.push(p.index() as u16);
            if p.is_on() {
                let cause = match run.cause(m) {
                    NO_CAUSE if run.parents(m).is_empty() => root,
                    c => c,
                };
                if cause != NO_CAUSE {
                    causes.push((p.candidate(), cause));
                }
            }
        });
        chain[at] = count as u16;
    }
    let nested: u32 = inner_hints(targets).iter().map(|h| h.complexity).sum();
    NestedHint::new(removes, (base, flat + nested, key, kind), causes, chain)
}
