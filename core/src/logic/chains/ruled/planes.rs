//! Nishio under rules on digit planes ([`RuledPlanes`]): whether a nishio run (`Run`
//! in nishio mode: dynamic, no cell rule) meets a contradiction, found without parents
//! on the digit's plane and the rules' groups, as `chains::planes` finds it on the
//! classic units (the same closure, over the rules' groups: `plane_closure_in`).
//!
//! Why it is the same: without the cell rule a nishio run never leaves its digit, and
//! its rules (an "on" turns the digit's other places in the cell's groups off; an
//! "off" turns on the last place left in one of its groups) add a potential once its
//! premises hold, whatever the order (a run takes each "off" out of its working grid
//! once processed, so the last of a group's places to go sees the one left). So a run
//! that meets no contradiction ends with the least set closed under them, and it meets
//! one iff that closure holds a place both on and off, or a group of two places or more
//! all off (the last of them to go turns another on that is off, or is turned off
//! after being turned on).

use super::links::{RuledGrid, RuledLinks};
use crate::logic::chains::planes::{plane_closure_in, PlaneUnits};
use crate::logic::rules::SLOTS;

/// The rules' groups as cell sets, read as the chains' links read them.
pub(crate) struct RuledPlanes {
    /// Each group's cells.
    group: [u128; SLOTS],
    /// Each cell's groups (slots).
    groups_of: [u64; 81],
    /// The cells sharing a group with each cell.
    link_peers: [u128; 81],
    /// Each digit's places on the grid.
    planes: [u128; 9],
}

impl RuledPlanes {
    /// The planes of `grid` and the groups of `links`.
    pub(crate) fn new(grid: &RuledGrid, links: &RuledLinks) -> RuledPlanes {
        let mut p = RuledPlanes {
            group: [0; SLOTS],
            groups_of: [0; 81],
            link_peers: [0; 81],
            planes: [0; 9],
        };
        for cell in 0..81 {
            for &slot in links.groups_of(cell) {
                p.groups_of[cell] |= 1 << slot;
                p.group[usize::from(slot)] |= 1 << cell;
            }
        }
        for cell in 0..81 {
            let mut slots = p.groups_of[cell];
            while slots != 0 {
                p.link_peers[cell] |= p.group[slots.trailing_zeros() as usize];
                slots &= slots - 1;
            }
            p.link_peers[cell] &= !(1 << cell);
            let mut ds = grid.cands[cell];
            while ds != 0 {
                p.planes[ds.trailing_zeros() as usize] |= 1 << cell;
                ds &= ds - 1;
            }
        }
        p
    }

    /// True when the nishio run of digit `d` at `cell` ("on" where `on`, else "off")
    /// meets a contradiction.
    pub(crate) fn nishio_contradicts(&self, d: usize, cell: usize, on: bool) -> bool {
        plane_closure_in(self, self.planes[d], cell, on).is_none()
    }
}

impl PlaneUnits for RuledPlanes {
    fn peers(&self, cell: usize) -> u128 {
        self.link_peers[cell]
    }
    fn units_of(&self, cell: usize) -> u64 {
        self.groups_of[cell]
    }
    fn cells(&self, unit: usize) -> u128 {
        self.group[unit]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::chains::ruled::chaining::{Run, RunMode};
    use crate::logic::chains::ruled::RuledChains;
    use crate::logic::primitives::*;
    use crate::logic::variant_ladder::walk_generated_paths;

    #[test]
    fn a_plane_meets_a_contradiction_where_the_nishio_run_does() {
        let nishio = RunMode {
            dynamic: true,
            cell_rule: false,
            level: 0,
            limit: 0,
        };
        let (mut met, mut not) = (0, 0);
        let rules = ["x", "windoku", "dg", "anti-king", "anti-knight"];
        walk_generated_paths(&rules, (58, 2, 0), |text, m, t, _| {
            let road = RuledChains::new(m, t);
            let planes = RuledPlanes::new(&road.grid, &road.links);
            for cell in 0..81 {
                let mut ds = road.grid.cands[cell];
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    ds &= ds - 1;
                    for on in [true, false] {
                        let start = Potential::new(Candidate::new(cell, d), on);
                        let run = Run::new(&road.grid, &road.links, start, nishio, None);
                        let plain = run.absurd.is_some();
                        assert_eq!(planes.nishio_contradicts(d, cell, on), plain, "{text}");
                        met += usize::from(plain);
                        not += usize::from(!plain);
                    }
                }
            }
        });
        assert!(met > 0 && not > 0, "{met} {not}");
    }
}
