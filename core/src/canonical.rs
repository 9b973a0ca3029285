//! One canonical form per equivalence class of puzzles, and the transformations
//! between equivalent puzzles.
//!
//! # The equivalence
//! Two puzzles are the same puzzle when one becomes the other by a [`Transformation`]:
//! optionally transposing, then reordering the bands and the rows within each band, the
//! stacks and the columns within each stack, then relabelling the digits. For 9×9 that
//! is 2 × 6⁸ geometric maps times 9! relabellings; for 4×4, 2 × 2⁶ times 4!.
//!
//! # The canonical form
//! Write a puzzle as its string of cells, row by row, a blank as `0` and a given as its
//! digit, and compare such strings lexicographically as sequences of numbers (so a blank
//! sorts before every digit, and `1` before `9`). The canonical form of a puzzle is the
//! **smallest string over every transformation of the puzzle**: the "minlex" form of
//! the Sudoku programming community (47,653 of the 49,158 puzzles of Royle's 17-clue
//! list `puzzles2_17_clue.txt` are written in it there). It keeps the pattern of givens:
//! the puzzle itself is transformed, not its solution, so the canonical form of a
//! puzzle is a puzzle of its class with the same number of givens; a full grid is a
//! puzzle with no blank and gets the minlex grid (whose first row is `123456789`).
//!
//! For one geometric map, the smallest relabelling gives the digits the labels `1`,
//! `2`, ... in order of their first appearance in the string; so the canonical form is
//! the minimum, over the geometric maps only, of the map followed by that relabelling.
//!
//! # How it is found
//! - 9×9 puzzles with blanks ([`canonical`]): a breadth-first search that places the
//!   rows of the result one at a time and keeps, at each depth, only the partial
//!   arrangements whose prefix is the smallest. The columns are never enumerated:
//!   each arrangement keeps an ordered partition of the columns (the cells of
//!   interchangeable columns within each stack, and the groups of interchangeable
//!   stacks), refined by each new row as in partition-refinement canonical labelling
//!   (McKay's nauty); the smallest row for a partition is found by sorting each cell,
//!   then each group of stacks. Only where the order of digits that appear for the
//!   first time is not decided by the string does the search branch. Two rows of a
//!   band with the same content are interchangeable, so only one of them is tried.
//! - 9×9 full grids: the first row always becomes `123456789` (the usual starting
//!   point of minlex grid canonicalisers), so a digit's label is the position of its
//!   column in the first row, and the second row is the column map "column of this
//!   digit in the first row" conjugated by the column order. For each choice of the
//!   first two rows, a depth-first search over the column positions makes the second
//!   row as small as possible: the column holding each digit of the second row is
//!   forced to the smallest position still open to it, and the search branches only
//!   where the column at a position is a free choice. Before any search, the columns
//!   that may come first are filtered over all 36 choices of rows at once by what they
//!   force on the first four values of the second row (`4 5 6` or `4 5 7`, then `1` or
//!   more). The third row breaks ties, and the last two bands are then fixed by their
//!   first column, whose values are all different.
//! - 4×4 puzzles: all 128 geometric maps are tried.
//!
//! [`find_transformation`] is independent of all this: a plain backtracking search
//! that maps one puzzle's rows and columns onto the other's, used by the tests to
//! check the canonical form.

use crate::error::PuzzleError;
use crate::grid::{Size, CELLS};
use crate::puzzle::Puzzle;
use std::cmp::Ordering;
use std::fmt;
use std::sync::OnceLock;

/// One transformation of the equivalence: transpose (or not), then take the rows and
/// columns in a new order that keeps bands and stacks together, then relabel digits.
///
/// Applied to a puzzle `p` it gives `q` with
/// `q[i][j] = digits[p'[rows[i]][cols[j]]]`, where `p'` is `p` transposed when
/// [`Transformation::transposes`] is true, and `digits[0] = 0` (a blank stays blank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transformation {
    size: Size,
    transpose: bool,
    rows: [u8; 9],
    cols: [u8; 9],
    digits: [u8; 10],
}

