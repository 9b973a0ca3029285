//! The nested rules of "Dynamic Forcing Chains (+)" (level 1): when a dynamic chain has
//! nothing left to propagate, Sukaku Explainer applies, on the grid the chain has reduced,
//! the first of these rules that finds something resting on the chain's own removals:
//! pointing and claiming, hidden pairs, naked pairs, X-wings (its rules for standard
//! sudoku). What that rule removes becomes new
//! "off" potentials whose parents are the chain's removals the rule needed (its "rule
//! parents"), and propagation resumes.
//!
//! Deeper levels (nested forcing chains, 9.5 and up) try these rules first, then inner
//! chain searches (`chains::levels2to4`).

// Loops over bit positions index units by position: clearer than iterator chains here.
#![allow(clippy::needless_range_loop)]

use super::propagation::Propagation;
use super::work_grid::WorkGrid;
use crate::grid::UNITS;
use crate::logic::memo::bounded::PerSource;
use crate::logic::memo::slots;
use crate::logic::primitives::{pair, several, Candidate, Potential};
use std::rc::Rc;

/// One hint of a nested rule: the candidates it removes (in Sukaku Explainer's order) and
/// its rule parents (as "off" potentials).
pub(super) struct Hint {
    pub(super) removes: Vec<Candidate>,
    pub(super) parents: Vec<Potential>,
}

/// Applies the first nested rule that finds something on `work` (the grid the chain has
/// reduced from `source`), adding what it removes as "off" potentials of `run`. The
/// hints are kept per thread ([`AdvancedHints`]).
pub fn advanced(run: &mut Propagation, source: &WorkGrid, work: &WorkGrid, level: u8) {
    if level == 0 {
        return;
    }
    let hints = slots::with(|kept: &mut AdvancedHints| kept.0.hints(source, work));
    for h in hints.iter() {
        for &c in &h.removes {
            run.add_off(c, &h.parents);
        }
    }
}

/// The level-1 hints ([`level1_hints`]) of the grids met from one source grid, kept: they
/// are a function of the two grids, so the hints kept for a grid while the source is the
/// same are those the rules would give again. A new source, or more than `limit` grids,
/// starts afresh.
pub(super) struct KeptHints(PerSource<Rc<Vec<Hint>>>);

impl KeptHints {
    pub(super) fn new(limit: usize) -> KeptHints {
        KeptHints(PerSource::new(limit))
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The level-1 hints on `work` reduced from `source`: kept, or found and kept.
    pub(super) fn hints(&mut self, source: &WorkGrid, work: &WorkGrid) -> Rc<Vec<Hint>> {
        self.hints_made(source, work, || level1_hints(source, work))
    }

    /// The hints `make` finds on `work` reduced from `source`: kept, or made and kept.
    /// The rules `make` applies must be those of every other call since this was made.
    pub(super) fn hints_made(
        &mut self,
        source: &WorkGrid,
        work: &WorkGrid,
        make: impl FnOnce() -> Vec<Hint>,
    ) -> Rc<Vec<Hint>> {
        self.0
            .get_or_make(&source.cands, &work.cands, || Rc::new(make()))
    }
}

/// The most grids whose level-1 hints [`AdvancedHints`] holds.
const HINTS_KEPT: usize = 4096;

/// The level-1 hints of the level-1 producer's propagations (see [`advanced`]), kept
/// per thread in a `memo::slots` slot.
pub(super) struct AdvancedHints(KeptHints);

impl Default for AdvancedHints {
    fn default() -> Self {
        AdvancedHints(KeptHints::new(HINTS_KEPT))
    }
}

impl slots::Memo for AdvancedHints {
    fn forget(&mut self) {
        self.0 = KeptHints::new(HINTS_KEPT);
    }
    fn is_forgotten(&self) -> bool {
        self.0.is_empty()
    }
}

/// The hints (with rule parents) of the first of the four level-1 rules that has any on
/// `work` (the grid a chain has reduced from `source`): pointing and claiming, hidden
/// pairs, naked pairs, X-wings. Every deeper level tries these first.
pub(super) fn level1_hints(source: &WorkGrid, work: &WorkGrid) -> Vec<Hint> {
    let mut hints: Vec<Hint> = Vec::new();
    for rule in 0..4 {
        match rule {
            0 => locked(source, work, &mut hints),
            1 => hidden_pairs(source, work, &mut hints),
            2 => naked_pairs(source, work, &mut hints),
            _ => x_wings(&source.places, &work.places, &mut hints),
        }
        if !hints.is_empty() {
            break;
        }
    }
    hints
}

/// Removals as a Java `HashMap<Cell, BitSet>` lists them: entries by bucket (the cell's
/// index modulo the table's size, which grows with the count: 16 up to 12 cells, then
/// doubling at three quarters full), within a bucket in the order first inserted; each
/// cell's digits ascending. `inserted` holds (cell, digits) in insertion order, a cell
/// perhaps more than once. (Rules that insert cells in ascending order, as most do, get
/// them by bucket then cell; the X-wings over cover columns and a cycle's removals, in
/// the order of its forward chain, do not.)
pub(super) fn hash_order(inserted: &[(usize, u16)]) -> Vec<Candidate> {
    let mut cells: Vec<(usize, u16)> = Vec::with_capacity(inserted.len());
    for &(cell, digits) in inserted {
        match cells.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, m)) => *m |= digits,
            None => cells.push((cell, digits)),
        }
    }
    let mut cap = 16;
    while cells.len() * 4 > cap * 3 {
        cap *= 2;
    }
    // A stable sort keeps each bucket's insertion order.
    cells.sort_by_key(|&(cell, _)| cell & (cap - 1));
    let mut out = Vec::new();
    for (cell, mut m) in cells {
        while m != 0 {
            out.push(Candidate::new(cell, m.trailing_zeros() as usize));
            m &= m - 1;
        }
    }
    out
}

