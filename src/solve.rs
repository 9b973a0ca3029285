//! The fast search's functions: `sudoku_solve`, `sudoku_count_solutions`,
//! `sudoku_solutions`, `sudoku_candidates` and `sudoku_search_trace`. A puzzle goes to
//! the search; pencil marks go to the core's solving shortcut (the same solutions and
//! errors as their position, see `sudoku_core::position::solve`).

use pgrx::prelude::*;
use sudoku_core::position::solve::{marks_solutions, position_trace, solve_marks_observed};
use sudoku_core::position::text::Text;
use sudoku_core::{error::try_copy, explain, Event, Puzzle, Size, Solutions};

use sudoku_core::variant::engine;
use sudoku_core::variant::text::fill_layout;

use crate::encoding::{DbString, DbText};
use crate::errors::{check_interrupts, raise, raise_argument, raise_oom, Interruptible};
use crate::read::{self, Ruled, Variant};
use crate::rows::{candidate_row, sql_position, variant_candidate_row, CandidateRow};

/// The rows of `sudoku_candidates` for a variant puzzle: its open cells and the
/// candidates its givens leave under the rules (box: the jigsaw region, if any).
fn variant_candidate_rows(v: &Variant) -> Vec<CandidateRow> {
    let masks = engine::candidates(&v.puzzle, &v.geometry);
    (0..v.puzzle.cells.len())
        .filter(|&cell| v.puzzle.cells[cell] == 0)
        .map(|cell| variant_candidate_row(&v.geometry, cell, masks[cell]))
        .collect()
}

/// A 9×9 grid's digits as one 81-digit line (a pencil-mark text has no 81-cell layout
/// to keep).
fn line_of(cells: &[u8]) -> String {
    let mut grid = [0u8; 81];
    grid.copy_from_slice(&cells[..81]);
    Puzzle::from_cells(grid).to_line()
}

/// `max_count`, checked.
fn checked_max_count(max_count: i32) -> u64 {
    if max_count < 1 {
        raise_argument(
            format!("max_count must be at least 1, got {max_count}"),
            "max_count is how many solutions to count or list; a puzzle with exactly one solution counts 1 of 2.",
        );
    }
    max_count as u64
}

/// The solved grid in the input's layout (pencil marks: one 81-digit line), or NULL
/// when there is no solution.
#[pg_extern(name = "sudoku_solve", immutable, strict, parallel_safe, cost = 20)]
fn sudoku_solve_ruled(puzzle: DbText, rules: default!(DbText, "'classic'")) -> Option<DbString> {
    match read::ruled("sudoku_solve", &puzzle, &rules) {
        Ruled::Marks(m) => {
            let (allowed, engine) = (m.position.allowed(), m.engine());
            let mut solutions =
                engine.solutions_within(&m.position.filled, &allowed, 1, check_interrupts);
            return solutions.next().map(|s| DbString(line_of(&s)));
        }
        Ruled::Variant(v) => {
            let solution = v.engine().solve(&v.puzzle, &mut check_interrupts)?;
            let text =
                fill_layout(&puzzle, v.puzzle.shape, &solution).unwrap_or_else(|e| raise_oom(e));
            return Some(DbString(text));
        }
        Ruled::Classic => {}
    }
    match read::text(&puzzle) {
        Text::Puzzle(parsed, layout) => {
            let outcome = sudoku_core::solve_observed(&parsed, 1, &mut Interruptible)
                .unwrap_or_else(|e| raise(e));
            outcome.solution.map(|grid| {
                DbString(
                    layout
                        .render(&puzzle, &grid)
                        .unwrap_or_else(|e| raise_oom(e)),
                )
            })
        }
        Text::Marks(m) => solve_marks_observed(&m, 1, &mut Interruptible)
            .unwrap_or_else(|e| raise(e))
            .solution
            .map(|s| DbString(Puzzle::from_cells(s).to_line())),
    }
}

