//! A player's position read from its three texts, once for every function that takes
//! one (`sudoku_hint`, `sudoku_steps`, `sudoku_rate`, `sudoku_stats`, `sudoku_check`):
//! the puzzle, the progress (the digits placed since, `''` for none) and the pencil
//! marks (`''` for none kept). A text is empty when it holds ASCII whitespace alone,
//! the whitespace the puzzle reader skips; any other character is read, and refused
//! where it means nothing.
//!
//! Reading checks what every use needs: three 9×9 texts, and a mark in every open
//! cell (a cell without any is the marks' error for all, [`PuzzleError::NoCandidate`]).
//! What depends on the use is left to it: [`PlayerTexts::position`] refuses digits that
//! contradict each other, [`PlayerTexts::mistakes`] lists them as the player's mistakes.

use super::check::{mistakes, CheckError, Mistake};
use super::state::{Position, ALL};
use super::text::read_marks;
use crate::error::PuzzleError;
use crate::grid::{Size, CELLS};
use crate::puzzle::Puzzle;
use crate::search::Observer;

/// The argument a text came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Argument {
    Puzzle,
    Progress,
    Marks,
}

impl Argument {
    /// The argument's name in SQL.
    pub fn name(self) -> &'static str {
        match self {
            Argument::Puzzle => "puzzle",
            Argument::Progress => "progress",
            Argument::Marks => "marks",
        }
    }
}

/// An error of one of the three texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub argument: Argument,
    pub error: PuzzleError,
}

/// The three texts of a player's position, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerTexts {
    pub puzzle: Puzzle,
    /// The progress; `None` when nothing is placed.
    pub progress: Option<Puzzle>,
    /// The marks, a mask per cell; `None` when none are kept (every candidate).
    pub marks: Option<[u16; CELLS]>,
}

/// True for a text of ASCII whitespace alone (`''` included): an argument not given.
pub fn is_empty(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_whitespace())
}

fn nine(p: Puzzle, argument: Argument) -> Result<Puzzle, ReadError> {
    if p.size == Size::Nine {
        return Ok(p);
    }
    Err(ReadError {
        argument,
        error: PuzzleError::PositionSize {
            what: argument.name(),
            cells: p.size.cells(),
        },
    })
}

fn grid(text: &str, argument: Argument) -> Result<Puzzle, ReadError> {
    let p = Puzzle::parse(text).map_err(|error| ReadError { argument, error })?;
    nine(p, argument)
}

/// Reads the three texts of a player's position (see the module notes).
pub fn read_player(puzzle: &str, progress: &str, marks: &str) -> Result<PlayerTexts, ReadError> {
    let puzzle = grid(puzzle, Argument::Puzzle)?;
    let progress = match is_empty(progress) {
        true => None,
        false => Some(grid(progress, Argument::Progress)?),
    };
    let marks = match is_empty(marks) {
        true => None,
        false => Some(read_marks(marks).map_err(|error| ReadError {
            argument: Argument::Marks,
            error,
        })?),
    };
    if let Some(m) = &marks {
        let filled = |cell: usize| {
            puzzle.cells[cell] != 0 || progress.as_ref().is_some_and(|p| p.cells[cell] != 0)
        };
        if let Some(cell) = (0..CELLS).find(|&c| !filled(c) && m[c] & ALL == 0) {
            return Err(ReadError {
                argument: Argument::Marks,
                error: PuzzleError::NoCandidate { cell },
            });
        }
    }
    Ok(PlayerTexts {
        puzzle,
        progress,
        marks,
    })
}

impl PlayerTexts {
    /// The position, for the human-logic engine: the givens checked, then the digits
    /// and marks made one position ([`Position::from_parts`], whose errors it returns).
    pub fn position(&self) -> Result<Position, PuzzleError> {
        self.puzzle.check_givens()?;
        Position::from_parts(&self.puzzle, self.progress.as_ref(), self.marks.as_ref())
    }

    /// The player's mistakes against the puzzle's unique solution
    /// ([`super::check::mistakes`]).
    pub fn mistakes<O: Observer>(&self, observer: &mut O) -> Result<Vec<Mistake>, CheckError> {
        let progress = self.progress.as_ref().unwrap_or(&self.puzzle);
        mistakes(&self.puzzle, progress, self.marks.as_ref(), observer)
    }

    /// The number of digits the progress places in cells that are not givens.
    pub fn placed(&self) -> usize {
        self.progress.as_ref().map_or(0, |p| {
            (0..CELLS)
                .filter(|&c| self.puzzle.cells[c] == 0 && p.cells[c] != 0)
                .count()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn empty_means_ascii_whitespace_alone() {
        assert!(is_empty(""));
        assert!(is_empty(" \n\t"));
        assert!(!is_empty("\u{A0}"));
        let r = read_player(EASY, "\u{A0}", "").unwrap_err();
        assert_eq!(r.argument, Argument::Progress);
        assert!(matches!(r.error, PuzzleError::InvalidCharacter { .. }));
        // The same character before digits: the same error, from the same reading.
        let r = read_player(EASY, &format!("\u{A0}{EASY}"), "").unwrap_err();
        assert_eq!(r.argument, Argument::Progress);
        assert!(matches!(r.error, PuzzleError::InvalidCharacter { .. }));
    }

    #[test]
    fn a_bad_mark_character_names_the_marks() {
        let r = read_player(EASY, "", &"?".repeat(729)).unwrap_err();
        assert_eq!(r.argument, Argument::Marks);
        assert!(matches!(
            r.error,
            PuzzleError::InvalidMarkCharacter { ch: '?', .. }
        ));
        assert!(r.error.message().contains("pencil marks"));
    }

    #[test]
    fn an_open_cell_without_marks_is_refused_for_every_use() {
        let r = read_player(EASY, "", &".".repeat(729)).unwrap_err();
        assert_eq!(r.argument, Argument::Marks);
        // r1c3 is the first open cell.
        assert_eq!(r.error, PuzzleError::NoCandidate { cell: 2 });
        // Filled cells' marks are not read: every open cell marked, the rest dots.
        let mut marks = String::new();
        for c in 0..CELLS {
            let open = EASY.as_bytes()[c] == b'.';
            marks.push_str(if open { "123456789" } else { "........." });
        }
        let texts = read_player(EASY, "", &marks).unwrap();
        assert!(texts.position().is_ok());
        assert_eq!(texts.mistakes(&mut crate::search::Silent).unwrap(), vec![]);
    }

    #[test]
    fn placed_counts_the_progress_beyond_the_givens() {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let texts = read_player(EASY, solution, "").unwrap();
        assert_eq!(texts.placed(), 51);
        assert_eq!(read_player(EASY, "", "").unwrap().placed(), 0);
        assert_eq!(read_player(EASY, EASY, "").unwrap().placed(), 0);
    }

    #[test]
    fn a_four_by_four_text_is_named() {
        let r = read_player("1234341221434321", "", "").unwrap_err();
        assert_eq!(r.argument, Argument::Puzzle);
        assert!(matches!(r.error, PuzzleError::PositionSize { .. }));
    }
}
