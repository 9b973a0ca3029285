//! Criterion benchmarks of the canonical form (`sudoku_core::canonical`), against the
//! `sudoku` crate's canonicalisation of solved grids (a dev-dependency, AGPL-3.0,
//! linked into this benchmark only, never into the extension), in the same run:
//! - full grids: the solutions of the 17-clue set of `../shared/data/` when present
//!   (every 25th), else the solutions of generated puzzles; ours and the crate's;
//! - puzzles, where our form keeps the pattern of givens (the crate has no such form):
//!   the same 17-clue puzzles, and generated minimal puzzles;
//! - `equivalent` on two transformed copies of a puzzle.
//!
//! One iteration canonicalises a whole set; throughput is in grids (puzzles), so
//! criterion's "time per element" is the time per grid (puzzle).
//!
//! `cargo bench -p sudoku_core --bench canonical`
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;
use sudoku_core::canonical::{canonical, canonical_with_transformation, equivalent};
use sudoku_core::{generate, solve, Options, Puzzle};

fn shared_17_clue() -> Option<Vec<Puzzle>> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/puzzles2_17_clue.txt");
    let text = std::fs::read_to_string(path).ok()?;
    // Every 25th puzzle keeps an iteration near 50 ms.
    Some(
        text.lines()
            .filter(|l| l.len() >= 81)
            .step_by(25)
            .map(|l| Puzzle::parse(&l[..81]).unwrap())
            .collect(),
    )
}

fn puzzle_sets() -> Vec<(&'static str, Vec<Puzzle>)> {
    let mut sets = Vec::new();
    if let Some(p) = shared_17_clue() {
        sets.push(("17-clue (every 25th)", p));
    }
    sets.push((
        "generated minimal",
        (0..1000)
            .map(|i| generate(2026, i, Options::default()).puzzle)
            .collect(),
    ));
    sets
}

fn full_grids(c: &mut Criterion) {
    for (name, puzzles) in puzzle_sets() {
        let grids: Vec<Puzzle> = puzzles
            .iter()
            .map(|p| Puzzle::from_cells(solve(p, 1).unwrap().solution.unwrap()))
            .collect();
        let peer: Vec<sudoku::Sudoku> = grids
            .iter()
            .map(|g| sudoku::Sudoku::from_bytes(g.cells).unwrap())
            .collect();
        let mut g = c.benchmark_group(format!("canonical full grids / solutions of {name}"));
        g.throughput(Throughput::Elements(grids.len() as u64));
        g.sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(4));
        g.bench_function(BenchmarkId::new("sudoku_core", grids.len()), |b| {
            b.iter(|| {
                grids
                    .iter()
                    .map(|p| canonical(black_box(p)).cells[10] as u64)
                    .sum::<u64>()
            })
        });
        g.bench_function(BenchmarkId::new("sudoku crate", grids.len()), |b| {
            b.iter(|| {
                peer.iter()
                    .map(|s| black_box(s).canonicalized().map_or(0, |(_, n)| n as u64))
                    .sum::<u64>()
            })
        });
        g.finish();
    }
}

fn puzzles(c: &mut Criterion) {
    for (name, puzzles) in puzzle_sets() {
        let mut g = c.benchmark_group(format!("canonical puzzles / {name}"));
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(4));
        g.bench_function(BenchmarkId::new("canonical", puzzles.len()), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| canonical(black_box(p)).cells[40] as u64)
                    .sum::<u64>()
            })
        });
        g.bench_function(
            BenchmarkId::new("canonical with transformation", puzzles.len()),
            |b| {
                b.iter(|| {
                    puzzles
                        .iter()
                        .map(|p| canonical_with_transformation(black_box(p)).1.rows()[0] as u64)
                        .sum::<u64>()
                })
            },
        );
        g.finish();
    }
}

fn equivalence(c: &mut Criterion) {
    let p = generate(11, 0, Options::default()).puzzle;
    let (form, _) = canonical_with_transformation(&p);
    let mut g = c.benchmark_group("equivalent");
    g.bench_function("a puzzle and its canonical form", |b| {
        b.iter(|| equivalent(black_box(&p), black_box(&form)))
    });
    g.finish();
}

criterion_group!(benches, full_grids, puzzles, equivalence);
criterion_main!(benches);