impl Transformation {
    /// The transformation that changes nothing.
    pub fn identity(size: Size) -> Transformation {
        let lines = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        Transformation {
            size,
            transpose: false,
            rows: lines,
            cols: lines,
            digits,
        }
    }

    /// A transformation from its parts, `None` unless they describe one:
    /// - `rows` (and `cols`): the first `size.n()` entries are a permutation of the lines
    ///   that keeps each band (stack) together: result row `i` is source row `rows[i]`;
    /// - `digits`: `digits[d]` is the new label of digit `d` for `d` in `1..=size.n()`,
    ///   a permutation of `1..=size.n()` (`digits[0]` and entries past `n` are ignored).
    pub fn new(
        size: Size,
        transpose: bool,
        rows: &[u8],
        cols: &[u8],
        digits: &[u8],
    ) -> Option<Transformation> {
        let n = size.n();
        if rows.len() != n || cols.len() != n || digits.len() < n + 1 {
            return None;
        }
        if !keeps_chutes(size, rows) || !keeps_chutes(size, cols) {
            return None;
        }
        let mut seen = 0u16;
        for &d in &digits[1..=n] {
            if d == 0 || d as usize > n || seen & (1 << d) != 0 {
                return None;
            }
            seen |= 1 << d;
        }
        let mut t = Transformation::identity(size);
        t.transpose = transpose;
        t.rows[..n].copy_from_slice(rows);
        t.cols[..n].copy_from_slice(cols);
        t.digits[1..=n].copy_from_slice(&digits[1..=n]);
        Some(t)
    }

    /// A transformation from the parts of the usual description:
    /// `bands[k]` is the source band of result band `k`, `rows_in_bands[k][m]` the row
    /// (0-based within that source band) put at row `m` of result band `k`; likewise for
    /// stacks and columns; `digits` as in [`Transformation::new`].
    pub fn from_chutes(
        size: Size,
        transpose: bool,
        bands: &[u8],
        rows_in_bands: &[&[u8]],
        stacks: &[u8],
        cols_in_stacks: &[&[u8]],
        digits: &[u8],
    ) -> Option<Transformation> {
        let rows = lines_from_chutes(size, bands, rows_in_bands)?;
        let cols = lines_from_chutes(size, stacks, cols_in_stacks)?;
        Transformation::new(size, transpose, &rows, &cols, digits)
    }

    /// The size of puzzle this transformation applies to.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether the puzzle is transposed first.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// `rows()[i]`: the source row (after transposing) of result row `i`.
    pub fn rows(&self) -> &[u8] {
        &self.rows[..self.size.n()]
    }

    /// `cols()[j]`: the source column (after transposing) of result column `j`.
    pub fn cols(&self) -> &[u8] {
        &self.cols[..self.size.n()]
    }

    /// `digits()[d]`: the new label of digit `d` (`digits()[0] = 0`, a blank).
    pub fn digits(&self) -> &[u8] {
        &self.digits[..=self.size.n()]
    }

    /// `bands()[k]`: the source band of result band `k`.
    pub fn bands(&self) -> Vec<u8> {
        let b = self.size.box_side();
        (0..b).map(|k| self.rows[k * b] / b as u8).collect()
    }

    /// `stacks()[k]`: the source stack of result stack `k`.
    pub fn stacks(&self) -> Vec<u8> {
        let b = self.size.box_side();
        (0..b).map(|k| self.cols[k * b] / b as u8).collect()
    }

