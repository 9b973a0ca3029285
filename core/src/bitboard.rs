//! The fast 9×9 search: JCZSolve's design (per-digit band bitboards, locked candidates
//! inside the band update), as in the `sudoku` crate's "jczsolve equivalent", written
//! anew here with our own band-shape table and MRV tie-break. Bitmask candidates,
//! propagation to a fixpoint (band updates with locked candidates, naked singles,
//! hidden singles in columns), then MRV backtracking, behind the one mechanism of
//! [`crate::search`]: count solutions up to a limit.
//!
//! The search is a resumable machine with an explicit stack of at most 82 nodes (about
//! 21 KB, part of the search, written only as deep as the search goes): [`Search::step`] does one node's work and returns, so a
//! caller can stream solutions or events one at a time with memory that does not grow
//! with the number of solutions (`sudoku_solutions` in SQL), and [`Search::run`] runs
//! it to the end (solving and counting).

use std::mem::MaybeUninit;

use crate::grid::{UnitKind, CELLS, PEERS};
use crate::puzzle::Puzzle;
use crate::search::{Event, Observer, Outcome, PlacedBy, Tally};

// ---------------------------------------------------------------------------------
// The search state: one bitboard per digit, cut into bands.
//
// The grid is cut into three *bands* of three rows; a band's 27 cells fit one `u32`,
// cell `c` being bit `c % 27` of band `c / 27` (so cell order is bit order). For each
// digit the state keeps, per band, the cells where that digit may still stand; a filled
// cell keeps the bit of its own digit only. This is the candidate mask of every cell
// turned sideways: blank cell `c` has candidate `d` exactly when bit `c` of digit `d`'s
// board is set, which is `0x1FF & !(row | col | box)` kept up to date by every
// placement. Sideways, one word-wide operation handles 27 cells.
//
// A band's row meets its three boxes in three *triads* (three cells side by side). A
// digit stands once in each row and once in each box of a band, so the triads that hold
// it form one of six patterns: one triad per row and per box, like a 3×3 permutation
// matrix. `SHAPES` is a table of the 512 ways a digit's board can occupy the nine
// triads: which triads lie on some permutation (the others cannot hold the digit) and
// which lie on all of them (the digit must be there). Propagation is three steps, to a
// fixpoint:
//
// 1. *Band update* of every board that changed: keep only the triads on some
//    permutation (this is locked candidates, "pointing" and "claiming", inside the band;
//    none left is a contradiction); a box of the band whose cells for the digit lie in
//    one column takes that column from the digit's other two bands (the same rule
//    between a box and a column, which also carries every placement to the cell's
//    column); and a triad the digit must occupy with one cell left is a hidden single,
//    alone in its row and its box.
// 2. *Naked singles*: the blank cells set in exactly one board, found for a band at
//    once by running counts ("seen once", "twice", "three times") over the nine boards.
//    The same counts give the cells with two candidates, where MRV branches, and a cell
//    seen in no board is a contradiction.
// 3. *Hidden singles in columns*: columns where a digit's three bands have one bit
//    between them, on a blank cell (a column with no bit is a contradiction).
//
// Each is checked for what it may change; the update of a band changes nothing when the
// board is as it was at its last update, so only changed boards are looked at.
// ---------------------------------------------------------------------------------

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// A row: the nine low bits of a band, or nine columns.
const ROW: u32 = 0x1FF;
/// The three cells of the first box of a band; shift by 3 for the next box.
const BOX: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;
/// The lowest bit of each aligned group of three: the triads of a band, or the boxes of
/// a row of columns.
const GROUP_BASES: u32 = 0o111_111_111;
/// The two other bands of each band.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The peers of each cell, as a mask per band.
const PEER_BANDS: [[u32; 3]; CELLS] = build_peer_bands();

const fn build_peer_bands() -> [[u32; 3]; CELLS] {
    let mut out = [[0u32; 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut j = 0;
        while j < 20 {
            let p = PEERS[c][j] as usize;
            out[c][p / 27] |= 1 << (p % 27);
            j += 1;
        }
        c += 1;
    }
    out
}

/// For each cell of a band, the band without the cell's row and box, but with the cell:
/// what stays of a digit's board when the digit is placed in that cell.
const KEEP_SELF: [u32; 27] = build_keep_self();

const fn build_keep_self() -> [u32; 27] {
    let mut out = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, b) = (i / 9, i % 9 / 3);
        out[i] = (BAND & !(ROW << (9 * r)) & !(BOX << (3 * b))) | 1 << i;
        i += 1;
    }
    out
}

/// For the nine cells of a row, which of its three triads hold a bit (bit `b` for box
/// `b` of the band).
const ROW_TRIADS: [u8; 512] = build_row_triads();

const fn build_row_triads() -> [u8; 512] {
    let mut out = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut b = 0;
        while b < 3 {
            if x >> (3 * b) & 7 != 0 {
                out[x] |= 1 << b;
            }
            b += 1;
        }
        x += 1;
    }
    out
}

