//! Bidirectional cycles and forcing chains (6.5-7.0) under a variant's rules:
//! Sukaku Explainer's `doUnaryChaining` (`doCycles`, `doForcingChains`) over the
//! rules' groups, each hint offered in the order its result list holds them (X pass,
//! Y pass, XY pass; cells and digits ascending; a start's cycles, then its chains).
//! The classic producer (`chains::cycles`) finds the same hints by a faster road; this one
//! is what the rules need until that road takes them.
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

use super::graph::{PotGraph, ROOT};
use super::links::{RuledGrid, RuledLinks};
use super::pass_links::PassLinks;
use crate::logic::chains::best_hint::{BestHint, Rated};
use crate::logic::chains::cycles::{Pass, XY_PASS, X_PASS, Y_PASS};
use crate::logic::chains::difficulty::length_bonus;
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

/// Offers every cycle and forcing chain of `grid` under the rules to `best`, with the
/// shortcuts where `shortcuts` (the tests compare both ways).
pub(crate) fn search_with(
    grid: &RuledGrid,
    t: &VariantTables,
    links: &RuledLinks,
    both: &PassLinks,
    best: &mut BestHint,
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
    for l in passes {
        // The XY pass reads the links of both rules, made once for the position.
        let pass = if l.x && l.y {
            both
        } else {
            own.build(grid, links, l.y, l.x);
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
                from_start(grid, t, pass, l, c, &mut g, best, shortcuts);
            }
        }
    }
}

/// `doUnaryChaining` from candidate `c`: its cycles, then (with X links) the forcing
/// chains from its "on" and from its "off"; with `shortcuts`, only the searches that could
/// offer a hint `best` takes, each as far as its hints could.
#[allow(clippy::too_many_arguments)]
fn from_start(
    grid: &RuledGrid,
    t: &VariantTables,
    pass: &PassLinks,
    l: Links,
    c: Candidate,
    g: &mut PotGraph,
    best: &mut BestHint,
    shortcuts: bool,
) {
    // One graph serves every start of a search, cleared for each (its storage kept).
    g.clear();
    let on = Potential::new(c, true);
    // The deepest layer whose nodes could still make a hint worth taking.
    let (cycle_layers, chain_layers) = if shortcuts {
        (
            best.max_complexity(l.pass.cycle_base, l.pass.key),
            best.max_complexity(l.pass.chain_base, l.pass.key),
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
    for end in cycles {
        let complexity = g.ancestors(end);
        let d = l.pass.cycle_base + length_bonus(complexity);
        if !best.worth(d, complexity, l.pass.key) {
            continue;
        }
        // The path runs from the start round to the start: the cycle lists it once.
        let pots = g.path(end).split_off(1);
        let eliminations = cycle_eliminations(&grid.cands, t, &pots);
        best.offer_cycle(
            Rated::new(d, complexity, l.pass.key, l.pass.cycle_kind),
            eliminations,
            pots,
        );
    }
    for target in chains {
        let complexity = g.ancestors(target);
        let d = l.pass.chain_base + length_bonus(complexity);
        if best.worth(d, complexity, l.pass.key) {
            best.offer_target(
                Rated::new(d, complexity, l.pass.key, l.pass.chain_kind),
                &grid.cands,
                g.pot(target),
                g.path(target),
            );
        }
    }
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
