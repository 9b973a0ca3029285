//! [`CellLists`]: one list of cells per cell (peers, the groups a cell lies in, knight's
//! moves), flattened into one array with offsets, so that a geometry of 625 cells costs
//! two allocations instead of one per cell, and a walk over the lists reads contiguous
//! memory. A leaf: [`super::geometry`] builds them and the engine's tables share them.

use std::ops::Index;

/// Lists of cells (or of group numbers), one per cell: the list of cell `c` is
/// `items[start[c]..start[c + 1]]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellLists {
    start: Vec<u32>,
    items: Vec<u16>,
}

impl CellLists {
    /// `cells` lists, each made by `fill(c, push)` pushing its items in order;
    /// `capacity` is the expected number of items in all (a hint).
    pub fn build(
        cells: usize,
        capacity: usize,
        mut fill: impl FnMut(usize, &mut Vec<u16>),
    ) -> Self {
        let mut start = Vec::with_capacity(cells + 1);
        let mut items = Vec::with_capacity(capacity);
        start.push(0);
        for c in 0..cells {
            fill(c, &mut items);
            start.push(items.len() as u32);
        }
        CellLists { start, items }
    }

    /// The lists from their offsets (`start[c]..start[c + 1]` into `items`, `start[0]`
    /// = 0, never decreasing, the last = `items.len()`).
    pub(crate) fn from_parts(start: Vec<u32>, items: Vec<u16>) -> Self {
        debug_assert!(start.first() == Some(&0) && start.windows(2).all(|w| w[0] <= w[1]));
        debug_assert_eq!(start.last().map(|&s| s as usize), Some(items.len()));
        CellLists { start, items }
    }

    /// `cells` empty lists.
    pub fn empty(cells: usize) -> Self {
        CellLists {
            start: vec![0; cells + 1],
            items: Vec::new(),
        }
    }

    /// The list of cell `c`.
    #[inline]
    pub fn of(&self, c: usize) -> &[u16] {
        &self.items[self.start[c] as usize..self.start[c + 1] as usize]
    }

    /// How many lists (cells).
    pub fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// True when every list is empty (the rule they stand for is off).
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The lists, cell by cell.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[u16]> + '_ {
        self.start
            .windows(2)
            .map(|w| &self.items[w[0] as usize..w[1] as usize])
    }
}

impl Index<usize> for CellLists {
    type Output = [u16];

    fn index(&self, c: usize) -> &[u16] {
        self.of(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_hold_what_was_pushed_cell_by_cell() {
        let lists = CellLists::build(4, 0, |c, push| {
            push.extend((0..c as u16).map(|i| 10 * c as u16 + i))
        });
        assert_eq!(lists.len(), 4);
        assert!(!lists.is_empty());
        assert_eq!(&lists[0], &[] as &[u16]);
        assert_eq!(&lists[2], &[20, 21]);
        assert_eq!(lists.of(3), &[30, 31, 32]);
        let all: Vec<Vec<u16>> = lists.iter().map(<[u16]>::to_vec).collect();
        assert_eq!(all, vec![vec![], vec![10], vec![20, 21], vec![30, 31, 32]]);
        let none = CellLists::empty(3);
        assert_eq!(
            (none.len(), none.is_empty(), none.iter().count()),
            (3, true, 3)
        );
        assert_eq!(none.of(2), &[] as &[u16]);
    }
}
