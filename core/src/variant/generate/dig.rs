//! Digging: givens removed from a full grid, in a random order, while the puzzle keeps
//! one solution.
//!
//! Without a symmetry the cells are tried one at a time. Removing digit `d` from cell
//! `c` of a puzzle whose only solution is the grid keeps it unique exactly when no
//! solution of the dug puzzle puts another digit than `d` in `c` (any other solution
//! would differ from the grid, and every solution of the old puzzle is the grid); so the
//! test is one search with `d` excluded from `c` ([`Engine::count_excluding`] with limit
//! 1), which skips the subtree of the known solution that a count up to 2 walks first
//! (the test beside this compares both ways on every removal of a dig). With a symmetry
//! an orbit goes at once, and the test is a count up to 2 of the dug puzzle.
//!
//! Digging stops at the target number of givens or when every cell (orbit) has been
//! tried: the puzzle is then minimal (under the symmetry), since removing givens only
//! adds solutions, and a cell that could not go when tried cannot go later.
//!
//! **The budget.** Near the end of a giant grid's dig one test can search for seconds
//! (on 25×25, past 300 removals, one proof of uniqueness took 9 s). Each test gets
//! [`node_budget`] search nodes (counted through the engine's interrupt callback, every
//! 256 nodes: deterministic, the same on every machine); a test past its budget is
//! stopped (an unwind with a private payload, caught here; any other unwind, such as
//! PostgreSQL's cancel, goes on) and its given is **kept**. Keeping a given never costs
//! uniqueness, so the puzzle stays unique; it is minimal when no test ran out, which on
//! 9×9 is every test the module's tests make (they check minimality), and the
//! [`Dug::over_budget`] count says how many did.

use super::super::engine::Engine;
use super::super::shape::Shape;
use super::super::text::VariantPuzzle;
use super::symmetry::orbit;
use crate::generate::{Rng, Symmetry};
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

/// Search nodes one test of a 4×4 or 9×9 dig may take before its given is kept.
pub const NODE_BUDGET: u64 = 256 * 64;

/// The node budget of one test on a shape: a node costs more on a larger grid, so the
/// budget shrinks with it. Measured (`sudoku-tools generate_variants`, 2026-11-26):
/// 16×16 with 4,096 nodes takes a median 0.53 s and keeps 93 givens (16,384: 1.2 s, 95);
/// 25×25 with 512 nodes takes 4.3 s and keeps 278 givens (4,096: 26 s, 279).
pub fn node_budget(shape: Shape) -> u64 {
    match shape.side() {
        25 => 256 * 2,
        16 => 256 * 16,
        _ => NODE_BUDGET,
    }
}

/// A dug puzzle and the tests that ran out of budget (their givens kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dug {
    pub puzzle: VariantPuzzle,
    pub over_budget: usize,
}

/// The unwind payload that stops a test past its budget.
struct OverBudget;

/// Runs a test with an interrupt callback that also counts the engine's calls and
/// stops the test past `budget` nodes: `None` then.
pub(super) fn within_budget<T>(
    budget: u64,
    interrupt: &mut dyn FnMut(),
    test: impl FnOnce(&mut dyn FnMut()) -> T,
) -> Option<T> {
    let mut calls = 0u64;
    let mut counted = || {
        interrupt();
        calls += 1;
        if calls * 256 > budget {
            resume_unwind(Box::new(OverBudget));
        }
    };
    match catch_unwind(AssertUnwindSafe(|| test(&mut counted))) {
        Ok(value) => Some(value),
        Err(payload) if payload.is::<OverBudget>() => None,
        Err(payload) => resume_unwind(payload),
    }
}