/// Units in the order box, column, row (its subset rules).
fn units_bcr() -> impl Iterator<Item = usize> {
    (18..27).chain(9..18).chain(0..9)
}

/// `SHARED[u1][u2]`: the positions (bit i: the unit's i-th cell) of `u1` whose cell also
/// lies in `u2`.
const fn build_shared() -> [[u16; 27]; 27] {
    let mut t = [[0u16; 27]; 27];
    let mut u1 = 0;
    while u1 < 27 {
        let mut u2 = 0;
        while u2 < 27 {
            let mut i = 0;
            while i < 9 {
                let mut j = 0;
                while j < 9 {
                    if UNITS[u1][i] == UNITS[u2][j] {
                        t[u1][u2] |= 1 << i;
                    }
                    j += 1;
                }
                i += 1;
            }
            u2 += 1;
        }
        u1 += 1;
    }
    t
}
const SHARED: [[u16; 27]; 27] = build_shared();

/// `CROSSING[u1][k]`: the three units of type `k` (0 rows, 1 columns, 2 boxes) that
/// share cells with `u1`, ascending, for a box and a line (a line's type meets itself
/// nowhere: unused).
const fn build_crossing() -> [[[usize; 3]; 3]; 27] {
    let mut t = [[[0usize; 3]; 3]; 27];
    let mut u1 = 0;
    while u1 < 27 {
        let mut k = 0;
        while k < 3 {
            let mut n = 0;
            let mut u2 = k * 9;
            while u2 < k * 9 + 9 {
                if SHARED[u1][u2] != 0 && u1 / 9 != k && n < 3 {
                    t[u1][k][n] = u2;
                    n += 1;
                }
                u2 += 1;
            }
            k += 1;
        }
        u1 += 1;
    }
    t
}
const CROSSING: [[[usize; 3]; 3]; 27] = build_crossing();

/// For a unit's places (a 9-bit mask, not empty): `g` when they all lie in positions
/// `3g..3g + 3` (a box's row `g`; a line's box `g`, counted along the line), or 255.
const fn build_group_of(stride: bool) -> [u8; 512] {
    let mut t = [255u8; 512];
    let mut m = 1;
    while m < 512 {
        let mut g = 0;
        while g < 3 {
            let group = if stride {
                0b001_001_001 << g
            } else {
                0b111 << (3 * g)
            };
            if m & !group == 0 {
                t[m] = g as u8;
            }
            g += 1;
        }
        m += 1;
    }
    t
}
/// For a box's places: their row in the box (`GROUP_OF`), their column (`STRIDE_OF`).
const GROUP_OF: [u8; 512] = build_group_of(false);
const STRIDE_OF: [u8; 512] = build_group_of(true);

