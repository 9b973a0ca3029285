//! Graded generation, per ER band and symmetry: the time per puzzle of
//! `generate_graded` (each puzzle generated until one rates inside the band), and the
//! attempts it took. scripts/bench_generate.sh runs it beside QQWing.
//!
//! `sudoku-tools generate_bench [--per N] [--seed S] [--symmetry none|rotate180|...] [--puzzles FILE]`
//!
//! `--puzzles FILE` writes every puzzle made with its rating (`puzzle<TAB>ER`), to
//! cross-check with Sukaku Explainer's serate.
use std::time::Instant;
use sudoku_core::generate::{Options, Symmetry};
use sudoku_core::graded::{generate_graded, RatingRange};
use sudoku_core::search::Silent;

/// The bands of the issue: ER <= 2, 2 to 4, 4 to 6.2, 6.2 to 8, 8 and up (below 20.0).
const BANDS: [(&str, u16, u16); 5] = [
    ("<=2.0", 10, 20),
    ("2.1-4.0", 21, 40),
    ("4.1-6.2", 41, 62),
    ("6.3-8.0", 63, 80),
    (">=8.1", 81, 119),
];

pub fn run(args: Vec<String>) {
    let opt = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + 1].clone())
    };
    let per: u64 = opt("--per").map_or(20, |v| v.parse().expect("a number"));
    let seed: u64 = opt("--seed").map_or(2026, |v| v.parse().expect("a number"));
    let symmetry_name = opt("--symmetry").unwrap_or_else(|| "none".to_string());
    let symmetry = Symmetry::from_name(&symmetry_name).expect("a symmetry");
    let options = Options { clues: 0, symmetry };
    let mut written =
        opt("--puzzles").map(|path| std::fs::File::create(path).expect("a writable file"));
    println!("band\tsymmetry\tpuzzles\tms_per_puzzle\tattempts_per_puzzle");
    for (name, min, max) in BANDS {
        // The hardest band is rare: fewer puzzles.
        let count = if min >= 81 { (per / 4).max(2) } else { per };
        let start = Instant::now();
        let mut attempts = 0;
        for i in 0..count {
            let g = generate_graded(seed, i, options, RatingRange { min, max }, &mut Silent)
                .expect("the band is reached within the attempts");
            assert!(g.rating.is_some_and(|r| (min..=max).contains(&r)));
            if let Some(file) = written.as_mut() {
                use std::io::Write;
                let r = g.rating.unwrap_or(0);
                writeln!(
                    file,
                    "{}\t{}.{}",
                    g.generated.puzzle.to_line(),
                    r / 10,
                    r % 10
                )
                .expect("written");
            }
            attempts += g.attempts;
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / count as f64;
        println!(
            "{name}\t{symmetry_name}\t{count}\t{ms:.2}\t{:.1}",
            attempts as f64 / count as f64
        );
    }
}
