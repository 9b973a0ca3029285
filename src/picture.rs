//! SQL glue of the pictures (`sudoku_core::picture`): `sudoku_svg` and
//! `sudoku_svg_pages`. Arguments are checked here (22023 with a DETAIL naming the
//! argument), puzzles go through the same reader and errors as every other function.
//! The SVG goes back in the database's encoding ([`svg_text`]).

use pgrx::prelude::*;
use sudoku_core::picture::{
    self, PageItem, PageKind, PageLayout, Paper, PictureError, Position, StepError,
};
use sudoku_core::position::engine;
use sudoku_core::position::solve::solve_position_observed;
use sudoku_core::position::text::Text;
use sudoku_core::{Puzzle, PuzzleError};

use crate::encoding::{DbString, DbText};
use crate::errors::{
    check_interrupts, db_encoding, raise, raise_argument as raise_argument_with_detail, raise_in,
    raise_oom, raise_variant, raise_with, DbEncoding, Interruptible,
};
use crate::read::{self, Ruled, Variant, VariantMarks};
use sudoku_core::picture::VariantPageItem;
use sudoku_core::variant::{Rules, VariantError};
use sudoku_core::variant_explain::RuledPuzzle;

/// Raises the error of a picture that cannot be made: `54000` (program_limit_exceeded)
/// past its byte limit, `53200` when memory is refused.
fn raise_picture(err: PictureError) -> ! {
    match err {
        PictureError::OutOfMemory(e) => raise_oom(e),
        PictureError::TooLarge { limit } => raise_with(
            PgSqlErrorCode::ERRCODE_PROGRAM_LIMIT_EXCEEDED,
            format!("sudoku picture too large: {err}"),
            format!(
                "A picture holds at most {limit} bytes; fewer puzzles a page, or fewer pencil marks, make it smaller."
            ),
        ),
        PictureError::TooManyLinks { found } => raise_with(
            PgSqlErrorCode::ERRCODE_PROGRAM_LIMIT_EXCEEDED,
            format!("sudoku picture too large: {err}"),
            format!(
                "The step has {found} chain links; a picture draws at most {}.",
                picture::MAX_LINKS
            ),
        ),
        PictureError::ShapeMismatch { cells, expected } => raise_with(
            PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
            format!("sudoku picture of the wrong shape: {err}"),
            format!("The rules describe a grid of {expected} cells; the puzzle has {cells}."),
        ),
    }
}

/// An SVG document as a result, in the database's encoding. Where that encoding is
/// neither UTF-8 nor SQL_ASCII, a character outside ASCII that is not a letter or digit
/// (the caption's " · " the pages write, the writer's U+FFFD for a character XML
/// forbids, a caption's own punctuation) is written as an XML character reference,
/// which every encoding holds and every reader draws as the same character; letters
/// and digits, which come from the caller's own captions in the database's encoding,
/// go back as they are.
fn svg_text(svg: String) -> DbString {
    if svg.is_ascii() || matches!(db_encoding(), DbEncoding::Utf8 | DbEncoding::SqlAscii) {
        return DbString(svg);
    }
    let mut out = String::with_capacity(svg.len() + 64);
    for c in svg.chars() {
        if c.is_ascii() || c.is_alphanumeric() {
            out.push(c);
        } else {
            out.push_str(&format!("&#x{:X};", c as u32));
        }
    }
    DbString(out)
}

/// The picture's width in pixels, checked.
fn checked_size(size: i32) -> u32 {
    let (lo, hi) = picture::SIZE_RANGE;
    match u32::try_from(size) {
        Ok(s) if (lo..=hi).contains(&s) => s,
        _ => raise_argument_with_detail(
            format!("size must be between {lo} and {hi}, got {size}"),
            "size is the width asked for, in pixels; the picture is drawn in its own units and scales without loss.",
        ),
    }
}

/// An SVG picture of a puzzle: its digits, its pencil marks (the candidates) on
/// request, or with `step` the hint (0) or step n of `sudoku_steps` drawn on the
/// position it starts from.
#[pg_extern(immutable, strict, parallel_safe, cost = 100)]
fn sudoku_svg(
    puzzle: DbText,
    size: default!(i32, 450),
    labels: default!(bool, false),
    candidates: default!(bool, false),
    step: default!(i32, -1),
    rules: default!(DbText, "'classic'"),
) -> DbString {
    match read::ruled("sudoku_svg", &puzzle, &rules) {
        Ruled::Marks(m) => svg_text(variant_marks_svg(&m, size, labels, step)),
        Ruled::Variant(v) => svg_text(variant_puzzle_svg(&v, size, labels, candidates, step)),
        Ruled::Classic => svg_text(puzzle_svg(&puzzle, size, labels, candidates, step)),
    }
}

