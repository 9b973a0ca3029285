//! The independent check: a direct search for a transformation between two puzzles.

use super::transformation::{chute_orders, transposed, Transformation};
use crate::grid::{Size, CELLS};
use crate::puzzle::Puzzle;

/// A row not matched yet.
const UNSET: u8 = u8::MAX;

/// A transformation `t` with `t.apply(a) == *b`, if the puzzles are equivalent.
///
/// Independent of the canonical form: for each transposition and each of the column
/// orders that keep stacks together, a backtracking search assigns `b`'s rows, in
/// order, to rows of `a` (keeping bands together), extending a one-to-one digit map
/// cell by cell and backing up at the first cell that does not match.
pub fn find_transformation(a: &Puzzle, b: &Puzzle) -> Option<Transformation> {
    let size = a.size;
    if b.size != size || a.givens() != b.givens() {
        return None;
    }
    let n = size.n();
    // Cheap necessary condition: the multisets of givens per row-or-column agree.
    let line_counts = |p: &Puzzle, by_row: bool| {
        let mut counts: Vec<usize> = (0..n)
            .map(|l| {
                (0..n)
                    .filter(|&x| p.cells[if by_row { l * n + x } else { x * n + l }] != 0)
                    .count()
            })
            .collect();
        counts.sort_unstable();
        counts
    };
    let (b_rows, b_cols) = (line_counts(b, true), line_counts(b, false));
    for transpose in [false, true] {
        let source = if transpose {
            transposed(size, &a.cells)
        } else {
            a.cells
        };
        let view = Puzzle {
            size,
            cells: source,
        };
        if line_counts(&view, true) != b_rows || line_counts(&view, false) != b_cols {
            continue;
        }
        for cols in chute_orders(size) {
            let mut search = RowMatch {
                size,
                source: &source,
                target: &b.cells,
                cols,
                rows: [UNSET; 9],
                used: 0,
                forward: [0; 10],
                backward: [0; 10],
            };
            if search.assign(0) {
                let mut forward = search.forward;
                // Digits absent from both puzzles: map the rest in order.
                let mut free: Vec<u8> = (1..=n as u8).filter(|&d| !forward.contains(&d)).collect();
                free.reverse();
                for f in forward[1..=n].iter_mut() {
                    if *f == 0 {
                        *f = free.pop().unwrap();
                    }
                }
                return Transformation::new(
                    size,
                    transpose,
                    &search.rows[..n],
                    &cols[..n],
                    &forward[..=n],
                );
            }
        }
    }
    None
}

/// Backtracking over the rows of the target for one fixed column order.
pub(super) struct RowMatch<'a> {
    size: Size,
    source: &'a [u8; CELLS],
    target: &'a [u8; CELLS],
    cols: &'a [u8; 9],
    rows: [u8; 9],
    used: u16,
    forward: [u8; 10],
    backward: [u8; 10],
}

impl RowMatch<'_> {
    fn assign(&mut self, i: usize) -> bool {
        let (n, b) = (self.size.n(), self.size.box_side());
        if i == n {
            return true;
        }
        let candidates: Vec<u8> = if i.is_multiple_of(b) {
            (0..n as u8)
                .filter(|&r| (0..b).all(|m| self.used & (1 << (r as usize / b * b + m)) == 0))
                .collect()
        } else {
            let band = self.rows[i - i % b] as usize / b;
            (band * b..band * b + b)
                .map(|r| r as u8)
                .filter(|&r| self.used & (1 << r) == 0)
                .collect()
        };
        for r in candidates {
            let (saved_forward, saved_backward) = (self.forward, self.backward);
            if self.row_matches(r as usize, i) {
                self.rows[i] = r;
                self.used |= 1 << r;
                if self.assign(i + 1) {
                    return true;
                }
                self.used &= !(1 << r);
            }
            self.forward = saved_forward;
            self.backward = saved_backward;
        }
        false
    }

    /// Whether source row `r` read in the column order matches target row `i`, extending
    /// the digit map.
    fn row_matches(&mut self, r: usize, i: usize) -> bool {
        let n = self.size.n();
        for j in 0..n {
            let x = self.source[r * n + self.cols[j] as usize] as usize;
            let y = self.target[i * n + j] as usize;
            if (x == 0) != (y == 0) {
                return false;
            }
            if x == 0 {
                continue;
            }
            if self.forward[x] == 0 && self.backward[y] == 0 {
                self.forward[x] = y as u8;
                self.backward[y] = x as u8;
            } else if self.forward[x] as usize != y {
                return false;
            }
        }
        true
    }
}
