//! Unique rectangles and loops (types 1-4).

use super::groups::Groups;
use crate::grid::Size;
use crate::logic::context::*;
use crate::logic::geometry::*;
use crate::logic::marks::{Candidate, Marks};
use crate::logic::memo::{loop_cores, snapshots};
use crate::logic::step::{eliminations_of, make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

/// Longest loop looked for (Sukaku Explainer has no bound; loops this long never occur
/// in practice, and the bound keeps the search's cost bounded).
pub(super) const MAX_LOOP: usize = 16;

struct LoopSearch<'a> {
    m: &'a Marks,
    both: CellSet,
    v: u16,
    path: [usize; MAX_LOOP],
    len: usize,
    /// The cells of `path[..len]`.
    on_path: CellSet,
    found: Vec<([usize; MAX_LOOP], usize)>,
    /// Whether a walk stopped at the cap on loops found (the incremental rule then keeps
    /// no snapshot).
    capped: bool,
}

impl LoopSearch<'_> {
    fn walk(&mut self, cell: usize, allowed_extra: u32, extra_values: u16, last_kind: usize) {
        if self.found.len() >= 64 {
            self.capped = true;
            return;
        }
        let size = self.m.size;
        self.path[self.len] = cell;
        self.len += 1;
        self.on_path |= 1u128 << cell;
        let units = match size {
            // Without divisions by a size known only at run time.
            Size::Nine => [cell / 9, 9 + cell % 9, 18 + cell / 27 * 3 + cell % 9 / 3],
            Size::Four => size.units_of(cell),
        };
        // The cells that can come next: the start (closing the loop, from 4 cells on)
        // and, below the longest loop, the cells off the path.
        let start_bit = 1u128 << self.path[0];
        let mut open = if self.len >= 4 { start_bit } else { 0 };
        if self.len < MAX_LOOP {
            open |= self.both & !self.on_path;
        }
        // Sukaku Explainer walks boxes, then rows, then columns.
        for &k in &[2usize, 0, 1] {
            if k == last_kind {
                continue;
            }
            // The unit's cells holding both digits, ascending (the start is one of them).
            for next in cells_of(open & unit_mask(size, units[k])) {
                if next == self.path[0] {
                    self.found.push((self.path, self.len));
                    continue;
                }
                let cands = self.m.cands[next];
                let ex = (extra_values | cands) & !self.v;
                // `next` holds both digits, so at least two candidates.
                let cardinality = count9(cands as u32);
                if cardinality == 2 || count9(ex as u32) == 1 || allowed_extra > 0 {
                    let allowed = if cardinality > 2 {
                        allowed_extra.saturating_sub(1)
                    } else {
                        allowed_extra
                    };
                    self.walk(next, allowed, ex, k);
                }
            }
        }
        self.len -= 1;
        self.on_path &= !(1u128 << cell);
    }
}

/// The cells of `both` (the cells holding both digits of a pair) that can lie on a valid
/// loop: what is left after taking away, again and again, every cell with other cells
/// of the set in fewer than two of its units. In a valid loop each cell's two neighbours
/// lie in two different units of it (in one unit, that unit would be met at two
/// positions of the same parity), so no cell of a valid loop is ever taken away.
fn loop_core(size: Size, both: CellSet) -> CellSet {
    let n = size.n();
    let mut set = both;
    loop {
        // The cells of the units holding at least two cells of the set, by unit kind.
        let mut kinds = [0u128; 3];
        for (k, cover) in kinds.iter_mut().enumerate() {
            for u in k * n..(k + 1) * n {
                let cells = set & unit_mask(size, u);
                if cells & cells.wrapping_sub(1) != 0 {
                    *cover |= unit_mask(size, u);
                }
            }
        }
        let [rows, cols, boxes] = kinds;
        let next = set & ((rows & cols) | (rows & boxes) | (cols & boxes));
        if next == set {
            return set;
        }
        set = next;
    }
}

/// [`loop_core`], remembered per pair of digits (index `pair`) for the last cell set
/// asked on 9×9 (the core is a function of the set alone).
fn cached_loop_core(size: Size, both: CellSet, pair: usize) -> CellSet {
    if size != Size::Nine {
        return loop_core(size, both);
    }
    loop_cores::get_or_make(pair, both, || loop_core(size, both))
}

