//! The inner rule "Forcing Chains & Cycles" of levels 2 and 3: every bidirectional cycle
//! and forcing chain (static links) on the grid an outer chain has reduced, as Sukaku
//! Explainer lists them for a nested rule (all hints, unbounded: each one can add
//! removals, so none is cut).
//!
//! Three passes (X links only, Y links only, both); in each, for every cell with two or
//! more candidates (only bivalue cells in the Y pass) and each of its digits: the cycles
//! through its "on", then (X and XY passes) the forcing chains from its "on" and from its
//! "off". A cycle search is breadth-first from the "on": each "on" is expanded once, each
//! "off" from every parent it is not an ancestor of; the start met again as "on" after
//! at least 4 steps closes a cycle. A forcing chain search keeps each potential once and
//! ends at the start's other state. The chains have one parent each and no hidden
//! parents (this rule compares the grid with nothing).

mod plain;
mod tree;

use super::inner_hint::{InnerHint, NO_CAUSE};
use super::link_table::LinkTable;
use super::plain::plain;
use crate::grid::PEERS;
use crate::logic::chains::difficulty::length_bonus;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::level1::hash_order;
use crate::logic::chains::nested_rules::NestedRules;
use crate::logic::chains::work_grid::*;
use crate::logic::memo::bounded::WeighedMap;
use crate::logic::primitives::*;
use tree::Tree;

/// Scratch of the cycle and forcing-chain searches (its size is bounded: see
/// [`tree::MAX_NODES`]).
pub(super) struct FcScratch {
    /// The search trees of the start under way.
    tree: Tree,
    /// Per start of the current pass: the "on"s its cycle search reached, whether it
    /// reached the start's "off", and its cycle hints.
    is_start: CandSet,
    reach_on: Vec<CandSet>,
    off_reached: CandSet,
    starts: Vec<(Candidate, Vec<InnerHint>)>,
    /// The starts of the pass under way.
    start_list: Vec<Candidate>,
    /// The links of the grid under way, read once.
    links: LinkTable,
    /// The X pass's hints per digit and plane (the cells holding the digit), for the
    /// grids of later searches ([`x_pass_by_planes`]): at most [`PLANES_KEPT`] planes
    /// and [`PLANE_WORDS_KEPT`] words of hints.
    x_planes: WeighedMap<(u8, u128), std::rc::Rc<XPlane>>,
}

impl Default for FcScratch {
    fn default() -> Self {
        FcScratch {
            tree: Tree::default(),
            is_start: CandSet::EMPTY,
            reach_on: vec![CandSet::EMPTY; NCAND],
            off_reached: CandSet::EMPTY,
            starts: Vec::new(),
            start_list: Vec::new(),
            links: LinkTable::default(),
            x_planes: WeighedMap::new(PLANES_KEPT, PLANE_WORDS_KEPT),
        }
    }
}

impl FcScratch {
    /// The links of `w` (see [`LinkTable::read`]), in this scratch's table.
    pub(super) fn link_table(&mut self, w: &WorkGrid) -> &LinkTable {
        self.links.read(w);
        &self.links
    }

    /// Forgets the kept planes of the X pass.
    pub(super) fn forget(&mut self) {
        self.x_planes.forget();
    }

    /// True when no plane of the X pass is kept.
    pub(super) fn is_forgotten(&self) -> bool {
        self.x_planes.is_empty()
    }
}

/// One pass of the rule: the links it follows and what its hints are.
#[derive(Clone, Copy)]
struct Pass {
    /// Links inside a cell (bivalue cells).
    y: bool,
    /// Links inside a unit (a digit's two places).
    x: bool,
    cycle_kind: ChainKind,
    chain_kind: ChainKind,
    cycle_base: f64,
    chain_base: f64,
    key: u8,
}

const X_PASS: Pass = Pass {
    y: false,
    x: true,
    cycle_kind: ChainKind::XCycle,
    chain_kind: ChainKind::ForcingXChain,
    cycle_base: 6.5,
    chain_base: 6.6,
    key: 2,
};
const Y_PASS: Pass = Pass {
    y: true,
    x: false,
    cycle_kind: ChainKind::YCycle,
    chain_kind: ChainKind::ForcingYChain,
    cycle_base: 6.5,
    chain_base: 6.6,
    key: 3,
};
const XY_PASS: Pass = Pass {
    y: true,
    x: true,
    cycle_kind: ChainKind::XYCycle,
    chain_kind: ChainKind::ForcingChain,
    cycle_base: 7.0,
    chain_base: 7.0,
    key: 4,
};

