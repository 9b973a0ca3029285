//! Bidirectional cycles (X, Y and XY) and forcing chains (X and XY): Sukaku Explainer's
//! "Forcing Chains & Cycles" producer, static links only.
//!
//! Three passes, as there: X links only (one digit: "off" turns the last other place in a
//! region on), Y links (a bivalue cell's other digit), then both. Each pass starts from
//! every candidate, cell by cell:
//! - cycles: a breadth-first search from "on" in which "on" potentials are kept once but
//!   "off" potentials are expanded from every parent (not from their own ancestors); the
//!   start met again as "on" after at least 4 steps closes a cycle, which removes every
//!   candidate that sees the digit of one of its "on" links and of one of its "off" links;
//! - forcing chains (X and XY passes): from "on", reaching the start "off" removes it;
//!   from "off", reaching the start "on" places it.
//!
//! Searches are cut at the length that could still beat the best hint so far. Before
//! any hint, the XY pass's searches are unbounded and mostly fruitless: the strongly
//! connected components of its implication graph (computed once, with which components
//! each one reaches) show which of them cannot find anything at any length (no path
//! from the start to its other state, no cycle through it that could eliminate a
//! candidate), and those are skipped (see [`Components`]).
//! Each pass follows its graph in flat arrays built from cell masks per digit, without
//! the "off" potentials that turn nothing on (dead ends: see [`PassGraph`]), which most
//! are; a cycle's test that its closing "off" is not an ancestor is O(1) (see `from_on`);
//! a search from a start "off" that turns nothing on is skipped (it finds nothing); a
//! search's last round adds only what could still be expanded or close, and a pass in
//! which nothing could beat the best hint is skipped. The X pass skips the digits whose
//! places are as they were at an earlier call where its searches from them, unbounded,
//! offered nothing (see [`XPassFoundNothing`]); the Y pass is skipped while the bivalue cells are as
//! at an earlier call where it ran unbounded and offered nothing, on a grid this one is
//! within (see [`YPassFoundNothing`]); the XY pass skips the searches that found nothing,
//! within bounds no smaller, at its last run and met no candidate whose lists changed
//! since (see [`XyPassFruitlessStarts`]). Scratch memory is bounded by the 1458 potentials (the memos: under
//! 400 KB; the components' reach rows: 268 KB) and kept per thread between calls (see
//! [`CycleWork`]).

use super::best_hint::BestHint;
use super::difficulty::*;
use super::kind::ChainKind;
use super::planes::*;
use super::potential::*;
use super::work_grid::*;

const NONE: u32 = u32::MAX;
const NONE16: u16 = u16::MAX;
/// A bound on the entries of a search: the root, each candidate at most once "on" and
/// once "off", the start "off" of a forcing chain, and two entries for each cycle closed
/// (each "on" entry closing at most 4 of them: one a closer).
const MAX_ENTS: usize = 1 + 2 * NCAND + 1 + 2 * 4 * NCAND;

#[derive(Clone, Copy)]
struct Ent {
    pot: u16,
    /// The candidate of the "off" potential at depth 1 on the entry's path (`NONE16` for
    /// the root): see `from_on`.
    branch: u16,
    parent: u32,
}

/// Scratch space of the cycle search (bounded: the `MAX_ENTS` entries of a search tree;
/// the components' and a pass graph's arrays over the 1458 potentials). Kept per thread between calls: a new `CycleWork` takes the thread's
/// spare one, if any, and gives it back when dropped, so a call allocates nothing.
pub struct CycleWork {
    scratch: Option<Box<Scratch>>,
}

#[derive(Default)]
struct Scratch {
    work: Work,
    graph: PassGraph,
    x_found_nothing: [XPassFoundNothing; 9],
    y_found_nothing: YPassFoundNothing,
    xy: XyPassFruitlessStarts,
}

/// What the XY pass of the last call that ran it learnt: the searches from a start
/// (`on_ok`: from its "on", `off_ok`: from its "off") that found nothing (no cycle, no
/// forcing chain) within their bounds (`on_bound`: on cycles and chains, `off_bound`),
/// each with the candidates whose lists it may have read (`on_read`, `off_read`: those it
/// met "on" and "off", the start among them; see `meets`). A search reads nothing but
/// those lists (and fixed facts: which candidates turn which off), so while none of them
/// changes (`graph`: the lists then), it meets the same potentials in the same order, or,
/// cut shorter by bounds no larger, part of them (each level's tests for a cycle or a
/// chain the same), and again finds nothing: it is skipped. (`valid` false: nothing known, as after a call interrupted mid-pass.)
/// Memory: four sets of 729 candidates per candidate (under 300 KB) and a pass graph.
struct XyPassFruitlessStarts {
    valid: bool,
    grid: Vec<u16>,
    graph: PassGraph,
    on_ok: CandSet,
    off_ok: CandSet,
    on_read: Vec<(CandSet, CandSet)>,
    off_read: Vec<(CandSet, CandSet)>,
    on_bound: Vec<(u32, u32)>,
    off_bound: Vec<u32>,
}

impl Default for XyPassFruitlessStarts {
    fn default() -> Self {
        XyPassFruitlessStarts {
            valid: false,
            grid: Vec::new(),
            graph: PassGraph::default(),
            on_ok: CandSet::EMPTY,
            off_ok: CandSet::EMPTY,
            on_read: Vec::new(),
            off_read: Vec::new(),
            on_bound: Vec::new(),
            off_bound: Vec::new(),
        }
    }
}

impl XyPassFruitlessStarts {
    /// The candidates of `grid` whose lists in `g` of the candidates their "off" turns
    /// on, and those whose lists of the candidates their "on" turns off, differ from the
    /// recorded ones (or that were not candidates then).
    fn changed(&self, grid: &[u16; 81], g: &PassGraph) -> (CandSet, CandSet) {
        let (mut ons, mut offs) = (CandSet::EMPTY, CandSet::EMPTY);
        for (cell, &cands) in grid.iter().enumerate() {
            let mut m = cands;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let c = cand(cell, d);
                if self.grid[cell] >> d & 1 == 0 {
                    ons.set(c);
                    offs.set(c);
                    continue;
                }
                if self.graph.live.has(c) != g.live.has(c) || self.graph.ons(c) != g.ons(c) {
                    ons.set(c);
                }
                if self.graph.offs(c) != g.offs(c) {
                    offs.set(c);
                }
            }
        }
        (ons, offs)
    }
}

