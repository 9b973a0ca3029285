//! The human-logic engine's answers for a 9×9 puzzle under variant rules: what
//! `sudoku_rate`, `sudoku_hint`, `sudoku_steps` and `sudoku_stats` return when their
//! `rules` are not classic ([`crate::explain`] gives them for classic puzzles).
//!
//! A [`RuledPuzzle`] is the puzzle, its rules' tables ([`VariantTables`]) and its
//! solutions counted up to two by the variant engine when first asked for (a rating
//! asks only where its path does not show one solution:
//! `variant_ladder::rate_marks_counting`). Its path follows the classic path's contract
//! (`logic::ladder::path`):
//! - the easiest step of the ladder under the rules (`logic::variant_ladder`) each
//!   time, the uniqueness techniques left out unless the solution is unique;
//! - with several solutions, the ladder without the uniqueness techniques and the chains,
//!   and a guess from the first solution where nothing applies (said so in the step), as
//!   the classic path does;
//! - with one solution, where no technique of Sukaku Explainer's applies (the nested
//!   chains of levels 2 to 4 included), the path guesses and rates 20.0, its "Beyond
//!   solver", as the classic path does; a step that changes nothing (none does) is
//!   replaced by a guess on the path, and a rating reaching one is
//!   [`VariantError::BeyondBuilt`];
//! - every step is checked against the solution, and one that is not sound is replaced
//!   by a guess (the ladder's soundness tests check that this never happens).
//!
//! The rating is the hardest step of that path (Sukaku Explainer's ER, with EP and ED),
//! and the figures of `sudoku_stats` come from the same path; the search keys of the
//! classic figures (the bitboard search's counters) have no counterpart and are `None`.

use crate::explain::{step_text_naming, Analysis, PathFigures, StepText};
use crate::grid::Size;
use crate::logic::ladder::{changes, guess_step, Rating};
use crate::logic::rules::{VariantTables, SLOTS};
use crate::logic::techniques::singles::{full_house_in, hidden_single_in, naked_single};
use crate::logic::variant_ladder::{next_step_in_with, rate_marks_counting};
use crate::logic::{Marks, Step};
use crate::plain::SinglesFixpoint;
use crate::variant::engine::Engine;
use crate::variant::{Geometry, Rules, Shape, VariantError, VariantPuzzle};
use position::RuledPosition;
use std::cell::OnceCell;
use std::rc::Rc;

/// Rules as the errors of the human-logic functions name them, as those that take
/// classic puzzles only do: the rules, or the grid under classic rules (`classic 16x16`).
pub fn rules_named(shape: Shape, rules: &Rules) -> String {
    match rules.is_classic() {
        true => format!("classic {}", shape.name()),
        false => rules.to_string(),
    }
}

/// What [`RuledPuzzle::nth_step`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NthStep {
    /// The step, and the pencil marks before it (boxed: a position is 400 bytes).
    Found { before: Box<Marks>, step: Step },
    /// The path ends after `steps` steps.
    PathEnds { steps: usize },
}

/// A 9×9 puzzle under variant rules, ready for the human-logic engine.
pub struct RuledPuzzle {
    /// What asks (a function's name), for errors.
    what: String,
    rules: String,
    /// Shared with the calls before it under the same rules ([`VariantTables::shared`]).
    tables: Rc<VariantTables>,
    /// The filled cells: the givens, and in a player's position the digits placed.
    digits: Vec<u8>,
    /// How many of the filled cells are givens.
    givens: usize,
    /// A player's pencil marks: the candidates of the open cells (else every digit the
    /// rules leave).
    start: Option<Box<[u16; 81]>>,
    /// What counts the solutions: the engine, and a player's marks as the candidates
    /// each cell allows.
    engine: Engine,
    allowed: Option<Vec<u32>>,
    /// The solutions, counted when first asked ([`RuledPuzzle::counted`]).
    counted: OnceCell<Counted>,
}

/// A puzzle's solutions counted up to 2, and the first.
#[derive(Debug)]
struct Counted {
    solutions: u64,
    solution: Option<Vec<u8>>,
}

