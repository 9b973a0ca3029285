//! Dynamic forcing chains (level 0): propagations with parents only where the dynamic
//! closure meets a contradiction or a set test finds a consequence worth a hint.

use super::group::*;
use super::places::*;
use super::pool::*;
use super::search_loop::{CellSearch, Search};
use crate::logic::chains::propagation::Mode;
use crate::logic::chains::work_grid::*;
use crate::logic::primitives::*;

/// Dynamic forcing chains (level 0): the same hints offered in the same order as
/// [`WithParents`](super::with_parents::WithParents), but a propagation with parents is
/// made only where it is needed: when the [`DynamicClosure`] closure meets a
/// contradiction (its hint, and the sets it leaves, need the propagation), or when a
/// set test (double forcing, region, cell) finds a consequence whose hint could still
/// beat the best one, with each chain counted at its least (see [`DynamicClosure`]).
pub(super) struct DynamicSearch<'a> {
    s: Search<'a>,
    /// `full[k]`: `pool.vals[k]` holds digit k's "on" propagation; otherwise
    /// `pool.dcache` holds its closure (without a conflict).
    full: [bool; 9],
    /// `absurd[k]`: digit k's "on" meets a contradiction.
    absurd: [bool; 9],
}

/// Where the sets of the "off" of the current candidate are.
#[derive(Clone, Copy)]
enum OffSets {
    /// Its propagation, in `pool.off`.
    Whole,
    /// Its closure, in `pool.doff`.
    Closure,
    /// Those of the "on" of the other place of its digit in a unit (the same closure),
    /// in `pool.implied`; where a bivalue cell's, never read.
    Partner(Candidate),
}

