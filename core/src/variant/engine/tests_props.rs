//! Properties: every solution found obeys every rule (the plain checker of
//! [`super::testkit`]), counts agree with plain backtracking, streamed solutions are
//! distinct and as many as the count, a solution keeps the givens. Puzzles are made
//! here: random rules, a random grid of them, givens kept at random.

use super::testkit::{brute_count, dig, extends, random_grid, satisfies, with_cages};
use super::*;
use crate::generate::Rng;
use crate::variant::rules::{Regions, Rules};
use crate::variant::shape::Shape;
use proptest::prelude::*;

/// Valid 4×4 jigsaw maps (region of each cell).
const JIGSAW_FOUR: [&str; 2] = ["AAABABBBCCCDCDDD", "AABBACCBACDBCDDD"];

/// Rules of a 4×4 grid from flags and a seed: the flags pick the rules, the seed the
/// jigsaw map and the cages.
fn rules_four(flags: u8, seed: u64) -> Option<Geometry> {
    let mut rules = Rules {
        diagonal_down: flags & 1 != 0,
        diagonal_up: flags & 2 != 0,
        anti_king: flags & 4 != 0,
        anti_knight: flags & 8 != 0,
        non_consecutive: flags & 16 != 0,
        ..Rules::default()
    };
    if flags & 32 != 0 {
        let map = JIGSAW_FOUR[(seed % 2) as usize];
        rules.regions = Rules::parse(&format!("jigsaw={map}")).ok()?.regions;
    } else {
        rules.disjoint_groups = flags & 64 != 0;
    }
    let geometry = Geometry::new(Shape::FOUR, &rules).ok()?;
    if flags & 128 == 0 {
        return Some(geometry);
    }
    let mut rng = Rng::new(seed);
    let plain = Geometry::new(
        Shape::FOUR,
        &Rules {
            cages: Default::default(),
            ..rules.clone()
        },
    )
    .ok()?;
    let grid = random_grid(&plain, &mut rng)?;
    Geometry::new(
        Shape::FOUR,
        &with_cages(rules, Shape::FOUR, &grid, &mut rng, 4, 4),
    )
    .ok()
}

/// Checks every property on one puzzle; `limit` bounds the counts.
fn check(geometry: &Geometry, puzzle: &VariantPuzzle, limit: u64) -> Result<(), TestCaseError> {
    let engine = Engine::new(geometry);
    let count = engine.count(puzzle, limit, &mut || {});
    prop_assert_eq!(
        count,
        brute_count(geometry, puzzle, limit),
        "count, {}",
        puzzle.to_line()
    );
    let all: Vec<Vec<u8>> = engine.solutions(puzzle, limit, || {}).collect();
    prop_assert_eq!(all.len() as u64, count);
    let mut sorted = all.clone();
    sorted.sort();
    sorted.dedup();
    prop_assert_eq!(sorted.len(), all.len(), "distinct");
    for s in &all {
        prop_assert!(satisfies(geometry, s), "{:?}", s);
        prop_assert!(extends(puzzle, s));
    }
    let first = engine.solve(puzzle, &mut || {});
    prop_assert_eq!(first.as_ref(), all.first());
    prop_assert_eq!(engine.is_unique(puzzle, &mut || {}), count == 1);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn four_by_four_any_rules(flags in any::<u8>(), seed in any::<u64>(), keep in 0u64..60) {
        if let Some(geometry) = rules_four(flags, seed) {
            let mut rng = Rng::new(seed ^ 0x5eed);
            let puzzle = match random_grid(&geometry, &mut rng) {
                Some(grid) => dig(Shape::FOUR, &grid, keep, &mut rng),
                // No grid at all: random givens, which must count 0.
                None => dig(Shape::FOUR, &[1, 2, 3, 4].repeat(4), keep / 4, &mut rng),
            };
            check(&geometry, &puzzle, 1000)?;
        }
    }
}

/// Rules of a 9×9 grid, by index: each rule alone, and a pair known to have grids.
fn rules_nine(pick: usize, rng: &mut Rng) -> Option<Geometry> {
    let text = match pick {
        0 => "x".to_string(),
        1 => "windoku".into(),
        2 => "dg".into(),
        3 => "anti-knight".into(),
        4 => "anti-king".into(),
        5 => "nc".into(),
        6 => "girandola".into(),
        7 => format!("jigsaw={}", jigsaw_nine(rng)),
        8 => "anti-knight,anti-king".into(),
        _ => "classic".into(),
    };
    Geometry::new(Shape::NINE, &Rules::parse(&text).ok()?).ok()
}

/// A jigsaw layout with grids: the boxes of a random classic grid, then cells of equal
/// digits in different regions swapped between them (each region keeps every digit
/// once, so the grid obeys the layout).
pub(super) fn jigsaw_nine(rng: &mut Rng) -> String {
    let grid = random_grid(&Geometry::new(Shape::NINE, &Rules::default()).unwrap(), rng).unwrap();
    jigsaw_nine_around(&grid, rng)
}

/// A 9×9 jigsaw map that a full grid `grid` obeys (its boxes with cells of the same
/// digit swapped between neighbouring regions).
pub(super) fn jigsaw_nine_around(grid: &[u8], rng: &mut Rng) -> String {
    let mut region: Vec<usize> = (0..81).map(|c| Shape::NINE.box_of(c)).collect();
    for _ in 0..12 {
        let a = rng.below(81) as usize;
        let b = (0..81)
            .find(|&b| grid[b] == grid[a] && region[b] == (region[a] + 1) % 9)
            .unwrap();
        region.swap(a, b);
    }
    region.iter().map(|&r| (b'A' + r as u8) as char).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn nine_by_nine_with_many_givens(pick in 0usize..10, cages in any::<bool>(), seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let geometry = rules_nine(pick, &mut rng).unwrap();
        let Some(grid) = random_grid(&geometry, &mut rng) else { return Ok(()) };
        let geometry = if cages {
            let rules = with_cages(geometry.rules.clone(), Shape::NINE, &grid, &mut rng, 5, 5);
            match Geometry::new(Shape::NINE, &rules) { Ok(g) => g, Err(_) => return Ok(()) }
        } else {
            geometry
        };
        prop_assert!(satisfies(&geometry, &grid));
        let puzzle = dig(Shape::NINE, &grid, if cages { 50 } else { 55 }, &mut rng);
        check(&geometry, &puzzle, 50)?;
    }

    #[test]
    fn giant_grids_give_valid_solutions(x in any::<bool>(), knight in any::<bool>(), seed in any::<u64>()) {
        let rules = Rules { diagonal_down: x, diagonal_up: x, anti_knight: knight, ..Rules::default() };
        prop_assert_eq!(&rules.regions, &Regions::Boxes);
        let geometry = Geometry::new(Shape::SIXTEEN, &rules).unwrap();
        let mut rng = Rng::new(seed);
        let grid = random_grid(&geometry, &mut rng).unwrap();
        prop_assert!(satisfies(&geometry, &grid));
        let puzzle = dig(Shape::SIXTEEN, &grid, 40, &mut rng);
        let engine = Engine::new(&geometry);
        let solution = engine.solve(&puzzle, &mut || {}).unwrap();
        prop_assert!(satisfies(&geometry, &solution) && extends(&puzzle, &solution));
    }
}
