//! The nested rules of "Dynamic Forcing Chains (+)" (level 1): when a dynamic chain has
//! nothing left to propagate, Sukaku Explainer applies, on the grid the chain has reduced,
//! the first of these rules that finds something resting on the chain's own removals:
//! pointing and claiming, hidden pairs, naked pairs, X-wings (its rules for standard
//! sudoku). What that rule removes becomes new
//! "off" potentials whose parents are the chain's removals the rule needed (its "rule
//! parents"), and propagation resumes.
//!
//! Deeper levels (nested forcing chains, 9.5 and up) try these rules first, then inner
//! chain searches (`chains::deep`).

// Loops over bit positions index units by position: clearer than iterator chains here.
#![allow(clippy::needless_range_loop)]

use super::potential::{cand, pair, pot, several};
use super::propagation::Propagation;
use super::work_grid::WorkGrid;
use crate::grid::UNITS;

/// One hint of a nested rule: the candidates it removes (in Sukaku Explainer's order) and
/// its rule parents (as "off" potentials).
pub(super) struct Hint {
    pub(super) removes: Vec<u16>,
    pub(super) parents: Vec<u16>,
}

/// Applies the first nested rule that finds something on `work` (the grid the chain has
/// reduced from `source`), adding what it removes as "off" potentials of `run`.
pub fn advanced(run: &mut Propagation, source: &WorkGrid, work: &WorkGrid, level: u8) {
    if level == 0 {
        return;
    }
    let hints = basic_hints(source, work);
    for h in &hints {
        for &c in &h.removes {
            run.add_off(c, &h.parents);
        }
    }
}

/// The hints (with rule parents) of the first of the four level-1 rules that has any on
/// `work` (the grid a chain has reduced from `source`): pointing and claiming, hidden
/// pairs, naked pairs, X-wings. Every deeper level tries these first.
pub(super) fn basic_hints(source: &WorkGrid, work: &WorkGrid) -> Vec<Hint> {
    let mut hints: Vec<Hint> = Vec::new();
    for rule in 0..4 {
        match rule {
            0 => locked(source, work, &mut hints),
            1 => hidden_pairs(source, work, &mut hints),
            2 => naked_pairs(source, work, &mut hints),
            _ => x_wings(source, work, &mut hints),
        }
        if !hints.is_empty() {
            break;
        }
    }
    hints
}

/// Orders removals as Sukaku Explainer's hash map of cells does (by cell index modulo the
/// table size, which grows with the count), then digit.
pub(super) fn hash_order(cells: &mut [(usize, u16)]) -> Vec<u16> {
    let cap = match cells.len() {
        0..=12 => 16,
        13..=24 => 32,
        25..=48 => 64,
        _ => 128,
    };
    cells.sort_by_key(|&(cell, _)| (cell & (cap - 1), cell));
    let mut out = Vec::new();
    for &(cell, mask) in cells.iter() {
        let mut m = mask;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            out.push(cand(cell, d));
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
                for u2 in t2..t2 + 9 {
                    if places & !SHARED[u1][u2] != 0 {
                        continue;
                    }
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
                    let parents: Vec<u16> = (0..9)
                        .filter(|&i| lost >> i & 1 != 0)
                        .map(|i| pot(cand(UNITS[u1][i] as usize, d), false))
                        .collect();
                    hints.push(Hint {
                        removes: hash_order(&mut removes),
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
        if empty_cells(source, u) <= 4 {
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
                            parents.push(pot(cand(cell, d), false));
                        }
                    }
                }
            }
            if parents.is_empty() {
                continue;
            }
            hints.push(Hint {
                removes: hash_order(&mut removes),
                parents,
            });
        }
    }
}

fn naked_pairs(source: &WorkGrid, work: &WorkGrid, hints: &mut Vec<Hint>) {
    for u in units_bcr() {
        if empty_cells(source, u) < 4 {
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
                    parents.push(pot(cand(c, d), false));
                }
            }
            if parents.is_empty() {
                continue;
            }
            hints.push(Hint {
                removes: hash_order(&mut removes),
                parents,
            });
        }
    }
}

fn x_wings(source: &WorkGrid, work: &WorkGrid, hints: &mut Vec<Hint>) {
    // Base lines columns then rows; a digit qualifies while at most 9 - 4 of it are placed.
    let placed: [usize; 9] =
        std::array::from_fn(|d| (0..9).filter(|&r| source.places[r][d] == 0).count());
    for (base0, cover0) in [(9usize, 0usize), (0, 9)] {
        for (a, b) in pairs() {
            for d in 0..9 {
                if placed[d] + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (work.places[base0 + a][d], work.places[base0 + b][d]);
                if !several(pa) || !several(pb) || !pair(pa | pb) {
                    continue;
                }
                let covers = pa | pb;
                let bases = (1u16 << a) | (1 << b);
                let mut removes = Vec::new();
                for i in 0..9 {
                    if covers >> i & 1 != 0 {
                        let m = work.places[cover0 + i][d] & !bases;
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
                    let lost = source.places[base0 + k][d] & !work.places[base0 + k][d] & !covers;
                    for j in 0..9 {
                        if lost >> j & 1 != 0 {
                            parents.push(pot(cand(UNITS[base0 + k][j] as usize, d), false));
                        }
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                hints.push(Hint {
                    removes: hash_order(&mut removes),
                    parents,
                });
            }
        }
    }
}