/// The number of solutions, counted up to `max_count`.
#[pg_extern(
    name = "sudoku_count_solutions",
    immutable,
    strict,
    parallel_safe,
    cost = 20
)]
fn sudoku_count_solutions_ruled(
    puzzle: DbText,
    max_count: default!(i32, 2),
    rules: default!(DbText, "'classic'"),
) -> i32 {
    let limit = checked_max_count(max_count);
    match read::ruled("sudoku_count_solutions", &puzzle, &rules) {
        Ruled::Marks(m) => {
            let allowed = m.position.allowed();
            let engine = m.engine();
            let solutions =
                engine.solutions_within(&m.position.filled, &allowed, limit, check_interrupts);
            return solutions.count() as i32;
        }
        Ruled::Variant(v) => {
            let engine = v.engine();
            return engine.count(&v.puzzle, limit, &mut check_interrupts) as i32;
        }
        Ruled::Classic => {}
    }
    let outcome = match read::text(&puzzle) {
        Text::Puzzle(parsed, _) => sudoku_core::solve_observed(&parsed, limit, &mut Interruptible),
        Text::Marks(m) => solve_marks_observed(&m, limit, &mut Interruptible),
    };
    outcome.unwrap_or_else(|e| raise(e)).count as i32
}

/// The solutions themselves, up to `max_count`, in the input's layout, in the
/// search's order, one row at a time: the search is resumed for each row, so memory
/// does not grow with `max_count`.
#[pg_extern(name = "sudoku_solutions", immutable, strict, parallel_safe, cost = 10)]
fn sudoku_solutions_ruled(
    puzzle: DbText,
    max_count: default!(i32, 10),
    rules: default!(DbText, "'classic'"),
) -> SetOfIterator<'static, DbString> {
    let limit = checked_max_count(max_count);
    match read::ruled("sudoku_solutions", &puzzle, &rules) {
        Ruled::Marks(m) => {
            let allowed = m.position.allowed();
            let solutions = m.engine().into_solutions_within(
                &m.position.filled,
                &allowed,
                limit,
                check_interrupts,
            );
            return SetOfIterator::new(solutions.map(|s| DbString(line_of(&s))));
        }
        Ruled::Variant(v) => {
            let text = try_copy(&puzzle).unwrap_or_else(|e| raise_oom(e));
            let shape = v.puzzle.shape;
            let solutions = v
                .engine()
                .into_solutions(&v.puzzle, limit, check_interrupts);
            return SetOfIterator::new(solutions.map(move |grid| {
                DbString(fill_layout(&text, shape, &grid).unwrap_or_else(|e| raise_oom(e)))
            }));
        }
        Ruled::Classic => {}
    }
    match read::text(&puzzle) {
        Text::Puzzle(parsed, layout) => {
            let solutions =
                Solutions::new(&parsed, limit, Interruptible).unwrap_or_else(|e| raise(e));
            let text = try_copy(&puzzle).unwrap_or_else(|e| raise_oom(e));
            SetOfIterator::new(
                solutions.map(move |g| {
                    DbString(layout.render(&text, &g).unwrap_or_else(|e| raise_oom(e)))
                }),
            )
        }
        Text::Marks(m) => {
            let solutions = marks_solutions(&m, limit, Interruptible).unwrap_or_else(|e| raise(e));
            SetOfIterator::new(solutions.map(|s| DbString(Puzzle::from_cells(s).to_line())))
        }
    }
}

