//! The rules' tables against the variant engine's geometry, and against Sukaku
//! Explainer's own tables (v1.15.10 `Grid.java`: `windowsVisibleCellIndex`,
//! `visibleCellIndex`, `ferzCellIndex`, `knightCellIndex`), written down here.

use super::*;
use crate::logic::Marks;
use crate::variant::{Rules, Shape};

fn geometry(text: &str) -> Geometry {
    Geometry::new(Shape::NINE, &Rules::parse(text).unwrap()).unwrap()
}

use super::tables_of as tables;

/// The boxes, but r1c4 taken into the first region and r3c3 into the second (both
/// regions stay connected).
fn jigsaw_rules() -> String {
    let mut map: Vec<u8> = (0..81)
        .map(|c| b'A' + (c / 27 * 3 + c % 9 / 3) as u8)
        .collect();
    map[3] = b'A';
    map[20] = b'B';
    format!("jigsaw={}", String::from_utf8(map).unwrap())
}

fn rule_sets() -> Vec<String> {
    let mut sets: Vec<String> = [
        "classic",
        "x",
        "diagonal-",
        "diagonal+",
        "windoku",
        "dg",
        "girandola",
        "asterisk",
        "center-dot",
        "anti-knight",
        "anti-king",
        "nc",
        "x,windoku,dg,girandola,asterisk,center-dot",
        "windoku,anti-king,anti-knight,nc",
    ]
    .map(String::from)
    .to_vec();
    sets.push(jigsaw_rules());
    sets.push(format!("{},x,anti-knight", jigsaw_rules()));
    sets
}

fn mask(cells: &[u16]) -> CellSet {
    cells.iter().fold(0, |m, &c| m | 1u128 << c)
}

#[test]
fn slots_hold_the_geometrys_groups() {
    for text in rule_sets() {
        let g = geometry(&text);
        let t = VariantTables::new(&g).unwrap();
        assert_eq!(
            t.active_slots().count_ones() as usize,
            g.groups.len(),
            "{text}"
        );
        for group in &g.groups {
            let slot = slot_of(group.kind, group.index);
            assert_eq!(
                t.group_mask(slot),
                mask(&group.cells),
                "{text}: {}",
                group.name()
            );
            let listed = t.group_cells(slot).iter().fold(0, |m, &c| m | 1u128 << c);
            assert_eq!(listed, t.group_mask(slot), "{text}: each cell once");
        }
        for c in 0..81 {
            assert!(
                bits_of(t.groups_of(c)).all(|s| t.group_mask(s) >> c & 1 == 1),
                "{text}"
            );
            let mates = g.groups_of.of(c).iter();
            let mates = mates.fold(0, |m, &k| m | mask(&g.groups[usize::from(k)].cells));
            assert_eq!(t.link_peers(c), mates & !(1u128 << c), "{text}: cell {c}");
        }
    }
}

#[test]
fn peers_are_the_geometrys_and_nc_only_neighbours() {
    for text in rule_sets() {
        let g = geometry(&text);
        let t = VariantTables::new(&g).unwrap();
        for c in 0..81 {
            assert_eq!(t.peers(c), mask(g.peers.of(c)), "{text}: cell {c}");
            let order = t.peer_order(c);
            assert_eq!(order.iter().fold(0, |m, &p| m | 1u128 << p), t.peers(c));
            assert_eq!(
                order.len(),
                t.peers(c).count_ones() as usize,
                "{text}: once"
            );
            assert_eq!(t.neighbours(c), mask(g.neighbours.of(c)), "{text}");
        }
    }
    let t = tables("anti-knight");
    assert_eq!(
        t.link_peers(0),
        tables("classic").peers(0),
        "a knight's move is no link"
    );
    assert!(
        t.peers(0) >> 19 & 1 == 1,
        "r1c1 and r3c2 a knight's move apart"
    );
    assert_eq!(tables("x").neighbours(0), 0);
    assert_eq!(tables("nc").neighbours(0), 1 << 1 | 1 << 9);
}

