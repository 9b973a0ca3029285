//! The multiple forcing chains searches of the nested levels, with parents everywhere:
//! dynamic (an outer producer of level 2 to 4, or the inner rule of level 4) and static
//! (the inner rule of level 3), giving every hint to a [`Collect`] in Sukaku
//! Explainer's discovery order (cells row-major; per digit: contradiction from "on",
//! from "off", double forcing, region chains; after the digits, cell chains), and the
//! nested rules their propagations apply ([`Nest`]).

use super::fcc::{self, FcScratch};
use super::hint::{Measure, Targets};
use super::inner_hint::{sort_and_dedup, InnerHint, CELL_CAUSE, NO_CAUSE};
use super::link_table::LinkTable;
use super::plain::plain;
use super::run::{Advanced, DeepRun};
use crate::logic::chains::best_hint::{BestHint, HintShape, Rated};
use crate::logic::chains::closure::{ClosureTable, Links};
use crate::logic::chains::difficulty::length_bonus;
use crate::logic::chains::kind::{ChainKind, HintKinds};
use crate::logic::chains::level1::{level1_hints, Hint, KeptHints};
use crate::logic::chains::nested_rules::NestedRules;
use crate::logic::chains::work_grid::*;
use crate::logic::memo::bounded::WeighedMap;
use crate::logic::primitives::*;
use std::rc::Rc;

