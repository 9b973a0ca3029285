//! The nested chains of levels 2 to 4 (9.5 and up) under a variant's rules.
//!
//! - Where the groups are rows, columns and boxes alone (anti-knight, anti-king, nc and
//!   their combinations: [`classic_links`]) the classic engine (`levels2to4`) runs them with
//!   the rules' two differences ([`NestedRules`]: the level-1 rules of the rules'
//!   technique set, and a cycle's removals by every peer): [`RuledNest`].
//! - Under extra groups and jigsaw regions the chains' links are the rules' own, which
//!   that engine does not read: there the plain road's dynamic chains (`multiple`) run
//!   with nesting, their runs applying the inner chain rules that [`InnerSearches`]
//!   gives them (the plain road's own producers, every hint collected: `inner::Sink`).
//!
//! [`InnerSearches`] also gives the runs of the dynamic chains (+) (level 1) and up
//! their level-1 hints, kept for the search.

use super::inner::{sort_and_dedup, InnerHints, InnerRule, InnerRules, NestedHint, Sink};
use super::level1;
use super::links::{RuledGrid, RuledLinks};
use super::multiple::{self, Flat};
use super::pass_links::PassLinks;
use super::unary;
use crate::logic::chains::level1::Hint;
use crate::logic::chains::levels2to4::plain::plain;
use crate::logic::chains::nested_rules::NestedRules;
use crate::logic::chains::work_grid::WorkGrid;
use crate::logic::rules::VariantTables;
use crate::variant::GroupKind;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// True where the rules' groups are the rows, columns and boxes (slots 0 to 26), nothing
/// more: the chains' links are the classic ones, and the classic nested engine serves.
pub fn classic_links(t: &VariantTables) -> bool {
    t.active_slots() == (1 << 27) - 1 && matches!(t.slot_kind(18), Some((GroupKind::Box, _)))
}

/// The rules' side of a nested search: their level-1 rules over their links, and their
/// peers in Sukaku Explainer's order (`VariantTables::peer_order`).
pub(crate) struct RuledNest<'a> {
    links: &'a RuledLinks,
    t: &'a VariantTables,
    key: u64,
}

impl<'a> RuledNest<'a> {
    pub(crate) fn new(links: &'a RuledLinks, t: &'a VariantTables) -> RuledNest<'a> {
        // FNV-1a over what the searches read from the rules: the technique set of the
        // level-1 rules and every cell's peers in order (the groups being the classic
        // ones, `classic_links`).
        let mut key: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| key = (key ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        eat(u8::from(links.classic_set()));
        for cell in 0..81 {
            eat(0xff);
            t.peer_order(cell).iter().for_each(|&p| eat(p));
        }
        RuledNest { links, t, key }
    }
}

impl NestedRules for RuledNest<'_> {
    fn level1_hints(&self, source: &WorkGrid, work: &WorkGrid) -> Vec<Hint> {
        let source = self.links.grid(&source.cands);
        let work = self.links.grid(&work.cands);
        level1::hints(self.links, &source, &work)
    }

    fn peers(&self, cell: usize) -> &[u8] {
        self.t.peer_order(cell)
    }

    fn key(&self) -> u64 {
        self.key
    }
}

/// The inner chain rules of the nested producers under the rules' own links: the plain
/// road's producers on the grid a chain has reduced, every hint collected.
///
/// The hints of a rule on a grid are kept for the rest of the search (Sukaku Explainer's
/// `Chaining` keeps its last grid's): they are a function of the rule, the grid and the
/// rules' links, which the search does not change, so a run that reduces the grid to one
/// met before reads the same hints. At most [`KEPT_GRIDS`] grids are kept (then all are
/// forgotten): the whole rating of the hardest puzzles measured (jigsaw with x, 11.5 and
/// 11.8) peaked at 40 MB resident, the 11.3 windoku with dg at 13 MB.
///
/// The level-1 hints of the search's nested runs are kept as well, per grid a run has
/// reduced with the grid it started from: they are a function of the two grids and the
/// links (`level1::hints`), and runs from different assumptions reach the same grid (on
/// the anti-king sample of the chains band, 4 asks in 10 are for a pair met before in
/// the same search). Keyed by the reduced grid, not per source as the classic road's
/// `level1::KeptHints`, which forgets all at each new source: the inner dynamic chains of
/// level 4 ask from their own grids between the outer runs' asks.
pub(crate) struct InnerSearches<'a> {
    t: &'a VariantTables,
    links: &'a RuledLinks,
    kept: RefCell<HashMap<(InnerRule, [u16; 81]), InnerHints>>,
    /// Per reduced grid, the source grid of its last ask and the hints found there.
    level1: RefCell<HashMap<[u16; 81], Level1Kept>>,
}

