//! The human-logic engine's functions: `sudoku_rate`, `sudoku_hint`, `sudoku_steps`
//! and `sudoku_stats`, each on a text (a puzzle or pencil marks) and on a player's
//! position `(puzzle, progress, marks)`. A puzzle goes to the engine from its givens,
//! anything else to the engine from its position (`sudoku_core::position::engine`).

use std::str::FromStr;

use pgrx::prelude::*;
use pgrx::AnyNumeric;
use sudoku_core::position::engine;
use sudoku_core::position::text::Text;
use sudoku_core::position::Position;
use sudoku_core::{explain, logic, Size};

use crate::encoding::DbText;
use crate::errors::{check_interrupts, raise, Interruptible};
use crate::read;
use crate::rows::{numbered_step, rating_numeric, step_columns, NumberedStep, StepColumns};

/// The ER of a position; NULL unless it has exactly one solution.
fn rate_position(position: &Position) -> Option<AnyNumeric> {
    engine::rate(position, &mut Interruptible).map(|r| rating_numeric(r.er))
}

/// The ER rating (Sudoku Explainer's scale, as Sukaku Explainer computes it), one
/// decimal; NULL unless the puzzle has exactly one solution.
#[pg_extern(immutable, strict, parallel_safe, cost = 2000)]
fn sudoku_rate(puzzle: DbText) -> Option<AnyNumeric> {
    read::classic_only("sudoku_rate", &puzzle, "classic");
    match read::text(&puzzle) {
        Text::Puzzle(parsed, _) => {
            let outcome = sudoku_core::solve_observed(&parsed, 2, &mut Interruptible)
                .unwrap_or_else(|e| raise(e));
            (outcome.count == 1)
                .then(|| rating_numeric(logic::rate(&parsed, &mut check_interrupts).er))
        }
        marks => rate_position(&read::position(&marks)),
    }
}

/// The ER rating of a player's position.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_rate(puzzle text, progress text, marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS numeric
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_rate_position_wrapper';
"#)]
fn sudoku_rate_position(
    puzzle: DbText,
    progress: DbText,
    marks: DbText,
    rules: DbText,
) -> Option<AnyNumeric> {
    read::classic_only("sudoku_rate", &puzzle, &rules);
    rate_position(&read::player_position(&puzzle, &progress, &marks))
}

/// The hint of a text: from the givens for a puzzle, from the position for marks.
fn hint_of(text: &Text) -> Option<StepColumns> {
    match text {
        Text::Puzzle(parsed, _) => explain::hint(parsed, &mut Interruptible)
            .unwrap_or_else(|e| raise(e))
            .map(|s| step_columns(parsed.size, &s)),
        marks => engine::hint(&read::position(marks), &mut Interruptible)
            .map(|s| step_columns(Size::Nine, &s)),
    }
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
    puzzle: DbText,
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
    read::classic_only("sudoku_hint", &puzzle, "classic");
    TableIterator::new(hint_of(&read::text(&puzzle)))
}

/// The easiest next step from a player's position.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_hint(puzzle text, progress text, marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS TABLE(technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 1
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_hint_position_wrapper';
"#)]
#[allow(clippy::type_complexity)]
fn sudoku_hint_position(
    puzzle: DbText,
    progress: DbText,
    marks: DbText,
    rules: DbText,
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
    read::classic_only("sudoku_hint", &puzzle, &rules);
    let position = read::player_position(&puzzle, &progress, &marks);
    let step = engine::hint(&position, &mut Interruptible);
    TableIterator::new(step.map(|s| step_columns(Size::Nine, &s)))
}

/// The path of a position as the rows of `sudoku_steps`.
fn position_steps(position: &Position) -> Vec<NumberedStep> {
    engine::path(position, &mut Interruptible)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(i, s)| numbered_step(Size::Nine, i, s))
        .collect()
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
#[allow(clippy::type_complexity)]
fn sudoku_steps(
    puzzle: DbText,
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
    read::classic_only("sudoku_steps", &puzzle, "classic");
    let rows = match read::text(&puzzle) {
        Text::Puzzle(parsed, _) => {
            parsed.check_givens().unwrap_or_else(|e| raise(e));
            let path = logic::path(&parsed, &mut check_interrupts).unwrap_or_default();
            let size = parsed.size;
            path.iter()
                .enumerate()
                .map(|(i, s)| numbered_step(size, i, s))
                .collect()
        }
        marks => position_steps(&read::position(&marks)),
    };
    TableIterator::new(rows)
}

/// The human path from a player's position to the solution.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_steps(puzzle text, progress text, marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS TABLE(step int, technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 50 ROWS 60
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_steps_position_wrapper';
"#)]
#[allow(clippy::type_complexity)]
fn sudoku_steps_position(
    puzzle: DbText,
    progress: DbText,
    marks: DbText,
    rules: DbText,
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
    read::classic_only("sudoku_steps", &puzzle, &rules);
    TableIterator::new(position_steps(&read::player_position(
        &puzzle, &progress, &marks,
    )))
}

/// A rating in tenths as a JSON number.
fn rating_json(tenths: u16) -> serde_json::Number {
    serde_json::Number::from_str(&explain::rating_text(tenths)).expect("a decimal number")
}

/// The jsonb of `sudoku_stats`: the core's figures, a key each.
fn stats_json(a: explain::Analysis) -> pgrx::JsonB {
    let techniques: serde_json::Map<String, serde_json::Value> = a
        .techniques
        .into_iter()
        .map(|(k, v)| (k, v.into()))
        .collect();
    pgrx::JsonB(serde_json::json!({
        "size": a.size.name(),
        "givens": a.givens,
        "placed": a.placed,
        "blanks": a.blanks,
        "solutions": a.solutions,
        "naked_singles": a.singles.naked_singles,
        "hidden_singles": a.singles.hidden_singles,
        "blanks_after_singles": a.singles.blanks_left,
        "solved_by_singles": a.singles.blanks_left == 0 && !a.singles.contradiction,
        "rating": a.rating.map(rating_json),
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

/// Figures about a puzzle: its singles, its human path and rating, and the fast
/// search's work, as jsonb.
#[pg_extern(immutable, strict, parallel_safe, cost = 2000)]
fn sudoku_stats(puzzle: DbText) -> pgrx::JsonB {
    read::classic_only("sudoku_stats", &puzzle, "classic");
    stats_json(match read::text(&puzzle) {
        Text::Puzzle(parsed, _) => {
            explain::analyse_observed(&parsed, &mut Interruptible).unwrap_or_else(|e| raise(e))
        }
        marks => engine::analyse(&read::position(&marks), &mut Interruptible),
    })
}

/// Figures about a player's position, as sudoku_stats gives them for a pencil-mark text.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_stats(puzzle text, progress text, marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS jsonb
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_stats_position_wrapper';
"#)]
fn sudoku_stats_position(
    puzzle: DbText,
    progress: DbText,
    marks: DbText,
    rules: DbText,
) -> pgrx::JsonB {
    read::classic_only("sudoku_stats", &puzzle, &rules);
    let position = read::player_position(&puzzle, &progress, &marks);
    stats_json(engine::analyse(&position, &mut Interruptible))
}
