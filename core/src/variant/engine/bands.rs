//! The 9×9 states of the band search ([`super::band_search`]) and their propagation: the classic 9×9 search's
//! bitboards ([`crate::bitboard`], JCZSolve's design: per digit, a board of three
//! 27-cell bands; a band update does locked candidates and hidden singles in rows and
//! boxes with one table lookup) for variant rules that keep the rows, columns and
//! boxes, with what the rules add, each as board operations:
//! - *extra peers* (extra groups' cells, knight's moves, king's steps, cage mates): a
//!   filled cell's digit leaves them, as it leaves its row, column and box; under `nc`
//!   the digits beside it leave the cell's orthogonal neighbours;
//! - hidden singles in columns and in the *extra groups* (diagonals, windows, disjoint
//!   groups, ...), and claiming from a column to its box;
//! - the few-place rules of [`super::pairs`] (common peers under anti-knight and
//!   anti-king, the cells beside every place under `nc`: for rows, columns and boxes by
//!   table lookups, [`super::nc_near`]) on the digits whose boards changed, and nc pairs
//!   ([`super::locked::nc_forbidden`]'s rule) after any change.
//!
//! Without extra groups that is every rule of [`super::propagate`], and the fixpoint is
//! its (a test compares them on random states); with extra groups, locked candidates
//! between an extra group and a unit are left out, which only weakens propagation
//! (every rule kept is sound, and a solution obeys every rule the search keeps, so the
//! same solutions are found: a test compares them with the mask search's).

use super::band_search::{add_to_count, BandNode, Choice, CountedBand, Weights};
use super::nc_near::{beside_any, near_every_place};
use super::tables::Tables;
use crate::bitboard::band::{column_places, columns_once, spread, BAND, BOX, KEEP_SELF, ROW};
use crate::bitboard::boards::{changed_boards, grid_of, update_band, Boards, UNCHECKED};

/// A set of cells as three bands (cell `c` is bit `c % 27` of band `c / 27`).
pub(super) type Board = [u32; 3];

/// What the rules add to the rows, columns and boxes, as boards.
#[derive(Clone, Debug)]
pub(super) struct Extras {
    /// Per cell, its peers outside its row, column and box (empty when no cell has one).
    peers: Vec<Board>,
    /// Under `nc`, per cell, its orthogonal neighbours (empty otherwise).
    beside: Vec<Board>,
    /// Under `nc`, per cell, the cell and its orthogonal neighbours (empty otherwise).
    near: Vec<Board>,
    /// The extra groups' cells.
    groups: Vec<Board>,
    /// Per cell, all its peers, when the few-place rules clear common peers
    /// (anti-knight, anti-king: [`super::tables::common_peers_pay`]; empty otherwise).
    all_peers: Vec<Board>,
}

/// The board of a set of 81 cells given as two 64-bit words (cell `c` is bit `c % 64`
/// of word `c / 64`): cells 0-26, 27-53 and 54-80 cut out by shifts.
pub(super) fn board_of(words: &[u64]) -> Board {
    let (low, high) = (words[0], words[1]);
    let band = u64::from(BAND);
    [
        (low & band) as u32,
        (low >> 27 & band) as u32,
        ((low >> 54 | high << 10) & band) as u32,
    ]
}

/// The row, column and box of every cell, as boards: 27 units.
fn classic_units() -> Vec<Board> {
    let mut units = vec![[0u32; 3]; 27];
    for c in 0..81 {
        let (r, col) = (c / 9, c % 9);
        let bx = r / 3 * 3 + col / 3;
        for u in [r, 9 + col, 18 + bx] {
            units[u][c / 27] |= 1 << (c % 27);
        }
    }
    units
}

