//! Positions with pencil marks: the texts read and written (round trips), Sukaku
//! Explainer's reading of single candidates, the errors, solving from marks (checked by
//! an independent counter), mistakes, and hints from random positions.
mod common;

use common::{random_grid, Rng};
use proptest::prelude::*;
use sudoku_core::explain;
use sudoku_core::position::check::{mistakes, MistakeKind};
use sudoku_core::position::engine::{self, fits};
use sudoku_core::position::solve::{
    marks_solutions, position_singles, position_trace, solve_marks_observed,
};
use sudoku_core::position::text::{
    self, parse_grid, parse_line, read, write_grid, write_line, Text,
};
use sudoku_core::position::{Position, ALL};
use sudoku_core::search::Silent;
use sudoku_core::Event;
use sudoku_core::{
    position_solutions, solve, solve_position_observed, ErrorKind, Puzzle, PuzzleError,
};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Random marks: every cell keeps at least one candidate.
fn random_masks(rng: &mut Rng) -> [u16; 81] {
    let mut m = [0u16; 81];
    for x in m.iter_mut() {
        while *x == 0 {
            *x = (rng.next_u64() as u16) & ALL;
        }
    }
    m
}

/// A position cut from a random grid: cells kept as givens with probability
/// `100 - blank_pct`%, each open cell's wrong candidates removed with probability
/// `removed_pct`% (the grid's digit always kept, so the grid is a solution).
fn random_position(seed: u64, blank_pct: u64, removed_pct: u64) -> ([u8; 81], Puzzle, [u16; 81]) {
    let mut rng = Rng::new(seed);
    let grid = random_grid(&mut rng);
    let mut cells = grid;
    for c in cells.iter_mut() {
        if rng.next_u64() % 100 < blank_pct {
            *c = 0;
        }
    }
    let puzzle = Puzzle::from_cells(cells);
    let start = Position::from_puzzle(&puzzle).unwrap();
    let mut marks = start.masks();
    for cell in start.open_cells() {
        for d in 1..=9u8 {
            if d != grid[cell] && rng.next_u64() % 100 < removed_pct {
                marks[cell] &= !(1 << (d - 1));
            }
        }
    }
    (grid, puzzle, marks)
}

/// Counts the grids that keep the filled cells and use only candidates, up to
/// `limit`: cells in order, every candidate no filled peer holds. Shares no code with
/// the solver.
fn naive_mask_count(values: &[u8; 81], cands: &[u16; 81], limit: u64) -> u64 {
    fn ok(g: &[u8; 81], cell: usize, d: u8) -> bool {
        let (r, c) = (cell / 9, cell % 9);
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        (0..9).all(|i| {
            let (a, b, x) = (r * 9 + i, i * 9 + c, (br + i / 3) * 9 + bc + i % 3);
            (a == cell || g[a] != d) && (b == cell || g[b] != d) && (x == cell || g[x] != d)
        })
    }
    fn go(g: &mut [u8; 81], cands: &[u16; 81], from: usize, limit: u64, found: &mut u64) {
        let Some(cell) = (from..81).find(|&c| g[c] == 0) else {
            *found += 1;
            return;
        };
        for d in 1..=9u8 {
            if cands[cell] >> (d - 1) & 1 != 0 && ok(g, cell, d) {
                g[cell] = d;
                go(g, cands, cell + 1, limit, found);
                g[cell] = 0;
                if *found >= limit {
                    return;
                }
            }
        }
    }
    let mut g = *values;
    let mut found = 0;
    go(&mut g, cands, 0, limit, &mut found);
    found
}

#[test]
fn a_puzzle_is_still_read_as_a_puzzle() {
    assert!(matches!(read(EASY), Ok(Text::Puzzle(..))));
    // Errors of puzzles stay those of puzzles.
    assert_eq!(read(&EASY[1..]), Err(PuzzleError::CellCount { found: 80 }));
    assert!(matches!(
        read("12x"),
        Err(PuzzleError::InvalidCharacter { ch: 'x', .. })
    ));
}

