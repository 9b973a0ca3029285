//! The rules of a 9×9 grid as the human-logic engine reads them (issue 36; the design
//! is `docs/design-variant-ratings.md`): every group at a fixed *slot*, its cells in
//! Sukaku Explainer's region order, the two kinds of peers its techniques use, the order
//! its wings read a cell's peers in (for the wings to come), and the technique set the
//! rules call for. Built once per puzzle from the variant engine's [`Geometry`] and read
//! by the techniques' variant arms and `variant_ladder`; the classic ladder keeps its
//! constant tables.
//!
//! Slots (a `u64` of slots is a set of groups):
//! - 0-26: the classic units numbered as `grid::UNITS` (rows 0-8, columns 9-17, boxes
//!   18-26), jigsaw regions in the boxes' slots, so classic steps keep their numbers;
//! - 27-35: disjoint groups 1-9;
//! - 36-44: the windoku groups in Sukaku Explainer's index order (those of index 6 and 7,
//!   rows 2-4 or 6-8 by the first, fifth and ninth columns, list their cells column by
//!   column);
//! - 45: the main diagonal (r1c1 to r9c9), 46: the anti-diagonal (r1c9 to r9c1),
//!   47: girandola, 48: asterisk, 49: center dot.
//!
//! Peers come in two kinds, as in Sukaku Explainer v1.15.10: *link peers* share a group
//! (a chain's weak and strong links come from groups only), *peers* add the cells a
//! knight's move or a king's diagonal step away (every elimination by "cells that see
//! all of ..."). nc adds no peer: placing a digit takes its two neighbours in value from
//! the cell's orthogonal [`VariantTables::neighbours`].

use super::geometry::{cells_of, CellSet};
use super::marks::Marks;
use super::memo::ruled::{FoundNothing, TypedMemos};
use super::step::Step;
use crate::variant::{Geometry, GroupKind, Regions, Rules, Shape, VariantError};
use std::cell::RefCell;
use std::rc::Rc;

/// Groups a 9×9 grid can have under any rules.
pub const SLOTS: usize = 50;

/// Sukaku Explainer's region types, in its order (the order its scans read them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupType {
    Block,
    Row,
    Column,
    DisjointGroup,
    Window,
    MainDiagonal,
    AntiDiagonal,
    Girandola,
    Asterisk,
    CenterDot,
}

impl GroupType {
    /// Every type in Sukaku Explainer's order.
    pub const ALL: [GroupType; 10] = [
        GroupType::Block,
        GroupType::Row,
        GroupType::Column,
        GroupType::DisjointGroup,
        GroupType::Window,
        GroupType::MainDiagonal,
        GroupType::AntiDiagonal,
        GroupType::Girandola,
        GroupType::Asterisk,
        GroupType::CenterDot,
    ];

    /// The slots of the type's groups, as a set (bit `s` for slot `s`): read from a
    /// table made at compile time (the walks over groups ask for it at every step).
    pub fn slot_bits(self) -> u64 {
        const BITS: [u64; 10] = {
            let mut bits = [0; 10];
            let mut i = 0;
            while i < 10 {
                bits[GroupType::ALL[i] as usize] = range_bits(GroupType::ALL[i].slots());
                i += 1;
            }
            bits
        };
        BITS[self as usize]
    }

    /// The slots of the type's groups.
    pub const fn slots(self) -> std::ops::Range<usize> {
        match self {
            GroupType::Row => 0..9,
            GroupType::Column => 9..18,
            GroupType::Block => 18..27,
            GroupType::DisjointGroup => 27..36,
            GroupType::Window => 36..45,
            GroupType::MainDiagonal => 45..46,
            GroupType::AntiDiagonal => 46..47,
            GroupType::Girandola => 47..48,
            GroupType::Asterisk => 48..49,
            GroupType::CenterDot => 49..50,
        }
    }
}

/// Sukaku Explainer's order of the region types for singles and subsets
/// (`HiddenSingle.java`, `HiddenSet.java`, `NakedSetGen.java`): boxes, columns, rows, then
/// the extra groups.
const SCAN_ORDER: [GroupType; 10] = {
    let mut order = GroupType::ALL;
    order[1] = GroupType::Column;
    order[2] = GroupType::Row;
    order
};

/// The slots the rules use, in [`SCAN_ORDER`] (the order singles and subsets read them).
pub fn groups_in_scan_order(t: &VariantTables) -> impl Iterator<Item = usize> + '_ {
    SCAN_ORDER
        .iter()
        .flat_map(|ty| ty.slots())
        .filter(|&s| t.active_slots() >> s & 1 == 1)
}

