//! The links of a nested chain step (levels 2, 3 and 4): what a picture draws as arrows,
//! read as `chains::links` reads those of the other chain steps (the same chains of a
//! hint, the same walk back through the parents drawn, the same bounds), from the outer
//! propagations of the hint's assumptions.
//!
//! The search keeps no propagation: [`hint_links`], called by `chains::find_with_links`
//! once the search is over (never by `find`, which the ladder calls to rate: rating pays
//! nothing for links), propagates again each assumption of the best hint only, with
//! [`DeepRun::propagate`] and the nested rules of the producer that found the hint
//! ([`Nest`] of its level and, for level 4, its nesting limit), on the grid of the
//! search. That is the propagation the search made for the hint: the search
//! (`search::multiple_search`) propagates every assumption of the producer `p` with
//! `DeepRun::propagate(board, start, true, Some(nest))`, `nest` being the rules of
//! `p.level` and `p.limit` with the scratch of the deeper nesting depths, and that
//! propagation depends only on the grid, the assumption and those rules: the nested
//! rules give on a grid the hints they would give on it in any search (what they keep,
//! level-1 hints and inner rules' hint lists per grid, is exact: `levels2to4`'s
//! documentation), and the inner searches start afresh at every call (their kept
//! propagations are forgotten at each start). So the parents read here are the
//! search's, and the potentials the conclusions rest on are those the rating counted:
//! the test `nested_steps_carry_the_links_of_their_outer_propagations` checks it.
//!
//! An "off" a nested rule added has as parents the rule parents of the hint that made
//! it (the candidates the outer chain removed in the cells and units the inner chain
//! needed): drawn as links from those "off"s when they are at most
//! `links::MAX_PARENTS_DRAWN`, else from the first only, like any potential. The inner
//! chains themselves are not drawn (the step's explanation names them).

use super::run::DeepRun;
use super::search::{DepthScratch, Nest, Producer};
use crate::logic::chains::best_hint::HintShape;
use crate::logic::chains::links::{chains_of, links_of_chains, Parents};
use crate::logic::chains::nested_rules::NestedRules;
use crate::logic::chains::work_grid::WorkGrid;
use crate::logic::primitives::Potential;
use crate::logic::step::Link;

impl Parents for DeepRun {
    fn reached(&self, p: Potential) -> bool {
        DeepRun::reached(self, p)
    }
    fn parents(&self, p: Potential) -> &[Potential] {
        DeepRun::parents(self, p)
    }
}

/// The links of the hint of `shape` proving `target` that `producer` found on `grid`
/// (see the module's documentation); `depths` is scratch for every nesting depth.
pub(super) fn hint_links(
    grid: &[u16; 81],
    (producer, rules): (Producer, Option<&dyn NestedRules>),
    shape: &HintShape,
    target: Option<Potential>,
    depths: &mut [DepthScratch],
    check: &mut dyn FnMut(),
) -> Vec<Link> {
    let chains = chains_of(grid, shape, target);
    if chains.is_empty() {
        return Vec::new();
    }
    let board = WorkGrid::new(grid);
    let (_, deeper) = depths
        .split_first_mut()
        .expect("a scratch for every nesting depth");
    let mut nest = Nest::new(producer, rules, deeper, check);
    let mut run = Box::<DeepRun>::default();
    links_of_chains(&chains, &mut *run, |run: &mut DeepRun, start| {
        run.propagate(&board, start, producer.dynamic, Some(&mut nest))
    })
}
