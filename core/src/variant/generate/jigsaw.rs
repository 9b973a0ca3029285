//! Fresh jigsaw layouts: `N` connected regions of `N` cells, drawn from a seed.
//!
//! The layout starts from the boxes and takes random **swaps**: a cell `a` of region
//! `A` next to a cell of region `B`, and a cell `b` of `B` next to `A`, trade regions.
//! Every region keeps `N` cells by construction; the swap is kept when both regions stay
//! connected (a breadth-first walk of each), else undone. With a symmetry, each swap is
//! made together with its images (the images of `a` and `b` trade the images of `A` and
//! `B`), and kept only when the layout stays symmetric too: the boxes are symmetric
//! under every map, and every kept step keeps that, so the layout is symmetric at every
//! step. [`SWAP_TRIES_PER_CELL`] tries a cell mix the boxes away (see the test that
//! counts the cells still in their box).
//!
//! A layout is only a partition: whether the other rules leave it a full grid is the
//! engine's question, asked by the caller (which draws another layout when not).

use super::super::shape::Shape;
use super::cells::{orthogonal_neighbours as neighbours, pick_distinct};
use super::symmetry::image;
use crate::generate::{Rng, Symmetry};

/// Swaps tried per cell of the grid (kept or not).
pub const SWAP_TRIES_PER_CELL: usize = 12;

/// True when every region of the map has exactly `side` cells, there are `side`
/// regions numbered `0..side`, and each region is connected orthogonally.
pub fn is_tiling(shape: Shape, map: &[u8]) -> bool {
    let n = shape.side();
    if map.len() != shape.cells() || map.iter().any(|&r| usize::from(r) >= n) {
        return false;
    }
    let mut sizes = vec![0usize; n];
    for &r in map {
        sizes[usize::from(r)] += 1;
    }
    sizes.iter().all(|&s| s == n) && (0..n as u8).all(|r| is_connected(shape, map, r))
}

/// True when the cells of region `region` form one orthogonally connected piece.
fn is_connected(shape: Shape, map: &[u8], region: u8) -> bool {
    let Some(start) = map.iter().position(|&r| r == region) else {
        return true;
    };
    let mut seen = vec![false; map.len()];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(cell) = stack.pop() {
        for next in neighbours(shape, cell) {
            if !seen[next] && map[next] == region {
                seen[next] = true;
                reached += 1;
                stack.push(next);
            }
        }
    }
    reached == map.iter().filter(|&&r| r == region).count()
}

/// A fresh layout for a shape, symmetric under `symmetry` (`None` for none; `Random`
/// must be drawn before). Deterministic in the state of `rng`.
pub fn fresh_layout(
    shape: Shape,
    symmetry: Symmetry,
    rng: &mut Rng,
    interrupt: &mut dyn FnMut(),
) -> Vec<u8> {
    let cells = shape.cells();
    let mut map: Vec<u8> = (0..cells).map(|c| shape.box_of(c) as u8).collect();
    // Where the map sends each region: the boxes' images, kept by every swap.
    let region_image: Vec<u8> = (0..shape.side())
        .map(|b| {
            let first = (0..cells).find(|&c| shape.box_of(c) == b).unwrap_or(0);
            shape.box_of(image(shape, symmetry, first)) as u8
        })
        .collect();
    for round in 0..cells * SWAP_TRIES_PER_CELL {
        if round % 256 == 0 {
            interrupt();
        }
        if let Some(trial) = try_swap(shape, &map, symmetry, &region_image, rng) {
            map = trial;
        }
    }
    map
}

