//! Unit tests: each propagation rule fires where it should and not where it must not;
//! the cage shortcuts against plain enumeration; the entry points on small cases.

use super::cage::{
    allowed_by_bounds, allowed_digits, digit_sum, open_cage, single_digit, Combinations,
};
use super::places::OwnedPlaces;
use super::propagate::propagate_from_scratch;
use super::tables::Tables;
use super::testkit::{geometry, satisfies};
use super::work::Work;
use super::*;
use crate::variant::rules::{Cage, Cages, Rules};
use crate::variant::shape::Shape;

/// The masks after placing `placed` (cell, digit) on an otherwise open grid and
/// propagating; `None` on a contradiction.
fn after(tables: &Tables, placed: &[(usize, u8)]) -> Option<Vec<u32>> {
    let mut cand = vec![tables.all; tables.cells];
    for &(c, d) in placed {
        cand[c] = 1 << (d - 1);
    }
    settle(tables, &mut cand).then_some(cand)
}

/// Propagates from masks set by hand (every cell counted as changed); false on a
/// contradiction.
fn settle(tables: &Tables, cand: &mut [u32]) -> bool {
    let mut work = Work {
        two_places: true,
        ..Work::default()
    };
    let mut places = OwnedPlaces::new(tables);
    propagate_from_scratch(tables, cand, &mut places.view(), &mut work)
}

fn has(cand: &[u32], cell: usize, d: u8) -> bool {
    cand[cell] >> (d - 1) & 1 == 1
}

#[test]
fn a_placed_digit_leaves_its_peers_only() {
    let t = Tables::new(&geometry(Shape::NINE, "classic"));
    let cand = after(&t, &[(40, 5)]).unwrap();
    for peer in [36, 44, 4, 76, 30, 50] {
        assert!(!has(&cand, peer, 5), "r{}c{}", peer / 9 + 1, peer % 9 + 1);
    }
    for other in [0, 20, 80, 11] {
        assert!(has(&cand, other, 5));
    }
}

#[test]
fn anti_knight_and_anti_king_reach_their_cells_only() {
    let t = Tables::new(&geometry(Shape::NINE, "anti-knight"));
    let cand = after(&t, &[(40, 5)]).unwrap();
    for knight in [21, 23, 29, 33, 47, 51, 57, 59] {
        assert!(!has(&cand, knight, 5), "knight {knight}");
    }
    assert!(has(&cand, 20, 5) && has(&cand, 60, 5));
    let t = Tables::new(&geometry(Shape::NINE, "anti-king"));
    // r2c4 is a king's step from r1c3 outside its box; r2c5 is not.
    let cand = after(&t, &[(2, 5)]).unwrap();
    assert!(!has(&cand, 12, 5) && has(&cand, 13, 5) && has(&cand, 30, 5));
}

#[test]
fn nc_takes_consecutive_digits_from_orthogonal_neighbours_only() {
    let t = Tables::new(&geometry(Shape::NINE, "nc"));
    let cand = after(&t, &[(40, 5)]).unwrap();
    for near in [31, 39, 41, 49] {
        assert!(!has(&cand, near, 4) && !has(&cand, near, 6) && has(&cand, near, 3));
    }
    // Diagonal and farther cells keep 4 and 6 (when not excluded otherwise).
    assert!(has(&cand, 30, 4) && has(&cand, 30, 6) && has(&cand, 42, 4) && has(&cand, 22, 6));
    let classic = Tables::new(&geometry(Shape::NINE, "classic"));
    assert!(has(&after(&classic, &[(40, 5)]).unwrap(), 41, 4));
    // 1 and 9 have one neighbour digit only.
    let cand = after(&t, &[(0, 1)]).unwrap();
    assert!(!has(&cand, 1, 2) && has(&cand, 1, 9));
}

#[test]
fn hidden_single_places_a_digit_with_one_place_left() {
    let t = Tables::new(&geometry(Shape::FOUR, "classic"));
    let mut cand = vec![t.all; 16];
    // Row 1: digit 1 only in r1c3.
    for c in [0, 1, 3] {
        cand[c] &= !1;
    }
    assert!(settle(&t, &mut cand));
    assert_eq!(cand[2], 1);
    // Two places left: nothing placed.
    let mut cand = vec![t.all; 16];
    cand[0] &= !1;
    cand[1] &= !1;
    assert!(settle(&t, &mut cand));
    assert_eq!(cand[2], t.all);
    assert_eq!(cand[3], t.all);
    // No place left: a contradiction.
    let mut cand = vec![t.all; 16];
    for mask in &mut cand[..4] {
        *mask &= !1;
    }
    assert!(!settle(&t, &mut cand));
}

