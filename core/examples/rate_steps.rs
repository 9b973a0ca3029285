//! Prints the human path of one puzzle, step by step, with ratings.
//!
//! cargo run -p sudoku_core --release --example rate_steps -- PUZZLE

use sudoku_core::logic::{path, rate, Marks};
use sudoku_core::Puzzle;

fn main() {
    let text = std::env::args().nth(1).expect("usage: rate_steps PUZZLE");
    let puzzle = Puzzle::parse(&text).expect("puzzle");
    let steps = path(&puzzle, &mut || {}).expect("no solution");
    // RATE_STEPS_MARKS=n prints the pencil marks before step n.
    let show: usize = std::env::var("RATE_STEPS_MARKS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut marks = Marks::from_puzzle(&puzzle);
    for (i, s) in steps.iter().enumerate() {
        if i + 1 == show {
            for r in 0..9 {
                let row: Vec<String> = (0..9)
                    .map(|c| {
                        let cell = r * 9 + c;
                        if marks.values[cell] != 0 {
                            format!("{:<9}", marks.values[cell])
                        } else {
                            let d: String = (1..=9u8)
                                .filter(|&d| marks.has(cell, d))
                                .map(|d| (b'0' + d) as char)
                                .collect();
                            format!("{:<9}", d)
                        }
                    })
                    .collect();
                println!("{}", row.join(" "));
            }
        }
        s.apply(&mut marks);
        println!(
            "{:>3} {:>4.1} {:?}: {}",
            i + 1,
            s.rating as f64 / 10.0,
            s.technique,
            s.explanation
        );
    }
    println!("ER {:?}", rate(&puzzle, &mut || {}));
}
