//! Explanations built on the solver's observer: the solving path step by step, the
//! statistics of a puzzle, and the puzzle written in several styles.

use std::collections::VecDeque;

use crate::bitboard;
use crate::error::PuzzleError;
use crate::grid::{Size, CELLS};
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
            Event::Place { by: PlacedBy::Guess, depth, .. } => {
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
        let mut first = GuessesInForce { outer: &mut observer, index: 0, last_guess: [0; CELLS + 1], depth: 0 };
        let outcome = solve_observed(puzzle, 1, &mut first)?;
        let (final_guess, final_depth) = (first.last_guess, first.depth);
        let source = if puzzle.size == Size::Nine {
            let queue = Queue { outer: observer, events: VecDeque::with_capacity(2 * CELLS) };
            let search = bitboard::Search::new(puzzle, 1, queue).expect("givens checked by the first pass");
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
        Ok(Trace { source, final_guess, final_depth, solved: outcome.count > 0, next_index: 0 })
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
                if let Some(e) = search.observer.events.pop_front() {
                    break e;
                }
                if search.step() == bitboard::Status::Done && search.observer.events.is_empty() {
                    return None;
                }
            },
        };
        let index = self.next_index;
        self.next_index += 1;
        Some(TraceStep { index, event, kept: self.kept(index, event) })
    }
}

/// The figures of `sudoku_stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub size: Size,
    pub givens: usize,
    pub blanks: usize,
    /// The search to the first solution (what `sudoku_solve` does).
    pub stats: Stats,
    /// Blanks left when propagation from the givens can do no more, before any guess:
    /// naked and hidden singles (and, on 9×9 puzzles, locked candidates).
    pub blanks_after_singles: usize,
    /// Propagation alone solves the puzzle, without a guess.
    pub solved_by_singles: bool,
    /// Solutions counted up to 2: 0, 1, or 2 meaning two or more.
    pub solutions: u64,
}

/// Counts the placements made before the first guess.
struct RootSingles<'a, O: Observer> {
    outer: &'a mut O,
    placed: usize,
    contradiction: bool,
}

impl<O: Observer> Observer for RootSingles<'_, O> {
    fn check_interrupt(&mut self) {
        self.outer.check_interrupt();
    }

    const EVENTS: bool = true;

    fn event(&mut self, event: Event) {
        match event {
            Event::Place { depth: 0, .. } => self.placed += 1,
            Event::Backtrack { depth: 0 } => self.contradiction = true,
            _ => {}
        }
    }
}

pub fn analyse(puzzle: &Puzzle) -> Result<Analysis, PuzzleError> {
    analyse_observed(puzzle, &mut Silent)
}

/// [`analyse`], passing interrupt checks on to `outer`.
pub fn analyse_observed<O: Observer>(puzzle: &Puzzle, outer: &mut O) -> Result<Analysis, PuzzleError> {
    // One search up to two solutions gives both the count and, in `first_stats`, the
    // figures of the search to the first solution that `sudoku_solve` makes.
    let mut root = RootSingles { outer, placed: 0, contradiction: false };
    let outcome = solve_observed(puzzle, 2, &mut root)?;
    let (placed, contradiction) = (root.placed, root.contradiction);
    let blanks = puzzle.blanks();
    let blanks_after_singles = blanks - placed;
    Ok(Analysis {
        size: puzzle.size,
        givens: puzzle.givens(),
        blanks,
        stats: outcome.first_stats,
        blanks_after_singles,
        solved_by_singles: blanks_after_singles == 0 && !contradiction,
        solutions: outcome.count,
    })
}

/// The styles of [`format`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// One line, `.` for a blank.
    Line,
    /// One line, `0` for a blank.
    Digits,
    /// The contest's layout: a line per row, `?` for a blank.
    Contest,
    /// A boxed grid for reading in psql.
    Grid,
}

