//! The picture of a variant grid: any shape (4×4 to 25×25) under any rules, drawn as
//! puzzle makers print them (see the module notes of `picture` for the classic grid,
//! whose units, writer, styles and bounds this picture shares).
//!
//! ## Drawing
//! From the back to the front:
//! - disjoint groups (`dg`): each cell tinted by its place in its box, one pale hue per
//!   place (`hsl(360·place/side, 70%, 86% or 92%)`, the lightness alternating so that
//!   neighbouring places differ in both), so a group is the cells of one colour;
//! - windoku's four windows and the cells of girandola, asterisk and center-dot shaded
//!   grey (a translucent grey, so a tint below stays visible); the five groups the
//!   windows imply are not drawn, as puzzle makers do not;
//! - thin lines between cells of one box or jigsaw region, the diagonals (`x`,
//!   `diagonal±`) as thin lines corner to corner, thick lines wherever two neighbouring
//!   cells lie in different boxes or regions, and the border;
//! - killer cages: a dashed outline inset inside the cage's cells, and the cage's sum
//!   in small type in the top-left corner of its first cell (top-most, then left-most),
//!   on a patch of paper that breaks the dashes; in a killer grid digits sit a little
//!   lower and smaller, so a digit in that cell stays clear of the sum;
//! - the digits: `1`-`9` then `A`-`P` (the shape's characters), givens bold, placed
//!   digits (a solution's) blue;
//! - row and column labels when asked for, and a caption under the grid naming the
//!   rules a picture cannot show (`anti-knight · anti-king · nc`).
//!
//! A cell is [`CELL`] units on every shape, so digits, sums and marks keep their
//! proportion to the cell; giant grids get wider lines (the picture is drawn smaller),
//! set by a class on the root (`side16`, `side25`). Classic 4×4 and 9×9 grids are
//! drawn by [`grid_svg`](super::grid_svg), byte for byte.

use super::error::PictureError;
use super::grid::{cut, grid_svg, Options, Overlay, Position, CELL, GRID_LIMIT, SIZE_RANGE};
use super::grid::{MAX_DESCRIPTION_CHARS, MAX_LABEL_CHARS, STYLE};
use super::variant_frame::{Frame, LABEL_ROOM, PAD};
use super::writer::{svg, Svg};
use crate::grid::Size;
use crate::puzzle::Puzzle;
use crate::variant::{Geometry, GroupKind, Shape, VariantPuzzle};

/// The styles a variant picture adds to the classic ones.
pub(super) const VARIANT_STYLE: &str = "\
.shade{fill:#000;fill-opacity:.16}\
.diagonal{stroke:#8c8c8c;stroke-width:1.5;fill:none}\
.cage{stroke:#262626;stroke-width:1.5;stroke-dasharray:5 3;fill:none}\
.sum-paper{fill:#fff}\
.sum{font-size:13px;fill:#000;text-anchor:start}\
.killer .given,.killer .placed{font-size:30px}\
.side16 .thin{stroke-width:1.5}.side16 .thick{stroke-width:5}.side16 .border{stroke-width:6}\
.side16 .diagonal{stroke-width:2.5}\
.side25 .thin{stroke-width:2}.side25 .thick{stroke-width:7}.side25 .border{stroke-width:9}\
.side25 .diagonal{stroke-width:3.5}";

/// How far below the centre of its cell a digit of a killer grid sits.
const KILLER_DROP: i32 = 6;

