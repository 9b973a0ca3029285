//! Study of the equivalence classes of a puzzle file (issue 11): counts the distinct
//! canonical forms of its puzzles and, for every pair of puzzles sharing one, finds a
//! transformation with `find_transformation` (a direct search, independent of the
//! canonical form) and checks that applying it maps one puzzle onto the other.
//! Also counts the puzzles already written in their canonical form, checks that each
//! puzzle maps onto its form by a transformation the direct search finds, and counts
//! the distinct canonical forms of the solution grids.
//!
//! `sudoku-tools canonical_classes [FILE]`
//! (default `../shared/data/puzzles2_17_clue.txt`).
use std::collections::HashMap;
use std::time::Instant;
use sudoku_core::canonical::{canonical, find_transformation};
use sudoku_core::{solve, Puzzle};

pub fn run(args: Vec<String>) {
    let path = args
        .into_iter()
        .next()
        .unwrap_or_else(|| "../shared/data/puzzles2_17_clue.txt".to_string());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let puzzles: Vec<(usize, Puzzle)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.len() >= 81)
        .map(|(i, l)| {
            (
                i + 1,
                Puzzle::parse(&l[..81])
                    .unwrap_or_else(|e| panic!("line {}: {}", i + 1, e.message())),
            )
        })
        .collect();

    let start = Instant::now();
    let forms: Vec<Puzzle> = puzzles.iter().map(|(_, p)| canonical(p)).collect();
    let elapsed = start.elapsed();
    let mut classes: HashMap<Puzzle, Vec<usize>> = HashMap::new();
    for (k, form) in forms.iter().enumerate() {
        classes.entry(*form).or_default().push(k);
    }
    let already = puzzles
        .iter()
        .zip(&forms)
        .filter(|((_, p), f)| p == *f)
        .count();
    println!(
        "{path}: {} puzzles, canonical forms in {:.2} s ({:.2} us a puzzle)",
        puzzles.len(),
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e6 / puzzles.len() as f64
    );
    println!("distinct canonical forms: {}", classes.len());
    println!("puzzles already written in their canonical form: {already}");

    let mut shared: Vec<&Vec<usize>> = classes
        .values()
        .filter(|members| members.len() > 1)
        .collect();
    shared.sort();
    let pairs: usize = shared.iter().map(|m| m.len() * (m.len() - 1) / 2).sum();
    println!(
        "classes with more than one puzzle: {} ({} pairs)",
        shared.len(),
        pairs
    );
    let mut checked = 0;
    for members in &shared {
        for (x, &a) in members.iter().enumerate() {
            for &b in &members[x + 1..] {
                let (line_a, pa) = &puzzles[a];
                let (line_b, pb) = &puzzles[b];
                match find_transformation(pa, pb) {
                    Some(t) if t.apply(pa) == *pb => {
                        checked += 1;
                        println!("line {line_a} {}\nline {line_b} {}\n  form {}\n  map  {t}", pa.to_line(), pb.to_line(), forms[a].to_line());
                    }
                    Some(t) => println!("line {line_a} -> line {line_b}: the transformation found ({t}) does not map; BUG"),
                    None => println!("line {line_a} and line {line_b} share a form but no transformation was found: BUG"),
                }
            }
        }
    }
    println!("pairs mapped and checked by find_transformation: {checked} of {pairs}");

    // The forms themselves, checked independently: every puzzle is mapped onto its form
    // by a transformation found by the direct search.
    let start = Instant::now();
    let sample: Vec<usize> = (0..puzzles.len()).collect();
    let mapped = sample
        .iter()
        .filter(|&&k| {
            find_transformation(&puzzles[k].1, &forms[k])
                .is_some_and(|t| t.apply(&puzzles[k].1) == forms[k])
        })
        .count();
    println!(
        "puzzles mapped onto their form by find_transformation: {mapped} of {} ({:.2} s)",
        sample.len(),
        start.elapsed().as_secs_f64()
    );

    // The solution grids: 17-clue puzzles of one grid share its canonical grid.
    let start = Instant::now();
    let mut grid_classes: HashMap<Puzzle, usize> = HashMap::new();
    for (_, p) in &puzzles {
        if let Some(grid) = solve(p, 1).ok().and_then(|o| o.solution) {
            *grid_classes
                .entry(canonical(&Puzzle::from_cells(grid)))
                .or_default() += 1;
        }
    }
    let most = grid_classes.values().max().copied().unwrap_or(0);
    println!(
        "distinct canonical solution grids: {} (most puzzles on one grid: {most}; solving and canonicalising took {:.2} s)",
        grid_classes.len(),
        start.elapsed().as_secs_f64()
    );
}
