//! `sudoku_ext`: the PostgreSQL glue over `sudoku_core`.
//!
//! Every function here does three things only: convert its arguments, call the core,
//! and turn the core's typed errors into PostgreSQL errors ([`raise`], the one place
//! where that happens). The SQL comments of the functions live in
//! `sql/functions.sql`, embedded below.

use pgrx::pg_sys::panic::ErrorReport;
use std::str::FromStr;

use pgrx::prelude::*;
use pgrx::AnyNumeric;
use sudoku_core::graded::{
    check_random_reach, check_range, generate_graded, RangeError, RatingRange,
};
use sudoku_core::near::{NearError, NearOptions, NearSearch};
use sudoku_core::position::text::{read as read_text, Text};
use sudoku_core::{
    error::try_copy, explain, ErrorKind, Event, Observer, OutOfMemory, Puzzle, PuzzleError, Size,
    Solutions,
};

::pgrx::pg_module_magic!(name, version);

mod marks;
mod picture;

extension_sql_file!("../sql/functions.sql", name = "functions", finalize);

/// Raises the PostgreSQL error for a core error: malformed text is `22P02`
/// (invalid_text_representation), contradictory givens are `22023`
/// (invalid_parameter_value); the DETAIL names the character or the cells.
fn raise(err: PuzzleError) -> ! {
    let code = match err.kind() {
        ErrorKind::Malformed => PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
        ErrorKind::Contradictory => PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
    };
    ErrorReport::new(code, err.message(), function_name!())
        .set_detail(err.detail())
        .report(PgLogLevel::ERROR);
    unreachable!("an ERROR report does not return")
}

/// Raises `53200` (out_of_memory) for memory the core asked for and did not get,
/// as PostgreSQL does when palloc fails: the query fails, the server goes on.
fn raise_oom(err: OutOfMemory) -> ! {
    ErrorReport::new(
        PgSqlErrorCode::ERRCODE_OUT_OF_MEMORY,
        "out of memory".to_string(),
        function_name!(),
    )
    .set_detail(format!(
        "Failed on request of size {} in sudoku_ext.",
        err.bytes
    ))
    .report(PgLogLevel::ERROR);
    unreachable!("an ERROR report does not return")
}

/// The core's observer inside a backend: checks for query cancel and
/// `statement_timeout` before every guess of the search.
struct Interruptible;

impl Observer for Interruptible {
    #[inline(always)]
    fn check_interrupt(&mut self) {
        pg_sys::check_for_interrupts!();
    }
}

/// The interrupt hook of the human-logic engine: query cancel and `statement_timeout`
/// stop its searches between techniques and during chains.
fn check_interrupts() {
    pg_sys::check_for_interrupts!();
}

/// The text of `sudoku_solve`, `sudoku_count_solutions` or `sudoku_solutions`, read: a
/// puzzle, or pencil marks (raised as the puzzle's error when it is neither). The usual
/// 729-character line is read first, as `text::read` reads it: such a text is never a
/// puzzle, so the puzzle reader's pass over it, which would only refuse it, is saved; any
/// other text goes to the puzzle reader first, as before.
fn read_to_solve(text: &str) -> Text {
    read_text(text).unwrap_or_else(|e| raise(e))
}

/// The solved grid in the input's layout, or NULL when there is no solution.
#[pg_extern(immutable, strict, parallel_safe, cost = 20)]
fn sudoku_solve(puzzle: &str) -> Option<String> {
    let (parsed, layout) = match read_to_solve(puzzle) {
        Text::Puzzle(p, layout) => (p, layout),
        Text::Marks(m) => return marks::solve(&m),
    };
    let outcome =
        sudoku_core::solve_observed(&parsed, 1, &mut Interruptible).unwrap_or_else(|e| raise(e));
    outcome.solution.map(|grid| {
        layout
            .render(puzzle, &grid)
            .unwrap_or_else(|e| raise_oom(e))
    })
}

/// The number of solutions, counted up to `max_count`.
#[pg_extern(immutable, strict, parallel_safe, cost = 20)]
fn sudoku_count_solutions(puzzle: &str, max_count: default!(i32, 2)) -> i32 {
    if max_count < 1 {
        raise_argument(format!("max_count must be at least 1, got {max_count}"));
    }
    let parsed = match read_to_solve(puzzle) {
        Text::Puzzle(p, _) => p,
        Text::Marks(m) => return marks::count_solutions(&m, max_count),
    };
    let outcome = sudoku_core::solve_observed(&parsed, max_count as u64, &mut Interruptible)
        .unwrap_or_else(|e| raise(e));
    outcome.count as i32
}

type CandidateRow = (i32, i32, i32, i32, i32, Vec<i32>, i32);