/// Where the hints go: the best one (an outer producer), or every one (an inner rule).
pub(super) enum Collect<'a> {
    Best(&'a mut BestHint),
    All(&'a mut Vec<InnerHint>),
}

/// The slots of `DepthScratch::runs`: the digits' "on" propagations, the current
/// "off", a region's other places.
const VALS: usize = 0;
const OFF: usize = 9;
const REG: usize = 10;
/// How many propagations a search holds at once.
pub(super) const RUNS: usize = 18;
/// How many propagations of regions' other places a search keeps for their own cell and
/// their other regions (which come later in the search).
pub(super) const KEPT: usize = 128;
const NO_START: Potential = Potential::from_index(u16::MAX as usize);

/// Takes the propagation of `start` into `runs[slot]` from the kept ones; false if none.
fn take_kept(
    runs: &mut [DeepRun],
    slot: usize,
    kept: &mut [DeepRun],
    kept_start: &mut [Potential],
    start: Potential,
) -> bool {
    match kept_start.iter().position(|&s| s == start) {
        Some(i) => {
            std::mem::swap(&mut runs[slot], &mut kept[i]);
            kept_start[i] = NO_START;
            true
        }
        None => false,
    }
}

/// Which producer a search is.
#[derive(Clone, Copy)]
pub(super) struct Producer {
    /// Dynamic chains (with contradictions and double forcing), else static multiple.
    pub(super) dynamic: bool,
    /// Nesting level of the propagations (0: none).
    pub(super) level: u8,
    /// The nesting limit of a level-4 producer (its inner dynamic level).
    pub(super) limit: u8,
    pub(super) base: f64,
    pub(super) kinds: HintKinds,
}

impl Producer {
    /// The dynamic producer of `level` (`limit` for level 4).
    pub(super) fn dynamic(level: u8, limit: u8) -> Producer {
        let kinds = if level == 0 {
            HintKinds::DYNAMIC
        } else {
            HintKinds::all(ChainKind::Nested(level))
        };
        Producer {
            dynamic: true,
            level,
            limit,
            base: if level == 0 {
                8.5
            } else {
                8.5 + 0.5 * level as f64
            },
            kinds,
        }
    }

    /// Static multiple forcing chains (cell and region).
    pub(super) fn static_multiple() -> Producer {
        Producer {
            dynamic: false,
            level: 0,
            limit: 0,
            base: 8.0,
            kinds: HintKinds::STATIC,
        }
    }
}

/// One hint found: its chains' ends, what it proves, and how it is rated and shown.
struct Found<'a, 'b> {
    targets: &'b Targets<'a>,
    root: u8,
    proves: Potential,
    key: u8,
    kind: ChainKind,
    shape: HintShape,
}

/// Where a search's hints go and how they rate: the measure of their complexity (with
/// the inner chains they rest on), the collector, the grid, the base difficulty.
pub(super) struct Hints<'h, 'c> {
    measure: &'h mut Measure,
    collect: &'h mut Collect<'c>,
    board: &'h WorkGrid,
    base: f64,
}

impl Hints<'_, '_> {
    fn offer(&mut self, f: Found) {
        let (board, base) = (self.board, self.base);
        let c = f.proves.candidate();
        let cell = c.cell().index();
        let removes: Vec<Candidate> = if f.proves.is_on() {
            (0..9)
                .filter(|&e| e != c.digit().index() && board.cands[cell] >> e & 1 != 0)
                .map(|e| Candidate::new(cell, e))
                .collect()
        } else {
            vec![c]
        };
        if removes.is_empty() {
            return;
        }
        match self.collect {
            Collect::Best(best) => {
                // The flat complexity is a lower bound of the whole.
                let flat = self.measure.flat(f.targets);
                if !best.worth(base + length_bonus(flat), flat, f.key) {
                    return;
                }
                let inner = self.measure.nested(f.targets);
                let cx = flat + inner.iter().map(|h| h.complexity).sum::<u32>();
                let d = base + length_bonus(cx);
                if best.worth(d, cx, f.key) {
                    let kinds: Vec<(ChainKind, Vec<Candidate>)> =
                        inner.iter().map(|h| (h.kind, h.removes.clone())).collect();
                    best.offer_nested(
                        Rated::new(d, cx, f.key, f.kind),
                        &board.cands,
                        f.proves,
                        f.shape,
                        &kinds,
                    );
                }
            }
            Collect::All(list) => {
                list.push(
                    self.measure
                        .inner_hint(f.targets, f.root, removes, base, f.key, f.kind),
                );
            }
        }
    }

    /// The contradiction `run` (the propagation of candidate `c` assumed "on" where
    /// `on`, else "off") met, if any: it proves `c`'s other state.
    fn contradiction(&mut self, run: &DeepRun, c: Candidate, on: bool, kind: ChainKind) {
        if let Some(a) = run.absurd {
            let t = [
                (run, Potential::new(a, true)),
                (run, Potential::new(a, false)),
            ];
            self.offer(Found {
                targets: &t,
                root: NO_CAUSE,
                proves: Potential::new(c, !on),
                key: 7,
                kind,
                shape: HintShape::Contradiction {
                    source: Potential::new(c, on),
                    both: a,
                },
            });
        }
    }

    /// Offers a hint for each potential that every propagation of `runs` makes (in the
    /// order the first made them, "on"s then "off"s), resting on all of them: the
    /// double forcing chains of an assumption (its "on" and "off"), a region's chains
    /// (its places) and a cell's (its digits).
    fn shared(&mut self, runs: &[&DeepRun], root: u8, key: u8, kind: ChainKind, shape: &HintShape) {
        for on in [true, false] {
            for &q in runs[0].list(on) {
                let all = runs[1..]
                    .iter()
                    .all(|r| if on { r.on.has(q) } else { r.off.has(q) });
                if !all {
                    continue;
                }
                let t: Vec<(&DeepRun, Potential)> =
                    runs.iter().map(|&r| (r, Potential::new(q, on))).collect();
                self.offer(Found {
                    targets: &t,
                    root,
                    proves: Potential::new(q, on),
                    key,
                    kind,
                    shape: shape.clone(),
                });
            }
        }
    }

    /// Offers the region chains of digit `d` (0-based) in unit `u`: what the
    /// propagation from its first place (`first`) and those from its other places
    /// (`regs`) all make.
    fn region(
        &mut self,
        kind: ChainKind,
        first: &DeepRun,
        regs: &[DeepRun],
        (u, d): (usize, usize),
    ) {
        let mut runs = vec![first];
        runs.extend(regs.iter());
        let shape = HintShape::Region {
            unit: u as u8,
            digit: Digit::new(d),
        };
        self.shared(&runs, u as u8, 6, kind, &shape);
    }

    /// Offers the cell chains of `cell`: what the propagations from all its digits
    /// (`vals`) make.
    fn cell(&mut self, kind: ChainKind, vals: &[DeepRun], cell: usize) {
        let runs: Vec<&DeepRun> = vals.iter().collect();
        let shape = HintShape::Cell {
            cell: Cell::new(cell),
        };
        self.shared(&runs, CELL_CAUSE, 5, kind, &shape);
    }
}

/// Runs producer `p` on `board`, giving its hints to `collect`; `depths[0]` holds this
/// search's propagations, the deeper ones its nested rules' searches; `rules` are the
/// variant's where they are not the classic ones (`nested_rules`).
pub(super) fn multiple_search(
    board: &WorkGrid,
    p: Producer,
    rules: Option<&dyn NestedRules>,
    depths: &mut [DepthScratch],
    check: &mut dyn FnMut(),
    collect: &mut Collect,
) {
    let (here, deeper) = depths
        .split_first_mut()
        .expect("a scratch for every nesting depth");
    let DepthScratch {
        runs,
        measure,
        kept,
        kept_start,
        kept_next,
        fc,
        closure_links,
        closures,
        level1,
        ..
    } = here;
    kept_start.iter_mut().for_each(|k| *k = NO_START);
    // A static search's propagations read the grid's links from a table, read once,
    // and only those of cells and regions that may give a hint are made (see
    // `static_search`). The plain way ([`plain`]) makes them all on the grid, as the
    // dynamic searches do.
    if !p.dynamic && !plain() {
        // (The table of "Forcing Chains & Cycles" at this depth: its XY pass reads the
        // same links, often on the same grid just before.)
        let links = fc.link_table(board);
        closure_links.build(board, true);
        closures.build(closure_links, &board.cands);
        let mut hints = Hints {
            measure,
            collect,
            board,
            base: p.base,
        };
        return static_search(&mut hints, p.kinds, runs, (links, closures), check);
    }
    // The level-1 hints kept by the last search of this depth: still those of this
    // search when it searched the same grid (the level below's, before this level's on
    // the same position).
    let mut nest = Nest {
        level: p.level,
        limit: p.limit,
        rules,
        deeper,
        check,
        level1: std::mem::replace(level1, KeptHints::new(LEVEL1_KEPT)),
    };
    let kinds = p.kinds;
    let mut hints = Hints {
        measure,
        collect,
        board,
        base: p.base,
    };
    for cell in 0..81 {
        let m = board.cands[cell];
        let card = m.count_ones();
        if card < 2 || (!p.dynamic && card < 3) {
            continue;
        }
        (nest.check)();
        let (digits, n) = digits_of(m);
        for (k, &d) in digits[..n].iter().enumerate() {
            let c = Candidate::new(cell, d);
            {
                let hook: Option<&mut dyn Advanced> =
                    if p.level > 0 { Some(&mut nest) } else { None };
                runs[VALS + k].propagate(board, Potential::new(c, true), p.dynamic, hook);
            }
            if p.dynamic {
                let hook: Option<&mut dyn Advanced> =
                    if p.level > 0 { Some(&mut nest) } else { None };
                runs[OFF].propagate(board, Potential::new(c, false), true, hook);
                let (on_run, off_run) = (&runs[VALS + k], &runs[OFF]);
                // A contradiction from "on" proves "off", and from "off" proves "on".
                hints.contradiction(on_run, c, true, kinds.contradiction);
                hints.contradiction(off_run, c, false, kinds.contradiction);
                if card >= 3 {
                    let shape = HintShape::Double { source: c };
                    hints.shared(&[on_run, off_run], NO_CAUSE, 1, kinds.double, &shape);
                }
            }
            // Region chains: the digit's places in a unit met from its first place.
            for (ku, u) in regions_of(cell).into_iter().enumerate() {
                let Some((places, np)) = region_places(board, cell, ku, u, d, true) else {
                    continue;
                };
                // The other places (the first is this cell).
                let (others, no) = (&places[1..np], np - 1);
                for (j, &o) in others.iter().enumerate() {
                    let start = Potential::new(Candidate::new(o, d), true);
                    if !plain() && take_kept(runs, REG + j, kept, kept_start, start) {
                        continue;
                    }
                    let hook: Option<&mut dyn Advanced> =
                        if p.level > 0 { Some(&mut nest) } else { None };
                    runs[REG + j].propagate(board, start, p.dynamic, hook);
                }
                hints.region(kinds.region, &runs[VALS + k], &runs[REG..REG + no], (u, d));
                // The other places' propagations are kept for their own cell and other
                // regions (the same propagations: one grid, one producer).
                for (j, &o) in others.iter().enumerate() {
                    let r = *kept_next;
                    *kept_next = (r + 1) % KEPT;
                    if kept.len() <= r {
                        kept.push(DeepRun::default());
                    }
                    std::mem::swap(&mut runs[REG + j], &mut kept[r]);
                    kept_start[r] = Potential::new(Candidate::new(o, d), true);
                }
            }
        }
        // Cell chains: what every digit of the cell implies.
        hints.cell(kinds.cell, &runs[VALS..VALS + n], cell);
    }
    *level1 = nest.level1;
}

/// Whether the static propagations of the "on"s of `starts` may make a potential in
/// common: false only when none of them meets a contradiction and their closures
/// (`closures`: what each reaches, see `closure::ClosureTable`) share nothing. A static
/// propagation that meets no contradiction makes exactly its closure, and one that meets
/// one has a closure holding a candidate both ways.
pub(super) fn may_share(closures: &ClosureTable, starts: impl Iterator<Item = Candidate>) -> bool {
    let (mut on, mut off) = (CandSet::EMPTY, CandSet::EMPTY);
    for (i, c) in starts.enumerate() {
        let (r_on, r_off) = closures.of(Potential::new(c, true));
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

/// The static multiple forcing chains on `board` (what [`multiple_search`] does for
/// that producer, the same hints in the same order), making only the propagations of
/// the cells and regions whose propagations may share a potential ([`may_share`]): the
/// others offer nothing. A propagation is the same whenever it is made (a function of
/// the grid and its start), so making fewer changes none of those made.
fn static_search(
    hints: &mut Hints,
    kinds: HintKinds,
    runs: &mut [DeepRun],
    (links, closures): (&LinkTable, &ClosureTable),
    check: &mut dyn FnMut(),
) {
    let board = hints.board;
    for cell in 0..81 {
        let m = board.cands[cell];
        if m.count_ones() < 3 {
            continue;
        }
        check();
        let (digits, n) = digits_of(m);
        // Which of the cell's digits' propagations are made (in `runs[VALS + k]`).
        let mut made = [false; 9];
        for (k, &d) in digits[..n].iter().enumerate() {
            let c = Candidate::new(cell, d);
            for (ku, u) in regions_of(cell).into_iter().enumerate() {
                let Some((places, np)) = region_places(board, cell, ku, u, d, true) else {
                    continue;
                };
                // The other places (the first is this cell).
                let (others, no) = (&places[1..np], np - 1);
                if !may_share(closures, places[..np].iter().map(|&o| Candidate::new(o, d))) {
                    continue;
                }
                if !made[k] {
                    runs[VALS + k].propagate_static(links, Potential::new(c, true));
                    made[k] = true;
                }
                for (j, &o) in others.iter().enumerate() {
                    runs[REG + j]
                        .propagate_static(links, Potential::new(Candidate::new(o, d), true));
                }
                hints.region(kinds.region, &runs[VALS + k], &runs[REG..REG + no], (u, d));
            }
        }
        if !may_share(
            closures,
            digits[..n].iter().map(|&d| Candidate::new(cell, d)),
        ) {
            continue;
        }
        for (k, &d) in digits[..n].iter().enumerate() {
            if !made[k] {
                runs[VALS + k]
                    .propagate_static(links, Potential::new(Candidate::new(cell, d), true));
            }
        }
        hints.cell(kinds.cell, &runs[VALS..VALS + n], cell);
    }
}

/// How many nesting depths have scratch: the outer search, an inner dynamic search
/// (level 4), and the static searches inside that.
pub(super) const DEPTHS: usize = 3;

/// The scratch of the searches of one nesting depth.
pub(super) struct DepthScratch {
    /// The hint lists of the inner rules run at this depth.
    pub(super) lists: RuleLists,
    runs: Vec<DeepRun>,
    measure: Measure,
    fc: FcScratch,
    /// Propagations kept within one search (`kept_start`: their assumptions), made as
    /// needed up to `KEPT`.
    kept: Vec<DeepRun>,
    kept_start: Vec<Potential>,
    kept_next: usize,
    /// The static links of a static search's grid and what each "on" reaches along them.
    closure_links: Links,
    closures: ClosureTable,
    /// The level-1 hints of the last search's grid.
    level1: KeptHints,
}

impl DepthScratch {
    /// Forgets what this depth keeps between searches: the inner rules' hint lists, the
    /// X pass's planes and the level-1 hints.
    pub(super) fn forget(&mut self) {
        self.lists.forget();
        self.fc.forget();
        self.level1 = KeptHints::new(LEVEL1_KEPT);
    }

    /// True when this depth keeps nothing between searches.
    pub(super) fn is_forgotten(&self) -> bool {
        self.lists.0.is_empty() && self.fc.is_forgotten() && self.level1.is_empty()
    }
}

impl Default for DepthScratch {
    fn default() -> Self {
        DepthScratch {
            runs: (0..RUNS).map(|_| DeepRun::default()).collect(),
            measure: Measure::default(),
            fc: FcScratch::default(),
            lists: RuleLists::default(),
            kept: Vec::new(),
            kept_start: vec![NO_START; KEPT],
            kept_next: 0,
            closure_links: Links::default(),
            closures: ClosureTable::default(),
            level1: KeptHints::new(LEVEL1_KEPT),
        }
    }
}

/// The nested rules of a propagation of `level` (see the module's documentation), with
/// the scratch of the deeper searches and the interrupt hook.
pub(super) struct Nest<'a> {
    level: u8,
    limit: u8,
    rules: Option<&'a dyn NestedRules>,
    deeper: &'a mut [DepthScratch],
    check: &'a mut dyn FnMut(),
    level1: KeptHints,
}

impl<'a> Nest<'a> {
    /// The nested rules of the propagations of producer `p` (as `multiple_search` makes
    /// them), whose inner searches use `deeper` (the scratch of the depths below).
    pub(super) fn new(
        p: Producer,
        rules: Option<&'a dyn NestedRules>,
        deeper: &'a mut [DepthScratch],
        check: &'a mut dyn FnMut(),
    ) -> Nest<'a> {
        Nest {
            level: p.level,
            limit: p.limit,
            rules,
            deeper,
            check,
            level1: KeptHints::new(LEVEL1_KEPT),
        }
    }
}

/// The most grids whose level-1 hints a search keeps.
const LEVEL1_KEPT: usize = 1024;

impl Advanced for Nest<'_> {
    fn advanced(&mut self, run: &mut DeepRun, source: &WorkGrid, work: &WorkGrid) {
        (self.check)();
        let rules = self.rules;
        let hints = if plain() {
            Rc::new(level1_under(rules, source, work))
        } else {
            self.level1
                .hints_made(source, work, || level1_under(rules, source, work))
        };
        if !hints.is_empty() {
            for h in hints.iter() {
                for &c in &h.removes {
                    run.add_off(c, &h.parents, None);
                }
            }
            return;
        }
        if self.level >= 4 {
            let list = self.rule_list(RULE_DYNAMIC + self.limit, work);
            add_rule(&list, run, source, work);
            return;
        }
        if self.level >= 2 {
            let list = self.rule_list(RULE_FORCING, work);
            if add_rule(&list, run, source, work) {
                return;
            }
        }
        if self.level >= 3 {
            let list = self.rule_list(RULE_MULTIPLE, work);
            add_rule(&list, run, source, work);
        }
    }
}