#[test]
fn the_729_line_of_a_puzzle_is_its_position() {
    let p = Puzzle::parse(EASY).unwrap();
    let pos = Position::from_puzzle(&p).unwrap();
    let line = write_line(&pos.masks());
    assert_eq!(line.len(), 729);
    let Ok(Text::Marks(m)) = read(&line) else {
        panic!("not read as marks")
    };
    let back = Position::from_marks(&m).unwrap();
    // Every given is a single candidate no peer has: a given again. r5c5 has the one
    // candidate 5, which peers have too: it stays open, as Sukaku Explainer keeps it.
    assert_eq!(back.givens, pos.givens);
    assert_eq!(back.cands, pos.cands);
    assert_eq!(pos.cands[40], 1 << 4);
    // "0" for a removed candidate, and the line cut in pieces, read the same.
    assert_eq!(parse_line(&line.replace('.', "0")).unwrap(), m);
    let cut: Vec<String> = line
        .as_bytes()
        .chunks(81)
        .map(|c| String::from_utf8(c.to_vec()).unwrap())
        .collect();
    assert_eq!(parse_line(&cut.join("\n")).unwrap(), m);
    // The candidate grid of the same position.
    let grid = write_grid(&pos.masks());
    assert!(grid.starts_with("+----"), "{grid}");
    assert_eq!(read(&grid), Ok(Text::Marks(m)));
}

#[test]
fn a_single_candidate_is_a_given_only_when_no_peer_has_it() {
    let p = Puzzle::parse(EASY).unwrap();
    let mut m = Position::from_puzzle(&p).unwrap().masks();
    // r1c3 (candidates 1 2 4) also gets 5: r1c1's single 5 is now seen, so open.
    m[2] |= 1 << 4;
    let pos = Position::from_marks(&m).unwrap();
    assert_eq!(pos.values[0], 0);
    assert_eq!(pos.cands[0], 1 << 4);
    assert_eq!(pos.values[1], 3);
}

#[test]
fn errors_name_the_cell() {
    let p = Puzzle::parse(EASY).unwrap();
    let line = write_line(&Position::from_puzzle(&p).unwrap().masks());
    // r1c3: "12.4....." -> "92.4.....": a digit away from its place.
    let bad = format!("{}9{}", &line[..18], &line[19..]);
    let e = read(&bad).unwrap_err();
    assert_eq!(
        e,
        PuzzleError::MisplacedMark {
            cell: 2,
            place: 1,
            digit: 9
        }
    );
    assert_eq!(e.kind(), ErrorKind::Malformed);
    assert!(e.message().contains("r1c3"), "{}", e.message());
    assert_eq!(
        read(&line[..728]).unwrap_err(),
        PuzzleError::MarksLength { found: 728 }
    );
    // r1c3 with no candidate.
    let none = format!("{}.........{}", &line[..18], &line[27..]);
    let Ok(Text::Marks(m)) = read(&none) else {
        panic!()
    };
    let e = Position::from_marks(&m).unwrap_err();
    assert_eq!(e, PuzzleError::NoCandidate { cell: 2 });
    assert_eq!(e.kind(), ErrorKind::Malformed);
    // r1c3 with the single 5, like r1c1: contradictory.
    let five = format!("{}....5....{}", &line[..18], &line[27..]);
    let Ok(Text::Marks(m)) = read(&five) else {
        panic!()
    };
    let e = Position::from_marks(&m).unwrap_err();
    assert!(matches!(
        e,
        PuzzleError::PositionConflict {
            digit: 5,
            first: 0,
            second: 2,
            ..
        }
    ));
    assert_eq!(e.kind(), ErrorKind::Contradictory);
    // The candidate grid: a cell short, a blank in it (two forms mixed).
    let grid = write_grid(&Position::from_puzzle(&p).unwrap().masks());
    let short = grid.replacen(" 124 ", "     ", 1);
    assert_eq!(
        read(&short).unwrap_err(),
        PuzzleError::GridCellCount { found: 80 }
    );
    let mixed = grid.replacen(" 124 ", " .   ", 1);
    assert!(matches!(
        read(&mixed).unwrap_err(),
        PuzzleError::MixedForms {
            cell: 2,
            line: 2,
            ..
        }
    ));
    let twice = grid.replacen(" 124 ", " 122 ", 1);
    assert_eq!(
        read(&twice).unwrap_err(),
        PuzzleError::RepeatedCandidate { cell: 2, digit: 2 }
    );
}

#[test]
fn hodoku_and_simple_sudoku_borders_are_layout() {
    let p = Puzzle::parse(EASY).unwrap();
    let m = Position::from_puzzle(&p).unwrap().masks();
    let se = write_grid(&m);
    let hodoku: Vec<String> = se
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if l.starts_with('+') {
                let c = match i {
                    0 => '.',
                    12 => '\'',
                    _ => ':',
                };
                l.replace('+', &c.to_string())
            } else {
                l.to_string()
            }
        })
        .collect();
    assert_eq!(parse_grid(&hodoku.join("\n")), Ok(m));
    let simple = se.replace('+', "*");
    assert_eq!(parse_grid(&simple), Ok(m));
}

