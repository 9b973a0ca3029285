//! Rates the puzzles of a `puzzle<TAB>ER` file whose ER lies in [LO, HI] with the logic
//! engine and compares: `cargo run --release -p sudoku_core --example chain_agreement --
//! FILE LO HI [STRIDE] [-v]`. Prints exact / within-0.2 agreement, time, and with -v each
//! disagreement with the hardest step the engine took. Also checks every step is sound.

use std::time::Instant;
use sudoku_core::logic::{self, Marks};
use sudoku_core::puzzle::Puzzle;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let lo: f64 = args[2].parse().unwrap();
    let hi: f64 = args[3].parse().unwrap();
    let stride: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let verbose = args.iter().any(|a| a == "-v");
    let (mut n, mut exact, mut near) = (0, 0, 0);
    let mut total = 0.0;
    let mut hist = std::collections::BTreeMap::<i32, usize>::new();
    for (i, line) in text.lines().enumerate() {
        let mut it = line.split('\t');
        let (Some(p), Some(er)) = (it.next(), it.next()) else { continue };
        let er: f64 = er.trim().parse().unwrap();
        if er < lo - 1e-9 || er > hi + 1e-9 || i % stride != 0 {
            continue;
        }
        let puzzle = Puzzle::parse(p).unwrap();
        let t = Instant::now();
        let sol = sudoku_core::solver::solve(&puzzle, 1).unwrap().solution.unwrap();
        let mut m = Marks::from_puzzle(&puzzle);
        let mut hardest: Option<logic::Step> = None;
        let mut rating = 0u16;
        while !m.is_solved() {
            match logic::next_step(&m, &mut || {}) {
                Some(s) => {
                    if !s.is_sound(&sol) {
                        println!("UNSOUND {p} {:?}", s);
                        std::process::exit(1);
                    }
                    if s.rating > rating {
                        rating = s.rating;
                        hardest = Some(s.clone());
                    }
                    s.apply(&mut m);
                }
                None => {
                    rating = 200;
                    break;
                }
            }
        }
        total += t.elapsed().as_secs_f64();
        let mine = rating as f64 / 10.0;
        n += 1;
        let diff = ((mine - er) * 10.0).round() as i32;
        *hist.entry(diff.clamp(-20, 20)).or_default() += 1;
        if diff == 0 {
            exact += 1;
        }
        if diff.abs() <= 2 {
            near += 1;
        }
        if verbose && diff != 0 {
            let tech = hardest.map(|s| format!("{:?}", s.technique)).unwrap_or_default();
            println!("{p}\t{er}\t{mine}\t{tech}");
        }
    }
    println!(
        "n={n} exact={exact} ({:.1}%) within0.2={near} ({:.1}%) time={:.2}s ({:.1} ms/puzzle)",
        100.0 * exact as f64 / n as f64,
        100.0 * near as f64 / n as f64,
        total,
        1000.0 * total / n as f64
    );
    println!("diff histogram (tenths): {:?}", hist);
}