/// Which techniques the rules call for (Sukaku Explainer's `Settings.initVariants`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TechniqueSet {
    /// No rule beyond rows, columns and boxes (or jigsaw regions): the classic ladder.
    Classic,
    /// nc alone: the classic ladder with nc's two rules (2.4, 2.5), uniqueness off.
    NcOnly,
    /// An extra group, anti-knight or anti-king (nc or not): generalized intersections
    /// and naked sets in place of the classic ones, no fish on three strong links,
    /// uniqueness only without anti-knight, anti-king and nc.
    Groups { uniqueness: bool, nc: bool },
}

/// Windoku's row (and column) classes, 0-based: {2,3,4}, {6,7,8} and {1,5,9} in 1-based
/// terms.
const WINDOW_CLASSES: [[usize; 3]; 3] = [[1, 2, 3], [5, 6, 7], [0, 4, 8]];

/// Sukaku Explainer's windoku groups by index: (row class, column class, cells column
/// by column).
const SE_WINDOWS: [(usize, usize, bool); 9] = [
    (0, 0, false),
    (0, 1, false),
    (1, 0, false),
    (1, 1, false),
    (2, 0, false),
    (2, 1, false),
    (0, 2, true),
    (1, 2, true),
    (2, 2, false),
];

/// A knight's moves and a king's diagonal steps as (rows, columns), in the order Sukaku
/// Explainer appends them to a cell's peers.
const KING_STEPS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const KNIGHT_MOVES: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

/// The rules of a 9×9 grid as tables (see the module documentation).
#[derive(Clone, Debug)]
pub struct VariantTables {
    /// The slots the rules use.
    active: u64,
    /// Each slot's cells in Sukaku Explainer's region order (zeros for unused slots).
    cells: [[u8; 9]; SLOTS],
    /// Each used slot's group as the variant engine names it (kind, 0-based index).
    kinds: [Option<(GroupKind, u8)>; SLOTS],
    masks: [CellSet; SLOTS],
    /// The slots holding each cell.
    groups_of: [u64; 81],
    link_peers: [CellSet; 81],
    peers: [CellSet; 81],
    /// Each cell's peers in Sukaku Explainer's order: `peer_list[peer_start[c]..peer_start[c + 1]]`.
    peer_list: Vec<u8>,
    peer_start: [u16; 82],
    neighbours: [CellSet; 81],
    set: TechniqueSet,
    /// The searches' memos of where they found nothing under these rules.
    found_nothing: FoundNothing,
    /// The searches' memos of their own types under these rules.
    memos: TypedMemos,
}

impl VariantTables {
    /// The tables of a 9×9 geometry, or 22023's error for rules the ratings do not take:
    /// killer cages and grids other than 9×9.
    pub fn new(geometry: &Geometry) -> Result<VariantTables, VariantError> {
        let refuse = || VariantError::Unsupported {
            what: "ratings".into(),
            rules: format!("{} on {}", geometry.rules, geometry.shape.name()),
        };
        if geometry.shape.side() != 9 || !geometry.cages.is_empty() {
            return Err(refuse());
        }
        let mut cells = [[0u8; 9]; SLOTS];
        let mut kinds = [None; SLOTS];
        let mut active = 0u64;
        for group in &geometry.groups {
            let slot = slot_of(group.kind, group.index);
            active |= 1 << slot;
            kinds[slot] = Some((group.kind, group.index as u8));
            cells[slot] = std::array::from_fn(|i| group.cells[i] as u8);
        }
        for (se, &(rows, columns, by_column)) in SE_WINDOWS.iter().enumerate() {
            if active >> (36 + se) & 1 == 1 {
                cells[36 + se] = window_cells(rows, columns, by_column);
            }
        }
        // Sukaku Explainer lists the anti-diagonal from r1c9 down; ours from r9c1 up.
        if active >> 46 & 1 == 1 {
            cells[46] = std::array::from_fn(|i| (8 * (i + 1)) as u8);
        }
        let masks = cells.map(|list| list.iter().fold(0, |m, &c| m | 1u128 << c));
        let mut tables = VariantTables {
            active,
            cells,
            kinds,
            masks: std::array::from_fn(|s| if active >> s & 1 == 1 { masks[s] } else { 0 }),
            groups_of: [0; 81],
            link_peers: [0; 81],
            peers: [0; 81],
            peer_list: Vec::new(),
            peer_start: [0; 82],
            neighbours: [0; 81],
            set: technique_set(geometry),
            found_nothing: FoundNothing::default(),
            memos: TypedMemos::default(),
        };
        for c in 0..81 {
            let mine = (0..SLOTS).filter(|&s| tables.masks[s] >> c & 1 == 1);
            tables.groups_of[c] = mine.clone().fold(0, |m, s| m | 1 << s);
            tables.link_peers[c] = mine.fold(0, |m, s| m | tables.masks[s]) & !(1u128 << c);
            let moves = geometry.knight.of(c).iter().chain(geometry.king.of(c));
            tables.peers[c] = moves.fold(tables.link_peers[c], |m, &p| m | 1u128 << p);
            tables.neighbours[c] = mask_of(geometry.neighbours.of(c));
            let order = tables.peer_order_of(c, geometry);
            debug_assert_eq!(
                order.iter().fold(0, |m, &p| m | 1u128 << p),
                tables.peers[c]
            );
            tables.peer_list.extend(order);
            tables.peer_start[c + 1] = tables.peer_list.len() as u16;
        }
        Ok(tables)
    }