/// One row per blank cell: the candidates the givens leave it (pencil marks).
///
/// The SQL is written by hand only because `"row"` needs quoting as a column name.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_candidates(puzzle text)
RETURNS TABLE(cell int, "row" int, col int, box int, mask int, candidates int[], count int)
IMMUTABLE STRICT PARALLEL SAFE COST 5 ROWS 60
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_candidates_wrapper';
"#)]
// pgrx reads a set-returning function's columns from the TableIterator written out in its
// signature (a type alias would hide it), so the long type stays.
#[allow(clippy::type_complexity)]
fn sudoku_candidates(
    puzzle: &str,
) -> TableIterator<
    'static,
    (
        name!(cell, i32),
        name!(row, i32),
        name!(col, i32),
        name!(r#box, i32),
        name!(mask, i32),
        name!(candidates, Vec<i32>),
        name!(count, i32),
    ),
> {
    let parsed = match Puzzle::parse(puzzle) {
        Ok(p) => p,
        Err(e) => return TableIterator::new(marks::candidate_rows(puzzle, e)),
    };
    let masks = sudoku_core::candidates(&parsed).unwrap_or_else(|e| raise(e));
    let size = parsed.size;
    let rows: Vec<CandidateRow> = (0..size.cells())
        .filter(|&cell| parsed.cells[cell] == 0)
        .map(|cell| marks::candidate_row(size, cell, masks[cell]))
        .collect();
    TableIterator::new(rows)
}

/// The rows of `sudoku_generate`.
type GeneratedRow = (i32, String, String, i32, Option<AnyNumeric>);

/// `count` puzzles with exactly one solution, deterministic for `seed`; digging stops
/// at `clues` givens (0: minimal puzzles), an orbit of `symmetry` at a time; with a
/// rating range, attempts are made until one rates inside it. With `near`, the puzzles
/// come from the neighbourhood of that puzzle instead (`sudoku_core::near`).
///
/// The SQL is written by hand because `near` defaults to NULL: the function cannot be
/// STRICT (a NULL `near` would give no rows), so a NULL in any other argument gives no
/// rows here, as STRICT did before `near` existed.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_generate(
	"count" int,
	"seed" bigint DEFAULT 0,
	"clues" int DEFAULT 0,
	"min_rating" numeric DEFAULT 0,
	"max_rating" numeric DEFAULT 20,
	"symmetry" text DEFAULT 'none',
	"near" text DEFAULT NULL
) RETURNS TABLE("n" int, "puzzle" text, "solution" text, "givens" int, "rating" numeric)
IMMUTABLE PARALLEL SAFE COST 1000
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_generate_wrapper';
"#)]
// pgrx reads a set-returning function's columns from the TableIterator written out in its
// signature (a type alias would hide it), so the long type stays.
#[allow(clippy::type_complexity)]
fn sudoku_generate(
    count: Option<i32>,
    seed: Option<i64>,
    clues: Option<i32>,
    min_rating: Option<AnyNumeric>,
    max_rating: Option<AnyNumeric>,
    symmetry: Option<&str>,
    near: Option<&str>,
) -> TableIterator<
    'static,
    (
        name!(n, i32),
        name!(puzzle, String),
        name!(solution, String),
        name!(givens, i32),
        name!(rating, Option<AnyNumeric>),
    ),
