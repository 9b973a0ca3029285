//! The search with parents everywhere (nested chains), and the cell and region forcing
//! chains it offers.

use super::params::Params;
use super::pool::*;
use crate::logic::chains::best_hint::{BestHint, HintShape};
use crate::logic::chains::difficulty::*;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::potential::*;
use crate::logic::chains::propagation::*;
use crate::logic::chains::work_grid::*;

/// The search with a propagation (with parents) for every assumption: each candidate
/// of a cell ("on", and "off" where dynamic), then the cell's and its regions' forcing
/// chains; what [`search`](super::search) runs where no faster search applies (the
/// nested levels).
#[allow(clippy::too_many_arguments)]
pub(super) fn search_with_parents(
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
                None => pool.vals[k].propagate(board, pot(c, true), mode),
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
                    region_chains(grid, board, params, cell, d, k, pool, best, k_region);
                }
                continue;
            }
            let off = &mut pool.off;
            off.propagate(board, pot(c, false), mode);
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
                region_chains(grid, board, params, cell, d, k, pool, best, k_region);
            }
        }
        if !params.nishio && (card == 2 || (params.multiple && card > 2)) {
            let n = digits.len();
            cell_chains(grid, &mut pool.vals[..n], cell, params.base, k_cell, best);
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn region_chains(
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

/// Cell forcing chains from the propagations (with parents) of the `vals.len()` digits
/// of `cell`: each consequence every digit implies is offered, in the order of the first
/// digit's lists ("on" ones first), with the sum of its chains' complexities.
pub(super) fn cell_chains(
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