/// The SVG of `sudoku_svg` for a variant puzzle: its grid drawn under its rules; with
/// candidates or a step, a 9×9 grid's pencil marks under the rules, or the step
/// (`sudoku_hint`'s or `sudoku_steps`' under the same rules) on the position it starts
/// from.
fn variant_puzzle_svg(v: &Variant, size: i32, labels: bool, candidates: bool, step: i32) -> String {
    let px = checked_size(size);
    checked_step(step);
    let mut options = picture::Options {
        size: px,
        labels,
        title: "Sudoku",
        description: "",
    };
    if !candidates && step == -1 {
        return picture::variant_svg(&v.puzzle, &v.geometry, &options)
            .unwrap_or_else(|e| raise_picture(e));
    }
    let engine = v.engine();
    let ruled = RuledPuzzle::new("sudoku_svg", &v.puzzle, &v.geometry, &engine).unwrap_or_else(
        |e| match e {
            // sudoku_svg draws every grid; what it refuses is marks and steps on this one.
            VariantError::NoHumanLogic { rules, .. } => raise_variant(
                None,
                VariantError::NoHumanLogic {
                    what: "sudoku_svg with candidates or a step".into(),
                    rules,
                },
            ),
            e => raise_variant(None, e),
        },
    );
    let at = (step >= 0).then(|| {
        picture::locate_variant_step(&ruled, step as usize, &mut check_interrupts)
            .unwrap_or_else(|e| raise_step(e, "puzzle"))
    });
    options.title = "Sudoku with pencil marks";
    picture::draw_variant_position(&ruled, &v.puzzle, &v.geometry, at.as_ref(), &options)
        .unwrap_or_else(|e| raise_picture(e))
}

/// The SVG of `sudoku_svg` for a pencil-mark text under rules: its marks drawn as they
/// are on the rules' grid, givens as [`read::ruled`] reads them, with `step` the
/// hint (0) or step n of `sudoku_steps` on the text.
fn variant_marks_svg(m: &VariantMarks, size: i32, labels: bool, step: i32) -> String {
    let px = checked_size(size);
    checked_step(step);
    let ruled = RuledPuzzle::at("sudoku_svg", &m.position, &m.geometry, &m.engine())
        .unwrap_or_else(|e| raise_variant(None, e));
    let at = (step >= 0).then(|| {
        picture::locate_variant_step(&ruled, step as usize, &mut check_interrupts)
            .unwrap_or_else(|e| raise_step(e, "position"))
    });
    let options = picture::Options {
        size: px,
        labels,
        title: "Sudoku with pencil marks",
        description: "",
    };
    picture::draw_variant_position(
        &ruled,
        &m.position.filled,
        &m.geometry,
        at.as_ref(),
        &options,
    )
    .unwrap_or_else(|e| raise_picture(e))
}

/// Raises 22023 for a step below -1.
fn checked_step(step: i32) {
    if step < -1 {
        raise_argument_with_detail(
            format!("step must be -1 or more, got {step}"),
            "step -1 (the default) draws no step, 0 the next hint (sudoku_hint), n >= 1 step n of sudoku_steps.",
        );
    }
}

/// The SVG of `sudoku_svg`.
fn puzzle_svg(puzzle: &str, size: i32, labels: bool, candidates: bool, step: i32) -> String {
    let px = checked_size(size);
    checked_step(step);
    let parsed = match read::text(puzzle) {
        Text::Puzzle(parsed, _) => parsed,
        // A pencil-mark text (729 characters or a candidate grid): its marks drawn as
        // they are, givens and placed digits as Sukaku Explainer reads them.
        marks => return marks_svg(&marks, px, labels, step),
    };
    parsed.check_givens().unwrap_or_else(|e| raise(e));
    if step >= 0 {
        let at = picture::locate_step(&parsed, step as usize, &mut Interruptible)
            .unwrap_or_else(|e| raise_step(e, "puzzle"));
        return picture::draw_step(&parsed, &at, px, labels).unwrap_or_else(|e| raise_picture(e));
    }
    let position = if candidates {
        Position::with_candidates(&parsed).unwrap_or_else(|e| raise(e))
    } else {
        Position::of_puzzle(&parsed)
    };
    let options = picture::Options {
        size: px,
        labels,
        title: if candidates {
            "Sudoku with pencil marks"
        } else {
            "Sudoku"
        },
        description: "",
    };
    picture::grid_svg(&position, &picture::Overlay::default(), &options)
        .unwrap_or_else(|e| raise_picture(e))
}

