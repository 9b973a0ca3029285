//! The grid a chain works on ([`WorkGrid`]): each cell's candidates and each unit's places
//! of each digit, and the on/off rules read off it (what an "on" turns off, what an
//! "off" turns on, and the hidden parents of what it turns on).

use crate::grid::UNITS;
use crate::logic::primitives::*;

/// The regions of a cell in Sukaku Explainer's order: box, row, column (as indices into
/// `UNITS`).
#[inline]
pub fn regions_of(cell: usize) -> [usize; 3] {
    let [b, r, c] = REGIONS[cell];
    [b as usize, r as usize, c as usize]
}

const fn build_regions() -> [[u8; 3]; 81] {
    let mut t = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        t[cell] = [
            (18 + crate::grid::box_of(cell)) as u8,
            (cell / 9) as u8,
            (9 + cell % 9) as u8,
        ];
        cell += 1;
    }
    t
}
const REGIONS: [[u8; 3]; 81] = build_regions();

/// What "p on" turns off, in Sukaku Explainer's order: the other digits of the cell
/// (when `cell_rule`), then the other places of the digit in the box, the row outside
/// the box, the column outside the box. Calls `f` with each candidate.
#[inline]
pub fn on_to_off(grid: &[u16; 81], c: Candidate, cell_rule: bool, mut f: impl FnMut(Candidate)) {
    let cell = c.cell().index();
    let d = c.digit().index();
    if cell_rule {
        let mut m = grid[cell] & !(1 << d);
        while m != 0 {
            let e = m.trailing_zeros() as usize;
            m &= m - 1;
            f(Candidate::new(cell, e));
        }
    }
    let bit = 1u16 << d;
    let b = crate::grid::box_of(cell);
    for &o in &UNITS[18 + b] {
        let o = o as usize;
        if o != cell && grid[o] & bit != 0 {
            f(Candidate::new(o, d));
        }
    }
    for &o in &UNITS[cell / 9] {
        let o = o as usize;
        if crate::grid::box_of(o) != b && grid[o] & bit != 0 {
            f(Candidate::new(o, d));
        }
    }
    for &o in &UNITS[9 + cell % 9] {
        let o = o as usize;
        if crate::grid::box_of(o) != b && grid[o] & bit != 0 {
            f(Candidate::new(o, d));
        }
    }
}

/// What "p off" turns on (at most 4: the cell rule, then box, row, column), each with its
/// hidden parents: the candidates of `source` that `grid` has lost in the cell or region
/// (only dynamic chains lose any). Calls `f(on_candidate, hidden_parents)`.
#[inline]
pub fn off_to_on(
    grid: &[u16; 81],
    source: &[u16; 81],
    c: Candidate,
    cell_rule: bool,
    region_rule: bool,
    mut f: impl FnMut(Candidate, &[Potential]),
) {
    let cell = c.cell().index();
    let d = c.digit().index();
    let mut hidden = [Potential::default(); 9];
    if cell_rule && pair(grid[cell]) {
        let other = (grid[cell] & !(1 << d)).trailing_zeros() as usize;
        let mut n = 0;
        let mut lost = source[cell] & !grid[cell];
        while lost != 0 {
            let e = lost.trailing_zeros() as usize;
            lost &= lost - 1;
            hidden[n] = Potential::new(Candidate::new(cell, e), false);
            n += 1;
        }
        f(Candidate::new(cell, other), &hidden[..n]);
    }
    if region_rule {
        let bit = 1u16 << d;
        for u in regions_of(cell) {
            let mut other = usize::MAX;
            let mut count = 0;
            for &o in &UNITS[u] {
                let o = o as usize;
                if o != cell && grid[o] & bit != 0 {
                    count += 1;
                    other = o;
                }
            }
            if count == 1 {
                let mut n = 0;
                for &o in &UNITS[u] {
                    let o = o as usize;
                    if source[o] & bit != 0 && grid[o] & bit == 0 {
                        hidden[n] = Potential::new(Candidate::new(o, d), false);
                        n += 1;
                    }
                }
                f(Candidate::new(other, d), &hidden[..n]);
            }
        }
    }
}

/// Position of each cell within its box, row and column (Sukaku Explainer's region order).
const fn build_pos_in() -> [[u8; 3]; 81] {
    let mut t = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        t[cell] = [((r % 3) * 3 + c % 3) as u8, c as u8, r as u8];
        cell += 1;
    }
    t
}
pub const POS_IN: [[u8; 3]; 81] = build_pos_in();

/// Position of `cell` within its `k`-th region (in the order of [`regions_of`]).
#[inline]
pub fn pos_in_region(cell: usize, k: usize) -> usize {
    POS_IN[cell][k] as usize
}

/// Position of `cell` within unit `u` (one of its regions).
#[inline]
pub fn pos_in(cell: usize, u: usize) -> usize {
    let k = regions_of(cell)
        .iter()
        .position(|&x| x == u)
        .expect("a region of the cell");
    POS_IN[cell][k] as usize
}

/// A grid of candidates with, for each unit and digit, the mask of its places (bit i: the
/// unit's i-th cell), kept in step so that region rules are a few bit operations.
#[derive(Clone, Copy)]
pub struct WorkGrid {
    pub cands: [u16; 81],
    /// `places[u][d]`, units numbered as `UNITS` (rows, columns, boxes).
    pub places: [[u16; 9]; 27],
}

