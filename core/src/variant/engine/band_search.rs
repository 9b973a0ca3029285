//! The band search: depth first over an explicit stack of [`super::bands`] states, for
//! 9×9 rules that keep the rows, columns and boxes and have no cage sums (classic
//! units plus extra groups, knight's moves, king's steps, nc). The cell branched on is
//! [`super::search`]'s tuned choice: the greatest conflict weight per candidate, ties
//! to the fewest candidates; digits ascending; a contradiction weighs on every cell it
//! leaves empty. A node's state is about 460 bytes, so the stack (at most 82 levels)
//! stays under 40 kB whatever the number of solutions, and a search stopped after a
//! solution resumes where it was.

use super::bands::{propagate, Extras, State};
use super::search::outweighs;
use crate::variant::text::VariantPuzzle;
use std::rc::Rc;

/// A cell branched on and the digits not tried yet.
struct Frame {
    cell: u8,
    left: u32,
}

/// Nodes between two calls of the interrupt callback.
const NODES_PER_INTERRUPT: u64 = 256;

/// A band search in progress.
pub(super) struct BandSearch<I: FnMut()> {
    extras: Rc<Extras>,
    interrupt: I,
    /// Level `i` is the state frame `i` branches on; a child goes to level `i + 1`.
    states: Vec<State>,
    frames: Vec<Frame>,
    nodes: u64,
    /// How often branching on each cell failed at once (conflict weights).
    weights: [u32; 81],
    /// The givens alone fill the grid: level 0 is the one solution, not yet returned.
    root_solved: bool,
}

impl<I: FnMut()> BandSearch<I> {
    /// A search of the puzzle (9×9, `extras` from its geometry's tables), with
    /// `excluded` (a cell, a digit) ruled out if given.
    pub(super) fn new(
        extras: Rc<Extras>,
        puzzle: &VariantPuzzle,
        excluded: Option<(usize, u8)>,
        interrupt: I,
    ) -> BandSearch<I> {
        assert_eq!(puzzle.cells.len(), 81, "a 9×9 puzzle");
        let mut root = State::empty();
        let mut possible = true;
        for (c, &d) in puzzle.cells.iter().enumerate() {
            if d != 0 {
                let d = usize::from(d - 1);
                // A given its peers already took: no solution.
                possible &= root.cand[d][c / 27] >> (c % 27) & 1 == 1;
                root.place(c, d);
            }
        }
        if let Some((c, d)) = excluded {
            root.cand[usize::from(d - 1)][c / 27] &= !(1 << (c % 27));
        }
        let mut search = BandSearch {
            extras,
            interrupt,
            states: vec![root],
            frames: Vec::new(),
            nodes: 0,
            weights: [1; 81],
            root_solved: false,
        };
        if possible && propagate(&search.extras, &mut search.states[0]) {
            match choose(&search.states[0], &search.weights) {
                None => search.root_solved = true,
                Some(frame) => search.frames.push(frame),
            }
        }
        search
    }

    /// The next solution, or `None` when there is none.
    pub(super) fn next_grid(&mut self) -> Option<Vec<u8>> {
        if std::mem::take(&mut self.root_solved) {
            return Some(self.states[0].grid());
        }
        loop {
            let level = self.frames.len();
            let frame = self.frames.last_mut()?;
            if frame.left == 0 {
                self.frames.pop();
                continue;
            }
            let d = frame.left.trailing_zeros() as usize;
            frame.left &= frame.left - 1;
            let cell = usize::from(frame.cell);
            self.nodes += 1;
            if self.nodes.is_multiple_of(NODES_PER_INTERRUPT) {
                (self.interrupt)();
            }
            let mut child = self.states[level - 1];
            child.place(cell, d);
            if !propagate(&self.extras, &mut child) {
                // Blame every cell the contradiction left without a digit (where the
                // mask search blames the first it empties), else the cell branched on.
                let mut blamed = false;
                for (k, empty) in child.empty_cells().into_iter().enumerate() {
                    let mut cells = empty;
                    while cells != 0 {
                        let c = k * 27 + cells.trailing_zeros() as usize;
                        cells &= cells - 1;
                        self.weights[c] = self.weights[c].saturating_add(1);
                        blamed = true;
                    }
                }
                if !blamed {
                    self.weights[cell] = self.weights[cell].saturating_add(1);
                }
                continue;
            }
            self.states.truncate(level);
            self.states.push(child);
            match choose(&child, &self.weights) {
                None => return Some(child.grid()),
                Some(frame) => self.frames.push(frame),
            }
        }
    }

    /// Nodes tried so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The blank cell with the greatest conflict weight per candidate, ties to the fewest
/// candidates (the first in cell order among equals), `None` when none is blank. The
/// candidates are counted bit-sliced over the nine boards (bit `j` of each cell's
/// count in `count[j]`).
fn choose(st: &State, weights: &[u32; 81]) -> Option<Frame> {
    let mut best = None;
    let (mut best_k, mut best_w) = (1u64, 0u64);
    for k in 0..3 {
        let mut count = [0u32; 4];
        for board in &st.cand {
            let mut carry = board[k];
            for slice in &mut count {
                let next = *slice & carry;
                *slice ^= carry;
                carry = next;
            }
        }
        let mut open = st.blank[k];
        while open != 0 {
            let i = open.trailing_zeros();
            open &= open - 1;
            let n = (0..4).fold(0u64, |n, j| n | u64::from(count[j] >> i & 1) << j);
            let c = k * 27 + i as usize;
            let w = u64::from(weights[c]);
            if n > 1 && outweighs(w, n, best_w, best_k) {
                best_k = n;
                best_w = w;
                best = Some(c);
            }
        }
    }
    let cell = best?;
    Some(Frame {
        cell: cell as u8,
        left: st.digits_of(cell),
    })
}
