//! Variant puzzles generated to a rating: inside the range, rated as the ladder and the
//! SQL rating rate them, deterministic, the generator's own without a range, and the
//! ranges refused.

use super::*;
use crate::generate::Symmetry;
use crate::variant_explain::RuledPuzzle;

fn graded(
    rules: &str,
    (index, clues): (u64, usize),
    range: RatingRange,
    symmetry: Symmetry,
) -> VariantGraded {
    let options = VariantOptions { clues, symmetry };
    let rules = Rules::parse(rules).unwrap();
    generate_variant_graded(
        Shape::NINE,
        &rules,
        (17, index),
        &options,
        range,
        &mut || {},
    )
    .unwrap()
}

/// A band of ratings, in tenths: (min, max).
type Band = (u16, u16);

#[test]
fn puzzles_rate_inside_their_band_as_sudoku_rate_rates_them() {
    // Each rule set with givens at which its bands are common enough (minimal x puzzles
    // rate 2.5 or less once in 300; nc reaches 2.6 at no number of givens).
    let cases: [(&str, usize, &[Band]); 4] = [
        ("x", 24, &[(10, 25), (26, 44), (45, 64)]),
        (
            "anti-king",
            0,
            // (From 9.5 the nested chains, built under anti-king; up to 9.9, since a
            // ceiling of 10.0 and up lets some attempts run the nested chains of levels
            // 3 and 4 on nearly empty grids for minutes.)
            &[(26, 44), (45, 64), (65, 74), (75, 89), (90, 94), (95, 99)],
        ),
        ("windoku,dg", 0, &[(26, 44), (45, 64), (65, 89)]),
        ("nc", 24, &[(10, 25)]),
    ];
    for (rules, clues, bands) in cases {
        for &(min, max) in bands {
            let range = RatingRange { min, max };
            let g = graded(rules, (3, clues), range, Symmetry::None);
            let rating = g.rating.unwrap();
            assert!(
                range.contains(rating),
                "{rules}: {rating} not in {min}..{max}"
            );
            // The rating the SQL functions give the puzzle under its rules.
            let geometry = Geometry::new(Shape::NINE, &g.generated.rules).unwrap();
            let engine = crate::variant::engine::Engine::new(&geometry);
            let p = RuledPuzzle::new("t", &g.generated.puzzle, &geometry, &engine).unwrap();
            assert_eq!(
                p.rate(&mut || {}).unwrap().map(|r| r.er),
                Some(rating),
                "{rules}"
            );
            assert_eq!(
                g,
                graded(rules, (3, clues), range, Symmetry::None),
                "{rules}: deterministic"
            );
        }
    }
}

#[test]
fn without_a_range_the_puzzles_are_the_generators() {
    let rules = Rules::parse("x").unwrap();
    for i in 0..3 {
        let g = graded("x", (i, 0), RatingRange::ANY, Symmetry::None);
        let own = generate_variant(
            Shape::NINE,
            &rules,
            17,
            i,
            &VariantOptions::default(),
            &mut || {},
        )
        .unwrap();
        assert_eq!((g.generated, g.rating, g.attempts), (own, None, 1));
    }
}

#[test]
fn symmetric_puzzles_keep_their_symmetry_inside_the_range() {
    let range = RatingRange { min: 26, max: 64 };
    let g = graded("x", (0, 0), range, Symmetry::Rotate180);
    let cells = &g.generated.puzzle.cells;
    assert!((0..81).all(|c| (cells[c] == 0) == (cells[80 - c] == 0)));
    assert!(range.contains(g.rating.unwrap()));
}

#[test]
fn the_nested_chains_bands_under_extra_groups_and_giant_grids_refused() {
    // The ladder under rules rates every puzzle: a range above 9.4 under x is made (the
    // nested chains of levels 2 to 4 over the diagonals' links), rated as a whole
    // rating rates it.
    let rules = Rules::parse("x").unwrap();
    let range = RatingRange { min: 95, max: 119 };
    let g = graded("x", (7, 0), range, Symmetry::None);
    assert!(range.contains(g.rating.unwrap()), "{:?}", g.rating);
    let t = VariantTables::new(&Geometry::new(Shape::NINE, &rules).unwrap()).unwrap();
    let whole = crate::logic::variant_ladder::rate_in(&g.generated.puzzle.cells, &t, &mut || {});
    assert_eq!(whole.map(|r| r.er).ok(), g.rating);
    let options = VariantOptions::default();
    let giant = generate_variant_graded(
        Shape::SIXTEEN,
        &rules,
        (1, 0),
        &options,
        RatingRange { min: 10, max: 30 },
        &mut || {},
    );
    assert!(
        matches!(
            giant,
            Err(VariantGradedError::Variant(
                VariantError::Unsupported { .. }
            ))
        ),
        "{giant:?}"
    );
}
