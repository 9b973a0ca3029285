//! The solver: bitmask candidates, naked and hidden singles to a fixpoint, then MRV
//! backtracking, all behind one mechanism: **count solutions up to a limit**, keeping
//! the first solution found and search statistics. Solving is `limit = 1`, a
//! uniqueness check is `limit = 2`, counting is any larger limit.
//!
//! State per search node: the candidates of every blank cell (bit `d-1` = digit `d`),
//! the digits placed in each of the 27 units, the set of blank cells, and a stack of
//! cells that have just become naked singles. Placing a digit removes it from the
//! candidates of the cell's 20 peers, so candidates always equal
//! `0x1FF & !(row | col | box)` without being recomputed.

use crate::error::PuzzleError;
use crate::grid::{Size, UnitKind, CELLS, PEERS};
use crate::puzzle::Puzzle;

/// Counters of the work done by a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Digits placed because a cell had one candidate left.
    pub naked_singles: u64,
    /// Digits placed because a digit had one place left in a row, column or box
    /// (a cell that is both is counted as a naked single).
    pub hidden_singles: u64,
    /// Trial placements at branch points (every candidate tried counts one).
    pub guesses: u64,
    /// Guesses given up because no solution lay below them (each is undone, with
    /// everything placed after it, before the next candidate is tried).
    pub backtracks: u64,
}

impl Stats {
    /// Counts one placement made by `technique`.
    #[inline(always)]
    pub(crate) fn record(&mut self, technique: Technique) {
        match technique {
            Technique::NakedSingle => self.naked_singles += 1,
            Technique::HiddenSingle(_) => self.hidden_singles += 1,
            Technique::Guess => self.guesses += 1,
        }
    }
}

/// The result of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The first solution found (solutions are found in a deterministic order:
    /// branch on the lowest-numbered cell with the fewest candidates, digits ascending).
    pub solution: Option<[u8; CELLS]>,
    /// Solutions found, at most the limit.
    pub count: u64,
    /// The work of the whole search.
    pub stats: Stats,
    /// The work of the search up to its first solution (all of it when there is none):
    /// what a search with limit 1 does, so one search with a larger limit tells both.
    pub first_stats: Stats,
}

/// How a digit came to be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Technique {
    NakedSingle,
    HiddenSingle(UnitKind),
    Guess,
}

/// What the search does, step by step, for observers that want to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A digit placed in a cell, at a search depth (0 before any guess).
    Place { cell: u8, digit: u8, technique: Technique, depth: u32 },
    /// The guess that opened `depth` is given up: it and everything placed after it
    /// are undone (at depth 0: the puzzle has no solution, nothing placed stands).
    Backtrack { depth: u32 },
}

/// Hooks into a search. Every method has a no-op default, and the search is generic
/// over the observer, so the plain solver pays nothing for them.
pub trait Observer {
    /// Called before every guess. PostgreSQL's glue checks for interrupts here (which
    /// may unwind out of the search); pure Rust callers can simply do nothing.
    #[inline(always)]
    fn check_interrupt(&mut self) {}
    /// Called for every solution found, in order.
    #[inline(always)]
    fn solution(&mut self, _grid: &[u8; CELLS]) {}
    /// Called for every placement and backtrack.
    #[inline(always)]
    fn event(&mut self, _event: Event) {}
}

/// The observer that observes nothing.
pub struct Silent;
impl Observer for Silent {}

/// Solves `puzzle`, counting solutions up to `limit` (0 counts nothing).
pub fn solve(puzzle: &Puzzle, limit: u64) -> Result<Outcome, PuzzleError> {
    solve_observed(puzzle, limit, &mut Silent)
}

/// [`solve`] with an observer.
pub fn solve_observed<O: Observer>(puzzle: &Puzzle, limit: u64, observer: &mut O) -> Result<Outcome, PuzzleError> {
    puzzle.check_givens()?;
    if puzzle.size != Size::Nine {
        return Ok(crate::generic::solve(puzzle, limit, observer));
    }
    let mut search = Search::new(limit, observer);
    if limit > 0 {
        search.run(State::from_puzzle(puzzle), UNCHECKED, 0);
    }
    Ok(search.tally.outcome())
}

/// The plain cell-by-cell solver, for any size: the one 4×4 puzzles use, and on 9×9
/// puzzles a cross-check of the fast one (the same count and first solution, in
/// different statistics).
pub fn solve_plain(puzzle: &Puzzle, limit: u64) -> Result<Outcome, PuzzleError> {
    solve_plain_observed(puzzle, limit, &mut Silent)
}

