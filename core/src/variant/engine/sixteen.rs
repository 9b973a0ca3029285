//! The 16×16 states of the band search ([`super::band_search`]) and their
//! propagation, for 16×16 grids of rows, columns and boxes alone (no extra group,
//! peer or cage).
//!
//! Per digit, a board of four 64-bit *bands*: band `k` holds rows `4k..4k + 4`, cell
//! `c` is bit `c % 64` of band `c / 64`. In a band a row is a 16-bit *lane* and a box
//! is the same *nibble* (four columns) of its four lanes. The rules are word
//! operations over lanes and nibbles (SWAR: a lane's or a nibble's "not zero" and
//! "minus one" without carries leaking into the next), one digit at a time:
//! - placing a digit takes it from the cell's row, column and box at once (a table of
//!   every cell's peers), and the cell from the other digits' boards;
//! - naked singles: the sixteen boards added up cell by cell (once, twice), over the
//!   whole grid at once (four bands side by side, one vector in the wide build), each
//!   single's digit read from four unions of boards;
//! - hidden singles in rows (lanes with one bit), columns (the sixteen rows added up)
//!   and boxes (the four lanes of a band added up, nibble by nibble);
//! - locked candidates between each box and its rows and columns, both ways.
//!
//! The cheaper rules run first; naked singles run when any board changed since they
//! last ran, hidden singles and locked candidates read only the bands of the boards
//! that changed since they last read them (a band's rows and boxes lie in it alone).
//! That is every rule [`super::propagate`] runs on these units, and the fixpoint is
//! the same (a test compares them on random states). Where a rule meets a
//! contradiction the mask search finds by clearing (two boxes that need a digit in one
//! row), it reports it at once.

use super::band_search::{add_to_count, BandNode, Choice, CountedBand, Weights};
use super::tables::Tables;

/// A set of cells: four bands of four rows.
pub(super) type Board = [u64; 4];

/// The lowest bit of each lane (a column's cells in a band: shift by the column).
const LANE_LOW: u64 = 0x0001_0001_0001_0001;
/// The top bit of each lane.
const LANE_HIGH: u64 = 0x8000_8000_8000_8000;
/// The lowest bit of each nibble.
const NIBBLE_LOW: u64 = 0x1111_1111_1111_1111;
/// The top bit of each nibble.
const NIBBLE_HIGH: u64 = 0x8888_8888_8888_8888;
/// The top bits of the four nibbles of one lane: every box of a row met.
const BOXES_OF_LANE: u64 = 0x8888;
/// A whole lane.
const LANE: u64 = 0xFFFF;

/// The top bit of every lane of `w` that is not zero.
#[inline(always)]
fn lanes_nonzero(w: u64) -> u64 {
    (((w & !LANE_HIGH) + !LANE_HIGH) | w) & LANE_HIGH
}

/// Every lane of `w` minus one (wrapping within the lane).
#[inline(always)]
fn lanes_minus_one(w: u64) -> u64 {
    ((w | LANE_HIGH) - LANE_LOW) ^ (!w & LANE_HIGH)
}

/// The top bit of every lane of `w` with two bits or more.
#[inline(always)]
fn lanes_with_two(w: u64) -> u64 {
    lanes_nonzero(w & lanes_minus_one(w))
}

/// The top bit of every nibble of `w` that is not zero.
#[inline(always)]
fn nibbles_nonzero(w: u64) -> u64 {
    (((w & !NIBBLE_HIGH) + !NIBBLE_HIGH) | w) & NIBBLE_HIGH
}

/// The top bit of every nibble of `w` with two bits or more.
#[inline(always)]
fn nibbles_with_two(w: u64) -> u64 {
    let minus_one = ((w | NIBBLE_HIGH) - NIBBLE_LOW) ^ (!w & NIBBLE_HIGH);
    nibbles_nonzero(w & minus_one)
}

/// Lanes (or nibbles) flagged by their top bit, widened to the whole lane (nibble).
#[inline(always)]
fn widen_lanes(top: u64) -> u64 {
    (top >> 15) * LANE
}

