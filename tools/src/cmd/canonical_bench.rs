//! Times the canonical form: ours against the `sudoku` crate's canonicalisation of
//! solved grids (a dev-dependency, AGPL-3.0, used for this comparison only) on the
//! solutions of a puzzle file, measured in the same run; and ours on the puzzles
//! themselves (the pattern-preserving form, which the crate does not offer).
//!
//! `sudoku-tools canonical_bench [FILE] [LIMIT] [RUNS]`
//! (default `../shared/data/puzzles2_17_clue.txt`, every puzzle, 3 runs). Each figure
//! is the median over the grids (puzzles) of the median over the runs of the time of
//! one call, in microseconds.
use std::hint::black_box;
use std::time::Instant;
use sudoku_core::canonical::canonical;
use sudoku_core::{solve, Puzzle};

/// The median of each item's median time over `runs` runs, in microseconds.
fn median_us<T>(items: &[T], runs: usize, mut call: impl FnMut(&T)) -> f64 {
    let mut per_item = vec![Vec::with_capacity(runs); items.len()];
    for _ in 0..runs {
        for (i, item) in items.iter().enumerate() {
            let start = Instant::now();
            call(item);
            per_item[i].push(start.elapsed().as_nanos() as f64 / 1000.0);
        }
    }
    let mut medians: Vec<f64> = per_item
        .into_iter()
        .map(|mut t| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2]
        })
        .collect();
    medians.sort_by(f64::total_cmp);
    medians[medians.len() / 2]
}

pub fn run(args: Vec<String>) {
    let path = args
        .first()
        .cloned()
        .unwrap_or_else(|| "../shared/data/puzzles2_17_clue.txt".to_string());
    let limit: usize = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let runs: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let puzzles: Vec<Puzzle> = text
        .lines()
        .filter(|l| l.len() >= 81)
        .take(limit)
        .map(|l| Puzzle::parse(&l[..81]).unwrap())
        .collect();
    let grids: Vec<Puzzle> = puzzles
        .iter()
        .map(|p| Puzzle::from_cells(solve(p, 1).unwrap().solution.unwrap()))
        .collect();
    let peer_grids: Vec<sudoku::Sudoku> = grids
        .iter()
        .map(|g| sudoku::Sudoku::from_bytes(g.cells).unwrap())
        .collect();

    let ours_grid = median_us(&grids, runs, |g| {
        black_box(canonical(black_box(g)));
    });
    let peer_grid = median_us(&peer_grids, runs, |g| {
        black_box(black_box(g).canonicalized());
    });
    let ours_puzzle = median_us(&puzzles, runs, |p| {
        black_box(canonical(black_box(p)));
    });
    println!(
        "{} puzzles of {path}, median over {runs} runs",
        puzzles.len()
    );
    println!("| input | sudoku_core canonical (us) | sudoku crate canonicalized (us) | ratio |");
    println!("|---|---:|---:|---:|");
    println!(
        "| full grids (solutions) | {ours_grid:.2} | {peer_grid:.2} | {:.2}x |",
        ours_grid / peer_grid
    );
    println!("| puzzles (pattern kept) | {ours_puzzle:.2} | - | - |");
}
