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
pub struct Tables {
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
    /// The pairs of groups sharing two cells or more (locked candidates).
    pub(super) intersections: Intersections,
    /// The cages with a sum.
    pub(super) sum_cages: Vec<SumCage>,
    /// The digit sets of every cage size and sum (side ≤ 16), else bounds are used.
    pub(super) combinations: Option<Combinations>,
}

impl Tables {
    pub(super) fn new(geometry: &Geometry) -> Tables {
        let side = geometry.shape.side();
        let group_lists: Vec<Vec<u16>> = geometry.groups.iter().map(|g| g.cells.clone()).collect();
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
            intersections: Intersections::new(&group_lists, geometry.shape.cells()),
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

/// Two groups that share two cells or more: the cells of the first only, the shared
/// cells, the cells of the second only, as ranges of one flat list.
#[derive(Clone, Debug)]
pub(super) struct Intersection {
    pub(super) first_only: (u32, u32),
    pub(super) shared: (u32, u32),
    pub(super) second_only: (u32, u32),
}

/// Every intersection of two groups in two cells or more.
#[derive(Clone, Debug, Default)]
pub(super) struct Intersections {
    pub(super) list: Vec<Intersection>,
    cells: Vec<u16>,
}

impl Intersections {
    pub(super) fn new(groups: &[Vec<u16>], cells: usize) -> Intersections {
        let mut out = Intersections::default();
        let mut in_b = vec![false; cells];
        for (i, a) in groups.iter().enumerate() {
            for b in &groups[i + 1..] {
                b.iter().for_each(|&c| in_b[usize::from(c)] = true);
                let shared: Vec<u16> = a
                    .iter()
                    .filter(|&&c| in_b[usize::from(c)])
                    .copied()
                    .collect();
                b.iter().for_each(|&c| in_b[usize::from(c)] = false);
                if shared.len() < 2 || shared.len() == a.len() {
                    continue;
                }
                let first = out.push(a.iter().filter(|c| !shared.contains(c)));
                let both = out.push(shared.iter());
                let second = out.push(b.iter().filter(|c| !shared.contains(c)));
                out.list.push(Intersection {
                    first_only: first,
                    shared: both,
                    second_only: second,
                });
            }
        }
        out
    }

    fn push<'a>(&mut self, cells: impl Iterator<Item = &'a u16>) -> (u32, u32) {
        let start = self.cells.len() as u32;
        self.cells.extend(cells);
        (start, self.cells.len() as u32)
    }

    #[inline]
    pub(super) fn union(&self, range: (u32, u32), cand: &[u32]) -> u32 {
        self.cells[range.0 as usize..range.1 as usize]
            .iter()
            .fold(0, |acc, &c| acc | cand[usize::from(c)])
    }

    /// Takes `bits` from the cells of a range; false on an emptied cell.
    #[inline]
    pub(super) fn remove(
        &self,
        range: (u32, u32),
        bits: u32,
        cand: &mut [u32],
        queue: &mut Vec<u16>,
    ) -> bool {
        for &c in &self.cells[range.0 as usize..range.1 as usize] {
            let m = cand[usize::from(c)];
            if m & bits != 0 {
                let left = m & !bits;
                if left == 0 {
                    return false;
                }
                cand[usize::from(c)] = left;
                if left & (left - 1) == 0 {
                    queue.push(c);
                }
            }
        }
        true
    }
}
