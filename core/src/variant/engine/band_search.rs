//! The band search: depth first over an explicit stack of bitboard states, for rules
//! whose units are a grid's rows, columns and boxes with at most what [`super::bands`]
//! adds on 9×9 (extra groups, knight's moves, king's steps, nc), nothing added on
//! 16×16 ([`super::sixteen`]), or 9×9 groups alone without the boxes
//! ([`super::groups`]: jigsaw regions). A state is a [`BandNode`]: per digit a board of
//! the cells that may hold it, cut into bands (one word of 81 cells for groups). The
//! cell branched on is [`super::search`]'s tuned choice: the greatest conflict weight
//! per candidate, ties to the fewest candidates; digits ascending; a contradiction
//! weighs on every cell it leaves empty. A node's state is about 460 bytes on 9×9 (192
//! over groups alone) and 550 bytes on 16×16, so the stack (at most one level per
//! cell, plus the root) stays under 150 kB whatever the number of solutions, and a
//! search stopped after a solution resumes where it was. On x86-64 CPUs with AVX2 the
//! search runs a second build of the same code, compiled for those instructions with
//! the states' rules inlined ([`BandSearch::next_grid`]); it takes the same steps (a
//! test compares them) and is faster on 16×16 boards.

use super::search::outweighs;
use crate::variant::text::VariantPuzzle;
use std::rc::Rc;

/// The contract between the band search and a bitboard state (digits 0-based).
pub(super) trait BandNode: Copy {
    /// What propagation reads besides the state: the rules, as boards.
    type Rules;
    /// Cells in the grid.
    const CELLS: usize;
    /// Every digit everywhere, every cell blank.
    fn empty() -> Self;
    /// True when cell `c` may hold digit `d`.
    fn has(&self, c: usize, d: usize) -> bool;
    /// Takes digit `d` from cell `c`.
    fn remove(&mut self, c: usize, d: usize);
    /// Fills cell `c` with digit `d` (a digit it had, or the cell is left empty).
    fn place(&mut self, c: usize, d: usize);
    /// Propagates to a fixpoint; false on a contradiction.
    fn propagate(&mut self, rules: &Self::Rules) -> bool;
    /// Calls `blame` on every cell left without a digit.
    fn for_each_empty_cell(&self, blame: impl FnMut(usize));
    /// The blank cell with the greatest weight per candidate ([`outweighs`]),
    /// the first in cell order among equals, and its digits (bit `d` for digit `d +
    /// 1`); `None` when no cell is blank.
    fn choose(&self, weights: &Weights) -> Option<(usize, u32)>;
    /// The digits (1-based) of a complete state, cell by cell.
    fn grid(&self) -> Vec<u8>;
}

/// The conflict weights of the cells ([`BandNode::choose`]), with the greatest of them,
/// so that a choice knows when no cell with more candidates can win.
pub(super) struct Weights {
    per_cell: Vec<u32>,
    heaviest: u32,
}

impl Weights {
    /// Every cell weighs 1.
    pub(super) fn new(cells: usize) -> Weights {
        Weights {
            per_cell: vec![1; cells],
            heaviest: 1,
        }
    }

    /// Weights given cell by cell (tests).
    #[cfg(test)]
    pub(super) fn of(per_cell: Vec<u32>) -> Weights {
        let heaviest = per_cell.iter().copied().max().unwrap_or(1);
        Weights { per_cell, heaviest }
    }

    /// A contradiction left cell `c` empty, or branching on it failed at once.
    fn blame(&mut self, c: usize) {
        let w = self.per_cell[c].saturating_add(1);
        self.per_cell[c] = w;
        self.heaviest = self.heaviest.max(w);
    }
}

/// A band of cells offered to [`Choice::offer`]: bit `i` is cell `first + i`; `open`
/// the blank cells; `count` their candidates bit-sliced (bit `i` of `count[j]` is bit
/// `j` of that cell's count, as [`add_to_count`] makes them).
pub(super) struct CountedBand<const SLICES: usize> {
    pub(super) first: usize,
    pub(super) open: u64,
    pub(super) count: [u64; SLICES],
}