impl Extras {
    /// The extras of a geometry's tables, or `None` when the band search cannot run
    /// it: not 9×9, a cage with a sum, or a row, column or box missing (jigsaw).
    pub(super) fn of(tables: &Tables) -> Option<Extras> {
        if tables.side != 9 || !tables.sum_cages.is_empty() {
            return None;
        }
        let w = tables.words;
        let units = classic_units();
        let groups: Vec<Board> = (0..tables.group_count())
            .map(|g| board_of(&tables.group_bits[g * w..(g + 1) * w]))
            .collect();
        if !units.iter().all(|u| groups.contains(u)) {
            return None;
        }
        let peers: Vec<Board> = (0..81)
            .map(|c| {
                let mut p = board_of(&tables.peer_bits[c * w..(c + 1) * w]);
                let (r, col) = (c / 9, c % 9);
                for u in [r, 9 + col, 18 + r / 3 * 3 + col / 3] {
                    for (a, b) in p.iter_mut().zip(units[u]) {
                        *a &= !b;
                    }
                }
                p
            })
            .collect();
        let peers = if peers.iter().all(|p| *p == [0; 3]) {
            Vec::new()
        } else {
            peers
        };
        let beside = if tables.near_bits.is_empty() {
            Vec::new()
        } else {
            (0..81)
                .map(|c| {
                    let mut b = board_of(&tables.near_bits[c * w..(c + 1) * w]);
                    b[c / 27] &= !(1 << (c % 27));
                    b
                })
                .collect()
        };
        let near = (0..beside.len())
            .map(|c| {
                let mut b: Board = beside[c];
                b[c / 27] |= 1 << (c % 27);
                b
            })
            .collect();
        let all_peers = if tables.common_peers {
            (0..81)
                .map(|c| board_of(&tables.peer_bits[c * w..(c + 1) * w]))
                .collect()
        } else {
            Vec::new()
        };
        let groups = groups.into_iter().filter(|g| !units.contains(g)).collect();
        Some(Extras {
            peers,
            beside,
            near,
            groups,
            all_peers,
        })
    }
}

/// One search node. `Copy`: a branch copies it (about 460 bytes).
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    /// `cand[d][k]`: the cells of band `k` where digit `d + 1` may stand (a filled
    /// cell keeps its own digit's bit only).
    pub(super) cand: Boards,
    /// Each board as its last band update left it.
    seen: Boards,
    /// The blank cells.
    pub(super) blank: Board,
    /// The filled cells whose extras were applied.
    spread_out: Board,
    /// Each board as the few-place rules last read it.
    few_seen: [Board; 9],
    /// The boards as the nc pair rule last read them.
    nc_seen: [Board; 9],
}

impl State {
    /// Every digit everywhere, every cell blank.
    pub(super) fn empty() -> State {
        State {
            cand: [[BAND; 3]; 9],
            seen: UNCHECKED,
            blank: [BAND; 3],
            spread_out: [0; 3],
            few_seen: [[u32::MAX; 3]; 9],
            nc_seen: [[u32::MAX; 3]; 9],
        }
    }

    /// Places digit `d` (0-based) in cell `c`: the other boards lose the cell; its row
    /// and box leave the digit's board (its column and extras at the next propagation).
    pub(super) fn place(&mut self, c: usize, d: usize) {
        let (k, i) = (c / 27, c % 27);
        let own = self.cand[d][k];
        for board in self.cand.iter_mut() {
            board[k] &= !(1 << i);
        }
        self.cand[d][k] = own & KEEP_SELF[i];
        self.blank[k] &= !(1 << i);
    }

    /// The digits of cell `c` as a mask (bit `d` for digit `d + 1`).
    pub(super) fn digits_of(&self, c: usize) -> u32 {
        let (k, i) = (c / 27, c % 27);
        (0..9).fold(0, |m, d| m | ((self.cand[d][k] >> i & 1) << d))
    }
}

impl BandNode for State {
    type Rules = Extras;
    const CELLS: usize = 81;

    fn empty() -> State {
        State::empty()
    }

    fn has(&self, c: usize, d: usize) -> bool {
        self.cand[d][c / 27] >> (c % 27) & 1 == 1
    }

    fn remove(&mut self, c: usize, d: usize) {
        self.cand[d][c / 27] &= !(1 << (c % 27));
    }

    fn place(&mut self, c: usize, d: usize) {
        State::place(self, c, d)
    }

    fn propagate(&mut self, rules: &Extras) -> bool {
        propagate(rules, self)
    }

    fn for_each_empty_cell(&self, mut blame: impl FnMut(usize)) {
        let mut some = [0u32; 3];
        for board in &self.cand {
            for (s, b) in some.iter_mut().zip(board) {
                *s |= b;
            }
        }
        for (k, s) in some.into_iter().enumerate() {
            let mut empty = BAND & !s;
            while empty != 0 {
                blame(k * 27 + empty.trailing_zeros() as usize);
                empty &= empty - 1;
            }
        }
    }

