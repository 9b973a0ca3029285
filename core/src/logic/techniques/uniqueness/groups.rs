//! Where the uniqueness techniques look (see [`Groups`]).

use crate::grid::Size;
use crate::logic::geometry::*;
use crate::logic::marks::Marks;
use crate::logic::rules::{GroupType, VariantTables};
use crate::logic::wording::unit_name;

/// Where the uniqueness techniques look: the classic units or the groups of a variant's
/// rules, in Sukaku Explainer's type order (boxes, rows, columns, then the extra groups),
/// and whose peers their eliminations read.
#[derive(Clone, Copy)]
pub(crate) enum Groups<'a> {
    Units(Size),
    Rules(&'a VariantTables),
}

impl Groups<'_> {
    /// The groups (units or slots) holding both cells, in order.
    pub(super) fn shared(&self, c1: usize, c2: usize) -> Vec<usize> {
        match *self {
            // Sukaku Explainer's region order: the box, then the row and the column.
            Groups::Units(size) => {
                let [row, col, bx] = size.units_of(c1);
                [bx, row, col]
                    .into_iter()
                    .filter(|&u| unit_mask(size, u) >> c2 & 1 == 1)
                    .collect()
            }
            Groups::Rules(t) => GroupType::ALL
                .iter()
                .flat_map(|ty| ty.slots())
                .filter(|&s| (t.groups_of(c1) & t.groups_of(c2)) >> s & 1 == 1)
                .collect(),
        }
    }

    /// A group's cells, in its order.
    pub(super) fn cells(&self, g: usize) -> &[u8] {
        match self {
            Groups::Units(size) => size.unit_cells(g),
            Groups::Rules(t) => t.group_cells(g),
        }
    }

    pub(super) fn mask(&self, g: usize) -> CellSet {
        match *self {
            Groups::Units(size) => unit_mask(size, g),
            Groups::Rules(t) => t.group_mask(g),
        }
    }

    pub(super) fn name(&self, g: usize) -> String {
        match *self {
            Groups::Units(size) => unit_name(size, g),
            Groups::Rules(t) => t.slot_name(g),
        }
    }

    pub(super) fn peers(&self, c: usize) -> CellSet {
        match *self {
            Groups::Units(size) => peers(size, c),
            Groups::Rules(t) => t.peers(c),
        }
    }

    /// The blank cells of a group.
    pub(super) fn blanks(&self, m: &Marks, g: usize) -> usize {
        match *self {
            Groups::Units(_) => empty_count(m, g) as usize,
            Groups::Rules(t) => cells_of(t.group_mask(g))
                .filter(|&c| m.values[c] == 0)
                .count(),
        }
    }
    /// Every group, in Sukaku Explainer's type order.
    pub(super) fn scan(&self) -> Vec<usize> {
        match *self {
            Groups::Units(size) => {
                let n = size.n();
                (2 * n..3 * n).chain(0..2 * n).collect()
            }
            Groups::Rules(t) => GroupType::ALL
                .iter()
                .flat_map(|ty| ty.slots())
                .filter(|&s| t.active_slots() >> s & 1 == 1)
                .collect(),
        }
    }

    /// A group holding every cell of `set` (classic: the first of the first cell's row,
    /// column and box; under rules the first in type order).
    pub(super) fn holding(&self, set: CellSet) -> Option<usize> {
        match *self {
            Groups::Units(size) => shared_unit(size, set),
            Groups::Rules(t) => self
                .scan()
                .into_iter()
                .find(|&s| set & !t.group_mask(s) == 0),
        }
    }
}
