//! The 9×9 states of the band search ([`super::band_search`]) for rules made of groups
//! alone where the boxes do not stay: jigsaw regions in place of the boxes, with or
//! without extra groups (the diagonals, windows, ...). Where the rows, columns and boxes
//! stay, [`super::bands`] runs instead.
//!
//! Per digit, a board of the 81 cells in one 128-bit word (cell `c` is bit `c`); per
//! group, its cells as such a word; per cell, its peers (the cells of its groups). The
//! rules, each as word operations:
//! - placing a digit takes the cell from the other digits' boards; the digit leaves the
//!   cell's peers when propagation next runs (the cell is *unspread* until then);
//! - naked singles: the nine boards added up cell by cell (once, twice);
//! - hidden singles: a group meeting a digit's board in one cell places it there, in no
//!   cell is a contradiction;
//! - locked candidates: when a digit's places in a group all lie in another group that
//!   shares two cells or more with it, that group's other cells lose the digit.
//!
//! Naked singles run when any board changed since they last ran, hidden singles and
//! locked candidates on the digits whose boards changed since they last read them. That
//! is every rule [`super::propagate`] runs on groups alone (its few-place and cage
//! rules need knights, kings, nc or cages, which these rules do not have), and the
//! fixpoint is the same: a test compares them on random states.

use super::band_search::{add_to_count, BandNode, Choice, CountedBand, Weights};
use super::tables::Tables;

/// A set of cells: bit `c` for cell `c`.
pub(super) type Board = u128;

/// Every cell.
const ALL: Board = (1 << 81) - 1;

/// The cells of `b`, in order.
#[inline(always)]
fn cells_of(mut b: Board) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            return None;
        }
        let c = b.trailing_zeros() as usize;
        b &= b - 1;
        Some(c)
    })
}

/// What propagation reads besides the state: the geometry's groups and peers.
#[derive(Clone, Debug)]
pub(super) struct GroupRules {
    /// Per cell, its peers.
    peers: Vec<Board>,
    /// The groups' cells.
    groups: Vec<Board>,
    /// Per cell, its groups (bit `g` for group `g`).
    groups_of: Vec<u64>,
    /// Per group, the most cells it shares with another group: a digit with more
    /// places there lies in no other group.
    most_shared: Vec<u32>,
}

impl GroupRules {
    /// The rules of a 9×9 geometry whose peers are its groups' cells alone (no
    /// knight's move, king's step, nc or cage sum), or `None`.
    pub(super) fn of(tables: &Tables) -> Option<GroupRules> {
        if tables.side != 9 || tables.words != 2 || !tables.sum_cages.is_empty() {
            return None;
        }
        if !tables.near_bits.is_empty() {
            return None;
        }
        let board = |w: &[u64]| u128::from(w[0]) | u128::from(w[1]) << 64;
        let groups: Vec<Board> = tables.group_bits.chunks(2).map(board).collect();
        let peers: Vec<Board> = tables.peer_bits.chunks(2).map(board).collect();
        if groups.len() > 64 {
            return None;
        }
        let mut groups_of = vec![0u64; 81];
        for (g, &cells) in groups.iter().enumerate() {
            for c in cells_of(cells) {
                groups_of[c] |= 1 << g;
            }
        }
        let mates_alone = peers.iter().enumerate().all(|(c, &p)| {
            let mates = cells_of(u128::from(groups_of[c])).fold(0, |m, g| m | groups[g]);
            mates & !(1 << c) == p
        });
        if !mates_alone {
            return None;
        }
        let most_shared = groups
            .iter()
            .enumerate()
            .map(|(g, &cells)| {
                let others = groups.iter().enumerate().filter(|&(h, _)| h != g);
                others
                    .map(|(_, &h)| (cells & h).count_ones())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        Some(GroupRules {
            peers,
            groups,
            groups_of,
            most_shared,
        })
    }
}

/// One search node. `Copy`: a branch copies it (192 bytes).
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    /// `cand[d]`: the cells where digit `d + 1` may stand (a filled cell keeps its own
    /// digit's bit only).
    pub(super) cand: [Board; 9],
    /// The blank cells.
    blank: Board,
    /// Filled cells whose digit has not left their peers yet.
    unspread: Board,
    /// The digits (bit `d`) whose boards changed since the hidden singles read them.
    hidden_unread: u16,
    /// The same for the locked candidates.
    locked_unread: u16,
    /// A board changed since the naked singles last read them.
    naked_unread: bool,
}

impl State {
    /// Marks the boards of digits `digits` (bit `d`) as changed for the rules.
    #[inline(always)]
    fn changed(&mut self, digits: u16) {
        self.hidden_unread |= digits;
        self.locked_unread |= digits;
        self.naked_unread |= digits != 0;
    }

