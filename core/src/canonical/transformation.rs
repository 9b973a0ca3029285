//! The transformations of the equivalence ([`Transformation`]) and the orders of lines
//! that keep chutes together.

use crate::grid::{Size, CELLS};
use crate::puzzle::Puzzle;
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
    pub(super) size: Size,
    pub(super) transpose: bool,
    pub(super) rows: [u8; 9],
    pub(super) cols: [u8; 9],
    pub(super) digits: [u8; 10],
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
pub(super) fn keeps_chutes(size: Size, lines: &[u8]) -> bool {
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

pub(super) fn lines_from_chutes(size: Size, chutes: &[u8], within: &[&[u8]]) -> Option<Vec<u8>> {
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
pub(super) fn chute_orders(size: Size) -> &'static [[u8; 9]] {
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
pub(super) fn transposed(size: Size, cells: &[u8; CELLS]) -> [u8; CELLS] {
    let n = size.n();
    let mut out = [0u8; CELLS];
    for r in 0..n {
        for c in 0..n {
            out[c * n + r] = cells[r * n + c];
        }
    }
    out
}

/// The rows of a 9×9 grid of cells, as arrays.
pub(super) fn rows_of(cells: &[u8; CELLS]) -> [[u8; 9]; 9] {
    let mut rows = [[0u8; 9]; 9];
    for r in 0..9 {
        rows[r].copy_from_slice(&cells[9 * r..9 * r + 9]);
    }
    rows
}