/// The level-1 hints on `work` reduced from `source`: the classic rules', or the
/// variant's (`rules`).
fn level1_under(rules: Option<&dyn NestedRules>, source: &WorkGrid, work: &WorkGrid) -> Vec<Hint> {
    match rules {
        Some(rules) => rules.level1_hints(source, work),
        None => level1_hints(source, work),
    }
}

/// The inner rules, as keys of `RuleLists`: forcing chains and cycles, static multiple
/// chains, dynamic chains of level 0 to 3.
const RULE_FORCING: u8 = 0;
const RULE_MULTIPLE: u8 = 1;
const RULE_DYNAMIC: u8 = 2;

/// One inner rule's hints on one grid, sorted and deduplicated.
type RuleList = Rc<Vec<Rc<InnerHint>>>;

/// The most hint lists [`RuleLists`] keeps, and the most 16-bit words their hints may
/// hold in all (removals, causes, chains: 4M words, 8 MB); past either it starts afresh.
/// A list costs about 250 bytes besides its hints (its key, the table's slot, the
/// vector), so the table stays under 12 MB. A hard puzzle's nested steps search tens of
/// thousands of grids; 2,048 lists made the table start afresh every few searches, and
/// 16,384 saves about a tenth of the rating time on ratings 10.6 to 11.5.
pub(super) const LISTS_KEPT: usize = 16_384;
pub(super) const LIST_WORDS_KEPT: usize = 4 << 20;

