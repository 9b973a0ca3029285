//! Solves every puzzle of a file (one puzzle a line) and checks every answer.
//!
//! `sudoku-tools solve_file FILE [--limit N] [--runs R]`
//!
//! Prints, for each run, the time per puzzle, then the median over the runs, and the
//! totals of the search statistics. Exits non-zero if any answer is wrong or missing.
use std::time::Instant;
use sudoku_core::{is_solution_of, solve, Puzzle};

pub fn run(args: Vec<String>) {
    let path = args
        .first()
        .expect("usage: sudoku-tools solve_file FILE [--limit N] [--runs R]");
    let opt = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .map_or(default, |i| args[i + 1].parse().expect("a number"))
    };
    let limit = opt("--limit", 1);
    let runs = opt("--runs", 5) as usize;
    let text = std::fs::read_to_string(path).expect("readable file");
    let puzzles: Vec<Puzzle> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Puzzle::parse(l).expect("a puzzle"))
        .collect();
    let mut per_puzzle = Vec::new();
    let mut totals = (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for run in 0..runs {
        let start = Instant::now();
        let mut bad = 0usize;
        for p in &puzzles {
            let out = solve(p, limit).expect("consistent givens");
            match out.solution {
                Some(s) if is_solution_of(p, &s) => {}
                _ => bad += 1,
            }
            if run == 0 {
                totals.0 += out.stats.naked_singles;
                totals.1 += out.stats.hidden_singles;
                totals.2 += out.stats.guesses;
                totals.3 += out.stats.backtracks;
                totals.4 += (out.count > 1) as u64;
                totals.5 += out.stats.band_singles;
            }
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64;
        println!(
            "run {}: {} puzzles, {:.2} us per puzzle",
            run + 1,
            puzzles.len(),
            us
        );
        per_puzzle.push(us);
        if bad > 0 {
            eprintln!("{bad} puzzles without a valid solution");
            std::process::exit(1);
        }
    }
    per_puzzle.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "median: {:.2} us per puzzle (limit {limit}, {runs} runs)",
        per_puzzle[runs / 2]
    );
    println!(
        "search totals: naked_singles {} column hidden_singles {} band_updates {} guesses {} backtracks {} with_2+_solutions {}",
        totals.0, totals.1, totals.5, totals.2, totals.3, totals.4
    );
    // What naked and hidden singles alone, to a fixpoint, solve (sudoku_stats' solved_by_singles).
    let singles = puzzles
        .iter()
        .filter(|p| {
            sudoku_core::explain::singles_alone(p)
                .is_ok_and(|s| s.blanks_left == 0 && !s.contradiction)
        })
        .count();
    println!(
        "solved by naked and hidden singles alone: {singles} of {}",
        puzzles.len()
    );
}