/// [`solve_plain`] with an observer.
pub fn solve_plain_observed<O: Observer>(puzzle: &Puzzle, limit: u64, observer: &mut O) -> Result<Outcome, PuzzleError> {
    puzzle.check_givens()?;
    Ok(crate::generic::solve(puzzle, limit, observer))
}

/// Counts (up to 1) the solutions of `puzzle` that do not put `digit` in the blank
/// `cell`: the generator's uniqueness test. `puzzle`'s givens must be consistent.
pub(crate) fn count_excluding<O: Observer>(puzzle: &Puzzle, cell: usize, digit: u8, observer: &mut O) -> u64 {
    let mut search = Search::new(1, observer);
    let mut state = State::from_puzzle(puzzle);
    state.cand[digit as usize - 1][cell / 27] &= !(1 << (cell % 27));
    search.run(state, UNCHECKED, 0);
    search.tally.count()
}

/// The candidates of every cell from the givens alone (pencil marks): a mask for each
/// blank cell, 0 for each given. Contradictory givens are an error.
pub fn candidates(puzzle: &Puzzle) -> Result<[u16; CELLS], PuzzleError> {
    puzzle.check_givens()?;
    let size = puzzle.size;
    let mut placed = [0u16; 27];
    for (cell, &d) in puzzle.values().iter().enumerate() {
        if d != 0 {
            for u in size.units_of(cell) {
                placed[u] |= 1 << (d - 1);
            }
        }
    }
    let mut out = [0u16; CELLS];
    for (cell, mask) in out[..size.cells()].iter_mut().enumerate() {
        if puzzle.cells[cell] == 0 {
            let [r, c, b] = size.units_of(cell);
            *mask = size.all_digits() & !(placed[r] | placed[c] | placed[b]);
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------
// The search state: one bitboard per digit.
//
// The grid is cut into three *bands* of three rows; a band's 27 cells fit one `u32`,
// cell `c` being bit `c % 27` of band `c / 27` (so cell order is bit order). For each
// digit the state keeps, per band, the cells where that digit may still stand. This is
// the candidate mask of every cell turned sideways: cell `c` has candidate `d` exactly
// when bit `c` of digit `d`'s board is set, which is `0x1FF & !(row | col | box)` kept
// up to date by the placements. Sideways, one word-wide operation handles 27 cells:
//
// - placing `d` in `c` clears `c` from the other eight boards and `c`'s 20 peers from
//   `d`'s board (three AND-NOTs with a precomputed peer mask);
// - naked singles of a band are the blank cells set in exactly one board: two running
//   masks over the nine boards ("seen once", "seen twice") find them all at once, and
//   a blank cell seen in no board is a contradiction;
// - hidden singles of a digit are the units in which its board has one bit, and a unit
//   with no bit is a contradiction. A filled cell keeps the bit of its own digit, so a
//   unit where the digit is placed has exactly that bit and is not taken for a single
//   (the bit is not blank), and "no bit" always means "no place left".
// ---------------------------------------------------------------------------------

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The three rows of a band.
const BAND_ROWS: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
/// The three boxes of a band: bits 0-2, 9-11 and 18-20, shifted by 3 per box.
const BAND_BOXES: [u32; 3] = [0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6];
/// The three cells of column `c` in a band.
const BAND_COL: u32 = 1 | 1 << 9 | 1 << 18;
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

/// Columns (bits 0-8) where a band's board has at least one bit.
#[inline(always)]
fn columns_once(w: u32) -> u32 {
    (w | w >> 9 | w >> 18) & 0x1FF
}

/// Columns (bits 0-8) where a band's board has at least two bits.
#[inline(always)]
fn columns_twice(w: u32) -> u32 {
    ((w & w >> 9) | ((w | w >> 9) & w >> 18)) & 0x1FF
}

/// A board per digit, three bands each.
type Boards = [[u32; 3]; 9];
/// Boards no real state has (bits above the 27th): "nothing checked yet".
const UNCHECKED: Boards = [[u32::MAX; 3]; 9];

/// One search node. `Copy` on purpose: a guess copies the node (120 bytes), which is
/// cheaper than recording and undoing changes.
#[derive(Clone, Copy)]
struct State {
    /// `cand[d][k]`: the cells of band `k` where digit `d + 1` may stand.
    cand: Boards,
    /// The blank cells of each band.
    blank: [u32; 3],
}

impl State {
    /// The state of `puzzle`, whose givens must not contradict each other.
    fn from_puzzle(puzzle: &Puzzle) -> State {
        let mut st = State { cand: [[BAND; 3]; 9], blank: [BAND; 3] };
        for (cell, &d) in puzzle.cells.iter().enumerate() {
            if d != 0 {
                st.place(cell, d as usize - 1);
            }
        }
        st
    }

    /// Puts digit `d + 1` in `cell`, which must have it as a candidate.
    #[inline(always)]
    fn place(&mut self, cell: usize, d: usize) {
        let k = cell / 27;
        let bit = 1u32 << (cell % 27);
        for board in self.cand.iter_mut() {
            board[k] &= !bit;
        }
        let peers = &PEER_BANDS[cell];
        let board = &mut self.cand[d];
        board[0] &= !peers[0];
        board[1] &= !peers[1];
        board[2] &= !peers[2];
        board[k] |= bit;
        self.blank[k] &= !bit;
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

    /// The blank cell with the fewest candidates, the lowest-numbered on ties. After
    /// propagation no blank cell has fewer than two, so the first band holding a cell
    /// with exactly two (seen twice but not three times) gives the answer.
    fn mrv_cell(&self) -> usize {
        for k in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for board in &self.cand {
                let w = board[k];
                three |= two & w;
                two |= one & w;
                one |= w;
            }
            let pairs = two & !three & self.blank[k];
            if pairs != 0 {
                return k * 27 + pairs.trailing_zeros() as usize;
            }
        }
        // No cell with two candidates: count them cell by cell.
        let mut best = (u32::MAX, 0usize);
        for k in 0..3 {
            let mut bits = self.blank[k];
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                let n = self.cand.iter().filter(|b| b[k] >> i & 1 != 0).count() as u32;
                if n < best.0 {
                    best = (n, k * 27 + i as usize);
                }
            }
        }
        best.1
    }
}

/// What every search keeps, whichever solver runs it: the limit, the solutions counted
/// so far, the first one, and the statistics. "Count solutions up to a limit" lives
/// here once.
pub(crate) struct Tally {
    limit: u64,
    count: u64,
    first: Option<[u8; CELLS]>,
    pub(crate) stats: Stats,
    first_stats: Option<Stats>,
}

impl Tally {
    pub(crate) fn new(limit: u64) -> Tally {
        Tally { limit, count: 0, first: None, stats: Stats::default(), first_stats: None }
    }

    /// A solution found: counted, kept if it is the first, shown to the observer.
    pub(crate) fn solution<O: Observer>(&mut self, grid: [u8; CELLS], observer: &mut O) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(grid);
            self.first_stats = Some(self.stats);
        }
        observer.solution(&grid);
    }

    /// The limit is reached: the search stops.
    #[inline(always)]
    pub(crate) fn full(&self) -> bool {
        self.count >= self.limit
    }

    #[inline(always)]
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// Leaves the guess of `depth` for the next one: a backtrack, counted when nothing
    /// below the guess (searched since the count was `count_before`) was a solution.
    #[inline(always)]
    pub(crate) fn abandon<O: Observer>(&mut self, count_before: u64, depth: u32, observer: &mut O) {
        if self.count == count_before {
            self.stats.backtracks += 1;
        }
        observer.event(Event::Backtrack { depth });
    }

    pub(crate) fn outcome(self) -> Outcome {
        Outcome { solution: self.first, count: self.count, stats: self.stats, first_stats: self.first_stats.unwrap_or(self.stats) }
    }
}

