//! Prints the human path of one puzzle, step by step, with ratings.
//!
//! cargo run -p sudoku_core --release --example rate_steps -- PUZZLE

use sudoku_core::logic::{path, rate};
use sudoku_core::Puzzle;

fn main() {
    let text = std::env::args().nth(1).expect("usage: rate_steps PUZZLE");
    let puzzle = Puzzle::parse(&text).expect("puzzle");
    let steps = path(&puzzle, &mut || {}).expect("no solution");
    for (i, s) in steps.iter().enumerate() {
        println!("{:>3} {:>4.1} {:?}: {}", i + 1, s.rating as f64 / 10.0, s.technique, s.explanation);
    }
    println!("ER {:?}", rate(&puzzle, &mut || {}));
}