    /// The tables of a 9×9 geometry ([`VariantTables::new`]), shared with the last call
    /// on this thread under the same shape and rules (a query rating a table of puzzles
    /// under one set of rules builds them once), with the searches' memos they keep.
    /// The tables are a function of the shape and rules alone, and the memos are exact
    /// under them (`memo::ruled`); tests compare the shared tables' paths with fresh ones'.
    pub fn shared(geometry: &Geometry) -> Result<Rc<VariantTables>, VariantError> {
        thread_local! {
            static LAST: RefCell<Option<(Shape, Rules, Rc<VariantTables>)>> =
                const { RefCell::new(None) };
        }
        let kept = LAST.with_borrow(|last| match last {
            Some((shape, rules, t)) if *shape == geometry.shape && *rules == geometry.rules => {
                Some(Rc::clone(t))
            }
            _ => None,
        });
        if let Some(t) = kept {
            return Ok(t);
        }
        let t = Rc::new(VariantTables::new(geometry)?);
        LAST.set(Some((
            geometry.shape,
            geometry.rules.clone(),
            Rc::clone(&t),
        )));
        Ok(t)
    }

    /// Cell `c`'s peers in Sukaku Explainer's order (`Grid.changeVisibleCells`): its
    /// row's, column's and box's cells ascending (rows and columns alone under jigsaw,
    /// then its region), then the mates in its window (in the window's order), its
    /// disjoint group, the diagonals (ascending), center dot, girandola and asterisk, then
    /// the king's steps and the knight's moves in [`KING_STEPS`] and [`KNIGHT_MOVES`]
    /// order; each cell once.
    fn peer_order_of(&self, c: usize, geometry: &Geometry) -> Vec<u8> {
        let mut order: Vec<u8> = Vec::with_capacity(40);
        // The cells listed so far (and `c`), as a set: each cell once.
        let mut listed: CellSet = 1 << c;
        let mut push = |p: u8| {
            if listed >> p & 1 == 0 {
                listed |= 1 << p;
                order.push(p);
            }
        };
        let classic = self.groups_of[c] & ((1 << 27) - 1);
        let boxes = geometry.rules.regions == Regions::Boxes;
        let first = if boxes {
            classic
        } else {
            classic & ((1 << 18) - 1)
        };
        for p in cells_of(union(&self.masks, first)) {
            push(p as u8);
        }
        let extra_order = [
            classic & !first,
            self.groups_of[c] & range_bits(GroupType::Window.slots()),
            self.groups_of[c] & range_bits(GroupType::DisjointGroup.slots()),
        ];
        for slots in extra_order {
            for s in bits_of(slots) {
                self.cells[s].iter().for_each(|&p| push(p));
            }
        }
        let diagonals = self.groups_of[c] & range_bits(45..47);
        for p in cells_of(union(&self.masks, diagonals)) {
            push(p as u8);
        }
        for s in [49, 47, 48] {
            if self.groups_of[c] >> s & 1 == 1 {
                self.cells[s].iter().for_each(|&p| push(p));
            }
        }
        let (row, col) = ((c / 9) as i32, (c % 9) as i32);
        for (steps, on) in [
            (&KING_STEPS[..], geometry.rules.anti_king),
            (&KNIGHT_MOVES[..], geometry.rules.anti_knight),
        ] {
            for &(dr, dc) in steps.iter().filter(|_| on) {
                let (r, k) = (row + dr, col + dc);
                if (0..9).contains(&r) && (0..9).contains(&k) {
                    push((r * 9 + k) as u8);
                }
            }
        }
        order
    }

