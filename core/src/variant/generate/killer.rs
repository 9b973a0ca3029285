//! Fresh killer cages cut from a full grid, and the split that rules out a second
//! solution.
//!
//! **Cutting** ([`fresh_cages`]): the cells are visited in a random order; an uncaged
//! cell starts a cage with a target size drawn from [`TARGET_SIZES`] (2 to 5), which
//! grows by random uncaged orthogonal neighbours whose digit (in the grid) the cage does
//! not hold yet, until the target or a dead end. A cage left with one cell joins a
//! neighbouring cage that lacks its digit and has fewer than [`MAX_CAGE`] cells; when
//! none can take it, it stays a cage of one (rare: a few in a hundred grids). Each
//! cage's sum is its digits' sum, so the grid satisfies every cage.
//!
//! **Refining** ([`split_against`]): when the cages leave a second solution (a
//! *witness*), a cage where the witness differs from the grid is cut in two connected
//! pieces whose sums differ between the two: the witness breaks a piece's sum, and the
//! grid keeps both. Such a cut always exists: in a spanning tree of a cage where the
//! witness differs, some edge separates a part whose difference of sums is not zero
//! (were every subtree's difference zero, every cell's would be, leaf to root). Each cut
//! adds a cage, and cages of one cell everywhere give the grid itself, so refining
//! ends after at most one cut per cell. Pieces of two or more cells are preferred, the
//! most balanced first; a piece of one cell (a single, a given in all but name) only
//! when no other cut rules the witness out.

use super::super::rules::Cage;
use super::super::shape::Shape;
use super::cells::{orthogonal_neighbours as neighbours, pick_distinct};
use crate::generate::Rng;

/// The target sizes a new cage draws from (uniformly: sizes 3 and 4 twice as often).
pub const TARGET_SIZES: [usize; 8] = [2, 2, 3, 3, 3, 4, 4, 5];
/// The most cells a cage takes when it takes in a left-over single.
pub const MAX_CAGE: usize = 6;

/// The bit of a digit in a mask.
fn bit(digit: u8) -> u32 {
    1u32 << (digit - 1)
}

/// Cages cut from a full grid (see the module doc), ordered by their first cell.
pub fn fresh_cages(shape: Shape, solution: &[u8], rng: &mut Rng) -> Vec<Cage> {
    let cells = shape.cells();
    let mut owner: Vec<Option<usize>> = vec![None; cells];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &start in &order {
        if owner[start].is_some() {
            continue;
        }
        let k = groups.len();
        let target = TARGET_SIZES[rng.below(TARGET_SIZES.len() as u64) as usize];
        let mut cage = vec![start];
        let mut digits = bit(solution[start]);
        owner[start] = Some(k);
        while cage.len() < target {
            let frontier: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(shape, c))
                .filter(|&x| owner[x].is_none() && digits & bit(solution[x]) == 0)
                .collect();
            let Some(next) = pick_distinct(frontier, rng) else {
                break;
            };
            owner[next] = Some(k);
            digits |= bit(solution[next]);
            cage.push(next);
        }
        groups.push(cage);
    }
    merge_singles(shape, solution, &mut owner, &mut groups, rng);
    let mut cages: Vec<Cage> = groups
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(|g| cage_of(g, solution))
        .collect();
    cages.sort_unstable_by_key(|c| c.cells[0]);
    cages
}

/// A cage of these cells, ascending, with the grid's sum.
fn cage_of(mut cells: Vec<usize>, solution: &[u8]) -> Cage {
    cells.sort_unstable();
    Cage {
        sum: Some(cells.iter().map(|&c| u16::from(solution[c])).sum()),
        cells: cells.into_iter().map(|c| c as u16).collect(),
    }
}

/// Every cage of one cell joins a random neighbouring cage that lacks its digit and
/// has room, when one does.
fn merge_singles(
    shape: Shape,
    solution: &[u8],
    owner: &mut [Option<usize>],
    groups: &mut [Vec<usize>],
    rng: &mut Rng,
) {
    for k in 0..groups.len() {
        if groups[k].len() != 1 {
            continue;
        }
        let cell = groups[k][0];
        let hosts: Vec<usize> = neighbours(shape, cell)
            .filter_map(|x| owner[x])
            .filter(|&h| {
                h != k
                    && groups[h].len() < MAX_CAGE
                    && groups[h].iter().all(|&c| solution[c] != solution[cell])
            })
            .collect();
        let Some(host) = pick_distinct(hosts, rng) else {
            continue;
        };
        groups[k].clear();
        groups[host].push(cell);
        owner[cell] = Some(host);
    }
}

