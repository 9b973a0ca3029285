//! Two strong links on one digit joined by a weak link: skyscraper (two rows or two
//! columns, 4.0), two-string kite (a row and a column, 4.1), turbot fish (a box and a
//! line or two boxes, 4.2), and their grouped forms, where one side of a link is a group
//! of cells (a line whose candidates lie in two boxes, or a box whose candidates lie on
//! one row and one column: an empty rectangle), 4.3 — as Sukaku Explainer's "turbot fish"
//! producer rates them, taking the easiest pattern (then the most eliminations).
//!
//! A strong link in a unit splits the digit's candidates there into two nodes, one of
//! which holds the digit. With links A1=A2 and B1=B2 whose bridge nodes A2 and B2 lie in
//! one unit, A2 and B2 cannot both hold it, so A1 or B1 does: every cell seeing all of A1
//! and all of B1 loses the digit.
//!
//! Under a variant's rules, `variant` (re-exported as [`turbot_fish_in`]) looks for the
//! same patterns over every group, as Sukaku Explainer does, and under jigsaw regions
//! for the three strong links with the regions in place of the boxes
//! ([`three_strong_links_in`]).

mod three_step;
mod variant;
use three_step::three_links_step_of;
pub use variant::{three_strong_links_in, turbot_fish_in};

