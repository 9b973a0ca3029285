//! Single-digit reasoning on digit planes (a digit's candidate cells as 81 bits): what a
//! nishio propagation of one digit turns on and off, without parents.

use super::work_grid::regions_of;
use crate::logic::geometry::CELL_UNITS_NINE as CELL_UNITS;
use crate::logic::geometry::{PEER_MASKS_NINE as PEER_BITS, UNIT_MASKS_NINE as UNIT_BITS};

/// The cells holding each digit of `grid` (`planes[d]`: bit `cell` when the cell has
/// digit `d + 1` as a candidate), one pass over the candidates.
pub fn digit_planes(grid: &[u16; 81]) -> [u128; 9] {
    let mut planes = [0u128; 9];
    for (cell, &m) in grid.iter().enumerate() {
        let bit = 1u128 << cell;
        let mut ds = m & 0x1ff;
        while ds != 0 {
            planes[ds.trailing_zeros() as usize] |= bit;
            ds &= ds - 1;
        }
    }
    planes
}

#[inline]
fn several128(m: u128) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// Whether [`Propagation::propagate`] of `start` in nishio mode (dynamic, no cell rules) meets a
/// contradiction, computed without parents on the digit's plane alone (`plane`: the
/// cells of the grid that hold the digit; nishio's rules never leave it).
///
/// Why it is the same: the rules (an "on" turns its peers off; an "off" turns on the
/// last place left in a unit of it) add a potential once its premises hold, whatever
/// the order, so a propagation that meets no contradiction ends with the least set
/// closed under them: a place turns on when every other place of one of its units
/// (at least one) is off. It meets one iff that closure holds a place both on and off
/// (everything the propagation adds is in the closure, and without a contradiction it
/// adds all of it). Here: "on" places turn their peers off, and a unit whose places
/// left are one after some went off turns it on, until nothing changes; a place both
/// on and off, or a unit of 2+ places all off (its last place would be turned on), is
/// the contradiction.
///
/// Returns `None` where the closure meets a contradiction, else the places it turns on.
/// Each of those places' "on" closure is within this one (which is closed under the
/// rules), so they meet no contradiction either.
pub fn plane_closure(plane: u128, cell: usize, on: bool) -> Option<u128> {
    plane_closure_in(&ClassicUnits, plane, cell, on)
}

/// The units a nishio propagation reads on a digit plane: the classic units
/// ([`ClassicUnits`]), or the groups of a variant's rules (`chains::ruled::planes`).
pub(crate) trait PlaneUnits {
    /// The cells sharing a unit with `cell`.
    fn peers(&self, cell: usize) -> u128;
    /// The units of `cell`, as bits.
    fn units_of(&self, cell: usize) -> u64;
    /// The cells of unit `unit`.
    fn cells(&self, unit: usize) -> u128;
}

/// The 27 rows, columns and boxes.
pub(crate) struct ClassicUnits;

impl PlaneUnits for ClassicUnits {
    #[inline]
    fn peers(&self, cell: usize) -> u128 {
        PEER_BITS[cell]
    }
    #[inline]
    fn units_of(&self, cell: usize) -> u64 {
        u64::from(CELL_UNITS[cell])
    }
    #[inline]
    fn cells(&self, unit: usize) -> u128 {
        UNIT_BITS[unit]
    }
}

/// [`plane_closure`] over the units `units` (the same argument holds for any units whose
/// "on" turns off its peers and whose last place left turns on).
#[inline]
pub(crate) fn plane_closure_in(
    units: &impl PlaneUnits,
    plane: u128,
    cell: usize,
    on: bool,
) -> Option<u128> {
    let bit = 1u128 << cell;
    let (mut ons, mut offs, mut fresh_on, mut fresh_off) = if on {
        (bit, 0, bit, 0)
    } else {
        (0, bit, 0, bit)
    };
    loop {
        while fresh_on != 0 {
            let y = fresh_on.trailing_zeros() as usize;
            fresh_on &= fresh_on - 1;
            let peers = units.peers(y) & plane & !offs;
            offs |= peers;
            fresh_off |= peers;
        }
        if ons & offs != 0 {
            return None;
        }
        // Units of the places turned off since the last round.
        let mut touched = 0u64;
        while fresh_off != 0 {
            let y = fresh_off.trailing_zeros() as usize;
            fresh_off &= fresh_off - 1;
            touched |= units.units_of(y);
        }
        while touched != 0 {
            let u = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let places = units.cells(u) & plane;
            let left = places & !offs;
            if left == 0 {
                if several128(places) {
                    return None;
                }
            } else if !several128(left) && left & ons == 0 {
                ons |= left;
                fresh_on |= left;
            }
        }
        if fresh_on == 0 {
            return Some(ons);
        }
    }
}

/// The other place of the digit in a unit of `cell` where the digit (cells `plane`) has
/// exactly two places, if any. In nishio mode "off" at `cell` turns that place on, and
/// its "on" turns `cell` off: both reach the same closure, so they meet a contradiction
/// alike. Without such a unit, "off" at `cell` turns nothing on (each unit keeps 2+
/// places, or had `cell` alone), so it meets no contradiction.
pub fn plane_partner(plane: u128, cell: usize) -> Option<usize> {
    for u in regions_of(cell) {
        let m = UNIT_BITS[u] & plane;
        if several128(m) && !several128(m & (m - 1)) {
            return Some((m & !(1u128 << cell)).trailing_zeros() as usize);
        }
    }
    None
}
