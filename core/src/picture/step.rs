//! A step of the human-logic engine drawn on the position it starts from.

use super::error::PictureError;
use super::grid::{grid_svg, Options, Overlay, Position};
use crate::error::PuzzleError;
use crate::explain;
use crate::logic::{self, chains, Marks, Step, Technique};
use crate::position::engine;
use crate::puzzle::Puzzle;
use crate::search::Observer;

/// A step found, with the position it starts from.
#[derive(Clone, Debug)]
pub struct StepAt {
    /// 0 for the hint, else the step's number in the path (from 1).
    pub number: usize,
    /// The pencil-mark grid before the step.
    pub before: Marks,
    pub step: Step,
}

/// Why no step could be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    Puzzle(PuzzleError),
    /// The hint was asked for and there is none: the grid is full, or the puzzle has no
    /// solution (`solved` tells which).
    NoHint {
        solved: bool,
    },
    /// Step `asked` of a path of `steps` steps (0 when the puzzle has no solution).
    OutOfRange {
        asked: usize,
        steps: usize,
    },
    /// A variant puzzle's path past the techniques built under its rules.
    Variant(crate::variant::VariantError),
}

impl From<PuzzleError> for StepError {
    fn from(e: PuzzleError) -> Self {
        StepError::Puzzle(e)
    }
}

/// `step`, taken on `before` by the ladder, with its links where it is a chain made of
/// propagations: the ladder's search (rating, paths) spends nothing on links, so the
/// producer that took the step searches `before` again, with links
/// (`chains::find_with_links`, the same search). That producer is the first of
/// `chains::producers_of` the step's kind that finds a step (the ladder's own rule; for
/// a level-4 step, the nesting limits are tried in the ladder's order, which costs what
/// the ladder spent on them). Its step is the same (the search depends only on the
/// position; checked here all the same: the links are kept only when every other part of
/// the step agrees).
fn with_links<O: Observer>(before: &Marks, mut step: Step, observer: &mut O) -> Step {
    let Technique::Chain(kind) = step.technique else {
        return step;
    };
    if !step.links.is_empty() {
        return step;
    }
    let again = chains::producers_of(kind).iter().find_map(|&producer| {
        chains::find_with_links(before, producer, &mut || observer.check_interrupt())
    });
    if let Some(again) = again {
        let links = again.links.clone();
        let same = Step {
            links: Vec::new(),
            ..again
        } == step;
        if same {
            step.links = links;
        }
    }
    step
}

/// Step `number` of `puzzle`: 0 is the hint (`explain::hint`, what `sudoku_hint`
/// returns, on the puzzle's own position), n ≥ 1 the n-th step of `logic::path` (what
/// `sudoku_steps` returns), with the position the earlier steps leave.
pub fn locate_step<O: Observer>(
    puzzle: &Puzzle,
    number: usize,
    observer: &mut O,
) -> Result<StepAt, StepError> {
    puzzle.check_givens()?;
    if number == 0 {
        let before = Marks::from_puzzle(puzzle);
        return match explain::hint(puzzle, observer)? {
            Some(step) => Ok(StepAt {
                number,
                step: with_links(&before, step, observer),
                before,
            }),
            None => Err(StepError::NoHint {
                solved: before.is_solved(),
            }),
        };
    }
    let path = logic::path(puzzle, &mut || observer.check_interrupt()).unwrap_or_default();
    let steps = path.len();
    if number > steps {
        return Err(StepError::OutOfRange {
            asked: number,
            steps,
        });
    }
    let mut before = Marks::from_puzzle(puzzle);
    for s in &path[..number - 1] {
        s.apply(&mut before);
    }
    let step = path.into_iter().nth(number - 1).expect("number <= steps");
    let step = with_links(&before, step, observer);
    Ok(StepAt {
        number,
        before,
        step,
    })
}

