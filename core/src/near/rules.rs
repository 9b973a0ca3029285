//! What a search near a puzzle reads from the rules of its puzzles ([`NearRules`]): the
//! classic ones (the fast solver, the classic ladder) or a variant's on a 9×9 grid
//! without cages (the variant engine, the ladder under rules, `logic::variant_ladder`).
//!
//! The search itself (`near`) is the same under every rule: its moves keep exactly one
//! solution by counting solutions, and its ranks read ratings. Only four things differ,
//! each a method here: counting (up to 2) and listing solutions, the singles filter, the
//! rating, and which symmetries the rules allow.
//!
//! - The singles filter is the classic one only: under rules a neighbour is always rated
//!   (the filter's argument, that singles keep applying and the ladder takes them first,
//!   holds there too, but it would need singles over the rules' groups and peers; the
//!   rating stops at the range's `max` anyway).
//! - A rating stops at the range's `max`: under rules the nested producers whose base
//!   rating is above it are not tried, and a puzzle whose path needs one rates at least
//!   that base (above `max`, 9.5 or more): the search ranks it at that bound.

use crate::generate::Symmetry;
use crate::grid::CELLS;
use crate::logic::rules::VariantTables;
use crate::logic::variant_ladder::rate_up_to_in;
use crate::puzzle::Puzzle;
use crate::search::Observer;
use crate::variant::generate::symmetry::first_asymmetric_rule;
use crate::variant::VariantPuzzle;
use crate::variant::{check_givens, Cages, Engine, Geometry, Rules, Shape, VariantError};

/// The rules of the puzzles a search near a start makes.
pub enum NearRules {
    /// Classic 9×9 rules.
    Classic,
    /// A variant's rules on a 9×9 grid without cages.
    Variant(Box<VariantSide>),
}

/// The variant engine and the ladder's tables under one set of rules.
pub struct VariantSide {
    geometry: Geometry,
    engine: Engine,
    tables: VariantTables,
}

impl NearRules {
    /// The rules `rules` on a 9×9 grid: classic, or a variant's (its tables built once
    /// for the whole search). Rules with cages, or a fresh layout (`jigsaw` alone), are
    /// refused: the ratings do not take cages, and a start's layout is given.
    pub fn of(rules: &Rules) -> Result<NearRules, VariantError> {
        if rules.is_classic() {
            return Ok(NearRules::Classic);
        }
        if !matches!(rules.cages, Cages::None) {
            return Err(VariantError::NoHumanLogic {
                what: "sudoku_generate near a puzzle".into(),
                rules: rules.to_string(),
            });
        }
        let geometry = Geometry::new(Shape::NINE, rules)?;
        let tables = VariantTables::new(&geometry)?;
        let engine = Engine::new(&geometry);
        Ok(NearRules::Variant(Box::new(VariantSide {
            geometry,
            engine,
            tables,
        })))
    }

    /// Checks a start's givens against the rules (22023 naming the cells under rules;
    /// classic starts are checked by their solver).
    pub(super) fn check_start(&self, cells: &[u8; CELLS]) -> Result<(), VariantError> {
        match self {
            NearRules::Classic => Ok(()),
            NearRules::Variant(v) => check_givens(&variant(cells), &v.geometry),
        }
    }

