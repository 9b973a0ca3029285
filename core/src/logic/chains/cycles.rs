//! Bidirectional cycles (X, Y and XY) and forcing chains (X and XY): Sukaku Explainer's
//! "Forcing Chains & Cycles" producer, static links only.
//!
//! Three passes, as there: X links only (one digit: "off" turns the last other place in a
//! region on), Y links (a bivalue cell's other digit), then both. Each pass starts from
//! every candidate, cell by cell:
//! - cycles: a breadth-first search from "on" in which "on" potentials are kept once but
//!   "off" potentials are expanded from every parent (not from their own ancestors); the
//!   start met again as "on" after at least 4 steps closes a cycle, which removes every
//!   candidate that sees the digit of one of its "on" links and of one of its "off" links;
//! - forcing chains (X and XY passes): from "on", reaching the start "off" removes it;
//!   from "off", reaching the start "on" places it.

use super::engine::*;
use super::Found;
use super::ChainKind;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Ent {
    pot: u16,
    parent: u32,
}

/// Scratch space of the cycle search (bounded: at most 729 "on" entries, each expanding
/// at most 28 "off" entries).
pub struct CycleWork {
    ents: Vec<Ent>,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    next: Vec<u32>,
    on_set: CandSet,
    off_set: CandSet,
    cycles: Vec<u32>,
    closing: Vec<(u32, u16)>,
}

impl Default for CycleWork {
    fn default() -> Self {
        CycleWork {
            ents: Vec::with_capacity(4096),
            pend_on: Vec::with_capacity(NCAND),
            pend_off: Vec::with_capacity(4096),
            next: Vec::with_capacity(4096),
            on_set: CandSet::EMPTY,
            off_set: CandSet::EMPTY,
            cycles: Vec::new(),
            closing: Vec::new(),
        }
    }
}

impl CycleWork {
    fn is_ancestor(&self, mut e: u32, p: u16) -> bool {
        loop {
            e = self.ents[e as usize].parent;
            if e == NONE {
                return false;
            }
            if self.ents[e as usize].pot == p {
                return true;
            }
        }
    }

    /// The potentials from entry `e` up to (excluding) the root.
    fn path(&self, mut e: u32, out: &mut Vec<u16>) {
        out.clear();
        while self.ents[e as usize].parent != NONE {
            out.push(self.ents[e as usize].pot);
            e = self.ents[e as usize].parent;
        }
    }
}

/// Runs the producer on `grid`, offering each hint to `best`.
pub fn search(grid: &[u16; 81], w: &mut CycleWork, best: &mut Found, check: &mut dyn FnMut()) {
    // (cell rule, region rule, kind of cycle, kind of chain, base of cycle, base of chain, sort key)
    let passes: [(bool, bool, ChainKind, ChainKind, f64, f64, u8); 3] = [
        (false, true, ChainKind::XCycle, ChainKind::ForcingXChain, 6.5, 6.6, 2),
        (true, false, ChainKind::YCycle, ChainKind::ForcingYChain, 6.5, 6.6, 3),
        (true, true, ChainKind::XYCycle, ChainKind::ForcingChain, 7.0, 7.0, 4),
    ];
    let mut path = Vec::with_capacity(64);
    for &(y, x, cycle_kind, chain_kind, cycle_base, chain_base, key) in &passes {
        for cell in 0..81 {
            if grid[cell].count_ones() < 2 {
                continue;
            }
            check();
            let mut m = grid[cell];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let c = cand(cell, d);
                if !x && grid[cell].count_ones() > 2 {
                    continue;
                }
                // Cycles.
                cycles_from(grid, c, y, x, best.max_complexity(cycle_base, key), w);
                for i in 0..w.cycles.len() {
                    let e = w.cycles[i];
                    w.path(e, &mut path);
                    let complexity = path.len() as u32;
                    let d = cycle_base + length_bonus(complexity);
                    if !best.worth(d, complexity, key) {
                        continue;
                    }
                    let elims = cycle_eliminations(grid, &path);
                    if elims.is_empty() {
                        continue;
                    }
                    let mut pots = path.clone();
                    pots.reverse();
                    best.offer_cycle(d, complexity, key, cycle_kind, elims, c, pots);
                }
                if x {
                    for start_on in [true, false] {
                        if let Some((e, complexity)) = forcing_from(grid, c, start_on, y, best.max_complexity(chain_base, key), w) {
                            let d = chain_base + length_bonus(complexity);
                            if !best.worth(d, complexity, key) {
                                continue;
                            }
                            w.path(e, &mut path);
                            let mut pots = path.clone();
                            pots.push(pot(c, start_on));
                            pots.reverse();
                            let target = pot(c, !start_on);
                            best.offer_target(d, complexity, key, chain_kind, grid, target, pots);
                        }
                    }
                }
            }
        }
    }
}

