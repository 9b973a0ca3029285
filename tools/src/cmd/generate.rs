//! Generates puzzles and prints them, one line each, with timing on stderr.
//!
//! `sudoku-tools generate COUNT [SEED] [CLUES]`
use std::time::Instant;
use sudoku_core::{generate, Options};

pub fn run(args: Vec<String>) {
    let args: Vec<u64> = args
        .iter()
        .map(|a| a.parse().expect("a number"))
        .collect();
    let count = *args.first().unwrap_or(&10);
    let seed = *args.get(1).unwrap_or(&0);
    let clues = *args.get(2).unwrap_or(&0) as usize;
    let start = Instant::now();
    let mut givens = 0;
    for i in 0..count {
        let g = generate(
            seed,
            i,
            Options {
                clues,
                ..Default::default()
            },
        );
        givens += g.puzzle.givens();
        println!("{}", g.puzzle.to_line());
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{count} puzzles in {secs:.2} s ({:.0} us each), {:.1} givens on average",
        secs * 1e6 / count as f64,
        givens as f64 / count as f64
    );
}
