//! Memos of searches that found nothing, per digit or per unit, per thread.
//!
//! Many searches of the ladder look at one digit, or one unit, at a time, and what they
//! find there is a function of that digit's candidate cells alone (or of that unit's
//! candidates alone). Between two positions of a path few digits and units change, and
//! at most positions every search below the one that fires fails again. So each such
//! search remembers, per digit (or unit), the exact candidates on which it last found
//! nothing, and skips that digit (unit) when they have not changed: the search then
//! finds exactly what it would have found, sooner. The key is the candidates themselves,
//! never a hash, so a memo can only say "nothing here" when that is true; it is shared
//! by every puzzle rated on the thread. 9×9 grids only.
//!
//! Exact: a memo says "nothing here" only for the very candidates on which the search
//! found nothing, and the search is a function of them alone; [`forget`] clears them all
//! (through `logic::forget_search_memos`).

use crate::logic::context::Context;
use std::cell::Cell;

/// The searches that keep a memo, one slot each.
pub(crate) mod slot {
    /// Intersections, per (unit kinds pair, digit): direct, then plain.
    pub const DIRECT_INTERSECTIONS: usize = 0;
    pub const INTERSECTIONS: usize = 1;
    /// Basic fish of size 2, 3, 4 (per digit).
    pub const FISH: [usize; 5] = [0, 0, 2, 3, 4];
    /// Turbot fish (skyscraper, two-string kite) and three strong links, per digit.
    pub const TURBOT_FISH: usize = 5;
    pub const THREE_STRONG_LINKS: usize = 6;
    /// Per unit: hidden subsets of 2 to 4 digits, direct (slots 0-2) or not (3-5),
    /// then naked subsets of 2 to 4 cells (6-8); none for other sizes.
    pub fn subsets(naked: bool, direct: bool, degree: usize) -> Option<usize> {
        if !(2..=4).contains(&degree) || (naked && direct) {
            return None;
        }
        Some(
            degree - 2
                + if naked {
                    6
                } else if direct {
                    0
                } else {
                    3
                },
        )
    }
}

const DIGIT_SLOTS: usize = 7;
const DIGIT_KEYS: usize = 4 * 9;
const UNIT_SLOTS: usize = 9;
/// Never a key: keys use the low 81 (digit) or 85 (unit) bits.
const NONE: u128 = u128::MAX;

thread_local! {
    static DIGITS: [[Cell<u128>; DIGIT_KEYS]; DIGIT_SLOTS] = const { [const { [const { Cell::new(NONE) }; DIGIT_KEYS] }; DIGIT_SLOTS] };
    static UNITS: [[Cell<u128>; 27]; UNIT_SLOTS] = const { [const { [const { Cell::new(NONE) }; 27] }; UNIT_SLOTS] };
}

/// True when the search of `slot` last found nothing at `key` (a digit, or up to 4
/// kinds of a digit: `kind * 9 + digit - 1`) with these candidate cells.
#[inline]
pub(crate) fn digit_known(slot: usize, key: usize, cells: u128) -> bool {
    DIGITS.with(|t| t[slot][key].get() == cells)
}

/// Records that the search of `slot` found nothing at `key` with these candidate cells.
#[inline]
pub(crate) fn digit_record(slot: usize, key: usize, cells: u128) {
    DIGITS.with(|t| t[slot][key].set(cells))
}

/// Forgets every memo of this thread (for benchmarks that rate a puzzle repeatedly
/// and want each rating to start from nothing).
pub(crate) fn forget() {
    DIGITS.with(|t| t.iter().flatten().for_each(|c| c.set(NONE)));
    UNITS.with(|t| t.iter().flatten().for_each(|c| c.set(NONE)));
}

/// How many memos of this thread hold a key (for tests).
#[cfg(test)]
pub(crate) fn remembering() -> usize {
    let digits = DIGITS.with(|t| t.iter().flatten().filter(|c| c.get() != NONE).count());
    digits + UNITS.with(|t| t.iter().flatten().filter(|c| c.get() != NONE).count())
}

/// The key of unit `u` of a 9×9 context: the places of every digit in it and its
/// number of blank cells, packed.
#[inline]
pub(crate) fn unit_key(ctx: &Context, u: usize) -> u128 {
    let mut key = ctx.blanks[u] as u128;
    for d in 0..9 {
        key |= (ctx.pos[u][d] as u128) << (4 + 9 * d);
    }
    key
}

/// True when the unit search of `slot` last found nothing in unit `u` with this key.
#[inline]
pub(crate) fn unit_known(slot: usize, u: usize, key: u128) -> bool {
    UNITS.with(|t| t[slot][u].get() == key)
}

/// Records that the unit search of `slot` found nothing in unit `u` with this key.
#[inline]
pub(crate) fn unit_record(slot: usize, u: usize, key: u128) {
    UNITS.with(|t| t[slot][u].set(key))
}