#[test]
fn windows_list_their_cells_in_sukaku_explainers_order() {
    let t = tables("windoku");
    // windowsVisibleCellIndex of r2c1 (its window 7, index 6), r1c2 (index 4) and
    // r1c1 (index 8).
    assert_eq!(t.group_cells(42), &[9, 18, 27, 13, 22, 31, 17, 26, 35]);
    assert_eq!(t.group_cells(43), &[45, 54, 63, 49, 58, 67, 53, 62, 71]);
    assert_eq!(t.group_cells(40), &[1, 2, 3, 37, 38, 39, 73, 74, 75]);
    assert_eq!(t.group_cells(44), &[0, 4, 8, 36, 40, 44, 72, 76, 80]);
    assert_eq!(t.group_cells(36), &[10, 11, 12, 19, 20, 21, 28, 29, 30]);
    let g = geometry("windoku");
    let first_shaded = g
        .groups
        .iter()
        .find(|g| g.kind == GroupKind::Window)
        .unwrap();
    assert_eq!(first_shaded.name(), "window 1");
    assert_eq!(t.group_mask(36), mask(&first_shaded.cells));
}

#[test]
fn peers_come_in_sukaku_explainers_order() {
    // visibleCellIndex[0] of the classic grid: the row, column and box ascending.
    let classic_0: Vec<u8> = vec![
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20, 27, 36, 45, 54, 63, 72,
    ];
    assert_eq!(tables("classic").peer_order(0), &classic_0[..]);
    // r5c5 under x: its 20, then both diagonals' other cells ascending.
    let x = tables("x");
    let tail = [0, 8, 10, 16, 20, 24, 56, 60, 64, 70, 72, 80];
    assert_eq!(&x.peer_order(40)[20..], &tail);
    // r2c1 under windoku, anti-king and anti-knight: its 20, its window's new cells in
    // the window's order, no king's step (all in its box), the knight's move to r4c2.
    let w = tables("windoku,anti-king,anti-knight");
    assert_eq!(&w.peer_order(9)[20..], &[22, 31, 26, 35, 28]);
    // r5c5 under anti-king and anti-knight: the king's steps are in its box; the knight's
    // moves in ferz-then-knight order from (+1,+2).
    // r4c4 under anti-king: the three steps out of its box, in (+1,+1), (-1,+1),
    // (-1,-1), (+1,-1) order.
    assert_eq!(&tables("anti-king").peer_order(30)[20..], &[22, 20, 38]);
    let k = tables("anti-king,anti-knight");
    assert_eq!(&k.peer_order(40)[20..], &[51, 33, 47, 29, 59, 23, 57, 21]);
}

#[test]
fn technique_sets_follow_the_rules() {
    let set = |text: &str| tables(text).technique_set();
    assert_eq!(set("classic"), TechniqueSet::Classic);
    assert_eq!(set(&jigsaw_rules()), TechniqueSet::Classic);
    assert_eq!(set("nc"), TechniqueSet::NcOnly);
    let groups = |uniqueness, nc| TechniqueSet::Groups { uniqueness, nc };
    assert_eq!(set("x"), groups(true, false));
    assert_eq!(set("diagonal-"), groups(true, false));
    assert_eq!(set("windoku,dg"), groups(true, false));
    assert_eq!(set("anti-king"), groups(false, false));
    assert_eq!(set("anti-knight"), groups(false, false));
    assert_eq!(set("x,nc"), groups(false, true));
}

#[test]
fn killer_cages_and_other_sizes_are_refused() {
    let killer = Rules::parse(&format!("killer=AA{};3", ".".repeat(79))).unwrap();
    let g = Geometry::new(Shape::NINE, &killer).unwrap();
    let err = VariantTables::new(&g).unwrap_err();
    assert!(matches!(&err, VariantError::Unsupported { what, .. } if what == "ratings"));
    let g = Geometry::new(Shape::SIXTEEN, &Rules::classic()).unwrap();
    assert!(VariantTables::new(&g).is_err());
    let g = Geometry::new(Shape::FOUR, &Rules::parse("x").unwrap()).unwrap();
    assert!(VariantTables::new(&g).is_err());
}

