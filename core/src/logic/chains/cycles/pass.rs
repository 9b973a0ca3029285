//! One pass (X, Y or XY links) of the cycle search, and the eliminations of a cycle.

use super::pass_graph::*;
use super::tree_search::*;
use crate::logic::chains::best_hint::{BestHint, Rated};
use crate::logic::chains::difficulty::*;
use crate::logic::chains::kind::ChainKind;
use crate::logic::geometry::CellSet;
use crate::logic::memo::cycles::*;
use crate::logic::primitives::*;

/// A pass's kinds of hint, base difficulties and sort key.
#[derive(Clone, Copy)]
pub(crate) struct Pass {
    pub(crate) cycle_kind: ChainKind,
    pub(crate) chain_kind: ChainKind,
    pub(crate) cycle_base: f64,
    pub(crate) chain_base: f64,
    pub(crate) key: u8,
}

/// What one pass reads: the grid, each digit's places, the pass's kinds, and the digits
/// it skips.
pub(super) struct PassInput<'a> {
    pub(super) grid: &'a [u16; 81],
    pub(super) places: &'a [u128; 9],
    /// Each cell's peers, by which a cycle eliminates (`cycle_eliminations`).
    pub(super) peers: &'a [CellSet; 81],
    pub(super) pass: Pass,
    pub(super) skip: u16,
}

/// The scratch one pass works in: its graph, its searches' trees, the XY pass's memo and
/// a path.
pub(super) struct PassScratch<'a> {
    pub(super) g: &'a mut PassGraph,
    pub(super) w: &'a mut Work,
    pub(super) xy: &'a mut XyPassFruitlessStarts<PassGraph>,
    pub(super) path: &'a mut Vec<Potential>,
}

/// The longest cycle and forcing chain (in potentials) that could still beat the best
/// hint; they change only when a hint is offered.
#[derive(Clone, Copy)]
struct PassBounds {
    cycle: u32,
    chain: u32,
}

impl PassBounds {
    fn of(best: &BestHint, pass: &Pass) -> PassBounds {
        PassBounds {
            cycle: best.max_complexity(pass.cycle_base, pass.key),
            chain: best.max_complexity(pass.chain_base, pass.key),
        }
    }
}

/// One pass (`Y`: cell rule, `X`: region rule), its searches from the candidates of the
/// digits outside `input.skip`; returns the digits whose searches ran with a best hint
/// or offered one.
#[inline(never)]
pub(super) fn run_pass<const Y: bool, const X: bool>(
    input: &PassInput,
    s: PassScratch,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
) -> u16 {
    let (grid, places) = (input.grid, input.places);
    let mut bounds = PassBounds::of(best, &input.pass);
    // A cycle has 4 potentials or more, a forcing chain 2: when neither could beat
    // the best, the pass can find nothing.
    if bounds.cycle < 4 && (!X || bounds.chain < 2) {
        check();
        return 0;
    }
    // The digits whose searches ran with a best hint or offered one.
    let mut tainted = 0u16;
    s.g.build(grid, places, Y, X, 0x1ff & !input.skip);
    // Unbounded searches (no hint yet) of the XY pass, the longest, are skipped when
    // the graph's components show they can find nothing.
    let prune = Y && X && bounds.cycle == u32::MAX;
    if prune {
        s.w.comps.compute(grid, s.g, input.peers);
    }
    // The XY pass's memo (see `XyPassFruitlessStarts`): the candidates whose lists changed since.
    if Y && X {
        s.xy.start_pass(grid, s.g);
    }
    let mut run = PassRun::<Y, X> { input, s, prune };
    for (cell, &cands) in grid.iter().enumerate() {
        if cands.count_ones() < 2 {
            continue;
        }
        check();
        let mut m = cands & !input.skip;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let c = Candidate::new(cell, d);
            if !X && cands.count_ones() > 2 {
                continue;
            }
            // Cycles, and (X links) the forcing chain from "on", share one search.
            let fc_on = run.search_on(c, bounds);
            run.offer_cycles(best, &mut bounds);
            if X {
                for start_on in [true, false] {
                    let found = if start_on {
                        fc_on
                    } else {
                        run.search_off(c, bounds)
                    };
                    if let Some((e, complexity)) = found {
                        run.offer_chain(c, start_on, e, complexity, best, &mut bounds);
                    }
                }
            }
            // With no best hint now, there was none before (its searches were
            // unbounded) and it offered none.
            if best.is_some() {
                tainted |= 1 << d;
            }
        }
    }
    if Y && X {
        // The memo's records now hold for this graph: every start was checked or
        // searched again (those no longer candidates are recorded as changed next time).
        let PassScratch { g, xy, .. } = run.s;
        xy.grid.copy_from_slice(grid);
        std::mem::swap(&mut xy.graph, g);
        xy.valid = true;
    }
    tainted
}

/// One pass under way: what it reads, its scratch, and whether the components prune its
/// unbounded searches.
struct PassRun<'a, 'b, const Y: bool, const X: bool> {
    input: &'b PassInput<'b>,
    s: PassScratch<'a>,
    prune: bool,
}

