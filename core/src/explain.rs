//! Explanations built on the solver's observer: the solving path step by step, the
//! statistics of a puzzle, and the puzzle written in several styles.

use std::collections::VecDeque;

use crate::bitboard;
use crate::error::PuzzleError;
use crate::grid::{Size, CELLS};
pub use crate::grid_style::{format_cells, Style};
use crate::logic::{self, Step, Technique};
use crate::plain::{singles_from_givens, SinglesFixpoint};
use crate::puzzle::Puzzle;
use crate::search::{Event, Observer, PlacedBy, Silent, Stats};
use crate::solver::solve_observed;

/// One row of the search's trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// 0, 1, 2, ... in the order the search did them.
    pub index: u64,
    /// `Place` or `Backtrack`, as the search reported it.
    pub event: Event,
    /// For a placement: true when it stands in the solution found (it was never undone
    /// by a backtrack). Always false for a backtrack, and for every step of a puzzle
    /// without a solution.
    pub kept: bool,
}

/// The search's own trace of a puzzle, to its first solution: every placement (naked
/// single, hidden single, band update, guess) and every backtrack, in the order the
/// search made them, streamed one at a time. The fast search reasons in its own order
/// and by its own rules (see [`PlacedBy`]); a person's explanation is the human-logic
/// engine's path ([`crate::logic`]).
///
/// Memory does not grow with the length of the trace, which can be millions of events
/// on a hard puzzle without a solution: the search runs twice, once to learn which
/// placements are kept (the index of the guess in force at each depth at the end, 82
/// numbers), then again to stream the events, a node's events at a time (at most 81
/// placements and a few backtracks are queued). 4×4 puzzles, whose whole search is a
/// few dozen events, are traced at once.
pub struct Trace<O: Observer> {
    source: TraceSource<O>,
    /// The index of the last guess made at each depth (0 for depth 0).
    final_guess: [u64; CELLS + 1],
    final_depth: usize,
    solved: bool,
    next_index: u64,
}

enum TraceSource<O: Observer> {
    Nine(Box<bitboard::Search<Queue<O>>>),
    Four(std::vec::IntoIter<Event>),
}

/// Queues the events of one search step, and passes interrupt checks on.
struct Queue<O: Observer> {
    outer: O,
    events: VecDeque<Event>,
}

impl<O: Observer> Observer for Queue<O> {
    fn check_interrupt(&mut self) {
        self.outer.check_interrupt();
    }
    const EVENTS: bool = true;
    fn event(&mut self, event: Event) {
        self.events.push_back(event);
    }
}

/// Learns, in a first pass, the guess in force at each depth at the end.
struct GuessesInForce<'a, O: Observer> {
    outer: &'a mut O,
    index: u64,
    last_guess: [u64; CELLS + 1],
    depth: usize,
}

impl<O: Observer> Observer for GuessesInForce<'_, O> {
    fn check_interrupt(&mut self) {
        self.outer.check_interrupt();
    }
    const EVENTS: bool = true;
    fn event(&mut self, event: Event) {
        match event {
            Event::Place {
                by: PlacedBy::Guess,
                depth,
                ..
            } => {
                self.last_guess[depth as usize] = self.index;
                self.depth = depth as usize;
            }
            Event::Place { depth, .. } => self.depth = depth as usize,
            Event::Backtrack { depth } => self.depth = (depth as usize).saturating_sub(1),
        }
        self.index += 1;
    }
}