> {
    let (Some(count), Some(seed), Some(clues), Some(min_rating), Some(max_rating), Some(symmetry)) =
        (count, seed, clues, min_rating, max_rating, symmetry)
    else {
        let none: Box<dyn Iterator<Item = GeneratedRow>> = Box::new(std::iter::empty());
        return TableIterator::new(none);
    };
    if count < 0 {
        raise_argument(format!("count must not be negative, got {count}"));
    }
    if !(0..=81).contains(&clues) {
        raise_argument(format!("clues must be between 0 and 81, got {clues}"));
    }
    let Some(symmetry) = sudoku_core::generate::Symmetry::from_name(symmetry) else {
        raise_argument(format!(
            "unknown symmetry \"{symmetry}\"; the symmetries are none, rotate90, rotate180, mirror, flip and random"
        ));
    };
    let tenths = |x: &AnyNumeric| {
        let v = f64::try_from(x.clone()).unwrap_or(f64::NAN);
        if v.is_nan() {
            0
        } else {
            (v * 10.0).round().clamp(0.0, 1000.0) as u16
        }
    };
    let range = RatingRange {
        min: tenths(&min_rating),
        max: tenths(&max_rating),
    };
    let range = if range.min <= 10 && range.max >= sudoku_core::logic::BEYOND_LADDER {
        RatingRange::ANY
    } else {
        range
    };
    if let Err(e) = check_range(range) {
        let why = match e {
            RangeError::Empty => "min_rating is above max_rating",
            _ => "no puzzle has a rating in that range",
        };
        raise_argument_with_detail(
            format!("cannot generate puzzles rated {min_rating} to {max_rating}: {why}"),
            "Ratings below 4.0 are those of single techniques (1.0, 1.2, 1.5, 1.7, 1.9, 2.0, 2.3, 2.5, 2.6, 2.8, 3.0, \
             3.2, 3.4, 3.6, 3.8, 4.0); from 4.0 to 11.9 every tenth occurs; 20.0 is a puzzle the engine cannot finish.",
        );
    }
    if let Some(near) = near {
        if clues != 0 {
            raise_argument_with_detail(
                format!("clues cannot be combined with near, got clues {clues}"),
                "Puzzles near a start keep about its number of givens (a move removes, adds or moves a \
                 given); clues stops the digging of random generation only.",
            );
        }
        let start = match Puzzle::parse(near) {
            Ok(p) => p,
            Err(e) => refuse_near_marks(near, e),
        };
        start.check_givens().unwrap_or_else(|e| raise(e));
        let rows = generate_near(start, seed as u64, count, symmetry, range);
        return TableIterator::new(rows);
    }
    if check_random_reach(range).is_err() {
        raise_argument_with_detail(
            format!("cannot generate puzzles rated {min_rating} to {max_rating} at random"),
            &format!(
                "Random minimal puzzles rate 9.0 or more about once in 700 and, of 20,000, none rated above {}: \
                 a min_rating above it would never end. Puzzles rated higher are found near a hard one: add \
                 near => a puzzle rated at least {} (the lists of the hardest puzzles have many).",
                explain::rating_text(sudoku_core::graded::RANDOM_REACH),
                explain::rating_text(range.min.min(sudoku_core::logic::BEYOND_LADDER)),
            ),
        );
    }
    let options = sudoku_core::Options {
        clues: clues as usize,
        symmetry,
    };
    let rows: Box<dyn Iterator<Item = GeneratedRow>> = Box::new((0..count).map(move |n| {
        pg_sys::check_for_interrupts!();
        let g = generate_graded(seed as u64, n as u64, options, range, &mut Interruptible)
            .unwrap_or_else(|e| {
                raise_argument_with_detail(
                    format!(
                        "no puzzle rated {} to {} in {} attempts",
                        explain::rating_text(range.min),
                        explain::rating_text(range.max),
                        e.attempts
                    ),
                    "Ratings of 9.0 and more are rare among random puzzles, rarer still with a symmetry. \
                     Widen the range, or add near => a puzzle rated inside it.",
                )
            });
        let (p, solution) = (g.generated.puzzle, g.generated.solution);
        let rating = g.rating.map(rating_numeric);
        (
            n + 1,
            p.to_line(),
            Puzzle::from_cells(solution).to_line(),
            p.givens() as i32,
            rating,
        )
    }));
    TableIterator::new(rows)
}

/// Refuses the text of `near` that the puzzle reader refused with `puzzle_error`: a
/// pencil-mark text (read as the other functions read one) is `0A000`, since pencil marks
/// are no givens to move; any other text raises its puzzle error (`22P02`).
fn refuse_near_marks(text: &str, puzzle_error: PuzzleError) -> ! {
    marks::position_of(text, puzzle_error);
    ErrorReport::new(
        PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED,
        "near does not take a pencil-mark text",
        function_name!(),
    )
    .set_detail(
        "Generation near a puzzle moves its givens, which a pencil-mark text does not tell apart from \
         digits placed since. Pass the puzzle the marks belong to."
            .to_string(),
    )
    .report(PgLogLevel::ERROR);
    unreachable!("an ERROR report does not return")
}

/// A rating in tenths as a numeric.
fn rating_numeric(tenths: u16) -> AnyNumeric {
    AnyNumeric::from_str(&explain::rating_text(tenths)).expect("a rating is a decimal number")
}

/// The rows of `sudoku_generate` near `start`: the search's puzzles one row at a time.
fn generate_near(
    start: Puzzle,
    seed: u64,
    count: i32,
    symmetry: sudoku_core::generate::Symmetry,
    range: RatingRange,
) -> Box<dyn Iterator<Item = GeneratedRow>> {
    let options = NearOptions::new(symmetry, range);
    let mut search = NearSearch::new(&start, seed, options, &mut Interruptible)
        .unwrap_or_else(|e| raise_near(e, range));
    Box::new((0..count).map(move |n| {
        let f = search
            .next_found(&mut Interruptible)
            .unwrap_or_else(|e| raise_near(e, range));
        (
            n + 1,
            f.puzzle.to_line(),
            Puzzle::from_cells(f.solution).to_line(),
            f.puzzle.givens() as i32,
            Some(rating_numeric(f.rating)),
        )
    }))
}

