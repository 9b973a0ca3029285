//! Tests of [`super::generate_variant`]: unique puzzles whose solution keeps every
//! rule, the same puzzle for the same seed, symmetric givens when asked, refusals.

use super::symmetry::{image, MAPS};
use super::*;
use crate::variant::check_givens;

fn rules(text: &str) -> Rules {
    Rules::parse(text).unwrap()
}

fn make(
    shape: Shape,
    text: &str,
    seed: u64,
    index: u64,
    options: VariantOptions,
) -> VariantGenerated {
    generate_variant(shape, &rules(text), seed, index, &options, &mut || {})
        .unwrap_or_else(|e| panic!("{text}: {}", e.message()))
}

/// Unique, solved by its solution, which keeps every rule; fresh layouts filled in.
fn assert_sound(g: &VariantGenerated, text: &str) {
    let shape = g.puzzle.shape;
    assert!(!g.rules.wants_fresh_layout(), "{text}: {}", g.rules);
    let geometry = Geometry::new(shape, &g.rules).unwrap();
    let full = VariantPuzzle {
        shape,
        cells: g.solution.clone(),
    };
    check_givens(&full, &geometry).unwrap_or_else(|e| panic!("{text}: {}", e.detail()));
    assert!(g
        .solution
        .iter()
        .all(|&d| (1..=shape.side() as u8).contains(&d)));
    for (c, &d) in g.puzzle.cells.iter().enumerate() {
        assert!(d == 0 || d == g.solution[c], "{text}: given differs at {c}");
    }
    let engine = Engine::new(&geometry);
    assert_eq!(
        engine.count(&g.puzzle, 2, &mut || {}),
        1,
        "{text}: {}",
        g.puzzle.to_line()
    );
    assert_eq!(
        engine.solve(&g.puzzle, &mut || {}),
        Some(g.solution.clone())
    );
}

const NINE_RULES: [&str; 11] = [
    "classic",
    "x",
    "windoku",
    "dg",
    "anti-knight",
    "anti-king",
    "girandola,asterisk",
    "jigsaw",
    "killer",
    "jigsaw,killer",
    "x,killer",
];

#[test]
fn every_rule_gives_unique_puzzles_whose_solution_keeps_the_rules() {
    for text in NINE_RULES {
        for index in 0..3 {
            let g = make(Shape::NINE, text, 7, index, VariantOptions::default());
            assert_sound(&g, text);
        }
    }
    for (shape, text) in [
        (Shape::FOUR, "classic"),
        (Shape::FOUR, "x"),
        (Shape::SIXTEEN, "x,anti-knight"),
    ] {
        assert_sound(
            &make(
                shape,
                text,
                2,
                0,
                VariantOptions {
                    clues: 140,
                    ..Default::default()
                },
            ),
            text,
        );
    }
}

#[test]
fn fresh_killers_have_no_givens_and_their_cages_are_written_out() {
    let g = make(Shape::NINE, "killer", 3, 1, VariantOptions::default());
    assert_eq!(g.puzzle.blanks(), 81);
    let text = g.rules.to_string();
    assert!(text.starts_with("killer="), "{text}");
    // The rules read back to the same cages.
    assert_eq!(Rules::parse(&text).unwrap(), g.rules);
    let Cages::Killer { cages, .. } = &g.rules.cages else {
        panic!("{text}")
    };
    assert!(cages.iter().all(|c| c.cells.len() <= killer::MAX_CAGE));
}

#[test]
fn fresh_jigsaws_are_tilings_written_out() {
    let g = make(Shape::NINE, "jigsaw,x", 4, 0, VariantOptions::default());
    let Regions::Jigsaw(map) = &g.rules.regions else {
        panic!("{}", g.rules)
    };
    assert!(jigsaw::is_tiling(Shape::NINE, map));
    assert_eq!(Rules::parse(&g.rules.to_string()).unwrap(), g.rules);
}

#[test]
fn the_same_seed_and_index_give_the_same_puzzle() {
    for text in ["x", "jigsaw", "killer"] {
        let a = make(Shape::NINE, text, 11, 2, VariantOptions::default());
        let b = make(Shape::NINE, text, 11, 2, VariantOptions::default());
        let c = make(Shape::NINE, text, 11, 3, VariantOptions::default());
        assert_eq!(a, b, "{text}");
        assert_ne!(a, c, "{text}");
    }
}

