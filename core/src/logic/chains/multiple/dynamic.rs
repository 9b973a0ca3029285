//! Dynamic forcing chains (level 0): propagations with parents only where the dynamic
//! closure meets a contradiction or a set test finds a consequence worth a hint.

use super::params::Params;
use super::pool::*;
use super::with_parents::cell_chains;
use crate::logic::chains::best_hint::{BestHint, HintShape};
use crate::logic::chains::difficulty::*;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::potential::*;
use crate::logic::chains::work_grid::*;

/// Dynamic forcing chains (level 0): the same hints offered in the same order as the
/// loop of [`search`], but a propagation with parents is made only where it is needed:
/// when the [`DynamicClosure`] closure meets a contradiction (its hint, and the sets it leaves,
/// need the propagation), or when a set test (double forcing, region, cell) finds a
/// consequence whose hint could still beat the best one, with each chain counted at
/// its least (see [`DynamicClosure`]).
pub(super) fn search_dynamic(
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
pub(super) fn region_chains_dynamic(
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
