//! Rates every puzzle of a file (the first 81 characters of each line; `#` lines
//! skipped), each five times, and prints `puzzle<TAB>ER<TAB>microseconds` (the median
//! of the five) for scripts/bench_rating.sh to set beside Sukaku Explainer's times.
//!
//! `cargo run --release -p sudoku_core --example rate_times -- FILE`
use std::time::Instant;
use sudoku_core::logic::rate;
use sudoku_core::Puzzle;

fn main() {
    let path = std::env::args().nth(1).expect("usage: rate_times FILE");
    let text = std::fs::read_to_string(&path).expect("a readable file");
    for line in text.lines().map(str::trim).filter(|l| l.len() >= 81 && !l.starts_with('#')) {
        let p = Puzzle::parse(&line[..81]).expect("a puzzle");
        let mut times = Vec::new();
        let mut er = 0;
        for _ in 0..5 {
            let start = Instant::now();
            er = rate(&p, &mut || {}).er;
            times.push(start.elapsed().as_secs_f64() * 1e6);
        }
        times.sort_by(|a, b| a.total_cmp(b));
        println!("{}\t{}.{}\t{:.1}", &line[..81], er / 10, er % 10, times[2]);
    }
}
