//! The other places of a region under a region test of the static and dynamic
//! searches ([`KeptPlaces`]): their chains counted at their least, and their
//! propagations borrowed from those the pool keeps, or made and then kept.

use super::group::{Offers, OtherPlaces, RegionTest, KEY_REGION};
use super::pool::*;
use crate::logic::chains::propagation::Mode;
use crate::logic::chains::work_grid::WorkGrid;
use crate::logic::primitives::*;

/// Where the closures of a region's other places come from in a region test (see
/// [`KeptPlaces`]).
pub(super) enum PlaceClosures {
    /// Dynamic chains: the "on" closures kept in `pool.dcache`.
    Dynamic,
    /// Static chains: made into `pool.lite[L_PLACES + j]` at the first bound that needs
    /// them (`made`; `ok[j]`: other place j's, without a conflict).
    Static { made: bool, ok: [bool; 8] },
}

/// The other places of a region in a static or dynamic region test: their chains
/// counted at their least from the propagations kept whole or their closures, and their
/// propagations borrowed from the kept ones where there (the same: one grid, one mode)
/// or made, then kept ([`KeptPlaces::give_back`]).
pub(super) struct KeptPlaces<'a> {
    pub(super) board: &'a WorkGrid,
    pub(super) mode: Mode,
    pub(super) others: &'a [usize],
    pub(super) digit: usize,
    /// Where each other place's "on" propagation is kept whole (`KEPT`: not kept).
    kept_slot: [usize; 8],
    /// Where each propagation of `pool.region` was borrowed from (`KEPT`: made).
    borrowed: [usize; 8],
    closures: PlaceClosures,
}

impl<'a> KeptPlaces<'a> {
    pub(super) fn new(
        pool: &PropagationPool,
        board: &'a WorkGrid,
        mode: Mode,
        (others, digit): (&'a [usize], usize),
        closures: PlaceClosures,
    ) -> KeptPlaces<'a> {
        let mut kept_slot = [KEPT; 8];
        for (j, &o) in others.iter().enumerate() {
            let c = Candidate::new(o, digit);
            kept_slot[j] = pool.kept_cand.iter().position(|&x| x == c).unwrap_or(KEPT);
        }
        KeptPlaces {
            board,
            mode,
            others,
            digit,
            kept_slot,
            borrowed: [KEPT; 8],
            closures,
        }
    }

    /// The other places' chains to `p` (a potential all of them imply), each counted
    /// at its least: exactly from a propagation kept whole, the closure's depth + 1
    /// from a closure, 1 otherwise.
    pub(super) fn others_least(&self, pool: &mut PropagationPool, p: Potential) -> u32 {
        let mut sum = 0;
        for (j, &o) in self.others.iter().enumerate() {
            let c = Candidate::new(o, self.digit);
            sum += if self.kept_slot[j] < KEPT {
                debug_assert_eq!(
                    pool.kept_cand[self.kept_slot[j]], c,
                    "a kept propagation taken since"
                );
                pool.kept[self.kept_slot[j]].ancestors(p)
            } else {
                match &self.closures {
                    PlaceClosures::Dynamic if pool.dcache_has.has(c) => {
                        pool.dcache[c.index()].least_ancestors(p)
                    }
                    PlaceClosures::Static { ok, .. } if ok[j] => {
                        pool.lite[L_PLACES + j].least_ancestors(&pool.links, p)
                    }
                    _ => 1,
                }
            };
        }
        sum
    }

    /// Whether a region hint on a potential every place implies (`shared`) may beat the
    /// best: it rests on at least the potential's chain from the first place (`first`,
    /// counted at its least) and the other places' chains counted at their least.
    pub(super) fn may_beat(
        &self,
        pool: &mut PropagationPool,
        offers: &Offers,
        shared: &Implied,
        first: impl Fn(&PropagationPool, Potential) -> u32,
    ) -> bool {
        let n_others = self.others.len() as u32;
        let mut may = |p: Potential| {
            if !offers.worth(first(pool, p) + n_others, KEY_REGION) {
                return false;
            }
            let bound = first(pool, p) + self.others_least(pool, p);
            offers.worth(bound, KEY_REGION)
        };
        offers.any_may(&shared.on, true, &mut may) || offers.any_may(&shared.off, false, &mut may)
    }

    /// Offers the region chains of these places in `unit`, the first place's
    /// propagation in `pool.vals[k]` and what every place implies in `shared` (see
    /// [`Offers::region`]), then gives back what was borrowed.
    pub(super) fn offer(
        &mut self,
        offers: &mut Offers,
        pool: &mut PropagationPool,
        (k, shared): (usize, Implied),
        unit: usize,
    ) {
        let test = RegionTest {
            k,
            shared,
            others: self.others.len(),
            unit,
            digit: self.digit,
        };
        if offers.region(pool, &test, self) {
            self.give_back(pool);
        }
    }

    /// After the region's hints: gives back the propagations borrowed from the kept
    /// ones, and keeps those made (see [`give_back`]).
    pub(super) fn give_back(&self, pool: &mut PropagationPool) {
        give_back(pool, self.others, self.digit, &self.borrowed);
    }
}

impl OtherPlaces for KeptPlaces<'_> {
    fn least(&mut self, pool: &mut PropagationPool, p: Potential) -> Option<u32> {
        // Static chains: each other place's closure (without a conflict, the sets are
        // those of `implied`), made once.
        if let PlaceClosures::Static { made, ok } = &mut self.closures {
            if !*made {
                *made = true;
                for (j, &o) in self.others.iter().enumerate() {
                    if self.kept_slot[j] == KEPT {
                        let lite = &mut pool.lite[L_PLACES + j];
                        lite.close(
                            &pool.links,
                            Potential::new(Candidate::new(o, self.digit), true),
                        );
                        ok[j] = !lite.conflict;
                    }
                }
            }
        }
        Some(self.others_least(pool, p))
    }

    fn make(&mut self, pool: &mut PropagationPool) {
        for (j, &o) in self.others.iter().enumerate() {
            let c = Candidate::new(o, self.digit);
            match pool.kept_cand.iter().position(|&x| x == c) {
                Some(slot) => {
                    std::mem::swap(&mut pool.region[j], &mut pool.kept[slot]);
                    self.borrowed[j] = slot;
                }
                None => {
                    pool.region[j].propagate(self.board, Potential::new(c, true), self.mode);
                    self.borrowed[j] = KEPT;
                }
            }
        }
    }
}
