//! The implication graph of one pass in flat arrays ([`PassGraph`]).

use crate::logic::chains::work_grid::*;
use crate::logic::geometry::UNIT_MASKS_NINE as UNIT_MASKS;
use crate::logic::memo::cycles::PassLists;
use crate::logic::primitives::*;

/// Calls `f` with the cells of `m`, ascending.
#[inline]
pub(super) fn for_cells(mut m: u128, mut f: impl FnMut(usize)) {
    while m != 0 {
        f(m.trailing_zeros() as usize);
        m &= m - 1;
    }
}

/// The implication graph of one pass (`y`: cell rule, `x`: region rule), reduced to what
/// a search follows, in flat arrays in Sukaku Explainer's order: for each candidate, the
/// candidates its "off" turns on (the other digit of a bivalue cell, then the last other
/// place of the digit in the box, row, column, each once), and the *live* candidates its
/// "on" turns off (the cell's other digits, then the digit's other places in the box,
/// the row outside the box, the column outside the box), live meaning that their "off"
/// turns something on. An "off" that turns nothing on ends every path through it: the
/// searches need it only as the target of a forcing chain (the start "off", tested
/// apart in `from_on`), so leaving the others out changes no path, no cycle and no
/// order. Built from cell masks per digit, a few bit operations a candidate.
/// Memory: at most 28 + 4 entries per candidate.
pub(super) struct PassGraph {
    pub(super) off_at: Vec<u16>,
    pub(super) off_end: Vec<u16>,
    pub(super) off: Vec<Candidate>,
    pub(super) on_at: Vec<u16>,
    pub(super) on_end: Vec<u16>,
    pub(super) on: Vec<Candidate>,
    pub(super) live: CandSet,
}

impl Default for PassGraph {
    fn default() -> Self {
        PassGraph {
            off_at: vec![0; NCAND],
            off_end: vec![0; NCAND],
            off: vec![Candidate::default(); NCAND * 28],
            on_at: vec![0; NCAND],
            on_end: vec![0; NCAND],
            on: vec![Candidate::default(); NCAND * 4],
            live: CandSet::EMPTY,
        }
    }
}

