//! Bidirectional cycles and forcing chains (6.5-7.0) under a variant's rules:
//! Sukaku Explainer's `doUnaryChaining` (`doCycles`, `doForcingChains`) over the
//! rules' groups, each hint offered in the order its result list holds them (X pass,
//! Y pass, XY pass; cells and digits ascending; a start's cycles, then its chains).
//! The classic producer (`chains::cycles`) finds the same hints by a faster road, and
//! takes them where the rules' links are the classic ones (with the rules' peers:
//! `cycles::search_under`); this one is what the other rules need until that road takes
//! them.
//!
//! Two shortcuts leave out searches that could offer nothing `best` would take, and
//! change no hint (a test compares them with the plain way):
//! - a pass lists its links once ([`PassLinks`]), and a start alone in its component
//!   looks for no cycle, a start whose opposite no walk reaches for no forcing chain
//!   (what such a search would find is a walk the components rule out); a search makes
//!   only the potentials that reach its end (the start "on" for cycles, the start's
//!   opposite for chains): the others lie on no path to it, and leaving them out changes
//!   neither the order in which the others are made nor their parents, since each
//!   potential's parent reaches the end too;
//! - a search stops at the layer past which no hint could beat the best one: a node
//!   `k` links from its start rests on at least `k` distinct potentials (the nodes of
//!   its path, each potential once but for a cycle's start and end), a hint's rating
//!   grows with its complexity, and one no better than the best is not taken (only a
//!   strictly better hint replaces it, so one not worth taking now never will be).
//!
//! A third skips whole searches that found nothing at an earlier call under the same
//! rules, where what they read is unchanged ([`FruitlessPasses`], kept with the rules'
//! tables; a test compares paths with the memo warm and cold).

use super::graph::{PotGraph, ROOT};
use super::inner::{proved_removals, NestedHint, Sink, NO_CAUSE};
use super::links::{RuledGrid, RuledLinks, CELL_RULE};
use super::pass_links::PassLinks;
use crate::logic::chains::best_hint::Rated;
use crate::logic::chains::cycles::{Pass, XY_PASS, X_PASS, Y_PASS};
use crate::logic::chains::difficulty::length_bonus;
use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::level1::hash_order;
use crate::logic::geometry::cells_of;
use crate::logic::primitives::*;
use crate::logic::rules::VariantTables;
use std::collections::VecDeque;

/// Which links a pass uses: the cell rule (Y links) and the region rule (X links).
#[derive(Clone, Copy)]
struct Links {
    y: bool,
    x: bool,
    pass: Pass,
}

impl Links {
    /// The X pass (the region rule alone).
    fn is_x(self) -> bool {
        self.x && !self.y
    }

    /// The Y pass (the cell rule alone).
    fn is_y(self) -> bool {
        self.y && !self.x
    }
}

/// Offers every cycle and forcing chain of `grid` under the rules to `sink`, with the
/// shortcuts where `shortcuts` (the tests compare both ways).
pub(crate) fn search_with(
    grid: &RuledGrid,
    t: &VariantTables,
    links: &RuledLinks,
    both: &PassLinks,
    mut sink: Sink,
    check: &mut dyn FnMut(),
    shortcuts: bool,
) {
    let passes = [
        Links {
            y: false,
            x: true,
            pass: X_PASS,
        },
        Links {
            y: true,
            x: false,
            pass: Y_PASS,
        },
        Links {
            y: true,
            x: true,
            pass: XY_PASS,
        },
    ];
    let mut g = PotGraph::default();
    let mut own = PassLinks::default();
    let keys = PassKeys::of(&grid.cands);
    t.memos().with(|memo: &mut FruitlessPasses| {
        // Where the memo says a search finds nothing, it is skipped (with `shortcuts`).
        let known = |d: usize| shortcuts && memo.x[d] == Some(keys.x[d]);
        let x_known: [bool; 9] = std::array::from_fn(known);
        let y_known = shortcuts
            && memo
                .y
                .as_ref()
                .is_some_and(|r| r.holds_on(&keys.bivalue, &grid.cands));
        // Per digit, its X pass's searches ran unbounded and found nothing.
        let mut x_fruitless = [true; 9];
        for l in passes {
            // The digits this pass searches (the X pass: those the memo does not know).
            let digits = (0..9)
                .filter(|&d| !(l.is_x() && x_known[d]))
                .fold(0u16, |m, d| m | 1 << d);
            if digits == 0 || (l.is_y() && y_known) {
                continue;
            }
            let y_unbounded = !sink.bounds();
            let taken = sink.taken();
            // The XY pass reads the links of both rules, made once for the position.
            let pass = if l.x && l.y {
                both
            } else {
                own.build_within(both, grid, l.is_x(), digits);
                &own
            };
            for cell in 0..81 {
                let cands = grid.cands[cell];
                if !several(cands) || (!l.x && !pair(cands)) {
                    // Y-cycles start only from a bivalue cell.
                    continue;
                }
                check();
                let mut m = cands;
                while m != 0 {
                    let c = Candidate::new(cell, m.trailing_zeros() as usize);
                    m &= m - 1;
                    if digits >> c.digit().index() & 1 == 0 {
                        continue;
                    }
                    let unbounded = !sink.bounds();
                    let road = (t, links, pass, shortcuts);
                    let found = from_start(grid, road, l, c, &mut g, &mut sink);
                    if l.is_x() {
                        x_fruitless[c.digit().index()] &= unbounded && !found;
                    }
                }
            }
            if l.is_x() {
                for d in (0..9).filter(|&d| !x_known[d] && x_fruitless[d]) {
                    memo.x[d] = Some(keys.x[d]);
                }
            } else if l.is_y() && y_unbounded && sink.taken() == taken {
                memo.y = Some(Box::new(YPassRecord {
                    bivalue: keys.bivalue,
                    grid: grid.cands,
                }));
            }
        }
    });
}

