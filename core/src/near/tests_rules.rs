//! Tests of generation near a puzzle under variant rules: puzzles unique under the
//! rules, obeying them and rated under them; the ranges, starts and symmetries the rules
//! refuse.

use super::*;
use crate::logic::rules::VariantTables;
use crate::logic::variant_ladder::rate_in;
use crate::search::Silent;
use crate::variant::{check_givens, Engine, Geometry, Rules, Shape, VariantPuzzle};

/// An anti-king puzzle rated 9.5, whose path needs the nested chains (puzzle 1 of
/// `sudoku-tools variants --make anti-king 150 3608 --clues 22` rated that high).
const ANTI_KING_9_5: &str =
    "4.9...5........43.8...2..7....1.....38......7.1.98.......3.92.1........51...6....";

/// An x puzzle rated 9.1 (`variants --make x 150 3601 --clues 22`).
const X_9_1: &str =
    "93.4.2...6.27...3...........683.4.9..4......8..............7..97..6..........1.72";

fn puzzle(text: &str) -> Puzzle {
    Puzzle::parse(text).unwrap()
}

fn search(rules: &str, start: &Puzzle, seed: u64, options: NearOptions) -> NearSearch {
    let near_rules = NearRules::of(&Rules::parse(rules).unwrap()).unwrap();
    NearSearch::with_rules(start, near_rules, seed, options, &mut Silent).unwrap()
}

fn take(rules: &str, start: &Puzzle, seed: u64, range: RatingRange, count: usize) -> Vec<Found> {
    let mut s = search(rules, start, seed, NearOptions::new(Symmetry::None, range));
    (0..count)
        .map(|_| s.next_found(&mut Silent).unwrap())
        .collect()
}

/// Every puzzle found is distinct (from the start too), obeys the rules, has exactly one
/// solution under them (the one given), and rates under them as found, inside `range`.
fn check_under(rules: &str, start: &Puzzle, found: &[Found], range: RatingRange) {
    let geometry = Geometry::new(Shape::NINE, &Rules::parse(rules).unwrap()).unwrap();
    let (engine, tables) = (
        Engine::new(&geometry),
        VariantTables::new(&geometry).unwrap(),
    );
    let mut seen = vec![start.cells];
    for f in found {
        assert!(!seen.contains(&f.puzzle.cells), "{rules}: a puzzle twice");
        seen.push(f.puzzle.cells);
        let p = VariantPuzzle {
            shape: Shape::NINE,
            cells: f.puzzle.cells.to_vec(),
        };
        check_givens(&p, &geometry).unwrap();
        let solutions: Vec<Vec<u8>> = engine.solutions(&p, 2, || {}).collect();
        assert_eq!(solutions, vec![f.solution.to_vec()], "{rules}");
        let rating = rate_in(&f.puzzle.cells, &tables, &mut || {}).unwrap();
        assert_eq!(rating.er, f.rating, "{rules}: {}", f.puzzle.to_line());
        assert!(range.contains(f.rating), "{rules}: {}", f.rating);
    }
}

#[test]
fn anti_king_puzzles_rated_9_5_and_up_near_one_that_needs_the_nested_chains() {
    let start = puzzle(ANTI_KING_9_5);
    let range = RatingRange { min: 95, max: 119 };
    let found = take("anti-king", &start, 1, range, 3);
    check_under("anti-king", &start, &found, range);
    // Under classic rules the same start has several solutions.
    let classic = NearSearch::new(
        &start,
        1,
        NearOptions::new(Symmetry::None, range),
        &mut Silent,
    );
    assert_eq!(classic.err(), Some(NearError::SeveralSolutions));
}

#[test]
fn x_puzzles_up_to_9_4_near_an_x_puzzle_the_same_for_a_seed() {
    let start = puzzle(X_9_1);
    let range = RatingRange { min: 90, max: 94 };
    let found = take("x", &start, 7, range, 3);
    check_under("x", &start, &found, range);
    assert_eq!(take("x", &start, 7, range, 3), found);
}

#[test]
fn every_range_is_searched_under_rules_and_cages_are_refused() {
    // Every rating is made under every rule a start can have (20.0 too).
    let options = |max| NearOptions::new(Symmetry::None, RatingRange { min: 90, max });
    for (rules, start) in [("x", X_9_1), ("anti-king", ANTI_KING_9_5)] {
        let near = NearRules::of(&Rules::parse(rules).unwrap()).unwrap();
        let search = NearSearch::with_rules(&puzzle(start), near, 1, options(200), &mut Silent);
        assert!(search.is_ok(), "{rules}");
    }
    // Cages, and a jigsaw layout still to be made, are not rules a start can have.
    for rules in ["killer", "jigsaw"] {
        assert!(
            NearRules::of(&Rules::parse(rules).unwrap()).is_err(),
            "{rules}"
        );
    }
}

#[test]
fn a_start_breaking_the_rules_or_a_symmetry_they_lack_is_refused() {
    let options = |symmetry| NearOptions::new(symmetry, RatingRange { min: 10, max: 94 });
    let x = || NearRules::of(&Rules::parse("x").unwrap()).unwrap();
    // A 9 on the main diagonal where its row, column and box have none: only x breaks.
    let mut cells = puzzle(X_9_1).cells;
    let free = (1..9)
        .map(|i| i * 10)
        .find(|&c| {
            cells[c] == 0
                && (0..CELLS).all(|o| {
                    let sees = o / 9 == c / 9
                        || o % 9 == c % 9
                        || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3);
                    !sees || cells[o] != 9
                })
        })
        .expect("a free diagonal cell");
    cells[free] = 9;
    let broken = NearSearch::with_rules(
        &Puzzle::from_cells(cells),
        x(),
        1,
        options(Symmetry::None),
        &mut Silent,
    );
    assert!(matches!(broken.err(), Some(NearError::Variant(_))));
    // One diagonal keeps the half turn only: a mirror is refused, `random` takes the turn.
    let (_, solution) = x().solutions_of(&puzzle(X_9_1).cells, &mut Silent);
    let mut dense = solution;
    for c in [0, 4, 13, 22, 40, 50, 58, 67, 76, 80] {
        dense[c] = 0;
    }
    let start = Puzzle::from_cells(dense);
    let one_diagonal = || NearRules::of(&Rules::parse("diagonal+").unwrap()).unwrap();
    assert_eq!(one_diagonal().solutions_of(&dense, &mut Silent).0, 1);
    let mirror = NearSearch::with_rules(
        &start,
        one_diagonal(),
        1,
        options(Symmetry::Mirror),
        &mut Silent,
    );
    assert!(matches!(
        mirror.err(),
        Some(NearError::Variant(VariantError::Asymmetric {
            rule: "diagonal+",
            ..
        }))
    ));
    let random = NearSearch::with_rules(
        &start,
        one_diagonal(),
        1,
        options(Symmetry::Random),
        &mut Silent,
    );
    assert_eq!(random.unwrap().symmetry(), Symmetry::Rotate180);
}