/// The starts of a pass over the whole grid, in Sukaku Explainer's order: every
/// candidate of a cell with two or more (only bivalue cells without x links).
fn grid_starts(w: &WorkGrid, pass: Pass, starts: &mut Vec<Candidate>) {
    starts.clear();
    for cell in 0..81 {
        let m = w.cands[cell];
        if !several(m) || (!pass.x && !pair(m)) {
            continue;
        }
        let mut ds = m;
        while ds != 0 {
            starts.push(Candidate::new(cell, ds.trailing_zeros() as usize));
            ds &= ds - 1;
        }
    }
}

/// Every hint of "Forcing Chains & Cycles" on `w`, in the order found (not yet sorted).
///
/// The X pass is read per digit from [`FcScratch::x_planes`] when its plane was searched
/// before (see there); the plain way ([`plain`]) searches it over the grid as the other
/// passes are.
pub(super) fn fcc_hints(
    w: &WorkGrid,
    s: &mut FcScratch,
    rules: Option<&dyn NestedRules>,
    check: &mut dyn FnMut(),
    out: &mut Vec<InnerHint>,
) {
    let mut starts = std::mem::take(&mut s.start_list);
    let mut table = std::mem::take(&mut s.links);
    table.read(w);
    if plain() {
        grid_starts(w, X_PASS, &mut starts);
        run_pass(
            w,
            s,
            (&table, rules),
            check,
            X_PASS,
            &starts,
            &mut |_, h| {
                if !h.removes.is_empty() {
                    out.push(h)
                }
            },
        );
    } else {
        x_pass_by_planes(w, s, (&table, rules), check, out);
    }
    for pass in [Y_PASS, XY_PASS] {
        grid_starts(w, pass, &mut starts);
        run_pass(w, s, (&table, rules), check, pass, &starts, &mut |_, h| {
            if !h.removes.is_empty() {
                out.push(h)
            }
        });
    }
    s.links = table;
    s.start_list = starts;
}

/// Runs `pass` from each of `starts`, giving `emit` each start's hints in turn, with the
/// start (its cycles, then its forcing chains from "on" and from "off"), forcing chains that remove
/// nothing on `w` included (their removals are the target cell's other digits).
fn run_pass(
    w: &WorkGrid,
    s: &mut FcScratch,
    (table, rules): (&LinkTable, Option<&dyn NestedRules>),
    check: &mut dyn FnMut(),
    pass: Pass,
    starts: &[Candidate],
    emit: &mut dyn FnMut(Candidate, InnerHint),
) {
    let (y, x) = (pass.y, pass.x);
    let t = table.links(y, x);
    for &c in starts {
        check();
        // A start without a conjugate (its "off" turns nothing on) closes no cycle (a
        // cycle ends at a conjugate's "off"), and of its reach the forcing chains below
        // read only whether its own "off" is met (its reach is read for the starts it
        // is a conjugate of: none, the relation being symmetric): that alone is
        // searched, and it is not marked a start.
        if !plain() && t.ons(c).is_empty() {
            let reached = s.tree.reaches_own_off(t, c);
            s.off_reached.set_to(c, reached);
            s.starts.push((c, Vec::new()));
            continue;
        }
        s.tree.nodes.clear();
        s.tree.cycles.clear();
        if plain() {
            s.tree.cycles_from_plain(w, c, y, x);
        } else {
            s.tree.cycles_from(t, c);
        }
        s.is_start.set(c);
        s.reach_on[c.index()] = s.tree.last_on;
        s.off_reached.set_to(c, s.tree.last_off.has(c));
        let mut hints = Vec::new();
        for i in 0..s.tree.cycles.len() {
            if let Some(h) = cycle_hint(w, s, rules, s.tree.cycles[i], pass) {
                hints.push(h);
            }
        }
        s.starts.push((c, hints));
    }
    // Then, start by start, its cycles and its forcing chains. A forcing chain from
    // "c on" exists iff "c off" is reachable from it, which the cycle search (reaching
    // every potential reachable) told; from "c off" iff "c on" is reachable from one
    // of the "on"s it turns on, whose reach is known when they were starts too (else
    // the search is made).
    let found = std::mem::take(&mut s.starts);
    for (c, hints) in found {
        for h in hints {
            emit(c, h);
        }
        if !x {
            continue;
        }
        s.tree.nodes.clear();
        s.tree.chains.clear();
        if plain() {
            s.tree.chain_from_plain(w, Potential::new(c, true), y);
            s.tree.chain_from_plain(w, Potential::new(c, false), y);
        } else {
            if s.off_reached.has(c) {
                s.tree.chain_from(t, Potential::new(c, true));
            }
            if t.ons(c)
                .iter()
                .any(|&(q, _)| !s.is_start.has(q) || s.reach_on[q.index()].has(c))
            {
                s.tree.chain_from(t, Potential::new(c, false));
            }
        }
        for i in 0..s.tree.chains.len() {
            emit(c, chain_hint(w, s, s.tree.chains[i], pass));
        }
    }
    s.is_start.clear();
}