/// The candidates a cycle removes: outside the cycle's cells, those that see an "on" and
/// an "off" potential of the cycle with their digit.
fn cycle_eliminations(grid: &[u16; 81], path: &[u16]) -> Vec<u16> {
    let mut in_cells = [false; 81];
    for &p in path {
        in_cells[cell_of(pot_cand(p))] = true;
    }
    let mut forw = CandSet::EMPTY;
    let mut back = CandSet::EMPTY;
    for &p in path {
        let c = pot_cand(p);
        let d = digit0_of(c);
        for &o in peers(cell_of(c)) {
            let o = o as usize;
            if !in_cells[o] && grid[o] >> d & 1 != 0 {
                if pot_on(p) {
                    forw.set(cand(o, d));
                } else {
                    back.set(cand(o, d));
                }
            }
        }
    }
    let mut out = Vec::new();
    for c in 0..NCAND as u16 {
        if forw.has(c) && back.has(c) {
            out.push(c);
        }
    }
    out
}

/// The cycles through `start` (on) no longer than `max_len`, as (last "on" entry,
/// closing "off" potential) pairs in `w.cycles`, in Sukaku Explainer's order.
///
/// Sukaku Explainer expands an "off" potential once per parent; but a repeated "off"
/// only re-derives "on" potentials already known, so it matters only when it closes a
/// cycle. The search therefore expands each "off" once and checks every parent of the
/// few "off" potentials that lead back to the start.
fn cycles_from(grid: &[u16; 81], start: u16, y: bool, x: bool, max_len: u32, w: &mut CycleWork) {
    w.ents.clear();
    w.cycles.clear();
    w.closing.clear();
    w.pend_on.clear();
    w.pend_off.clear();
    w.on_set.clear();
    w.off_set.clear();
    // The "off" potentials whose consequences include the start "on".
    let mut closers = CandSet::EMPTY;
    on_to_off(grid, start, true, |q| {
        let mut hit = false;
        off_to_on(grid, grid, q, y, x, |r, _| hit |= r == start);
        if hit {
            closers.set(q);
        }
    });
    w.ents.push(Ent { pot: pot(start, true), parent: NONE });
    w.on_set.set(start);
    w.pend_on.push(0);
    let mut length = 0u32;
    while !w.pend_on.is_empty() || !w.pend_off.is_empty() {
        length += 1;
        let pend = std::mem::take(&mut w.pend_on);
        let closing_now = length + 1 >= 4 && length < max_len;
        for &e in &pend {
            let c = pot_cand(w.ents[e as usize].pot);
            on_to_off(grid, c, y, |q| {
                if closing_now && closers.has(q) && !w.is_ancestor(e, pot(q, false)) {
                    w.closing.push((e, q));
                }
                if !w.off_set.has(q) {
                    w.off_set.set(q);
                    w.ents.push(Ent { pot: pot(q, false), parent: e });
                    w.pend_off.push(w.ents.len() as u32 - 1);
                }
            });
        }
        w.pend_on = pend;
        w.pend_on.clear();
        length += 1;
        // Cycles closing at this length (a cycle that removes nothing does not count,
        // so longer ones are still looked for).
        for i in 0..w.closing.len() {
            let (e, q) = w.closing[i];
            w.ents.push(Ent { pot: pot(q, false), parent: e });
            let off_e = w.ents.len() as u32 - 1;
            w.ents.push(Ent { pot: pot(start, true), parent: off_e });
            w.cycles.push(w.ents.len() as u32 - 1);
        }
        w.closing.clear();
        if length >= max_len {
            return;
        }
        let pend = std::mem::take(&mut w.pend_off);
        for &e in &pend {
            let c = pot_cand(w.ents[e as usize].pot);
            off_to_on(grid, grid, c, y, x, |q, _| {
                if !w.on_set.has(q) {
                    w.on_set.set(q);
                    w.ents.push(Ent { pot: pot(q, true), parent: e });
                    w.pend_on.push(w.ents.len() as u32 - 1);
                }
            });
        }
        w.pend_off = pend;
        w.pend_off.clear();
    }
}

