//! The tables the search reads, built once from a [`Geometry`]: every list of cells
//! flattened into one array with offsets (so the search loop walks contiguous memory),
//! and the cage-sum combinations.

use super::cage::{Combinations, SumCage};
pub(super) use crate::variant::cell_lists::CellLists;
use crate::variant::geometry::Geometry;

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
    /// Each cell's peers as a set of cells, `words` words per cell.
    pub(super) peer_bits: Vec<u64>,
    /// Whether the few-place rule clears common peers ([`common_peers_pay`]).
    pub(super) common_peers: bool,
    /// Each group's cells as a set, `words` words per group.
    pub(super) group_bits: Vec<u64>,
    /// Under `nc`, each cell and its orthogonal neighbours as a set of cells, `words`
    /// words per cell (empty otherwise).
    pub(super) near_bits: Vec<u64>,
    /// Every group's cells, `side` each, one after another.
    pub(super) group_cells: Vec<u16>,
    /// The groups of each cell (indices into [`Tables::groups`]).
    pub(super) groups_of: CellLists,
    /// Per group, the most cells it shares with another group when that is two or
    /// more and less than a whole group (else 0): a digit with that many places or
    /// fewer there may be locked in the other group
    /// ([`super::locked::locked_by_places`]).
    pub(super) locked_limit: Vec<u8>,
    /// The greatest [`Tables::locked_limit`].
    pub(super) most_locked: usize,
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
        let cells = geometry.shape.cells();
        let words = cells.div_ceil(64);
        assert!(words <= MAX_WORDS, "at most 25×25");
        let locked_limit = locked_limits(geometry);
        let near_sets = |lists: &CellLists| {
            let mut bits = vec![0u64; cells * words];
            for (c, list) in lists.iter().enumerate() {
                let set = &mut bits[c * words..(c + 1) * words];
                for &q in list.iter().chain(&[c as u16]) {
                    set[usize::from(q) / 64] |= 1 << (q % 64);
                }
            }
            bits
        };
        let near_bits = if geometry.rules.non_consecutive {
            near_sets(&geometry.neighbours)
        } else {
            Vec::new()
        };
        Tables {
            side,
            words,
            peer_bits: geometry.peer_sets.clone(),
            common_peers: common_peers_pay(geometry),
            near_bits,
            cells: geometry.shape.cells(),
            all: geometry.shape.all_digits(),
            peers: geometry.peers.clone(),
            neighbours: geometry.neighbours.clone(),
            group_cells,
            groups_of: geometry.groups_of.clone(),
            most_locked: usize::from(locked_limit.iter().copied().max().unwrap_or(0)),
            locked_limit,
            group_bits: geometry.group_sets.clone(),
            sum_cages,
            sum_cage_of,
            combinations,
        }
    }

    /// The cells of group `g` (tests: the search reads [`Tables::group_bits`]).
    #[cfg(test)]
    pub(super) fn group(&self, g: usize) -> &[u16] {
        &self.group_cells[g * self.side..(g + 1) * self.side]
    }

    /// How many groups.
    #[inline]
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
    !geometry.knight.is_empty() || !geometry.king.is_empty()
}

/// [`Tables::locked_limit`]: per group, the most cells it shares with another group,
/// when two or more (a group that is another's cells over again shares nothing).
fn locked_limits(geometry: &Geometry) -> Vec<u8> {
    let groups = geometry.groups.len();
    let mut shared = vec![0u8; groups * groups];
    for of_cell in geometry.groups_of.iter() {
        for (i, &a) in of_cell.iter().enumerate() {
            for &b in &of_cell[i + 1..] {
                let (a, b) = (usize::from(a), usize::from(b));
                shared[a * groups + b] += 1;
                shared[b * groups + a] += 1;
            }
        }
    }
    let side = geometry.shape.side() as u8;
    shared
        .chunks_exact(groups.max(1))
        .take(groups)
        .map(|row| {
            row.iter()
                .copied()
                .filter(|&n| (2..side).contains(&n))
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// The most words in a set of cells (625 cells, 25×25).
pub(super) use crate::variant::geometry::MAX_WORDS;

/// The entry of [`Tables::sum_cage_of`] for a cell in no cage with a sum.
pub(super) const NO_CAGE: u16 = u16::MAX;
