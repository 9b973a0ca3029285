//! Rates every puzzle of a file (one puzzle per line, anything after the first tab or
//! space ignored) and prints `puzzle<TAB>ER` per line, to time against serate.
//!
//! cargo run -p sudoku_core --release --example rate_file -- FILE

use std::io::{BufRead, BufReader, Write};
use sudoku_core::logic::rate;
use sudoku_core::Puzzle;

fn main() {
    let path = std::env::args().nth(1).expect("usage: rate_file FILE");
    let file = std::fs::File::open(&path).expect("cannot open the file");
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in BufReader::new(file).lines() {
        let line = line.expect("read error");
        let text = line.split(['\t', ' ']).next().unwrap_or("").trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let er = match Puzzle::parse(text) {
            Ok(p) if p.check_givens().is_ok() => format!("{:.1}", rate(&p, &mut || {}).er_f64()),
            _ => "invalid".to_string(),
        };
        writeln!(out, "{}\t{}", text, er).unwrap();
    }
}