/// Forcing chain from `start` assumed on (reaching it off) or off (reaching it on):
/// the entry of the target and the chain's complexity.
fn forcing_from(grid: &[u16; 81], start: u16, on: bool, y: bool, max_len: u32, w: &mut CycleWork) -> Option<(u32, u32)> {
    w.ents.clear();
    w.pend_on.clear();
    w.pend_off.clear();
    w.next.clear();
    w.on_set.clear();
    w.off_set.clear();
    w.ents.push(Ent { pot: pot(start, on), parent: NONE });
    if on {
        w.on_set.set(start);
        w.pend_on.push(0);
    } else {
        w.off_set.set(start);
        w.pend_off.push(0);
    }
    let depth = |w: &CycleWork, mut e: u32| {
        let mut n = 1;
        while w.ents[e as usize].parent != NONE {
            n += 1;
            e = w.ents[e as usize].parent;
        }
        n
    };
    // The target found while expanding level k has complexity k + 2.
    let mut level = 0u32;
    while !w.pend_on.is_empty() || !w.pend_off.is_empty() {
        if level + 2 > max_len {
            return None;
        }
        level += 1;
        let pend = std::mem::take(&mut w.pend_on);
        let mut hit = None;
        for &e in &pend {
            let c = pot_cand(w.ents[e as usize].pot);
            on_to_off(grid, c, y, |q| {
                if hit.is_some() {
                    return;
                }
                if on && q == start {
                    w.ents.push(Ent { pot: pot(q, false), parent: e });
                    hit = Some(w.ents.len() as u32 - 1);
                    return;
                }
                if !w.off_set.has(q) {
                    w.off_set.set(q);
                    w.ents.push(Ent { pot: pot(q, false), parent: e });
                    w.pend_off.push(w.ents.len() as u32 - 1);
                }
            });
            if hit.is_some() {
                break;
            }
        }
        w.pend_on = pend;
        w.pend_on.clear();
        if let Some(e) = hit {
            return Some((e, depth(w, e)));
        }
        if level + 2 > max_len {
            return None;
        }
        level += 1;
        let pend = std::mem::take(&mut w.pend_off);
        for &e in &pend {
            let c = pot_cand(w.ents[e as usize].pot);
            off_to_on(grid, grid, c, y, true, |q, _| {
                if hit.is_some() {
                    return;
                }
                if !on && q == start {
                    w.ents.push(Ent { pot: pot(q, true), parent: e });
                    hit = Some(w.ents.len() as u32 - 1);
                    return;
                }
                if !w.on_set.has(q) {
                    w.on_set.set(q);
                    w.ents.push(Ent { pot: pot(q, true), parent: e });
                    w.pend_on.push(w.ents.len() as u32 - 1);
                }
            });
            if hit.is_some() {
                break;
            }
        }
        w.pend_off = pend;
        w.pend_off.clear();
        if let Some(e) = hit {
            return Some((e, depth(w, e)));
        }
    }
    None
}