/// Indexed by the occupied triads of a band (bit `3r + b`: row `r`, box `b`): the cells
/// of the triads that lie on at least one permutation inside the pattern, and of those
/// that lie on every one. Both are 0 when no permutation fits: the digit has no place
/// in some row or box of the band.
const SHAPES: [[u32; 2]; 512] = build_shapes();

const fn build_shapes() -> [[u32; 2]; 512] {
    // The six ways of giving each row of a band its own box.
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [[0u32; 2]; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let (mut some, mut every, mut any) = (0u32, 0x1FFu32, false);
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let triads = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
            if pattern & triads == triads {
                some |= triads;
                every &= triads;
                any = true;
            }
            p += 1;
        }
        if !any {
            every = 0;
        }
        out[pattern as usize] = [triad_cells(some), triad_cells(every)];
        pattern += 1;
    }
    out
}

/// The cells of a set of triads: triad `t` (`3r + b`) is bits `3t..3t + 3` of the band.
const fn triad_cells(triads: u32) -> u32 {
    let mut cells = 0;
    let mut t = 0;
    while t < 9 {
        if triads >> t & 1 != 0 {
            cells |= 0b111 << (3 * t);
        }
        t += 1;
    }
    cells
}

/// The bits of `x` that are alone in their aligned group of three (a triad of a band,
/// or a box's three columns): at each group's lowest bit, `a ^ b ^ c` without `a & b & c`
/// is "exactly one of the three", and multiplying by 7 widens it back to the group.
#[inline(always)]
fn lone(x: u32) -> u32 {
    let one = (x ^ x >> 1 ^ x >> 2) & !(x & x >> 1 & x >> 2) & GROUP_BASES;
    x & (one * 7)
}

/// A set of columns (bits 0-8) as the cells of those columns in a band.
#[inline(always)]
fn spread(columns: u32) -> u32 {
    columns * (1 | 1 << 9 | 1 << 18)
}

/// Columns (bits 0-8) where a band's board has at least one bit.
#[inline(always)]
fn columns_once(w: u32) -> u32 {
    (w | w >> 9 | w >> 18) & ROW
}

/// Columns (bits 0-8) where a band's board has at least two bits.
#[inline(always)]
fn columns_twice(w: u32) -> u32 {
    ((w & w >> 9) | ((w | w >> 9) & w >> 18)) & ROW
}

/// The boards that differ from their last update, as bit `3d + k` for digit `d + 1`,
/// band `k`: four boards per SSE2 compare on x86-64 (where SSE2 is always present),
/// one by one elsewhere.
#[inline(always)]
fn changed_boards(cand: &Boards, seen: &Boards) -> u32 {
    let (a, b) = (cand.as_flattened(), seen.as_flattened());
    #[cfg(target_arch = "x86_64")]
    let (mut changed, scalar_from) = {
        use std::arch::x86_64::{
            __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
        };
        let mut equal = 0u32;
        for v in 0..6 {
            // SAFETY: SSE2 is part of x86-64; lanes 4v..4v + 4 lie within the 27 boards
            // of each slice (v < 6), and unaligned loads are allowed.
            unsafe {
                let x = _mm_loadu_si128(a[4 * v..4 * v + 4].as_ptr() as *const __m128i);
                let y = _mm_loadu_si128(b[4 * v..4 * v + 4].as_ptr() as *const __m128i);
                equal |=
                    (_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, y))) as u32) << (4 * v);
            }
        }
        (!equal & 0xFF_FFFF, 24)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let (mut changed, scalar_from) = (0u32, 0);
    for j in scalar_from..27 {
        changed |= ((a[j] != b[j]) as u32) << j;
    }
    changed
}

/// For each digit, the cells whose mask has it, band by band (bit `i` of band `k`: cell
/// `27k + i`): the 81 × 9 bits of the masks transposed. On x86-64, with SSE2, sixteen
/// masks at a time: packed to a byte each (bits 1-8, then bit 9 apart), each digit's bit
/// shifted to its byte's top bit and gathered by `movemask`; elsewhere bit by bit. Both give the same boards (test `the_fast_transposition_matches_the_plain_one`).
fn cells_with_each_digit(masks: &[u16; CELLS]) -> Boards {
    #[cfg(target_arch = "x86_64")]
    {
        cells_with_each_digit_sse2(masks)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        cells_with_each_digit_plain(masks)
    }
}

#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn cells_with_each_digit_plain(masks: &[u16; CELLS]) -> Boards {
    let mut out = [[0u32; 3]; 9];
    for (cell, &m) in masks.iter().enumerate() {
        for (d, board) in out.iter_mut().enumerate() {
            board[cell / 27] |= ((m >> d & 1) as u32) << (cell % 27);
        }
    }
    out
}