#[test]
fn group_types_cover_every_slot_once() {
    let mut seen = 0u64;
    for t in GroupType::ALL {
        let bits = range_bits(t.slots());
        // The bits at once are the slots' bits one by one.
        assert_eq!(bits, t.slots().fold(0, |m, s| m | 1 << s));
        assert_eq!(seen & bits, 0);
        seen |= bits;
    }
    assert_eq!(seen, (1 << SLOTS) - 1);
}

/// The classic singles in order (full house, hidden single, naked single), or `None`.
fn next_single(m: &Marks, t: Option<&VariantTables>) -> Option<crate::logic::Step> {
    use crate::logic::singles::*;
    match t {
        None => full_house(m).or_else(|| hidden_single(m)),
        Some(t) => full_house_in(m, t).or_else(|| hidden_single_in(m, t)),
    }
    .or_else(|| naked_single(m))
}

#[test]
fn marks_and_singles_under_classic_rules_are_the_classic_ones() {
    let t = tables("classic");
    let mut steps = 0;
    for i in 0..40 {
        let g = crate::generate::generate(36, i, crate::Options::default());
        let mut m = Marks::from_puzzle(&g.puzzle);
        assert_eq!(t.marks_of(g.puzzle.values()), m);
        loop {
            let classic = next_single(&m, None);
            assert_eq!(next_single(&m, Some(&t)), classic);
            let Some(step) = classic else { break };
            let p = step.placements[0];
            let mut placed = m;
            t.place(&mut placed, p.cell as usize, p.digit);
            let mut applied = m;
            t.apply(&step, &mut applied);
            step.apply(&mut m);
            assert_eq!((placed, applied), (m, m));
            steps += 1;
        }
    }
    assert!(steps > 1000, "{steps} steps compared");
}

#[test]
fn placing_takes_the_digit_from_every_peer_and_its_neighbours_in_value() {
    let mut m = tables("anti-knight").marks_of(&[0; 81]);
    tables("anti-knight").place(&mut m, 40, 5);
    for c in [23, 21, 29, 33, 47, 51, 57, 59] {
        assert!(
            !m.has(c, 5) && m.has(c, 4),
            "a knight's move from r5c5: cell {c}"
        );
    }
    assert!(m.has(20, 5) && m.has(60, 5), "no diagonal rule");
    let nc = tables("nc");
    let mut m = nc.marks_of(&[0; 81]);
    nc.place(&mut m, 40, 5);
    for c in [31, 39, 41, 49] {
        assert_eq!(
            m.cands[c],
            0x1ff & !(0b111 << 3),
            "r5c5's neighbour {c}: no 4, 5, 6"
        );
    }
    assert_eq!(
        m.cands[30],
        0x1ff & !(1 << 4),
        "a diagonal neighbour loses only the 5"
    );
    let mut m = nc.marks_of(&[0; 81]);
    nc.place(&mut m, 0, 9);
    assert_eq!(
        m.cands[1],
        0x1ff & !(0b11 << 7),
        "9 takes 8 and 9 (no wrap to 1)"
    );
}