impl<const Y: bool, const X: bool> PassRun<'_, '_, Y, X> {
    /// The search from candidate `c`'s "on": its cycles left in `w.cycles`, and (X links)
    /// the forcing chain it finds. Skipped where the XY memo or the components show it
    /// finds nothing.
    #[inline]
    fn search_on(&mut self, c: Candidate, bounds: PassBounds) -> Option<(u32, u32)> {
        let (g, w, xy) = (&*self.s.g, &mut *self.s.w, &mut *self.s.xy);
        let (grid, places) = (self.input.grid, self.input.places);
        let memo = Y && X;
        let fc_max = if X { bounds.chain } else { 0 };
        let on = Potential::new(c, true);
        if memo
            && xy.on_ok.has(c)
            && bounds.cycle <= xy.on_bound[c.index()].0
            && fc_max <= xy.on_bound[c.index()].1
        {
            w.cycles.clear();
            return None;
        }
        if self.prune && !w.comps.on_cycle(on) && !(X && w.comps.may_refute(grid, places, g, c, Y))
        {
            if memo {
                xy.on_ok.unset(c);
            }
            w.cycles.clear();
            return None;
        }
        let found = from_on(g, c, Y, bounds.cycle, fc_max, w);
        if memo {
            if found.is_none() && w.cycles.is_empty() {
                xy.on_read[c.index()] = (w.on_set, w.off_set);
                xy.on_bound[c.index()] = (bounds.cycle, fc_max);
                xy.on_ok.set(c);
            } else {
                xy.on_ok.unset(c);
            }
        }
        found
    }

    /// Offers the cycles the last search from an "on" left in `w.cycles`.
    fn offer_cycles(&mut self, best: &mut BestHint, bounds: &mut PassBounds) {
        let pass = &self.input.pass;
        let (w, path) = (&mut *self.s.w, &mut *self.s.path);
        for i in 0..w.cycles.len() {
            let e = w.cycles[i];
            w.path(e, path);
            let complexity = path.len() as u32;
            let d = pass.cycle_base + length_bonus(complexity);
            if !best.worth(d, complexity, pass.key) {
                continue;
            }
            let elims = cycle_eliminations(self.input.places, self.input.peers, path);
            if elims.is_empty() {
                continue;
            }
            let mut pots = path.clone();
            pots.reverse();
            best.offer_cycle(
                Rated::new(d, complexity, pass.key, pass.cycle_kind),
                elims,
                pots,
            );
            *bounds = PassBounds::of(best, pass);
        }
    }

    /// The forcing chain from `c`'s "off" (X links), unless it leads nowhere or the XY
    /// memo shows it finds nothing.
    #[inline]
    fn search_off(&mut self, c: Candidate, bounds: PassBounds) -> Option<(u32, u32)> {
        let (g, w, xy) = (&*self.s.g, &mut *self.s.w, &mut *self.s.xy);
        let memo = Y && X;
        let (on, off) = (Potential::new(c, true), Potential::new(c, false));
        if !g.live.has(c) || self.prune && !w.comps.may_reach(off, on) {
            // (A start "off" that turns nothing on leads nowhere.)
            return None;
        }
        if memo && xy.off_ok.has(c) && bounds.chain <= xy.off_bound[c.index()] {
            return None;
        }
        let found = from_off(g, c, bounds.chain, w);
        if memo {
            if found.is_none() {
                xy.off_read[c.index()] = (w.on_set, w.off_set);
                xy.off_bound[c.index()] = bounds.chain;
                xy.off_ok.set(c);
            } else {
                xy.off_ok.unset(c);
            }
        }
        found
    }

    /// Offers the forcing chain from `c` (`start_on`: its "on") that ends at tree entry
    /// `e` with `complexity` potentials.
    fn offer_chain(
        &mut self,
        c: Candidate,
        start_on: bool,
        e: u32,
        complexity: u32,
        best: &mut BestHint,
        bounds: &mut PassBounds,
    ) {
        let pass = &self.input.pass;
        let d = pass.chain_base + length_bonus(complexity);
        if !best.worth(d, complexity, pass.key) {
            return;
        }
        let path = &mut *self.s.path;
        self.s.w.path(e, path);
        let mut pots = path.clone();
        pots.push(Potential::new(c, start_on));
        pots.reverse();
        let target = Potential::new(c, !start_on);
        best.offer_target(
            Rated::new(d, complexity, pass.key, pass.chain_kind),
            self.input.grid,
            target,
            pots,
        );
        *bounds = PassBounds::of(best, pass);
    }
}

/// The candidates a cycle removes: outside the cycle's cells, those that see an "on" and
/// an "off" potential of the cycle with their digit.
pub(super) fn cycle_eliminations(
    places: &[u128; 9],
    peers: &[CellSet; 81],
    path: &[Potential],
) -> Vec<Candidate> {
    let mut in_cells = 0u128;
    for &p in path {
        in_cells |= 1 << p.candidate().cell().index();
    }
    // Per digit, the cells that see an "on" and those that see an "off" of that digit
    // (`digits`: those with both).
    let mut forw = [0u128; 9];
    let mut back = [0u128; 9];
    let (mut on_digits, mut off_digits) = (0u16, 0u16);
    for &p in path {
        let c = p.candidate();
        let d = c.digit().index();
        if p.is_on() {
            forw[d] |= peers[c.cell().index()];
            on_digits |= 1 << d;
        } else {
            back[d] |= peers[c.cell().index()];
            off_digits |= 1 << d;
        }
    }
    let digits = on_digits & off_digits;
    let mut both = [0u128; 9];
    let mut any = 0u128;
    let mut ds = digits;
    while ds != 0 {
        let d = ds.trailing_zeros() as usize;
        ds &= ds - 1;
        both[d] = forw[d] & back[d] & places[d] & !in_cells;
        any |= both[d];
    }
    let mut out = Vec::new();
    for_cells(any, |cell| {
        let mut ds = digits;
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if both[d] >> cell & 1 != 0 {
                out.push(Candidate::new(cell, d));
            }
        }
    });
    out
}
