//! The lines of a variant grid: thin and thick lines from the boxes or jigsaw regions,
//! the diagonals, and the killer cages' dashed outlines with their sums.
//!
//! Region lines are found edge by edge: the edge between two neighbouring cells is
//! thick when their boxes or regions differ, thin otherwise; runs of one kind along a
//! grid line are written as one segment. A cage's outline runs [`CAGE_INSET`] units
//! inside the cage along every side of its cells that no cell of the cage continues;
//! each straight run is one segment, stopping short of the corner where the cage turns
//! away (convex) and reaching past it where the cage turns in (concave), so the
//! segments meet at the outline's corners.

use super::error::PictureError;
use super::grid::CELL;
use super::variant_frame::{Frame, CAGE_INSET};
use super::writer::{svg, Svg};
use crate::variant::geometry::cage_name;
use crate::variant::{Geometry, GroupKind};

/// The box or region of every cell (the group of kind Box or Region holding it).
pub(super) fn region_of_cells(geometry: &Geometry) -> Vec<usize> {
    let mut region = vec![0; geometry.shape.cells()];
    let regions = geometry
        .groups
        .iter()
        .filter(|g| matches!(g.kind, GroupKind::Box | GroupKind::Region));
    for (k, group) in regions.enumerate() {
        for &cell in &group.cells {
            region[usize::from(cell)] = k;
        }
    }
    region
}

