//! Three strong links on one digit under jigsaw regions (issue 36): the classic
//! "3 strong-linked fishes" (`strong_links::three_strong_links`, 5.4-5.7) with the regions
//! in place of the boxes. Sukaku Explainer has no jigsaw, so this is ours, built as the
//! classic search over the rules' rows, columns and regions (slots 0 to 26, numbered as
//! the classic units): where the regions are the boxes it takes the classic search's
//! step (test `with_boxes_for_regions_it_is_the_classic_search`).
//!
//! A digit's strong links, group by group in slot order: a group's two places (but a
//! region's two places on one row or column, which are that line's link); a row's or
//! column's three to six places lying in exactly two regions (its two parts, in the
//! line's order); a region's three to five places on the row and column through one of
//! its cells, the first such *heart* in cell order with places on both beside it (the
//! classic empty rectangle: a single place on the row is one node and the column's
//! places with the heart's the other, and the same the other way; two blades of several
//! cells with no place at the heart are the two nodes).
//!
//! Three links in three groups with no cell in common, chained E1 = B1, X = Y, B3 = E3
//! where B1 and X lie together in a group, and Y and B3 too: if E1 lacks the digit B1
//! holds it, so X does not and Y does, so B3 does not and E3 does; every candidate
//! outside the links seeing all of E1 and E3 loses it. Rated 5.4 when the three groups
//! are rows, or columns; 5.5 when one is a region; 5.6 when rows and columns mix; 5.7
//! when a node has several cells. The easiest chain, then the one with most
//! eliminations, then the first met (digits, the middle link, its orientation, the first
//! link and its orientation, the third).

use super::super::three_step::three_links_step_of;
use crate::logic::geometry::{cells_of, CellSet};
use crate::logic::marks::Marks;
use crate::logic::rules::VariantTables;
use crate::logic::step::Step;

/// The rows, columns and boxes or regions: slots 0 to 26.
const UNITS: usize = 27;

/// The kind of slot `s`: 0 a row, 1 a column, 2 a box or region.
fn kind(s: usize) -> usize {
    s / 9
}

/// A strong link of a digit in group `slot`: one of its nodes `a`, `b` holds the digit.
#[derive(Clone, Copy)]
struct Link {
    slot: usize,
    a: CellSet,
    b: CellSet,
}

impl Link {
    fn cells(&self) -> CellSet {
        self.a | self.b
    }

    /// The node at `side` (0 its `a`, 1 its `b`) as the chain's end, and the other as
    /// its bridge.
    fn oriented(&self, side: usize) -> (CellSet, CellSet) {
        match side {
            0 => (self.a, self.b),
            _ => (self.b, self.a),
        }
    }

    fn grouped(&self) -> bool {
        self.a.count_ones() > 1 || self.b.count_ones() > 1
    }
}

fn one_cell(set: CellSet) -> bool {
    set & set.wrapping_sub(1) == 0
}

/// The row and the column through `cell`.
fn lines_through(t: &VariantTables, cell: usize) -> (CellSet, CellSet) {
    (t.group_mask(cell / 9), t.group_mask(9 + cell % 9))
}

/// The strong links of the digit whose candidate cells are `dc`, in slot order.
fn links(t: &VariantTables, dc: CellSet) -> Vec<Link> {
    let mut out = Vec::new();
    for slot in 0..UNITS {
        let p = dc & t.group_mask(slot);
        let count = p.count_ones();
        if count < 2 {
            continue;
        }
        if count == 2 {
            let a = p & p.wrapping_neg();
            let (ca, cb) = (
                a.trailing_zeros() as usize,
                (p & !a).trailing_zeros() as usize,
            );
            let on_one_line = ca / 9 == cb / 9 || ca % 9 == cb % 9;
            if !(kind(slot) == 2 && on_one_line) {
                out.push(Link { slot, a, b: p & !a });
            }
        } else if kind(slot) < 2 {
            if count <= 6 {
                line_link(t, slot, p, &mut out);
            }
        } else if count <= 5 {
            region_links(t, slot, p, &mut out);
        }
    }
    out
}

/// A line's places `p` lying in exactly two regions: its two parts, in the line's order.
fn line_link(t: &VariantTables, slot: usize, p: CellSet, out: &mut Vec<Link>) {
    let mut parts: Vec<CellSet> = Vec::with_capacity(3);
    for &c in t.group_cells(slot) {
        let c = usize::from(c);
        if p >> c & 1 == 1 && !parts.iter().any(|&part| part >> c & 1 == 1) {
            let region = t.group_mask(18 + ((t.groups_of(c) >> 18).trailing_zeros() as usize));
            parts.push(p & region);
        }
    }
    if let [a, b] = parts[..] {
        out.push(Link { slot, a, b });
    }
}

