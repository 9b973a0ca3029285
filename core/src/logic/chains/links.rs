//! The links of a chain step made of propagations (nishio, cell and region forcing
//! chains, static and dynamic, contradictions, double forcing chains, dynamic (+) and
//! deeper nesting): what a picture draws as arrows.
//!
//! Each chain of the hint runs from an assumption to a conclusion: a contradiction's
//! two chains from its assumption to the candidate found both on and off, a double
//! forcing chain's from "on" and from "off" of its candidate to the target, a cell's
//! from each of its digits, a region's from each place of its digit. The links are
//! read from the propagation's parents, walking back from each conclusion, as Sukaku
//! Explainer draws a chain (its `ChainingHint.getLinks`): a link from every parent of
//! every potential the conclusion rests on, when that potential has at most
//! [`MAX_PARENTS_DRAWN`] parents (more are the rule parents of a nested rule, which
//! would only clutter the picture). Unlike Sukaku Explainer, the main parent (the one
//! that fired the rule) is drawn in any case, so that every chain is an unbroken path of
//! arrows from its assumption to its conclusion; the walk goes on only through the
//! parents drawn. A potential turned on in a dynamic chain has, besides its main
//! parent, the candidates the chain removed before from its cell or unit (its hidden
//! parents), so the arrows into it show why it is the last one left.
//!
//! The search keeps no propagation: [`hint_links`], called by `chains::find_with_links`
//! (never by `find`, which the ladder calls to rate: rating pays nothing for links), runs
//! again, once, the propagation of each assumption of the best hint only, after the
//! search. A propagation depends only on the grid, the assumption and the mode
//! (`Propagation::propagate` is deterministic), so it is the one the search made or
//! could have made for that hint, with the same parents; the test
//! `chain_steps_carry_the_links_of_their_propagations` checks that the
//! potentials reached from the conclusions are as many as the step's rating counts.
//!
//! A chain's links come in order from its assumption towards its conclusion (the
//! reverse of the walk back), the chains one after the other, each link once. At most
//! [`MAX_LINKS`] are given (a picture's bound; never reached in practice: a hint rests
//! on a few dozen potentials).

use super::best_hint::{marked, HintShape};
use super::propagation::{Mode, Propagation};
use super::work_grid::WorkGrid;
use crate::logic::primitives::*;
use crate::logic::step::Link;
use std::collections::HashSet;

/// A potential with more parents than this has only its main parent drawn.
pub const MAX_PARENTS_DRAWN: usize = 6;

/// The most links a step carries (what a picture draws at most: one per potential).
pub const MAX_LINKS: usize = NPOT;

/// The chains of a hint as (assumption, conclusion) potentials, grouped by assumption
/// (a contradiction's two chains share theirs). Empty for cycles and single forcing
/// chains, whose links the hint carries itself.
pub(crate) fn chains_of(
    grid: &[u16; 81],
    shape: &HintShape,
    target: Option<Potential>,
) -> Vec<(Potential, Potential)> {
    chains_of_in(grid, shape, target, &|u| crate::grid::UNITS[u])
}