    /// The transformed puzzle. Panics if `puzzle` is not of this transformation's size.
    pub fn apply(&self, puzzle: &Puzzle) -> Puzzle {
        assert_eq!(
            puzzle.size,
            self.size,
            "a {} transformation applied to a {} puzzle",
            self.size.name(),
            puzzle.size.name()
        );
        let n = self.size.n();
        let mut cells = [0u8; CELLS];
        for i in 0..n {
            for j in 0..n {
                let (r, c) = (self.rows[i] as usize, self.cols[j] as usize);
                let source = if self.transpose { c * n + r } else { r * n + c };
                cells[i * n + j] = self.digits[puzzle.cells[source] as usize];
            }
        }
        Puzzle {
            size: self.size,
            cells,
        }
    }

    /// The transformation that undoes this one: `t.inverse().apply(&t.apply(p)) == p`.
    pub fn inverse(&self) -> Transformation {
        let n = self.size.n();
        let mut inv = Transformation::identity(self.size);
        inv.transpose = self.transpose;
        // q[i][j] = p'[rows[i]][cols[j]]; so p'[r][c] = q[rows⁻¹[r]][cols⁻¹[c]], and
        // transposing back swaps the roles of rows and columns.
        let (mut rows_inv, mut cols_inv) = ([0u8; 9], [0u8; 9]);
        for i in 0..n {
            rows_inv[self.rows[i] as usize] = i as u8;
            cols_inv[self.cols[i] as usize] = i as u8;
        }
        if self.transpose {
            inv.rows = cols_inv;
            inv.cols = rows_inv;
        } else {
            inv.rows = rows_inv;
            inv.cols = cols_inv;
        }
        for d in 1..=n {
            inv.digits[self.digits[d] as usize] = d as u8;
        }
        inv
    }

    /// `self` then `next`: `self.then(&next).apply(p) == next.apply(&self.apply(p))`.
    pub fn then(&self, next: &Transformation) -> Transformation {
        assert_eq!(self.size, next.size);
        let n = self.size.n();
        // Compose on cell positions: the result cell (i, j) of `next` reads cell
        // (next.rows[i], next.cols[j]) of self's result (transposed if next transposes).
        let mut t = Transformation::identity(self.size);
        t.transpose = self.transpose != next.transpose;
        // Lines of `self`'s output that `next` reads, in `next`'s (maybe transposed) view.
        let (self_rows, self_cols) = if next.transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        for i in 0..n {
            t.rows[i] = self_rows[next.rows[i] as usize];
            t.cols[i] = self_cols[next.cols[i] as usize];
        }
        for d in 1..=n {
            t.digits[d] = next.digits[self.digits[d] as usize];
        }
        t
    }
}

impl fmt::Display for Transformation {
    /// `transpose, rows 012345678, cols 012345678, digits 1→1 2→2 ...` (lines 1-based).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = |l: &[u8]| l.iter().map(|&x| char::from(b'1' + x)).collect::<String>();
        write!(
            f,
            "{}rows {}, cols {}, digits",
            if self.transpose { "transpose, " } else { "" },
            lines(self.rows()),
            lines(self.cols())
        )?;
        for d in 1..=self.size.n() {
            write!(f, " {}>{}", d, self.digits[d])?;
        }
        Ok(())
    }
}

/// Whether `lines` (of length n) is a permutation of `0..n` that keeps chutes together.
fn keeps_chutes(size: Size, lines: &[u8]) -> bool {
    let (n, b) = (size.n(), size.box_side());
    let mut seen = 0u16;
    for (i, &l) in lines.iter().enumerate() {
        if l as usize >= n || seen & (1 << l) != 0 {
            return false;
        }
        seen |= 1 << l;
        if l as usize / b != lines[i - i % b] as usize / b {
            return false;
        }
    }
    true
}

fn lines_from_chutes(size: Size, chutes: &[u8], within: &[&[u8]]) -> Option<Vec<u8>> {
    let b = size.box_side();
    if chutes.len() != b || within.len() != b || within.iter().any(|w| w.len() != b) {
        return None;
    }
    let mut lines = Vec::with_capacity(size.n());
    for (&chute, lines_within) in chutes.iter().zip(within) {
        for &line in lines_within.iter() {
            if chute as usize >= b || line as usize >= b {
                return None;
            }
            lines.push(chute * b as u8 + line);
        }
    }
    Some(lines)
}

