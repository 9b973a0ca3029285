//! The loop every search of `multiple` runs ([`run_cells`]), what it calls
//! ([`CellSearch`]) and what every search works with ([`Search`]).

use super::group::Offers;
use super::params::Params;
use super::pool::{digits_of, PropagationPool};
use crate::logic::chains::work_grid::WorkGrid;

/// What every search of `multiple` works with: the grid, the producer, the
/// propagations' storage and where the hints go.
pub(super) struct Search<'a> {
    pub(super) board: &'a WorkGrid,
    pub(super) params: &'a Params,
    pub(super) pool: &'a mut PropagationPool,
    pub(super) offers: Offers<'a>,
}

/// One search of `multiple`, cell by cell: what it does with a cell's digits. The
/// hints of every search come from `group`, which offers them in one order: per
/// digit, a contradiction from "on", then from "off", double forcing chains, region
/// chains; after the digits, cell chains.
pub(super) trait CellSearch {
    /// The fewest candidates a cell needs to be searched.
    fn min_digits(&self) -> u32;
    /// Before the cell's digits.
    fn start_cell(&mut self, _cell: usize, _digits: &[usize]) {}
    /// Digit `d`, the `k`th of `cell`: its propagations and their hints.
    fn digit(&mut self, cell: usize, k: usize, d: usize);
    /// After the cell's digits: its cell forcing chains.
    fn end_cell(&mut self, _cell: usize, _digits: &[usize]) {}
}

/// The loop of every search: the cells in row-major order (those with at least
/// `min_digits` candidates), the interrupt hook once per cell, the digits ascending.
pub(super) fn run_cells(grid: &[u16; 81], search: &mut impl CellSearch, check: &mut dyn FnMut()) {
    let min = search.min_digits();
    for (cell, &cands) in grid.iter().enumerate() {
        if cands.count_ones() < min {
            continue;
        }
        check();
        let (digit_buf, n_digits) = digits_of(cands);
        let digits = &digit_buf[..n_digits];
        search.start_cell(cell, digits);
        for (k, &d) in digits.iter().enumerate() {
            search.digit(cell, k, d);
        }
        search.end_cell(cell, digits);
    }
}