    /// The candidates are counted bit-sliced over the nine boards.
    fn choose(&self, weights: &Weights) -> Option<(usize, u32)> {
        let bands: [CountedBand<4>; 3] = std::array::from_fn(|k| {
            let mut count = [0u64; 4];
            for board in &self.cand {
                add_to_count(&mut count, u64::from(board[k]));
            }
            CountedBand {
                first: 27 * k,
                open: u64::from(self.blank[k]),
                count,
            }
        });
        let mut choice = Choice::new(9);
        choice.offer(&bands, weights);
        let cell = choice.cell()?;
        Some((cell, self.digits_of(cell)))
    }

    fn grid(&self) -> Vec<u8> {
        grid_of(&self.cand).to_vec()
    }
}

/// Propagates a node to a fixpoint; false on a contradiction.
pub(super) fn propagate(x: &Extras, st: &mut State) -> bool {
    loop {
        if !update_changed_bands(st) {
            return false;
        }
        if spread_extras(x, st) {
            continue;
        }
        match place_naked_singles(st) {
            None => return false,
            Some(true) => continue,
            Some(false) => {}
        }
        match place_hidden_singles(x, st) {
            None => return false,
            Some(true) => continue,
            Some(false) => {}
        }
        if few_place_rules(x, st) || nc_pairs(x, st) {
            continue;
        }
        return true;
    }
}

/// Band updates of every board that changed since its last one, until none does (the
/// classic search's step 1: locked candidates in the band, a box's column leaving the
/// other bands, hidden singles in rows and boxes); false on a contradiction.
fn update_changed_bands(st: &mut State) -> bool {
    loop {
        let mut changed = changed_boards(&st.cand, &st.seen);
        if changed == 0 {
            return true;
        }
        while changed != 0 {
            let j = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            if update_band(&mut st.cand, &mut st.seen, &mut st.blank, j / 3, j % 3).is_none() {
                return false;
            }
        }
    }
}

/// The extras of every cell filled since they were last spread: its digit leaves its
/// extra peers, and under `nc` the digits beside it leave its neighbours. True when a
/// board changed.
fn spread_extras(x: &Extras, st: &mut State) -> bool {
    let mut changed = false;
    for k in 0..3 {
        let mut filled = !st.blank[k] & BAND & !st.spread_out[k];
        st.spread_out[k] |= filled;
        while filled != 0 {
            let i = filled.trailing_zeros() as usize;
            filled &= filled - 1;
            let c = k * 27 + i;
            let Some(d) = (0..9).find(|&d| st.cand[d][k] >> i & 1 != 0) else {
                continue; // emptied: the naked pass finds it
            };
            if !x.peers.is_empty() {
                changed |= take(&mut st.cand[d], &x.peers[c]);
            }
            if !x.beside.is_empty() {
                changed |= take_beside(st, d, &x.beside[c]);
            }
        }
    }
    changed
}

/// Takes `cells` out of a board; true when that took any.
#[inline(always)]
fn take(board: &mut Board, cells: &Board) -> bool {
    let took = (board[0] & cells[0]) | (board[1] & cells[1]) | (board[2] & cells[2]);
    for (b, c) in board.iter_mut().zip(cells) {
        *b &= !c;
    }
    took != 0
}

/// Naked singles over the three bands (the classic search's step 2): `Some(placed
/// any)`, or `None` on a cell without a digit.
fn place_naked_singles(st: &mut State) -> Option<bool> {
    let mut progress = false;
    for k in 0..3 {
        let (mut one, mut two) = (0u32, 0u32);
        for board in &st.cand {
            two |= one & board[k];
            one |= board[k];
        }
        if one != BAND {
            return None;
        }
        let mut singles = st.blank[k] & !two;
        while singles != 0 {
            let i = singles.trailing_zeros() as usize;
            singles &= singles - 1;
            // An earlier single of this pass may have taken the last candidate.
            let d = (0..9).find(|&d| st.cand[d][k] >> i & 1 != 0)?;
            st.place(k * 27 + i, d);
            progress = true;
        }
    }
    Some(progress)
}