/// What the X and Y passes of earlier calls under these rules learnt: where their
/// searches, all unbounded (no best hint yet), found nothing. Kept with the rules'
/// tables (`memo::ruled::TypedMemos`); a record says "nothing" only where that is
/// exact, so no step depends on it:
/// - X pass, per digit: its links join places of one digit, and its searches from that
///   digit's candidates (in the cells with other candidates too) read nothing but the
///   digit's places and the rules (the rules' groups; a cycle's removals are places of
///   the digit seen by every peer). With the same places and starts they find the same
///   cycles and chains, or, cut shorter by a best hint, some of them: again none (no
///   chain, no cycle that removes anything).
/// - Y pass: its graph is made of the bivalue cells' candidates (an "off" elsewhere turns
///   nothing on), from which alone it starts, and it looks for cycles only. With the same
///   bivalue cells it finds the same cycles (or some of them); a cycle's removals are
///   candidates of the grid that see it, so on a grid within the recorded one (no cell
///   with a candidate it did not have) they are among those it had there: none.
///
/// Memory: 9 pairs of cell sets and two grids.
#[derive(Default)]
struct FruitlessPasses {
    x: [Option<(u128, u128)>; 9],
    y: Option<Box<YPassRecord>>,
}

/// A Y pass that found nothing: the bivalue cells then, and the grid.
struct YPassRecord {
    bivalue: [u16; 81],
    grid: [u16; 81],
}

impl YPassRecord {
    /// True when a Y pass with these bivalue cells on `grid` finds nothing, as the one
    /// recorded did.
    fn holds_on(&self, bivalue: &[u16; 81], grid: &[u16; 81]) -> bool {
        self.bivalue == *bivalue
            && grid
                .iter()
                .zip(&self.grid)
                .all(|(&now, &then)| now & !then == 0)
    }
}

/// What the memo's records are compared with: per digit its places and the places in
/// cells with other candidates too (the X pass's starts), and the bivalue cells.
struct PassKeys {
    x: [(u128, u128); 9],
    bivalue: [u16; 81],
}

impl PassKeys {
    fn of(grid: &[u16; 81]) -> PassKeys {
        let mut keys = PassKeys {
            x: [(0, 0); 9],
            bivalue: [0; 81],
        };
        for (cell, &cands) in grid.iter().enumerate() {
            if pair(cands) {
                keys.bivalue[cell] = cands;
            }
            let mut m = cands;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                keys.x[d].0 |= 1 << cell;
                if several(cands) {
                    keys.x[d].1 |= 1 << cell;
                }
            }
        }
        keys
    }
}