impl RuledPuzzle {
    /// The puzzle under `geometry` (its givens already checked against the rules), its
    /// solutions to be counted by `engine` when asked.
    /// [`VariantError::NoHumanLogic`] for killer cages and grids other than 9×9, naming
    /// `what`.
    pub fn new(
        what: &str,
        puzzle: &VariantPuzzle,
        geometry: &Geometry,
        engine: &Engine,
    ) -> Result<RuledPuzzle, VariantError> {
        let rules = rules_named(geometry.shape, &geometry.rules);
        let tables = VariantTables::shared(geometry).map_err(|_| VariantError::NoHumanLogic {
            what: what.into(),
            rules: rules.clone(),
        })?;
        Ok(RuledPuzzle {
            what: what.into(),
            rules,
            tables,
            digits: puzzle.cells.clone(),
            givens: puzzle.cells.iter().filter(|&&d| d != 0).count(),
            start: None,
            engine: engine.clone(),
            allowed: None,
            counted: OnceCell::new(),
        })
    }

    /// A player's position under the rules (read by [`RuledPosition::read`]): the path
    /// goes on from its filled cells and, when the player gave marks, from their marks
    /// (a step never repeats a removal they made); its solutions are those that keep to
    /// the marks.
    pub fn at(
        what: &str,
        position: &RuledPosition,
        geometry: &Geometry,
        engine: &Engine,
    ) -> Result<RuledPuzzle, VariantError> {
        let mut p = RuledPuzzle::new(what, &position.filled, geometry, engine)?;
        p.givens = position.givens;
        if let Some(cands) = &position.cands {
            p.allowed = Some(position.allowed());
            p.start = Some(Box::new(*cands));
        }
        Ok(p)
    }

    /// The solutions (up to 2, and the first), counted the first time they are asked
    /// for (`interrupt` is the search's interrupt hook): within a player's marks when
    /// given.
    fn counted(&self, interrupt: &mut dyn FnMut()) -> &Counted {
        self.counted.get_or_init(|| {
            let puzzle = VariantPuzzle {
                shape: Shape::NINE,
                cells: self.digits.clone(),
            };
            let mut found: Box<dyn Iterator<Item = Vec<u8>>> = match &self.allowed {
                None => Box::new(self.engine.solutions(&puzzle, 2, interrupt)),
                Some(allowed) => {
                    Box::new(self.engine.solutions_within(&puzzle, allowed, 2, interrupt))
                }
            };
            let solution = found.next();
            let solutions = solution.iter().count() as u64 + found.next().iter().count() as u64;
            Counted {
                solutions,
                solution,
            }
        })
    }

    /// The rules' tables.
    pub fn tables(&self) -> &VariantTables {
        &self.tables
    }

    /// The pencil marks the path starts from: the filled cells' under the rules, less
    /// what a player's marks removed.
    pub fn marks(&self) -> Marks {
        let mut m = self.tables.marks_of(&self.digits);
        if let Some(start) = &self.start {
            for (c, &keep) in start.iter().enumerate() {
                if m.values[c] == 0 {
                    m.cands[c] &= keep;
                }
            }
        }
        m
    }

    /// The error of a path the built techniques cannot finish, `blanks` cells open.
    fn beyond(&self, blanks: usize) -> VariantError {
        VariantError::BeyondBuilt {
            what: self.what.clone(),
            rules: self.rules.clone(),
            blanks,
        }
    }

    /// The next step from `m` on the path (see the module notes); `m` is not solved and
    /// the puzzle has a solution.
    fn step_from(
        &self,
        m: &Marks,
        solution: &[u8],
        check: &mut dyn FnMut(),
    ) -> Result<Step, VariantError> {
        check();
        let unique = self.counted(check).solutions == 1;
        match next_step_in_with(m, &self.tables, unique, check) {
            Some(s) if s.is_sound(solution) && changes(&s, m) => Ok(s),
            _ => Ok(guess_step(m, solution).expect("an unsolved grid has an open cell")),
        }
    }

    /// The easiest next step from the givens; `None` when the grid is full or has no
    /// solution.
    pub fn hint(&self, check: &mut dyn FnMut()) -> Result<Option<Step>, VariantError> {
        let Some(solution) = &self.counted(check).solution else {
            return Ok(None);
        };
        let m = self.marks();
        if m.is_solved() {
            return Ok(None);
        }
        self.step_from(&m, solution, check).map(Some)
    }

    /// Every step from the givens to the solution; `None` without a solution.
    pub fn path(&self, check: &mut dyn FnMut()) -> Result<Option<Vec<Step>>, VariantError> {
        let Some(solution) = &self.counted(check).solution else {
            return Ok(None);
        };
        let mut m = self.marks();
        let mut steps = Vec::new();
        while !m.is_solved() {
            let step = self.step_from(&m, solution, check)?;
            self.tables.apply(&step, &mut m);
            steps.push(step);
        }
        Ok(Some(steps))
    }

