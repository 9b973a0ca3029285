//! The incremental propagation against the plain way ([`super::full`]: every rule on
//! every unit, every round), from states made at random and from a fixpoint with one
//! cell placed (what the search does at each node); the two-place rules where they fire
//! and where they must not.

use super::full::propagate_everywhere;
use super::pairs::few_places_in;
use super::places::{count_places, OwnedPlaces};
use super::propagate::{propagate, propagate_from_scratch};
use super::tables::Tables;
use super::testkit::{dig, geometry, masks_with_drops, random_grid, with_cages};
use super::tests_props::jigsaw_nine;
use super::work::{Marks, Work};
use crate::generate::Rng;
use crate::variant::geometry::Geometry;
use crate::variant::shape::Shape;
use proptest::prelude::*;

fn work() -> Work {
    Work {
        two_places: true,
        ..Work::default()
    }
}

/// The masks of a puzzle's givens with `drops` digits taken out of random blank cells.
fn random_state(t: &Tables, g: &Geometry, rng: &mut Rng, keep: u64, drops: usize) -> Vec<u32> {
    let puzzle = match random_grid(g, rng) {
        Some(grid) => dig(g.shape, &grid, keep, rng),
        None => crate::variant::text::VariantPuzzle::empty(g.shape),
    };
    masks_with_drops(t, &puzzle, drops, rng)
}

/// Both ways from `cand` with every cell logged: the same answer, the same masks.
fn same_as_full(t: &Tables, cand: &[u32]) -> Result<Option<Vec<u32>>, TestCaseError> {
    let (mut fast, mut plain) = (cand.to_vec(), cand.to_vec());
    let (mut a, mut b) = (work(), work());
    b.start_everywhere(&plain);
    let mut places = OwnedPlaces::new(t);
    let ok = propagate_from_scratch(t, &mut fast, &mut places.view(), &mut a);
    prop_assert_eq!(ok, propagate_everywhere(t, &mut plain, &mut b));
    if ok {
        prop_assert_eq!(&fast, &plain);
    }
    Ok(ok.then_some(fast))
}

const RULES: [&str; 9] = [
    "classic",
    "x",
    "windoku",
    "anti-knight",
    "anti-king",
    "nc",
    "nc,x",
    "jigsaw",
    "killer",
];

fn tables_of(pick: usize, rng: &mut Rng) -> Option<(Geometry, Tables)> {
    let mut g = match RULES[pick] {
        "killer" => geometry(Shape::NINE, "classic"),
        "jigsaw" => geometry(Shape::NINE, &format!("jigsaw={}", jigsaw_nine(rng))),
        rules => geometry(Shape::NINE, rules),
    };
    if RULES[pick] == "killer" {
        let grid = random_grid(&g, rng)?;
        let rules = with_cages(g.rules.clone(), Shape::NINE, &grid, rng, 5, 4);
        g = Geometry::new(Shape::NINE, &rules).ok()?;
    }
    let t = Tables::new(&g);
    Some((g, t))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn incremental_reaches_the_full_fixpoint(pick in 0usize..9, seed in any::<u64>(), keep in 0u64..40, drops in 0usize..120) {
        let mut rng = Rng::new(seed);
        let Some((g, t)) = tables_of(pick, &mut rng) else { return Ok(()) };
        let cand = random_state(&t, &g, &mut rng, keep, drops);
        same_as_full(&t, &cand)?;
    }

    #[test]
    fn a_node_logs_one_cell_and_still_reaches_the_full_fixpoint(pick in 0usize..9, seed in any::<u64>(), keep in 0u64..30) {
        let mut rng = Rng::new(seed);
        let Some((g, t)) = tables_of(pick, &mut rng) else { return Ok(()) };
        let cand = random_state(&t, &g, &mut rng, keep, 0);
        let Some(settled) = same_as_full(&t, &cand)? else { return Ok(()) };
        // A branch as the search makes it: one open cell set to one of its digits,
        // only that cell logged and queued.
        let open: Vec<usize> = (0..t.cells).filter(|&c| settled[c].count_ones() > 1).collect();
        let Some(&c) = open.get(rng.below(open.len().max(1) as u64) as usize) else { return Ok(()) };
        let m = settled[c];
        let bit = 1 << (0..32).filter(|b| m >> b & 1 == 1).nth(rng.below(u64::from(m.count_ones())) as usize).unwrap();
        let mut child = settled.clone();
        let mut places = OwnedPlaces::new(&t);
        count_places(&t, &child, &mut places.view());
        let mut w = work();
        w.branch(&mut child, c as u16, bit);
        let ok = propagate(&t, &mut child, &mut places.view(), &mut w);
        let mut plain = settled;
        plain[c] = bit;
        let mut b = work();
        b.start_everywhere(&plain);
        prop_assert_eq!(ok, propagate_everywhere(&t, &mut plain, &mut b));
        if ok {
            prop_assert_eq!(child, plain);
        }
    }
}

