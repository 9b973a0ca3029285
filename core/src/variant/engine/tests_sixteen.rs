//! The 16×16 band search ([`super::sixteen`]) against the mask search: the same
//! fixpoint from the same masks (its word rules do what [`super::propagate`]'s rules do
//! on rows, columns and boxes), the same solutions and counts, and where it runs.

use super::band_search::{cpu_is_wide, BandNode};
use super::sixteen::{
    fits, fold_lanes, fold_lanes_one_by_one, place_naked_singles,
    place_naked_singles_board_by_board, propagate, State,
};
use super::tables::Tables;
use super::testkit::{
    dig, geometry, masks_with_drops, plain_fixpoint, random_grid, same_solutions_as_mask_search,
};
use super::Engine;
use crate::generate::Rng;
use crate::variant::shape::Shape;
use crate::variant::text::VariantPuzzle;
use proptest::prelude::*;

/// A state whose boards are the masks, every cell blank.
fn state_of(cand: &[u32]) -> State {
    let mut st = State::empty();
    for (d, board) in st.cand.iter_mut().enumerate() {
        *board = [0; 4];
        for (c, &m) in cand.iter().enumerate() {
            board[c / 64] |= u64::from(m >> d & 1) << (c % 64);
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
    fn sixteen_reaches_the_plain_fixpoint(seed in any::<u64>(), keep in 0u64..60, drops in 0usize..1500) {
        let g = geometry(Shape::SIXTEEN, "classic");
        let t = Tables::new(&g);
        let mut rng = Rng::new(seed);
        let grid = random_grid(&g, &mut rng).expect("a grid");
        let puzzle = dig(g.shape, &grid, keep, &mut rng);
        let cand = masks_with_drops(&t, &puzzle, drops, &mut rng);
        let mut st = state_of(&cand);
        let ok = propagate(&mut st);
        let plain = plain_fixpoint(&t, &cand, false);
        prop_assert_eq!(ok, plain.is_some());
        if let Some(plain) = plain {
            let words: Vec<u32> = (0..256).map(|c| st.digits_of(c)).collect();
            prop_assert_eq!(words, plain);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random states where many cells hold one digit or none (each cell's digits are
    /// three random masks met): placing the naked singles by their digit index, a
    /// single at a time, leaves the state (boards, blank cells, the bands marked
    /// changed) and the answer of meeting every board with the singles.
    #[test]
    fn naked_singles_by_index_as_board_by_board(seed in any::<u64>(), blank in any::<[u64; 4]>()) {
        let mut rng = Rng::new(seed);
        let cand: Vec<u32> = (0..256)
            .map(|_| (0..3).fold(0xFFFF, |m, _| m & rng.below(1 << 16) as u32) | 1 << rng.below(16))
            .collect();
        let mut st = state_of(&cand);
        st.blank = blank;
        if seed % 4 == 0 {
            // A cell with no digit: both say so.
            let c = rng.below(256) as usize;
            for board in st.cand.iter_mut() {
                board[c / 64] &= !(1 << (c % 64));
            }
        }
        let mut plain = st;
        let by_index = place_naked_singles(&mut st);
        prop_assert_eq!(by_index, place_naked_singles_board_by_board(&mut plain));
        if by_index.is_some() {
            prop_assert_eq!(st, plain);
        }
    }
}

proptest! {
    /// Folding a band's lanes in halves counts each column as adding them one by one.
    #[test]
    fn lanes_fold_in_halves_as_one_by_one(w in any::<u64>(), sparse in any::<u64>()) {
        prop_assert_eq!(fold_lanes(w), fold_lanes_one_by_one(w));
        prop_assert_eq!(fold_lanes(w & sparse), fold_lanes_one_by_one(w & sparse));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The engine (the 16×16 band search) finds the mask search's solutions: the same
    /// set up to a limit above both counts, the same counts, and the same count with a
    /// digit excluded from a cell (the generator's test).
    #[test]
    fn sixteen_finds_the_mask_searchs_solutions(seed in any::<u64>(), keep in 35u64..70) {
        let g = geometry(Shape::SIXTEEN, "classic");
        let mut rng = Rng::new(seed);
        let grid = random_grid(&g, &mut rng).expect("a grid");
        let puzzle = dig(g.shape, &grid, keep, &mut rng);
        same_solutions_as_mask_search(&g, &puzzle, &grid, 30, &mut rng)?;
    }
}

#[test]
fn a_conflicting_given_has_no_solution() {
    let g = geometry(Shape::SIXTEEN, "classic");
    let mut puzzle = VariantPuzzle::empty(Shape::SIXTEEN);
    puzzle.cells[0] = 5;
    puzzle.cells[15] = 5; // the same row
    assert_eq!(Engine::new(&g).count(&puzzle, 2, &mut || {}), 0);
    let full = random_grid(&g, &mut Rng::new(3)).expect("a grid");
    let solved = VariantPuzzle {
        shape: Shape::SIXTEEN,
        cells: full.clone(),
    };
    let engine = Engine::new(&g);
    assert_eq!(engine.solve(&solved, &mut || {}), Some(full));
    assert_eq!(engine.count(&solved, 2, &mut || {}), 1);
}

#[test]
fn the_sixteen_search_runs_on_rows_columns_and_boxes_alone() {
    let runs = |rules: &str| fits(&Tables::new(&geometry(Shape::SIXTEEN, rules)));
    assert!(runs("classic"));
    for rules in ["x", "diagonal+", "anti-knight", "anti-king", "nc"] {
        assert!(!runs(rules), "{rules}");
    }
    let nine = Tables::new(&geometry(Shape::NINE, "classic"));
    assert!(!fits(&nine), "9×9");
    let g = geometry(Shape::SIXTEEN, "classic");
    let mut rng = Rng::new(11);
    let grid = random_grid(&g, &mut rng).expect("a grid");
    let killer = super::testkit::with_cages(g.rules.clone(), Shape::SIXTEEN, &grid, &mut rng, 5, 4);
    let killer = crate::variant::geometry::Geometry::new(Shape::SIXTEEN, &killer).expect("cages");
    assert!(!fits(&Tables::new(&killer)), "cages");
}

#[test]
fn excluding_a_digit_off_the_grid_excludes_nothing() {
    for (shape, rules) in [
        (Shape::SIXTEEN, "classic"),
        (Shape::NINE, "x"),
        (Shape::NINE, "classic"),
    ] {
        let g = geometry(shape, rules);
        let engine = Engine::new(&g);
        let grid = random_grid(&g, &mut Rng::new(9)).expect("a grid");
        let puzzle = dig(shape, &grid, 80, &mut Rng::new(4));
        let all = engine.count(&puzzle, 3, &mut || {});
        let cells = shape.cells();
        for (cell, digit) in [
            (0, 0),
            (1, shape.side() as u8 + 1),
            (cells, 1),
            (usize::MAX, 255),
        ] {
            assert_eq!(
                engine.count_excluding(&puzzle, cell, digit, 3, &mut || {}),
                all,
                "{rules} {cell} {digit}"
            );
        }
    }
}

/// The build of the search for AVX2 and the plain build take the same steps: the
/// same solutions in the same order and the same nodes, on 16×16 and 9×9 puzzles
/// with several solutions (where the CPU lacks the features, both runs are plain and
/// the test says so).
#[test]
fn the_wide_build_takes_the_plain_builds_steps() {
    if !cpu_is_wide() {
        eprintln!("this CPU runs the plain build only: nothing to compare");
    }
    let jigsaw = format!(
        "jigsaw={}",
        super::tests_props::jigsaw_nine(&mut Rng::new(5))
    );
    for (shape, rules, seeds) in [
        (Shape::SIXTEEN, "classic", 0..6),
        (Shape::NINE, "x,anti-king", 0..6),
        (Shape::NINE, jigsaw.as_str(), 0..6),
    ] {
        let g = geometry(shape, rules);
        let engine = Engine::new(&g);
        let mut nodes = 0;
        for seed in seeds {
            let mut rng = Rng::new(seed);
            let grid = random_grid(&g, &mut rng).expect("a grid");
            let keep = if shape == Shape::SIXTEEN { 40 } else { 8 };
            let puzzle = dig(shape, &grid, keep, &mut rng);
            let run = |plain: bool| {
                let mut search = engine.search(&*engine.tables, &puzzle, None, || {});
                if plain {
                    search = search.plain();
                }
                let grids: Vec<Vec<u8>> =
                    std::iter::from_fn(|| search.next_grid()).take(40).collect();
                (grids, search.nodes())
            };
            let (wide, plain) = (run(false), run(true));
            assert!(!wide.0.is_empty(), "{rules} seed {seed}");
            assert_eq!(wide, plain, "{rules} seed {seed}");
            nodes += wide.1;
        }
        assert!(nodes > 200, "{rules}: searches that branch ({nodes} nodes)");
    }
}