/// Every order of the lines of a size that keeps chutes together (1296 for 9×9, 8 for
/// 4×4): chute order first, then the order within each result chute.
fn chute_orders(size: Size) -> &'static [[u8; 9]] {
    static NINE: OnceLock<Vec<[u8; 9]>> = OnceLock::new();
    static FOUR: OnceLock<Vec<[u8; 9]>> = OnceLock::new();
    let build = move || {
        let b = size.box_side();
        let perms: Vec<Vec<u8>> = if b == 3 {
            vec![
                vec![0, 1, 2],
                vec![0, 2, 1],
                vec![1, 0, 2],
                vec![1, 2, 0],
                vec![2, 0, 1],
                vec![2, 1, 0],
            ]
        } else {
            vec![vec![0, 1], vec![1, 0]]
        };
        let f = perms.len();
        let total = f.pow(b as u32 + 1);
        (0..total)
            .map(|mut index| {
                let mut lines = [0u8; 9];
                let chutes = &perms[index % f];
                index /= f;
                for k in 0..b {
                    let inner = &perms[index % f];
                    index /= f;
                    for m in 0..b {
                        lines[k * b + m] = chutes[k] * b as u8 + inner[m];
                    }
                }
                lines
            })
            .collect()
    };
    match size {
        Size::Nine => NINE.get_or_init(build),
        Size::Four => FOUR.get_or_init(build),
    }
}

/// The cells of `cells` (n × n) transposed.
fn transposed(size: Size, cells: &[u8; CELLS]) -> [u8; CELLS] {
    let n = size.n();
    let mut out = [0u8; CELLS];
    for r in 0..n {
        for c in 0..n {
            out[c * n + r] = cells[r * n + c];
        }
    }
    out
}

/// The canonical form of `puzzle`: the lexicographically smallest string of cells (a
/// blank as 0, smaller than every digit) over every transformation of the puzzle; see
/// the [module documentation](self). Equivalent puzzles, and only they, have the same
/// canonical form.
///
/// The puzzle's givens must not contradict each other within a row or column (see
/// [`Puzzle::check_givens`]; [`try_canonical`] checks it): for such a puzzle the result
/// is still a puzzle of its class, but not guaranteed to be the same for the whole class.
pub fn canonical(puzzle: &Puzzle) -> Puzzle {
    canonical_with_transformation(puzzle).0
}

/// [`canonical`], after checking that the givens do not contradict each other.
pub fn try_canonical(puzzle: &Puzzle) -> Result<Puzzle, PuzzleError> {
    puzzle.check_givens()?;
    Ok(canonical(puzzle))
}

/// The canonical form of `puzzle` and one transformation that maps the puzzle onto it
/// (`t.apply(puzzle) == form`). When the puzzle has automorphisms several
/// transformations do; which one is returned is unspecified.
pub fn canonical_with_transformation(puzzle: &Puzzle) -> (Puzzle, Transformation) {
    match puzzle.size {
        Size::Four => canonical_by_enumeration(puzzle),
        Size::Nine => {
            if puzzle.blanks() == 0 && puzzle.check_givens().is_ok() {
                minlex_full_grid(puzzle)
            } else {
                minlex_puzzle(puzzle)
            }
        }
    }
}

/// Whether `a` and `b` are the same puzzle up to a transformation (equal canonical forms).
pub fn equivalent(a: &Puzzle, b: &Puzzle) -> bool {
    a.size == b.size && a.givens() == b.givens() && canonical(a) == canonical(b)
}