/// Shapes and rules for the walk below: 4×4 and 9×9 (the plain way is too slow on the
/// giant grids, which the search tests cover), the rules that fit them, and a jigsaw
/// whose regions share three cells with a row (locked candidates between a region and
/// a line).
const WALKS: [(Shape, &str); 8] = [
    (Shape::SIXTEEN, "classic"),
    (Shape::FOUR, "classic"),
    (Shape::FOUR, "x,nc"),
    (Shape::FOUR, "anti-king"),
    (Shape::FOUR, "jigsaw=AAABABBBCCCDCDDD,diagonal+"),
    (Shape::NINE, "x,windoku"),
    (Shape::NINE, "dg,anti-knight"),
    (Shape::NINE, "girandola,asterisk,center-dot,nc"),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// A walk down a search tree as [`super::search`] makes it (each child a copy of
    /// its parent, one `Work` reused across nodes, contradictions included), with the
    /// few-place rules on or off: at every node the same verdict and masks as the plain
    /// way, and places that agree with the masks (a fresh count).
    #[test]
    fn a_search_walk_matches_the_plain_way_at_every_node(pick in 0usize..8, two in any::<bool>(), seed in any::<u64>()) {
        walk_matches_the_plain_way(pick, two, seed)?;
    }
}

/// The 16×16 walk every run (the random pick above may miss it).
#[test]
fn a_sixteen_walk_matches_the_plain_way_at_every_node() {
    for (two, seed) in [(false, 1), (true, 2)] {
        walk_matches_the_plain_way(0, two, seed).expect("the same as the plain way");
    }
}

/// [`a_search_walk_matches_the_plain_way_at_every_node`] on walk `pick` of [`WALKS`].
fn walk_matches_the_plain_way(pick: usize, two: bool, seed: u64) -> Result<(), TestCaseError> {
    let (shape, rules) = WALKS[pick];
    let g = geometry(shape, rules);
    let t = Tables::new(&g);
    let mut rng = Rng::new(seed);
    let plain_work = || Work {
        two_places: two,
        ..Work::default()
    };
    let mut work = plain_work();
    let mut level = OwnedPlaces::new(&t);
    let mut cand = vec![t.all; t.cells];
    let Some(grid) = random_grid(&g, &mut rng) else {
        return Ok(());
    };
    // A quarter of the cells given, a tenth on 16×16 (where a quarter leaves nothing
    // open once propagated).
    let one_in = if shape == Shape::SIXTEEN { 10 } else { 4 };
    for c in 0..t.cells {
        if rng.below(one_in) == 0 {
            cand[c] = 1 << (grid[c] - 1);
        }
    }
    let mut plain = cand.clone();
    let ok = propagate_from_scratch(&t, &mut cand, &mut level.view(), &mut work);
    let mut w = plain_work();
    w.start_everywhere(&plain);
    prop_assert_eq!(ok, propagate_everywhere(&t, &mut plain, &mut w));
    if !ok {
        return Ok(());
    }
    prop_assert_eq!(&cand, &plain);
    for _ in 0..30 {
        let open: Vec<usize> = (0..t.cells).filter(|&c| cand[c].count_ones() > 1).collect();
        let Some(&c) = open.get(rng.below(open.len().max(1) as u64) as usize) else {
            break;
        };
        let m = cand[c];
        let bit = 1
            << (0..32)
                .filter(|b| m >> b & 1 == 1)
                .nth(rng.below(u64::from(m.count_ones())) as usize)
                .unwrap();
        let (mut child, mut places) = (cand.clone(), level.clone());
        work.clear();
        work.branch(&mut child, c as u16, bit);
        let ok = propagate(&t, &mut child, &mut places.view(), &mut work);
        let mut plain = cand.clone();
        plain[c] = bit;
        let mut w = plain_work();
        w.start_everywhere(&plain);
        prop_assert_eq!(ok, propagate_everywhere(&t, &mut plain, &mut w));
        if ok {
            prop_assert_eq!(&child, &plain);
            let mut fresh = OwnedPlaces::new(&t);
            count_places(&t, &child, &mut fresh.view());
            prop_assert!(places == fresh, "places drifted from the masks");
            (cand, level) = (child, places);
        }
    }
    Ok(())
}

/// Masks of an open grid with digit `d` left in `places` only, among the cells of
/// `group` (digit bits, group cell lists as in the tables).
fn only_in(t: &Tables, group: usize, d: u8, places: &[usize]) -> Vec<u32> {
    let mut cand = vec![t.all; t.cells];
    for &c in t.group(group) {
        if !places.contains(&usize::from(c)) {
            cand[usize::from(c)] &= !(1 << (d - 1));
        }
    }
    cand
}

fn has(cand: &[u32], cell: usize, d: u8) -> bool {
    cand[cell] >> (d - 1) & 1 == 1
}

