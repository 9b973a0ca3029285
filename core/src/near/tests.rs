//! Tests of generation near a puzzle: unique, distinct puzzles in the range, the same for a
//! seed, symmetric; the bounds; each shortcut (the singles filter, ratings up to a
//! ceiling) against the plain way.

use super::*;
use crate::search::Silent;

/// A minimal puzzle rated 7.1: `generate(2026, 8, Options::default())`.
fn start() -> Puzzle {
    Puzzle::parse(MIDDLING).unwrap()
}

const MIDDLING: &str =
    ".........583....4..1......88..4....59.2.5.17...5..1.8....96.......3..4..43.8..65.";

#[test]
fn the_start_is_the_generators_puzzle_rated_7_1() {
    let g = crate::generate::generate(2026, 8, crate::generate::Options::default());
    assert_eq!(g.puzzle, start());
    assert_eq!(crate::logic::rate(&start(), &mut || {}).er, 71);
}

fn take(
    start: &Puzzle,
    seed: u64,
    options: NearOptions,
    count: usize,
) -> Result<Vec<Found>, NearError> {
    let mut search = NearSearch::new(start, seed, options, &mut Silent)?;
    (0..count).map(|_| search.next_found(&mut Silent)).collect()
}

fn check_all(start: &Puzzle, found: &[Found], options: NearOptions, symmetry: Symmetry) {
    let mut lines: Vec<String> = found.iter().map(|f| f.puzzle.to_line()).collect();
    for f in found {
        let out = crate::solver::solve(&f.puzzle, 2).unwrap();
        assert_eq!(out.count, 1, "{}", f.puzzle.to_line());
        assert_eq!(out.solution, Some(f.solution));
        let r = crate::logic::rate(&f.puzzle, &mut || {}).er;
        assert_eq!(r, f.rating);
        assert!(options.range.contains(r), "{r}");
        assert!(
            is_symmetric(&f.puzzle.cells, symmetry),
            "{}",
            f.puzzle.to_line()
        );
        assert_ne!(f.puzzle.cells, start.cells);
    }
    let n = lines.len();
    lines.sort();
    lines.dedup();
    assert_eq!(lines.len(), n, "puzzles repeat");
}

#[test]
fn a_cheap_range_near_a_puzzle_gives_distinct_unique_puzzles_in_range() {
    let range = RatingRange { min: 20, max: 62 };
    let options = NearOptions::new(Symmetry::None, range);
    let found = take(&start(), 5, options, 8).unwrap();
    check_all(&start(), &found, options, Symmetry::None);
}

#[test]
fn the_same_seed_gives_the_same_puzzles_and_another_seed_others() {
    let options = NearOptions::new(Symmetry::None, RatingRange { min: 10, max: 200 });
    let a = take(&start(), 1, options, 6).unwrap();
    assert_eq!(a, take(&start(), 1, options, 6).unwrap());
    assert_ne!(a, take(&start(), 2, options, 6).unwrap());
    // Puzzle n does not depend on how many are asked for.
    assert_eq!(a[..3], take(&start(), 1, options, 3).unwrap()[..]);
}

#[test]
fn symmetric_puzzles_near_an_asymmetric_start() {
    for symmetry in [Symmetry::Rotate180, Symmetry::Rotate90, Symmetry::Mirror] {
        let options = NearOptions::new(symmetry, RatingRange { min: 10, max: 200 });
        let found = take(&start(), 3, options, 4).unwrap();
        check_all(&start(), &found, options, symmetry);
    }
    let options = NearOptions::new(Symmetry::Random, RatingRange { min: 10, max: 200 });
    let search = NearSearch::new(&start(), 3, options, &mut Silent).unwrap();
    let drawn = search.symmetry();
    assert_ne!(drawn, Symmetry::Random);
    assert_ne!(drawn, Symmetry::None);
    let found = take(&start(), 3, options, 3).unwrap();
    check_all(&start(), &found, options, drawn);
}