#[test]
fn a_position_from_parts() {
    let p = Puzzle::parse(EASY).unwrap();
    let solution = solve(&p, 1).unwrap().solution.unwrap();
    // r1c3 placed (4), r1c4 changed given? no: r1c4 is open; progress repeats givens.
    let mut progress = p.cells;
    progress[2] = solution[2];
    let progress = Puzzle::from_cells(progress);
    let pos = Position::from_parts(&p, Some(&progress), None).unwrap();
    assert_eq!(pos.values[2], solution[2]);
    assert_eq!(pos.givens[2], 0);
    // Every open peer of r1c3 lost its digit.
    assert!(pos.cands[3] >> (solution[2] - 1) & 1 == 0);
    let mut changed = p.cells;
    changed[0] = 6;
    let e = Position::from_parts(&p, Some(&Puzzle::from_cells(changed)), None).unwrap_err();
    assert_eq!(
        e,
        PuzzleError::ChangedGiven {
            cell: 0,
            given: 5,
            found: 6
        }
    );
    assert_eq!(e.kind(), ErrorKind::Contradictory);
    let four = Puzzle::parse("1.3..4....2.4...").unwrap();
    assert_eq!(
        Position::from_puzzle(&four).unwrap_err().kind(),
        ErrorKind::Malformed
    );
}