fn locked(source: &WorkGrid, work: &WorkGrid, hints: &mut Vec<Hint>) {
    // Pointing (box, then column / row) and claiming (column / row, then box): a digit's
    // places in region 1 all lie in region 2, so it leaves the rest of region 2.
    let pairs_of_types = [(18usize, 9usize), (18, 0), (9, 18), (0, 18)];
    for (t1, t2) in pairs_of_types {
        for d in 0..9 {
            for u1 in t1..t1 + 9 {
                let places = work.places[u1][d];
                if !several(places) {
                    continue;
                }
                // Only a unit of region 2's type crossing region 1 can hold all the
                // places (several: not the empty set a unit apart holds), and only one
                // can hold several: the one of their group (`CROSSING` lists a box's
                // rows and columns, and a line's boxes, in the order of the groups).
                let g = if t1 == 18 && t2 == 9 {
                    STRIDE_OF[places as usize]
                } else {
                    GROUP_OF[places as usize]
                };
                if g != 255 {
                    let u2 = CROSSING[u1][t2 / 9][g as usize];
                    debug_assert!(places & !SHARED[u1][u2] == 0);
                    // Region 2's other places, in its order.
                    let mut rest = work.places[u2][d] & !SHARED[u2][u1];
                    if rest == 0 {
                        continue;
                    }
                    let lost = source.places[u1][d] & !places & !SHARED[u1][u2];
                    if lost == 0 {
                        continue;
                    }
                    let mut removes = Vec::new();
                    while rest != 0 {
                        let j = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        removes.push((UNITS[u2][j] as usize, 1u16 << d));
                    }
                    let parents: Vec<Potential> = (0..9)
                        .filter(|&i| lost >> i & 1 != 0)
                        .map(|i| Potential::new(Candidate::new(UNITS[u1][i] as usize, d), false))
                        .collect();
                    hints.push(Hint {
                        removes: hash_order(&removes),
                        parents,
                    });
                }
            }
        }
    }
}

/// Pairs of 0..9 in Sukaku Explainer's order ({0,1}, {0,2}, {1,2}, {0,3}, ...).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

fn empty_cells(source: &WorkGrid, u: usize) -> usize {
    UNITS[u]
        .iter()
        .filter(|&&c| source.cands[c as usize] != 0)
        .count()
}

fn hidden_pairs(source: &WorkGrid, work: &WorkGrid, hints: &mut Vec<Hint>) {
    for u in units_bcr() {
        // A hidden pair's two digits have two places each (the same two): the unit is
        // passed over unless two digits have.
        let twos = (0..9).filter(|&d| pair(work.places[u][d])).count();
        if twos < 2 || empty_cells(source, u) <= 4 {
            continue;
        }
        for (a, b) in pairs() {
            let (pa, pb) = (work.places[u][a], work.places[u][b]);
            if !several(pa) || !several(pb) || !pair(pa | pb) {
                continue;
            }
            let both = pa | pb;
            let keep = (1u16 << a) | (1 << b);
            let mut removes = Vec::new();
            for i in 0..9 {
                if both >> i & 1 != 0 {
                    let cell = UNITS[u][i] as usize;
                    let extra = work.cands[cell] & !keep;
                    if extra != 0 {
                        removes.push((cell, extra));
                    }
                }
            }
            if removes.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for i in 0..9 {
                if both >> i & 1 == 0 {
                    let cell = UNITS[u][i] as usize;
                    for d in [a, b] {
                        if source.cands[cell] >> d & 1 != 0 {
                            parents.push(Potential::new(Candidate::new(cell, d), false));
                        }
                    }
                }
            }
            if parents.is_empty() {
                continue;
            }
            hints.push(Hint {
                removes: hash_order(&removes),
                parents,
            });
        }
    }
}

fn naked_pairs(source: &WorkGrid, work: &WorkGrid, hints: &mut Vec<Hint>) {
    for u in units_bcr() {
        // A naked pair's two cells hold two candidates each (the same two): the unit is
        // passed over unless two cells do.
        let twos = UNITS[u]
            .iter()
            .filter(|&&c| pair(work.cands[c as usize]))
            .count();
        if twos < 2 || empty_cells(source, u) < 4 {
            continue;
        }
        for (a, b) in pairs() {
            let (ca, cb) = (UNITS[u][a] as usize, UNITS[u][b] as usize);
            let (ma, mb) = (work.cands[ca], work.cands[cb]);
            if !several(ma) || !several(mb) || !pair(ma | mb) {
                continue;
            }
            // The pair's digits leave the rest of the unit.
            let mut removes = Vec::new();
            for &o in &UNITS[u] {
                let o = o as usize;
                if o != ca && o != cb && work.cands[o] & (ma | mb) != 0 {
                    removes.push((o, work.cands[o] & (ma | mb)));
                }
            }
            if removes.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for c in [ca, cb] {
                let lost = source.cands[c] & !(ma | mb);
                let mut l = lost;
                while l != 0 {
                    let d = l.trailing_zeros() as usize;
                    l &= l - 1;
                    parents.push(Potential::new(Candidate::new(c, d), false));
                }
            }
            if parents.is_empty() {
                continue;
            }
            hints.push(Hint {
                removes: hash_order(&removes),
                parents,
            });
        }
    }
}

