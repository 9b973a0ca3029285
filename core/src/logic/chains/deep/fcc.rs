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

use super::inner_hint::{InnerHint, CELL_CAUSE, NO_CAUSE};
use super::plain::plain;
use crate::grid::{PEERS, UNITS};
use crate::logic::chains::difficulty::length_bonus;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::nested::hash_order;
use crate::logic::chains::potential::*;
use crate::logic::chains::work_grid::*;

const NO_NODE: u32 = u32::MAX;

/// One potential of a search tree: its parent node and the rule that made it.
#[derive(Clone, Copy)]
struct Node {
    pot: u16,
    parent: u32,
    cause: u8,
}

/// Scratch of the cycle and forcing-chain searches (its size is bounded: see
/// [`MAX_NODES`]).
pub(super) struct FcScratch {
    nodes: Vec<Node>,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    cycles: Vec<u32>,
    chains: Vec<u32>,
    /// The "on"s and "off"s the last cycle search reached (everything reachable from its
    /// start).
    last_on: CandSet,
    last_off: CandSet,
    /// Per start of the current pass: the "on"s its cycle search reached, whether it
    /// reached the start's "off", and its cycle hints.
    is_start: CandSet,
    reach_on: Vec<CandSet>,
    off_reached: CandSet,
    starts: Vec<(u16, Vec<InnerHint>)>,
    /// The starts of the pass under way.
    start_list: Vec<u16>,
    /// The X pass's hints per digit and plane (the cells holding the digit), for the
    /// grids of later searches ([`x_pass_by_planes`]): at most [`PLANES_KEPT`] planes
    /// and [`PLANE_WORDS_KEPT`] words of hints.
    x_planes: std::collections::HashMap<(u8, u128), std::rc::Rc<XPlane>>,
    x_words: usize,
}

/// The search trees of one start (its cycles and its two forcing chains) hold at most
/// this many nodes: in each, every "on" is expanded once (729), into at most 28 "off"s,
/// and each "off" makes at most 4 "on" nodes.
pub(super) const MAX_NODES: usize = 3 * (NCAND * 28 * 5 + 1);

/// What "c on" turns off, with each rule's cause (the cell; the box, the row and the
/// column outside the box), in Sukaku Explainer's order.
fn on_to_off(w: &WorkGrid, c: u16, y: bool, mut f: impl FnMut(u16, u8)) {
    let (cell, d) = (cell_of(c), digit0_of(c));
    if y {
        let mut m = w.cands[cell] & !(1 << d);
        while m != 0 {
            let e = m.trailing_zeros() as usize;
            m &= m - 1;
            f(cand(cell, e), CELL_CAUSE);
        }
    }
    let [bu, ru, cu] = regions_of(cell);
    let (r, col) = (cell / 9, cell % 9);
    let mut m = w.places[bu][d] & !(1 << POS_IN[cell][0]);
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f(cand(UNITS[bu][i] as usize, d), bu as u8);
    }
    let mut m = w.places[ru][d] & !(0b111 << (col / 3 * 3));
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f(cand(UNITS[ru][i] as usize, d), ru as u8);
    }
    let mut m = w.places[cu][d] & !(0b111 << (r / 3 * 3));
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f(cand(UNITS[cu][i] as usize, d), cu as u8);
    }
}

/// What "c off" turns on: the cell rule (with `y`), the unit rules (with `x`).
fn off_to_on(w: &WorkGrid, c: u16, y: bool, x: bool, mut f: impl FnMut(u16, u8)) {
    let mut fired = [(0u16, 0u8); 4];
    let n = w.off_fires(c, y, &mut fired);
    for &(q, group) in &fired[..n] {
        if group == CELL_CAUSE || x {
            f(q, group);
        }
    }
}

impl Default for FcScratch {
    fn default() -> Self {
        FcScratch {
            nodes: Vec::new(),
            pend_on: Vec::new(),
            pend_off: Vec::new(),
            cycles: Vec::new(),
            chains: Vec::new(),
            last_on: CandSet::EMPTY,
            last_off: CandSet::EMPTY,
            is_start: CandSet::EMPTY,
            reach_on: vec![CandSet::EMPTY; NCAND],
            off_reached: CandSet::EMPTY,
            starts: Vec::new(),
            start_list: Vec::new(),
            x_planes: std::collections::HashMap::new(),
            x_words: 0,
        }
    }
}