    /// Step `number` (from 1) of the path with the position it starts from, walking no
    /// further; [`NthStep::PathEnds`] when the path has fewer steps (none without a
    /// solution).
    pub fn nth_step(
        &self,
        number: usize,
        check: &mut dyn FnMut(),
    ) -> Result<NthStep, VariantError> {
        let Some(solution) = &self.counted(check).solution else {
            return Ok(NthStep::PathEnds { steps: 0 });
        };
        let mut m = self.marks();
        for taken in 0..number {
            if m.is_solved() {
                return Ok(NthStep::PathEnds { steps: taken });
            }
            let step = self.step_from(&m, solution, check)?;
            if taken + 1 == number {
                return Ok(NthStep::Found {
                    before: Box::new(m),
                    step,
                });
            }
            self.tables.apply(&step, &mut m);
        }
        Ok(NthStep::PathEnds { steps: 0 })
    }

    /// The ER rating (with EP and ED); `None` unless the solution is unique. The
    /// solutions are counted only where the path does not show there is one
    /// (`variant_ladder::rate_marks_counting`).
    pub fn rate(&self, check: &mut dyn FnMut()) -> Result<Option<Rating>, VariantError> {
        let mut count = |check: &mut dyn FnMut()| self.counted(check).solutions;
        rate_marks_counting(self.marks(), &self.tables, &mut count, check)
            .map_err(|b| self.beyond(b.blanks))
    }

    /// The figures of `sudoku_stats` (see the module notes for the search keys).
    pub fn analyse(&self, check: &mut dyn FnMut()) -> Result<Analysis, VariantError> {
        let path = self.path(check)?.unwrap_or_default();
        let solutions = self.counted(check).solutions;
        let figures = PathFigures::of(&path, solutions);
        let filled = self.digits.iter().filter(|&&d| d != 0).count();
        Ok(Analysis {
            size: Size::Nine,
            givens: self.givens,
            placed: filled - self.givens,
            blanks: 81 - filled,
            solutions,
            singles: singles_fixpoint(self.marks(), &self.tables),
            search: None,
            rating: figures.rating,
            techniques: figures.techniques,
            path_steps: path.len(),
            path_guesses: figures.guesses,
        })
    }

    /// A step written for SQL: as a classic step, with the units named by the rules'
    /// groups ([`VariantTables::slot_label`]).
    pub fn step_text(&self, step: &Step) -> StepText {
        step_text_naming(Size::Nine, step, |u| self.tables.slot_label(usize::from(u)))
    }
}

/// Naked and hidden singles alone, to a fixpoint, from `m` under the rules (the singles
/// keys of `sudoku_stats`): a cell with one candidate left is a naked single (counted so
/// even when it is a hidden single too, as the classic figures count it), else a digit
/// with one place left in a group is a hidden single (a full house included).
fn singles_fixpoint(mut m: Marks, t: &VariantTables) -> SinglesFixpoint {
    let (mut naked_singles, mut hidden_singles) = (0, 0);
    loop {
        let step = if let Some(s) = naked_single(&m) {
            naked_singles += 1;
            s
        } else if let Some(s) = full_house_in(&m, t).or_else(|| hidden_single_in(&m, t)) {
            hidden_singles += 1;
            s
        } else {
            break;
        };
        if !changes(&step, &m) {
            break;
        }
        t.apply(&step, &mut m);
    }
    let open = (0..81).filter(|&c| m.values[c] == 0);
    let empty_cell = open.clone().any(|c| m.cands[c] == 0);
    let digit_without_place = (0..SLOTS)
        .filter(|&s| t.active_slots() >> s & 1 == 1)
        .any(|s| {
            let cells = t.group_cells(s).map(usize::from);
            let have = cells
                .iter()
                .fold(0u16, |a, &c| a | m.cands[c] | value_bit(&m, c));
            have != 0x1ff
        });
    SinglesFixpoint {
        naked_singles,
        hidden_singles,
        blanks_left: open.count(),
        contradiction: empty_cell || digit_without_place,
    }
}

/// The bit of cell `c`'s digit (0 when open).
fn value_bit(m: &Marks, c: usize) -> u16 {
    match m.values[c] {
        0 => 0,
        d => 1 << (d - 1),
    }
}

pub mod position;
#[cfg(test)]
mod tests;
