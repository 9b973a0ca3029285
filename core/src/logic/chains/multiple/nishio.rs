//! Nishio: a propagation with parents only where the digit plane's closure meets a
//! contradiction.

use super::search_loop::{CellSearch, Search};
use crate::logic::chains::planes::*;
use crate::logic::primitives::*;

/// Nishio: only contradictions give hints, so a propagation (with parents) is made only
/// when [`plane_closure`] says it meets one; the hints are offered as
/// [`WithParents`](super::with_parents::WithParents) offers them (per digit, "on" then
/// "off").
pub(super) struct NishioSearch<'a> {
    s: Search<'a>,
    planes: [u128; 9],
    /// The digits whose places are those of an earlier search where no place's "on"
    /// met a contradiction (see `PropagationPool::nishio_planes_without_contradiction`):
    /// they give nothing.
    digits_without_contradiction: u16,
    /// Per digit: the places whose "on" was tested, and those that meet a contradiction.
    tested: [u128; 9],
    conflicts: [u128; 9],
}

impl<'a> NishioSearch<'a> {
    pub(super) fn new(s: Search<'a>) -> NishioSearch<'a> {
        let planes = digit_planes(&s.board.cands);
        let mut digits_without_contradiction = 0u16;
        for (d, (&known, &plane)) in s
            .pool
            .nishio_planes_without_contradiction
            .iter()
            .zip(planes.iter())
            .enumerate()
        {
            if known == plane {
                digits_without_contradiction |= 1 << d;
            }
        }
        NishioSearch {
            s,
            planes,
            digits_without_contradiction,
            tested: [0; 9],
            conflicts: [0; 9],
        }
    }

    /// Once the search is through: remembers the digits every place of which was
    /// tested without a contradiction.
    pub(super) fn finish(self) {
        for d in 0..9 {
            if self.digits_without_contradiction >> d & 1 == 0
                && self.conflicts[d] == 0
                && self.tested[d] & self.planes[d] == self.planes[d]
            {
                self.s.pool.nishio_planes_without_contradiction[d] = self.planes[d];
            }
        }
    }
}

impl CellSearch for NishioSearch<'_> {
    fn min_digits(&self) -> u32 {
        2
    }

    fn digit(&mut self, cell: usize, _k: usize, d: usize) {
        if self.digits_without_contradiction >> d & 1 != 0 {
            return;
        }
        let plane = self.planes[d];
        let c = Candidate::new(cell, d);
        for on in [true, false] {
            // "on" tests made once per place ("off" takes its conjugate's, see
            // [`plane_partner`]).
            let at = if on {
                Some(cell)
            } else {
                plane_partner(plane, cell)
            };
            let Some(at) = at else { continue };
            if self.tested[d] >> at & 1 == 0 {
                match plane_closure(plane, at, true) {
                    None => self.conflicts[d] |= 1 << at,
                    Some(ons) => self.tested[d] |= ons,
                }
                self.tested[d] |= 1 << at;
            }
            if self.conflicts[d] >> at & 1 == 0 {
                continue;
            }
            let run = &mut self.s.pool.off;
            run.propagate(self.s.board, Potential::new(c, on), self.s.params.mode);
            assert!(
                run.absurd.is_some(),
                "a contradiction, as the plane closure says"
            );
            self.s.offers.contradiction(run, c, on);
        }
    }
}
