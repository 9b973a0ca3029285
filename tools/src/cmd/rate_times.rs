//! Rates every puzzle of a file (the first 81 characters of each line; `#` lines and
//! lines too short skipped) and prints `puzzle<TAB>ER<TAB>microseconds`, the time being
//! the median of RUNS ratings (default 5) of that puzzle: for scripts/bench_rating.sh to set
//! beside Sukaku Explainer's times, and for scripts/bench_generate.sh (`--runs 1`) to rate
//! what the generator made. A puzzle without a single solution rates 0.0.
//!
//! `sudoku-tools rate_times FILE [--runs RUNS]`
use std::time::Instant;
use sudoku_core::logic::rate;
use sudoku_core::Puzzle;

pub fn run(args: Vec<String>) {
    let path = args.first().expect("usage: sudoku-tools rate_times FILE [--runs RUNS]");
    let runs: usize = args
        .iter()
        .position(|a| a == "--runs")
        .map_or(5, |i| args[i + 1].parse().expect("RUNS: a number"))
        .max(1);
    let text = std::fs::read_to_string(path).expect("a readable file");
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
    {
        let p = Puzzle::parse(&line[..81]).expect("a puzzle");
        let mut times = Vec::with_capacity(runs);
        let mut er = 0;
        for _ in 0..runs {
            // Each rating starts cold: nothing remembered from the previous one.
            sudoku_core::logic::forget_search_memos();
            let start = Instant::now();
            er = rate(&p, &mut || {}).er;
            times.push(start.elapsed().as_secs_f64() * 1e6);
        }
        times.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{}\t{}.{}\t{:.1}",
            &line[..81],
            er / 10,
            er % 10,
            times[runs / 2]
        );
    }
}
