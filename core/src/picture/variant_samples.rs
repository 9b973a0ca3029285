//! The variant puzzles the golden pictures of `tests/pictures/variants/` draw, written
//! down here, and the function that draws them (the core tests compare its output
//! with the golden files; `sudoku-tools pictures tests DIR` writes it to
//! `DIR/variants/` for scripts/browser_test.sh).
//!
//! The 9×9 puzzles were made for these pictures: a solution of the rules, then givens
//! taken away in symmetric pairs while sigh's Interactive Sudoku Solver still counted
//! one solution (the anti-knight and nc puzzle keeps 6 givens, the killer 2). The
//! 16×16 puzzle was made the same way; the 25×25 grid is a position (givens of a
//! patterned solution), drawn, not claimed unique. The windoku and anti-king puzzles
//! drawn with pencil marks (one with a step) and the x puzzle drawn at its nested chain
//! came from the extension's generator.

use super::error::PictureError;
use super::grid::Options;
use super::page::{PageKind, PageLayout, Paper};
use super::variant::{variant_solution_svg, variant_svg};
use super::variant_page::{variant_page, VariantPageItem};
use super::variant_step::{draw_variant_position, locate_variant_step};
use crate::variant::engine::Engine;
use crate::variant::{Geometry, Rules, VariantPuzzle};
use crate::variant_explain::RuledPuzzle;

/// Diagonal (X) sudoku.
pub const X: (&str, &str) = (
    "x",
    "...8..5.24...5...9.....6.........8..84.3.9.65..5.........1.....2...7...49.4..2...",
);
/// Its solution.
pub const X_SOLUTION: &str =
    "679834512428751639153296487761425893842319765395687241537148926286973154914562378";
/// Windoku.
pub const WINDOKU: (&str, &str) = (
    "windoku",
    "...6..3..7......6..4...9....7.9....5..1...9..9....6.7....1...9..6......3..3..2...",
);
/// Disjoint groups.
pub const DG: (&str, &str) = (
    "dg",
    "1.....7....6.89.....9...45..6....3..8.......4..4....9..37...9.....37.5....8.....7",
);
/// Sukaku Explainer's girandola.
pub const GIRANDOLA: (&str, &str) = (
    "girandola",
    "1....7....249.8....3612....38..6.......759.......8..54....9672....8.314....2....9",
);
/// A jigsaw layout: nine regions of nine connected cells, region letters row by row.
pub const JIGSAW_MAP: &str =
    "AAABBBFCCAAABBBFCCAADBBEFCCADDDBEFFCDDEEEEFCCDDDEEHFFFGGGEHHHHIGGHHHIHIIGGGGIIIII";
/// A jigsaw puzzle on [`JIGSAW_MAP`].
pub const JIGSAW: &str =
    "....5..894......1..8..1..4.....3.62.....4.....12.7.....3..6..7..9......556..9....";
/// Killer cages on a 9×9 grid: 28 cages (one of a single cell), unique with no givens;
/// the picture adds two givens in the first cells of cages A and P, under their sums.
pub const KILLER_RULES: &str = "killer=\
AABBCCCDDEFBGGHHDIEFFJGHKIIELLJGHKMMELNOPQKMRSSNOPQQTRUSVVPPTTRUUVVWXYYZaaabWXXXZ;\
8,12,24,7,19,24,20,11,21,10,16,16,14,9,17,17,15,11,14,15,19,17,9,23,9,14,12,2";
/// The killer's givens.
pub const KILLER: &str =
    "5.......................................8........................................";