#[inline(always)]
fn widen_nibbles(top: u64) -> u64 {
    (top >> 3) * 0xF
}

/// A lane's 16 bits (columns, or the top bits of boxes) copied into all four lanes.
#[inline(always)]
fn in_every_lane(lane: u64) -> u64 {
    lane * LANE_LOW
}

/// The four lanes of a band added up: the columns met once or more, and twice or more.
/// Folded in halves: lanes 2 and 3 onto lanes 0 and 1, then lane 1 onto lane 0 (a
/// column met twice is met twice in a half, or once in each; a test compares it with
/// adding the lanes one by one).
#[inline(always)]
pub(super) fn fold_lanes(w: u64) -> (u64, u64) {
    let (once, twice) = (w | w >> 32, w & w >> 32);
    let (once_1, twice_1) = (once >> 16, twice >> 16);
    (
        (once | once_1) & LANE,
        (twice | twice_1 | once & once_1) & LANE,
    )
}

/// [`fold_lanes`] the plain way: the lanes added up one by one (tests).
#[cfg(test)]
pub(super) fn fold_lanes_one_by_one(w: u64) -> (u64, u64) {
    let (mut once, mut twice) = (w & LANE, 0);
    for r in 1..4 {
        let lane = w >> (16 * r) & LANE;
        twice |= once & lane;
        once |= lane;
    }
    (once, twice)
}

/// Every cell's peers (its row, column and box, without itself).
static PEERS: [Board; 256] = peer_boards();

const fn peer_boards() -> [Board; 256] {
    let mut out = [[0u64; 4]; 256];
    let mut c = 0;
    while c < 256 {
        let (r, col) = (c / 16, c % 16);
        let mut p = 0;
        while p < 256 {
            let (pr, pc) = (p / 16, p % 16);
            let same_box = pr / 4 == r / 4 && pc / 4 == col / 4;
            if p != c && (pr == r || pc == col || same_box) {
                out[c][p / 64] |= 1 << (p % 64);
            }
            p += 1;
        }
        c += 1;
    }
    out
}

/// True when the band search can run the tables with these states: a 16×16 grid
/// whose groups are its rows, columns and boxes and whose peers are theirs alone (no
/// extra group, knight, king, nc or cage).
pub(super) fn fits(tables: &Tables) -> bool {
    if tables.side != 16 || tables.words != 4 || !tables.sum_cages.is_empty() {
        return false;
    }
    if !tables.near_bits.is_empty() || tables.group_count() != 48 {
        return false;
    }
    let peers_are_units = (0..256).all(|c| tables.peer_bits[4 * c..4 * c + 4] == PEERS[c]);
    // A group is a unit when it is the row, column or box of its first cell.
    let groups_are_units = (0..48).all(|g| {
        let bits = &tables.group_bits[4 * g..4 * g + 4];
        let first = bits
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map_or(0, |(k, &w)| 64 * k + w.trailing_zeros() as usize);
        let (r, col) = (first / 16, first % 16);
        [r, 16 + col, 32 + r / 4 * 4 + col / 4]
            .iter()
            .any(|&u| bits == UNITS[u])
    });
    peers_are_units && groups_are_units
}

/// The rows, then the columns, then the boxes.
static UNITS: [Board; 48] = unit_boards();

const fn unit_boards() -> [Board; 48] {
    let mut units = [[0u64; 4]; 48];
    let mut c = 0;
    while c < 256 {
        let (r, col) = (c / 16, c % 16);
        units[r][c / 64] |= 1 << (c % 64);
        units[16 + col][c / 64] |= 1 << (c % 64);
        units[32 + r / 4 * 4 + col / 4][c / 64] |= 1 << (c % 64);
        c += 1;
    }
    units
}