/// Raises the error of a search near a puzzle: `22023` with a DETAIL for a start without
/// exactly one solution or a range the search did not reach, `53200` for memory.
fn raise_near(err: NearError, range: RatingRange) -> ! {
    let r = explain::rating_text;
    match err {
        NearError::NotNine => raise_argument("near must be a 9x9 puzzle".to_string()),
        NearError::NoSolution => raise_argument_with_detail(
            "the puzzle near names has no solution".to_string(),
            "Generation near a puzzle needs a puzzle with exactly one solution.",
        ),
        NearError::SeveralSolutions => raise_argument_with_detail(
            "the puzzle near names has more than one solution".to_string(),
            "Generation near a puzzle needs a puzzle with exactly one solution.",
        ),
        NearError::OutOfMemory(e) => raise_oom(e),
        NearError::Unreached(reach) => {
            let stop = if reach.exhausted {
                "every neighbour of the puzzles it kept was tried".to_string()
            } else {
                format!(
                    "{} neighbours in a row were rated outside the range",
                    sudoku_core::near::RATINGS_PER_PUZZLE
                )
            };
            let below = match reach.highest_below_beyond {
                Some(h) if h != reach.highest => format!(" (the highest below 20.0: {})", r(h)),
                _ => String::new(),
            };
            let singles = if reach.solved_by_singles > 0 {
                format!(
                    "; {} neighbours fell to singles alone (2.3 or less) and were not rated",
                    reach.solved_by_singles
                )
            } else {
                String::new()
            };
            raise_argument_with_detail(
                format!(
                    "cannot generate puzzles rated {} to {} near this puzzle",
                    r(range.min),
                    r(range.max)
                ),
                &format!(
                    "The search stopped after {} puzzles in the range: {stop}. Ratings made: {}, from {} to {}{below}, \
                     the start {}{singles}. Ask for a range within what was reached, or start near a puzzle rated \
                     closer to it.",
                    reach.found,
                    reach.rated,
                    r(reach.lowest),
                    r(reach.highest),
                    r(reach.start)
                ),
            )
        }
    }
}

/// Raises `22023` (invalid_parameter_value) for an argument out of its range.
fn raise_argument(message: String) -> ! {
    ErrorReport::new(
        PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
        message,
        function_name!(),
    )
    .report(PgLogLevel::ERROR);
    unreachable!("an ERROR report does not return")
}

/// [`raise_argument`] with a DETAIL line.
fn raise_argument_with_detail(message: String, detail: &str) -> ! {
    ErrorReport::new(
        PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
        message,
        function_name!(),
    )
    .set_detail(detail.to_string())
    .report(PgLogLevel::ERROR);
    unreachable!("an ERROR report does not return")
}

/// Row, column and box of a cell, numbered from 1 as SQL shows them.
fn sql_position(size: Size, cell: usize) -> (i32, i32, i32) {
    (
        size.row(cell) as i32 + 1,
        size.col(cell) as i32 + 1,
        size.box_(cell) as i32 + 1,
    )
}

/// The solutions themselves, up to `max_count`, in the input's layout, in the
/// search's order, one row at a time: the search is resumed for each row, so memory
/// does not grow with `max_count`.
#[pg_extern(immutable, strict, parallel_safe, cost = 10)]
fn sudoku_solutions(puzzle: &str, max_count: default!(i32, 10)) -> SetOfIterator<'static, String> {
    if max_count < 1 {
        raise_argument(format!("max_count must be at least 1, got {max_count}"));
    }
    let (parsed, layout) = match read_to_solve(puzzle) {
        Text::Puzzle(p, layout) => (p, layout),
        Text::Marks(m) => return marks::solutions(&m, max_count),
    };
    let solutions =
        Solutions::new(&parsed, max_count as u64, Interruptible).unwrap_or_else(|e| raise(e));
    let text = try_copy(puzzle).unwrap_or_else(|e| raise_oom(e));
    SetOfIterator::new(
        solutions.map(move |g| layout.render(&text, &g).unwrap_or_else(|e| raise_oom(e))),
    )
}