use crate::grid::Size;
use crate::logic::context::*;
use crate::logic::geometry::*;
use crate::logic::marks::Marks;
use crate::logic::memo::{found_nothing, slots};
use crate::logic::step::{eliminations_of, make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

#[derive(Clone, Copy)]
struct Link {
    unit: usize,
    a: CellSet,
    b: CellSet,
}

/// The strong links of a digit (candidate set `dc`; `places(u)`: its places in unit `u`
/// as a mask of positions, to count them), at most a few per unit.
fn links(size: Size, dc: CellSet, places: impl Fn(usize) -> u32, out: &mut Vec<Link>) {
    out.clear();
    let n = size.n();
    let side = size.box_side();
    for u in 0..3 * n {
        let count = count9(places(u));
        if count < 2 {
            continue;
        }
        let p = dc & unit_mask(size, u);
        let kind = unit_kind_index(size, u);
        if count == 2 {
            let a = p & p.wrapping_neg();
            let b = p & !a;
            // Two places of a box on one line are that line's link (Sukaku Explainer
            // rates the pattern by the line).
            let (ca, cb) = (a.trailing_zeros() as usize, b.trailing_zeros() as usize);
            if kind == 2 && (size.row(ca) == size.row(cb) || size.col(ca) == size.col(cb)) {
                continue;
            }
            out.push(Link { unit: u, a, b });
            continue;
        }
        if kind < 2 {
            if count > 6 {
                continue;
            }
            // A line: its candidates in exactly two of the boxes it crosses.
            let mut segments = [0u128; 3];
            let mut used = 0;
            for (s, seg) in segments.iter_mut().enumerate().take(n / side) {
                let first = size.unit_cells(u)[s * side] as usize;
                *seg = p & unit_mask(size, 2 * n + size.box_(first));
                if *seg != 0 {
                    used += 1;
                }
            }
            if used == 2 {
                let mut nonempty = segments.iter().copied().filter(|&s| s != 0);
                let (a, b) = (nonempty.next().unwrap_or(0), nonempty.next().unwrap_or(0));
                out.push(Link { unit: u, a, b });
            }
        } else {
            if count > 5 {
                continue;
            }
            // A box: its candidates on one row and one column of it (an empty rectangle),
            // with candidates on both outside their crossing.
            for heart in cells_of(unit_mask(size, u)) {
                let row = unit_mask(size, size.row(heart));
                let col = unit_mask(size, n + size.col(heart));
                if p & !(row | col) != 0 {
                    continue;
                }
                let blade_row = p & row & !(1u128 << heart);
                let blade_col = p & col & !(1u128 << heart);
                if blade_row == 0 || blade_col == 0 {
                    continue;
                }
                let heart_bit = p & (1u128 << heart);
                let (row_single, col_single) = (
                    blade_row & blade_row.wrapping_sub(1) == 0,
                    blade_col & blade_col.wrapping_sub(1) == 0,
                );
                if row_single {
                    out.push(Link {
                        unit: u,
                        a: blade_row,
                        b: blade_col | heart_bit,
                    });
                }
                if col_single {
                    out.push(Link {
                        unit: u,
                        a: blade_col,
                        b: blade_row | heart_bit,
                    });
                }
                if heart_bit == 0 && !row_single && !col_single {
                    out.push(Link {
                        unit: u,
                        a: blade_row,
                        b: blade_col,
                    });
                }
                break;
            }
        }
    }
}

/// The cells that see every cell of `set`.
fn seeing_all(size: Size, set: CellSet) -> CellSet {
    let mut seen = !0u128;
    for c in cells_of(set) {
        seen &= peers(size, c);
    }
    seen
}

/// The units (bit `u` for unit `u`) holding every cell of the non-empty `set`. Two sets
/// lie together in one unit exactly when their covers intersect, since a unit holding
/// their union holds each.
fn covering_units(size: Size, set: CellSet) -> u32 {
    let first = set.trailing_zeros() as usize;
    let units = match size {
        // The 9×9 units of a cell without divisions by a size known only at run time.
        Size::Nine => {
            let (row, col) = (first / 9, first % 9);
            [row, 9 + col, 18 + row / 3 * 3 + col / 3]
        }
        Size::Four => size.units_of(first),
    };
    let mut cover = 0;
    for u in units {
        if set & !unit_mask(size, u) == 0 {
            cover |= 1 << u;
        }
    }
    cover
}

/// A link's two nodes with what the searches ask of each, computed once per link:
/// index 0 is the link's `a`, index 1 its `b`.
#[derive(Clone, Copy)]
struct LinkNodes {
    /// Both nodes' cells.
    cells: CellSet,
    /// [`covering_units`] of each node.
    cover: [u32; 2],
    /// [`seeing_all`] of each node.
    seen: [CellSet; 2],
    /// Whether either node has several cells (a grouped link).
    grouped: bool,
}

fn link_nodes(size: Size, l: &Link) -> LinkNodes {
    LinkNodes {
        cells: l.a | l.b,
        cover: [covering_units(size, l.a), covering_units(size, l.b)],
        seen: [seeing_all(size, l.a), seeing_all(size, l.b)],
        grouped: l.a & l.a.wrapping_sub(1) != 0 || l.b & l.b.wrapping_sub(1) != 0,
    }
}

/// A digit's strong links with what both searches ask of them, built once per digit.
/// A link's two "codes" 2i + s name its orientations: s = 0 takes its `a` as the
/// pattern's end and its `b` as the bridge, s = 1 the reverse. A digit has at most one
/// link per line and two per box (36 on 9×9), so the codes fit 128 bits; ascending codes
/// are the searches' order (link, then side).
struct DigitLinks {
    all: Vec<Link>,
    nodes: Vec<LinkNodes>,
    /// Bit `code` of `by_unit[u]` when that code's bridge lies wholly in unit u.
    by_unit: [u128; 27],
    /// `reach[code]`: the digit's candidates outside the link seeing its end (every
    /// elimination sees the ends).
    reach: [CellSet; 72],
    /// The codes whose `reach` is not empty.
    reaching: u128,
    /// `with[i]`: the codes of the links that can share a pattern with link i (another
    /// unit, no common cell).
    with: [u128; 36],
    /// Bit i when link i is grouped.
    grouped: u64,
}

impl DigitLinks {
    fn new() -> DigitLinks {
        DigitLinks {
            all: Vec::with_capacity(64),
            nodes: Vec::with_capacity(64),
            by_unit: [0; 27],
            reach: [0; 72],
            reaching: 0,
            with: [0; 36],
            grouped: 0,
        }
    }

    /// Fills the tables for `digit` (its candidate cells and places from the position's
    /// [`Context`]); false (tables not filled) when it has fewer than `min` links.
    fn fill(&mut self, size: Size, ctx: &Context, digit: u8, min: usize) -> bool {
        let dc = ctx.dcs[digit as usize - 1];
        links(size, dc, |u| ctx.pos[u][digit as usize - 1], &mut self.all);
        let count = self.all.len();
        if count < min {
            return false;
        }
        debug_assert!(count <= 36);
        self.nodes.clear();
        self.nodes
            .extend(self.all.iter().map(|l| link_nodes(size, l)));
        self.by_unit = [0; 27];
        self.reaching = 0;
        self.grouped = 0;
        for (i, nd) in self.nodes.iter().enumerate() {
            for side in 0..2 {
                let code = 2 * i + side;
                for u in bits(nd.cover[1 - side]) {
                    self.by_unit[u] |= 1u128 << code;
                }
                self.reach[code] = dc & nd.seen[side] & !nd.cells;
                if self.reach[code] != 0 {
                    self.reaching |= 1u128 << code;
                }
            }
            if nd.grouped {
                self.grouped |= 1 << i;
            }
        }
        // The codes of the links in each unit and of those holding each cell: link i
        // goes with every other link but those of its unit and those meeting its cells.
        let mut in_unit = [0u128; 27];
        let mut at_cell = [0u128; 81];
        for (i, l) in self.all.iter().enumerate() {
            in_unit[l.unit] |= 3u128 << (2 * i);
            for c in cells_of(self.nodes[i].cells) {
                at_cell[c] |= 3u128 << (2 * i);
            }
        }
        let every = (1u128 << (2 * count)) - 1;
        for (i, l) in self.all.iter().enumerate() {
            let mut clash = in_unit[l.unit];
            for c in cells_of(self.nodes[i].cells) {
                clash |= at_cell[c];
            }
            self.with[i] = every & !clash;
        }
        true
    }

    /// The codes whose bridge shares a unit with a node covered by the units `cover`.
    #[inline]
    fn joinable(&self, cover: u32) -> u128 {
        bits(cover).fold(0u128, |sides, u| sides | self.by_unit[u])
    }
}

/// Every digit's [`DigitLinks`], kept per thread with the candidate cells they were
/// built from (9×9): the turbot fish and the three strong links of a position build each
/// digit's tables once, and a later position where a digit's cells are unchanged reuses
/// them. The tables are a function of the digit's candidate cells alone.
struct LinkTables {
    keys: [CellSet; 9],
    tables: Vec<DigitLinks>,
}

/// Never a key (keys use the low 81 bits).
const NO_TABLES: CellSet = CellSet::MAX;

impl Default for LinkTables {
    fn default() -> Self {
        LinkTables {
            keys: [NO_TABLES; 9],
            tables: (0..9).map(|_| DigitLinks::new()).collect(),
        }
    }
}

/// Kept in a `memo::slots` slot; forgetting drops the keys (the tables are rebuilt).
impl slots::Memo for LinkTables {
    fn forget(&mut self) {
        self.keys = [NO_TABLES; 9];
    }
    fn is_forgotten(&self) -> bool {
        self.keys == [NO_TABLES; 9]
    }
}

impl LinkTables {
    /// The tables of `digit` when it has at least `min` (2 or more) links.
    fn get(&mut self, size: Size, ctx: &Context, digit: u8, min: usize) -> Option<&DigitLinks> {
        let d = digit as usize - 1;
        let dc = ctx.dcs[d];
        if size != Size::Nine || self.keys[d] != dc {
            // Filled whenever the digit has two links, the fewest a search asks for.
            self.tables[d].fill(size, ctx, digit, 2);
            self.keys[d] = if size == Size::Nine { dc } else { NO_TABLES };
        }
        let t = &self.tables[d];
        (t.all.len() >= min).then_some(t)
    }
}

/// The node of `l` at index `side` (0 its `a`, 1 its `b`) and the other one.
#[inline]
fn oriented(l: &Link, side: usize) -> (CellSet, CellSet) {
    if side == 0 {
        (l.a, l.b)
    } else {
        (l.b, l.a)
    }
}

fn kind_rating(size: Size, u1: usize, u2: usize) -> u16 {
    let k1 = unit_kind_index(size, u1);
    let k2 = unit_kind_index(size, u2);
    if k1 == 2 || k2 == 2 {
        42
    } else if k1 == k2 {
        40
    } else {
        41
    }
}

/// The easiest two-strong-link pattern (skyscraper, two-string kite, turbot fish, grouped
/// forms), the one with the most eliminations among equals.
pub fn turbot_fish(m: &Marks) -> Option<Step> {
    turbot_fish_with(m, &Context::new(m))
}

/// The best turbot fish met so far: its rating, its eliminations' count, its digit
/// and its two links (each from its end `a` to its bridge `b`).
struct TurbotBest {
    rating: u16,
    eliminations: u32,
    digit: u8,
    l1: Link,
    l2: Link,
}

impl TurbotBest {
    /// The order of patterns: the easiest first, then the one with most eliminations.
    fn key(&self) -> (u16, i32) {
        (self.rating, -(self.eliminations as i32))
    }
}

/// [`turbot_fish`] with the position's [`Context`] (its digits' candidate cells).
pub(crate) fn turbot_fish_with(m: &Marks, ctx: &Context) -> Option<Step> {
    let size = m.size;
    let dcs = &ctx.dcs;
    let mut best: Option<TurbotBest> = None;
    let nine = size == Size::Nine;
    slots::with(|tables: &mut LinkTables| {
        for digit in 1..=size.n() as u8 {
            let dc = dcs[digit as usize - 1];
            // A digit that held nothing with these candidate cells holds nothing now.
            if nine
                && found_nothing::digit_known(
                    found_nothing::slot::TURBOT_FISH,
                    digit as usize - 1,
                    dc,
                )
            {
                continue;
            }
            let Some(dl) = tables.get(size, ctx, digit, 2) else {
                continue;
            };
            let DigitLinks {
                all,
                nodes,
                reach,
                reaching,
                with,
                ..
            } = dl;
            for i in 0..all.len() {
                // The later links with an orientation whose bridge shares a unit with one of
                // link i's bridges, whose ends some candidate sees: the only partners that
                // can eliminate (as bits 2j of the codes).
                let mut partners = 0u128;
                for side1 in 0..2 {
                    let code1 = 2 * i + side1;
                    if reach[code1] != 0 {
                        partners |= dl.joinable(nodes[i].cover[1 - side1]);
                    }
                }
                partners &= with[i] & reaching & !((4u128 << (2 * i)) - 1);
                partners = (partners | partners >> 1) & 0x5555_5555_5555_5555_5555_5555_5555_5555;
                for j in cells_of(partners).map(|code| code / 2) {
                    let (l1, l2) = (all[i], all[j]);
                    let (n1, n2) = (&nodes[i], &nodes[j]);
                    let rating = if n1.grouped || n2.grouped {
                        43
                    } else {
                        kind_rating(size, l1.unit, l2.unit)
                    };
                    if let Some(b) = &best {
                        if b.rating < rating {
                            continue;
                        }
                    }
                    let outside = dc & !(n1.cells | n2.cells);
                    // Side 0 takes the link's `a` as its end and `b` as its bridge, side 1
                    // the reverse.
                    for side1 in 0..2 {
                        for side2 in 0..2 {
                            if n1.cover[1 - side1] & n2.cover[1 - side2] == 0 {
                                continue;
                            }
                            let elim = outside & n1.seen[side1] & n2.seen[side2];
                            if elim == 0 {
                                continue;
                            }
                            let key = (rating, -(elim.count_ones() as i32));
                            if best.as_ref().is_none_or(|b| key < b.key()) {
                                let (end1, bridge1) = oriented(&l1, side1);
                                let (end2, bridge2) = oriented(&l2, side2);
                                best = Some(TurbotBest {
                                    rating,
                                    eliminations: elim.count_ones(),
                                    digit,
                                    l1: Link {
                                        unit: l1.unit,
                                        a: end1,
                                        b: bridge1,
                                    },
                                    l2: Link {
                                        unit: l2.unit,
                                        a: end2,
                                        b: bridge2,
                                    },
                                });
                            }
                        }
                    }
                }
            }
            // Nothing found with no best to prune by: the digit holds nothing at all.
            if nine && best.is_none() {
                found_nothing::digit_record(
                    found_nothing::slot::TURBOT_FISH,
                    digit as usize - 1,
                    dc,
                );
            }
        }
    });
    let TurbotBest {
        rating,
        digit,
        l1,
        l2,
        ..
    } = best?;
    let (end1, end2) = (l1.a, l2.a);
    let dc = dcs[digit as usize - 1];
    let elim = dc & seeing_all(size, end1) & seeing_all(size, end2) & !(l1.a | l1.b | l2.a | l2.b);
    let eliminations = eliminations_of(m, elim, digit);
    let (technique, name) = match rating {
        40 => (Technique::Skyscraper, "Skyscraper"),
        41 => (Technique::TwoStringKite, "Two-string kite"),
        42 => (Technique::TurbotFish, "Turbot fish"),
        _ => (Technique::TurbotFish, "Grouped turbot fish"),
    };
    let explanation = sentence!(
        "{} on {}: in {} it is in {} or {}, in {} in {} or {}, and {} and {} share a unit; so {} or {} holds it ({}).",
        name,
        digit,
        unit_name(size, l1.unit),
        cell_list(size, cells_of(l1.a)),
        cell_list(size, cells_of(l1.b)),
        unit_name(size, l2.unit),
        cell_list(size, cells_of(l2.a)),
        cell_list(size, cells_of(l2.b)),
        cell_list(size, cells_of(l1.b)),
        cell_list(size, cells_of(l2.b)),
        cell_list(size, cells_of(end1)),
        cell_list(size, cells_of(end2)),
        elimination_text(size, &eliminations)
    );
    Some(make_step(StepParts {
        technique,
        rating,
        placements: Vec::new(),
        eliminations,
        cells: l1.a | l1.b | l2.a | l2.b,
        units: vec![l1.unit as u8, l2.unit as u8],
        digits: 1 << (digit - 1),
        explanation,
    }))
}

/// The easiest chain of three strong links on one digit (two weak links between them),
/// then the one with the most eliminations: with links E1=B1, X=Y, B3=E3, B1 seeing X
/// and Y seeing B3 (through a unit holding both nodes), E1 or E3 holds the digit.
/// Rated as Sukaku Explainer's "3 strong-linked fishes": 5.4 when all three links are in
/// parallel lines, 5.5 when one is in a box, 5.6 when rows and columns mix, 5.7 when a
/// link is grouped.
pub fn three_strong_links(m: &Marks) -> Option<Step> {
    three_strong_links_with(m, &Context::new(m))
}

/// The best chain of three strong links met so far: its rating, its eliminations'
/// count, its digit and its links in chain order (end, bridge; the middle as x, y;
/// bridge, end).
struct ThreeLinks {
    rating: u16,
    eliminations: u32,
    digit: u8,
    chain: [Link; 3],
}

impl ThreeLinks {
    /// The order of chains: the easiest first, then the one with most eliminations.
    fn key(&self) -> (u16, i32) {
        (self.rating, -(self.eliminations as i32))
    }
}

/// [`three_strong_links`] with the position's [`Context`] (its digits' candidate cells).
pub(crate) fn three_strong_links_with(m: &Marks, ctx: &Context) -> Option<Step> {
    let size = m.size;
    let dcs = &ctx.dcs;
    let mut best: Option<ThreeLinks> = None;
    let nine = size == Size::Nine;
    slots::with(|tables: &mut LinkTables| {
        for digit in 1..=size.n() as u8 {
            let dc = dcs[digit as usize - 1];
            // A digit that held nothing with these candidate cells holds nothing now.
            if nine
                && found_nothing::digit_known(
                    found_nothing::slot::THREE_STRONG_LINKS,
                    digit as usize - 1,
                    dc,
                )
            {
                continue;
            }
            // Three links to chain: fewer, nothing.
            let Some(dl) = tables.get(size, ctx, digit, 3) else {
                continue;
            };
            for mid in 0..dl.all.len() {
                three_links_around(size, dl, digit, mid, &mut best);
            }
            // Nothing found with no best to prune by: the digit holds nothing at all.
            if nine && best.is_none() {
                found_nothing::digit_record(
                    found_nothing::slot::THREE_STRONG_LINKS,
                    digit as usize - 1,
                    dc,
                );
            }
        }
    });
    let best = best?;
    Some(three_links_step(m, dcs, &best))
}

/// The chains of three strong links of `digit` whose middle link is `dl.all[mid]`,
/// offered to `best` in the search's order (a later one replaces it only when strictly
/// easier, or as easy with more eliminations).
fn three_links_around(
    size: Size,
    dl: &DigitLinks,
    digit: u8,
    mid: usize,
    best: &mut Option<ThreeLinks>,
) {
    let DigitLinks {
        all,
        nodes,
        reach,
        reaching,
        with,
        grouped,
        ..
    } = dl;
    let (reach, reaching, with, grouped) = (reach, *reaching, with, *grouped);
    let joinable = |cover: u32| dl.joinable(cover);
    let n2 = &nodes[mid];
    let usable = with[mid] & reaching;
    if usable == 0 {
        return;
    }
    // Side 0: x is the middle link's `a`, y its `b`; side 1 the reverse.
    for side2 in 0..2 {
        let (cover_x, cover_y) = (n2.cover[side2], n2.cover[1 - side2]);
        // The third links joinable to y and the first links whose bridge b1
        // shares a unit with x, in the order the search tries them.
        let thirds = joinable(cover_y) & usable;
        if thirds == 0 {
            continue;
        }
        let mut reach_any = 0u128;
        for code in cells_of(thirds) {
            reach_any |= reach[code];
        }
        reach_any &= !n2.cells;
        for code1 in cells_of(joinable(cover_x) & usable) {
            let i = code1 / 2;
            // The candidates outside the first two links seeing e1: the
            // eliminations are those of them that also see e3.
            let seeing_e1 = reach[code1] & !n2.cells;
            // No third link's reach meets it: no elimination with this first link.
            if seeing_e1 & reach_any == 0 {
                continue;
            }
            for code3 in cells_of(thirds & with[i]) {
                let elim = seeing_e1 & reach[code3];
                if elim == 0 {
                    continue;
                }
                let j = code3 / 2;
                let is_grouped = grouped & (1 << i | 1 << mid | 1 << j) != 0;
                let kinds =
                    [all[i].unit, all[mid].unit, all[j].unit].map(|u| unit_kind_index(size, u));
                let rating = if is_grouped {
                    57
                } else if kinds.contains(&2) {
                    55
                } else if kinds.contains(&0) && kinds.contains(&1) {
                    56
                } else {
                    54
                };
                let key = (rating, -(elim.count_ones() as i32));
                if best.as_ref().is_none_or(|b| key < b.key()) {
                    let (l1, l2, l3) = (&all[i], &all[mid], &all[j]);
                    let (e1, b1) = oriented(l1, code1 % 2);
                    let (x, y) = oriented(l2, side2);
                    let (e3, b3) = oriented(l3, code3 % 2);
                    *best = Some(ThreeLinks {
                        rating,
                        eliminations: elim.count_ones(),
                        digit,
                        chain: [
                            Link {
                                unit: l1.unit,
                                a: e1,
                                b: b1,
                            },
                            Link {
                                unit: l2.unit,
                                a: x,
                                b: y,
                            },
                            Link {
                                unit: l3.unit,
                                a: b3,
                                b: e3,
                            },
                        ],
                    });
                }
            }
        }
    }
}

/// The step of the best chain of three strong links.
fn three_links_step(m: &Marks, dcs: &[CellSet; 9], best: &ThreeLinks) -> Step {
    let size = m.size;
    let (rating, digit, chain) = (best.rating, best.digit, &best.chain);
    let dc = dcs[digit as usize - 1];
    let used = chain.iter().fold(0u128, |s, l| s | l.a | l.b);
    let (e1, e3) = (chain[0].a, chain[2].b);
    let victims = dc & seeing_all(size, e1) & seeing_all(size, e3) & !used;
    let links = chain.map(|l| (l.a, l.b, l.unit, unit_name(size, l.unit)));
    three_links_step_of(m, (digit, rating), links, victims, "units")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::*;

    fn grid_with(digit_cells: &[(usize, usize)], digit: char) -> Marks {
        let mut cands: Vec<String> = vec!["12".to_string(); 81];
        for &(r, c) in digit_cells {
            cands[r * 9 + c].push(digit);
        }
        marks_from_candidates(&cands.join(" "))
    }

    #[test]
    fn skyscraper_on_two_rows() {
        // 5 in row 1 at c1, c5 and in row 5 at c1, c6: one of r1c5, r5c6 holds it, so
        // r2c6 (box 2, column 6) and r6c5 (column 5, box 5) lose it.
        let m = grid_with(&[(0, 0), (0, 4), (4, 0), (4, 5), (1, 5), (5, 4)], '5');
        let s = turbot_fish(&m).unwrap();
        assert_eq!(s.technique, Technique::Skyscraper);
        assert_eq!(s.rating, 40);
        assert_eq!(
            s.eliminations,
            vec![cand(Size::Nine, 1, 5, 5), cand(Size::Nine, 5, 4, 5)]
        );
    }

    #[test]
    fn turbot_fish_with_a_box_link() {
        // 5 in box 1 only at r1c1 and r3c2; in column 5 only at r1c5 and r7c5; row 1 also
        // at r1c8, column 2 also at r7c2 and r8c2 (so neither is a plain link). Box 1's
        // link and column 5's, joined in row 1, leave r3c2 or r7c5: r7c2 loses 5 (or, the
        // same way through row 7 and box 1, r1c5 does).
        let m = grid_with(
            &[(0, 0), (2, 1), (0, 4), (6, 4), (0, 7), (6, 1), (7, 1)],
            '5',
        );
        let s = turbot_fish(&m).unwrap();
        assert_eq!(s.technique, Technique::TurbotFish);
        assert_eq!(s.rating, 42);
        assert_eq!(s.eliminations.len(), 1);
        assert!([cand(Size::Nine, 6, 1, 5), cand(Size::Nine, 0, 4, 5)].contains(&s.eliminations[0]));
    }

    /// The places of 5 of [`three_strong_links_on_parallel_rows`] (row, column; 0-based).
    pub(in crate::logic::techniques::strong_links) const THREE_LINKS_FIVES: [(usize, usize); 13] = [
        (0, 0),
        (0, 3),
        (3, 3),
        (3, 6),
        (6, 6),
        (6, 1),
        (1, 1),
        (1, 3),
        (2, 3),
        (4, 6),
        (5, 6),
        (8, 3),
        (8, 6),
    ];

    #[test]
    fn three_strong_links_on_parallel_rows() {
        // Rows 1, 4, 7 each hold 5 twice: r1c1=r1c4, r4c4=r4c7, r7c7=r7c2 ... with columns
        // joining them (c4: r1c4-r4c4, c7: r4c7-r7c7) crowded so that no two-link pattern
        // applies; ends r1c1 and r7c2 are both seen by r2c2? r2c2 sees r1c1 (box 1) and
        // r7c2 (column 2).
        let m = grid_with(&THREE_LINKS_FIVES, '5');
        assert!(turbot_fish(&m).is_none() || turbot_fish(&m).unwrap().rating >= 40);
        let s = three_strong_links(&m).unwrap();
        assert_eq!(s.technique, Technique::StrongLinks(3));
        assert!(s.rating >= 54 && s.rating <= 57);
        // Sound against any placement consistent with the links: the ends' common peers.
        assert!(!s.eliminations.is_empty());
    }

    #[test]
    fn nothing_without_links_seeing_each_other() {
        let m = grid_with(&[(0, 0), (0, 4), (4, 2), (4, 7)], '5');
        assert_eq!(turbot_fish(&m), None);
    }
}