impl<'a> DynamicSearch<'a> {
    pub(super) fn new(s: Search<'a>) -> DynamicSearch<'a> {
        DynamicSearch {
            s,
            full: [false; 9],
            absurd: [false; 9],
        }
    }

    fn mode(&self) -> Mode {
        self.s.params.mode
    }

    /// Digit `k`'s "on" (candidate `c`): taken over from a region test's kept
    /// propagation, or its closure (kept in its slot without a conflict), propagated
    /// with parents where that meets a contradiction.
    fn on_closure(&mut self, k: usize, c: Candidate) {
        let (board, mode, pool) = (self.s.board, self.mode(), &mut *self.s.pool);
        if pool.was_conflicted.has(c) {
            // Likely to meet a contradiction again: `implied_of` propagates it at once
            // (and keeps the propagation, taken below, when it does).
            implied_of(pool, board, c, mode);
        }
        // A propagation kept from the region tests is the same (one grid, one mode).
        if let Some(slot) = pool.kept_cand.iter().position(|&x| x == c) {
            std::mem::swap(&mut pool.vals[k], &mut pool.kept[slot]);
            pool.kept_cand[slot] = NONE;
            self.full[k] = true;
            return;
        }
        let lite = &mut pool.dcache[c.index()];
        if !pool.dcache_has.has(c) {
            lite.close(board, Potential::new(c, true), &pool.conflicted);
            if !lite.conflict {
                pool.dcache_has.set(c);
            }
        }
        let conflict = lite.conflict;
        if !pool.known.has(c) && !conflict {
            // For the "off" tests of conjugate places met later.
            pool.known.set(c);
            pool.implied[c.index()] = Implied {
                on: lite.on,
                off: lite.off,
            };
        }
        if conflict {
            pool.vals[k].propagate(board, Potential::new(c, true), mode);
            self.full[k] = true;
            if !pool.known.has(c) {
                pool.known.set(c);
                pool.conflicted.set(c);
                pool.implied[c.index()] = Implied {
                    on: pool.vals[k].on,
                    off: pool.vals[k].off,
                };
            }
        }
    }

    /// The "off" of digit `k` (`d`, candidate `c`) of `cell`: whether it meets a
    /// contradiction, and then its propagation and hint; where its sets are.
    ///
    /// In a bivalue cell "off" turns the other digit on, and that "on" turns it off:
    /// both propagations reach the same closure, so the other digit's "on" says whether
    /// this "off" meets a contradiction (and no set test uses it). Likewise where the
    /// digit has one other place `o` in a unit of the cell: "off" turns `o` on, and `o`
    /// on turns this one off, so this "off" reaches the closure of `o`'s "on" (its sets
    /// and whether it meets a contradiction; the depths differ, and are computed only
    /// if a bound needs them).
    fn off(&mut self, cell: usize, k: usize, d: usize) -> OffSets {
        let (board, mode, pool) = (self.s.board, self.mode(), &mut *self.s.pool);
        let c = Candidate::new(cell, d);
        let (sets, conflict) = if board.cands[cell].count_ones() == 2 {
            (OffSets::Partner(NONE), self.absurd[1 - k])
        } else {
            let mut partner = NONE;
            for u in regions_of(cell) {
                let m = board.places[u][d];
                if pair(m) {
                    let i = (m & !(1 << pos_in(cell, u))).trailing_zeros() as usize;
                    partner = Candidate::new(crate::grid::UNITS[u][i] as usize, d);
                    break;
                }
            }
            if partner != NONE {
                implied_of(pool, board, partner, mode);
                (OffSets::Partner(partner), pool.conflicted.has(partner))
            } else {
                pool.doff
                    .close(board, Potential::new(c, false), &pool.conflicted);
                (OffSets::Closure, pool.doff.conflict)
            }
        };
        if !conflict {
            return sets;
        }
        pool.off.propagate(board, Potential::new(c, false), mode);
        self.s.offers.contradiction(&mut pool.off, c, false);
        OffSets::Whole
    }

    /// Double forcing chains of candidate `c` (digit `k`): what both its "on" and its
    /// "off" imply, each chain counted at its least first.
    fn double(&mut self, k: usize, c: Candidate, off: OffSets) {
        let (board, mode, pool) = (self.s.board, self.mode(), &mut *self.s.pool);
        let full = &self.full;
        let (mut both_on, mut both_off) = on_sets(pool, full, k, c);
        match off {
            OffSets::Whole => {
                both_on.intersect(&pool.off.on);
                both_off.intersect(&pool.off.off);
            }
            OffSets::Closure => {
                both_on.intersect(&pool.doff.on);
                both_off.intersect(&pool.doff.off);
            }
            OffSets::Partner(partner) => {
                let implied = &pool.implied[partner.index()];
                both_on.intersect(&implied.on);
                both_off.intersect(&implied.off);
                if !both_on.is_empty() || !both_off.is_empty() {
                    pool.doff
                        .close(board, Potential::new(c, false), &pool.conflicted);
                }
            }
        }
        let off_full = matches!(off, OffSets::Whole);
        let offers = &self.s.offers;
        let mut may = |p: Potential| {
            let bound = least_on(pool, full, k, c, p)
                + if off_full {
                    pool.off.ancestors(p)
                } else {
                    pool.doff.least_ancestors(p)
                };
            offers.worth(bound, KEY_DOUBLE)
        };
        if !offers.any_may(&both_on, true, &mut may) && !offers.any_may(&both_off, false, &mut may)
        {
            return;
        }
        if !self.full[k] {
            pool.vals[k].propagate(board, Potential::new(c, true), mode);
            self.full[k] = true;
        }
        if !off_full {
            pool.off.propagate(board, Potential::new(c, false), mode);
        }
        self.s.offers.double(&mut pool.vals[k], &mut pool.off, c);
    }

    /// Region forcing chains of digit `k` (`d`) of `cell`: as
    /// [`WithParents`](super::with_parents::WithParents)'s, with the other places' sets
    /// from [`DynamicClosure`] closures (a propagation with parents, kept for the cell
    /// loop, where the closure meets a contradiction), and the propagation of digit `k`
    /// (with parents) made only when a shared consequence could give a hint that beats
    /// the best.
    fn regions(&mut self, cell: usize, d: usize, k: usize) {
        let (board, params) = (self.s.board, self.s.params);
        let own = Candidate::new(cell, d);
        for (ku, u) in regions_of(cell).into_iter().enumerate() {
            let Some((place_buf, n_places)) = region_places(board, cell, ku, u, d, params.multiple)
            else {
                continue;
            };
            let others = &place_buf[1..n_places];
            let pool = &mut *self.s.pool;
            let (on, off) = on_sets(pool, &self.full, k, own);
            let Some(shared) = shared_over(pool, Implied { on, off }, (others, d), |pool, c| {
                implied_of(pool, board, c, params.mode)
            }) else {
                continue;
            };
            let mut places = KeptPlaces::new(
                pool,
                board,
                params.mode,
                (others, d),
                PlaceClosures::Dynamic,
            );
            if !self.full[k] {
                // The hint of a shared consequence `p` rests on at least `p`'s chain
                // from the first place and the other places' chains counted at their
                // least.
                let first = |pool: &PropagationPool, p: Potential| {
                    pool.dcache[own.index()].least_ancestors(p)
                };
                if !places.may_beat(pool, &self.s.offers, &shared, first) {
                    continue;
                }
                pool.vals[k].propagate(board, Potential::new(own, true), params.mode);
                self.full[k] = true;
            }
            places.offer(&mut self.s.offers, pool, (k, shared), u);
        }
    }
}

impl CellSearch for DynamicSearch<'_> {
    fn min_digits(&self) -> u32 {
        2
    }