#[cfg(target_arch = "x86_64")]
fn cells_with_each_digit_sse2(masks: &[u16; CELLS]) -> Boards {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi32_si128, _mm_loadu_si128, _mm_movemask_epi8,
        _mm_packus_epi16, _mm_set1_epi16, _mm_sll_epi16, _mm_slli_epi16, _mm_srli_epi16,
    };
    // 96 masks: the 81, then zeros, six groups of 16.
    let mut padded = [0u16; 96];
    padded[..CELLS].copy_from_slice(masks);
    // For each digit, its bit of each group's 16 masks (8 slots, the last two 0).
    let mut groups = [[0u16; 8]; 9];
    // SAFETY: SSE2 is part of x86-64; each load reads 8 masks inside `padded`.
    unsafe {
        let low_byte = _mm_set1_epi16(0xFF);
        for g in 0..6 {
            let lo = _mm_loadu_si128(padded.as_ptr().add(16 * g) as *const __m128i);
            let hi = _mm_loadu_si128(padded.as_ptr().add(16 * g + 8) as *const __m128i);
            // A byte per mask: its bits 0-7, then its bits 8-15 (each at most 255, so
            // the packing does not saturate).
            let digits_1_8 =
                _mm_packus_epi16(_mm_and_si128(lo, low_byte), _mm_and_si128(hi, low_byte));
            let digit_9 = _mm_packus_epi16(_mm_srli_epi16(lo, 8), _mm_srli_epi16(hi, 8));
            // Shifting 16-bit lanes left by 7 - d puts bit d of each byte at that byte's
            // top bit (the low byte's top bits spill into the high byte's low bits only),
            // which `movemask` gathers.
            for (d, digit) in groups.iter_mut().take(8).enumerate() {
                let shift = _mm_cvtsi32_si128(7 - d as i32);
                digit[g] = _mm_movemask_epi8(_mm_sll_epi16(digits_1_8, shift)) as u16;
            }
            groups[8][g] = _mm_movemask_epi8(_mm_slli_epi16(digit_9, 7)) as u16;
        }
    }
    let mut out = [[0u32; 3]; 9];
    for (board, digit) in out.iter_mut().zip(groups.iter()) {
        let cells = digit.iter().rev().fold(0u128, |c, &w| c << 16 | w as u128);
        for (k, band) in board.iter_mut().enumerate() {
            *band = (cells >> (27 * k)) as u32 & BAND;
        }
    }
    out
}

/// A board per digit, three bands each.
type Boards = [[u32; 3]; 9];
/// Boards no real state has (bits above the 27th): "never updated".
const UNCHECKED: Boards = [[u32::MAX; 3]; 9];

/// One search node. `Copy` on purpose: a guess copies the node (240 bytes), which is
/// cheaper than recording and undoing changes.
#[derive(Clone, Copy)]
struct State {
    /// `cand[d][k]`: the cells of band `k` where digit `d + 1` may stand.
    cand: Boards,
    /// Each board as its last band update left it.
    seen: Boards,
    /// The blank cells of each band.
    blank: [u32; 3],
    /// The blank cells with exactly two candidates, per band, as the last naked-singles
    /// pass found them (up to date when propagation ends).
    pairs: [u32; 3],
}

impl State {
    /// The state of `puzzle`, or `None` when a given is not a candidate of its cell
    /// when placed: a peer holds the same digit.
    fn from_puzzle(puzzle: &Puzzle) -> Option<State> {
        State::from_values(&puzzle.cells)
    }

    /// [`State::from_puzzle`] of the cells themselves.
    #[inline(always)]
    fn from_values(values: &[u8; CELLS]) -> Option<State> {
        let mut st = State {
            cand: [[BAND; 3]; 9],
            seen: UNCHECKED,
            blank: [BAND; 3],
            pairs: [0; 3],
        };
        for (cell, &d) in values.iter().enumerate() {
            if d != 0 {
                let (k, i, d) = (cell / 27, cell % 27, d as usize - 1);
                if st.cand[d][k] >> i & 1 == 0 {
                    return None;
                }
                st.place(k, i, d);
                // The column now, not at the first band update: a later given of the
                // same digit in this column must be seen as a conflict above.
                let (k1, k2) = OTHER_BANDS[k];
                let column = spread(1 << (i % 9));
                st.cand[d][k1] &= !column;
                st.cand[d][k2] &= !column;
            }
        }
        Some(st)
    }

    /// The state of a position: its filled cells placed as [`State::from_puzzle`]
    /// places givens, then every candidate an open cell's marks leave out taken from
    /// that digit's board. `None` when a filled cell's digit is held by a peer. Nothing
    /// else is done here: the first propagation updates every board (none is marked
    /// seen), so a cell left without candidate or with one is found there as for a
    /// puzzle.
    fn from_position(values: &[u8; CELLS], cands: &[u16; CELLS]) -> Option<State> {
        let mut st = State::from_values(values)?;
        // Each board keeps the filled cells (the placing above left each its own digit;
        // they are the cells no longer blank) and the open cells that have the digit
        // among their marks.
        let filled = st.blank.map(|b| !b & BAND);
        let has = cells_with_each_digit(cands);
        for (board, has) in st.cand.iter_mut().zip(has.iter()) {
            for k in 0..3 {
                board[k] &= has[k] | filled[k];
            }
        }
        Some(st)
    }