/// One row per open cell: the candidates the givens leave it (pencil marks), or the
/// marks of a pencil-mark text.
///
/// The SQL is written by hand only because `"row"` needs quoting as a column name.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_candidates(puzzle text, rules text DEFAULT 'classic')
RETURNS TABLE(cell int, "row" int, col int, box int, mask int, candidates int[], count int)
IMMUTABLE STRICT PARALLEL SAFE COST 5 ROWS 60
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_candidates_ruled_wrapper';
"#)]
// pgrx reads a set-returning function's columns from the TableIterator written out in its
// signature (a type alias would hide it), so the long type stays.
#[allow(clippy::type_complexity)]
fn sudoku_candidates_ruled(
    puzzle: DbText,
    rules: DbText,
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
    match read::ruled("sudoku_candidates", &puzzle, &rules) {
        Ruled::Marks(m) => {
            let allowed = m.position.allowed();
            let rows: Vec<CandidateRow> = (0..81)
                .filter(|&cell| m.position.filled.cells[cell] == 0)
                .map(|cell| variant_candidate_row(&m.geometry, cell, allowed[cell]))
                .collect();
            return TableIterator::new(rows);
        }
        Ruled::Variant(v) => return TableIterator::new(variant_candidate_rows(&v)),
        Ruled::Classic => {}
    }
    let rows: Vec<CandidateRow> = match read::text(&puzzle) {
        Text::Puzzle(parsed, _) => {
            let masks = sudoku_core::candidates(&parsed).unwrap_or_else(|e| raise(e));
            (0..parsed.size.cells())
                .filter(|&cell| parsed.cells[cell] == 0)
                .map(|cell| candidate_row(parsed.size, cell, masks[cell]))
                .collect()
        }
        marks @ Text::Marks(_) => {
            let position = read::position(&marks);
            position
                .open_cells()
                .map(|cell| candidate_row(Size::Nine, cell, position.cands[cell]))
                .collect()
        }
    };
    TableIterator::new(rows)
}

/// A row of `sudoku_search_trace`.
type TraceRow = (
    i32,
    String,
    Option<String>,
    Option<i32>,
    Option<i32>,
    Option<i32>,
    Option<i32>,
    Option<i32>,
    i32,
    bool,
);

/// The row of one event of the fast search.
fn trace_row(size: Size, index: u64, event: Event, kept: bool) -> TraceRow {
    let step = i32::try_from(index + 1).unwrap_or(i32::MAX);
    match event {
        Event::Place {
            cell,
            digit,
            by,
            depth,
        } => {
            let (name, unit) = explain::placed_by_name(by);
            let (row, col, box_) = sql_position(size, cell as usize);
            (
                step,
                name.to_string(),
                unit.map(|u| u.name().to_string()),
                Some(cell as i32 + 1),
                Some(row),
                Some(col),
                Some(box_),
                Some(digit as i32),
                depth as i32,
                kept,
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
    puzzle: DbText,
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
    read::classic_only("sudoku_search_trace", &puzzle, "classic");
    let (trace, size) = match read::text(&puzzle) {
        Text::Puzzle(parsed, _) => (
            explain::Trace::new(&parsed, Interruptible).unwrap_or_else(|e| raise(e)),
            parsed.size,
        ),
        marks @ Text::Marks(_) => (
            position_trace(&read::position(&marks), Interruptible),
            Size::Nine,
        ),
    };
    TableIterator::new(trace.map(move |s| trace_row(size, s.index, s.event, s.kept)))
}

// The functions as releases before 0.5.0 declared them, without `rules`: their C
// symbols stay, for a database whose SQL definitions ALTER EXTENSION has not updated
// yet (the `upgrade` regression test calls one). Classic rules; no SQL of their own.

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
fn sudoku_solve(puzzle: DbText) -> Option<DbString> {
    sudoku_solve_ruled(puzzle, DbText::constant("classic"))
}

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
fn sudoku_count_solutions(puzzle: DbText, max_count: i32) -> i32 {
    sudoku_count_solutions_ruled(puzzle, max_count, DbText::constant("classic"))
}

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
fn sudoku_solutions(puzzle: DbText, max_count: i32) -> SetOfIterator<'static, DbString> {
    sudoku_solutions_ruled(puzzle, max_count, DbText::constant("classic"))
}

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
#[allow(clippy::type_complexity)]
fn sudoku_candidates(
    puzzle: DbText,
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
    sudoku_candidates_ruled(puzzle, DbText::constant("classic"))
}