/// Hidden singles in columns (the classic search's step 3) and in the extra groups:
/// `Some(placed any)`, or `None` on a digit without a place in a column or group.
fn place_hidden_singles(x: &Extras, st: &mut State) -> Option<bool> {
    let mut progress = false;
    for d in 0..9 {
        let ([a0, a1, a2], twice) = column_places(st.cand[d]);
        if a0 | a1 | a2 != ROW {
            return None;
        }
        let single = spread(ROW & !twice);
        // A column whose places lie in one band lies in one box there: the box's other
        // cells lose the digit (claiming, column to box).
        for (k, (mine, others)) in [(a0, a1 | a2), (a1, a0 | a2), (a2, a0 | a1)]
            .into_iter()
            .enumerate()
        {
            let mut only = mine & !others & twice;
            while only != 0 {
                let col = only.trailing_zeros();
                only &= only - 1;
                let rest = BOX << (3 * (col / 3)) & !spread(1 << col);
                if st.cand[d][k] & rest != 0 {
                    st.cand[d][k] &= !rest;
                    progress = true;
                }
            }
        }
        let mut found = st.cand[d].map(|w| w & single);
        for g in &x.groups {
            let p = [
                st.cand[d][0] & g[0],
                st.cand[d][1] & g[1],
                st.cand[d][2] & g[2],
            ];
            let n = p[0].count_ones() + p[1].count_ones() + p[2].count_ones();
            if n == 0 {
                return None;
            }
            if n == 1 {
                for (f, q) in found.iter_mut().zip(p) {
                    *f |= q;
                }
            }
        }
        for (k, f) in found.into_iter().enumerate() {
            let mut cells = f & st.blank[k];
            while cells != 0 {
                let i = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                // An earlier single may have filled the cell or taken the digit.
                if (st.cand[d][k] & st.blank[k]) >> i & 1 == 0 {
                    continue;
                }
                st.place(k * 27 + i, d);
                progress = true;
            }
        }
    }
    Some(progress)
}

/// The few-place rules of [`super::pairs`] for every digit whose board changed since
/// they last read it: a digit with two or three places in a row, column, box or extra
/// group leaves the common peers of its places (when `all_peers` is set), and under
/// `nc` the digits beside it leave the cells at or beside every place. True when a
/// board changed.
fn few_place_rules(x: &Extras, st: &mut State) -> bool {
    if x.all_peers.is_empty() && x.beside.is_empty() {
        return false;
    }
    let mut changed = false;
    for d in 0..9 {
        if st.cand[d] == st.few_seen[d] {
            continue;
        }
        // A unit whose places did not change since the rules last read this board
        // has given all it can: it is skipped.
        let old = std::mem::replace(&mut st.few_seen[d], st.cand[d]);
        let b = st.cand[d];
        let moved = [b[0] ^ old[0], b[1] ^ old[1], b[2] ^ old[2]];
        if x.all_peers.is_empty() {
            // nc's rule alone: every row, column and box at once, but the rows and boxes
            // of bands whose places did not move. A unit whose places did not move gives
            // cells its digits beside `d` already left: the same result.
            let still = (0..3).fold(0, |m, k| m | u32::from(moved[k] == 0) << k);
            changed |= take_beside(st, d, &near_every_place(b, still));
        } else {
            changed |= few_places_in_lines_and_boxes(x, st, d, b, moved);
        }
        for g in 0..x.groups.len() {
            let group = x.groups[g];
            if (0..3).all(|k| moved[k] & group[k] == 0) {
                continue;
            }
            let places = [b[0] & group[0], b[1] & group[1], b[2] & group[2]];
            let n = places.iter().map(|w| w.count_ones()).sum::<u32>();
            if (2..=3).contains(&n) {
                changed |= few_places_in(x, st, d, places);
            }
        }
    }
    changed
}

/// The few-place rules of [`few_place_rules`] on digit `d`'s board `b` in the rows,
/// boxes and columns whose places moved (`moved`); true when a board changed.
fn few_places_in_lines_and_boxes(
    x: &Extras,
    st: &mut State,
    d: usize,
    b: Board,
    moved: Board,
) -> bool {
    let mut changed = false;
    for (k, w) in b.into_iter().enumerate() {
        for r in 0..3 {
            let unit = ROW << (9 * r);
            if moved[k] & unit != 0 {
                changed |= few_places_at(x, st, d, k, w & unit);
            }
        }
        for bx in 0..3 {
            let unit = BOX << (3 * bx);
            if moved[k] & unit != 0 {
                changed |= few_places_at(x, st, d, k, w & unit);
            }
        }
    }
    let moved_columns = columns_once(moved[0] | moved[1] | moved[2]);
    let mut cols = columns_with_two_or_three(b) & moved_columns;
    while cols != 0 {
        let column = spread(1 << cols.trailing_zeros());
        cols &= cols - 1;
        let places = [b[0] & column, b[1] & column, b[2] & column];
        changed |= few_places_in(x, st, d, places);
    }
    changed
}