/// True when the cells (at most 32) are one orthogonally connected piece.
fn connected(shape: Shape, cells: &[usize]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut reached = vec![first];
    let mut i = 0;
    while i < reached.len() {
        let c = reached[i];
        for x in neighbours(shape, c) {
            if cells.contains(&x) && !reached.contains(&x) {
                reached.push(x);
            }
        }
        i += 1;
    }
    reached.len() == cells.len()
}

/// Cuts one cage in two so that `witness` breaks a piece's sum and `solution` keeps
/// both (see the module doc); false when the witness is the solution.
pub fn split_against(
    shape: Shape,
    cages: &mut Vec<Cage>,
    solution: &[u8],
    witness: &[u8],
    rng: &mut Rng,
) -> bool {
    let mut differing: Vec<usize> = (0..cages.len())
        .filter(|&k| {
            cages[k]
                .cells
                .iter()
                .any(|&c| solution[usize::from(c)] != witness[usize::from(c)])
        })
        .collect();
    rng.shuffle(&mut differing);
    // (score, cage, piece): the best cut over the cages, ties to the first seen.
    let mut best: Option<(usize, usize, Vec<usize>)> = None;
    for &k in &differing {
        let cells: Vec<usize> = cages[k].cells.iter().map(|&c| usize::from(c)).collect();
        if let Some((score, piece)) = best_cut(shape, &cells, solution, witness) {
            if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                best = Some((score, k, piece));
            }
        }
    }
    let Some((_, k, piece)) = best else {
        return false;
    };
    let rest: Vec<usize> = cages[k]
        .cells
        .iter()
        .map(|&c| usize::from(c))
        .filter(|c| !piece.contains(c))
        .collect();
    cages[k] = cage_of(piece, solution);
    cages.push(cage_of(rest, solution));
    cages.sort_unstable_by_key(|c| c.cells[0]);
    true
}