/// One random swap and its images; the new map when it keeps a tiling (and the
/// symmetry), else `None`.
fn try_swap(
    shape: Shape,
    map: &[u8],
    symmetry: Symmetry,
    region_image: &[u8],
    rng: &mut Rng,
) -> Option<Vec<u8>> {
    let cells = shape.cells();
    let a = rng.below(cells as u64) as usize;
    let region_a = map[a];
    let others: Vec<u8> = neighbours(shape, a)
        .map(|x| map[x])
        .filter(|&r| r != region_a)
        .collect();
    let region_b = pick_distinct(others, rng)?;
    let bs: Vec<usize> = (0..cells)
        .filter(|&b| map[b] == region_b && neighbours(shape, b).any(|x| map[x] == region_a))
        .collect();
    let b = pick_distinct(bs, rng)?;
    let mut trial = map.to_vec();
    let (mut ca, mut cb, mut ra, mut rb) = (a, b, region_b, region_a);
    loop {
        trial[ca] = ra;
        trial[cb] = rb;
        ca = image(shape, symmetry, ca);
        cb = image(shape, symmetry, cb);
        ra = region_image[usize::from(ra)];
        rb = region_image[usize::from(rb)];
        if ca == a && cb == b {
            break;
        }
    }
    let symmetric =
        (0..cells).all(|c| trial[image(shape, symmetry, c)] == region_image[usize::from(trial[c])]);
    (symmetric && is_tiling(shape, &trial)).then_some(trial)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::generate::symmetry::MAPS;
    use proptest::prelude::{any, prop_assert, prop_assert_eq, proptest, ProptestConfig};

    fn layout(shape: Shape, symmetry: Symmetry, seed: u64) -> Vec<u8> {
        fresh_layout(shape, symmetry, &mut Rng::new(seed), &mut || {})
    }

    #[test]
    fn is_tiling_refuses_wrong_sizes_and_broken_regions() {
        let s = Shape::FOUR;
        assert!(is_tiling(
            s,
            &[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]
        ));
        assert!(is_tiling(
            s,
            &[0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
        ));
        // Region 0 in two pieces (and region 1 too).
        assert!(!is_tiling(
            s,
            &[0, 0, 1, 1, 1, 1, 0, 0, 2, 2, 2, 2, 3, 3, 3, 3]
        ));
        // Sizes 5 and 3.
        assert!(!is_tiling(
            s,
            &[0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
        ));
        assert!(!is_tiling(s, &[0; 15]));
    }

    #[test]
    fn layouts_mix_the_boxes_away() {
        for shape in [Shape::NINE, Shape::SIXTEEN] {
            let map = layout(shape, Symmetry::None, 5);
            let in_box = (0..shape.cells())
                .filter(|&c| usize::from(map[c]) == shape.box_of(c))
                .count();
            // A quarter of the cells or more leave their box (seed 5: 32 of 81), and no
            // region is still a box.
            assert!(
                in_box * 4 < shape.cells() * 3,
                "{shape:?}: {in_box} cells in place"
            );
            for region in 0..shape.side() {
                let cells = (0..shape.cells()).filter(|&c| usize::from(map[c]) == region);
                assert!(
                    cells.clone().any(|c| shape.box_of(c) != region),
                    "{shape:?}"
                );
            }
        }
    }

    #[test]
    fn symmetric_layouts_are_symmetric_on_every_shape() {
        for shape in Shape::ALL {
            for map in MAPS {
                let l = layout(shape, map, 9);
                assert!(is_tiling(shape, &l), "{shape:?} {map:?}");
                // The region of a cell's image is the same for every cell of a region.
                for c in 0..shape.cells() {
                    for d in 0..shape.cells() {
                        if l[c] == l[d] {
                            let (ic, id) = (image(shape, map, c), image(shape, map, d));
                            assert_eq!(l[ic], l[id], "{shape:?} {map:?}");
                        }
                    }
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn every_layout_is_a_tiling_and_the_seed_fixes_it(seed in any::<u64>(), k in 0usize..3) {
            let shape = [Shape::FOUR, Shape::NINE, Shape::SIXTEEN][k];
            let a = layout(shape, Symmetry::None, seed);
            prop_assert!(is_tiling(shape, &a));
            prop_assert_eq!(&a, &layout(shape, Symmetry::None, seed));
        }
    }
}
