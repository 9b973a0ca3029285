//! Every text argument read once, by the core's one reader, into one typed value: a
//! puzzle (with its layout) or pencil marks ([`sudoku_core::position::text::read`]),
//! a position, or a player's three texts ([`sudoku_core::position::player`]). Each
//! function then takes that value; none re-decides what its text is. Errors are
//! raised here, naming the argument where a function takes more than one text.

use sudoku_core::logic::rules::VariantTables;
use sudoku_core::position::player::{is_empty, read_player, PlayerTexts};
use sudoku_core::position::text::{read, read_marks, Text};
use sudoku_core::position::Position;
use sudoku_core::variant_explain::position::{PositionError, RuledPosition};
use sudoku_core::variant_explain::rules_named;
use sudoku_core::PuzzleError;

use std::rc::Rc;
use sudoku_core::variant::{
    check_givens, memo, Engine, Geometry, Rules, Shape, VariantError, VariantPuzzle,
};

use crate::errors::{raise, raise_in, raise_position, raise_variant};

/// A puzzle or pencil-mark text, read; its error raised.
pub fn text(arg: &str) -> Text {
    read(arg).unwrap_or_else(|e| raise(e))
}

/// A puzzle or pencil-mark text, read, or its error (for a caller that names the
/// element it came from, or that never raises).
pub fn try_text(arg: &str) -> Result<Text, PuzzleError> {
    read(arg)
}

/// The position of a text read by [`text`]; its error raised.
pub fn position(text: &Text) -> Position {
    text.position().unwrap_or_else(|e| raise(e))
}

/// A player's three texts, read; an error raised with the argument's name.
pub fn player(puzzle: &str, progress: &str, marks: &str) -> PlayerTexts {
    read_player(puzzle, progress, marks).unwrap_or_else(|e| raise_in(e.argument.name(), e.error))
}

/// A player's position, for the human-logic engine.
pub fn player_position(puzzle: &str, progress: &str, marks: &str) -> Position {
    player(puzzle, progress, marks)
        .position()
        .unwrap_or_else(|e| raise(e))
}

/// A player's position under variant rules (9×9 without cages): the progress read as a
/// variant grid, the marks in the pencil-mark forms, both checked against the rules
/// ([`RuledPosition::read`]); errors raised naming the argument. `function` names the
/// refusal of rules the human-logic engine does not take.
pub fn variant_position(function: &str, v: &Variant, progress: &str, marks: &str) -> RuledPosition {
    let tables = VariantTables::new(&v.geometry).unwrap_or_else(|_| {
        raise_variant(
            None,
            VariantError::NoHumanLogic {
                what: format!("{function} with a player's position"),
                rules: rules_named(v.geometry.shape, &v.geometry.rules),
            },
        )
    });
    let progress = (!is_empty(progress)).then(|| {
        VariantPuzzle::parse(progress).unwrap_or_else(|e| raise_variant(Some("progress"), e))
    });
    let marks =
        (!is_empty(marks)).then(|| read_marks(marks).unwrap_or_else(|e| raise_in("marks", e)));
    RuledPosition::read(
        &v.puzzle,
        progress.as_ref(),
        marks.as_ref(),
        &v.geometry,
        &tables,
    )
    .unwrap_or_else(|e| raise_position(e))
}

/// A pencil-mark text given as the puzzle under rules other than classic (9×9 without
/// cages), read as Sukaku Explainer reads one under its variant options
/// ([`RuledPosition::from_marks`]), with the rules' geometry.
pub struct VariantMarks {
    pub position: RuledPosition,
    /// Shared with the calls before it under the same rules ([`memo::geometry_of`]).
    pub geometry: Rc<Geometry>,
}

impl VariantMarks {
    /// The engine of the rules, kept from the calls before it ([`memo::engine_of`]).
    pub fn engine(&self) -> Engine {
        memo::engine_of(&self.geometry)
    }
}

/// Why a pencil-mark text under rules was not read.
enum MarksRefused {
    /// The rules do not fit a 9×9 grid.
    Rules(VariantError),
    /// Rules whose tables the pencil marks need are missing (killer cages).
    NoTables,
    /// The marks: a cell without candidate, only candidates breaking the rules.
    Position(PositionError),
}

/// Pencil marks given as the puzzle under `rules`, read as Sukaku Explainer reads them
/// under its variant options ([`RuledPosition::from_marks`]).
fn marks_under(marks: &[u16; 81], rules: &Rules) -> Result<VariantMarks, MarksRefused> {
    let geometry = memo::geometry_of(Shape::NINE, rules).map_err(MarksRefused::Rules)?;
    let tables = VariantTables::shared(&geometry).map_err(|_| MarksRefused::NoTables)?;
    let position =
        RuledPosition::from_marks(marks, &geometry, &tables).map_err(MarksRefused::Position)?;
    Ok(VariantMarks { position, geometry })
}

/// What a puzzle and its rules are, read: classic (the classic paths read the text as
/// before), a variant puzzle laid on its rules' geometry, its givens checked, or a
/// pencil-mark text read under the rules (9×9 without cages). A function that does not
/// take pencil marks under rules matches [`Ruled::Marks`] and refuses it
/// ([`marks_refused`]): every site matches all three.
pub enum Ruled {
    Classic,
    Variant(Box<Variant>),
    Marks(Box<VariantMarks>),
}