/// Thin lines, the diagonals, thick lines and the border.
pub(super) fn region_lines(s: &mut Svg, f: Frame, geometry: &Geometry) -> Result<(), PictureError> {
    let region = region_of_cells(geometry);
    let shape = f.shape;
    let n = f.n();
    let differs = |r1: i32, c1: i32, r2: i32, c2: i32| {
        let at = |r: i32, c: i32| region[shape.cell(r as usize, c as usize)];
        at(r1, c1) != at(r2, c2)
    };
    for (class, thick) in [("thin", false), ("thick", true)] {
        svg!(s, "<path class=\"{class}\" d=\"")?;
        for line in 1..n {
            // The vertical line left of column `line`, then the horizontal line above
            // row `line`: runs of edges of this kind.
            for vertical in [true, false] {
                let mut start: Option<i32> = None;
                for k in 0..=n {
                    let here = k < n
                        && if vertical {
                            differs(k, line - 1, k, line)
                        } else {
                            differs(line - 1, k, line, k)
                        } == thick;
                    match (here, start) {
                        (true, None) => start = Some(k),
                        (false, Some(from)) => {
                            start = None;
                            if vertical {
                                let (x, y1) = f.at(from, line);
                                let (_, y2) = f.at(k, line);
                                svg!(s, "M{x} {y1}V{y2}")?;
                            } else {
                                let (x1, y) = f.at(line, from);
                                let (x2, _) = f.at(line, k);
                                svg!(s, "M{x1} {y}H{x2}")?;
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        s.raw("\"/>\n")?;
        if !thick {
            diagonals(s, f, geometry)?;
        }
    }
    let side = f.side();
    svg!(
        s,
        "<rect class=\"border\" x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\"/>\n",
        f.x0,
        f.y0
    )
}

/// The diagonals of `x` and `diagonal±`, corner to corner.
fn diagonals(s: &mut Svg, f: Frame, geometry: &Geometry) -> Result<(), PictureError> {
    let n = f.n();
    let (left, top) = f.at(0, 0);
    let (right, bottom) = f.at(n, n);
    let rules = &geometry.rules;
    if rules.diagonal_down {
        svg!(
            s,
            "<line class=\"diagonal\" data-group=\"the main diagonal\" x1=\"{left}\" y1=\"{top}\" x2=\"{right}\" y2=\"{bottom}\"/>\n"
        )?;
    }
    if rules.diagonal_up {
        svg!(
            s,
            "<line class=\"diagonal\" data-group=\"the anti-diagonal\" x1=\"{left}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{top}\"/>\n"
        )?;
    }
    Ok(())
}

/// One side of a cell a cage outline may run along: the step out of the cell across
/// that side, and the step along it (rows, columns).
struct Side {
    out: (i32, i32),
    along: (i32, i32),
}

const SIDES: [Side; 4] = [
    // Top, right, bottom, left.
    Side {
        out: (-1, 0),
        along: (0, 1),
    },
    Side {
        out: (0, 1),
        along: (1, 0),
    },
    Side {
        out: (1, 0),
        along: (0, 1),
    },
    Side {
        out: (0, -1),
        along: (1, 0),
    },
];

/// Every cage: its dashed outline (one path), then its sum in its first cell.
pub(super) fn cages(s: &mut Svg, f: Frame, geometry: &Geometry) -> Result<(), PictureError> {
    for (k, cage) in geometry.cages.iter().enumerate() {
        let name = cage_name(k);
        svg!(s, "<path class=\"cage\" data-cage=\"{name}\" d=\"")?;
        cage_outline(s, f, geometry, k)?;
        s.raw("\"/>\n")?;
        let (Some(sum), Some(&first)) = (cage.sum, cage.cells.first()) else {
            continue;
        };
        let first = usize::from(first);
        let (x, y) = f.cell_at(first);
        let digits = sum.to_string();
        // The patch of paper under the sum: 8 units a digit at 13px, 3 around.
        let width = 8 * digits.len() as i32 + 4;
        svg!(
            s,
            "<rect class=\"sum-paper\" x=\"{}\" y=\"{}\" width=\"{width}\" height=\"15\"/>\n",
            x + 2,
            y + 2
        )?;
        svg!(
            s,
            "<text class=\"sum\" data-cage=\"{name}\" data-cell=\"{}\" x=\"{}\" y=\"{}\">{digits}</text>\n",
            f.shape.cell_name(first),
            x + 4,
            y + 10
        )?;
    }
    Ok(())
}

/// The path data of cage `k`'s outline: one segment per straight run.
fn cage_outline(s: &mut Svg, f: Frame, geometry: &Geometry, k: usize) -> Result<(), PictureError> {
    let shape = f.shape;
    let n = f.n();
    let inside = |r: i32, c: i32| {
        (0..n).contains(&r)
            && (0..n).contains(&c)
            && geometry.cage_of[shape.cell(r as usize, c as usize)] == Some(k as u16)
    };
    let d = CAGE_INSET;
    for &cell in &geometry.cages[k].cells {
        let (r, c) = (
            shape.row(usize::from(cell)) as i32,
            shape.col(usize::from(cell)) as i32,
        );
        for side in &SIDES {
            let (or, oc) = side.out;
            let (ar, ac) = side.along;
            let exposed = |r: i32, c: i32| inside(r, c) && !inside(r + or, c + oc);
            // A run starts at a cell whose side is exposed and whose predecessor along
            // the side does not continue it.
            if !exposed(r, c) || exposed(r - ar, c - ac) {
                continue;
            }
            let turns_in_before = inside(r - ar, c - ac);
            let mut end = (r, c);
            while exposed(end.0 + ar, end.1 + ac) {
                end = (end.0 + ar, end.1 + ac);
            }
            let turns_in_after = inside(end.0 + ar, end.1 + ac);
            let from = if turns_in_before { -d } else { d };
            let to = if turns_in_after { CELL + d } else { CELL - d };
            let (x, y) = f.at(r, c);
            let (ex, ey) = f.at(end.0, end.1);
            // The fixed coordinate: the side's edge moved `d` into the cell.
            let fixed = |base: i32, out: i32| match out {
                -1 => base + d,
                1 => base + CELL - d,
                _ => base,
            };
            if ar == 0 {
                svg!(s, "M{} {}H{}", x + from, fixed(y, or), ex + to)?;
            } else {
                svg!(s, "M{} {}V{}", fixed(x, oc), y + from, ey + to)?;
            }
        }
    }
    Ok(())
}