/// One search node. `Copy`: a branch copies it (about 550 bytes).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(test, derive(PartialEq))]
pub(super) struct State {
    /// `cand[d]`: the cells where digit `d + 1` may stand (a filled cell keeps its own
    /// digit's bit only).
    pub(super) cand: [Board; 16],
    /// The blank cells.
    pub(super) blank: Board,
    /// The bands of the boards that changed since the hidden singles last read them:
    /// bit `4d + k` for band `k` of digit `d + 1`'s board.
    hidden_unread: u64,
    /// The same for the locked candidates.
    locked_unread: u64,
    /// A board changed since the naked singles last read them.
    naked_unread: bool,
}

impl State {
    /// Marks bands `bands` (bit `k` for band `k`) of digit `d`'s board as changed for
    /// the rules.
    #[inline(always)]
    fn changed(&mut self, d: usize, bands: u32) {
        self.mark_unread(u64::from(bands) << (4 * d));
    }

    /// Marks bands of any boards as changed for the rules: bit `4d + k` for band `k` of
    /// digit `d + 1`'s board.
    #[inline(always)]
    fn mark_unread(&mut self, bits: u64) {
        self.hidden_unread |= bits;
        self.locked_unread |= bits;
        self.naked_unread |= bits != 0;
    }

    /// Takes cells `cells` of band `k` from every board but digit `d`'s, without a
    /// branch per digit (all sixteen lose them, `d`'s own bits come back), and marks
    /// band `k` changed on the boards that held any.
    #[inline(always)]
    fn take_cells_from_other_boards(&mut self, k: usize, cells: u64, d: usize) {
        let own = self.cand[d][k] & cells;
        let mut hit = 0u64;
        for e in 0..16 {
            hit |= u64::from(self.cand[e][k] & cells != 0) << (4 * e);
            self.cand[e][k] &= !cells;
        }
        self.cand[d][k] |= own;
        self.mark_unread((hit & !(1 << (4 * d))) << k);
    }

    /// The digits of cell `c` as a mask (bit `d` for digit `d + 1`).
    pub(super) fn digits_of(&self, c: usize) -> u32 {
        let (k, i) = (c / 64, c % 64);
        (0..16).fold(0, |m, d| m | ((self.cand[d][k] >> i & 1) as u32) << d)
    }
}

impl BandNode for State {
    /// Nothing: the units are fixed.
    type Rules = ();
    const CELLS: usize = 256;

    fn empty() -> State {
        State {
            cand: [[u64::MAX; 4]; 16],
            blank: [u64::MAX; 4],
            hidden_unread: u64::MAX,
            locked_unread: u64::MAX,
            naked_unread: true,
        }
    }

    fn has(&self, c: usize, d: usize) -> bool {
        self.cand[d][c / 64] >> (c % 64) & 1 == 1
    }

    fn remove(&mut self, c: usize, d: usize) {
        self.cand[d][c / 64] &= !(1 << (c % 64));
        self.changed(d, 1 << (c / 64));
    }

    #[inline(always)]
    fn place(&mut self, c: usize, d: usize) {
        let (k, bit) = (c / 64, 1u64 << (c % 64));
        self.take_cells_from_other_boards(k, bit, d);
        let bands = take_peers(&mut self.cand[d], &in_band(k, bit));
        self.changed(d, bands);
        self.blank[k] &= !bit;
    }

    #[inline(always)]
    fn propagate(&mut self, _: &()) -> bool {
        propagate(self)
    }

    #[inline(always)]
    fn for_each_empty_cell(&self, mut blame: impl FnMut(usize)) {
        for k in 0..4 {
            let mut empty = !self.cand.iter().fold(0, |some, b| some | b[k]);
            while empty != 0 {
                blame(k * 64 + empty.trailing_zeros() as usize);
                empty &= empty - 1;
            }
        }
    }

    /// The candidates are counted bit-sliced over the sixteen boards (bit `j` of each
    /// cell's count in `count[j]`).
    #[inline(always)]
    fn choose(&self, weights: &Weights) -> Option<(usize, u32)> {
        let bands: [CountedBand<5>; 4] = std::array::from_fn(|k| {
            let mut count = [0u64; 5];
            for board in &self.cand {
                add_to_count(&mut count, board[k]);
            }
            CountedBand {
                first: 64 * k,
                open: self.blank[k],
                count,
            }
        });
        let mut choice = Choice::new(16);
        choice.offer(&bands, weights);
        let cell = choice.cell()?;
        Some((cell, self.digits_of(cell)))
    }

