//! Ratings against Sukaku Explainer's, as a check and as a tuning aid: rates
//! `puzzle<TAB>ER` lines (ER: what Sukaku Explainer gives the puzzle) and prints, per band
//! of issue 10 (ER <= 4.5, 4.6-6.2, 6.3-9.3), the share rated the same and within 0.2 and
//! the time per puzzle; exits 1 unless the targets are met (<= 4.5 the same for >= 99 %,
//! 4.6-6.2 for >= 95 %, 6.3-9.3 the same for >= 80 % and within 0.2 for >= 95 %). The
//! datasets layer of scripts/test.sh runs it on every tenth puzzle, scripts/bench_rating.sh
//! on all of them.
//!
//! Options:
//! - `--stride N`: every N-th line only;
//! - `--range LO HI`: only the lines whose ER lies in [LO, HI] (the bands then count what
//!   falls in them);
//! - `--worst N`: also list the N largest disagreements, each with the hardest step of
//!   our path (its technique and rating);
//! - `--at-least R`: reads one puzzle a line instead (`#` comments) and fails unless
//!   every one rates R or more.
//!
//! `sudoku-tools rating_check FILE [--stride N] [--range LO HI] [--worst N]`
//! `sudoku-tools rating_check FILE --at-least 9.0`
use std::time::Instant;
use sudoku_core::logic::{path, rate};
use sudoku_core::Puzzle;

/// Band name, lowest and highest ER (tenths), share rated the same, share within 0.2.
const TARGETS: [(&str, u16, u16, f64, f64); 3] = [
    ("<=4.5", 0, 45, 0.99, 0.0),
    ("4.6-6.2", 46, 62, 0.95, 0.0),
    ("6.3-9.3", 63, 93, 0.80, 0.95),
];

fn tenths(er: f64) -> u16 {
    (er * 10.0).round() as u16
}

pub fn run(args: Vec<String>) {
    let path_arg = args.first().expect(
        "usage: sudoku-tools rating_check FILE [--stride N] [--range LO HI] [--worst N] | FILE --at-least R",
    );
    let opt = |name: &str, k: usize| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + k].clone())
    };
    let text = std::fs::read_to_string(path_arg).expect("a readable file");
    if let Some(floor) = opt("--at-least", 1) {
        at_least(&text, tenths(floor.parse().expect("a rating")));
    }
    let stride: usize = opt("--stride", 1).map_or(1, |s| s.parse().expect("a number"));
    let lo = opt("--range", 1).map_or(0, |s| tenths(s.parse().expect("a rating")));
    let hi = opt("--range", 2).map_or(u16::MAX, |s| tenths(s.parse().expect("a rating")));
    let worst_count: usize = opt("--worst", 1).map_or(0, |s| s.parse().expect("a number"));
    let mut tally = [(0usize, 0usize, 0usize, 0f64); 3];
    let mut disagreements: Vec<(u16, String, u16, u16)> = Vec::new();
    for line in text.lines().step_by(stride) {
        let mut parts = line.split('\t');
        let (Some(puzzle), Some(er)) = (parts.next(), parts.next()) else {
            continue;
        };
        let theirs = tenths(er.trim().parse().expect("an ER"));
        if !(lo..=hi).contains(&theirs) {
            continue;
        }
        let Some(band) = TARGETS.iter().position(|t| (t.1..=t.2).contains(&theirs)) else {
            continue;
        };
        let p = Puzzle::parse(puzzle.trim()).expect("a puzzle");
        let start = Instant::now();
        let ours = rate(&p, &mut || {}).er;
        let t = &mut tally[band];
        t.3 += start.elapsed().as_secs_f64();
        t.0 += 1;
        t.1 += (ours == theirs) as usize;
        t.2 += (ours.abs_diff(theirs) <= 2) as usize;
        if ours != theirs {
            disagreements.push((
                ours.abs_diff(theirs),
                puzzle.trim().to_string(),
                ours,
                theirs,
            ));
        }
    }
    let mut ok = true;
    println!("band\tpuzzles\tsame\twithin_0.2\tms_per_puzzle\ttarget");
    for ((name, _, _, same, near), (n, e, c, secs)) in TARGETS.iter().zip(tally) {
        if n == 0 && (lo, hi) != (0, u16::MAX) {
            continue; // outside the range asked for
        }
        let (fe, fc) = (e as f64 / n.max(1) as f64, c as f64 / n.max(1) as f64);
        let met = n > 0 && fe >= *same && fc >= *near;
        ok &= met;
        println!(
            "{name}\t{n}\t{:.1} %\t{:.1} %\t{:.2}\tsame >= {:.0} %{}: {}",
            fe * 100.0,
            fc * 100.0,
            secs * 1000.0 / n.max(1) as f64,
            same * 100.0,
            if *near > 0.0 {
                format!(", within 0.2 >= {:.0} %", near * 100.0)
            } else {
                String::new()
            },
            if met { "met" } else { "NOT MET" }
        );
    }
    if worst_count > 0 {
        disagreements.sort_by(|a, b| b.0.cmp(&a.0).then(a.3.cmp(&b.3)));
        println!("largest disagreements (puzzle, ours, theirs, our hardest step):");
        for (_, puzzle, ours, theirs) in disagreements.iter().take(worst_count) {
            let p = Puzzle::parse(puzzle).expect("a puzzle");
            let hardest = path(&p, &mut || {})
                .and_then(|steps| steps.into_iter().max_by_key(|s| s.rating))
                .map_or(String::from("-"), |s| {
                    format!("{:?} {}.{}", s.technique, s.rating / 10, s.rating % 10)
                });
            println!(
                "{puzzle}\t{}.{}\t{}.{}\t{hardest}",
                ours / 10,
                ours % 10,
                theirs / 10,
                theirs % 10
            );
        }
    }
    std::process::exit(if ok { 0 } else { 1 });
}

/// `--at-least`: every puzzle of `text` (one a line) must rate `floor` or more.
fn at_least(text: &str, floor: u16) -> ! {
    let (mut n, mut below, start) = (0, Vec::new(), Instant::now());
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let p = Puzzle::parse(&line[..line.len().min(81)]).expect("a puzzle");
        let er = rate(&p, &mut || {}).er;
        n += 1;
        if er < floor {
            below.push((line.to_string(), er));
        }
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0 / n.max(1) as f64;
    println!(
        "{n} puzzles, {} rated below {}.{} ({ms:.1} ms a puzzle)",
        below.len(),
        floor / 10,
        floor % 10
    );
    for (p, er) in &below {
        println!("  {p} rated {}.{}", er / 10, er % 10);
    }
    std::process::exit(if below.is_empty() { 0 } else { 1 });
}
