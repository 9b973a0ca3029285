//! Nested forcing chains of levels 2, 3 and 4 (Sukaku Explainer's "Dynamic Forcing Chains
//! (+ Forcing Chains)", "(+ Multiple Forcing Chains)" and "(+ Dynamic Forcing Chains)",
//! ER 9.5, 10.0 and 10.5 plus length). Level 1 ("Dynamic (+)") is `chains::level1`.
//!
//! Each is a dynamic multiple forcing chains producer ([`search::multiple_search`]) whose
//! propagations (`run::DeepRun`), whenever nothing is pending, apply nested rules on the
//! grid W the chain has reduced from the step's grid S ([`Nest`]): first the level-1 rules
//! (pointing and claiming, hidden pairs, naked pairs, X-wings), then, stopping at the first
//! rule with a hint resting on the chain:
//! - level 2: every forcing chain and cycle on W (static; [`fcc`]);
//! - level 3: those, then every static multiple (cell, region) forcing chain on W;
//! - level 4 with nesting limit k (tried for k = 0, 1, 2, 3 in turn): every hint of the
//!   dynamic producer of level k on W (its own propagations nesting their rules).
//!
//! A rule's hints are sorted as Sukaku Explainer sorts them (difficulty, complexity, sort
//! key, order found), those with the same removals as an earlier one dropped, and each hint
//! with rule parents adds its removals as "off" potentials whose parents are its rule
//! parents: the candidates S has and W lost in the cells and units whose rules made the
//! "on"s of its chains. A hint without any is skipped: it holds without the outer chain.
//! A hint's complexity is its flat complexity plus the complexity of each distinct inner
//! chain hint its chains rest on.
//!
//! The searches here keep their own scratch per nesting depth ([`DepthScratch`], [`DEPTHS`]
//! of them, allocated once per thread), touching none of the flat producers' caches; what
//! they keep and skip is exact (each argued where it is kept), and a test switch (`plain`)
//! turns every shortcut off so that tests compare the steps either way. What is kept, and
//! the bounds: `docs/nested-chains.md`, "E. Caches and bounds".

mod fcc;
mod hint;
mod inner_hint;
mod link_table;
mod links;
pub(crate) mod plain;
mod run;
mod search;
#[cfg(test)]
pub(super) mod tests;

use super::best_hint::{BestHint, HintShape};
use super::nested_rules::NestedRules;
use super::work_grid::WorkGrid;
use crate::logic::memo::slots;
use crate::logic::step::Link;
use search::{multiple_search, Collect, DepthScratch, Producer, DEPTHS};

/// The easiest hint of the nested producer of `level` (2, 3 or 4; `limit` 0 to 3 for
/// level 4) on `grid`, offered to `best`; `rules` are a variant's where they are not the
/// classic ones (`nested_rules`).
pub(super) fn search(
    grid: &[u16; 81],
    (level, limit): (u8, u8),
    rules: Option<&dyn NestedRules>,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
) {
    let board = WorkGrid::new(grid);
    let producer = Producer::dynamic(level, limit);
    with_depths(rules, |depths| {
        let collect = &mut Collect::Best(best);
        multiple_search(&board, producer, rules, depths, check, collect)
    });
}

/// The links of the hint of `shape` proving `target` that the nested producer of
/// `level` and `limit` found on `grid` under `rules` (see `links`): called after
/// [`search`], for a picture only.
pub(super) fn hint_links(
    grid: &[u16; 81],
    (level, limit): (u8, u8),
    rules: Option<&dyn NestedRules>,
    (shape, target): (&HintShape, Option<crate::logic::primitives::Potential>),
    check: &mut dyn FnMut(),
) -> Vec<Link> {
    let producer = Producer::dynamic(level, limit);
    with_depths(rules, |depths| {
        links::hint_links(grid, (producer, rules), shape, target, depths, check)
    })
}

/// Calls `f` with this thread's scratch for every nesting depth, kept in a
/// `memo::slots` slot (a fresh one if it is in use). What a depth keeps between searches
/// (hint lists per grid) is a function of the grid under the rules it was found under:
/// the classic searches keep theirs in one slot ([`Depths`]), the searches under a
/// variant's rules in another ([`RuledDepths`]), forgotten when the rules change.
fn with_depths<T>(rules: Option<&dyn NestedRules>, f: impl FnOnce(&mut [DepthScratch]) -> T) -> T {
    match rules {
        None => slots::with(|depths: &mut Depths| f(&mut depths.0)),
        Some(rules) => slots::with(|kept: &mut RuledDepths| {
            if kept.key != Some(rules.key()) {
                kept.depths.0.iter_mut().for_each(DepthScratch::forget);
                kept.key = Some(rules.key());
            }
            f(&mut kept.depths.0)
        }),
    }
}

/// The nested searches' scratch, one per depth.
pub(super) struct Depths(Vec<DepthScratch>);

impl Default for Depths {
    fn default() -> Self {
        Depths(new_depths())
    }
}

/// Forgetting forgets the inner rules' hint lists each depth keeps (see
/// `search::RuleLists`), the X pass's planes and the level-1 hints.
impl slots::Memo for Depths {
    fn forget(&mut self) {
        self.0.iter_mut().for_each(DepthScratch::forget);
    }
    fn is_forgotten(&self) -> bool {
        self.0.iter().all(DepthScratch::is_forgotten)
    }
}

/// The nested searches' scratch under a variant's rules, with the key of the rules
/// (`NestedRules::key`) what it keeps was found under.
#[derive(Default)]
pub(super) struct RuledDepths {
    key: Option<u64>,
    depths: Depths,
}

impl slots::Memo for RuledDepths {
    fn forget(&mut self) {
        self.depths.0.iter_mut().for_each(DepthScratch::forget);
    }
    fn is_forgotten(&self) -> bool {
        self.depths.0.iter().all(DepthScratch::is_forgotten)
    }
}

fn new_depths() -> Vec<DepthScratch> {
    (0..DEPTHS).map(|_| DepthScratch::default()).collect()
}