#[test]
fn singles_under_rules_are_sound_and_name_their_group() {
    use crate::variant::generate::{generate_variant, VariantOptions};
    let mut in_groups = std::collections::HashMap::new();
    for text in [
        "x",
        "windoku",
        "dg",
        "asterisk",
        "anti-king",
        "nc",
        "jigsaw",
    ] {
        for i in 0..4 {
            let rules = Rules::parse(text).unwrap();
            let options = VariantOptions::default();
            let g = generate_variant(Shape::NINE, &rules, 5, i, &options, &mut || {}).unwrap();
            let geometry = Geometry::new(Shape::NINE, &g.rules).unwrap();
            let t = VariantTables::new(&geometry).unwrap();
            let mut m = t.marks_of(&g.puzzle.cells);
            while let Some(step) = next_single(&m, Some(&t)) {
                assert!(step.is_sound(&g.solution), "{text}: {}", step.explanation);
                for &slot in &step.units {
                    let slot = usize::from(slot);
                    assert!(t.active_slots() >> slot & 1 == 1);
                    assert!(step.explanation.contains(&t.slot_name(slot)), "{text}");
                }
                if let crate::logic::Technique::HiddenSingleIn(kind) = step.technique {
                    *in_groups.entry(kind).or_insert(0) += 1;
                    let region = kind == GroupKind::Region;
                    assert_eq!(step.rating, if region { 12 } else { 15 });
                }
                let p = step.placements[0];
                t.place(&mut m, p.cell as usize, p.digit);
            }
            // Stuck or solved: whatever singles placed stands.
            for c in (0..81).filter(|&c| m.values[c] != 0) {
                assert_eq!(m.values[c], g.solution[c], "{text}");
            }
        }
    }
    let kinds = [
        GroupKind::DiagonalUp,
        GroupKind::Window,
        GroupKind::DisjointGroup,
        GroupKind::Asterisk,
        GroupKind::Region,
    ];
    for kind in kinds {
        assert!(
            in_groups.contains_key(&kind),
            "no hidden single in a {kind:?}: {in_groups:?}"
        );
    }
}

#[test]
fn direct_intersections_under_classic_rules_are_the_classic_ones() {
    use crate::logic::intersections::{direct_intersection_in, direct_pointing_claiming};
    let t = tables("classic");
    let mut found = 0;
    crate::logic::ladder::test_paths::walk_classic_paths(37, 60, |_, m, _| {
        let classic = direct_pointing_claiming(m);
        assert_eq!(direct_intersection_in(m, &t), classic);
        found += usize::from(classic.is_some());
    });
    assert!(found > 100, "{found} direct intersections compared");
}

#[test]
fn direct_intersections_under_rules_are_sound_and_use_their_groups() {
    use crate::logic::intersections::direct_intersection_in;
    use crate::variant::generate::{generate_variant, VariantOptions};
    let mut extra = 0;
    for text in ["dg", "windoku", "windoku,dg", "anti-king", "jigsaw"] {
        for i in 0..6 {
            let rules = Rules::parse(text).unwrap();
            let options = VariantOptions::default();
            let g = generate_variant(Shape::NINE, &rules, 6, i, &options, &mut || {}).unwrap();
            let geometry = Geometry::new(Shape::NINE, &g.rules).unwrap();
            let t = VariantTables::new(&geometry).unwrap();
            let mut m = t.marks_of(&g.puzzle.cells);
            loop {
                let step = next_single(&m, Some(&t)).or_else(|| direct_intersection_in(&m, &t));
                let Some(step) = step else { break };
                assert!(step.is_sound(&g.solution), "{text}: {}", step.explanation);
                if step.units.len() == 3 {
                    let mut names = step.units.iter().map(|&s| t.slot_name(usize::from(s)));
                    assert!(names.all(|n| step.explanation.contains(n.as_str())));
                    extra += usize::from(step.units.iter().any(|&s| s >= 27));
                }
                let p = step.placements[0];
                t.place(&mut m, p.cell as usize, p.digit);
            }
        }
    }
    assert!(
        extra > 0,
        "no direct intersection with a disjoint group or a window"
    );
}