/// Each unit met by the loop is met once at an odd and once at an even position.
fn is_valid_loop(size: Size, cells: &[usize]) -> bool {
    let mut odd = [false; 27];
    let mut even = [false; 27];
    for (i, &c) in cells.iter().enumerate() {
        let seen = if i % 2 == 1 { &mut odd } else { &mut even };
        for u in size.units_of(c) {
            if seen[u] {
                return false;
            }
            seen[u] = true;
        }
    }
    odd == even
}

pub(super) fn loop_rating(len: usize) -> u16 {
    let mut r = 45;
    if len >= 10 {
        r += 3;
    }
    if len >= 8 {
        r += 2;
    } else if len >= 6 {
        r += 1;
    }
    r
}

/// The easiest unique rectangle or loop step (types 1-4), the lowest type among equals.
pub fn unique_loop(m: &Marks) -> Option<Step> {
    unique_loop_with(m, &Context::new(m))
}

/// [`unique_loop`] with the position's [`Context`] (its digits' candidate cells).
pub(crate) fn unique_loop_with(m: &Marks, ctx: &Context) -> Option<Step> {
    let size = m.size;
    // The incremental rule (see `memo::snapshots`). A loop's steps depend on the candidates
    // of its cells, of its type 2 targets (which only lose candidates) and, for types 3
    // and 4 (exactly two cells with extra digits), of the cells of the units those two
    // share (and whether they are blank). Call a loop new when one of those cells changed
    // since the snapshot; the others gave nothing there and give nothing here. Which
    // loops each walk finds depends on its cells' candidates only and, as candidates
    // shrink, the walks from a start are among those at the snapshot (a cell off a pair's
    // changed cells was a start there too, in its pair's loop core, the core shrinking
    // with the pair's cells), so they meet the cap on loops found only if the snapshot's
    // did: a snapshot is kept only from a search that met no cap. The search then skips
    // the starts of a pair none of whose loops can be new (no changed cell holds both
    // digits, and no unit with a changed cell holds two of the pair's cells with extra
    // digits), and the loops that are not new; every other start walks as in the full
    // search, so each new loop is met first in the same form, in the same order.
    let changed = snapshots::changed(snapshots::slot::UNIQUE_LOOP, m);
    if changed == Some(0) {
        return None;
    }
    let mut new_units = 0u32;
    let mut multi3 = 0u128;
    if let Some(new) = changed {
        for (u, &mask) in UNIT_MASKS_NINE.iter().enumerate() {
            if mask & new != 0 {
                new_units |= 1 << u;
            }
        }
        for c in 0..81 {
            if count9(m.cands[c] as u32) > 2 {
                multi3 |= 1u128 << c;
            }
        }
    }
    // Whether a set of cells, or a pair's cells holding both digits, has a changed cell or
    // two cells with extra digits in a unit with one.
    let touches = |cells: CellSet, exact_two: bool| -> bool {
        let Some(new) = changed else { return true };
        if cells & new != 0 {
            return true;
        }
        let extra = cells & multi3;
        if exact_two && extra.count_ones() != 2 {
            return false;
        }
        bits(new_units).any(|u| {
            let x = UNIT_MASKS_NINE[u] & extra;
            x & x.wrapping_sub(1) != 0 && (!exact_two || x == extra)
        })
    };
    let bivalue = bivalue_cells(m);
    let mut capped = false;
    // The pairs one of whose walks stopped at the cap.
    let mut capped_pairs = 0u128;
    let mut best: Option<LoopStep> = None;
    let mut seen_loops: Vec<CellSet> = Vec::new();
    let dcs = &ctx.dcs;
    // The loop core of each pair of digits (index 9 d1 + d2, digits from 0), once known.
    let mut cores = [0u128; 81];
    let mut cores_known = 0u128;
    // The pairs with no new loop (restricted search).
    let mut dead = 0u128;
    for start in 0..size.cells() {
        let v = m.cands[start];
        if count9(v as u32) != 2 {
            continue;
        }
        let (d1, d2) = (v.trailing_zeros() as usize, 15 - v.leading_zeros() as usize);
        let both = dcs[d1] & dcs[d2];
        // Every loop found from here passes through `start`, and only a valid loop
        // counts: skipping a start outside the pair's loop core leaves out only loops
        // that are not valid (and the cap on loops found is per start).
        let pair = d1 * 9 + d2;
        if cores_known & (1u128 << pair) == 0 {
            cores_known |= 1u128 << pair;
            // The core is a part of `both`: a pair whose cells already show no new loop
            // needs no core.
            if !touches(both, false) {
                dead |= 1u128 << pair;
                continue;
            }
            cores[pair] = cached_loop_core(size, both, pair);
            if !touches(cores[pair], false) {
                dead |= 1u128 << pair;
            }
        }
        if cores[pair] >> start & 1 == 0 || dead >> pair & 1 != 0 {
            continue;
        }
        // A valid loop through a cell of the pair with these two digits alone (a start
        // of this pair, as this one) that comes before `start` was met from that start
        // (every valid loop is met from each of its starts, its consecutive steps
        // sharing no unit kind, or three of its cells would lie in one unit; unless that
        // walk stopped at the cap on loops found), so it is seen already here: the walk
        // leaves those cells out. The loops met first are the same, in the same form and
        // order (the walk is the full one with branches cut).
        let walk_cells = if capped_pairs >> pair & 1 != 0 {
            both
        } else {
            both & !(bivalue & ((1u128 << start) - 1))
        };
        let mut search = LoopSearch {
            m,
            both: walk_cells,
            v,
            path: [0; MAX_LOOP],
            len: 0,
            on_path: 0,
            found: Vec::new(),
            capped: false,
        };
        search.walk(start, 2, 0, 3);
        capped |= search.capped;
        if search.capped {
            capped_pairs |= 1u128 << pair;
        }
        for (path, len) in std::mem::take(&mut search.found) {
            let cells = &path[..len];
            if !is_valid_loop(size, cells) {
                continue;
            }
            let set: CellSet = cells.iter().fold(0u128, |s, &c| s | 1u128 << c);
            if !touches(set, true) {
                continue;
            }
            if seen_loops.contains(&set) {
                continue;
            }
            seen_loops.push(set);
            let base = loop_rating(len);
            if best.as_ref().is_some_and(|b| b.rating < base) {
                continue;
            }
            for found in loop_steps(m, Groups::Units(size), cells, v, base) {
                if best
                    .as_ref()
                    .is_none_or(|b| (found.rating, found.kind) < (b.rating, b.kind))
                {
                    best = Some(found);
                }
            }
        }
    }
    if best.is_none() && !capped {
        snapshots::record(snapshots::slot::UNIQUE_LOOP, m);
    }
    best.map(|b| b.step)
}

