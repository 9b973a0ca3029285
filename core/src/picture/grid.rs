//! The picture of one grid: its geometry, the styles, the digits, pencil marks, the
//! highlights of a step and the chain arrows (see the module notes of `picture`).

use super::error::{PictureError, MAX_LINKS};
use super::writer::{svg, Svg};
use crate::error::PuzzleError;
use crate::grid::{Size, CELLS};
use crate::logic::{Candidate, Marks};
use crate::puzzle::Puzzle;

/// The largest picture of one grid, in bytes.
pub const GRID_LIMIT: usize = 1 << 20;
/// The largest page, in bytes.
pub const PAGE_LIMIT: usize = 1 << 19;
/// Labels (captions of a page) are cut to this many characters.
pub const MAX_LABEL_CHARS: usize = 80;
/// Descriptions (a step's explanation in `<desc>`) are cut to this many characters.
pub const MAX_DESCRIPTION_CHARS: usize = 4000;
/// Side of a cell in picture units.
pub const CELL: i32 = 60;
/// The smallest and largest `size` (width in pixels) a picture may ask for.
pub const SIZE_RANGE: (u32, u32) = (50, 4000);

/// What a picture shows of a grid: the givens, the digits placed since, and the pencil
/// marks of the blank cells (none, the candidates the digits leave, or any marks a
/// person or a step wrote: every mask is drawn as it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub size: Size,
    /// The puzzle's digits (0 for a blank), drawn bold.
    pub givens: [u8; CELLS],
    /// Digits placed in cells the puzzle leaves blank, drawn in the second style.
    pub placed: [u8; CELLS],
    /// The pencil marks of each cell without a digit (bit `d - 1` for digit `d`);
    /// `None` draws none.
    pub marks: Option<[u16; CELLS]>,
}

impl Position {
    /// The puzzle's digits alone.
    pub fn of_puzzle(puzzle: &Puzzle) -> Position {
        Position {
            size: puzzle.size,
            givens: puzzle.cells,
            placed: [0; CELLS],
            marks: None,
        }
    }

    /// The puzzle's digits with the candidates they leave each blank cell as pencil
    /// marks; the givens must not contradict each other.
    pub fn with_candidates(puzzle: &Puzzle) -> Result<Position, PuzzleError> {
        puzzle.check_givens()?;
        Ok(Position::of_marks(puzzle, &Marks::from_puzzle(puzzle)))
    }

    /// The position of a pencil-mark grid reached from `puzzle`: the puzzle's digits
    /// as givens, the other digits of `marks` as placed, its candidates as pencil marks.
    pub fn of_marks(puzzle: &Puzzle, marks: &Marks) -> Position {
        let mut placed = [0; CELLS];
        let cells = puzzle.size.cells();
        let values = puzzle.cells.iter().zip(&marks.values);
        for (placed, (&given, &digit)) in placed.iter_mut().zip(values).take(cells) {
            if given == 0 {
                *placed = digit;
            }
        }
        Position {
            size: puzzle.size,
            givens: puzzle.cells,
            placed,
            marks: Some(marks.cands),
        }
    }
}

/// A chain's link, drawn as an arrow: strong links solid, weak links dashed.
pub use crate::logic::Link;

/// What a step adds to the picture of its position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overlay<'a> {
    /// Cells of the pattern.
    pub cells: &'a [u8],
    /// Units of the pattern, numbered as `Size::units_of` numbers them.
    pub units: &'a [u8],
    /// Digits of the pattern (bit `d - 1`): their pencil marks in the pattern's cells
    /// are drawn on blue discs.
    pub digits: u16,
    pub placements: &'a [Candidate],
    pub eliminations: &'a [Candidate],
    /// Pivot cells (an XY- or XYZ-wing's), drawn orange.
    pub pivots: &'a [u8],
    /// Fin cells of a finned pattern, drawn violet.
    pub fins: &'a [u8],
    /// Chain links, drawn as arrows between pencil marks.
    pub links: &'a [Link],
}

