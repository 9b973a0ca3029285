//! A 9×9 variant puzzle's pencil marks, or a step of its human path, drawn on its
//! variant grid (`sudoku_svg(..., candidates => true)` or `step => n` under rules).
//!
//! The layers are the variant picture's and the classic step picture's, interleaved
//! from the back to the front: disjoint-group tints and shaded groups (as
//! [`variant_svg`](super::variant_svg) draws them), the groups of the step (pale blue,
//! each as its cells: a diagonal or a window as readily as a row), its cells (yellow,
//! a wing's pivot orange), the region lines and the diagonals, the digits (givens bold,
//! digits placed by earlier steps blue), the pencil marks with the step's candidates on
//! discs (as the classic step picture draws them), the labels and the caption naming
//! the rules a picture cannot show. The step is found by `variant_explain`, so it is
//! the one `sudoku_hint` and `sudoku_steps` return under the same rules.

use super::error::PictureError;
use super::grid::{arrow, cell_name, marks_of, Geometry, Options, Overlay, Position, CELL};
use super::step::{pivots_of, step_title, StepAt, StepError};
use super::variant::{
    close_document, describe, digits, disjoint_tints, labels, open_document, shaded_groups,
};
use super::variant_frame::Frame;
use super::variant_lines::region_lines;
use super::writer::{svg, Svg};
use crate::grid::{Size, CELLS};
use crate::logic::Marks;
use crate::variant::{Geometry as VariantGeometry, Shape, VariantPuzzle};
use crate::variant_explain::{NthStep, RuledPuzzle};

/// Step `number` of a variant puzzle (0: the hint) with the marks before it, as
/// `sudoku_hint` and `sudoku_steps` give them under its rules.
pub fn locate_variant_step(
    p: &RuledPuzzle,
    number: usize,
    check: &mut dyn FnMut(),
) -> Result<StepAt, StepError> {
    if number == 0 {
        let before = p.marks();
        return match p.hint(check).map_err(StepError::Variant)? {
            Some(step) => Ok(StepAt {
                number,
                before,
                step,
            }),
            None => Err(StepError::NoHint {
                solved: before.is_solved(),
            }),
        };
    }
    match p.nth_step(number, check).map_err(StepError::Variant)? {
        NthStep::Found { before, step } => Ok(StepAt {
            number,
            before: *before,
            step,
        }),
        NthStep::PathEnds { steps } => Err(StepError::OutOfRange {
            asked: number,
            steps,
        }),
    }
}

/// The picture of a 9×9 variant puzzle with pencil marks: the candidates its givens
/// leave under the rules (`at` `None`), or the position a step starts from with the
/// step drawn on it. The title and description are the step's (or `options`' for the
/// marks alone).
pub fn draw_variant_position(
    p: &RuledPuzzle,
    puzzle: &VariantPuzzle,
    geometry: &VariantGeometry,
    at: Option<&StepAt>,
    options: &Options,
) -> Result<String, PictureError> {
    let before = at.map_or_else(|| p.marks(), |a| a.before);
    let texts = at.map(|a| step_title(a, &p.step_text(&a.step)));
    let options = match &texts {
        Some((title, description)) => Options {
            title,
            description,
            ..*options
        },
        None => *options,
    };
    let f = Frame::new(Shape::NINE, options.labels);
    let placed = placed_digits(puzzle, &before);
    let mut s = open_document(f, geometry, &options, 64 << 10, |s| {
        describe(s, puzzle, Some(&placed), geometry)?;
        describe_marks(s, &before)
    })?;
    if geometry.rules.disjoint_groups {
        disjoint_tints(&mut s, f)?;
    }
    shaded_groups(&mut s, f, geometry)?;
    let pivots = at.map_or_else(Vec::new, |a| pivots_of(&a.before, &a.step));
    if let Some(a) = at {
        step_groups(&mut s, f, p, a, &pivots)?;
    }
    region_lines(&mut s, f, geometry)?;
    digits(&mut s, f, puzzle, Some(&placed), false)?;
    let g = Geometry::new(Size::Nine, options.labels);
    let overlay = at.map_or_else(Overlay::default, |a| Overlay {
        cells: &a.step.cells,
        units: &a.step.units,
        digits: a.step.digits,
        placements: &a.step.placements,
        eliminations: &a.step.eliminations,
        pivots: &pivots,
        fins: &[],
        links: &a.step.links,
    });
    let position = position(puzzle, &placed, &before);
    marks_of(&mut s, g, &position, &before.cands, &overlay)?;
    for link in overlay.links {
        arrow(&mut s, g, link)?;
    }
    if f.labels {
        labels(&mut s, f)?;
    }
    close_document(s, f, geometry)
}

/// The step's groups (each cell of each, pale blue), then its cells and pivots.
fn step_groups(
    s: &mut Svg,
    f: Frame,
    p: &RuledPuzzle,
    at: &StepAt,
    pivots: &[u8],
) -> Result<(), PictureError> {
    let t = p.tables();
    for &slot in &at.step.units {
        let slot = usize::from(slot);
        let label = t.slot_label(slot);
        for &cell in t.group_cells(slot) {
            let (x, y) = f.cell_at(usize::from(cell));
            svg!(
                s,
                "<rect class=\"unit\" data-unit=\"{label}\" data-cell=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>\n",
                cell_name(Size::Nine, usize::from(cell))
            )?;
        }
    }
    for (class, cells) in [("cell", &at.step.cells[..]), ("pivot", pivots)] {
        for &c in cells {
            let (x, y) = f.cell_at(usize::from(c));
            svg!(
                s,
                "<rect class=\"{class}\" data-cell=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>\n",
                cell_name(Size::Nine, usize::from(c))
            )?;
        }
    }
    Ok(())
}

/// The digits of `before` in the puzzle's blank cells (placed by earlier steps).
fn placed_digits(puzzle: &VariantPuzzle, before: &Marks) -> Vec<u8> {
    (0..81)
        .map(|c| match puzzle.cells[c] {
            0 => before.values[c],
            _ => 0,
        })
        .collect()
}

/// The classic picture's position of the same digits and marks (its pencil marks layer
/// draws them).
fn position(puzzle: &VariantPuzzle, placed: &[u8], before: &Marks) -> Position {
    let mut givens = [0; CELLS];
    let mut on = [0; CELLS];
    givens[..81].copy_from_slice(&puzzle.cells[..81]);
    on[..81].copy_from_slice(placed);
    Position {
        size: Size::Nine,
        givens,
        placed: on,
        marks: Some(before.cands),
    }
}

/// The pencil marks as text for `<desc>`, cell by cell.
fn describe_marks(s: &mut Svg, m: &Marks) -> Result<(), PictureError> {
    s.raw("\nPencil marks:")?;
    for cell in (0..81).filter(|&c| m.values[c] == 0 && m.cands[c] != 0) {
        svg!(s, " {}:", cell_name(Size::Nine, cell))?;
        for d in crate::grid::digits_of(m.cands[cell]) {
            svg!(s, "{d}")?;
        }
    }
    s.raw(".")
}
