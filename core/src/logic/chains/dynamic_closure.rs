//! Closures without parents of dynamic propagations ([`DynamicClosure`]), and when one
//! made on a grid still holds on the grid after it lost some candidates
//! ([`unchanged_by_loss`]).

use super::work_grid::*;
use crate::grid::UNITS;
use crate::logic::primitives::*;

/// True when a dynamic closure ([`DynamicClosure`], without a conflict) that made the
/// potentials `on` and `off` on a grid, which has since lost the candidates `removed`
/// (and nothing else) to become `now`, goes on `now` exactly as it went: the same
/// potentials in the same order, with the same depths, and no contradiction.
///
/// Why. A removed candidate `x` that was never turned on or off was never a premise of a
/// rule, and the only rules whose firing its absence can change are those of its four
/// groups: its cell, and its digit's places in its box, row and column. On `now` such a
/// group fires when all but one of its candidates are off (that one turns on) or all of
/// them are (a contradiction, where the group had two or more). While `x` stayed in a
/// group, the group never fired at all (its last one would have been `x`, which never
/// turned on). If each group of each removed candidate keeps at least two candidates on
/// `now` that the closure never turned off, none of them fires on `now` at any moment
/// either (a closure's "off"s only grow), and every rule elsewhere reads the same grid:
/// the same steps happen in the same order. A group left without candidates (a placed
/// cell, a placed digit's places) fires nothing: nothing in it can be turned off.
pub fn unchanged_by_loss(
    on: &CandSet,
    off: &CandSet,
    now: &WorkGrid,
    removed: &[Candidate],
) -> bool {
    // A group (bit i of `mask`: its candidate `cand_at(i)`) that would fire on `now`.
    let fires = |mask: u16, cand_at: &dyn Fn(usize) -> Candidate| {
        let (mut m, mut left) = (mask, 0);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            left += !off.has(cand_at(i)) as u32;
        }
        left == 1 || (left == 0 && mask != 0)
    };
    for &x in removed {
        if on.has(x) || off.has(x) {
            return false;
        }
        let (cell, d) = (x.cell().index(), x.digit().index());
        if fires(now.cands[cell], &|e| Candidate::new(cell, e)) {
            return false;
        }
        for u in regions_of(cell) {
            if fires(now.places[u][d], &|i| {
                Candidate::new(UNITS[u][i] as usize, d)
            }) {
                return false;
            }
        }
    }
    true
}

/// A dynamic propagation (cell rules, no nesting) without parents: the sets of
/// potentials one assumption implies, a lower bound of each one's ancestor count, or
/// that it meets a contradiction.
///
/// Why it gives the same sets as [`Propagation::propagate`] (dynamic mode, level 0): there an
/// "on" turns off the candidates left in its cell and the digit's places left among its
/// peers, and an "off" turns on the last candidate left in its cell, or the last place
/// left of its digit in one of its units, each time "left" meaning not yet turned off
/// (the working grid loses each "off" as it is processed, and the rule fires when the
/// last other one is processed). So a potential is added once its premises hold,
/// whatever the order: an "on" turns off every peer candidate of the grid; a candidate
/// turns on when every other candidate of its cell (at least one), or every other place
/// of its digit in one of its units (at least one), is off. A propagation that meets no
/// contradiction ends with the least sets closed under these rules, and it meets one
/// iff that closure holds a candidate both on and off (everything it adds is in the
/// closure; without a contradiction it adds all of it). Here the closure is made with
/// each "off" removed from a working grid at once; a cell or a digit's places in a unit
/// left empty, of 2+ in the grid, means its last one would be turned on too: a
/// contradiction. With a contradiction the sets [`Propagation::propagate`] leaves depend on its
/// order: `conflict` says so, and the caller propagates again with parents.
///
/// The bound: [`Propagation::propagate`] gives each potential as parents exactly the premises of
/// one of these rules, so its ancestors hold a derivation of it, as deep as the least
/// deep derivation at least. Here "on"s are processed first in, first out, and each
/// potential gets, when first added, 1 + the depth of the premise that completed its
/// rule: the "off"s are added in order of depth, so that is the deepest premise, and
/// by induction no potential gets more than its least derivation depth.
#[derive(Clone)]
pub struct DynamicClosure {
    pub on: CandSet,
    pub off: CandSet,
    /// Depth of each potential of the sets (saturating at 255: still a lower bound).
    dist: Vec<u8>,
    /// The "on" candidates, in the order added (processed first in, first out).
    queue: Vec<Candidate>,
    pub conflict: bool,
}