/// Anti-knight and non-consecutive: six givens.
pub const ANTI_KNIGHT_NC: (&str, &str) = (
    "anti-knight,nc",
    ".................9..5..............2.........8..............2..3.................",
);
/// A windoku puzzle the extension's generator made (Sukaku Explainer rates it 4.2): its
/// step 32, a turbot fish through window 6, is drawn on its position.
pub const WINDOKU_STEP: (&str, &str, usize) = (
    "windoku",
    ".........4...265....8.........57..81..2.6....8.......5..51....6..4.92....67.8...2",
    32,
);
/// An x puzzle the extension's generator made (rated 10.4, as Sukaku Explainer rates it):
/// its step 39, a dynamic forcing chain (+ forcing chains) of level 2 over the rules'
/// own links, is drawn on its position.
pub const X_NESTED_STEP: (&str, &str, usize) = (
    "x",
    "..6...........3..19..8.7..........7.......1.........246....9..27......1..84...5..",
    39,
);
/// An anti-king puzzle the generator made (rated 4.2), drawn with its pencil marks.
pub const ANTI_KING_MARKS: (&str, &str) = (
    "anti-king",
    "..1..2..3.....3.5.8........6..129..4.....7...9..3....1.3...1.8...9.8....18....7.5",
);
/// A classic 16×16 puzzle (100 givens).
pub const SIXTEEN: &str = "\
5.B....12..63.A.1....EF.8....67..78.2..A.4.C.E.GAD....9...7E1.4C..1......A.....6.9..7...FE4.C...\
.8....B...12.A5..A....D...83B..73..A4D...6....B..47.B5...F....G....6.FC7...D..9.D.....8......C..\
7G.D82...B....659.5.3.G.4..F.B1..3A....F.8E....2.E.CA..47....D.9";
/// A 25×25 position (339 givens).
pub const TWENTY_FIVE: &str = "\
.P7...539IF.2..JKL..4....LJKDH7..6N.IO398.4...2...481.CKJ.D.P..E..2A.GIO39.I5..32FMG..41CBP7.E6..\
......G..8...JL.H..OI39..E6..1C.4HK..G.B.N.2M.AFD3I5..K.J...N..OD3.5.C9486.A..DO3.I.2.F..9C487.B.\
..HLJ..2M.A..48.K.H.JO3.I5..NP.B7.PN3.I5D..MAF..GL.9C....4.C5G..H.N...E.6..MKDJ.I..G.F..8.1......\
.O..7.....A6.P9.5C.L2GFH.DK.31.8E.....8..J.......L.2..O.5..K.D3J6..M.4...C.B..E2G.H....OD.M6..C54\
..EN8.7FL.KH.HL..NE.783.I.O.45..P.62..MA2...9.5HFLG..I.D.8.B7E..N.BI3DO.M.A62..F...4.1..C419LH.KF\
.8.B.M..62J.DO..B8..JDKI..E.7A...2..5........8B.NCDHJK..53O4E..A6.6PA75.O4..M..L.J.KIC.1NB...4...\
2.MBC81.6P..AHJKID....K..7AE..5.4B8C1...2L.";

/// One golden picture: its file name, puzzle, rules, options and placed digits.
struct Sample {
    file: &'static str,
    puzzle: &'static str,
    rules: String,
    title: &'static str,
    labels: bool,
    solution: Option<&'static str>,
}

fn samples() -> Vec<Sample> {
    let sample = |file, (rules, puzzle): (&str, &'static str), title| Sample {
        file,
        puzzle,
        rules: rules.to_string(),
        title,
        labels: false,
        solution: None,
    };
    vec![
        sample("x.svg", X, "Diagonal sudoku"),
        Sample {
            solution: Some(X_SOLUTION),
            ..sample("x_solution.svg", X, "Diagonal sudoku, solved")
        },
        sample("windoku.svg", WINDOKU, "Windoku"),
        sample("dg.svg", DG, "Disjoint groups"),
        sample("girandola.svg", GIRANDOLA, "Girandola"),
        Sample {
            rules: format!("jigsaw={JIGSAW_MAP}"),
            labels: true,
            ..sample("jigsaw.svg", ("", JIGSAW), "Jigsaw sudoku")
        },
        sample("killer.svg", (KILLER_RULES, KILLER), "Killer sudoku"),
        sample(
            "anti_knight_nc.svg",
            ANTI_KNIGHT_NC,
            "Anti-knight, non-consecutive",
        ),
        sample("sixteen.svg", ("classic", SIXTEEN), "16x16 Sudoku"),
        sample("twenty_five.svg", ("classic", TWENTY_FIVE), "25x25 Sudoku"),
    ]
}

