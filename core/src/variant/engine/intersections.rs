//! Every pair of groups sharing two cells or more (tests only): the units of the
//! plain way of locked candidates ([`super::locked::locked_at`]), which the search's
//! way ([`super::locked::locked_by_places`]) is checked against.

use super::tables::Tables;
use super::work::Work;

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
    /// The intersections of the tables' groups.
    pub(super) fn of(tables: &Tables) -> Intersections {
        let groups: Vec<&[u16]> = (0..tables.group_count()).map(|g| tables.group(g)).collect();
        Intersections::new(&groups, tables.cells)
    }

    fn new(groups: &[&[u16]], cells: usize) -> Intersections {
        let mut out = Intersections::default();
        let mut in_b = vec![false; cells];
        for (i, a) in groups.iter().enumerate() {
            for b in groups.iter().skip(i + 1) {
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
        work: &mut Work,
    ) -> bool {
        self.cells[range.0 as usize..range.1 as usize]
            .iter()
            .all(|&c| work.remove(cand, c, bits))
    }
}