/// `doUnaryChaining` from candidate `c`: its cycles, then (with X links) the forcing
/// chains from its "on" and from its "off"; with `shortcuts`, only the searches that could
/// offer a hint `sink` takes, each as far as its hints could. True when it found a chain,
/// or a cycle that removes something and was offered (with no best hint before it, the
/// first such cycle is taken): false from a search without bounds means it found nothing.
fn from_start(
    grid: &RuledGrid,
    (t, links, pass, shortcuts): (&VariantTables, &RuledLinks, &PassLinks, bool),
    l: Links,
    c: Candidate,
    g: &mut PotGraph,
    sink: &mut Sink,
) -> bool {
    // One graph serves every start of a search, cleared for each (its storage kept).
    g.clear();
    let on = Potential::new(c, true);
    // The deepest layer whose nodes could still make a hint worth taking.
    let (cycle_layers, chain_layers) = if shortcuts {
        (
            sink.max_complexity(l.pass.cycle_base, l.pass.key),
            sink.max_complexity(l.pass.chain_base, l.pass.key),
        )
    } else {
        (u32::MAX, u32::MAX)
    };
    let cycles = if !shortcuts || (cycle_layers >= 4 && pass.on_cycle(on)) {
        cycles_from(pass, c, g, cycle_layers, shortcuts)
    } else {
        Vec::new()
    };
    let mut chains = Vec::new();
    if l.x {
        for start in [on, on.negated()] {
            if !shortcuts || pass.reaches(start, start.negated()) {
                chains_from(pass, start, g, &mut chains, (chain_layers, shortcuts));
            }
        }
    }
    let mut found = !chains.is_empty();
    for end in cycles {
        let complexity = g.ancestors(end);
        let d = l.pass.cycle_base + length_bonus(complexity);
        let rated = Rated::new(d, complexity, l.pass.key, l.pass.cycle_kind);
        match sink {
            Sink::Best(best) if best.worth(d, complexity, l.pass.key) => {
                // The path runs from the start round to the start: the cycle lists it once.
                let pots = g.path(end).split_off(1);
                let eliminations = cycle_eliminations(&grid.cands, t, &pots);
                found |= !eliminations.is_empty();
                best.offer_cycle(rated, eliminations, pots);
            }
            Sink::Best(_) => {}
            Sink::All(list) => {
                let rating = (l.pass.cycle_base, complexity, l.pass.key, l.pass.cycle_kind);
                let hint = cycle_hint(grid, (t, links), g, end, rating);
                found |= hint.is_some();
                list.extend(hint);
            }
        }
    }
    for target in chains {
        let complexity = g.ancestors(target);
        let d = l.pass.chain_base + length_bonus(complexity);
        let rated = Rated::new(d, complexity, l.pass.key, l.pass.chain_kind);
        match sink {
            Sink::Best(best) if best.worth(d, complexity, l.pass.key) => {
                best.offer_target(rated, &grid.cands, g.pot(target), g.path(target));
            }
            Sink::Best(_) => {}
            Sink::All(list) => {
                let rating = (l.pass.chain_base, complexity, l.pass.key, l.pass.chain_kind);
                list.extend(chain_hint(grid, links, g, target, rating));
            }
        }
    }
    found
}

/// The rule of a static link from `from` to `to` on `grid` (links in Sukaku Explainer's
/// order, `RuledLinks::on_to_off` and `off_to_on`): the cell rule within a cell, else the
/// first group of `from`'s cell in type order that lists `to`: for an "off" the first
/// group holding its cell, for an "on" the first where its cell is the digit's only
/// other place.
fn link_cause(grid: &RuledGrid, links: &RuledLinks, from: Potential, to: Potential) -> u8 {
    let (a, b) = (
        from.candidate().cell().index(),
        to.candidate().cell().index(),
    );
    if a == b {
        return CELL_RULE;
    }
    let d = to.candidate().digit().index();
    let lists = |slot: usize| {
        let cells = links.cells_of(slot);
        let Some(at) = cells.iter().position(|&o| usize::from(o) == b) else {
            return false;
        };
        if to.is_on() {
            let from_at = cells.iter().position(|&o| usize::from(o) == a);
            let others = links.places(grid, slot, d) & !from_at.map_or(0, |i| 1 << i);
            others == 1 << at
        } else {
            true
        }
    };
    links
        .groups_of(a)
        .iter()
        .map(|&slot| usize::from(slot))
        .find(|&slot| lists(slot))
        .map_or(NO_CAUSE, |slot| slot as u8)
}