impl Default for DynamicClosure {
    fn default() -> Self {
        DynamicClosure {
            on: CandSet::EMPTY,
            off: CandSet::EMPTY,
            dist: vec![0; NPOT],
            queue: Vec::with_capacity(NCAND),
            conflict: false,
        }
    }
}

impl DynamicClosure {
    /// A lower bound of the ancestor count [`Propagation::propagate`] gives potential `p` of the
    /// sets (without a conflict).
    #[inline]
    pub fn least_ancestors(&self, p: Potential) -> u32 {
        debug_assert!(
            !self.conflict,
            "the depths of a closure stopped at a conflict"
        );
        self.dist[p.index()] as u32 + 1
    }

    /// True when this closure, made without a conflict on a grid that has since lost the
    /// candidates `removed` (and nothing else) to become `now`, is still the closure of its
    /// start on `now`, with the same depths (see [`unchanged_by_loss`]).
    pub fn still_closed(&self, now: &WorkGrid, removed: &[Candidate]) -> bool {
        debug_assert!(!self.conflict);
        unchanged_by_loss(&self.on, &self.off, now, removed)
    }

    #[inline]
    fn turn_on(&mut self, c: Candidate, depth: u8, doomed: &CandSet) {
        if self.off.has(c) || doomed.has(c) {
            self.conflict = true;
        } else if !self.on.has(c) {
            self.on.set(c);
            self.dist[Potential::new(c, true).index()] = depth;
            self.queue.push(c);
        }
    }

    #[inline(always)]
    fn turn_off(
        &mut self,
        work: &mut WorkGrid,
        source: &WorkGrid,
        c: Candidate,
        depth: u8,
        doomed: &CandSet,
    ) {
        if self.on.has(c) {
            self.conflict = true;
            return;
        }
        if self.off.has(c) {
            return;
        }
        self.off.set(c);
        self.dist[Potential::new(c, false).index()] = depth;
        work.remove(c);
        let (cell, d) = (c.cell().index(), c.digit().index());
        let next = depth.saturating_add(1);
        let m = work.cands[cell];
        if m == 0 {
            if several(source.cands[cell]) {
                self.conflict = true;
                return;
            }
        } else if single(m) {
            self.turn_on(
                Candidate::new(cell, m.trailing_zeros() as usize),
                next,
                doomed,
            );
        }
        for u in regions_of(cell) {
            let m = work.places[u][d];
            if m == 0 {
                if several(source.places[u][d]) {
                    self.conflict = true;
                    return;
                }
            } else if single(m) {
                self.turn_on(
                    Candidate::new(UNITS[u][m.trailing_zeros() as usize] as usize, d),
                    next,
                    doomed,
                );
            }
        }
    }

    /// Propagates `start` on `source` (stops at the first contradiction). `doomed`: the
    /// candidates whose "on" closure is known to meet a contradiction; this closure
    /// meets one too if it turns one of them on (it then holds that one's closure: the
    /// rules are monotone), and stops there.
    pub fn close(&mut self, source: &WorkGrid, start: Potential, doomed: &CandSet) {
        self.on.clear();
        self.off.clear();
        self.queue.clear();
        self.conflict = false;
        let mut work = *source;
        let sc = start.candidate();
        if start.is_on() {
            self.turn_on(sc, 0, doomed);
        } else {
            self.turn_off(&mut work, source, sc, 0, doomed);
        }
        let mut head = 0;
        while head < self.queue.len() && !self.conflict {
            let c = self.queue[head];
            head += 1;
            let (cell, d) = (c.cell().index(), c.digit().index());
            let next = self.dist[Potential::new(c, true).index()].saturating_add(1);
            let mut m = work.cands[cell] & !(1 << d);
            while m != 0 && !self.conflict {
                let e = m.trailing_zeros() as usize;
                m &= m - 1;
                self.turn_off(&mut work, source, Candidate::new(cell, e), next, doomed);
            }
            // The other places of the digit in the box, then in the row and the column
            // outside the box (each peer once).
            let [bu, ru, cu] = regions_of(cell);
            let (r, col) = (cell / 9, cell % 9);
            let masks = [
                (bu, work.places[bu][d] & !(1 << POS_IN[cell][0])),
                (ru, work.places[ru][d] & !(0b111 << (col / 3 * 3))),
                (cu, work.places[cu][d] & !(0b111 << (r / 3 * 3))),
            ];
            for (u, mut m) in masks {
                while m != 0 && !self.conflict {
                    let o = UNITS[u][m.trailing_zeros() as usize] as usize;
                    m &= m - 1;
                    self.turn_off(&mut work, source, Candidate::new(o, d), next, doomed);
                }
            }
        }
    }
}
