//! The search: depth first over an explicit stack, each child a copy of its parent's
//! masks propagated ([`super::propagate`]). The cell branched on: when solving or
//! counting, the one with the greatest conflict weight (contradictions seen in it) per
//! candidate; for random grids, the one with the fewest candidates, ties to the
//! heaviest.
//!
//! Level `i` of `states` holds the masks frame `i` branches on, and level `i` of
//! `counts` and `holding` their digits' places ([`super::places`]); a child is written
//! to level `i + 1`. The stack is as deep as the open cells at most, so memory is
//! bounded by cells × (cells masks + groups × side counts + side × cells bits) (about
//! 4 MB on 25×25) whatever the number of solutions, and a search stopped after a
//! solution resumes where it was.

use super::places::{sizes, Places};
use super::propagate::{propagate, propagate_from_scratch};
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
    /// The places of each digit in each group, `groups × side` per level.
    counts: Vec<u8>,
    /// The cells holding each digit, `side × words` per level.
    holding: Vec<u64>,
    counts_len: usize,
    holding_len: usize,
    frames: Vec<Frame>,
    work: Work,
    nodes: u64,
    /// How often branching on each cell failed at once (conflict weights).
    weights: Vec<u32>,
    /// Ascending order (solving, counting): the few-place rules run, weights go to
    /// the cell where a contradiction showed, and the choice weighs them against the
    /// candidates ([`choose_by_ratio`]). Random grids keep the plain way, so that the
    /// generator draws the grids it drew before (the tests pin some).
    tuned: bool,
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
        let mut search = Search::unstarted(tables, puzzle, order, interrupt);
        if let Some((c, d)) = excluded {
            let left = search.states[c] & !(1u32 << (d - 1));
            search.states[c] = left;
            if left == 0 {
                return search;
            }
        }
        search.started()
    }

    /// A search of the puzzle's solutions that put in each cell one of its `allowed`
    /// digits (a mask per cell, bit `d - 1` for digit `d`): a player's pencil marks.
    pub(super) fn within(
        tables: T,
        puzzle: &VariantPuzzle,
        allowed: &[u32],
        interrupt: I,
    ) -> Search<T, I> {
        let mut search = Search::unstarted(tables, puzzle, Order::Ascending, interrupt);
        for (state, &a) in search.states.iter_mut().zip(allowed) {
            *state &= a;
        }
        if search.states.contains(&0) {
            return search;
        }
        search.started()
    }

    /// The search's state before any propagation: every cell holds every digit but the
    /// givens.
    fn unstarted(tables: T, puzzle: &VariantPuzzle, order: Order, interrupt: I) -> Search<T, I> {
        assert_eq!(
            puzzle.cells.len(),
            tables.cells,
            "the puzzle's shape is the geometry's"
        );
        let (all, cells) = (tables.all, tables.cells);
        let tuned = matches!(order, Order::Ascending);
        let few_rules = tables.common_peers || !tables.near_bits.is_empty();
        let (counts, holding) = sizes(&tables);
        let mut search = Search {
            tables,
            interrupt,
            order,
            states: vec![all; cells],
            counts: vec![0; counts],
            holding: vec![0; holding],
            counts_len: counts,
            holding_len: holding,
            frames: Vec::new(),
            work: Work {
                two_places: tuned && few_rules,
                ..Work::default()
            },
            nodes: 0,
            weights: vec![1; cells],
            root_solved: false,
            tuned,
        };
        for (c, &d) in puzzle.cells.iter().enumerate() {
            if d != 0 {
                search.states[c] = 1 << (d - 1);
            }
        }
        search
    }

    /// Propagates the first state and makes the first choice (no frame: no solution).
    fn started(mut self) -> Search<T, I> {
        let mut places = Places {
            counts: &mut self.counts,
            cells: &mut self.holding,
        };
        if propagate_from_scratch(&self.tables, &mut self.states, &mut places, &mut self.work) {
            match choose(&self.states, &self.weights, self.tuned) {
                None => self.root_solved = true,
                Some(frame) => self.frames.push(frame),
            }
        }
        self
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
            let child = push_level(&mut self.states, level, cells);
            let mut places = Places {
                counts: push_level(&mut self.counts, level, self.counts_len),
                cells: push_level(&mut self.holding, level, self.holding_len),
            };
            self.work.clear();
            self.work.branch(child, cell as u16, bit);
            self.work.conflict = None;
            if !propagate(&self.tables, child, &mut places, &mut self.work) {
                // Blame the cell the contradiction emptied when known (and the
                // search is tuned), else the cell branched on.
                let blamed = match (self.tuned, self.work.conflict) {
                    (true, Some(c)) => usize::from(c),
                    _ => cell,
                };
                self.weights[blamed] = self.weights[blamed].saturating_add(1);
                continue;
            }
            match choose(child, &self.weights, self.tuned) {
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

/// Level `level` of a stack of levels of `len` entries, a copy of the level below
/// (grown as needed).
#[inline]
fn push_level<T: Copy + Default>(stack: &mut Vec<T>, level: usize, len: usize) -> &mut [T] {
    if stack.len() < (level + 1) * len {
        stack.resize((level + 1) * len, T::default());
    }
    stack.copy_within((level - 1) * len..level * len, level * len);
    &mut stack[level * len..(level + 1) * len]
}

/// The cell to branch on ([`choose_by_ratio`] when `tuned`), `None` when every cell is
/// placed. Plain: the open cell with the fewest candidates, ties going to the cell
/// whose branches failed most often so far (its conflict weight). The weights only
/// order the search: every digit of the cell is still tried, so counts are exact
/// whatever they are.
fn choose(cand: &[u32], weights: &[u32], tuned: bool) -> Option<Frame> {
    if tuned {
        return choose_by_ratio(cand, weights);
    }
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

/// The open cell with the greatest conflict weight per candidate, ties going to the
/// fewest candidates (weights start at 1, so with no contradiction yet this is the
/// fewest candidates; iss weighs its conflict scores so too).
fn choose_by_ratio(cand: &[u32], weights: &[u32]) -> Option<Frame> {
    let mut best = None;
    let (mut best_k, mut best_w) = (1u64, 0u64);
    for (c, &m) in cand.iter().enumerate() {
        let k = u64::from(m.count_ones());
        let w = u64::from(weights[c]);
        if k > 1 && outweighs(w, k, best_w, best_k) {
            best_k = k;
            best_w = w;
            best = Some(c);
        }
    }
    let cell = best?;
    Some(Frame {
        cell: cell as u16,
        left: cand[cell],
    })
}

/// True when a cell of conflict weight `w` and `k` candidates comes before the best so
/// far (`best_w`, `best_k`) in the tuned choice: a greater weight per candidate, or the
/// same with fewer candidates.
#[inline(always)]
pub(super) fn outweighs(w: u64, k: u64, best_w: u64, best_k: u64) -> bool {
    w * best_k > best_w * k || (w * best_k == best_w * k && k < best_k)
}

/// One of the bits of `mask` (not empty), drawn at random.
fn random_bit(rng: &mut Rng, mut mask: u32) -> u32 {
    for _ in 0..rng.below(u64::from(mask.count_ones())) {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(frame: Option<Frame>) -> Option<u16> {
        frame.map(|f| f.cell)
    }

    #[test]
    fn the_ratio_choice_is_the_fewest_candidates_until_weights_differ() {
        let cand = [0b1, 0b111, 0b11, 0b1111, 0b11];
        let ones = [1; 5];
        assert_eq!(cell(choose(&cand, &ones, true)), Some(2));
        assert_eq!(cell(choose(&cand, &ones, false)), Some(2));
        // Weight 4 over 4 candidates beats 1 over 2; the plain choice keeps the fewest.
        let weights = [1, 1, 1, 4, 1];
        assert_eq!(cell(choose(&cand, &weights, true)), Some(3));
        assert_eq!(cell(choose(&cand, &weights, false)), Some(2));
        // Equal ratios go to the fewest candidates; placed cells are never chosen.
        let weights = [9, 3, 2, 1, 1];
        assert_eq!(cell(choose(&cand, &weights, true)), Some(2));
        assert_eq!(cell(choose(&[0b1, 0b10], &[5, 5], true)), None);
    }
}
