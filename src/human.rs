//! The human-logic engine's functions: `sudoku_rate`, `sudoku_hint`, `sudoku_steps`
//! and `sudoku_stats`, each on `(puzzle, progress DEFAULT '', marks DEFAULT '', rules
//! DEFAULT 'classic')`. What they read ([`subject`]): a text alone (a puzzle, or pencil
//! marks) when progress and marks are empty, else a player's position; under rules
//! other than classic, a 9×9 variant puzzle or pencil-mark text
//! (`sudoku_core::variant_explain`). A puzzle
//! goes to the engine from its givens, anything else from its position
//! (`sudoku_core::position::engine`).

use std::str::FromStr;

use pgrx::prelude::*;
use pgrx::AnyNumeric;
use sudoku_core::position::engine;
use sudoku_core::position::player::is_empty;
use sudoku_core::position::text::Text;
use sudoku_core::position::Position;
use sudoku_core::variant::{Engine, Geometry, VariantError};
use sudoku_core::variant_explain::position::RuledPosition;
use sudoku_core::variant_explain::RuledPuzzle;
use sudoku_core::{explain, logic, Size};

use crate::encoding::DbText;
use crate::errors::{check_interrupts, raise, raise_variant, Interruptible};
use crate::read::{self, Ruled};
use crate::rows::{
    numbered_columns, numbered_step, rating_numeric, step_columns, text_columns, NumberedStep,
    StepColumns,
};

/// What a human-logic function reads from its four arguments.
enum Subject {
    /// A text alone, under classic rules: a puzzle or pencil marks.
    Text(Text),
    /// A player's position, under classic rules.
    Position(Position),
    /// A 9×9 puzzle or a player's position under other rules, its solutions counted.
    Ruled(Box<RuledPuzzle>),
}

/// Reads the arguments of `function` (errors raised): progress and marks empty (ASCII
/// whitespace alone) leave the puzzle text alone; under rules other than classic the
/// puzzle is a variant puzzle or a pencil-mark text (read as Sukaku Explainer reads
/// one under the rules), and a player's position its progress and marks checked
/// against the rules.
fn subject(function: &str, puzzle: &str, progress: &str, marks: &str, rules: &str) -> Subject {
    let player = !is_empty(progress) || !is_empty(marks);
    match read::ruled(function, puzzle, rules) {
        Ruled::Marks(m) if player => read::marks_refused(function, &m.geometry.rules),
        Ruled::Marks(m) => ruled_at(function, &m.position, &m.geometry, &m.engine()),
        Ruled::Classic if player => {
            Subject::Position(read::player_position(puzzle, progress, marks))
        }
        Ruled::Classic => Subject::Text(read::text(puzzle)),
        Ruled::Variant(v) if player => {
            let position = read::variant_position(function, &v, progress, marks);
            ruled_at(function, &position, &v.geometry, &v.engine())
        }
        Ruled::Variant(v) => {
            let ruled = RuledPuzzle::new(function, &v.puzzle, &v.geometry, &v.engine());
            Subject::Ruled(Box::new(ruled.unwrap_or_else(|e| raise_variant(None, e))))
        }
    }
}

/// A position under rules (a player's, or pencil marks given as the puzzle) ready for
/// the engine; its error raised.
fn ruled_at(
    function: &str,
    position: &RuledPosition,
    geometry: &Geometry,
    engine: &Engine,
) -> Subject {
    let ruled = RuledPuzzle::at(function, position, geometry, engine);
    Subject::Ruled(Box::new(ruled.unwrap_or_else(|e| raise_variant(None, e))))
}

/// A variant answer, or its error raised (0A000 where the built techniques stop).
fn ruled_answer<T>(answer: Result<T, VariantError>) -> T {
    answer.unwrap_or_else(|e| raise_variant(None, e))
}

/// The ER of a position; NULL unless it has exactly one solution.
fn rate_position(position: &Position) -> Option<AnyNumeric> {
    engine::rate(position, &mut Interruptible).map(|r| rating_numeric(r.er))
}

/// The ER rating (Sudoku Explainer's scale, as Sukaku Explainer computes it), one
/// decimal; NULL unless the puzzle or position has exactly one solution.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_rate(puzzle text, progress text DEFAULT '', marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS numeric
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_rate_ruled_wrapper';
"#)]
fn sudoku_rate_ruled(
    puzzle: DbText,
    progress: DbText,
    marks: DbText,
    rules: DbText,
) -> Option<AnyNumeric> {
    match subject("sudoku_rate", &puzzle, &progress, &marks, &rules) {
        Subject::Text(Text::Puzzle(parsed, _)) => {
            let outcome = sudoku_core::solve_observed(&parsed, 2, &mut Interruptible)
                .unwrap_or_else(|e| raise(e));
            (outcome.count == 1)
                .then(|| rating_numeric(logic::rate(&parsed, &mut check_interrupts).er))
        }
        Subject::Text(marks) => rate_position(&read::position(&marks)),
        Subject::Position(position) => rate_position(&position),
        Subject::Ruled(p) => {
            ruled_answer(p.rate(&mut check_interrupts)).map(|r| rating_numeric(r.er))
        }
    }
}