impl Style {
    pub fn from_name(name: &str) -> Option<Style> {
        match name {
            "line" => Some(Style::Line),
            "digits" => Some(Style::Digits),
            "contest" => Some(Style::Contest),
            "grid" => Some(Style::Grid),
            _ => None,
        }
    }
}

/// The cells of `puzzle` written in `style`.
pub fn format(puzzle: &Puzzle, style: Style) -> String {
    let size = puzzle.size;
    let n = size.n();
    let b = size.box_side();
    let cell = |d: u8, blank: char| if d == 0 { blank } else { (b'0' + d) as char };
    let rows: Vec<&[u8]> = puzzle.values().chunks(n).collect();
    match style {
        Style::Line => puzzle.values().iter().map(|&d| cell(d, '.')).collect(),
        Style::Digits => puzzle.values().iter().map(|&d| cell(d, '0')).collect(),
        Style::Contest => rows.iter().map(|r| r.iter().map(|&d| cell(d, '?')).collect::<String>()).collect::<Vec<_>>().join("\n"),
        Style::Grid => {
            let border = format!("+{}", format!("{}+", "-".repeat(2 * b + 1)).repeat(n / b));
            let mut lines = vec![border.clone()];
            for (r, row) in rows.iter().enumerate() {
                let mut line = String::from("|");
                for (c, &d) in row.iter().enumerate() {
                    line.push(' ');
                    line.push(cell(d, '.'));
                    if c % b == b - 1 {
                        line.push_str(" |");
                    }
                }
                lines.push(line);
                if r % b == b - 1 {
                    lines.push(border.clone());
                }
            }
            lines.join("\n")
        }
    }
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

    const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const HARD: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

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
        for text in [EASY, HARD, "1...............", "................................................................................."] {
            let p = Puzzle::parse(text).unwrap();
            let out = crate::solver::solve(&p, 1).unwrap();
            let steps = trace(&p);
            assert!(steps.iter().enumerate().all(|(i, s)| s.index == i as u64));
            let kept: Vec<bool> = steps.iter().map(|s| s.kept).collect();
            assert_eq!(kept, kept_by_stack(&steps, true), "{text}");
            let solved = replay(&p, &steps);
            assert_eq!(solved.values(), &out.solution.unwrap()[..p.size.cells()]);
            let count = |f: &dyn Fn(PlacedBy) -> bool| {
                steps.iter().filter(|s| matches!(s.event, Event::Place { by, .. } if f(by))).count() as u64
            };
            assert_eq!(count(&|t| t == PlacedBy::NakedSingle), out.stats.naked_singles);
            assert_eq!(count(&|t| matches!(t, PlacedBy::HiddenSingle(_))), out.stats.hidden_singles);
            assert_eq!(count(&|t| t == PlacedBy::BandUpdate), out.stats.band_singles);
            assert_eq!(count(&|t| t == PlacedBy::Guess), out.stats.guesses);
            let backtracks = steps.iter().filter(|s| matches!(s.event, Event::Backtrack { .. })).count() as u64;
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
        let p = Puzzle::parse("531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
        let steps = trace(&p);
        assert!(steps.iter().all(|s| !s.kept));
        assert!(steps.iter().any(|s| matches!(s.event, Event::Backtrack { .. })));
        assert_eq!(kept_by_stack(&steps, false), vec![false; steps.len()]);
    }

    #[test]
    fn analysis_of_easy_and_hard() {
        let a = analyse(&Puzzle::parse(EASY).unwrap()).unwrap();
        assert_eq!((a.givens, a.blanks, a.blanks_after_singles, a.solved_by_singles, a.solutions), (30, 51, 0, true, 1));
        let h = analyse(&Puzzle::parse(HARD).unwrap()).unwrap();
        assert!(!h.solved_by_singles && h.blanks_after_singles > 0 && h.stats.guesses > 0);
        assert_eq!(h.solutions, 1);
        let e = analyse(&Puzzle::parse(&".".repeat(81)).unwrap()).unwrap();
        assert_eq!((e.solutions, e.blanks_after_singles), (2, 81));
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
