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
use crate::grid::{unit_kind, UnitKind, ALL_DIGITS, CELLS, CELL_UNITS, PEERS, UNITS};
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
    /// Guesses whose consequences ended in a contradiction and were undone.
    pub backtracks: u64,
}

/// The result of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The first solution found (solutions are found in a deterministic order:
    /// branch on the lowest-numbered cell with the fewest candidates, digits ascending).
    pub solution: Option<[u8; CELLS]>,
    /// Solutions found, at most the limit.
    pub count: u64,
    pub stats: Stats,
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
    /// The state at `depth` is contradictory: everything placed since the guess
    /// that opened this depth is undone.
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
    let mut search = Search { limit, count: 0, first: None, stats: Stats::default(), observer };
    if limit > 0 {
        if let Some(state) = State::from_puzzle(puzzle) {
            search.run(state, 0);
        }
    }
    Ok(Outcome { solution: search.first, count: search.count, stats: search.stats })
}

/// Counts (up to 1) the solutions of `puzzle` that do not put `digit` in the blank
/// `cell`: the generator's uniqueness test. `puzzle`'s givens must be consistent.
pub(crate) fn count_excluding<O: Observer>(puzzle: &Puzzle, cell: usize, digit: u8, observer: &mut O) -> u64 {
    let mut search = Search { limit: 1, count: 0, first: None, stats: Stats::default(), observer };
    if let Some(mut state) = State::from_puzzle(puzzle) {
        let rest = state.cand[cell] & !(1 << (digit - 1));
        state.cand[cell] = rest;
        if rest != 0 {
            if rest & (rest - 1) == 0 {
                state.push(cell);
            }
            search.run(state, 0);
        }
    }
    search.count
}

/// The candidates of every cell from the givens alone (pencil marks): a mask for each
/// blank cell, 0 for each given. Contradictory givens are an error.
pub fn candidates(puzzle: &Puzzle) -> Result<[u16; CELLS], PuzzleError> {
    puzzle.check_givens()?;
    let mut placed = [0u16; 27];
    for (cell, &d) in puzzle.cells.iter().enumerate() {
        if d != 0 {
            for &u in &CELL_UNITS[cell] {
                placed[u as usize] |= 1 << (d - 1);
            }
        }
    }
    let mut out = [0u16; CELLS];
    for (cell, mask) in out.iter_mut().enumerate() {
        if puzzle.cells[cell] == 0 {
            let [r, c, b] = CELL_UNITS[cell];
            *mask = ALL_DIGITS & !(placed[r as usize] | placed[c as usize] | placed[b as usize]);
        }
    }
    Ok(out)
}

/// One search node. `Copy` on purpose: branching copies the whole state (about 400
/// bytes), which is cheaper than recording and undoing changes.
#[derive(Clone, Copy)]
struct State {
    /// Candidates of each blank cell; 0 for a filled cell.
    cand: [u16; CELLS],
    /// Digits of the filled cells; 0 for a blank.
    grid: [u8; CELLS],
    /// Digits placed in each unit.
    placed: [u16; 27],
    /// Bit `i` set when cell `i` is blank.
    blanks: u128,
    /// Cells whose candidates have just shrunk to one digit, not yet placed.
    queue: [u8; CELLS],
    queued: u8,
}

impl State {
    /// The root state, or `None` when a blank cell has no candidate at all.
    fn from_puzzle(puzzle: &Puzzle) -> Option<State> {
        let mut st = State {
            cand: [0; CELLS],
            grid: puzzle.cells,
            placed: [0; 27],
            blanks: 0,
            queue: [0; CELLS],
            queued: 0,
        };
        for (cell, &d) in puzzle.cells.iter().enumerate() {
            if d != 0 {
                for &u in &CELL_UNITS[cell] {
                    st.placed[u as usize] |= 1 << (d - 1);
                }
            }
        }
        for cell in 0..CELLS {
            if st.grid[cell] == 0 {
                let [r, c, b] = CELL_UNITS[cell];
                let m = ALL_DIGITS & !(st.placed[r as usize] | st.placed[c as usize] | st.placed[b as usize]);
                if m == 0 {
                    return None;
                }
                st.cand[cell] = m;
                st.blanks |= 1u128 << cell;
                if m & (m - 1) == 0 {
                    st.push(cell);
                }
            }
        }
        Some(st)
    }

    #[inline(always)]
    fn push(&mut self, cell: usize) {
        self.queue[self.queued as usize] = cell as u8;
        self.queued += 1;
    }

    /// Places `digit` (whose bit is `bit`) in `cell` and removes it from the peers'
    /// candidates. Returns false when a peer is left with no candidate.
    #[inline(always)]
    fn assign(&mut self, cell: usize, bit: u16) -> bool {
        self.grid[cell] = bit.trailing_zeros() as u8 + 1;
        self.cand[cell] = 0;
        self.blanks &= !(1u128 << cell);
        for &u in &CELL_UNITS[cell] {
            self.placed[u as usize] |= bit;
        }
        for &p in &PEERS[cell] {
            let p = p as usize;
            let c = self.cand[p];
            if c & bit != 0 {
                let rest = c & !bit;
                self.cand[p] = rest;
                // `rest & (rest - 1) == 0` holds for 0 and for a single bit.
                if rest & rest.wrapping_sub(1) == 0 {
                    if rest == 0 {
                        return false;
                    }
                    // A cell becomes single once: it is queued at most once per state.
                    self.push(p);
                }
            }
        }
        true
    }