    fn grid(&self) -> Vec<u8> {
        let mut grid = vec![0u8; 256];
        for (d, board) in self.cand.iter().enumerate() {
            for (k, &w) in board.iter().enumerate() {
                let mut bits = w;
                while bits != 0 {
                    grid[k * 64 + bits.trailing_zeros() as usize] = d as u8 + 1;
                    bits &= bits - 1;
                }
            }
        }
        grid
    }
}

/// Propagates a node to a fixpoint; false on a contradiction. The cheaper rules run
/// first and again after any progress: naked singles, hidden singles, then locked
/// candidates, each on the digits whose boards changed since it last read them.
#[inline(always)]
pub(super) fn propagate(st: &mut State) -> bool {
    loop {
        match place_naked_singles(st) {
            None => return false,
            Some(true) => continue,
            Some(false) => {}
        }
        let mut placed = false;
        for (d, bands) in unread_boards(std::mem::take(&mut st.hidden_unread)) {
            match place_hidden_singles(st, d, bands) {
                None => return false,
                Some(any) => placed |= any,
            }
        }
        if placed {
            continue;
        }
        let mut took = false;
        for (d, bands) in unread_boards(std::mem::take(&mut st.locked_unread)) {
            let Some(board) = locked_candidates(st.cand[d], bands) else {
                return false;
            };
            let moved = changed_bands(&st.cand[d], &board);
            if moved != 0 {
                st.cand[d] = board;
                st.changed(d, moved);
                took = true;
            }
        }
        if !took {
            return true;
        }
    }
}

/// The digits (0-based) with unread bands in `unread` (bit `4d + k`), each with its
/// bands (bit `k`).
#[inline(always)]
fn unread_boards(mut unread: u64) -> impl Iterator<Item = (usize, u32)> {
    std::iter::from_fn(move || {
        if unread == 0 {
            return None;
        }
        let d = unread.trailing_zeros() as usize / 4;
        let bands = (unread >> (4 * d) & 0xF) as u32;
        unread &= !(0xF << (4 * d));
        Some((d, bands))
    })
}

/// Naked singles: `Some(placed any)`, or `None` on a cell without a digit. The
/// grid's singles are placed together: each holds one digit's bit alone, so only that
/// digit's board changes (its peers lose it); two singles of one digit that are peers
/// empty each other, which the next pass finds. Reading every band at once, where
/// reading them one after another would see the singles of the first placed, finds a
/// contradiction a pass later, so the cells a contradiction leaves empty (the
/// search's conflict weights) and the nodes may differ; the solutions do not.
///
/// A single's digit (0-based) is read bit by bit from `index`: `index[j]` is the union
/// of the boards of the digits with bit `j` set, so a cell that holds one digit has
/// bit `j` there exactly when its digit has it. No digit's board is visited unless it
/// has a single, where meeting every board with the singles guessed at a branch per
/// digit (about 10 % slower on 16×16). The peers are taken a single at a time: what
/// a board loses is the union of its singles' peers in any order, and so are the bands
/// marked changed (a test compares the pass with the board-by-board way).
#[inline(always)]
pub(super) fn place_naked_singles(st: &mut State) -> Option<bool> {
    if !std::mem::take(&mut st.naked_unread) {
        return Some(false);
    }
    let singles = blank_cells_with_one_digit(st)?;
    if singles == [0; 4] {
        return Some(false);
    }
    let index = DIGITS_WITH_BIT.map(|digits| {
        let mut union = [0u64; 4];
        for d in digits {
            for (u, b) in union.iter_mut().zip(st.cand[d]) {
                *u |= b;
            }
        }
        union
    });
    for k in 0..4 {
        st.blank[k] &= !singles[k];
        let mut cells = singles[k];
        while cells != 0 {
            let i = cells.trailing_zeros();
            cells &= cells - 1;
            let d = (0..4).fold(0, |d, j| d | (index[j][k] >> i & 1) << j) as usize;
            let moved = take_peers(&mut st.cand[d], &in_band(k, 1 << i));
            st.changed(d, moved);
        }
    }
    Some(true)
}

