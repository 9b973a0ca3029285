//! The links of a chain step made of propagations under a variant's rules (nishio,
//! cell and region forcing chains, contradictions, double forcing chains): what a
//! picture draws as arrows, read as the classic steps' are (`chains::links`: every
//! chain of the hint from its assumption to its conclusion, through the parents drawn).
//! The propagations of the best hint are made again once, after the search: a run
//! depends only on the grid, the rules, its start and the mode, so they are the search's.

use super::chaining::{Nest, Run, RunMode};
use super::inner::InnerRules;
use super::links::{RuledGrid, RuledLinks};
use crate::logic::chains::best_hint::HintShape;
use crate::logic::chains::links::{chains_of_in, links_of_chains, Parents};
use crate::logic::primitives::*;
use crate::logic::step::Link;

/// One run's potentials with their parents as potentials (the contradiction's second
/// version of its candidate included), as the links are read.
#[derive(Default)]
struct RunParents {
    parents: Vec<Option<Vec<Potential>>>,
}

impl RunParents {
    fn of(run: &Run) -> RunParents {
        let mut parents = vec![None; NPOT];
        let mut record = |n: u32| {
            let list = run.parents(n).iter().map(|&q| run.pot(q)).collect();
            parents[run.pot(n).index()] = Some(list);
        };
        run.on_list
            .iter()
            .chain(&run.off_list)
            .for_each(|&n| record(n));
        if let Some((on, off)) = run.absurd {
            record(on);
            record(off);
        }
        RunParents { parents }
    }
}

impl Parents for RunParents {
    fn reached(&self, p: Potential) -> bool {
        self.parents[p.index()].is_some()
    }
    fn parents(&self, p: Potential) -> &[Potential] {
        self.parents[p.index()].as_deref().unwrap_or(&[])
    }
}

/// The links of the hint of `shape` proving `target` (None for a cycle, whose links the
/// hint carries itself), found by a search in `mode`.
pub(crate) fn hint_links(
    grid: &RuledGrid,
    (links, inner): (&RuledLinks, &dyn InnerRules),
    mode: RunMode,
    shape: &HintShape,
    target: Option<Potential>,
    check: &mut dyn FnMut(),
) -> Vec<Link> {
    let chains = chains_of_in(&grid.cands, shape, target, &|slot| *links.cells_of(slot));
    if chains.is_empty() {
        return Vec::new();
    }
    let mut holder = RunParents::default();
    links_of_chains(&chains, &mut holder, |holder, start| {
        let mut nest = Nest {
            rules: inner,
            check: &mut *check,
        };
        *holder = RunParents::of(&Run::new(grid, links, start, mode, Some(&mut nest)));
    })
}
