//! Nishio (7.5), multiple (8.0) and dynamic (8.5) forcing chains under a variant's
//! rules, the plain way: Sukaku Explainer's `getMultipleChainsHintList` over the rules'
//! groups. For each cell (ascending) and each of its digits: the contradictions of the
//! digit's "on" and "off", the double forcing chains, the region forcing chains of the
//! groups whose first place of the digit is the cell; then the cell forcing chains of
//! the cell. Hints are offered in that order, the order of its result list.

use super::chaining::{Run, RunMode};
use super::links::{RuledGrid, RuledLinks};
use crate::logic::chains::best_hint::{
    BestHint, HintShape, Rated, KEY_CELL, KEY_CONTRADICTION, KEY_DOUBLE, KEY_REGION,
};
use crate::logic::chains::difficulty::length_bonus;
use crate::logic::chains::kind::HintKinds;
use crate::logic::primitives::*;

/// Which of the three producers runs.
#[derive(Clone, Copy)]
pub(crate) struct Flat {
    pub(crate) mode: RunMode,
    /// Region forcing chains over groups of three places or more, and cell forcing
    /// chains from cells of three candidates or more.
    pub(crate) multiple: bool,
    pub(crate) nishio: bool,
    pub(crate) base: f64,
    pub(crate) kinds: HintKinds,
}

/// What the searches of one grid share.
struct Search<'a> {
    grid: &'a RuledGrid,
    links: &'a RuledLinks,
    flat: Flat,
    best: &'a mut BestHint,
    /// The run of each candidate assumed "on", made once for the search: a run depends
    /// only on the grid, the rules, its start and the mode, so the run a region test
    /// needs for another place is the one that place's cell makes (or made) for itself.
    /// Bounded by the grid: one run per candidate, each of at most 1,459 potentials (a
    /// few MB where the chains are reached, with a few hundred candidates left).
    on_runs: Vec<Option<Run>>,
    /// Runs done with, whose storage the next runs reuse.
    spare: Vec<Run>,
}

/// Offers every hint of producer `flat` on `grid` to `best`.
pub(crate) fn search(
    grid: &RuledGrid,
    links: &RuledLinks,
    flat: Flat,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
) {
    let mut s = Search {
        grid,
        links,
        flat,
        best,
        on_runs: (0..NCAND).map(|_| None).collect(),
        spare: Vec::new(),
    };
    for cell in 0..81 {
        let k = grid.cands[cell].count_ones();
        if k > 2 || (k > 1 && flat.mode.dynamic) {
            check();
            s.cell(cell, k);
        }
    }
}

