//! The search: depth first over an explicit stack, the cell with the fewest candidates
//! first (ties to the cell that failed most: conflict weights), each child a copy of
//! its parent's masks propagated ([`super::propagate`]).
//!
//! Level `i` of `states` holds the masks frame `i` branches on; a child is written to
//! level `i + 1`. The stack is as deep as the open cells at most, so memory is bounded
//! by cells² masks (1.5 MB on 25×25) whatever the number of solutions, and a search
//! stopped after a solution resumes where it was.

use super::propagate::propagate;
use super::tables::Tables;
use super::work::Work;
use crate::generate::Rng;
use crate::variant::text::VariantPuzzle;
use std::ops::Deref;

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
pub(super) struct Search<T: Deref<Target = Tables>, I: FnMut()> {
    tables: T,
    interrupt: I,
    order: Order,
    states: Vec<u32>,
    frames: Vec<Frame>,
    work: Work,
    nodes: u64,
    /// How often branching on each cell failed at once (conflict weights).
    weights: Vec<u32>,
    /// The givens alone fill the grid: level 0 is the one solution, not yet returned.
    root_solved: bool,
}

impl<T: Deref<Target = Tables>, I: FnMut()> Search<T, I> {
    /// A search of the puzzle, with `excluded` (a cell, a digit) ruled out if given.
    pub(super) fn new(
        tables: T,
        puzzle: &VariantPuzzle,
        excluded: Option<(usize, u8)>,
        order: Order,
        interrupt: I,
    ) -> Search<T, I> {
        assert_eq!(
            puzzle.cells.len(),
            tables.cells,
            "the puzzle's shape is the geometry's"
        );
        let (all, cells) = (tables.all, tables.cells);
        // Random grids keep the draws they had before the two-place rules: the
        // generator's output for a seed stays what the tests pin.
        let two_places = matches!(order, Order::Ascending);
        let mut search = Search {
            tables,
            interrupt,
            order,
            states: vec![all; cells],
            frames: Vec::new(),
            work: Work {
                two_places,
                ..Work::default()
            },
            nodes: 0,
            weights: vec![1; cells],
            root_solved: false,
        };
        for (c, &d) in puzzle.cells.iter().enumerate() {
            if d != 0 {
                search.states[c] = 1 << (d - 1);
            }
        }
        if let Some((c, d)) = excluded {
            let left = search.states[c] & !(1u32 << (d - 1));
            search.states[c] = left;
            if left == 0 {
                return search;
            }
        }
        search.work.start_everywhere(&search.states);
        if propagate(&search.tables, &mut search.states, &mut search.work) {
            match choose(&search.states, &search.weights) {
                None => search.root_solved = true,
                Some(frame) => search.frames.push(frame),
            }
        }
        search
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
            self.work.clear();
            self.work.queue.push(cell as u16);
            self.work.changed.push(cell as u16);
            if !propagate(&self.tables, child, &mut self.work) {
                self.weights[cell] += 1;
                continue;
            }
            match choose(child, &self.weights) {
                None => return Some(level),
                Some(frame) => self.frames.push(frame),
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

/// The open cell with the fewest candidates, ties going to the cell whose branches
/// failed most often so far (its conflict weight); `None` when every cell is placed.
/// The weights only order the search: every digit of the cell is still tried, so
/// counts are exact whatever they are.
fn choose(cand: &[u32], weights: &[u32]) -> Option<Frame> {
    let mut best = None;
    let (mut fewest, mut heaviest) = (u32::MAX, 0);
    for (c, &m) in cand.iter().enumerate() {
        let k = m.count_ones();
        if k > 1 && (k < fewest || (k == fewest && weights[c] > heaviest)) {
            fewest = k;
            heaviest = weights[c];
            best = Some(c);
        }
    }
    let cell = best?;
    Some(Frame {
        cell: cell as u16,
        left: cand[cell],
    })
}

/// One of the bits of `mask` (not empty), drawn at random.
fn random_bit(rng: &mut Rng, mut mask: u32) -> u32 {
    for _ in 0..rng.below(u64::from(mask.count_ones())) {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}
