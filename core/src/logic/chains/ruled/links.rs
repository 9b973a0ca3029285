//! The links of a chain under a variant's rules ([`RuledLinks`]): what an "on" turns
//! off and what an "off" turns on, read from the rules' groups in Sukaku Explainer's
//! order (`Chaining.getOnToOff` and `getOffToOn` of v1.15.10, whose links come from
//! groups only: no knight's move, king's step or nc link), on a grid that keeps each
//! group's places of each digit ([`RuledGrid`]) so that a rule is a few bit operations.

use crate::logic::chains::work_grid::digits_of;
use crate::logic::geometry::CellSet;
use crate::logic::primitives::*;
use crate::logic::rules::{groups_in_scan_order, GroupType, TechniqueSet, VariantTables, SLOTS};
use crate::variant::GroupKind;

/// A cell's groups in Sukaku Explainer's type order (box, row, column, disjoint group,
/// window, main diagonal, anti-diagonal, girandola, asterisk, center dot): at most one
/// of each type, with the cell's position in each.
#[derive(Clone, Copy, Default)]
struct CellGroups {
    slots: [u8; 10],
    pos: [u8; 10],
    /// Per group, the positions of its cells that are neither the cell nor in one of
    /// the cell's earlier groups: where an "on" of the cell first lists a place.
    fresh: [u16; 10],
    len: u8,
}

/// The rules' groups as a chain reads them: each cell's groups in type order and each
/// group's cells in Sukaku Explainer's region order.
pub(crate) struct RuledLinks {
    of_cell: [CellGroups; 81],
    cells: [[u8; 9]; SLOTS],
    /// Every peer of each cell (knight's moves and king's steps included), for the
    /// level-1 rules' eliminations.
    peers: [CellSet; 81],
    /// The groups by type in Sukaku Explainer's type order (its intersections' scans).
    by_type: Vec<Vec<u8>>,
    /// The groups in the order of its subset scans (boxes, columns, rows, extra groups).
    scan_order: Vec<u8>,
    /// The rules call for the classic technique set over rows, columns and boxes (nc
    /// alone): the classic level-1 rules apply as they are. Jigsaw regions take the
    /// variant set's level-1 rules over their groups (`level1`).
    classic_set: bool,
}

/// Candidates with, for each group and digit, the mask of its places (bit `i`: the
/// group's `i`-th cell), kept in step.
#[derive(Clone)]
pub(crate) struct RuledGrid {
    pub(crate) cands: [u16; 81],
    places: [[u16; 9]; SLOTS],
}

/// Clears `out` and lists there what "c on" turns off by the cell rule (with
/// `cell_rule`): the other digits of its cell.
fn list_cell_rule(g: &RuledGrid, c: Candidate, cell_rule: bool, out: &mut Vec<Candidate>) {
    out.clear();
    if cell_rule {
        let (cell, d) = (c.cell().index(), c.digit().index());
        let mut m = g.cands[cell] & !(1 << d);
        while m != 0 {
            out.push(Candidate::new(cell, m.trailing_zeros() as usize));
            m &= m - 1;
        }
    }
}

/// Where an "off" turns a candidate on: the cell (the bivalue rule) or a group's slot.
pub(crate) const CELL_RULE: u8 = u8::MAX;

impl RuledGrid {
    /// The places of the rows and columns (slots 0-17, each line's cells in order, as
    /// `grid::UNITS` numbers and lists them: the X-wings read them so).
    pub(crate) fn lines(&self) -> &[[u16; 9]] {
        &self.places[..18]
    }
}