    /// The state of a pencil-mark grid (bit `d - 1` of a cell's mask: digit `d` a
    /// candidate) with every cell of one candidate filled with it: the state
    /// [`State::from_position`] makes of those filled cells and the marks, built a
    /// digit board at a time instead of a cell at a time (the same state: test
    /// `the_marks_state_is_the_position_state`). `None` when a cell has no candidate,
    /// or two cells of a unit have the same single candidate (where `from_position`
    /// finds a filled cell's digit held by a peer).
    ///
    /// Each digit's board is the cells that have it, less the peers of the cells where
    /// it is the single candidate (those cells kept): what placing them one by one
    /// leaves, since placing a digit removes it from the cell's peers and the cell's
    /// other digits (a single cell has none). Two such cells in a unit are found by
    /// counting: as many cells as rows, columns and boxes they occupy, or a clash.
    fn from_marks(marks: &[u16; CELLS]) -> Option<State> {
        let mut cand = cells_with_each_digit(marks);
        // Bit-sliced count of each cell's candidates: at least one, at least two.
        let (mut one, mut two) = ([0u32; 3], [0u32; 3]);
        for board in &cand {
            for k in 0..3 {
                two[k] |= one[k] & board[k];
                one[k] |= board[k];
            }
        }
        if one != [BAND; 3] {
            return None;
        }
        let single = [one[0] & !two[0], one[1] & !two[1], one[2] & !two[2]];
        // Per band, the triads (a row's cells in one box) holding a filled cell, as
        // each triad's lowest bit: two filled cells share a row, a box or a column
        // exactly when one triad holds two, or a row or a box (three triads each in a
        // band) holds two triads, or a column has one in two bands (two in one band
        // share a box).
        const ROW_BASES: u32 = 1 | 1 << 9 | 1 << 18;
        const BOX_BASES: u32 = 1 | 1 << 3 | 1 << 6;
        let mut clash = 0u32;
        for board in cand.iter_mut() {
            let filled = [
                board[0] & single[0],
                board[1] & single[1],
                board[2] & single[2],
            ];
            let columns = filled.map(columns_once);
            clash |= columns[0] & columns[1] | (columns[0] | columns[1]) & columns[2];
            let in_columns = spread(columns[0] | columns[1] | columns[2]);
            for (w, &f) in board.iter_mut().zip(filled.iter()) {
                let triads = (f | f >> 1 | f >> 2) & GROUP_BASES;
                // Two or three of a triad's cells, at the triad's lowest bit.
                clash |= (f & f >> 1 | (f | f >> 1) & f >> 2) & GROUP_BASES;
                clash |= (triads & triads >> 3 | (triads | triads >> 3) & triads >> 6) & ROW_BASES;
                clash |= columns_twice(triads) & BOX_BASES;
                // The rows and boxes with a filled cell, all their cells.
                let rows = (triads | triads >> 3 | triads >> 6) & ROW_BASES;
                let boxes = columns_once(triads) & BOX_BASES;
                *w &= !((rows * ROW) | (boxes * BOX) | in_columns) | f;
            }
        }
        if clash != 0 {
            return None;
        }
        Some(State {
            cand,
            seen: UNCHECKED,
            blank: [!single[0] & BAND, !single[1] & BAND, !single[2] & BAND],
            pairs: [0; 3],
        })
    }

    /// Puts digit `d + 1` in cell `i` of band `k`, which must have it as a candidate:
    /// the cell loses its other candidates and the digit leaves the cell's row and box.
    /// Its column, in the other bands, is left to the next band update.
    #[inline(always)]
    fn place(&mut self, k: usize, i: usize, d: usize) {
        let bit = 1u32 << i;
        let own = self.cand[d][k];
        for board in self.cand.iter_mut() {
            board[k] &= !bit;
        }
        self.cand[d][k] = own;
        self.fill(k, i, d);
    }

    /// [`State::place`] for a cell whose only candidate is `d + 1` (a naked single):
    /// there are no other candidates to clear.
    #[inline(always)]
    fn fill(&mut self, k: usize, i: usize, d: usize) {
        self.cand[d][k] &= KEEP_SELF[i];
        self.blank[k] &= !(1 << i);
    }

    /// The number of blank cells.
    #[inline(always)]
    fn blanks(&self) -> u32 {
        self.blank[0].count_ones() + self.blank[1].count_ones() + self.blank[2].count_ones()
    }

    #[inline(always)]
    fn solved(&self) -> bool {
        self.blank[0] | self.blank[1] | self.blank[2] == 0
    }