/// The blank cells that hold one digit, or `None` when a cell holds none: the sixteen
/// boards added up cell by cell (once, twice).
#[inline(always)]
fn blank_cells_with_one_digit(st: &State) -> Option<Board> {
    let (mut one, mut two) = ([0u64; 4], [0u64; 4]);
    for board in &st.cand {
        for ((one, two), &b) in one.iter_mut().zip(two.iter_mut()).zip(board) {
            *two |= *one & b;
            *one |= b;
        }
    }
    if one != [u64::MAX; 4] {
        return None;
    }
    Some(std::array::from_fn(|k| st.blank[k] & !two[k]))
}

/// The digits (0-based) with bit `j` set, for `j` in 0..4.
const DIGITS_WITH_BIT: [[usize; 8]; 4] = [
    [1, 3, 5, 7, 9, 11, 13, 15],
    [2, 3, 6, 7, 10, 11, 14, 15],
    [4, 5, 6, 7, 12, 13, 14, 15],
    [8, 9, 10, 11, 12, 13, 14, 15],
];

/// [`place_naked_singles`] board by board: each digit's singles found by meeting its
/// board with the singles, their peers taken at once (tests).
#[cfg(test)]
pub(super) fn place_naked_singles_board_by_board(st: &mut State) -> Option<bool> {
    if !std::mem::take(&mut st.naked_unread) {
        return Some(false);
    }
    let singles = blank_cells_with_one_digit(st)?;
    if singles == [0; 4] {
        return Some(false);
    }
    for (blank, single) in st.blank.iter_mut().zip(singles) {
        *blank &= !single;
    }
    for d in 0..16 {
        let mine: Board = std::array::from_fn(|k| st.cand[d][k] & singles[k]);
        if mine != [0; 4] {
            let moved = take_peers(&mut st.cand[d], &mine);
            st.changed(d, moved);
        }
    }
    Some(true)
}

/// Takes from a digit's board the peers of its cells `cells`; returns the bands that
/// changed (bit `k`): those where the board met the peers.
#[inline(always)]
fn take_peers(board: &mut Board, cells: &Board) -> u32 {
    let mut peers = [0u64; 4];
    for (k, &w) in cells.iter().enumerate() {
        let mut bits = w;
        while bits != 0 {
            let of_cell = &PEERS[k * 64 + bits.trailing_zeros() as usize];
            bits &= bits - 1;
            for (p, q) in peers.iter_mut().zip(of_cell) {
                *p |= q;
            }
        }
    }
    let mut moved = 0;
    for (j, (b, p)) in board.iter_mut().zip(peers).enumerate() {
        moved |= u32::from(*b & p != 0) << j;
        *b &= !p;
    }
    moved
}

/// The cells `bits` of band `k`, as a board.
#[inline(always)]
fn in_band(k: usize, bits: u64) -> Board {
    let mut board = [0; 4];
    board[k] = bits;
    board
}

/// The bands `k` whose bit is set in `bands`, in order: a loop over them guesses once
/// per band it reads and once at its end, where testing each of the four would guess
/// at every one (measured a few per cent faster on 16×16).
#[inline(always)]
fn band_indices(mut bands: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bands == 0 {
            return None;
        }
        let k = bands.trailing_zeros() as usize;
        bands &= bands - 1;
        Some(k)
    })
}

/// The bands (bit `k`) where two boards differ.
#[inline(always)]
fn changed_bands(a: &Board, b: &Board) -> u32 {
    (0..4).fold(0, |m, k| m | u32::from(a[k] != b[k]) << k)
}

