//! One pass (X, Y or XY links) of the cycle search, and the eliminations of a cycle.

use super::memos::*;
use super::pass_graph::*;
use super::tree_search::*;
use crate::logic::chains::best_hint::BestHint;
use crate::logic::chains::difficulty::*;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::potential::*;
use crate::logic::geometry::PEER_MASKS_NINE as PEER_MASKS;

/// A pass's kinds of hint, base difficulties and sort key.
#[derive(Clone, Copy)]
pub(super) struct Pass {
    pub(super) cycle_kind: ChainKind,
    pub(super) chain_kind: ChainKind,
    pub(super) cycle_base: f64,
    pub(super) chain_base: f64,
    pub(super) key: u8,
}

/// One pass (`Y`: cell rule, `X`: region rule), its searches from the candidates of the
/// digits outside `skip`: the digits whose searches ran with a best hint or offered one.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(super) fn run_pass<const Y: bool, const X: bool>(
    grid: &[u16; 81],
    places: &[u128; 9],
    g: &mut PassGraph,
    w: &mut Work,
    xy: &mut XyPassFruitlessStarts,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
    pass: &Pass,
    skip: u16,
    path: &mut Vec<u16>,
) -> u16 {
    let (y, x) = (Y, X);
    let Pass {
        cycle_kind,
        chain_kind,
        cycle_base,
        chain_base,
        key,
    } = *pass;
    // The bounds change only when a hint is offered: recomputed then.
    let bounds = |best: &BestHint| {
        (
            best.max_complexity(cycle_base, key),
            best.max_complexity(chain_base, key),
        )
    };
    let (mut cyc_max, mut chain_max) = bounds(best);
    // A cycle has 4 potentials or more, a forcing chain 2: when neither could beat
    // the best, the pass can find nothing.
    if cyc_max < 4 && (!x || chain_max < 2) {
        check();
        return 0;
    }
    // The digits whose searches ran with a best hint or offered one.
    let mut tainted = 0u16;
    g.build(grid, places, y, x, 0x1ff & !skip);
    // Unbounded searches (no hint yet) of the XY pass, the longest, are skipped when
    // the graph's components show they can find nothing.
    let prune = y && x && cyc_max == u32::MAX;
    if prune {
        w.comps.compute(grid, g);
    }
    // The XY pass's memo (see `XyPassFruitlessStarts`): the candidates whose lists changed since.
    let memo = Y && X;
    if memo {
        if xy.on_read.is_empty() {
            xy.on_read = vec![(CandSet::EMPTY, CandSet::EMPTY); NCAND];
            xy.off_read = vec![(CandSet::EMPTY, CandSet::EMPTY); NCAND];
            xy.grid = vec![0; 81];
            xy.on_bound = vec![(0, 0); NCAND];
            xy.off_bound = vec![0; NCAND];
        }
        if xy.valid && !(xy.on_ok.is_empty() && xy.off_ok.is_empty()) {
            let changed = xy.changed(grid, g);
            // Every record is checked now, so that those kept hold for this graph (a
            // start may be left unsearched, or be no candidate, for a while).
            let mut present = CandSet::EMPTY;
            for (cell, &cands) in grid.iter().enumerate() {
                let mut m = cands;
                while m != 0 {
                    let c = cand(cell, m.trailing_zeros() as usize);
                    m &= m - 1;
                    present.set(c);
                    if xy.on_ok.has(c) && meets(&xy.on_read[c as usize], &changed, Some(c)) {
                        xy.on_ok.unset(c);
                    }
                    if xy.off_ok.has(c) && meets(&xy.off_read[c as usize], &changed, None) {
                        xy.off_ok.unset(c);
                    }
                }
            }
            xy.on_ok.intersect(&present);
            xy.off_ok.intersect(&present);
        } else {
            xy.on_ok.clear();
            xy.off_ok.clear();
        }
        // (Made valid again once the pass is through.)
        xy.valid = false;
    }
    for cell in 0..81 {
        if grid[cell].count_ones() < 2 {
            continue;
        }
        check();
        let mut m = grid[cell] & !skip;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let c = cand(cell, d);
            if !x && grid[cell].count_ones() > 2 {
                continue;
            }
            // Cycles, and (X links) the forcing chain from "on", share one search.
            let fc_max = if x { chain_max } else { 0 };
            let (on, off) = (pot(c, true), pot(c, false));
            let fc_on = if memo
                && xy.on_ok.has(c)
                && cyc_max <= xy.on_bound[c as usize].0
                && fc_max <= xy.on_bound[c as usize].1
            {
                w.cycles.clear();
                None
            } else if prune
                && !w.comps.on_cycle(on)
                && !(x && w.comps.may_refute(grid, places, g, c, y))
            {
                if memo {
                    xy.on_ok.unset(c);
                }
                w.cycles.clear();
                None
            } else {
                let found = from_on(g, c, y, cyc_max, fc_max, w);
                if memo {
                    if found.is_none() && w.cycles.is_empty() {
                        xy.on_read[c as usize] = (w.on_set, w.off_set);
                        xy.on_bound[c as usize] = (cyc_max, fc_max);
                        xy.on_ok.set(c);
                    } else {
                        xy.on_ok.unset(c);
                    }
                }
                found
            };
            for i in 0..w.cycles.len() {
                let e = w.cycles[i];
                w.path(e, path);
                let complexity = path.len() as u32;
                let d = cycle_base + length_bonus(complexity);
                if !best.worth(d, complexity, key) {
                    continue;
                }
                let elims = cycle_eliminations(places, path);
                if elims.is_empty() {
                    continue;
                }
                let mut pots = path.clone();
                pots.reverse();
                best.offer_cycle(d, complexity, key, cycle_kind, elims, c, pots);
                (cyc_max, chain_max) = bounds(best);
            }
            if x {
                for start_on in [true, false] {
                    let found = if start_on {
                        fc_on
                    } else {
                        if !g.live.has(c) || prune && !w.comps.may_reach(off, on) {
                            // (A start "off" that turns nothing on leads nowhere.)
                            None
                        } else if memo && xy.off_ok.has(c) && chain_max <= xy.off_bound[c as usize]
                        {
                            None
                        } else {
                            let found = from_off(g, c, chain_max, w);
                            if memo {
                                if found.is_none() {
                                    xy.off_read[c as usize] = (w.on_set, w.off_set);
                                    xy.off_bound[c as usize] = chain_max;
                                    xy.off_ok.set(c);
                                } else {
                                    xy.off_ok.unset(c);
                                }
                            }
                            found
                        }
                    };
                    if let Some((e, complexity)) = found {
                        let d = chain_base + length_bonus(complexity);
                        if !best.worth(d, complexity, key) {
                            continue;
                        }
                        w.path(e, path);
                        let mut pots = path.clone();
                        pots.push(pot(c, start_on));
                        pots.reverse();
                        let target = pot(c, !start_on);
                        best.offer_target(d, complexity, key, chain_kind, grid, target, pots);
                        (cyc_max, chain_max) = bounds(best);
                    }
                }
            }
            // With no best hint now, there was none before (its searches were
            // unbounded) and it offered none.
            if best.is_some() {
                tainted |= 1 << d;
            }
        }
    }
    if memo {
        // The memo's records now hold for this graph: every start was checked or
        // searched again (those no longer candidates are recorded as changed next time).
        xy.grid.copy_from_slice(grid);
        std::mem::swap(&mut xy.graph, g);
        xy.valid = true;
    }
    tainted
}