/// The best cut of one cage: both pieces connected, the witness's sum of the piece
/// other than the solution's; scored by the smaller piece's size (balanced first).
/// Pieces hold the cage's first cell, so each cut is seen once; cages of more than 16
/// cells are not cut (fresh cages have at most [`MAX_CAGE`]).
fn best_cut(
    shape: Shape,
    cells: &[usize],
    solution: &[u8],
    witness: &[u8],
) -> Option<(usize, Vec<usize>)> {
    let size = cells.len();
    if !(2..=16).contains(&size) {
        return None;
    }
    let mut best: Option<(usize, Vec<usize>)> = None;
    for mask in 0..(1u32 << (size - 1)) {
        // Bit i of the mask puts cells[i + 1] in the piece with cells[0].
        let in_piece = |i: usize| i == 0 || mask & (1 << (i - 1)) != 0;
        let piece: Vec<usize> = (0..size)
            .filter(|&i| in_piece(i))
            .map(|i| cells[i])
            .collect();
        let rest: Vec<usize> = (0..size)
            .filter(|&i| !in_piece(i))
            .map(|i| cells[i])
            .collect();
        if rest.is_empty() {
            continue;
        }
        let sum = |grid: &[u8]| piece.iter().map(|&c| u32::from(grid[c])).sum::<u32>();
        if sum(solution) == sum(witness) || !connected(shape, &piece) || !connected(shape, &rest) {
            continue;
        }
        let score = piece.len().min(rest.len());
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, piece));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Options};

    /// A full 9×9 grid from the classic generator.
    fn grid(seed: u64) -> Vec<u8> {
        generate(seed, 0, Options::default()).solution.to_vec()
    }

    /// Cages partition the grid, are connected, hold no digit twice, add up.
    fn assert_cages_fit(shape: Shape, cages: &[Cage], solution: &[u8]) {
        let mut seen = vec![0; shape.cells()];
        for cage in cages {
            let cells: Vec<usize> = cage.cells.iter().map(|&c| usize::from(c)).collect();
            assert!(connected(shape, &cells), "{cells:?}");
            let mut digits = 0u32;
            for &c in &cells {
                seen[c] += 1;
                assert_eq!(digits & bit(solution[c]), 0, "repeat in {cells:?}");
                digits |= bit(solution[c]);
            }
            let sum: u16 = cells.iter().map(|&c| u16::from(solution[c])).sum();
            assert_eq!(cage.sum, Some(sum));
            assert!(cells.windows(2).all(|w| w[0] < w[1]));
        }
        assert!(seen.iter().all(|&k| k == 1));
    }

    #[test]
    fn cages_partition_the_grid_without_repeats_and_add_up() {
        let mut singles = 0;
        for seed in 0..40 {
            let solution = grid(seed);
            let cages = fresh_cages(Shape::NINE, &solution, &mut Rng::new(seed));
            assert_cages_fit(Shape::NINE, &cages, &solution);
            assert!(cages.iter().all(|c| c.cells.len() <= MAX_CAGE));
            singles += cages.iter().filter(|c| c.cells.len() == 1).count();
            let again = fresh_cages(Shape::NINE, &solution, &mut Rng::new(seed));
            assert_eq!(cages, again);
        }
        // Singles are rare: at most a few in forty grids of 81 cells.
        assert!(singles <= 8, "{singles} singles");
    }

    #[test]
    fn a_cut_rules_the_witness_out_and_keeps_the_solution() {
        let solution = grid(3);
        // The witness: two digits swapped everywhere (another valid grid).
        let witness: Vec<u8> = solution
            .iter()
            .map(|&d| match d {
                1 => 2,
                2 => 1,
                d => d,
            })
            .collect();
        let mut rng = Rng::new(4);
        // Rows as cages: the witness keeps every one of them.
        let mut cages: Vec<Cage> = (0..9)
            .map(|r| cage_of((r * 9..r * 9 + 9).collect(), &solution))
            .collect();
        let broken = |cages: &[Cage], grid: &[u8]| {
            cages.iter().any(|c| {
                c.cells
                    .iter()
                    .map(|&x| u16::from(grid[usize::from(x)]))
                    .sum::<u16>()
                    != c.sum.unwrap()
            })
        };
        let before = cages.len();
        while !broken(&cages, &witness) {
            assert!(split_against(
                Shape::NINE,
                &mut cages,
                &solution,
                &witness,
                &mut rng
            ));
        }
        assert!(cages.len() > before);
        assert_cages_fit(Shape::NINE, &cages, &solution);
        assert!(!split_against(
            Shape::NINE,
            &mut cages,
            &solution,
            &solution,
            &mut rng
        ));
    }

    #[test]
    fn the_best_cut_is_the_plain_search_over_every_bipartition() {
        // A cage in an L: 0,1,2 across and 11 below 2; the witness swaps the digits
        // of cells 0 and 11.
        let shape = Shape::NINE;
        let cells = [0usize, 1, 2, 11];
        let mut solution = vec![1u8; 81];
        let mut witness = vec![1u8; 81];
        for (&c, (s, w)) in cells.iter().zip([(1, 4), (2, 2), (3, 3), (4, 1)]) {
            solution[c] = s;
            witness[c] = w;
        }
        let (score, piece) = best_cut(shape, &cells, &solution, &witness).unwrap();
        // Plain way: every split into two connected, nonempty parts with a sum that
        // differs, best smaller side.
        let mut plain = 0;
        for mask in 1..(1u32 << 4) - 1 {
            let a: Vec<usize> = (0..4)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| cells[i])
                .collect();
            let b: Vec<usize> = (0..4)
                .filter(|i| mask & (1 << i) == 0)
                .map(|i| cells[i])
                .collect();
            let s = |g: &[u8]| a.iter().map(|&c| g[c]).sum::<u8>();
            if connected(shape, &a) && connected(shape, &b) && s(&solution) != s(&witness) {
                plain = plain.max(a.len().min(b.len()));
            }
        }
        assert_eq!(score, plain);
        assert_eq!(score, 2);
        assert_eq!(piece, vec![0, 1]);
    }
}
