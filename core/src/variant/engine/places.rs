//! Each digit's places: for each digit the set of cells still holding it, and for each
//! group and digit how many of the group's cells do (the count), kept per search level
//! beside the masks. Hidden singles, locked candidates and the few-place rules read
//! them instead of scanning cells.
//!
//! Every removal is logged with the digits it took ([`Work::removed`]); reading the log
//! takes the cell out of each taken digit's set and one from the count of each (group
//! of the cell, digit taken). A count that reaches 0 is a contradiction (the group
//! lacks the digit), 1 a hidden single (the digit goes to its one place), and a few (up
//! to [`few_limit`]) marks the (group, digit) for locked candidates
//! ([`super::locked`]) and the few-place rules ([`super::pairs`]). Those rules read
//! only the digit's places in the group, which change exactly when its count drops,
//! so nothing else can give them anything new.
//!
//! This replaces scanning every cell of every group touched by a change (the test-only
//! [`super::full`] still does): a placement touches nearly every group, so the scan
//! read each cell of the grid once per placement, where the counts cost one step per
//! digit taken from a cell and group, and a rule with nothing to do costs a few word
//! operations. The sets and counts lag the masks until the log is read: rules that
//! read them act on more places than the digit has, which only weakens them (fewer
//! common peers, no lock) until the removal is read and marks the group again. The
//! fixpoint is the plain way's (a test compares them).

use super::tables::Tables;
use super::work::Work;

/// One level's places: `counts` (`side` per group) and `cells` (per digit, a set of
/// [`Tables::words`] words).
pub(super) struct Places<'a> {
    pub(super) counts: &'a mut [u8],
    pub(super) cells: &'a mut [u64],
}

impl Places<'_> {
    /// The cells of group `g` holding digit `d` (0-based) as a set, one word at a time.
    #[inline]
    pub(super) fn in_group<'s>(
        &'s self,
        tables: &'s Tables,
        g: usize,
        d: usize,
    ) -> impl Iterator<Item = u64> + 's {
        let w = tables.words;
        self.cells[d * w..(d + 1) * w]
            .iter()
            .zip(&tables.group_bits[g * w..(g + 1) * w])
            .map(|(a, b)| a & b)
    }

    /// The set of cells holding digit `d` (0-based).
    #[inline]
    pub(super) fn of_digit(&self, tables: &Tables, d: usize) -> &[u64] {
        &self.cells[d * tables.words..(d + 1) * tables.words]
    }
}

/// One level's places, owned (tests).
#[cfg(test)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct OwnedPlaces {
    counts: Vec<u8>,
    cells: Vec<u64>,
}

#[cfg(test)]
impl OwnedPlaces {
    /// Places of the right sizes, to be set by [`count_places`] or
    /// [`super::propagate::propagate_from_scratch`].
    pub(super) fn new(tables: &Tables) -> OwnedPlaces {
        let (counts, cells) = sizes(tables);
        OwnedPlaces {
            counts: vec![0; counts],
            cells: vec![0; cells],
        }
    }

    pub(super) fn view(&mut self) -> Places<'_> {
        Places {
            counts: &mut self.counts,
            cells: &mut self.cells,
        }
    }
}

/// Sizes of one level's places: (counts, words of cell sets).
pub(super) fn sizes(tables: &Tables) -> (usize, usize) {
    (
        tables.group_count() * tables.side,
        tables.side * tables.words,
    )
}

/// Sets the places from the masks.
pub(super) fn count_places(tables: &Tables, cand: &[u32], places: &mut Places) {
    let side = tables.side;
    places.counts.fill(0);
    places.cells.fill(0);
    for (c, &m) in cand.iter().enumerate() {
        let mut m = m;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            places.cells[d * tables.words + c / 64] |= 1 << (c % 64);
            for &g in tables.groups_of.of(c) {
                places.counts[usize::from(g) * side + d] += 1;
            }
        }
    }
}

