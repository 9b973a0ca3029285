//! Nishio, multiple (cell and region) and dynamic forcing chains: every producer of
//! Sukaku Explainer that propagates whole sets of consequences from one assumption.
//!
//! For each cell (with at least 3 candidates for static multiple chains, 2 otherwise), for
//! each of its digits: the consequences of "on" and of "off" are propagated (see
//! [`Propagation::propagate`]); then, in this order,
//! - a contradiction from "on" removes the digit, from "off" places it (nishio, dynamic);
//! - what both "on" and "off" imply holds (double forcing; dynamic, cells of 3+ digits);
//! - region forcing chains: the digit's places in a box, row or column (met from their
//!   first place); what every place implies holds (not nishio);
//! - cell forcing chains: what every digit of the cell implies holds (not nishio).
//!
//! Static multiple chains skip the "off" propagations (only the contradiction and double
//! forcing tests, dynamic or nishio, use them). Within one search the "on" propagation of
//! a candidate is always the same, so region chains keep, per candidate, only what its
//! propagation implies (its "on" and "off" sets: 729 × 192 bytes per thread) and test
//! those; a region's places whose sets share nothing are skipped, and the full
//! propagations (with parents, for the complexity) are rerun only for a consequence every
//! place shares whose hint could still beat the best one (with each other place's chain
//! counted at its least): hints are offered in the same order as with every
//! propagation rerun, so the same one is kept.
//!
//! ## Sets first, parents only where a hint may come
//! Most propagations give no hint: what matters is only whether they meet a
//! contradiction and which potentials they reach, and both are independent of the order
//! of propagation when they meet none (see the proofs on [`StaticClosure`], [`DynamicClosure`] and
//! [`plane_closure`]). So each producer (but Dynamic (+), whose nested rules are not
//! such a closure and which keeps the loop of [`search`]) first computes those sets
//! without parents, and makes a [`Propagation::propagate`] only where its result is needed:
//! - where the closure meets a contradiction (the hint needs its complexity, and the
//!   sets a propagation leaves when it stops at a contradiction depend on its order);
//! - where a set test (double forcing, region, cell) finds a consequence whose hint,
//!   with each chain counted at its least (the closure's depth of the potential + 1, a
//!   lower bound of its ancestor count; in region tests, the exact count where that
//!   place's propagation is already kept whole), could still beat the best one: the hints are
//!   then offered exactly as the full loop offers them; a skipped hint could not have
//!   replaced the best (which only a strictly better hint replaces), so the same hint is
//!   kept.
//!
//! Per producer: nishio gives only contradictions, tested on the digit's plane
//! ([`plane_closure`], 81-bit masks; each place's "on" once, an "off" by its conjugate
//! place's "on", see [`plane_partner`], and a closure without a contradiction clears
//! every place it turns on; a digit whose places are as at an earlier search where none
//! met a contradiction is skipped, see `PropagationPool::nishio_planes_without_contradiction`); static multiple chains take every candidate's
//! sets at once from the strongly connected components of the fixed link graph
//! ([`ClosureTable`]), and a [`StaticClosure`] closure (for the depths) only where a set test passes
//! (where a propagation meets a contradiction, its sets stop short of what `ClosureTable`
//! gives, but lie within it, the links being fixed: the test is made with `ClosureTable`'s
//! sets first, and the propagation only where they share something);
//! dynamic chains make a [`DynamicClosure`] closure per assumption (one that turns on a
//! candidate whose own "on" closure is known to meet a contradiction stops there: it
//! holds that closure, so it meets one too; the "off" of a bivalue
//! cell reaches the same closure as the other digit's "on" and needs none, and so does
//! the "off" of a digit with one other place in a unit of its cell: that place's "on"
//! has the same closure, so only the depths, where a bound needs them, take a closure
//! of the "off"). The last 64 propagations (with parents) made for a region (its sets
//! after a contradiction, or its hints) are kept whole (about 35 KB each, 2.2 MB per
//! thread), for the other regions of those places and the cell loop to take over when
//! they reach their candidate (row and box places come soon after the first place);
//! every dynamic "on" closure made without a contradiction is kept (one slot per
//! candidate, 3 KB each, 2.2 MB per thread), for the region bounds and the cell loop,
//! and on to the next dynamic search of the thread: there, on a grid that only lost
//! candidates since (a step or two of the path later), those the lost candidates cannot
//! have changed are taken as they are (about half of them; [`DynamicClosure::still_closed`]
//! says which, and why they are the same closures with the same depths). Propagations
//! that meet a contradiction spread over most of the grid and almost never stay the
//! same (measured: 4 to 12 of about 60 a search), so they are not kept across searches.
//! Which candidates' "on" closures met one is kept, though, as a guess for the next
//! search (`PropagationPool::was_conflicted`): those are propagated with parents at once, without a
//! closure first that would only stop at the contradiction, the propagation saying
//! whether they meet one. The hints are the same, only the work changes. Measured: every
//! guess held (2,075 on the 20 timed puzzles above ER 8, 8,493 on a tenth of the rated
//! puzzles of ER 7.0 and more), four in five of the contradictions met were guessed, and
//! the 20 timed puzzles take 3.5 % fewer instructions.

mod dynamic;
mod nishio;
mod params;
mod pool;
mod static_chains;
mod with_parents;

pub use params::Params;
pub(super) use pool::forget_closures;
#[cfg(test)]
pub(super) use pool::region_places;
pub use pool::PropagationPool;

use dynamic::search_dynamic;
use nishio::search_nishio;
use pool::*;
use static_chains::search_static;
use with_parents::search_with_parents;

use crate::logic::chains::best_hint::BestHint;
use crate::logic::chains::work_grid::WorkGrid;
use params::kinds;

/// Runs the producer of `params` on `grid`, offering each hint to `best`: the static,
/// nishio and dynamic (level 0) searches where they apply, else the search with
/// parents everywhere.
pub fn search(
    grid: &[u16; 81],
    params: Params,
    pool: &mut PropagationPool,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
) {
    let board = WorkGrid::new(grid);
    let mode = params.mode;
    pool.known.clear();
    pool.kept_cand = [NONE; KEPT];
    pool.conflicted.clear();
    pool.partial.clear();
    let (k_contra, _k_double, k_region, k_cell) = kinds(&params);
    if !mode.dynamic {
        search_static(grid, &board, &params, pool, best, check, k_region, k_cell);
        return;
    }
    if params.nishio && mode.level == 0 && !mode.cell_rule {
        search_nishio(grid, &board, &params, pool, best, check, k_contra);
        return;
    }
    if !params.nishio && mode.level == 0 && mode.cell_rule && params.multiple {
        let lost = lost_since(pool.dcache_grid.as_ref(), grid);
        if lost.is_none() {
            pool.was_conflicted.clear();
        }
        revalidate_closures(pool, grid, &board, lost.as_ref());
        search_dynamic(grid, &board, &params, pool, best, check, kinds(&params));
        pool.was_conflicted = pool.conflicted;
        return;
    }
    search_with_parents(grid, &board, &params, pool, best, check, kinds(&params));
}
