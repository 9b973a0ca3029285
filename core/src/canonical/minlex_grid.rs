//! 9×9 full grids: the first two rows fix the column order.
//!
//! The first row always becomes `123456789` (the usual starting point of minlex grid
//! canonicalisers), so a digit's label is the position of its column in the first row,
//! and the second row is the column map "column of this digit in the first row"
//! conjugated by the column order. For each choice of the first two rows, a depth-first
//! search over the column positions makes the second row as small as possible: the column
//! holding each digit of the second row is forced to the smallest position still open to
//! it, and the search branches only where the column at a position is a free choice.
//! Before any search, the columns that may come first are filtered over all 36 choices of
//! rows at once by what they force on the first four values of the second row (`4 5 6` or
//! `4 5 7`, then `1` or more). The third row breaks ties, and the last two bands are then
//! fixed by their first column, whose values are all different.

use super::transformation::{rows_of, transposed, Transformation};
use crate::grid::{Size, CELLS};
use crate::puzzle::Puzzle;
use std::cmp::Ordering;

pub(super) const UNSET: u8 = u8::MAX;

/// A column order under construction, filled position by position.
#[derive(Clone, Copy)]
pub(super) struct ColumnOrder {
    position_of: [u8; 9],
    column_at: [u8; 9],
    /// Source stack of each stack slot, and slot of each source stack (UNSET: not open
    /// yet); slots open in order.
    slot_stack: [u8; 3],
    slot_of_stack: [u8; 3],
    /// Positions filled in each slot (always the first ones of the slot).
    slot_filled: [u8; 3],
    slots_open: u8,
    /// The second result row so far, packed 4 bits a value, position 0 highest (so that
    /// prefixes compare as numbers).
    second_row: u64,
}

impl ColumnOrder {
    fn empty() -> ColumnOrder {
        ColumnOrder {
            position_of: [UNSET; 9],
            column_at: [UNSET; 9],
            slot_stack: [UNSET; 3],
            slot_of_stack: [UNSET; 3],
            slot_filled: [0; 3],
            slots_open: 0,
            second_row: 0,
        }
    }

    #[inline]
    fn open(&mut self, stack: u8) -> u8 {
        let slot = self.slots_open;
        self.slot_stack[slot as usize] = stack;
        self.slot_of_stack[stack as usize] = slot;
        self.slots_open += 1;
        slot
    }

    #[inline]
    fn put(&mut self, column: u8, position: u8) {
        self.position_of[column as usize] = position;
        self.column_at[position as usize] = column;
        self.slot_filled[position as usize / 3] += 1;
    }

    /// The position of `column`, giving it the smallest one still open to it if it has none.
    #[inline]
    fn force(&mut self, column: u8) -> u8 {
        let p = self.position_of[column as usize];
        if p != UNSET {
            return p;
        }
        let mut slot = self.slot_of_stack[column as usize / 3];
        if slot == UNSET {
            slot = self.open(column / 3);
        }
        let p = 3 * slot + self.slot_filled[slot as usize];
        self.put(column, p);
        p
    }
}

/// `value` at position `j` of a packed row.
#[inline]
pub(super) fn packed(value: u8, j: usize) -> u64 {
    (value as u64) << (4 * (8 - j))
}

/// The positions `0..=j` of a packed row, as a number.
#[inline]
pub(super) fn prefix(row: u64, j: usize) -> u64 {
    row >> (4 * (8 - j))
}

/// The search for the column orders that make the second row, then the third row,
/// smallest, shared by all choices of the band's rows.
pub(super) struct FullGridSearch {
    /// `partner[c]`: the column where the first row holds the second row's digit of column c.
    partner: [u8; 9],
    /// The same for the third row.
    third_partner: [u8; 9],
    /// The second and third result rows of the best arrangements so far, packed.
    best: (u64, u64),
    /// (grid, first row, second row, column order) of every arrangement reaching `best`.
    found: Vec<(u8, u8, u8, [u8; 9])>,
    grid: u8,
    first: u8,
    second: u8,
    /// The columns that may come first (bit c for column c).
    roots: u16,
}

