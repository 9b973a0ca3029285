//! What is wrong in a player's position, measured against the puzzle's unique solution:
//! a digit placed that is not the solution's, a given changed, a pencil mark removed
//! that is the solution's digit of its cell. A mistake tells no more of the solution
//! than itself: a wrong digit is named by the digit the player placed, not the right
//! one; a removed candidate is the solution's digit, since that removal is the mistake.

use crate::error::PuzzleError;
use crate::grid::CELLS;
use crate::puzzle::Puzzle;
use crate::search::Observer;

/// The kinds of mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MistakeKind {
    /// The progress holds another digit in a given's cell.
    ChangedGiven,
    /// A placed digit that is not the solution's.
    WrongDigit,
    /// An open cell whose marks no longer hold the solution's digit.
    RemovedCandidate,
}

impl MistakeKind {
    /// The name SQL shows.
    pub fn name(self) -> &'static str {
        match self {
            MistakeKind::ChangedGiven => "changed_given",
            MistakeKind::WrongDigit => "wrong_digit",
            MistakeKind::RemovedCandidate => "removed_candidate",
        }
    }
}

/// One mistake: its cell (0-based), kind, and digit (the player's digit for a wrong or
/// changed one, the removed candidate for a removed one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mistake {
    pub cell: usize,
    pub kind: MistakeKind,
    pub digit: u8,
}

/// Why a position cannot be checked: the puzzle's own errors, or a puzzle without a
/// unique solution (`solutions`: 0, or 2 meaning two or more).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    Puzzle(PuzzleError),
    NotUnique { solutions: u64 },
}

impl From<PuzzleError> for CheckError {
    fn from(e: PuzzleError) -> Self {
        CheckError::Puzzle(e)
    }
}

/// The mistakes of a position, in cell order: `progress` (the player's digits, givens
/// may be repeated or left blank) and `marks` (their pencil marks, a mask per cell; the
/// marks of filled cells are not read; `None`: no marks kept, so none removed).
pub fn mistakes<O: Observer>(
    puzzle: &Puzzle,
    progress: &Puzzle,
    marks: Option<&[u16; CELLS]>,
    observer: &mut O,
) -> Result<Vec<Mistake>, CheckError> {
    for (what, p) in [("puzzle", puzzle), ("progress", progress)] {
        if p.size != crate::grid::Size::Nine {
            return Err(PuzzleError::PositionSize {
                what,
                cells: p.size.cells(),
            }
            .into());
        }
    }
    let outcome = crate::solver::solve_observed(puzzle, 2, observer)?;
    let solution = match (outcome.count, outcome.solution) {
        (1, Some(s)) => s,
        (n, _) => return Err(CheckError::NotUnique { solutions: n }),
    };
    let mut out = Vec::new();
    for cell in 0..CELLS {
        let (given, placed, right) = (puzzle.cells[cell], progress.cells[cell], solution[cell]);
        let kind = if given != 0 {
            (placed != 0 && placed != given).then_some((MistakeKind::ChangedGiven, placed))
        } else if placed != 0 {
            (placed != right).then_some((MistakeKind::WrongDigit, placed))
        } else {
            marks
                .filter(|m| m[cell] >> (right - 1) & 1 == 0)
                .map(|_| (MistakeKind::RemovedCandidate, right))
        };
        if let Some((kind, digit)) = kind {
            out.push(Mistake { cell, kind, digit });
        }
    }
    Ok(out)
}