/// Hidden singles of digit `d` in rows, columns and boxes: `Some(placed any)`, or
/// `None` when a row, column or box has no place for it.
#[inline(always)]
fn place_hidden_singles(st: &mut State, d: usize, bands: u32) -> Option<bool> {
    let b = st.cand[d];
    let mut found = [0u64; 4];
    let (mut col_once, mut col_twice) = (0u64, 0u64);
    for &w in &b {
        col_twice |= col_once & w;
        col_once |= w;
    }
    // A band's rows and boxes as the rule last read them gave all they can.
    for k in band_indices(bands) {
        let w = b[k];
        let rows = lanes_nonzero(w);
        if rows != LANE_HIGH {
            return None;
        }
        found[k] |= w & widen_lanes(rows & !lanes_with_two(w));
        let (once, twice) = fold_lanes(w);
        let boxes = nibbles_nonzero(once);
        if boxes != BOXES_OF_LANE {
            return None;
        }
        let lone = boxes & !nibbles_nonzero(twice) & !nibbles_with_two(once);
        found[k] |= w & in_every_lane(widen_nibbles(lone));
    }
    let (once, twice) = fold_lanes(col_once);
    let twice = twice | fold_lanes(col_twice).0;
    if once != LANE {
        return None;
    }
    let lone_columns = in_every_lane(once & !twice);
    let mut progress = false;
    for k in 0..4 {
        // Placed together: the other boards lose the cells, the digit's board their
        // peers (two that are peers empty each other, which the naked pass finds).
        let cells = (found[k] | b[k] & lone_columns) & st.blank[k];
        if cells == 0 {
            continue;
        }
        st.blank[k] &= !cells;
        st.take_cells_from_other_boards(k, cells, d);
        let moved = take_peers(&mut st.cand[d], &in_band(k, cells));
        st.changed(d, moved);
        progress = true;
    }
    Some(progress)
}

/// Locked candidates of one digit's board between each box and its rows and columns,
/// both ways: the board after them, or `None` on a contradiction they show (two boxes
/// that need the digit in one row or column, two rows or columns that need it in one
/// box).
#[inline(always)]
fn locked_candidates(mut b: Board, bands: u32) -> Option<Board> {
    for k in band_indices(bands) {
        b[k] = locked_in_band(b[k])?;
    }
    // A box whose places lie in one column takes that column from the other bands.
    let columns = b.map(|w| fold_lanes(w).0);
    for (k, &met) in columns.iter().enumerate() {
        let one_column = nibbles_nonzero(met) & !nibbles_with_two(met);
        let pinned = in_every_lane(met & widen_nibbles(one_column));
        for (j, w) in b.iter_mut().enumerate() {
            if j != k {
                *w &= !pinned;
            }
        }
    }
    // A column whose places lie in one band lies in one box there: the box's other
    // columns lose the digit.
    let columns = b.map(|w| fold_lanes(w).0);
    for (k, w) in b.iter_mut().enumerate() {
        let elsewhere = (0..4).filter(|&j| j != k).fold(0, |o, j| o | columns[j]);
        let only_here = columns[k] & !elsewhere;
        if nibbles_with_two(only_here) != 0 {
            return None;
        }
        *w &= !in_every_lane(widen_nibbles(nibbles_nonzero(only_here)) & !only_here);
    }
    Some(b)
}

/// Locked candidates between the boxes and rows of one band: a box whose places lie
/// in one row takes the row's other cells, a row whose places lie in one box takes the
/// box's other cells.
#[inline(always)]
fn locked_in_band(mut w: u64) -> Option<u64> {
    // Bit 4j + 3 of lane r: row r meets box j.
    let met = nibbles_nonzero(w);
    let (once, twice) = fold_lanes(met);
    let pointing = met & in_every_lane(once & !twice);
    if lanes_with_two(pointing) != 0 {
        return None;
    }
    w &= !widen_lanes(lanes_nonzero(pointing)) | widen_nibbles(pointing);
    let met = nibbles_nonzero(w);
    let one_box = lanes_nonzero(met) & !lanes_with_two(met);
    let claiming = met & widen_lanes(one_box);
    let (claimed, twice) = fold_lanes(claiming);
    if twice != 0 {
        return None;
    }
    w &= !(in_every_lane(widen_nibbles(claimed)) & !widen_lanes(one_box));
    Some(w)
}