impl FullGridSearch {
    fn search(&mut self, order: ColumnOrder, j: usize) {
        if j == 9 {
            let mut third = 0u64;
            for p in 0..9 {
                third = third << 4
                    | (order.position_of[self.third_partner[order.column_at[p] as usize] as usize]
                        + 1) as u64;
            }
            let rows = (order.second_row, third);
            match rows.cmp(&self.best) {
                Ordering::Less => {
                    self.best = rows;
                    self.found.clear();
                    self.found
                        .push((self.grid, self.first, self.second, order.column_at));
                }
                Ordering::Equal => {
                    self.found
                        .push((self.grid, self.first, self.second, order.column_at))
                }
                Ordering::Greater => {}
            }
            return;
        }
        if order.column_at[j] != UNSET {
            let mut o = order;
            o.second_row |= packed(o.force(self.partner[o.column_at[j] as usize]) + 1, j);
            if prefix(o.second_row, j) <= prefix(self.best.0, j) {
                self.search(o, j + 1);
            }
            return;
        }
        if j == 0 {
            // The first column is one of the roots chosen beforehand; its partner, in
            // another stack, opens the second slot: the value is always 4.
            for column in 0..9u8 {
                if self.roots & (1 << column) == 0 {
                    continue;
                }
                let mut o = order;
                o.open(column / 3);
                o.put(column, 0);
                o.second_row = packed(o.force(self.partner[column as usize]) + 1, 0);
                self.search(o, 1);
            }
            return;
        }
        // A free choice of column at position j (at most 3 candidates): go on with those
        // giving the smallest value.
        let slot = j / 3;
        let mut children = [order; 3];
        let mut count = 0;
        let mut smallest = u8::MAX;
        for column in 0..9u8 {
            if order.position_of[column as usize] != UNSET {
                continue;
            }
            let stack = column / 3;
            let mut o = order;
            if (slot as u8) < order.slots_open {
                if order.slot_stack[slot] != stack {
                    continue;
                }
            } else {
                if order.slot_of_stack[stack as usize] != UNSET {
                    continue;
                }
                o.open(stack);
            }
            o.put(column, j as u8);
            let v = o.force(self.partner[column as usize]) + 1;
            o.second_row |= packed(v, j);
            if v < smallest {
                smallest = v;
                count = 0;
            }
            if v == smallest {
                children[count] = o;
                count += 1;
            }
        }
        for &child in &children[..count] {
            if prefix(child.second_row, j) <= prefix(self.best.0, j) {
                self.search(child, j + 1);
            }
        }
    }
}

/// A choice of the first two rows of a full grid: (grid, first row, second row, partner
/// map, key of each column as the first column; see [`minlex_full_grid`]).
pub(super) type RowChoice = (u8, u8, u8, [u8; 9], [u8; 9]);