    /// Every digit's "on" first (nothing here depends on the hints offered; a region
    /// test keeps propagations of other cells only).
    fn start_cell(&mut self, cell: usize, digits: &[usize]) {
        self.full = [false; 9];
        for (k, &d) in digits.iter().enumerate() {
            self.on_closure(k, Candidate::new(cell, d));
        }
        let (full, vals) = (&self.full, &self.s.pool.vals);
        self.absurd = std::array::from_fn(|k| full[k] && vals[k].absurd.is_some());
    }

    fn digit(&mut self, cell: usize, k: usize, d: usize) {
        let c = Candidate::new(cell, d);
        if self.full[k] {
            self.s
                .offers
                .contradiction(&mut self.s.pool.vals[k], c, true);
        }
        let off = self.off(cell, k, d);
        if self.s.board.cands[cell].count_ones() >= 3 {
            self.double(k, c, off);
        }
        self.regions(cell, d, k);
    }

    /// Cell forcing chains: what every digit implies, each chain counted at its least
    /// first.
    fn end_cell(&mut self, cell: usize, digits: &[usize]) {
        let (board, mode, pool) = (self.s.board, self.mode(), &mut *self.s.pool);
        let full = &mut self.full;
        let (mut on_common, mut off_common) =
            on_sets(pool, full, 0, Candidate::new(cell, digits[0]));
        for (k, &d) in digits.iter().enumerate().skip(1) {
            let (on_k, off_k) = on_sets(pool, full, k, Candidate::new(cell, d));
            on_common.intersect(&on_k);
            off_common.intersect(&off_k);
        }
        if on_common.is_empty() && off_common.is_empty() {
            return;
        }
        let offers = &self.s.offers;
        let full_now = *full;
        let mut may = |p: Potential| {
            let bound: u32 = (0..digits.len())
                .map(|k| least_on(pool, &full_now, k, Candidate::new(cell, digits[k]), p))
                .sum();
            offers.worth(bound, KEY_CELL)
        };
        if !offers.any_may(&on_common, true, &mut may)
            && !offers.any_may(&off_common, false, &mut may)
        {
            return;
        }
        for (k, &d) in digits.iter().enumerate() {
            if !full[k] {
                pool.vals[k].propagate(board, Potential::new(Candidate::new(cell, d), true), mode);
                full[k] = true;
            }
        }
        self.s.offers.cell(&mut pool.vals[..digits.len()], cell);
    }
}