    /// Fills cells `cells` with digit `d`: the other boards lose them (without a branch
    /// per digit: all nine lose them and `d`'s own bits come back), they stop being
    /// blank, and `d` leaves their peers when propagation next runs.
    #[inline(always)]
    fn fill(&mut self, cells: Board, d: usize) {
        let own = self.cand[d] & cells;
        let mut hit = 0u16;
        for (e, board) in self.cand.iter_mut().enumerate() {
            hit |= u16::from(*board & cells != 0) << e;
            *board &= !cells;
        }
        self.cand[d] |= own;
        self.changed(hit & !(1 << d));
        self.blank &= !cells;
        self.unspread |= own;
    }

    /// The digits of cell `c` as a mask (bit `d` for digit `d + 1`).
    pub(super) fn digits_of(&self, c: usize) -> u32 {
        (0..9).fold(0, |m, d| m | ((self.cand[d] >> c & 1) as u32) << d)
    }
}

impl BandNode for State {
    type Rules = GroupRules;
    const CELLS: usize = 81;

    fn empty() -> State {
        State {
            cand: [ALL; 9],
            blank: ALL,
            unspread: 0,
            hidden_unread: 0x1FF,
            locked_unread: 0x1FF,
            naked_unread: true,
        }
    }

    fn has(&self, c: usize, d: usize) -> bool {
        self.cand[d] >> c & 1 == 1
    }

    fn remove(&mut self, c: usize, d: usize) {
        self.cand[d] &= !(1 << c);
        self.changed(1 << d);
    }

    #[inline(always)]
    fn place(&mut self, c: usize, d: usize) {
        self.fill(1 << c, d);
    }

    #[inline(always)]
    fn propagate(&mut self, rules: &GroupRules) -> bool {
        propagate(self, rules)
    }

    #[inline(always)]
    fn for_each_empty_cell(&self, mut blame: impl FnMut(usize)) {
        let empty = ALL & !self.cand.iter().fold(0, |some, b| some | b);
        cells_of(empty).for_each(&mut blame);
    }

    /// The candidates are counted bit-sliced over the nine boards, in two halves of 64
    /// and 17 cells.
    #[inline(always)]
    fn choose(&self, weights: &Weights) -> Option<(usize, u32)> {
        let halves: [CountedBand<4>; 2] = std::array::from_fn(|k| {
            let mut count = [0u64; 4];
            for board in &self.cand {
                add_to_count(&mut count, (board >> (64 * k)) as u64);
            }
            CountedBand {
                first: 64 * k,
                open: (self.blank >> (64 * k)) as u64,
                count,
            }
        });
        let mut choice = Choice::new(9);
        choice.offer(&halves, weights);
        let cell = choice.cell()?;
        Some((cell, self.digits_of(cell)))
    }