    /// The lowest digit index with a candidate at bit `bit` of band `k`.
    #[inline(always)]
    fn first_digit(&self, k: usize, bit: u32) -> Option<usize> {
        (0..9).find(|&d| self.cand[d][k] & bit != 0)
    }

    /// The digits of a complete state.
    fn grid(&self) -> [u8; CELLS] {
        let mut grid = [0u8; CELLS];
        for (d, board) in self.cand.iter().enumerate() {
            for (k, &w) in board.iter().enumerate() {
                let mut bits = w;
                while bits != 0 {
                    grid[k * 27 + bits.trailing_zeros() as usize] = d as u8 + 1;
                    bits &= bits - 1;
                }
            }
        }
        grid
    }

    /// The cell to branch on: a blank cell with the fewest candidates (MRV), and among
    /// those the one with the most blank peers (the degree heuristic: its digit, once
    /// chosen, leaves the most cells), the lowest-numbered on ties.
    ///
    /// After propagation no blank cell has fewer than two candidates, so when some cell
    /// has two (nearly always), the naked-singles pass has listed them all in `pairs`;
    /// otherwise the cells are counted one by one.
    fn branch_cell(&self) -> usize {
        let mut fewest = self.pairs;
        if fewest == [0; 3] {
            let mut least = u32::MAX;
            for k in 0..3 {
                let mut bits = self.blank[k];
                while bits != 0 {
                    let i = bits.trailing_zeros();
                    bits &= bits - 1;
                    let n = self.cand.iter().filter(|b| b[k] >> i & 1 != 0).count() as u32;
                    if n < least {
                        least = n;
                        fewest = [0; 3];
                    }
                    if n == least {
                        fewest[k] |= 1 << i;
                    }
                }
            }
        }
        let (mut best, mut most) = (0usize, 0u32);
        for (k, &cells) in fewest.iter().enumerate() {
            let mut bits = cells;
            while bits != 0 {
                let cell = k * 27 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Blank peers, plus one so that any cell beats "none yet": the row and
                // box in the cell's band, and the column's cells in the other two bands
                // (side by side, bits `c` and `c + 1` of each row), in one word.
                let (k1, k2) = OTHER_BANDS[k];
                let column = spread(1 << (cell % 9));
                let others = (self.blank[k1] & column) | (self.blank[k2] & column) << 1;
                let n = ((self.blank[k] & PEER_BANDS[cell][k]) as u64 | (others as u64) << 27)
                    .count_ones()
                    + 1;
                if n > most {
                    (best, most) = (cell, n);
                }
            }
        }
        best
    }
}

/// Where a [`Search`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The node at the current depth is to be propagated and branched on.
    Enter,
    /// The node at the current depth is finished: go to the next candidate of the
    /// guess that opened it, or further up.
    Leave,
    /// Nothing is left to search, or the limit is reached.
    Done,
}

/// What one [`Search::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// Found a solution ([`Search::grid`] shows it).
    Solution,
    /// Did some work; call again.
    Working,
    /// The search is over.
    Done,
}

/// One level of the explicit stack: a node, and at a branch point the cell branched on
/// and the candidates not yet tried.
#[derive(Clone, Copy)]
struct Node {
    state: State,
    cell: u8,
    untried: u16,
    /// Solutions counted when the current guess of this node was made.
    count_before: u64,
}

/// Depth is at most one guess per blank cell: 81, plus the root.
const MAX_NODES: usize = CELLS + 1;

/// A resumable search of one puzzle (see the module documentation).
pub(crate) struct Search<O: Observer> {
    pub(crate) ctx: Ctx<O>,
    /// The nodes from the root to the current depth: `nodes[..=depth]` are initialised,
    /// the slots past `depth` are never read (they stay uninitialised until a guess
    /// writes them, so a search costs only the depth it reaches).
    nodes: [MaybeUninit<Node>; MAX_NODES],
    depth: usize,
    phase: Phase,
}

impl<O: Observer> Search<O> {
    /// A search of `puzzle` up to `limit` solutions, or `None` when a given is not a
    /// candidate of its cell when placed: a peer holds the same digit.
    pub(crate) fn new(puzzle: &Puzzle, limit: u64, observer: O) -> Option<Search<O>> {
        let state = State::from_puzzle(puzzle)?;
        Some(Search::from_state(state, limit, observer))
    }

    /// A search of a position (its filled cells, and the candidates of its open
    /// cells: a solution uses only those), or `None` when a filled cell's digit is held
    /// by a peer.
    pub(crate) fn from_position(
        values: &[u8; CELLS],
        cands: &[u16; CELLS],
        limit: u64,
        observer: O,
    ) -> Option<Search<O>> {
        let state = State::from_position(values, cands)?;
        Some(Search::from_state(state, limit, observer))
    }

    /// A search of a pencil-mark grid whose cells of one candidate are filled with it
    /// (see [`State::from_marks`]), or `None` when a cell has no candidate or two cells
    /// of a unit have the same single candidate.
    pub(crate) fn from_marks(marks: &[u16; CELLS], limit: u64, observer: O) -> Option<Search<O>> {
        let state = State::from_marks(marks)?;
        Some(Search::from_state(state, limit, observer))
    }

