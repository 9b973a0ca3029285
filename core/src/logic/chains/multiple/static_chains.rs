//! Static multiple chains: propagations with parents only where a set test finds a
//! consequence whose hint could still beat the best.

use super::group::*;
use super::places::*;
use super::pool::*;
use super::search_loop::{CellSearch, Search};
use crate::logic::chains::work_grid::*;
use crate::logic::primitives::*;

/// Static multiple chains (cells of 3+ digits, "on" propagations only): the same hints
/// offered in the same order as [`WithParents`](super::with_parents::WithParents)
/// would, but each propagation with parents is made only when a set test finds a
/// consequence whose hint could still beat the best one, the sets coming from what
/// each "on" reaches along the links ([`ClosureTable`]; a superset where a propagation
/// meets a contradiction, made exact then) and the depths from [`StaticClosure`]
/// closures.
pub(super) struct StaticSearch<'a> {
    s: Search<'a>,
    /// `full[k]`: `pool.vals[k]` holds the propagation of digit k (with parents);
    /// `lit[k]`: `pool.lite[k]` holds its closure (for the distances).
    full: [bool; 9],
    lit: [bool; 9],
}

impl<'a> StaticSearch<'a> {
    /// The search on `board`, with the grid's links and what each "on" reaches along
    /// them built into `pool`.
    pub(super) fn new(s: Search<'a>) -> StaticSearch<'a> {
        let (board, pool) = (s.board, &mut *s.pool);
        pool.links.build(board, s.params.mode.cell_rule);
        pool.reach.build(&pool.links, &board.cands);
        StaticSearch {
            s,
            full: [false; 9],
            lit: [false; 9],
        }
    }

    /// Makes `implied[c]` known from what `c`'s "on" reaches along the links (a
    /// superset of its sets, marked `partial`, where its propagation meets a
    /// contradiction).
    fn reach_of(&mut self, c: Candidate) {
        let pool = &mut *self.s.pool;
        if !pool.known.has(c) {
            let (on, off) = pool.reach.of(Potential::new(c, true));
            pool.implied[c.index()] = Implied { on: *on, off: *off };
            if meet(on, off) {
                pool.partial.set(c);
                pool.conflicted.set(c);
            }
            pool.known.set(c);
        }
    }

    /// What candidate `own` and `others` (places of digit `d`) all imply, from
    /// `implied`; `None` once nothing is left.
    fn common(&mut self, own: Candidate, others: &[usize], d: usize) -> Option<Implied> {
        let first = self.s.pool.implied[own.index()];
        shared_over(self.s.pool, first, (others, d), |_, _| {})
    }

    /// Makes exact the sets of the places whose propagations meet a contradiction (the
    /// place's own into `vals[k]`, the others kept whole, for the bounds and reruns and
    /// the cell loop); true if any was made. (Its own propagation is made even if its
    /// sets are exact already, as the other place of an earlier region: its closure,
    /// which stops at the contradiction, gives no depths for the bound.)
    fn make_exact(&mut self, k: usize, own: Candidate, others: &[usize], d: usize) -> bool {
        let (board, mode, pool) = (self.s.board, self.s.params.mode, &mut *self.s.pool);
        let mut made = false;
        if pool.conflicted.has(own) && !self.full[k] {
            make_exact_own(pool, board, k, own, mode, &mut self.full);
            made = true;
        }
        for &o in others {
            let c = Candidate::new(o, d);
            if pool.partial.has(c) {
                let slot = pool.kept_next;
                pool.kept_next = (slot + 1) % KEPT;
                let run = &mut pool.kept[slot];
                run.propagate(board, Potential::new(c, true), mode);
                pool.kept_cand[slot] = c;
                pool.implied[c.index()] = Implied {
                    on: run.on,
                    off: run.off,
                };
                pool.partial.unset(c);
                made = true;
            }
        }
        made
    }

    /// Region forcing chains of digit `k` (`d`) of `cell`: as
    /// [`WithParents`](super::with_parents::WithParents)'s, with the other places' sets
    /// from what their "on"s reach and the propagation of digit `k` (with parents) made
    /// only when a shared consequence could give a hint that beats the best.
    fn regions(&mut self, cell: usize, d: usize, k: usize) {
        let (board, params) = (self.s.board, self.s.params);
        let own = Candidate::new(cell, d);
        for (ku, u) in regions_of(cell).into_iter().enumerate() {
            let Some((place_buf, n_places)) = region_places(board, cell, ku, u, d, params.multiple)
            else {
                continue;
            };
            let others = &place_buf[1..n_places];
            // What every place implies (from supersets where a propagation meets a
            // contradiction: nothing in common there means nothing in common exactly),
            // then exactly.
            for &o in others {
                self.reach_of(Candidate::new(o, d));
            }
            let Some(mut shared) = self.common(own, others, d) else {
                continue;
            };
            if self.make_exact(k, own, others, d) {
                match self.common(own, others, d) {
                    Some(sets) => shared = sets,
                    None => continue,
                }
            }
            let pool = &mut *self.s.pool;
            let closures = PlaceClosures::Static {
                made: false,
                ok: [false; 8],
            };
            let mut places = KeptPlaces::new(pool, board, params.mode, (others, d), closures);
            if !self.full[k] {
                // The hint of a shared consequence `p` rests on at least `p`'s chain
                // from the first place (its distance + 1) and the other places' chains
                // counted at their least.
                if !self.lit[k] {
                    pool.lite[k].close(&pool.links, Potential::new(own, true));
                    self.lit[k] = true;
                }
                let first = |pool: &PropagationPool, p: Potential| {
                    pool.lite[k].least_ancestors(&pool.links, p)
                };
                if !places.may_beat(pool, &self.s.offers, &shared, first) {
                    continue;
                }
                full_on(pool, board, k, own, params.mode);
                self.full[k] = true;
            }
            places.offer(&mut self.s.offers, pool, (k, shared), u);
        }
    }

    /// The consequences every digit of the cell shares (in `implied`; where a
    /// superset, made exact if something is shared).
    fn cell_common(&self, cell: usize, digits: &[usize]) -> Implied {
        let implied = &self.s.pool.implied;
        let c0 = Candidate::new(cell, digits[0]).index();
        let (mut on_common, mut off_common) = (implied[c0].on, implied[c0].off);
        for &d in &digits[1..] {
            let c = Candidate::new(cell, d).index();
            on_common.intersect(&implied[c].on);
            off_common.intersect(&implied[c].off);
        }
        Implied {
            on: on_common,
            off: off_common,
        }
    }
}

impl CellSearch for StaticSearch<'_> {
    fn min_digits(&self) -> u32 {
        3
    }