#[test]
fn mistakes_are_found_and_only_they() {
    let p = Puzzle::parse(EASY).unwrap();
    let solution = solve(&p, 1).unwrap().solution.unwrap();
    let none = mistakes(&p, &p, None, &mut Silent).unwrap();
    assert!(none.is_empty());
    let mut progress = p.cells;
    progress[2] = solution[2]; // right
    progress[3] = solution[3] % 9 + 1; // wrong
    progress[0] = 9; // a changed given
    let progress = Puzzle::from_cells(progress);
    let mut marks = [ALL; 81];
    marks[5] &= !(1 << (solution[5] - 1)); // the solution's candidate removed
    marks[6] &= !(1 << (solution[6] % 9)); // a wrong one removed: fine
    let found = mistakes(&p, &progress, Some(&marks), &mut Silent).unwrap();
    let got: Vec<(usize, MistakeKind, u8)> =
        found.iter().map(|m| (m.cell, m.kind, m.digit)).collect();
    assert_eq!(
        got,
        vec![
            (0, MistakeKind::ChangedGiven, 9),
            (3, MistakeKind::WrongDigit, solution[3] % 9 + 1),
            (5, MistakeKind::RemovedCandidate, solution[5]),
        ]
    );
    // No unique solution: an error, not rows.
    let empty = Puzzle::from_cells([0; 81]);
    assert!(mistakes(&empty, &empty, None, &mut Silent).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn both_forms_round_trip(seed in any::<u64>()) {
        let m = random_masks(&mut Rng::new(seed));
        prop_assert_eq!(parse_line(&write_line(&m)), Ok(m));
        prop_assert_eq!(parse_grid(&write_grid(&m)), Ok(m));
        // Through `read` (the 729 form always; the grid unless every cell is single,
        // which reads as a puzzle).
        prop_assert_eq!(read(&write_line(&m)), Ok(Text::Marks(m)));
        if m.iter().any(|x| x.count_ones() > 1) {
            prop_assert_eq!(read(&write_grid(&m)), Ok(Text::Marks(m)));
        }
        prop_assert_eq!(text::read_marks(&write_grid(&m)), Ok(m));
    }

    #[test]
    fn a_position_round_trips_through_both_forms(seed in any::<u64>(), blank in 30u64..90, removed in 0u64..=60) {
        let (_, _, marks) = random_position(seed, blank, removed);
        let Ok(pos) = Position::from_marks(&marks) else { return Ok(()); };
        for t in [write_line(&pos.masks()), write_grid(&pos.masks())] {
            let back = Position::from_marks(&text::read_marks(&t).unwrap()).unwrap();
            prop_assert_eq!(back, pos);
        }
    }

    #[test]
    fn solving_from_marks_uses_only_candidates(seed in any::<u64>(), blank in 40u64..75, removed in 0u64..=90) {
        let (grid, _, marks) = random_position(seed, blank, removed);
        let Ok(pos) = Position::from_marks(&marks) else { return Ok(()); };
        let out = solve_position_observed(&pos, 3, &mut Silent);
        prop_assert_eq!(out.count, naive_mask_count(&pos.values, &pos.cands, 3));
        // The grid it was made from is a solution.
        prop_assert!(out.count >= 1);
        let all: Vec<[u8; 81]> = position_solutions(&pos, 3, Silent).collect();
        prop_assert_eq!(all.len() as u64, out.count);
        for s in &all {
            for (c, &digit) in s.iter().enumerate() {
                let ok = if pos.values[c] != 0 { digit == pos.values[c] } else { pos.cands[c] >> (digit - 1) & 1 == 1 };
                prop_assert!(ok);
            }
            prop_assert!(sudoku_core::is_solution_of(&pos.filled(), s));
        }
        if out.count == 1 {
            prop_assert_eq!(out.solution, Some(grid));
        }
    }

    #[test]
    fn a_plain_position_solves_as_its_puzzle(seed in any::<u64>(), blank in 40u64..80) {
        let (_, puzzle, _) = random_position(seed, blank, 0);
        let pos = Position::from_puzzle(&puzzle).unwrap();
        prop_assert!(pos.is_plain());
        let a = solve(&puzzle, 2).unwrap();
        let b = solve_position_observed(&pos, 2, &mut Silent);
        prop_assert_eq!((a.count, a.solution), (b.count, b.solution));
    }

    /// The search trace and the singles of a position with no mark removed are the
    /// puzzle's, event by event.
    #[test]
    fn a_plain_position_traces_and_counts_singles_as_its_puzzle(seed in any::<u64>(), blank in 40u64..80) {
        let (_, puzzle, _) = random_position(seed, blank, 0);
        let pos = Position::from_puzzle(&puzzle).unwrap();
        let of_puzzle: Vec<_> = explain::Trace::new(&puzzle, Silent).unwrap().collect();
        let of_position: Vec<_> = position_trace(&pos, Silent).collect();
        prop_assert_eq!(&of_position, &of_puzzle);
        prop_assert_eq!(position_singles(&pos), explain::singles_alone(&puzzle).unwrap());
    }

    /// The trace of a position with removed candidates: its kept placements are its
    /// solution's digits when it has one, and none is kept otherwise.
    #[test]
    fn a_position_trace_keeps_its_solution(seed in any::<u64>(), blank in 40u64..75, removed in 0u64..=90) {
        let (_, puzzle, marks) = random_position(seed, blank, removed);
        let pos = Position::from_parts(&puzzle, None, Some(&marks)).unwrap();
        let first = solve_position_observed(&pos, 1, &mut Silent).solution;
        let mut grid = pos.values;
        for step in position_trace(&pos, Silent) {
            if let (Event::Place { cell, digit, .. }, true) = (step.event, step.kept) {
                grid[cell as usize] = digit;
            }
        }
        match first {
            Some(s) => prop_assert_eq!(grid, s),
            None => prop_assert_eq!(grid, pos.values),
        }
    }

    /// Singles from marks place only digits of the position's solution (a position cut
    /// from a grid keeps the grid's digits), and never more than the blanks.
    #[test]
    fn singles_from_marks_place_solution_digits(seed in any::<u64>(), blank in 40u64..75, removed in 0u64..=90) {
        let (_, puzzle, marks) = random_position(seed, blank, removed);
        let pos = Position::from_parts(&puzzle, None, Some(&marks)).unwrap();
        let singles = position_singles(&pos);
        let blanks = pos.open_cells().count();
        prop_assert!(!singles.contradiction);
        prop_assert_eq!(
            singles.blanks_left + (singles.naked_singles + singles.hidden_singles) as usize,
            blanks
        );
    }
}

/// Every hint from a position with removed candidates and placed digits is sound,
/// removes only candidates still there and places only in open cells: 3,000 random
/// positions of unique puzzles.
#[test]
fn hints_from_random_positions_are_sound_and_new() {
    let mut rng = Rng::new(29);
    let mut tried = 0;
    while tried < 3000 {
        let (grid, puzzle, _) = random_position(rng.next_u64(), 55, 0);
        if solve(&puzzle, 2).unwrap().count != 1 {
            continue;
        }
        tried += 1;
        // Place some of the solution's digits and remove some wrong candidates.
        let mut progress = puzzle.cells;
        let share = rng.below(60);
        for c in 0..81 {
            if progress[c] == 0 && rng.next_u64() % 100 < share / 2 {
                progress[c] = grid[c];
            }
        }
        let progress = Puzzle::from_cells(progress);
        let mut marks = [ALL; 81];
        for c in 0..81 {
            for d in 1..=9u8 {
                if d != grid[c] && rng.next_u64() % 100 < share {
                    marks[c] &= !(1 << (d - 1));
                }
            }
        }
        let pos = Position::from_parts(&puzzle, Some(&progress), Some(&marks)).unwrap();
        let Some(step) = engine::hint(&pos, &mut Silent) else {
            assert!(pos.values.iter().all(|&d| d != 0));
            continue;
        };
        assert!(step.is_sound(&grid), "{step:?}");
        assert!(fits(&step, &pos.to_marks()), "{step:?}");
        for e in &step.eliminations {
            assert!(marks[e.cell as usize] >> (e.digit - 1) & 1 == 1);
        }
        for p in &step.placements {
            assert_eq!(progress.cells[p.cell as usize], 0);
        }
    }
}

/// Marks for the solving shortcut's test: a position cut from a random grid (see
/// [`random_position`]), then `damage` random edits that make every case the shortcut
/// must treat as the position does: a cell set to one candidate (a given, a single
/// candidate a peer also has, two equal single candidates in a unit, a wrong digit), a
/// candidate removed (the solution's, a cell's last), a cell given back every digit.
fn solving_marks(seed: u64, blank: u64, removed: u64, damage: u64) -> [u16; 81] {
    let (_, _, mut marks) = random_position(seed, blank, removed);
    let mut rng = Rng::new(seed ^ 0x9E37_79B9_7F4A_7C15);
    for _ in 0..damage {
        let cell = (rng.next_u64() % 81) as usize;
        let bit = 1u16 << (rng.next_u64() % 9);
        match rng.next_u64() % 3 {
            0 => marks[cell] = bit,
            1 => marks[cell] &= !bit,
            _ => marks[cell] = ALL,
        }
    }
    marks
}

/// What the plain way (`Position::from_marks`, then the position's search) and the
/// shortcut (`solve_marks_observed`, `marks_solutions`) say of `marks`: the same error,
/// or the same count, first solution and solutions in the same order. The plain way's
/// answer, for the caller's tally.
fn solves_as_the_position(marks: &[u16; 81], limit: u64) -> Result<u64, PuzzleError> {
    let plain = Position::from_marks(marks);
    let fast = solve_marks_observed(marks, limit, &mut Silent);
    let fast_all = marks_solutions(marks, limit, Silent).map(|s| s.collect::<Vec<_>>());
    match plain {
        Err(e) => {
            assert_eq!(fast.map(|o| o.count), Err(e.clone()), "{marks:?}");
            assert_eq!(fast_all, Err(e.clone()), "{marks:?}");
            Err(e)
        }
        Ok(pos) => {
            let a = solve_position_observed(&pos, limit, &mut Silent);
            let b = fast.expect("the shortcut starts where the position does");
            assert_eq!((a.count, a.solution), (b.count, b.solution), "{marks:?}");
            let all: Vec<_> = position_solutions(&pos, limit, Silent).collect();
            assert_eq!(Ok(all), fast_all, "{marks:?}");
            Ok(a.count)
        }
    }
}

#[test]
fn the_solving_shortcut_solves_as_the_position() {
    // (solvable, several solutions, no solution, contradictory, malformed)
    let mut seen = [0u32; 5];
    for seed in 0..4000u64 {
        let marks = solving_marks(seed, 35 + seed % 50, seed % 61, seed % 7);
        let kind = match solves_as_the_position(&marks, 5) {
            Ok(1) => 0,
            Ok(0) => 2,
            Ok(_) => 1,
            Err(e) if e.kind() == ErrorKind::Malformed => 4,
            Err(_) => 3,
        };
        seen[kind] += 1;
    }
    assert!(seen.iter().all(|&n| n >= 100), "{seen:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn the_solving_shortcut_solves_as_the_position_prop(
        seed in any::<u64>(), blank in 30u64..90, removed in 0u64..=80, damage in 0u64..8,
    ) {
        let marks = solving_marks(seed, blank, removed, damage);
        let _ = solves_as_the_position(&marks, 8);
    }
}