    /// The rule that `symmetry` does not keep, if any (classic rules keep every map).
    pub(super) fn asymmetric_rule(&self, symmetry: Symmetry) -> Option<&'static str> {
        match self {
            NearRules::Classic => None,
            NearRules::Variant(v) => first_asymmetric_rule(&v.geometry, symmetry),
        }
    }

    /// The count of solutions (up to 2) and the first one.
    pub(super) fn solutions_of<O: Observer>(
        &self,
        cells: &[u8; CELLS],
        observer: &mut O,
    ) -> (u64, [u8; CELLS]) {
        match self {
            NearRules::Classic => {
                match crate::solver::solve_observed(&Puzzle::from_cells(*cells), 2, observer) {
                    Ok(outcome) => (outcome.count, outcome.solution.unwrap_or([0; CELLS])),
                    Err(_) => (0, [0; CELLS]),
                }
            }
            NearRules::Variant(v) => {
                let interrupt = || observer.check_interrupt();
                let mut found = v.engine.solutions(&variant(cells), 2, interrupt);
                match found.next() {
                    Some(first) => (1 + found.count() as u64, grid_of(&first)),
                    None => (0, [0; CELLS]),
                }
            }
        }
    }

    /// Pushes onto `out` the solutions of `cells`, up to `limit`; false when the givens
    /// cannot be read as a puzzle (a classic conflict).
    pub(super) fn list_solutions<O: Observer>(
        &self,
        cells: &[u8; CELLS],
        limit: u64,
        observer: &mut O,
        out: &mut Vec<[u8; CELLS]>,
    ) -> bool {
        match self {
            NearRules::Classic => {
                let puzzle = Puzzle::from_cells(*cells);
                match crate::solver::Solutions::new(&puzzle, limit, &mut *observer) {
                    Ok(listing) => {
                        out.extend(listing);
                        true
                    }
                    Err(_) => false,
                }
            }
            NearRules::Variant(v) => {
                let interrupt = || observer.check_interrupt();
                let listing = v.engine.solutions(&variant(cells), limit, interrupt);
                out.extend(listing.map(|s| grid_of(&s)));
                true
            }
        }
    }

    /// True when the neighbour is known to rate 2.3 or less without rating it: naked and
    /// hidden singles solve it from its givens (classic rules only; see the module doc).
    pub(super) fn solved_by_singles(&self, cells: &[u8; CELLS]) -> bool {
        match self {
            NearRules::Classic => {
                let fixpoint = crate::plain::singles_from_givens(&Puzzle::from_cells(*cells));
                fixpoint.blanks_left == 0 && !fixpoint.contradiction
            }
            NearRules::Variant(_) => false,
        }
    }

    /// The ER of a puzzle with exactly one solution, the interrupt check inside; above
    /// `ceiling`, a lower bound above `ceiling` (the rating stops there).
    ///
    /// With a `ceiling` below 20.0 the rating stops at the first step rated above it
    /// (the ER is the hardest step, so it is then above `ceiling` whatever follows).
    /// Under rules, a path that needs a nested producer past the ceiling rates above the
    /// ceiling and at least 9.5, and is ranked at that bound (see the module doc).
    pub(super) fn rate<O: Observer>(
        &self,
        cells: &[u8; CELLS],
        ceiling: u16,
        observer: &mut O,
    ) -> u16 {
        let check = &mut || observer.check_interrupt();
        match self {
            NearRules::Classic => {
                let puzzle = Puzzle::from_cells(*cells);
                if ceiling >= crate::logic::BEYOND_LADDER {
                    crate::logic::rate(&puzzle, check).er
                } else {
                    crate::logic::rate_up_to(&puzzle, ceiling, check).er
                }
            }
            NearRules::Variant(v) => match rate_up_to_in(cells, &v.tables, ceiling, check) {
                Ok(rating) => rating.er,
                // The next step needs a nested producer whose base (9.5, 10.0, 10.5) is
                // above the ceiling: a lower bound of the ER above it.
                Err(_) => ceiling.saturating_add(1).max(95),
            },
        }
    }
}

/// The variant puzzle of 81 cells.
fn variant(cells: &[u8; CELLS]) -> VariantPuzzle {
    VariantPuzzle {
        shape: Shape::NINE,
        cells: cells.to_vec(),
    }
}

/// A 9×9 grid of the variant engine as cells.
fn grid_of(cells: &[u8]) -> [u8; CELLS] {
    let mut out = [0; CELLS];
    out.copy_from_slice(cells);
    out
}