/// Counts from scratch and acts on every count (a search's root, where nothing was
/// logged with its digits); false on a contradiction.
pub(super) fn recount(
    tables: &Tables,
    cand: &mut [u32],
    places: &mut Places,
    work: &mut Work,
) -> bool {
    count_places(tables, cand, places);
    let side = tables.side;
    for g in 0..tables.group_count() {
        for d in 0..side {
            let n = places.counts[g * side + d];
            if !act_on(tables, g, d, n, cand, places, work) {
                return false;
            }
        }
    }
    true
}

/// Reads the log from `from` to `to`, taking each removal off the places and acting
/// on the counts it changes; false on a contradiction.
pub(super) fn read_removals(
    tables: &Tables,
    cand: &mut [u32],
    places: &mut Places,
    work: &mut Work,
    from: usize,
    to: usize,
) -> bool {
    let (side, w) = (tables.side, tables.words);
    // No group marks a digit with more places than this: such counts need no look.
    let ceiling = tables.most_locked.max(if work.two_places { 3 } else { 1 }) as u8;
    for i in from..to {
        let bits = work.removed[i];
        if bits == 0 {
            continue;
        }
        let cell = usize::from(work.changed[i]);
        let mut left = bits;
        while left != 0 {
            let d = left.trailing_zeros() as usize;
            left &= left - 1;
            places.cells[d * w + cell / 64] &= !(1 << (cell % 64));
        }
        for &g in tables.groups_of.of(cell) {
            let g = usize::from(g);
            let mut left = bits;
            while left != 0 {
                let d = left.trailing_zeros() as usize;
                left &= left - 1;
                let n = &mut places.counts[g * side + d];
                debug_assert!(*n > 0, "a digit taken twice from a cell");
                *n -= 1;
                let n = *n;
                if n <= ceiling && !act_on(tables, g, d, n, cand, places, work) {
                    return false;
                }
            }
        }
    }
    true
}

/// What a count of `n` places of digit `d` (0-based) in group `g` calls for.
#[inline(always)]
fn act_on(
    tables: &Tables,
    g: usize,
    d: usize,
    n: u8,
    cand: &mut [u32],
    places: &Places,
    work: &mut Work,
) -> bool {
    match n {
        0 => false,
        1 => {
            place_hidden(tables, g, d, cand, places, work);
            true
        }
        n => {
            if usize::from(n) <= few_limit(tables, g, work) {
                work.mark_few(g, 1 << d);
            }
            true
        }
    }
}

/// Digit `d` has one place in group `g`: it goes there. The places agree with the
/// counts; the masks may have moved on (removals logged but not read yet): if the
/// cell no longer holds the digit, reading that removal brings the count to 0, the
/// contradiction.
#[inline(always)]
fn place_hidden(
    tables: &Tables,
    g: usize,
    d: usize,
    cand: &mut [u32],
    places: &Places,
    work: &mut Work,
) {
    let bit = 1u32 << d;
    for (i, word) in places.in_group(tables, g, d).enumerate() {
        if word != 0 {
            let c = i * 64 + word.trailing_zeros() as usize;
            let m = cand[c];
            if m & bit != 0 && m != bit {
                work.narrow(cand, c as u16, bit);
            }
            return;
        }
    }
}

/// The cells of a set, in order.
#[inline]
pub(super) fn cells_of(set: &[u64]) -> impl Iterator<Item = u16> + '_ {
    set.iter().enumerate().flat_map(|(i, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let b = word.trailing_zeros() as usize;
                word &= word - 1;
                (i * 64 + b) as u16
            })
        })
    })
}

/// The most places a digit may have in group `g` for [`super::propagate`]'s
/// locked-candidate and few-place stage to act on it: the group's
/// [`Tables::locked_limit`], or 3 when the few-place rules run and that is more.
#[inline]
pub(super) fn few_limit(tables: &Tables, g: usize, work: &Work) -> usize {
    let few = if work.two_places { 3 } else { 0 };
    usize::from(tables.locked_limit[g]).max(few)
}