/// True when a search that met the candidates of `read` "on" and "off" may have read
/// a list that changed (`changed`: the candidates whose lists of what their "off" turns
/// on changed, and those whose lists of what their "on" turns off changed). A search
/// reads the second list of those it meets "on", the first of those it meets "off"
/// (and of its start: the closers of a cycle; `ons_of_start`).
fn meets(
    read: &(CandSet, CandSet),
    changed: &(CandSet, CandSet),
    ons_of_start: Option<u16>,
) -> bool {
    let (mut on, mut off) = *read;
    on.intersect(&changed.1);
    off.intersect(&changed.0);
    !on.is_empty() || !off.is_empty() || ons_of_start.is_some_and(|c| changed.0.has(c))
}

/// What the Y pass of an earlier call learnt: with these bivalue cells (`bivalue`: each
/// cell's candidates where it has two, else 0) on this grid (`grid`), its searches, all
/// unbounded (no best hint before it), offered nothing. A Y pass's graph is made of the
/// bivalue cells' candidates alone, so while they stay the same its searches find the
/// same cycles (or, cut shorter by a best hint, some of them); a cycle offers a hint only
/// through the candidates it removes, candidates of the grid, and on a grid within the
/// recorded one (no cell with a candidate it did not have) those are among what they
/// were there: none. The pass is then skipped. (`found_nothing` false: nothing known.)
#[derive(Clone, Copy)]
struct YPassFoundNothing {
    found_nothing: bool,
    bivalue: [u16; 81],
    grid: [u16; 81],
}

impl Default for YPassFoundNothing {
    fn default() -> Self {
        YPassFoundNothing {
            found_nothing: false,
            bivalue: [0; 81],
            grid: [0; 81],
        }
    }
}

/// What the X pass of an earlier call learnt of one digit: with these places of the digit
/// (`places`) and these cells of them holding other candidates too (`starts`, where its
/// searches start), its searches, all unbounded (no best hint yet), offered nothing.
/// An X pass's links join places of one digit only, so its searches from that digit's
/// candidates see only those places and depend on nothing else (the cycles' eliminations
/// are places of the digit too): while both masks stay the same, they find the same
/// trees, or, cut shorter by a best hint, parts of them, and again offer nothing; they
/// are skipped. (`found_nothing` false: nothing known.)
#[derive(Default, Clone, Copy)]
struct XPassFoundNothing {
    places: u128,
    starts: u128,
    found_nothing: bool,
}

thread_local! {
    static SPARE: std::cell::Cell<Option<Box<Scratch>>> = const { std::cell::Cell::new(None) };
}

/// Forgets what the thread's spare scratch remembers of earlier calls (the X and XY
/// memos), keeping its buffers (see `logic::forget_search_memos`).
pub(crate) fn forget_memos() {
    SPARE.with(|s| {
        if let Some(mut scratch) = s.take() {
            scratch.x_found_nothing = [XPassFoundNothing::default(); 9];
            scratch.y_found_nothing.found_nothing = false;
            scratch.xy.valid = false;
            s.set(Some(scratch));
        }
    });
}

impl Default for CycleWork {
    fn default() -> Self {
        let spare = SPARE.with(|s| s.take());
        CycleWork {
            scratch: Some(spare.unwrap_or_default()),
        }
    }
}

impl Drop for CycleWork {
    fn drop(&mut self) {
        if let Some(scratch) = self.scratch.take() {
            SPARE.with(|s| s.set(Some(scratch)));
        }
    }
}

struct Work {
    /// The search tree, `MAX_ENTS` entries (see there).
    ents: Vec<Ent>,
    on_set: CandSet,
    off_set: CandSet,
    cycles: Vec<u32>,
    closing: Vec<(u32, u16)>,
    comps: Components,
}

impl Default for Work {
    fn default() -> Self {
        Work {
            ents: vec![
                Ent {
                    pot: 0,
                    branch: NONE16,
                    parent: NONE
                };
                MAX_ENTS
            ],
            on_set: CandSet::EMPTY,
            off_set: CandSet::EMPTY,
            cycles: Vec::new(),
            closing: Vec::new(),
            comps: Components::default(),
        }
    }
}

impl Work {
    /// The potentials from entry `e` up to (excluding) the root.
    fn path(&self, mut e: u32, out: &mut Vec<u16>) {
        out.clear();
        while self.ents[e as usize].parent != NONE {
            out.push(self.ents[e as usize].pot);
            e = self.ents[e as usize].parent;
        }
    }
}

/// The strongly connected components of a pass's graph ([`PassGraph`]: its "off"
/// potentials that turn nothing on left out), found by Tarjan's algorithm without
/// recursion, and which components each one reaches. Components are numbered in the
/// order Tarjan's algorithm completes them, successors first, so when one completes,
/// every component its members lead to is complete and has a smaller number: its reach
/// set (itself and the reach sets of those) is made then, over the numbers up to its
/// own (`reach`, a row of bits per component). Used to skip searches that can find
/// nothing whatever their length:
/// - a cycle through "start on" needs that potential in a component of four or more (a
///   cycle found is a simple one of 4 potentials or more: its path from the start holds
///   each potential once, and its closing "off" is not on that path), and, to eliminate
///   anything, a candidate that sees an "on" and an "off" potential of its digit in that
///   component (every potential of a cycle through the start lies in the start's
///   component, and a cycle eliminates only candidates that see an "on" and an "off" of
///   their digit in it: see [`cycle_eliminations`]; `elim` holds this per component,
///   found from its members as it completes);
/// - a forcing chain from one state of the start to the other needs a path in the graph
///   (to a start "off" left out of the graph, a path to the "on" of one of the
///   candidates whose "on" turns it off).
///
/// The potentials left out are dead ends, so they change no reachability between the
/// others and lie on no cycle. Memory: a few arrays over the 1458 potentials and the
/// reach rows (1458 × 23 words, 268 KB).
pub struct Components {
    comp: Vec<u16>,
    size: Vec<u16>,
    /// Row `k` (`REACH_WORDS` words): the components component `k` reaches (bits up to
    /// `k`; the words beyond `k / 64` are not written).
    reach: Vec<u64>,
    /// Per component: whether a cycle in it may eliminate something (see
    /// `may_eliminate`).
    elim: Vec<bool>,
    /// The members of the component being completed.
    members: Vec<u16>,
    index: Vec<u16>,
    low: Vec<u16>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    calls: Vec<(u16, u8)>,
}

