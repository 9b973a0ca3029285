//! Writes the pictures the tests compare and the documentation shows.
//!
//!     sudoku-tools pictures tests DIR
//!     sudoku-tools pictures docs DIR
//!
//! `tests`: the golden files of scripts/browser_test.sh (tests/pictures/, and the
//! variant grids of `picture::variant_samples` in its `variants/`, which the core tests
//! also compare); `docs`: the pictures of docs/pictures.md (docs/img/). Each file is
//! written from the puzzles of `picture::samples` with the same calls the SQL functions
//! make.

use std::fs;
use std::path::Path;
use sudoku_core::logic::chains::ChainKind;
use sudoku_core::logic::{self, Candidate, Link, Step, Technique};
use sudoku_core::picture::samples::{
    self, CYCLE, EASY, FORCING, FOUR, HARDEST, NESTED, RECTANGLE, WINGS, XY_CHAIN,
};
use sudoku_core::picture::variant_samples::variant_pictures;
use sudoku_core::picture::{
    draw_step, grid_svg, locate_position_step, locate_step, page, Options, Overlay, PageItem,
    PageKind, PageLayout, Paper, Position,
};
use sudoku_core::position::{engine, Position as MarksPosition};
use sudoku_core::{Puzzle, Silent, Size};

fn puzzle(text: &str) -> Puzzle {
    Puzzle::parse(text).expect("a sample puzzle")
}

/// A picture, with the chain links it draws (none for most).
struct Drawn {
    svg: String,
    links: Vec<Link>,
}

impl From<String> for Drawn {
    fn from(svg: String) -> Drawn {
        Drawn {
            svg,
            links: Vec::new(),
        }
    }
}

/// The picture of step `number` (0: the hint) of `text`.
fn step(text: &str, number: usize) -> Drawn {
    let p = puzzle(text);
    let at = locate_step(&p, number, &mut Silent).expect("the step exists");
    Drawn {
        svg: draw_step(&p, &at, 450, true).expect("a picture"),
        links: at.step.links,
    }
}

/// The hint of a pencil-mark position drawn on its own marks, as `sudoku_svg(marks,
/// step => 0)` draws it: the position `text`'s path reaches before its first step with
/// chain technique `kind`, read from its pencil marks.
fn marks_hint(text: &str, kind: ChainKind) -> Drawn {
    let number = first_step(text, |s| s.technique == Technique::Chain(kind));
    let before = locate_step(&puzzle(text), number, &mut Silent)
        .expect("the step exists")
        .before;
    let position = MarksPosition::from_marks(&masks_of(&before)).expect("a position");
    let at = locate_position_step(&position, 0, &mut Silent).expect("a hint");
    Drawn {
        svg: draw_step(&Puzzle::from_cells(position.givens), &at, 450, true).expect("a picture"),
        links: at.step.links,
    }
}

/// The 81 masks of a pencil-mark grid (a filled cell: its digit alone), as its
/// 729-character text gives them.
fn masks_of(m: &logic::Marks) -> [u16; 81] {
    std::array::from_fn(|c| match m.values[c] {
        0 => m.cands[c],
        d => 1 << (d - 1),
    })
}

/// The number of the first step of `text`'s path taken with a technique.
fn first(text: &str, want: fn(Technique) -> bool) -> usize {
    first_step(text, |s| want(s.technique))
}

/// The number of the first step of `text`'s path that is `want`.
fn first_step(text: &str, want: impl Fn(&Step) -> bool) -> usize {
    let steps = logic::path(&puzzle(text), &mut || {}).expect("a path");
    1 + steps.iter().position(want).expect("the path takes it")
}

/// An XY-chain: a forcing chain whose strong links are all inside bivalue cells (one
/// digit of the cell off, the other on) and whose weak links all join one digit in two
/// cells.
fn is_xy_chain(step: &Step) -> bool {
    matches!(
        step.technique,
        Technique::Chain(ChainKind::ForcingChain | ChainKind::ForcingYChain)
    ) && step.links.iter().all(|l| {
        if l.strong {
            l.from.cell == l.to.cell
        } else {
            l.from.cell != l.to.cell && l.from.digit == l.to.digit
        }
    })
}

/// The picture of the first step of `text`'s path taken with chain technique `kind`.
fn chain_step(text: &str, kind: ChainKind) -> Drawn {
    step(
        text,
        first_step(text, |s| s.technique == Technique::Chain(kind)),
    )
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
fn links() -> Drawn {
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
    let svg = grid_svg(
        &Position::with_candidates(&p).expect("consistent givens"),
        &overlay,
        &options,
    )
    .expect("a picture");
    Drawn {
        svg,
        links: links.to_vec(),
    }
}

fn pages(per_page: usize, paper: Paper, kind: PageKind) -> String {
    pages_of(
        &[EASY, WINGS, RECTANGLE, CYCLE, FOUR, EASY],
        per_page,
        paper,
        kind,
        &[],
    )
}

/// A page of `texts` (labelled as [`pages`] labels them), those whose index is in
/// `as_marks` given as their pencil marks (a pencil-mark puzzle, as `sudoku_svg_pages`
/// reads a 729-character text).
fn pages_of(
    texts: &[&str],
    per_page: usize,
    paper: Paper,
    kind: PageKind,
    as_marks: &[usize],
) -> String {
    let positions: Vec<Option<MarksPosition>> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            as_marks.contains(&i).then(|| {
                let marks = logic::Marks::from_puzzle(&puzzle(t));
                MarksPosition::from_marks(&masks_of(&marks)).expect("a position")
            })
        })
        .collect();
    let items: Vec<PageItem> = texts
        .iter()
        .zip(&positions)
        .enumerate()
        .take(per_page)
        .map(|(i, (t, marks))| {
            // A pencil-mark puzzle is solved and rated from its marks, as the SQL does.
            let (p, outcome, rating) = match marks {
                Some(m) => {
                    let outcome = sudoku_core::solve_position_observed(m, 2, &mut Silent);
                    let rating = (outcome.count == 1)
                        .then(|| engine::rate(m, &mut Silent).map(|r| r.er))
                        .flatten();
                    (Puzzle::from_cells(m.givens), outcome, rating)
                }
                None => {
                    let p = puzzle(t);
                    let outcome = sudoku_core::solve(&p, 2).expect("consistent givens");
                    let rating = (outcome.count == 1).then(|| logic::rate(&p, &mut || {}).er);
                    (p, outcome, rating)
                }
            };
            PageItem {
                puzzle: p,
                marks: marks.as_ref(),
                label: ["Easy", "Wings", "Rectangle", "Cycle", "Four", "Again"][i],
                rating,
                solution: outcome.solution,
            }
        })
        .collect();
    let layout = PageLayout { per_page, paper };
    page(&items, layout, kind, 1, 1).expect("a page")
}

