//! The contract every search shares (the model is tdoku's `all_solvers.h`: one contract,
//! one file per solver). A search **counts solutions up to a limit**: solving is
//! `limit = 1`, a uniqueness check `limit = 2`, counting any larger limit. It keeps the
//! first solution found and its statistics (`Tally`), tells an [`Observer`] what it
//! does, and checks for interrupts before every guess.
//!
//! The solvers: `crate::bitboard` (the fast 9×9 search) and `crate::plain` (the
//! plain cell-by-cell search, any size). [`crate::solver`] chooses between them.

use crate::grid::{UnitKind, CELLS};

/// Counters of the work done by a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Digits placed because a cell had one candidate left.
    pub naked_singles: u64,
    /// Digits placed because a digit had one place left in a row, column or box, seen
    /// by looking at that unit alone (a cell that is both is counted as a naked single).
    /// The bitboard search looks at columns only this way.
    pub hidden_singles: u64,
    /// Bitboard search only: digits placed by a band update (see [`PlacedBy::BandUpdate`]).
    pub band_singles: u64,
    /// Trial placements at branch points (every candidate tried counts one).
    pub guesses: u64,
    /// Guesses given up because no solution lay below them (each is undone, with
    /// everything placed after it, before the next candidate is tried).
    pub backtracks: u64,
}

impl Stats {
    /// Counts one placement.
    #[inline(always)]
    pub(crate) fn record(&mut self, by: PlacedBy) {
        match by {
            PlacedBy::NakedSingle => self.naked_singles += 1,
            PlacedBy::HiddenSingle(_) => self.hidden_singles += 1,
            PlacedBy::BandUpdate => self.band_singles += 1,
            PlacedBy::Guess => self.guesses += 1,
        }
    }

    /// Every digit the search placed without guessing.
    pub fn forced(&self) -> u64 {
        self.naked_singles + self.hidden_singles + self.band_singles
    }
}

/// The result of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The first solution found (solutions are found in a deterministic order: branch
    /// on a cell with the fewest candidates (9×9: the one with the most blank peers, then
    /// the lowest-numbered; 4×4: the lowest-numbered), digits ascending).
    pub solution: Option<[u8; CELLS]>,
    /// Solutions found, at most the limit.
    pub count: u64,
    /// The work of the whole search.
    pub stats: Stats,
    /// The work of the search up to its first solution (all of it when there is none):
    /// what a search with limit 1 does, so one search with a larger limit tells both.
    pub first_stats: Stats,
}

/// Why the search placed a digit. These describe the search's own reasoning, which is
/// not a person's: the human-logic engine ([`crate::logic`]) explains puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacedBy {
    /// The cell had one candidate left.
    NakedSingle,
    /// The digit had one place left in the unit.
    HiddenSingle(UnitKind),
    /// The bitboard search's band update (JCZSolve's): once the digit's places in a
    /// band are narrowed to the triads that fit one per row and per box (locked
    /// candidates), one cell was left for it in a row and box of the band.
    BandUpdate,
    /// A trial placement at a branch point.
    Guess,
}

/// What the search does, step by step, for observers that want to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A digit placed in a cell, at a search depth (0 before any guess).
    Place {
        cell: u8,
        digit: u8,
        by: PlacedBy,
        depth: u32,
    },
    /// The guess that opened `depth` is given up: it and everything placed after it
    /// are undone (at depth 0: the puzzle has no solution, nothing placed stands).
    Backtrack { depth: u32 },
}

/// Hooks into a search. Every method has a no-op default, and the search is generic
/// over the observer, so a search observed by nothing pays nothing for them.
pub trait Observer {
    /// Called before every guess. PostgreSQL's glue checks for interrupts here (which
    /// may unwind out of the search); pure Rust callers can simply do nothing.
    #[inline(always)]
    fn check_interrupt(&mut self) {}
    /// Called for every solution found, in order.
    #[inline(always)]
    fn solution(&mut self, _grid: &[u8; CELLS]) {}
    /// True for an observer that wants [`Observer::event`]: only then does the search
    /// describe its steps (the bitboard search finds most singles many at a time and
    /// names them one by one only when asked to). An observer that overrides `event`
    /// must set this.
    const EVENTS: bool = false;
    /// Called for every placement and backtrack, when [`Observer::EVENTS`] is true.
    #[inline(always)]
    fn event(&mut self, _event: Event) {}
}

/// An observer lent to a search.
impl<O: Observer> Observer for &mut O {
    #[inline(always)]
    fn check_interrupt(&mut self) {
        (**self).check_interrupt()
    }
    #[inline(always)]
    fn solution(&mut self, grid: &[u8; CELLS]) {
        (**self).solution(grid)
    }
    const EVENTS: bool = O::EVENTS;
    #[inline(always)]
    fn event(&mut self, event: Event) {
        (**self).event(event)
    }
}

/// The observer that observes nothing.
pub struct Silent;
impl Observer for Silent {}

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
        Tally {
            limit,
            count: 0,
            first: None,
            stats: Stats::default(),
            first_stats: None,
        }
    }

    /// Counts one placement, and tells an observer that wants events.
    #[inline(always)]
    pub(crate) fn placed<O: Observer>(
        &mut self,
        observer: &mut O,
        cell: usize,
        digit: u8,
        by: PlacedBy,
        depth: u32,
    ) {
        self.stats.record(by);
        if O::EVENTS {
            observer.event(Event::Place {
                cell: cell as u8,
                digit,
                by,
                depth,
            });
        }
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
        if O::EVENTS {
            observer.event(Event::Backtrack { depth });
        }
    }

    /// The puzzle has no solution without a guess: everything placed is undone.
    #[inline(always)]
    pub(crate) fn contradiction_at_root<O: Observer>(&mut self, observer: &mut O) {
        if O::EVENTS {
            observer.event(Event::Backtrack { depth: 0 });
        }
    }

    pub(crate) fn outcome(&self) -> Outcome {
        Outcome {
            solution: self.first,
            count: self.count,
            stats: self.stats,
            first_stats: self.first_stats.unwrap_or(self.stats),
        }
    }
}

/// An observer that gives up a search after a number of guesses, by unwinding with
/// [`OverBudget`] as PostgreSQL's interrupt check unwinds: for tools and tests that
/// feed random puzzles (a near-empty one can send a depth-first search into a huge
/// fruitless subtree) and want answers, not patience. Catch the unwind with
/// `std::panic::catch_unwind` and look for an `OverBudget` payload.
pub struct GuessBudget(pub u64);

/// The panic payload of a search stopped by [`GuessBudget`].
pub struct OverBudget;

impl Observer for GuessBudget {
    fn check_interrupt(&mut self) {
        if self.0 == 0 {
            std::panic::panic_any(OverBudget);
        }
        self.0 -= 1;
    }
}