const UNVISITED: u16 = u16::MAX;
const REACH_WORDS: usize = NPOT.div_ceil(64);

impl Default for Components {
    fn default() -> Self {
        Components {
            comp: vec![0; NPOT],
            size: vec![0; NPOT],
            reach: vec![0; NPOT * REACH_WORDS],
            elim: vec![false; NPOT],
            members: Vec::with_capacity(NPOT),
            index: vec![UNVISITED; NPOT],
            low: vec![0; NPOT],
            on_stack: vec![false; NPOT],
            stack: Vec::with_capacity(NPOT),
            calls: Vec::with_capacity(NPOT),
        }
    }
}

impl Components {
    /// Computes the components of `g` over the candidates of `grid`.
    fn compute(&mut self, grid: &[u16; 81], g: &PassGraph) {
        let places = digit_planes(grid);
        self.index.fill(UNVISITED);
        self.on_stack.fill(false);
        self.stack.clear();
        self.calls.clear();
        let mut counter = 0u16;
        let mut ncomp = 0u16;
        for (cell, &cands) in grid.iter().enumerate() {
            let mut m = cands;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let c = cand(cell, d);
                for on in [true, false] {
                    let root = pot(c, on);
                    if self.index[root as usize] != UNVISITED || !(on || g.live.has(c)) {
                        continue;
                    }
                    self.visit(root, &mut counter);
                    while let Some(&mut (v, ref mut i)) = self.calls.last_mut() {
                        let vc = pot_cand(v);
                        let next = if pot_on(v) {
                            g.offs(vc).get(*i as usize).map(|&q| pot(q, false))
                        } else {
                            g.ons(vc).get(*i as usize).map(|&q| pot(q, true))
                        };
                        if let Some(u) = next {
                            *i += 1;
                            if self.index[u as usize] == UNVISITED {
                                self.visit(u, &mut counter);
                            } else if self.on_stack[u as usize] {
                                let v = v as usize;
                                self.low[v] = self.low[v].min(self.index[u as usize]);
                            }
                            continue;
                        }
                        self.calls.pop();
                        let v = v as usize;
                        if let Some(&(parent, _)) = self.calls.last() {
                            let parent = parent as usize;
                            self.low[parent] = self.low[parent].min(self.low[v]);
                        }
                        if self.low[v] == self.index[v] {
                            self.members.clear();
                            loop {
                                let u = self.stack.pop().expect("v is on the stack") as usize;
                                self.on_stack[u] = false;
                                self.comp[u] = ncomp;
                                self.members.push(u as u16);
                                if u == v {
                                    break;
                                }
                            }
                            self.size[ncomp as usize] = self.members.len() as u16;
                            self.elim[ncomp as usize] = self.may_eliminate(&places);
                            self.close_reach(g, ncomp);
                            ncomp += 1;
                        }
                    }
                }
            }
        }
    }

    /// Makes the reach row of component `k`, just completed (its members in `members`).
    fn close_reach(&mut self, g: &PassGraph, k: u16) {
        let k = k as usize;
        let (rows, row) = self.reach.split_at_mut(k * REACH_WORDS);
        let row = &mut row[..k / 64 + 1];
        row.fill(0);
        row[k / 64] |= 1 << (k % 64);
        for &v in &self.members {
            let vc = pot_cand(v);
            let next: &[u16] = if pot_on(v) { g.offs(vc) } else { g.ons(vc) };
            for &q in next {
                let u = if pot_on(v) {
                    pot(q, false)
                } else {
                    pot(q, true)
                };
                let j = self.comp[u as usize] as usize;
                if j != k {
                    let other = &rows[j * REACH_WORDS..j * REACH_WORDS + j / 64 + 1];
                    for (w, o) in row.iter_mut().zip(other) {
                        *w |= o;
                    }
                }
            }
        }
    }

    /// Whether a cycle in the component just completed (its members in `members`) may
    /// eliminate something: some candidate of the grid (`places[d]`: the cells holding
    /// digit `d`) sees an "on" and an "off" potential of its digit in it (false for a
    /// component too small to hold a cycle).
    fn may_eliminate(&self, places: &[u128; 9]) -> bool {
        if self.members.len() < 4 {
            return false;
        }
        let (mut on_see, mut off_see) = ([0u128; 9], [0u128; 9]);
        for &q in &self.members {
            let c = pot_cand(q);
            let see = if pot_on(q) { &mut on_see } else { &mut off_see };
            see[digit0_of(c)] |= PEER_MASKS[cell_of(c)];
        }
        (0..9).any(|d| on_see[d] & off_see[d] & places[d] != 0)
    }

    fn visit(&mut self, p: u16, counter: &mut u16) {
        let i = p as usize;
        self.index[i] = *counter;
        self.low[i] = *counter;
        *counter += 1;
        self.stack.push(p);
        self.on_stack[i] = true;
        self.calls.push((p, 0));
    }

    /// Whether `from` reaches `to` (both in the graph).
    fn may_reach(&self, from: u16, to: u16) -> bool {
        let (a, b) = (
            self.comp[from as usize] as usize,
            self.comp[to as usize] as usize,
        );
        b <= a && self.reach[a * REACH_WORDS + b / 64] >> (b % 64) & 1 != 0
    }

    /// False when "c on" provably cannot reach "c off" (in the graph `g`, with the cell
    /// rule).
    fn may_refute(
        &self,
        grid: &[u16; 81],
        places: &[u128; 9],
        g: &PassGraph,
        c: u16,
        y: bool,
    ) -> bool {
        let on = pot(c, true);
        if g.live.has(c) {
            return self.may_reach(on, pot(c, false));
        }
        // "c off" is reached only from the "on" of a candidate that turns it off.
        let (cell, d) = (cell_of(c), digit0_of(c));
        let mut m = if y { grid[cell] & !(1 << d) } else { 0 };
        while m != 0 {
            let e = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.may_reach(on, pot(cand(cell, e), true)) {
                return true;
            }
        }
        // The peers holding the digit, from its plane (not a test per peer).
        let mut m = places[d] & PEER_MASKS[cell];
        while m != 0 {
            let o = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.may_reach(on, pot(cand(o, d), true)) {
                return true;
            }
        }
        false
    }

    /// False when `p` lies on no simple cycle of 4 potentials or more, or no cycle
    /// through it can eliminate anything: no candidate of `grid` sees an "on" and an
    /// "off" potential of its digit in `p`'s component.
    fn on_cycle(&self, p: u16) -> bool {
        self.elim[self.comp[p as usize] as usize]
    }
}