impl<O: Observer> Trace<O> {
    /// The trace of `puzzle`'s search to its first solution; `observer` checks for
    /// interrupts.
    pub fn new(puzzle: &Puzzle, mut observer: O) -> Result<Trace<O>, PuzzleError> {
        let mut first = GuessesInForce {
            outer: &mut observer,
            index: 0,
            last_guess: [0; CELLS + 1],
            depth: 0,
        };
        let outcome = solve_observed(puzzle, 1, &mut first)?;
        let (final_guess, final_depth) = (first.last_guess, first.depth);
        let source = if puzzle.size == Size::Nine {
            let queue = Queue {
                outer: observer,
                events: VecDeque::with_capacity(2 * CELLS),
            };
            let search =
                bitboard::Search::new(puzzle, 1, queue).expect("givens checked by the first pass");
            TraceSource::Nine(Box::new(search))
        } else {
            struct Collect(Vec<Event>);
            impl Observer for Collect {
                const EVENTS: bool = true;
                fn event(&mut self, event: Event) {
                    self.0.push(event);
                }
            }
            let mut all = Collect(Vec::new());
            solve_observed(puzzle, 1, &mut all)?;
            TraceSource::Four(all.0.into_iter())
        };
        Ok(Trace {
            source,
            final_guess,
            final_depth,
            solved: outcome.count > 0,
            next_index: 0,
        })
    }

    /// The trace of the search of a 9×9 position (its filled cells `values` and the
    /// candidates of its open cells `cands`, as `position::solve_position_observed`
    /// searches it) to its first solution; `None` when two filled cells of a unit hold
    /// the same digit.
    pub fn from_position(
        values: &[u8; CELLS],
        cands: &[u16; CELLS],
        mut observer: O,
    ) -> Option<Trace<O>> {
        let mut first = GuessesInForce {
            outer: &mut observer,
            index: 0,
            last_guess: [0; CELLS + 1],
            depth: 0,
        };
        let outcome = crate::solver::solve_candidates_observed(values, cands, 1, &mut first)?;
        let (final_guess, final_depth) = (first.last_guess, first.depth);
        let queue = Queue {
            outer: observer,
            events: VecDeque::with_capacity(2 * CELLS),
        };
        let search = bitboard::Search::from_position(values, cands, 1, queue)?;
        Some(Trace {
            source: TraceSource::Nine(Box::new(search)),
            final_guess,
            final_depth,
            solved: outcome.count > 0,
            next_index: 0,
        })
    }

    fn kept(&self, index: u64, event: Event) -> bool {
        match event {
            Event::Place { depth, .. } => {
                let depth = depth as usize;
                self.solved && depth <= self.final_depth && index >= self.final_guess[depth]
            }
            Event::Backtrack { .. } => false,
        }
    }
}

impl<O: Observer> Iterator for Trace<O> {
    type Item = TraceStep;

    fn next(&mut self) -> Option<TraceStep> {
        let event = match &mut self.source {
            TraceSource::Four(events) => events.next()?,
            TraceSource::Nine(search) => loop {
                if let Some(e) = search.ctx.observer.events.pop_front() {
                    break e;
                }
                if search.step() == bitboard::Status::Done && search.ctx.observer.events.is_empty()
                {
                    return None;
                }
            },
        };
        let index = self.next_index;
        self.next_index += 1;
        Some(TraceStep {
            index,
            event,
            kept: self.kept(index, event),
        })
    }
}

/// The figures of `sudoku_stats`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub size: Size,
    /// The givens, the digits placed since (a player's position; 0 for a puzzle), and
    /// the open cells: the three add up to the grid's cells.
    pub givens: usize,
    pub placed: usize,
    pub blanks: usize,
    /// Solutions counted up to 2: 0, 1, or 2 meaning two or more.
    pub solutions: u64,
    /// Naked and hidden singles alone, to a fixpoint, from the givens.
    pub singles: SinglesFixpoint,
    /// The fast search to its first solution (what `sudoku_solve` does); `None` under
    /// variant rules, whose search keeps no such counters (`variant_explain`).
    pub search: Option<Stats>,
    /// The human-logic engine's rating (ER, in tenths), for a puzzle with exactly one
    /// solution.
    pub rating: Option<u16>,
    /// How many steps of each technique the human path takes, by SQL name, in the
    /// order each first appears (empty without a solution).
    pub techniques: Vec<(String, u64)>,
    /// Steps of the human path, and how many of them are guesses.
    pub path_steps: usize,
    pub path_guesses: usize,
}

