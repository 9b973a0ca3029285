//! The band search over groups alone ([`super::groups`]) against the mask search: the
//! same fixpoint from the same masks, the same solutions and counts, and where it runs.

use super::band_search::BandNode;
use super::groups::{propagate, GroupRules, State};
use super::tables::Tables;
use super::testkit::{
    dig, geometry, masks_with_drops, plain_fixpoint, random_grid, same_solutions_as_mask_search,
    with_cages,
};
use super::tests_props::{jigsaw_nine, jigsaw_nine_around};
use super::{AnySearch, Engine};
use crate::generate::Rng;
use crate::variant::geometry::Geometry;
use crate::variant::shape::Shape;
use crate::variant::text::VariantPuzzle;
use proptest::prelude::*;

/// Jigsaw rules on a random map, with the diagonals when `x` (the map then made around
/// a grid of X, so that some grid obeys both).
fn jigsaw(seed: u64, x: bool) -> Geometry {
    let mut rng = Rng::new(seed);
    if !x {
        return geometry(Shape::NINE, &format!("jigsaw={}", jigsaw_nine(&mut rng)));
    }
    let grid = random_grid(&geometry(Shape::NINE, "x"), &mut rng).expect("an X grid");
    let map = jigsaw_nine_around(&grid, &mut rng);
    geometry(Shape::NINE, &format!("x,jigsaw={map}"))
}

/// A state whose boards are the masks, every cell blank.
fn state_of(cand: &[u32]) -> State {
    let mut st = State::empty();
    for (d, board) in st.cand.iter_mut().enumerate() {
        *board = 0;
        for (c, &m) in cand.iter().enumerate() {
            *board |= u128::from(m >> d & 1) << c;
        }
    }
    st
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Random states (givens of a random grid, then candidates dropped, which makes
    /// contradictions too): the word rules and the plain way agree on whether there is
    /// a contradiction, and else on every cell's candidates.
    #[test]
    fn groups_reach_the_plain_fixpoint(seed in any::<u64>(), x in any::<bool>(), keep in 0u64..40, drops in 0usize..300) {
        let g = jigsaw(seed, x);
        let t = Tables::new(&g);
        let rules = GroupRules::of(&t).expect("groups alone");
        let mut rng = Rng::new(seed);
        let grid = random_grid(&g, &mut rng).expect("a grid");
        let puzzle = dig(g.shape, &grid, keep, &mut rng);
        let cand = masks_with_drops(&t, &puzzle, drops, &mut rng);
        let mut st = state_of(&cand);
        let ok = propagate(&mut st, &rules);
        let plain = plain_fixpoint(&t, &cand, false);
        prop_assert_eq!(ok, plain.is_some());
        if let Some(plain) = plain {
            let words: Vec<u32> = (0..81).map(|c| st.digits_of(c)).collect();
            prop_assert_eq!(words, plain);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The engine (the band search over groups) finds the mask search's solutions: the
    /// same set up to a limit above both counts, the same counts, and the same count
    /// with a digit excluded from a cell (the generator's test).
    #[test]
    fn groups_find_the_mask_searchs_solutions(seed in any::<u64>(), x in any::<bool>(), keep in 12u64..30) {
        let g = jigsaw(seed, x);
        let mut rng = Rng::new(seed);
        let grid = random_grid(&g, &mut rng).expect("a grid");
        let puzzle = dig(g.shape, &grid, keep, &mut rng);
        same_solutions_as_mask_search(&g, &puzzle, &grid, 30, &mut rng)?;
    }
}

/// Which search the engine runs for the geometry.
fn runs_groups(g: &Geometry) -> bool {
    let engine = Engine::new(g);
    let puzzle = VariantPuzzle::empty(g.shape);
    let search = engine.search(&*engine.tables, &puzzle, None, || {});
    matches!(search, AnySearch::Groups(_))
}

#[test]
fn the_groups_search_runs_on_jigsaw_regions_without_other_peers() {
    assert!(runs_groups(&jigsaw(5, false)), "jigsaw");
    assert!(runs_groups(&jigsaw(6, true)), "jigsaw and the diagonals");
    let map = jigsaw_nine(&mut Rng::new(7));
    for rules in ["anti-knight", "anti-king", "nc"] {
        let g = geometry(Shape::NINE, &format!("{rules},jigsaw={map}"));
        assert!(!runs_groups(&g), "{rules}: peers beyond the groups");
    }
    // Where the boxes stay, the 9×9 band search runs instead.
    for rules in ["classic", "x", "windoku"] {
        assert!(!runs_groups(&geometry(Shape::NINE, rules)), "{rules}");
    }
    for shape in [Shape::FOUR, Shape::SIXTEEN] {
        assert!(!runs_groups(&geometry(shape, "classic")), "{shape:?}");
    }
    let g = jigsaw(8, false);
    let mut rng = Rng::new(8);
    let grid = random_grid(&g, &mut rng).expect("a grid");
    let killer = with_cages(g.rules.clone(), Shape::NINE, &grid, &mut rng, 5, 4);
    let killer = Geometry::new(Shape::NINE, &killer).expect("cages");
    assert!(!runs_groups(&killer), "cage sums");
}

#[test]
fn a_conflicting_given_in_a_region_has_no_solution() {
    let g = jigsaw(9, false);
    let region = g
        .groups
        .iter()
        .find(|group| {
            let rows = group.cells.iter().map(|&c| c / 9);
            let cols = group.cells.iter().map(|&c| c % 9);
            rows.clone().min() != rows.max() && cols.clone().min() != cols.max()
        })
        .expect("a region over two rows and two columns");
    let (a, b) = (region.cells[0], region.cells[region.cells.len() - 1]);
    let mut puzzle = VariantPuzzle::empty(Shape::NINE);
    puzzle.cells[usize::from(a)] = 4;
    puzzle.cells[usize::from(b)] = 4;
    let engine = Engine::new(&g);
    assert_eq!(engine.count(&puzzle, 2, &mut || {}), 0);
    let full = random_grid(&g, &mut Rng::new(3)).expect("a grid");
    let solved = VariantPuzzle {
        shape: Shape::NINE,
        cells: full.clone(),
    };
    assert_eq!(engine.solve(&solved, &mut || {}), Some(full));
    assert_eq!(engine.count(&solved, 2, &mut || {}), 1);
}

#[test]
fn a_node_is_192_bytes() {
    // As the module docs of `band_search` and `groups` say.
    assert_eq!(std::mem::size_of::<State>(), 192);
}