/// How a grid is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Options<'a> {
    /// Width asked for, in pixels (the picture is square, or nearly with labels).
    pub size: u32,
    /// Row numbers on the left and column numbers on top.
    pub labels: bool,
    /// The `<title>`.
    pub title: &'a str,
    /// Text added to the `<desc>` after the puzzle (a step's explanation).
    pub description: &'a str,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            size: 450,
            labels: false,
            title: "Sudoku",
            description: "",
        }
    }
}

/// The style sheet of every picture and page.
pub(crate) const STYLE: &str = "\
.paper{fill:#fff}\
.unit{fill:#dde8fb}\
.cell{fill:#ffe8a3}\
.pivot{fill:#ffb84d}\
.fin{fill:#e9b3f5}\
.thin{stroke:#8c8c8c;stroke-width:1;fill:none}\
.thick{stroke:#000;stroke-width:3;fill:none;stroke-linecap:square}\
.border{stroke:#000;stroke-width:4;fill:none}\
text{font-family:'DejaVu Sans',Arial,Helvetica,sans-serif;text-anchor:middle;dominant-baseline:central}\
.given{font-size:38px;font-weight:bold;fill:#000}\
.placed{font-size:38px;fill:#1d5fd1}\
.mark{font-size:15px;fill:#5c5c5c}\
.four .mark{font-size:20px}\
.pat{fill:#8cc8ff}\
.on{fill:#2b9a47}\
.off{fill:#e03131}\
.mark.on,.mark.off{fill:#fff;font-weight:bold}\
.strike{stroke:#7a0000;stroke-width:2}\
.link{stroke:#e8590c;stroke-width:2;fill:none}\
.weak{stroke-dasharray:5 4}\
.head{fill:#e8590c;stroke:none}\
.label{font-size:18px;fill:#555}\
.caption{font-size:42px;fill:#000;dominant-baseline:auto}\
.heading{font-size:60px;font-weight:bold;fill:#000;dominant-baseline:auto}";

/// The placement of a grid in picture units.
#[derive(Clone, Copy)]
pub(super) struct Geometry {
    size: Size,
    /// Top-left corner of the grid.
    x0: i32,
    y0: i32,
    labels: bool,
}

/// Room around the grid for its border.
const PAD: i32 = 6;
/// Room on the left and on top for the labels.
const LABEL_ROOM: i32 = 30;

impl Geometry {
    pub(super) fn new(size: Size, labels: bool) -> Geometry {
        let off = PAD + if labels { LABEL_ROOM } else { 0 };
        Geometry {
            size,
            x0: off,
            y0: off,
            labels,
        }
    }

    pub(super) fn n(self) -> i32 {
        self.size.n() as i32
    }

    /// Width and height of the whole picture.
    pub(super) fn extent(self) -> i32 {
        self.x0 + self.n() * CELL + PAD
    }

    /// Top-left corner of a cell.
    pub(super) fn cell_at(self, cell: usize) -> (i32, i32) {
        let n = self.size.n();
        (
            self.x0 + (cell % n) as i32 * CELL,
            self.y0 + (cell / n) as i32 * CELL,
        )
    }

    /// Pencil marks per row (and column) of a cell: 3, or 2 on a 4×4 grid.
    pub(super) fn marks_side(self) -> i32 {
        self.size.box_side() as i32
    }

    /// Centre of the pencil mark of `digit` in `cell`.
    pub(super) fn mark_at(self, cell: usize, digit: u8) -> (i32, i32) {
        let (x, y) = self.cell_at(cell);
        let side = self.marks_side();
        let step = CELL / side;
        let d = digit as i32 - 1;
        (
            x + step * (d % side) + step / 2,
            y + step * (d / side) + step / 2,
        )
    }

    /// Radius of a pencil mark's disc.
    pub(super) fn disc(self) -> i32 {
        CELL / self.marks_side() / 2 - 1
    }
}

