//! What a nested rule keeps of an inner chain hint ([`InnerHint`]): removals, difficulty,
//! complexity (flat + nested), Sukaku Explainer's sort key, the causes its rule parents
//! come from, and its identity as a whole chain (`FullChain`: the targets and their
//! ancestries); and the causes of potentials.

use crate::grid::UNITS;
use crate::logic::chains::difficulty;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::work_grid::{WorkGrid, CELL_GROUP};
use crate::logic::primitives::*;

/// The cause of a potential made by no rule (an assumption, or an "off").
pub(super) const NO_CAUSE: u8 = 254;
/// The cause of an "on" made by the cell rule (a bivalue cell): `work_grid::CELL_GROUP`;
/// a unit rule's cause is the unit (0..27).
pub(super) const CELL_CAUSE: u8 = CELL_GROUP;

/// One hint of an inner chain search, independent of the outer source grid.
#[derive(Clone)]
pub(super) struct InnerHint {
    /// The candidates it removes, in the order their "off"s are added.
    pub(super) removes: Vec<Candidate>,
    /// The same, ascending (the removal map that equal hints share).
    pub(super) removal_set: Vec<Candidate>,
    pub(super) difficulty: f64,
    pub(super) complexity: u32,
    pub(super) key: u8,
    pub(super) kind: ChainKind,
    /// The "on" potentials of its chains that a rule made, as (candidate, cause), in
    /// the order the rule parents are collected (targets in order, each breadth-first).
    pub(super) causes: Vec<(Candidate, u8)>,
    /// The whole chain as numbers: how many targets, then per target its potential
    /// (its index), the length of its ancestry and the ancestry breadth-first (indices) (two hints with the same list are the same chain).
    pub(super) chain: Vec<u16>,
}

impl InnerHint {
    /// Its rule parents on the outer grids (`source`, the outer search's grid, and
    /// `work`, the grid the outer chain has reduced it to): for each cause, the "off"s
    /// of the candidates `source` has and `work` lost in the cause's cell (a cell rule:
    /// every digit) or unit (a unit rule: the digit's places), each once, in order.
    pub(super) fn rule_parents(
        &self,
        source: &WorkGrid,
        work: &WorkGrid,
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
            if cause == CELL_CAUSE {
                let mut lost = source.cands[cell] & !work.cands[cell];
                while lost != 0 {
                    let e = lost.trailing_zeros() as usize;
                    lost &= lost - 1;
                    push(Candidate::new(cell, e), out);
                }
            } else {
                let u = cause as usize;
                let lost = source.places[u][d] & !work.places[u][d];
                for (i, &o) in UNITS[u].iter().enumerate() {
                    if lost >> i & 1 != 0 {
                        push(Candidate::new(o as usize, d), out);
                    }
                }
            }
        }
    }
}

/// Sorts a rule's hints as Sukaku Explainer does (stable: difficulty, complexity, sort
/// key, then the order found) and keeps the first of those with the same removals.
pub(super) fn sort_and_dedup(hints: &mut Vec<InnerHint>) {
    let rank = |h: &InnerHint| (h.difficulty, h.complexity, h.key);
    difficulty::sort_and_dedup(hints, rank, |h| &h.removal_set);
}
