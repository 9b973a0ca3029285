//! The incremental rule of the pattern searches that almost never find anything (the
//! ALS-type wings, XY- and XYZ-wings, unique loops, aligned exclusion): per thread and per search ("slot"),
//! the candidates of the 81 cells at the last position where that search found nothing.
//!
//! Candidates only ever shrink along a rating. When every cell's candidates at the
//! current position are a subset of the snapshot's, let C be the cells whose candidates
//! differ (placed cells included, their candidates being 0). A pattern whose existence
//! and eliminations depend only on the candidates of cells outside C (its own cells and
//! its target cells, whose candidates can only have shrunk) existed identically at the
//! snapshot, where it eliminated nothing; it still eliminates nothing. So the search
//! may skip such patterns, provided it still meets the others in the same order (its
//! choice among the patterns it finds is then the full search's). Each search documents
//! what its patterns depend on and how it prunes; when the search finds nothing, the
//! current position becomes the snapshot (it then satisfies the same invariant: the
//! full search there finds nothing). When it finds a step, the snapshot stays.
//!
//! The memo is a cache: it changes no step (tests compare every path with the rule on
//! and off), and [`forget`] clears it (through `logic::forget_search_memos`). Memory: a few 81-cell arrays
//! per thread.

use crate::grid::Size;
use crate::logic::geometry::CellSet;
use crate::logic::marks::Marks;
use std::cell::Cell;

/// The searches keeping a snapshot.
pub(crate) mod slot {
    pub const WXYZ_WING: usize = 0;
    pub const VWXYZ_WING: usize = 1;
    pub const UNIQUE_LOOP: usize = 2;
    pub const XY_WING: usize = 3;
    pub const XYZ_WING: usize = 4;
    pub const ALIGNED_PAIR: usize = 5;
    pub const ALIGNED_TRIPLE: usize = 6;
}

const SLOTS: usize = 7;

/// A snapshot: the candidates of the 81 cells, and whether it holds anything.
struct Snapshot {
    valid: Cell<bool>,
    cands: [Cell<u16>; 81],
}

thread_local! {
    static SNAPSHOTS: [Snapshot; SLOTS] =
        const { [const { Snapshot { valid: Cell::new(false), cands: [const { Cell::new(0) }; 81] } }; SLOTS] };
    /// Off only in tests, to compare with full searches.
    static ENABLED: Cell<bool> = const { Cell::new(true) };
}

/// The cells whose candidates changed since the snapshot of `slot`, when there is one
/// and the current candidates are a subset of it cell by cell (9×9 only); `None` asks
/// for a full search, as does a grid with a blank cell without candidates (so that, with
/// the snapshots' grids having none either, a cell whose candidates did not change is
/// still blank or still filled: the loops' type 3 counts blank cells). `Some(0)`: the position is the snapshot's, where the search found
/// nothing.
pub(crate) fn changed(slot: usize, m: &Marks) -> Option<CellSet> {
    if m.size != Size::Nine || !ENABLED.with(|e| e.get()) {
        return None;
    }
    SNAPSHOTS.with(|s| {
        let s = &s[slot];
        if !s.valid.get() {
            return None;
        }
        changed_since(s.cands.iter().map(Cell::get), m)
    })
}

/// [`changed`] against the candidates `old` of a snapshot's 81 cells.
fn changed_since(old: impl Iterator<Item = u16>, m: &Marks) -> Option<CellSet> {
    let mut out: CellSet = 0;
    let mut extra = 0u16;
    for (c, old) in old.enumerate() {
        let now = m.cands[c];
        extra |= now & !old;
        if now != old {
            out |= 1u128 << c;
        } else if now == 0 && m.values[c] == 0 {
            return None;
        }
    }
    (extra == 0).then_some(out)
}

/// True when `m` can be a snapshot: 9×9, no blank cell without candidates.
fn recordable(m: &Marks) -> bool {
    m.size == Size::Nine && !(0..81).any(|c| m.cands[c] == 0 && m.values[c] == 0)
}

/// One snapshot held by its owner rather than per thread (the searches under a variant's
/// rules keep theirs with the rules' tables, `memo::ruled`, since what they find depends
/// on the rules' peers): the same rule as [`changed`] and [`record`].
#[derive(Default)]
pub(crate) struct OwnSnapshot {
    cands: Option<[u16; 81]>,
}

impl OwnSnapshot {
    /// [`changed`] against this snapshot.
    pub(crate) fn changed(&self, m: &Marks) -> Option<CellSet> {
        let old = self.cands.as_ref()?;
        if m.size != Size::Nine {
            return None;
        }
        changed_since(old.iter().copied(), m)
    }

    /// [`record`] into this snapshot.
    pub(crate) fn record(&mut self, m: &Marks) {
        if recordable(m) {
            self.cands = Some(std::array::from_fn(|c| m.cands[c]));
        }
    }
}

/// Records that the search of `slot` (full, or pruned by the rule) found nothing at `m`
/// (unless a blank cell of `m` has no candidate).
pub(crate) fn record(slot: usize, m: &Marks) {
    if !recordable(m) {
        return;
    }
    SNAPSHOTS.with(|s| {
        let s = &s[slot];
        for (c, cell) in s.cands.iter().enumerate() {
            cell.set(m.cands[c]);
        }
        s.valid.set(true);
    })
}

/// Forgets every snapshot of this thread.
pub(crate) fn forget() {
    SNAPSHOTS.with(|s| s.iter().for_each(|s| s.valid.set(false)));
}

/// How many snapshots of this thread are valid (for tests).
#[cfg(test)]
pub(crate) fn remembering() -> usize {
    SNAPSHOTS.with(|s| s.iter().filter(|s| s.valid.get()).count())
}

/// Turns the rule on or off for this thread (tests), forgetting the snapshots.
#[cfg(test)]
pub(crate) fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
    forget();
}

#[cfg(test)]
mod tests {
    use crate::generate::{generate, Options};
    use crate::logic::{path, rate};

    /// Ratings and whole paths are the same with the rule on (warm snapshots from the
    /// puzzles before) and off.
    #[test]
    fn incremental_rule_changes_no_step() {
        let puzzles: Vec<crate::Puzzle> = (0..300)
            .map(|i| {
                generate(
                    53,
                    i,
                    if i % 2 == 0 {
                        Options::default()
                    } else {
                        Options {
                            clues: 24,
                            ..Default::default()
                        }
                    },
                )
                .puzzle
            })
            .collect();
        super::set_enabled(true);
        let on: Vec<_> = puzzles
            .iter()
            .map(|p| (rate(p, &mut || {}), path(p, &mut || {})))
            .collect();
        super::set_enabled(false);
        for (p, w) in puzzles.iter().zip(&on) {
            assert_eq!(
                (rate(p, &mut || {}), path(p, &mut || {})),
                *w,
                "{}",
                p.to_line()
            );
        }
        super::set_enabled(true);
    }
}