/// The SVG document of a variant puzzle: its givens on the grid its rules describe.
/// Classic 4×4 and 9×9 grids are drawn by [`grid_svg`](super::grid_svg), byte for byte.
/// The puzzle's shape must be the geometry's ([`PictureError::ShapeMismatch`]).
///
/// # Examples
///
/// ```
/// use sudoku_core::picture::{variant_svg, Options};
/// use sudoku_core::variant::{Geometry, Rules, VariantPuzzle};
///
/// let puzzle = VariantPuzzle::parse(&format!("1{}", ".".repeat(80))).unwrap();
/// let rules = Rules::parse("x,anti-knight").unwrap();
/// let geometry = Geometry::new(puzzle.shape, &rules).unwrap();
/// let svg = variant_svg(&puzzle, &geometry, &Options::default()).unwrap();
/// assert_eq!(svg.matches("class=\"diagonal\"").count(), 2);
/// assert!(svg.contains(">anti-knight</text>"));
/// ```
pub fn variant_svg(
    puzzle: &VariantPuzzle,
    geometry: &Geometry,
    options: &Options,
) -> Result<String, PictureError> {
    variant_svg_placed(puzzle, None, geometry, options)
}

/// The SVG document of a variant puzzle with digits placed in its blank cells (a
/// solution, or a player's digits; 0 for none), drawn in the placed style.
pub fn variant_solution_svg(
    puzzle: &VariantPuzzle,
    solution: &[u8],
    geometry: &Geometry,
    options: &Options,
) -> Result<String, PictureError> {
    if solution.len() != puzzle.cells.len() {
        return Err(PictureError::ShapeMismatch {
            cells: solution.len(),
            expected: puzzle.cells.len(),
        });
    }
    variant_svg_placed(puzzle, Some(solution), geometry, options)
}

fn variant_svg_placed(
    puzzle: &VariantPuzzle,
    placed: Option<&[u8]>,
    geometry: &Geometry,
    options: &Options,
) -> Result<String, PictureError> {
    let shape = geometry.shape;
    if puzzle.shape != shape || puzzle.cells.len() != shape.cells() {
        return Err(PictureError::ShapeMismatch {
            cells: puzzle.cells.len(),
            expected: shape.cells(),
        });
    }
    if let Some(size) = classic_size(geometry) {
        return classic_svg(puzzle, placed, size, options);
    }
    let f = Frame::new(shape, options.labels);
    let mut s = open_document(f, geometry, options, 16 << 10, |s| {
        describe(s, puzzle, placed, geometry)
    })?;
    variant_body(&mut s, f, puzzle, placed, geometry)?;
    close_document(s, f, geometry)
}

/// A variant picture up to its paper: the root element sized for the frame and the
/// caption (when the rules name some the picture cannot show), the title, the
/// description (`desc` writes the puzzle's lines, then `options.description` follows),
/// the styles and the paper. `expected` is the bytes to reserve.
pub(super) fn open_document(
    f: Frame,
    geometry: &Geometry,
    options: &Options,
    expected: usize,
    desc: impl FnOnce(&mut Svg) -> Result<(), PictureError>,
) -> Result<Svg, PictureError> {
    let side = f.shape.side();
    let width = f.extent();
    let height = width
        + if undrawn_rules(geometry).is_empty() {
            0
        } else {
            f.caption_room()
        };
    let (lo, hi) = SIZE_RANGE;
    let px = options.size.clamp(lo, hi);
    let px_h = (i64::from(px) * i64::from(height) / i64::from(width)) as u32;
    let mut s = Svg::new(GRID_LIMIT, expected)?;
    s.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")?;
    svg!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sudoku variant side{side}{}\" data-side=\"{side}\" width=\"{px}\" height=\"{px_h}\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-labelledby=\"title desc\">\n",
        if geometry.cages.is_empty() { "" } else { " killer" },
    )?;
    s.raw("<title id=\"title\">")?;
    s.text(cut(options.title, MAX_LABEL_CHARS))?;
    s.raw("</title>\n<desc id=\"desc\">")?;
    desc(&mut s)?;
    if !options.description.is_empty() {
        s.raw("\n")?;
        s.text(cut(options.description, MAX_DESCRIPTION_CHARS))?;
    }
    s.raw("</desc>\n<style>")?;
    s.raw(STYLE)?;
    s.raw(VARIANT_STYLE)?;
    s.raw("</style>\n")?;
    svg!(
        s,
        "<rect class=\"paper\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\"/>\n"
    )?;
    Ok(s)
}