/// The relabelling of the digits of `cells` in order of first appearance, as a table
/// `digit -> label` (digits that do not appear take the labels left, in order).
fn first_appearance_labels(size: Size, cells: &[u8]) -> [u8; 10] {
    let mut label = [0u8; 10];
    let mut next = 1u8;
    for &d in cells {
        if d != 0 && label[d as usize] == 0 {
            label[d as usize] = next;
            next += 1;
        }
    }
    for l in label[1..=size.n()].iter_mut() {
        if *l == 0 {
            *l = next;
            next += 1;
        }
    }
    label
}

/// The canonical form by trying every geometric map: 128 of them for a 4×4 puzzle, and
/// 3,359,232 for a 9×9 one (the fallback of [`minlex_puzzle`] when its frontier would
/// exceed its cap).
fn canonical_by_enumeration(puzzle: &Puzzle) -> (Puzzle, Transformation) {
    let size = puzzle.size;
    let n = size.n();
    let mut best: Option<(Puzzle, Transformation)> = None;
    for transpose in [false, true] {
        for rows in chute_orders(size) {
            for cols in chute_orders(size) {
                let mut t = Transformation::new(
                    size,
                    transpose,
                    &rows[..n],
                    &cols[..n],
                    &Transformation::identity(size).digits,
                )
                .unwrap();
                let moved = t.apply(puzzle);
                t.digits = first_appearance_labels(size, moved.values());
                let candidate = t.apply(puzzle);
                if best
                    .as_ref()
                    .is_none_or(|(b, _)| candidate.values() < b.values())
                {
                    best = Some((candidate, t));
                }
            }
        }
    }
    best.unwrap()
}

// ---------------------------------------------------------------------------------
// 9×9 puzzles with blanks: breadth-first search with an ordered partition of columns.
// ---------------------------------------------------------------------------------

/// The value of a digit that has no label yet: above every label. Every such digit gets
/// the next label at its first appearance, so between two candidates whose strings are
/// equal so far, the first position where they differ compares the same way with this
/// value as with the real labels.
const UNLABELLED: u8 = 10;