/// [`BandNode::choose`]'s rule over bands of cells whose candidates are counted
/// bit-sliced: the blank cell with the greatest weight per candidate.
pub(super) struct Choice {
    best: Option<usize>,
    best_n: u64,
    best_w: u64,
    /// The most candidates a cell may have (the side).
    most: u64,
}

impl Choice {
    /// A choice among cells of up to `most` candidates.
    pub(super) fn new(most: u64) -> Choice {
        Choice {
            best: None,
            best_n: 1,
            best_w: 0,
            most,
        }
    }

    /// Offers the blank cells of `bands`, read a count at a time (the cells with `n`
    /// candidates are one mask of the slices, so no cell's count is pieced together),
    /// fewest candidates first, each count's cells in cell order. The choice is the one
    /// of reading every cell in cell order: only cells with the same count and weight
    /// tie, and those are read in order. Once the heaviest weight over `n` candidates
    /// cannot outweigh the best so far, no cell with `n` or more can, and the reading
    /// stops (a test compares it with the cell-by-cell way).
    #[inline(always)]
    pub(super) fn offer<const SLICES: usize>(
        &mut self,
        bands: &[CountedBand<SLICES>],
        weights: &Weights,
    ) {
        let heaviest = u64::from(weights.heaviest);
        for n in 2..=self.most {
            if self.best.is_some() && heaviest * self.best_n <= self.best_w * n {
                return;
            }
            for band in bands {
                let mut cells = band.open;
                for (j, slice) in band.count.iter().enumerate() {
                    cells &= if n >> j & 1 == 1 { *slice } else { !*slice };
                }
                while cells != 0 {
                    let c = band.first + cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    let w = u64::from(weights.per_cell[c]);
                    if outweighs(w, n, self.best_w, self.best_n) {
                        self.best_n = n;
                        self.best_w = w;
                        self.best = Some(c);
                    }
                }
            }
        }
    }

    /// [`Choice::offer`] the plain way: each cell in order, its count pieced together
    /// from the slices (tests).
    #[cfg(test)]
    pub(super) fn offer_cell_by_cell<const SLICES: usize>(
        &mut self,
        bands: &[CountedBand<SLICES>],
        weights: &Weights,
    ) {
        for band in bands {
            let mut open = band.open;
            while open != 0 {
                let i = open.trailing_zeros();
                open &= open - 1;
                let n = (0..SLICES).fold(0u64, |n, j| n | (band.count[j] >> i & 1) << j);
                let c = band.first + i as usize;
                let w = u64::from(weights.per_cell[c]);
                if n > 1 && outweighs(w, n, self.best_w, self.best_n) {
                    self.best_n = n;
                    self.best_w = w;
                    self.best = Some(c);
                }
            }
        }
    }

    /// The cell chosen, `None` when none was offered with two candidates or more.
    pub(super) fn cell(&self) -> Option<usize> {
        self.best
    }
}

/// Adds a board's band (its cells as bits) to bit-sliced counts, cell by cell.
#[inline(always)]
pub(super) fn add_to_count(count: &mut [u64], band: u64) {
    let mut carry = band;
    for slice in count {
        let next = *slice & carry;
        *slice ^= carry;
        carry = next;
    }
}

/// A cell branched on and the digits not tried yet.
struct Frame {
    cell: u16,
    left: u32,
}

/// Nodes between two calls of the interrupt callback.
const NODES_PER_INTERRUPT: u64 = 256;