/// The caption naming the rules the picture cannot show (if any), and the document's end.
pub(super) fn close_document(
    mut s: Svg,
    f: Frame,
    geometry: &Geometry,
) -> Result<String, PictureError> {
    let undrawn = undrawn_rules(geometry);
    if !undrawn.is_empty() {
        svg!(
            s,
            "<text class=\"caption\" x=\"{}\" y=\"{}\" style=\"font-size:{}px\">{}</text>\n",
            f.x0 + f.side() / 2,
            f.y0 + f.side() + PAD + f.caption_font(),
            f.caption_font(),
            undrawn.join(" \u{b7} ")
        )?;
    }
    s.raw("</svg>\n")?;
    Ok(s.finish())
}

/// The classic size of a grid the classic picture draws: 4×4 or 9×9 without a rule.
fn classic_size(geometry: &Geometry) -> Option<Size> {
    if !geometry.rules.is_classic() {
        return None;
    }
    match geometry.shape {
        Shape::FOUR => Some(Size::Four),
        Shape::NINE => Some(Size::Nine),
        _ => None,
    }
}

/// A classic grid, drawn by [`grid_svg`].
fn classic_svg(
    puzzle: &VariantPuzzle,
    placed: Option<&[u8]>,
    size: Size,
    options: &Options,
) -> Result<String, PictureError> {
    let p = Puzzle::with_size(size, &puzzle.cells);
    let mut position = Position::of_puzzle(&p);
    if let Some(placed) = placed {
        for (cell, (&given, &digit)) in puzzle.cells.iter().zip(placed).enumerate() {
            if given == 0 && usize::from(digit) <= size.n() {
                position.placed[cell] = digit;
            }
        }
    }
    grid_svg(&position, &Overlay::default(), options)
}

