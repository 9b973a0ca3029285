//! The band search against the mask search: the same fixpoint from the same masks
//! where the rules add no group (the band updates, claiming and the few-place rules do
//! what [`super::propagate`]'s rules do), and the same solutions and counts everywhere
//! it runs.

use super::band_search::{Choice, CountedBand, Weights};
use super::bands::{board_of, propagate as band_propagate, Extras, State};
use super::tables::Tables;
use super::testkit::{
    dig, geometry, masks_with_drops, plain_fixpoint, random_grid, same_solutions_as_mask_search,
};
use crate::generate::Rng;
use crate::variant::shape::Shape;
use proptest::prelude::*;

/// A band state whose boards are the masks, every cell blank.
fn state_of(cand: &[u32]) -> State {
    let mut st = State::empty();
    for (d, board) in st.cand.iter_mut().enumerate() {
        *board = [0; 3];
        for (c, &m) in cand.iter().enumerate() {
            board[c / 27] |= (m >> d & 1) << (c % 27);
        }
    }
    st
}

const SAME_FIXPOINT: [&str; 5] = ["classic", "anti-knight", "anti-king", "nc", "anti-king,nc"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn bands_reach_the_plain_fixpoint_without_extra_groups(pick in 0usize..5, seed in any::<u64>(), keep in 0u64..40, drops in 0usize..120) {
        let g = geometry(Shape::NINE, SAME_FIXPOINT[pick]);
        let t = Tables::new(&g);
        let x = Extras::of(&t).expect("rows, columns and boxes");
        let mut rng = Rng::new(seed);
        let Some(grid) = random_grid(&g, &mut rng) else { return Ok(()) };
        let puzzle = dig(g.shape, &grid, keep, &mut rng);
        let cand = masks_with_drops(&t, &puzzle, drops, &mut rng);
        let mut st = state_of(&cand);
        let ok = band_propagate(&x, &mut st);
        let plain = plain_fixpoint(&t, &cand, t.common_peers || !t.near_bits.is_empty());
        prop_assert_eq!(ok, plain.is_some());
        if let Some(plain) = plain {
            let bands: Vec<u32> = (0..81).map(|c| st.digits_of(c)).collect();
            prop_assert_eq!(bands, plain);
        }
    }
}

/// Rules the band search runs, extra groups included.
const BANDED: [&str; 9] = [
    "classic",
    "x",
    "windoku",
    "dg",
    "girandola,asterisk",
    "diagonal+,center-dot,anti-king",
    "anti-knight",
    "nc",
    "x,anti-knight,nc",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The engine (the band search for these rules) finds the mask search's
    /// solutions: the same set up to a limit above both counts, the same counts, and
    /// the same count with a digit excluded from a cell (the generator's test).
    #[test]
    fn bands_find_the_mask_searchs_solutions(pick in 0usize..9, seed in any::<u64>(), keep in 18u64..40) {
        let g = geometry(Shape::NINE, BANDED[pick]);
        let t = Tables::new(&g);
        prop_assert!(Extras::of(&t).is_some());
        let mut rng = Rng::new(seed);
        let Some(grid) = random_grid(&g, &mut rng) else { return Ok(()) };
        let puzzle = dig(g.shape, &grid, keep, &mut rng);
        same_solutions_as_mask_search(&g, &puzzle, &grid, 40, &mut rng)?;
    }
}

#[test]
fn the_band_search_runs_where_rows_columns_and_boxes_stay_and_no_cage_has_a_sum() {
    let runs = |rules: &str| Extras::of(&Tables::new(&geometry(Shape::NINE, rules))).is_some();
    assert!(BANDED.iter().all(|r| runs(r)));
    let jigsaw = format!(
        "jigsaw={}",
        super::tests_props::jigsaw_nine(&mut Rng::new(5))
    );
    assert!(!runs(&jigsaw), "a jigsaw has no boxes");
    let g = geometry(Shape::NINE, "classic");
    let mut rng = Rng::new(7);
    let grid = random_grid(&g, &mut rng).expect("a grid");
    let killer = super::testkit::with_cages(g.rules.clone(), Shape::NINE, &grid, &mut rng, 5, 4);
    let killer = crate::variant::geometry::Geometry::new(Shape::NINE, &killer).expect("cages");
    assert!(Extras::of(&Tables::new(&killer)).is_none(), "cage sums");
    let four = Tables::new(&geometry(Shape::FOUR, "classic"));
    assert!(Extras::of(&four).is_none(), "4×4");
    let sixteen = Tables::new(&geometry(Shape::SIXTEEN, "classic"));
    assert!(Extras::of(&sixteen).is_none(), "16×16");
}

proptest! {
    /// The shifts that cut an 81-cell set into bands give what placing it cell by cell
    /// gives.
    #[test]
    fn boards_of_cell_sets_match_the_cell_by_cell_way(low in any::<u64>(), high in 0u64..1 << 17) {
        let mut plain = [0u32; 3];
        for c in 0..81 {
            let word = if c < 64 { low } else { high };
            plain[c / 27] |= ((word >> (c % 64) & 1) as u32) << (c % 27);
        }
        prop_assert_eq!(board_of(&[low, high]), plain);
    }
}

proptest! {
    /// Reading the cells a count at a time chooses the cell that reading them one by
    /// one in order chooses, for 9×9 and 16×16 bands (random counts up to the side,
    /// random weights, many ties).
    #[test]
    fn the_choice_by_counts_is_the_choice_cell_by_cell(seed in any::<u64>(), sixteen in any::<bool>()) {
        let mut rng = Rng::new(seed);
        let (bands, width, slices, most) = if sixteen { (4, 64, 5, 16) } else { (3, 27, 4, 9) };
        let spread = 1 + rng.below(12);
        let weights = (0..bands * width).map(|_| 1 + rng.below(spread) as u32).collect();
        let weights = Weights::of(weights);
        let bands: Vec<CountedBand<5>> = (0..bands)
            .map(|k| {
                let mut count = [0u64; 5];
                let mut open = 0u64;
                for i in 0..width {
                    let n = rng.below(most + 1);
                    for (j, slice) in count.iter_mut().take(slices).enumerate() {
                        *slice |= (n >> j & 1) << i;
                    }
                    open |= u64::from(rng.below(4) != 0) << i;
                }
                CountedBand { first: k * width, open, count }
            })
            .collect();
        let (mut by_counts, mut plain) = (Choice::new(most), Choice::new(most));
        by_counts.offer(&bands, &weights);
        plain.offer_cell_by_cell(&bands, &weights);
        prop_assert_eq!(by_counts.cell(), plain.cell());
    }
}
