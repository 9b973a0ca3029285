//! The functions that write or compare texts: `sudoku_format`, `sudoku_canonical`,
//! `sudoku_equivalent` and `sudoku_is_valid`, on puzzles and pencil-mark texts alike.

use pgrx::prelude::*;
use sudoku_core::canonical::{canonical_marks, equivalent_marks};
use sudoku_core::position::text::{write_grid, write_line, Text};
use sudoku_core::{explain, Puzzle, Size};

use sudoku_core::logic::rules::VariantTables;
use sudoku_core::logic::Marks;
use sudoku_core::variant::{fpuzzles, Geometry, Regions, Rules};
use sudoku_core::variant_explain::position::RuledPosition;

use crate::encoding::{DbText, RawText};
use crate::errors::{check_interrupts, raise, raise_argument, raise_variant};
use crate::read::{self, Ruled, Variant};

/// What `sudoku_format` writes.
enum Written {
    /// The pencil marks (of a puzzle: the candidates its givens leave).
    Marks(fn(&[u16; 81]) -> String),
    /// The givens (of pencil marks: the cells whose one candidate no peer has).
    Givens(explain::Style),
}

fn written(style: &str) -> Written {
    match style {
        "marks" => Written::Marks(write_line),
        "marks_grid" => Written::Marks(write_grid),
        _ => match explain::Style::from_name(style) {
            Some(s) => Written::Givens(s),
            None => raise_argument(
                format!("unknown style \"{style}\""),
                "The styles are line, digits, contest, grid (the givens), marks and marks_grid (the pencil marks), and fpuzzles (f-puzzles' JSON).",
            ),
        },
    }
}

/// A variant puzzle (or a classic one in the `fpuzzles` style) written in a style:
/// the givens' styles, f-puzzles' JSON, or on a 9×9 grid without cages the pencil
/// marks the rules leave (a given as its digit alone: read back under the same rules,
/// the givens are the puzzle's, as [`RuledPosition::from_marks`] reads them).
fn format_variant(v: &Variant, style: &str) -> String {
    if style == "fpuzzles" {
        return fpuzzles::export_json(&v.puzzle, &v.geometry.rules)
            .unwrap_or_else(|e| raise_variant(None, e));
    }
    match written(style) {
        Written::Givens(style) => {
            let boxes = v.geometry.rules.regions == Regions::Boxes;
            v.puzzle.format(style, boxes)
        }
        Written::Marks(write) => match VariantTables::shared(&v.geometry) {
            Ok(t) => write(&masks_of(&t.marks_of(&v.puzzle.cells))),
            Err(_) => raise_argument(
                format!("style \"{style}\" is for 9x9 puzzles without killer cages"),
                "Pencil marks are written for 9x9 grids under every rule but killer cages; other puzzles take line, digits, contest, grid and fpuzzles.",
            ),
        },
    }
}

/// A pencil-mark text under rules other than classic written in a style: its marks, or
/// the givens it holds as [`RuledPosition::from_marks`] reads them.
fn format_variant_marks(position: &RuledPosition, geometry: &Geometry, style: &str) -> String {
    let Some(cands) = &position.cands else {
        unreachable!("a pencil-mark text's position has its marks")
    };
    let marks: [u16; 81] = std::array::from_fn(|c| match position.filled.cells[c] {
        0 => cands[c],
        d => 1 << (d - 1),
    });
    if style == "fpuzzles" {
        return fpuzzles::export_json(&position.filled, &geometry.rules)
            .unwrap_or_else(|e| raise_variant(None, e));
    }
    match written(style) {
        Written::Givens(style) => {
            let boxes = geometry.rules.regions == Regions::Boxes;
            position.filled.format(style, boxes)
        }
        Written::Marks(write) => write(&marks),
    }
}

/// The pencil marks of a position as the texts write them: a filled cell as its digit
/// alone.
fn masks_of(m: &Marks) -> [u16; 81] {
    std::array::from_fn(|c| match m.values[c] {
        0 => m.cands[c],
        d => 1 << (d - 1),
    })
}

/// The puzzle written in another style.
#[pg_extern(name = "sudoku_format", immutable, strict, parallel_safe, cost = 10)]
fn sudoku_format_ruled(
    puzzle: DbText,
    style: default!(DbText, "'grid'"),
    rules: default!(DbText, "'classic'"),
) -> String {
    let ruled = match (read::ruled("sudoku_format", &puzzle, &rules), &*style) {
        (Ruled::Marks(m), _) => return format_variant_marks(&m.position, &m.geometry, &style),
        (Ruled::Classic, "fpuzzles") => read::variant("sudoku_format", &puzzle, &Rules::classic()),
        (Ruled::Classic, _) => return format_classic(&puzzle, &style),
        (Ruled::Variant(v), _) => *v,
    };
    format_variant(&ruled, &style)
}

/// A classic puzzle or pencil-mark text written in a style.
fn format_classic(puzzle: &str, style: &str) -> String {
    let written = written(style);
    let text = read::text(puzzle);
    match (written, &text) {
        (Written::Marks(write), _) => write(&read::position(&text).masks()),
        (Written::Givens(style), Text::Puzzle(p, _)) => explain::format(p, style),
        (Written::Givens(style), Text::Marks(_)) => {
            explain::format(&Puzzle::from_cells(read::position(&text).givens), style)
        }
    }
}