/// A reduced grid's kept level-1 hints: the grid its run started from, and the hints.
/// (The grid boxed keeps the table's entries small: held inline, the anti-knight sample
/// took 3 % to 4 % longer.)
type Level1Kept = (Box<[u16; 81]>, Rc<Vec<Hint>>);

/// The most grids whose inner hints a search keeps.
const KEPT_GRIDS: usize = 512;

/// The most reduced grids whose level-1 hints a search keeps (about 1 KB each with the
/// table's room and a few hints: about 1 MB), as many as a classic nested search keeps
/// (`levels2to4`); the searches of the chains band samples (x, windoku, anti-knight,
/// anti-king) kept under 500.
const LEVEL1_KEPT: usize = 1024;

impl<'a> InnerSearches<'a> {
    pub(crate) fn new(t: &'a VariantTables, links: &'a RuledLinks) -> InnerSearches<'a> {
        InnerSearches {
            t,
            links,
            kept: RefCell::new(HashMap::new()),
            level1: RefCell::new(HashMap::new()),
        }
    }

    /// Every hint of `rule` on `work`, found afresh.
    fn search(
        &self,
        rule: InnerRule,
        work: &RuledGrid,
        check: &mut dyn FnMut(),
    ) -> Vec<NestedHint> {
        let (t, links) = (self.t, self.links);
        let mut list = Vec::new();
        let both = || {
            let mut pass = PassLinks::default();
            pass.build(work, links, true, true);
            pass
        };
        match rule {
            InnerRule::ForcingChainsAndCycles => {
                let sink = Sink::All(&mut list);
                unary::search_with(work, t, links, &both(), sink, check, true);
            }
            InnerRule::MultipleChains => {
                let (flat, sink) = (Flat::static_multiple(), Sink::All(&mut list));
                let both = both();
                multiple::search_with(
                    work,
                    links,
                    Some(&both),
                    flat,
                    sink,
                    Some(self),
                    check,
                    true,
                );
            }
            InnerRule::DynamicChains(limit) => {
                let (flat, sink) = (Flat::dynamic(limit, 0), Sink::All(&mut list));
                multiple::search_with(work, links, None, flat, sink, Some(self), check, true);
            }
        }
        sort_and_dedup(&mut list);
        list
    }
}

impl InnerRules for InnerSearches<'_> {
    fn hints(&self, rule: InnerRule, work: &RuledGrid, check: &mut dyn FnMut()) -> InnerHints {
        let key = (rule, work.cands);
        if let Some(hints) = self.kept.borrow().get(&key) {
            return Rc::clone(hints);
        }
        // (Not borrowed during the search: its runs ask for inner hints in turn.)
        let hints: InnerHints = Rc::new(
            self.search(rule, work, check)
                .into_iter()
                .map(Rc::new)
                .collect(),
        );
        let mut kept = self.kept.borrow_mut();
        if kept.len() >= KEPT_GRIDS {
            kept.clear();
        }
        kept.insert(key, Rc::clone(&hints));
        hints
    }

    fn level1_hints(
        &self,
        source: &RuledGrid,
        work: &RuledGrid,
        asked: Option<&RuledGrid>,
    ) -> Rc<Vec<Hint>> {
        if plain() {
            return Rc::new(level1::hints(self.links, source, work));
        }
        let mut kept = self.level1.borrow_mut();
        if let Some((from, hints)) = kept.get(&work.cands) {
            if **from == source.cands {
                return Rc::clone(hints);
            }
        }
        let hints = Rc::new(level1::hints_since(self.links, source, work, asked));
        if kept.len() >= LEVEL1_KEPT && !kept.contains_key(&work.cands) {
            kept.clear();
        }
        kept.insert(work.cands, (Box::new(source.cands), Rc::clone(&hints)));
        hints
    }
}
