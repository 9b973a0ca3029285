//! The glue of positions with pencil marks (issue 29): the existing functions on a
//! pencil-mark text (called from `lib.rs` when the puzzle reader refuses a text), and the
//! functions of a player's position `(puzzle, progress, marks)`. Like the rest of the
//! glue: convert arguments, call the core (`sudoku_core::position`), raise its errors.

use std::str::FromStr;

use pgrx::prelude::*;
use pgrx::AnyNumeric;
use sudoku_core::position::check::{mistakes, CheckError};
use sudoku_core::position::solve::{
    marks_solutions, position_singles, position_trace, solve_marks_observed,
};
use sudoku_core::position::text::{read_beyond_puzzle, read_marks, write_grid, write_line};
use sudoku_core::position::{engine, Position};
use sudoku_core::{explain, logic, solve_position_observed, Puzzle, PuzzleError, Size};

use sudoku_core::canonical::{canonical_marks, equivalent_marks};

use crate::{
    check_interrupts, raise, raise_argument_with_detail, sql_position, step_columns, CandidateRow,
    Interruptible, StepColumns,
};

/// The position of a text the puzzle reader refused with `puzzle_error`: its pencil
/// marks read as Sukaku Explainer reads them, or `puzzle_error` raised for a text that is
/// no pencil-mark form either.
pub(crate) fn position_of(text: &str, puzzle_error: PuzzleError) -> Position {
    read_position(text, puzzle_error).unwrap_or_else(|e| raise(e))
}

/// The same, the error returned (for a caller that names where the text came from).
pub(crate) fn read_position(
    text: &str,
    puzzle_error: PuzzleError,
) -> Result<Position, PuzzleError> {
    read_beyond_puzzle(text, puzzle_error).and_then(|m| Position::from_marks(&m))
}

// `sudoku_solve`, `sudoku_count_solutions` and `sudoku_solutions` of pencil marks (read
// by `read_to_solve` in lib.rs) go to the core's solving shortcut, which skips Sukaku
// Explainer's test of which single candidates are givens: the same solutions and the
// same errors (see `sudoku_core::position::solve`).

/// `sudoku_solve` of pencil marks: the solution as one 81-digit line.
pub(crate) fn solve(marks: &[u16; 81]) -> Option<String> {
    solve_marks_observed(marks, 1, &mut Interruptible)
        .unwrap_or_else(|e| raise(e))
        .solution
        .map(|s| Puzzle::from_cells(s).to_line())
}

/// `sudoku_count_solutions` of pencil marks.
pub(crate) fn count_solutions(marks: &[u16; 81], max_count: i32) -> i32 {
    solve_marks_observed(marks, max_count as u64, &mut Interruptible)
        .unwrap_or_else(|e| raise(e))
        .count as i32
}

/// `sudoku_solutions` of pencil marks: 81-digit lines, streamed.
pub(crate) fn solutions(marks: &[u16; 81], max_count: i32) -> SetOfIterator<'static, String> {
    let solutions =
        marks_solutions(marks, max_count as u64, Interruptible).unwrap_or_else(|e| raise(e));
    SetOfIterator::new(solutions.map(|s| Puzzle::from_cells(s).to_line()))
}

/// `sudoku_candidates` of a pencil-mark text: its open cells and their marks.
pub(crate) fn candidate_rows(text: &str, puzzle_error: PuzzleError) -> Vec<CandidateRow> {
    let position = position_of(text, puzzle_error);
    position
        .open_cells()
        .map(|cell| candidate_row(Size::Nine, cell, position.cands[cell]))
        .collect()
}

/// A row of `sudoku_candidates`: a cell and its candidates.
pub(crate) fn candidate_row(size: Size, cell: usize, mask: u16) -> CandidateRow {
    let (row, col, box_) = sql_position(size, cell);
    (
        cell as i32 + 1,
        row,
        col,
        box_,
        mask as i32,
        sudoku_core::grid::digits_of(mask).map(i32::from).collect(),
        mask.count_ones() as i32,
    )
}

fn rating_numeric(tenths: u16) -> AnyNumeric {
    AnyNumeric::from_str(&explain::rating_text(tenths)).expect("a rating is a decimal number")
}

