//! `sudoku_check`: the mistakes of a player's position, read as every function of a
//! position reads its three texts (`read::player`).

use pgrx::prelude::*;
use sudoku_core::position::check::CheckError;
use sudoku_core::Size;

use sudoku_core::position::check::Mistake;
use sudoku_core::position::player::is_empty;
use sudoku_core::position::text::read_marks;
use sudoku_core::variant::check::position_mistakes;
use sudoku_core::variant::{Shape, VariantPuzzle};

use crate::encoding::DbText;
use crate::errors::{
    check_interrupts, raise, raise_argument, raise_in, raise_variant, Interruptible,
};
use crate::read::{self, Ruled, Variant};
use crate::rows::{sql_position, variant_position};

/// The mistakes of a player's position on a variant puzzle: its progress, and its pencil
/// marks on a 9×9 grid.
fn variant_mistakes(v: &Variant, progress: &str, marks: &str) -> Vec<Mistake> {
    let marks = (!is_empty(marks)).then(|| {
        if v.puzzle.shape != Shape::NINE {
            raise_argument(
                format!(
                    "pencil marks are read on 9x9 grids only, not {}",
                    v.puzzle.shape.name()
                ),
                "marks: give '' for this grid; its progress is checked against its solution.",
            );
        }
        read_marks(marks).unwrap_or_else(|e| raise_in("marks", e))
    });
    let progress = if is_empty(progress) {
        v.puzzle.clone()
    } else {
        let p =
            VariantPuzzle::parse(progress).unwrap_or_else(|e| raise_variant(Some("progress"), e));
        if p.shape != v.puzzle.shape {
            raise_argument(
                "progress and puzzle differ in size".to_string(),
                &format!(
                    "progress: {} cells; the puzzle has {}.",
                    p.cells.len(),
                    v.puzzle.cells.len()
                ),
            );
        }
        p
    };
    let engine = v.engine();
    let solutions = engine.count(&v.puzzle, 2, &mut check_interrupts);
    if solutions != 1 {
        raise_not_unique(solutions);
    }
    let solution = engine
        .solve(&v.puzzle, &mut check_interrupts)
        .expect("a puzzle with one solution has a solution");
    position_mistakes(
        &v.puzzle,
        &progress,
        marks.as_ref().map(|m| &m[..]),
        &solution,
    )
}

/// Raises 22023 for a puzzle checked against a solution it does not have alone.
fn raise_not_unique(solutions: u64) -> ! {
    raise_argument(
        "sudoku puzzle has no unique solution".to_string(),
        if solutions == 0 {
            "It has no solution; a position is checked against the puzzle's unique solution."
        } else {
            "It has two or more solutions; a position is checked against the puzzle's unique solution."
        },
    )
}

/// What is wrong in a player's position, one row per mistake.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_check(puzzle text, progress text, marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS TABLE(cell int, "row" int, col int, box int, mistake text, digit int)
IMMUTABLE STRICT PARALLEL SAFE COST 20 ROWS 1
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_check_wrapper';
"#)]
fn sudoku_check(
    puzzle: DbText,
    progress: DbText,
    marks: DbText,
    rules: DbText,
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
    let v = match read::ruled("sudoku_check", &puzzle, &rules) {
        Ruled::Marks(m) => read::marks_refused("sudoku_check", &m.geometry.rules),
        Ruled::Variant(v) => Some(v),
        Ruled::Classic => None,
    };
    if let Some(v) = v {
        let found = variant_mistakes(&v, &progress, &marks);
        return TableIterator::new(found.into_iter().map(move |m| {
            let (cell, row, col, region) = variant_position(&v.geometry, m.cell);
            (
                cell,
                row,
                col,
                region,
                m.kind.name().to_string(),
                m.digit as i32,
            )
        }));
    }
    let texts = read::player(&puzzle, &progress, &marks);
    let found = match texts.mistakes(&mut Interruptible) {
        Ok(found) => found,
        Err(CheckError::Puzzle(e)) => raise(e),
        Err(CheckError::NotUnique { solutions }) => raise_not_unique(solutions),
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