/// A path's potentials from node `end` back to its root, each with the rule that made it
/// from its parent (`NO_CAUSE` for the root).
fn path_with_causes(
    grid: &RuledGrid,
    links: &RuledLinks,
    g: &PotGraph,
    end: u32,
) -> Vec<(Potential, u8)> {
    let path = g.path(end);
    let mut out = Vec::with_capacity(path.len());
    for (i, &p) in path.iter().enumerate().rev() {
        let cause = match i {
            0 => NO_CAUSE,
            _ => link_cause(grid, links, path[i - 1], p),
        };
        out.push((p, cause));
    }
    out
}

/// Appends a chain's potentials to `chain` (its numbers: the potential, the length,
/// then each potential) and the causes of its rules' "on"s to `causes`.
fn record(pots: &[(Potential, u8)], chain: &mut Vec<u16>, causes: &mut Vec<(Candidate, u8)>) {
    chain.push(pots[0].0.index() as u16);
    chain.push(pots.len() as u16);
    for &(p, cause) in pots {
        chain.push(p.index() as u16);
        if p.is_on() && cause != NO_CAUSE {
            causes.push((p.candidate(), cause));
        }
    }
}

/// The forcing chain ending at node `end` as a nested rule keeps it (`None`: it
/// removes nothing).
fn chain_hint(
    grid: &RuledGrid,
    links: &RuledLinks,
    g: &PotGraph,
    end: u32,
    rating: (f64, u32, u8, ChainKind),
) -> Option<NestedHint> {
    let path = path_with_causes(grid, links, g, end);
    let (mut chain, mut causes) = (vec![1u16], Vec::new());
    record(&path, &mut chain, &mut causes);
    let removes = proved_removals(&grid.cands, g.pot(end));
    NestedHint::new(removes, rating, causes, chain)
}

/// The cycle closing at node `end` as a nested rule keeps it (`None`: it removes
/// nothing): its removals by every peer in Sukaku Explainer's order of visible cells,
/// inserted in the order of the chain from its end back (as `createCycleHint` inserts
/// them into its hash map); its targets the closing "on" and the reversed cycle (the
/// start's "off", then the body flipped from the start on, the causes kept).
fn cycle_hint(
    grid: &RuledGrid,
    (t, links): (&VariantTables, &RuledLinks),
    g: &PotGraph,
    end: u32,
    rating: (f64, u32, u8, ChainKind),
) -> Option<NestedHint> {
    let path = path_with_causes(grid, links, g, end);
    let body = &path[..path.len() - 1];
    let in_cycle = body.iter().fold(0u128, |m, &(p, _)| {
        m | 1u128 << p.candidate().cell().index()
    });
    let (mut forward, mut back_set) = (Vec::new(), CandSet::EMPTY);
    let mut forward_set = CandSet::EMPTY;
    for &(p, _) in body {
        let d = p.candidate().digit().index();
        for &o in t.peer_order(p.candidate().cell().index()) {
            let o = usize::from(o);
            if in_cycle >> o & 1 != 0 || grid.cands[o] >> d & 1 == 0 {
                continue;
            }
            let q = Candidate::new(o, d);
            if !p.is_on() {
                back_set.set(q);
            } else if !forward_set.has(q) {
                forward_set.set(q);
                forward.push(q);
            }
        }
    }
    let inserted: Vec<(usize, u16)> = forward
        .iter()
        .filter(|&&q| back_set.has(q))
        .map(|q| (q.cell().index(), 1 << q.digit().index()))
        .collect();
    let removes = hash_order(&inserted);
    let (mut chain, mut causes) = (vec![2u16], Vec::new());
    record(body, &mut chain, &mut causes);
    let mut reversed = vec![(path[path.len() - 1].0.negated(), NO_CAUSE)];
    reversed.extend(
        body[1..]
            .iter()
            .rev()
            .map(|&(p, cause)| (p.negated(), cause)),
    );
    record(&reversed, &mut chain, &mut causes);
    NestedHint::new(removes, rating, causes, chain)
}