impl Search<'_> {
    fn run(&mut self, start: Potential) -> Run {
        let (grid, links, mode) = (self.grid, self.links, self.flat.mode);
        match self.spare.pop() {
            Some(run) => run.again(grid, links, start, mode),
            None => Run::new(grid, links, start, mode),
        }
    }

    /// The run of `c` assumed "on", taken out of the search's store (made if it was
    /// not); [`Search::put_back`] returns it.
    fn take_on(&mut self, c: Candidate) -> Run {
        match self.on_runs[c.index()].take() {
            Some(run) => run,
            None => self.run(Potential::new(c, true)),
        }
    }

    fn put_back(&mut self, c: Candidate, run: Run) {
        self.on_runs[c.index()] = Some(run);
    }

    fn offer(
        &mut self,
        complexity: u32,
        key: u8,
        kind: crate::logic::chains::kind::ChainKind,
        target: Potential,
        shape: HintShape,
    ) {
        let d = self.flat.base + length_bonus(complexity);
        if self.best.worth(d, complexity, key) {
            self.best.offer(
                Rated::new(d, complexity, key, kind),
                &self.grid.cands,
                target,
                shape,
            );
        }
    }

    /// `getMultipleChainsHintListForCell`.
    fn cell(&mut self, cell: usize, k: u32) {
        let (dynamic, nishio) = (self.flat.mode.dynamic, self.flat.nishio);
        let mut runs = Vec::new();
        let mut m = self.grid.cands[cell];
        while m != 0 {
            let c = Candidate::new(cell, m.trailing_zeros() as usize);
            m &= m - 1;
            let on = self.take_on(c);
            // The "off" run gives contradictions and double forcing chains only, which
            // static multiple chains do not look for (Sukaku Explainer makes it anyway,
            // to no effect).
            if dynamic || nishio {
                let off = self.run(Potential::new(c, false));
                self.contradiction(&on, c, true);
                self.contradiction(&off, c, false);
                if k >= 3 && !nishio {
                    self.double(&on, &off, c);
                }
                self.spare.push(off);
            }
            if !nishio {
                self.regions(c, &on);
            }
            runs.push(on);
        }
        if !nishio && (k == 2 || self.flat.multiple) {
            self.cell_chains(cell, &runs);
        }
        let mut m = self.grid.cands[cell];
        for run in runs {
            let c = Candidate::new(cell, m.trailing_zeros() as usize);
            m &= m - 1;
            self.put_back(c, run);
        }
    }

    /// The contradiction `run` met (from `c` "on" where `on`): it proves `c`'s other
    /// state.
    fn contradiction(&mut self, run: &Run, c: Candidate, on: bool) {
        let (Some(complexity), Some((both, _))) = (run.absurd_complexity(), run.absurd) else {
            return;
        };
        let shape = HintShape::Contradiction {
            source: Potential::new(c, on),
            both: run.pot(both).candidate(),
        };
        let kind = self.flat.kinds.contradiction;
        self.offer(
            complexity,
            KEY_CONTRADICTION,
            kind,
            Potential::new(c, !on),
            shape,
        );
    }

    /// Double forcing chains: what both `c`'s "on" and "off" make, in the order the
    /// "on" made them ("on"s first).
    fn double(&mut self, on: &Run, off: &Run, c: Candidate) {
        for list in [&on.on_list, &on.off_list] {
            for &n in list {
                let p = on.pot(n);
                if let Some(other) = off.get(p) {
                    let complexity = on.ancestors(n) + off.ancestors(other);
                    let kind = self.flat.kinds.double;
                    self.offer(
                        complexity,
                        KEY_DOUBLE,
                        kind,
                        p,
                        HintShape::Double { source: c },
                    );
                }
            }
        }
    }

    /// Region forcing chains of `c`'s digit in each group of `c`'s cell (type order)
    /// where the cell is the digit's first place and the places are two (or more, with
    /// `multiple`): each potential every place's "on" makes.
    fn regions(&mut self, c: Candidate, on: &Run) {
        let (cell, d) = (c.cell().index(), c.digit().index());
        let (links, grid) = (self.links, self.grid);
        for &slot in links.groups_of(cell) {
            let cells = links.cells_of(usize::from(slot));
            let mut m = links.places(grid, usize::from(slot), d);
            let mut places = Vec::with_capacity(9);
            while m != 0 {
                places.push(usize::from(cells[m.trailing_zeros() as usize]));
                m &= m - 1;
            }
            let worth = places.len() == 2 || (self.flat.multiple && places.len() > 2);
            if !worth || places[0] != cell {
                continue;
            }
            let others: Vec<Run> = places[1..]
                .iter()
                .map(|&o| self.take_on(Candidate::new(o, d)))
                .collect();
            for list in [&on.on_list, &on.off_list] {
                for &n in list {
                    let p = on.pot(n);
                    if !others.iter().all(|r| r.has(p)) {
                        continue;
                    }
                    let complexity =
                        on.ancestors(n) + others.iter().map(|r| r.ancestors_of(p)).sum::<u32>();
                    let shape = HintShape::Region {
                        unit: slot,
                        digit: Digit::new(d),
                    };
                    let kind = self.flat.kinds.region;
                    self.offer(complexity, KEY_REGION, kind, p, shape);
                }
            }
            for (&o, run) in places[1..].iter().zip(others) {
                self.put_back(Candidate::new(o, d), run);
            }
        }
    }

    /// Cell forcing chains: each potential every digit's "on" makes, in the order of the
    /// first digit's run ("on"s first).
    fn cell_chains(&mut self, cell: usize, runs: &[Run]) {
        let first = &runs[0];
        for list in [&first.on_list, &first.off_list] {
            for &n in list {
                let p = first.pot(n);
                if !runs.iter().all(|r| r.has(p)) {
                    continue;
                }
                let complexity = runs.iter().map(|r| r.ancestors_of(p)).sum::<u32>();
                let shape = HintShape::Cell {
                    cell: Cell::new(cell),
                };
                let kind = self.flat.kinds.cell;
                self.offer(complexity, KEY_CELL, kind, p, shape);
            }
        }
    }
}
