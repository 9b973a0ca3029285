//! Static multiple chains: propagations with parents only where a set test finds a
//! consequence whose hint could still beat the best.

use super::params::Params;
use super::pool::*;
use super::with_parents::cell_chains;
use crate::logic::chains::best_hint::{BestHint, HintShape};
use crate::logic::chains::difficulty::*;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::potential::*;
use crate::logic::chains::work_grid::*;

/// Static multiple chains (cells of 3+ digits, "on" propagations only): the same hints
/// offered in the same order as the dynamic loop of [`search`] would, but each
/// propagation with parents is made only when a set test finds a consequence whose hint
/// could still beat the best one, the sets coming from [`StaticClosure`] closures (the same sets;
/// with a contradiction, from [`Propagation::propagate`] itself).
#[allow(clippy::too_many_arguments)]
pub(super) fn search_static(
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

/// Region forcing chains of static multiple chains: as [`region_chains`], with the
/// other places' sets from [`StaticClosure`] closures and the propagation of digit `k` (with
/// parents) made only when a shared consequence could give a hint that beats the best.
#[allow(clippy::too_many_arguments)]
pub(super) fn region_chains_static(
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