struct Search<'a, O: Observer> {
    tally: Tally,
    observer: &'a mut O,
}

impl<O: Observer> Search<'_, O> {
    fn new(limit: u64, observer: &mut O) -> Search<'_, O> {
        Search { tally: Tally::new(limit), observer }
    }

    #[inline(always)]
    fn placed(&mut self, cell: usize, d: usize, technique: Technique, depth: u32) {
        self.tally.stats.record(technique);
        self.observer.event(Event::Place { cell: cell as u8, digit: d as u8 + 1, technique, depth });
    }

    /// Naked and hidden singles to a fixpoint. Returns false on a contradiction.
    /// `checked` holds each digit's board as it was when its units were last checked
    /// for hidden singles (see [`Search::hidden_singles`]).
    fn propagate(&mut self, st: &mut State, checked: &mut Boards, depth: u32) -> bool {
        loop {
            match self.naked_singles(st, depth) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if st.solved() {
                return true;
            }
            match self.hidden_singles(st, checked, depth) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// One pass of naked singles over the three bands: `Some(placed anything)`, or
    /// `None` on a contradiction.
    #[inline(always)]
    fn naked_singles(&mut self, st: &mut State, depth: u32) -> Option<bool> {
        let mut progress = false;
        for k in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for board in &st.cand {
                let w = board[k];
                twice |= once & w;
                once |= w;
            }
            let blank = st.blank[k];
            if blank & !once != 0 {
                return None;
            }
            let mut singles = blank & !twice;
            while singles != 0 {
                let i = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this pass may have taken the last candidate.
                let d = st.first_digit(k, 1 << i)?;
                self.placed(k * 27 + i, d, Technique::NakedSingle, depth);
                st.place(k * 27 + i, d);
                progress = true;
            }
        }
        Some(progress)
    }

    /// One pass of hidden singles over the nine digits: `Some(placed anything)`, or
    /// `None` on a contradiction. Singles found from a board that an earlier placement
    /// of the pass has changed are re-checked before they are placed; anything such a
    /// placement breaks is found by the next pass, which `propagate` always makes.
    ///
    /// Only boards that changed since they were last checked are looked at: the rows
    /// and boxes of a band depend on that band's board alone, the columns on the three
    /// bands. (A cell filled without changing some digit's board cannot hide a single of
    /// that digit: a single there would have been placed when the board was checked.)
    #[inline(always)]
    fn hidden_singles(&mut self, st: &mut State, checked: &mut Boards, depth: u32) -> Option<bool> {
        let mut progress = false;
        for d in 0..9 {
            let w = st.cand[d];
            if w == checked[d] {
                continue;
            }
            for k in 0..3 {
                let wk = w[k];
                if wk == checked[d][k] {
                    continue;
                }
                let blank = st.blank[k];
                // One test for the whole band first: the common case is that every
                // row and box has two places or more, or holds the digit already.
                let units = [
                    wk & BAND_ROWS[0],
                    wk & BAND_ROWS[1],
                    wk & BAND_ROWS[2],
                    wk & BAND_BOXES[0],
                    wk & BAND_BOXES[1],
                    wk & BAND_BOXES[2],
                ];
                let mut notable = false;
                for &x in &units {
                    notable |= (x & x.wrapping_sub(1) == 0) & (x == 0 || x & blank != 0);
                }
                if !notable {
                    continue;
                }
                for (i, &x) in units.iter().enumerate() {
                    if x == 0 {
                        return None;
                    }
                    if x & (x - 1) == 0 && x & st.blank[k] != 0 && st.cand[d][k] & x != 0 {
                        let kind = if i < 3 { UnitKind::Row } else { UnitKind::Box };
                        let cell = k * 27 + x.trailing_zeros() as usize;
                        self.placed(cell, d, Technique::HiddenSingle(kind), depth);
                        st.place(cell, d);
                        progress = true;
                    }
                }
            }
            // The columns, from the board as the rows and boxes above have left it.
            let now = st.cand[d];
            let (f0, f1, f2) = (columns_once(now[0]), columns_once(now[1]), columns_once(now[2]));
            if f0 | f1 | f2 != 0x1FF {
                return None;
            }
            // Singles among the blank cells only: a column where the digit stands already
            // has no blank place left for it, and one where it does not has only blank
            // places, so "one blank place" is exactly "a hidden single".
            let (b0, b1, b2) = (now[0] & st.blank[0], now[1] & st.blank[1], now[2] & st.blank[2]);
            let (g0, g1, g2) = (columns_once(b0), columns_once(b1), columns_once(b2));
            let twice = columns_twice(b0) | columns_twice(b1) | columns_twice(b2) | (g0 & g1) | (g0 & g2) | (g1 & g2);
            let mut cols = (g0 | g1 | g2) & !twice;
            while cols != 0 {
                let c = cols.trailing_zeros();
                cols &= cols - 1;
                let k = if g0 >> c & 1 != 0 { 0 } else if g1 >> c & 1 != 0 { 1 } else { 2 };
                let x = [b0, b1, b2][k] & (BAND_COL << c);
                if x & st.blank[k] != 0 && st.cand[d][k] & x != 0 {
                    let cell = k * 27 + x.trailing_zeros() as usize;
                    self.placed(cell, d, Technique::HiddenSingle(UnitKind::Col), depth);
                    st.place(cell, d);
                    progress = true;
                }
            }
            checked[d] = w;
        }
        Some(progress)
    }

    /// Searches from `st`, whose boards were last checked for hidden singles as in
    /// `checked` (the parent's fixpoint for a guess; [`UNCHECKED`] at the root).
    fn run(&mut self, mut st: State, mut checked: Boards, depth: u32) {
        if !self.propagate(&mut st, &mut checked, depth) {
            if depth == 0 {
                // No solution without a guess: everything placed is undone.
                self.observer.event(Event::Backtrack { depth });
            }
            return;
        }
        if st.solved() {
            self.tally.solution(st.grid(), self.observer);
            return;
        }
        let cell = st.mrv_cell();
        let (k, bit) = (cell / 27, 1u32 << (cell % 27));
        for d in 0..9 {
            if st.cand[d][k] & bit == 0 {
                continue;
            }
            self.observer.check_interrupt();
            self.placed(cell, d, Technique::Guess, depth + 1);
            let mut next = st;
            next.place(cell, d);
            let before = self.tally.count();
            // `st` is a checked fixpoint: the child rechecks what the guess changed.
            self.run(next, st.cand, depth + 1);
            if self.tally.full() {
                return;
            }
            self.tally.abandon(before, depth + 1, self.observer);
        }
    }
}