    fn start_cell(&mut self, _cell: usize, _digits: &[usize]) {
        self.full = [false; 9];
        self.lit = [false; 9];
    }

    fn digit(&mut self, cell: usize, k: usize, d: usize) {
        self.reach_of(Candidate::new(cell, d));
        self.regions(cell, d, k);
    }

    /// Cell forcing chains.
    fn end_cell(&mut self, cell: usize, digits: &[usize]) {
        if !self.s.params.multiple {
            return;
        }
        let (board, mode) = (self.s.board, self.s.params.mode);
        let empty = |s: &Implied| s.on.is_empty() && s.off.is_empty();
        let mut common = self.cell_common(cell, digits);
        if empty(&common) {
            return;
        }
        // (A digit whose propagation meets a contradiction is propagated now, even if
        // its sets are exact already: its closure, which stops there, gives no depths.)
        let mut made = false;
        for (k, &d) in digits.iter().enumerate() {
            let c = Candidate::new(cell, d);
            if self.s.pool.conflicted.has(c) && !self.full[k] {
                make_exact_own(self.s.pool, board, k, c, mode, &mut self.full);
                made = true;
            }
        }
        if made {
            common = self.cell_common(cell, digits);
            if empty(&common) {
                return;
            }
        }
        let n = digits.len();
        let pool = &mut *self.s.pool;
        if self.full[..n].iter().all(|&f| !f) {
            for (k, &d) in digits.iter().enumerate() {
                if !self.lit[k] {
                    pool.lite[k].close(&pool.links, Potential::new(Candidate::new(cell, d), true));
                    self.lit[k] = true;
                }
            }
            let (lites, links) = (&pool.lite[..n], &pool.links);
            let offers = &self.s.offers;
            let may = |p: Potential| {
                let bound: u32 = lites.iter().map(|l| l.least_ancestors(links, p)).sum();
                offers.worth(bound, KEY_CELL)
            };
            if !offers.any_may(&common.on, true, may) && !offers.any_may(&common.off, false, may) {
                return;
            }
        }
        for (k, &d) in digits.iter().enumerate() {
            if !self.full[k] {
                full_on(pool, board, k, Candidate::new(cell, d), mode);
            }
        }
        self.s.offers.cell(&mut pool.vals[..n], cell);
    }
}