/// Every golden picture of `tests/pictures/variants/`: file name and document.
pub fn variant_pictures() -> Result<Vec<(&'static str, String)>, PictureError> {
    let mut out = grids()?;
    let (rules, puzzle, number) = WINDOKU_STEP;
    out.push((
        "windoku_step.svg",
        marks_or_step(rules, puzzle, Some(number))?,
    ));
    let (rules, puzzle, number) = X_NESTED_STEP;
    out.push((
        "x_nested_step.svg",
        marks_or_step(rules, puzzle, Some(number))?,
    ));
    let (rules, puzzle) = ANTI_KING_MARKS;
    out.push(("anti_king_marks.svg", marks_or_step(rules, puzzle, None)?));
    out.push(("page_a4_4.svg", pages(4, PageKind::Puzzles)?));
    out.push(("page_a4_2_solutions.svg", pages(2, PageKind::Solutions)?));
    Ok(out)
}

/// A 9×9 variant puzzle drawn with its pencil marks, or with step `number` of its path.
fn marks_or_step(rules: &str, puzzle: &str, number: Option<usize>) -> Result<String, PictureError> {
    let puzzle = VariantPuzzle::parse(puzzle).expect("a sample puzzle");
    let rules = Rules::parse(rules).expect("sample rules");
    let geometry = Geometry::new(puzzle.shape, &rules).expect("rules fit the shape");
    let engine = Engine::new(&geometry);
    let p =
        RuledPuzzle::new("sample", &puzzle, &geometry, &engine).expect("a 9x9 grid without cages");
    let at = number.map(|n| locate_variant_step(&p, n, &mut || {}).expect("a step of the sample"));
    let options = Options {
        title: "Sudoku with pencil marks",
        labels: true,
        ..Options::default()
    };
    draw_variant_position(&p, &puzzle, &geometry, at.as_ref(), &options)
}

/// A page of the x, killer, jigsaw and 16×16 samples (the x with its solution, the
/// others without one, as for a puzzle whose solution is not known).
fn pages(per_page: usize, kind: PageKind) -> Result<String, PictureError> {
    let jigsaw = format!("jigsaw={JIGSAW_MAP}");
    let texts = [
        (X.1, X.0, "Diagonal", Some(X_SOLUTION)),
        (KILLER, KILLER_RULES, "Killer", None),
        (JIGSAW, jigsaw.as_str(), "Jigsaw", None),
        (SIXTEEN, "classic", "Sixteen", None),
    ];
    let read = |text: &str| VariantPuzzle::parse(text).expect("a sample puzzle");
    let puzzles: Vec<VariantPuzzle> = texts.iter().map(|t| read(t.0)).collect();
    let solutions: Vec<Option<VariantPuzzle>> = texts.iter().map(|t| t.3.map(read)).collect();
    let geometries: Vec<Geometry> = texts
        .iter()
        .zip(&puzzles)
        .map(|(t, p)| {
            let rules = Rules::parse(t.1).expect("sample rules");
            Geometry::new(p.shape, &rules).expect("rules fit the shape")
        })
        .collect();
    let items: Vec<VariantPageItem> = (0..per_page)
        .map(|i| VariantPageItem {
            puzzle: &puzzles[i],
            geometry: &geometries[i],
            label: texts[i].2,
            solution: solutions[i].as_ref().map(|s| s.cells.as_slice()),
        })
        .collect();
    let layout = PageLayout {
        per_page,
        paper: Paper::A4,
    };
    variant_page(&items, layout, kind, 1, 1)
}

/// The grids of [`samples`].
fn grids() -> Result<Vec<(&'static str, String)>, PictureError> {
    samples()
        .into_iter()
        .map(|sample| {
            let puzzle = VariantPuzzle::parse(sample.puzzle).expect("a sample puzzle");
            let rules = Rules::parse(&sample.rules).expect("sample rules");
            let geometry = Geometry::new(puzzle.shape, &rules).expect("rules fit the shape");
            let options = Options {
                title: sample.title,
                labels: sample.labels,
                ..Options::default()
            };
            let svg = match sample.solution {
                Some(line) => {
                    let solution = VariantPuzzle::parse(line).expect("a sample solution");
                    variant_solution_svg(&puzzle, &solution.cells, &geometry, &options)?
                }
                None => variant_svg(&puzzle, &geometry, &options)?,
            };
            Ok((sample.file, svg))
        })
        .collect()
}