    /// The blank cell with the fewest candidates (lowest cell number on ties).
    #[inline]
    fn mrv_cell(&self) -> usize {
        let mut best = 0usize;
        let mut best_count = u32::MAX;
        let mut bits = self.blanks;
        while bits != 0 {
            let cell = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let n = self.cand[cell].count_ones();
            if n < best_count {
                best = cell;
                best_count = n;
                if n <= 2 {
                    break;
                }
            }
        }
        best
    }
}

struct Search<'a, O: Observer> {
    limit: u64,
    count: u64,
    first: Option<[u8; CELLS]>,
    stats: Stats,
    observer: &'a mut O,
}

impl<O: Observer> Search<'_, O> {
    /// Naked and hidden singles to a fixpoint. Returns false on a contradiction.
    fn propagate(&mut self, st: &mut State, depth: u32) -> bool {
        loop {
            // Naked singles: the queue holds cells left with one candidate.
            while st.queued > 0 {
                st.queued -= 1;
                let cell = st.queue[st.queued as usize] as usize;
                let c = st.cand[cell];
                if c == 0 {
                    // Already placed as a hidden single in the meantime.
                    continue;
                }
                self.stats.naked_singles += 1;
                self.observer.event(Event::Place {
                    cell: cell as u8,
                    digit: c.trailing_zeros() as u8 + 1,
                    technique: Technique::NakedSingle,
                    depth,
                });
                if !st.assign(cell, c) {
                    return false;
                }
            }
            if st.blanks == 0 {
                return true;
            }
            // Hidden singles: per unit, the digits seen in exactly one cell. `once`
            // gathers digits seen at least once, `twice` those seen at least twice.
            let mut progress = false;
            for (u, unit) in UNITS.iter().enumerate() {
                let mut once = 0u16;
                let mut twice = 0u16;
                for &c in unit {
                    let m = st.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                }
                if (once | st.placed[u]) != ALL_DIGITS {
                    // Some digit has no place left in this unit.
                    return false;
                }
                let mut singles = once & !twice;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    if st.placed[u] & bit != 0 {
                        continue;
                    }
                    let Some(&cell) = unit.iter().find(|&&c| st.cand[c as usize] & bit != 0) else {
                        // Its only place was taken by another digit of this unit.
                        return false;
                    };
                    self.stats.hidden_singles += 1;
                    self.observer.event(Event::Place {
                        cell,
                        digit: bit.trailing_zeros() as u8 + 1,
                        technique: Technique::HiddenSingle(unit_kind(u).0),
                        depth,
                    });
                    if !st.assign(cell as usize, bit) {
                        return false;
                    }
                    progress = true;
                }
            }
            if !progress && st.queued == 0 {
                return true;
            }
        }
    }

    fn run(&mut self, mut st: State, depth: u32) {
        if !self.propagate(&mut st, depth) {
            if depth > 0 {
                self.stats.backtracks += 1;
            }
            self.observer.event(Event::Backtrack { depth });
            return;
        }
        if st.blanks == 0 {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(st.grid);
            }
            self.observer.solution(&st.grid);
            return;
        }
        let cell = st.mrv_cell();
        let mut digits = st.cand[cell];
        while digits != 0 {
            let bit = digits & digits.wrapping_neg();
            digits ^= bit;
            self.observer.check_interrupt();
            self.stats.guesses += 1;
            self.observer.event(Event::Place {
                cell: cell as u8,
                digit: bit.trailing_zeros() as u8 + 1,
                technique: Technique::Guess,
                depth: depth + 1,
            });
            let mut next = st;
            if next.assign(cell, bit) {
                self.run(next, depth + 1);
            } else {
                self.stats.backtracks += 1;
                self.observer.event(Event::Backtrack { depth: depth + 1 });
            }
            if self.count >= self.limit {
                return;
            }
        }
    }
}

/// True when `grid` is a complete, valid grid (every unit holds 1..=9 once) that
/// agrees with every given of `puzzle`. An independent check, used by tests and demos.
pub fn is_solution_of(puzzle: &Puzzle, grid: &[u8; CELLS]) -> bool {
    if grid.iter().any(|&d| !(1..=9).contains(&d)) {
        return false;
    }
    if puzzle.cells.iter().zip(grid.iter()).any(|(&g, &s)| g != 0 && g != s) {
        return false;
    }
    UNITS.iter().all(|unit| unit.iter().fold(0u16, |m, &c| m | 1 << (grid[c as usize] - 1)) == ALL_DIGITS)
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