    /// The searches' memos of where they found nothing under these rules.
    pub(crate) fn found_nothing(&self) -> &FoundNothing {
        &self.found_nothing
    }

    /// The searches' memos of their own types under these rules.
    pub(crate) fn memos(&self) -> &TypedMemos {
        &self.memos
    }

    /// Forgets the searches' memos (benchmarks rating a puzzle again from a cold start).
    pub fn forget_search_memos(&self) {
        self.found_nothing.forget();
        self.memos.forget();
    }

    pub fn technique_set(&self) -> TechniqueSet {
        self.set
    }

    /// The slots the rules use (bit `s` for slot `s`).
    pub fn active_slots(&self) -> u64 {
        self.active
    }

    /// A slot's cells in Sukaku Explainer's region order.
    pub fn group_cells(&self, slot: usize) -> &[u8; 9] {
        &self.cells[slot]
    }

    /// The kind of a used slot's group and its index within the kind (0-based).
    pub fn slot_kind(&self, slot: usize) -> Option<(GroupKind, usize)> {
        self.kinds[slot].map(|(kind, index)| (kind, usize::from(index)))
    }

    /// A used slot's name in messages ("box 3", "region 3", "window 3", "the main
    /// diagonal", ...).
    pub fn slot_name(&self, slot: usize) -> String {
        self.slot_kind(slot)
            .map_or_else(|| format!("group {slot}"), |(k, i)| k.group_name(i))
    }

    /// A used slot's name in SQL's `units` column, as classic steps name theirs (`row 1`,
    /// `col 1`, `box 1`): `region 1`, `window 1`, `disjoint_group 1`, and the single
    /// groups by their kind's name alone (`main_diagonal`, `anti_diagonal`, `girandola`,
    /// `asterisk`, `center_dot`).
    pub fn slot_label(&self, slot: usize) -> String {
        match self.slot_kind(slot) {
            None => format!("group {}", slot + 1),
            Some((
                kind @ (GroupKind::DiagonalDown
                | GroupKind::DiagonalUp
                | GroupKind::Girandola
                | GroupKind::Asterisk
                | GroupKind::CenterDot),
                _,
            )) => kind.snake_name().into(),
            Some((kind, i)) => format!("{} {}", kind.snake_name(), i + 1),
        }
    }

    /// A slot's cells as a set (empty for a slot the rules do not use).
    pub fn group_mask(&self, slot: usize) -> CellSet {
        self.masks[slot]
    }

    /// The slots holding cell `c`.
    pub fn groups_of(&self, c: usize) -> u64 {
        self.groups_of[c]
    }

    /// The cells sharing a group with `c`.
    pub fn link_peers(&self, c: usize) -> CellSet {
        self.link_peers[c]
    }

    /// Every cell that must hold another digit than `c`: link peers, knight's moves,
    /// king's steps.
    pub fn peers(&self, c: usize) -> CellSet {
        self.peers[c]
    }

    /// How cell `a` sees its peer `b`, for sentences: the first group holding both
    /// ("row 1", "the main diagonal", "window 3"), else "a knight's move" or "a king's
    /// step".
    pub fn seen_through(&self, a: usize, b: usize) -> String {
        let shared = self.groups_of[a] & self.groups_of[b];
        if shared != 0 {
            return self.slot_name(shared.trailing_zeros() as usize);
        }
        let (dr, dc) = ((a / 9).abs_diff(b / 9), (a % 9).abs_diff(b % 9));
        if dr == 1 && dc == 1 {
            "a king's step".into()
        } else {
            "a knight's move".into()
        }
    }

    /// Every cell's [`VariantTables::peers`], indexed by cell.
    pub fn peer_masks(&self) -> &[CellSet; 81] {
        &self.peers
    }

    /// [`VariantTables::peers`] in Sukaku Explainer's order (its wings read them so).
    pub fn peer_order(&self, c: usize) -> &[u8] {
        &self.peer_list[usize::from(self.peer_start[c])..usize::from(self.peer_start[c + 1])]
    }

    /// The cells orthogonally next to `c` under nc (none without it).
    pub fn neighbours(&self, c: usize) -> CellSet {
        self.neighbours[c]
    }