/// A region's places `p` on the row and column through its first heart (see the module
/// documentation).
fn region_links(t: &VariantTables, slot: usize, p: CellSet, out: &mut Vec<Link>) {
    for heart in cells_of(t.group_mask(slot)) {
        let (row, col) = lines_through(t, heart);
        if p & !(row | col) != 0 {
            continue;
        }
        let h = 1u128 << heart;
        let (blade_row, blade_col) = (p & row & !h, p & col & !h);
        if blade_row == 0 || blade_col == 0 {
            continue;
        }
        let heart_bit = p & h;
        let (row_single, col_single) = (one_cell(blade_row), one_cell(blade_col));
        if row_single {
            out.push(Link {
                slot,
                a: blade_row,
                b: blade_col | heart_bit,
            });
        }
        if col_single {
            out.push(Link {
                slot,
                a: blade_col,
                b: blade_row | heart_bit,
            });
        }
        if heart_bit == 0 && !row_single && !col_single {
            out.push(Link {
                slot,
                a: blade_row,
                b: blade_col,
            });
        }
        break;
    }
}

/// The groups (slots 0 to 26, bit `s`) holding every cell of the non-empty `set`.
fn holding(t: &VariantTables, set: CellSet) -> u32 {
    cells_of(set).fold((1 << UNITS) - 1, |g, c| g & (t.groups_of(c) as u32))
}

/// The cells seeing every cell of `set` under the rules.
fn seeing_all(t: &VariantTables, set: CellSet) -> CellSet {
    cells_of(set).fold(!0, |v, c| v & t.peers(c))
}

/// A link with what the chains ask of it, per side (0: `a` the end, 1: `b` the end).
struct Node {
    link: Link,
    cells: CellSet,
    /// The groups holding the bridge, per side.
    bridge_holding: [u32; 2],
    /// The digit's candidates outside the link seeing every cell of the end, per side.
    reach: [CellSet; 2],
}

/// The best chain met so far.
struct Chain {
    key: (u16, i32),
    digit: u8,
    links: [Link; 3],
}

