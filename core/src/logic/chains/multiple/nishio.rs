//! Nishio: a propagation with parents only where the digit plane's closure meets a
//! contradiction.

use super::params::Params;
use super::pool::*;
use crate::logic::chains::best_hint::{BestHint, HintShape};
use crate::logic::chains::difficulty::*;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::planes::*;
use crate::logic::chains::potential::*;
use crate::logic::chains::work_grid::*;

/// Nishio: only contradictions give hints, so a propagation (with parents) is made only
/// when [`plane_closure`] says it meets one; the hints are offered as the loop of
/// [`search`] offers them (per digit, "on" then "off").
pub(super) fn search_nishio(
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
