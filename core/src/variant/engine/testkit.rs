//! Plain checks for the engine's tests, written without its tables: whether a grid obeys
//! every rule, and a brute-force counter (cell by cell in reading order, digits
//! ascending, no propagation) to compare counts with, and the mask search's solutions.

use super::full::propagate_everywhere;
use super::search::{Order, Search};
use super::tables::Tables;
use super::work::Work;
use super::Engine;
use crate::generate::Rng;
use crate::variant::geometry::Geometry;
use crate::variant::rules::{Cage, Cages, Rules};
use crate::variant::shape::Shape;
use crate::variant::text::VariantPuzzle;
use proptest::prelude::*;

/// True when the digit at `cell` breaks no rule with the digits already in `grid`
/// (0 for blank): groups, knight's moves, king's steps, nc, cages (distinct, and a sum
/// not exceeded, met when the cage is full).
pub(crate) fn fits(geometry: &Geometry, grid: &[u8], cell: usize) -> bool {
    let d = grid[cell];
    let shape = geometry.shape;
    let n = shape.side() as i32;
    let rules = &geometry.rules;
    for group in geometry
        .groups
        .iter()
        .filter(|g| g.cells.contains(&(cell as u16)))
    {
        let same = group
            .cells
            .iter()
            .filter(|&&c| grid[usize::from(c)] == d)
            .count();
        if same > 1 {
            return false;
        }
    }
    let (r, c) = (shape.row(cell) as i32, shape.col(cell) as i32);
    // Knight's moves, king's steps and neighbours are all within two rows and columns.
    let near = (r - 2..=r + 2).flat_map(|r2| (c - 2..=c + 2).map(move |c2| (r2, c2)));
    for (r2, c2) in near.filter(|&(r2, c2)| (0..n).contains(&r2) && (0..n).contains(&c2)) {
        let other = shape.cell(r2 as usize, c2 as usize);
        let e = grid[other];
        if other == cell || e == 0 {
            continue;
        }
        let (dr, dc) = ((r2 - r).abs(), (c2 - c).abs());
        let knight = (dr, dc) == (1, 2) || (dr, dc) == (2, 1);
        let king = (dr, dc) == (1, 1);
        let side_by_side = dr + dc == 1;
        if (rules.anti_knight && knight && e == d)
            || (rules.anti_king && king && e == d)
            || (rules.non_consecutive && side_by_side && e.abs_diff(d) == 1)
        {
            return false;
        }
    }
    if let Cages::Killer { cages, .. } = &rules.cages {
        for cage in cages.iter().filter(|k| k.cells.contains(&(cell as u16))) {
            if !cage_fits(cage, grid, d) {
                return false;
            }
        }
    }
    true
}

fn cage_fits(cage: &Cage, grid: &[u8], d: u8) -> bool {
    let digits: Vec<u8> = cage.cells.iter().map(|&c| grid[usize::from(c)]).collect();
    if digits.iter().filter(|&&e| e == d).count() > 1 {
        return false;
    }
    let total: u16 = digits.iter().map(|&e| u16::from(e)).sum();
    match cage.sum {
        None => true,
        Some(sum) if digits.contains(&0) => total <= sum,
        Some(sum) => total == sum,
    }
}

/// True when `grid` is full and obeys every rule.
pub(crate) fn satisfies(geometry: &Geometry, grid: &[u8]) -> bool {
    let n = geometry.shape.side() as u8;
    grid.len() == geometry.shape.cells()
        && grid.iter().all(|&d| (1..=n).contains(&d))
        && (0..grid.len()).all(|c| fits(geometry, grid, c))
}

/// True when `grid` keeps every given of `puzzle`.
pub(crate) fn extends(puzzle: &VariantPuzzle, grid: &[u8]) -> bool {
    puzzle
        .cells
        .iter()
        .zip(grid)
        .all(|(&g, &d)| g == 0 || g == d)
}

/// The solutions of a puzzle counted by plain backtracking, up to `limit`.
pub(crate) fn brute_count(geometry: &Geometry, puzzle: &VariantPuzzle, limit: u64) -> u64 {
    let mut grid = puzzle.cells.clone();
    if (0..grid.len()).any(|c| grid[c] != 0 && !fits(geometry, &grid, c)) {
        return 0;
    }
    let blanks: Vec<usize> = (0..grid.len()).filter(|&c| grid[c] == 0).collect();
    let mut found = 0;
    brute(geometry, &mut grid, &blanks, limit, &mut found);
    found
}

fn brute(geometry: &Geometry, grid: &mut [u8], blanks: &[usize], limit: u64, found: &mut u64) {
    let Some((&cell, rest)) = blanks.split_first() else {
        *found += 1;
        return;
    };
    for d in 1..=geometry.shape.side() as u8 {
        grid[cell] = d;
        if fits(geometry, grid, cell) {
            brute(geometry, grid, rest, limit, found);
            if *found >= limit {
                break;
            }
        }
    }
    grid[cell] = 0;
}

/// A geometry from rule text (panics on a malformed one: tests write valid rules).
pub(crate) fn geometry(shape: Shape, rules: &str) -> Geometry {
    Geometry::new(shape, &Rules::parse(rules).unwrap()).unwrap()
}

