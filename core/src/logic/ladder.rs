//! The ladder: every technique of the engine in the order Sukaku Explainer v1.15.10 tries
//! its producers under serate's default settings, the easiest step of a position (the
//! first producer that finds one, as SE's single-hint accumulator takes it), the path
//! from the givens to the solution, and the rating on the ER scale (the hardest step of
//! that path), with EP and ED (the hardest step up to the first placement, and the first
//! step's rating).
//!
//! Ratings are kept in tenths (`12` is ER 1.2). Two ratings are not techniques:
//! - [`BEYOND_LADDER`] (20.0, what serate prints as "Beyond solver"): no technique of
//!   the ladder applies at some point of the path, which then continues by guessing;
//! - 0 (what serate prints for a puzzle it cannot rate): the puzzle has no solution, or
//!   more than one (the uniqueness techniques, and the rating itself, assume a single one).

use super::chains::{self, Producer};
use super::board::Context;
use super::marks::{Candidate, Marks};
use super::step::{Step, Technique};
use super::{aligned, fish, intersections, singles, strong_links, subsets, uniqueness, wings};
use crate::puzzle::Puzzle;

/// The rating of a puzzle the ladder cannot finish (serate's 20.0).
pub const BEYOND_LADDER: u16 = 200;

/// Options of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderOptions {
    /// Use the techniques that assume a single solution (unique rectangles and loops, BUG).
    /// Off for puzzles with several solutions, where they are unsound.
    pub uniqueness: bool,
    /// Use the chain families (cycles, forcing chains, nishio, dynamic chains, aligned
    /// triple exclusion). Off for puzzles with several solutions: there a chain proves
    /// nothing a guess from the solution followed would not, and on a nearly empty grid
    /// each fruitless chain search before a guess costs a tenth of a second or more.
    pub chains: bool,
}

impl Default for LadderOptions {
    fn default() -> LadderOptions {
        LadderOptions { uniqueness: true, chains: true }
    }
}

/// The ER rating of a puzzle, with EP and ED, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rating {
    /// The hardest step of the path (Sukaku Explainer's ER).
    pub er: u16,
    /// The hardest step up to the first step that places a digit (EP).
    pub ep: u16,
    /// The rating of the first step (ED).
    pub ed: u16,
}

impl Rating {
    /// The ER as a number: 1.2, 7.3, 20.0; 0.0 for an invalid puzzle.
    pub fn er_f64(&self) -> f64 {
        self.er as f64 / 10.0
    }
}

type Finder = fn(&Marks, &Context) -> Option<Step>;

/// The techniques below the chains, in Sukaku Explainer's order (direct producers, then
/// indirect ones). Uniqueness rungs are flagged so they can be left out.
const RUNGS: &[(Finder, bool)] = &[
    (singles::full_house_with, false),
    (singles::hidden_single_with, false),
    (intersections::direct_pointing_claiming_with, false),
    (|m, c| subsets::hidden(m, c, 2, true), false),
    (|m, _| singles::naked_single(m), false),
    (|m, c| subsets::hidden(m, c, 3, true), false),
    (intersections::pointing_claiming_with, false),
    (|m, c| subsets::naked_subset_with(m, c, 2), false),
    (|m, c| fish::fish_with(m, c, 2), false),
    (|m, c| subsets::hidden(m, c, 2, false), false),
    (|m, c| subsets::naked_subset_with(m, c, 3), false),
    (|m, c| fish::fish_with(m, c, 3), false),
    (|m, c| subsets::hidden(m, c, 3, false), false),
    (strong_links::turbot_fish_with, false),
    (|m, _| wings::xy_wing(m), false),
    (|m, _| wings::xyz_wing(m), false),
    (uniqueness::unique_loop_with, true),
    (|m, c| subsets::naked_subset_with(m, c, 4), false),
    (|m, c| fish::fish_with(m, c, 4), false),
    (|m, c| subsets::hidden(m, c, 4, false), false),
    (strong_links::three_strong_links_with, false),
    (wings::wxyz_wing_with, false),
    (uniqueness::bug_with, true),
    (wings::vwxyz_wing_with, false),
    (|m, _| aligned::aligned_pair_exclusion(m), false),
];