    #[inline(always)]
    fn from_state(state: State, limit: u64, observer: O) -> Search<O> {
        let phase = if limit == 0 {
            Phase::Done
        } else {
            Phase::Enter
        };
        let mut search = Search {
            ctx: Ctx {
                tally: Tally::new(limit),
                observer,
            },
            nodes: [const { MaybeUninit::uninit() }; MAX_NODES],
            depth: 0,
            phase,
        };
        search.nodes[0] = MaybeUninit::new(Node {
            state,
            cell: 0,
            untried: 0,
            count_before: 0,
        });
        search
    }

    /// The node at the current depth.
    #[inline(always)]
    fn node(&self) -> &Node {
        // SAFETY: `nodes[..=depth]` are initialised (the root by `from_state`, each
        // deeper one by `guess_next` before `depth` reaches it).
        unsafe { self.nodes[self.depth].assume_init_ref() }
    }

    #[inline(always)]
    fn node_mut(&mut self) -> &mut Node {
        // SAFETY: as in `node`.
        unsafe { self.nodes[self.depth].assume_init_mut() }
    }

    /// Runs the search to its end (or its limit).
    pub(crate) fn run(&mut self) -> Outcome {
        while self.step() != Status::Done {}
        self.ctx.tally.outcome()
    }

    /// The next solution, or `None` when there are no more (or the limit is reached).
    pub(crate) fn next_solution(&mut self) -> Option<[u8; CELLS]> {
        loop {
            match self.step() {
                Status::Solution => return Some(self.grid()),
                Status::Working => {}
                Status::Done => return None,
            }
        }
    }

    /// The grid of the current node: the solution just found after [`Status::Solution`].
    pub(crate) fn grid(&self) -> [u8; CELLS] {
        self.node().state.grid()
    }

    /// One node's work: propagate and branch (or find a solution, or a contradiction),
    /// or leave a finished node for the next candidate.
    pub(crate) fn step(&mut self) -> Status {
        match self.phase {
            Phase::Done => Status::Done,
            Phase::Enter => {
                let depth = self.depth as u32;
                // SAFETY: as in `node`; borrowed apart from `ctx`, so propagation works
                // on the node in place.
                let node = unsafe { self.nodes[self.depth].assume_init_mut() };
                if !self.ctx.propagate(&mut node.state, depth) {
                    if depth == 0 {
                        self.ctx.tally.contradiction_at_root(&mut self.ctx.observer);
                    }
                    self.phase = Phase::Leave;
                    return Status::Working;
                }
                let st = node.state;
                if st.solved() {
                    self.ctx.tally.solution(st.grid(), &mut self.ctx.observer);
                    self.phase = if self.ctx.tally.full() {
                        Phase::Done
                    } else {
                        Phase::Leave
                    };
                    return Status::Solution;
                }
                let cell = st.branch_cell();
                let (k, i) = (cell / 27, cell % 27);
                let mut digits = 0u16;
                for d in 0..9 {
                    digits |= ((st.cand[d][k] >> i & 1) as u16) << d;
                }
                let node = self.node_mut();
                node.cell = cell as u8;
                node.untried = digits;
                self.guess_next();
                Status::Working
            }
            Phase::Leave => {
                if self.depth == 0 {
                    self.phase = Phase::Done;
                    return Status::Done;
                }
                let child_depth = self.depth as u32;
                self.depth -= 1;
                let before = self.node().count_before;
                self.ctx
                    .tally
                    .abandon(before, child_depth, &mut self.ctx.observer);
                if self.node().untried != 0 {
                    self.guess_next();
                }
                Status::Working
            }
        }
    }

    /// Tries the lowest untried candidate of the branch cell of the current node: its
    /// child becomes the current node.
    fn guess_next(&mut self) {
        let node = self.node_mut();
        let d = node.untried.trailing_zeros() as usize;
        node.untried &= node.untried - 1;
        let cell = node.cell as usize;
        self.ctx.observer.check_interrupt();
        let count = self.ctx.tally.count();
        let node = self.node_mut();
        node.count_before = count;
        let mut state = node.state;
        state.place(cell / 27, cell % 27, d);
        self.depth += 1;
        self.nodes[self.depth] = MaybeUninit::new(Node {
            state,
            cell: 0,
            untried: 0,
            count_before: 0,
        });
        self.ctx.tally.placed(
            &mut self.ctx.observer,
            cell,
            d as u8 + 1,
            PlacedBy::Guess,
            self.depth as u32,
        );
        self.phase = Phase::Enter;
    }
}

/// What propagation needs besides the node: the tally and the observer (apart from the
/// nodes, so that a node is propagated in place).
pub(crate) struct Ctx<O: Observer> {
    pub(crate) tally: Tally,
    pub(crate) observer: O,
}

