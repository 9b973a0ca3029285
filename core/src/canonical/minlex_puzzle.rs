//! 9×9 puzzles with blanks: breadth-first search with an ordered partition of columns.
//!
//! The search places the rows of the result one at a time and keeps, at each depth, only
//! the partial arrangements whose prefix is the smallest. The columns are never
//! enumerated: each arrangement keeps an ordered partition of the columns (the cells of
//! interchangeable columns within each stack, and the groups of interchangeable stacks),
//! refined by each new row as in partition-refinement canonical labelling (McKay's
//! nauty); the smallest row for a partition is found by sorting each cell, then each group
//! of stacks. Only where the order of digits that appear for the first time is not decided
//! by the string does the search branch. Two rows of a band with the same content are
//! interchangeable, so only one of them is tried.

use super::enumeration::canonical_by_enumeration;
use super::transformation::{rows_of, transposed, Transformation};
use crate::grid::Size;
use crate::puzzle::Puzzle;
use std::cmp::Ordering;

/// The value of a digit that has no label yet: above every label. Every such digit gets
/// the next label at its first appearance, so between two candidates whose strings are
/// equal so far, the first position where they differ compares the same way with this
/// value as with the real labels.
pub(super) const UNLABELLED: u8 = 10;

/// A partial arrangement of the result: the first `placed` rows chosen, and the set of
/// column orders still open, as an ordered partition.
#[derive(Clone, Copy)]
pub(super) struct Arrangement {
    /// 0: the puzzle as given, 1: transposed.
    grid: u8,
    placed: u8,
    /// Source rows of the result rows placed so far.
    rows: [u8; 9],
    rows_used: u16,
    /// A representative column order: result column j is source column `order[j]`.
    /// Positions 3k..3k+3 hold one source stack.
    order: [u8; 9],
    /// Bit p set: a cell of interchangeable columns (within one stack) ends at position p.
    cell_end: u16,
    /// Bit k set: a group of interchangeable stacks ends at stack slot k.
    group_end: u8,
    /// `label[d]`: the label given to source digit d (0: none yet; `label[0] = 0`).
    label: [u8; 10],
    next_label: u8,
}

impl Arrangement {
    fn start(grid: u8) -> Arrangement {
        Arrangement {
            grid,
            placed: 0,
            rows: [0; 9],
            rows_used: 0,
            order: [0, 1, 2, 3, 4, 5, 6, 7, 8],
            cell_end: 0b1_0010_0100,
            group_end: 0b100,
            label: [0; 10],
            next_label: 1,
        }
    }

    #[inline]
    fn value(&self, digit: u8) -> u8 {
        if digit == 0 {
            0
        } else if self.label[digit as usize] != 0 {
            self.label[digit as usize]
        } else {
            UNLABELLED
        }
    }

    /// The smallest string that source row `row` (its digits by source column) can take
    /// as the next result row, and a column order that gives it.
    #[inline]
    fn smallest_row(&self, row: &[u8; 9]) -> ([u8; 9], [u8; 9]) {
        let mut order = self.order;
        let mut values = [0u8; 9];
        for j in 0..9 {
            values[j] = self.value(row[order[j] as usize]);
        }
        // Sort each cell (insertion sort: cells have at most 3 columns).
        let mut start = 0;
        for p in 0..9 {
            if self.cell_end & (1 << p) != 0 {
                for i in start + 1..=p {
                    let mut k = i;
                    while k > start && values[k - 1] > values[k] {
                        values.swap(k - 1, k);
                        order.swap(k - 1, k);
                        k -= 1;
                    }
                }
                start = p + 1;
            }
        }
        // Sort the stacks of each group by their strings.
        let mut start = 0;
        for k in 0..3 {
            if self.group_end & (1 << k) != 0 {
                for i in start + 1..=k {
                    let mut s = i;
                    while s > start && values[3 * s - 3..3 * s] > values[3 * s..3 * s + 3] {
                        for m in 0..3 {
                            values.swap(3 * s - 3 + m, 3 * s + m);
                            order.swap(3 * s - 3 + m, 3 * s + m);
                        }
                        s -= 1;
                    }
                }
                start = k + 1;
            }
        }
        (values, order)
    }

