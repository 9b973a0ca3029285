//! Printable pages of variant puzzles: the classic page's layout (1, 2, 4 or 6 grids on
//! A4 or Letter, a caption under each), each grid drawn as [`variant_svg`] draws it,
//! and pages of their solutions.
//!
//! A caption names the item's label and its rules by name (`x · anti-knight`, `jigsaw ·
//! killer`: a layout or cages are drawn, not written); variants are not rated yet, so
//! no ER is shown. A solution page's caption says `solution` or `no solution`.
//!
//! [`variant_svg`]: super::variant_svg

use super::error::PictureError;
use super::grid::cut;
use super::grid::MAX_LABEL_CHARS;
use super::page::{caption, page_of, PageItems, Slot};
use super::page::{PageKind, PageLayout};
use super::variant::{variant_body, VARIANT_STYLE};
use super::variant_frame::Frame;
use super::writer::{svg, Svg};
use crate::variant::{Cages, Geometry, Regions, VariantPuzzle};

/// One variant puzzle of a page.
#[derive(Clone, Copy, Debug)]
pub struct VariantPageItem<'a> {
    pub puzzle: &'a VariantPuzzle,
    /// Its rules laid on its shape (the puzzle's shape).
    pub geometry: &'a Geometry,
    /// Caption text (cut to [`MAX_LABEL_CHARS`] characters).
    pub label: &'a str,
    /// The (first) solution, a digit a cell; `None` when there is none.
    pub solution: Option<&'a [u8]>,
}

/// The names of a grid's rules, in canonical order, without their arguments
/// (`classic` for none).
pub fn rule_names(geometry: &Geometry) -> String {
    let r = &geometry.rules;
    let mut names: Vec<&str> = Vec::new();
    if r.diagonal_down && r.diagonal_up {
        names.push("x");
    } else if r.diagonal_down {
        names.push("diagonal-");
    } else if r.diagonal_up {
        names.push("diagonal+");
    }
    for (on, name) in [
        (r.windoku, "windoku"),
        (r.disjoint_groups, "dg"),
        (r.girandola, "girandola"),
        (r.asterisk, "asterisk"),
        (r.center_dot, "center-dot"),
        (r.anti_knight, "anti-knight"),
        (r.anti_king, "anti-king"),
        (r.non_consecutive, "nc"),
        (r.regions != Regions::Boxes, "jigsaw"),
        (r.cages != Cages::None, "killer"),
    ] {
        if on {
            names.push(name);
        }
    }
    if names.is_empty() {
        return "classic".into();
    }
    names.join(" \u{b7} ")
}

/// One page of variant puzzles: `items` (at most `layout.per_page`) drawn row by row,
/// page `number` of `pages`. An item whose puzzle or solution is not of its rules'
/// shape is [`PictureError::ShapeMismatch`].
pub fn variant_page(
    items: &[VariantPageItem],
    layout: PageLayout,
    kind: PageKind,
    number: usize,
    pages: usize,
) -> Result<String, PictureError> {
    for item in items {
        let expected = item.geometry.shape.cells();
        let lengths = [
            Some(item.puzzle.cells.len()),
            item.solution.map(<[u8]>::len),
        ];
        if let Some(cells) = lengths.into_iter().flatten().find(|&l| l != expected) {
            return Err(PictureError::ShapeMismatch { cells, expected });
        }
    }
    page_of(
        &VariantItems(items),
        layout,
        kind,
        number,
        pages,
        VARIANT_STYLE,
    )
}

struct VariantItems<'a, 'b>(&'a [VariantPageItem<'b>]);

impl PageItems for VariantItems<'_, '_> {
    fn count(&self) -> usize {
        self.0.len()
    }

    fn describe(&self, s: &mut Svg, i: usize, kind: PageKind) -> Result<(), PictureError> {
        let item = &self.0[i];
        s.text(cut(item.label, MAX_LABEL_CHARS))?;
        svg!(s, ": {}, rules ", item.puzzle.to_line())?;
        s.text(&item.geometry.rules.to_string())?;
        if kind == PageKind::Solutions {
            match item.solution {
                Some(sol) => {
                    let solved = VariantPuzzle {
                        shape: item.puzzle.shape,
                        cells: sol.to_vec(),
                    };
                    svg!(s, ", solution {}", solved.to_line())?
                }
                None => s.raw(", no solution")?,
            }
        }
        Ok(())
    }

    fn draw(&self, s: &mut Svg, i: usize, kind: PageKind, slot: Slot) -> Result<(), PictureError> {
        let item = &self.0[i];
        let shape = item.geometry.shape;
        let (placed, tail) = match (kind, item.solution) {
            (PageKind::Puzzles, _) => (None, rule_names(item.geometry)),
            (PageKind::Solutions, Some(sol)) => (Some(sol), "solution".to_string()),
            (PageKind::Solutions, None) => (None, "no solution".to_string()),
        };
        let f = Frame::new(shape, false);
        let e = f.extent();
        let Slot { x, y, side, .. } = slot;
        svg!(
            s,
            "<svg class=\"sudoku variant side{}{}\" data-side=\"{}\" data-item=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {e} {e}\">\n",
            shape.side(),
            if item.geometry.cages.is_empty() { "" } else { " killer" },
            shape.side(),
            slot.item
        )?;
        variant_body(s, f, item.puzzle, placed, item.geometry)?;
        s.raw("</svg>\n")?;
        caption(s, slot, item.label, &tail)
    }
}
