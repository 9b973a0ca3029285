//! The human-logic engine and the fast search run from a position: what the player sees
//! is what they work from. A hint never repeats an elimination the player made (the
//! engine works on their marks, where a removed candidate is simply absent) and places
//! digits only in open cells.

use super::solve::{position_singles, solve_position_observed};
use super::state::Position;
use crate::explain::{Analysis, PathFigures};
use crate::grid::CELLS;
use crate::logic::{self, LadderOptions, Marks, Rating, Step};
use crate::search::{Observer, Outcome};

/// True when applying `step` to `m` changes something, and it only removes candidates
/// `m` has and only places digits in open cells.
pub fn fits(step: &Step, m: &Marks) -> bool {
    let places_open = step
        .placements
        .iter()
        .all(|p| m.values[p.cell as usize] == 0 && m.has(p.cell as usize, p.digit));
    let removes_present = step
        .eliminations
        .iter()
        .all(|e| m.values[e.cell as usize] == 0 && m.has(e.cell as usize, e.digit));
    places_open && removes_present && !(step.placements.is_empty() && step.eliminations.is_empty())
}

/// The options of the ladder for a position with `count` solutions (counted up to 2):
/// the uniqueness techniques and the chains only where there is one.
fn options(count: u64) -> LadderOptions {
    LadderOptions {
        uniqueness: count == 1,
        chains: count == 1,
    }
}

/// The next step from `m`: the ladder's easiest, checked against the solution; a guess
/// where none applies.
fn next(
    m: &Marks,
    solution: &[u8; CELLS],
    options: LadderOptions,
    check: &mut dyn FnMut(),
) -> Option<Step> {
    match logic::next_step_with(m, options, check) {
        Some(s) if s.is_sound(solution) && fits(&s, m) => Some(s),
        _ => logic::ladder::guess_step(m, solution),
    }
}

/// The easiest next step from the position: `None` when it is full or has no solution
/// (a mistake was made: see [`super::check`]).
pub fn hint<O: Observer>(position: &Position, observer: &mut O) -> Option<Step> {
    let outcome = solve_position_observed(position, 2, &mut *observer);
    let solution = outcome.solution?;
    let m = position.to_marks();
    if m.is_solved() {
        return None;
    }
    next(&m, &solution, options(outcome.count), &mut || {
        observer.check_interrupt()
    })
}

/// Every step from the position to the solution (a guess where no technique applies);
/// `None` without a solution. With several solutions the uniqueness techniques and the
/// chains are left out and guesses follow the first solution.
pub fn path<O: Observer>(position: &Position, observer: &mut O) -> Option<Vec<Step>> {
    let outcome = solve_position_observed(position, 2, &mut *observer);
    let solution = outcome.solution?;
    let options = options(outcome.count);
    let mut m = position.to_marks();
    let mut steps = Vec::new();
    while !m.is_solved() {
        let step = next(&m, &solution, options, &mut || observer.check_interrupt())?;
        step.apply(&mut m);
        steps.push(step);
    }
    Some(steps)
}

/// The ER rating of the position (with EP and ED), as Sukaku Explainer rates the same
/// 729-character text; `None` unless it has exactly one solution.
pub fn rate<O: Observer>(position: &Position, observer: &mut O) -> Option<Rating> {
    let outcome: Outcome = solve_position_observed(position, 2, &mut *observer);
    if outcome.count != 1 {
        return None;
    }
    Some(logic::ladder::rate_marks(position.to_marks(), &mut || {
        observer.check_interrupt()
    }))
}

/// The figures of `sudoku_stats` for a position (see [`Analysis`]): the puzzle's givens,
/// the digits placed since, the open cells; the singles run from its marks; the path,
/// rating and search from the position.
pub fn analyse<O: Observer>(position: &Position, observer: &mut O) -> Analysis {
    let outcome = solve_position_observed(position, 2, &mut *observer);
    let path = path(position, observer).unwrap_or_default();
    let figures = PathFigures::of(&path, outcome.count);
    let givens = position.givens.iter().filter(|&&d| d != 0).count();
    let filled = position.values.iter().filter(|&&d| d != 0).count();
    Analysis {
        size: crate::grid::Size::Nine,
        givens,
        placed: filled - givens,
        blanks: CELLS - filled,
        solutions: outcome.count,
        singles: position_singles(position),
        search: Some(outcome.first_stats),
        rating: figures.rating,
        techniques: figures.techniques,
        path_steps: path.len(),
        path_guesses: figures.guesses,
    }
}
