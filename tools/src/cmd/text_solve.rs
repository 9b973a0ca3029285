//! The in-memory baseline for the in-database benchmark: every puzzle of a file read
//! from text, solved and written back as text (what `sudoku_solve` does per row),
//! timed over several runs; prints the median time per puzzle.
//!
//! `sudoku-tools text_solve FILE [--runs R]`
use std::time::Instant;
use sudoku_core::{solve, Puzzle};

pub fn run(args: Vec<String>) {
    let path = args.first().expect("usage: sudoku-tools text_solve FILE [--runs R]");
    let runs = args
        .iter()
        .position(|a| a == "--runs")
        .map_or(7, |i| args[i + 1].parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let mut times = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let mut bytes = 0usize;
        for line in &lines {
            let (p, layout) = Puzzle::parse_with_layout(line).unwrap();
            if let Some(s) = solve(&p, 1).unwrap().solution {
                bytes += layout.render(line, &s).unwrap().len();
            }
        }
        assert!(bytes > 0);
        times.push(start.elapsed().as_secs_f64() * 1e6 / lines.len() as f64);
    }
    times.sort_by(f64::total_cmp);
    println!("{:.3}", times[runs / 2]);
}
