//! Explanations built on the solver's observer: the solving path step by step, the
//! statistics of a puzzle, and the puzzle written in several styles.

use crate::error::PuzzleError;
use crate::grid::{Size, UnitKind, CELLS};
use crate::puzzle::Puzzle;
use crate::solver::{solve_observed, Event, Observer, Outcome, Stats, Technique};

/// One row of the solving path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// `Place` or `Backtrack`, as the search reported it.
    pub event: Event,
    /// For a placement: true when it stands in the solution found (it was never undone
    /// by a backtrack). Always false for a backtrack, and for every step of a puzzle
    /// without a solution.
    pub kept: bool,
}

struct Recorder<'a, O: Observer> {
    outer: &'a mut O,
    steps: Vec<Step>,
    /// Indexes of the placements in force, with their depths, in order.
    in_force: Vec<(usize, u32)>,
}

impl<O: Observer> Observer for Recorder<'_, O> {
    fn check_interrupt(&mut self) {
        self.outer.check_interrupt();
    }

    const EVENTS: bool = true;

    fn event(&mut self, event: Event) {
        match event {
            Event::Place { depth, .. } => {
                self.in_force.push((self.steps.len(), depth));
            }
            Event::Backtrack { depth } => {
                // Undo every placement made at this depth or deeper.
                while self.in_force.last().is_some_and(|&(_, d)| d >= depth) {
                    self.in_force.pop();
                }
            }
        }
        self.steps.push(Step { event, kept: false });
    }
}

/// The solving path of `puzzle` to its first solution: every placement (naked single,
/// hidden single, guess) and every backtrack, in order, with the search's outcome.
/// Replaying the kept placements on the puzzle gives the solution.
pub fn steps(puzzle: &Puzzle) -> Result<(Vec<Step>, Outcome), PuzzleError> {
    steps_observed(puzzle, &mut crate::solver::Silent)
}

/// [`steps`], passing interrupt checks on to `outer`.
pub fn steps_observed<O: Observer>(puzzle: &Puzzle, outer: &mut O) -> Result<(Vec<Step>, Outcome), PuzzleError> {
    let mut rec = Recorder { outer, steps: Vec::new(), in_force: Vec::new() };
    let outcome = solve_observed(puzzle, 1, &mut rec)?;
    if outcome.solution.is_some() {
        for &(i, _) in &rec.in_force {
            rec.steps[i].kept = true;
        }
    }
    Ok((rec.steps, outcome))
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
    analyse_observed(puzzle, &mut crate::solver::Silent)
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

/// A solution (or any full or partial grid of `size`) as a puzzle, for formatting.
pub fn grid_as_puzzle(size: Size, grid: &[u8; CELLS]) -> Puzzle {
    Puzzle::with_size(size, &grid[..size.cells()])
}

/// The unit kind of a hidden single, as SQL shows it.
pub fn technique_name(t: Technique) -> (&'static str, Option<UnitKind>) {
    match t {
        Technique::NakedSingle => ("naked_single", None),
        Technique::HiddenSingle(kind) => ("hidden_single", Some(kind)),
        Technique::Guess => ("guess", None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const HARD: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn replay(p: &Puzzle, steps: &[Step]) -> Puzzle {
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
            let (steps, out) = steps(&p).unwrap();
            let solved = replay(&p, &steps);
            assert_eq!(solved.values(), &out.solution.unwrap()[..p.size.cells()]);
            let count = |f: &dyn Fn(Technique) -> bool| {
                steps.iter().filter(|s| matches!(s.event, Event::Place { technique, .. } if f(technique))).count() as u64
            };
            assert_eq!(count(&|t| t == Technique::NakedSingle), out.stats.naked_singles);
            assert_eq!(count(&|t| matches!(t, Technique::HiddenSingle(_))), out.stats.hidden_singles);
            assert_eq!(count(&|t| t == Technique::Guess), out.stats.guesses);
        }
    }

    #[test]
    fn nothing_is_kept_without_a_solution() {
        let p = Puzzle::parse("531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
        let (steps, out) = steps(&p).unwrap();
        assert_eq!(out.count, 0);
        assert!(steps.iter().all(|s| !s.kept));
        assert!(steps.iter().any(|s| matches!(s.event, Event::Backtrack { .. })));
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