use crate::logic::geometry::{PEER_MASKS_NINE as PEER_MASKS, UNIT_MASKS_NINE as UNIT_MASKS};

/// Calls `f` with the cells of `m`, ascending.
#[inline]
fn for_cells(mut m: u128, mut f: impl FnMut(usize)) {
    while m != 0 {
        f(m.trailing_zeros() as usize);
        m &= m - 1;
    }
}

/// The implication graph of one pass (`y`: cell rule, `x`: region rule), reduced to what
/// a search follows, in flat arrays in Sukaku Explainer's order: for each candidate, the
/// candidates its "off" turns on (the other digit of a bivalue cell, then the last other
/// place of the digit in the box, row, column, each once), and the *live* candidates its
/// "on" turns off (the cell's other digits, then the digit's other places in the box,
/// the row outside the box, the column outside the box), live meaning that their "off"
/// turns something on. An "off" that turns nothing on ends every path through it: the
/// searches need it only as the target of a forcing chain (the start "off", tested
/// apart in `from_on`), so leaving the others out changes no path, no cycle and no
/// order. Built from cell masks per digit, a few bit operations a candidate.
/// Memory: at most 28 + 4 entries per candidate.
struct PassGraph {
    off_at: Vec<u16>,
    off_end: Vec<u16>,
    off: Vec<u16>,
    on_at: Vec<u16>,
    on_end: Vec<u16>,
    on: Vec<u16>,
    live: CandSet,
}

impl Default for PassGraph {
    fn default() -> Self {
        PassGraph {
            off_at: vec![0; NCAND],
            off_end: vec![0; NCAND],
            off: vec![0; NCAND * 28],
            on_at: vec![0; NCAND],
            on_end: vec![0; NCAND],
            on: vec![0; NCAND * 4],
            live: CandSet::EMPTY,
        }
    }
}

impl PassGraph {
    /// Sets the graph to that of `grid` (`places[d]`: the cells holding digit `d`). Only
    /// the candidates of `grid` get lists (no other is ever looked up), and without the
    /// region rule only those of bivalue cells: the Y pass starts only from them, and
    /// every candidate its links reach is one of them (its only live candidates). The
    /// lists are written into arrays of their largest sizes.
    fn build(&mut self, grid: &[u16; 81], places: &[u128; 9], y: bool, x: bool, digits: u16) {
        self.live.clear();
        // The live places of each digit.
        let mut live = [0u128; 9];
        let on = &mut self.on[..];
        let mut n_on = 0usize;
        for (cell, &m) in grid.iter().enumerate() {
            if !x && !pair(m) {
                continue;
            }
            let bit = 1u128 << cell;
            let mut ds = m & digits;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let c = cand(cell, d) as usize;
                let first = n_on;
                self.on_at[c] = first as u16;
                if y && pair(m) {
                    on[n_on] = cand(cell, (m & !(1 << d)).trailing_zeros() as usize);
                    n_on += 1;
                }
                if x {
                    let region_first = n_on;
                    for u in regions_of(cell) {
                        let others = places[d] & UNIT_MASKS[u] & !bit;
                        if others != 0 && others & (others - 1) == 0 {
                            let q = cand(others.trailing_zeros() as usize, d);
                            if !on[region_first..n_on].contains(&q) {
                                on[n_on] = q;
                                n_on += 1;
                            }
                        }
                    }
                }
                self.on_end[c] = n_on as u16;
                if n_on != first {
                    self.live.set(c as u16);
                    live[d] |= bit;
                }
            }
        }
        let off = &mut self.off[..];
        let mut n_off = 0usize;
        for (cell, &m) in grid.iter().enumerate() {
            if !x && !pair(m) {
                continue;
            }
            let bit = 1u128 << cell;
            let [b, r, col] = regions_of(cell);
            let (bm, rm, cm) = (
                UNIT_MASKS[b],
                UNIT_MASKS[r] & !UNIT_MASKS[b],
                UNIT_MASKS[col] & !UNIT_MASKS[b],
            );
            let mut ds = m & digits;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let c = cand(cell, d) as usize;
                self.off_at[c] = n_off as u16;
                if y {
                    let mut o = m & !(1 << d);
                    while o != 0 {
                        let e = o.trailing_zeros() as usize;
                        o &= o - 1;
                        if live[e] & bit != 0 {
                            off[n_off] = cand(cell, e);
                            n_off += 1;
                        }
                    }
                }
                let l = live[d];
                for m in [bm & l & !bit, rm & l, cm & l] {
                    for_cells(m, |o| {
                        off[n_off] = cand(o, d);
                        n_off += 1;
                    });
                }
                self.off_end[c] = n_off as u16;
            }
        }
        debug_assert!(self.follows_rules(grid, y, x, digits));
    }

    /// True when the lists are those the engine's rules give (`on_to_off`, `off_to_on`),
    /// in the same order (a check of debug builds).
    fn follows_rules(&self, grid: &[u16; 81], y: bool, x: bool, digits: u16) -> bool {
        (0..NCAND as u16)
            .filter(|&c| {
                grid[cell_of(c)] >> digit0_of(c) & 1 != 0
                    && (x || pair(grid[cell_of(c)]))
                    && digits >> digit0_of(c) & 1 != 0
            })
            .all(|c| {
                let (mut ons, mut n_on) = ([0u16; 4], 0);
                off_to_on(grid, grid, c, y, x, |q, _| {
                    if !ons[..n_on].contains(&q) {
                        ons[n_on] = q;
                        n_on += 1;
                    }
                });
                let (mut offs, mut n_off) = ([0u16; 28], 0);
                on_to_off(grid, c, y, |q| {
                    if self.live.has(q) {
                        offs[n_off] = q;
                        n_off += 1;
                    }
                });
                self.ons(c) == &ons[..n_on]
                    && self.offs(c) == &offs[..n_off]
                    && self.live.has(c) == (n_on > 0)
            })
    }

    /// The live candidates "c on" turns off, in Sukaku Explainer's order.
    #[inline]
    fn offs(&self, c: u16) -> &[u16] {
        &self.off[self.off_at[c as usize] as usize..self.off_end[c as usize] as usize]
    }

    /// The candidates "c off" turns on, in Sukaku Explainer's order.
    #[inline]
    fn ons(&self, c: u16) -> &[u16] {
        &self.on[self.on_at[c as usize] as usize..self.on_end[c as usize] as usize]
    }
}

