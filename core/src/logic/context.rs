//! What the techniques of one position share, computed once per position ([`Context`]).

use super::geometry::{bits, count9, CellSet, COORDINATES_FOUR, COORDINATES_NINE};
use super::marks::Marks;
use crate::grid::Size;

/// An intersection with something to clear: unit `u1` (of kind `k1`) has its places of
/// `digit` all in unit `u2`, and `u2` has that digit elsewhere too. Found by
/// `techniques::intersections`; it lives here because the [`Context`] keeps the first one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Intersection {
    pub(crate) k1: u8,
    pub(crate) digit: u8,
    pub(crate) u1: u8,
    pub(crate) u2: u8,
}

/// What the techniques of one step share, computed once per position: each digit's
/// candidate cells, each unit's blank count and each unit-digit pair's positions.
pub(crate) struct Context {
    /// Candidate cells of digit `d` at index `d - 1`.
    pub dcs: [CellSet; 9],
    /// `pos[u][d - 1]`: the positions (indices within the unit) of `d` in unit `u`.
    pub pos: [[u32; 9]; 27],
    /// Blank cells of each unit.
    pub blanks: [u32; 27],
    /// The first intersection with something to clear, once the direct intersections'
    /// rung has looked (`Some(None)`: there is none), for the plain rung.
    pub first_intersection: std::cell::Cell<Option<Option<Intersection>>>,
}

impl Context {
    pub fn new(m: &Marks) -> Context {
        let size = m.size;
        let n = size.n();
        let mut ctx = Context {
            dcs: [0; 9],
            pos: [[0; 9]; 27],
            blanks: [0; 27],
            first_intersection: Default::default(),
        };
        let geometry: &[[u8; 4]] = match size {
            Size::Nine => &COORDINATES_NINE,
            Size::Four => &COORDINATES_FOUR,
        };
        if size == Size::Nine {
            // Digit cell sets and column places cell by cell; blanks, row and box places
            // from the sets by shifts (a row is 9 consecutive bits, a box 3 runs of 3).
            let mut blank: CellSet = 0;
            for (c, g) in COORDINATES_NINE.iter().enumerate() {
                if m.values[c] == 0 {
                    blank |= 1 << c;
                }
                let col = g[1] as usize;
                let mut k = m.cands[c];
                while k != 0 {
                    let d = k.trailing_zeros() as usize;
                    k &= k - 1;
                    ctx.dcs[d] |= 1u128 << c;
                    ctx.pos[9 + col][d] |= 1 << g[0];
                }
            }
            for r in 0..9 {
                let row = (blank >> (9 * r)) as u32 & 0x1ff;
                ctx.blanks[r] = count9(row);
                for c in bits(row) {
                    ctx.blanks[9 + c] += 1;
                }
            }
            for b in 0..9 {
                let y = blank >> (27 * (b / 3) + 3 * (b % 3));
                ctx.blanks[18 + b] = count9(y as u32 & 7)
                    + count9((y >> 9) as u32 & 7)
                    + count9((y >> 18) as u32 & 7);
            }
            for d in 0..9 {
                let x = ctx.dcs[d];
                for r in 0..9 {
                    ctx.pos[r][d] = (x >> (9 * r)) as u32 & 0x1ff;
                }
                for b in 0..9 {
                    let y = x >> (27 * (b / 3) + 3 * (b % 3));
                    ctx.pos[18 + b][d] =
                        (y as u32 & 7) | ((y >> 9) as u32 & 7) << 3 | ((y >> 18) as u32 & 7) << 6;
                }
            }
            return ctx;
        }
        for (c, g) in geometry.iter().enumerate() {
            let (row, col, b, in_box) =
                (g[0] as usize, g[1] as usize, g[2] as usize, g[3] as usize);
            if m.values[c] == 0 {
                ctx.blanks[row] += 1;
                ctx.blanks[n + col] += 1;
                ctx.blanks[2 * n + b] += 1;
            }
            let mut k = m.cands[c];
            while k != 0 {
                let d = k.trailing_zeros() as usize;
                k &= k - 1;
                ctx.dcs[d] |= 1u128 << c;
                ctx.pos[row][d] |= 1 << col;
                ctx.pos[n + col][d] |= 1 << row;
                ctx.pos[2 * n + b][d] |= 1 << in_box;
            }
        }
        ctx
    }
}