fn killer(shape: Shape, cages: Vec<(Vec<u16>, Option<u16>)>, extra: &str) -> Geometry {
    let mut rules = Rules::parse(extra).unwrap();
    rules.cages = Cages::Killer {
        map_cells: shape.cells(),
        cages: cages
            .into_iter()
            .map(|(cells, sum)| Cage { cells, sum })
            .collect(),
    };
    Geometry::new(shape, &rules).unwrap()
}

#[test]
fn cage_sums_keep_the_digits_of_fitting_combinations() {
    let g = killer(
        Shape::NINE,
        vec![
            (vec![0, 1], Some(3)),
            (vec![30, 31], Some(10)),
            (vec![60, 61, 62], Some(6)),
            (vec![72, 73], None),
        ],
        "classic",
    );
    let t = Tables::new(&g);
    let cand = after(&t, &[]).unwrap();
    assert_eq!(cand[0] | cand[1], 0b11);
    assert_eq!(
        cand[30],
        t.all & !(1 << 4) & !(1 << 9),
        "10 = 1+9 2+8 3+7 4+6, never 5+5"
    );
    assert_eq!(cand[60] | cand[61] | cand[62], 0b111);
    assert_eq!(cand[72], t.all, "no sum, no restriction");
    // A placed digit leaves its partner the rest of the sum.
    let cand = after(&t, &[(30, 3)]).unwrap();
    assert_eq!(cand[31], 1 << 6);
}

#[test]
fn cage_restriction_counts_every_cell() {
    // 3 cells, sum 15, one cell limited to {1, 2}: 1+5+9 1+6+8 2+4+9 2+5+8 2+6+7.
    let t = Tables::new(&killer(
        Shape::NINE,
        vec![(vec![0, 1, 2], Some(15))],
        "classic",
    ));
    let mut cand = vec![t.all; 81];
    cand[0] = 0b11;
    let open = open_cage(&t.sum_cages[0], &cand, |c| single_digit(cand[c])).unwrap();
    let allowed = allowed_digits(t.combinations.as_ref(), &open, &cand);
    assert_eq!(allowed, plain_allowed(&[cand[0], cand[1], cand[2]], 15));
    assert_eq!(
        allowed & (1 << 2),
        0,
        "3 needs 3+4+8 or 3+5+7, none with 1 or 2"
    );
}

/// The digits some assignment of distinct digits from each cell's mask, adding up to
/// `sum`, puts in some cell: by trying every assignment.
fn plain_allowed(masks: &[u32], sum: usize) -> u32 {
    fn go(masks: &[u32], used: u32, left: isize, out: &mut u32) -> bool {
        let Some((&m, rest)) = masks.split_first() else {
            return left == 0;
        };
        let mut any = false;
        for b in 0..25 {
            let bit = 1u32 << b;
            if m & bit != 0 && used & bit == 0 && go(rest, used | bit, left - b as isize - 1, out) {
                *out |= bit;
                any = true;
            }
        }
        any
    }
    let mut out = 0;
    // Every cell in turn first, so each cell's digits are collected.
    for i in 0..masks.len() {
        let mut order = masks.to_vec();
        order.swap(0, i);
        go(&order, 0, sum as isize, &mut out);
    }
    out
}

#[test]
fn combinations_list_every_set_once_by_size_and_sum() {
    let c = Combinations::new(9, 9);
    assert_eq!(c.of(2, 3), &[0b11]);
    assert_eq!(c.of(9, 45), &[0x1FF]);
    assert_eq!(c.of(2, 10).len(), 4);
    assert!(c.of(10, 45).is_empty() && c.of(3, 100).is_empty());
    let total: usize = (0..=9)
        .flat_map(|k| (0..=45).map(move |s| (k, s)))
        .map(|(k, s)| c.of(k, s).len())
        .sum();
    assert_eq!(total, 511);
    for k in 1..=9 {
        for s in 0..=45 {
            assert!(c
                .of(k, s)
                .iter()
                .all(|&m| m.count_ones() as usize == k && digit_sum(m) == s));
        }
    }
}

#[test]
fn bounds_are_sound_against_plain_enumeration() {
    // Every digit that some set of `open` distinct digits of `available` adding up to
    // `left` holds is kept by the bounds (they may keep more).
    let mut rng = crate::generate::Rng::new(7);
    for _ in 0..3000 {
        let side = 4 + rng.below(22) as usize;
        let available = (rng.next_u64() as u32) & ((1 << side) - 1);
        let open = 1 + rng.below(6) as usize;
        let left = rng.below(90) as usize;
        let exact: u32 = (1u32..1 << side)
            .filter(|&m| {
                m & !available == 0 && m.count_ones() as usize == open && digit_sum(m) == left
            })
            .fold(0, |a, m| a | m);
        let bounds = allowed_by_bounds(available, open, left);
        assert_eq!(
            exact & !bounds,
            0,
            "side {side} avail {available:b} open {open} left {left}"
        );
        if side <= 9 {
            let combos = Combinations::new(side, 9);
            let union = combos
                .of(open, left)
                .iter()
                .filter(|&&m| m & !available == 0)
                .fold(0, |a, &m| a | m);
            assert_eq!(union, exact);
        }
    }
}

