//! The search as a resumable machine with an explicit stack of at most 82 nodes (about
//! 21 KB, part of the search, written only as deep as the search goes): [`Search::step`]
//! does one node's work and returns, so a caller can stream solutions or events one at a
//! time with memory that does not grow with the number of solutions (`sudoku_solutions`
//! in SQL), and [`Search::run`] runs it to the end (solving and counting).

use std::mem::MaybeUninit;

use super::propagate::Ctx;
use super::state::State;
use crate::grid::CELLS;
use crate::puzzle::Puzzle;
use crate::search::{Observer, Outcome, PlacedBy, Tally};

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
