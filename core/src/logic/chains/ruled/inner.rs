//! What the nested producers (levels 2 to 4) under a variant's rules keep of an inner
//! chain hint ([`NestedHint`]), and where a search's hints go ([`Sink`]: the best one
//! for a producer of the ladder, every one for a nested rule).
//!
//! A nested rule (Sukaku Explainer's `Chaining.getAdvancedPotentials` from level 2 on)
//! runs an inner chain producer on the grid W a chain has reduced from the step's grid
//! S, takes every hint it finds (sorted by difficulty, complexity and sort key, the
//! order found breaking ties, equal removals once), and adds each hint's removals as
//! "off" potentials whose parents are its rule parents (`ChainingHint.getRuleParents`):
//! the candidates S has and W lost where the "on"s of its chains were made, in the cell
//! (an "on" of the cell rule, or the assumption of a cell forcing chain: every digit)
//! or in the group (an "on" of a group's rule, or the assumption of a region forcing
//! chain: the digit's places). A hint with none holds without the outer chain and is
//! skipped. A hint resting on inner hints counts their complexity besides its own
//! (`getNestedComplexity`), each whole chain once.

use super::links::{RuledGrid, RuledLinks, CELL_RULE};
use crate::logic::chains::best_hint::BestHint;
use crate::logic::chains::difficulty::{self, length_bonus};
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::level1::Hint;
use crate::logic::primitives::*;
use std::rc::Rc;

/// The cause of a potential no rule made (an assumption; an "off" where causes are not
/// read). The others: [`CELL_RULE`] for the cell rule, a group's slot for its rule.
pub(crate) const NO_CAUSE: u8 = 254;

/// One hint of an inner chain producer, independent of the outer grids.
pub(crate) struct NestedHint {
    /// The candidates it removes, in the order their "off"s are added.
    pub(crate) removes: Vec<Candidate>,
    /// The same, ascending (what equal hints share).
    removal_set: Vec<Candidate>,
    pub(crate) difficulty: f64,
    /// Its flat complexity plus its inner hints' (each whole chain once).
    pub(crate) complexity: u32,
    key: u8,
    pub(crate) kind: ChainKind,
    /// The "on" potentials of its chains that a rule made, with the rule, in the order
    /// the rule parents are collected (targets in order, each breadth first).
    causes: Vec<(Candidate, u8)>,
    /// The whole chain as numbers (how many targets, then per target its potential, the
    /// length of its ancestry and the ancestry breadth first): equal for the same chain.
    pub(crate) chain: Vec<u16>,
}

impl NestedHint {
    /// A hint removing `removes` (none: `None`), rated `base` plus the length bonus of
    /// `complexity`.
    pub(crate) fn new(
        removes: Vec<Candidate>,
        (base, complexity, key, kind): (f64, u32, u8, ChainKind),
        causes: Vec<(Candidate, u8)>,
        chain: Vec<u16>,
    ) -> Option<NestedHint> {
        if removes.is_empty() {
            return None;
        }
        let mut removal_set = removes.clone();
        removal_set.sort_unstable();
        Some(NestedHint {
            removes,
            removal_set,
            difficulty: base + length_bonus(complexity),
            complexity,
            key,
            kind,
            causes,
            chain,
        })
    }

    /// Its rule parents on the outer grids (`source`, the outer step's grid, and `work`,
    /// the grid the outer chain has reduced it to): for each cause, the "off"s of the
    /// candidates `source` has and `work` lost in the cause's cell (every digit) or in
    /// its group (the digit's places), each once, in order.
    pub(crate) fn rule_parents(
        &self,
        links: &RuledLinks,
        (source, work): (&RuledGrid, &RuledGrid),
        out: &mut Vec<Potential>,
    ) {
        out.clear();
        let mut seen = CandSet::EMPTY;
        let mut push = |c: Candidate, out: &mut Vec<Potential>| {
            if !seen.has(c) {
                seen.set(c);
                out.push(Potential::new(c, false));
            }
        };
        for &(c, cause) in &self.causes {
            let (cell, d) = (c.cell().index(), c.digit().index());
            if cause == CELL_RULE {
                let mut lost = source.cands[cell] & !work.cands[cell];
                while lost != 0 {
                    push(Candidate::new(cell, lost.trailing_zeros() as usize), out);
                    lost &= lost - 1;
                }
            } else {
                let slot = usize::from(cause);
                let cells = links.cells_of(slot);
                let mut lost = links.places(source, slot, d) & !links.places(work, slot, d);
                while lost != 0 {
                    let o = usize::from(cells[lost.trailing_zeros() as usize]);
                    push(Candidate::new(o, d), out);
                    lost &= lost - 1;
                }
            }
        }
    }
}

