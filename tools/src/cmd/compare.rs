//! Times sudoku_core against the `sudoku` crate (a dev-dependency, AGPL, used here
//! only as a peer) on the same puzzles in the same run, alternating runs, and prints
//! the medians and their ratio.
//!
//! `sudoku-tools compare FILE [--limit 1|2] [--runs R]`
use std::time::Instant;
use sudoku_core::{solve, Puzzle};

pub fn run(args: Vec<String>) {
    let path = args
        .first()
        .expect("usage: sudoku-tools compare FILE [--limit 1|2] [--runs R]");
    let opt = |name: &str, default: usize| {
        args.iter()
            .position(|a| a == name)
            .map_or(default, |i| args[i + 1].parse().unwrap())
    };
    let limit = opt("--limit", 1);
    let runs = opt("--runs", 7);
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
    let ours: Vec<Puzzle> = lines.iter().map(|l| Puzzle::parse(l).unwrap()).collect();
    let peer: Vec<sudoku::Sudoku> = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(&l[..81]).unwrap())
        .collect();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let t = Instant::now();
        let mut n = 0u64;
        for p in &ours {
            n += solve(p, limit as u64).unwrap().count;
        }
        a.push(t.elapsed().as_secs_f64() * 1e6 / ours.len() as f64);
        let t = Instant::now();
        let mut m = 0u64;
        for s in &peer {
            m += if limit == 1 {
                s.some_solution().is_some() as u64
            } else {
                s.solutions_count_up_to(limit) as u64
            };
        }
        b.push(t.elapsed().as_secs_f64() * 1e6 / peer.len() as f64);
        assert_eq!(n, m, "the two solvers disagree on the counts");
    }
    a.sort_by(f64::total_cmp);
    b.sort_by(f64::total_cmp);
    let (ma, mb) = (a[runs / 2], b[runs / 2]);
    println!(
        "{path} limit {limit}: sudoku_core {ma:.2} us, sudoku crate {mb:.2} us, ratio {:.2}",
        ma / mb
    );
}
