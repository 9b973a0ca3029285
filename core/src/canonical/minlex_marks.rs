//! The canonical form of a 9×9 pencil-mark grid: the smallest 729-character text over
//! every geometric map (2 × 6⁸ = 3,359,232) and every relabelling of the digits (9!).
//!
//! # The order
//! The 729-character text writes each cell, in row order, as nine places, place `d` the
//! digit `d` while `d` is a candidate, `.` otherwise; texts compare character by
//! character (ASCII, so `.` sorts before every digit). Since place `d` holds `d` or `.`,
//! a cell compares as its nine "has label `l`" bits read from label 1 to label 9, a
//! present label larger than an absent one: the smallest text puts as many `.` as it can
//! first, cell by cell. (A filled cell is written as its digit alone, a cell with one
//! candidate, and is mapped like any other cell.)
//!
//! # The relabelling, for one geometric map
//! The smallest text over the 9! relabellings is found without trying them: the labels
//! are an ordered partition of the source digits, refined cell by cell, as in
//! partition-refinement canonical labelling. Before the first cell every digit is in one
//! class, whose labels are 1-9. A cell with candidates `M` splits each class `C` (holding
//! the labels `s .. s + |C| - 1`) into `C \ M`, which takes the lower labels, and
//! `C ∩ M`, which takes the upper `|C ∩ M|`: that writes the cell's places for `C`'s
//! labels with every `.` first, the smallest its part of the cell can be, and every
//! relabelling that gives the smallest text so far keeps this partition (induction over
//! the cells). Digits still together at the end are interchangeable: the text is the
//! same whichever order they take. Test `the_refinement_gives_the_smallest_relabelling`
//! checks it against all 9! relabellings.
//!
//! # The geometric maps
//! A depth-first search over the result's rows with the smallest text so far as a bound:
//! the transposition, the order of the columns (stacks, and columns within stacks, 1,296
//! orders) and the first row (9) first, then each following row among those the band
//! structure allows (the other rows of the band, then a row of an unused band). A
//! partial text larger than the same prefix of the best text cannot lead to a smaller
//! one and is dropped. Grids with many ties (every cell with every candidate) visit all
//! the 3,359,232 maps, with about ten million row evaluations: about a second; grids
//! with few ties are settled in the first rows. Test
//! `the_search_finds_the_minimum_over_every_map` checks it against every map tried in
//! turn.

use crate::grid::CELLS;

/// The nine places of a cell as a number that sorts as its text does: bit `8 - i` for
/// label `i + 1` (label 1 is the first place, the most significant bit).
type Key = u16;

/// The ordered partition of the source digits: classes in label order.
#[derive(Clone, Copy)]
struct Labels {
    classes: [u16; 9],
    count: usize,
}

impl Labels {
    fn start() -> Labels {
        let mut classes = [0; 9];
        classes[0] = 0x1FF;
        Labels { classes, count: 1 }
    }

    /// The key of a cell with source candidates `mask`, and the partition refined by it.
    #[inline]
    fn cell(&mut self, mask: u16) -> Key {
        let mut key: Key = 0;
        let mut start = 0u32;
        let mut out = [0u16; 9];
        let mut n = 0;
        for &class in &self.classes[..self.count] {
            let size = class.count_ones();
            let inside = class & mask;
            let k = inside.count_ones();
            // The upper k labels of start .. start + size: bits (9 - start - size) up.
            key |= (((1u32 << k) - 1) << (9 - start - size)) as Key;
            let outside = class & !mask;
            if outside != 0 {
                out[n] = outside;
                n += 1;
            }
            if inside != 0 {
                out[n] = inside;
                n += 1;
            }
            start += size;
        }
        self.classes = out;
        self.count = n;
        key
    }
}

/// The orders of three things.
const PERMS3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A mask (bit `d - 1` for digit `d`) relabelled by `labels` (digit `d` becomes
/// `labels[d - 1]`).
#[cfg(test)]
pub(super) fn relabel(mask: u16, labels: &[u8; 9]) -> u16 {
    (0..9)
        .filter(|&d| mask >> d & 1 != 0)
        .fold(0, |m, d| m | 1 << (labels[d] - 1))
}

/// A key back to its mask (bit `l - 1` for label `l`).
fn mask_of(key: Key) -> u16 {
    (0..9).fold(0, |m, i| m | ((key >> (8 - i) & 1) << i))
}

struct Searcher<'a> {
    /// The grid and its transpose, by source row and source column.
    grids: [[[u16; 9]; 9]; 2],
    best: [Key; CELLS],
    current: [Key; CELLS],
    rows: [usize; 9],
    nodes: u64,
    check: &'a mut dyn FnMut(),
}

impl Searcher<'_> {
    /// Result row `r` from source row `source` of grid `g` with column order `cols`;
    /// false when the prefix is larger than the best's.
    fn row(
        &mut self,
        g: usize,
        cols: &[usize; 9],
        r: usize,
        source: usize,
        labels: &mut Labels,
    ) -> bool {
        for (j, &c) in cols.iter().enumerate() {
            self.current[9 * r + j] = labels.cell(self.grids[g][source][c]);
        }
        self.current[..9 * r + 9] <= self.best[..9 * r + 9]
    }

    fn descend(&mut self, g: usize, cols: &[usize; 9], r: usize, used: u16, labels: Labels) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) {
            (self.check)();
        }
        if r == 9 {
            if self.current < self.best {
                self.best = self.current;
            }
            return;
        }
        let choices: &[usize] = if r.is_multiple_of(3) {
            &[0, 1, 2, 3, 4, 5, 6, 7, 8]
        } else {
            let band = self.rows[r - r % 3] / 3;
            &[3 * band, 3 * band + 1, 3 * band + 2][..]
        };
        for &source in choices {
            if used & (1 << source) != 0
                || (r.is_multiple_of(3) && used & (0b111 << (source / 3 * 3)) != 0)
            {
                continue;
            }
            let mut next = labels;
            if self.row(g, cols, r, source, &mut next) {
                self.rows[r] = source;
                self.descend(g, cols, r + 1, used | 1 << source, next);
            }
        }
    }
}