/// A partial arrangement of the result: the first `placed` rows chosen, and the set of
/// column orders still open, as an ordered partition.
#[derive(Clone, Copy)]
struct Arrangement {
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
const PERMS: [&[[u8; 3]]; 4] = [
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

/// The rows of a 9×9 grid of cells, as arrays.
fn rows_of(cells: &[u8; CELLS]) -> [[u8; 9]; 9] {
    let mut rows = [[0u8; 9]; 9];
    for r in 0..9 {
        rows[r].copy_from_slice(&cells[9 * r..9 * r + 9]);
    }
    rows
}

/// The most partial arrangements the breadth-first search keeps at one level, and the
/// most tied row choices it weighs between two levels: two levels of 65,536
/// arrangements (about 40 bytes each) and as many row choices (32 bytes each) stay under
/// 8 MB. The largest frontier met on puzzles rich in automorphisms is 7,776 (the tests). Highly symmetric puzzles keep many arrangements tied;
/// beyond this many the search gives way to [`canonical_by_enumeration`] (every one of the
/// 3,359,232 geometric maps of a 9×9 grid, in constant memory, about two seconds), so that
/// the memory of a call has a bound whatever the puzzle.
const FRONTIER_CAP: usize = 1 << 16;

/// The canonical form of a 9×9 puzzle by the breadth-first partition search.
fn minlex_puzzle(puzzle: &Puzzle) -> (Puzzle, Transformation) {
    minlex_puzzle_capped(puzzle, FRONTIER_CAP)
}

#[cfg(test)]
thread_local! {
    /// The largest frontier the search has kept on this thread (for the tests).
    static LARGEST_FRONTIER: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// [`minlex_puzzle`] with the frontier capped at `cap` arrangements.
fn minlex_puzzle_capped(puzzle: &Puzzle, cap: usize) -> (Puzzle, Transformation) {
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

// ---------------------------------------------------------------------------------
// 9×9 full grids: the first two rows fix the column order.
// ---------------------------------------------------------------------------------

const UNSET: u8 = u8::MAX;

/// A column order under construction, filled position by position.
#[derive(Clone, Copy)]
struct ColumnOrder {
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
fn packed(value: u8, j: usize) -> u64 {
    (value as u64) << (4 * (8 - j))
}

/// The positions `0..=j` of a packed row, as a number.
#[inline]
fn prefix(row: u64, j: usize) -> u64 {
    row >> (4 * (8 - j))
}

/// The search for the column orders that make the second row, then the third row,
/// smallest, shared by all choices of the band's rows.
struct FullGridSearch {
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
type RowChoice = (u8, u8, u8, [u8; 9], [u8; 9]);

/// The canonical form of a valid full 9×9 grid.
fn minlex_full_grid(puzzle: &Puzzle) -> (Puzzle, Transformation) {
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

// ---------------------------------------------------------------------------------
// The independent check: a direct search for a transformation.
// ---------------------------------------------------------------------------------

/// A transformation `t` with `t.apply(a) == *b`, if the puzzles are equivalent.
///
/// Independent of the canonical form: for each transposition and each of the column
/// orders that keep stacks together, a backtracking search assigns `b`'s rows, in
/// order, to rows of `a` (keeping bands together), extending a one-to-one digit map
/// cell by cell and backing up at the first cell that does not match.
pub fn find_transformation(a: &Puzzle, b: &Puzzle) -> Option<Transformation> {
    let size = a.size;
    if b.size != size || a.givens() != b.givens() {
        return None;
    }
    let n = size.n();
    // Cheap necessary condition: the multisets of givens per row-or-column agree.
    let line_counts = |p: &Puzzle, by_row: bool| {
        let mut counts: Vec<usize> = (0..n)
            .map(|l| {
                (0..n)
                    .filter(|&x| p.cells[if by_row { l * n + x } else { x * n + l }] != 0)
                    .count()
            })
            .collect();
        counts.sort_unstable();
        counts
    };
    let (b_rows, b_cols) = (line_counts(b, true), line_counts(b, false));
    for transpose in [false, true] {
        let source = if transpose {
            transposed(size, &a.cells)
        } else {
            a.cells
        };
        let view = Puzzle {
            size,
            cells: source,
        };
        if line_counts(&view, true) != b_rows || line_counts(&view, false) != b_cols {
            continue;
        }
        for cols in chute_orders(size) {
            let mut search = RowMatch {
                size,
                source: &source,
                target: &b.cells,
                cols,
                rows: [UNSET; 9],
                used: 0,
                forward: [0; 10],
                backward: [0; 10],
            };
            if search.assign(0) {
                let mut forward = search.forward;
                // Digits absent from both puzzles: map the rest in order.
                let mut free: Vec<u8> = (1..=n as u8).filter(|&d| !forward.contains(&d)).collect();
                free.reverse();
                for f in forward[1..=n].iter_mut() {
                    if *f == 0 {
                        *f = free.pop().unwrap();
                    }
                }
                return Transformation::new(
                    size,
                    transpose,
                    &search.rows[..n],
                    &cols[..n],
                    &forward[..=n],
                );
            }
        }
    }
    None
}

/// Backtracking over the rows of the target for one fixed column order.
struct RowMatch<'a> {
    size: Size,
    source: &'a [u8; CELLS],
    target: &'a [u8; CELLS],
    cols: &'a [u8; 9],
    rows: [u8; 9],
    used: u16,
    forward: [u8; 10],
    backward: [u8; 10],
}

impl RowMatch<'_> {
    fn assign(&mut self, i: usize) -> bool {
        let (n, b) = (self.size.n(), self.size.box_side());
        if i == n {
            return true;
        }
        let candidates: Vec<u8> = if i.is_multiple_of(b) {
            (0..n as u8)
                .filter(|&r| (0..b).all(|m| self.used & (1 << (r as usize / b * b + m)) == 0))
                .collect()
        } else {
            let band = self.rows[i - i % b] as usize / b;
            (band * b..band * b + b)
                .map(|r| r as u8)
                .filter(|&r| self.used & (1 << r) == 0)
                .collect()
        };
        for r in candidates {
            let (saved_forward, saved_backward) = (self.forward, self.backward);
            if self.row_matches(r as usize, i) {
                self.rows[i] = r;
                self.used |= 1 << r;
                if self.assign(i + 1) {
                    return true;
                }
                self.used &= !(1 << r);
            }
            self.forward = saved_forward;
            self.backward = saved_backward;
        }
        false
    }

    /// Whether source row `r` read in the column order matches target row `i`, extending
    /// the digit map.
    fn row_matches(&mut self, r: usize, i: usize) -> bool {
        let n = self.size.n();
        for j in 0..n {
            let x = self.source[r * n + self.cols[j] as usize] as usize;
            let y = self.target[i * n + j] as usize;
            if (x == 0) != (y == 0) {
                return false;
            }
            if x == 0 {
                continue;
            }
            if self.forward[x] == 0 && self.backward[y] == 0 {
                self.forward[x] = y as u8;
                self.backward[y] = x as u8;
            } else if self.forward[x] as usize != y {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Puzzle {
        Puzzle::parse(text).unwrap()
    }

    const GRID: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn full_grid_form_starts_with_123456789() {
        let form = canonical(&line(GRID));
        assert_eq!(&form.to_line()[..9], "123456789");
    }

    #[test]
    fn full_grid_fast_path_agrees_with_the_partition_search() {
        // The two searches share nothing but the definition.
        for seed in 0..30 {
            let g = crate::generate(seed, 0, Default::default()).solution;
            let p = Puzzle::from_cells(g);
            let (form, t) = minlex_full_grid(&p);
            assert_eq!(t.apply(&p), form);
            assert_eq!(form, minlex_puzzle(&p).0, "seed {seed}");
        }
        // A grid rich in automorphisms, where the choices of rows tie most.
        let p = line(
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
        );
        assert_eq!(minlex_full_grid(&p).0, minlex_puzzle(&p).0);
    }

    /// Puzzles rich in automorphisms, where the partition search keeps the most
    /// arrangements tied: a grid with a large automorphism group, with some of its
    /// digits, bands or diagonals blanked, and sparse symmetric patterns.
    fn symmetric_puzzles() -> Vec<Puzzle> {
        let rich =
            "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
        let mut out = Vec::new();
        for keep in ["1", "12", "123", "1234", "12345678"] {
            out.push(line(
                &rich
                    .chars()
                    .map(|c| if keep.contains(c) { c } else { '.' })
                    .collect::<String>(),
            ));
        }
        let by_cell = |f: &dyn Fn(usize) -> bool| -> Puzzle {
            line(
                &rich
                    .char_indices()
                    .map(|(i, c)| if f(i) { c } else { '.' })
                    .collect::<String>(),
            )
        };
        out.push(by_cell(&|i| i / 27 == 0));
        out.push(by_cell(&|i| i / 9 == i % 9));
        out.push(by_cell(&|i| i / 9 == i % 9 || i / 9 + i % 9 == 8));
        out.push(by_cell(&|i| i % 10 == 0 || i % 4 == 0));
        let mut one = vec![b'.'; 81];
        one[40] = b'5';
        out.push(line(std::str::from_utf8(&one).unwrap()));
        out
    }

    #[test]
    fn enumeration_fallback_agrees_with_the_partition_search() {
        // A cap of 0 sends the search to the fallback at its first level.
        let mut puzzles = symmetric_puzzles();
        puzzles.truncate(if cfg!(debug_assertions) { 1 } else { 2 });
        puzzles.push(crate::generate(5, 0, Default::default()).puzzle);
        for p in &puzzles {
            let (form, t) = minlex_puzzle_capped(p, 0);
            assert_eq!(t.apply(p), form);
            assert_eq!(form, minlex_puzzle(p).0, "{}", p.to_line());
        }
    }

    #[test]
    fn symmetric_puzzles_stay_far_below_the_frontier_cap() {
        LARGEST_FRONTIER.with(|l| l.set(0));
        for p in symmetric_puzzles() {
            let (form, t) = minlex_puzzle(&p);
            assert_eq!(t.apply(&p), form);
        }
        let largest = LARGEST_FRONTIER.with(|l| l.get());
        eprintln!("largest frontier: {largest}");
        assert!(largest * 8 <= FRONTIER_CAP, "largest frontier {largest}");
    }

    #[test]
    fn empty_puzzle_is_its_own_form() {
        let empty = line(&".".repeat(81));
        assert_eq!(canonical(&empty), empty);
    }

    #[test]
    fn transformation_round_trips() {
        let p = line(GRID);
        let t = Transformation::from_chutes(
            Size::Nine,
            true,
            &[2, 0, 1],
            &[&[1, 0, 2], &[2, 1, 0], &[0, 2, 1]],
            &[1, 2, 0],
            &[&[0, 2, 1], &[1, 0, 2], &[2, 0, 1]],
            &[0, 3, 1, 4, 5, 9, 2, 6, 8, 7],
        )
        .unwrap();
        let q = t.apply(&p);
        assert_eq!(t.inverse().apply(&q), p);
        let u = find_transformation(&p, &q).unwrap();
        assert_eq!(u.apply(&p), q);
        assert_eq!(t.then(&t.inverse()).apply(&p), p);
        assert_eq!(t.then(&t).apply(&p), t.apply(&t.apply(&p)));
        assert_eq!(canonical(&p), canonical(&q));
    }

    #[test]
    fn parts_mean_what_they_say() {
        let p = line(GRID);
        // Band 1 first, then band 0, then band 2; rows and columns otherwise in place.
        let same: &[u8] = &[0, 1, 2];
        let t = Transformation::from_chutes(
            Size::Nine,
            false,
            &[1, 0, 2],
            &[same; 3],
            &[0, 1, 2],
            &[same; 3],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        )
        .unwrap();
        let q = t.apply(&p);
        assert_eq!(q.cells[..27], p.cells[27..54]);
        assert_eq!(q.cells[27..54], p.cells[..27]);
        assert_eq!(t.bands(), vec![1, 0, 2]);
        // Transposing: result row i is source column i.
        let t = Transformation::new(
            Size::Nine,
            true,
            &[0, 1, 2, 3, 4, 5, 6, 7, 8],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        )
        .unwrap();
        let q = t.apply(&p);
        assert!((0..81).all(|i| q.cells[i] == p.cells[(i % 9) * 9 + i / 9]));
        // Relabelling: 1 and 2 swap.
        let t = Transformation::new(
            Size::Nine,
            false,
            &[0, 1, 2, 3, 4, 5, 6, 7, 8],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8],
            &[0, 2, 1, 3, 4, 5, 6, 7, 8, 9],
        )
        .unwrap();
        let q = t.apply(&p);
        assert!((0..81).all(|i| q.cells[i] == [0, 2, 1, 3, 4, 5, 6, 7, 8, 9][p.cells[i] as usize]));
        assert_eq!(
            t.to_string(),
            "rows 123456789, cols 123456789, digits 1>2 2>1 3>3 4>4 5>5 6>6 7>7 8>8 9>9"
        );
    }

    #[test]
    fn four_by_four() {
        let p = line("1.........3....2");
        let f = canonical(&p);
        assert_eq!(f.givens(), 3);
        assert_eq!(
            canonical(&Transformation::identity(Size::Four).apply(&p)),
            f
        );
        let t = find_transformation(&p, &f).unwrap();
        assert_eq!(t.apply(&p), f);
    }
}