/// The puzzle dug from `solution` (which must be the only solution of the full grid
/// under the engine's rules) down to `clues` givens, or minimal, each test within
/// `budget` nodes.
#[allow(clippy::too_many_arguments)]
pub fn dig(
    engine: &Engine,
    shape: Shape,
    solution: &[u8],
    symmetry: Symmetry,
    clues: usize,
    budget: u64,
    rng: &mut Rng,
    interrupt: &mut dyn FnMut(),
) -> Dug {
    let mut over_budget = 0;
    let mut puzzle = VariantPuzzle {
        shape,
        cells: solution.to_vec(),
    };
    let mut order: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut order);
    let mut givens = shape.cells();
    for &cell in &order {
        if givens <= clues {
            break;
        }
        if symmetry == Symmetry::None {
            let digit = puzzle.cells[cell];
            puzzle.cells[cell] = 0;
            let test = |i: &mut dyn FnMut()| engine.count_excluding(&puzzle, cell, digit, 1, i);
            match within_budget(budget, interrupt, test) {
                Some(0) => givens -= 1,
                outcome => {
                    over_budget += usize::from(outcome.is_none());
                    puzzle.cells[cell] = digit;
                }
            }
            continue;
        }
        let cells = orbit(shape, symmetry, cell);
        if puzzle.cells[cells[0]] == 0 || givens - cells.len() < clues {
            continue;
        }
        let kept = puzzle.cells.clone();
        for &c in &cells {
            puzzle.cells[c] = 0;
        }
        match within_budget(budget, interrupt, |i| engine.count(&puzzle, 2, i)) {
            Some(1) => givens -= cells.len(),
            outcome => {
                over_budget += usize::from(outcome.is_none());
                puzzle.cells = kept;
            }
        }
    }
    Dug {
        puzzle,
        over_budget,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Geometry, Rules};

    #[test]
    fn excluding_the_digit_decides_as_a_count_up_to_two() {
        for (shape, rules) in [
            (Shape::NINE, "x"),
            (Shape::NINE, "anti-king,nc"),
            (Shape::FOUR, "classic"),
        ] {
            let geometry = Geometry::new(shape, &Rules::parse(rules).unwrap()).unwrap();
            let engine = Engine::new(&geometry);
            let mut rng = Rng::new(17);
            let solution = engine
                .random_solution(&VariantPuzzle::empty(shape), &mut rng, &mut || {})
                .unwrap();
            let mut puzzle = VariantPuzzle {
                shape,
                cells: solution.clone(),
            };
            let mut order: Vec<usize> = (0..shape.cells()).collect();
            rng.shuffle(&mut order);
            for cell in order {
                let digit = puzzle.cells[cell];
                puzzle.cells[cell] = 0;
                let shortcut = engine.count_excluding(&puzzle, cell, digit, 1, &mut || {}) == 0;
                let plain = engine.count(&puzzle, 2, &mut || {}) == 1;
                assert_eq!(shortcut, plain, "{rules} {}", puzzle.to_line());
                if !plain {
                    puzzle.cells[cell] = digit;
                }
            }
        }
    }

    fn grid_of(rules: &str, seed: u64) -> (Engine, Vec<u8>) {
        let geometry = Geometry::new(Shape::NINE, &Rules::parse(rules).unwrap()).unwrap();
        let engine = Engine::new(&geometry);
        let empty = VariantPuzzle::empty(Shape::NINE);
        let grid = engine.random_solution(&empty, &mut Rng::new(seed), &mut || {});
        (engine, grid.unwrap())
    }

    fn dig_with(engine: &Engine, grid: &[u8], budget: u64, interrupt: &mut dyn FnMut()) -> Dug {
        let none = Symmetry::None;
        dig(
            engine,
            Shape::NINE,
            grid,
            none,
            0,
            budget,
            &mut Rng::new(4),
            interrupt,
        )
    }

    #[test]
    fn a_test_past_its_budget_keeps_its_given_and_the_puzzle_stays_unique() {
        // X sudoku: no test reaches the budget, and the dig is the plain one.
        let (engine, grid) = grid_of("x", 3);
        let plain = dig_with(&engine, &grid, u64::MAX, &mut || {});
        assert_eq!(plain.over_budget, 0);
        assert_eq!(dig_with(&engine, &grid, NODE_BUDGET, &mut || {}), plain);
        // Non-consecutive near the end takes more than 256 nodes a test.
        let (engine, grid) = grid_of("nc", 3);
        let starved = dig_with(&engine, &grid, 256, &mut || {});
        assert!(starved.over_budget > 0);
        assert_eq!(engine.count(&starved.puzzle, 2, &mut || {}), 1);
    }

    #[test]
    fn another_unwind_from_the_callback_goes_on() {
        let (engine, grid) = grid_of("nc", 5);
        let caught = std::panic::catch_unwind(AssertUnwindSafe(|| {
            let mut cancel = || resume_unwind(Box::new("cancel"));
            dig_with(&engine, &grid, NODE_BUDGET, &mut cancel)
        }));
        let payload = caught.unwrap_err();
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"cancel"));
    }
}
