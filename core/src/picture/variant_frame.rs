//! Where a variant grid stands in its picture: the frame shared by the variant
//! picture and its lines (picture units; a cell is [`CELL`] units on every shape).

use super::grid::CELL;
use crate::variant::Shape;

/// Room around the grid for its border.
pub(super) const PAD: i32 = 6;
/// Room on the left and on top for the labels.
pub(super) const LABEL_ROOM: i32 = 30;
/// How far inside its cells a cage's dashed outline runs.
pub const CAGE_INSET: i32 = 5;

/// The placement of a variant grid in picture units.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    pub(super) shape: Shape,
    /// Top-left corner of the grid.
    pub(super) x0: i32,
    pub(super) y0: i32,
    pub(super) labels: bool,
}

impl Frame {
    pub(super) fn new(shape: Shape, labels: bool) -> Frame {
        let off = PAD + if labels { LABEL_ROOM } else { 0 };
        Frame {
            shape,
            x0: off,
            y0: off,
            labels,
        }
    }

    /// Cells in a row.
    pub(super) fn n(self) -> i32 {
        self.shape.side() as i32
    }

    /// The grid's side in units.
    pub(super) fn side(self) -> i32 {
        self.n() * CELL
    }

    /// Width of the picture (and its height without a caption).
    pub(super) fn extent(self) -> i32 {
        self.x0 + self.side() + PAD
    }

    /// Top-left corner of the cell at a row and column (either may be one past the
    /// grid, for the far edges).
    pub(super) fn at(self, row: i32, col: i32) -> (i32, i32) {
        (self.x0 + col * CELL, self.y0 + row * CELL)
    }

    /// Top-left corner of a cell.
    pub(super) fn cell_at(self, cell: usize) -> (i32, i32) {
        self.at(self.shape.row(cell) as i32, self.shape.col(cell) as i32)
    }

    /// Font size of the caption: the classic page's proportion to a 9×9 grid, kept on
    /// every shape.
    pub(super) fn caption_font(self) -> i32 {
        (self.side() / 18).max(24)
    }

    /// Room under the grid for the caption.
    pub(super) fn caption_room(self) -> i32 {
        self.caption_font() * 8 / 5
    }
}
