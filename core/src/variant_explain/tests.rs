//! The human-logic answers under variant rules: ratings equal to the ladder's, sound
//! paths to the solution, several or no solutions, and the refusals (killer cages, giant
//! grids, a path past the built techniques).

use super::*;
use crate::logic::chains::ChainKind;
use crate::logic::variant_ladder::rate_in;
use crate::logic::Technique;
use crate::variant::generate::{generate_variant, VariantOptions};
use crate::variant::{Rules, Shape};

/// The puzzle `text` under `rules` (its givens obeying them).
fn ruled(rules: &str, text: &str) -> Result<RuledPuzzle, VariantError> {
    let rules = Rules::parse(rules).unwrap();
    let puzzle = VariantPuzzle::parse(text).unwrap();
    let geometry = Geometry::new(puzzle.shape, &rules).unwrap();
    RuledPuzzle::new("f", &puzzle, &geometry, &Engine::new(&geometry))
}

/// Puzzle `i` the generator makes under `rules` with `seed`, digging stopped at `clues`
/// givens: the puzzle ready for the engine, and its generated form (puzzle, solution).
fn generated(
    rules: &str,
    (seed, i, clues): (u64, u64, usize),
) -> (RuledPuzzle, crate::variant::generate::VariantGenerated) {
    let options = VariantOptions {
        clues,
        ..VariantOptions::default()
    };
    let rules = Rules::parse(rules).unwrap();
    let g = generate_variant(Shape::NINE, &rules, seed, i, &options, &mut || {}).unwrap();
    let geometry = Geometry::new(Shape::NINE, &g.rules).unwrap();
    let p = RuledPuzzle::new("f", &g.puzzle, &geometry, &Engine::new(&geometry));
    (p.unwrap(), g)
}

/// Row 1 holds 1 to 8 and r2c9 a 9: r1c9 has no digit left, though no two givens clash.
const NO_SOLUTION: &str = "12345678.\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n.........";

/// An asterisk puzzle Sukaku Explainer v1.15.10 rates 7.2 (forcing chains and cycles).
const ASTERISK_72: &str =
    "....71....7..8..4...32..........697.....1....5....92.12......8...7......6......5.";

/// An anti-king puzzle Sukaku Explainer v1.15.10 rates 9.9, whose path needs a nested
/// forcing chain of level 2.
const ANTI_KING_99: &str =
    ".1.57..8....2...5.....4............4......16..8.42....9........2...5..7.5.7....9.";

/// An anti-king puzzle Sukaku Explainer v1.15.10 cannot finish ("Beyond solver", 20.0).
const ANTI_KING_BEYOND: &str =
    "...5.94.8........9.1........7...6.414.6..............6........29.1.2..67.3596....";

/// A puzzle Sukaku Explainer v1.15.10 rates 10.6 under x with anti-king, by a nested
/// forcing chain of level 2 over the diagonals' links.
const X_ANTI_KING_106: &str =
    "..9....7....5........7....9.......6.9.......3.....6..............86....74.1.9....";

/// An anti-king puzzle Sukaku Explainer v1.15.10 rates 9.1, by dynamic region forcing
/// chains (+).
const ANTI_KING_91: &str =
    ".........8...7..6.1.4......6......3....2..67.2.....1.939...6..1.26.8.4.....7..3..";

