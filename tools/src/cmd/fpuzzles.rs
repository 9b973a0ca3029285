//! f-puzzles in and out, by hand: variant puzzles as f-puzzles JSON, payloads or links,
//! and back (the core's `variant::fpuzzles`).
//!
//! `sudoku-tools fpuzzles export [--json|--payload|--link] [FILE]`
//!   reads lines `RULES<TAB>PUZZLE` (the iss yardstick's lines) and writes one JSON,
//!   payload or link (the default) a line.
//! `sudoku-tools fpuzzles import [FILE]`
//!   reads one JSON (a text starting with `{`) or one link or payload a line, and writes
//!   `RULES<TAB>PUZZLE` a line.
//!
//! FILE defaults to standard input. A line that fails prints `line N: MESSAGE (DETAIL)`
//! on standard error, and the exit status is then 1.
use std::io::Read;
use sudoku_core::variant::fpuzzles::{export_json, export_link, export_payload, import};
use sudoku_core::variant::{Rules, VariantError, VariantPuzzle};

const USAGE: &str =
    "usage: sudoku-tools fpuzzles export [--json|--payload|--link] [FILE] | import [FILE]";

pub fn run(args: Vec<String>) {
    let mut args = args.into_iter();
    let mode = args.next().unwrap_or_default();
    let rest: Vec<String> = args.collect();
    let form = rest.iter().find(|a| a.starts_with("--")).cloned();
    let file = rest.iter().find(|a| !a.starts_with("--")).cloned();
    let input = read_input(file.as_deref());
    let failures = match (mode.as_str(), form.as_deref()) {
        ("export", None | Some("--link")) => each_line(&input, |l| export_with(l, export_link)),
        ("export", Some("--json")) => each_line(&input, |l| export_with(l, export_json)),
        ("export", Some("--payload")) => each_line(&input, |l| export_with(l, export_payload)),
        ("import", None) if input.trim_start().starts_with('{') => report(1, imported(&input)),
        ("import", None) => each_line(&input, imported),
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    if failures > 0 {
        std::process::exit(1);
    }
}

type Export = fn(&VariantPuzzle, &Rules) -> Result<String, VariantError>;

/// `RULES<TAB>PUZZLE` written by `export`.
fn export_with(line: &str, export: Export) -> Result<String, VariantError> {
    let (rules, puzzle) = line.split_once('\t').unwrap_or(("classic", line));
    export(&VariantPuzzle::parse(puzzle)?, &Rules::parse(rules)?)
}

/// `RULES<TAB>PUZZLE` of an imported text.
fn imported(text: &str) -> Result<String, VariantError> {
    let (puzzle, rules) = import(text)?;
    Ok(format!("{rules}\t{}", puzzle.to_line()))
}

/// Runs `convert` on every non-empty line; returns the number that failed.
fn each_line(input: &str, convert: impl Fn(&str) -> Result<String, VariantError>) -> usize {
    input
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(k, line)| report(k + 1, convert(line)))
        .sum()
}

/// Prints a result; 1 when it failed.
fn report(line: usize, result: Result<String, VariantError>) -> usize {
    match result {
        Ok(text) => {
            println!("{text}");
            0
        }
        Err(e) => {
            eprintln!("line {line}: {} ({})", e.message(), e.detail());
            1
        }
    }
}

fn read_input(file: Option<&str>) -> String {
    match file {
        Some(path) => std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("sudoku-tools fpuzzles: {path}: {e}");
            std::process::exit(2);
        }),
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .expect("standard input is text");
            text
        }
    }
}