/// Takes `cells` out of the boards of the digits beside `d` (0-based); true when that
/// took any.
#[inline(always)]
fn take_beside(st: &mut State, d: usize, cells: &Board) -> bool {
    if *cells == [0; 3] {
        return false;
    }
    let mut changed = false;
    if d > 0 {
        changed |= take(&mut st.cand[d - 1], cells);
    }
    if d < 8 {
        changed |= take(&mut st.cand[d + 1], cells);
    }
    changed
}

/// The columns (bits 0-8) where a board has two or three bits: the nine rows added
/// up column by column, bit-sliced (`ones`, `twos`, `fours` and `eights` of each
/// column's count).
#[inline(always)]
fn columns_with_two_or_three(b: Board) -> u32 {
    let (mut ones, mut twos, mut fours) = (0u32, 0u32, 0u32);
    for w in b {
        for r in 0..3 {
            let row = w >> (9 * r) & ROW;
            let carry = ones & row;
            ones ^= row;
            let carry2 = twos & carry;
            twos ^= carry;
            fours |= carry2;
        }
    }
    twos & !fours
}

/// [`few_places_in`] for places that lie in band `band` alone (`bits`).
#[inline(always)]
fn few_places_at(x: &Extras, st: &mut State, d: usize, band: usize, bits: u32) -> bool {
    // Two or three bits: clearing the lowest twice leaves at most one.
    let two = bits & bits.wrapping_sub(1);
    if two == 0 {
        return false;
    }
    let three = two & two.wrapping_sub(1);
    if three & three.wrapping_sub(1) != 0 {
        return false;
    }
    let mut places = [0u32; 3];
    places[band] = bits;
    few_places_in(x, st, d, places)
}

/// The few-place rules on digit `d`'s two or three places `places` in one unit; true
/// when a board changed.
fn few_places_in(x: &Extras, st: &mut State, d: usize, places: Board) -> bool {
    let (mut common, mut near) = ([BAND; 3], [BAND; 3]);
    for (k, &word) in places.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let c = k * 27 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !x.all_peers.is_empty() {
                for (a, p) in common.iter_mut().zip(x.all_peers[c]) {
                    *a &= p;
                }
            }
            if !x.beside.is_empty() {
                for (a, p) in near.iter_mut().zip(x.near[c]) {
                    *a &= p;
                }
            }
        }
    }
    let mut changed = false;
    if !x.all_peers.is_empty() {
        changed |= take(&mut st.cand[d], &common);
    }
    if !x.beside.is_empty() {
        changed |= take_beside(st, d, &near);
    }
    changed
}

/// The nc pair rule ([`super::locked::nc_forbidden`]'s): for each digit `e`, every
/// blank cell whose candidates lie within `e-1..=e+1` takes `e` from its neighbours (a
/// neighbour holding `e` would leave the cell no digit). Runs only when a board changed
/// since it last ran; true when it changed one.
fn nc_pairs(x: &Extras, st: &mut State) -> bool {
    if x.beside.is_empty() || st.cand == st.nc_seen {
        return false;
    }
    st.nc_seen = st.cand;
    let mut changed = false;
    for k in 0..3 {
        // below[j]: cells some digit under j may hold; above[j]: digit j or over.
        let (mut below, mut above) = ([0u32; 10], [0u32; 10]);
        for j in 0..9 {
            below[j + 1] = below[j] | st.cand[j][k];
            above[8 - j] = above[9 - j] | st.cand[8 - j][k];
        }
        for e in 0..9usize {
            let (low, high) = (e.saturating_sub(1), (e + 2).min(9));
            let cells = st.blank[k] & !below[low] & !above[high];
            if cells != 0 {
                changed |= take(&mut st.cand[e], &beside_any(cells, k));
            }
        }
    }
    changed
}