pub fn run(args: Vec<String>) {
    let (set, dir) = match args.as_slice() {
        [set, dir] => (set.as_str(), Path::new(dir)),
        _ => {
            eprintln!("usage: sudoku-tools pictures tests|docs DIR");
            std::process::exit(2);
        }
    };
    let files: Vec<(&str, Drawn)> = match set {
        "tests" => vec![
            ("puzzle.svg", grid(EASY, false, false, "Sudoku").into()),
            (
                "marks.svg",
                grid(EASY, true, true, "Sudoku with pencil marks").into(),
            ),
            ("four.svg", grid(FOUR, true, true, "4x4 Sudoku").into()),
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
            (
                "xy_chain.svg",
                step(XY_CHAIN, first_step(XY_CHAIN, is_xy_chain)),
            ),
            (
                "cell_forcing_chains.svg",
                chain_step(FORCING, ChainKind::CellForcingChains),
            ),
            (
                "dynamic_contradiction.svg",
                chain_step(FORCING, ChainKind::DynamicContradiction),
            ),
            (
                "dynamic_plus.svg",
                chain_step(HARDEST, ChainKind::Nested(1)),
            ),
            ("nested_chain.svg", chain_step(NESTED, ChainKind::Nested(2))),
            (
                "marks_step.svg",
                marks_hint(FORCING, ChainKind::DynamicCellForcingChains),
            ),
            ("links.svg", links()),
            (
                "page_a4_4.svg",
                pages(4, Paper::A4, PageKind::Puzzles).into(),
            ),
            (
                "page_letter_6.svg",
                pages(6, Paper::Letter, PageKind::Puzzles).into(),
            ),
            (
                "page_a4_2_solutions.svg",
                pages(2, Paper::A4, PageKind::Solutions).into(),
            ),
            (
                "page_a4_2_marks.svg",
                pages_of(&[EASY, WINGS], 2, Paper::A4, PageKind::Puzzles, &[0]).into(),
            ),
        ],
        "docs" => vec![
            ("puzzle.svg", grid(EASY, false, false, "Sudoku").into()),
            (
                "marks.svg",
                grid(EASY, true, true, "Sudoku with pencil marks").into(),
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
            (
                "dynamic_chain.svg",
                chain_step(FORCING, ChainKind::DynamicContradiction),
            ),
            ("page.svg", pages(4, Paper::A4, PageKind::Puzzles).into()),
        ],
        other => {
            eprintln!("unknown set {other}: tests or docs");
            std::process::exit(2);
        }
    };
    fs::create_dir_all(dir).expect("the output directory");
    // What the browser test checks each arrow against: the links the engine's steps carry
    // (not what the picture says), one line per link.
    let mut expected = String::from("# file\tfrom\tto\tkind (scripts/browser_test.sh)\n");
    for (name, drawn) in &files {
        for l in &drawn.links {
            // Chains are 9×9 only.
            let cand = |c: &Candidate| {
                let name = Size::Nine.cell_name(c.cell as usize);
                format!("{name}:{}", c.digit)
            };
            expected.push_str(&format!(
                "{name}\t{}\t{}\t{}\n",
                cand(&l.from),
                cand(&l.to),
                if l.strong { "strong" } else { "weak" }
            ));
        }
        fs::write(dir.join(name), &drawn.svg).expect("a written file");
    }
    let variants = variant_pictures().expect("the variant pictures");
    if set == "tests" {
        fs::write(dir.join("links.tsv"), expected).expect("a written file");
        let folder = dir.join("variants");
        fs::create_dir_all(&folder).expect("the variants directory");
        for (name, svg) in variants {
            fs::write(folder.join(name), svg).expect("a written file");
        }
    } else {
        // The README's picture of each family of variants: the same drawings as the
        // goldens of the same names, under `variant_`.
        for (name, svg) in variants {
            if README_VARIANTS.contains(&name) {
                fs::write(dir.join(format!("variant_{name}")), svg).expect("a written file");
            }
        }
    }
}

/// The variant pictures the README shows: one of each family (extra groups, the
/// anti-chess and non-consecutive rules, jigsaw, killer, giant grids).
const README_VARIANTS: [&str; 8] = [
    "x.svg",
    "windoku.svg",
    "dg.svg",
    "anti_knight_nc.svg",
    "jigsaw.svg",
    "killer.svg",
    "sixteen.svg",
    "twenty_five.svg",
];