/// The easiest next step: one row, or none when the grid is full or has no solution.
///
/// The SQL is written by hand to tell the planner it returns one row.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_hint(puzzle text, progress text DEFAULT '', marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS TABLE(technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 1
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_hint_ruled_wrapper';
"#)]
// pgrx reads a set-returning function's columns from the TableIterator written out in its
// signature (a type alias would hide it), so the long type stays.
#[allow(clippy::type_complexity)]
fn sudoku_hint_ruled(
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
    let row: Option<StepColumns> = match subject("sudoku_hint", &puzzle, &progress, &marks, &rules)
    {
        Subject::Text(Text::Puzzle(parsed, _)) => explain::hint(&parsed, &mut Interruptible)
            .unwrap_or_else(|e| raise(e))
            .map(|s| step_columns(parsed.size, &s)),
        Subject::Text(marks) => engine::hint(&read::position(&marks), &mut Interruptible)
            .map(|s| step_columns(Size::Nine, &s)),
        Subject::Position(position) => {
            engine::hint(&position, &mut Interruptible).map(|s| step_columns(Size::Nine, &s))
        }
        Subject::Ruled(p) => {
            ruled_answer(p.hint(&mut check_interrupts)).map(|s| text_columns(p.step_text(&s)))
        }
    };
    TableIterator::new(row)
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

/// The human path to the solution, one row per step.
///
/// The SQL is written by hand to tell the planner how many rows to expect.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_steps(puzzle text, progress text DEFAULT '', marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS TABLE(step int, technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 50 ROWS 60
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_steps_ruled_wrapper';
"#)]
#[allow(clippy::type_complexity)]
fn sudoku_steps_ruled(
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
    let rows = match subject("sudoku_steps", &puzzle, &progress, &marks, &rules) {
        Subject::Text(Text::Puzzle(parsed, _)) => {
            parsed.check_givens().unwrap_or_else(|e| raise(e));
            let path = logic::path(&parsed, &mut check_interrupts).unwrap_or_default();
            let size = parsed.size;
            path.iter()
                .enumerate()
                .map(|(i, s)| numbered_step(size, i, s))
                .collect()
        }
        Subject::Text(marks) => position_steps(&read::position(&marks)),
        Subject::Position(position) => position_steps(&position),
        Subject::Ruled(p) => ruled_answer(p.path(&mut check_interrupts))
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(i, s)| numbered_columns(i, text_columns(p.step_text(s))))
            .collect(),
    };
    TableIterator::new(rows)
}

/// A rating in tenths as a JSON number.
fn rating_json(tenths: u16) -> serde_json::Number {
    serde_json::Number::from_str(&explain::rating_text(tenths)).expect("a decimal number")
}

/// The jsonb of `sudoku_stats`: the core's figures, a key each (the search keys null
/// where the search keeps no counters: under variant rules).
fn stats_json(a: explain::Analysis) -> pgrx::JsonB {
    let techniques: serde_json::Map<String, serde_json::Value> = a
        .techniques
        .into_iter()
        .map(|(k, v)| (k, v.into()))
        .collect();
    let search = |key: fn(&sudoku_core::Stats) -> u64| a.search.as_ref().map(key);
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
        "search_naked_singles": search(|s| s.naked_singles),
        "search_hidden_singles": search(|s| s.hidden_singles),
        "search_band_updates": search(|s| s.band_singles),
        "search_guesses": search(|s| s.guesses),
        "search_backtracks": search(|s| s.backtracks),
    }))
}

/// Figures about a puzzle or position: its singles, its human path and rating, and the
/// fast search's work, as jsonb.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_stats(puzzle text, progress text DEFAULT '', marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS jsonb
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_stats_ruled_wrapper';
"#)]
fn sudoku_stats_ruled(
    puzzle: DbText,
    progress: DbText,
    marks: DbText,
    rules: DbText,
) -> pgrx::JsonB {
    stats_json(
        match subject("sudoku_stats", &puzzle, &progress, &marks, &rules) {
            Subject::Text(Text::Puzzle(parsed, _)) => {
                explain::analyse_observed(&parsed, &mut Interruptible).unwrap_or_else(|e| raise(e))
            }
            Subject::Text(marks) => engine::analyse(&read::position(&marks), &mut Interruptible),
            Subject::Position(position) => engine::analyse(&position, &mut Interruptible),
            Subject::Ruled(p) => ruled_answer(p.analyse(&mut check_interrupts)),
        },
    )
}

// The functions as releases before 0.5.0 declared them, on a text alone: their C
// symbols stay, for a database whose SQL definitions ALTER EXTENSION has not updated
// yet. Classic rules; no SQL of their own.

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
fn sudoku_rate(puzzle: DbText) -> Option<AnyNumeric> {
    sudoku_rate_ruled(
        puzzle,
        DbText::constant(""),
        DbText::constant(""),
        DbText::constant("classic"),
    )
}

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
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
    sudoku_hint_ruled(
        puzzle,
        DbText::constant(""),
        DbText::constant(""),
        DbText::constant("classic"),
    )
}

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
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
    sudoku_steps_ruled(
        puzzle,
        DbText::constant(""),
        DbText::constant(""),
        DbText::constant("classic"),
    )
}

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
fn sudoku_stats(puzzle: DbText) -> pgrx::JsonB {
    sudoku_stats_ruled(
        puzzle,
        DbText::constant(""),
        DbText::constant(""),
        DbText::constant("classic"),
    )
}
