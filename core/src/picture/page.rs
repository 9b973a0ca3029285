//! Printable pages: 1, 2, 4 or 6 grids on an A4 or Letter page, a caption under each
//! (its label and its rating), and pages of solutions drawn the same way. A puzzle given
//! as pencil marks (a Sukaku Explainer 729-character text or candidate grid) is drawn with
//! its marks, as the player is to start from them; its solution page shows the grid
//! solved, like any other.

use super::error::PictureError;
use super::grid::{body, cut, Geometry, Overlay, Position, MAX_LABEL_CHARS, PAGE_LIMIT, STYLE};
use super::writer::{svg, Svg};
use crate::explain::rating_text;
use crate::grid::CELLS;
use crate::position::text::write_line;
use crate::position::Position as PencilMarks;
use crate::puzzle::Puzzle;

/// Paper sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// 210 × 297 mm.
    A4,
    /// 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
}

impl Paper {
    /// `a4` or `letter`.
    pub fn from_name(name: &str) -> Option<Paper> {
        match name {
            "a4" => Some(Paper::A4),
            "letter" => Some(Paper::Letter),
            _ => None,
        }
    }

    /// Width and height in tenths of a millimetre (the page's units).
    fn extent(self) -> (i32, i32) {
        match self {
            Paper::A4 => (2100, 2970),
            Paper::Letter => (2159, 2794),
        }
    }

    /// The `width` and `height` attributes.
    fn dimensions(self) -> (&'static str, &'static str) {
        match self {
            Paper::A4 => ("210mm", "297mm"),
            Paper::Letter => ("8.5in", "11in"),
        }
    }
}

/// How many grids a page holds, on which paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageLayout {
    /// 1, 2, 4 or 6.
    pub per_page: usize,
    pub paper: Paper,
}

impl PageLayout {
    /// The numbers of grids a page may hold.
    pub const PER_PAGE: [usize; 4] = [1, 2, 4, 6];

    /// Columns and rows of grids.
    fn grid(self) -> (i32, i32) {
        match self.per_page {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ => (2, 3),
        }
    }

    /// The number of pages `count` puzzles take (puzzle pages or solution pages).
    pub fn pages_for(self, count: usize) -> usize {
        count.div_ceil(self.per_page.max(1))
    }
}

/// The puzzles' pages, or the pages of their solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageKind {
    Puzzles,
    Solutions,
}

/// One puzzle of a page.
#[derive(Clone, Copy, Debug)]
pub struct PageItem<'a> {
    /// The puzzle (of a pencil-mark puzzle, its givens).
    pub puzzle: Puzzle,
    /// A puzzle given as pencil marks: its position (its givens are `puzzle`'s; the
    /// digits placed in other cells and the marks of the open cells are drawn on the
    /// puzzle page); `None` for a puzzle of digits alone.
    pub marks: Option<&'a PencilMarks>,
    /// Caption text (cut to [`MAX_LABEL_CHARS`] characters).
    pub label: &'a str,
    /// ER rating in tenths; `None` when the puzzle has no unique solution.
    pub rating: Option<u16>,
    /// The (first) solution; `None` when there is none.
    pub solution: Option<[u8; CELLS]>,
}

/// Margin of the page, space between grids, and the caption's height (tenths of mm).
const MARGIN: i32 = 150;
const GAP: i32 = 80;
const CAPTION: i32 = 70;
const HEADING: i32 = 110;

/// Where one grid of a page stands, in the page's units.
#[derive(Clone, Copy)]
pub(super) struct Slot {
    /// 1-based number of the item on its page.
    pub(super) item: usize,
    pub(super) x: i32,
    pub(super) y: i32,
    pub(super) side: i32,
}

/// What a page draws of its items: the text of each for `<desc>`, and each in its slot.
pub(super) trait PageItems {
    /// How many items the page holds.
    fn count(&self) -> usize;
    /// The `<desc>` text of item `i` (escaped by the callee).
    fn describe(&self, s: &mut Svg, i: usize, kind: PageKind) -> Result<(), PictureError>;
    /// Item `i`'s grid and caption in `slot`.
    fn draw(&self, s: &mut Svg, i: usize, kind: PageKind, slot: Slot) -> Result<(), PictureError>;
}

/// One page: `items` (at most `layout.per_page`) drawn row by row, page `number` of
/// `pages`.
pub fn page(
    items: &[PageItem],
    layout: PageLayout,
    kind: PageKind,
    number: usize,
    pages: usize,
) -> Result<String, PictureError> {
    page_of(&ClassicItems(items), layout, kind, number, pages, "")
}