/// The figures of `sudoku_stats` for `puzzle` (see [`Analysis`]).
///
/// # Examples
///
/// ```
/// use sudoku_core::explain::analyse;
/// use sudoku_core::Puzzle;
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let analysis = analyse(&puzzle)?;
/// assert_eq!((analysis.givens, analysis.solutions, analysis.rating), (30, 1, Some(12)));
/// // Singles alone solve it; the human path takes 51 steps of two techniques.
/// assert_eq!(analysis.singles.blanks_left, 0);
/// assert_eq!(analysis.path_steps, 51);
/// let names: Vec<&str> = analysis.techniques.iter().map(|(name, _)| name.as_str()).collect();
/// assert_eq!(names, ["hidden_single_box", "full_house"]);
/// # Ok::<(), sudoku_core::PuzzleError>(())
/// ```
pub fn analyse(puzzle: &Puzzle) -> Result<Analysis, PuzzleError> {
    analyse_observed(puzzle, &mut Silent)
}

/// [`analyse`], passing interrupt checks on to `outer`.
pub fn analyse_observed<O: Observer>(
    puzzle: &Puzzle,
    outer: &mut O,
) -> Result<Analysis, PuzzleError> {
    // One search up to two solutions gives both the count and, in `first_stats`, the
    // figures of the search to the first solution that `sudoku_solve` makes.
    let outcome = solve_observed(puzzle, 2, &mut *outer)?;
    let singles = singles_from_givens(puzzle);
    let path = logic::path(puzzle, &mut || outer.check_interrupt()).unwrap_or_default();
    let figures = PathFigures::of(&path, outcome.count);
    Ok(Analysis {
        size: puzzle.size,
        givens: puzzle.givens(),
        placed: 0,
        blanks: puzzle.blanks(),
        solutions: outcome.count,
        singles,
        search: Some(outcome.first_stats),
        rating: figures.rating,
        techniques: figures.techniques,
        path_steps: path.len(),
        path_guesses: figures.guesses,
    })
}

/// What `sudoku_stats` reads from a human path: the steps of each technique, the
/// guesses, and the rating.
pub struct PathFigures {
    pub techniques: Vec<(String, u64)>,
    pub guesses: usize,
    /// The hardest step (a guess counting as beyond the ladder) when there is exactly one
    /// solution: for such a puzzle or position the path is the ladder's (uniqueness
    /// techniques included, a guess only where nothing applies), so its hardest step is
    /// the rating the ladder gives, without walking it a second time.
    pub rating: Option<u16>,
}

impl PathFigures {
    /// The figures of `path`, of a grid with `solutions` solutions (counted up to 2).
    pub fn of(path: &[logic::Step], solutions: u64) -> PathFigures {
        let mut techniques: Vec<(String, u64)> = Vec::new();
        for step in path {
            let name = technique_name(step.technique);
            match techniques.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => techniques.push((name, 1)),
            }
        }
        let guess = |s: &&logic::Step| s.technique == Technique::Guess;
        let rating = (solutions == 1).then(|| {
            path.iter()
                .map(|s| {
                    if guess(&s) {
                        logic::BEYOND_LADDER
                    } else {
                        s.rating
                    }
                })
                .max()
                .unwrap_or(0)
        });
        PathFigures {
            techniques,
            guesses: path.iter().filter(guess).count(),
            rating,
        }
    }
}

/// Naked and hidden singles alone, to a fixpoint, from the givens of `puzzle` (the
/// singles keys of `sudoku_stats`).
pub fn singles_alone(puzzle: &Puzzle) -> Result<SinglesFixpoint, PuzzleError> {
    puzzle.check_givens()?;
    Ok(singles_from_givens(puzzle))
}

