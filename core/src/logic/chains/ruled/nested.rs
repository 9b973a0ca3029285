//! The nested chains of levels 2 to 4 (9.5 and up) under a variant's rules whose groups
//! are rows, columns and boxes alone (anti-knight, anti-king, nc and their
//! combinations): the classic engine (`levels2to4`) with the rules' two differences
//! ([`NestedRules`]: the level-1 rules of the rules' technique set, and a cycle's
//! removals by every peer). Under any extra group or jigsaw region the chains' links
//! are the rules' own, which that engine does not read: there the nested producers are
//! not built ([`nested_built`]).

use super::level1;
use super::links::RuledLinks;
use crate::logic::chains::level1::Hint;
use crate::logic::chains::nested_rules::NestedRules;
use crate::logic::chains::work_grid::WorkGrid;
use crate::logic::rules::VariantTables;
use crate::variant::GroupKind;

/// True where the nested producers are built under the rules `t`: their groups are the
/// rows, columns and boxes (slots 0 to 26), nothing more.
pub fn nested_built(t: &VariantTables) -> bool {
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
        // ones, `nested_built`).
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