/// X-wings on the places of the rows and columns (`source` and `work` index lines as
/// `UNITS` does: rows 0-8, columns 9-17, each line's cells in order), so that any grid
/// keeping those places (the classic `WorkGrid`, the rules' `RuledGrid`) is read as it is.
pub(super) fn x_wings(source: &[[u16; 9]], work: &[[u16; 9]], hints: &mut Vec<Hint>) {
    // Base lines columns then rows; a digit qualifies while at most 9 - 4 of it are placed.
    let placed: [usize; 9] = std::array::from_fn(|d| (0..9).filter(|&r| source[r][d] == 0).count());
    for (base0, cover0) in [(9usize, 0usize), (0, 9)] {
        // The digits with two places in each base line: an X-wing's two base lines hold
        // its digit twice each (in the same two cover lines); the other digits are
        // passed over.
        let twos: [u16; 9] = std::array::from_fn(|line| {
            (0..9)
                .filter(|&d| pair(work[base0 + line][d]))
                .fold(0u16, |m, d| m | 1 << d)
        });
        for (a, b) in pairs() {
            let mut ds = twos[a] & twos[b];
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                if placed[d] + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (work[base0 + a][d], work[base0 + b][d]);
                if !several(pa) || !several(pb) || !pair(pa | pb) {
                    continue;
                }
                let covers = pa | pb;
                let bases = (1u16 << a) | (1 << b);
                let mut removes = Vec::new();
                for i in 0..9 {
                    if covers >> i & 1 != 0 {
                        let m = work[cover0 + i][d] & !bases;
                        for j in 0..9 {
                            if m >> j & 1 != 0 {
                                removes.push((UNITS[cover0 + i][j] as usize, 1u16 << d));
                            }
                        }
                    }
                }
                if removes.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for k in [a, b] {
                    let lost = source[base0 + k][d] & !work[base0 + k][d] & !covers;
                    for j in 0..9 {
                        if lost >> j & 1 != 0 {
                            parents.push(Potential::new(
                                Candidate::new(UNITS[base0 + k][j] as usize, d),
                                false,
                            ));
                        }
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                hints.push(Hint {
                    removes: hash_order(&removes),
                    parents,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The "off"s `advanced` adds to a fresh propagation, with their parents.
    fn added(source: &WorkGrid, work: &WorkGrid) -> Vec<(Candidate, Vec<Potential>)> {
        let mut run = Propagation::default();
        advanced(&mut run, source, work, 1);
        run.off_list
            .iter()
            .map(|&c| (c, run.parents(Potential::new(c, false)).to_vec()))
            .collect()
    }

    #[test]
    fn the_kept_level_1_hints_are_those_of_the_grids() {
        // Grids reduced one candidate at a time, met twice from one source (a full
        // grid), then from another (one reduced half-way), then from the first again,
        // as the searches of successive positions meet them: each time the "off"s added
        // are those of the rules' hints on the two grids, kept or not (the two sources
        // giving other parents on many grids).
        let full = [0x1ffu16; 81];
        let mut start = full;
        for (i, c) in start.iter_mut().enumerate().step_by(7) {
            *c &= !(1 << (i % 9));
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut works: Vec<[u16; 81]> = Vec::new();
        let mut cands = start;
        for _ in 0..300 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let cell = (seed % 81) as usize;
            let d = (seed >> 20) as usize % 9;
            if (cands[cell] & !(1 << d)).count_ones() >= 1 {
                cands[cell] &= !(1 << d);
            }
            works.push(cands);
        }
        // The second source: the grid half-way (its works: the later half).
        let other = works[150];
        let works = &works[150..];
        crate::logic::forget_search_memos();
        let mut compared = 0;
        let mut fired = 0;
        for s in [&full, &other, &full] {
            for round in 0..2 {
                for w in works {
                    let (source, work) = (WorkGrid::new(s), WorkGrid::new(w));
                    let expected: Vec<(Candidate, Vec<Potential>)> = {
                        let mut run = Propagation::default();
                        for h in level1_hints(&source, &work) {
                            for &c in &h.removes {
                                run.add_off(c, &h.parents);
                            }
                        }
                        run.off_list
                            .iter()
                            .map(|&c| (c, run.parents(Potential::new(c, false)).to_vec()))
                            .collect()
                    };
                    assert_eq!(added(&source, &work), expected, "round {round}");
                    compared += 1;
                    fired += !expected.is_empty() as usize;
                }
            }
        }
        let differ = works
            .iter()
            .filter(|w| {
                let work = WorkGrid::new(w);
                let a = level1_hints(&WorkGrid::new(&full), &work);
                let b = level1_hints(&WorkGrid::new(&other), &work);
                a.len() != b.len() || a.iter().zip(&b).any(|(x, y)| x.parents != y.parents)
            })
            .count();
        assert!(differ > 10, "{differ} grids where the source matters");
        assert!(
            compared == 900 && fired > 100,
            "{fired} of {compared} grids with hints"
        );
    }
}
