//! Propagation of one node to a fixpoint, in three steps:
//!
//! 1. *Band update* of every board that changed: keep only the triads on some
//!    permutation (this is locked candidates, "pointing" and "claiming", inside the band;
//!    none left is a contradiction); a box of the band whose cells for the digit lie in
//!    one column takes that column from the digit's other two bands (the same rule
//!    between a box and a column, which also carries every placement to the cell's
//!    column); and a triad the digit must occupy with one cell left is a hidden single,
//!    alone in its row and its box.
//! 2. *Naked singles*: the blank cells set in exactly one board, found for a band at
//!    once by running counts ("seen once", "twice", "three times") over the nine boards.
//!    The same counts give the cells with two candidates, where MRV branches, and a cell
//!    seen in no board is a contradiction.
//! 3. *Hidden singles in columns*: columns where a digit's three bands have one bit
//!    between them, on a blank cell (a column with no bit is a contradiction).
//!
//! Each is checked for what it may change; the update of a band changes nothing when the
//! board is as it was at its last update, so only changed boards are looked at.

use super::band::{column_places, spread, BAND, ROW};
use super::boards::{changed_boards, update_band};
use super::state::State;
use crate::grid::UnitKind;
use crate::search::{Event, Observer, PlacedBy, Tally};

/// What propagation needs besides the node: the tally and the observer (apart from the
/// nodes, so that a node is propagated in place).
pub(crate) struct Ctx<O: Observer> {
    pub(crate) tally: Tally,
    pub(crate) observer: O,
}

impl<O: Observer> Ctx<O> {
    /// Band updates, naked singles and hidden singles in columns to a fixpoint. Returns
    /// false on a contradiction.
    ///
    /// Band updates place their singles many at a time without counting them: they
    /// are the blank cells filled here less those the other steps counted.
    #[inline(always)]
    pub(super) fn propagate(&mut self, st: &mut State, depth: u32) -> bool {
        let blanks = st.blanks();
        let counted = self.tally.stats.forced();
        let ok = self.propagate_counted(st, depth);
        let filled = (blanks - st.blanks()) as u64;
        self.tally.stats.band_singles += filled - (self.tally.stats.forced() - counted);
        ok
    }

    fn propagate_counted(&mut self, st: &mut State, depth: u32) -> bool {
        loop {
            if !self.update_changed_bands(st, depth) {
                return false;
            }
            if st.solved() {
                return true;
            }
            match self.place_naked_singles(st, depth) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.place_column_hidden_singles(st, depth) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Updates every board that changed since its last update, until none does. Each
    /// round finds the changed boards among all 27 at once (see [`changed_boards`]).
    #[inline(always)]
    fn update_changed_bands(&mut self, st: &mut State, depth: u32) -> bool {
        loop {
            let mut changed = changed_boards(&st.cand, &st.seen);
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let j = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.update_band_with_locked_candidates(st, j / 3, j % 3, depth) {
                    return false;
                }
            }
        }
    }

    /// The band update of digit `d + 1` in band `k` (step 1 of the module documentation).
    #[inline(always)]
    fn update_band_with_locked_candidates(
        &mut self,
        st: &mut State,
        d: usize,
        k: usize,
        depth: u32,
    ) -> bool {
        let Some(singles) = update_band(&mut st.cand, &mut st.seen, &mut st.blank, d, k) else {
            return false;
        };
        if O::EVENTS {
            let mut bits = singles;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.observer.event(Event::Place {
                    cell: (k * 27 + i) as u8,
                    digit: d as u8 + 1,
                    by: PlacedBy::BandUpdate,
                    depth,
                });
            }
        }
        true
    }

    /// One pass of naked singles over the three bands: `Some(placed anything)`, or
    /// `None` on a contradiction. Also notes the cells with two candidates.
    #[inline(always)]
    fn place_naked_singles(&mut self, st: &mut State, depth: u32) -> Option<bool> {
        let mut progress = false;
        for k in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for board in &st.cand {
                let w = board[k];
                three |= two & w;
                two |= one & w;
                one |= w;
            }
            // Every cell, filled or blank, needs a bit: a filled one keeps its digit's.
            if one != BAND {
                return None;
            }
            st.pairs[k] = two & !three;
            let mut singles = st.blank[k] & !two;
            while singles != 0 {
                let i = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this pass may have taken the last candidate.
                let d = st.first_digit(k, 1 << i)?;
                self.tally.placed(
                    &mut self.observer,
                    k * 27 + i,
                    d as u8 + 1,
                    PlacedBy::NakedSingle,
                    depth,
                );
                st.fill(k, i, d);
                progress = true;
            }
        }
        Some(progress)
    }

    /// One pass of hidden singles in columns over the nine digits: `Some(placed
    /// anything)`, or `None` on a contradiction. A column where the digit stands has
    /// that one bit, on a filled cell (band updates have cleared the rest of it), so
    /// "one bit, on a blank cell" is exactly "one place left".
    #[inline(always)]
    fn place_column_hidden_singles(&mut self, st: &mut State, depth: u32) -> Option<bool> {
        let mut progress = false;
        for d in 0..9 {
            let ([a0, a1, a2], twice) = column_places(st.cand[d]);
            if a0 | a1 | a2 != ROW {
                return None;
            }
            if twice == ROW {
                continue;
            }
            let single = spread(ROW & !twice);
            for k in 0..3 {
                let mut cells = st.cand[d][k] & st.blank[k] & single;
                while cells != 0 {
                    let i = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    // An earlier single of this pass may have filled the cell or taken
                    // the digit from it; the next pass sees what that leaves.
                    if (st.cand[d][k] & st.blank[k]) >> i & 1 == 0 {
                        continue;
                    }
                    self.tally.placed(
                        &mut self.observer,
                        k * 27 + i,
                        d as u8 + 1,
                        PlacedBy::HiddenSingle(UnitKind::Col),
                        depth,
                    );
                    st.place(k, i, d);
                    progress = true;
                }
            }
        }
        Some(progress)
    }
}
