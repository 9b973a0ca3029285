//! The loop cores of the unique loops (`techniques::uniqueness::unique_loops`): per pair
//! of digits, the last 9×9 cell set asked and its core, a function of the set alone
//! (the set is the key, compared whole). Memory: 81 pairs of 128-bit sets per thread.

use crate::logic::geometry::CellSet;

/// Never a key (keys use the low 81 bits).
const NO_KEY: CellSet = CellSet::MAX;

thread_local! {
    static LOOP_CORES: [std::cell::Cell<(CellSet, CellSet)>; 81] =
        const { [const { std::cell::Cell::new((NO_KEY, 0)) }; 81] };
}

/// The core of `cells` for the pair of digits `pair`: kept, or made by `make` and kept.
#[inline]
pub(crate) fn get_or_make(pair: usize, cells: CellSet, make: impl FnOnce() -> CellSet) -> CellSet {
    LOOP_CORES.with(|t| {
        let (key, core) = t[pair].get();
        if key == cells {
            return core;
        }
        let core = make();
        t[pair].set((cells, core));
        core
    })
}

/// Forgets the loop cores of this thread.
pub(crate) fn forget() {
    LOOP_CORES.with(|t| t.iter().for_each(|c| c.set((NO_KEY, 0))));
}

/// How many pairs hold a core (for tests).
#[cfg(test)]
pub(crate) fn remembering() -> usize {
    LOOP_CORES.with(|t| t.iter().filter(|c| c.get().0 != NO_KEY).count())
}
