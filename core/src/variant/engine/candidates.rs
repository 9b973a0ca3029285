//! The candidates the givens leave, without search: as the classic
//! `sudoku_core::candidates`, 0 for a given cell, and for a blank cell every digit but
//! those a given rules out directly: a peer's digit, a neighbour's digit ± 1 under `nc`,
//! and the digits no combination of its cage allows once the cage's givens are counted.

use super::cage::{allowed_digits, open_cage};
use super::tables::Tables;
use crate::variant::geometry::Geometry;
use crate::variant::text::VariantPuzzle;

/// The candidate mask of every cell (bit `d-1` for digit `d`; 0 for a given).
pub fn candidates(puzzle: &VariantPuzzle, geometry: &Geometry) -> Vec<u32> {
    of_givens(&Tables::new(geometry), puzzle)
}

pub(super) fn of_givens(tables: &Tables, puzzle: &VariantPuzzle) -> Vec<u32> {
    let givens = &puzzle.cells;
    assert_eq!(
        givens.len(),
        tables.cells,
        "the puzzle's shape is the geometry's"
    );
    let mut masks: Vec<u32> = givens
        .iter()
        .map(|&d| if d == 0 { tables.all } else { 0 })
        .collect();
    for (c, &d) in givens.iter().enumerate().filter(|(_, &d)| d != 0) {
        let bit = 1u32 << (d - 1);
        for &p in tables.peers.of(c) {
            masks[usize::from(p)] &= !bit;
        }
        let near = ((bit << 1) | (bit >> 1)) & tables.all;
        for &q in tables.neighbours.of(c) {
            masks[usize::from(q)] &= !near;
        }
    }
    for cage in &tables.sum_cages {
        let given = |c: usize| (givens[c] != 0).then_some(usize::from(givens[c]));
        // Givens beyond the sum are refused by `check_givens`: nothing to restrict then.
        let Some(open) = open_cage(cage, &masks, given) else {
            continue;
        };
        let allowed = allowed_digits(tables.combinations.as_ref(), &open, &masks);
        for &c in &open.cells[..open.open] {
            masks[usize::from(c)] &= allowed;
        }
    }
    masks
}
