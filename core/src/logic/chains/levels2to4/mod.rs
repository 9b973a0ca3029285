//! Nested forcing chains of levels 2, 3 and 4 (Sukaku Explainer's "Dynamic Forcing Chains
//! (+ Forcing Chains)", "(+ Multiple Forcing Chains)" and "(+ Dynamic Forcing Chains)",
//! ER 9.5, 10.0 and 10.5 plus length).
//!
//! Each is a dynamic multiple forcing chains producer ([`search::multiple_search`]) whose
//! propagations, whenever nothing is pending, apply nested rules on the grid W the chain
//! has reduced from the step's grid S ([`Nest`]): first the level-1 rules (pointing and
//! claiming, hidden pairs, naked pairs, X-wings), then, stopping at the first rule with a
//! hint resting on the chain:
//! - level 2: every forcing chain and cycle on W (static; [`fcc`]);
//! - level 3: those, then every static multiple (cell, region) forcing chain on W;
//! - level 4 with nesting limit k (tried for k = 0, 1, 2, 3 in turn): every hint of the
//!   dynamic producer of level k on W (its own propagations nesting their rules).
//!
//! A rule's hints are sorted as Sukaku Explainer sorts them (difficulty, complexity, sort
//! key, order found), those with the same removals as an earlier one dropped (before the
//! next filter, as there), and each hint with rule parents adds its removals as "off"
//! potentials whose parents are its rule parents: the candidates S has and W lost in the
//! cells and units whose rules made the "on"s of its chains (for a cell or region hint,
//! its assumptions count as its cell or unit). A hint without any is skipped: it holds
//! without the outer chain.
//!
//! A hint's complexity is its flat complexity (the distinct potentials each chain rests
//! on, summed over its chains) plus the complexity of each distinct inner chain hint its
//! chains rest on (distinct as whole chains: the same targets with the same ancestries).
//!
//! ## Caches
//! The nested searches touch none of the caches of the other producers (the propagation
//! pool, the cycle memos, the closure slots, `logic::memo`): every search here, outer or
//! inner, works in the scratch of its own nesting depth, so an inner search cannot
//! change what an outer one holds. What they keep themselves is exact (each argued
//! where it is kept): within one search, the propagations of a region's other places
//! (the same propagations, made again later); per depth, the hint list of an inner rule
//! on a grid (a function of that grid alone); per depth while the searches' source grid
//! stays the same (the level below's search, then this level's, on one position), the
//! level-1 rules' hints on a grid (a function of the grid once the source is fixed); per
//! depth, the X pass of "Forcing Chains & Cycles" per digit and plane (the cells holding
//! the digit: all that pass reads, but for a forcing chain's removals, read again on
//! each grid); and the static links of the last grid searched (`link_table`: a function
//! of the grid). Some searches are shortened where the result is known to be the same:
//! the cycle search keeps only the nodes something rests on and is not made from a
//! start without a conjugate (which closes no cycle: only whether its own "off" is
//! reachable is searched); a forcing chain search stops at its chain, and is made only
//! where the cycle search's reach shows one; the static multiple forcing chains make
//! only the propagations of cells and regions whose closures (`closure::ClosureTable`) may share
//! a potential. A test switch turns them all off (`plain`), and tests compare the steps,
//! and the rules' hints on reduced grids, either way.
//!
//! ## Bounds
//! Every search here is plain (no closures, no memo): the searches of a nesting depth
//! use that depth's scratch ([`DepthScratch`]), of which there are [`DEPTHS`] (level 4
//! with limit 3 nests a level-3 search whose rules run static searches), allocated once
//! per thread and kept. Per depth: 18 propagations (under 30 KB each plus the rule
//! parents of their nested "off"s, at most 729 × 729 entries in all, and one reference
//! per inner hint they use), a search tree of at most `fcc::MAX_NODES` nodes, and the
//! hint lists of the inner rules kept per grid (`search::RuleLists`: at most 16,384 lists
//! holding 4M words, 8 MB, then cleared; with the table's keys, under 12 MB), and the
//! X pass's planes (`fcc::PLANES_KEPT`: at most 8,192 planes holding 2M words, 4 MB,
//! then cleared; under 6 MB with keys), the level-1 hints of at most 1,024 grids, one
//! grid's link table (at most 729 × 32 links, under 130 KB) and its `closure::Links`
//! and `closure::ClosureTable` (the closures of its "on"s: at most 1,458 sets of 192
//! bytes; under 450 KB in all). None of it
//! grows with the number of chains tried. The interrupt hook is called at every
//! starting cell of every search, outer and inner, and at every round of nested rules.

mod fcc;
mod hint;
mod inner_hint;
mod link_table;
mod links;
mod plain;
mod run;
mod search;
#[cfg(test)]
mod tests;

use super::best_hint::{BestHint, HintShape};
use super::work_grid::WorkGrid;
use crate::logic::step::Link;
use search::{multiple_search, Collect, DepthScratch, Producer, DEPTHS};

/// The easiest hint of the nested producer of `level` (2, 3 or 4; `limit` 0 to 3 for
/// level 4) on `grid`, offered to `best`.
pub(super) fn search(
    grid: &[u16; 81],
    level: u8,
    limit: u8,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
) {
    let board = WorkGrid::new(grid);
    let producer = Producer::dynamic(level, limit);
    with_depths(|depths| {
        multiple_search(&board, producer, depths, check, &mut Collect::Best(best))
    });
}

/// The links of the hint of `shape` proving `target` that the nested producer of
/// `level` and `limit` found on `grid` (see `links`): called after [`search`], for a
/// picture only.
pub(super) fn hint_links(
    grid: &[u16; 81],
    level: u8,
    limit: u8,
    shape: &HintShape,
    target: Option<u16>,
    check: &mut dyn FnMut(),
) -> Vec<Link> {
    let producer = Producer::dynamic(level, limit);
    with_depths(|depths| links::hint_links(grid, producer, shape, target, depths, check))
}

/// Calls `f` with this thread's scratch for every nesting depth (a fresh one if it is in
/// use, which an interrupted call unwinding would not leave it).
fn with_depths<T>(f: impl FnOnce(&mut [DepthScratch]) -> T) -> T {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => f(slot.get_or_insert_with(new_depths)),
        Err(_) => f(&mut new_depths()),
    })
}

/// Forgets the inner rules' hint lists this thread keeps (see `search::RuleLists`).
pub(super) fn forget_memos() {
    SCRATCH.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            for depth in slot.iter_mut().flatten() {
                depth.forget();
            }
        }
    });
}

fn new_depths() -> Vec<DepthScratch> {
    (0..DEPTHS).map(|_| DepthScratch::default()).collect()
}

thread_local! {
    /// The nested searches' scratch, one per depth, kept per thread between calls.
    static SCRATCH: std::cell::RefCell<Option<Vec<DepthScratch>>> = const { std::cell::RefCell::new(None) };
}
