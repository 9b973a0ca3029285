//! Variant generation, per family: the time of each puzzle of `generate_variant`
//! (fresh layout or cages, full grid, digging to a minimal puzzle), its median and
//! spread over the seeds, and the givens left. scripts/bench_generate_variants.sh
//! writes its table into benchmarks/.
//!
//! `sudoku-tools generate_variants [--seeds N] [--giant-seeds N] [--only NAME] [--check]`
//!
//! `--seeds N`: puzzles per family (default 21); `--giant-seeds N`: for 25×25 (default
//! 5); `--only NAME`: one family (`16x16`, `killer`, `25x25`, `jigsaw`, `x`, ...);
//! `--check`: also counts each puzzle's solutions (not timed) and stops at one that is
//! not unique.
use std::time::Instant;
use sudoku_core::generate::Symmetry;
use sudoku_core::variant::generate::{generate_variant, VariantOptions};
use sudoku_core::variant::{Engine, Geometry, Rules, Shape};

/// The families: name, side, rules, symmetry, giant (fewer seeds).
const FAMILIES: [(&str, usize, &str, &str, bool); 7] = [
    ("16x16", 16, "classic", "none", false),
    ("killer", 9, "killer", "none", false),
    ("25x25", 25, "classic", "none", false),
    ("jigsaw", 9, "jigsaw", "none", false),
    ("x", 9, "x", "none", false),
    ("x-rotate180", 9, "x", "rotate180", false),
    ("anti-knight", 9, "anti-knight", "none", false),
];

fn median(sorted: &[f64]) -> f64 {
    sorted[sorted.len() / 2]
}

pub fn run(args: Vec<String>) {
    let opt = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let seeds: u64 = opt("--seeds").map_or(21, |v| v.parse().expect("a number"));
    let giant: u64 = opt("--giant-seeds").map_or(5, |v| v.parse().expect("a number"));
    let only = opt("--only");
    let check = args.iter().any(|a| a == "--check");
    println!("family\tshape\trules\tsymmetry\tpuzzles\tmedian_ms\tmin_ms\tmax_ms\tmedian_givens\tover_budget");
    for (name, side, rules_text, symmetry_name, _) in FAMILIES {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let shape = Shape::of_side(side).expect("a shape");
        let rules = Rules::parse(rules_text).expect("rules");
        let symmetry = Symmetry::from_name(symmetry_name).expect("a symmetry");
        let options = VariantOptions { clues: 0, symmetry };
        let count = if side == 25 { giant } else { seeds };
        let mut times = Vec::new();
        let mut givens = Vec::new();
        let mut over_budget = 0;
        for seed in 0..count {
            let start = Instant::now();
            let g = generate_variant(shape, &rules, seed, 0, &options, &mut || {})
                .expect("generated");
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            givens.push(g.puzzle.cells.iter().filter(|&&d| d != 0).count() as f64);
            over_budget += g.over_budget;
            if check {
                let engine = Engine::new(&Geometry::new(shape, &g.rules).expect("rules fit"));
                let n = engine.count(&g.puzzle, 2, &mut || {});
                assert_eq!(n, 1, "{name} seed {seed}: {} {}", g.rules, g.puzzle.to_line());
            }
        }
        times.sort_by(f64::total_cmp);
        givens.sort_by(f64::total_cmp);
        println!(
            "{name}\t{}\t{rules_text}\t{symmetry_name}\t{count}\t{:.1}\t{:.1}\t{:.1}\t{}\t{over_budget}",
            shape.name(),
            median(&times),
            times[0],
            times[times.len() - 1],
            median(&givens)
        );
    }
}