/// The ER of a position; NULL unless it has exactly one solution.
fn rate_position(position: &Position) -> Option<AnyNumeric> {
    engine::rate(position, &mut Interruptible).map(|r| rating_numeric(r.er))
}

/// `sudoku_rate` of a pencil-mark text: Sukaku Explainer's rating of the same text.
pub(crate) fn rate(text: &str, puzzle_error: PuzzleError) -> Option<AnyNumeric> {
    rate_position(&position_of(text, puzzle_error))
}

/// `sudoku_hint` of a pencil-mark text.
pub(crate) fn hint(text: &str, puzzle_error: PuzzleError) -> Vec<StepColumns> {
    let position = position_of(text, puzzle_error);
    engine::hint(&position, &mut Interruptible)
        .map(|s| step_columns(Size::Nine, &s))
        .into_iter()
        .collect()
}

pub(crate) type NumberedStep = (
    i32,
    String,
    AnyNumeric,
    Vec<String>,
    Vec<String>,
    Vec<String>,
    Vec<String>,
    String,
);

/// A row of `sudoku_steps`: step `i` (from 0) of a path.
pub(crate) fn numbered_step(size: Size, i: usize, step: &logic::Step) -> NumberedStep {
    let (technique, rating, placements, eliminations, cells, units, explanation) =
        step_columns(size, step);
    (
        i as i32 + 1,
        technique,
        rating,
        placements,
        eliminations,
        cells,
        units,
        explanation,
    )
}

/// The path of a position as the rows of `sudoku_steps`.
fn step_rows(position: &Position) -> Vec<NumberedStep> {
    engine::path(position, &mut Interruptible)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(i, s)| numbered_step(Size::Nine, i, s))
        .collect()
}

/// `sudoku_steps` of a pencil-mark text.
pub(crate) fn steps(text: &str, puzzle_error: PuzzleError) -> Vec<NumberedStep> {
    step_rows(&position_of(text, puzzle_error))
}

/// `sudoku_stats` of a pencil-mark text: the keys of a puzzle's figures, the singles
/// counted from the marks as they are.
pub(crate) fn stats(text: &str, puzzle_error: PuzzleError) -> pgrx::JsonB {
    stats_of(&position_of(text, puzzle_error))
}

/// The figures of `sudoku_stats` for a position.
fn stats_of(position: &Position) -> pgrx::JsonB {
    let position = *position;
    let outcome = solve_position_observed(&position, 2, &mut Interruptible);
    let path = engine::path(&position, &mut Interruptible).unwrap_or_default();
    let mut techniques = serde_json::Map::new();
    for s in &path {
        let name = explain::technique_name(s.technique);
        let n = techniques.get(&name).and_then(|v| v.as_u64()).unwrap_or(0);
        techniques.insert(name, (n + 1).into());
    }
    let rating = (outcome.count == 1).then(|| {
        let er = path
            .iter()
            .map(|s| {
                if s.technique == logic::Technique::Guess {
                    logic::BEYOND_LADDER
                } else {
                    s.rating
                }
            })
            .max()
            .unwrap_or(0);
        serde_json::Number::from_str(&explain::rating_text(er)).expect("a decimal number")
    });
    let search = outcome.first_stats;
    let singles = position_singles(&position);
    let givens = position.givens.iter().filter(|&&d| d != 0).count();
    pgrx::JsonB(serde_json::json!({
        "size": Size::Nine.name(),
        "givens": givens,
        "blanks": 81 - givens,
        "solutions": outcome.count,
        "naked_singles": singles.naked_singles,
        "hidden_singles": singles.hidden_singles,
        "blanks_after_singles": singles.blanks_left,
        "solved_by_singles": singles.blanks_left == 0 && !singles.contradiction,
        "rating": rating,
        "techniques": techniques,
        "path_steps": path.len(),
        "path_guesses": path.iter().filter(|s| s.technique == logic::Technique::Guess).count(),
        "search_naked_singles": search.naked_singles,
        "search_hidden_singles": search.hidden_singles,
        "search_band_updates": search.band_singles,
        "search_guesses": search.guesses,
        "search_backtracks": search.backtracks,
    }))
}

