//! Bidirectional cycles (X, Y and XY) and forcing chains (X and XY): Sukaku Explainer's
//! "Forcing Chains & Cycles" producer, static links only.
//!
//! Three passes, as there: X links only (one digit: "off" turns the last other place in a
//! region on), Y links (a bivalue cell's other digit), then both. Each pass starts from
//! every candidate, cell by cell:
//! - cycles: a breadth-first search from "on" in which "on" potentials are kept once but
//!   "off" potentials are expanded from every parent (not from their own ancestors); the
//!   start met again as "on" after at least 4 steps closes a cycle, which removes every
//!   candidate that sees the digit of one of its "on" links and of one of its "off" links
//!   (sees: shares a row, column or box with, or under anti-chess rules whose links are
//!   the classic ones a knight's move or a king's step: [`search_under`]);
//! - forcing chains (X and XY passes): from "on", reaching the start "off" removes it;
//!   from "off", reaching the start "on" places it.
//!
//! Searches are cut at the length that could still beat the best hint so far. Before
//! any hint, the XY pass's searches are unbounded and mostly fruitless: the strongly
//! connected components of its implication graph (computed once, with which components
//! each one reaches) show which of them cannot find anything at any length (no path
//! from the start to its other state, no cycle through it that could eliminate a
//! candidate), and those are skipped (see [`Components`]).
//! Each pass follows its graph in flat arrays built from cell masks per digit, without
//! the "off" potentials that turn nothing on (dead ends: see [`PassGraph`]), which most
//! are; a cycle's test that its closing "off" is not an ancestor is O(1) (see `from_on`);
//! a search from a start "off" that turns nothing on is skipped (it finds nothing); a
//! search's last round adds only what could still be expanded or close, and a pass in
//! which nothing could beat the best hint is skipped. The X pass skips the digits whose
//! places are as they were at an earlier call where its searches from them, unbounded,
//! offered nothing (see [`XPassFoundNothing`]); the Y pass is skipped while the bivalue cells are as
//! at an earlier call where it ran unbounded and offered nothing, on a grid this one is
//! within (see [`YPassFoundNothing`]); the XY pass skips the searches that found nothing,
//! within bounds no smaller, at its last run and met no candidate whose lists changed
//! since (see [`XyPassFruitlessStarts`]). Scratch memory is bounded by the 1458 potentials (the memos: under
//! 400 KB; the components' reach rows: 268 KB) and kept per thread between calls (see
//! [`CycleWork`]).

mod components;
mod pass;
mod pass_graph;
#[cfg(test)]
mod tests;
mod tree_search;

use crate::logic::chains::best_hint::BestHint;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::planes::*;
use crate::logic::geometry::{CellSet, PEER_MASKS_NINE};
use crate::logic::memo::cycles::*;
use crate::logic::memo::slots;
use crate::logic::primitives::*;
pub(crate) use pass::Pass;
use pass::*;
use pass_graph::*;
use tree_search::*;

/// Scratch space of the cycle search (bounded: the `MAX_ENTS` entries of a search tree;
/// the components' and a pass graph's arrays over the 1458 potentials) and its memos
/// (`memo::cycles`). Kept per thread between calls (`memo::slots`): a new `CycleWork`
/// takes the thread's one, if any, and gives it back when dropped, so a call allocates
/// nothing.
pub struct CycleWork {
    scratch: slots::Kept<Scratch>,
}

#[derive(Default)]
struct Scratch {
    work: Work,
    graph: PassGraph,
    x_found_nothing: [XPassFoundNothing; 9],
    y_found_nothing: YPassFoundNothing,
    xy: XyPassFruitlessStarts<PassGraph>,
    /// The peers by which the cycles of the searches the memos recorded eliminate (none
    /// yet: `None`). What a search offers depends on them (a cycle is offered where it
    /// eliminates something), so a call under other peers forgets the memos first.
    peers: Option<[CellSet; 81]>,
}

/// Kept per thread in a `memo::slots` slot: forgetting forgets the X, Y and XY memos
/// and keeps the buffers.
impl slots::Memo for Scratch {
    fn forget(&mut self) {
        self.x_found_nothing = [XPassFoundNothing::default(); 9];
        self.y_found_nothing.found_nothing = false;
        self.xy.valid = false;
    }
    fn is_forgotten(&self) -> bool {
        self.x_found_nothing.iter().all(|x| !x.found_nothing)
            && !self.y_found_nothing.found_nothing
            && !self.xy.valid
    }
}

impl Default for CycleWork {
    fn default() -> Self {
        CycleWork {
            scratch: slots::Kept::take(),
        }
    }
}

/// Runs the producer on `grid`, offering each hint to `best`.
pub fn search(grid: &[u16; 81], w: &mut CycleWork, best: &mut BestHint, check: &mut dyn FnMut()) {
    search_under(grid, &PEER_MASKS_NINE, w, best, check);
}

