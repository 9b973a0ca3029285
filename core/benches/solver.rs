//! Criterion benchmarks of the core against the `sudoku` crate (a dev-dependency,
//! AGPL-3.0, linked into this benchmark only, never into the extension), measured in
//! the same run on the same puzzles:
//! - first-solution mode (limit 1) and uniqueness mode (limit 2), per dataset: the two
//!   public sets of `../shared/data/` when present, and generated minimal puzzles;
//! - parsing and formatting alone (a line, the contest layout);
//! - 4×4 puzzles, and the same 9×9 set through the generic entry point, to show the
//!   9×9 path pays nothing for the 4×4 support.
//!
//! One iteration solves a whole set; throughput is in puzzles, so criterion's
//! "time per element" is the time per puzzle.
//!
//! `cargo bench -p sudoku_core --bench solver` (scripts/bench.sh runs it too).
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;
use sudoku_core::explain::{format, Style};
use sudoku_core::{generate, solve, Options, Puzzle};

fn shared(name: &str) -> Option<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data")
        .join(name);
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        text.lines()
            .filter(|l| l.len() >= 81)
            .map(|l| l[..81].to_string())
            .collect(),
    )
}

fn datasets() -> Vec<(&'static str, Vec<String>)> {
    let mut sets = Vec::new();
    if let Some(mut p) = shared("puzzles2_17_clue.txt") {
        // Every 5th puzzle keeps an iteration near 50 ms; benchmarks/README.md also gives the
        // whole set, timed by tools/src/cmd/compare.rs.
        p = p.into_iter().step_by(5).collect();
        sets.push(("17-clue (every 5th)", p));
    }
    if let Some(p) = shared("puzzles6_forum_hardest_1106.txt") {
        sets.push(("forum hardest 1106", p));
    }
    sets.push((
        "generated minimal",
        (0..2000)
            .map(|i| generate(2026, i, Options::default()).puzzle.to_line())
            .collect(),
    ));
    sets
}

fn solvers(c: &mut Criterion) {
    for (name, lines) in datasets() {
        let ours: Vec<Puzzle> = lines.iter().map(|l| Puzzle::parse(l).unwrap()).collect();
        let peer: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        for limit in [1u64, 2] {
            let mode = if limit == 1 {
                "first solution"
            } else {
                "uniqueness"
            };
            let mut g = c.benchmark_group(format!("{name} / {mode}"));
            g.throughput(Throughput::Elements(ours.len() as u64));
            g.sample_size(10)
                .warm_up_time(Duration::from_secs(1))
                .measurement_time(Duration::from_secs(4));
            g.bench_function(BenchmarkId::new("sudoku_core", ours.len()), |b| {
                b.iter(|| {
                    ours.iter()
                        .map(|p| solve(black_box(p), limit).unwrap().count)
                        .sum::<u64>()
                })
            });
            g.bench_function(BenchmarkId::new("sudoku crate", ours.len()), |b| {
                b.iter(|| {
                    peer.iter()
                        .map(|s| {
                            if limit == 1 {
                                s.some_solution().is_some() as u64
                            } else {
                                s.solutions_count_up_to(2) as u64
                            }
                        })
                        .sum::<u64>()
                })
            });
            g.finish();
        }
    }
}

fn text(c: &mut Criterion) {
    let line = generate(7, 0, Options::default()).puzzle.to_line();
    let parsed = Puzzle::parse(&line).unwrap();
    let contest = format(&parsed, Style::Contest);
    let solution = solve(&parsed, 1).unwrap().solution.unwrap();
    let mut g = c.benchmark_group("text");
    g.bench_function("parse a line", |b| {
        b.iter(|| Puzzle::parse(black_box(&line)).unwrap())
    });
    g.bench_function("parse the contest layout", |b| {
        b.iter(|| Puzzle::parse_with_layout(black_box(&contest)).unwrap())
    });
    let (_, layout) = Puzzle::parse_with_layout(&contest).unwrap();
    g.bench_function("render into the contest layout", |b| {
        b.iter(|| {
            layout
                .render(black_box(&contest), black_box(&solution))
                .unwrap()
        })
    });
    g.bench_function("solve a line, text in and out", |b| {
        b.iter(|| {
            let (p, layout) = Puzzle::parse_with_layout(black_box(&line)).unwrap();
            layout
                .render(&line, &solve(&p, 1).unwrap().solution.unwrap())
                .unwrap()
        })
    });
    g.finish();
}

fn four_by_four(c: &mut Criterion) {
    // 4x4 puzzles cut from the empty grid's solutions: every 4x4 grid, first cells kept.
    let grids: Vec<String> = {
        let mut out = Vec::new();
        let empty = Puzzle::parse(&".".repeat(16)).unwrap();
        let mut collect = Collect(Vec::new());
        sudoku_core::solve_observed(&empty, 288, &mut collect).unwrap();
        for g in collect.0 {
            let cells: String = g[..16]
                .iter()
                .enumerate()
                .map(|(i, &d)| if i % 3 == 0 { (b'0' + d) as char } else { '.' })
                .collect();
            out.push(cells);
        }
        out
    };
    let puzzles: Vec<Puzzle> = grids.iter().map(|l| Puzzle::parse(l).unwrap()).collect();
    let mut g = c.benchmark_group("4x4");
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    g.bench_function("solve 288 puzzles", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| solve(black_box(p), 2).unwrap().count)
                .sum::<u64>()
        })
    });
    g.finish();
}

struct Collect(Vec<[u8; 81]>);
impl sudoku_core::Observer for Collect {
    fn solution(&mut self, g: &[u8; 81]) {
        self.0.push(*g);
    }
}

criterion_group!(benches, solvers, text, four_by_four);
criterion_main!(benches);
