//! Variant puzzles generated from a seed: unique, symmetric where the rules allow, with
//! fresh jigsaw layouts and killer cages when the rules ask for them.
//!
//! Puzzle `index` of `seed` depends on `(seed, index)` only (SplitMix64, as the
//! classic [`crate::generate`], with its own salt so variant and classic sequences are
//! unrelated). How a puzzle is made ([`generate_variant`]):
//! 1. The symmetry: `random` draws one the rules allow; one they do not is 22023
//!    naming the rule ([`symmetry`]).
//! 2. A full grid: `jigsaw` alone draws a fresh layout ([`jigsaw`], symmetric under the
//!    symmetry), and the engine draws a random grid of the rules
//!    ([`Engine::random_solution`]); a fresh layout that admits no grid, or whose grid
//!    takes the search past four times the digging's node budget, is drawn again (up to
//!    [`MAX_LAYOUTS`] times); rules that admit none are 22023.
//! 3. `killer` alone: cages cut from the grid ([`killer`]), split where a second
//!    solution differs until the cages alone make the grid unique; the puzzle has no
//!    givens (the `clues` target does not apply, and no symmetry: the cages are not made
//!    symmetric, 22023 naming `killer` when one is asked).
//! 4. Otherwise the grid is dug ([`dig`]) to the `clues` target or until minimal,
//!    each test within a node budget (a test past it keeps its given: the puzzle stays
//!    unique, and [`VariantGenerated::over_budget`] says how many did).
//!
//! The rules returned are the ones the puzzle was made with: fresh layouts filled in
//! (`Regions::Jigsaw`, `Cages::Killer`), written by [`Rules`]'s `Display`.

pub mod cells;
pub mod dig;
pub mod jigsaw;
pub mod killer;
pub mod symmetry;
#[cfg(test)]
mod tests;

use super::engine::Engine;
use super::error::VariantError;
use super::geometry::Geometry;
use super::rules::{Cage, Cages, Regions, Rules};
use super::shape::Shape;
use super::text::VariantPuzzle;
use crate::generate::{Rng, Symmetry};

/// Fresh layouts drawn for one puzzle before its rules are called unsolvable.
pub const MAX_LAYOUTS: usize = 64;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantOptions {
    /// Stop digging at this many givens; 0 (or a number the digging cannot reach) digs
    /// until the puzzle is minimal. Fresh killer puzzles have no givens whatever this is.
    pub clues: usize,
    /// The symmetry of the pattern of givens.
    pub symmetry: Symmetry,
}

impl Default for VariantOptions {
    fn default() -> VariantOptions {
        VariantOptions {
            clues: 0,
            symmetry: Symmetry::None,
        }
    }
}

/// A generated puzzle, its only solution, and the rules it was made with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantGenerated {
    pub puzzle: VariantPuzzle,
    pub solution: Vec<u8>,
    /// The rules asked for, with a fresh jigsaw layout or killer cages filled in.
    pub rules: Rules,
    /// The symmetry the givens have (`Random` drawn; `None` when none).
    pub symmetry: Symmetry,
    /// Digging tests that ran out of their node budget, their givens kept ([`dig`]):
    /// 0 means the puzzle is minimal (under the symmetry) or at the `clues` target.
    pub over_budget: usize,
}

/// The random numbers of puzzle `index` of `seed`.
fn puzzle_rng(seed: u64, index: u64) -> Rng {
    let mixed = Rng::new(seed ^ 0x7A81_A175_0F5E_ED00).next_u64();
    Rng::new(mixed ^ index.wrapping_mul(0xA24B_AED4_963E_E407))
}

/// Puzzle `index` of `seed` under `rules` on `shape` (see the module doc).
pub fn generate_variant(
    shape: Shape,
    rules: &Rules,
    seed: u64,
    index: u64,
    options: &VariantOptions,
    interrupt: &mut dyn FnMut(),
) -> Result<VariantGenerated, VariantError> {
    let mut rng = puzzle_rng(seed, index);
    let fresh_jigsaw = rules.regions == Regions::FreshJigsaw;
    let fresh_killer = rules.cages == Cages::FreshKiller;
    let symmetry = choose_symmetry(shape, rules, options.symmetry, &mut rng)?;
    let (grid_rules, solution) = full_grid(shape, rules, symmetry, &mut rng, interrupt)?;
    if fresh_killer {
        let cages = unique_cages(shape, &grid_rules, &solution, &mut rng, interrupt)?;
        let rules = Rules {
            cages: Cages::Killer {
                map_cells: shape.cells(),
                cages,
            },
            ..grid_rules
        };
        return Ok(VariantGenerated {
            puzzle: VariantPuzzle::empty(shape),
            solution,
            rules,
            symmetry: Symmetry::None,
            over_budget: 0,
        });
    }
    debug_assert!(!fresh_jigsaw || matches!(grid_rules.regions, Regions::Jigsaw(_)));
    let engine = Engine::new(&Geometry::new(shape, &grid_rules)?);
    let dug = dig::dig(
        &engine,
        shape,
        &solution,
        symmetry,
        options.clues,
        dig::node_budget(shape),
        &mut rng,
        interrupt,
    );
    Ok(VariantGenerated {
        puzzle: dug.puzzle,
        solution,
        rules: grid_rules,
        symmetry,
        over_budget: dug.over_budget,
    })
}