/// [`search`] with each cycle eliminating what sees an "on" and an "off" of it by
/// `peers` (each cell's peers) rather than by the rows, columns and boxes: a variant's
/// whose chains' links are the classic ones (anti-knight, anti-king: knight's moves and
/// king's steps are peers, never links). The links, and so the searches, are the same;
/// what a cycle eliminates, and the components' test of whether a cycle may eliminate
/// anything, read `peers`.
pub(crate) fn search_under(
    grid: &[u16; 81],
    peers: &[CellSet; 81],
    w: &mut CycleWork,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
) {
    let scratch = &mut *w.scratch;
    if scratch.peers.as_ref() != Some(peers) {
        slots::Memo::forget(scratch);
        scratch.peers = Some(*peers);
    }
    search_with(grid, peers, scratch, best, check);
}

/// The X pass (region rule), the Y pass (cell rule) and the XY pass (both): their kinds
/// of cycle and chain, base difficulties and sort keys.
pub(crate) const X_PASS: Pass = Pass {
    cycle_kind: ChainKind::XCycle,
    chain_kind: ChainKind::ForcingXChain,
    cycle_base: 6.5,
    chain_base: 6.6,
    key: 2,
};
pub(crate) const Y_PASS: Pass = Pass {
    cycle_kind: ChainKind::YCycle,
    chain_kind: ChainKind::ForcingYChain,
    cycle_base: 6.5,
    chain_base: 6.6,
    key: 3,
};
pub(crate) const XY_PASS: Pass = Pass {
    cycle_kind: ChainKind::XYCycle,
    chain_kind: ChainKind::ForcingChain,
    cycle_base: 7.0,
    chain_base: 7.0,
    key: 4,
};

impl Scratch {
    /// The scratch of one pass, with `path` for its chains.
    fn for_pass<'a>(&'a mut self, path: &'a mut Vec<Potential>) -> PassScratch<'a> {
        PassScratch {
            g: &mut self.graph,
            w: &mut self.work,
            xy: &mut self.xy,
            path,
        }
    }
}

/// The three passes on `grid`, each skipped (or its digits, for the X pass) where its
/// memo shows it finding nothing. Every search is cut at the length beyond which it
/// could not beat the best hint so far. (Rounds of growing caps on the difficulty were
/// measured: they do not pay, the links graph being shallow.)
fn search_with(
    grid: &[u16; 81],
    peers: &[CellSet; 81],
    scratch: &mut Scratch,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
) {
    let mut path = Vec::with_capacity(64);
    let places = digit_planes(grid);
    let mut multi = 0u128;
    for (cell, &m) in grid.iter().enumerate() {
        if m & m.wrapping_sub(1) != 0 {
            multi |= 1u128 << cell;
        }
    }
    let input = |pass: Pass, skip: u16| PassInput {
        grid,
        places: &places,
        peers,
        pass,
        skip,
    };
    // The X pass skips the digits its memo shows finding nothing (see `XPassFoundNothing`).
    let mut x_skip = 0u16;
    for (d, (mm, &plane)) in scratch.x_found_nothing.iter().zip(&places).enumerate() {
        if mm.found_nothing && mm.places == plane && mm.starts == plane & multi {
            x_skip |= 1 << d;
        }
    }
    let s = scratch.for_pass(&mut path);
    let tainted = run_pass::<false, true>(&input(X_PASS, x_skip), s, best, check);
    for (d, (mm, &plane)) in scratch.x_found_nothing.iter_mut().zip(&places).enumerate() {
        if x_skip >> d & 1 == 0 {
            *mm = XPassFoundNothing {
                places: plane,
                starts: plane & multi,
                found_nothing: tainted >> d & 1 == 0,
            };
        }
    }
    // The Y pass, skipped where its memo shows it finding nothing (see
    // `YPassFoundNothing`).
    let mut bivalue = [0u16; 81];
    for (b, &m) in bivalue.iter_mut().zip(grid.iter()) {
        if pair(m) {
            *b = m;
        }
    }
    let unbounded = !best.is_some();
    let y_memo = &scratch.y_found_nothing;
    if !(y_memo.found_nothing
        && y_memo.bivalue == bivalue
        && grid
            .iter()
            .zip(y_memo.grid.iter())
            .all(|(&m, &was)| m & !was == 0))
    {
        let s = scratch.for_pass(&mut path);
        run_pass::<true, false>(&input(Y_PASS, 0), s, best, check);
        if unbounded && !best.is_some() {
            scratch.y_found_nothing = YPassFoundNothing {
                found_nothing: true,
                bivalue,
                grid: *grid,
            };
        }
    }
    let s = scratch.for_pass(&mut path);
    run_pass::<true, true>(&input(XY_PASS, 0), s, best, check);
}