/// `r1c2`: how cells are named in data attributes.
pub(super) fn cell_name(size: Size, cell: usize) -> String {
    size.cell_name(cell)
}

/// The first `max` characters of `text`.
pub(crate) fn cut(text: &str, max: usize) -> &str {
    match text.char_indices().nth(max) {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

/// The SVG document of a position with an overlay: the whole picture, from the XML
/// declaration to `</svg>`.
///
/// # Examples
///
/// ```
/// use sudoku_core::picture::{grid_svg, Options, Overlay, Position};
/// use sudoku_core::Puzzle;
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )
/// .unwrap();
/// let options = Options { title: "Classic", ..Options::default() };
/// let svg = grid_svg(&Position::of_puzzle(&puzzle), &Overlay::default(), &options).unwrap();
/// assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
/// assert!(svg.contains("<title id=\"title\">Classic</title>"));
/// // One digit drawn for each of the 30 givens.
/// assert_eq!(svg.matches("data-digit=").count(), 30);
/// ```
pub fn grid_svg(
    position: &Position,
    overlay: &Overlay,
    options: &Options,
) -> Result<String, PictureError> {
    if overlay.links.len() > MAX_LINKS {
        return Err(PictureError::TooManyLinks {
            found: overlay.links.len(),
        });
    }
    let g = Geometry::new(position.size, options.labels);
    let extent = g.extent();
    let (lo, hi) = SIZE_RANGE;
    let px = options.size.clamp(lo, hi);
    let expected = if position.marks.is_some() {
        64 << 10
    } else {
        8 << 10
    };
    let mut s = Svg::new(GRID_LIMIT, expected)?;
    s.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")?;
    svg!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sudoku {}\" width=\"{px}\" height=\"{px}\" viewBox=\"0 0 {extent} {extent}\" role=\"img\" aria-labelledby=\"title desc\">\n",
        if position.size == Size::Four { "four" } else { "nine" }
    )?;
    s.raw("<title id=\"title\">")?;
    s.text(cut(options.title, MAX_LABEL_CHARS))?;
    s.raw("</title>\n<desc id=\"desc\">")?;
    describe(&mut s, position)?;
    if !options.description.is_empty() {
        s.raw("\n")?;
        s.text(cut(options.description, MAX_DESCRIPTION_CHARS))?;
    }
    s.raw("</desc>\n<style>")?;
    s.raw(STYLE)?;
    s.raw("</style>\n")?;
    svg!(
        s,
        "<rect class=\"paper\" x=\"0\" y=\"0\" width=\"{extent}\" height=\"{extent}\"/>\n"
    )?;
    body(&mut s, g, position, overlay)?;
    s.raw("</svg>\n")?;
    Ok(s.finish())
}

/// The puzzle as text for `<desc>`: its givens as one line (`.` for a blank), then the
/// digits placed since, if any, then the pencil marks cell by cell, if drawn.
fn describe(s: &mut Svg, p: &Position) -> Result<(), PictureError> {
    let cells = p.size.cells();
    let line = |v: &[u8]| -> String {
        v[..cells]
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    };
    svg!(s, "Puzzle {} ({}).", line(&p.givens), p.size.name())?;
    if p.placed[..cells].iter().any(|&d| d != 0) {
        let mut both = p.givens;
        for (b, &d) in both.iter_mut().zip(&p.placed) {
            if d != 0 {
                *b = d;
            }
        }
        svg!(s, "\nDigits now: {}.", line(&both))?;
    }
    if let Some(marks) = &p.marks {
        s.raw("\nPencil marks:")?;
        for (cell, &m) in marks[..cells].iter().enumerate() {
            if m != 0 && p.givens[cell] == 0 && p.placed[cell] == 0 {
                svg!(s, " {}:", cell_name(p.size, cell))?;
                for d in crate::grid::digits_of(m) {
                    svg!(s, "{d}")?;
                }
            }
        }
        s.raw(".")?;
    }
    Ok(())
}