/// Raises the error of a step that cannot be drawn (22023 with a DETAIL), the puzzle's
/// own errors as every function raises them; `what` names the input ("puzzle" or
/// "position").
fn raise_step(e: StepError, what: &str) -> ! {
    match e {
        StepError::Puzzle(e) => raise(e),
        StepError::NoHint { solved } => raise_argument_with_detail(
            "there is no hint to draw".to_string(),
            &if solved {
                "The grid is full.".to_string()
            } else {
                format!("The {what} has no solution.")
            },
        ),
        StepError::OutOfRange { asked, steps } => raise_argument_with_detail(
            format!("step {asked} is out of range"),
            &format!(
                "The path of this {what} has {steps} steps (sudoku_steps); step 0 is the next hint, -1 none."
            ),
        ),
        StepError::Variant(e) => raise_variant(None, e),
    }
}

/// The picture of a pencil-mark text: the position read as the other functions read it
/// (`read::position`), every open cell with its marks; with `step`, the hint (0) or
/// step n of `sudoku_steps` on that text drawn on the position it starts from, with the
/// player's own marks (less what earlier steps removed).
fn marks_svg(text: &Text, px: u32, labels: bool, step: i32) -> String {
    let position = read::position(text);
    let givens = Puzzle::from_cells(position.givens);
    if step >= 0 {
        let at = picture::locate_position_step(&position, step as usize, &mut Interruptible)
            .unwrap_or_else(|e| raise_step(e, "position"));
        return picture::draw_step(&givens, &at, px, labels).unwrap_or_else(|e| raise_picture(e));
    }
    let picture = Position::of_marks(&givens, &position.to_marks());
    let options = picture::Options {
        size: px,
        labels,
        title: "Sudoku with pencil marks",
        description: "",
    };
    picture::grid_svg(&picture, &picture::Overlay::default(), &options)
        .unwrap_or_else(|e| raise_picture(e))
}

/// Raises the error of element `index` (from 1) of the puzzles array, as the other
/// functions raise it, the DETAIL naming the element.
fn raise_element(index: usize, err: PuzzleError) -> ! {
    raise_in(&format!("puzzles[{index}]"), err)
}

/// A puzzle of the pages with what its caption and its solution need.
struct Prepared {
    puzzle: Puzzle,
    /// A pencil-mark puzzle's position (its marks are drawn).
    marks: Option<sudoku_core::position::Position>,
    label: String,
    rating: Option<u16>,
    solution: Option<[u8; sudoku_core::grid::CELLS]>,
}

/// Element `index` (from 1) of the puzzles array read as every function reads a puzzle
/// text: a puzzle, or else a pencil-mark text (729 characters or a candidate grid,
/// `read::position`'s reading), with its solution and rating (`sudoku_solve`'s and
/// `sudoku_rate`'s of the same text); its errors raised with a DETAIL naming the element.
fn prepare(index: usize, text: &str, label: String) -> Prepared {
    let parsed = match read::try_text(text) {
        Ok(Text::Puzzle(parsed, _)) => parsed,
        Err(e) => raise_element(index, e),
        Ok(marks) => {
            let position = marks.position().unwrap_or_else(|e| raise_element(index, e));
            let outcome = solve_position_observed(&position, 2, &mut Interruptible);
            let rating = (outcome.count == 1)
                .then(|| engine::rate(&position, &mut Interruptible).map(|r| r.er))
                .flatten();
            return Prepared {
                puzzle: Puzzle::from_cells(position.givens),
                marks: Some(position),
                label,
                rating,
                solution: outcome.solution,
            };
        }
    };
    parsed
        .check_givens()
        .unwrap_or_else(|e| raise_element(index, e));
    let outcome = sudoku_core::solve_observed(&parsed, 2, &mut Interruptible)
        .unwrap_or_else(|e| raise_element(index, e));
    let rating =
        (outcome.count == 1).then(|| sudoku_core::logic::rate(&parsed, &mut check_interrupts).er);
    Prepared {
        puzzle: parsed,
        marks: None,
        label,
        rating,
        solution: outcome.solution,
    }
}

/// A variant puzzle of the pages: its geometry, caption and first solution.
struct VariantPrepared {
    variant: Variant,
    label: String,
    solution: Option<Vec<u8>>,
}

/// Element `index` (from 1) of the puzzles array read under the rules, with its first
/// solution; errors raised with a DETAIL naming the element.
fn prepare_variant(index: usize, text: &str, rules: &Rules, label: String) -> VariantPrepared {
    let variant = read::try_variant("sudoku_svg_pages", text, rules)
        .unwrap_or_else(|(_, e)| raise_variant(Some(&format!("puzzles[{index}]")), e));
    let solution = variant
        .engine()
        .solve(&variant.puzzle, &mut check_interrupts);
    VariantPrepared {
        variant,
        label,
        solution,
    }
}