/// True when "a on" turns "b off" (any candidates, live or not): the same cell (with the
/// cell rule), or the same digit in cells that see each other.
#[inline]
fn turns_off(a: u16, b: u16, y: bool) -> bool {
    let (ca, cb) = (cell_of(a), cell_of(b));
    if ca == cb {
        y && a != b
    } else {
        digit0_of(a) == digit0_of(b)
            && (ca / 9 == cb / 9
                || ca % 9 == cb % 9
                || (ca / 27 == cb / 27 && ca % 9 / 3 == cb % 9 / 3))
    }
}

/// Runs the producer on `grid`, offering each hint to `best`.
pub fn search(grid: &[u16; 81], w: &mut CycleWork, best: &mut BestHint, check: &mut dyn FnMut()) {
    let scratch = w
        .scratch
        .as_mut()
        .expect("a CycleWork holds its scratch until dropped");
    search_with(
        grid,
        &mut scratch.graph,
        &mut scratch.work,
        &mut scratch.x_found_nothing,
        &mut scratch.y_found_nothing,
        &mut scratch.xy,
        best,
        check,
    );
}

#[allow(clippy::too_many_arguments)]
fn search_with(
    grid: &[u16; 81],
    g: &mut PassGraph,
    w: &mut Work,
    x_found_nothing: &mut [XPassFoundNothing; 9],
    y_found_nothing: &mut YPassFoundNothing,
    xy: &mut XyPassFruitlessStarts,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
) {
    // (kind of cycle, kind of chain, base of cycle, base of chain, sort key) of the X pass
    // (region rule), the Y pass (cell rule) and the XY pass (both).
    let passes: [(ChainKind, ChainKind, f64, f64, u8); 3] = [
        (ChainKind::XCycle, ChainKind::ForcingXChain, 6.5, 6.6, 2),
        (ChainKind::YCycle, ChainKind::ForcingYChain, 6.5, 6.6, 3),
        (ChainKind::XYCycle, ChainKind::ForcingChain, 7.0, 7.0, 4),
    ];
    let mut path = Vec::with_capacity(64);
    let places = digit_planes(grid);
    let mut multi = 0u128;
    for (cell, &m) in grid.iter().enumerate() {
        if m & m.wrapping_sub(1) != 0 {
            multi |= 1u128 << cell;
        }
    }
    // The X pass skips the digits its memo shows finding nothing (see `XPassFoundNothing`).
    let mut x_skip = 0u16;
    for d in 0..9 {
        let mm = x_found_nothing[d];
        if mm.found_nothing && mm.places == places[d] && mm.starts == places[d] & multi {
            x_skip |= 1 << d;
        }
    }
    // Every search is cut at the length beyond which it could not beat the best hint so
    // far. (Rounds of growing caps on the difficulty were measured: they do not pay, the
    // links graph being shallow.)
    for (i, &(cycle_kind, chain_kind, cycle_base, chain_base, key)) in passes.iter().enumerate() {
        let pass = Pass {
            cycle_kind,
            chain_kind,
            cycle_base,
            chain_base,
            key,
        };
        match i {
            0 => {
                let tainted = run_pass::<false, true>(
                    grid, &places, g, w, xy, best, check, &pass, x_skip, &mut path,
                );
                for d in 0..9 {
                    if x_skip >> d & 1 == 0 {
                        x_found_nothing[d] = XPassFoundNothing {
                            places: places[d],
                            starts: places[d] & multi,
                            found_nothing: tainted >> d & 1 == 0,
                        };
                    }
                }
            }
            1 => {
                // Skipped where its memo shows it finding nothing (see `YPassFoundNothing`).
                let mut bivalue = [0u16; 81];
                for (b, &m) in bivalue.iter_mut().zip(grid.iter()) {
                    if pair(m) {
                        *b = m;
                    }
                }
                let unbounded = !best.is_some();
                if y_found_nothing.found_nothing
                    && y_found_nothing.bivalue == bivalue
                    && grid
                        .iter()
                        .zip(y_found_nothing.grid.iter())
                        .all(|(&m, &was)| m & !was == 0)
                {
                    continue;
                }
                run_pass::<true, false>(grid, &places, g, w, xy, best, check, &pass, 0, &mut path);
                if unbounded && !best.is_some() {
                    *y_found_nothing = YPassFoundNothing {
                        found_nothing: true,
                        bivalue,
                        grid: *grid,
                    };
                }
            }
            _ => {
                run_pass::<true, true>(grid, &places, g, w, xy, best, check, &pass, 0, &mut path);
            }
        }
    }
}

/// A pass's kinds of hint, base difficulties and sort key.
#[derive(Clone, Copy)]
struct Pass {
    cycle_kind: ChainKind,
    chain_kind: ChainKind,
    cycle_base: f64,
    chain_base: f64,
    key: u8,
}

