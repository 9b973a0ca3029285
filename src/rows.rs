//! The rows and values the functions return, built from the core's results: cell
//! positions as SQL numbers them (from 1), ratings as numeric, steps as columns.

use std::str::FromStr;

use pgrx::AnyNumeric;
use sudoku_core::variant::{Geometry, GroupKind};
use sudoku_core::{explain, logic::Step, Size};

/// A row of `sudoku_candidates`.
pub type CandidateRow = (i32, i32, i32, i32, i32, Vec<i32>, i32);

/// The columns of a step, as `sudoku_hint` returns them.
pub type StepColumns = (
    String,
    AnyNumeric,
    Vec<String>,
    Vec<String>,
    Vec<String>,
    Vec<String>,
    String,
);

/// The columns of a numbered step, as `sudoku_steps` returns them.
pub type NumberedStep = (
    i32,
    String,
    AnyNumeric,
    Vec<String>,
    Vec<String>,
    Vec<String>,
    Vec<String>,
    String,
);

/// Row, column and box of a cell, numbered from 1.
pub fn sql_position(size: Size, cell: usize) -> (i32, i32, i32) {
    (
        size.row(cell) as i32 + 1,
        size.col(cell) as i32 + 1,
        size.box_(cell) as i32 + 1,
    )
}

/// A rating in tenths as a numeric.
pub fn rating_numeric(tenths: u16) -> AnyNumeric {
    AnyNumeric::from_str(&explain::rating_text(tenths)).expect("a rating is a decimal number")
}

/// A cell and its candidates, as `sudoku_candidates` returns them.
pub fn candidate_row(size: Size, cell: usize, mask: u16) -> CandidateRow {
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

/// Cell, row, column and box (or jigsaw region) of a variant puzzle's cell, from 1.
pub fn variant_position(geometry: &Geometry, cell: usize) -> (i32, i32, i32, i32) {
    let shape = geometry.shape;
    let region = geometry.groups_of[cell]
        .iter()
        .map(|&g| &geometry.groups[usize::from(g)])
        .find(|g| matches!(g.kind, GroupKind::Box | GroupKind::Region))
        .map_or(0, |g| g.index);
    (
        cell as i32 + 1,
        shape.row(cell) as i32 + 1,
        shape.col(cell) as i32 + 1,
        region as i32 + 1,
    )
}

/// A cell of a variant puzzle and its candidates, as `sudoku_candidates` returns them;
/// the box column is the cell's box, or its jigsaw region.
pub fn variant_candidate_row(geometry: &Geometry, cell: usize, mask: u32) -> CandidateRow {
    let shape = geometry.shape;
    let (cell_number, row, col, region) = variant_position(geometry, cell);
    (
        cell_number,
        row,
        col,
        region,
        mask as i32,
        (1..=shape.side() as i32)
            .filter(|d| mask >> (d - 1) & 1 != 0)
            .collect(),
        mask.count_ones() as i32,
    )
}

/// A step's columns.
pub fn step_columns(size: Size, step: &Step) -> StepColumns {
    text_columns(explain::step_text(size, step))
}

/// The columns of a step already written out (a variant step names its own units).
pub fn text_columns(t: explain::StepText) -> StepColumns {
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

/// Step `i` (from 0) of a path, numbered from 1.
pub fn numbered_step(size: Size, i: usize, step: &Step) -> NumberedStep {
    numbered_columns(i, step_columns(size, step))
}

/// Step `i` (from 0) of a path, numbered from 1, from its columns.
pub fn numbered_columns(i: usize, columns: StepColumns) -> NumberedStep {
    let (technique, rating, placements, eliminations, cells, units, explanation) = columns;
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
