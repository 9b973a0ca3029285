//! The search with parents everywhere: dynamic chains with level-1 nesting (Dynamic (+)).

use super::group::*;
use super::pool::*;
use super::search_loop::{CellSearch, Search};
use crate::logic::chains::propagation::Mode;
use crate::logic::chains::work_grid::*;
use crate::logic::primitives::*;

/// The search with a propagation (with parents) for every assumption: each candidate
/// of a cell ("on", and "off" where dynamic), then the cell's and its regions' forcing
/// chains; what [`search`](super::search) runs where no faster search applies (the
/// nested levels).
pub(super) struct WithParents<'a> {
    pub(super) s: Search<'a>,
}

/// The other places of a region, propagated afresh (with parents) once a hint may be
/// offered.
struct FreshPlaces<'a> {
    board: &'a WorkGrid,
    mode: Mode,
    others: &'a [usize],
    digit: usize,
}

impl OtherPlaces for FreshPlaces<'_> {
    fn least(&mut self, _pool: &mut PropagationPool, _p: Potential) -> Option<u32> {
        None
    }

    fn make(&mut self, pool: &mut PropagationPool) {
        for (j, &o) in self.others.iter().enumerate() {
            pool.region[j].propagate(
                self.board,
                Potential::new(Candidate::new(o, self.digit), true),
                self.mode,
            );
        }
    }
}

impl WithParents<'_> {
    /// Region forcing chains of digit `k` (`d`) of `cell`: what every place of the
    /// digit in a unit implies. The set tests need only what each other place implies
    /// (computed once per search), and only while the places still share a
    /// consequence; the full propagations (with parents, for the complexity) are rerun
    /// only for a hint that may be offered.
    fn regions(&mut self, cell: usize, d: usize, k: usize) {
        let (board, params) = (self.s.board, self.s.params);
        for (ku, u) in regions_of(cell).into_iter().enumerate() {
            let Some((place_buf, n_places)) = region_places(board, cell, ku, u, d, params.multiple)
            else {
                continue;
            };
            let others = &place_buf[1..n_places];
            let pool = &mut *self.s.pool;
            let first = Implied {
                on: pool.vals[k].on,
                off: pool.vals[k].off,
            };
            let Some(shared) = shared_over(pool, first, (others, d), |pool, c| {
                if !pool.known.has(c) {
                    let slot = pool.kept_next;
                    pool.kept_next = (slot + 1) % KEPT;
                    let run = &mut pool.kept[slot];
                    run.propagate(board, Potential::new(c, true), params.mode);
                    pool.implied[c.index()] = Implied {
                        on: run.on,
                        off: run.off,
                    };
                    pool.known.set(c);
                    pool.kept_cand[slot] = c;
                }
            }) else {
                continue;
            };
            let test = RegionTest {
                k,
                shared,
                others: others.len(),
                unit: u,
                digit: d,
            };
            let mut places = FreshPlaces {
                board,
                mode: params.mode,
                others,
                digit: d,
            };
            self.s.offers.region(pool, &test, &mut places);
        }
    }
}

impl CellSearch for WithParents<'_> {
    fn min_digits(&self) -> u32 {
        if self.s.params.mode.dynamic {
            2
        } else {
            3
        }
    }

    fn digit(&mut self, cell: usize, k: usize, d: usize) {
        let (board, params) = (self.s.board, self.s.params);
        let (mode, nishio) = (params.mode, params.nishio);
        let card = board.cands[cell].count_ones();
        let do_double = card >= 3 && !nishio && mode.dynamic;
        let do_contra = mode.dynamic || nishio;
        let c = Candidate::new(cell, d);
        let pool = &mut *self.s.pool;
        // A propagation kept from the region tests is the same (one grid, one mode).
        match pool.kept_cand.iter().position(|&x| x == c) {
            Some(slot) => {
                std::mem::swap(&mut pool.vals[k], &mut pool.kept[slot]);
                pool.kept_cand[slot] = NONE;
            }
            None => pool.vals[k].propagate(board, Potential::new(c, true), mode),
        }
        if do_contra {
            self.s.offers.contradiction(&mut pool.vals[k], c, true);
        }
        if do_contra || do_double {
            // (Static multiple chains use only the "on" propagations.)
            pool.off.propagate(board, Potential::new(c, false), mode);
            if do_contra {
                self.s.offers.contradiction(&mut pool.off, c, false);
            }
            if do_double {
                self.s.offers.double(&mut pool.vals[k], &mut pool.off, c);
            }
        }
        if !nishio {
            self.regions(cell, d, k);
        }
    }

    fn end_cell(&mut self, cell: usize, digits: &[usize]) {
        let (nishio, multiple) = (self.s.params.nishio, self.s.params.multiple);
        let card = digits.len();
        if !nishio && (card == 2 || (multiple && card > 2)) {
            self.s.offers.cell(&mut self.s.pool.vals[..card], cell);
        }
    }
}