impl FcScratch {
    /// Forgets the kept planes of the X pass.
    pub(super) fn forget(&mut self) {
        self.x_planes.clear();
        self.x_words = 0;
    }

    /// What node `id` (an "on") turns off, with each rule's cause: (list, length).
    fn offs_of(&self, w: &WorkGrid, id: u32, y: bool) -> ([(u16, u8); 28], usize) {
        let mut made = [(0u16, 0u8); 28];
        let mut n = 0;
        on_to_off(w, pot_cand(self.nodes[id as usize].pot), y, |q, cause| {
            made[n] = (q, cause);
            n += 1;
        });
        (made, n)
    }

    /// What node `id` (an "off") turns on, with each rule's cause: (list, length).
    fn ons_of(&self, w: &WorkGrid, id: u32, y: bool, x: bool) -> ([(u16, u8); 4], usize) {
        let mut made = [(0u16, 0u8); 4];
        let mut n = 0;
        off_to_on(
            w,
            pot_cand(self.nodes[id as usize].pot),
            y,
            x,
            |q, cause| {
                made[n] = (q, cause);
                n += 1;
            },
        );
        (made, n)
    }

    fn push(&mut self, pot: u16, parent: u32, cause: u8) -> u32 {
        debug_assert!(self.nodes.len() < MAX_NODES, "bounded search trees");
        self.nodes.push(Node { pot, parent, cause });
        (self.nodes.len() - 1) as u32
    }