/// [`chains_of`] where a region hint's unit `u` holds the cells `unit_cells(u)` (in its
/// order): a variant's groups under rules.
pub(crate) fn chains_of_in(
    grid: &[u16; 81],
    shape: &HintShape,
    target: Option<Potential>,
    unit_cells: &dyn Fn(usize) -> [u8; 9],
) -> Vec<(Potential, Potential)> {
    let on = |cell: usize, d: usize| Potential::new(Candidate::new(cell, d), true);
    match (shape, target) {
        (HintShape::Contradiction { source, both }, _) => {
            vec![
                (*source, Potential::new(*both, true)),
                (*source, Potential::new(*both, false)),
            ]
        }
        (HintShape::Double { source }, Some(t)) => {
            vec![
                (Potential::new(*source, true), t),
                (Potential::new(*source, false), t),
            ]
        }
        (HintShape::Cell { cell }, Some(t)) => {
            let cell = cell.index();
            (0..9)
                .filter(|&d| grid[cell] >> d & 1 != 0)
                .map(|d| (on(cell, d), t))
                .collect()
        }
        (HintShape::Region { unit, digit }, Some(t)) => {
            let d = digit.index();
            unit_cells(usize::from(*unit))
                .iter()
                .map(|&cell| cell as usize)
                .filter(|&cell| grid[cell] >> d & 1 != 0)
                .map(|cell| (on(cell, d), t))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The links of the hint of `shape` proving `target` (None for a cycle) on `grid`,
/// found by a search in `mode`: each of its chains from its assumption to its
/// conclusion (see the module's documentation).
pub(crate) fn hint_links(
    grid: &[u16; 81],
    mode: Mode,
    shape: &HintShape,
    target: Option<Potential>,
) -> Vec<Link> {
    let chains = chains_of(grid, shape, target);
    if chains.is_empty() {
        return Vec::new();
    }
    let board = WorkGrid::new(grid);
    let mut run = Box::<Propagation>::default();
    links_of_chains(&chains, &mut *run, |run: &mut Propagation, start| {
        run.propagate(&board, start, mode)
    })
}

/// A propagation whose parents can be walked: what the links are read from.
pub(crate) trait Parents {
    /// True when the run reached potential `p`.
    fn reached(&self, p: Potential) -> bool;
    /// The parents of potential `p` (reached): the main one first.
    fn parents(&self, p: Potential) -> &[Potential];
}

impl Parents for Propagation {
    fn reached(&self, p: Potential) -> bool {
        Propagation::reached(self, p)
    }
    fn parents(&self, p: Potential) -> &[Potential] {
        Propagation::parents(self, p)
    }
}

/// The links of `chains` ((assumption, conclusion) pairs, grouped by assumption), each
/// read from `run` once `propagate` has propagated its assumption there (called once per
/// assumption, in order): each link once, in order, at most [`MAX_LINKS`].
pub(crate) fn links_of_chains<R: Parents + ?Sized>(
    chains: &[(Potential, Potential)],
    run: &mut R,
    mut propagate: impl FnMut(&mut R, Potential),
) -> Vec<Link> {
    let mut links: Vec<Link> = Vec::new();
    let mut seen: HashSet<(Potential, Potential)> = HashSet::new();
    let mut i = 0;
    while i < chains.len() {
        let start = chains[i].0;
        propagate(run, start);
        while i < chains.len() && chains[i].0 == start {
            for (parent, child) in chain_links(&*run, chains[i].1) {
                if links.len() == MAX_LINKS {
                    return links;
                }
                if seen.insert((parent, child)) {
                    links.push(link(parent, child));
                }
            }
            i += 1;
        }
    }
    links
}

/// The parents drawn for potential `p` of `run`: all of them when they are at most
/// [`MAX_PARENTS_DRAWN`], else the main one.
pub(crate) fn drawn_parents<R: Parents + ?Sized>(run: &R, p: Potential) -> &[Potential] {
    let parents = run.parents(p);
    if parents.len() > MAX_PARENTS_DRAWN {
        &parents[..1]
    } else {
        parents
    }
}

/// The links of one chain of `run` ending at `end` (a potential it reached), as
/// (parent, child) potentials: a breadth-first walk back from `end` through the parents
/// drawn, then the links into each potential met, the last met first.
pub(crate) fn chain_links<R: Parents + ?Sized>(
    run: &R,
    end: Potential,
) -> Vec<(Potential, Potential)> {
    if !run.reached(end) {
        return Vec::new();
    }
    let mut visited = [0u64; NPOT.div_ceil(64)];
    let mut met: Vec<Potential> = vec![end];
    visited[end.index() >> 6] |= 1 << (end.index() & 63);
    let mut i = 0;
    while i < met.len() {
        let p = met[i];
        i += 1;
        for &q in drawn_parents(run, p) {
            if visited[q.index() >> 6] >> (q.index() & 63) & 1 == 0 {
                visited[q.index() >> 6] |= 1 << (q.index() & 63);
                met.push(q);
            }
        }
    }
    met.iter()
        .rev()
        .flat_map(|&p| drawn_parents(run, p).iter().map(move |&q| (q, p)))
        .collect()
}

/// A link into `child`: strong into an "on" (its parent "off" makes it true), weak into
/// an "off".
fn link(parent: Potential, child: Potential) -> Link {
    let candidate = |p: Potential| marked(p.candidate());
    Link {
        from: candidate(parent),
        to: candidate(child),
        strong: child.is_on(),
    }
}

#[cfg(test)]
mod tests;