/// Every chain of `digit` (candidate cells `dc`), offered to `best`.
fn digit_chains(t: &VariantTables, digit: u8, dc: CellSet, best: &mut Option<Chain>) {
    let all = links(t, dc);
    if all.len() < 3 {
        return;
    }
    let nodes: Vec<Node> = all
        .iter()
        .map(|&link| {
            let cells = link.cells();
            let end_bridge = [link.oriented(0), link.oriented(1)];
            Node {
                link,
                cells,
                bridge_holding: end_bridge.map(|(_, b)| holding(t, b)),
                reach: end_bridge.map(|(e, _)| dc & seeing_all(t, e) & !cells),
            }
        })
        .collect();
    let apart = |a: &Node, b: &Node| a.link.slot != b.link.slot && a.cells & b.cells == 0;
    for mid in &nodes {
        for side2 in 0..2 {
            let (x, y) = mid.link.oriented(side2);
            let (x_holding, y_holding) = (holding(t, x), holding(t, y));
            for first in nodes.iter().filter(|n| apart(n, mid)) {
                for side1 in 0..2 {
                    let seeing_e1 = first.reach[side1] & !mid.cells;
                    if first.bridge_holding[side1] & x_holding == 0 || seeing_e1 == 0 {
                        continue;
                    }
                    for third in nodes.iter().filter(|n| apart(n, mid) && apart(n, first)) {
                        for side3 in 0..2 {
                            let victims = seeing_e1 & third.reach[side3];
                            if third.bridge_holding[side3] & y_holding == 0 || victims == 0 {
                                continue;
                            }
                            let ls = [first.link, mid.link, third.link];
                            let key = (rating(&ls), -(victims.count_ones() as i32));
                            if best.as_ref().is_none_or(|b| key < b.key) {
                                let (e1, b1) = first.link.oriented(side1);
                                let (e3, b3) = third.link.oriented(side3);
                                let links = [
                                    Link {
                                        a: e1,
                                        b: b1,
                                        ..first.link
                                    },
                                    Link {
                                        a: x,
                                        b: y,
                                        ..mid.link
                                    },
                                    Link {
                                        a: b3,
                                        b: e3,
                                        ..third.link
                                    },
                                ];
                                *best = Some(Chain { key, digit, links });
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A chain's rating (tenths).
fn rating(ls: &[Link; 3]) -> u16 {
    let kinds = ls.map(|l| kind(l.slot));
    if ls.iter().any(Link::grouped) {
        57
    } else if kinds.contains(&2) {
        55
    } else if kinds.contains(&0) && kinds.contains(&1) {
        56
    } else {
        54
    }
}

/// The chain of three strong links over rows, columns and jigsaw regions (see the
/// module documentation).
pub fn three_strong_links_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    let dcs = m.digit_cells();
    let mut best: Option<Chain> = None;
    for (d, &dc) in dcs.iter().enumerate().take(9) {
        digit_chains(t, d as u8 + 1, dc, &mut best);
    }
    best.map(|chain| step_of(m, t, chain))
}

fn step_of(m: &Marks, t: &VariantTables, chain: Chain) -> Step {
    let Chain {
        key: (rating, _),
        digit,
        links,
    } = chain;
    let dc = m.digit_cells()[usize::from(digit) - 1];
    let used = links.iter().fold(0, |s, l| s | l.cells());
    let (e1, e3) = (links[0].a, links[2].b);
    let victims = dc & seeing_all(t, e1) & seeing_all(t, e3) & !used;
    let links = links.map(|l| (l.a, l.b, l.slot, t.slot_name(l.slot)));
    three_links_step_of(m, (digit, rating), links, victims, "groups")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::rules::tables_of;
    use crate::logic::step::Technique;
    use crate::logic::techniques::strong_links::three_strong_links;
    use crate::logic::variant_ladder::walk_generated_paths;
    use crate::logic::Marks;

    /// Jigsaw regions laid as the nine boxes.
    fn boxes_as_regions() -> VariantTables {
        let map: String = (0..81)
            .map(|c| char::from(b'A' + (c / 27 * 3 + c % 9 / 3) as u8))
            .collect();
        tables_of(&format!("jigsaw={map}"))
    }

    /// Every digit everywhere under `t`, but 5 only at `cells` (row, column; 0-based).
    fn five_only_at(t: &VariantTables, cells: &[(usize, usize)]) -> Marks {
        let mut m = t.marks_of(&[0; 81]);
        for c in 0..81 {
            if !cells.contains(&(c / 9, c % 9)) {
                m.eliminate(c, 5);
            }
        }
        m
    }

    #[test]
    fn three_links_over_regions_remove_what_sees_both_ends() {
        // The classic test's rows 1, 4 and 7, each holding 5 twice, joined by columns 4
        // and 7; the regions are the boxes, so the classic search finds a chain too.
        let cells = crate::logic::techniques::strong_links::tests::THREE_LINKS_FIVES;
        let t = boxes_as_regions();
        let m = five_only_at(&t, &cells);
        let s = three_strong_links_in(&m, &t).unwrap();
        assert_eq!(s.technique, Technique::StrongLinks(3));
        assert!((54..=57).contains(&s.rating), "{}", s.rating);
        assert!(!s.eliminations.is_empty());
        // The regions are the boxes: the classic search's chain, rated and removing the
        // same.
        let classic = three_strong_links(&five_only_at(&tables_of("classic"), &cells)).unwrap();
        assert_eq!(
            (s.rating, &s.eliminations),
            (classic.rating, &classic.eliminations)
        );
    }

    #[test]
    fn nothing_without_three_links() {
        let t = boxes_as_regions();
        let m = five_only_at(&t, &[(0, 0), (0, 4), (4, 2), (4, 7)]);
        assert_eq!(three_strong_links_in(&m, &t), None);
    }

    #[test]
    fn every_step_of_jigsaw_paths_is_sound() {
        // Past the three strong links a jigsaw path goes on to the wings, the pair
        // exclusion and the chains, whose nested rules read the regions: every step of
        // the paths of minimal puzzles keeps the solution's digits.
        use crate::logic::variant_ladder::next_step_in;
        use crate::variant::generate::{generate_variant, VariantOptions};
        use crate::variant::{Geometry, Rules, Shape};
        let rules = Rules::parse("jigsaw").unwrap();
        let (mut above_53, mut chains) = (0, 0);
        for i in 0..30 {
            let options = VariantOptions::default();
            let g = generate_variant(Shape::NINE, &rules, 36, i, &options, &mut || {}).unwrap();
            let t = VariantTables::new(&Geometry::new(Shape::NINE, &g.rules).unwrap()).unwrap();
            let mut m = t.marks_of(&g.puzzle.cells);
            while let Some(step) = next_step_in(&m, &t) {
                assert!(step.is_sound(&g.solution), "{i}: {}", step.explanation);
                above_53 += usize::from(step.rating > 53);
                chains += usize::from(step.rating >= 65);
                t.apply(&step, &mut m);
            }
        }
        assert!(
            above_53 > 30 && chains > 10,
            "{above_53} steps above 5.3, {chains} chains"
        );
    }

    #[test]
    fn every_chain_on_jigsaw_paths_is_sound() {
        // Paths of minimal jigsaw puzzles (each on a fresh layout): every chain found
        // removes only digits the solution does not hold.
        let mut found = 0;
        walk_generated_paths(&["jigsaw"], (36, 30, 0), |_, m, t, solution| {
            if let Some(step) = three_strong_links_in(m, t) {
                assert!(step.is_sound(solution), "{}", step.explanation);
                assert!(step.explanation.starts_with("Three strong links on"));
                found += 1;
            }
        });
        assert!(found > 10, "{found} chains");
    }

    #[test]
    fn with_boxes_for_regions_it_is_the_classic_search() {
        // Under classic rules (slots 18 to 26 the boxes) every position of classic paths
        // gives the classic search's chain: the same rating, removals, cells and units.
        let t = tables_of("classic");
        let key = |s: Option<Step>| s.map(|s| (s.rating, s.eliminations, s.cells, s.units));
        let mut found = 0;
        crate::logic::ladder::test_paths::walk_classic_paths(47, 300, |line, m, _| {
            let classic = key(three_strong_links(m));
            found += usize::from(classic.is_some());
            assert_eq!(key(three_strong_links_in(m, &t)), classic, "{line}");
        });
        assert!(found > 1000, "{found} chains compared");
    }
}