#[test]
fn two_places_clear_the_common_peers() {
    // Anti-knight, row 1 (group 0): 5 only in r1c1 and r1c5. r2c3 is a knight's move
    // from r1c1 and r1c5; r3c3 is in box 1 (a peer of r1c1) but far from r1c5.
    let t = Tables::new(&geometry(Shape::NINE, "anti-knight"));
    let mut cand = only_in(&t, 0, 5, &[0, 4]);
    assert!(few_places_in(&t, t.group(0), &mut cand, &mut work()));
    assert!(!has(&cand, 11, 5), "r2c3 sees both places");
    assert!(has(&cand, 20, 5) && has(&cand, 0, 5) && has(&cand, 4, 5));
    // Three places: nothing to clear.
    let mut cand = only_in(&t, 0, 5, &[0, 4, 8]);
    assert!(few_places_in(&t, t.group(0), &mut cand, &mut work()));
    assert!(has(&cand, 11, 5));
    // Without knight's moves or king's steps the rule stays off.
    for rules in ["classic", "x", "windoku", "nc"] {
        assert!(!Tables::new(&geometry(Shape::NINE, rules)).common_peers);
    }
    assert!(Tables::new(&geometry(Shape::NINE, "anti-king")).common_peers);
}

#[test]
fn under_anti_knight_the_common_peers_clear_what_locked_candidates_would() {
    // Box 1: 5 only in r1c1 and r1c2 (a row of the box). The rest of row 1 shares the
    // row with both places, so the common-peer rule clears it, as locked candidates
    // would: the search skips those there (two or three places, common peers on).
    let t = Tables::new(&geometry(Shape::NINE, "anti-knight"));
    let box1 = (0..t.group_count())
        .find(|&g| t.group(g) == [0, 1, 2, 9, 10, 11, 18, 19, 20])
        .expect("box 1");
    let mut cand = only_in(&t, box1, 5, &[0, 1]);
    assert!(few_places_in(&t, t.group(box1), &mut cand, &mut work()));
    assert!((3..9).all(|c| !has(&cand, c, 5)), "the rest of row 1");
    assert!(has(&cand, 27, 5) && has(&cand, 0, 5) && has(&cand, 1, 5));
    // The search's propagation clears the same cells, and reaches the plain way's
    // fixpoint (which runs locked candidates everywhere).
    let start = only_in(&t, box1, 5, &[0, 1]);
    let settled = same_as_full(&t, &start).expect("same as the plain way");
    let settled = settled.expect("no contradiction");
    assert!((3..9).all(|c| !has(&settled, c, 5)));
}

#[test]
fn two_places_under_nc_clear_the_digits_beside_them() {
    let t = Tables::new(&geometry(Shape::NINE, "nc"));
    // Row 1: 5 only in r1c1 and r1c3: r1c2, beside both, may hold neither 4 nor 6.
    let mut cand = only_in(&t, 0, 5, &[0, 2]);
    assert!(few_places_in(&t, t.group(0), &mut cand, &mut work()));
    assert!(!has(&cand, 1, 4) && !has(&cand, 1, 6) && has(&cand, 1, 3));
    assert!(has(&cand, 10, 4), "r2c2 is beside r1c2 only");
    // 5 only in r1c1 and r1c2 (side by side): each may hold neither 4 nor 6.
    let mut cand = only_in(&t, 0, 5, &[0, 1]);
    assert!(few_places_in(&t, t.group(0), &mut cand, &mut work()));
    assert!(!has(&cand, 0, 4) && !has(&cand, 1, 6) && has(&cand, 0, 5));
    assert!(has(&cand, 9, 4) && has(&cand, 2, 4));
    // Three places side by side, r1c1-r1c3: only r1c2 is each place or beside it.
    let mut cand = only_in(&t, 0, 5, &[0, 1, 2]);
    assert!(few_places_in(&t, t.group(0), &mut cand, &mut work()));
    assert!(!has(&cand, 1, 4) && !has(&cand, 1, 6));
    assert!(has(&cand, 0, 4) && has(&cand, 2, 6) && has(&cand, 10, 4));
    // Four places: left alone (counting four or more did not pay).
    let mut cand = only_in(&t, 0, 5, &[0, 1, 2, 3]);
    let before = cand.clone();
    assert!(few_places_in(&t, t.group(0), &mut cand, &mut work()));
    assert_eq!(cand, before);
    // 5 in r1c1 and r1c4: no cell is beside both, nothing changes.
    let mut cand = only_in(&t, 0, 5, &[0, 3]);
    let before = cand.clone();
    assert!(few_places_in(&t, t.group(0), &mut cand, &mut work()));
    assert_eq!(cand, before);
}

#[test]
fn marks_give_each_unit_once_smallest_first() {
    let mut marks = Marks::default();
    for i in [130, 3, 64, 3, 0] {
        marks.mark(i);
    }
    let taken: Vec<usize> = std::iter::from_fn(|| marks.take()).collect();
    assert_eq!(taken, [0, 3, 64, 130]);
    assert!(marks.is_empty());
    marks.mark(65);
    assert!(!marks.is_empty());
    assert_eq!(marks.take(), Some(65));
    assert!(marks.is_empty());
}

#[test]
fn a_removal_that_empties_a_cell_names_it() {
    let mut w = work();
    let mut cand = vec![0b11u32, 0b01];
    assert!(w.remove(&mut cand, 0, 0b01));
    assert_eq!((cand[0], w.conflict), (0b10, None));
    assert!(!w.remove(&mut cand, 1, 0b01));
    assert_eq!(w.conflict, Some(1));
}