/// The canonical form of a 9×9 pencil-mark grid (`marks[cell]`, bit `d - 1` for
/// candidate `d`), as masks of labels: the smallest 729-character text over every
/// transformation (see the module notes). `check` is called every 4,096 nodes of the
/// search (interrupts).
pub fn canonical_marks(marks: &[u16; CELLS], check: &mut dyn FnMut()) -> [u16; CELLS] {
    let mut grids = [[[0u16; 9]; 9]; 2];
    for r in 0..9 {
        for c in 0..9 {
            grids[0][r][c] = marks[9 * r + c] & 0x1FF;
            grids[1][c][r] = marks[9 * r + c] & 0x1FF;
        }
    }
    let mut s = Searcher {
        grids,
        best: [Key::MAX; CELLS],
        current: [0; CELLS],
        rows: [0; 9],
        nodes: 0,
        check,
    };
    let transposes = if grids[0] == grids[1] { 1 } else { 2 };
    for g in 0..transposes {
        for stacks in PERMS3 {
            for p0 in PERMS3 {
                for p1 in PERMS3 {
                    for p2 in PERMS3 {
                        let within = [p0, p1, p2];
                        let mut cols = [0usize; 9];
                        for (slot, &stack) in stacks.iter().enumerate() {
                            for x in 0..3 {
                                cols[3 * slot + x] = 3 * stack + within[slot][x];
                            }
                        }
                        s.descend(g, &cols, 0, 0, Labels::start());
                    }
                }
            }
        }
    }
    let mut out = [0u16; CELLS];
    for (m, &key) in out.iter_mut().zip(s.best.iter()) {
        *m = mask_of(key);
    }
    out
}

/// [`canonical_marks`] by the plain way, for the tests: every geometric map in turn,
/// each with the refinement's relabelling, the smallest text kept.
#[cfg(test)]
pub(super) fn canonical_marks_by_every_map(marks: &[u16; CELLS]) -> [u16; CELLS] {
    let mut best = [Key::MAX; CELLS];
    for transpose in [false, true] {
        for bands in PERMS3 {
            for stacks in PERMS3 {
                for rp in 0..6usize.pow(3) {
                    for cp in 0..6usize.pow(3) {
                        let mut rows = [0usize; 9];
                        let mut cols = [0usize; 9];
                        for slot in 0..3 {
                            let (pr, pc) = (
                                PERMS3[rp / 6usize.pow(slot as u32) % 6],
                                PERMS3[cp / 6usize.pow(slot as u32) % 6],
                            );
                            for x in 0..3 {
                                rows[3 * slot + x] = 3 * bands[slot] + pr[x];
                                cols[3 * slot + x] = 3 * stacks[slot] + pc[x];
                            }
                        }
                        let mut labels = Labels::start();
                        let mut text = [0; CELLS];
                        for r in 0..9 {
                            for c in 0..9 {
                                let (sr, sc) = (rows[r], cols[c]);
                                let cell = if transpose { 9 * sc + sr } else { 9 * sr + sc };
                                text[9 * r + c] = labels.cell(marks[cell] & 0x1FF);
                            }
                        }
                        best = best.min(text);
                    }
                }
            }
        }
    }
    let mut out = [0u16; CELLS];
    for (m, &key) in out.iter_mut().zip(best.iter()) {
        *m = mask_of(key);
    }
    out
}

/// The smallest text of `marks` over the 9! relabellings alone, tried one by one (for
/// the tests of the refinement).
#[cfg(test)]
pub(super) fn smallest_relabelling_by_every_order(marks: &[u16; CELLS]) -> [u16; CELLS] {
    let mut perm = [0u8, 1, 2, 3, 4, 5, 6, 7, 8];
    let mut best = [u16::MAX; CELLS];
    // Heap's algorithm over the 9! orders.
    let mut c = [0usize; 9];
    let visit = |perm: &[u8; 9], best: &mut [u16; CELLS]| {
        let labels: [u8; 9] = std::array::from_fn(|d| perm[d] + 1);
        let mut keys = [0u16; CELLS];
        for (k, &m) in keys.iter_mut().zip(marks.iter()) {
            let l = relabel(m & 0x1FF, &labels);
            *k = (0..9).fold(0, |key, i| key | ((l >> i & 1) << (8 - i)));
        }
        if keys < *best {
            *best = keys;
        }
    };
    visit(&perm, &mut best);
    let mut i = 0;
    while i < 9 {
        if c[i] < i {
            if i % 2 == 0 {
                perm.swap(0, i);
            } else {
                perm.swap(c[i], i);
            }
            visit(&perm, &mut best);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    let mut out = [0u16; CELLS];
    for (m, &key) in out.iter_mut().zip(best.iter()) {
        *m = mask_of(key);
    }
    out
}

/// The smallest text of `marks` over relabellings, by the refinement (no geometric map).
#[cfg(test)]
pub(super) fn smallest_relabelling(marks: &[u16; CELLS]) -> [u16; CELLS] {
    let mut labels = Labels::start();
    let mut out = [0u16; CELLS];
    for (o, &m) in out.iter_mut().zip(marks.iter()) {
        *o = mask_of(labels.cell(m & 0x1FF));
    }
    out
}
