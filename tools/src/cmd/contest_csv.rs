//! Reads a file of puzzles (the rules of `Puzzle::parse_many`: one puzzle a line, or the
//! contest's 9 lines of 9, or any layout the extension reads) and writes `id,puzzle` CSV
//! rows in the contest's layout (9 lines of 9, `?` blanks; 4×4 puzzles in 4 lines of 4),
//! for `\copy sudoku9_9 (id, puzzle) FROM ... (FORMAT csv)`. Used by scripts/demo.sh.
//!
//! `sudoku-tools contest_csv FILE`
use sudoku_core::explain::{format, Style};
use sudoku_core::Puzzle;

pub fn run(args: Vec<String>) {
    let path = args.into_iter().next().expect("usage: sudoku-tools contest_csv FILE");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    for (id, item) in Puzzle::parse_many(&text).enumerate() {
        match item {
            Ok((_, puzzle)) => println!("{},\"{}\"", id + 1, format(&puzzle, Style::Contest)),
            Err((line, e)) => fail(&format!("{path}:{line}: {} ({})", e.message(), e.detail())),
        }
    }
}

fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(1);
}