#[test]
fn hidden_subsets_under_classic_rules_are_the_classic_ones() {
    use crate::logic::subsets::{direct_hidden_subset, hidden_subset, hidden_subset_in};
    let t = tables("classic");
    let mut found = 0;
    crate::logic::ladder::test_paths::walk_classic_paths(38, 40, |_, m, _| {
        for degree in 2..=4 {
            let direct = direct_hidden_subset(m, degree);
            assert_eq!(hidden_subset_in(m, &t, degree, true), direct);
            let plain = hidden_subset(m, degree);
            assert_eq!(hidden_subset_in(m, &t, degree, false), plain);
            found += usize::from(direct.is_some()) + usize::from(plain.is_some());
        }
    });
    assert!(found > 100, "{found} hidden subsets compared");
}

#[test]
fn hidden_subsets_under_rules_are_sound() {
    use crate::logic::subsets::hidden_subset_in;
    use crate::variant::generate::{generate_variant, VariantOptions};
    let mut in_extra_groups = 0;
    for text in ["x", "windoku", "dg", "center-dot", "anti-knight", "jigsaw"] {
        for i in 0..5 {
            let rules = Rules::parse(text).unwrap();
            let options = VariantOptions::default();
            let g = generate_variant(Shape::NINE, &rules, 7, i, &options, &mut || {}).unwrap();
            let geometry = Geometry::new(Shape::NINE, &g.rules).unwrap();
            let t = VariantTables::new(&geometry).unwrap();
            let mut m = t.marks_of(&g.puzzle.cells);
            for _ in 0..200 {
                let subsets = (2..=4).flat_map(|n| [(n, true), (n, false)]);
                let mut found = subsets.filter_map(|(n, d)| hidden_subset_in(&m, &t, n, d));
                let Some(step) = next_single(&m, Some(&t)).or_else(|| found.next()) else {
                    break;
                };
                assert!(step.is_sound(&g.solution), "{text}: {}", step.explanation);
                in_extra_groups += usize::from(step.units.iter().any(|&s| s >= 27));
                t.apply(&step, &mut m);
            }
        }
    }
    assert!(
        in_extra_groups > 0,
        "no singles or subsets in an extra group"
    );
}

#[test]
fn plain_intersections_under_classic_rules_are_the_classic_ones() {
    use crate::logic::intersections::{pointing_claiming, pointing_claiming_in};
    let t = tables("classic");
    let mut found = 0;
    crate::logic::ladder::test_paths::walk_classic_paths(40, 40, |_, m, _| {
        let classic = pointing_claiming(m);
        assert_eq!(pointing_claiming_in(m, &t), classic);
        found += usize::from(classic.is_some());
    });
    assert!(found > 100, "{found} intersections compared");
}

#[test]
fn a_generalized_intersection_clears_what_sees_every_place() {
    use crate::logic::intersections::generalized_intersection_in;
    use crate::logic::Technique;
    // Windoku: 5 only at r2c2 and r2c3 in window 1 (its other cells lose the 5).
    let t = tables("windoku");
    let mut m = t.marks_of(&[0; 81]);
    for &c in t.group_cells(36).iter().filter(|&&c| c != 10 && c != 11) {
        m.eliminate(usize::from(c), 5);
    }
    let step = generalized_intersection_in(&m, &t).unwrap();
    assert_eq!(
        (step.technique, step.rating),
        (Technique::GeneralizedIntersection, 29)
    );
    let cleared: Vec<u8> = step.eliminations.iter().map(|e| e.cell).collect();
    // Box 1's cells outside the window (r1c1-r1c3, r2c1, r3c1) and row 2's (r2c5-r2c9).
    assert_eq!(cleared, vec![0, 1, 2, 9, 13, 14, 15, 16, 17, 18]);
    // 5 only at r1c3 and r1c5 in row 1: r3c4 shares a box with r1c5 and is a knight's
    // move from both, so under anti-knight it sees them all and loses the 5.
    let five_in_row_1_at = |t: &VariantTables| {
        let mut m = t.marks_of(&[0; 81]);
        for c in (0..9).filter(|&c| c != 2 && c != 4) {
            m.eliminate(c, 5);
        }
        generalized_intersection_in(&m, t)
    };
    let step = five_in_row_1_at(&tables("anti-knight")).unwrap();
    assert!(step.eliminations.iter().any(|e| e.cell == 21), "{step:?}");
    assert_eq!(
        five_in_row_1_at(&tables("classic")),
        None,
        "nothing sees both"
    );
}

