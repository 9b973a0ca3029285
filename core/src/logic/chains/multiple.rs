//! Nishio, multiple (cell and region) and dynamic forcing chains: every producer of
//! Sukaku Explainer that propagates whole sets of consequences from one assumption.
//!
//! For each cell (with at least 3 candidates for static multiple chains, 2 otherwise), for
//! each of its digits: the consequences of "on" and of "off" are propagated (see
//! [`Run::propagate`]); then, in this order,
//! - a contradiction from "on" removes the digit, from "off" places it (nishio, dynamic);
//! - what both "on" and "off" imply holds (double forcing; dynamic, cells of 3+ digits);
//! - region forcing chains: the digit's places in a box, row or column (met from their
//!   first place); what every place implies holds (not nishio);
//! - cell forcing chains: what every digit of the cell implies holds (not nishio).

use super::engine::*;
use super::{ChainKind, Found, HintShape};

/// The propagations one cell needs at once.
pub struct Pool {
    vals: Vec<Run>,
    off: Run,
    region: Vec<Run>,
}

impl Default for Pool {
    fn default() -> Self {
        Pool {
            vals: (0..9).map(|_| Run::default()).collect(),
            off: Run::default(),
            region: (0..8).map(|_| Run::default()).collect(),
        }
    }
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
        (ChainKind::Nishio, ChainKind::Nishio, ChainKind::Nishio, ChainKind::Nishio)
    } else if p.mode.dynamic {
        (
            ChainKind::DynamicContradiction,
            ChainKind::DynamicDoubleForcing,
            ChainKind::DynamicRegionForcingChains,
            ChainKind::DynamicCellForcingChains,
        )
    } else {
        (ChainKind::ForcingChain, ChainKind::ForcingChain, ChainKind::RegionForcingChains, ChainKind::CellForcingChains)
    }
}

pub fn search(grid: &[u16; 81], params: Params, pool: &mut Pool, best: &mut Found, check: &mut dyn FnMut()) {
    let board = Board::new(grid);
    let mode = params.mode;
    let (k_contra, k_double, k_region, k_cell) = kinds(&params);
    for cell in 0..81 {
        let card = grid[cell].count_ones();
        if !(card > 2 || (card > 1 && mode.dynamic)) {
            continue;
        }
        check();
        let do_double = card >= 3 && !params.nishio && mode.dynamic;
        let do_contra = mode.dynamic || params.nishio;
        let digits: Vec<usize> = (0..9).filter(|&d| grid[cell] >> d & 1 != 0).collect();
        for (k, &d) in digits.iter().enumerate() {
            let c = cand(cell, d);
            let run = &mut pool.vals[k];
            run.propagate(&board, pot(c, true), mode);
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
                        HintShape::Contradiction { source: pot(c, true), both: a },
                    );
                }
            }
            let off = &mut pool.off;
            off.propagate(&board, pot(c, false), mode);
            if do_contra && off.absurd.is_some() {
                let cx = off.absurd_complexity();
                let dd = params.base + length_bonus(cx);
                if best.worth(dd, cx, 7) && grid[cell].count_ones() > 1 {
                    let a = off.absurd.unwrap();
                    best.offer(
                        dd,
                        cx,
                        7,
                        k_contra,
                        grid,
                        pot(c, true),
                        HintShape::Contradiction { source: pot(c, false), both: a },
                    );
                }
            }
            if do_double {
                let run = &mut pool.vals[k];
                let off = &mut pool.off;
                for i in 0..run.on_list.len() {
                    let q = run.on_list[i];
                    if off.on.has(q) && grid[cell_of(q)].count_ones() > 1 {
                        let cx = run.ancestors(pot(q, true)) + off.ancestors(pot(q, true));
                        let dd = params.base + length_bonus(cx);
                        if best.worth(dd, cx, 1) {
                            best.offer(dd, cx, 1, k_double, grid, pot(q, true), HintShape::Double { source: c });
                        }
                    }
                }
                for i in 0..run.off_list.len() {
                    let q = run.off_list[i];
                    if off.off.has(q) {
                        let cx = run.ancestors(pot(q, false)) + off.ancestors(pot(q, false));
                        let dd = params.base + length_bonus(cx);
                        if best.worth(dd, cx, 1) {
                            best.offer(dd, cx, 1, k_double, grid, pot(q, false), HintShape::Double { source: c });
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
            for on in [true, false] {
                let len = if on { pool.vals[0].on_list.len() } else { pool.vals[0].off_list.len() };
                for i in 0..len {
                    let q = if on { pool.vals[0].on_list[i] } else { pool.vals[0].off_list[i] };
                    let all = pool.vals[1..n].iter().all(|r| if on { r.on.has(q) } else { r.off.has(q) });
                    if !all || (on && grid[cell_of(q)].count_ones() < 2) {
                        continue;
                    }
                    let p = pot(q, on);
                    let cx: u32 = pool.vals[..n].iter_mut().map(|r| r.ancestors(p)).sum();
                    let dd = params.base + length_bonus(cx);
                    if best.worth(dd, cx, 5) {
                        best.offer(dd, cx, 5, k_cell, grid, p, HintShape::Cell { cell: cell as u8 });
                    }
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn region_chains(
    grid: &[u16; 81],
    board: &Board,
    params: &Params,
    cell: usize,
    d: usize,
    k: usize,
    pool: &mut Pool,
    best: &mut Found,
    kind: ChainKind,
) {
    let bit = 1u16 << d;
    for u in regions_of(cell) {
        let places: Vec<usize> =
            crate::grid::UNITS[u].iter().map(|&o| o as usize).filter(|&o| grid[o] & bit != 0).collect();
        let count = places.len();
        if !(count == 2 || (params.multiple && count > 2)) || places[0] != cell {
            continue;
        }
        for (j, &o) in places[1..].iter().enumerate() {
            pool.region[j].propagate(board, pot(cand(o, d), true), params.mode);
        }
        let others = count - 1;
        for on in [true, false] {
            let len = if on { pool.vals[k].on_list.len() } else { pool.vals[k].off_list.len() };
            for i in 0..len {
                let q = if on { pool.vals[k].on_list[i] } else { pool.vals[k].off_list[i] };
                let all = pool.region[..others].iter().all(|r| if on { r.on.has(q) } else { r.off.has(q) });
                if !all || (on && grid[cell_of(q)].count_ones() < 2) {
                    continue;
                }
                let p = pot(q, on);
                let cx =
                    pool.vals[k].ancestors(p) + pool.region[..others].iter_mut().map(|r| r.ancestors(p)).sum::<u32>();
                let dd = params.base + length_bonus(cx);
                if best.worth(dd, cx, 6) {
                    best.offer(dd, cx, 6, kind, grid, p, HintShape::Region { unit: u as u8, digit0: d as u8 });
                }
            }
        }
    }
}
