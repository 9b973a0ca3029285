//! The tables the search reads, built once from a [`Geometry`]: every list of cells
//! flattened into one array with offsets (so the search loop walks contiguous memory),
//! and the cage-sum combinations.

use super::cage::{Combinations, SumCage};
use super::work::Work;
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
    /// Words of 64 bits in a set of cells.
    pub(super) words: usize,
    /// Each cell's peers as a set of cells, `words` words per cell; empty unless
    /// [`common_peers_pay`].
    pub(super) peer_bits: Vec<u64>,
    /// Under `nc`, each cell and its orthogonal neighbours as a set of cells, `words`
    /// words per cell (empty otherwise).
    pub(super) near_bits: Vec<u64>,
    /// Every group's cells, `side` each, one after another.
    pub(super) group_cells: Vec<u16>,
    /// The groups of each cell (indices into [`Tables::groups`]).
    pub(super) groups_of: CellLists,
    /// The pairs of groups sharing two cells or more (locked candidates).
    pub(super) intersections: Intersections,
    /// The intersections each group takes part in, by group (a [`CellLists`] whose
    /// entries are intersection indices).
    pub(super) intersections_of: CellLists,
    /// The cages with a sum.
    pub(super) sum_cages: Vec<SumCage>,
    /// The sum cage of each cell (an index into `sum_cages`), [`NO_CAGE`] if none.
    pub(super) sum_cage_of: Vec<u16>,
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
        let mut sum_cage_of = vec![NO_CAGE; geometry.shape.cells()];
        let mut sum_cages: Vec<SumCage> = Vec::new();
        for cage in &geometry.cages {
            if let Some(sum) = cage.sum {
                for &c in &cage.cells {
                    sum_cage_of[usize::from(c)] = sum_cages.len() as u16;
                }
                sum_cages.push(SumCage {
                    cells: cage.cells.clone(),
                    sum,
                });
            }
        }
        let largest_cage = sum_cages.iter().map(|c| c.cells.len()).max().unwrap_or(0);
        let combinations = (largest_cage > 0 && side <= Combinations::MAX_SIDE)
            .then(|| Combinations::new(side, largest_cage));
        let intersections = Intersections::new(&group_lists, geometry.shape.cells());
        let mut of_group = vec![Vec::new(); group_lists.len()];
        for (i, x) in intersections.list.iter().enumerate() {
            of_group[usize::from(x.groups.0)].push(i as u16);
            of_group[usize::from(x.groups.1)].push(i as u16);
        }
        let cells = geometry.shape.cells();
        let words = cells.div_ceil(64);
        let sets = |lists: &dyn Fn(usize) -> Vec<u16>| {
            let mut bits = vec![0u64; cells * words];
            for c in 0..cells {
                for q in lists(c) {
                    bits[c * words + usize::from(q) / 64] |= 1 << (q % 64);
                }
            }
            bits
        };
        let peer_bits = if common_peers_pay(geometry) {
            sets(&|c| geometry.peers[c].clone())
        } else {
            Vec::new()
        };
        let near_bits = if geometry.rules.non_consecutive {
            sets(&|c| {
                let mut near = geometry.neighbours[c].clone();
                near.push(c as u16);
                near
            })
        } else {
            Vec::new()
        };
        Tables {
            side,
            words,
            peer_bits,
            near_bits,
            cells: geometry.shape.cells(),
            all: geometry.shape.all_digits(),
            peers: CellLists::new(&geometry.peers),
            neighbours: CellLists::new(&geometry.neighbours),
            group_cells,
            groups_of: CellLists::new(&geometry.groups_of),
            intersections,
            intersections_of: CellLists::new(&of_group),
            sum_cages,
            sum_cage_of,
            combinations,
        }
    }

    /// The cells of group `g`.
    #[inline]
    pub(super) fn group(&self, g: usize) -> &[u16] {
        &self.group_cells[g * self.side..(g + 1) * self.side]
    }

    /// How many groups.
    #[cfg(test)]
    pub(super) fn group_count(&self) -> usize {
        self.group_cells.len() / self.side
    }
}

/// True when the common-peer rule of [`super::pairs`] runs: under anti-knight or
/// anti-king. With rows, columns and boxes alone two cells of a group have no common
/// peer outside the groups of both that locked candidates do not already clear (in a
/// line, the rest of the line and, in one box, of the box; in a box, the two cells
/// crossing their rows and columns, inside the box). Extra groups, jigsaw regions and
/// cages add a few, but on the bench collections (x, windoku, dg, killer) the rule
/// cleared nothing there that changed a search, and its cost showed: it stays off.
pub(super) fn common_peers_pay(geometry: &Geometry) -> bool {
    let any = |lists: &[Vec<u16>]| lists.iter().any(|l| !l.is_empty());
    any(&geometry.knight) || any(&geometry.king)
}

/// The entry of [`Tables::sum_cage_of`] for a cell in no cage with a sum.
pub(super) const NO_CAGE: u16 = u16::MAX;

/// Two groups that share two cells or more: the cells of the first only, the shared
/// cells, the cells of the second only, as ranges of one flat list.
#[derive(Clone, Debug)]
pub(super) struct Intersection {
    /// The two groups (indices into [`Tables::groups`]).
    pub(super) groups: (u16, u16),
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
            for (j, b) in groups.iter().enumerate().skip(i + 1) {
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
                    groups: (i as u16, j as u16),
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
        work: &mut Work,
    ) -> bool {
        self.cells[range.0 as usize..range.1 as usize]
            .iter()
            .all(|&c| work.remove(cand, c, bits))
    }
}
