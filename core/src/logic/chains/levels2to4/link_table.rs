//! The static links of a grid ("on" to "off" and "off" to "on", with each rule's cause),
//! as a list per candidate read once for many searches on that grid: the passes of
//! "Forcing Chains & Cycles" (`fcc`) and the static propagations of the inner multiple
//! forcing chains (`DeepRun::propagate_static`). What an "on" turns off and what an
//! "off" turns on are functions of the grid and of the links followed alone, so the
//! lists read here are those [`on_to_off`] and [`off_to_on`] give at each visit, in
//! the same order.

use super::inner_hint::CELL_CAUSE;
use crate::grid::UNITS;
use crate::logic::chains::work_grid::*;
use crate::logic::primitives::*;

/// What "c on" turns off, with each rule's cause (the cell; the box, the row and the
/// column outside the box), in Sukaku Explainer's order.
pub(super) fn on_to_off(w: &WorkGrid, c: Candidate, y: bool, mut f: impl FnMut(Candidate, u8)) {
    let (cell, d) = (c.cell().index(), c.digit().index());
    if y {
        let mut m = w.cands[cell] & !(1 << d);
        while m != 0 {
            let e = m.trailing_zeros() as usize;
            m &= m - 1;
            f(Candidate::new(cell, e), CELL_CAUSE);
        }
    }
    let [bu, ru, cu] = regions_of(cell);
    let (r, col) = (cell / 9, cell % 9);
    let mut m = w.places[bu][d] & !(1 << POS_IN[cell][0]);
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f(Candidate::new(UNITS[bu][i] as usize, d), bu as u8);
    }
    let mut m = w.places[ru][d] & !(0b111 << (col / 3 * 3));
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f(Candidate::new(UNITS[ru][i] as usize, d), ru as u8);
    }
    let mut m = w.places[cu][d] & !(0b111 << (r / 3 * 3));
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        f(Candidate::new(UNITS[cu][i] as usize, d), cu as u8);
    }
}

/// What "c off" turns on: the cell rule (with `y`), the unit rules (with `x`).
pub(super) fn off_to_on(
    w: &WorkGrid,
    c: Candidate,
    y: bool,
    x: bool,
    mut f: impl FnMut(Candidate, u8),
) {
    let mut fired = [(Candidate::default(), 0u8); 4];
    let n = w.off_fires(c, y, &mut fired);
    for &(q, group) in &fired[..n] {
        if group == CELL_CAUSE || x {
            f(q, group);
        }
    }
}

/// Per candidate of a grid, what its "on" turns off and what its "off" turns on by every
/// static link (cell and unit rules), with each rule's cause, packed: a candidate's
/// lists are `offs[at..at + len]` for `offs_at[c] = (at, len, _)`, the same for `ons`.
/// The cell rule's links come first in both lists (the "off"s of the cell's other
/// digits, then its units'; the "on" of a two-candidate cell's other digit, then its
/// units'), so the lists of a pass following only unit links or only cell links are
/// parts of these ([`Links`]). (Empty until the first `read`.)
#[derive(Default)]
pub(super) struct LinkTable {
    /// (start, length, how many of the first are the cell rule's).
    offs_at: Vec<(u32, u8, u8)>,
    offs: Vec<(Candidate, u8)>,
    ons_at: Vec<(u32, u8, u8)>,
    ons: Vec<(Candidate, u8)>,
    /// The grid last read.
    last: Option<[u16; 81]>,
}

impl LinkTable {
    /// Reads the links of `w` (nothing when it was the grid last read).
    pub(super) fn read(&mut self, w: &WorkGrid) {
        if self.last.as_ref() == Some(&w.cands) {
            return;
        }
        self.last = Some(w.cands);
        self.offs.clear();
        self.ons.clear();
        // (The spans of candidates not in the grid are left as they were: no search of
        // the grid asks for them.)
        self.offs_at.resize(NCAND, (0, 0, 0));
        self.ons_at.resize(NCAND, (0, 0, 0));
        let mut made = [(Candidate::default(), 0u8); 28];
        for cell in 0..81 {
            let m = w.cands[cell];
            let cell_offs = m.count_ones() as u8 - (m != 0) as u8;
            let cell_on = pair(m) as u8;
            let mut ds = m;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let c = Candidate::new(cell, d);
                let (o, n) = (self.offs.len(), self.ons.len());
                let mut k = 0;
                on_to_off(w, c, true, |q, cause| {
                    made[k] = (q, cause);
                    k += 1;
                });
                self.offs.extend_from_slice(&made[..k]);
                let mut fired = [(Candidate::default(), 0u8); 4];
                let f = w.off_fires(c, true, &mut fired);
                self.ons.extend_from_slice(&fired[..f]);
                self.offs_at[c.index()] = (o as u32, k as u8, cell_offs);
                self.ons_at[c.index()] = (n as u32, f as u8, cell_on);
            }
        }
    }

    /// The links of a pass following cell links (`y`), unit links (`x`) or both.
    #[inline]
    pub(super) fn links(&self, y: bool, x: bool) -> Links<'_> {
        Links { table: self, y, x }
    }

    /// What "c on" turns off by every static link, with each rule's cause.
    #[inline]
    pub(super) fn offs(&self, c: Candidate) -> &[(Candidate, u8)] {
        self.links(true, true).offs(c)
    }

    /// What "c off" turns on by every static link, with each rule's cause.
    #[inline]
    pub(super) fn ons(&self, c: Candidate) -> &[(Candidate, u8)] {
        self.links(true, true).ons(c)
    }
}

/// The lists of a [`LinkTable`] for a pass following cell links (`y`), unit links (`x`)
/// or both: those `on_to_off` and `off_to_on` give for that pass.
#[derive(Clone, Copy)]
pub(super) struct Links<'a> {
    table: &'a LinkTable,
    y: bool,
    x: bool,
}

impl<'a> Links<'a> {
    /// What "c on" turns off, with each rule's cause.
    #[inline]
    pub(super) fn offs(&self, c: Candidate) -> &'a [(Candidate, u8)] {
        let (at, n, cell) = self.table.offs_at[c.index()];
        let (at, n) = (at as usize, n as usize);
        let from = if self.y { at } else { at + cell as usize };
        &self.table.offs[from..at + n]
    }

    /// What "c off" turns on, with each rule's cause.
    #[inline]
    pub(super) fn ons(&self, c: Candidate) -> &'a [(Candidate, u8)] {
        let (at, n, cell) = self.table.ons_at[c.index()];
        let (at, n, cell) = (at as usize, n as usize, cell as usize);
        match (self.y, self.x) {
            (true, true) => &self.table.ons[at..at + n],
            (false, _) => &self.table.ons[at + cell..at + n],
            (true, false) => &self.table.ons[at..at + cell],
        }
    }
}
