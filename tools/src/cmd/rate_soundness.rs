//! Checks every step the ladder takes on the puzzles of a file against their solution
//! (without the path's safety net) and counts the unsound ones per technique.
//!
//! sudoku-tools rate_soundness FILE

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use sudoku_core::logic::{next_step, Marks};
use sudoku_core::Puzzle;

pub fn run(args: Vec<String>) {
    let path = args.into_iter().next().expect("usage: sudoku-tools rate_soundness FILE");
    let file = std::fs::File::open(&path).expect("cannot open the file");
    let mut steps = 0usize;
    let mut unsound: BTreeMap<String, usize> = BTreeMap::new();
    let mut puzzles = 0usize;
    for line in BufReader::new(file).lines() {
        let line = line.expect("read error");
        let text = line.split(['\t', ' ']).next().unwrap_or("").trim();
        let Ok(puzzle) = Puzzle::parse(text) else {
            continue;
        };
        let Ok(outcome) = sudoku_core::solve(&puzzle, 2) else {
            continue;
        };
        let (Some(solution), 1) = (outcome.solution, outcome.count) else {
            continue;
        };
        puzzles += 1;
        let mut m = Marks::from_puzzle(&puzzle);
        while let Some(step) = next_step(&m, &mut || {}) {
            steps += 1;
            if !step.is_sound(&solution) {
                *unsound.entry(format!("{:?}", step.technique)).or_default() += 1;
                eprintln!(
                    "unsound: {}\t{:?}\t{}",
                    text, step.technique, step.explanation
                );
                break;
            }
            step.apply(&mut m);
        }
    }
    println!(
        "{} puzzles, {} steps, unsound: {:?}",
        puzzles, steps, unsound
    );
}
