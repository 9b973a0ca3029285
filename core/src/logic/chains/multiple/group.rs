//! What a group of propagations gives, for every search of `multiple`: the hints of
//! one assumption's propagations (a contradiction; what its "on" and "off" both make,
//! double forcing chains), of a region's places (region forcing chains) and of a cell's
//! digits (cell forcing chains), each offered to the best hint with its rating, in the
//! order the searches share. The searches differ only in which propagations they make
//! and when; what those propagations offer is decided here, once.

use super::pool::{Implied, PropagationPool};
use crate::logic::chains::best_hint::{BestHint, HintShape, Rated};
use crate::logic::chains::difficulty::length_bonus;
use crate::logic::chains::kind::HintKinds;
use crate::logic::chains::propagation::Propagation;
use crate::logic::primitives::*;

pub(super) use crate::logic::chains::best_hint::{
    KEY_CELL, KEY_CONTRADICTION, KEY_DOUBLE, KEY_REGION,
};

/// Where the hints of one search go and how they rate: the grid, the producer's base
/// difficulty and hint kinds, and the best hint so far.
pub(super) struct Offers<'a> {
    pub(super) grid: &'a [u16; 81],
    pub(super) base: f64,
    pub(super) kinds: HintKinds,
    pub(super) best: &'a mut BestHint,
}

/// One region test: digit `digit` in `unit`, its first place's propagation in
/// `pool.vals[k]`, what every place's sets share, and how many other places there are.
pub(super) struct RegionTest {
    pub(super) k: usize,
    pub(super) shared: Implied,
    pub(super) others: usize,
    pub(super) unit: usize,
    pub(super) digit: usize,
}

/// The other places of a region under a region test, whose propagations (with parents,
/// into `pool.region`) are made only once a hint may be offered.
pub(super) trait OtherPlaces {
    /// A lower bound of the ancestor counts of `p` summed over the other places' chains,
    /// before their propagations are made (`None`: no better bound than one each).
    fn least(&mut self, pool: &mut PropagationPool, p: Potential) -> Option<u32>;
    /// Makes the other places' propagations into `pool.region`.
    fn make(&mut self, pool: &mut PropagationPool);
}