/// The symmetry of the givens: the rules are checked with the boxes in place of a
/// fresh layout (which is made symmetric under any map, as the boxes are); fresh
/// cages allow none.
fn choose_symmetry(
    shape: Shape,
    rules: &Rules,
    asked: Symmetry,
    rng: &mut Rng,
) -> Result<Symmetry, VariantError> {
    let mut stand_in = rules.clone();
    if stand_in.regions == Regions::FreshJigsaw {
        if rules.disjoint_groups {
            return Err(VariantError::Incompatible {
                rule: "dg",
                with: "jigsaw",
            });
        }
        stand_in.regions = Regions::Boxes;
    }
    if stand_in.cages == Cages::FreshKiller {
        stand_in.cages = Cages::None;
        // Checks the other rules' fit to the shape all the same.
        Geometry::new(shape, &stand_in)?;
        return match asked {
            Symmetry::None | Symmetry::Random => Ok(Symmetry::None),
            map => Err(VariantError::Asymmetric {
                rule: "killer",
                symmetry: symmetry::symmetry_name(map),
            }),
        };
    }
    symmetry::choose(&Geometry::new(shape, &stand_in)?, asked, rng)
}

/// A random full grid of the rules, with the layout it was drawn on: the rules
/// returned have a fresh jigsaw layout filled in and no cages when fresh cages are
/// asked (they are cut from the grid afterwards).
fn full_grid(
    shape: Shape,
    rules: &Rules,
    symmetry: Symmetry,
    rng: &mut Rng,
    interrupt: &mut dyn FnMut(),
) -> Result<(Rules, Vec<u8>), VariantError> {
    let mut grid_rules = rules.clone();
    if grid_rules.cages == Cages::FreshKiller {
        grid_rules.cages = Cages::None;
    }
    let tries = if rules.regions == Regions::FreshJigsaw {
        MAX_LAYOUTS
    } else {
        1
    };
    for _ in 0..tries {
        if rules.regions == Regions::FreshJigsaw {
            let layout = jigsaw::fresh_layout(shape, symmetry, rng, interrupt);
            grid_rules.regions = Regions::Jigsaw(layout);
        }
        let engine = Engine::new(&Geometry::new(shape, &grid_rules)?);
        let empty = VariantPuzzle::empty(shape);
        if tries == 1 {
            if let Some(grid) = engine.random_solution(&empty, rng, interrupt) {
                return Ok((grid_rules, grid));
            }
            continue;
        }
        // A fresh layout whose grid takes the search past its budget is drawn again,
        // like one that has none (one 9×9 layout took 68 s without the budget).
        let mut draw = Rng::new(rng.next_u64());
        let budget = dig::node_budget(shape) * 4;
        let test = |i: &mut dyn FnMut()| engine.random_solution(&empty, &mut draw, i);
        if let Some(Some(grid)) = dig::within_budget(budget, interrupt, test) {
            return Ok((grid_rules, grid));
        }
    }
    Err(VariantError::Unsolvable {
        rules: rules.to_string(),
        shape,
    })
}

/// Cages cut from the grid and split until they alone make it the only solution
/// ([`killer`]'s module doc: at most one split per cell).
fn unique_cages(
    shape: Shape,
    grid_rules: &Rules,
    solution: &[u8],
    rng: &mut Rng,
    interrupt: &mut dyn FnMut(),
) -> Result<Vec<Cage>, VariantError> {
    let mut cages = killer::fresh_cages(shape, solution, rng);
    let empty = VariantPuzzle::empty(shape);
    loop {
        let rules = Rules {
            cages: Cages::Killer {
                map_cells: shape.cells(),
                cages: cages.clone(),
            },
            ..grid_rules.clone()
        };
        let engine = Engine::new(&Geometry::new(shape, &rules)?);
        let witness = engine
            .solutions(&empty, 2, &mut *interrupt)
            .find(|s| s != solution);
        let Some(witness) = witness else {
            return Ok(cages);
        };
        if !killer::split_against(shape, &mut cages, solution, &witness, rng) {
            // Unreachable: a witness other than the grid always leaves a cut.
            return Err(VariantError::Unsolvable {
                rules: rules.to_string(),
                shape,
            });
        }
    }
}