impl RuledLinks {
    pub(crate) fn new(t: &VariantTables) -> RuledLinks {
        let mut cells = [[0u8; 9]; SLOTS];
        for (s, c) in cells.iter_mut().enumerate() {
            *c = *t.group_cells(s);
        }
        let mut of_cell = [CellGroups::default(); 81];
        for (cell, groups) in of_cell.iter_mut().enumerate() {
            for kind in GroupType::ALL {
                let mine = t.groups_of(cell) & kind.slot_bits() & t.active_slots();
                if mine != 0 {
                    let slot = mine.trailing_zeros() as usize;
                    let k = usize::from(groups.len);
                    groups.slots[k] = slot as u8;
                    groups.pos[k] = cells[slot]
                        .iter()
                        .position(|&o| usize::from(o) == cell)
                        .expect("a cell is among its groups' cells")
                        as u8;
                    groups.len += 1;
                }
            }
            // A place's bit is kept in every group of its cell (`grid`, `remove`), so a
            // place of an earlier group of the cell was listed there, provided each cell
            // of a group has that group among its own (at most one group of a type per
            // cell: the rules' groups of a type never overlap; checked below).
            let mut seen = 1u128 << cell;
            for k in 0..usize::from(groups.len) {
                let slot_cells = &cells[usize::from(groups.slots[k])];
                for (i, &o) in slot_cells.iter().enumerate() {
                    if seen >> o & 1 == 0 {
                        groups.fresh[k] |= 1 << i;
                    }
                }
                for &o in slot_cells {
                    seen |= 1 << o;
                }
            }
        }
        debug_assert!((0..81).all(|cell| {
            let g = &of_cell[cell];
            g.slots[..usize::from(g.len)].iter().all(|&slot| {
                cells[usize::from(slot)].iter().all(|&o| {
                    let h = &of_cell[usize::from(o)];
                    h.slots[..usize::from(h.len)].contains(&slot)
                })
            })
        }));
        let by_type = GroupType::ALL
            .iter()
            .map(|ty| {
                ty.slots()
                    .filter(|&s| t.active_slots() >> s & 1 == 1)
                    .map(|s| s as u8)
                    .collect()
            })
            .collect();
        RuledLinks {
            of_cell,
            cells,
            peers: std::array::from_fn(|c| t.peers(c)),
            by_type,
            scan_order: groups_in_scan_order(t).map(|s| s as u8).collect(),
            classic_set: !matches!(t.technique_set(), TechniqueSet::Groups { .. })
                && matches!(t.slot_kind(18), Some((GroupKind::Box, _))),
        }
    }

    /// Every peer of `cell`.
    pub(crate) fn peers(&self, cell: usize) -> CellSet {
        self.peers[cell]
    }

    /// The groups of each type, in Sukaku Explainer's type order.
    pub(crate) fn types(&self) -> impl Iterator<Item = &[u8]> {
        self.by_type.iter().map(Vec::as_slice)
    }

    /// The groups in the order Sukaku Explainer's subset rules scan them.
    pub(crate) fn scan_order(&self) -> &[u8] {
        &self.scan_order
    }

    /// True where the rules call for the classic technique set over the classic units
    /// (nc alone, with boxes).
    pub(crate) fn classic_set(&self) -> bool {
        self.classic_set
    }

    /// The groups of `cell` (slots), in Sukaku Explainer's type order.
    pub(crate) fn groups_of(&self, cell: usize) -> &[u8] {
        let g = &self.of_cell[cell];
        &g.slots[..usize::from(g.len)]
    }

    /// `cell`'s groups with its position in each.
    fn groups_with_pos(&self, cell: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let g = &self.of_cell[cell];
        (0..usize::from(g.len)).map(|k| (usize::from(g.slots[k]), usize::from(g.pos[k])))
    }

    /// The cells of group `slot`, in Sukaku Explainer's region order.
    pub(crate) fn cells_of(&self, slot: usize) -> &[u8; 9] {
        &self.cells[slot]
    }

    /// The grid of these candidates (0 for a placed cell).
    pub(crate) fn grid(&self, cands: &[u16; 81]) -> RuledGrid {
        let mut g = RuledGrid {
            cands: *cands,
            places: [[0; 9]; SLOTS],
        };
        for (cell, &m) in cands.iter().enumerate() {
            for (slot, pos) in self.groups_with_pos(cell) {
                let (digits, n) = digits_of(m);
                for &d in &digits[..n] {
                    g.places[slot][d] |= 1 << pos;
                }
            }
        }
        g
    }

    /// Takes candidate `c` out of `g`.
    pub(crate) fn remove(&self, g: &mut RuledGrid, c: Candidate) {
        let (cell, d) = (c.cell().index(), c.digit().index());
        g.cands[cell] &= !(1 << d);
        for (slot, pos) in self.groups_with_pos(cell) {
            g.places[slot][d] &= !(1 << pos);
        }
    }

    /// The places of digit `d` in group `slot` of `g`, as positions in its cell order.
    pub(crate) fn places(&self, g: &RuledGrid, slot: usize, d: usize) -> u16 {
        g.places[slot][d]
    }