/// `sudoku_format` in the pencil-mark styles, of a puzzle (the candidates its givens
/// leave) or a pencil-mark text; `None` for another style.
pub(crate) fn format_marks(text: &str, style: &str) -> Option<String> {
    let write: fn(&[u16; 81]) -> String = match style {
        "marks" => write_line,
        "marks_grid" => write_grid,
        _ => return None,
    };
    let position = match Puzzle::parse(text) {
        Ok(p) => Position::from_puzzle(&p).unwrap_or_else(|e| raise(e)),
        Err(e) => position_of(text, e),
    };
    Some(write(&position.masks()))
}

/// `sudoku_format` of a pencil-mark text in a puzzle style: its givens (the cells whose
/// one candidate no peer has).
pub(crate) fn format_givens(
    text: &str,
    puzzle_error: PuzzleError,
    style: explain::Style,
) -> String {
    let position = position_of(text, puzzle_error);
    explain::format(&Puzzle::from_cells(position.givens), style)
}

/// `sudoku_search_trace` of a pencil-mark text: the fast search started from its marks.
pub(crate) fn search_trace(text: &str, puzzle_error: PuzzleError) -> explain::Trace<Interruptible> {
    position_trace(&position_of(text, puzzle_error), Interruptible)
}

/// `sudoku_canonical` of a pencil-mark text: the smallest 729-character text over every
/// transformation of its marks.
pub(crate) fn canonical(text: &str, puzzle_error: PuzzleError) -> String {
    let position = position_of(text, puzzle_error);
    write_line(&canonical_marks(&position.masks(), &mut check_interrupts))
}

/// The pencil marks `sudoku_equivalent` compares for one argument: a pencil-mark
/// text's, or a 9×9 puzzle's candidate grid (what `sudoku_format(p, 'marks')` writes);
/// `None` for a 4×4 puzzle (its givens checked), which no 9×9 grid is equivalent to.
fn marks_for_equivalence(text: &str, read: Result<Puzzle, PuzzleError>) -> Option<[u16; 81]> {
    match read {
        Ok(p) if p.size == Size::Four => {
            p.check_givens().unwrap_or_else(|e| raise(e));
            None
        }
        Ok(p) => Some(
            Position::from_puzzle(&p)
                .unwrap_or_else(|e| raise(e))
                .masks(),
        ),
        Err(e) => Some(position_of(text, e).masks()),
    }
}

/// `sudoku_equivalent` when one text or both are pencil marks: the same marks up to a
/// transformation (a puzzle stands for its candidate grid).
pub(crate) fn equivalent(
    a: &str,
    a_read: Result<Puzzle, PuzzleError>,
    b: &str,
    b_read: Result<Puzzle, PuzzleError>,
) -> bool {
    let a = marks_for_equivalence(a, a_read);
    let b = marks_for_equivalence(b, b_read);
    match (a, b) {
        (Some(a), Some(b)) => equivalent_marks(&a, &b, &mut check_interrupts),
        _ => false,
    }
}

/// `sudoku_is_valid` of a text the puzzle reader refused: true for pencil marks that
/// make a position.
pub(crate) fn is_valid(text: &str, puzzle_error: PuzzleError) -> bool {
    read_position(text, puzzle_error).is_ok()
}

/// The three arguments of a player's position, read: the puzzle, the progress (`''`:
/// nothing placed yet) and the marks (`''`: none kept, so every candidate the digits
/// leave).
fn parts(puzzle: &str, progress: &str, marks: &str) -> (Puzzle, Option<Puzzle>, Option<[u16; 81]>) {
    let puzzle = Puzzle::parse(puzzle).unwrap_or_else(|e| raise(e));
    let progress =
        (!progress.trim().is_empty()).then(|| Puzzle::parse(progress).unwrap_or_else(|e| raise(e)));
    let marks = (!marks.trim().is_empty()).then(|| read_marks(marks).unwrap_or_else(|e| raise(e)));
    (puzzle, progress, marks)
}

/// The position of the three arguments.
fn position(puzzle: &str, progress: &str, marks: &str) -> Position {
    let (puzzle, progress, marks) = parts(puzzle, progress, marks);
    puzzle.check_givens().unwrap_or_else(|e| raise(e));
    Position::from_parts(&puzzle, progress.as_ref(), marks.as_ref()).unwrap_or_else(|e| raise(e))
}