/// The X pass's hints of one digit on one plane (the cells holding it): per cell of the
/// plane, ascending, the hints of its start (forcing chains that remove nothing
/// included).
struct XPlane {
    starts: Vec<(u8, Vec<InnerHint>)>,
}

/// The most planes [`FcScratch::x_planes`] keeps, and the most 16-bit words their hints
/// may hold (2M words, 4 MB); past either it starts afresh.
const PLANES_KEPT: usize = 8192;
const PLANE_WORDS_KEPT: usize = 2 << 20;

fn words_of(h: &InnerHint) -> usize {
    32 + 2 * h.removes.len() + 2 * h.causes.len() + h.chain.len()
}

/// The X pass (links of one digit only), read per digit. From a start of digit d, the
/// X pass follows only d's units ("on" turns off d's other places in the start's units,
/// "off" turns on the last place of d in a unit) and its hints read only d's places
/// (a cycle's removals are d's places seeing both kinds of links): all a function of
/// the plane of d, except the removals of a forcing chain ending "on" (the other digits
/// of its cell), taken here from `w`. Whether a start's forcing chains exist does not
/// depend on the other starts (the reach shortcut only spares searches). So the hints
/// of every start of d, kept by plane, are those the pass over the grid gives for it; a
/// cell's starts are read in the pass's order (cells ascending, digits ascending), each
/// cell with two or more candidates, as in the pass over the grid.
fn x_pass_by_planes(
    w: &WorkGrid,
    s: &mut FcScratch,
    table: (&LinkTable, Option<&dyn NestedRules>),
    check: &mut dyn FnMut(),
    out: &mut Vec<InnerHint>,
) {
    let mut planes: [Option<std::rc::Rc<XPlane>>; 9] = Default::default();
    for (d, slot) in planes.iter_mut().enumerate() {
        let mut plane = 0u128;
        for cell in 0..81 {
            plane |= ((w.cands[cell] >> d & 1) as u128) << cell;
        }
        if plane == 0 {
            continue;
        }
        if let Some(kept) = s.x_planes.get(&(d as u8, plane)) {
            *slot = Some(std::rc::Rc::clone(kept));
            continue;
        }
        let mut starts = Vec::new();
        let mut rest = plane;
        while rest != 0 {
            starts.push(Candidate::new(rest.trailing_zeros() as usize, d));
            rest &= rest - 1;
        }
        let mut per_start: Vec<(u8, Vec<InnerHint>)> = starts
            .iter()
            .map(|&c| (c.cell().index() as u8, Vec::new()))
            .collect();
        let mut at = 0;
        let mut words = 0;
        // The starts' hints come start by start, in the starts' order.
        run_pass(w, s, table, check, X_PASS, &starts, &mut |from, h| {
            while starts[at] != from {
                at += 1;
            }
            words += words_of(&h);
            per_start[at].1.push(h);
        });
        let kept = std::rc::Rc::new(XPlane { starts: per_start });
        s.x_planes
            .insert((d as u8, plane), std::rc::Rc::clone(&kept), words);
        *slot = Some(kept);
    }
    let mut next = [0usize; 9];
    for cell in 0..81 {
        let m = w.cands[cell];
        if !several(m) {
            continue;
        }
        let mut ds = m;
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            let plane = planes[d].as_ref().expect("a plane for a digit present");
            while plane.starts[next[d]].0 as usize != cell {
                next[d] += 1;
            }
            for h in &plane.starts[next[d]].1 {
                if let Some(h) = on_this_grid(w, h) {
                    out.push(h);
                }
            }
        }
    }
}

/// A kept hint as the pass over `w` gives it: a forcing chain ending "on" removes the
/// other digits `w` leaves its cell (none: no hint).
fn on_this_grid(w: &WorkGrid, h: &InnerHint) -> Option<InnerHint> {
    let target = Potential::from_index(h.chain[1] as usize);
    if h.chain[0] != 1 || !target.is_on() {
        return Some(h.clone());
    }
    let removes = chain_removals(w, target);
    if removes.is_empty() {
        return None;
    }
    let mut h = h.clone();
    h.removal_set = removes.clone();
    h.removes = removes;
    Some(h)
}