/// The page rows of variant puzzles, as the classic ones: puzzles, then solutions.
fn variant_pages(
    items: Vec<VariantPrepared>,
    layout: PageLayout,
    kinds: &'static [PageKind],
) -> PageRows {
    let pages = layout.pages_for(items.len());
    let rows = kinds
        .iter()
        .flat_map(move |&kind| (0..pages).map(move |k| (kind, k)));
    let per_page = layout.per_page;
    Box::new(rows.enumerate().map(move |(row, (kind, k))| {
        pg_sys::check_for_interrupts!();
        let chunk = &items[k * per_page..((k + 1) * per_page).min(items.len())];
        let shown: Vec<VariantPageItem> = chunk
            .iter()
            .map(|p| VariantPageItem {
                puzzle: &p.variant.puzzle,
                geometry: &p.variant.geometry,
                label: &p.label,
                solution: p.solution.as_deref(),
            })
            .collect();
        let svg = picture::variant_page(&shown, layout, kind, k + 1, pages)
            .unwrap_or_else(|e| raise_picture(e));
        (row as i32 + 1, kind == PageKind::Solutions, svg_text(svg))
    }))
}

/// The rows of `sudoku_svg_pages`.
type PageRows = Box<dyn Iterator<Item = (i32, bool, DbString)>>;

/// Printable pages of puzzles, then pages of their solutions: one row per page, each an
/// SVG document of a sheet of paper. A pencil-mark text is a puzzle whose marks are
/// drawn (the solver starts from them), its solution the solution of the marks.
#[pg_extern(immutable, strict, parallel_safe, cost = 5000)]
fn sudoku_svg_pages(
    puzzles: Array<DbText>,
    labels: default!(Array<DbText>, "'{}'"),
    per_page: default!(i32, 4),
    paper: default!(DbText, "'a4'"),
    solutions: default!(bool, true),
    rules: default!(DbText, "'classic'"),
) -> TableIterator<
    'static,
    (
        name!(page, i32),
        name!(solutions, bool),
        name!(svg, DbString),
    ),
> {
    let per_page = match usize::try_from(per_page) {
        Ok(n) if PageLayout::PER_PAGE.contains(&n) => n,
        _ => raise_argument_with_detail(
            format!("per_page must be 1, 2, 4 or 6, got {per_page}"),
            "A page holds 1, 2, 4 or 6 puzzles.",
        ),
    };
    let Some(paper) = Paper::from_name(&paper) else {
        raise_argument_with_detail(
            format!("unknown paper \"{}\"", &*paper),
            "The papers are a4 (210 x 297 mm) and letter (8.5 x 11 in).",
        );
    };
    if labels.len() > puzzles.len() {
        raise_argument_with_detail(
            format!(
                "labels has {} elements, puzzles {}",
                labels.len(),
                puzzles.len()
            ),
            "labels holds at most one caption per puzzle; a puzzle without one is captioned with its number.",
        );
    }
    let layout = PageLayout { per_page, paper };
    let kinds: &'static [PageKind] = if solutions {
        &[PageKind::Puzzles, PageKind::Solutions]
    } else {
        &[PageKind::Puzzles]
    };
    let rules = read::rules(&rules);
    let mut texts = Vec::new();
    for (i, text) in puzzles.iter().enumerate() {
        let Some(text) = text else {
            raise_argument_with_detail(
                format!("puzzles[{}] is NULL", i + 1),
                "Every element of puzzles must be a puzzle.",
            );
        };
        let label = match labels.get(i).flatten() {
            Some(l) => l.into_string(),
            None => (i + 1).to_string(),
        };
        texts.push((text, label));
    }
    if !rules.is_classic() || texts.iter().any(|(t, _)| read::is_giant(t)) {
        let items: Vec<VariantPrepared> = texts
            .into_iter()
            .enumerate()
            .map(|(i, (text, label))| prepare_variant(i + 1, &text, &rules, label))
            .collect();
        return TableIterator::new(variant_pages(items, layout, kinds));
    }
    let items: Vec<Prepared> = texts
        .into_iter()
        .enumerate()
        .map(|(i, (text, label))| prepare(i + 1, &text, label))
        .collect();
    let pages = layout.pages_for(items.len());
    let rows = kinds
        .iter()
        .flat_map(move |&kind| (0..pages).map(move |k| (kind, k)));
    TableIterator::new(rows.enumerate().map(move |(row, (kind, k))| {
        pg_sys::check_for_interrupts!();
        let chunk = &items[k * per_page..((k + 1) * per_page).min(items.len())];
        let shown: Vec<PageItem> = chunk
            .iter()
            .map(|p| PageItem {
                puzzle: p.puzzle,
                marks: p.marks.as_ref(),
                label: &p.label,
                rating: p.rating,
                solution: p.solution,
            })
            .collect();
        let svg =
            picture::page(&shown, layout, kind, k + 1, pages).unwrap_or_else(|e| raise_picture(e));
        (row as i32 + 1, kind == PageKind::Solutions, svg_text(svg))
    }))
}