/// The candidates a cycle removes: outside the cycle's cells, those that see an "on" and
/// an "off" potential of the cycle with their digit.
pub(super) fn cycle_eliminations(places: &[u128; 9], path: &[u16]) -> Vec<u16> {
    let mut in_cells = 0u128;
    for &p in path {
        in_cells |= 1 << cell_of(pot_cand(p));
    }
    // Per digit, the cells that see an "on" and those that see an "off" of that digit
    // (`digits`: those with both).
    let mut forw = [0u128; 9];
    let mut back = [0u128; 9];
    let (mut on_digits, mut off_digits) = (0u16, 0u16);
    for &p in path {
        let c = pot_cand(p);
        let d = digit0_of(c);
        if pot_on(p) {
            forw[d] |= PEER_MASKS[cell_of(c)];
            on_digits |= 1 << d;
        } else {
            back[d] |= PEER_MASKS[cell_of(c)];
            off_digits |= 1 << d;
        }
    }
    let digits = on_digits & off_digits;
    let mut both = [0u128; 9];
    let mut any = 0u128;
    let mut ds = digits;
    while ds != 0 {
        let d = ds.trailing_zeros() as usize;
        ds &= ds - 1;
        both[d] = forw[d] & back[d] & places[d] & !in_cells;
        any |= both[d];
    }
    let mut out = Vec::new();
    for_cells(any, |cell| {
        let mut ds = digits;
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if both[d] >> cell & 1 != 0 {
                out.push(cand(cell, d));
            }
        }
    });
    out
}