/// Everything inside the picture's frame (shared by [`grid_svg`] and the pages).
pub(super) fn body(
    s: &mut Svg,
    g: Geometry,
    p: &Position,
    o: &Overlay,
) -> Result<(), PictureError> {
    let size = p.size;
    let n = g.n();
    let side = n * CELL;
    // Units, then cells of the pattern.
    for &u in o.units {
        let u = u as usize;
        if u >= 3 * size.n() {
            continue;
        }
        let cells = size.unit_cells(u);
        let (x1, y1) = g.cell_at(cells[0] as usize);
        let (x2, y2) = g.cell_at(cells[cells.len() - 1] as usize);
        let (kind, index) = (["row", "col", "box"][u / size.n()], u % size.n() + 1);
        svg!(
            s,
            "<rect class=\"unit\" data-unit=\"{kind} {index}\" x=\"{x1}\" y=\"{y1}\" width=\"{}\" height=\"{}\"/>\n",
            x2 - x1 + CELL,
            y2 - y1 + CELL
        )?;
    }
    for (class, cells) in [("cell", o.cells), ("pivot", o.pivots), ("fin", o.fins)] {
        for &c in cells {
            let c = c as usize;
            if c >= size.cells() {
                continue;
            }
            let (x, y) = g.cell_at(c);
            svg!(
                s,
                "<rect class=\"{class}\" data-cell=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>\n",
                cell_name(size, c)
            )?;
        }
    }
    // Lines: thin between cells, thick between boxes, the border around.
    let b = g.size.box_side() as i32;
    let (x0, y0) = (g.x0, g.y0);
    for (class, keep) in [("thin", false), ("thick", true)] {
        svg!(s, "<path class=\"{class}\" d=\"")?;
        for i in 1..n {
            if (i % b == 0) == keep {
                let t = i * CELL;
                svg!(
                    s,
                    "M{} {y0}V{}M{x0} {}H{}",
                    x0 + t,
                    y0 + side,
                    y0 + t,
                    x0 + side
                )?;
            }
        }
        s.raw("\"/>\n")?;
    }
    svg!(
        s,
        "<rect class=\"border\" x=\"{x0}\" y=\"{y0}\" width=\"{side}\" height=\"{side}\"/>\n"
    )?;
    // Digits.
    for cell in 0..size.cells() {
        let (class, d) = match (p.givens[cell], p.placed[cell]) {
            (0, 0) => continue,
            (0, d) => ("placed", d),
            (d, _) => ("given", d),
        };
        let (x, y) = g.cell_at(cell);
        svg!(
            s,
            "<text class=\"{class}\" data-cell=\"{}\" data-digit=\"{d}\" x=\"{}\" y=\"{}\">{d}</text>\n",
            cell_name(size, cell),
            x + CELL / 2,
            y + CELL / 2
        )?;
    }
    // Pencil marks, with the step's candidates on discs.
    if let Some(marks) = &p.marks {
        marks_of(s, g, p, marks, o)?;
    }
    // Chain links.
    for link in o.links {
        arrow(s, g, link)?;
    }
    if g.labels {
        for i in 0..n {
            let mid = i * CELL + CELL / 2;
            svg!(
                s,
                "<text class=\"label\" data-row=\"{}\" x=\"{}\" y=\"{}\">{}</text>\n",
                i + 1,
                x0 - LABEL_ROOM / 2 - 2,
                y0 + mid,
                i + 1
            )?;
            svg!(
                s,
                "<text class=\"label\" data-col=\"{}\" x=\"{}\" y=\"{}\">{}</text>\n",
                i + 1,
                x0 + mid,
                y0 - LABEL_ROOM / 2 - 2,
                i + 1
            )?;
        }
    }
    Ok(())
}

