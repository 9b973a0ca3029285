//! Small helpers the layouts and the cages share: a cell's orthogonal neighbours, and
//! a random pick among distinct cells or regions.

use super::super::shape::Shape;
use crate::generate::Rng;

/// The orthogonal neighbours of a cell (up, down, left, right, those on the grid).
pub fn orthogonal_neighbours(shape: Shape, cell: usize) -> impl Iterator<Item = usize> {
    let n = shape.side();
    let (r, c) = (shape.row(cell), shape.col(cell));
    let up = (r > 0).then(|| cell - n);
    let down = (r + 1 < n).then(|| cell + n);
    let left = (c > 0).then(|| cell - 1);
    let right = (c + 1 < n).then(|| cell + 1);
    [up, down, left, right].into_iter().flatten()
}

/// One of the distinct items, each as likely (`None` when there is none). The items
/// are sorted first, so the pick depends on the set, not on the order it was listed in.
pub fn pick_distinct<T: Ord + Copy>(mut items: Vec<T>, rng: &mut Rng) -> Option<T> {
    items.sort_unstable();
    items.dedup();
    if items.is_empty() {
        return None;
    }
    Some(items[rng.below(items.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_have_two_neighbours_and_inner_cells_four() {
        let s = Shape::NINE;
        let mut corner: Vec<usize> = orthogonal_neighbours(s, 0).collect();
        corner.sort_unstable();
        assert_eq!(corner, vec![1, 9]);
        assert_eq!(orthogonal_neighbours(s, 80).count(), 2);
        assert_eq!(orthogonal_neighbours(s, 40).count(), 4);
        assert_eq!(orthogonal_neighbours(s, 8).count(), 2);
    }

    #[test]
    fn a_pick_ignores_repeats_and_order() {
        let a = pick_distinct(vec![3, 1, 1, 2], &mut Rng::new(5));
        let b = pick_distinct(vec![2, 3, 1], &mut Rng::new(5));
        assert_eq!(a, b);
        assert_eq!(pick_distinct(Vec::<u8>::new(), &mut Rng::new(5)), None);
    }
}