/// The fast search's own trace, one row per placement or backtrack, streamed.
///
/// The SQL is written by hand only because `"row"` needs quoting as a column name.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_search_trace(puzzle text)
RETURNS TABLE(step int, technique text, unit text, cell int, "row" int, col int, box int, digit int, depth int, kept boolean)
IMMUTABLE STRICT PARALLEL SAFE COST 5 ROWS 80
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_search_trace_wrapper';
"#)]
// pgrx reads a set-returning function's columns from the TableIterator written out in its
// signature (a type alias would hide it), so the long type stays.
#[allow(clippy::type_complexity)]
fn sudoku_search_trace(
    puzzle: &str,
) -> TableIterator<
    'static,
    (
        name!(step, i32),
        name!(technique, String),
        name!(unit, Option<String>),
        name!(cell, Option<i32>),
        name!(row, Option<i32>),
        name!(col, Option<i32>),
        name!(r#box, Option<i32>),
        name!(digit, Option<i32>),
        name!(depth, i32),
        name!(kept, bool),
    ),
> {
    let (trace, size) = match Puzzle::parse(puzzle) {
        Ok(parsed) => (
            explain::Trace::new(&parsed, Interruptible).unwrap_or_else(|e| raise(e)),
            parsed.size,
        ),
        Err(e) => (marks::search_trace(puzzle, e), Size::Nine),
    };
    TableIterator::new(trace.map(move |s| {
        let step = i32::try_from(s.index + 1).unwrap_or(i32::MAX);
        match s.event {
            Event::Place {
                cell,
                digit,
                by,
                depth,
            } => {
                let (name, unit) = explain::placed_by_name(by);
                let (row, col, box_) = sql_position(size, cell as usize);
                let unit = unit.map(|u| u.name().to_string());
                (
                    step,
                    name.to_string(),
                    unit,
                    Some(cell as i32 + 1),
                    Some(row),
                    Some(col),
                    Some(box_),
                    Some(digit as i32),
                    depth as i32,
                    s.kept,
                )
            }
            Event::Backtrack { depth } => (
                step,
                "backtrack".to_string(),
                None,
                None,
                None,
                None,
                None,
                None,
                depth as i32,
                false,
            ),
        }
    }))
}

/// The columns of a step of the human-logic engine, as `sudoku_hint` and
/// `sudoku_steps` return them.
type StepColumns = (
    String,
    AnyNumeric,
    Vec<String>,
    Vec<String>,
    Vec<String>,
    Vec<String>,
    String,
);

fn step_columns(size: Size, step: &sudoku_core::logic::Step) -> StepColumns {
    let t = explain::step_text(size, step);
    let rating = AnyNumeric::from_str(&t.rating).expect("a rating is a decimal number");
    (
        t.technique,
        rating,
        t.placements,
        t.eliminations,
        t.cells,
        t.units,
        t.explanation,
    )
}

/// The ER rating (Sudoku Explainer's scale, as Sukaku Explainer computes it), one
/// decimal; NULL unless the puzzle has exactly one solution.
#[pg_extern(immutable, strict, parallel_safe, cost = 2000)]
fn sudoku_rate(puzzle: &str) -> Option<AnyNumeric> {
    let parsed = match Puzzle::parse(puzzle) {
        Ok(p) => p,
        Err(e) => return marks::rate(puzzle, e),
    };
    let outcome =
        sudoku_core::solve_observed(&parsed, 2, &mut Interruptible).unwrap_or_else(|e| raise(e));
    if outcome.count != 1 {
        return None;
    }
    let rating = sudoku_core::logic::rate(&parsed, &mut check_interrupts);
    Some(
        AnyNumeric::from_str(&explain::rating_text(rating.er))
            .expect("a rating is a decimal number"),
    )
}

/// The easiest next step from the position the puzzle shows: one row, or none when
/// the grid is full or has no solution.
///
/// The SQL is written by hand to tell the planner it returns one row.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_hint(puzzle text)
RETURNS TABLE(technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 1
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_hint_wrapper';
"#)]
// pgrx reads a set-returning function's columns from the TableIterator written out in its
// signature (a type alias would hide it), so the long type stays.
#[allow(clippy::type_complexity)]
fn sudoku_hint(
    puzzle: &str,
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
    let parsed = match Puzzle::parse(puzzle) {
        Ok(p) => p,
        Err(e) => return TableIterator::new(marks::hint(puzzle, e)),
    };
    let step = explain::hint(&parsed, &mut Interruptible).unwrap_or_else(|e| raise(e));
    TableIterator::new(step.map(|s| step_columns(parsed.size, &s)))
}

/// The human path from the givens to the solution, one row per step.
///
/// The SQL is written by hand to tell the planner how many rows to expect.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_steps(puzzle text)
RETURNS TABLE(step int, technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 50 ROWS 60
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_steps_wrapper';
"#)]
// pgrx reads a set-returning function's columns from the TableIterator written out in its
// signature (a type alias would hide it), so the long type stays.
#[allow(clippy::type_complexity)]
fn sudoku_steps(
    puzzle: &str,
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
    let parsed = match Puzzle::parse(puzzle) {
        Ok(p) => p,
        Err(e) => return TableIterator::new(marks::steps(puzzle, e)),
    };
    parsed.check_givens().unwrap_or_else(|e| raise(e));
    let path = sudoku_core::logic::path(&parsed, &mut check_interrupts).unwrap_or_default();
    let size = parsed.size;
    TableIterator::new(
        path.into_iter()
            .enumerate()
            .map(move |(i, s)| marks::numbered_step(size, i, &s)),
    )
}

/// Figures about a puzzle: its singles, its human path and rating, and the fast
/// search's work, as jsonb.
#[pg_extern(immutable, strict, parallel_safe, cost = 2000)]
fn sudoku_stats(puzzle: &str) -> pgrx::JsonB {
    let parsed = match Puzzle::parse(puzzle) {
        Ok(p) => p,
        Err(e) => return marks::stats(puzzle, e),
    };
    let a = explain::analyse_observed(&parsed, &mut Interruptible).unwrap_or_else(|e| raise(e));
    let rating = a.rating.map(|er| {
        serde_json::Number::from_str(&explain::rating_text(er)).expect("a decimal number")
    });
    let techniques: serde_json::Map<String, serde_json::Value> = a
        .techniques
        .into_iter()
        .map(|(k, v)| (k, v.into()))
        .collect();
    pgrx::JsonB(serde_json::json!({
        "size": a.size.name(),
        "givens": a.givens,
        "blanks": a.blanks,
        "solutions": a.solutions,
        "naked_singles": a.singles.naked_singles,
        "hidden_singles": a.singles.hidden_singles,
        "blanks_after_singles": a.singles.blanks_left,
        "solved_by_singles": a.singles.blanks_left == 0 && !a.singles.contradiction,
        "rating": rating,
        "techniques": techniques,
        "path_steps": a.path_steps,
        "path_guesses": a.path_guesses,
        "search_naked_singles": a.search.naked_singles,
        "search_hidden_singles": a.search.hidden_singles,
        "search_band_updates": a.search.band_singles,
        "search_guesses": a.search.guesses,
        "search_backtracks": a.search.backtracks,
    }))
}

/// The puzzle written in another style.
#[pg_extern(immutable, strict, parallel_safe, cost = 10)]
fn sudoku_format(puzzle: &str, style: default!(&str, "'grid'")) -> String {
    if let Some(text) = marks::format_marks(puzzle, style) {
        return text;
    }
    let Some(style) = explain::Style::from_name(style) else {
        raise_argument(format!(
            "unknown style \"{style}\"; the styles are line, digits, contest, grid, marks and marks_grid"
        ));
    };
    let parsed = match Puzzle::parse(puzzle) {
        Ok(p) => p,
        Err(e) => return marks::format_givens(puzzle, e, style),
    };
    explain::format(&parsed, style)
}

/// The canonical form of a puzzle: the smallest 81- (or 16-) character line, `.` for
/// a blank, over every transformation of its class.
#[pg_extern(immutable, strict, parallel_safe, cost = 100)]
fn sudoku_canonical(puzzle: &str) -> String {
    let parsed = match Puzzle::parse(puzzle) {
        Ok(p) => p,
        Err(e) => return marks::canonical(puzzle, e),
    };
    sudoku_core::canonical::try_canonical(&parsed)
        .unwrap_or_else(|e| raise(e))
        .to_line()
}

/// True when two puzzles are the same puzzle up to relabelling digits, permuting rows
/// within bands, bands, columns within stacks, stacks, and transposing.
#[pg_extern(immutable, strict, parallel_safe, cost = 200)]
fn sudoku_equivalent(a: &str, b: &str) -> bool {
    let (a, b) = match (Puzzle::parse(a), Puzzle::parse(b)) {
        (Ok(a), Ok(b)) => (a, b),
        (a_read, b_read) => return marks::equivalent(a, a_read, b, b_read),
    };
    a.check_givens().unwrap_or_else(|e| raise(e));
    b.check_givens().unwrap_or_else(|e| raise(e));
    sudoku_core::canonical::equivalent(&a, &b)
}

/// True when the text is a puzzle whose givens do not contradict each other. Never
/// raises for bad text.
#[pg_extern(immutable, strict, parallel_safe, cost = 2)]
fn sudoku_is_valid(puzzle: &str) -> bool {
    match Puzzle::parse(puzzle) {
        Ok(p) => p.check_givens().is_ok(),
        Err(e) => marks::is_valid(puzzle, e),
    }
}

#[cfg(any(test, feature = "pg_test"))]
#[pg_schema]
mod tests {
    use pgrx::prelude::*;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// The extension's functions, by name, in SQL's order.
    const EXPECTED_FUNCTIONS: &str = "sudoku_candidates,sudoku_canonical,sudoku_check,sudoku_count_solutions,sudoku_equivalent,sudoku_format,sudoku_generate,sudoku_hint,sudoku_hint,sudoku_is_valid,sudoku_rate,sudoku_rate,sudoku_search_trace,sudoku_solutions,sudoku_solve,sudoku_stats,sudoku_stats,sudoku_steps,sudoku_steps,sudoku_svg,sudoku_svg_pages";
    const EASY_SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// The SQLSTATE raised by `sql`, or None when it succeeds. PL/pgSQL's exception
    /// block runs the statement in a subtransaction, so the test goes on cleanly.
    fn sqlstate_of(sql: &str) -> Option<String> {
        Spi::run(
            "CREATE OR REPLACE FUNCTION pg_temp.sqlstate_of(q text) RETURNS text LANGUAGE plpgsql AS \
             $$ BEGIN EXECUTE q; RETURN NULL; EXCEPTION WHEN OTHERS THEN RETURN SQLSTATE; END $$",
        )
        .unwrap();
        Spi::get_one_with_args::<String>("SELECT pg_temp.sqlstate_of($1)", &[sql.into()]).unwrap()
    }

    #[pg_test]
    fn solves_a_line_puzzle() {
        let got = Spi::get_one::<String>(&format!("SELECT sudoku_solve('{EASY}')")).unwrap();
        assert_eq!(got.as_deref(), Some(EASY_SOLVED));
    }

    #[pg_test]
    fn keeps_the_contest_layout() {
        let contest: Vec<String> = EASY
            .replace('.', "?")
            .as_bytes()
            .chunks(9)
            .map(|c| String::from_utf8(c.to_vec()).unwrap())
            .collect();
        let expected: Vec<&str> = EASY_SOLVED
            .as_bytes()
            .chunks(9)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect();
        let got = Spi::get_one_with_args::<String>(
            "SELECT sudoku_solve($1)",
            &[contest.join("\n").into()],
        )
        .unwrap();
        assert_eq!(got, Some(expected.join("\n")));
    }

    #[pg_test]
    fn null_in_null_out_and_no_solution_is_null() {
        assert_eq!(
            Spi::get_one::<String>("SELECT sudoku_solve(NULL)").unwrap(),
            None
        );
        // Consistent givens, no solution: r1c9 can hold no digit.
        let unsolvable = "12345678.........9".to_string() + &".".repeat(63);
        assert_eq!(
            Spi::get_one::<String>(&format!("SELECT sudoku_solve('{unsolvable}')")).unwrap(),
            None
        );
        assert_eq!(
            Spi::get_one::<i64>("SELECT count(*) FROM sudoku_candidates(NULL)").unwrap(),
            Some(0)
        );
    }

    #[pg_test]
    fn errors_carry_their_sqlstate() {
        assert_eq!(
            sqlstate_of("SELECT sudoku_solve('12x')").as_deref(),
            Some("22P02")
        );
        assert_eq!(
            sqlstate_of("SELECT sudoku_solve(repeat('.', 80))").as_deref(),
            Some("22P02")
        );
        assert_eq!(
            sqlstate_of("SELECT sudoku_solve('55' || repeat('.', 79))").as_deref(),
            Some("22023")
        );
        assert_eq!(
            sqlstate_of(
                "SELECT * FROM sudoku_candidates('5' || repeat('.', 8) || '5' || repeat('.', 71))"
            )
            .as_deref(),
            Some("22023")
        );
        assert_eq!(sqlstate_of(&format!("SELECT sudoku_solve('{EASY}')")), None);
    }

    #[pg_test]
    fn candidates_are_rows_per_blank() {
        let n = Spi::get_one::<i64>(&format!("SELECT count(*) FROM sudoku_candidates('{EASY}')"))
            .unwrap();
        assert_eq!(n, Some(51));
        let r1c3 = Spi::get_one::<Vec<i32>>(&format!(
            "SELECT candidates FROM sudoku_candidates('{EASY}') WHERE \"row\" = 1 AND col = 3"
        ))
        .unwrap();
        assert_eq!(r1c3, Some(vec![1, 2, 4]));
    }

    #[pg_test]
    fn generated_puzzles_are_deterministic_and_unique() {
        let q = "SELECT string_agg(puzzle, ',' ORDER BY n) FROM sudoku_generate(5, 11)";
        let a = Spi::get_one::<String>(q).unwrap();
        assert_eq!(a, Spi::get_one::<String>(q).unwrap());
        assert_ne!(
            a,
            Spi::get_one::<String>(
                "SELECT string_agg(puzzle, ',' ORDER BY n) FROM sudoku_generate(5, 12)"
            )
            .unwrap()
        );
        let wrong = Spi::get_one::<i64>(
            "SELECT count(*) FROM sudoku_generate(5, 11, 30) WHERE sudoku_solve(puzzle) <> solution OR givens <> 30",
        )
        .unwrap();
        assert_eq!(wrong, Some(0));
        assert_eq!(
            sqlstate_of("SELECT * FROM sudoku_generate(-1)").as_deref(),
            Some("22023")
        );
        assert_eq!(
            sqlstate_of("SELECT * FROM sudoku_generate(1, 0, 82)").as_deref(),
            Some("22023")
        );
    }

    #[pg_test]
    fn rating_hint_and_steps_through_the_glue() {
        let rate = Spi::get_one::<String>(&format!("SELECT sudoku_rate('{EASY}')::text")).unwrap();
        assert_eq!(rate.as_deref(), Some("1.2"));
        assert_eq!(
            Spi::get_one::<String>("SELECT sudoku_rate(repeat('.', 81))::text").unwrap(),
            None
        );
        let hint = Spi::get_one::<String>(&format!(
            "SELECT technique || ' ' || rating || ' ' || array_to_string(placements, ',') FROM sudoku_hint('{EASY}')"
        ))
        .unwrap();
        assert_eq!(hint.as_deref(), Some("hidden_single_box 1.2 r1c6=8"));
        let steps =
            Spi::get_one::<i64>(&format!("SELECT count(*) FROM sudoku_steps('{EASY}')")).unwrap();
        assert_eq!(steps, Some(51));
        assert_eq!(
            sqlstate_of("SELECT * FROM sudoku_steps('55' || repeat('.', 79))").as_deref(),
            Some("22023")
        );
        let keys = Spi::get_one::<String>(&format!(
            "SELECT string_agg(k, ',' ORDER BY k COLLATE \"C\") FROM jsonb_object_keys(sudoku_stats('{EASY}')) AS k"
        ))
        .unwrap();
        assert_eq!(
            keys.as_deref(),
            Some("blanks,blanks_after_singles,givens,hidden_singles,naked_singles,path_guesses,path_steps,rating,search_backtracks,search_band_updates,search_guesses,search_hidden_singles,search_naked_singles,size,solutions,solved_by_singles,techniques")
        );
    }

    #[pg_test]
    fn functions_are_immutable_strict_parallel_safe_and_commented() {
        // Exactly the functions the extension documents: one missing, or one added
        // without this list (and its COMMENT, checked below), fails here.
        let ours = Spi::get_one::<String>(
            "SELECT string_agg(proname, ',' ORDER BY proname) FROM pg_proc WHERE proname LIKE 'sudoku\\_%'",
        )
        .unwrap();
        assert_eq!(ours.as_deref(), Some(EXPECTED_FUNCTIONS));
        // sudoku_generate alone is not STRICT: its near argument defaults to NULL.
        let bad = Spi::get_one::<i64>(
            "SELECT count(*) FROM pg_proc WHERE proname LIKE 'sudoku\\_%' \
             AND NOT (provolatile = 'i' AND (proisstrict <> (proname = 'sudoku_generate')) \
                      AND proparallel = 's' AND obj_description(oid, 'pg_proc') IS NOT NULL)",
        )
        .unwrap();
        assert_eq!(bad, Some(0));
    }

    /// A minimal puzzle rated 7.1 (the core's tests start from it too).
    const MIDDLING: &str =
        ".........583....4..1......88..4....59.2.5.17...5..1.8....96.......3..4..43.8..65.";

    #[pg_test]
    fn generation_near_a_puzzle_through_the_glue() {
        let q = format!(
            "SELECT string_agg(puzzle || ':' || rating, ',' ORDER BY n) FROM \
             sudoku_generate(4, 3, min_rating => 3.0, max_rating => 7.0, near => '{MIDDLING}')"
        );
        let a = Spi::get_one::<String>(&q).unwrap();
        assert_eq!(a, Spi::get_one::<String>(&q).unwrap());
        let bad = Spi::get_one::<i64>(&format!(
            "SELECT count(*) FROM sudoku_generate(4, 3, min_rating => 3.0, max_rating => 7.0, near => '{MIDDLING}') \
             WHERE sudoku_count_solutions(puzzle) <> 1 OR sudoku_solve(puzzle) <> solution \
                OR rating <> sudoku_rate(puzzle) OR rating NOT BETWEEN 3.0 AND 7.0 OR puzzle = '{MIDDLING}'"
        ))
        .unwrap();
        assert_eq!(bad, Some(0));
        // NULL near: the random puzzles of before; NULL elsewhere: no rows, as STRICT gave.
        assert_eq!(
            Spi::get_one::<String>("SELECT string_agg(puzzle, ',' ORDER BY n) FROM sudoku_generate(3, 5, near => NULL)")
                .unwrap(),
            Spi::get_one::<String>("SELECT string_agg(puzzle, ',' ORDER BY n) FROM sudoku_generate(3, 5)")
                .unwrap()
        );
        for call in [
            "sudoku_generate(NULL)",
            "sudoku_generate(3, NULL)",
            "sudoku_generate(3, 1, NULL)",
            "sudoku_generate(3, symmetry => NULL)",
        ] {
            assert_eq!(
                Spi::get_one::<i64>(&format!("SELECT count(*) FROM {call}")).unwrap(),
                Some(0),
                "{call}"
            );
        }
        for (call, state) in [
            ("sudoku_generate(1, min_rating => 9.5)".to_string(), "22023"),
            (
                format!("sudoku_generate(1, clues => 30, near => '{MIDDLING}')"),
                "22023",
            ),
            (
                "sudoku_generate(1, near => repeat('.', 81))".to_string(),
                "22023",
            ),
            ("sudoku_generate(1, near => '12x')".to_string(), "22P02"),
            (
                "sudoku_generate(1, near => '55' || repeat('.', 79))".to_string(),
                "22023",
            ),
            (
                "sudoku_generate(1, near => '1234341221434321')".to_string(),
                "22023",
            ),
            (
                "sudoku_generate(1, near => repeat('123456789', 81))".to_string(),
                "0A000",
            ),
            (
                format!(
                    "sudoku_generate(1, min_rating => 11.0, max_rating => 11.9, near => '{EASY}')"
                ),
                "22023",
            ),
        ] {
            assert_eq!(
                sqlstate_of(&format!("SELECT count(*) FROM {call}")).as_deref(),
                Some(state),
                "{call}"
            );
        }
    }
}

/// Required by `cargo pgrx test`.
#[cfg(test)]
pub mod pg_test {
    pub fn setup(_options: Vec<&str>) {}

    #[must_use]
    pub fn postgresql_conf_options() -> Vec<&'static str> {
        vec![]
    }
}