/// A page of any items, with `extra_style` after the shared style sheet.
pub(super) fn page_of(
    items: &dyn PageItems,
    layout: PageLayout,
    kind: PageKind,
    number: usize,
    pages: usize,
    extra_style: &str,
) -> Result<String, PictureError> {
    let (w, h) = layout.paper.extent();
    let (wa, ha) = layout.paper.dimensions();
    let (cols, rows) = layout.grid();
    let heading = match kind {
        PageKind::Puzzles => "Sudoku",
        PageKind::Solutions => "Solutions",
    };
    let mut s = Svg::new(PAGE_LIMIT, 32 << 10)?;
    s.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")?;
    svg!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sudoku-page\" width=\"{wa}\" height=\"{ha}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-labelledby=\"title desc\">\n"
    )?;
    svg!(
        s,
        "<title id=\"title\">{heading}, page {number} of {pages}</title>\n<desc id=\"desc\">"
    )?;
    for i in 0..items.count() {
        if i > 0 {
            s.raw("\n")?;
        }
        items.describe(&mut s, i, kind)?;
    }
    s.raw("</desc>\n<style>")?;
    s.raw(STYLE)?;
    s.raw(extra_style)?;
    s.raw("</style>\n")?;
    svg!(
        s,
        "<rect class=\"paper\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\"/>\n"
    )?;
    svg!(
        s,
        "<text class=\"heading\" x=\"{MARGIN}\" y=\"{}\" style=\"text-anchor:start\">{heading}</text>\n",
        MARGIN
    )?;
    svg!(
        s,
        "<text class=\"caption\" x=\"{}\" y=\"{}\" style=\"text-anchor:end\">{number} / {pages}</text>\n",
        w - MARGIN,
        MARGIN
    )?;
    let top = MARGIN + HEADING;
    let slot_w = (w - 2 * MARGIN - GAP * (cols - 1)) / cols;
    let slot_h = (h - top - MARGIN - GAP * (rows - 1)) / rows;
    let side = slot_w.min(slot_h - CAPTION);
    for i in 0..items.count().min(layout.per_page) {
        let (col, row) = (i as i32 % cols, i as i32 / cols);
        let slot = Slot {
            item: i + 1,
            x: MARGIN + col * (slot_w + GAP) + (slot_w - side) / 2,
            y: top + row * (slot_h + GAP) + (slot_h - CAPTION - side) / 2,
            side,
        };
        items.draw(&mut s, i, kind, slot)?;
    }
    s.raw("</svg>\n")?;
    Ok(s.finish())
}

/// The caption under a slot: the label, then `tail` after a middle dot.
pub(super) fn caption(
    s: &mut Svg,
    slot: Slot,
    label: &str,
    tail: &str,
) -> Result<(), PictureError> {
    svg!(
        s,
        "<text class=\"caption\" data-item=\"{}\" x=\"{}\" y=\"{}\">",
        slot.item,
        slot.x + slot.side / 2,
        slot.y + slot.side + CAPTION - 15
    )?;
    s.text(cut(label, MAX_LABEL_CHARS))?;
    if !label.is_empty() {
        s.raw(" \u{b7} ")?;
    }
    s.raw(tail)?;
    s.raw("</text>\n")
}

/// The classic items of [`page`].
struct ClassicItems<'a, 'b>(&'a [PageItem<'b>]);

impl PageItems for ClassicItems<'_, '_> {
    fn count(&self) -> usize {
        self.0.len()
    }

    fn describe(&self, s: &mut Svg, i: usize, kind: PageKind) -> Result<(), PictureError> {
        let item = &self.0[i];
        s.text(cut(item.label, MAX_LABEL_CHARS))?;
        match item.marks {
            // The 729-character line of its marks (a filled cell: its digit alone).
            Some(m) => svg!(s, ": {}", write_line(&m.masks()))?,
            None => svg!(s, ": {}", item.puzzle.to_line())?,
        }
        if kind == PageKind::Solutions {
            match &item.solution {
                Some(sol) => svg!(
                    s,
                    ", solution {}",
                    Puzzle::with_size(item.puzzle.size, &sol[..item.puzzle.size.cells()]).to_line()
                )?,
                None => s.raw(", no solution")?,
            }
        }
        Ok(())
    }

    fn draw(&self, s: &mut Svg, i: usize, kind: PageKind, slot: Slot) -> Result<(), PictureError> {
        let item = &self.0[i];
        let mut position = match (kind, item.marks) {
            (PageKind::Puzzles, Some(m)) => Position::of_marks(&item.puzzle, &m.to_marks()),
            _ => Position::of_puzzle(&item.puzzle),
        };
        let caption_tail = match (kind, &item.solution, item.rating) {
            (PageKind::Puzzles, _, Some(r)) => format!("ER {}", rating_text(r)),
            (PageKind::Puzzles, _, None) => "no unique solution".to_string(),
            (PageKind::Solutions, Some(sol), _) => {
                let cells = item.puzzle.size.cells();
                let givens = item.puzzle.cells.iter().zip(sol);
                for (placed, (&given, &digit)) in position.placed.iter_mut().zip(givens).take(cells)
                {
                    if given == 0 {
                        *placed = digit;
                    }
                }
                "solution".to_string()
            }
            (PageKind::Solutions, None, _) => "no solution".to_string(),
        };
        let g = Geometry::new(item.puzzle.size, false);
        let e = g.extent();
        let Slot { x, y, side, .. } = slot;
        svg!(
            s,
            "<svg class=\"sudoku {}\" data-item=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {e} {e}\">\n",
            if item.puzzle.size == crate::grid::Size::Four { "four" } else { "nine" },
            slot.item
        )?;
        body(s, g, &position, &Overlay::default())?;
        s.raw("</svg>\n")?;
        caption(s, slot, item.label, &caption_tail)
    }
}