#[test]
fn candidates_follow_the_classic_semantics() {
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let classic = crate::Puzzle::parse(line).unwrap();
    let expected = crate::solver::candidates(&classic).unwrap();
    let puzzle = VariantPuzzle::parse(line).unwrap();
    let ours = candidates(&puzzle, &geometry(Shape::NINE, "classic"));
    assert!(ours
        .iter()
        .zip(expected.iter())
        .all(|(&a, &b)| a == u32::from(b)));
    let nc = candidates(&puzzle, &geometry(Shape::NINE, "nc"));
    // r1c3 sits beside r1c2 = 3: nc also takes 2 and 4 there.
    assert_eq!(nc[2], u32::from(expected[2]) & !0b1010);
    let k = killer(Shape::NINE, vec![(vec![2, 3], Some(7))], "classic");
    let caged = candidates(&puzzle, &k);
    // The cage r1c3+r1c4 = 7 with 5, 3, 7 in the row: 1+6 or 2+5 (5 gone) or 3+4 (3 gone).
    assert_eq!(caged[2], u32::from(expected[2]) & 0b100001);
}

#[test]
fn entry_points_agree_on_a_small_case() {
    let g = geometry(Shape::FOUR, "x");
    let engine = Engine::new(&g);
    let empty = VariantPuzzle::empty(Shape::FOUR);
    let all: Vec<Vec<u8>> = engine.solutions(&empty, u64::MAX, || {}).collect();
    assert_eq!(all.len() as u64, engine.count(&empty, 1000, &mut || {}));
    assert_eq!(
        all.len() as u64,
        super::testkit::brute_count(&g, &empty, 1000)
    );
    assert!(all.iter().all(|s| satisfies(&g, s)));
    assert_eq!(engine.solve(&empty, &mut || {}).as_ref(), all.first());
    let full = VariantPuzzle {
        shape: Shape::FOUR,
        cells: all[0].clone(),
    };
    assert!(engine.is_unique(&full, &mut || {}));
    assert_eq!(
        engine.count_excluding(&full, 0, all[0][0], 2, &mut || {}),
        0
    );
    let mut rng = crate::generate::Rng::new(3);
    let random = engine
        .random_solution(&empty, &mut rng, &mut || {})
        .unwrap();
    assert!(all.contains(&random));
}

#[test]
fn the_interrupt_is_called_and_may_stop_the_search() {
    let g = geometry(Shape::SIXTEEN, "classic");
    let engine = Engine::new(&g);
    let empty = VariantPuzzle::empty(Shape::SIXTEEN);
    let mut calls = 0;
    let n = engine.count(&empty, 5000, &mut || calls += 1);
    assert_eq!(n, 5000);
    assert!(calls > 0);
    let stopped = std::panic::catch_unwind(|| {
        let mut k = 0;
        engine.count(&empty, u64::MAX, &mut || {
            k += 1;
            if k == 3 {
                panic!("cancel");
            }
        })
    });
    assert!(stopped.is_err());
}

#[test]
fn locked_candidates_clear_the_other_group_only() {
    use super::intersections::Intersections;
    use super::locked::locked_at;
    let t = Tables::new(&geometry(Shape::NINE, "classic"));
    let locked_candidates = |t: &Tables, cand: &mut [u32], work: &mut Work| {
        let before = work.changed.len();
        let x = Intersections::of(t);
        let ok = (0..x.list.len()).all(|i| locked_at(&x, i, cand, work));
        ok.then_some(work.changed.len() > before)
    };
    let mut cand = vec![t.all; 81];
    // Digit 1 left in row 1 only in r1c1-r1c3 (box 1): it leaves box 1's other cells.
    for mask in &mut cand[3..9] {
        *mask &= !1;
    }
    let mut queue = Work::default();
    assert_eq!(locked_candidates(&t, &mut cand, &mut queue), Some(true));
    for c in [9, 10, 11, 18, 19, 20] {
        assert!(!has(&cand, c, 1));
    }
    for c in [0, 1, 2, 12, 27, 80] {
        assert!(has(&cand, c, 1));
    }
    // Nothing locked: nothing changes.
    let mut open = vec![t.all; 81];
    assert_eq!(locked_candidates(&t, &mut open, &mut queue), Some(false));
    assert!(open.iter().all(|&m| m == t.all));
}