/// Step `number` of a pencil-mark position (0: the hint), as `sudoku_hint` and
/// `sudoku_steps` give them on its text (`position::engine`, the engine working from the
/// player's own marks), with the marks the earlier steps leave.
pub fn locate_position_step<O: Observer>(
    position: &crate::position::Position,
    number: usize,
    observer: &mut O,
) -> Result<StepAt, StepError> {
    let mut before = position.to_marks();
    if number == 0 {
        return match engine::hint(position, observer) {
            Some(step) => Ok(StepAt {
                number,
                step: with_links(&before, step, observer),
                before,
            }),
            None => Err(StepError::NoHint {
                solved: before.is_solved(),
            }),
        };
    }
    let path = engine::path(position, observer).unwrap_or_default();
    let steps = path.len();
    if number > steps {
        return Err(StepError::OutOfRange {
            asked: number,
            steps,
        });
    }
    for s in &path[..number - 1] {
        s.apply(&mut before);
    }
    let step = path.into_iter().nth(number - 1).expect("number <= steps");
    let step = with_links(&before, step, observer);
    Ok(StepAt {
        number,
        before,
        step,
    })
}

/// The pivot of a wing, found from the position: the pattern's bivalue cell without the
/// eliminated digit (XY-wing: the pivot holds x,y, the wings x,z and y,z, and z is what
/// is eliminated), or its cell of three candidates (XYZ-wing: the wings hold two). Other
/// techniques name no pivot; none of the engine's techniques has fins (its fish are
/// basic), so no picture marks fins yet.
pub fn pivots_of(before: &Marks, step: &Step) -> Vec<u8> {
    let z = step.eliminations.first().map(|e| e.digit);
    let pick = |want: &dyn Fn(u16) -> bool| -> Vec<u8> {
        let found: Vec<u8> = step
            .cells
            .iter()
            .copied()
            .filter(|&c| want(before.cands[c as usize]))
            .collect();
        // A wing has exactly one such cell; anything else is not drawn as a pivot.
        if found.len() == 1 {
            found
        } else {
            Vec::new()
        }
    };
    match (step.technique, z) {
        (Technique::XYWing, Some(z)) => {
            pick(&|m: u16| m.count_ones() == 2 && m >> (z - 1) & 1 == 0)
        }
        (Technique::XYZWing, _) => pick(&|m: u16| m.count_ones() == 3),
        _ => Vec::new(),
    }
}

/// A step's title ("Hint: ..." or "Step n: ...", with its rating) and description (its
/// explanation, then what it places and removes, from `text`, the step written out).
pub(super) fn step_title(at: &StepAt, text: &explain::StepText) -> (String, String) {
    let step = &at.step;
    let name = explain::technique_name(step.technique);
    let rating = explain::rating_text(step.rating);
    let title = match at.number {
        0 => format!("Hint: {name} ({rating})"),
        n => format!("Step {n}: {name} ({rating})"),
    };
    let mut description = step.explanation.clone();
    for (label, list) in [
        ("Places", &text.placements),
        ("Removes", &text.eliminations),
    ] {
        if !list.is_empty() {
            description.push_str(&format!(" {label} {}.", list.join(", ")));
        }
    }
    (title, description)
}

/// The picture of `at` on `puzzle`'s position, with the chain's links as arrows (the
/// step's `links`: none for a step that is not a chain). The title names the step, its rating and number; the
/// description is the puzzle, its position and the step's explanation.
pub fn draw_step(
    puzzle: &Puzzle,
    at: &StepAt,
    size: u32,
    labels: bool,
) -> Result<String, PictureError> {
    let step = &at.step;
    let position = Position::of_marks(puzzle, &at.before);
    let pivots = pivots_of(&at.before, step);
    let overlay = Overlay {
        cells: &step.cells,
        units: &step.units,
        digits: step.digits,
        placements: &step.placements,
        eliminations: &step.eliminations,
        pivots: &pivots,
        fins: &[],
        links: &step.links,
    };
    let (title, description) = step_title(at, &explain::step_text(puzzle.size, step));
    grid_svg(
        &position,
        &overlay,
        &Options {
            size,
            labels,
            title: &title,
            description: &description,
        },
    )
}
