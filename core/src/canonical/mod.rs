//! One canonical form per equivalence class of puzzles, and the transformations
//! between equivalent puzzles.
//!
//! # The equivalence
//! Two puzzles are the same puzzle when one becomes the other by a [`Transformation`]:
//! optionally transposing, then reordering the bands and the rows within each band, the
//! stacks and the columns within each stack, then relabelling the digits. For 9×9 that
//! is 2 × 6⁸ geometric maps times 9! relabellings; for 4×4, 2 × 2⁶ times 4!.
//!
//! # The canonical form
//! Write a puzzle as its string of cells, row by row, a blank as `0` and a given as its
//! digit, and compare such strings lexicographically as sequences of numbers (so a blank
//! sorts before every digit, and `1` before `9`). The canonical form of a puzzle is the
//! **smallest string over every transformation of the puzzle**: the "minlex" form of
//! the Sudoku programming community (47,653 of the 49,158 puzzles of Royle's 17-clue
//! list `puzzles2_17_clue.txt` are written in it there). It keeps the pattern of givens:
//! the puzzle itself is transformed, not its solution, so the canonical form of a
//! puzzle is a puzzle of its class with the same number of givens; a full grid is a
//! puzzle with no blank and gets the minlex grid (whose first row is `123456789`).
//!
//! For one geometric map, the smallest relabelling gives the digits the labels `1`,
//! `2`, ... in order of their first appearance in the string; so the canonical form is
//! the minimum, over the geometric maps only, of the map followed by that relabelling.
//!
//! # How it is found
//! - 9×9 puzzles with blanks: a breadth-first search that places the rows of the result
//!   one at a time over an ordered partition of the columns (`minlex_puzzle`);
//! - 9×9 full grids: the first two rows fix the column order (`minlex_grid`);
//! - 4×4 puzzles: all 128 geometric maps are tried;
//! - pencil-mark grids ([`canonical_marks`]): see `minlex_marks`.
//!
//! [`find_transformation`] is independent of all this: a plain backtracking search
//! that maps one puzzle's rows and columns onto the other's, used by the tests to
//! check the canonical form.

mod enumeration;
mod isomorphism;
mod minlex_grid;
mod minlex_marks;
mod minlex_puzzle;
#[cfg(test)]
mod tests;
mod transformation;

pub use isomorphism::find_transformation;
pub use minlex_marks::canonical_marks;
pub use transformation::Transformation;

use crate::error::PuzzleError;
use crate::grid::Size;
use crate::puzzle::Puzzle;
use enumeration::canonical_by_enumeration;
use minlex_grid::minlex_full_grid;
use minlex_puzzle::minlex_puzzle;

/// The canonical form of `puzzle`: the lexicographically smallest string of cells (a
/// blank as 0, smaller than every digit) over every transformation of the puzzle; see
/// the [module documentation](self). Equivalent puzzles, and only they, have the same
/// canonical form.
///
/// The puzzle's givens must not contradict each other within a row or column (see
/// [`Puzzle::check_givens`]; [`try_canonical`] checks it): for such a puzzle the result
/// is still a puzzle of its class, but not guaranteed to be the same for the whole class.
///
/// # Examples
///
/// ```
/// use sudoku_core::canonical::canonical;
/// use sudoku_core::Puzzle;
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// // The puzzle transposed (rows read as columns) is the same puzzle: the same form.
/// let transposed = Puzzle::from_cells(std::array::from_fn(|c| puzzle.cells[c % 9 * 9 + c / 9]));
/// assert_eq!(canonical(&transposed), canonical(&puzzle));
/// assert_eq!(
///     canonical(&puzzle).to_line(),
///     "........1.....2.34156...27......8.......51..232974......16..9....34..7..28.91.45.",
/// );
/// # Ok::<(), sudoku_core::PuzzleError>(())
/// ```
pub fn canonical(puzzle: &Puzzle) -> Puzzle {
    canonical_with_transformation(puzzle).0
}

/// [`canonical`], after checking that the givens do not contradict each other.
pub fn try_canonical(puzzle: &Puzzle) -> Result<Puzzle, PuzzleError> {
    puzzle.check_givens()?;
    Ok(canonical(puzzle))
}

/// The canonical form of `puzzle` and one transformation that maps the puzzle onto it
/// (`t.apply(puzzle) == form`). When the puzzle has automorphisms several
/// transformations do; which one is returned is unspecified.
pub fn canonical_with_transformation(puzzle: &Puzzle) -> (Puzzle, Transformation) {
    match puzzle.size {
        Size::Four => canonical_by_enumeration(puzzle),
        Size::Nine => {
            if puzzle.blanks() == 0 && puzzle.check_givens().is_ok() {
                minlex_full_grid(puzzle)
            } else {
                minlex_puzzle(puzzle)
            }
        }
    }
}

/// Whether two pencil-mark grids (a mask per cell, bit `d - 1` for candidate `d`) are
/// the same up to a transformation: equal canonical forms ([`canonical_marks`]), after
/// a cheap test that needs no search (the same number of cells with each number of
/// candidates). `check` is called now and then (interrupts).
pub fn equivalent_marks(a: &[u16; 81], b: &[u16; 81], check: &mut dyn FnMut()) -> bool {
    let counts = |m: &[u16; 81]| {
        let mut n = [0u8; 10];
        for &x in m {
            n[(x & 0x1FF).count_ones() as usize] += 1;
        }
        n
    };
    counts(a) == counts(b) && canonical_marks(a, check) == canonical_marks(b, check)
}

/// Whether `a` and `b` are the same puzzle up to a transformation (equal canonical forms).
///
/// # Examples
///
/// ```
/// use sudoku_core::canonical::equivalent;
/// use sudoku_core::Puzzle;
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// // Digits relabelled (1 and 2 swapped): the same puzzle.
/// let swap = [0, 2, 1, 3, 4, 5, 6, 7, 8, 9];
/// let relabelled = Puzzle::from_cells(puzzle.cells.map(|d| swap[d as usize]));
/// assert!(equivalent(&puzzle, &relabelled));
/// // One given fewer: another puzzle.
/// let mut fewer = puzzle.cells;
/// fewer[0] = 0;
/// assert!(!equivalent(&puzzle, &Puzzle::from_cells(fewer)));
/// # Ok::<(), sudoku_core::PuzzleError>(())
/// ```
pub fn equivalent(a: &Puzzle, b: &Puzzle) -> bool {
    a.size == b.size && a.givens() == b.givens() && canonical(a) == canonical(b)
}
