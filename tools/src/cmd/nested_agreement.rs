//! Agreement of `sudoku_rate` with the published Sukaku Explainer ratings of the hardest
//! puzzles, per band of ER (9.4-10.5, 10.6-11.0, 11.1-11.9): how many puzzles, the share
//! rated the same, the share within 0.1, the median and largest time per puzzle, and the
//! longest time between two calls of the interrupt hook (what a cancel waits at most).
//!
//! `sudoku-tools nested_agreement FILE [--every K]
//!  [--offset I] [--mismatches] [--max-er X.Y]`
//!
//! FILE: `puzzle<TAB>ER` lines (`../shared/data/se_rated_hardest_dev.tsv`, see its
//! README). `--every K`: only every K-th puzzle (from the `--offset I`-th); `--mismatches`:
//! also lists each puzzle rated otherwise (`puzzle<TAB>published<TAB>ours<TAB>ms`);
//! `--max-er`: only puzzles published at most X.Y. Exits with status 1 when a band misses
//! a target given with `--min-same P` / `--min-within P` (percentages). `--positions`:
//! prints each nested step of each path (`position<TAB>marks<TAB>level<TAB>rating<TAB>text`,
//! the pencil marks before it as 729 characters), for tests to write down.
use std::time::Instant;
use sudoku_core::logic::chains::ChainKind;
use sudoku_core::logic::marks::Marks;
use sudoku_core::logic::step::Technique;
use sudoku_core::logic::{path, rate};
use sudoku_core::Puzzle;

const BANDS: [(u16, u16); 3] = [(94, 105), (106, 110), (111, 119)];

fn tenths(s: &str) -> u16 {
    let (a, b) = s.trim().split_once('.').unwrap_or((s.trim(), "0"));
    a.parse::<u16>().expect("an ER") * 10 + b.parse::<u16>().expect("an ER")
}

/// Prints, for each nested step (level 2 and up) of the puzzle's path, the pencil marks
/// before it (729 characters: per cell its candidates, a digit or `.` each), its
/// technique, rating and text.
fn print_nested_positions(puzzle: &Puzzle) {
    let Some(steps) = path(puzzle, &mut || {}) else {
        return;
    };
    let mut m = Marks::from_puzzle(puzzle);
    for s in &steps {
        if let Technique::Chain(ChainKind::Nested(level)) = s.technique {
            if level >= 2 {
                let mut text = String::with_capacity(729);
                for cell in 0..81 {
                    for d in 1..=9u8 {
                        let has = if m.values[cell] != 0 {
                            m.values[cell] == d
                        } else {
                            m.has(cell, d)
                        };
                        text.push(if has { (b'0' + d) as char } else { '.' });
                    }
                }
                println!(
                    "position\t{text}\t{level}\t{}.{}\t{}",
                    s.rating / 10,
                    s.rating % 10,
                    s.explanation
                );
            }
        }
        s.apply(&mut m);
    }
}

pub fn run(args: Vec<String>) {
    let file = args.first().expect("usage: sudoku-tools nested_agreement FILE [--every K] [--offset I] [--mismatches] [--max-er X.Y] [--min-same P] [--min-within P]");
    let opt = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + 1].clone())
    };
    let every: usize = opt("--every").map_or(1, |v| v.parse().expect("K"));
    let offset: usize = opt("--offset").map_or(0, |v| v.parse().expect("I"));
    let max_er: u16 = opt("--max-er").map_or(u16::MAX, |v| tenths(&v));
    let min_same: f64 = opt("--min-same").map_or(0.0, |v| v.parse().expect("P"));
    let min_within: f64 = opt("--min-within").map_or(0.0, |v| v.parse().expect("P"));
    let list = args.iter().any(|a| a == "--mismatches");
    let positions = args.iter().any(|a| a == "--positions");
    let text = std::fs::read_to_string(file).expect("a readable file");
    let rows: Vec<(&str, u16)> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .filter_map(|l| {
            let (p, er) = l.split_once('\t')?;
            Some((&p[..81], tenths(er)))
        })
        .filter(|&(_, er)| er <= max_er)
        .skip(offset)
        .step_by(every.max(1))
        .collect();
    // Per band: (published, ours, ms).
    let mut bands: Vec<Vec<(u16, u16, f64, f64)>> = vec![Vec::new(); BANDS.len()];
    for (i, &(p, published)) in rows.iter().enumerate() {
        let puzzle = Puzzle::parse(p).expect("a puzzle");
        let start = Instant::now();
        // The longest time between two calls of the interrupt hook (what a cancel waits).
        let mut last = Instant::now();
        let mut gap = 0f64;
        let ours = rate(&puzzle, &mut || {
            let now = Instant::now();
            gap = gap.max((now - last).as_secs_f64() * 1e3);
            last = now;
        })
        .er;
        let ms = start.elapsed().as_secs_f64() * 1e3;
        gap = gap.max(last.elapsed().as_secs_f64() * 1e3);
        if positions {
            print_nested_positions(&puzzle);
        }
        eprintln!(
            "{}/{}\t{p}\t{}.{}\t{}.{}\t{ms:.0} ms\t{gap:.1} ms between interrupt checks at most",
            i + 1,
            rows.len(),
            published / 10,
            published % 10,
            ours / 10,
            ours % 10
        );
        if list && ours != published {
            println!(
                "{p}\t{}.{}\t{}.{}\t{ms:.0}",
                published / 10,
                published % 10,
                ours / 10,
                ours % 10
            );
        }
        if let Some(b) = BANDS
            .iter()
            .position(|&(lo, hi)| (lo..=hi).contains(&published))
        {
            bands[b].push((published, ours, ms, gap));
        }
    }
    println!("band\tpuzzles\tsame %\twithin 0.1 %\tmedian ms\tmax ms\tmax ms between checks");
    let mut missed = false;
    for (b, &(lo, hi)) in BANDS.iter().enumerate() {
        let v = &mut bands[b];
        if v.is_empty() {
            continue;
        }
        let n = v.len() as f64;
        let same = v.iter().filter(|x| x.0 == x.1).count() as f64 * 100.0 / n;
        let within = v.iter().filter(|x| x.0.abs_diff(x.1) <= 1).count() as f64 * 100.0 / n;
        let gap = v.iter().map(|x| x.3).fold(0.0, f64::max);
        let mut ms: Vec<f64> = v.iter().map(|x| x.2).collect();
        ms.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{}.{}-{}.{}\t{}\t{same:.1}\t{within:.1}\t{:.0}\t{:.0}\t{gap:.1}",
            lo / 10,
            lo % 10,
            hi / 10,
            hi % 10,
            v.len(),
            ms[ms.len() / 2],
            ms[ms.len() - 1]
        );
        missed |= same < min_same || within < min_within;
    }
    if missed {
        std::process::exit(1);
    }
}
