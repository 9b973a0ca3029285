//! The chains under a variant's rules (issue 36): Sukaku Explainer
//! v1.15.10's chaining producers, the nested ones included, read straight off its
//! `Chaining` over the rules' groups, for 9×9 rules without cages.
//!
//! - Links come from groups only (box, row, column, then the rules' extra groups in
//!   Sukaku Explainer's type order), as in v1.15.10: no knight's move, king's step or nc
//!   link ([`links`]).
//! - A cycle removes what sees both an "on" and an "off" of it by every peer, knight's
//!   moves and king's steps included (its `createCycleHint`).
//! - Ratings, complexities and the choice among hints are the classic producers'
//!   (`best_hint::BestHint`); only the search differs.
//!
//! - The dynamic forcing chains (+) apply, when a run has nothing left to propagate, the
//!   level-1 rules of the rules' technique set ([`level1`]: under variants generalized
//!   intersections, hidden pairs and generalized naked pairs over every group and peer,
//!   and X-wings).
//!
//! Layers: `links` (on → off, off → on) and `graph` (potentials with their parents) are
//! the leaves, with `inner` (what a nested rule keeps of a hint, where a search's hints
//! go, and the contract by which a nested run asks for its inner rules' hints); `level1` (the nested rules, on two grids), `pass_links` (a pass's links
//! listed once, their components and what each reaches) and `planes` (nishio on digit
//! planes) read `links`; `unary` (cycles, forcing chains) and `chaining` (one
//! propagation) build on them; `multiple` (nishio, multiple, dynamic chains and dynamic
//! chains (+), and with nesting the nested producers) and `hint_links` (the arrows of
//! the best hint, as the classic steps carry them) on `chaining`; `nested` (the inner
//! rules' searches, and the classic engine's side under classic links) on `unary` and
//! `multiple`.
//!
//! - Shortcuts, each with its argument where it is taken and a test against the plain
//!   way (`find_with`): cycles and forcing chains search only from the starts and
//!   through the potentials their pass's components allow, to the layer a better hint
//!   could lie at (`unary`); nishio makes only the runs whose plane meets a
//!   contradiction (`planes`); static multiple chains only the runs of the tests whose
//!   reach may offer a hint (`multiple`).
//!
//! - The nested producers of levels 2 to 4 (9.5 and up): where the rules' groups are
//!   rows, columns and boxes alone (anti-knight, anti-king, nc) the classic engine
//!   (`levels2to4`) with the rules' level-1 rules and peers ([`nested`]); under extra
//!   groups and jigsaw regions, whose links that engine does not read, the dynamic
//!   chains of `multiple` with nesting: when a run has nothing left to propagate it
//!   applies the level-1 rules, then the inner chain rules of its level (`inner`: the
//!   plain road's own producers on the reduced grid, every hint collected), each hint's
//!   removals made "off" with its rule parents.
//!
//! The classic producers (`chains::find`) are faster roads to the same hints; these are
//! the reference the rules have until those roads take them. Where the rules' links are
//! the classic ones ([`classic_links`]: anti-knight, anti-king, nc) the nishio, multiple
//! and dynamic chains (level 0) read nothing else of the rules (their hints are the
//! potentials the chains prove: no removal by peers, no level-1 rule), and the cycles
//! and forcing chains only the rules' peers (a cycle's eliminations), so
//! [`RuledChains::find`] takes the classic road for them (`classic_road`, the cycles with
//! the rules' peers; the tests compare it with this one under anti-king and
//! anti-knight). The dynamic chains (+) stay here (the rules' level-1 rules).

mod chaining;
mod graph;
mod hint_links;
mod inner;
mod level1;
mod links;
mod multiple;
mod nested;
mod pass_links;
mod planes;
#[cfg(test)]
mod tests;
mod unary;

use super::best_hint::BestHint;
use super::classic_road::{cycles_under, find_on_grid};
use super::kind::{ChainKind, HintKinds};
use super::levels2to4;
use super::producer::Producer;
use crate::logic::marks::Marks;
use crate::logic::rules::VariantTables;
use crate::logic::step::{Link, Step};
use crate::logic::wording::sentences_wanted;
use chaining::RunMode;
use inner::Sink;
use links::{RuledGrid, RuledLinks};
use multiple::Flat;
use nested::{classic_links, InnerSearches, RuledNest};
use pass_links::PassLinks;
use std::cell::OnceCell;

/// The easiest step `producer` finds in `m` under the rules `t`, if any. `check` is
/// called once per starting cell
/// (the interrupt hook). [`RuledChains`] serves several producers from one position.
pub fn find_in(
    m: &Marks,
    t: &VariantTables,
    producer: Producer,
    check: &mut dyn FnMut(),
) -> Option<Step> {
    RuledChains::new(m, t).find(producer, check)
}

/// The chains' searches from one position under the rules: the rules' links and the
/// grid with its groups' places, made once for every producer the ladder tries there
/// (each producer reads them and changes nothing, so they are those it would make).
pub struct RuledChains<'a> {
    t: &'a VariantTables,
    links: RuledLinks,
    grid: RuledGrid,
    /// The links of both rules (cell and region) with their components and reach,
    /// made once for the producers that read them (the cycles' XY pass, the static
    /// multiple chains).
    both: OnceCell<PassLinks>,
}