fn loop_name(len: usize) -> &'static str {
    if len == 4 {
        "Unique rectangle"
    } else {
        "Unique loop"
    }
}

/// A valid loop being turned into steps: its cells' set, its two digits `v`, its base
/// rating and the words naming it.
struct LoopPattern<'a> {
    m: &'a Marks,
    groups: Groups<'a>,
    set: CellSet,
    v: u16,
    base: u16,
    pattern: String,
}

/// One step a loop gives, with its rating and type (the order of a loop's steps).
pub(super) struct LoopStep {
    pub(super) rating: u16,
    pub(super) kind: u8,
    pub(super) step: Step,
}

/// The steps of every type a valid loop gives (in order, digits `v`, base rating `base`).
pub(super) fn loop_steps(
    m: &Marks,
    groups: Groups,
    cells: &[usize],
    v: u16,
    base: u16,
) -> Vec<LoopStep> {
    let set = cells.iter().fold(0u128, |s, &c| s | 1u128 << c);
    let size = m.size;
    let mut out = Vec::new();
    let extras: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| m.cands[c].count_ones() > 2)
        .collect();
    let mut sorted_cells: Vec<usize> = cells.to_vec();
    sorted_cells.sort_unstable();
    let lp = LoopPattern {
        m,
        groups,
        set,
        v,
        base,
        pattern: sentence!(
            "{} on {} ({})",
            loop_name(cells.len()),
            digit_list(v),
            cell_list(size, sorted_cells.iter().copied())
        ),
    };
    if extras.len() == 1 {
        out.push(lp.type1(extras[0]));
        return out;
    }
    if extras.len() < 2 {
        return out;
    }
    let extra_values = extras.iter().fold(0u16, |s, &c| s | m.cands[c]) & !v;
    if extra_values.count_ones() == 1 {
        lp.type2(&extras, extra_values, &mut out);
    }
    if extras.len() != 2 {
        return out;
    }
    let (c1, c2) = (extras[0], extras[1]);
    if extra_values.count_ones() >= 2 {
        lp.type3_naked(c1, c2, extra_values, &mut out);
    }
    lp.type3_hidden(c1, c2, extra_values, &mut out);
    lp.type4(c1, c2, &mut out);
    out
}