/// A band search in progress.
pub(super) struct BandSearch<N: BandNode, I: FnMut()> {
    rules: Rc<N::Rules>,
    interrupt: I,
    /// Level `i` is the state frame `i` branches on; a child goes to level `i + 1`.
    states: Vec<N>,
    frames: Vec<Frame>,
    nodes: u64,
    /// How often branching on each cell failed at once (conflict weights).
    weights: Weights,
    /// The givens alone fill the grid: level 0 is the one solution, not yet returned.
    root_solved: bool,
    /// The CPU runs [`BandSearch::next_grid_wide`] ([`cpu_is_wide`]).
    wide: bool,
}

impl<N: BandNode, I: FnMut()> BandSearch<N, I> {
    /// A search of the puzzle (of `N::CELLS` cells, `rules` from its geometry), with
    /// `excluded` (a cell, a digit) ruled out if given.
    pub(super) fn new(
        rules: Rc<N::Rules>,
        puzzle: &VariantPuzzle,
        excluded: Option<(usize, u8)>,
        interrupt: I,
    ) -> BandSearch<N, I> {
        assert_eq!(puzzle.cells.len(), N::CELLS, "a puzzle of the state's size");
        let mut root = N::empty();
        let mut possible = true;
        for (c, &d) in puzzle.cells.iter().enumerate() {
            if d != 0 {
                let d = usize::from(d - 1);
                // A given its peers already took: no solution.
                possible &= root.has(c, d);
                root.place(c, d);
            }
        }
        if let Some((c, d)) = excluded {
            root.remove(c, usize::from(d - 1));
        }
        let mut search = BandSearch {
            rules,
            interrupt,
            states: vec![root],
            frames: Vec::new(),
            nodes: 0,
            weights: Weights::new(N::CELLS),
            root_solved: false,
            wide: cpu_is_wide(),
        };
        if possible && search.states[0].propagate(&search.rules) {
            match search.states[0].choose(&search.weights) {
                None => search.root_solved = true,
                Some((cell, left)) => search.frames.push(Frame {
                    cell: cell as u16,
                    left,
                }),
            }
        }
        search
    }

    /// The next solution, or `None` when there is none.
    pub(super) fn next_grid(&mut self) -> Option<Vec<u8>> {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` is set only where the CPU has every feature
            // `next_grid_wide` is compiled for (`cpu_is_wide`).
            return unsafe { self.next_grid_wide() };
        }
        self.next_grid_here()
    }

    /// [`BandSearch::next_grid`] compiled for x86-64-v3's AVX2 and bit instructions: the
    /// same code (the states' rules are inlined into it), so the same steps and results
    /// (a test compares both), with the 16×16 boards' loops over four bands in one
    /// vector and a bit scan or cleared lowest bit in one instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn next_grid_wide(&mut self) -> Option<Vec<u8>> {
        self.next_grid_here()
    }

    /// The search itself, inlined into both builds of [`BandSearch::next_grid`].
    #[inline(always)]
    fn next_grid_here(&mut self) -> Option<Vec<u8>> {
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
            if !child.propagate(&self.rules) {
                // Blame every cell the contradiction left without a digit (where the
                // mask search blames the first it empties), else the cell branched on.
                let mut blamed = false;
                let weights = &mut self.weights;
                child.for_each_empty_cell(|c| {
                    weights.blame(c);
                    blamed = true;
                });
                if !blamed {
                    self.weights.blame(cell);
                }
                continue;
            }
            self.states.truncate(level);
            self.states.push(child);
            match child.choose(&self.weights) {
                None => return Some(child.grid()),
                Some((cell, left)) => self.frames.push(Frame {
                    cell: cell as u16,
                    left,
                }),
            }
        }
    }

    /// Nodes tried so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The search with the plain build of [`BandSearch::next_grid`] whatever the CPU
    /// (tests).
    #[cfg(test)]
    pub(super) fn plain(mut self) -> Self {
        self.wide = false;
        self
    }
}

/// True when the CPU has the features [`BandSearch::next_grid_wide`] is compiled for
/// (detected once by the standard library, then a load).
pub(super) fn cpu_is_wide() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