impl<O: Observer> Ctx<O> {
    /// Band updates, naked singles and hidden singles in columns to a fixpoint. Returns
    /// false on a contradiction.
    ///
    /// Band updates place their singles many at a time without counting them: they
    /// are the blank cells filled here less those the other steps counted.
    #[inline(always)]
    fn propagate(&mut self, st: &mut State, depth: u32) -> bool {
        let blanks = st.blanks();
        let counted = self.tally.stats.forced();
        let ok = self.propagate_counted(st, depth);
        let filled = (blanks - st.blanks()) as u64;
        self.tally.stats.band_singles += filled - (self.tally.stats.forced() - counted);
        ok
    }

    fn propagate_counted(&mut self, st: &mut State, depth: u32) -> bool {
        loop {
            if !self.update_changed_bands(st, depth) {
                return false;
            }
            if st.solved() {
                return true;
            }
            match self.place_naked_singles(st, depth) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.place_column_hidden_singles(st, depth) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Updates every board that changed since its last update, until none does. Each
    /// round finds the changed boards among all 27 at once (see [`changed_boards`]).
    #[inline(always)]
    fn update_changed_bands(&mut self, st: &mut State, depth: u32) -> bool {
        loop {
            let mut changed = changed_boards(&st.cand, &st.seen);
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let j = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.update_band_with_locked_candidates(st, j / 3, j % 3, depth) {
                    return false;
                }
            }
        }
    }

    /// The band update of digit `d + 1` in band `k` (see the comment on the state).
    #[inline(always)]
    fn update_band_with_locked_candidates(
        &mut self,
        st: &mut State,
        d: usize,
        k: usize,
        depth: u32,
    ) -> bool {
        let old = st.cand[d][k];
        let pattern = ROW_TRIADS[(old & ROW) as usize] as usize
            | (ROW_TRIADS[(old >> 9 & ROW) as usize] as usize) << 3
            | (ROW_TRIADS[(old >> 18 & ROW) as usize] as usize) << 6;
        let [some, every] = SHAPES[pattern];
        let w = old & some;
        if w == 0 {
            return false;
        }
        st.seen[d][k] = w;
        // A box whose cells for the digit lie in one column: the column is the box's.
        let column = spread(lone(columns_once(w)));
        let (k1, k2) = OTHER_BANDS[k];
        st.cand[d][k1] &= !column;
        st.cand[d][k2] &= !column;
        // A triad the digit must occupy, with one cell left, and that cell blank.
        let singles = lone(w & every) & st.blank[k];
        st.blank[k] &= !singles;
        // The singles leave every other digit's board (all nine, then this one is set).
        for board in st.cand.iter_mut() {
            board[k] &= !singles;
        }
        st.cand[d][k] = w;
        if O::EVENTS {
            let mut bits = singles;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.observer.event(Event::Place {
                    cell: (k * 27 + i) as u8,
                    digit: d as u8 + 1,
                    by: PlacedBy::BandUpdate,
                    depth,
                });
            }
        }
        true
    }

    /// One pass of naked singles over the three bands: `Some(placed anything)`, or
    /// `None` on a contradiction. Also notes the cells with two candidates.
    #[inline(always)]
    fn place_naked_singles(&mut self, st: &mut State, depth: u32) -> Option<bool> {
        let mut progress = false;
        for k in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for board in &st.cand {
                let w = board[k];
                three |= two & w;
                two |= one & w;
                one |= w;
            }
            // Every cell, filled or blank, needs a bit: a filled one keeps its digit's.
            if one != BAND {
                return None;
            }
            st.pairs[k] = two & !three;
            let mut singles = st.blank[k] & !two;
            while singles != 0 {
                let i = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this pass may have taken the last candidate.
                let d = st.first_digit(k, 1 << i)?;
                self.tally.placed(
                    &mut self.observer,
                    k * 27 + i,
                    d as u8 + 1,
                    PlacedBy::NakedSingle,
                    depth,
                );
                st.fill(k, i, d);
                progress = true;
            }
        }
        Some(progress)
    }

    /// One pass of hidden singles in columns over the nine digits: `Some(placed
    /// anything)`, or `None` on a contradiction. A column where the digit stands has
    /// that one bit, on a filled cell (band updates have cleared the rest of it), so
    /// "one bit, on a blank cell" is exactly "one place left".
    #[inline(always)]
    fn place_column_hidden_singles(&mut self, st: &mut State, depth: u32) -> Option<bool> {
        let mut progress = false;
        for d in 0..9 {
            let [w0, w1, w2] = st.cand[d];
            let (a0, a1, a2) = (columns_once(w0), columns_once(w1), columns_once(w2));
            if a0 | a1 | a2 != ROW {
                return None;
            }
            let twice = columns_twice(w0)
                | columns_twice(w1)
                | columns_twice(w2)
                | (a0 & a1)
                | (a0 & a2)
                | (a1 & a2);
            if twice == ROW {
                continue;
            }
            let single = spread(ROW & !twice);
            for k in 0..3 {
                let mut cells = st.cand[d][k] & st.blank[k] & single;
                while cells != 0 {
                    let i = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    // An earlier single of this pass may have filled the cell or taken
                    // the digit from it; the next pass sees what that leaves.
                    if (st.cand[d][k] & st.blank[k]) >> i & 1 == 0 {
                        continue;
                    }
                    self.tally.placed(
                        &mut self.observer,
                        k * 27 + i,
                        d as u8 + 1,
                        PlacedBy::HiddenSingle(UnitKind::Col),
                        depth,
                    );
                    st.place(k, i, d);
                    progress = true;
                }
            }
        }
        Some(progress)
    }
}

