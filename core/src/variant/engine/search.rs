//! The search: depth first over an explicit stack, the cell with the fewest candidates
//! first, each child a copy of its parent's masks propagated ([`super::propagate`]).
//!
//! Level `i` of `states` holds the masks frame `i` branches on; a child is written to
//! level `i + 1`. The stack is as deep as the open cells at most, so memory is bounded
//! by cells² masks (1.5 MB on 25×25) whatever the number of solutions, and a search
//! stopped after a solution resumes where it was.

use super::propagate::propagate;
use super::tables::Tables;
use crate::generate::Rng;
use crate::variant::text::VariantPuzzle;

/// The order digits are tried in.
pub(super) enum Order {
    Ascending,
    /// A digit drawn at random among those left, at every branch.
    Random(Rng),
}

/// A cell branched on and the digits not tried yet.
struct Frame {
    cell: u16,
    left: u32,
}

/// Nodes between two calls of the interrupt callback.
const NODES_PER_INTERRUPT: u64 = 256;

/// A search in progress.
pub(super) struct Search<'e, I: FnMut()> {
    tables: &'e Tables,
    interrupt: I,
    order: Order,
    states: Vec<u32>,
    frames: Vec<Frame>,
    queue: Vec<u16>,
    nodes: u64,
    /// The givens alone fill the grid: level 0 is the one solution, not yet returned.
    root_solved: bool,
}

impl<'e, I: FnMut()> Search<'e, I> {
    /// A search of the puzzle, with `excluded` (a cell, a digit) ruled out if given.
    pub(super) fn new(
        tables: &'e Tables,
        puzzle: &VariantPuzzle,
        excluded: Option<(usize, u8)>,
        order: Order,
        interrupt: I,
    ) -> Search<'e, I> {
        assert_eq!(
            puzzle.cells.len(),
            tables.cells,
            "the puzzle's shape is the geometry's"
        );
        let mut search = Search {
            tables,
            interrupt,
            order,
            states: vec![tables.all; tables.cells],
            frames: Vec::new(),
            queue: Vec::new(),
            nodes: 0,
            root_solved: false,
        };
        for (c, &d) in puzzle.cells.iter().enumerate() {
            if d != 0 {
                search.states[c] = 1 << (d - 1);
                search.queue.push(c as u16);
            }
        }
        if let Some((c, d)) = excluded {
            let left = search.states[c] & !(1u32 << (d - 1));
            search.states[c] = left;
            if left.count_ones() == 1 && puzzle.cells[c] == 0 {
                search.queue.push(c as u16);
            }
            if left == 0 {
                return search;
            }
        }
        if propagate(tables, &mut search.states, &mut search.queue) {
            match fewest_candidates(&search.states) {
                None => search.root_solved = true,
                Some(cell) => search.push(cell, 0),
            }
        }
        search
    }

    fn push(&mut self, cell: usize, level: usize) {
        let left = self.states[level * self.tables.cells + cell];
        self.frames.push(Frame {
            cell: cell as u16,
            left,
        });
    }

    /// The level of `states` holding the next solution, or `None` when there is none.
    pub(super) fn next_level(&mut self) -> Option<usize> {
        if std::mem::take(&mut self.root_solved) {
            return Some(0);
        }
        let cells = self.tables.cells;
        loop {
            let level = self.frames.len();
            let frame = self.frames.last_mut()?;
            if frame.left == 0 {
                self.frames.pop();
                continue;
            }
            let bit = match &mut self.order {
                Order::Ascending => frame.left & frame.left.wrapping_neg(),
                Order::Random(rng) => random_bit(rng, frame.left),
            };
            frame.left &= !bit;
            let cell = usize::from(frame.cell);
            self.nodes += 1;
            if self.nodes.is_multiple_of(NODES_PER_INTERRUPT) {
                (self.interrupt)();
            }
            if self.states.len() < (level + 1) * cells {
                self.states.resize((level + 1) * cells, 0);
            }
            self.states
                .copy_within((level - 1) * cells..level * cells, level * cells);
            let child = &mut self.states[level * cells..(level + 1) * cells];
            child[cell] = bit;
            self.queue.clear();
            self.queue.push(cell as u16);
            if !propagate(self.tables, child, &mut self.queue) {
                continue;
            }
            match fewest_candidates(child) {
                None => return Some(level),
                Some(next) => self.push(next, level),
            }
        }
    }

    /// The grid at a level (every mask one bit), as digits.
    pub(super) fn grid(&self, level: usize) -> Vec<u8> {
        let cells = self.tables.cells;
        self.states[level * cells..(level + 1) * cells]
            .iter()
            .map(|m| m.trailing_zeros() as u8 + 1)
            .collect()
    }

    /// Nodes tried so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The open cell with the fewest candidates (the first of them), or `None` when every
/// cell is placed.
fn fewest_candidates(cand: &[u32]) -> Option<usize> {
    let mut best = None;
    let mut fewest = u32::MAX;
    for (c, &m) in cand.iter().enumerate() {
        let k = m.count_ones();
        if k > 1 && k < fewest {
            fewest = k;
            best = Some(c);
            if k == 2 {
                break;
            }
        }
    }
    best
}

/// One of the bits of `mask` (not empty), drawn at random.
fn random_bit(rng: &mut Rng, mut mask: u32) -> u32 {
    for _ in 0..rng.below(u64::from(mask.count_ones())) {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}
