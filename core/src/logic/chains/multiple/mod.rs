//! Nishio, multiple (cell and region) and dynamic forcing chains, and dynamic chains with
//! level-1 nesting: every flat producer of Sukaku Explainer that propagates whole sets of
//! consequences from one assumption.
//!
//! Each search runs one loop (`search_loop::run_cells`): for each cell (with at least 3
//! candidates for static multiple chains, 2 otherwise), for each of its digits, the "on"
//! and "off" propagations ([`Propagation::propagate`](super::propagation::Propagation));
//! then, in this order, what `group` offers from them:
//! - a contradiction from "on" removes the digit, from "off" places it (nishio, dynamic);
//! - what both "on" and "off" imply holds (double forcing; dynamic, cells of 3+ digits);
//! - region forcing chains: the digit's places in a box, row or column (met from their
//!   first place); what every place implies holds (not nishio);
//! - after the digits, cell forcing chains: what every digit of the cell implies holds.
//!
//! The searches differ only in which propagations they make. The search with parents
//! everywhere (`with_parents`, the level-1 producer) makes them all. The others make a
//! propagation with parents only where its result is needed, and the sets without parents
//! (closures) elsewhere: whether a propagation meets a contradiction and what it reaches do
//! not depend on its order when it meets none. A propagation is made where the closure
//! meets a contradiction, or where a set test (double forcing, region, cell) finds a
//! consequence whose hint, each chain counted at its least (the closure's depth + 1, a
//! lower bound of its ancestor count), could still beat the best one; a skipped hint could
//! not have replaced the best, which only a strictly better hint replaces. Nishio tests a
//! digit's plane (`planes`), static chains read what each "on" reaches along the fixed
//! links (`closure::ClosureTable`), dynamic chains make a `DynamicClosure` per assumption,
//! kept per thread and on to the next search while still exact (`DynamicClosure::still_closed`).
//! The details, and what the pool keeps: `docs/design-core.md`, "The chain layer".

mod dynamic;
mod group;
mod nishio;
mod params;
mod places;
mod pool;
mod search_loop;
mod static_chains;
mod with_parents;

pub use params::Params;
#[cfg(test)]
pub(super) use pool::region_places;
pub use pool::PropagationPool;

use dynamic::DynamicSearch;
use group::Offers;
use nishio::NishioSearch;
use pool::*;
use search_loop::{run_cells, Search};
use static_chains::StaticSearch;
use with_parents::WithParents;

use crate::logic::chains::best_hint::BestHint;
use crate::logic::chains::work_grid::WorkGrid;

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
    let offers = Offers {
        grid,
        base: params.base,
        kinds: params.kinds(),
        best,
    };
    if !mode.dynamic {
        let mut s = StaticSearch::new(Search {
            board: &board,
            params: &params,
            pool,
            offers,
        });
        run_cells(grid, &mut s, check);
        return;
    }
    if params.nishio && mode.level == 0 && !mode.cell_rule {
        let mut s = NishioSearch::new(Search {
            board: &board,
            params: &params,
            pool,
            offers,
        });
        run_cells(grid, &mut s, check);
        s.finish();
        return;
    }
    if !params.nishio && mode.level == 0 && mode.cell_rule && params.multiple {
        let lost = lost_since(pool.dcache_grid.as_ref(), grid);
        if lost.is_none() {
            pool.was_conflicted.clear();
        }
        revalidate_closures(pool, grid, &board, lost.as_ref());
        let mut s = DynamicSearch::new(Search {
            board: &board,
            params: &params,
            pool,
            offers,
        });
        run_cells(grid, &mut s, check);
        pool.was_conflicted = pool.conflicted;
        return;
    }
    let mut s = WithParents {
        s: Search {
            board: &board,
            params: &params,
            pool,
            offers,
        },
    };
    run_cells(grid, &mut s, check);
}