#[test]
fn rated_puzzles_have_the_ladders_rating_and_a_sound_path() {
    let mut rated = 0;
    for text in [
        "x",
        "windoku",
        "dg",
        "asterisk",
        "anti-knight",
        "anti-king",
        "nc",
        "jigsaw",
    ] {
        for i in 0..5 {
            let (p, g) = generated(text, (51, i, 30));
            let plain = rate_in(&g.puzzle.cells, p.tables(), &mut || {});
            let Ok(rating) = p.rate(&mut || {}) else {
                assert!(plain.is_err(), "{text}: {:?}", g.puzzle.cells);
                continue;
            };
            assert_eq!(rating, Some(plain.unwrap()), "{text}");
            let path = p.path(&mut || {}).unwrap().unwrap();
            let mut m = p.marks();
            for step in &path {
                assert!(step.is_sound(&g.solution), "{text}: {}", step.explanation);
                assert_ne!(step.technique, Technique::Guess, "{text}");
                p.tables().apply(step, &mut m);
            }
            assert!(m.is_solved());
            assert_eq!(p.hint(&mut || {}).unwrap().as_ref(), path.first());
            let a = p.analyse(&mut || {}).unwrap();
            assert_eq!(
                (a.solutions, a.rating, a.path_steps),
                (1, Some(rating.unwrap().er), path.len())
            );
            assert_eq!(a.givens + a.blanks, 81);
            assert_eq!(a.search, None);
            rated += 1;
        }
    }
    assert!(rated > 20, "{rated} rated");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn under_anti_chess_the_nested_chains_rate_as_sukaku_explainer() {
    // Its path needs a level-2 chain: Sukaku Explainer's 9.9, every step sound, none a
    // guess.
    let p = ruled("anti-king", ANTI_KING_99).unwrap();
    assert_eq!(p.rate(&mut || {}).unwrap().map(|r| r.er), Some(99));
    let solution = p.counted(&mut || {}).solution.clone().unwrap();
    let path = p.path(&mut || {}).unwrap().unwrap();
    assert!(path
        .iter()
        .all(|s| s.is_sound(&solution) && s.technique != Technique::Guess));
    let nested = path
        .iter()
        .filter(|s| matches!(s.technique, Technique::Chain(ChainKind::Nested(2))))
        .count();
    assert!(nested > 0, "no level-2 step");
    // Every producer tried and none applies: 20.0, the steps from there guessing, as
    // for classic puzzles.
    let beyond = ruled("anti-king", ANTI_KING_BEYOND).unwrap();
    assert_eq!(beyond.rate(&mut || {}).unwrap().map(|r| r.er), Some(200));
    let path = beyond.path(&mut || {}).unwrap().unwrap();
    assert!(path.iter().any(|s| s.technique == Technique::Guess));
    let a = beyond.analyse(&mut || {}).unwrap();
    assert_eq!(a.rating, Some(200));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn under_extra_groups_the_nested_chains_rate_as_sukaku_explainer() {
    // Sukaku Explainer rates it 10.6 under x with anti-king: its path needs nested
    // chains over the diagonals' links. Every step sound, none a guess, the level-2
    // steps named as such and resting on inner chains.
    let p = ruled("x,anti-king", X_ANTI_KING_106).unwrap();
    assert_eq!(p.rate(&mut || {}).unwrap().map(|r| r.er), Some(106));
    let solution = p.counted(&mut || {}).solution.clone().unwrap();
    let path = p.path(&mut || {}).unwrap().unwrap();
    assert!(path
        .iter()
        .all(|s| s.is_sound(&solution) && s.technique != Technique::Guess));
    let nested: Vec<&Step> = path
        .iter()
        .filter(|s| matches!(s.technique, Technique::Chain(ChainKind::Nested(n)) if n >= 2))
        .collect();
    assert!(!nested.is_empty(), "no nested step");
    assert!(
        nested
            .iter()
            .all(|s| s.rating >= 95 && s.explanation.contains("forcing chain")),
        "{}",
        nested[0].explanation
    );
    assert_eq!(p.analyse(&mut || {}).unwrap().rating, Some(106));
}

#[test]
fn a_puzzle_whose_path_needs_chains_is_rated_as_sukaku_explainer_rates_it() {
    let p = ruled("asterisk", ASTERISK_72).unwrap();
    assert_eq!(p.rate(&mut || {}).unwrap().map(|r| r.er), Some(72));
    let path = p.path(&mut || {}).unwrap().unwrap();
    let solution = p.counted(&mut || {}).solution.clone().unwrap();
    let chains: Vec<&Step> = path
        .iter()
        .filter(|s| matches!(s.technique, Technique::Chain(_)))
        .collect();
    assert!(chains.len() > 5, "{} chain steps", chains.len());
    assert!(path.iter().all(|s| s.is_sound(&solution)));
    // A cycle or forcing chain draws its links.
    assert!(chains.iter().all(|s| !s.links.is_empty()));
}

#[test]
fn a_puzzle_rated_by_the_dynamic_forcing_chains_plus() {
    // Sukaku Explainer's 9.1, whose hardest step is a dynamic region forcing chain (+):
    // the nested rules (generalized intersections, hidden pairs, generalized naked
    // pairs, X-wings) act inside its propagations. Its steps are sound and drawn.
    let p = ruled("anti-king", ANTI_KING_91).unwrap();
    assert_eq!(p.rate(&mut || {}).unwrap().map(|r| r.er), Some(91));
    let path = p.path(&mut || {}).unwrap().unwrap();
    let solution = p.counted(&mut || {}).solution.clone().unwrap();
    assert!(path.iter().all(|s| s.is_sound(&solution)));
    let plus: Vec<&Step> = path
        .iter()
        .filter(|s| s.technique == Technique::Chain(ChainKind::Nested(1)))
        .collect();
    assert!(!plus.is_empty());
    assert!(plus.iter().all(|s| !s.links.is_empty() && s.rating >= 90));
    assert!(
        plus[0].explanation.contains("dynamic forcing chain (+)"),
        "{}",
        plus[0].explanation
    );
}

#[test]
fn several_solutions_guess_where_nothing_applies_and_have_no_rating() {
    // Eight givens of an x-sudoku: thousands of solutions.
    let p = ruled("x", "1........\n.2.......\n..3......\n...4.....\n....5....\n.....6...\n......7..\n.......8.\n.........").unwrap();
    assert_eq!(p.rate(&mut || {}).unwrap(), None);
    let path = p.path(&mut || {}).unwrap().unwrap();
    assert!(path.iter().any(|s| s.technique == Technique::Guess));
    assert!(path
        .iter()
        .all(|s| !matches!(s.technique, Technique::UniqueLoop(_) | Technique::Bug(_))));
    let first = p.counted(&mut || {}).solution.clone().unwrap();
    assert!(path.iter().all(|s| s.is_sound(&first)));
    let a = p.analyse(&mut || {}).unwrap();
    assert_eq!((a.solutions, a.rating), (2, None));
    assert_eq!(
        a.path_guesses,
        path.iter()
            .filter(|s| s.technique == Technique::Guess)
            .count()
    );
    assert!(p.hint(&mut || {}).unwrap().is_some());
}

#[test]
fn no_solution_gives_no_step_and_no_rating() {
    let p = ruled("x", NO_SOLUTION).unwrap();
    assert_eq!(p.rate(&mut || {}).unwrap(), None);
    assert_eq!(p.hint(&mut || {}).unwrap(), None);
    assert_eq!(p.path(&mut || {}).unwrap(), None);
    let a = p.analyse(&mut || {}).unwrap();
    assert_eq!((a.solutions, a.rating, a.path_steps), (0, None, 0));
    assert!(a.singles.contradiction);
}

#[test]
fn killer_cages_and_giant_grids_are_refused_naming_the_rules() {
    // Nine cages, the boxes, each summing to 45.
    let map: String = (0..81)
        .map(|c| char::from(b'A' + (c / 27 * 3 + c % 9 / 3) as u8))
        .collect();
    let killer = ruled(
        &format!("killer={map};{}", ["45"; 9].join(",")),
        &".".repeat(81),
    );
    match killer {
        Err(VariantError::NoHumanLogic { what, rules }) => {
            assert_eq!(what, "f");
            assert!(rules.starts_with("killer"), "{rules}");
        }
        other => panic!("{:?}", other.err()),
    }
    let giant = ruled("classic", &".".repeat(256)).err().unwrap();
    assert_eq!(giant.kind(), crate::ErrorKind::Contradictory);
    assert!(
        giant.message().contains("\"classic 16x16\""),
        "{}",
        giant.message()
    );
}

#[test]
fn singles_alone_place_what_the_path_places_by_singles() {
    // Windoku puzzles with many givens: singles fill some of them.
    let mut solved = 0;
    for i in 0..6 {
        let (p, g) = generated("windoku", (5, i, 40));
        let s = p.analyse(&mut || {}).unwrap().singles;
        assert!(!s.contradiction);
        let blanks = g.puzzle.cells.iter().filter(|&&d| d == 0).count() as u64;
        assert_eq!(
            s.naked_singles + s.hidden_singles + s.blanks_left as u64,
            blanks
        );
        solved += usize::from(s.blanks_left == 0);
    }
    assert!(solved > 0);
}

#[test]
fn step_units_are_named_by_the_rules_groups() {
    let p = ruled("x,windoku,dg", &".".repeat(81)).unwrap();
    let t = p.tables();
    let labels: Vec<String> = (0..SLOTS)
        .filter(|&s| t.active_slots() >> s & 1 == 1)
        .map(|s| t.slot_label(s))
        .collect();
    for label in [
        "row 1",
        "col 9",
        "box 5",
        "main_diagonal",
        "anti_diagonal",
        "window 1",
        "disjoint_group 9",
    ] {
        assert!(labels.iter().any(|l| l == label), "{label}: {labels:?}");
    }
    let step = Step {
        technique: Technique::NakedSingle,
        rating: 23,
        placements: Vec::new(),
        eliminations: Vec::new(),
        cells: Vec::new(),
        units: (0..SLOTS as u8)
            .filter(|&s| t.active_slots() >> s & 1 == 1)
            .collect(),
        digits: 0,
        explanation: String::new(),
        links: Vec::new(),
    };
    assert_eq!(p.step_text(&step).units, labels);
    // The boxes as a jigsaw map: regions, not boxes, in slots 18 to 26.
    let map: String = (0..81)
        .map(|c| char::from(b'1' + (c / 27 * 3 + c % 9 / 3) as u8))
        .collect();
    let jigsaw = ruled(&format!("jigsaw={map}"), &".".repeat(81)).unwrap();
    assert_eq!(jigsaw.tables().slot_label(18), "region 1");
}

#[test]
fn a_wing_with_two_restricted_digits_says_each_is_locked() {
    // An anti-knight puzzle Sukaku Explainer rates 5.6: two of its WXYZ-wings have two
    // restricted common digits (every digit of the pattern is then locked in it, 4 leaves
    // r7c1 and r7c2 in the first), the third one.
    let p = ruled(
        "anti-knight",
        "..43.6...925..........284973..2.4.7.2...6..8....7.............2...1...6.....72...",
    )
    .unwrap();
    let path = p.path(&mut || {}).unwrap().unwrap();
    let tails: Vec<&str> = path
        .iter()
        .filter(|s| s.technique == Technique::WXYZWing)
        .map(|s| s.explanation.split(" holds ").nth(1).unwrap())
        .collect();
    assert_eq!(
        tails,
        [
            "5 and 9: as both 5 and 9 link them, each of 3, 4, 5 and 9 is in one of the pattern's cells holding it (r7c1<>4, r7c2<>4).",
            "1 and 3: as both 1 and 3 link them, each of 1, 3, 5 and 8 is in one of the pattern's cells holding it (r5c9<>1).",
            "3 and 4: 3 is in one of the pattern's cells holding it (r8c7<>3).",
        ]
    );
}

#[test]
fn the_nth_step_is_the_paths_and_stops_where_the_path_does() {
    let p = ruled(
        "x",
        "..43.6...3.5..........578398..1.9.2.9...3..7....5..9..........7...6...8.....25...",
    )
    .unwrap();
    let path = p.path(&mut || {}).unwrap().unwrap();
    let mut m = p.marks();
    for (i, step) in path.iter().enumerate() {
        let found = p.nth_step(i + 1, &mut || {}).unwrap();
        assert_eq!(
            found,
            NthStep::Found {
                before: Box::new(m),
                step: step.clone()
            }
        );
        p.tables().apply(step, &mut m);
    }
    let past = p.nth_step(path.len() + 1, &mut || {}).unwrap();
    assert_eq!(past, NthStep::PathEnds { steps: path.len() });
    assert_eq!(
        ruled("x", NO_SOLUTION)
            .unwrap()
            .nth_step(1, &mut || {})
            .unwrap(),
        NthStep::PathEnds { steps: 0 }
    );
    // A path through nested chains (Sukaku Explainer's 10.6 under x with anti-king):
    // its steps are there to the end, and past it none.
    let nested = ruled("x,anti-king", X_ANTI_KING_106).unwrap();
    let steps = nested.path(&mut || {}).unwrap().unwrap().len();
    assert!(matches!(
        nested.nth_step(steps, &mut || {}).unwrap(),
        NthStep::Found { .. }
    ));
    assert_eq!(
        nested.nth_step(steps + 1, &mut || {}).unwrap(),
        NthStep::PathEnds { steps }
    );
}

/// The rating the plain way: the solutions counted first, then the ladder's rating when
/// there is one.
fn rated_after_counting(p: &RuledPuzzle) -> Result<Option<Rating>, VariantError> {
    if p.counted(&mut || {}).solutions != 1 {
        return Ok(None);
    }
    crate::logic::variant_ladder::rate_marks_in(p.marks(), p.tables(), &mut || {})
        .map(Some)
        .map_err(|b| p.beyond(b.blanks))
}

#[test]
fn a_rating_counts_the_solutions_only_where_its_path_does_not_show_one() {
    // Generated puzzles (one solution), the same with givens taken away (several) and
    // with a given changed to another digit the rules allow there (mostly none), under
    // rules with and without the uniqueness techniques: the rating is the plain way's,
    // and a path to the solution below the chains without a uniqueness step leaves the
    // solutions uncounted.
    let (mut shown, mut counted, mut several, mut none) = (0, 0, 0, 0);
    let rule_sets = [
        "x",
        "windoku",
        "dg",
        "center-dot",
        "anti-knight",
        "anti-king",
        "nc",
    ];
    for (k, text) in rule_sets.into_iter().enumerate() {
        // Minimal puzzles under extra groups too (0: dug to the end), whose paths meet the
        // uniqueness techniques and the chains.
        let clues = |i: u64| if k < 4 && i.is_multiple_of(2) { 0 } else { 28 };
        for i in 0..6 {
            let (p, g) = generated(text, (52, i, clues(i)));
            let rules = p.tables();
            let geometry = Geometry::new(Shape::NINE, &Rules::parse(text).unwrap()).unwrap();
            let engine = Engine::new(&geometry);
            let mut variants = vec![g.puzzle.cells.clone()];
            // Every third given taken away.
            let givens: Vec<usize> = (0..81).filter(|&c| g.puzzle.cells[c] != 0).collect();
            let mut fewer = g.puzzle.cells.clone();
            givens.iter().step_by(3).for_each(|&c| fewer[c] = 0);
            variants.push(fewer);
            // A given changed to each digit the rules leave it.
            for &c in givens.iter().take(3) {
                let mut m = rules.marks_of(&{
                    let mut cells = g.puzzle.cells.clone();
                    cells[c] = 0;
                    cells
                });
                m.cands[c] &= !(1 << (g.puzzle.cells[c] - 1));
                for d in (1..=9u8).filter(|d| m.cands[c] >> (d - 1) & 1 == 1) {
                    let mut cells = g.puzzle.cells.clone();
                    cells[c] = d;
                    variants.push(cells);
                }
            }
            for cells in variants {
                let puzzle = VariantPuzzle {
                    shape: Shape::NINE,
                    cells,
                };
                let lazy = RuledPuzzle::new("f", &puzzle, &geometry, &engine).unwrap();
                let rating = lazy.rate(&mut || {});
                let was_counted = lazy.counted.get().is_some();
                let plain = RuledPuzzle::new("f", &puzzle, &geometry, &engine).unwrap();
                assert_eq!(
                    rating,
                    rated_after_counting(&plain),
                    "{text}: {:?}",
                    puzzle.cells
                );
                match plain.counted(&mut || {}).solutions {
                    1 if !was_counted => shown += 1,
                    1 => counted += 1,
                    2 => several += 1,
                    _ => none += 1,
                }
            }
        }
    }
    assert!(
        shown > 20 && counted > 5 && several > 20 && none > 20,
        "{shown} shown, {counted} counted, {several} with several solutions, {none} with none"
    );
}