/// The canonical form of a puzzle: the smallest 81- (or 16-) character line, `.` for
/// a blank, over every transformation of its class; of pencil marks, the smallest
/// 729-character text.
#[pg_extern(
    name = "sudoku_canonical",
    immutable,
    strict,
    parallel_safe,
    cost = 100
)]
fn sudoku_canonical_ruled(puzzle: DbText, rules: default!(DbText, "'classic'")) -> String {
    read::classic_only("sudoku_canonical", &puzzle, &rules);
    match read::text(&puzzle) {
        Text::Puzzle(p, _) => sudoku_core::canonical::try_canonical(&p)
            .unwrap_or_else(|e| raise(e))
            .to_line(),
        marks => write_line(&canonical_marks(
            &read::position(&marks).masks(),
            &mut check_interrupts,
        )),
    }
}

/// The pencil marks `sudoku_equivalent` compares for a text that is not a puzzle
/// compared with a puzzle: a pencil-mark text's, or a 9×9 puzzle's candidate grid
/// (what `sudoku_format(p, 'marks')` writes); `None` for a 4×4 puzzle (its givens
/// checked), which no 9×9 grid is equivalent to.
fn marks_for_equivalence(text: &Text) -> Option<[u16; 81]> {
    match text {
        Text::Puzzle(p, _) if p.size == Size::Four => {
            p.check_givens().unwrap_or_else(|e| raise(e));
            None
        }
        _ => Some(read::position(text).masks()),
    }
}

/// True when two puzzles are the same puzzle up to relabelling digits, permuting rows
/// within bands, bands, columns within stacks, stacks, and transposing (pencil marks:
/// the same marks up to such a transformation, a puzzle standing for its candidates).
#[pg_extern(
    name = "sudoku_equivalent",
    immutable,
    strict,
    parallel_safe,
    cost = 200
)]
fn sudoku_equivalent_ruled(a: DbText, b: DbText, rules: default!(DbText, "'classic'")) -> bool {
    read::classic_only("sudoku_equivalent", &a, &rules);
    read::classic_only("sudoku_equivalent", &b, &rules);
    // Both read before either raises, so that each text's error comes in order: all
    // of `a`'s, then `b`'s.
    let (a, b) = (read::try_text(&a), read::try_text(&b));
    if let (Ok(Text::Puzzle(a, _)), Ok(Text::Puzzle(b, _))) = (&a, &b) {
        a.check_givens().unwrap_or_else(|e| raise(e));
        b.check_givens().unwrap_or_else(|e| raise(e));
        return sudoku_core::canonical::equivalent(a, b);
    }
    let marks = |t: Result<Text, _>| marks_for_equivalence(&t.unwrap_or_else(|e| raise(e)));
    let a = marks(a);
    match (a, marks(b)) {
        (Some(a), Some(b)) => equivalent_marks(&a, &b, &mut check_interrupts),
        _ => false,
    }
}

/// True when the text is a puzzle whose givens do not contradict each other, or pencil
/// marks that make a position. Never raises for bad text, in any encoding.
#[pg_extern(name = "sudoku_is_valid", immutable, strict, parallel_safe, cost = 2)]
fn sudoku_is_valid_ruled(puzzle: RawText, rules: default!(DbText, "'classic'")) -> bool {
    let Some(text) = puzzle.ascii() else {
        return false;
    };
    let rules = read::rules(&rules);
    if !rules.is_classic() || read::is_giant(text) {
        return read::valid_under(text, &rules);
    }
    match read::try_text(text) {
        Ok(Text::Puzzle(p, _)) => p.check_givens().is_ok(),
        Ok(marks) => marks.position().is_ok(),
        Err(_) => false,
    }
}

/// A puzzle made on f-puzzles: its JSON, a share link's lz-string payload or the link.
///
/// The SQL is written by hand to tell the planner it returns one row.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_import("source" text)
RETURNS TABLE("puzzle" text, "rules" text)
IMMUTABLE STRICT PARALLEL SAFE COST 50 ROWS 1
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_import_wrapper';
"#)]
fn sudoku_import(
    source: DbText,
) -> TableIterator<'static, (name!(puzzle, String), name!(rules, String))> {
    let (puzzle, rules) = fpuzzles::import(&source).unwrap_or_else(|e| raise_variant(None, e));
    TableIterator::once((puzzle.to_line(), rules.to_string()))
}

// The functions as releases before 0.5.0 declared them, without `rules` (see the note
// in `solve`): classic rules, no SQL of their own.

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
fn sudoku_format(puzzle: DbText, style: DbText) -> String {
    sudoku_format_ruled(puzzle, style, DbText::constant("classic"))
}

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
fn sudoku_canonical(puzzle: DbText) -> String {
    sudoku_canonical_ruled(puzzle, DbText::constant("classic"))
}

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
fn sudoku_equivalent(a: DbText, b: DbText) -> bool {
    sudoku_equivalent_ruled(a, b, DbText::constant("classic"))
}

#[pg_extern(sql = false, immutable, strict, parallel_safe)]
fn sudoku_is_valid(puzzle: RawText) -> bool {
    sudoku_is_valid_ruled(puzzle, DbText::constant("classic"))
}