/// What a forcing chain to `target` removes on `w`: the target's candidate ("off"), or
/// the other digits of its cell ("on"), ascending.
fn chain_removals(w: &WorkGrid, target: Potential) -> Vec<Candidate> {
    let c = target.candidate();
    let cell = c.cell().index();
    if target.is_on() {
        (0..9)
            .filter(|&e| e != c.digit().index() && w.cands[cell] >> e & 1 != 0)
            .map(|e| Candidate::new(cell, e))
            .collect()
    } else {
        vec![c]
    }
}

/// The cycle closing at node `end`, with its removals on `w` (by every peer of the
/// rules, in their order: `rules`, else the classic peers); `None` when it removes
/// nothing.
fn cycle_hint(
    w: &WorkGrid,
    s: &FcScratch,
    rules: Option<&dyn NestedRules>,
    end: u32,
    pass: Pass,
) -> Option<InnerHint> {
    // The path from the closing "on" back to the start (the same potential, last).
    let path = s.tree.path(end);
    let body = &path[..path.len() - 1];
    let mut in_cycle = 0u128;
    for &(p, _) in body {
        in_cycle |= 1u128 << p.candidate().cell().index();
    }
    // What sees an "on" link's digit and an "off" link's digit, outside the cycle.
    let (mut forw, mut back): (Vec<Candidate>, Vec<Candidate>) = (Vec::new(), Vec::new());
    let (mut forw_set, mut back_set) = (CandSet::EMPTY, CandSet::EMPTY);
    for &(p, _) in body {
        let (cell, d) = (p.candidate().cell().index(), p.candidate().digit().index());
        let peers: &[u8] = match rules {
            Some(rules) => rules.peers(cell),
            None => &PEERS[cell],
        };
        for &o in peers {
            let o = o as usize;
            if in_cycle >> o & 1 == 0 && w.cands[o] >> d & 1 != 0 {
                let q = Candidate::new(o, d);
                if p.is_on() {
                    if !forw_set.has(q) {
                        forw_set.set(q);
                        forw.push(q);
                    }
                } else if !back_set.has(q) {
                    back_set.set(q);
                    back.push(q);
                }
            }
        }
    }
    // The removals in the forward chain's order, as Sukaku Explainer inserts them.
    let inserted: Vec<(usize, u16)> = forw
        .iter()
        .filter(|&&q| back_set.has(q))
        .map(|q| (q.cell().index(), 1 << q.digit().index()))
        .collect();
    if inserted.is_empty() {
        return None;
    }
    let removes = hash_order(&inserted);
    // Targets: the closing "on" (its ancestry: the body) and the reversed cycle (the
    // start's "off", then the body's potentials flipped from the start on, causes kept).
    let mut causes = Vec::new();
    let mut chain = vec![2u16, body[0].0.index() as u16, body.len() as u16];
    for &(p, cause) in body {
        chain.push(p.index() as u16);
        if p.is_on() && cause != NO_CAUSE {
            causes.push((p.candidate(), cause));
        }
    }
    let mut reversed: Vec<(Potential, u8)> = Vec::with_capacity(body.len());
    reversed.push((path[path.len() - 1].0.negated(), NO_CAUSE));
    for &(p, cause) in body[1..].iter().rev() {
        reversed.push((p.negated(), cause));
    }
    chain.push(reversed[0].0.index() as u16);
    chain.push(reversed.len() as u16);
    for &(p, cause) in &reversed {
        chain.push(p.index() as u16);
        if p.is_on() && cause != NO_CAUSE {
            causes.push((p.candidate(), cause));
        }
    }
    let complexity = body.len() as u32;
    let mut removal_set = removes.clone();
    removal_set.sort_unstable();
    Some(InnerHint {
        removes,
        removal_set,
        difficulty: pass.cycle_base + length_bonus(complexity),
        complexity,
        key: pass.key,
        kind: pass.cycle_kind,
        causes,
        chain,
    })
}

/// The forcing chain closing at node `end`, with its removals on `w` (none: the caller
/// drops it, or reads it again on another grid).
fn chain_hint(w: &WorkGrid, s: &FcScratch, end: u32, pass: Pass) -> InnerHint {
    let path = s.tree.path(end);
    let target = path[0].0;
    let removes = chain_removals(w, target);
    let mut causes = Vec::new();
    let mut chain = vec![1u16, target.index() as u16, path.len() as u16];
    for &(p, cause) in &path {
        chain.push(p.index() as u16);
        if p.is_on() && cause != NO_CAUSE {
            causes.push((p.candidate(), cause));
        }
    }
    let complexity = path.len() as u32;
    let mut removal_set = removes.clone();
    removal_set.sort_unstable();
    InnerHint {
        removes,
        removal_set,
        difficulty: pass.chain_base + length_bonus(complexity),
        complexity,
        key: pass.key,
        kind: pass.chain_kind,
        causes,
        chain,
    }
}
