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

use super::best_hint::{BestHint, HintShape};
use super::closure::*;
use super::difficulty::*;
use super::dynamic_closure::*;
use super::kind::ChainKind;
use super::planes::*;
use super::potential::*;
use super::propagation::*;
use super::work_grid::*;

/// What the "on" propagation of one candidate implies (its "on" and "off" sets, as far
/// as it went), kept for the set tests of region chains.
#[derive(Clone, Copy)]
struct Implied {
    on: CandSet,
    off: CandSet,
}

/// The propagations one cell needs at once, and the implications of every candidate's
/// "on" propagation met so far in the current search.
pub struct PropagationPool {
    vals: Vec<Propagation>,
    off: Propagation,
    region: Vec<Propagation>,
    /// `implied[c]`, valid when `known` has `c` (one search: one grid, one mode).
    implied: Vec<Implied>,
    known: CandSet,
    /// The last `KEPT` propagations made for `implied`, whole, with their candidate
    /// (`NONE`: empty), for the cell loop to take over when it reaches the candidate.
    kept: Vec<Propagation>,
    kept_cand: [u16; KEPT],
    kept_next: usize,
    /// Static chains: the grid's links, the closures of one cell's digits and one for
    /// the other places of a region.
    links: Links,
    reach: ClosureTable,
    lite: Vec<StaticClosure>,
    /// Dynamic chains: the closure of the current candidate's "off".
    doff: DynamicClosure,
    /// The dynamic "on" closures made without a conflict, per candidate (valid when
    /// `dcache_has` has it), for `implied`, the cell loop and the region bounds. Kept
    /// from one dynamic search to the next of the same thread: those the grid's lost
    /// candidates cannot have changed stay (see [`revalidate_closures`]).
    dcache: Vec<DynamicClosure>,
    dcache_has: CandSet,
    /// The grid of the last dynamic search (`None`: nothing kept).
    dcache_grid: Option<[u16; 81]>,
    /// The candidates of `known` whose "on" closure meets a contradiction (dynamic
    /// chains: their closure; static chains: what their "on" reaches along the links).
    conflicted: CandSet,
    /// Static chains: the candidates of `known` whose `implied` holds what their "on"
    /// reaches along the links (`ClosureTable`) although their propagation meets a
    /// contradiction and stops there: a superset of its sets, made exact (by the
    /// propagation) only where a set test finds something in common.
    partial: CandSet,
    /// Dynamic chains: `conflicted` at the end of the last dynamic search of the thread,
    /// on a grid this one only lost candidates from (empty otherwise). Only a guess of
    /// which candidates' "on" closures meet a contradiction here (they have so far: a
    /// grid that lost candidates gives a closure more to work with): those are
    /// propagated with parents first, which they need anyway when they do, and the
    /// propagation says whether they do.
    was_conflicted: CandSet,
    /// Nishio: per digit, the places (a cell mask) at the last search of the thread
    /// where every place's "on" was tested and none met a contradiction (`NO_PLANE`:
    /// nothing known). Nishio's rules never leave a digit's places, so whether a place's
    /// "on" meets a contradiction depends on them alone: while they stay the same, the
    /// digit gives no hint and its tests are skipped.
    nishio_planes_without_contradiction: [u128; 9],
}

/// Never the places of a digit (they use the low 81 bits).
const NO_PLANE: u128 = u128::MAX;

const KEPT: usize = 64;
const NONE: u16 = u16::MAX;

impl Default for PropagationPool {
    fn default() -> Self {
        PropagationPool {
            vals: (0..9).map(|_| Propagation::default()).collect(),
            off: Propagation::default(),
            region: (0..8).map(|_| Propagation::default()).collect(),
            implied: vec![
                Implied {
                    on: CandSet::EMPTY,
                    off: CandSet::EMPTY
                };
                NCAND
            ],
            known: CandSet::EMPTY,
            kept: (0..KEPT).map(|_| Propagation::default()).collect(),
            kept_cand: [NONE; KEPT],
            kept_next: 0,
            links: Links::default(),
            reach: ClosureTable::default(),
            lite: (0..L_PLACES + 8)
                .map(|_| StaticClosure::default())
                .collect(),
            doff: DynamicClosure::default(),
            dcache: (0..NCAND).map(|_| DynamicClosure::default()).collect(),
            dcache_has: CandSet::EMPTY,
            dcache_grid: None,
            conflicted: CandSet::EMPTY,
            partial: CandSet::EMPTY,
            was_conflicted: CandSet::EMPTY,
            nishio_planes_without_contradiction: [NO_PLANE; 9],
        }
    }
}

/// The digits (0-based) of candidate mask `m`, in increasing order, and how many.
#[inline]
fn digits_of(m: u16) -> ([usize; 9], usize) {
    let (mut out, mut n, mut rest) = ([0usize; 9], 0, m);
    while rest != 0 {
        out[n] = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        n += 1;
    }
    (out, n)
}

/// The places of digit `d` in unit `u`, the `k`-th region of `cell` (cells, in the
/// unit's order, and how many), when the region test is made from `cell`: `cell` is the
/// first of them, and they are two (or more, with `multiple`). Read from the board's
/// mask of the unit, so that the regions where the test is not made cost two tests.
#[inline]
pub(super) fn region_places(
    board: &WorkGrid,
    cell: usize,
    k: usize,
    u: usize,
    d: usize,
    multiple: bool,
) -> Option<([usize; 9], usize)> {
    let m = board.places[u][d];
    if m.trailing_zeros() as usize != pos_in_region(cell, k)
        || !(pair(m) || (multiple && several(m)))
    {
        return None;
    }
    let (mut out, mut n, mut rest) = ([0usize; 9], 0, m);
    while rest != 0 {
        out[n] = crate::grid::UNITS[u][rest.trailing_zeros() as usize] as usize;
        rest &= rest - 1;
        n += 1;
    }
    Some((out, n))
}

/// Which producer runs.
#[derive(Clone, Copy)]
pub struct Params {
    pub mode: Mode,
    pub multiple: bool,
    pub nishio: bool,
    pub base: f64,
}