/// True when `grid` is a complete, valid grid (every unit holds 1..=9 once) that
/// agrees with every given of `puzzle`. An independent check, used by tests and demos.
pub fn is_solution_of(puzzle: &Puzzle, grid: &[u8; CELLS]) -> bool {
    let size = puzzle.size;
    let grid = &grid[..size.cells()];
    if grid.iter().any(|&d| d == 0 || d as usize > size.n()) {
        return false;
    }
    if puzzle.values().iter().zip(grid.iter()).any(|(&g, &s)| g != 0 && g != s) {
        return false;
    }
    size.units().iter().all(|unit| unit.iter().fold(0u16, |m, &c| m | 1 << (grid[c] - 1)) == size.all_digits())
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn solves_a_classic() {
        let p = Puzzle::parse(EASY).unwrap();
        let out = solve(&p, 2).unwrap();
        assert_eq!(out.count, 1);
        let s = out.solution.unwrap();
        assert!(is_solution_of(&p, &s));
        assert_eq!(
            Puzzle::from_cells(s).to_line(),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
        assert_eq!(out.stats.guesses, 0);
        assert_eq!(out.stats.naked_singles + out.stats.hidden_singles, 51);
    }

    #[test]
    fn limit_zero_counts_nothing() {
        let p = Puzzle::parse(EASY).unwrap();
        let out = solve(&p, 0).unwrap();
        assert_eq!((out.count, out.solution), (0, None));
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        let p = Puzzle::from_cells([0; 81]);
        let out = solve(&p, 50).unwrap();
        assert_eq!(out.count, 50);
        assert!(is_solution_of(&p, &out.solution.unwrap()));
        assert!(out.stats.guesses > 0);
    }

    #[test]
    fn observer_sees_every_solution_once() {
        struct Collect(Vec<[u8; 81]>, u64);
        impl Observer for Collect {
            fn solution(&mut self, g: &[u8; 81]) {
                self.0.push(*g);
            }
            fn check_interrupt(&mut self) {
                self.1 += 1;
            }
        }
        let p = Puzzle::from_cells([0; 81]);
        let mut c = Collect(Vec::new(), 0);
        let out = solve_observed(&p, 20, &mut c).unwrap();
        assert_eq!(c.0.len(), 20);
        assert_eq!(c.1, out.stats.guesses);
        let mut uniq = c.0.clone();
        uniq.sort();
        uniq.dedup();
        assert_eq!(uniq.len(), 20);
        assert!(c.0.iter().all(|g| is_solution_of(&p, g)));
    }

    #[test]
    fn candidates_are_pencil_marks_from_the_givens() {
        let p = Puzzle::parse(EASY).unwrap();
        let c = candidates(&p).unwrap();
        // r1c3: row 1 has 5,3,7; column 3 has 8; box 1 has 5,3,6,9,8 -> candidates 1,2,4.
        assert_eq!(c[2], 0b1011);
        assert_eq!(c[0], 0);
    }
}
