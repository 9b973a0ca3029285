//! Writes the pictures the tests compare and the documentation shows.
//!
//!     cargo run --release -p sudoku_tools --bin pictures -- tests DIR
//!     cargo run --release -p sudoku_tools --bin pictures -- docs DIR
//!
//! `tests`: the golden files of scripts/browser_test.sh (tests/pictures/); `docs`: the
//! pictures of docs/pictures.md (docs/img/). Each file is written from the puzzles of
//! `picture::samples` with the same calls the SQL functions make.

use std::fs;
use std::path::Path;
use sudoku_core::logic::{self, Technique};
use sudoku_core::picture::samples::{self, CYCLE, EASY, FOUR, RECTANGLE, WINGS};
use sudoku_core::picture::{
    draw_step, grid_svg, locate_step, page, Options, Overlay, PageItem, PageKind, PageLayout,
    Paper, Position,
};
use sudoku_core::{Puzzle, Silent};

fn puzzle(text: &str) -> Puzzle {
    Puzzle::parse(text).expect("a sample puzzle")
}

/// The picture of step `number` (0: the hint) of `text`.
fn step(text: &str, number: usize) -> String {
    let p = puzzle(text);
    let at = locate_step(&p, number, &mut Silent).expect("the step exists");
    draw_step(&p, &at, 450, true).expect("a picture")
}

/// The number of the first step of `text`'s path taken with a technique.
fn first(text: &str, want: fn(Technique) -> bool) -> usize {
    let steps = logic::path(&puzzle(text), &mut || {}).expect("a path");
    1 + steps
        .iter()
        .position(|s| want(s.technique))
        .expect("the path takes it")
}

fn grid(text: &str, candidates: bool, labels: bool, title: &str) -> String {
    let p = puzzle(text);
    let position = if candidates {
        Position::with_candidates(&p).expect("consistent givens")
    } else {
        Position::of_puzzle(&p)
    };
    let options = Options {
        labels,
        title,
        ..Options::default()
    };
    grid_svg(&position, &Overlay::default(), &options).expect("a picture")
}

/// Hand-written links on the easy puzzle's candidates, one of each kind, for the
/// arrows' tests (the engine's steps do not carry their links yet).
fn links() -> String {
    let p = puzzle(EASY);
    let links = samples::links();
    let overlay = Overlay {
        links: &links,
        ..Overlay::default()
    };
    let options = Options {
        title: "Links",
        ..Options::default()
    };
    grid_svg(
        &Position::with_candidates(&p).expect("consistent givens"),
        &overlay,
        &options,
    )
    .expect("a picture")
}

fn pages(per_page: usize, paper: Paper, kind: PageKind) -> String {
    let texts = [EASY, WINGS, RECTANGLE, CYCLE, FOUR, EASY];
    let items: Vec<PageItem> = texts
        .iter()
        .enumerate()
        .take(per_page)
        .map(|(i, t)| {
            let p = puzzle(t);
            let outcome = sudoku_core::solve(&p, 2).expect("consistent givens");
            let rating = (outcome.count == 1).then(|| logic::rate(&p, &mut || {}).er);
            PageItem {
                puzzle: p,
                label: ["Easy", "Wings", "Rectangle", "Cycle", "Four", "Again"][i],
                rating,
                solution: outcome.solution,
            }
        })
        .collect();
    let layout = PageLayout { per_page, paper };
    page(&items, layout, kind, 1, 1).expect("a page")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (set, dir) = match args.as_slice() {
        [_, set, dir] => (set.as_str(), Path::new(dir)),
        _ => {
            eprintln!("usage: pictures tests|docs DIR");
            std::process::exit(2);
        }
    };
    let files: Vec<(&str, String)> = match set {
        "tests" => vec![
            ("puzzle.svg", grid(EASY, false, false, "Sudoku")),
            (
                "marks.svg",
                grid(EASY, true, true, "Sudoku with pencil marks"),
            ),
            ("four.svg", grid(FOUR, true, true, "4x4 Sudoku")),
            ("single.svg", step(EASY, 0)),
            (
                "x_wing.svg",
                step(WINGS, first(WINGS, |t| t == Technique::Fish(2))),
            ),
            (
                "xy_wing.svg",
                step(WINGS, first(WINGS, |t| t == Technique::XYWing)),
            ),
            (
                "unique_rectangle.svg",
                step(
                    RECTANGLE,
                    first(RECTANGLE, |t| matches!(t, Technique::UniqueLoop(_))),
                ),
            ),
            (
                "xy_cycle.svg",
                step(CYCLE, first(CYCLE, |t| matches!(t, Technique::Chain(_)))),
            ),
            ("links.svg", links()),
            ("page_a4_4.svg", pages(4, Paper::A4, PageKind::Puzzles)),
            (
                "page_letter_6.svg",
                pages(6, Paper::Letter, PageKind::Puzzles),
            ),
            (
                "page_a4_2_solutions.svg",
                pages(2, Paper::A4, PageKind::Solutions),
            ),
        ],
        "docs" => vec![
            ("puzzle.svg", grid(EASY, false, false, "Sudoku")),
            (
                "marks.svg",
                grid(EASY, true, true, "Sudoku with pencil marks"),
            ),
            ("hint.svg", step(EASY, 0)),
            (
                "x_wing.svg",
                step(WINGS, first(WINGS, |t| t == Technique::Fish(2))),
            ),
            (
                "chain.svg",
                step(CYCLE, first(CYCLE, |t| matches!(t, Technique::Chain(_)))),
            ),
            ("page.svg", pages(4, Paper::A4, PageKind::Puzzles)),
        ],
        other => {
            eprintln!("unknown set {other}: tests or docs");
            std::process::exit(2);
        }
    };
    fs::create_dir_all(dir).expect("the output directory");
    for (name, svg) in files {
        fs::write(dir.join(name), svg).expect("a written file");
    }
}