/// `doCycles` from `c` "on": breadth first by layers (every pending "on", then every
/// pending "off"); an "off" is made again for each "on" that turns it off and is not
/// its ancestor, an "on" once. Returns the nodes where a layer of 4 links or more came
/// back to `c` "on", up to layer `max_layer`; with `shortcuts`, only the potentials that
/// reach `c` "on".
fn cycles_from(
    pass: &PassLinks,
    c: Candidate,
    g: &mut PotGraph,
    max_layer: u32,
    shortcuts: bool,
) -> Vec<u32> {
    let source = Potential::new(c, true);
    let mut on = CandSet::EMPTY;
    on.set(c);
    let mut pending_on = VecDeque::from([g.push(source, ROOT)]);
    let mut pending_off = VecDeque::new();
    let mut cycles = Vec::new();
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        if length > max_layer {
            break;
        }
        while let Some(n) = pending_on.pop_front() {
            for &q in pass.of(g.pot(n)) {
                let p = Potential::new(q, false);
                if shortcuts && !pass.reaches(p, source) {
                    continue;
                }
                if !g.has_ancestor(n, p) {
                    pending_off.push_back(g.push(p, &[n]));
                }
            }
        }
        length += 1;
        if length > max_layer {
            break;
        }
        while let Some(n) = pending_off.pop_front() {
            for &q in pass.of(g.pot(n)) {
                if shortcuts && !pass.reaches(Potential::new(q, true), source) {
                    continue;
                }
                let node = g.push(Potential::new(q, true), &[n]);
                if length >= 4 && q == c {
                    cycles.push(node);
                }
                if !on.has(q) {
                    on.set(q);
                    pending_on.push_back(node);
                }
            }
        }
    }
    cycles
}

/// `doForcingChains` from `start` (an "on" or an "off"), breadth first by layers; each
/// potential once. Pushes onto `chains` the nodes where the chain reached `start`'s
/// opposite (each opposite once), up to layer `max_layer`; with `shortcuts`, only the
/// potentials that reach that opposite.
fn chains_from(
    pass: &PassLinks,
    start: Potential,
    g: &mut PotGraph,
    chains: &mut Vec<u32>,
    (max_layer, shortcuts): (u32, bool),
) {
    let end = start.negated();
    let (mut on, mut off) = (CandSet::EMPTY, CandSet::EMPTY);
    let root = g.push(start, ROOT);
    let (mut pending_on, mut pending_off) = (VecDeque::new(), VecDeque::new());
    if start.is_on() {
        on.set(start.candidate());
        pending_on.push_back(root);
    } else {
        off.set(start.candidate());
        pending_off.push_back(root);
    }
    let mut found = CandSet::EMPTY;
    // The layer of the nodes the next non-empty batch makes.
    let mut layer = 1;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        if !pending_on.is_empty() {
            if layer > max_layer {
                break;
            }
            layer += 1;
        }
        while let Some(n) = pending_on.pop_front() {
            for &q in pass.of(g.pot(n)) {
                if shortcuts && !pass.reaches(Potential::new(q, false), end) {
                    continue;
                }
                let node = g.push(Potential::new(q, false), &[n]);
                if start == Potential::new(q, true) && !found.has(q) {
                    found.set(q);
                    chains.push(node);
                }
                if !off.has(q) {
                    off.set(q);
                    pending_off.push_back(node);
                }
            }
        }
        if !pending_off.is_empty() {
            if layer > max_layer {
                break;
            }
            layer += 1;
        }
        while let Some(n) = pending_off.pop_front() {
            for &q in pass.of(g.pot(n)) {
                if shortcuts && !pass.reaches(Potential::new(q, true), end) {
                    continue;
                }
                let node = g.push(Potential::new(q, true), &[n]);
                if start == Potential::new(q, false) && !found.has(q) {
                    found.set(q);
                    chains.push(node);
                }
                if !on.has(q) {
                    on.set(q);
                    pending_on.push_back(node);
                }
            }
        }
    }
}

/// The candidates a cycle removes (Sukaku Explainer's `createCycleHint`): outside the
/// cycle's cells, those that see, by every peer of the rules (knight's moves and king's
/// steps too), both an "on" and an "off" potential of the cycle (`chain`) with their
/// digit.
fn cycle_eliminations(grid: &[u16; 81], t: &VariantTables, chain: &[Potential]) -> Vec<Candidate> {
    let cells = chain
        .iter()
        .fold(0u128, |m, p| m | 1u128 << p.candidate().cell().index());
    let (mut forward, mut back) = (CandSet::EMPTY, CandSet::EMPTY);
    for p in chain {
        let d = p.candidate().digit().index();
        for o in cells_of(t.peers(p.candidate().cell().index()) & !cells) {
            if grid[o] >> d & 1 != 0 {
                let side = if p.is_on() { &mut forward } else { &mut back };
                side.set(Candidate::new(o, d));
            }
        }
    }
    forward.intersect(&back);
    let mut out = Vec::new();
    each(&forward, |c| out.push(c));
    out
}