impl WorkGrid {
    pub fn new(grid: &[u16; 81]) -> WorkGrid {
        let mut b = WorkGrid {
            cands: *grid,
            places: [[0; 9]; 27],
        };
        for cell in 0..81 {
            let mut m = grid[cell];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                for (k, u) in regions_of(cell).into_iter().enumerate() {
                    b.places[u][d] |= 1 << POS_IN[cell][k];
                }
            }
        }
        b
    }

    #[inline]
    pub fn remove(&mut self, c: Candidate) {
        let (cell, d) = (c.cell().index(), c.digit().index());
        self.cands[cell] &= !(1 << d);
        for (k, u) in regions_of(cell).into_iter().enumerate() {
            self.places[u][d] &= !(1 << POS_IN[cell][k]);
        }
    }

    /// What "c on" turns off (see [`on_to_off`]), in the same order.
    #[inline]
    pub fn on_to_off(&self, c: Candidate, cell_rule: bool, mut f: impl FnMut(Candidate)) {
        let (cell, d) = (c.cell().index(), c.digit().index());
        if cell_rule {
            let mut m = self.cands[cell] & !(1 << d);
            while m != 0 {
                let e = m.trailing_zeros() as usize;
                m &= m - 1;
                f(Candidate::new(cell, e));
            }
        }
        let [bu, ru, cu] = regions_of(cell);
        let (r, col) = (cell / 9, cell % 9);
        let mut m = self.places[bu][d] & !(1 << POS_IN[cell][0]);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            f(Candidate::new(UNITS[bu][i] as usize, d));
        }
        let mut m = self.places[ru][d] & !(0b111 << (col / 3 * 3));
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            f(Candidate::new(UNITS[ru][i] as usize, d));
        }
        let mut m = self.places[cu][d] & !(0b111 << (r / 3 * 3));
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            f(Candidate::new(UNITS[cu][i] as usize, d));
        }
    }

    /// The rules "c off" fires (see [`off_to_on`]), in the same order: each with the
    /// candidate it turns on and its group (`CELL_GROUP`: the cell; else the unit); the
    /// hidden parents of those a propagation takes come from [`WorkGrid::hidden_parents`].
    ///
    /// Written into the caller's `fired` (returns how many): returned by value, the
    /// array was copied out with one wide load over the narrow stores just made, which
    /// the processor cannot forward (a stall at every "off" of a propagation).
    #[inline(always)]
    pub fn off_fires(
        &self,
        c: Candidate,
        cell_rule: bool,
        fired: &mut [(Candidate, u8); 4],
    ) -> usize {
        let (cell, d) = (c.cell().index(), c.digit().index());
        let mut n = 0;
        if cell_rule && pair(self.cands[cell]) {
            fired[0] = (
                Candidate::new(
                    cell,
                    (self.cands[cell] & !(1 << d)).trailing_zeros() as usize,
                ),
                CELL_GROUP,
            );
            n = 1;
        }
        for (k, u) in regions_of(cell).into_iter().enumerate() {
            let m = self.places[u][d] & !(1 << POS_IN[cell][k]);
            if single(m) {
                fired[n] = (
                    Candidate::new(UNITS[u][m.trailing_zeros() as usize] as usize, d),
                    u as u8,
                );
                n += 1;
            }
        }
        n
    }

    /// The hidden parents of `q` turned on by a rule of `group` ([`WorkGrid::off_fires`]):
    /// the "off"s of the group's candidates `source` has and this grid lost, into `out`;
    /// returns how many.
    #[inline]
    pub fn hidden_parents(
        &self,
        source: &WorkGrid,
        q: Candidate,
        group: u8,
        out: &mut [Potential; 9],
    ) -> usize {
        let (cell, d) = (q.cell().index(), q.digit().index());
        let mut n = 0;
        if group == CELL_GROUP {
            let mut lost = source.cands[cell] & !self.cands[cell];
            while lost != 0 {
                let e = lost.trailing_zeros() as usize;
                lost &= lost - 1;
                out[n] = Potential::new(Candidate::new(cell, e), false);
                n += 1;
            }
        } else {
            let u = group as usize;
            let mut lost = source.places[u][d] & !self.places[u][d];
            while lost != 0 {
                let i = lost.trailing_zeros() as usize;
                lost &= lost - 1;
                out[n] = Potential::new(Candidate::new(UNITS[u][i] as usize, d), false);
                n += 1;
            }
        }
        n
    }
}

/// The group of a cell rule in [`WorkGrid::off_fires`] (units are 0 to 26).
pub const CELL_GROUP: u8 = u8::MAX;

/// The digits (0-based) of candidate mask `m`, in increasing order, and how many.
#[inline]
pub(crate) fn digits_of(m: u16) -> ([usize; 9], usize) {
    let (mut out, mut n, mut rest) = ([0usize; 9], 0, m);
    while rest != 0 {
        out[n] = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        n += 1;
    }
    (out, n)
}

/// The places of digit `d` in unit `u`, the `k`-th region of `cell` (cells, in the
/// unit's order, and how many), when the region test is made from `cell`: `cell` is the
/// first of them, and they are two (or more, with `multiple`). Read from the board's
/// mask of the unit, so that the regions where the test is not made cost two tests.
#[inline]
pub(crate) fn region_places(
    board: &WorkGrid,
    cell: usize,
    k: usize,
    u: usize,
    d: usize,
    multiple: bool,
) -> Option<([usize; 9], usize)> {
    let m = board.places[u][d];
    if m.trailing_zeros() as usize != pos_in_region(cell, k)
        || !(pair(m) || (multiple && several(m)))
    {
        return None;
    }
    let (mut out, mut n, mut rest) = ([0usize; 9], 0, m);
    while rest != 0 {
        out[n] = crate::grid::UNITS[u][rest.trailing_zeros() as usize] as usize;
        rest &= rest - 1;
        n += 1;
    }
    Some((out, n))
}