#[test]
fn symmetric_puzzles_are_symmetric_unique_and_minimal_under_the_map() {
    for (text, map) in [
        ("x", Symmetry::Rotate90),
        ("windoku", Symmetry::Rotate180),
        ("anti-knight", Symmetry::Mirror),
        ("nc", Symmetry::Flip),
        ("diagonal+", Symmetry::Rotate180),
        ("jigsaw", Symmetry::Rotate180),
        ("jigsaw", Symmetry::Rotate90),
    ] {
        let g = make(
            Shape::NINE,
            text,
            5,
            0,
            VariantOptions {
                clues: 0,
                symmetry: map,
            },
        );
        assert_sound(&g, text);
        assert_eq!(g.symmetry, map);
        let p = &g.puzzle;
        for c in 0..81 {
            let i = image(Shape::NINE, map, c);
            assert_eq!(
                p.cells[c] != 0,
                p.cells[i] != 0,
                "{text} {map:?} {}",
                p.to_line()
            );
        }
        // The layout is symmetric too.
        let geometry = Geometry::new(Shape::NINE, &g.rules).unwrap();
        assert_eq!(
            symmetry::first_asymmetric_rule(&geometry, map),
            None,
            "{}",
            g.rules
        );
        // No orbit of givens can go, when no test ran out of budget (nc's can).
        assert!(text == "nc" || g.over_budget == 0, "{text} {map:?}");
        if g.over_budget > 0 {
            continue;
        }
        let engine = Engine::new(&geometry);
        for c in (0..81).filter(|&c| p.cells[c] != 0) {
            let mut q = p.clone();
            for o in symmetry::orbit(Shape::NINE, map, c) {
                q.cells[o] = 0;
            }
            assert!(engine.count(&q, 2, &mut || {}) >= 2, "{text} {map:?}");
        }
    }
}

#[test]
fn plain_puzzles_are_minimal_and_a_clue_target_stops_the_digging() {
    let g = make(Shape::NINE, "anti-king", 1, 0, VariantOptions::default());
    let engine = Engine::new(&Geometry::new(Shape::NINE, &g.rules).unwrap());
    for c in (0..81).filter(|&c| g.puzzle.cells[c] != 0) {
        let mut q = g.puzzle.clone();
        q.cells[c] = 0;
        assert!(engine.count(&q, 2, &mut || {}) >= 2);
    }
    for text in ["x", "jigsaw"] {
        let g = make(
            Shape::NINE,
            text,
            1,
            0,
            VariantOptions {
                clues: 40,
                ..Default::default()
            },
        );
        assert_eq!(81 - g.puzzle.blanks(), 40, "{text}");
        assert_sound(&g, text);
    }
}

#[test]
fn random_symmetry_draws_a_map_the_rules_allow() {
    for index in 0..6 {
        let options = VariantOptions {
            clues: 0,
            symmetry: Symmetry::Random,
        };
        let g = make(Shape::NINE, "diagonal-", 9, index, options);
        assert_eq!(g.symmetry, Symmetry::Rotate180);
        let k = make(Shape::NINE, "killer", 9, index, options);
        assert_eq!(k.symmetry, Symmetry::None);
        let x = make(Shape::NINE, "x", 9, index, options);
        assert!(MAPS.contains(&x.symmetry));
    }
}

#[test]
fn rules_that_forbid_the_symmetry_or_each_other_are_refused() {
    let gen = |shape: Shape, text: &str, symmetry: Symmetry| {
        generate_variant(
            shape,
            &rules(text),
            1,
            0,
            &VariantOptions { clues: 0, symmetry },
            &mut || {},
        )
    };
    let err = gen(Shape::NINE, "diagonal+", Symmetry::Mirror).unwrap_err();
    assert_eq!(
        err,
        VariantError::Asymmetric {
            rule: "diagonal+",
            symmetry: "mirror"
        }
    );
    assert_eq!(err.kind(), crate::ErrorKind::Contradictory);
    assert!(matches!(
        gen(Shape::NINE, "killer", Symmetry::Rotate180),
        Err(VariantError::Asymmetric { rule: "killer", .. })
    ));
    assert!(matches!(
        gen(Shape::NINE, "jigsaw,dg", Symmetry::None),
        Err(VariantError::Incompatible { rule: "dg", .. })
    ));
    assert!(matches!(
        gen(Shape::SIXTEEN, "windoku", Symmetry::None),
        Err(VariantError::NotOnShape { .. })
    ));
    assert!(matches!(
        gen(Shape::SIXTEEN, "killer,windoku", Symmetry::None),
        Err(VariantError::NotOnShape { .. })
    ));
    // A given asymmetric layout is refused under a map it does not share.
    assert!(matches!(
        gen(Shape::FOUR, "jigsaw=AAABABBBCCCDCDDD", Symmetry::Mirror),
        Err(VariantError::Asymmetric { rule: "jigsaw", .. })
    ));
    assert!(gen(Shape::FOUR, "jigsaw=AAABABBBCCCDCDDD", Symmetry::Rotate180).is_ok());
}

#[test]
fn rules_no_grid_keeps_are_unsolvable() {
    // 4×4 anti-king with both diagonals: no grid keeps them all.
    let r = generate_variant(
        Shape::FOUR,
        &rules("x,anti-king"),
        1,
        0,
        &VariantOptions::default(),
        &mut || {},
    );
    match r {
        Err(e) => assert!(matches!(e, VariantError::Unsolvable { .. }), "{e:?}"),
        Ok(g) => assert_sound(&g, "x,anti-king"),
    }
}