    /// Puts `digit` in the blank `cell` of `m` under the rules ([`Marks::place`] for
    /// classic): the cell loses its candidates, every peer loses the digit, and under nc
    /// the orthogonal neighbours lose the digits one above and one below it (Sukaku
    /// Explainer's `Cell.setValueAndCancel`).
    pub fn place(&self, m: &mut Marks, cell: usize, digit: u8) {
        m.values[cell] = digit;
        m.cands[cell] = 0;
        let bit = 1u16 << (digit - 1);
        for p in cells_of(self.peers[cell]) {
            m.cands[p] &= !bit;
        }
        let consecutive = (bit << 1 | bit >> 1) & 0x1ff;
        for p in cells_of(self.neighbours[cell]) {
            m.cands[p] &= !consecutive;
        }
    }

    /// Applies a step under the rules ([`Step::apply`] for classic): its placements by
    /// [`VariantTables::place`], then its eliminations.
    pub fn apply(&self, step: &Step, m: &mut Marks) {
        for p in &step.placements {
            if m.values[usize::from(p.cell)] == 0 {
                self.place(m, usize::from(p.cell), p.digit);
            }
        }
        for e in &step.eliminations {
            m.eliminate(usize::from(e.cell), e.digit);
        }
    }

    /// The pencil marks of a 9×9 grid's digits (0 for a blank) under the rules: every
    /// digit placed by [`VariantTables::place`]. The digits must obey the rules
    /// (`variant::check_givens`).
    pub fn marks_of(&self, digits: &[u8]) -> Marks {
        let mut m = Marks {
            size: crate::grid::Size::Nine,
            values: [0; crate::grid::CELLS],
            cands: [0; crate::grid::CELLS],
        };
        m.cands[..81].fill(0x1ff);
        for (cell, &d) in digits.iter().enumerate().take(81) {
            if d != 0 {
                self.place(&mut m, cell, d);
            }
        }
        m
    }
}

/// For tests: the tables of a 9×9 grid under rules written as text (`"x,anti-knight"`).
#[cfg(test)]
pub(crate) fn tables_of(text: &str) -> VariantTables {
    let rules = crate::variant::Rules::parse(text).unwrap();
    let geometry = Geometry::new(crate::variant::Shape::NINE, &rules).unwrap();
    VariantTables::new(&geometry).unwrap()
}

/// The slot of a group of the variant engine's geometry.
fn slot_of(kind: GroupKind, index: usize) -> usize {
    match kind {
        GroupKind::Row => index,
        GroupKind::Column => 9 + index,
        GroupKind::Box | GroupKind::Region => 18 + index,
        GroupKind::DisjointGroup => 27 + index,
        // Ours number the four shaded windows first, then the implied groups.
        GroupKind::Window => 36 + [0, 1, 2, 3, 8, 4, 5, 6, 7][index],
        GroupKind::DiagonalDown => 45,
        GroupKind::DiagonalUp => 46,
        GroupKind::Girandola => 47,
        GroupKind::Asterisk => 48,
        GroupKind::CenterDot => 49,
    }
}

/// The cells of the windoku group of row class `rows` and column class `columns`, row by
/// row or column by column.
fn window_cells(rows: usize, columns: usize, by_column: bool) -> [u8; 9] {
    std::array::from_fn(|i| {
        let (a, b) = (i / 3, i % 3);
        let (r, c) = if by_column { (b, a) } else { (a, b) };
        (WINDOW_CLASSES[rows][r] * 9 + WINDOW_CLASSES[columns][c]) as u8
    })
}

/// The technique set of a geometry's rules.
fn technique_set(geometry: &Geometry) -> TechniqueSet {
    let r = &geometry.rules;
    let groups = r.diagonal_down
        || r.diagonal_up
        || r.windoku
        || r.disjoint_groups
        || r.girandola
        || r.asterisk
        || r.center_dot;
    let anti_chess = r.anti_knight || r.anti_king;
    match (groups || anti_chess, r.non_consecutive) {
        (false, false) => TechniqueSet::Classic,
        (false, true) => TechniqueSet::NcOnly,
        (true, nc) => TechniqueSet::Groups {
            uniqueness: !(anti_chess || nc),
            nc,
        },
    }
}

fn mask_of(cells: &[u16]) -> CellSet {
    cells.iter().fold(0, |m, &c| m | 1u128 << c)
}

const fn range_bits(slots: std::ops::Range<usize>) -> u64 {
    // The bits `start..end` at once (the ranges lie within 0..50).
    ((1u64 << (slots.end - slots.start)) - 1) << slots.start
}

fn union(masks: &[CellSet; SLOTS], slots: u64) -> CellSet {
    bits_of(slots).fold(0, |m, s| m | masks[s])
}

/// The slots of a set of slots (bit `s`), ascending.
pub(crate) fn bits_of(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            s
        })
    })
}

#[cfg(test)]
mod tests;