/// The easiest next step from the position `puzzle` shows (its digits, and the
/// candidates they leave): what `sudoku_hint` returns. `None` when the grid is full or
/// the puzzle has no solution. With several solutions, the uniqueness techniques and the
/// chains are left out. Where no technique applies, a guess from the (first) solution,
/// said so.
///
/// # Examples
///
/// ```
/// use sudoku_core::explain::hint;
/// use sudoku_core::{Puzzle, Silent};
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let step = hint(&puzzle, &mut Silent)?.expect("the grid is not full");
/// assert_eq!(step.explanation, "r1c6 is the only cell of box 2 that can hold 8.");
/// // Cell 5 (r1c6) gets an 8; a hidden single rates 1.2.
/// assert_eq!((step.placements[0].cell, step.placements[0].digit), (5, 8));
/// assert_eq!(step.rating, 12);
/// # Ok::<(), sudoku_core::PuzzleError>(())
/// ```
pub fn hint<O: Observer>(puzzle: &Puzzle, outer: &mut O) -> Result<Option<Step>, PuzzleError> {
    let outcome = solve_observed(puzzle, 2, &mut *outer)?;
    let Some(solution) = outcome.solution else {
        return Ok(None);
    };
    let solution = &solution[..puzzle.size.cells()];
    let marks = logic::Marks::from_puzzle(puzzle);
    if marks.is_solved() {
        return Ok(None);
    }
    let unique = outcome.count == 1;
    let options = logic::LadderOptions {
        uniqueness: unique,
        chains: unique,
    };
    let step = match logic::next_step_with(&marks, options, &mut || outer.check_interrupt()) {
        Some(s)
            if s.is_sound(solution) && !(s.placements.is_empty() && s.eliminations.is_empty()) =>
        {
            Some(s)
        }
        _ => logic::ladder::guess_step(&marks, solution),
    };
    Ok(step)
}

/// A rating in tenths as SQL shows it: one decimal (`7.3`, `20.0`).
pub fn rating_text(tenths: u16) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// A step as SQL shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepText {
    pub technique: String,
    /// One decimal, as [`rating_text`] writes it.
    pub rating: String,
    /// `r1c2=5` for each placement.
    pub placements: Vec<String>,
    /// `r1c2<>5` for each elimination.
    pub eliminations: Vec<String>,
    /// `r1c2` for each cell of the pattern.
    pub cells: Vec<String>,
    /// `row 1`, `col 2`, `box 3` for each unit of the pattern.
    pub units: Vec<String>,
    pub explanation: String,
}

/// `step` written for SQL, for a puzzle of `size`.
pub fn step_text(size: Size, step: &Step) -> StepText {
    step_text_naming(size, step, |u| {
        let (n, u) = (size.n(), u as usize);
        format!("{} {}", ["row", "col", "box"][u / n], u % n + 1)
    })
}

/// [`step_text`], the step's units named by `unit` (a variant's groups).
pub fn step_text_naming(size: Size, step: &Step, unit: impl Fn(u8) -> String) -> StepText {
    StepText {
        technique: technique_name(step.technique),
        rating: rating_text(step.rating),
        placements: step
            .placements
            .iter()
            .map(|c| format!("{}={}", size.cell_name(c.cell as usize), c.digit))
            .collect(),
        eliminations: step
            .eliminations
            .iter()
            .map(|c| format!("{}<>{}", size.cell_name(c.cell as usize), c.digit))
            .collect(),
        cells: step
            .cells
            .iter()
            .map(|&c| size.cell_name(c as usize))
            .collect(),
        units: step.units.iter().map(|&u| unit(u)).collect(),
        explanation: step.explanation.clone(),
    }
}