fn kinds(p: &Params) -> (ChainKind, ChainKind, ChainKind, ChainKind) {
    // (contradiction, double, region, cell)
    if p.mode.level > 0 {
        let k = ChainKind::Nested(p.mode.level);
        (k, k, k, k)
    } else if p.nishio {
        (
            ChainKind::Nishio,
            ChainKind::Nishio,
            ChainKind::Nishio,
            ChainKind::Nishio,
        )
    } else if p.mode.dynamic {
        (
            ChainKind::DynamicContradiction,
            ChainKind::DynamicDoubleForcing,
            ChainKind::DynamicRegionForcingChains,
            ChainKind::DynamicCellForcingChains,
        )
    } else {
        (
            ChainKind::ForcingChain,
            ChainKind::ForcingChain,
            ChainKind::RegionForcingChains,
            ChainKind::CellForcingChains,
        )
    }
}

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
    let (k_contra, k_double, k_region, k_cell) = kinds(&params);
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
    for cell in 0..81 {
        let card = grid[cell].count_ones();
        if !(card > 2 || (card > 1 && mode.dynamic)) {
            continue;
        }
        check();
        let do_double = card >= 3 && !params.nishio && mode.dynamic;
        let do_contra = mode.dynamic || params.nishio;
        let (digit_buf, n_digits) = digits_of(grid[cell]);
        let digits = &digit_buf[..n_digits];
        for (k, &d) in digits.iter().enumerate() {
            let c = cand(cell, d);
            // A propagation kept from the region tests is the same (one grid, one mode).
            match pool.kept_cand.iter().position(|&x| x == c) {
                Some(slot) => {
                    std::mem::swap(&mut pool.vals[k], &mut pool.kept[slot]);
                    pool.kept_cand[slot] = NONE;
                }
                None => pool.vals[k].propagate(&board, pot(c, true), mode),
            }
            let run = &mut pool.vals[k];
            if do_contra && run.absurd.is_some() {
                let cx = run.absurd_complexity();
                let dd = params.base + length_bonus(cx);
                if best.worth(dd, cx, 7) {
                    let a = run.absurd.unwrap();
                    best.offer(
                        dd,
                        cx,
                        7,
                        k_contra,
                        grid,
                        pot(c, false),
                        HintShape::Contradiction {
                            source: pot(c, true),
                            both: a,
                        },
                    );
                }
            }
            if !do_contra && !do_double {
                // Static multiple chains use only the "on" propagations.
                if !params.nishio {
                    region_chains(grid, &board, &params, cell, d, k, pool, best, k_region);
                }
                continue;
            }
            let off = &mut pool.off;
            off.propagate(&board, pot(c, false), mode);
            if do_contra && off.absurd.is_some() {
                let cx = off.absurd_complexity();
                let dd = params.base + length_bonus(cx);
                if best.worth(dd, cx, 7) && several(grid[cell]) {
                    let a = off.absurd.unwrap();
                    best.offer(
                        dd,
                        cx,
                        7,
                        k_contra,
                        grid,
                        pot(c, true),
                        HintShape::Contradiction {
                            source: pot(c, false),
                            both: a,
                        },
                    );
                }
            }
            if do_double {
                let run = &mut pool.vals[k];
                let off = &mut pool.off;
                for i in 0..run.on_list.len() {
                    let q = run.on_list[i];
                    if off.on.has(q) && several(grid[cell_of(q)]) {
                        let cx = run.ancestors(pot(q, true)) + off.ancestors(pot(q, true));
                        let dd = params.base + length_bonus(cx);
                        if best.worth(dd, cx, 1) {
                            best.offer(
                                dd,
                                cx,
                                1,
                                k_double,
                                grid,
                                pot(q, true),
                                HintShape::Double { source: c },
                            );
                        }
                    }
                }
                for i in 0..run.off_list.len() {
                    let q = run.off_list[i];
                    if off.off.has(q) {
                        let cx = run.ancestors(pot(q, false)) + off.ancestors(pot(q, false));
                        let dd = params.base + length_bonus(cx);
                        if best.worth(dd, cx, 1) {
                            best.offer(
                                dd,
                                cx,
                                1,
                                k_double,
                                grid,
                                pot(q, false),
                                HintShape::Double { source: c },
                            );
                        }
                    }
                }
            }
            if !params.nishio {
                region_chains(grid, &board, &params, cell, d, k, pool, best, k_region);
            }
        }
        if !params.nishio && (card == 2 || (params.multiple && card > 2)) {
            let n = digits.len();
            cell_chains(grid, &mut pool.vals[..n], cell, params.base, k_cell, best);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn region_chains(
    grid: &[u16; 81],
    board: &WorkGrid,
    params: &Params,
    cell: usize,
    d: usize,
    k: usize,
    pool: &mut PropagationPool,
    best: &mut BestHint,
    kind: ChainKind,
) {
    for (ku, u) in regions_of(cell).into_iter().enumerate() {
        let Some((place_buf, n_places)) = region_places(board, cell, ku, u, d, params.multiple)
        else {
            continue;
        };
        let places = &place_buf[..n_places];
        let count = places.len();
        // The set tests need only what each other place implies (computed once per
        // search), and only while the places still share a consequence; the full
        // propagations (with parents, for the complexity) are rerun only for a hint that
        // may be offered.
        let (mut on_common, mut off_common) = (pool.vals[k].on, pool.vals[k].off);
        let mut shared = true;
        for &o in &places[1..] {
            let c = cand(o, d);
            if !pool.known.has(c) {
                let slot = pool.kept_next;
                pool.kept_next = (slot + 1) % KEPT;
                let run = &mut pool.kept[slot];
                run.propagate(board, pot(c, true), params.mode);
                pool.implied[c as usize] = Implied {
                    on: run.on,
                    off: run.off,
                };
                pool.known.set(c);
                pool.kept_cand[slot] = c;
            }
            on_common.intersect(&pool.implied[c as usize].on);
            off_common.intersect(&pool.implied[c as usize].off);
            if on_common.is_empty() && off_common.is_empty() {
                shared = false;
                break;
            }
        }
        if !shared {
            continue;
        }
        let mut rerun = false;
        let others = count - 1;
        for on in [true, false] {
            let len = if on {
                pool.vals[k].on_list.len()
            } else {
                pool.vals[k].off_list.len()
            };
            for i in 0..len {
                let q = if on {
                    pool.vals[k].on_list[i]
                } else {
                    pool.vals[k].off_list[i]
                };
                // In the vals' lists, so in every place's set iff in the intersection.
                let all = if on {
                    on_common.has(q)
                } else {
                    off_common.has(q)
                };
                if !all || (on && !several(grid[cell_of(q)])) {
                    continue;
                }
                let p = pot(q, on);
                // Each other place's chain rests on at least `p` itself: a hint that loses
                // even with that bound is never offered (the rating grows with the
                // complexity), so its places need no full propagation.
                let bound = pool.vals[k].ancestors(p) + others as u32;
                if !best.worth(params.base + length_bonus(bound), bound, 6) {
                    continue;
                }
                if !rerun {
                    for (j, &o) in places[1..].iter().enumerate() {
                        pool.region[j].propagate(board, pot(cand(o, d), true), params.mode);
                    }
                    rerun = true;
                }
                let cx = pool.vals[k].ancestors(p)
                    + pool.region[..others]
                        .iter_mut()
                        .map(|r| r.ancestors(p))
                        .sum::<u32>();
                let dd = params.base + length_bonus(cx);
                if best.worth(dd, cx, 6) {
                    best.offer(
                        dd,
                        cx,
                        6,
                        kind,
                        grid,
                        p,
                        HintShape::Region {
                            unit: u as u8,
                            digit0: d as u8,
                        },
                    );
                }
            }
        }
    }
}

/// Static multiple chains (cells of 3+ digits, "on" propagations only): the same hints
/// offered in the same order as the dynamic loop of [`search`] would, but each
/// propagation with parents is made only when a set test finds a consequence whose hint
/// could still beat the best one, the sets coming from [`StaticClosure`] closures (the same sets;
/// with a contradiction, from [`Propagation::propagate`] itself).
#[allow(clippy::too_many_arguments)]
fn search_static(
    grid: &[u16; 81],
    board: &WorkGrid,
    params: &Params,
    pool: &mut PropagationPool,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
    k_region: ChainKind,
    k_cell: ChainKind,
) {
    let mode = params.mode;
    pool.links.build(board, mode.cell_rule);
    pool.reach.build(&pool.links, grid);
    for cell in 0..81 {
        if grid[cell].count_ones() <= 2 {
            continue;
        }
        check();
        let (digit_buf, n_digits) = digits_of(grid[cell]);
        let digits = &digit_buf[..n_digits];
        let n = digits.len();
        // `full[k]`: `pool.vals[k]` holds the propagation of digit k (with parents);
        // `lit[k]`: `pool.lite[k]` holds its closure (for the distances).
        let mut full = [false; 9];
        let mut lit = [false; 9];
        for (k, &d) in digits.iter().enumerate() {
            let c = cand(cell, d);
            if !pool.known.has(c) {
                let (on, off) = pool.reach.of(pot(c, true));
                pool.implied[c as usize] = Implied { on: *on, off: *off };
                if meet(on, off) {
                    pool.partial.set(c);
                    pool.conflicted.set(c);
                }
                pool.known.set(c);
            }
            region_chains_static(
                grid, board, params, cell, d, k, &mut full, &mut lit, pool, best, k_region,
            );
        }
        if !params.multiple {
            continue;
        }
        // Cell forcing chains: the consequences every digit shares (in `implied`; where
        // a superset, made exact if something is shared).
        let common = |pool: &PropagationPool| {
            let c0 = cand(cell, digits[0]) as usize;
            let (mut on_common, mut off_common) = (pool.implied[c0].on, pool.implied[c0].off);
            for &d in &digits[1..] {
                let c = cand(cell, d) as usize;
                on_common.intersect(&pool.implied[c].on);
                off_common.intersect(&pool.implied[c].off);
            }
            (on_common, off_common)
        };
        let (mut on_common, mut off_common) = common(pool);
        if on_common.is_empty() && off_common.is_empty() {
            continue;
        }
        // (A digit whose propagation meets a contradiction is propagated now, even if
        // its sets are exact already: its closure, which stops there, gives no depths.)
        let mut made = false;
        for (k, &d) in digits.iter().enumerate() {
            let c = cand(cell, d);
            if pool.conflicted.has(c) && !full[k] {
                make_exact_own(pool, board, k, c, mode, &mut full);
                made = true;
            }
        }
        if made {
            (on_common, off_common) = common(pool);
            if on_common.is_empty() && off_common.is_empty() {
                continue;
            }
        }
        if full[..n].iter().all(|&f| !f) {
            for (k, &d) in digits.iter().enumerate() {
                if !lit[k] {
                    pool.lite[k].close(&pool.links, pot(cand(cell, d), true));
                    lit[k] = true;
                }
            }
            let (lites, links) = (&pool.lite[..n], &pool.links);
            let may = |s: &CandSet, on: bool| {
                let mut any = false;
                each(s, |q| {
                    if any || (on && !several(grid[cell_of(q)])) {
                        return;
                    }
                    let p = pot(q, on);
                    let bound: u32 = lites.iter().map(|l| l.least_ancestors(links, p)).sum();
                    any = best.worth(params.base + length_bonus(bound), bound, 5);
                });
                any
            };
            if !may(&on_common, true) && !may(&off_common, false) {
                continue;
            }
        }
        for (k, &d) in digits.iter().enumerate() {
            if !full[k] {
                full_on(pool, board, k, cand(cell, d), mode);
            }
        }
        cell_chains(grid, &mut pool.vals[..n], cell, params.base, k_cell, best);
    }
}

/// Cell forcing chains from the propagations (with parents) of the `vals.len()` digits
/// of `cell`: each consequence every digit implies is offered, in the order of the first
/// digit's lists ("on" ones first), with the sum of its chains' complexities.
fn cell_chains(
    grid: &[u16; 81],
    vals: &mut [Propagation],
    cell: usize,
    base: f64,
    kind: ChainKind,
    best: &mut BestHint,
) {
    for on in [true, false] {
        let len = if on {
            vals[0].on_list.len()
        } else {
            vals[0].off_list.len()
        };
        for i in 0..len {
            let q = if on {
                vals[0].on_list[i]
            } else {
                vals[0].off_list[i]
            };
            let all = vals[1..]
                .iter()
                .all(|r| if on { r.on.has(q) } else { r.off.has(q) });
            if !all || (on && !several(grid[cell_of(q)])) {
                continue;
            }
            let p = pot(q, on);
            let cx: u32 = vals.iter_mut().map(|r| r.ancestors(p)).sum();
            let dd = base + length_bonus(cx);
            if best.worth(dd, cx, 5) {
                best.offer(
                    dd,
                    cx,
                    5,
                    kind,
                    grid,
                    p,
                    HintShape::Cell { cell: cell as u8 },
                );
            }
        }
    }
}

/// Region forcing chains of static multiple chains: as [`region_chains`], with the
/// other places' sets from [`StaticClosure`] closures and the propagation of digit `k` (with
/// parents) made only when a shared consequence could give a hint that beats the best.
#[allow(clippy::too_many_arguments)]
fn region_chains_static(
    grid: &[u16; 81],
    board: &WorkGrid,
    params: &Params,
    cell: usize,
    d: usize,
    k: usize,
    full: &mut [bool; 9],
    lit: &mut [bool; 9],
    pool: &mut PropagationPool,
    best: &mut BestHint,
    kind: ChainKind,
) {
    let own = cand(cell, d);
    for (ku, u) in regions_of(cell).into_iter().enumerate() {
        let Some((place_buf, n_places)) = region_places(board, cell, ku, u, d, params.multiple)
        else {
            continue;
        };
        let places = &place_buf[..n_places];
        let count = places.len();
        // What every place implies (from supersets where a propagation meets a
        // contradiction: nothing in common there means nothing in common exactly).
        for &o in &places[1..] {
            let c = cand(o, d);
            if !pool.known.has(c) {
                let (on, off) = pool.reach.of(pot(c, true));
                pool.implied[c as usize] = Implied { on: *on, off: *off };
                if meet(on, off) {
                    pool.partial.set(c);
                    pool.conflicted.set(c);
                }
                pool.known.set(c);
            }
        }
        let common = |pool: &PropagationPool| {
            let (mut on_common, mut off_common) = (
                pool.implied[own as usize].on,
                pool.implied[own as usize].off,
            );
            for &o in &places[1..] {
                let c = cand(o, d) as usize;
                on_common.intersect(&pool.implied[c].on);
                off_common.intersect(&pool.implied[c].off);
                if on_common.is_empty() && off_common.is_empty() {
                    return None;
                }
            }
            Some((on_common, off_common))
        };
        let Some((mut on_common, mut off_common)) = common(pool) else {
            continue;
        };
        // Then exactly: the propagations that meet a contradiction, made (the place's
        // own into `vals[k]`, the others kept whole, for the bounds and reruns below and
        // the cell loop).
        // (Its own propagation is made even if its sets are exact already, as the other
        // place of an earlier region: its closure, which stops at the contradiction,
        // gives no depths for the bound below.)
        let mut made = false;
        if pool.conflicted.has(own) && !full[k] {
            make_exact_own(pool, board, k, own, params.mode, full);
            made = true;
        }
        for &o in &places[1..] {
            let c = cand(o, d);
            if pool.partial.has(c) {
                let slot = pool.kept_next;
                pool.kept_next = (slot + 1) % KEPT;
                let run = &mut pool.kept[slot];
                run.propagate(board, pot(c, true), params.mode);
                pool.kept_cand[slot] = c;
                pool.implied[c as usize] = Implied {
                    on: run.on,
                    off: run.off,
                };
                pool.partial.unset(c);
                made = true;
            }
        }
        if made {
            match common(pool) {
                Some(sets) => (on_common, off_common) = sets,
                None => continue,
            }
        }
        let others = count - 1;
        // Where the other places' "on" propagations are kept whole (those that meet a
        // contradiction, and those kept from earlier reruns).
        let mut kept_slot = [KEPT; 8];
        for (j, &o) in places[1..].iter().enumerate() {
            let c = cand(o, d);
            kept_slot[j] = pool.kept_cand.iter().position(|&x| x == c).unwrap_or(KEPT);
        }
        // `lite_ok[j]`: `pool.lite[L_PLACES + j]` holds other place j's closure, without
        // a conflict (made at the first rerun's bound).
        let mut lite_ok = [false; 8];
        // The other places' chains to `p` (a potential all of them imply), each counted
        // at its least: exactly from a propagation kept whole, the closure's distance + 1
        // from a closure, 1 otherwise.
        let others_least = |pool: &mut PropagationPool, lite_ok: &[bool; 8], p: u16| -> u32 {
            let mut sum = 0;
            for j in 0..others {
                sum += if kept_slot[j] < KEPT {
                    debug_assert_eq!(
                        pool.kept_cand[kept_slot[j]],
                        cand(places[1 + j], d),
                        "a kept propagation taken since"
                    );
                    pool.kept[kept_slot[j]].ancestors(p)
                } else if lite_ok[j] {
                    pool.lite[L_PLACES + j].least_ancestors(&pool.links, p)
                } else {
                    1
                };
            }
            sum
        };
        if !full[k] {
            // The hint of a shared consequence `p` rests on at least `p`'s chain from
            // the first place (its distance + 1) and the other places' chains counted at
            // their least.
            if !lit[k] {
                pool.lite[k].close(&pool.links, pot(own, true));
                lit[k] = true;
            }
            let may = |pool: &mut PropagationPool, s: &CandSet, on: bool| {
                let mut any = false;
                each(s, |q| {
                    if any || (on && !several(grid[cell_of(q)])) {
                        return;
                    }
                    let p = pot(q, on);
                    let bound = pool.lite[k].least_ancestors(&pool.links, p) + others as u32;
                    if !best.worth(params.base + length_bonus(bound), bound, 6) {
                        return;
                    }
                    let bound = pool.lite[k].least_ancestors(&pool.links, p)
                        + others_least(pool, &lite_ok, p);
                    any = best.worth(params.base + length_bonus(bound), bound, 6);
                });
                any
            };
            if !may(pool, &on_common, true) && !may(pool, &off_common, false) {
                continue;
            }
            full_on(pool, board, k, own, params.mode);
            full[k] = true;
        }
        let mut rerun = false;
        let mut closed = false;
        let mut borrowed = [KEPT; 8];
        for on in [true, false] {
            let len = if on {
                pool.vals[k].on_list.len()
            } else {
                pool.vals[k].off_list.len()
            };
            for i in 0..len {
                let q = if on {
                    pool.vals[k].on_list[i]
                } else {
                    pool.vals[k].off_list[i]
                };
                let all = if on {
                    on_common.has(q)
                } else {
                    off_common.has(q)
                };
                if !all || (on && !several(grid[cell_of(q)])) {
                    continue;
                }
                let p = pot(q, on);
                let bound = pool.vals[k].ancestors(p) + others as u32;
                if !best.worth(params.base + length_bonus(bound), bound, 6) {
                    continue;
                }
                if !rerun {
                    // Each other place's chain counted at its least, from its propagation
                    // kept whole or its closure (without a conflict: the sets are those of
                    // `implied`).
                    if !closed {
                        closed = true;
                        for (j, &o) in places[1..].iter().enumerate() {
                            if kept_slot[j] == KEPT {
                                let lite = &mut pool.lite[L_PLACES + j];
                                lite.close(&pool.links, pot(cand(o, d), true));
                                lite_ok[j] = !lite.conflict;
                            }
                        }
                    }
                    let bound = pool.vals[k].ancestors(p) + others_least(pool, &lite_ok, p);
                    if !best.worth(params.base + length_bonus(bound), bound, 6) {
                        continue;
                    }
                    // A propagation kept is the same: borrowed, and given back below.
                    for (j, &o) in places[1..].iter().enumerate() {
                        let c = cand(o, d);
                        match pool.kept_cand.iter().position(|&x| x == c) {
                            Some(slot) => {
                                std::mem::swap(&mut pool.region[j], &mut pool.kept[slot]);
                                borrowed[j] = slot;
                            }
                            None => {
                                pool.region[j].propagate(board, pot(c, true), params.mode);
                                borrowed[j] = KEPT;
                            }
                        }
                    }
                    rerun = true;
                }
                let cx = pool.vals[k].ancestors(p)
                    + pool.region[..others]
                        .iter_mut()
                        .map(|r| r.ancestors(p))
                        .sum::<u32>();
                let dd = params.base + length_bonus(cx);
                if best.worth(dd, cx, 6) {
                    best.offer(
                        dd,
                        cx,
                        6,
                        kind,
                        grid,
                        p,
                        HintShape::Region {
                            unit: u as u8,
                            digit0: d as u8,
                        },
                    );
                }
            }
        }
        if rerun {
            give_back(pool, &places[1..], d, &borrowed);
        }
    }
}

/// Nishio: only contradictions give hints, so a propagation (with parents) is made only
/// when [`plane_closure`] says it meets one; the hints are offered as the loop of
/// [`search`] offers them (per digit, "on" then "off").
fn search_nishio(
    grid: &[u16; 81],
    board: &WorkGrid,
    params: &Params,
    pool: &mut PropagationPool,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
    kind: ChainKind,
) {
    let planes = digit_planes(grid);
    // The digits whose places are those of an earlier search where no place's "on"
    // met a contradiction (see `PropagationPool::nishio_planes_without_contradiction`): they give nothing.
    let mut digits_without_contradiction = 0u16;
    for (d, (&known, &plane)) in pool
        .nishio_planes_without_contradiction
        .iter()
        .zip(planes.iter())
        .enumerate()
    {
        if known == plane {
            digits_without_contradiction |= 1 << d;
        }
    }
    // Per digit: the places whose "on" was tested, and those that meet a contradiction.
    let (mut tested, mut conflicts) = ([0u128; 9], [0u128; 9]);
    for cell in 0..81 {
        if grid[cell].count_ones() <= 1 {
            continue;
        }
        check();
        for (d, &plane) in planes.iter().enumerate() {
            if (grid[cell] & !digits_without_contradiction) >> d & 1 == 0 {
                continue;
            }
            let c = cand(cell, d);
            for on in [true, false] {
                // "on" tests made once per place ("off" takes its conjugate's, see
                // [`plane_partner`]).
                let at = if on {
                    Some(cell)
                } else {
                    plane_partner(plane, cell)
                };
                let Some(at) = at else { continue };
                if tested[d] >> at & 1 == 0 {
                    match plane_closure(plane, at, true) {
                        None => conflicts[d] |= 1 << at,
                        Some(ons) => tested[d] |= ons,
                    }
                    tested[d] |= 1 << at;
                }
                if conflicts[d] >> at & 1 == 0 {
                    continue;
                }
                let run = &mut pool.off;
                run.propagate(board, pot(c, on), params.mode);
                let a = run
                    .absurd
                    .expect("a contradiction, as the plane closure says");
                let cx = run.absurd_complexity();
                let dd = params.base + length_bonus(cx);
                if best.worth(dd, cx, 7) && (on || several(grid[cell])) {
                    best.offer(
                        dd,
                        cx,
                        7,
                        kind,
                        grid,
                        pot(c, !on),
                        HintShape::Contradiction {
                            source: pot(c, on),
                            both: a,
                        },
                    );
                }
            }
        }
    }
    // Every place of a digit tested without a contradiction: remembered.
    for d in 0..9 {
        if digits_without_contradiction >> d & 1 == 0
            && conflicts[d] == 0
            && tested[d] & planes[d] == planes[d]
        {
            pool.nishio_planes_without_contradiction[d] = planes[d];
        }
    }
}

/// The first of the 8 slots of `PropagationPool::lite` for a region's other places (static).
const L_PLACES: usize = 9;

/// The sets of digit `k`'s (candidate `c`'s) "on" propagation: in `pool.vals[k]`
/// where `full`, else its closure in `pool.dcache` (without a conflict).
#[inline]
fn on_sets(pool: &PropagationPool, full: &[bool; 9], k: usize, c: u16) -> (CandSet, CandSet) {
    if full[k] {
        (pool.vals[k].on, pool.vals[k].off)
    } else {
        (pool.dcache[c as usize].on, pool.dcache[c as usize].off)
    }
}

/// A lower bound of the ancestor count of `p` in digit `k`'s (candidate `c`'s) "on"
/// propagation (exact when it is in `pool.vals[k]`).
#[inline]
fn least_on(pool: &mut PropagationPool, full: &[bool; 9], k: usize, c: u16, p: u16) -> u32 {
    if full[k] {
        pool.vals[k].ancestors(p)
    } else {
        pool.dcache[c as usize].least_ancestors(p)
    }
}

/// Dynamic forcing chains (level 0): the same hints offered in the same order as the
/// loop of [`search`], but a propagation with parents is made only where it is needed:
/// when the [`DynamicClosure`] closure meets a contradiction (its hint, and the sets it leaves,
/// need the propagation), or when a set test (double forcing, region, cell) finds a
/// consequence whose hint could still beat the best one, with each chain counted at
/// its least (see [`DynamicClosure`]).
fn search_dynamic(
    grid: &[u16; 81],
    board: &WorkGrid,
    params: &Params,
    pool: &mut PropagationPool,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
    (k_contra, k_double, k_region, k_cell): (ChainKind, ChainKind, ChainKind, ChainKind),
) {
    let mode = params.mode;
    for cell in 0..81 {
        let card = grid[cell].count_ones();
        if card <= 1 {
            continue;
        }
        check();
        let do_double = card >= 3;
        let (digit_buf, n_digits) = digits_of(grid[cell]);
        let digits = &digit_buf[..n_digits];
        let n = digits.len();
        // `full[k]`: `pool.vals[k]` holds digit k's "on" propagation; otherwise
        // `pool.dcache` holds its closure (without a conflict).
        let mut full = [false; 9];
        // Every digit's "on" first (nothing here depends on the hints offered; a region
        // test keeps propagations of other cells only).
        for (k, &d) in digits.iter().enumerate() {
            let c = cand(cell, d);
            if pool.was_conflicted.has(c) {
                // Likely to meet a contradiction again: `implied_of` propagates it at once
                // (and keeps the propagation, taken below, when it does).
                implied_of(pool, board, c, mode);
            }
            // A propagation kept from the region tests is the same (one grid, one mode).
            match pool.kept_cand.iter().position(|&x| x == c) {
                Some(slot) => {
                    std::mem::swap(&mut pool.vals[k], &mut pool.kept[slot]);
                    pool.kept_cand[slot] = NONE;
                    full[k] = true;
                }
                None => {
                    // The closure is made in its slot (kept there without a conflict).
                    let lite = &mut pool.dcache[c as usize];
                    if !pool.dcache_has.has(c) {
                        lite.close(board, pot(c, true), &pool.conflicted);
                        if !lite.conflict {
                            pool.dcache_has.set(c);
                        }
                    }
                    let conflict = lite.conflict;
                    if !pool.known.has(c) && !conflict {
                        // For the "off" tests of conjugate places met later.
                        pool.known.set(c);
                        pool.implied[c as usize] = Implied {
                            on: lite.on,
                            off: lite.off,
                        };
                    }
                    if conflict {
                        pool.vals[k].propagate(board, pot(c, true), mode);
                        full[k] = true;
                        if !pool.known.has(c) {
                            pool.known.set(c);
                            pool.conflicted.set(c);
                            pool.implied[c as usize] = Implied {
                                on: pool.vals[k].on,
                                off: pool.vals[k].off,
                            };
                        }
                    }
                }
            }
        }
        let absurd: [bool; 9] = std::array::from_fn(|k| full[k] && pool.vals[k].absurd.is_some());
        for (k, &d) in digits.iter().enumerate() {
            let c = cand(cell, d);
            let run = &mut pool.vals[k];
            if full[k] && run.absurd.is_some() {
                let cx = run.absurd_complexity();
                let dd = params.base + length_bonus(cx);
                if best.worth(dd, cx, 7) {
                    let a = run.absurd.unwrap();
                    best.offer(
                        dd,
                        cx,
                        7,
                        k_contra,
                        grid,
                        pot(c, false),
                        HintShape::Contradiction {
                            source: pot(c, true),
                            both: a,
                        },
                    );
                }
            }
            // In a bivalue cell "off" turns the other digit on, and that "on" turns it
            // off: both propagations reach the same closure, so the other digit's "on"
            // says whether this "off" meets a contradiction (and no set test uses it).
            // Likewise where the digit has one other place `o` in a unit of the cell:
            // "off" turns `o` on, and `o` on turns this one off, so this "off" reaches
            // the closure of `o`'s "on" (its sets and whether it meets a contradiction;
            // the depths differ, and are computed only if a bound needs them).
            let mut off_lit = false;
            let mut partner = NONE;
            let off_conflict = if card == 2 {
                absurd[1 - k]
            } else {
                for u in regions_of(cell) {
                    let m = board.places[u][d];
                    if pair(m) {
                        let i = (m & !(1 << pos_in(cell, u))).trailing_zeros() as usize;
                        partner = cand(crate::grid::UNITS[u][i] as usize, d);
                        break;
                    }
                }
                if partner != NONE {
                    implied_of(pool, board, partner, mode);
                    pool.conflicted.has(partner)
                } else {
                    pool.doff.close(board, pot(c, false), &pool.conflicted);
                    off_lit = true;
                    pool.doff.conflict
                }
            };
            let mut off_full = false;
            if off_conflict {
                let off = &mut pool.off;
                off.propagate(board, pot(c, false), mode);
                off_full = true;
                if off.absurd.is_some() {
                    let cx = off.absurd_complexity();
                    let dd = params.base + length_bonus(cx);
                    if best.worth(dd, cx, 7) && several(grid[cell]) {
                        let a = off.absurd.unwrap();
                        best.offer(
                            dd,
                            cx,
                            7,
                            k_contra,
                            grid,
                            pot(c, true),
                            HintShape::Contradiction {
                                source: pot(c, false),
                                both: a,
                            },
                        );
                    }
                }
            }
            if do_double {
                // What both "on" and "off" imply, each chain counted at its least first.
                let (on_k, off_k) = on_sets(pool, &full, k, c);
                let (mut both_on, mut both_off) = (on_k, off_k);
                if off_full {
                    both_on.intersect(&pool.off.on);
                    both_off.intersect(&pool.off.off);
                } else if off_lit {
                    both_on.intersect(&pool.doff.on);
                    both_off.intersect(&pool.doff.off);
                } else {
                    let implied = &pool.implied[partner as usize];
                    both_on.intersect(&implied.on);
                    both_off.intersect(&implied.off);
                    if !both_on.is_empty() || !both_off.is_empty() {
                        pool.doff.close(board, pot(c, false), &pool.conflicted);
                    }
                }
                let mut may = false;
                for on in [true, false] {
                    let mut qs = [0u16; NCAND];
                    let mut nq = 0;
                    each(if on { &both_on } else { &both_off }, |q| {
                        if !on || several(grid[cell_of(q)]) {
                            qs[nq] = q;
                            nq += 1;
                        }
                    });
                    for &q in &qs[..nq] {
                        if may {
                            break;
                        }
                        let p = pot(q, on);
                        let bound = least_on(pool, &full, k, c, p)
                            + if off_full {
                                pool.off.ancestors(p)
                            } else {
                                pool.doff.least_ancestors(p)
                            };
                        may = best.worth(params.base + length_bonus(bound), bound, 1);
                    }
                }
                if may {
                    if !full[k] {
                        pool.vals[k].propagate(board, pot(c, true), mode);
                        full[k] = true;
                    }
                    if !off_full {
                        pool.off.propagate(board, pot(c, false), mode);
                    }
                    let run = &mut pool.vals[k];
                    let off = &mut pool.off;
                    for i in 0..run.on_list.len() {
                        let q = run.on_list[i];
                        if off.on.has(q) && several(grid[cell_of(q)]) {
                            let cx = run.ancestors(pot(q, true)) + off.ancestors(pot(q, true));
                            let dd = params.base + length_bonus(cx);
                            if best.worth(dd, cx, 1) {
                                best.offer(
                                    dd,
                                    cx,
                                    1,
                                    k_double,
                                    grid,
                                    pot(q, true),
                                    HintShape::Double { source: c },
                                );
                            }
                        }
                    }
                    for i in 0..run.off_list.len() {
                        let q = run.off_list[i];
                        if off.off.has(q) {
                            let cx = run.ancestors(pot(q, false)) + off.ancestors(pot(q, false));
                            let dd = params.base + length_bonus(cx);
                            if best.worth(dd, cx, 1) {
                                best.offer(
                                    dd,
                                    cx,
                                    1,
                                    k_double,
                                    grid,
                                    pot(q, false),
                                    HintShape::Double { source: c },
                                );
                            }
                        }
                    }
                }
            }
            region_chains_dynamic(
                grid, board, params, cell, d, k, &mut full, pool, best, k_region,
            );
        }
        // Cell forcing chains.
        let (mut on_common, mut off_common) = on_sets(pool, &full, 0, cand(cell, digits[0]));
        for (k, &d) in digits.iter().enumerate().skip(1) {
            let (on_k, off_k) = on_sets(pool, &full, k, cand(cell, d));
            on_common.intersect(&on_k);
            off_common.intersect(&off_k);
        }
        if on_common.is_empty() && off_common.is_empty() {
            continue;
        }
        let mut may = false;
        for on in [true, false] {
            let mut qs = [0u16; NCAND];
            let mut nq = 0;
            each(if on { &on_common } else { &off_common }, |q| {
                if !on || several(grid[cell_of(q)]) {
                    qs[nq] = q;
                    nq += 1;
                }
            });
            for &q in &qs[..nq] {
                if may {
                    break;
                }
                let p = pot(q, on);
                let bound: u32 = (0..n)
                    .map(|k| least_on(pool, &full, k, cand(cell, digits[k]), p))
                    .sum();
                may = best.worth(params.base + length_bonus(bound), bound, 5);
            }
        }
        if !may {
            continue;
        }
        for (k, &d) in digits.iter().enumerate() {
            if !full[k] {
                pool.vals[k].propagate(board, pot(cand(cell, d), true), mode);
                full[k] = true;
            }
        }
        cell_chains(grid, &mut pool.vals[..n], cell, params.base, k_cell, best);
    }
}

/// Region forcing chains of dynamic chains: as [`region_chains`], with the other
/// places' sets from [`DynamicClosure`] closures (a propagation with parents, kept for the
/// cell loop, where the closure meets a contradiction), and the propagation of digit
/// `k` (with parents) made only when a shared consequence could give a hint that beats
/// the best.
#[allow(clippy::too_many_arguments)]
fn region_chains_dynamic(
    grid: &[u16; 81],
    board: &WorkGrid,
    params: &Params,
    cell: usize,
    d: usize,
    k: usize,
    full: &mut [bool; 9],
    pool: &mut PropagationPool,
    best: &mut BestHint,
    kind: ChainKind,
) {
    let own = cand(cell, d);
    for (ku, u) in regions_of(cell).into_iter().enumerate() {
        let Some((place_buf, n_places)) = region_places(board, cell, ku, u, d, params.multiple)
        else {
            continue;
        };
        let places = &place_buf[..n_places];
        let count = places.len();
        let (mut on_common, mut off_common) = on_sets(pool, full, k, own);
        let mut shared = true;
        for &o in &places[1..] {
            let c = cand(o, d);
            implied_of(pool, board, c, params.mode);
            on_common.intersect(&pool.implied[c as usize].on);
            off_common.intersect(&pool.implied[c as usize].off);
            if on_common.is_empty() && off_common.is_empty() {
                shared = false;
                break;
            }
        }
        if !shared {
            continue;
        }
        let others = count - 1;
        // Where the other places' "on" propagations are kept whole (those that meet a
        // contradiction; the others have their closures in `dcache`: the later places
        // than this cell keep them until the cell loop takes them).
        let mut kept_slot = [KEPT; 8];
        for (j, &o) in places[1..].iter().enumerate() {
            let c = cand(o, d);
            kept_slot[j] = pool.kept_cand.iter().position(|&x| x == c).unwrap_or(KEPT);
        }
        // The other places' chains to `p` (a potential all of them imply), each counted
        // at its least: exactly from a propagation kept whole, the closure's depth + 1
        // from a closure, 1 otherwise.
        let others_least = |pool: &mut PropagationPool, p: u16| -> u32 {
            let mut sum = 0;
            for (j, &o) in places[1..].iter().enumerate() {
                let c = cand(o, d);
                sum += if kept_slot[j] < KEPT {
                    debug_assert_eq!(
                        pool.kept_cand[kept_slot[j]], c,
                        "a kept propagation taken since"
                    );
                    pool.kept[kept_slot[j]].ancestors(p)
                } else if pool.dcache_has.has(c) {
                    pool.dcache[c as usize].least_ancestors(p)
                } else {
                    1
                };
            }
            sum
        };
        if !full[k] {
            // The hint of a shared consequence `p` rests on at least `p`'s chain from
            // the first place and the other places' chains counted at their least.
            let may = |pool: &mut PropagationPool, s: &CandSet, on: bool| {
                let mut any = false;
                each(s, |q| {
                    if any || (on && !several(grid[cell_of(q)])) {
                        return;
                    }
                    let p = pot(q, on);
                    let bound = pool.dcache[own as usize].least_ancestors(p) + others as u32;
                    if !best.worth(params.base + length_bonus(bound), bound, 6) {
                        return;
                    }
                    let bound =
                        pool.dcache[own as usize].least_ancestors(p) + others_least(pool, p);
                    any = best.worth(params.base + length_bonus(bound), bound, 6);
                });
                any
            };
            if !may(pool, &on_common, true) && !may(pool, &off_common, false) {
                continue;
            }
            pool.vals[k].propagate(board, pot(own, true), params.mode);
            full[k] = true;
        }
        let mut rerun = false;
        let mut borrowed = [KEPT; 8];
        for on in [true, false] {
            let len = if on {
                pool.vals[k].on_list.len()
            } else {
                pool.vals[k].off_list.len()
            };
            for i in 0..len {
                let q = if on {
                    pool.vals[k].on_list[i]
                } else {
                    pool.vals[k].off_list[i]
                };
                let all = if on {
                    on_common.has(q)
                } else {
                    off_common.has(q)
                };
                if !all || (on && !several(grid[cell_of(q)])) {
                    continue;
                }
                let p = pot(q, on);
                let bound = pool.vals[k].ancestors(p) + others as u32;
                if !best.worth(params.base + length_bonus(bound), bound, 6) {
                    continue;
                }
                if !rerun {
                    // Each other place's chain counted at its least (the sets the closures
                    // and kept propagations give are those of `implied`).
                    let bound = pool.vals[k].ancestors(p) + others_least(pool, p);
                    if !best.worth(params.base + length_bonus(bound), bound, 6) {
                        continue;
                    }
                    // A propagation kept is the same: borrowed, and given back below.
                    for (j, &o) in places[1..].iter().enumerate() {
                        let c = cand(o, d);
                        match pool.kept_cand.iter().position(|&x| x == c) {
                            Some(slot) => {
                                std::mem::swap(&mut pool.region[j], &mut pool.kept[slot]);
                                borrowed[j] = slot;
                            }
                            None => {
                                pool.region[j].propagate(board, pot(c, true), params.mode);
                                borrowed[j] = KEPT;
                            }
                        }
                    }
                    rerun = true;
                }
                let cx = pool.vals[k].ancestors(p)
                    + pool.region[..others]
                        .iter_mut()
                        .map(|r| r.ancestors(p))
                        .sum::<u32>();
                let dd = params.base + length_bonus(cx);
                if best.worth(dd, cx, 6) {
                    best.offer(
                        dd,
                        cx,
                        6,
                        kind,
                        grid,
                        p,
                        HintShape::Region {
                            unit: u as u8,
                            digit0: d as u8,
                        },
                    );
                }
            }
        }
        if rerun {
            give_back(pool, &places[1..], d, &borrowed);
        }
    }
}

/// The most candidates a grid may have lost since the last dynamic search for its
/// closures to be tested one by one (past that, few stay, and all are dropped).
const REVALIDATE_MAX: usize = 48;

/// The candidates `grid` lost since `last` (at most `REVALIDATE_MAX`), or `None` when
/// nothing was kept, `grid` has a candidate `last` had not (another grid), or it lost
/// more than `REVALIDATE_MAX`.
fn lost_since(
    last: Option<&[u16; 81]>,
    grid: &[u16; 81],
) -> Option<([u16; REVALIDATE_MAX], usize)> {
    let last = last?;
    let mut removed = [0u16; REVALIDATE_MAX];
    let mut n = 0;
    for cell in 0..81 {
        if grid[cell] & !last[cell] != 0 {
            return None;
        }
        let mut lost = last[cell] & !grid[cell];
        while lost != 0 {
            let d = lost.trailing_zeros() as usize;
            lost &= lost - 1;
            if n == REVALIDATE_MAX {
                return None;
            }
            removed[n] = cand(cell, d);
            n += 1;
        }
    }
    Some((removed, n))
}

/// Before a dynamic search on `grid`: keeps in `dcache` the closures of the last one
/// that are still the closures on this grid ([`DynamicClosure::still_closed`]), given what it
/// lost since ([`lost_since`]); drops them all where that is unknown.
fn revalidate_closures(
    pool: &mut PropagationPool,
    grid: &[u16; 81],
    board: &WorkGrid,
    lost: Option<&([u16; REVALIDATE_MAX], usize)>,
) {
    match lost {
        Some((removed, n)) => {
            let mut has = pool.dcache_has;
            each(&pool.dcache_has, |c| {
                if !pool.dcache[c as usize].still_closed(board, &removed[..*n]) {
                    has.unset(c);
                }
            });
            pool.dcache_has = has;
        }
        None => pool.dcache_has.clear(),
    }
    pool.dcache_grid = Some(*grid);
}

/// Forgets the closures kept for the next dynamic search.
pub(super) fn forget_closures(pool: &mut PropagationPool) {
    pool.was_conflicted.clear();
    pool.nishio_planes_without_contradiction = [NO_PLANE; 9];
    pool.dcache_has.clear();
    pool.dcache_grid = None;
}

/// Makes `implied[c]` known: the sets of `c`'s "on" closure (kept in `dcache`), or,
/// where it meets a contradiction, of its propagation (kept with the propagations).
fn implied_of(pool: &mut PropagationPool, board: &WorkGrid, c: u16, mode: Mode) {
    if pool.known.has(c) {
        return;
    }
    if pool.dcache_has.has(c) {
        // Kept from an earlier search (still the closure on this grid).
        let lite = &pool.dcache[c as usize];
        pool.implied[c as usize] = Implied {
            on: lite.on,
            off: lite.off,
        };
        pool.known.set(c);
        return;
    }
    if pool.was_conflicted.has(c) {
        // Likely to meet a contradiction again: propagated first (kept if it does).
        let slot = pool.kept_next;
        let run = &mut pool.kept[slot];
        run.propagate(board, pot(c, true), mode);
        if run.absurd.is_some() {
            pool.kept_next = (slot + 1) % KEPT;
            pool.kept_cand[slot] = c;
            pool.conflicted.set(c);
            pool.implied[c as usize] = Implied {
                on: run.on,
                off: run.off,
            };
            pool.known.set(c);
            return;
        }
        // The slot's propagation is gone.
        pool.kept_cand[slot] = NONE;
    }
    let lite = &mut pool.dcache[c as usize];
    lite.close(board, pot(c, true), &pool.conflicted);
    pool.implied[c as usize] = if lite.conflict {
        pool.conflicted.set(c);
        let slot = pool.kept_next;
        pool.kept_next = (slot + 1) % KEPT;
        let run = &mut pool.kept[slot];
        run.propagate(board, pot(c, true), mode);
        pool.kept_cand[slot] = c;
        Implied {
            on: run.on,
            off: run.off,
        }
    } else {
        pool.dcache_has.set(c);
        Implied {
            on: lite.on,
            off: lite.off,
        }
    };
    pool.known.set(c);
}

/// Static chains: makes the propagation of `c` (digit `k` of the current cell, in
/// `partial`) in `pool.vals[k]` and its sets exact in `implied`.
fn make_exact_own(
    pool: &mut PropagationPool,
    board: &WorkGrid,
    k: usize,
    c: u16,
    mode: Mode,
    full: &mut [bool; 9],
) {
    if !full[k] {
        full_on(pool, board, k, c, mode);
        full[k] = true;
    }
    pool.implied[c as usize] = Implied {
        on: pool.vals[k].on,
        off: pool.vals[k].off,
    };
    pool.partial.unset(c);
}

/// Digit `k`'s "on" propagation (with parents) of candidate `c` into `pool.vals[k]`:
/// taken over from the kept ones when there (the same: one grid, one mode).
fn full_on(pool: &mut PropagationPool, board: &WorkGrid, k: usize, c: u16, mode: Mode) {
    match pool.kept_cand.iter().position(|&x| x == c) {
        Some(slot) => {
            std::mem::swap(&mut pool.vals[k], &mut pool.kept[slot]);
            pool.kept_cand[slot] = NONE;
        }
        None => pool.vals[k].propagate(board, pot(c, true), mode),
    }
}

/// After a region's reruns: gives back the propagations borrowed from the kept ones
/// (`borrowed[j]`: its slot, `KEPT` if made), and keeps those made, for the other
/// regions of these places and for the cell loop.
fn give_back(pool: &mut PropagationPool, others: &[usize], d: usize, borrowed: &[usize; 8]) {
    for (j, &slot) in borrowed.iter().enumerate().take(others.len()) {
        if slot < KEPT {
            std::mem::swap(&mut pool.region[j], &mut pool.kept[slot]);
        }
    }
    for (j, &o) in others.iter().enumerate() {
        if borrowed[j] == KEPT {
            let slot = pool.kept_next;
            pool.kept_next = (slot + 1) % KEPT;
            std::mem::swap(&mut pool.region[j], &mut pool.kept[slot]);
            pool.kept_cand[slot] = cand(o, d);
        }
    }
}