#[test]
fn the_budget_ends_the_search_with_what_it_reached() {
    // Near a middling puzzle, a budget of 20 ratings cannot reach 11.0 to 11.9.
    let options = NearOptions {
        ratings_per_puzzle: 20,
        ..NearOptions::new(Symmetry::None, RatingRange { min: 110, max: 119 })
    };
    match take(&start(), 9, options, 1) {
        Err(NearError::Unreached(reach)) => {
            assert_eq!(reach.found, 0);
            assert_eq!(reach.rated, 21, "the start and the budget");
            assert!(!reach.exhausted);
            assert!(reach.lowest <= reach.highest);
            assert!(reach.highest < 110);
            assert_eq!(reach.start, crate::logic::rate(&start(), &mut || {}).er);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn near_an_easy_puzzle_the_neighbourhood_runs_out_and_says_so() {
    // Every neighbour of this puzzle falls to singles: none is rated, none kept.
    let easy = Puzzle::parse(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let options = NearOptions::new(Symmetry::None, RatingRange { min: 110, max: 119 });
    match take(&easy, 1, options, 1) {
        Err(NearError::Unreached(reach)) => {
            assert!(reach.exhausted);
            assert_eq!((reach.rated, reach.start, reach.highest), (1, 12, 12));
            assert!(reach.solved_by_singles > 100);
        }
        other => panic!("{other:?}"),
    }
    // Asked for easy puzzles, the same neighbours are rated and returned.
    let options = NearOptions::new(Symmetry::None, RatingRange { min: 10, max: 23 });
    let found = take(&easy, 1, options, 5).unwrap();
    check_all(&easy, &found, options, Symmetry::None);
}

#[test]
fn a_bad_start_is_refused() {
    let mut none = start().cells;
    // Two solutions: the start with many givens removed.
    let several = Puzzle::from_cells({
        let mut c = start().cells;
        c[..40].iter_mut().for_each(|d| *d = 0);
        c
    });
    let options = NearOptions::new(Symmetry::None, RatingRange::ANY);
    assert!(matches!(
        NearSearch::new(&several, 0, options, &mut Silent),
        Err(NearError::SeveralSolutions)
    ));
    // No solution: a digit no solution has there, in a blank cell.
    let s = crate::solver::solve(&start(), 1).unwrap().solution.unwrap();
    let cell = (0..CELLS).find(|&c| none[c] == 0).unwrap();
    none[cell] = (1..=9u8)
        .find(|&d| {
            d != s[cell]
                && Puzzle::from_cells({
                    let mut t = none;
                    t[cell] = d;
                    t
                })
                .check_givens()
                .is_ok()
        })
        .unwrap();
    assert!(matches!(
        NearSearch::new(&Puzzle::from_cells(none), 0, options, &mut Silent),
        Err(NearError::NoSolution)
    ));
    let four = Puzzle::parse("1234341221434321").unwrap();
    assert!(matches!(
        NearSearch::new(&four, 0, options, &mut Silent),
        Err(NearError::NotNine)
    ));
}

#[test]
fn puzzles_singles_solve_rate_at_most_2_3() {
    // The shortcut of filter 3 against the plain way: rate every puzzle.
    let mut solved_by_singles_seen = 0;
    for index in 0..300 {
        let g = crate::generate::generate(
            77,
            index,
            crate::generate::Options {
                clues: 30 + (index as usize % 12),
                ..Default::default()
            },
        );
        if NearRules::Classic.solved_by_singles(&g.puzzle.cells) {
            solved_by_singles_seen += 1;
            let r = crate::logic::rate(&g.puzzle, &mut || {}).er;
            assert!(r <= 23, "{} rates {r}", g.puzzle.to_line());
        }
    }
    assert!(solved_by_singles_seen > 50);
}

#[test]
fn a_rating_up_to_a_ceiling_is_the_rating_or_above_the_ceiling() {
    // The shortcut of the ratings against the plain way, on generated puzzles of every
    // difficulty and on neighbours of a hardest puzzle, at ceilings across the scale.
    let mut puzzles: Vec<Puzzle> = (0..120)
        .map(|i| crate::generate::generate(31, i, crate::generate::Options::default()).puzzle)
        .collect();
    let hard = Puzzle::parse(
        "..3..6.8.4.....1...8.1....6.1...86......9..5...75.......2.......6...34..9...7...2",
    )
    .unwrap();
    let options = NearOptions::new(Symmetry::None, RatingRange { min: 85, max: 200 });
    puzzles.extend(take(&hard, 1, options, 6).unwrap().iter().map(|f| f.puzzle));
    let (mut stopped, mut full) = (0, 0);
    for p in &puzzles {
        let plain = crate::logic::rate(p, &mut || {});
        for ceiling in [20, 40, 62, 80, 90, 95, 199] {
            let capped = crate::logic::rate_up_to(p, ceiling, &mut || {});
            if plain.er <= ceiling {
                assert_eq!(capped, plain, "{} at {ceiling}", p.to_line());
                full += 1;
            } else {
                assert!(
                    capped.er > ceiling && capped.er <= plain.er,
                    "{}",
                    p.to_line()
                );
                stopped += 1;
            }
        }
    }
    assert!(stopped > 100 && full > 100, "{stopped} {full}");
}

#[test]
fn moves_keep_uniqueness_and_include_other_digits() {
    let options = NearOptions::new(Symmetry::None, RatingRange::ANY);
    let mut search = NearSearch::new(&start(), 4, options, &mut Silent).unwrap();
    let moves = search.moves_of(0, &mut Silent).unwrap();
    assert!(moves.len() > 100);
    let node = &search.frontier[0];
    let mut other_digits = 0;
    for &mv in moves.iter().take(400) {
        let cells = search.apply(&node.cells, &node.solution, mv);
        assert_eq!(
            crate::solver::solve(&Puzzle::from_cells(cells), 2)
                .unwrap()
                .count,
            1
        );
        if (0..CELLS).any(|c| cells[c] != 0 && cells[c] != node.solution[c]) {
            other_digits += 1;
        }
    }
    assert!(other_digits > 0, "no move changes the solution");
}