/// The SQL name of a technique of the human-logic engine: `hidden_single_box`,
/// `naked_pair`, `x_wing`, `unique_loop_type_2`, chain kinds in snake case.
pub fn technique_name(t: Technique) -> String {
    let subset = |n: u8| {
        ["single", "single", "pair", "triple", "quad"]
            .get(n as usize)
            .copied()
            .unwrap_or("set")
    };
    match t {
        Technique::FullHouse => "full_house".into(),
        Technique::HiddenSingle(kind) => format!("hidden_single_{}", kind.name()),
        Technique::HiddenSingleIn(kind) => format!("hidden_single_{}", kind.snake_name()),
        Technique::NakedSingle => "naked_single".into(),
        Technique::NcForcingCell => "nc_forcing_cell".into(),
        Technique::GeneralizedIntersection => "generalized_intersection".into(),
        Technique::GeneralizedNakedSubset(n) => format!("generalized_naked_{}", subset(n)),
        Technique::NcLocked => "locked_nc".into(),
        Technique::DirectPointing => "direct_pointing".into(),
        Technique::DirectClaiming => "direct_claiming".into(),
        Technique::DirectHiddenSubset(n) => format!("direct_hidden_{}", subset(n)),
        Technique::Pointing => "pointing".into(),
        Technique::Claiming => "claiming".into(),
        Technique::NakedSubset(n) => format!("naked_{}", subset(n)),
        Technique::HiddenSubset(n) => format!("hidden_{}", subset(n)),
        Technique::Fish(2) => "x_wing".into(),
        Technique::Fish(3) => "swordfish".into(),
        Technique::Fish(4) => "jellyfish".into(),
        Technique::Fish(n) => format!("fish_{n}"),
        Technique::Skyscraper => "skyscraper".into(),
        Technique::TwoStringKite => "two_string_kite".into(),
        Technique::TurbotFish => "turbot_fish".into(),
        Technique::StrongLinks(n) => format!("{n}_strong_links"),
        Technique::XYWing => "xy_wing".into(),
        Technique::XYZWing => "xyz_wing".into(),
        Technique::WXYZWing => "wxyz_wing".into(),
        Technique::VWXYZWing => "vwxyz_wing".into(),
        Technique::UniqueLoop(k) => format!("unique_loop_type_{k}"),
        Technique::Bug(k) => format!("bug_type_{k}"),
        Technique::AlignedPairExclusion => "aligned_pair_exclusion".into(),
        Technique::AlignedTripleExclusion => "aligned_triple_exclusion".into(),
        Technique::Chain(kind) => snake_case(&format!("{kind:?}")),
        Technique::Guess => "guess".into(),
    }
}

/// `DynamicCellForcingChains` → `dynamic_cell_forcing_chains`, `Nested(2)` →
/// `nested_2`: the chain kinds' Rust names, written for SQL.
fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    let mut out = String::new();
    for (i, &ch) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1).copied();
        let boundary = match prev {
            None => false,
            // A word starts at a capital after a small letter or a digit, at the last
            // capital of an acronym ("XYCycle": "xy", "cycle"), and at a number.
            Some(p) if ch.is_ascii_uppercase() => {
                !p.is_ascii_uppercase() || next.is_some_and(|n| n.is_ascii_lowercase())
            }
            Some(p) => ch.is_ascii_digit() && !p.is_ascii_digit(),
        };
        if boundary {
            out.push('_');
        }
        out.push(ch.to_ascii_lowercase());
    }
    out
}

/// The cells of `puzzle` written in `style`.
pub fn format(puzzle: &Puzzle, style: Style) -> String {
    let size = puzzle.size;
    format_cells(puzzle.values(), size.n(), size.box_side(), style)
}

