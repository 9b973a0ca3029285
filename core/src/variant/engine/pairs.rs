//! Digits with two places left in a group. The group holds the digit once, so it goes
//! to one of the two places:
//! - every cell that is a peer of both loses it (for a row and a box this is pointing,
//!   but it also reaches the cells a knight's move or a king's step from both places,
//!   or in another group of each, which no intersection covers);
//! - under `nc`, a cell that is one of the places or an orthogonal neighbour of each,
//!   and that is an orthogonal neighbour of the other, may not hold a digit next to it
//!   (holding `d ± 1` there would leave the digit neither place).
//!
//! Both read the cells of [`Tables::peer_bits`] and [`Tables::near_bits`] as sets.

use super::tables::Tables;
use super::work::Work;

/// The two-place rules in one group; false on a contradiction.
pub(super) fn two_places_in(
    tables: &Tables,
    group: &[u16],
    cand: &mut [u32],
    work: &mut Work,
) -> bool {
    let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
    for &c in group {
        let m = cand[usize::from(c)];
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
    }
    let mut two = twice & !thrice;
    let nc = !tables.near_bits.is_empty();
    while two != 0 {
        let bit = two & two.wrapping_neg();
        two &= two - 1;
        let mut places = group.iter().filter(|&&c| cand[usize::from(c)] & bit != 0);
        let (Some(&a), Some(&b)) = (places.next(), places.next()) else {
            continue; // gone meanwhile: a removal in this group took it
        };
        if !tables.peer_bits.is_empty()
            && !remove_from_both(tables, &tables.peer_bits, (a, b), bit, cand, work)
        {
            return false;
        }
        if nc {
            let near = ((bit << 1) | (bit >> 1)) & tables.all;
            if !remove_from_both(tables, &tables.near_bits, (a, b), near, cand, work) {
                return false;
            }
        }
    }
    true
}

/// Takes `bits` from every cell in the sets of both `a` and `b` (`sets` holds one set
/// of [`Tables::words`] words per cell); false on an emptied cell.
#[inline]
fn remove_from_both(
    tables: &Tables,
    sets: &[u64],
    (a, b): (u16, u16),
    bits: u32,
    cand: &mut [u32],
    work: &mut Work,
) -> bool {
    let w = tables.words;
    let (a, b) = (usize::from(a) * w, usize::from(b) * w);
    for i in 0..w {
        let mut both = sets[a + i] & sets[b + i];
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
