//! The tables the search reads, built once from a [`Geometry`]: every list of cells
//! flattened into one array with offsets (so the search loop walks contiguous memory),
//! and the cage-sum combinations.

use super::cage::{Combinations, SumCage};
use crate::variant::geometry::Geometry;

/// Lists of cells, one per cell (peers, neighbours), flattened: the list of cell `c` is
/// `cells[start[c]..start[c + 1]]`.
#[derive(Clone, Debug)]
pub(super) struct CellLists {
    start: Vec<u32>,
    cells: Vec<u16>,
}

impl CellLists {
    fn new(lists: &[Vec<u16>]) -> CellLists {
        let mut start = Vec::with_capacity(lists.len() + 1);
        let mut cells = Vec::new();
        start.push(0);
        for list in lists {
            cells.extend_from_slice(list);
            start.push(cells.len() as u32);
        }
        CellLists { start, cells }
    }

    #[inline]
    pub(super) fn of(&self, cell: usize) -> &[u16] {
        &self.cells[self.start[cell] as usize..self.start[cell + 1] as usize]
    }

    /// True when no cell has a list.
    pub(super) fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

/// Everything the search needs, from one geometry.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    /// Digits run 1..=side.
    pub(super) side: usize,
    pub(super) cells: usize,
    /// Every digit's bit.
    pub(super) all: u32,
    /// Every cell that must differ from a cell (group mates, knight, king, cage mates).
    pub(super) peers: CellLists,
    /// Orthogonal neighbours under `nc` (empty otherwise).
    pub(super) neighbours: CellLists,
    /// Every group's cells, `side` each, one after another.
    pub(super) group_cells: Vec<u16>,
    /// The cages with a sum.
    pub(super) sum_cages: Vec<SumCage>,
    /// The digit sets of every cage size and sum (side ≤ 16), else bounds are used.
    pub(super) combinations: Option<Combinations>,
}

impl Tables {
    pub(super) fn new(geometry: &Geometry) -> Tables {
        let side = geometry.shape.side();
        let group_cells = geometry
            .groups
            .iter()
            .flat_map(|g| g.cells.iter().copied())
            .collect();
        let sum_cages: Vec<SumCage> = geometry
            .cages
            .iter()
            .filter_map(|cage| {
                cage.sum.map(|sum| SumCage {
                    cells: cage.cells.clone(),
                    sum,
                })
            })
            .collect();
        let largest_cage = sum_cages.iter().map(|c| c.cells.len()).max().unwrap_or(0);
        let combinations = (largest_cage > 0 && side <= Combinations::MAX_SIDE)
            .then(|| Combinations::new(side, largest_cage));
        Tables {
            side,
            cells: geometry.shape.cells(),
            all: geometry.shape.all_digits(),
            peers: CellLists::new(&geometry.peers),
            neighbours: CellLists::new(&geometry.neighbours),
            group_cells,
            sum_cages,
            combinations,
        }
    }

    /// The groups, `side` cells each.
    #[inline]
    pub(super) fn groups(&self) -> std::slice::ChunksExact<'_, u16> {
        self.group_cells.chunks_exact(self.side)
    }
}