/// The name of a placement's reason as SQL shows it, with the unit of a hidden single.
pub fn placed_by_name(by: PlacedBy) -> (&'static str, Option<crate::grid::UnitKind>) {
    match by {
        PlacedBy::NakedSingle => ("naked_single", None),
        PlacedBy::HiddenSingle(kind) => ("hidden_single", Some(kind)),
        PlacedBy::BandUpdate => ("band_update", None),
        PlacedBy::Guess => ("guess", None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const HARD: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn trace(p: &Puzzle) -> Vec<TraceStep> {
        Trace::new(p, Silent).unwrap().collect()
    }

    /// Which placements stand at the end, found the straightforward way: a stack of the
    /// placements in force, popped by each backtrack.
    fn kept_by_stack(steps: &[TraceStep], solved: bool) -> Vec<bool> {
        let mut in_force: Vec<(usize, u32)> = Vec::new();
        for (i, s) in steps.iter().enumerate() {
            match s.event {
                Event::Place { depth, .. } => in_force.push((i, depth)),
                Event::Backtrack { depth } => {
                    while in_force.last().is_some_and(|&(_, d)| d >= depth) {
                        in_force.pop();
                    }
                }
            }
        }
        let mut kept = vec![false; steps.len()];
        if solved {
            for (i, _) in in_force {
                kept[i] = true;
            }
        }
        kept
    }

    fn replay(p: &Puzzle, steps: &[TraceStep]) -> Puzzle {
        let mut cells = p.cells;
        for s in steps.iter().filter(|s| s.kept) {
            if let Event::Place { cell, digit, .. } = s.event {
                assert_eq!(cells[cell as usize], 0, "a kept step fills a blank once");
                cells[cell as usize] = digit;
            }
        }
        Puzzle::with_size(p.size, &cells[..p.size.cells()])
    }

    #[test]
    fn kept_steps_replay_to_the_solution() {
        for text in [
            EASY,
            HARD,
            "1...............",
            ".................................................................................",
        ] {
            let p = Puzzle::parse(text).unwrap();
            let out = crate::solver::solve(&p, 1).unwrap();
            let steps = trace(&p);
            assert!(steps.iter().enumerate().all(|(i, s)| s.index == i as u64));
            let kept: Vec<bool> = steps.iter().map(|s| s.kept).collect();
            assert_eq!(kept, kept_by_stack(&steps, true), "{text}");
            let solved = replay(&p, &steps);
            assert_eq!(solved.values(), &out.solution.unwrap()[..p.size.cells()]);
            let count = |f: &dyn Fn(PlacedBy) -> bool| {
                steps
                    .iter()
                    .filter(|s| matches!(s.event, Event::Place { by, .. } if f(by)))
                    .count() as u64
            };
            assert_eq!(
                count(&|t| t == PlacedBy::NakedSingle),
                out.stats.naked_singles
            );
            assert_eq!(
                count(&|t| matches!(t, PlacedBy::HiddenSingle(_))),
                out.stats.hidden_singles
            );
            assert_eq!(
                count(&|t| t == PlacedBy::BandUpdate),
                out.stats.band_singles
            );
            assert_eq!(count(&|t| t == PlacedBy::Guess), out.stats.guesses);
            let backtracks = steps
                .iter()
                .filter(|s| matches!(s.event, Event::Backtrack { .. }))
                .count() as u64;
            assert!(backtracks >= out.stats.backtracks);
        }
    }

    #[test]
    fn kept_marks_match_a_stack_replay_on_generated_puzzles() {
        for i in 0..200 {
            let g = crate::generate::generate(99, i, Default::default());
            let steps = trace(&g.puzzle);
            let kept: Vec<bool> = steps.iter().map(|s| s.kept).collect();
            assert_eq!(kept, kept_by_stack(&steps, true));
            assert_eq!(replay(&g.puzzle, &steps).cells, g.solution);
        }
    }

    #[test]
    fn nothing_is_kept_without_a_solution() {
        let p = Puzzle::parse(
            "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let steps = trace(&p);
        assert!(steps.iter().all(|s| !s.kept));
        assert!(steps
            .iter()
            .any(|s| matches!(s.event, Event::Backtrack { .. })));
        assert_eq!(kept_by_stack(&steps, false), vec![false; steps.len()]);
    }

    #[test]
    fn analysis_of_easy_and_hard() {
        let a = analyse(&Puzzle::parse(EASY).unwrap()).unwrap();
        assert_eq!(
            (
                a.givens,
                a.blanks,
                a.singles.blanks_left,
                a.singles.contradiction,
                a.solutions
            ),
            (30, 51, 0, false, 1)
        );
        // Cell 63 (r7c9) has one candidate from the givens alone: singles alone meet
        // naked singles in the classic puzzle.
        assert!(a.singles.naked_singles > 0);
        assert_eq!(a.singles.naked_singles + a.singles.hidden_singles, 51);
        assert_eq!(a.path_steps, 51);
        assert_eq!(a.path_guesses, 0);
        assert!(a.rating.unwrap() <= 23);
        let h = analyse(&Puzzle::parse(HARD).unwrap()).unwrap();
        assert!(h.singles.blanks_left > 0 && h.search.unwrap().guesses > 0);
        // The search's figures are those of a search to the first solution.
        assert_eq!(
            h.search,
            Some(
                crate::solver::solve(&Puzzle::parse(HARD).unwrap(), 1)
                    .unwrap()
                    .stats
            )
        );
        assert_eq!(h.solutions, 1);
        assert!(h.rating.is_some());
        let e = analyse(&Puzzle::parse(&".".repeat(81)).unwrap()).unwrap();
        assert_eq!(
            (e.solutions, e.singles.blanks_left, e.rating),
            (2, 81, None)
        );
        let none = analyse(
            &Puzzle::parse(
                "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!((none.solutions, none.path_steps, none.rating), (0, 0, None));
        assert!(none.techniques.is_empty());
    }

    #[test]
    fn the_rating_of_the_stats_is_the_rating() {
        for i in 0..40 {
            let g = crate::generate::generate(5, i, Default::default());
            let a = analyse(&g.puzzle).unwrap();
            assert_eq!(
                a.rating.unwrap(),
                logic::rate(&g.puzzle, &mut || {}).er,
                "{}",
                g.puzzle.to_line()
            );
        }
    }

    #[test]
    fn singles_alone_differ_from_the_search_propagation() {
        // A 17-clue-style puzzle where the search's band updates (locked candidates) fill
        // more than singles alone: the keys named for singles must not count them.
        let p = Puzzle::parse(HARD).unwrap();
        let s = singles_from_givens(&p);
        assert!(!s.contradiction);
        assert_eq!(
            s.blanks_left as u64 + s.naked_singles + s.hidden_singles,
            p.blanks() as u64
        );
    }

    #[test]
    fn hints_are_the_first_steps_of_the_path() {
        let p = Puzzle::parse(EASY).unwrap();
        let path = logic::path(&p, &mut || {}).unwrap();
        let h = hint(&p, &mut Silent).unwrap().unwrap();
        assert_eq!(h, path[0]);
        let t = step_text(p.size, &h);
        assert!(t.explanation.contains('r'));
        assert_eq!(hint(&Puzzle::parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179").unwrap(), &mut Silent).unwrap(), None);
    }

    #[test]
    fn sql_names_of_techniques() {
        assert_eq!(
            technique_name(Technique::HiddenSingle(crate::grid::UnitKind::Box)),
            "hidden_single_box"
        );
        assert_eq!(technique_name(Technique::NakedSubset(2)), "naked_pair");
        assert_eq!(technique_name(Technique::Fish(2)), "x_wing");
        assert_eq!(
            snake_case("DynamicCellForcingChains"),
            "dynamic_cell_forcing_chains"
        );
        assert_eq!(snake_case("Nested(2)"), "nested_2");
        assert_eq!(snake_case("XYCycle"), "xy_cycle");
        assert_eq!(snake_case("XCycle"), "x_cycle");
        assert_eq!(rating_text(73), "7.3");
        assert_eq!(rating_text(200), "20.0");
    }

    #[test]
    fn every_style_reads_back() {
        for text in [EASY, "1.3..4....2.4..."] {
            let p = Puzzle::parse(text).unwrap();
            for style in [Style::Line, Style::Digits, Style::Contest, Style::Grid] {
                assert_eq!(Puzzle::parse(&format(&p, style)).unwrap(), p, "{style:?}");
            }
        }
        let g = format(&Puzzle::parse("1.3..4....2.4...").unwrap(), Style::Grid);
        assert_eq!(g, "+-----+-----+\n| 1 . | 3 . |\n| . 4 | . . |\n+-----+-----+\n| . . | 2 . |\n| 4 . | . . |\n+-----+-----+");
    }
}