/// The easiest step from `m` (Sukaku Explainer's order and selection), assuming the
/// puzzle has a single solution; `None` when no technique of the ladder applies (or the
/// grid is solved). `check` is called between techniques (the interrupt hook).
pub fn next_step(m: &Marks, check: &mut dyn FnMut()) -> Option<Step> {
    next_step_with(m, LadderOptions::default(), check)
}

/// [`next_step`] with options.
pub fn next_step_with(m: &Marks, options: LadderOptions, check: &mut dyn FnMut()) -> Option<Step> {
    if m.is_solved() {
        return None;
    }
    let ctx = Context::new(m);
    for &(finder, needs_uniqueness) in RUNGS {
        if needs_uniqueness && !options.uniqueness {
            continue;
        }
        check();
        if let Some(step) = finder(m, &ctx) {
            return Some(step);
        }
    }
    if m.size != crate::grid::Size::Nine || !options.chains {
        return None;
    }
    // Chains: cycles and forcing chains, then aligned triple exclusion, then the rest.
    for (i, &producer) in Producer::ALL.iter().enumerate() {
        check();
        if let Some(step) = chains::find(m, producer, check) {
            return Some(step);
        }
        if i == 0 {
            check();
            if let Some(step) = aligned::aligned_triple_exclusion(m) {
                return Some(step);
            }
        }
    }
    None
}

/// A step that places the solution's digit in a blank cell (the first with the fewest
/// candidates), for when no technique applies.
pub fn guess_step(m: &Marks, solution: &[u8]) -> Option<Step> {
    let size = m.size;
    let cell = (0..size.cells()).filter(|&c| m.values[c] == 0).min_by_key(|&c| (m.cands[c].count_ones(), c))?;
    let digit = solution[cell];
    Some(Step {
        technique: Technique::Guess,
        rating: BEYOND_LADDER,
        placements: vec![Candidate { cell: cell as u8, digit }],
        eliminations: Vec::new(),
        cells: vec![cell as u8],
        units: Vec::new(),
        digits: 1 << (digit - 1),
        explanation: format!(
            "No technique of the engine applies here: {} is placed in {} from the solution (a guess, not logic).",
            digit,
            size.cell_name(cell)
        ),
    })
}

/// True when applying `step` to `m` changes something (a guard against a step repeating
/// forever).
fn changes(step: &Step, m: &Marks) -> bool {
    step.placements.iter().any(|p| m.values[p.cell as usize] == 0)
        || step.eliminations.iter().any(|e| m.has(e.cell as usize, e.digit))
}

/// The solution of a puzzle and whether it is the only one; `None` without solution.
fn solution_of(puzzle: &Puzzle) -> Option<([u8; crate::grid::CELLS], bool)> {
    let outcome = crate::solver::solve(puzzle, 2).ok()?;
    outcome.solution.map(|s| (s, outcome.count == 1))
}

/// Every step from the givens to the solution: the ladder's easiest step each time, a
/// [`Technique::Guess`] where none applies. `None` when the puzzle has no solution (or
/// contradictory givens). With several solutions, the uniqueness techniques and the chains
/// are left out and guesses follow the first solution the search finds. As a safety net every step is
/// checked against the solution, and one that is not sound is replaced by a guess (the
/// property tests check that this never happens).
pub fn path(puzzle: &Puzzle, check: &mut dyn FnMut()) -> Option<Vec<Step>> {
    let (solution, unique) = solution_of(puzzle)?;
    let solution = &solution[..puzzle.size.cells()];
    let options = LadderOptions { uniqueness: unique, chains: unique };
    let mut m = Marks::from_puzzle(puzzle);
    let mut steps = Vec::new();
    while !m.is_solved() {
        let before = m;
        let step = match next_step_with(&m, options, check) {
            Some(s) if s.is_sound(solution) && changes(&s, &m) => s,
            _ => guess_step(&m, solution)?,
        };
        step.apply(&mut m);
        debug_assert!(m != before);
        steps.push(step);
    }
    Some(steps)
}

/// The rating of `puzzle` on the ER scale, as Sukaku Explainer computes it: the hardest
/// step of the path; [`BEYOND_LADDER`] (20.0) when the ladder cannot finish it; 0 when the
/// puzzle has no solution or several.
pub fn rate(puzzle: &Puzzle, check: &mut dyn FnMut()) -> Rating {
    match solution_of(puzzle) {
        Some((_, true)) => {}
        _ => return Rating::default(),
    }
    rate_marks(Marks::from_puzzle(puzzle), check)
}