#[test]
fn naked_subsets_under_classic_rules_are_the_classic_ones() {
    use crate::logic::subsets::{naked_subset, naked_subset_in};
    let t = tables("classic");
    let mut found = 0;
    crate::logic::ladder::test_paths::walk_classic_paths(41, 40, |_, m, _| {
        for degree in 2..=4 {
            let classic = naked_subset(m, degree);
            assert_eq!(naked_subset_in(m, &t, degree), classic);
            found += usize::from(classic.is_some());
        }
    });
    assert!(found > 100, "{found} naked subsets compared");
}

#[test]
fn a_generalized_naked_pair_clears_a_second_shared_group() {
    use crate::logic::subsets::naked_subset_in;
    use crate::logic::Technique;
    // X: r1c1 and r2c2 hold only 1 and 2; both lie in box 1 and on the main diagonal,
    // so the diagonal's other cells lose 1 and 2 as well as the box's.
    let t = tables("x");
    let mut m = t.marks_of(&[0; 81]);
    for c in [0, 10] {
        m.cands[c] = 0b11;
    }
    let step = naked_subset_in(&m, &t, 2).unwrap();
    assert_eq!(step.technique, Technique::GeneralizedNakedSubset(2));
    assert_eq!((step.rating, step.cells.clone()), (30, vec![0, 10]));
    let lose_1: Vec<u8> = step
        .eliminations
        .iter()
        .filter(|e| e.digit == 1)
        .map(|e| e.cell)
        .collect();
    let mut want = vec![1, 2, 9, 11, 18, 19, 20];
    want.extend([20, 30, 40, 50, 60, 70, 80]);
    want.sort();
    want.dedup();
    assert_eq!(lose_1, want);
    // Classic sudoku's pair clears its box only.
    let t = tables("classic");
    let mut m = t.marks_of(&[0; 81]);
    for c in [0, 10] {
        m.cands[c] = 0b11;
    }
    let step = naked_subset_in(&m, &t, 2).unwrap();
    assert_eq!(step.technique, Technique::NakedSubset(2));
    assert!(step.eliminations.iter().all(|e| e.cell < 21));
}

#[test]
fn the_diagonals_list_their_cells_in_sukaku_explainers_order() {
    let t = tables("x");
    assert_eq!(t.group_cells(45), &[0, 10, 20, 30, 40, 50, 60, 70, 80]);
    // From r1c9 down (the variant engine lists it from r9c1 up).
    assert_eq!(t.group_cells(46), &[8, 16, 24, 32, 40, 48, 56, 64, 72]);
    assert_eq!(
        t.group_mask(46),
        mask(&geometry("x").groups.last().unwrap().cells)
    );
}

#[test]
fn a_peer_is_seen_through_its_first_group_or_a_move() {
    let t = tables("x,anti-knight,anti-king");
    assert_eq!(t.seen_through(0, 5), "row 1");
    // r1c1 and r3c2: box 1 before the knight's move.
    assert_eq!(t.seen_through(0, 19), "box 1");
    assert_eq!(t.seen_through(0, 80), "the main diagonal");
    // r3c3 and r4c5; r3c4 and r4c3.
    assert_eq!(t.seen_through(20, 32), "a knight's move");
    assert_eq!(t.seen_through(21, 29), "a king's step");
}

#[test]
fn each_type_s_slot_bits_are_its_slots() {
    // The table made at compile time against the slots read one by one.
    for ty in GroupType::ALL {
        let plain = ty.slots().fold(0u64, |bits, s| bits | 1 << s);
        assert_eq!(ty.slot_bits(), plain, "{ty:?}");
    }
}