/// The rules a grid's picture cannot show, for its caption.
pub fn undrawn_rules(geometry: &Geometry) -> Vec<&'static str> {
    let r = &geometry.rules;
    [
        (r.anti_knight, "anti-knight"),
        (r.anti_king, "anti-king"),
        (r.non_consecutive, "nc"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect()
}

/// The puzzle as text for `<desc>`: its givens as one line, its shape and its rules,
/// then the digits placed since, if any.
pub(super) fn describe(
    s: &mut Svg,
    puzzle: &VariantPuzzle,
    placed: Option<&[u8]>,
    geometry: &Geometry,
) -> Result<(), PictureError> {
    svg!(
        s,
        "Puzzle {} ({}). Rules: ",
        puzzle.to_line(),
        puzzle.shape.name()
    )?;
    s.text(&geometry.rules.to_string())?;
    s.raw(".")?;
    if let Some(placed) = placed.filter(|p| p.iter().any(|&d| d != 0)) {
        let mut now = puzzle.clone();
        for (cell, &d) in now.cells.iter_mut().zip(placed) {
            if *cell == 0 && usize::from(d) <= puzzle.shape.side() {
                *cell = d;
            }
        }
        svg!(s, "\nDigits now: {}.", now.to_line())?;
    }
    Ok(())
}

/// Everything inside the picture's frame but the caption.
pub(super) fn variant_body(
    s: &mut Svg,
    f: Frame,
    puzzle: &VariantPuzzle,
    placed: Option<&[u8]>,
    geometry: &Geometry,
) -> Result<(), PictureError> {
    if geometry.rules.disjoint_groups {
        disjoint_tints(s, f)?;
    }
    shaded_groups(s, f, geometry)?;
    super::variant_lines::region_lines(s, f, geometry)?;
    super::variant_lines::cages(s, f, geometry)?;
    digits(s, f, puzzle, placed, !geometry.cages.is_empty())?;
    if f.labels {
        labels(s, f)?;
    }
    Ok(())
}

/// The tint of a place in a box: one hue per place, lightness alternating.
pub(super) fn place_tint(place: usize, side: usize) -> String {
    let hue = place * 360 / side.max(1);
    let light = if place.is_multiple_of(2) { 86 } else { 92 };
    format!("hsl({hue},70%,{light}%)")
}

/// Every cell tinted by its place in its box.
pub(super) fn disjoint_tints(s: &mut Svg, f: Frame) -> Result<(), PictureError> {
    let shape = f.shape;
    for cell in 0..shape.cells() {
        let (x, y) = f.cell_at(cell);
        let place = shape.place_in_box(cell);
        svg!(
            s,
            "<rect class=\"place\" data-cell=\"{}\" data-place=\"{}\" fill=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>\n",
            shape.cell_name(cell),
            place + 1,
            place_tint(place, shape.side())
        )?;
    }
    Ok(())
}

/// Windoku's four windows (one rectangle each) and the cells of girandola, asterisk
/// and center-dot, shaded.
pub(super) fn shaded_groups(
    s: &mut Svg,
    f: Frame,
    geometry: &Geometry,
) -> Result<(), PictureError> {
    for group in &geometry.groups {
        match group.kind {
            // Windows 1-4 are the shaded ones, each a 3×3 block of cells.
            GroupKind::Window if group.index < 4 => {
                let first = usize::from(group.cells[0]);
                let (x, y) = f.cell_at(first);
                svg!(
                    s,
                    "<rect class=\"shade\" data-group=\"window {}\" x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\"/>\n",
                    group.index + 1,
                    3 * CELL,
                    3 * CELL
                )?;
            }
            GroupKind::Girandola | GroupKind::Asterisk | GroupKind::CenterDot => {
                for &cell in &group.cells {
                    let cell = usize::from(cell);
                    let (x, y) = f.cell_at(cell);
                    svg!(
                        s,
                        "<rect class=\"shade\" data-group=\"{}\" data-cell=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>\n",
                        group.name(),
                        f.shape.cell_name(cell)
                    )?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The givens (bold) and placed digits (blue), in the shape's characters.
pub(super) fn digits(
    s: &mut Svg,
    f: Frame,
    puzzle: &VariantPuzzle,
    placed: Option<&[u8]>,
    killer: bool,
) -> Result<(), PictureError> {
    let shape = f.shape;
    let drop = if killer { KILLER_DROP } else { 0 };
    for cell in 0..shape.cells() {
        let extra = placed.map_or(0, |p| p[cell]);
        let (class, d) = match (puzzle.cells[cell], extra) {
            (0, 0) => continue,
            (0, d) => ("placed", d),
            (d, _) => ("given", d),
        };
        if usize::from(d) > shape.side() {
            continue;
        }
        let (x, y) = f.cell_at(cell);
        svg!(
            s,
            "<text class=\"{class}\" data-cell=\"{}\" data-digit=\"{d}\" x=\"{}\" y=\"{}\">{}</text>\n",
            shape.cell_name(cell),
            x + CELL / 2,
            y + CELL / 2 + drop,
            shape.digit_char(d)
        )?;
    }
    Ok(())
}

/// Row numbers on the left, column numbers on top.
pub(super) fn labels(s: &mut Svg, f: Frame) -> Result<(), PictureError> {
    for i in 0..f.n() {
        let mid = i * CELL + CELL / 2;
        svg!(
            s,
            "<text class=\"label\" data-row=\"{}\" x=\"{}\" y=\"{}\">{}</text>\n",
            i + 1,
            f.x0 - LABEL_ROOM / 2 - 2,
            f.y0 + mid,
            i + 1
        )?;
        svg!(
            s,
            "<text class=\"label\" data-col=\"{}\" x=\"{}\" y=\"{}\">{}</text>\n",
            i + 1,
            f.x0 + mid,
            f.y0 - LABEL_ROOM / 2 - 2,
            i + 1
        )?;
    }
    Ok(())
}