/// The rules with killer cages cut from a full grid: cells taken in a random order,
/// each starting a cage or joining an orthogonal neighbour's (up to `max_size`
/// cells, distinct digits), sums from the grid; a cage gets no sum one time in `nosum`.
pub(crate) fn with_cages(
    mut rules: Rules,
    shape: Shape,
    grid: &[u8],
    rng: &mut Rng,
    max_size: usize,
    nosum: u64,
) -> Rules {
    let n = shape.side();
    let mut cage_of: Vec<Option<usize>> = vec![None; shape.cells()];
    let mut cages: Vec<Vec<u16>> = Vec::new();
    let mut order: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut order);
    for &c in &order {
        let (r, col) = (shape.row(c), shape.col(c));
        let mut near = vec![];
        if r > 0 {
            near.push(c - n);
        }
        if r + 1 < n {
            near.push(c + n);
        }
        if col > 0 {
            near.push(c - 1);
        }
        if col + 1 < n {
            near.push(c + 1);
        }
        rng.shuffle(&mut near);
        let joined = near.iter().filter_map(|&q| cage_of[q]).find(|&k| {
            cages[k].len() < max_size && cages[k].iter().all(|&m| grid[usize::from(m)] != grid[c])
        });
        match joined {
            Some(k) if rng.below(4) != 0 => {
                cages[k].push(c as u16);
                cage_of[c] = Some(k);
            }
            _ if rng.below(3) == 0 => {}
            _ => {
                cage_of[c] = Some(cages.len());
                cages.push(vec![c as u16]);
            }
        }
    }
    let cages = cages
        .into_iter()
        .map(|mut cells| {
            cells.sort_unstable();
            let sum = cells.iter().map(|&c| u16::from(grid[usize::from(c)])).sum();
            Cage {
                cells,
                sum: (rng.below(nosum.max(1)) != 0 || nosum == 0).then_some(sum),
            }
        })
        .collect();
    rules.cages = Cages::Killer {
        map_cells: shape.cells(),
        cages,
    };
    rules
}

/// A random full grid of the rules (the engine's), for tests that need one.
pub(crate) fn random_grid(geometry: &Geometry, rng: &mut Rng) -> Option<Vec<u8>> {
    let engine = Engine::new(geometry);
    engine.random_solution(&VariantPuzzle::empty(geometry.shape), rng, &mut || {})
}

/// The grid with each cell kept as a given with probability `keep` in 100.
pub(crate) fn dig(shape: Shape, grid: &[u8], keep: u64, rng: &mut Rng) -> VariantPuzzle {
    let cells = grid
        .iter()
        .map(|&d| if rng.below(100) < keep { d } else { 0 })
        .collect();
    VariantPuzzle { shape, cells }
}

/// Every solution of the mask search, up to `limit`, in its order (what the band
/// searches are compared with).
pub(crate) fn mask_solutions(
    t: &Tables,
    puzzle: &VariantPuzzle,
    excluded: Option<(usize, u8)>,
    limit: usize,
) -> Vec<Vec<u8>> {
    let mut search = Search::new(t, puzzle, excluded, Order::Ascending, || {});
    std::iter::from_fn(|| search.next_level().map(|level| search.grid(level)))
        .take(limit)
        .collect()
}

/// Candidate masks of a puzzle: its givens, every digit in the blank cells, then up to
/// `drops` digits taken at random from cells holding three or more (which makes
/// contradictions too): the random states the band searches' fixpoints are checked on.
pub(crate) fn masks_with_drops(
    t: &Tables,
    puzzle: &VariantPuzzle,
    drops: usize,
    rng: &mut Rng,
) -> Vec<u32> {
    let mut cand: Vec<u32> = puzzle
        .cells
        .iter()
        .map(|&d| if d == 0 { t.all } else { 1 << (d - 1) })
        .collect();
    for _ in 0..drops {
        let c = rng.below(t.cells as u64) as usize;
        if cand[c].count_ones() > 2 {
            cand[c] &= !(1 << rng.below(t.side as u64));
        }
    }
    cand
}

/// The plain way's fixpoint of `cand` ([`super::full`]), `None` on a contradiction;
/// `two_places` runs the few-place rules.
pub(crate) fn plain_fixpoint(t: &Tables, cand: &[u32], two_places: bool) -> Option<Vec<u32>> {
    let mut work = Work {
        two_places,
        ..Work::default()
    };
    work.start_everywhere(cand);
    let mut plain = cand.to_vec();
    propagate_everywhere(t, &mut plain, &mut work).then_some(plain)
}

/// The engine of `g` finds the mask search's solutions of `puzzle` (dug from `grid`):
/// the same set up to `limit` (above both counts, the same count), every one obeying
/// the rules, and the same count with a digit of `grid` excluded from a random cell
/// (the generator's test).
pub(crate) fn same_solutions_as_mask_search(
    g: &Geometry,
    puzzle: &VariantPuzzle,
    grid: &[u8],
    limit: usize,
    rng: &mut Rng,
) -> Result<(), TestCaseError> {
    let t = Tables::new(g);
    let engine = Engine::new(g);
    let mut found: Vec<Vec<u8>> = engine.solutions(puzzle, limit as u64, || {}).collect();
    let mut masked = mask_solutions(&t, puzzle, None, limit);
    prop_assert_eq!(found.len(), masked.len());
    if found.len() < limit {
        found.sort();
        masked.sort();
        prop_assert_eq!(&found, &masked);
    }
    prop_assert!(found.iter().all(|s| satisfies(g, s)));
    let cell = rng.below(t.cells as u64) as usize;
    let digit = grid[cell];
    prop_assert_eq!(
        engine.count_excluding(puzzle, cell, digit, 3, &mut || {}),
        mask_solutions(&t, puzzle, Some((cell, digit)), 3).len() as u64
    );
    Ok(())
}
