//! `sudoku_check`: the mistakes of a player's position, read as every function of a
//! position reads its three texts (`read::player`).

use pgrx::prelude::*;
use sudoku_core::position::check::CheckError;
use sudoku_core::Size;

use crate::encoding::DbText;
use crate::errors::{raise, raise_argument, Interruptible};
use crate::read;
use crate::rows::sql_position;

/// What is wrong in a player's position, one row per mistake.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_check(puzzle text, progress text, marks text DEFAULT '')
RETURNS TABLE(cell int, "row" int, col int, box int, mistake text, digit int)
IMMUTABLE STRICT PARALLEL SAFE COST 20 ROWS 1
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_check_wrapper';
"#)]
fn sudoku_check(
    puzzle: DbText,
    progress: DbText,
    marks: DbText,
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
    let texts = read::player(&puzzle, &progress, &marks);
    let found = match texts.mistakes(&mut Interruptible) {
        Ok(found) => found,
        Err(CheckError::Puzzle(e)) => raise(e),
        Err(CheckError::NotUnique { solutions }) => raise_argument(
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