impl Offers<'_> {
    /// True when a hint of this complexity and sort key would beat the best.
    #[inline]
    pub(super) fn worth(&self, complexity: u32, key: u8) -> bool {
        self.best
            .worth(self.base + length_bonus(complexity), complexity, key)
    }

    /// True when some potential of `s` ("on" ones where `on`; those whose cell has one
    /// candidate left prove nothing) passes `may`: whether a hint on it may beat the
    /// best, its chains each counted at their least.
    #[inline]
    pub(super) fn any_may(
        &self,
        s: &CandSet,
        on: bool,
        mut may: impl FnMut(Potential) -> bool,
    ) -> bool {
        let mut any = false;
        each(s, |q| {
            if any || (on && !several(self.grid[q.cell().index()])) {
                return;
            }
            any = may(Potential::new(q, on));
        });
        any
    }

    /// The contradiction `run` met, if any (`run`: the propagation of candidate `c`
    /// assumed "on" where `on`, else "off"): it proves `c`'s other state.
    pub(super) fn contradiction(&mut self, run: &mut Propagation, c: Candidate, on: bool) {
        let Some(both) = run.absurd else {
            return;
        };
        let cx = run.absurd_complexity();
        let dd = self.base + length_bonus(cx);
        if self.best.worth(dd, cx, KEY_CONTRADICTION)
            && (on || several(self.grid[c.cell().index()]))
        {
            self.best.offer(
                Rated::new(dd, cx, KEY_CONTRADICTION, self.kinds.contradiction),
                self.grid,
                Potential::new(c, !on),
                HintShape::Contradiction {
                    source: Potential::new(c, on),
                    both,
                },
            );
        }
    }

    /// Double forcing chains: what both `on` and `off` (candidate `c`'s "on" and "off"
    /// propagations) make, in the order `on` made them ("on"s first), each with the sum
    /// of its two chains' complexities.
    pub(super) fn double(&mut self, on: &mut Propagation, off: &mut Propagation, c: Candidate) {
        for i in 0..on.on_list.len() {
            let q = on.on_list[i];
            if off.on.has(q) && several(self.grid[q.cell().index()]) {
                let p = Potential::new(q, true);
                let cx = on.ancestors(p) + off.ancestors(p);
                self.offer_double(cx, p, c);
            }
        }
        for i in 0..on.off_list.len() {
            let q = on.off_list[i];
            if off.off.has(q) {
                let p = Potential::new(q, false);
                let cx = on.ancestors(p) + off.ancestors(p);
                self.offer_double(cx, p, c);
            }
        }
    }

    #[inline]
    fn offer_double(&mut self, cx: u32, p: Potential, c: Candidate) {
        let dd = self.base + length_bonus(cx);
        if self.best.worth(dd, cx, KEY_DOUBLE) {
            self.best.offer(
                Rated::new(dd, cx, KEY_DOUBLE, self.kinds.double),
                self.grid,
                p,
                HintShape::Double { source: c },
            );
        }
    }

    /// Region forcing chains of test `t`: each potential that the first place's
    /// propagation makes, in its order ("on"s first), and that every place's sets hold,
    /// offered with the sum of the chains of the first place and of the other places
    /// (`places` makes those, once a hint may be offered). Each other chain rests on at
    /// least its potential: a hint that loses even with that bound (or `places`' own) is
    /// never offered, the rating growing with the complexity. Returns whether the other
    /// places' propagations were made.
    pub(super) fn region(
        &mut self,
        pool: &mut PropagationPool,
        t: &RegionTest,
        places: &mut impl OtherPlaces,
    ) -> bool {
        let (k, shared, others) = (t.k, &t.shared, t.others);
        let mut made = false;
        for on in [true, false] {
            let len = pool.vals[k].list(on).len();
            for i in 0..len {
                let q = pool.vals[k].list(on)[i];
                // In the first place's lists, so in every place's set iff in `shared`.
                let all = if on {
                    shared.on.has(q)
                } else {
                    shared.off.has(q)
                };
                if !all || (on && !several(self.grid[q.cell().index()])) {
                    continue;
                }
                let p = Potential::new(q, on);
                let bound = pool.vals[k].ancestors(p) + others as u32;
                if !self.worth(bound, KEY_REGION) {
                    continue;
                }
                if !made {
                    if let Some(least) = places.least(pool, p) {
                        let bound = pool.vals[k].ancestors(p) + least;
                        if !self.worth(bound, KEY_REGION) {
                            continue;
                        }
                    }
                    places.make(pool);
                    made = true;
                }
                let cx = pool.vals[k].ancestors(p)
                    + pool.region[..others]
                        .iter_mut()
                        .map(|r| r.ancestors(p))
                        .sum::<u32>();
                let dd = self.base + length_bonus(cx);
                if self.best.worth(dd, cx, KEY_REGION) {
                    self.best.offer(
                        Rated::new(dd, cx, KEY_REGION, self.kinds.region),
                        self.grid,
                        p,
                        HintShape::Region {
                            unit: t.unit as u8,
                            digit: Digit::new(t.digit),
                        },
                    );
                }
            }
        }
        made
    }

    /// Cell forcing chains from the propagations (with parents) of the `vals.len()`
    /// digits of `cell`: each potential every digit's propagation makes is offered, in
    /// the order of the first digit's lists ("on"s first), with the sum of its chains'
    /// complexities.
    pub(super) fn cell(&mut self, vals: &mut [Propagation], cell: usize) {
        for on in [true, false] {
            let len = vals[0].list(on).len();
            for i in 0..len {
                let q = vals[0].list(on)[i];
                let all = vals[1..]
                    .iter()
                    .all(|r| if on { r.on.has(q) } else { r.off.has(q) });
                if !all || (on && !several(self.grid[q.cell().index()])) {
                    continue;
                }
                let p = Potential::new(q, on);
                let cx: u32 = vals.iter_mut().map(|r| r.ancestors(p)).sum();
                let dd = self.base + length_bonus(cx);
                if self.best.worth(dd, cx, KEY_CELL) {
                    self.best.offer(
                        Rated::new(dd, cx, KEY_CELL, self.kinds.cell),
                        self.grid,
                        p,
                        HintShape::Cell {
                            cell: Cell::new(cell),
                        },
                    );
                }
            }
        }
    }
}
