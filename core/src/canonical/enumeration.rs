//! The canonical form by trying every geometric map: 4×4 puzzles, and the fallback of
//! the 9×9 partition search.

use super::transformation::{chute_orders, Transformation};
use crate::grid::Size;
use crate::puzzle::Puzzle;

/// The relabelling of the digits of `cells` in order of first appearance, as a table
/// `digit -> label` (digits that do not appear take the labels left, in order).
pub(super) fn first_appearance_labels(size: Size, cells: &[u8]) -> [u8; 10] {
    let mut label = [0u8; 10];
    let mut next = 1u8;
    for &d in cells {
        if d != 0 && label[d as usize] == 0 {
            label[d as usize] = next;
            next += 1;
        }
    }
    for l in label[1..=size.n()].iter_mut() {
        if *l == 0 {
            *l = next;
            next += 1;
        }
    }
    label
}

/// The canonical form by trying every geometric map: 128 of them for a 4×4 puzzle, and
/// 3,359,232 for a 9×9 one (the fallback of [`minlex_puzzle`] when its frontier would
/// exceed its cap).
pub(super) fn canonical_by_enumeration(puzzle: &Puzzle) -> (Puzzle, Transformation) {
    let size = puzzle.size;
    let n = size.n();
    let mut best: Option<(Puzzle, Transformation)> = None;
    for transpose in [false, true] {
        for rows in chute_orders(size) {
            for cols in chute_orders(size) {
                let mut t = Transformation::new(
                    size,
                    transpose,
                    &rows[..n],
                    &cols[..n],
                    &Transformation::identity(size).digits,
                )
                .unwrap();
                let moved = t.apply(puzzle);
                t.digits = first_appearance_labels(size, moved.values());
                let candidate = t.apply(puzzle);
                if best
                    .as_ref()
                    .is_none_or(|(b, _)| candidate.values() < b.values())
                {
                    best = Some((candidate, t));
                }
            }
        }
    }
    best.unwrap()
}