    /// The arrangements that place source row `row` next with the smallest string
    /// `values` reached by the column order `order` (from [`Arrangement::smallest_row`]):
    /// one for each order of the first-appearing digits the string leaves open.
    fn extend(
        &self,
        row_index: u8,
        row: &[u8; 9],
        values: &[u8; 9],
        order: &[u8; 9],
        out: &mut Vec<Arrangement>,
    ) {
        let mut next = *self;
        next.rows[self.placed as usize] = row_index;
        next.placed += 1;
        next.rows_used |= 1 << row_index;
        // Refine the cells: split where the value changes; an unlabelled digit stands alone.
        let mut cell_end = self.cell_end;
        for p in 0..8 {
            if values[p] != values[p + 1] || values[p] == UNLABELLED {
                cell_end |= 1 << p;
            }
        }
        next.cell_end = cell_end;
        // Refine the groups of stacks: split where the stack strings differ, or where
        // equal strings hold unlabelled digits (their order decides the labels).
        let mut group_end = self.group_end;
        // (first slot or position, length) of each run whose order must be enumerated:
        // stack runs first, then column runs (at most one stack run and four column runs).
        let mut runs = [(0usize, 0usize); 5];
        let mut stack_runs = 0;
        let mut start = 0;
        for k in 0..3 {
            let ends = self.group_end & (1 << k) != 0;
            let splits = ends || values[3 * k..3 * k + 3] != values[3 * k + 3..3 * k + 6];
            if splits || values[3 * k..3 * k + 3].contains(&UNLABELLED) {
                group_end |= 1 << k;
            }
            if splits {
                // Slots start..=k have equal strings: with unlabelled digits, every order counts.
                if k > start && values[3 * k..3 * k + 3].contains(&UNLABELLED) {
                    runs[stack_runs] = (start, k + 1 - start);
                    stack_runs += 1;
                }
                start = k + 1;
            }
        }
        next.group_end = group_end;
        // Runs of unlabelled digits within one old cell: every order counts.
        let mut run_count = stack_runs;
        let mut p = 0;
        while p < 9 {
            if values[p] == UNLABELLED {
                let mut q = p;
                while q < 8 && self.cell_end & (1 << q) == 0 && values[q + 1] == UNLABELLED {
                    q += 1;
                }
                if q > p {
                    runs[run_count] = (p, q + 1 - p);
                    run_count += 1;
                }
                p = q + 1;
            } else {
                p += 1;
            }
        }
        if run_count == 0 {
            next.order = *order;
            next.assign_labels(row);
            out.push(next);
            return;
        }
        // Enumerate every combination of orders.
        let mut choices = [0usize; 5];
        loop {
            let mut o = *order;
            // Columns first (positions within a stack), then whole stacks.
            for i in stack_runs..run_count {
                let (start, len) = runs[i];
                let perm = PERMS[len][choices[i]];
                for m in 0..len {
                    o[start + m] = order[start + perm[m] as usize];
                }
            }
            for i in 0..stack_runs {
                let (start, len) = runs[i];
                let perm = PERMS[len][choices[i]];
                let original = o;
                for m in 0..len {
                    for x in 0..3 {
                        o[3 * (start + m) + x] = original[3 * (start + perm[m] as usize) + x];
                    }
                }
            }
            let mut child = next;
            child.order = o;
            child.assign_labels(row);
            out.push(child);
            // Next combination.
            let mut i = 0;
            loop {
                if i == run_count {
                    return;
                }
                choices[i] += 1;
                if choices[i] < PERMS[runs[i].1].len() {
                    break;
                }
                choices[i] = 0;
                i += 1;
            }
        }
    }

    #[inline]
    fn assign_labels(&mut self, row: &[u8; 9]) {
        for j in 0..9 {
            let d = row[self.order[j] as usize] as usize;
            if d != 0 && self.label[d] == 0 {
                self.label[d] = self.next_label;
                self.next_label += 1;
            }
        }
    }
}

/// The permutations of 2 and 3 elements (`PERMS[len][choice]`).
pub(super) const PERMS: [&[[u8; 3]]; 4] = [
    &[],
    &[],
    &[[0, 1, 0], [1, 0, 0]],
    &[
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ],
];

