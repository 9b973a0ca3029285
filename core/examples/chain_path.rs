//! Prints the engine's path on one puzzle (steps rated >= MIN tenths):
//! `cargo run --release -p sudoku_core --example chain_path -- PUZZLE [MIN]`.
use sudoku_core::logic::{self, Marks};
use sudoku_core::puzzle::Puzzle;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let puzzle = Puzzle::parse(&args[1]).unwrap();
    let min: u16 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut m = Marks::from_puzzle(&puzzle);
    while !m.is_solved() {
        let Some(s) = logic::next_step(&m, &mut || {}) else {
            println!("stuck");
            break;
        };
        if s.rating >= min {
            let e: Vec<String> = s
                .eliminations
                .iter()
                .map(|c| format!("r{}c{}<>{}", c.cell / 9 + 1, c.cell % 9 + 1, c.digit))
                .collect();
            println!(
                "{} {:?} {} | {}",
                s.rating,
                s.technique,
                e.join(" "),
                s.explanation
            );
        }
        s.apply(&mut m);
    }
}