/// Why a text under rules other than classic was not read.
enum RuledRefused {
    /// The variant puzzle, and the argument the error names (`rules` for rules that do
    /// not fit the grid).
    Variant(Option<&'static str>, VariantError),
    Marks(MarksRefused),
}

/// A variant puzzle, its rules laid on its shape, its givens checked against them.
pub struct Variant {
    pub puzzle: VariantPuzzle,
    /// Shared with the calls before it under the same rules ([`memo::geometry_of`]).
    pub geometry: Rc<Geometry>,
}

impl Variant {
    /// The engine of the puzzle's rules, kept from the calls before it under the same
    /// rules ([`memo::engine_of`]).
    pub fn engine(&self) -> Engine {
        memo::engine_of(&self.geometry)
    }
}

/// Rules read; an error raised with the DETAIL starting "rules:".
pub fn rules(text: &str) -> Rules {
    Rules::parse(text).unwrap_or_else(|e| raise_variant(Some("rules"), e))
}

/// The number of cell characters of a text (digits, letters, `.`, `?`), up to 626: a
/// classic text has 16, 81 or 729; a giant grid 256 or 625.
fn cell_characters(text: &str) -> usize {
    text.bytes()
        .filter(|b| b.is_ascii_alphanumeric() || *b == b'.' || *b == b'?')
        .take(Shape::MAX_CELLS + 1)
        .count()
}

/// A puzzle under rules, read once: `Ruled::Classic` when the rules are classic and the
/// text is not a giant grid (16×16 or 25×25), so that the classic paths stay as they
/// were (and read the text themselves); else pencil marks read under the rules, or the
/// variant puzzle, its geometry and its givens checked (22P02, 22023). `function` names
/// the refusal of rules whose pencil marks are not read (killer cages).
pub fn ruled(function: &str, puzzle: &str, rules_text: &str) -> Ruled {
    let rules = rules(rules_text);
    if rules.is_classic() && !is_giant(puzzle) {
        return Ruled::Classic;
    }
    try_ruled(puzzle, &rules).unwrap_or_else(|e| match e {
        RuledRefused::Variant(what, e) => raise_variant(what, e),
        RuledRefused::Marks(MarksRefused::Rules(e)) => raise_variant(Some("rules"), e),
        RuledRefused::Marks(MarksRefused::NoTables) => marks_refused(function, &rules),
        RuledRefused::Marks(MarksRefused::Position(e)) => raise_position(e),
    })
}

/// [`ruled`] under rules already read, without raising (the text is read once: a
/// pencil-mark text is told from a puzzle by the core's reader).
fn try_ruled(puzzle: &str, rules: &Rules) -> Result<Ruled, RuledRefused> {
    if let Ok(Text::Marks(marks)) = read(puzzle) {
        let marks = marks_under(&marks, rules).map_err(RuledRefused::Marks)?;
        return Ok(Ruled::Marks(Box::new(marks)));
    }
    let variant = variant_of(puzzle, rules).map_err(|(what, e)| RuledRefused::Variant(what, e))?;
    Ok(Ruled::Variant(Box::new(variant)))
}

/// Whether a text makes a puzzle or a position under rules other than classic (or is a
/// giant grid), as [`ruled`] reads it.
pub fn valid_under(puzzle: &str, rules: &Rules) -> bool {
    try_ruled(puzzle, rules).is_ok()
}

/// Raises the refusal of a pencil-mark text under `rules` by `function`, which does not
/// take one there (a player's position, `sudoku_check`, killer cages).
pub fn marks_refused(function: &str, rules: &Rules) -> ! {
    raise_variant(
        None,
        VariantError::MarksUnderRules {
            what: function.into(),
            rules: rules_named(Shape::NINE, rules),
        },
    )
}

/// True for a text of 256 or 625 cell characters: a 16×16 or 25×25 grid, which only
/// the variant engine reads.
pub fn is_giant(puzzle: &str) -> bool {
    let cells = cell_characters(puzzle);
    cells == Shape::SIXTEEN.cells() || cells == Shape::TWENTY_FIVE.cells()
}

/// A variant puzzle under rules already read, its givens checked; errors raised.
pub fn variant(function: &str, puzzle: &str, rules: &Rules) -> Variant {
    try_variant(function, puzzle, rules).unwrap_or_else(|(what, e)| raise_variant(what, e))
}

/// A variant puzzle under rules already read, its givens checked, or the error and the
/// argument it names (`rules` for rules that do not fit the grid); a pencil-mark text
/// is refused (for `function`, which does not take one under rules).
pub fn try_variant(
    function: &str,
    puzzle: &str,
    rules: &Rules,
) -> Result<Variant, (Option<&'static str>, VariantError)> {
    if let Ok(Text::Marks(..)) = read(puzzle) {
        let what = function.into();
        let rules = rules.to_string();
        return Err((None, VariantError::MarksUnderRules { what, rules }));
    }
    variant_of(puzzle, rules)
}

/// A text that is not pencil marks read as a variant puzzle under rules, its givens
/// checked.
fn variant_of(
    puzzle: &str,
    rules: &Rules,
) -> Result<Variant, (Option<&'static str>, VariantError)> {
    let puzzle = VariantPuzzle::parse(puzzle).map_err(|e| (None, e))?;
    let geometry = memo::geometry_of(puzzle.shape, rules).map_err(|e| (Some("rules"), e))?;
    check_givens(&puzzle, &geometry).map_err(|e| (None, e))?;
    Ok(Variant { puzzle, geometry })
}

/// Raises 22023 for a function that takes classic 9×9 and 4×4 puzzles only (until it
/// learns variants), naming the function and the rules (or the giant grid's shape).
pub fn classic_only(function: &str, puzzle: &str, rules_text: &str) {
    let rules = rules(rules_text);
    let cells = cell_characters(puzzle);
    let giant = Shape::of_cell_count(cells).filter(|s| *s > Shape::NINE);
    let what = match giant {
        _ if !rules.is_classic() => rules.to_string(),
        Some(shape) => format!("classic {}", shape.name()),
        None => return,
    };
    raise_variant(
        None,
        VariantError::Unsupported {
            what: function.into(),
            rules: what,
        },
    );
}