impl LoopPattern<'_> {
    /// The step of type `kind` with these eliminations, its reason in `extra_text`.
    fn step(&self, kind: u8, rating: u16, elims: Vec<Candidate>, extra_text: String) -> LoopStep {
        let text = sentence!(
            "{} type {}: {} ({}).",
            self.pattern,
            kind,
            extra_text,
            elimination_text(self.m.size, &elims)
        );
        LoopStep {
            rating,
            kind,
            step: make_step(StepParts {
                technique: Technique::UniqueLoop(kind),
                rating,
                placements: Vec::new(),
                eliminations: elims,
                cells: self.set,
                units: Vec::new(),
                digits: self.v,
                explanation: text,
            }),
        }
    }

    /// Type 1: `c` alone holds more than the loop's two digits, so it holds neither.
    fn type1(&self, c: usize) -> LoopStep {
        let elims: Vec<Candidate> = crate::grid::digits_of(self.v)
            .map(|d| Candidate {
                cell: c as u8,
                digit: d,
            })
            .collect();
        self.step(
            1,
            self.base,
            elims,
            sentence!(
                "only {} holds more than the two digits, so it cannot hold them",
                cell_name(self.m.size, c)
            ),
        )
    }

    /// Type 2: the cells with extra digits share one extra digit, which is in one of
    /// them, so the cells seeing them all lose it.
    fn type2(&self, extras: &[usize], extra_values: u16, out: &mut Vec<LoopStep>) {
        let (m, size) = (self.m, self.m.size);
        let digit = extra_values.trailing_zeros() as u8 + 1;
        let mut targets = !0u128;
        for &c in extras {
            targets &= self.groups.peers(c);
        }
        let elim = digit_cells(m, digit) & targets & !self.set;
        if elim != 0 {
            let elims = eliminations_of(m, elim, digit);
            out.push(self.step(
                2,
                self.base,
                elims,
                sentence!(
                    "{} is in one of {}",
                    digit,
                    cell_list(size, extras.iter().copied())
                ),
            ));
        }
    }

    /// Type 3: the extra digits of c1 and c2 form a naked subset with other cells of a
    /// unit they share.
    fn type3_naked(&self, c1: usize, c2: usize, extra_values: u16, out: &mut Vec<LoopStep>) {
        let (m, size, base) = (self.m, self.m.size, self.base);
        for u in self.groups.shared(c1, c2) {
            let blanks = self.groups.blanks(m, u);
            let ucells = self.groups.cells(u);
            for degree in 2..=7usize {
                if degree * 2 > blanks || degree < extra_values.count_ones() as usize {
                    continue;
                }
                let common_extra = extra_values & m.cands[c1] & m.cands[c2];
                for combo in combinations(ucells.len(), degree - 1) {
                    let mut union = extra_values;
                    let mut naked = common_extra;
                    let mut others = 0u128;
                    let mut ok = true;
                    for i in bits(combo) {
                        let c = ucells[i] as usize;
                        if c == c1 || c == c2 || m.cands[c].count_ones() < 2 {
                            ok = false;
                            break;
                        }
                        union |= m.cands[c];
                        naked |= m.cands[c];
                        others |= 1u128 << c;
                    }
                    if !ok
                        || union.count_ones() as usize != degree
                        || naked.count_ones() as usize != degree
                    {
                        continue;
                    }
                    let mut elims = Vec::new();
                    for &c in ucells {
                        let c = c as usize;
                        if c == c1 || c == c2 || others >> c & 1 != 0 {
                            continue;
                        }
                        for b in bits((m.cands[c] & union) as u32) {
                            elims.push(Candidate {
                                cell: c as u8,
                                digit: b as u8 + 1,
                            });
                        }
                    }
                    if elims.is_empty() {
                        continue;
                    }
                    let rating = base + (degree as u16 - 1);
                    let text = sentence!(
                        "{} or {} holds one of {}, which with {} form a naked subset of {} in {}",
                        cell_name(size, c1),
                        cell_name(size, c2),
                        digit_list(extra_values),
                        cell_list(size, cells_of(others)),
                        digit_list(union),
                        self.groups.name(u)
                    );
                    out.push(self.step(3, rating, elims, text));
                }
            }
        }
    }

    /// Type 3, hidden form: in a unit holding c1 and c2 (which cannot both hold a and
    /// b), a and b with degree-2 other digits are confined to c1 (standing for either)
    /// and degree-1 other cells; those cells keep only these digits. Rated 0.1 per cell
    /// beyond one.
    fn type3_hidden(&self, c1: usize, c2: usize, extra_values: u16, out: &mut Vec<LoopStep>) {
        let (m, size, base, v) = (self.m, self.m.size, self.base, self.v);
        for u in self.groups.shared(c1, c2) {
            let blanks = self.groups.blanks(m, u);
            let ucells = self.groups.mask(u);
            let rest = size.all_digits() & !v & !extra_values;
            let rest_digits: Vec<u8> = crate::grid::digits_of(rest).collect();
            for degree in 2..=7usize {
                if degree * 2 >= blanks || degree - 2 > rest_digits.len() {
                    continue;
                }
                for combo in combinations(rest_digits.len(), degree - 2) {
                    let mut values = v;
                    for i in bits(combo) {
                        values |= 1 << (rest_digits[i] - 1);
                    }
                    let mut union = 0u128;
                    let mut ok = true;
                    for d in crate::grid::digits_of(values) {
                        let p = digit_cells(m, d) & ucells & !(1u128 << c2);
                        if p == 0 {
                            ok = false;
                            break;
                        }
                        union |= p;
                    }
                    if !ok || union.count_ones() as usize != degree {
                        continue;
                    }
                    let hidden = union & !(1u128 << c1) & !(1u128 << c2);
                    let mut elims = Vec::new();
                    for c in cells_of(hidden) {
                        for b in bits((m.cands[c] & !values) as u32) {
                            elims.push(Candidate {
                                cell: c as u8,
                                digit: b as u8 + 1,
                            });
                        }
                    }
                    if elims.is_empty() {
                        continue;
                    }
                    let rating = base + hidden.count_ones() as u16 - 1;
                    let text = sentence!(
                        "{} and {} cannot both hold {}, so in {} the digits {} are confined to one of them and {}, which keep only these",
                        cell_name(size, c1),
                        cell_name(size, c2),
                        digit_list(v),
                        self.groups.name(u),
                        digit_list(values),
                        cell_list(size, cells_of(hidden))
                    );
                    out.push(self.step(3, rating, elims, text));
                }
            }
        }
    }

    /// Type 4: one of the loop's digits is confined to c1 and c2 in a unit they share,
    /// so the other digit leaves them.
    fn type4(&self, c1: usize, c2: usize, out: &mut Vec<LoopStep>) {
        let (m, size, base, v) = (self.m, self.m.size, self.base, self.v);
        for u in self.groups.shared(c1, c2) {
            for d in crate::grid::digits_of(v) {
                let p = digit_cells(m, d) & self.groups.mask(u);
                if p == (1u128 << c1) | (1u128 << c2) {
                    let other = (v & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
                    let elims = vec![
                        Candidate {
                            cell: c1 as u8,
                            digit: other,
                        },
                        Candidate {
                            cell: c2 as u8,
                            digit: other,
                        },
                    ];
                    let text = sentence!(
                        "in {}, {} is only in {} and {}, so one of them holds it and neither can hold {}",
                        self.groups.name(u),
                        d,
                        cell_name(size, c1),
                        cell_name(size, c2),
                        other
                    );
                    out.push(self.step(4, base, elims, text));
                }
            }
        }
    }
}