/// The most partial arrangements the breadth-first search keeps at one level, and the
/// most tied row choices it weighs between two levels: two levels of 65,536
/// arrangements (about 40 bytes each) and as many row choices (32 bytes each) stay under
/// 8 MB. The largest frontier met on puzzles rich in automorphisms is 7,776 (the tests). Highly symmetric puzzles keep many arrangements tied;
/// beyond this many the search gives way to [`canonical_by_enumeration`] (every one of the
/// 3,359,232 geometric maps of a 9×9 grid, in constant memory, about two seconds), so that
/// the memory of a call has a bound whatever the puzzle.
pub(super) const FRONTIER_CAP: usize = 1 << 16;

/// The canonical form of a 9×9 puzzle by the breadth-first partition search.
pub(super) fn minlex_puzzle(puzzle: &Puzzle) -> (Puzzle, Transformation) {
    minlex_puzzle_capped(puzzle, FRONTIER_CAP)
}

#[cfg(test)]
thread_local! {
    /// The largest frontier the search has kept on this thread (for the tests).
    pub(super) static LARGEST_FRONTIER: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// [`minlex_puzzle`] with the frontier capped at `cap` arrangements.
pub(super) fn minlex_puzzle_capped(puzzle: &Puzzle, cap: usize) -> (Puzzle, Transformation) {
    let given = puzzle.cells;
    let flipped = transposed(Size::Nine, &given);
    let grids = [rows_of(&given), rows_of(&flipped)];
    let mut frontier = vec![Arrangement::start(0)];
    if flipped != given {
        frontier.push(Arrangement::start(1));
    }
    let mut next_frontier: Vec<Arrangement> = Vec::new();
    let mut best_candidates: Vec<(usize, u8, [u8; 9], [u8; 9])> = Vec::new();
    for level in 0..9 {
        let mut best = [u8::MAX; 9];
        best_candidates.clear();
        for (index, arrangement) in frontier.iter().enumerate() {
            let rows = &grids[arrangement.grid as usize];
            // The rows that may come next: any row of an unused band at a band's start,
            // else the unused rows of the current band; of identical rows in a band, one.
            let band_range = if level % 3 == 0 {
                0..9
            } else {
                let band = arrangement.rows[level - level % 3] as usize / 3;
                3 * band..3 * band + 3
            };
            for r in band_range {
                if arrangement.rows_used & (1 << r) != 0 {
                    continue;
                }
                if level % 3 == 0 && arrangement.rows_used & (0b111 << (r / 3 * 3)) != 0 {
                    continue;
                }
                let band_start = r / 3 * 3;
                if (band_start..r)
                    .any(|s| arrangement.rows_used & (1 << s) == 0 && rows[s] == rows[r])
                {
                    continue;
                }
                let (values, order) = arrangement.smallest_row(&rows[r]);
                match values.cmp(&best) {
                    Ordering::Less => {
                        best = values;
                        best_candidates.clear();
                        best_candidates.push((index, r as u8, values, order));
                    }
                    Ordering::Equal => {
                        if best_candidates.len() == cap {
                            return canonical_by_enumeration(puzzle);
                        }
                        best_candidates.push((index, r as u8, values, order))
                    }
                    Ordering::Greater => {}
                }
            }
        }
        next_frontier.clear();
        for &(index, r, values, order) in &best_candidates {
            let arrangement = &frontier[index];
            arrangement.extend(
                r,
                &grids[arrangement.grid as usize][r as usize],
                &values,
                &order,
                &mut next_frontier,
            );
            if next_frontier.len() > cap {
                return canonical_by_enumeration(puzzle);
            }
        }
        #[cfg(test)]
        LARGEST_FRONTIER.with(|l| l.set(l.get().max(next_frontier.len())));
        std::mem::swap(&mut frontier, &mut next_frontier);
    }
    let done = &frontier[0];
    let mut digits = done.label;
    let mut next = done.next_label;
    for l in digits[1..].iter_mut() {
        if *l == 0 {
            *l = next;
            next += 1;
        }
    }
    let t = Transformation {
        size: Size::Nine,
        transpose: done.grid == 1,
        rows: done.rows,
        cols: done.order,
        digits,
    };
    (t.apply(puzzle), t)
}