    /// What "c on" turns off in `g`, in Sukaku Explainer's order, into `out` (cleared
    /// first): the other digits of the cell (with `cell_rule`), then the digit's other
    /// places in each group of the cell in type order, each place once (where it was
    /// first listed).
    pub(crate) fn on_to_off(
        &self,
        g: &RuledGrid,
        c: Candidate,
        cell_rule: bool,
        out: &mut Vec<Candidate>,
    ) {
        let (cell, d) = (c.cell().index(), c.digit().index());
        list_cell_rule(g, c, cell_rule, out);
        // Each group's places but those of the cell's earlier groups (`CellGroups::fresh`):
        // a place is listed once, at the first group that holds it, as a test of the
        // places met so far would list it (`on_to_off_plain`).
        let groups = &self.of_cell[cell];
        for k in 0..usize::from(groups.len) {
            let slot = usize::from(groups.slots[k]);
            let mut m = g.places[slot][d] & groups.fresh[k];
            while m != 0 {
                let o = usize::from(self.cells[slot][m.trailing_zeros() as usize]);
                m &= m - 1;
                out.push(Candidate::new(o, d));
            }
        }
    }

    /// [`RuledLinks::on_to_off`] the plain way: each group's places in turn, a place
    /// listed where it is first met.
    #[cfg(test)]
    pub(crate) fn on_to_off_plain(
        &self,
        g: &RuledGrid,
        c: Candidate,
        cell_rule: bool,
        out: &mut Vec<Candidate>,
    ) {
        let (cell, d) = (c.cell().index(), c.digit().index());
        list_cell_rule(g, c, cell_rule, out);
        let mut listed = 1u128 << cell;
        for (slot, _) in self.groups_with_pos(cell) {
            let mut m = g.places[slot][d];
            while m != 0 {
                let o = usize::from(self.cells[slot][m.trailing_zeros() as usize]);
                m &= m - 1;
                if listed >> o & 1 == 0 {
                    listed |= 1 << o;
                    out.push(Candidate::new(o, d));
                }
            }
        }
    }

    /// What "c off" turns on in `g`, in Sukaku Explainer's order, into `out`; returns
    /// how many: the other digit of a bivalue cell (with `cell_rule`; its rule
    /// [`CELL_RULE`]), then, with `region_rule`, the last other place of the digit in each
    /// group of the cell in type order (its rule the group's slot; a place two groups give
    /// is listed once, with the first group). [`RuledLinks::hidden_parents`] gives the
    /// hidden parents of each.
    pub(crate) fn off_to_on(
        &self,
        g: &RuledGrid,
        c: Candidate,
        cell_rule: bool,
        region_rule: bool,
        out: &mut [(Candidate, u8); 11],
    ) -> usize {
        let (cell, d) = (c.cell().index(), c.digit().index());
        let mut n = 0;
        if cell_rule && pair(g.cands[cell]) {
            let other = (g.cands[cell] & !(1 << d)).trailing_zeros() as usize;
            out[0] = (Candidate::new(cell, other), CELL_RULE);
            n = 1;
        }
        if !region_rule {
            return n;
        }
        for (slot, pos) in self.groups_with_pos(cell) {
            let m = g.places[slot][d] & !(1 << pos);
            if single(m) {
                let q = Candidate::new(
                    usize::from(self.cells[slot][m.trailing_zeros() as usize]),
                    d,
                );
                if !out[..n].iter().any(|&(x, _)| x == q) {
                    out[n] = (q, slot as u8);
                    n += 1;
                }
            }
        }
        n
    }

    /// The hidden parents of candidate `q` turned on by `rule` ([`RuledLinks::off_to_on`]):
    /// the "off"s of the candidates of its cell (the cell rule) or of its digit in the
    /// rule's group that `source` has and `g` lost, in order.
    pub(crate) fn hidden_parents(
        &self,
        g: &RuledGrid,
        source: &RuledGrid,
        q: Candidate,
        rule: u8,
        mut f: impl FnMut(Potential),
    ) {
        let (cell, d) = (q.cell().index(), q.digit().index());
        if rule == CELL_RULE {
            let (lost, n) = digits_of(source.cands[cell] & !g.cands[cell]);
            for &e in &lost[..n] {
                f(Potential::new(Candidate::new(cell, e), false));
            }
        } else {
            let slot = usize::from(rule);
            let mut lost = source.places[slot][d] & !g.places[slot][d];
            while lost != 0 {
                let o = usize::from(self.cells[slot][lost.trailing_zeros() as usize]);
                lost &= lost - 1;
                f(Potential::new(Candidate::new(o, d), false));
            }
        }
    }
}
