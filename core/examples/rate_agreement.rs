//! Rating agreement with Sukaku Explainer: reads `puzzle<TAB>ER` lines, rates each
//! puzzle, and prints per band (ER <= 4.5, 4.6-6.2, 6.3-9.3, above) the share rated the
//! same and within 0.2, the time per puzzle, and the worst disagreements.
//!
//! cargo run -p sudoku_core --release --example rate_agreement -- FILE [WORST]

use std::io::{BufRead, BufReader};
use std::time::Instant;
use sudoku_core::logic::rate;
use sudoku_core::Puzzle;

const BANDS: [(&str, u16, u16); 4] = [("<=4.5", 0, 45), ("4.6-6.2", 46, 62), ("6.3-9.3", 63, 93), (">9.3", 94, u16::MAX)];

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: rate_agreement FILE [WORST]");
    let worst_count: usize = args.next().map(|s| s.parse().expect("WORST is a number")).unwrap_or(30);
    let file = std::fs::File::open(&path).expect("cannot open the file");
    let mut total = [0usize; 4];
    let mut exact = [0usize; 4];
    let mut close = [0usize; 4];
    let mut time = [0f64; 4];
    let mut slowest = [0f64; 4];
    let mut worst: Vec<(u16, String, u16, u16)> = Vec::new();
    // Confusion per (theirs, ours) for a quick look at systematic shifts.
    let mut shifts: std::collections::BTreeMap<(u16, u16), usize> = Default::default();
    for line in BufReader::new(file).lines() {
        let line = line.expect("read error");
        let mut parts = line.split('\t');
        let (Some(text), Some(er)) = (parts.next(), parts.next()) else { continue };
        let theirs = (er.trim().parse::<f64>().expect("ER") * 10.0).round() as u16;
        let puzzle = Puzzle::parse(text.trim()).expect("puzzle");
        let start = Instant::now();
        let ours = rate(&puzzle, &mut || {}).er;
        let secs = start.elapsed().as_secs_f64();
        let band = BANDS.iter().position(|&(_, lo, hi)| theirs >= lo && theirs <= hi).unwrap();
        total[band] += 1;
        time[band] += secs;
        slowest[band] = slowest[band].max(secs);
        if ours == theirs {
            exact[band] += 1;
        }
        if ours.abs_diff(theirs) <= 2 {
            close[band] += 1;
        } 
        if ours != theirs {
            *shifts.entry((theirs, ours)).or_default() += 1;
            worst.push((ours.abs_diff(theirs), text.trim().to_string(), ours, theirs));
        }
    }
    println!("band      puzzles  exact%  within0.2%  ms/puzzle  slowest ms");
    for (b, &(name, _, _)) in BANDS.iter().enumerate() {
        if total[b] == 0 {
            continue;
        }
        let n = total[b] as f64;
        println!(
            "{:<9} {:>7}  {:>6.2}  {:>10.2}  {:>9.3}  {:>10.1}",
            name,
            total[b],
            100.0 * exact[b] as f64 / n,
            100.0 * close[b] as f64 / n,
            1000.0 * time[b] / n,
            1000.0 * slowest[b]
        );
    }
    worst.sort_by(|a, b| b.0.cmp(&a.0).then(a.3.cmp(&b.3)));
    println!("\nworst disagreements (puzzle, ours, theirs):");
    for (_, text, ours, theirs) in worst.iter().take(worst_count) {
        println!("{}\t{:.1}\t{:.1}", text, *ours as f64 / 10.0, *theirs as f64 / 10.0);
    }
    println!("\nmost frequent (theirs -> ours: count):");
    let mut shifts: Vec<_> = shifts.into_iter().collect();
    shifts.sort_by(|a, b| b.1.cmp(&a.1));
    for ((theirs, ours), count) in shifts.iter().take(25) {
        println!("{:.1} -> {:.1}: {}", *theirs as f64 / 10.0, *ours as f64 / 10.0, count);
    }
}
