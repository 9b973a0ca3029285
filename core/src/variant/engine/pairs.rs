//! Digits with two or three places left in a group. The group holds the digit once, so
//! it goes to one of them:
//! - under anti-knight or anti-king, every cell that is a peer of each place loses it
//!   (for a row and a box this is pointing, but it also reaches the cells a knight's
//!   move or a king's step from the places, which no intersection covers; the rule is
//!   off elsewhere, see [`super::tables::common_peers_pay`]);
//! - under `nc`, a cell that is each place or an orthogonal neighbour of it may not
//!   hold a digit next to the digit (holding `d ± 1` there would leave the digit no
//!   place: a neighbour may not take `d`, nor may the cell itself).
//!
//! Both read the cells of [`Tables::peer_bits`] and [`Tables::near_bits`] as sets.

use super::places::Places;
use super::tables::Tables;
use super::work::Work;

/// The few-place rules in one group, every digit (tests: the search marks digits,
/// [`few_places_of`]); false on a contradiction.
#[cfg(test)]
pub(super) fn few_places_in(
    tables: &Tables,
    group: &[u16],
    cand: &mut [u32],
    work: &mut Work,
) -> bool {
    let (mut once, mut twice, mut thrice, mut four) = (0u32, 0u32, 0u32, 0u32);
    for &c in group {
        let m = cand[usize::from(c)];
        four |= thrice & m;
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
    }
    // Digits with two or three places (one found with fewer below is skipped: a
    // removal in this group took it meanwhile).
    let mut few = twice & !four;
    while few != 0 {
        let bit = few & few.wrapping_neg();
        few &= few - 1;
        let places: Vec<u16> = group
            .iter()
            .copied()
            .filter(|&c| cand[usize::from(c)] & bit != 0)
            .collect();
        // Gone meanwhile (a removal in this group took it), or left with one place.
        if (2..=3).contains(&places.len()) && !few_places_of(tables, &places, bit, None, cand, work)
        {
            return false;
        }
    }
    true
}

/// The few-place rules for digit `bit` with its two or three `places` in a group;
/// false on a contradiction.
#[inline]
pub(super) fn few_places_of(
    tables: &Tables,
    places: &[u16],
    bit: u32,
    holders: Option<&Places>,
    cand: &mut [u32],
    work: &mut Work,
) -> bool {
    debug_assert!((2..=3).contains(&places.len()));
    let w = tables.words;
    // The cells that may hold `digits` (all, without `holders`; a superset of the
    // masks' when they lag, so no cell to clear is skipped), word `i`.
    let may_hold = |digits: u32, i: usize| -> u64 {
        let Some(holders) = holders else { return !0 };
        let mut m = digits;
        let mut set = 0;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            set |= holders.of_digit(tables, d)[i];
        }
        set
    };
    if tables.common_peers
        && !remove_from_all(w, &tables.peer_bits, places, bit, &may_hold, cand, work)
    {
        return false;
    }
    if !tables.near_bits.is_empty() {
        let near = ((bit << 1) | (bit >> 1)) & tables.all;
        if !remove_from_all(w, &tables.near_bits, places, near, &may_hold, cand, work) {
            return false;
        }
    }
    true
}

/// Takes `bits` from every cell in the sets (`sets`, `words` words per cell) of every
/// place that may hold them (`may_hold`); false on an emptied cell.
#[inline]
fn remove_from_all(
    words: usize,
    sets: &[u64],
    places: &[u16],
    bits: u32,
    may_hold: &impl Fn(u32, usize) -> u64,
    cand: &mut [u32],
    work: &mut Work,
) -> bool {
    for i in 0..words {
        let mut both = places
            .iter()
            .fold(!0u64, |acc, &p| acc & sets[usize::from(p) * words + i]);
        if both != 0 {
            both &= may_hold(bits, i);
        }
        while both != 0 {
            let c = i * 64 + both.trailing_zeros() as usize;
            both &= both - 1;
            if !work.remove(cand, c as u16, bits) {
                return false;
            }
        }
    }
    true
}