/// The canonical form of a valid full 9×9 grid.
pub(super) fn minlex_full_grid(puzzle: &Puzzle) -> (Puzzle, Transformation) {
    let given = puzzle.cells;
    let flipped = transposed(Size::Nine, &given);
    let grids = [rows_of(&given), rows_of(&flipped)];
    // column_of[g][r][d]: the column of digit d in row r.
    let mut column_of = [[[0u8; 10]; 9]; 2];
    for g in 0..2 {
        for r in 0..9 {
            for c in 0..9 {
                column_of[g][r][grids[g][r][c] as usize] = c as u8;
            }
        }
    }
    let mut search = FullGridSearch {
        partner: [0; 9],
        third_partner: [0; 9],
        best: (u64::MAX, u64::MAX),
        found: Vec::new(),
        grid: 0,
        first: 0,
        second: 0,
        roots: 0,
    };
    // Every choice of first and second row, and the columns that may come first. With
    // column a first, the second row starts 4 5 6 when the second row's digits of a's
    // box are the first row's digits of one other box (the box of partner(a)), else at
    // best 4 5 7 (when two of them are), else worse; and its fourth value is 1 exactly
    // when partner(partner(a)) = a. Only the roots with the best of these (over all
    // choices) can give the smallest second row.
    let grid_count = if flipped == given { 1 } else { 2 };
    let mut choices: Vec<RowChoice> = Vec::with_capacity(36);
    let mut best_root_key = 0u8;
    for g in 0..grid_count {
        for first in 0..9u8 {
            for second in (first / 3 * 3)..(first / 3 * 3 + 3) {
                if second == first {
                    continue;
                }
                let mut partner = [0u8; 9];
                let mut box_to_box = [[0u8; 3]; 3];
                for c in 0..9 {
                    partner[c] =
                        column_of[g][first as usize][grids[g][second as usize][c] as usize];
                    box_to_box[c / 3][partner[c] as usize / 3] += 1;
                }
                let mut root_key = [0u8; 9];
                for a in 0..9 {
                    let shared = box_to_box[a / 3][partner[a] as usize / 3];
                    let cycle = partner[partner[a] as usize] as usize == a;
                    root_key[a] = 2 * shared + cycle as u8;
                    best_root_key = best_root_key.max(root_key[a]);
                }
                choices.push((g as u8, first, second, partner, root_key));
            }
        }
    }
    for &(g, first, second, partner, root_key) in &choices {
        search.roots = (0..9)
            .filter(|&a| root_key[a] == best_root_key)
            .fold(0, |m, a| m | 1 << a);
        if search.roots == 0 {
            continue;
        }
        search.partner = partner;
        let third = 3 * (first / 3) + 3 - first % 3 - second % 3;
        for c in 0..9 {
            search.third_partner[c] = column_of[g as usize][first as usize]
                [grids[g as usize][third as usize][c] as usize];
        }
        search.grid = g;
        search.first = first;
        search.second = second;
        search.search(ColumnOrder::empty(), 0);
    }
    // Complete each arrangement: the third row of the band, then the other bands sorted
    // by the labels in their first column; keep the smallest grid.
    let mut best: Option<([u8; CELLS], Transformation)> = None;
    for &(g, first, second, columns) in &search.found {
        let rows = &grids[g as usize];
        let mut label = [0u8; 10];
        for (p, &c) in columns.iter().enumerate() {
            label[rows[first as usize][c as usize] as usize] = p as u8 + 1;
        }
        let band = first / 3;
        let lead = |r: u8| label[rows[r as usize][columns[0] as usize] as usize];
        let mut order = [first, second, 3 * band + 3 - (first % 3) - (second % 3)];
        let mut result_rows = Vec::with_capacity(9);
        result_rows.extend_from_slice(&order);
        let mut other_bands: Vec<u8> = (0..3).filter(|&b| b != band).collect();
        let band_lead = |b: u8| (3 * b..3 * b + 3).map(lead).min().unwrap();
        other_bands.sort_by_key(|&b| band_lead(b));
        for &b in &other_bands {
            order = [3 * b, 3 * b + 1, 3 * b + 2];
            order.sort_by_key(|&r| lead(r));
            result_rows.extend_from_slice(&order);
        }
        let mut t = Transformation::identity(Size::Nine);
        t.transpose = g == 1;
        t.rows.copy_from_slice(&result_rows);
        t.cols = columns;
        t.digits = label;
        let cells = t.apply(puzzle).cells;
        if best.as_ref().is_none_or(|(b, _)| cells < *b) {
            best = Some((cells, t));
        }
    }
    let (cells, t) = best.expect("a full grid has at least one arrangement");
    (
        Puzzle {
            size: Size::Nine,
            cells,
        },
        t,
    )
}