/// The easiest next step from a player's position.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_hint(puzzle text, progress text, marks text DEFAULT '')
RETURNS TABLE(technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 1
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_hint_position_wrapper';
"#)]
// pgrx reads the column names from `name!` in the signature itself, so the type
// cannot be factored into an alias.
#[allow(clippy::type_complexity)]
fn sudoku_hint_position(
    puzzle: &str,
    progress: &str,
    marks: &str,
) -> TableIterator<
    'static,
    (
        name!(technique, String),
        name!(rating, AnyNumeric),
        name!(placements, Vec<String>),
        name!(eliminations, Vec<String>),
        name!(cells, Vec<String>),
        name!(units, Vec<String>),
        name!(explanation, String),
    ),
> {
    let position = position(puzzle, progress, marks);
    let step = engine::hint(&position, &mut Interruptible);
    TableIterator::new(step.map(|s| step_columns(Size::Nine, &s)))
}

/// The human path from a player's position to the solution.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_steps(puzzle text, progress text, marks text DEFAULT '')
RETURNS TABLE(step int, technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 50 ROWS 60
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_steps_position_wrapper';
"#)]
// pgrx reads the column names from `name!` in the signature itself, so the type
// cannot be factored into an alias.
#[allow(clippy::type_complexity)]
fn sudoku_steps_position(
    puzzle: &str,
    progress: &str,
    marks: &str,
) -> TableIterator<
    'static,
    (
        name!(step, i32),
        name!(technique, String),
        name!(rating, AnyNumeric),
        name!(placements, Vec<String>),
        name!(eliminations, Vec<String>),
        name!(cells, Vec<String>),
        name!(units, Vec<String>),
        name!(explanation, String),
    ),
> {
    TableIterator::new(step_rows(&position(puzzle, progress, marks)))
}

/// The ER rating of a player's position.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_rate(puzzle text, progress text, marks text DEFAULT '')
RETURNS numeric
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_rate_position_wrapper';
"#)]
fn sudoku_rate_position(puzzle: &str, progress: &str, marks: &str) -> Option<AnyNumeric> {
    rate_position(&position(puzzle, progress, marks))
}

/// What is wrong in a player's position, one row per mistake.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_check(puzzle text, progress text, marks text DEFAULT '')
RETURNS TABLE(cell int, "row" int, col int, box int, mistake text, digit int)
IMMUTABLE STRICT PARALLEL SAFE COST 20 ROWS 1
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_check_wrapper';
"#)]
fn sudoku_check(
    puzzle: &str,
    progress: &str,
    marks: &str,
) -> TableIterator<
    'static,
    (
        name!(cell, i32),
        name!(row, i32),
        name!(col, i32),
        name!(r#box, i32),
        name!(mistake, String),
        name!(digit, i32),
    ),
> {
    let (puzzle, progress, marks) = parts(puzzle, progress, marks);
    let progress = progress.unwrap_or(puzzle);
    let found = match mistakes(&puzzle, &progress, marks.as_ref(), &mut Interruptible) {
        Ok(found) => found,
        Err(CheckError::Puzzle(e)) => raise(e),
        Err(CheckError::NotUnique { solutions }) => raise_argument_with_detail(
            "sudoku puzzle has no unique solution".to_string(),
            if solutions == 0 {
                "It has no solution; a position is checked against the puzzle's unique solution."
            } else {
                "It has two or more solutions; a position is checked against the puzzle's unique solution."
            },
        ),
    };
    TableIterator::new(found.into_iter().map(|m| {
        let (row, col, box_) = sql_position(Size::Nine, m.cell);
        (
            m.cell as i32 + 1,
            row,
            col,
            box_,
            m.kind.name().to_string(),
            m.digit as i32,
        )
    }))
}

/// Figures about a player's position, as sudoku_stats gives them for a pencil-mark text.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_stats(puzzle text, progress text, marks text DEFAULT '')
RETURNS jsonb
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_stats_position_wrapper';
"#)]
fn sudoku_stats_position(puzzle: &str, progress: &str, marks: &str) -> pgrx::JsonB {
    stats_of(&position(puzzle, progress, marks))
}