/// What a hint proving `proves` removes on `grid`: the candidate ("off"), or the other
/// digits of its cell ("on"), ascending.
pub(crate) fn proved_removals(grid: &[u16; 81], proves: Potential) -> Vec<Candidate> {
    let c = proves.candidate();
    let cell = c.cell().index();
    if proves.is_on() {
        let mut m = grid[cell] & !(1 << c.digit().index());
        let mut out = Vec::with_capacity(m.count_ones() as usize);
        while m != 0 {
            out.push(Candidate::new(cell, m.trailing_zeros() as usize));
            m &= m - 1;
        }
        out
    } else {
        vec![c]
    }
}

/// Sorts a nested rule's hints as Sukaku Explainer does and keeps the first of those
/// with the same removals (`difficulty::sort_and_dedup`).
pub(crate) fn sort_and_dedup(hints: &mut Vec<NestedHint>) {
    let rank = |h: &NestedHint| (h.difficulty, h.complexity, h.key);
    difficulty::sort_and_dedup(hints, rank, |h| &h.removal_set);
}

/// Where a search's hints go: the best one (a producer of the ladder), or every one
/// (the inner producer of a nested rule, which bounds nothing: each hint may add
/// removals).
pub(crate) enum Sink<'a> {
    Best(&'a mut BestHint),
    All(&'a mut Vec<NestedHint>),
}

impl Sink<'_> {
    /// False where a hint so rated is not taken (only the best sink refuses any).
    pub(crate) fn worth(&self, d: f64, complexity: u32, key: u8) -> bool {
        match self {
            Sink::Best(best) => best.worth(d, complexity, key),
            Sink::All(_) => true,
        }
    }

    /// The largest complexity a hint of `base` and `key` may have and be taken.
    pub(crate) fn max_complexity(&self, base: f64, key: u8) -> u32 {
        match self {
            Sink::Best(best) => best.max_complexity(base, key),
            Sink::All(_) => u32::MAX,
        }
    }

    /// True where a best hint bounds the searches.
    pub(crate) fn bounds(&self) -> bool {
        match self {
            Sink::Best(best) => best.is_some(),
            Sink::All(_) => false,
        }
    }

    /// How many hints it holds (the best sink: one at most).
    pub(crate) fn taken(&self) -> usize {
        match self {
            Sink::Best(best) => usize::from(best.is_some()),
            Sink::All(list) => list.len(),
        }
    }

    /// True for the sink that takes every hint.
    pub(crate) fn takes_all(&self) -> bool {
        matches!(self, Sink::All(_))
    }
}

/// The hints of an inner rule on a grid, shared by the runs that read them.
pub(crate) type InnerHints = Rc<Vec<Rc<NestedHint>>>;

/// An inner chain rule of the nested producers (`Chaining.getAdvancedPotentials`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum InnerRule {
    /// "Forcing Chains & Cycles": static cycles and forcing chains (levels 2 and 3).
    ForcingChainsAndCycles,
    /// Static multiple (cell and region) forcing chains (level 3).
    MultipleChains,
    /// Dynamic forcing chains nesting to the given level (level 4, its limit).
    DynamicChains(u8),
}

impl InnerRule {
    /// The inner chain rules of nesting `level` (2 to 4; `limit` for 4), in the order
    /// they are tried after the level-1 rules.
    pub(crate) fn of_level(level: u8, limit: u8) -> &'static [InnerRule] {
        static DYNAMIC: [InnerRule; 4] = [
            InnerRule::DynamicChains(0),
            InnerRule::DynamicChains(1),
            InnerRule::DynamicChains(2),
            InnerRule::DynamicChains(3),
        ];
        match level {
            0 | 1 => &[],
            2 => &[InnerRule::ForcingChainsAndCycles],
            3 => &[InnerRule::ForcingChainsAndCycles, InnerRule::MultipleChains],
            _ => std::slice::from_ref(&DYNAMIC[usize::from(limit.min(3))]),
        }
    }
}

/// The inner chain rules' searches, given to a nested run by the producers above it (a
/// run is what those searches are made of).
pub(crate) trait InnerRules {
    /// Every hint of `rule` on `work`, sorted and deduplicated ([`sort_and_dedup`]).
    fn hints(&self, rule: InnerRule, work: &RuledGrid, check: &mut dyn FnMut()) -> InnerHints;

    /// The level-1 hints on `work` reduced from `source` (`level1::hints`), which every
    /// nested run (level 1 and up) applies first; `asked` as for `level1::hints_since`.
    fn level1_hints(
        &self,
        source: &RuledGrid,
        work: &RuledGrid,
        asked: Option<&RuledGrid>,
    ) -> Rc<Vec<Hint>>;
}