impl<'a> RuledChains<'a> {
    pub fn new(m: &Marks, t: &'a VariantTables) -> RuledChains<'a> {
        let mut cands = [0u16; 81];
        for (cell, g) in cands.iter_mut().enumerate() {
            if m.values[cell] == 0 {
                *g = m.cands[cell];
            }
        }
        let links = RuledLinks::new(t);
        let grid = links.grid(&cands);
        RuledChains {
            t,
            links,
            grid,
            both: OnceCell::new(),
        }
    }

    /// [`find_in`] from this position.
    pub fn find(&self, producer: Producer, check: &mut dyn FnMut()) -> Option<Step> {
        self.find_with(producer, check, true)
    }

    /// [`RuledChains::find`], the searches taking their shortcuts where `shortcuts` (the
    /// tests compare both ways).
    fn find_with(
        &self,
        producer: Producer,
        check: &mut dyn FnMut(),
        shortcuts: bool,
    ) -> Option<Step> {
        let (t, links, grid) = (self.t, &self.links, &self.grid);
        let flat = match producer {
            // Where the rules' links are the classic ones these producers read nothing
            // else of the rules (their hints are the potentials the chains prove, with no
            // removal by peers, and no level-1 rule): the classic road's step is theirs
            // (tests compare both under anti-king, anti-knight and nc).
            Producer::Nishio | Producer::Multiple | Producer::Dynamic
                if shortcuts && classic_links(t) =>
            {
                return find_on_grid(&grid.cands, producer, check, sentences_wanted());
            }
            // Cycles and forcing chains there read the rules' peers alone, for a cycle's
            // eliminations: the classic road with those peers.
            Producer::Cycles if shortcuts && classic_links(t) => {
                return cycles_under(&grid.cands, t.peer_masks(), check);
            }
            Producer::Cycles => {
                let mut best = BestHint::default();
                let (both, sink) = (self.both(), Sink::Best(&mut best));
                unary::search_with(grid, t, links, both, sink, check, shortcuts);
                return self.step_of(best, Vec::new());
            }
            Producer::Nishio => Flat {
                mode: RunMode {
                    dynamic: true,
                    cell_rule: false,
                    level: 0,
                    limit: 0,
                },
                multiple: false,
                nishio: true,
                base: 7.5,
                kinds: HintKinds::all(ChainKind::Nishio),
            },
            Producer::Multiple => Flat::static_multiple(),
            Producer::Dynamic => Flat::dynamic(0, 0),
            Producer::DynamicPlus => Flat::dynamic(1, 0),
            Producer::Nested2 | Producer::Nested3 | Producer::Nested4(_) if classic_links(t) => {
                return self.nested(producer, check);
            }
            Producer::Nested2 | Producer::Nested3 | Producer::Nested4(_) => {
                let (level, limit) = producer.nesting().expect("a nested producer");
                Flat::dynamic(level, limit)
            }
        };
        self.flat_search(flat, check, shortcuts)
    }

    /// The step of the multiple chains producer `flat` (nishio, static and dynamic
    /// multiple chains, with or without nesting) by the plain road.
    fn flat_search(&self, flat: Flat, check: &mut dyn FnMut(), shortcuts: bool) -> Option<Step> {
        let (t, links, grid) = (self.t, &self.links, &self.grid);
        let mut best = BestHint::default();
        let inner = InnerSearches::new(t, links);
        let both = (!flat.mode.dynamic).then(|| self.both());
        let sink = Sink::Best(&mut best);
        multiple::search_with(
            grid,
            links,
            both,
            flat,
            sink,
            Some(&inner),
            check,
            shortcuts,
        );
        // (Drawn only where sentences are written: a rating reads no link.)
        let drawn = match best.shape().filter(|_| sentences_wanted()) {
            Some((shape, target)) => {
                hint_links::hint_links(grid, (links, &inner), flat.mode, shape, target, check)
            }
            None => Vec::new(),
        };
        self.step_of(best, drawn)
    }

    /// [`RuledChains::both`]'s links, made on first use.
    fn both(&self) -> &PassLinks {
        self.both.get_or_init(|| {
            let mut pass = PassLinks::default();
            pass.build(&self.grid, &self.links, true, true);
            pass
        })
    }

    /// The step of the best hint, named under the rules, with the links `drawn`.
    fn step_of(&self, best: BestHint, drawn: Vec<Link>) -> Option<Step> {
        let mut step = best.into_step_naming(&|slot| self.t.slot_name(slot))?;
        if !drawn.is_empty() {
            step.links = drawn;
        }
        Some(step)
    }

    /// The nested producer `producer` (levels 2 to 4) by the classic engine, where the
    /// rules' links are the classic ones ([`classic_links`]). The links of its step (what a picture draws) are read only where sentences
    /// are written, as for every producer: a rating reads neither, and they cost a nested
    /// propagation of each assumption of the step.
    fn nested(&self, producer: Producer, check: &mut dyn FnMut()) -> Option<Step> {
        let (t, grid) = (self.t, &self.grid.cands);
        let nesting = producer.nesting()?;
        let rules = RuledNest::new(&self.links, t);
        let mut best = BestHint::default();
        levels2to4::search(grid, nesting, Some(&rules), &mut best, check);
        let drawn = match best.shape() {
            Some(found) if sentences_wanted() => {
                levels2to4::hint_links(grid, nesting, Some(&rules), found, check)
            }
            _ => Vec::new(),
        };
        self.step_of(best, drawn)
    }
}