/// [`rate`] from a position, trusting it has a single solution.
pub fn rate_marks(mut m: Marks, check: &mut dyn FnMut()) -> Rating {
    let mut rating = Rating::default();
    let mut first = true;
    let mut placed = false;
    while !m.is_solved() {
        let Some(step) = next_step(&m, check) else {
            rating.er = BEYOND_LADDER;
            if !placed {
                rating.ep = BEYOND_LADDER;
            }
            if first {
                rating.ed = BEYOND_LADDER;
            }
            break;
        };
        rating.er = rating.er.max(step.rating);
        if first {
            rating.ed = step.rating;
            first = false;
        }
        if !placed {
            rating.ep = rating.er;
            placed = !step.placements.is_empty();
        }
        if !changes(&step, &m) {
            // A step that changes nothing would repeat forever.
            rating.er = BEYOND_LADDER;
            break;
        }
        step.apply(&mut m);
        if placed && matches!(step.technique, Technique::FullHouse | Technique::HiddenSingle(_)) {
            place_singles_up_to(&mut m, step.rating);
        }
    }
    rating
}

/// Places, to a fixpoint, every full house and (when `rating` allows) every hidden
/// single rated no more than `rating`: what the ladder would do next, one step at a
/// time, since it takes the easiest step first and nothing easier than a single
/// exists. The order of those placements does not change what is left once none
/// applies (placing a digit only takes candidates away, and each single places the
/// solution's digit), nor the rating (none is harder than `rating`, already counted),
/// so the rating walks them in one pass instead of a ladder climb each. The paths of
/// `sudoku_steps` still list them one by one.
fn place_singles_up_to(m: &mut Marks, rating: u16) {
    let size = m.size;
    let n = size.n();
    let kinds: &[(usize, u16)] = &[(2, 12), (0, 15), (1, 15)];
    loop {
        let mut progress = false;
        for u in 0..3 * n {
            let cells = size.unit_cells(u);
            let mut blank = None;
            let mut blanks = 0;
            for &c in cells {
                if m.values[c as usize] == 0 {
                    blanks += 1;
                    blank = Some(c as usize);
                }
            }
            // Full house (1.0): one blank cell left in the unit, and its one digit.
            if let (1, Some(c)) = (blanks, blank) {
                if m.cands[c].count_ones() == 1 {
                    m.place(c, m.cands[c].trailing_zeros() as u8 + 1);
                    progress = true;
                }
            }
        }
        for &(kind, r) in kinds {
            if rating < r {
                continue;
            }
            for u in kind * n..(kind + 1) * n {
                let cells = size.unit_cells(u);
                for d in 1..=n as u8 {
                    let bit = 1u16 << (d - 1);
                    let mut places = cells.iter().map(|&c| c as usize).filter(|&c| m.cands[c] & bit != 0);
                    if let (Some(c), None) = (places.next(), places.next()) {
                        if !cells.iter().any(|&o| m.values[o as usize] == d) {
                            m.place(c, d);
                            progress = true;
                        }
                    }
                }
            }
        }
        if !progress {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rating the slow way: every step from the ladder, one at a time.
    fn rate_stepwise(puzzle: &Puzzle) -> u16 {
        let mut m = Marks::from_puzzle(puzzle);
        let mut er = 0;
        while !m.is_solved() {
            match next_step(&m, &mut || {}) {
                Some(step) => {
                    er = er.max(step.rating);
                    step.apply(&mut m);
                }
                None => return BEYOND_LADDER,
            }
        }
        er
    }

    #[test]
    fn placing_singles_in_one_pass_keeps_the_rating() {
        for i in 0..300 {
            for options in [crate::generate::Options::default(), crate::generate::Options { clues: 30, ..Default::default() }] {
                let g = crate::generate::generate(77, i, options);
                assert_eq!(rate(&g.puzzle, &mut || {}).er, rate_stepwise(&g.puzzle), "{}", g.puzzle.to_line());
            }
        }
    }
    use crate::generate::{generate, Options};

    fn no_check() -> impl FnMut() {
        || {}
    }

    #[test]
    fn classic_puzzle_is_rated_by_singles() {
        let p = Puzzle::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
        let r = rate(&p, &mut no_check());
        assert!(r.er <= 23, "{:?}", r);
        let steps = path(&p, &mut no_check()).unwrap();
        assert!(steps.iter().all(|s| s.technique != Technique::Guess));
    }

    #[test]
    fn invalid_puzzles_rate_zero() {
        // Two solutions: the empty grid.
        let p = Puzzle::parse(&".".repeat(81)).unwrap();
        assert_eq!(rate(&p, &mut no_check()).er, 0);
        // No solution: 1..8 in row 1, 9 in r2c9's column... r1c9 must be 9 but column 9
        // holds a 9.
        let mut line: Vec<u8> = b"12345678.".to_vec();
        line.extend(std::iter::repeat(b'.').take(72));
        line[17] = b'9';
        let p = Puzzle::parse(std::str::from_utf8(&line).unwrap()).unwrap();
        assert_eq!(rate(&p, &mut no_check()).er, 0);
        assert!(path(&p, &mut no_check()).is_none());
    }

    #[test]
    fn several_solutions_still_give_a_sound_path() {
        let p = Puzzle::parse(&".".repeat(81)).unwrap();
        let steps = path(&p, &mut no_check()).unwrap();
        let mut m = Marks::from_puzzle(&p);
        for s in &steps {
            s.apply(&mut m);
        }
        assert!(m.is_solved());
        assert!(crate::solver::is_solution_of(&p, &{
            let mut g = [0u8; 81];
            g.copy_from_slice(&m.values);
            g
        }));
    }

    #[test]
    fn four_by_four_puzzles_are_solved_by_the_ladder() {
        let p = Puzzle::parse("1.........2....3").unwrap();
        let steps = path(&p, &mut no_check()).unwrap();
        let mut m = Marks::from_puzzle(&p);
        for s in &steps {
            s.apply(&mut m);
        }
        assert!(m.is_solved());
    }

    /// 4x4 puzzles dug at random from solved grids: every step sound, the path replays
    /// to the solution, and singles, intersections and subsets are all the ladder needs.
    #[test]
    fn four_by_four_paths_are_sound() {
        let mut rng = crate::generate::Rng::new(4);
        let bases = ["1234341221434321", "1234341223414123", "2143341212344321"];
        for round in 0..300 {
            let base: Vec<u8> = bases[round % bases.len()].bytes().map(|b| b - b'0').collect();
            let mut cells = base.clone();
            for _ in 0..(6 + rng.below(8)) {
                cells[rng.below(16) as usize] = 0;
            }
            let p = Puzzle::with_size(crate::grid::Size::Four, &cells);
            let outcome = crate::solver::solve(&p, 2).unwrap();
            let solution = outcome.solution.unwrap();
            let steps = path(&p, &mut || {}).unwrap();
            let mut m = Marks::from_puzzle(&p);
            for s in &steps {
                assert!(s.is_sound(&solution[..16]), "{} {:?}", p.to_line(), s);
                s.apply(&mut m);
            }
            assert_eq!(&m.values[..16], &solution[..16]);
            if outcome.count == 1 {
                assert!(steps.iter().all(|s| s.technique != Technique::Guess), "{}", p.to_line());
                assert!(rate(&p, &mut || {}).er <= 40, "{}", p.to_line());
            }
        }
    }

    /// Every step of the path is sound, and replaying the path reaches the solution,
    /// over generated puzzles.
    #[test]
    fn paths_are_sound_and_replay_to_the_solution() {
        let count = if cfg!(debug_assertions) { 200 } else { 2000 };
        for i in 0..count {
            let g = generate(10, i, Options::default());
            let mut m = Marks::from_puzzle(&g.puzzle);
            let options = LadderOptions { uniqueness: true, chains: true };
            while !m.is_solved() {
                let step = match next_step_with(&m, options, &mut || {}) {
                    Some(s) => s,
                    None => guess_step(&m, &g.solution).unwrap(),
                };
                assert!(step.is_sound(&g.solution), "puzzle {} step {:?}", g.puzzle.to_line(), step);
                assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{:?}", step);
                step.apply(&mut m);
            }
            assert_eq!(&m.values[..], &g.solution[..]);
        }
    }
}