/// Counts (up to 1) the solutions of `puzzle` that do not put `digit` in the blank
/// `cell`: the generator's uniqueness test. `puzzle`'s givens must be consistent.
pub(crate) fn count_excluding<O: Observer>(
    puzzle: &Puzzle,
    cell: usize,
    digit: u8,
    observer: O,
) -> u64 {
    let mut state = State::from_puzzle(puzzle).expect("consistent givens");
    state.cand[digit as usize - 1][cell / 27] &= !(1 << (cell % 27));
    Search::from_state(state, 1, observer).run().count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_shapes_keep_the_triads_of_some_permutation() {
        // Every triad occupied: nothing removed, nothing forced.
        assert_eq!(SHAPES[0x1FF], [BAND, 0]);
        // Row 0 only in box 0, row 1 in boxes 0 and 1, row 2 anywhere: box 0 belongs to
        // row 0 (claiming), so row 1 takes box 1 and row 2 box 2 (a chain of them).
        let pattern = 0b001 | 0b011 << 3 | 0b111 << 6;
        let forced = triad_cells(1 | 1 << 4 | 1 << 8);
        assert_eq!(SHAPES[pattern], [forced, forced]);
        // Row 2 has no triad: no way to place the digit.
        assert_eq!(SHAPES[0o077], [0, 0]);
        // Two permutations left: rows 0 and 1 share boxes 0 and 1, row 2 takes box 2.
        let pattern = 0b011 | 0b011 << 3 | 0b111 << 6;
        assert_eq!(
            SHAPES[pattern],
            [
                triad_cells(0b011 | 0b011 << 3 | 0b100 << 6),
                triad_cells(0b100 << 6)
            ]
        );
    }

    #[test]
    fn the_marks_state_is_the_position_state() {
        let mut seed = 29u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        let (mut built, mut refused) = (0, 0);
        for i in 0..20_000u64 {
            // Sparse marks: many single candidates (some clashing), now and then a cell
            // without candidate; bits above the ninth now and then.
            let density = [3, 8, 15, 30, 60][(i % 5) as usize];
            let mut marks = [0u16; CELLS];
            for m in marks.iter_mut() {
                for d in 0..9 {
                    if next() % 100 < density {
                        *m |= 1 << d;
                    }
                }
                if *m == 0 && next() % 300 != 0 {
                    *m = 1 << (next() % 9);
                }
                if next() % 50 == 0 {
                    *m |= 1 << (9 + next() % 7);
                }
            }
            // The plain way: the cells of one candidate placed one by one.
            let values: [u8; CELLS] = std::array::from_fn(|c| {
                let m = marks[c] & 0x1FF;
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            });
            let plain = if marks.iter().any(|&m| m & 0x1FF == 0) {
                None
            } else {
                State::from_position(&values, &marks)
            };
            let fast = State::from_marks(&marks);
            match (fast, plain) {
                (Some(a), Some(b)) => {
                    assert_eq!(
                        (a.cand, a.seen, a.blank, a.pairs),
                        (b.cand, b.seen, b.blank, b.pairs),
                        "{marks:?}"
                    );
                    built += 1;
                }
                (None, None) => refused += 1,
                (a, b) => panic!("{} {} {marks:?}", a.is_some(), b.is_some()),
            }
        }
        assert!(built > 2000 && refused > 2000, "{built} {refused}");
    }

    #[test]
    fn the_fast_transposition_matches_the_plain_one() {
        let mut seed = 81u64;
        for _ in 0..2000 {
            let mut masks = [0u16; CELLS];
            for m in masks.iter_mut() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *m = (seed >> 40) as u16 & 0x1FF;
            }
            assert_eq!(
                cells_with_each_digit(&masks),
                cells_with_each_digit_plain(&masks)
            );
        }
        assert_eq!(cells_with_each_digit(&[0x1FF; CELLS]), [[BAND; 3]; 9]);
    }

    #[test]
    fn lone_keeps_the_bits_alone_in_their_group_of_three() {
        assert_eq!(lone(0b000_011_001), 0b000_000_001);
        assert_eq!(lone(0b100_111_010), 0b100_000_010);
        assert_eq!(lone(0), 0);
        assert_eq!(lone(BAND), 0);
    }
}
