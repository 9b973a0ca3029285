//! Randomised testing of the parser and the solver: random text, random mutations of
//! generated puzzles (in both layouts), random consistent and inconsistent grids.
//! Nothing may panic, and every answer is checked:
//! - a parse error names a character that really is at that position and is not
//!   allowed there, or a cell count that really is wrong;
//! - a solution is complete, valid and keeps every given;
//! - the fast solver and the plain one agree on the count (and the solution when it is unique);
//!
//! Each search gets a budget of guesses: a puzzle with few givens can send a
//! depth-first search into a huge fruitless subtree (seen: 275 million guesses for one
//! random near-empty puzzle), and this is a test of answers, not of patience. Inputs
//! over budget are counted and reported.
//!
//! `sudoku-tools stress [--inputs N] [--seed S]`
use std::panic::{catch_unwind, AssertUnwindSafe};
use sudoku_core::generate::Rng;
use sudoku_core::search::{GuessBudget as Budget, OverBudget};
use sudoku_core::{
    generate, is_solution_of, solve_observed, solve_plain_observed, Options, Puzzle, PuzzleError,
};

const BUDGET: u64 = 20_000;

const ALPHABET: &[char] = &[
    '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '.', '?', ' ', '\n', '\r', '\t', '|', '-',
    '+', 'x', 'é', '٣', '５', '\u{0}', '\u{7}', '\u{A0}', '😀', '*',
];

pub fn run(args: Vec<String>) {
    let opt = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .map_or(default, |i| args[i + 1].parse().unwrap())
    };
    let inputs = opt("--inputs", 300_000);
    let mut rng = Rng::new(opt("--seed", 1));
    let base: Vec<String> = (0..200)
        .map(|i| generate(99, i, Options::default()).puzzle.to_line())
        .collect();
    let mut tally = [0u64; 6]; // malformed, contradictory, no solution, one, several, over budget
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info.payload().downcast_ref::<OverBudget>().is_none() {
            default_hook(info);
        }
    }));
    for i in 0..inputs {
        let text = match i % 4 {
            0 => random_text(&mut rng),
            1 | 2 => {
                let pick = rng.below(base.len() as u64) as usize;
                mutate(&mut rng, &base[pick])
            }
            _ => random_grid_puzzle(&mut rng),
        };
        check(&text, &mut tally);
    }
    println!(
        "{inputs} inputs: {} malformed, {} contradictory, {} without solution, {} with one, {} with several, \
         {} over the budget of {BUDGET} guesses; every answer checked",
        tally[0], tally[1], tally[2], tally[3], tally[4], tally[5]
    );
}

fn random_text(rng: &mut Rng) -> String {
    let len = rng.below(200) as usize;
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
        .collect()
}

/// A generated puzzle, maybe in the contest layout, with a few random edits.
fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut chars: Vec<char> = if rng.below(2) == 0 {
        line.chars().collect()
    } else {
        let rows: Vec<String> = line
            .replace('.', "?")
            .as_bytes()
            .chunks(9)
            .map(|c| String::from_utf8(c.to_vec()).unwrap())
            .collect();
        rows.join("\n").chars().collect()
    };
    for _ in 0..rng.below(4) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        let c = ALPHABET[rng.below(ALPHABET.len() as u64) as usize];
        match rng.below(4) {
            0 if at < chars.len() => chars[at] = c,
            1 => chars.insert(at, c),
            2 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() && chars[at].is_ascii_digit() => chars[at] = '.',
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A random valid grid (a generated solution with its digits relabelled), blanked at
/// random, and sometimes with one cell overwritten by a random digit.
fn random_grid_puzzle(rng: &mut Rng) -> String {
    let g = generate(
        rng.next_u64(),
        0,
        Options {
            clues: 81,
            ..Default::default()
        },
    );
    let mut cells = g.solution;
    let keep = rng.below(101);
    for c in cells.iter_mut() {
        if rng.below(100) >= keep {
            *c = 0;
        }
    }
    if rng.below(3) == 0 {
        cells[rng.below(81) as usize] = rng.below(10) as u8;
    }
    Puzzle::from_cells(cells).to_line()
}

fn check(text: &str, tally: &mut [u64; 6]) {
    let puzzle = match Puzzle::parse(text) {
        Ok(p) => p,
        Err(e) => {
            let _ = e.to_string();
            match e {
                PuzzleError::InvalidCharacter { ch, position, .. } => {
                    assert_eq!(text.chars().nth(position - 1), Some(ch), "{text:?}: {e}");
                    assert!(
                        !"0123456789.? \n\r\t|-+\u{B}\u{C}".contains(ch),
                        "{text:?}: {e}"
                    );
                }
                PuzzleError::CellCount { found } => {
                    let cells = text.chars().filter(|c| "0123456789.?".contains(*c)).count();
                    assert_eq!(cells, found, "{text:?}");
                    assert!(found != 81 && found != 16);
                }
                PuzzleError::DigitOutOfRange {
                    digit, position, ..
                } => {
                    assert_eq!(text.chars().nth(position - 1), Some((b'0' + digit) as char));
                    assert!(digit > 4);
                }
                PuzzleError::Conflict { .. } => unreachable!("parse does not check givens"),
                other => unreachable!("Puzzle::parse reads no pencil marks, yet gave {other:?}"),
            }
            tally[0] += 1;
            return;
        }
    };
    let run = |plain: bool| {
        catch_unwind(AssertUnwindSafe(|| {
            if plain {
                solve_plain_observed(&puzzle, 2, &mut Budget(BUDGET))
            } else {
                solve_observed(&puzzle, 2, &mut Budget(BUDGET))
            }
        }))
    };
    let (Ok(fast), Ok(plain)) = (run(false), run(true)) else {
        tally[5] += 1;
        return;
    };
    match (fast, plain) {
        (Err(a), Err(b)) => {
            assert_eq!(a, b);
            assert!(puzzle.check_givens().is_err());
            tally[1] += 1;
        }
        (Ok(a), Ok(b)) => {
            // Different search orders: the same count, both answers valid, and the
            // same answer when it is the only one.
            assert_eq!(a.count, b.count, "{text:?}");
            for s in [a.solution, b.solution].into_iter().flatten() {
                assert!(is_solution_of(&puzzle, &s), "{text:?}");
            }
            if a.count == 1 {
                assert_eq!(a.solution, b.solution, "{text:?}");
            }
            tally[2 + a.count as usize] += 1;
        }
        (a, b) => panic!("{text:?}: the solvers disagree: {a:?} / {b:?}"),
    }
}