#[test]
fn nc_pairs_take_the_digits_without_a_neighbour() {
    use super::locked::nc_pair_at;
    let t = Tables::new(&geometry(Shape::NINE, "nc"));
    let run = |mask: u32| {
        let mut cand = vec![t.all; 81];
        cand[40] = mask;
        let mut work = Work::default();
        let ok = (0..81).all(|c| nc_pair_at(&t, c, &mut cand, &mut work));
        (ok.then_some(!work.changed.is_empty()), cand)
    };
    // {4, 5}: a neighbour 4 or 5 would leave r5c5 nothing.
    let (changed, cand) = run(0b11000);
    assert_eq!(changed, Some(true));
    assert!(!has(&cand, 41, 4) && !has(&cand, 41, 5) && has(&cand, 41, 3) && has(&cand, 41, 6));
    assert!(has(&cand, 30, 4), "diagonal cells are not neighbours");
    // {4, 6}: only 5 goes; {4, 7}: nothing.
    let (_, cand) = run(0b101000);
    assert!(!has(&cand, 31, 5) && has(&cand, 31, 4) && has(&cand, 31, 6));
    assert_eq!(run(0b1001000).0, Some(false));
    // {1, 2} at the low end and {8, 9} at the high end stay within the digits.
    assert!(!has(&run(0b11).1, 39, 2) && !has(&run(0b11).1, 39, 1));
    assert!(!has(&run(0b1_1000_0000).1, 49, 8) && has(&run(0b1_1000_0000).1, 49, 7));
}

#[test]
fn peer_sets_hold_exactly_the_peer_lists() {
    let jigsaw = format!(
        "jigsaw={}",
        super::tests_props::jigsaw_nine(&mut crate::generate::Rng::new(2))
    );
    let geometries = [
        geometry(Shape::FOUR, "classic"),
        geometry(Shape::NINE, "x,anti-knight,anti-king,nc"),
        geometry(Shape::NINE, &jigsaw),
        geometry(Shape::SIXTEEN, "x,anti-knight"),
        geometry(Shape::TWENTY_FIVE, "x"),
        killer(
            Shape::NINE,
            vec![(vec![0, 1, 10], Some(12)), (vec![40, 41], None)],
            "dg",
        ),
    ];
    for g in &geometries {
        let t = Tables::new(g);
        for (c, peers) in g.peers.iter().enumerate() {
            let mut plain = vec![0u64; t.words];
            for &q in peers {
                plain[usize::from(q) / 64] |= 1 << (q % 64);
            }
            assert_eq!(
                t.peer_bits[c * t.words..(c + 1) * t.words],
                plain[..],
                "cell {c}"
            );
        }
    }
}

#[test]
fn solutions_within_marks_are_the_solutions_the_marks_keep() {
    // An x puzzle with eight of its givens taken away has a few hundred solutions: those
    // that keep to some pencil marks (the first solution's digit taken from a few
    // cells) are the plain way's, found by listing every solution and keeping those the
    // marks allow; marks leaving a cell nothing have none.
    let g = geometry(Shape::NINE, "x");
    let engine = Engine::new(&g);
    let text = "..43.6...3.5..........578398..1.9.2.9...3..7....5..9..........7...6...8.....25...";
    let mut puzzle = VariantPuzzle::parse(text).unwrap();
    let givens: Vec<usize> = (0..81).filter(|&c| puzzle.cells[c] != 0).collect();
    for &c in givens.iter().step_by(3).take(8) {
        puzzle.cells[c] = 0;
    }
    let all: Vec<Vec<u8>> = engine.solutions(&puzzle, 1_000_000, &mut || {}).collect();
    assert!(
        (20..1_000_000).contains(&all.len()),
        "{} solutions",
        all.len()
    );
    let mut allowed = vec![0x1ffu32; 81];
    for c in [1usize, 13, 38, 57, 79] {
        allowed[c] &= !(1 << (all[0][c] - 1));
    }
    let fits = |s: &Vec<u8>| (0..81).all(|c| allowed[c] >> (s[c] - 1) & 1 == 1);
    let mut plain: Vec<Vec<u8>> = all.iter().filter(|s| fits(s)).cloned().collect();
    let mut within: Vec<Vec<u8>> = engine
        .solutions_within(&puzzle, &allowed, 1_000_000, &mut || {})
        .collect();
    assert!(!plain.is_empty() && plain.len() < all.len());
    plain.sort();
    within.sort();
    assert_eq!(within, plain);
    allowed[5] = 0;
    assert_eq!(
        engine
            .solutions_within(&puzzle, &allowed, 2, &mut || {})
            .count(),
        0
    );
}