/// One pass (`Y`: cell rule, `X`: region rule), its searches from the candidates of the
/// digits outside `skip`: the digits whose searches ran with a best hint or offered one.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn run_pass<const Y: bool, const X: bool>(
    grid: &[u16; 81],
    places: &[u128; 9],
    g: &mut PassGraph,
    w: &mut Work,
    xy: &mut XyPassFruitlessStarts,
    best: &mut BestHint,
    check: &mut dyn FnMut(),
    pass: &Pass,
    skip: u16,
    path: &mut Vec<u16>,
) -> u16 {
    let (y, x) = (Y, X);
    let Pass {
        cycle_kind,
        chain_kind,
        cycle_base,
        chain_base,
        key,
    } = *pass;
    // The bounds change only when a hint is offered: recomputed then.
    let bounds = |best: &BestHint| {
        (
            best.max_complexity(cycle_base, key),
            best.max_complexity(chain_base, key),
        )
    };
    let (mut cyc_max, mut chain_max) = bounds(best);
    // A cycle has 4 potentials or more, a forcing chain 2: when neither could beat
    // the best, the pass can find nothing.
    if cyc_max < 4 && (!x || chain_max < 2) {
        check();
        return 0;
    }
    // The digits whose searches ran with a best hint or offered one.
    let mut tainted = 0u16;
    g.build(grid, places, y, x, 0x1ff & !skip);
    // Unbounded searches (no hint yet) of the XY pass, the longest, are skipped when
    // the graph's components show they can find nothing.
    let prune = y && x && cyc_max == u32::MAX;
    if prune {
        w.comps.compute(grid, g);
    }
    // The XY pass's memo (see `XyPassFruitlessStarts`): the candidates whose lists changed since.
    let memo = Y && X;
    if memo {
        if xy.on_read.is_empty() {
            xy.on_read = vec![(CandSet::EMPTY, CandSet::EMPTY); NCAND];
            xy.off_read = vec![(CandSet::EMPTY, CandSet::EMPTY); NCAND];
            xy.grid = vec![0; 81];
            xy.on_bound = vec![(0, 0); NCAND];
            xy.off_bound = vec![0; NCAND];
        }
        if xy.valid && !(xy.on_ok.is_empty() && xy.off_ok.is_empty()) {
            let changed = xy.changed(grid, g);
            // Every record is checked now, so that those kept hold for this graph (a
            // start may be left unsearched, or be no candidate, for a while).
            let mut present = CandSet::EMPTY;
            for (cell, &cands) in grid.iter().enumerate() {
                let mut m = cands;
                while m != 0 {
                    let c = cand(cell, m.trailing_zeros() as usize);
                    m &= m - 1;
                    present.set(c);
                    if xy.on_ok.has(c) && meets(&xy.on_read[c as usize], &changed, Some(c)) {
                        xy.on_ok.unset(c);
                    }
                    if xy.off_ok.has(c) && meets(&xy.off_read[c as usize], &changed, None) {
                        xy.off_ok.unset(c);
                    }
                }
            }
            xy.on_ok.intersect(&present);
            xy.off_ok.intersect(&present);
        } else {
            xy.on_ok.clear();
            xy.off_ok.clear();
        }
        // (Made valid again once the pass is through.)
        xy.valid = false;
    }
    for cell in 0..81 {
        if grid[cell].count_ones() < 2 {
            continue;
        }
        check();
        let mut m = grid[cell] & !skip;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let c = cand(cell, d);
            if !x && grid[cell].count_ones() > 2 {
                continue;
            }
            // Cycles, and (X links) the forcing chain from "on", share one search.
            let fc_max = if x { chain_max } else { 0 };
            let (on, off) = (pot(c, true), pot(c, false));
            let fc_on = if memo
                && xy.on_ok.has(c)
                && cyc_max <= xy.on_bound[c as usize].0
                && fc_max <= xy.on_bound[c as usize].1
            {
                w.cycles.clear();
                None
            } else if prune
                && !w.comps.on_cycle(on)
                && !(x && w.comps.may_refute(grid, places, g, c, y))
            {
                if memo {
                    xy.on_ok.unset(c);
                }
                w.cycles.clear();
                None
            } else {
                let found = from_on(g, c, y, cyc_max, fc_max, w);
                if memo {
                    if found.is_none() && w.cycles.is_empty() {
                        xy.on_read[c as usize] = (w.on_set, w.off_set);
                        xy.on_bound[c as usize] = (cyc_max, fc_max);
                        xy.on_ok.set(c);
                    } else {
                        xy.on_ok.unset(c);
                    }
                }
                found
            };
            for i in 0..w.cycles.len() {
                let e = w.cycles[i];
                w.path(e, path);
                let complexity = path.len() as u32;
                let d = cycle_base + length_bonus(complexity);
                if !best.worth(d, complexity, key) {
                    continue;
                }
                let elims = cycle_eliminations(places, path);
                if elims.is_empty() {
                    continue;
                }
                let mut pots = path.clone();
                pots.reverse();
                best.offer_cycle(d, complexity, key, cycle_kind, elims, c, pots);
                (cyc_max, chain_max) = bounds(best);
            }
            if x {
                for start_on in [true, false] {
                    let found = if start_on {
                        fc_on
                    } else {
                        if !g.live.has(c) || prune && !w.comps.may_reach(off, on) {
                            // (A start "off" that turns nothing on leads nowhere.)
                            None
                        } else if memo && xy.off_ok.has(c) && chain_max <= xy.off_bound[c as usize]
                        {
                            None
                        } else {
                            let found = from_off(g, c, chain_max, w);
                            if memo {
                                if found.is_none() {
                                    xy.off_read[c as usize] = (w.on_set, w.off_set);
                                    xy.off_bound[c as usize] = chain_max;
                                    xy.off_ok.set(c);
                                } else {
                                    xy.off_ok.unset(c);
                                }
                            }
                            found
                        }
                    };
                    if let Some((e, complexity)) = found {
                        let d = chain_base + length_bonus(complexity);
                        if !best.worth(d, complexity, key) {
                            continue;
                        }
                        w.path(e, path);
                        let mut pots = path.clone();
                        pots.push(pot(c, start_on));
                        pots.reverse();
                        let target = pot(c, !start_on);
                        best.offer_target(d, complexity, key, chain_kind, grid, target, pots);
                        (cyc_max, chain_max) = bounds(best);
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
    if memo {
        // The memo's records now hold for this graph: every start was checked or
        // searched again (those no longer candidates are recorded as changed next time).
        xy.grid.copy_from_slice(grid);
        std::mem::swap(&mut xy.graph, g);
        xy.valid = true;
    }
    tainted
}

/// The candidates a cycle removes: outside the cycle's cells, those that see an "on" and
/// an "off" potential of the cycle with their digit.
fn cycle_eliminations(places: &[u128; 9], path: &[u16]) -> Vec<u16> {
    let mut in_cells = 0u128;
    for &p in path {
        in_cells |= 1 << cell_of(pot_cand(p));
    }
    // Per digit, the cells that see an "on" and those that see an "off" of that digit
    // (`digits`: those with both).
    let mut forw = [0u128; 9];
    let mut back = [0u128; 9];
    let (mut on_digits, mut off_digits) = (0u16, 0u16);
    for &p in path {
        let c = pot_cand(p);
        let d = digit0_of(c);
        if pot_on(p) {
            forw[d] |= PEER_MASKS[cell_of(c)];
            on_digits |= 1 << d;
        } else {
            back[d] |= PEER_MASKS[cell_of(c)];
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
                out.push(cand(cell, d));
            }
        }
    });
    out
}

/// From `start` on: the cycles back to it no longer than `cyc_max` (in `w.cycles`, as
/// entries of the start met again), and the forcing chain to the start "off" no longer
/// than `fc_max` (returned: its entry and complexity).
///
/// Sukaku Explainer searches cycles breadth-first expanding an "off" potential once per
/// parent (but not from its own ancestors); a repeated "off" only re-derives "on"
/// potentials already known, so it matters only when it closes a cycle. Here each "off"
/// is expanded once, and every parent of the few "off" potentials that lead back to the
/// start is checked: the same cycles, in the same order. Its forcing chains search the
/// same tree, so one search serves both.
///
/// The "off" potentials that lead back to the start (closers) are among those the start
/// "on" turns off, so each is met first at depth 1 and, "off" potentials being kept once,
/// is an ancestor of an entry exactly when it is the entry's depth-1 ancestor (its
/// branch): an O(1) test. An entry's links are scanned for closers only when it turns
/// one off (at most 4 tests), and the last round, whose "off" potentials would not be
/// expanded, adds none. The entries of a level being consecutive in `w.ents`, a level
/// is a range of it; the entries of the cycles found are added after the search.
fn from_on(
    g: &PassGraph,
    start: u16,
    y: bool,
    cyc_max: u32,
    fc_max: u32,
    w: &mut Work,
) -> Option<(u32, u32)> {
    w.cycles.clear();
    w.closing.clear();
    w.on_set.clear();
    w.off_set.clear();
    // The "off" potentials that turn the start on: the links being symmetric, those the
    // start's "off" turns on (each also among those its "on" turns off; at most 4).
    let closers = g.ons(start);
    // A start "off" that turns nothing on is not in the graph's lists: met apart (its
    // entry, expanded with the others of its level, turns nothing on).
    let start_live = g.live.has(start);
    let max_len = cyc_max.max(fc_max);
    let ents = &mut w.ents[..];
    ents[0] = Ent {
        pot: pot(start, true),
        branch: NONE16,
        parent: NONE,
    };
    let mut n = 1usize;
    w.on_set.set(start);
    // The entries to expand next: ents[lo..hi].
    let (mut lo, mut hi) = (0usize, 1usize);
    let mut fc_hit: Option<(u32, u32)> = None;
    let mut length = 0u32;
    while lo < hi {
        // Expanding "on" potentials at `length`: targets "off" have complexity length + 1.
        length += 1;
        if length + 1 > max_len {
            break;
        }
        let closing_now = length + 1 >= 4 && length < cyc_max;
        let fc_now = fc_hit.is_none() && length < fc_max;
        // The last round: the "off" potentials it would add would never be expanded (the
        // search stops after it, see below), so it only looks for the start "off" and
        // the closers.
        let last = length + 3 > max_len
            || length + 3 > cyc_max && (fc_hit.is_some() || length + 2 > fc_max);
        for e in lo..hi {
            let ent = ents[e];
            let c = pot_cand(ent.pot);
            if closing_now
                && closers
                    .iter()
                    .any(|&q| q != ent.branch && turns_off(c, q, y))
            {
                for &q in g.offs(c) {
                    if ent.branch != q && closers.contains(&q) {
                        w.closing.push((e as u32, q));
                    }
                }
            }
            let fc_here = fc_now && fc_hit.is_none() && turns_off(c, start, y);
            if last || fc_here && !start_live {
                if fc_here {
                    ents[n] = Ent {
                        pot: pot(start, false),
                        branch: NONE16,
                        parent: e as u32,
                    };
                    n += 1;
                    fc_hit = Some((n as u32 - 1, length + 1));
                }
                if last {
                    continue;
                }
            }
            let first = n;
            let branch = if e == 0 { NONE16 } else { ent.branch };
            for &q in g.offs(c) {
                if !w.off_set.has(q) {
                    w.off_set.set(q);
                    ents[n] = Ent {
                        pot: pot(q, false),
                        branch: if e == 0 { q } else { branch },
                        parent: e as u32,
                    };
                    n += 1;
                }
            }
            if fc_here && start_live {
                // The start "off" is met first here (else the chain would have been
                // found before): one of the entries just added.
                let id = (first..n)
                    .find(|&i| ents[i].pot == pot(start, false))
                    .expect("the start off is new");
                fc_hit = Some((id as u32, length + 1));
            }
        }
        (lo, hi) = (hi, n);
        length += 1;
        // (Past `max_len`, the "on" potentials the next round adds would not be expanded.)
        if last
            || length + 2 > cyc_max && (fc_hit.is_some() || length + 1 > fc_max)
            || length + 2 > max_len
        {
            break;
        }
        for e in lo..hi {
            let ent = ents[e];
            for &q in g.ons(pot_cand(ent.pot)) {
                if !w.on_set.has(q) {
                    w.on_set.set(q);
                    ents[n] = Ent {
                        pot: pot(q, true),
                        branch: ent.branch,
                        parent: e as u32,
                    };
                    n += 1;
                }
            }
        }
        (lo, hi) = (hi, n);
    }
    for &(e, q) in &w.closing {
        ents[n] = Ent {
            pot: pot(q, false),
            branch: NONE16,
            parent: e,
        };
        ents[n + 1] = Ent {
            pot: pot(start, true),
            branch: NONE16,
            parent: n as u32,
        };
        w.cycles.push(n as u32 + 1);
        n += 2;
    }
    fc_hit
}

/// The forcing chain from `start` off to `start` on no longer than `max_len`: its entry
/// and complexity. (The graph leaves out the "off" potentials that turn nothing on: they
/// could not lead to the start "on".) As in `from_on`, a level is a range of `w.ents`,
/// and the last rounds add only what could still be expanded.
fn from_off(g: &PassGraph, start: u16, max_len: u32, w: &mut Work) -> Option<(u32, u32)> {
    w.on_set.clear();
    w.off_set.clear();
    let ents = &mut w.ents[..];
    ents[0] = Ent {
        pot: pot(start, false),
        branch: NONE16,
        parent: NONE,
    };
    let mut n = 1usize;
    w.off_set.set(start);
    let (mut lo, mut hi) = (0usize, 1usize);
    // Expanding at `level` finds potentials of complexity level + 1.
    let mut level = 0u32;
    loop {
        level += 1;
        if level + 1 > max_len || lo == hi {
            return None;
        }
        // Past `max_len`, the "on" potentials added here would not be expanded.
        let last = level + 3 > max_len;
        for e in lo..hi {
            let ons = g.ons(pot_cand(ents[e].pot));
            if last {
                if ons.contains(&start) {
                    ents[n] = Ent {
                        pot: pot(start, true),
                        branch: NONE16,
                        parent: e as u32,
                    };
                    return Some((n as u32, level + 1));
                }
                continue;
            }
            for &q in ons {
                if !w.on_set.has(q) {
                    w.on_set.set(q);
                    ents[n] = Ent {
                        pot: pot(q, true),
                        branch: NONE16,
                        parent: e as u32,
                    };
                    n += 1;
                    if q == start {
                        return Some((n as u32 - 1, level + 1));
                    }
                }
            }
        }
        (lo, hi) = (hi, n);
        level += 1;
        if level + 2 > max_len || lo == hi {
            return None;
        }
        for e in lo..hi {
            for &q in g.offs(pot_cand(ents[e].pot)) {
                if !w.off_set.has(q) {
                    w.off_set.set(q);
                    ents[n] = Ent {
                        pot: pot(q, false),
                        branch: NONE16,
                        parent: e as u32,
                    };
                    n += 1;
                }
            }
        }
        (lo, hi) = (hi, n);
    }
}

#[cfg(test)]
// The tests walk every cell of a grid and index several arrays with it.
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use crate::generate::{generate, Options};
    use crate::logic::{path, Marks};

    /// Grids of candidates: generated puzzles from their givens, and every fourth
    /// position of their paths.
    fn grids() -> Vec<[u16; 81]> {
        let mut out = Vec::new();
        for i in 0..16 {
            let g = generate(2026, i, Options::default());
            let mut m = Marks::from_puzzle(&g.puzzle);
            let as_grid = |m: &Marks| {
                let mut grid = [0u16; 81];
                for cell in 0..81 {
                    grid[cell] = if m.values[cell] == 0 {
                        m.cands[cell]
                    } else {
                        0
                    };
                }
                grid
            };
            out.push(as_grid(&m));
            for (k, step) in path(&g.puzzle, &mut || {})
                .expect("a generated puzzle has a path")
                .iter()
                .enumerate()
            {
                step.apply(&mut m);
                if k % 4 == 3 {
                    out.push(as_grid(&m));
                }
            }
        }
        out
    }

    /// The XY pass's graph of `grid`, its places per digit, and its components.
    fn xy_graph(grid: &[u16; 81]) -> (PassGraph, [u128; 9], Components) {
        let places = digit_planes(grid);
        let mut g = PassGraph::default();
        g.build(grid, &places, true, true, 0x1ff);
        let mut comps = Components::default();
        comps.compute(grid, &g);
        (g, places, comps)
    }

    /// The potentials `from` reaches in `g`, by a plain search.
    fn reached(g: &PassGraph, from: u16) -> Vec<bool> {
        let mut seen = vec![false; NPOT];
        let mut todo = vec![from];
        seen[from as usize] = true;
        while let Some(p) = todo.pop() {
            let c = pot_cand(p);
            let next: Vec<u16> = if pot_on(p) {
                g.offs(c).iter().map(|&q| pot(q, false)).collect()
            } else {
                g.ons(c).iter().map(|&q| pot(q, true)).collect()
            };
            for q in next {
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    todo.push(q);
                }
            }
        }
        seen
    }

    #[test]
    fn reach_rows_say_exactly_what_a_search_reaches() {
        let mut checked = 0;
        for grid in grids() {
            let (g, _, comps) = xy_graph(&grid);
            let mut nodes = Vec::new();
            for cell in 0..81 {
                for d in 0..9 {
                    if grid[cell] >> d & 1 != 0 {
                        let c = cand(cell, d);
                        nodes.push(pot(c, true));
                        if g.live.has(c) {
                            nodes.push(pot(c, false));
                        }
                    }
                }
            }
            for &from in nodes.iter().step_by(7) {
                let seen = reached(&g, from);
                for &to in &nodes {
                    assert_eq!(
                        comps.may_reach(from, to),
                        seen[to as usize],
                        "{from} -> {to}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked} pairs");
    }

    #[test]
    fn a_start_skipped_for_cycles_has_no_cycle_that_eliminates() {
        // Where the component rules cycles out, an unbounded search from the start finds
        // only cycles that eliminate nothing; and the rule does skip starts that a search
        // finds cycles from.
        let (mut skipped_with_cycles, mut w) = (0, Work::default());
        let mut path = Vec::new();
        for grid in grids() {
            let (g, places, comps) = xy_graph(&grid);
            for cell in 0..81 {
                for d in 0..9 {
                    if grid[cell] >> d & 1 == 0 || grid[cell].count_ones() < 2 {
                        continue;
                    }
                    let c = cand(cell, d);
                    if comps.on_cycle(pot(c, true)) {
                        continue;
                    }
                    from_on(&g, c, true, u32::MAX, 0, &mut w);
                    skipped_with_cycles += !w.cycles.is_empty() as usize;
                    for i in 0..w.cycles.len() {
                        w.path(w.cycles[i], &mut path);
                        assert!(
                            cycle_eliminations(&places, &path).is_empty(),
                            "cell {cell} digit {}",
                            d + 1
                        );
                    }
                }
            }
        }
        assert!(skipped_with_cycles > 0);
    }
}