    fn grid(&self) -> Vec<u8> {
        let mut grid = vec![0u8; 81];
        for (d, &board) in self.cand.iter().enumerate() {
            for c in cells_of(board) {
                grid[c] = d as u8 + 1;
            }
        }
        grid
    }
}

/// Propagates a node to a fixpoint; false on a contradiction. Each round first takes
/// the filled cells' digits from their peers, then runs the cheaper rules first and
/// again after any progress: naked singles, hidden singles, then locked candidates.
#[inline(always)]
pub(super) fn propagate(st: &mut State, rules: &GroupRules) -> bool {
    loop {
        spread(st, rules);
        match place_naked_singles(st) {
            None => return false,
            Some(true) => continue,
            Some(false) => {}
        }
        let mut placed = false;
        let mut digits = std::mem::take(&mut st.hidden_unread);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            match place_hidden_singles(st, rules, d) {
                None => return false,
                Some(any) => placed |= any,
            }
        }
        if placed {
            continue;
        }
        let mut took = false;
        let mut digits = std::mem::take(&mut st.locked_unread);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            took |= take_locked_candidates(st, rules, d);
        }
        if !took {
            return true;
        }
    }
}

/// The filled cells' digits leave their peers. Two filled peers of one digit take it
/// from each other, which leaves both without a digit: the naked singles report it.
#[inline(always)]
fn spread(st: &mut State, rules: &GroupRules) {
    let cells = std::mem::take(&mut st.unspread);
    if cells == 0 {
        return;
    }
    for d in 0..9 {
        let mine = cells & st.cand[d];
        if mine == 0 {
            continue;
        }
        let peers = cells_of(mine).fold(0, |p, c| p | rules.peers[c]);
        if st.cand[d] & peers != 0 {
            st.cand[d] &= !peers;
            st.changed(1 << d);
        }
    }
}

/// Naked singles: `Some(placed any)`, or `None` on a cell without a digit. The singles
/// are filled together (each holds one digit, so no other board changes); their peers
/// lose the digit in the next round.
#[inline(always)]
fn place_naked_singles(st: &mut State) -> Option<bool> {
    if !std::mem::take(&mut st.naked_unread) {
        return Some(false);
    }
    let (mut one, mut two) = (0u128, 0u128);
    for &b in &st.cand {
        two |= one & b;
        one |= b;
    }
    if one != ALL {
        return None;
    }
    let singles = st.blank & !two;
    if singles == 0 {
        return Some(false);
    }
    st.blank &= !singles;
    st.unspread |= singles;
    Some(true)
}

/// Hidden singles of digit `d` in every group: `Some(placed any)`, or `None` when a
/// group has no place for it. The cells found are filled together (two that are peers
/// empty each other in the next round, which the naked singles report).
#[inline(always)]
fn place_hidden_singles(st: &mut State, rules: &GroupRules, d: usize) -> Option<bool> {
    let b = st.cand[d];
    let mut found = 0;
    for &g in &rules.groups {
        let places = b & g;
        if places == 0 {
            return None;
        }
        if places & (places - 1) == 0 {
            found |= places;
        }
    }
    let found = found & st.blank;
    if found == 0 {
        return Some(false);
    }
    st.fill(found, d);
    Some(true)
}

/// Locked candidates of digit `d`: true when its board changed. The groups holding
/// every place of `d` in a group are the ones every place belongs to (per cell, its
/// groups as a mask); a group whose places outnumber what it shares with any other
/// group is skipped, as none can hold them all.
#[inline(always)]
fn take_locked_candidates(st: &mut State, rules: &GroupRules, d: usize) -> bool {
    let mut b = st.cand[d];
    for (g, &cells) in rules.groups.iter().enumerate() {
        let places = b & cells;
        let n = places.count_ones();
        if n < 2 || n > rules.most_shared[g] {
            continue;
        }
        let mut holding = !(1u64 << g);
        for c in cells_of(places) {
            holding &= rules.groups_of[c];
        }
        while holding != 0 {
            let h = holding.trailing_zeros() as usize;
            holding &= holding - 1;
            b &= !(rules.groups[h] & !places);
        }
    }
    if b == st.cand[d] {
        return false;
    }
    st.cand[d] = b;
    st.changed(1 << d);
    true
}
