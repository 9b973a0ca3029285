//! The plain solver: a cell-by-cell search for any [`Size`]: candidate masks, naked and hidden
//! singles to a fixpoint, then MRV branching on the lowest-numbered cell with the fewest
//! candidates, counting solutions up to a limit. It solves the 4×4 puzzles, keeping them
//! off the 9×9 fast path; it completes the generator's grids (its order never changes,
//! so neither do the puzzles of a seed); and, run on 9×9 puzzles in the tests, it checks
//! the fast solver, which searches in another order (locked candidates, MRV ties broken
//! by blank peers): both must find the same count and the same set of solutions.

use crate::grid::{Size, UnitKind, CELLS};
use crate::puzzle::Puzzle;
use crate::search::{Observer, Outcome, PlacedBy, Tally};

/// Solves `puzzle` (whose givens must be consistent) up to `limit` solutions.
pub(crate) fn solve<O: Observer>(puzzle: &Puzzle, limit: u64, observer: &mut O) -> Outcome {
    let (mut search, st) = Search::start(puzzle, limit, observer);
    if limit > 0 {
        search.run(st, 0);
    }
    search.tally.outcome()
}

/// What naked and hidden singles alone, to a fixpoint, do from the givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SinglesFixpoint {
    /// Digits placed because a cell had one candidate left.
    pub naked_singles: u64,
    /// Digits placed because a digit had one place left in a row, column or box.
    pub hidden_singles: u64,
    /// Blank cells left at the fixpoint.
    pub blanks_left: usize,
    /// The singles ran into a cell without a candidate or a digit without a place.
    pub contradiction: bool,
}

/// [`singles_from_givens`] from a 9×9 position: its filled cells (`values`) placed as
/// givens are, then each open cell's candidates cut down to its marks (`cands`).
pub(crate) fn singles_from_candidates(
    values: &[u8; CELLS],
    cands: &[u16; CELLS],
) -> SinglesFixpoint {
    let mut silent = crate::search::Silent;
    let puzzle = Puzzle::from_cells(*values);
    let (mut search, mut st) = Search::start(&puzzle, 1, &mut silent);
    for cell in 0..CELLS {
        if values[cell] == 0 {
            st.cand[cell] &= cands[cell];
        }
    }
    let ok = search.propagate(&mut st, 0);
    let stats = search.tally.outcome().stats;
    SinglesFixpoint {
        naked_singles: stats.naked_singles,
        hidden_singles: stats.hidden_singles,
        blanks_left: st.grid.iter().filter(|&&d| d == 0).count(),
        contradiction: !ok,
    }
}

/// Naked and hidden singles, nothing else, to a fixpoint from the givens of `puzzle`
/// (whose givens must be consistent). Each pass places every naked single it meets,
/// cell by cell, then, if none, every hidden single, unit by unit (rows, columns,
/// boxes), so a cell that is both counts as a naked single.
pub(crate) fn singles_from_givens(puzzle: &Puzzle) -> SinglesFixpoint {
    let mut silent = crate::search::Silent;
    let (mut search, mut st) = Search::start(puzzle, 1, &mut silent);
    let ok = search.propagate(&mut st, 0);
    let stats = search.tally.outcome().stats;
    SinglesFixpoint {
        naked_singles: stats.naked_singles,
        hidden_singles: stats.hidden_singles,
        blanks_left: st.grid[..puzzle.size.cells()]
            .iter()
            .filter(|&&d| d == 0)
            .count(),
        contradiction: !ok,
    }
}

/// A position of the search: fixed-size arrays (the first `size.cells()` entries used),
/// so that a branch copies 243 bytes and nothing is allocated.
#[derive(Clone, Copy)]
struct State {
    /// Candidates of each blank cell; 0 for a filled one.
    cand: [u16; CELLS],
    grid: [u8; CELLS],
}

struct Search<'a, O: Observer> {
    size: Size,
    tally: Tally,
    observer: &'a mut O,
}

impl<'a, O: Observer> Search<'a, O> {
    /// The search of `puzzle` and its root state (the givens placed).
    fn start(puzzle: &Puzzle, limit: u64, observer: &'a mut O) -> (Search<'a, O>, State) {
        let size = puzzle.size;
        let search = Search {
            size,
            tally: Tally::new(limit),
            observer,
        };
        let mut st = State {
            cand: [0; CELLS],
            grid: [0; CELLS],
        };
        st.cand[..size.cells()].fill(size.all_digits());
        for (cell, &d) in puzzle.values().iter().enumerate() {
            if d != 0 {
                search.place(&mut st, cell, d);
            }
        }
        (search, st)
    }

    fn place(&self, st: &mut State, cell: usize, d: u8) {
        st.grid[cell] = d;
        st.cand[cell] = 0;
        for &p in self.size.peers(cell) {
            st.cand[p as usize] &= !(1 << (d - 1));
        }
    }

    fn record(&mut self, cell: usize, d: u8, by: PlacedBy, depth: u32) {
        self.tally.placed(self.observer, cell, d, by, depth);
    }

    /// Singles to a fixpoint; false on a contradiction.
    fn propagate(&mut self, st: &mut State, depth: u32) -> bool {
        loop {
            let mut progress = false;
            for cell in 0..self.size.cells() {
                if st.grid[cell] != 0 {
                    continue;
                }
                let c = st.cand[cell];
                if c == 0 {
                    return false;
                }
                if c & (c - 1) == 0 {
                    let d = c.trailing_zeros() as u8 + 1;
                    self.record(cell, d, PlacedBy::NakedSingle, depth);
                    self.place(st, cell, d);
                    progress = true;
                }
            }
            if progress {
                continue;
            }
            if st.grid[..self.size.cells()].iter().all(|&d| d != 0) {
                return true;
            }
            for u in 0..3 * self.size.n() {
                let cells = self.size.unit_cells(u);
                for d in 1..=self.size.n() as u8 {
                    let bit = 1u16 << (d - 1);
                    if cells.iter().any(|&c| st.grid[c as usize] == d) {
                        continue;
                    }
                    let mut places = cells
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| st.cand[c] & bit != 0);
                    match (places.next(), places.next()) {
                        (None, _) => return false,
                        (Some(cell), None) => {
                            let kind =
                                [UnitKind::Row, UnitKind::Col, UnitKind::Box][u / self.size.n()];
                            self.record(cell, d, PlacedBy::HiddenSingle(kind), depth);
                            self.place(st, cell, d);
                            progress = true;
                        }
                        _ => {}
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    fn run(&mut self, mut st: State, depth: u32) {
        if !self.propagate(&mut st, depth) {
            if depth == 0 {
                self.tally.contradiction_at_root(self.observer);
            }
            return;
        }
        let blank = (0..self.size.cells())
            .filter(|&c| st.grid[c] == 0)
            .min_by_key(|&c| (st.cand[c].count_ones(), c));
        let Some(cell) = blank else {
            self.tally.solution(st.grid, self.observer);
            return;
        };
        for d in 1..=self.size.n() as u8 {
            if st.cand[cell] & (1 << (d - 1)) == 0 {
                continue;
            }
            self.observer.check_interrupt();
            self.record(cell, d, PlacedBy::Guess, depth + 1);
            let mut next = st;
            self.place(&mut next, cell, d);
            let before = self.tally.count();
            self.run(next, depth + 1);
            if self.tally.full() {
                return;
            }
            self.tally.abandon(before, depth + 1, self.observer);
        }
    }
}