/// The pencil marks of every blank cell.
pub(super) fn marks_of(
    s: &mut Svg,
    g: Geometry,
    p: &Position,
    marks: &[u16; CELLS],
    o: &Overlay,
) -> Result<(), PictureError> {
    let size = p.size;
    let has = |list: &[Candidate], cell: usize, d: u8| {
        list.iter().any(|c| c.cell as usize == cell && c.digit == d)
    };
    let r = g.disc();
    for (cell, &mask) in marks[..size.cells()].iter().enumerate() {
        if p.givens[cell] != 0 || p.placed[cell] != 0 {
            continue;
        }
        let in_pattern = o.cells.contains(&(cell as u8));
        let linked = |d: u8| {
            o.links.iter().any(|l| {
                (l.from.cell as usize == cell && l.from.digit == d)
                    || (l.to.cell as usize == cell && l.to.digit == d)
            })
        };
        for d in crate::grid::digits_of(mask & size.all_digits()) {
            let (x, y) = g.mark_at(cell, d);
            let state = if has(o.placements, cell, d) {
                "on"
            } else if has(o.eliminations, cell, d) {
                "off"
            } else if (in_pattern && o.digits >> (d - 1) & 1 != 0) || linked(d) {
                "pat"
            } else {
                ""
            };
            let name = cell_name(size, cell);
            if !state.is_empty() {
                svg!(
                    s,
                    "<circle class=\"{state}\" data-cell=\"{name}\" data-digit=\"{d}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\"/>\n"
                )?;
            }
            let class = match state {
                "on" | "off" => state,
                _ => "",
            };
            svg!(
                s,
                "<text class=\"mark{}{class}\" data-cell=\"{name}\" data-digit=\"{d}\" x=\"{x}\" y=\"{y}\">{d}</text>\n",
                if class.is_empty() { "" } else { " " }
            )?;
            if state == "off" {
                let k = r - 2;
                svg!(
                    s,
                    "<line class=\"strike\" data-cell=\"{name}\" data-digit=\"{d}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n",
                    x - k,
                    y + k,
                    x + k,
                    y - k
                )?;
            }
        }
    }
    Ok(())
}

/// One chain link: a line from mark to mark, stopping at the discs' edges, and an
/// arrowhead (a triangle, so that the picture needs no ids).
pub(super) fn arrow(s: &mut Svg, g: Geometry, link: &Link) -> Result<(), PictureError> {
    let cells = g.size.cells();
    let n = g.size.n() as u8;
    let ok = |c: &Candidate| (c.cell as usize) < cells && (1..=n).contains(&c.digit);
    if !ok(&link.from) || !ok(&link.to) || link.from == link.to {
        return Ok(());
    }
    let (ax, ay) = g.mark_at(link.from.cell as usize, link.from.digit);
    let (bx, by) = g.mark_at(link.to.cell as usize, link.to.digit);
    let (dx, dy) = ((bx - ax) as f64, (by - ay) as f64);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let r = g.disc() as f64 + 1.0;
    let (sx, sy) = (ax as f64 + ux * r, ay as f64 + uy * r);
    let (ex, ey) = (bx as f64 - ux * r, by as f64 - uy * r);
    // The head: 9 units long, 4 each side, its tip at the end of the line.
    let (hx, hy) = (ex - ux * 9.0, ey - uy * 9.0);
    let (px, py) = (-uy * 4.0, ux * 4.0);
    let name = |c: &Candidate| format!("{}:{}", cell_name(g.size, c.cell as usize), c.digit);
    svg!(
        s,
        "<g class=\"link {}\" data-from=\"{}\" data-to=\"{}\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/><polygon class=\"head\" points=\"{},{} {},{} {},{}\"/></g>\n",
        if link.strong { "strong" } else { "weak" },
        name(&link.from),
        name(&link.to),
        f1(sx),
        f1(sy),
        f1(hx),
        f1(hy),
        f1(ex),
        f1(ey),
        f1(hx + px),
        f1(hy + py),
        f1(hx - px),
        f1(hy - py)
    )
}

/// A coordinate with one decimal; `-0.0` written as `0.0`.
fn f1(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    format!("{:.1}", if r == 0.0 { 0.0 } else { r })
}