/// The sorted, deduplicated hint lists of inner rules on the grids they ran on, kept
/// per depth and thread. A rule's list is a function of the grid alone: its searches
/// read nothing else (their own source grid is that grid), and what a list holds
/// (removals, ratings, the causes of the rule parents, the chains) does not depend on the
/// outer search's grid, against which the rule parents are computed at each use. So a
/// list found here is the list the search would make again. Within a step the same grid
/// recurs often: an assumption's propagation and those of other assumptions with the
/// same consequences (the "off" of a bivalue cell's digit and the "on" of the other
/// digit) reduce the grid through the same sequence of grids. A list is stored only
/// once complete (an interrupted search stores nothing).
pub(super) struct RuleLists(WeighedMap<(u8, [u16; 81]), RuleList>);

impl Default for RuleLists {
    fn default() -> Self {
        RuleLists(WeighedMap::new(LISTS_KEPT, LIST_WORDS_KEPT))
    }
}

impl RuleLists {
    pub(super) fn forget(&mut self) {
        self.0.forget();
    }
}

impl Nest<'_> {
    /// The sorted, deduplicated hints of inner rule `rule` on `work`: kept, or searched.
    fn rule_list(&mut self, rule: u8, work: &WorkGrid) -> RuleList {
        let key = (rule, work.cands);
        if let Some(list) = self.deeper[0].lists.0.get(&key).filter(|_| !plain()) {
            return Rc::clone(list);
        }
        let mut list: Vec<InnerHint> = Vec::new();
        match rule {
            RULE_FORCING => {
                let d0 = &mut self.deeper[0];
                fcc::fcc_hints(work, &mut d0.fc, self.rules, self.check, &mut list);
            }
            RULE_MULTIPLE => multiple_search(
                work,
                Producer::static_multiple(),
                self.rules,
                self.deeper,
                self.check,
                &mut Collect::All(&mut list),
            ),
            _ => multiple_search(
                work,
                Producer::dynamic(rule - RULE_DYNAMIC, 0),
                self.rules,
                self.deeper,
                self.check,
                &mut Collect::All(&mut list),
            ),
        }
        sort_and_dedup(&mut list);
        let list = Rc::new(list.into_iter().map(Rc::new).collect::<Vec<_>>());
        let words: usize = list
            .iter()
            .map(|h| 32 + h.removes.len() * 2 + h.causes.len() * 2 + h.chain.len())
            .sum();
        // (The words the kept hints hold weigh the list.)
        self.deeper[0].lists.0.insert(key, Rc::clone(&list), words);
        list
    }
}

/// Adds to `run` the removals of a nested rule's hints (sorted, deduplicated) that have
/// rule parents; true if any had.
fn add_rule(list: &[Rc<InnerHint>], run: &mut DeepRun, source: &WorkGrid, work: &WorkGrid) -> bool {
    let mut any = false;
    let mut parents = Vec::new();
    for h in list {
        h.rule_parents(source, work, &mut parents);
        if parents.is_empty() {
            continue;
        }
        any = true;
        for &c in &h.removes {
            run.add_off(c, &parents, Some(h));
        }
    }
    any
}