impl PassGraph {
    /// Sets the graph to that of `grid` (`places[d]`: the cells holding digit `d`). Only
    /// the candidates of `grid` get lists (no other is ever looked up), and without the
    /// region rule only those of bivalue cells: the Y pass starts only from them, and
    /// every candidate its links reach is one of them (its only live candidates). The
    /// lists are written into arrays of their largest sizes.
    pub(super) fn build(
        &mut self,
        grid: &[u16; 81],
        places: &[u128; 9],
        y: bool,
        x: bool,
        digits: u16,
    ) {
        self.live.clear();
        // The live places of each digit.
        let mut live = [0u128; 9];
        let on = &mut self.on[..];
        let mut n_on = 0usize;
        for (cell, &m) in grid.iter().enumerate() {
            if !x && !pair(m) {
                continue;
            }
            let bit = 1u128 << cell;
            let mut ds = m & digits;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let c = Candidate::new(cell, d);
                let first = n_on;
                self.on_at[c.index()] = first as u16;
                if y && pair(m) {
                    on[n_on] = Candidate::new(cell, (m & !(1 << d)).trailing_zeros() as usize);
                    n_on += 1;
                }
                if x {
                    let region_first = n_on;
                    for u in regions_of(cell) {
                        let others = places[d] & UNIT_MASKS[u] & !bit;
                        if others != 0 && others & (others - 1) == 0 {
                            let q = Candidate::new(others.trailing_zeros() as usize, d);
                            if !on[region_first..n_on].contains(&q) {
                                on[n_on] = q;
                                n_on += 1;
                            }
                        }
                    }
                }
                self.on_end[c.index()] = n_on as u16;
                if n_on != first {
                    self.live.set(c);
                    live[d] |= bit;
                }
            }
        }
        let off = &mut self.off[..];
        let mut n_off = 0usize;
        for (cell, &m) in grid.iter().enumerate() {
            if !x && !pair(m) {
                continue;
            }
            let bit = 1u128 << cell;
            let [b, r, col] = regions_of(cell);
            let (bm, rm, cm) = (
                UNIT_MASKS[b],
                UNIT_MASKS[r] & !UNIT_MASKS[b],
                UNIT_MASKS[col] & !UNIT_MASKS[b],
            );
            let mut ds = m & digits;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let c = Candidate::new(cell, d);
                self.off_at[c.index()] = n_off as u16;
                if y {
                    let mut o = m & !(1 << d);
                    while o != 0 {
                        let e = o.trailing_zeros() as usize;
                        o &= o - 1;
                        if live[e] & bit != 0 {
                            off[n_off] = Candidate::new(cell, e);
                            n_off += 1;
                        }
                    }
                }
                let l = live[d];
                for m in [bm & l & !bit, rm & l, cm & l] {
                    for_cells(m, |o| {
                        off[n_off] = Candidate::new(o, d);
                        n_off += 1;
                    });
                }
                self.off_end[c.index()] = n_off as u16;
            }
        }
        debug_assert!(self.follows_rules(grid, y, x, digits));
    }

    /// True when the lists are those the engine's rules give (`on_to_off`, `off_to_on`),
    /// in the same order (a check of debug builds).
    pub(super) fn follows_rules(&self, grid: &[u16; 81], y: bool, x: bool, digits: u16) -> bool {
        (0..NCAND)
            .map(Candidate::from_index)
            .filter(|&c| {
                grid[c.cell().index()] >> c.digit().index() & 1 != 0
                    && (x || pair(grid[c.cell().index()]))
                    && digits >> c.digit().index() & 1 != 0
            })
            .all(|c| {
                let (mut ons, mut n_on) = ([Candidate::default(); 4], 0);
                off_to_on(grid, grid, c, y, x, |q, _| {
                    if !ons[..n_on].contains(&q) {
                        ons[n_on] = q;
                        n_on += 1;
                    }
                });
                let (mut offs, mut n_off) = ([Candidate::default(); 28], 0);
                on_to_off(grid, c, y, |q| {
                    if self.live.has(q) {
                        offs[n_off] = q;
                        n_off += 1;
                    }
                });
                self.ons(c) == &ons[..n_on]
                    && self.offs(c) == &offs[..n_off]
                    && self.live.has(c) == (n_on > 0)
            })
    }

    /// The live candidates "c on" turns off, in Sukaku Explainer's order.
    #[inline]
    pub(super) fn offs(&self, c: Candidate) -> &[Candidate] {
        &self.off[self.off_at[c.index()] as usize..self.off_end[c.index()] as usize]
    }

    /// The candidates "c off" turns on, in Sukaku Explainer's order.
    #[inline]
    pub(super) fn ons(&self, c: Candidate) -> &[Candidate] {
        &self.on[self.on_at[c.index()] as usize..self.on_end[c.index()] as usize]
    }
}

impl PassLists for PassGraph {
    #[inline]
    fn is_live(&self, c: Candidate) -> bool {
        self.live.has(c)
    }
    #[inline]
    fn ons(&self, c: Candidate) -> &[Candidate] {
        PassGraph::ons(self, c)
    }
    #[inline]
    fn offs(&self, c: Candidate) -> &[Candidate] {
        PassGraph::offs(self, c)
    }
}

/// True when "a on" turns "b off" (any candidates, live or not): the same cell (with the
/// cell rule), or the same digit in cells that see each other.
#[inline]
pub(super) fn turns_off(a: Candidate, b: Candidate, y: bool) -> bool {
    let (ca, cb) = (a.cell().index(), b.cell().index());
    if ca == cb {
        y && a != b
    } else {
        a.digit().index() == b.digit().index()
            && (ca / 9 == cb / 9
                || ca % 9 == cb % 9
                || (ca / 27 == cb / 27 && ca % 9 / 3 == cb % 9 / 3))
    }
}