    /// The cycles through "src on" (their closing nodes, into `cycles`).
    fn cycles_from(&mut self, w: &WorkGrid, src: u16, y: bool, x: bool) {
        let mut to_on = CandSet::EMPTY;
        let root = self.push(pot(src, true), NO_NODE, NO_CAUSE);
        to_on.set(src);
        self.pend_on.clear();
        self.pend_off.clear();
        self.pend_on.push(root);
        let mut length = 0;
        self.last_off.clear();
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            length += 1;
            let pend = std::mem::take(&mut self.pend_on);
            for &id in &pend {
                let (made, n) = self.offs_of(w, id, y);
                // The "off"s among the node's ancestors, read once for its children.
                let mut ancestors = CandSet::EMPTY;
                let mut a = self.nodes[id as usize].parent;
                while a != NO_NODE {
                    let node = self.nodes[a as usize];
                    if !pot_on(node.pot) {
                        ancestors.set(pot_cand(node.pot));
                    }
                    a = node.parent;
                }
                for &(q, cause) in &made[..n] {
                    self.last_off.set(q);
                    if !ancestors.has(q) {
                        let nid = self.push(pot(q, false), id, cause);
                        self.pend_off.push(nid);
                    }
                }
            }
            self.pend_on = pend;
            self.pend_on.clear();
            length += 1;
            let pend = std::mem::take(&mut self.pend_off);
            for &id in &pend {
                let (made, n) = self.ons_of(w, id, y, x);
                for &(q, cause) in &made[..n] {
                    let nid = self.push(pot(q, true), id, cause);
                    if length >= 4 && q == src {
                        self.cycles.push(nid);
                    }
                    if !to_on.has(q) {
                        to_on.set(q);
                        self.pend_on.push(nid);
                    }
                }
            }
            self.pend_off = pend;
            self.pend_off.clear();
        }
        self.last_on = to_on;
    }

    /// The forcing chain from `src` (a potential) to its other state, if any (its
    /// closing node, into `chains`).
    fn chain_from(&mut self, w: &WorkGrid, src: u16, y: bool) {
        let (mut to_on, mut to_off) = (CandSet::EMPTY, CandSet::EMPTY);
        let sc = pot_cand(src);
        let from_on = pot_on(src);
        let root = self.push(src, NO_NODE, NO_CAUSE);
        self.pend_on.clear();
        self.pend_off.clear();
        if from_on {
            to_on.set(sc);
            self.pend_on.push(root);
        } else {
            to_off.set(sc);
            self.pend_off.push(root);
        }
        let mut found = false;
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            let pend = std::mem::take(&mut self.pend_on);
            for &id in &pend {
                let (made, n) = self.offs_of(w, id, y);
                for &(q, cause) in &made[..n] {
                    let nid = self.push(pot(q, false), id, cause);
                    if from_on && q == sc && !found {
                        found = true;
                        self.chains.push(nid);
                    }
                    if !to_off.has(q) {
                        to_off.set(q);
                        self.pend_off.push(nid);
                    }
                }
            }
            self.pend_on = pend;
            self.pend_on.clear();
            let pend = std::mem::take(&mut self.pend_off);
            for &id in &pend {
                let (made, n) = self.ons_of(w, id, y, true);
                for &(q, cause) in &made[..n] {
                    let nid = self.push(pot(q, true), id, cause);
                    if !from_on && q == sc && !found {
                        found = true;
                        self.chains.push(nid);
                    }
                    if !to_on.has(q) {
                        to_on.set(q);
                        self.pend_on.push(nid);
                    }
                }
            }
            self.pend_off = pend;
            self.pend_off.clear();
        }
    }

    /// The path of node `id` up to its root: (potential, cause), the node first.
    fn path(&self, mut id: u32) -> Vec<(u16, u8)> {
        let mut out = Vec::new();
        while id != NO_NODE {
            let n = self.nodes[id as usize];
            out.push((n.pot, n.cause));
            id = n.parent;
        }
        out
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
fn grid_starts(w: &WorkGrid, pass: Pass, starts: &mut Vec<u16>) {
    starts.clear();
    for cell in 0..81 {
        let m = w.cands[cell];
        if !several(m) || (!pass.x && !pair(m)) {
            continue;
        }
        let mut ds = m;
        while ds != 0 {
            starts.push(cand(cell, ds.trailing_zeros() as usize));
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
    check: &mut dyn FnMut(),
    out: &mut Vec<InnerHint>,
) {
    let mut starts = std::mem::take(&mut s.start_list);
    if plain() {
        grid_starts(w, X_PASS, &mut starts);
        run_pass(w, s, check, X_PASS, &starts, &mut |_, h| {
            if !h.removes.is_empty() {
                out.push(h)
            }
        });
    } else {
        x_pass_by_planes(w, s, check, out);
    }
    for pass in [Y_PASS, XY_PASS] {
        grid_starts(w, pass, &mut starts);
        run_pass(w, s, check, pass, &starts, &mut |_, h| {
            if !h.removes.is_empty() {
                out.push(h)
            }
        });
    }
    s.start_list = starts;
}

/// Runs `pass` from each of `starts`, giving `emit` each start's hints in turn, with the
/// start (its cycles, then its forcing chains from "on" and from "off"), forcing chains that remove
/// nothing on `w` included (their removals are the target cell's other digits).
fn run_pass(
    w: &WorkGrid,
    s: &mut FcScratch,
    check: &mut dyn FnMut(),
    pass: Pass,
    starts: &[u16],
    emit: &mut dyn FnMut(u16, InnerHint),
) {
    let (y, x) = (pass.y, pass.x);
    for &c in starts {
        check();
        s.nodes.clear();
        s.cycles.clear();
        s.cycles_from(w, c, y, x);
        s.is_start.set(c);
        s.reach_on[c as usize] = s.last_on;
        s.off_reached.set_to(c, s.last_off.has(c));
        let mut hints = Vec::new();
        for i in 0..s.cycles.len() {
            if let Some(h) = cycle_hint(w, s, s.cycles[i], pass) {
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
        s.nodes.clear();
        s.chains.clear();
        if s.off_reached.has(c) || plain() {
            s.chain_from(w, pot(c, true), y);
        }
        let mut may = false;
        off_to_on(w, c, y, true, |q, _| {
            may |= plain() || !s.is_start.has(q) || s.reach_on[q as usize].has(c);
        });
        if may {
            s.chain_from(w, pot(c, false), y);
        }
        for i in 0..s.chains.len() {
            emit(c, chain_hint(w, s, s.chains[i], pass));
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
            starts.push(cand(rest.trailing_zeros() as usize, d));
            rest &= rest - 1;
        }
        let mut per_start: Vec<(u8, Vec<InnerHint>)> = starts
            .iter()
            .map(|&c| (cell_of(c) as u8, Vec::new()))
            .collect();
        let mut at = 0;
        let mut words = 0;
        // The starts' hints come start by start, in the starts' order.
        run_pass(w, s, check, X_PASS, &starts, &mut |from, h| {
            while starts[at] != from {
                at += 1;
            }
            words += words_of(&h);
            per_start[at].1.push(h);
        });
        let kept = std::rc::Rc::new(XPlane { starts: per_start });
        if s.x_planes.len() >= PLANES_KEPT || s.x_words + words > PLANE_WORDS_KEPT {
            s.forget();
        }
        s.x_words += words;
        s.x_planes
            .insert((d as u8, plane), std::rc::Rc::clone(&kept));
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
    let target = h.chain[1];
    if h.chain[0] != 1 || !pot_on(target) {
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
fn chain_removals(w: &WorkGrid, target: u16) -> Vec<u16> {
    let c = pot_cand(target);
    let cell = cell_of(c);
    if pot_on(target) {
        (0..9)
            .filter(|&e| e != digit0_of(c) && w.cands[cell] >> e & 1 != 0)
            .map(|e| cand(cell, e))
            .collect()
    } else {
        vec![c]
    }
}

fn cycle_hint(w: &WorkGrid, s: &FcScratch, end: u32, pass: Pass) -> Option<InnerHint> {
    // The path from the closing "on" back to the start (the same potential, last).
    let path = s.path(end);
    let body = &path[..path.len() - 1];
    let mut in_cycle = 0u128;
    for &(p, _) in body {
        in_cycle |= 1u128 << cell_of(pot_cand(p));
    }
    // What sees an "on" link's digit and an "off" link's digit, outside the cycle.
    let (mut forw, mut back): (Vec<u16>, Vec<u16>) = (Vec::new(), Vec::new());
    let (mut forw_set, mut back_set) = (CandSet::EMPTY, CandSet::EMPTY);
    for &(p, _) in body {
        let (cell, d) = (cell_of(pot_cand(p)), digit0_of(pot_cand(p)));
        for &o in &PEERS[cell] {
            let o = o as usize;
            if in_cycle >> o & 1 == 0 && w.cands[o] >> d & 1 != 0 {
                let q = cand(o, d);
                if pot_on(p) {
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
    let mut by_cell: Vec<(usize, u16)> = Vec::new();
    for &q in forw.iter().filter(|&&q| back_set.has(q)) {
        let cell = cell_of(q);
        match by_cell.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, m)) => *m |= 1 << digit0_of(q),
            None => by_cell.push((cell, 1 << digit0_of(q))),
        }
    }
    if by_cell.is_empty() {
        return None;
    }
    let removes = hash_order(&mut by_cell);
    // Targets: the closing "on" (its ancestry: the body) and the reversed cycle (the
    // start's "off", then the body's potentials flipped from the start on, causes kept).
    let mut causes = Vec::new();
    let mut chain = vec![2u16, body[0].0, body.len() as u16];
    for &(p, cause) in body {
        chain.push(p);
        if pot_on(p) && cause != NO_CAUSE {
            causes.push((pot_cand(p), cause));
        }
    }
    let mut reversed: Vec<(u16, u8)> = Vec::with_capacity(body.len());
    reversed.push((path[path.len() - 1].0 ^ 1, NO_CAUSE));
    for &(p, cause) in body[1..].iter().rev() {
        reversed.push((p ^ 1, cause));
    }
    chain.push(reversed[0].0);
    chain.push(reversed.len() as u16);
    for &(p, cause) in &reversed {
        chain.push(p);
        if pot_on(p) && cause != NO_CAUSE {
            causes.push((pot_cand(p), cause));
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
    let path = s.path(end);
    let target = path[0].0;
    let removes = chain_removals(w, target);
    let mut causes = Vec::new();
    let mut chain = vec![1u16, target, path.len() as u16];
    for &(p, cause) in &path {
        chain.push(p);
        if pot_on(p) && cause != NO_CAUSE {
            causes.push((pot_cand(p), cause));
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
