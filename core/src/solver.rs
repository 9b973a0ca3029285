//! The solvers' front door: which search solves which puzzle, and the helpers every
//! caller needs (pencil marks from the givens, checking a solution).
//!
//! - 9×9 puzzles go to `crate::bitboard`, the fast search;
//! - 4×4 puzzles go to `crate::plain`, the plain cell-by-cell search, which on 9×9
//!   puzzles is also the tests' cross-check of the fast one;
//! - both follow the contract of [`crate::search`]: count solutions up to a limit.

use crate::bitboard;
use crate::error::PuzzleError;
use crate::grid::{Size, CELLS};
use crate::puzzle::Puzzle;
use crate::search::{Observer, Outcome, Silent};

/// Solves `puzzle`, counting solutions up to `limit` (0 counts nothing).
///
/// # Examples
///
/// ```
/// use sudoku_core::{solve, Puzzle};
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// // Limit 2: the solution, and whether it is the only one.
/// let outcome = solve(&puzzle, 2)?;
/// assert_eq!(outcome.count, 1);
/// assert_eq!(outcome.solution.unwrap()[..9], [5, 3, 4, 6, 7, 8, 9, 1, 2]);
///
/// // Counting: without its first row the puzzle has two solutions.
/// let mut cells = puzzle.cells;
/// cells[..9].fill(0);
/// assert_eq!(solve(&Puzzle::from_cells(cells), 100)?.count, 2);
/// # Ok::<(), sudoku_core::PuzzleError>(())
/// ```
pub fn solve(puzzle: &Puzzle, limit: u64) -> Result<Outcome, PuzzleError> {
    solve_observed(puzzle, limit, &mut Silent)
}

/// [`solve`] with an observer.
///
/// # Examples
///
/// ```
/// use sudoku_core::grid::CELLS;
/// use sudoku_core::{solve_observed, Observer, Puzzle};
///
/// /// Keeps the first row of every solution found.
/// struct FirstRows(Vec<Vec<u8>>);
/// impl Observer for FirstRows {
///     fn solution(&mut self, grid: &[u8; CELLS]) {
///         self.0.push(grid[..9].to_vec());
///     }
/// }
///
/// let mut cells = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?
/// .cells;
/// cells[..9].fill(0);
/// let mut rows = FirstRows(Vec::new());
/// let outcome = solve_observed(&Puzzle::from_cells(cells), 10, &mut rows)?;
/// assert_eq!(outcome.count, 2);
/// assert_eq!(rows.0, [[3, 4, 5, 6, 7, 8, 9, 1, 2], [5, 3, 4, 6, 7, 8, 9, 1, 2]]);
/// # Ok::<(), sudoku_core::PuzzleError>(())
/// ```
pub fn solve_observed<O: Observer>(
    puzzle: &Puzzle,
    limit: u64,
    observer: &mut O,
) -> Result<Outcome, PuzzleError> {
    if puzzle.size != Size::Nine {
        return solve_plain_observed(puzzle, limit, observer);
    }
    // The givens are checked as they are placed; on a conflict, `check_givens` names it.
    match bitboard::Search::new(puzzle, limit, observer) {
        Some(mut search) => Ok(search.run()),
        None => Err(conflict(puzzle)),
    }
}

/// The plain cell-by-cell solver, for any size: the one 4×4 puzzles use, and on 9×9
/// puzzles a cross-check of the fast one (the same count and set of solutions, in
/// different statistics).
///
/// # Examples
///
/// ```
/// use sudoku_core::{solve, solve_plain, Puzzle};
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let (plain, fast) = (solve_plain(&puzzle, 2)?, solve(&puzzle, 2)?);
/// assert_eq!((plain.count, plain.solution), (fast.count, fast.solution));
/// # Ok::<(), sudoku_core::PuzzleError>(())
/// ```
pub fn solve_plain(puzzle: &Puzzle, limit: u64) -> Result<Outcome, PuzzleError> {
    solve_plain_observed(puzzle, limit, &mut Silent)
}

/// [`solve_plain`] with an observer.
pub fn solve_plain_observed<O: Observer>(
    puzzle: &Puzzle,
    limit: u64,
    observer: &mut O,
) -> Result<Outcome, PuzzleError> {
    puzzle.check_givens()?;
    Ok(crate::plain::solve(puzzle, limit, observer))
}

/// Solves a grid of candidates: counts, up to `limit`, the solutions that keep the
/// filled cells of `values` and put in each open cell one of its candidates (`cands`,
/// bit `d - 1` for digit `d`). `None` when two filled cells of a unit hold the same digit
/// (see `position::solve_position_observed`, whose positions never do).
pub fn solve_candidates_observed<O: Observer>(
    values: &[u8; CELLS],
    cands: &[u16; CELLS],
    limit: u64,
    observer: &mut O,
) -> Option<Outcome> {
    bitboard::Search::from_position(values, cands, limit, observer).map(|mut search| search.run())
}

/// Solves a pencil-mark grid (bit `d - 1` of a cell's mask: digit `d` a candidate):
/// counts, up to `limit`, the solutions that put in each cell one of its candidates.
/// `None` when a cell has no candidate or two cells of a unit have the same single
/// candidate (see `position::solve::solve_marks_observed`).
pub fn solve_marks_grid_observed<O: Observer>(
    marks: &[u16; CELLS],
    limit: u64,
    observer: &mut O,
) -> Option<Outcome> {
    bitboard::Search::from_marks(marks, limit, observer).map(|mut search| search.run())
}

/// The error for givens the bitboard search could not place.
fn conflict(puzzle: &Puzzle) -> PuzzleError {
    match puzzle.check_givens() {
        Err(e) => e,
        Ok(()) => {
            unreachable!("a given that is no longer a candidate has a peer holding its digit")
        }
    }
}

/// The solutions of a puzzle one at a time, in the search's order, up to a limit, with
/// memory that does not grow with their number: the 9×9 search is resumable; a 4×4
/// puzzle has at most 288 solutions, which are found at once (288 × 81 bytes).
pub struct Solutions<O: Observer> {
    inner: SolutionsInner<O>,
}

enum SolutionsInner<O: Observer> {
    Nine(Box<bitboard::Search<O>>),
    Four(std::vec::IntoIter<[u8; CELLS]>),
}

impl<O: Observer> Solutions<O> {
    /// The solutions of `puzzle` up to `limit`, with `observer` checking for interrupts.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{is_solution_of, Puzzle, Silent, Solutions};
    ///
    /// let mut cells = Puzzle::parse(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?
    /// .cells;
    /// cells[..9].fill(0);
    /// let puzzle = Puzzle::from_cells(cells);
    /// let solutions: Vec<_> = Solutions::new(&puzzle, 10, Silent)?.collect();
    /// assert_eq!(solutions.len(), 2);
    /// assert!(solutions.iter().all(|s| is_solution_of(&puzzle, s)));
    /// assert_eq!(solutions[0][..9], [3, 4, 5, 6, 7, 8, 9, 1, 2]);
    /// # Ok::<(), sudoku_core::PuzzleError>(())
    /// ```
    pub fn new(puzzle: &Puzzle, limit: u64, mut observer: O) -> Result<Solutions<O>, PuzzleError> {
        if puzzle.size != Size::Nine {
            struct Collect<'a, O: Observer>(&'a mut O, Vec<[u8; CELLS]>);
            impl<O: Observer> Observer for Collect<'_, O> {
                fn check_interrupt(&mut self) {
                    self.0.check_interrupt();
                }
                fn solution(&mut self, grid: &[u8; CELLS]) {
                    self.1.push(*grid);
                }
            }
            let mut collect = Collect(&mut observer, Vec::new());
            solve_plain_observed(puzzle, limit, &mut collect)?;
            return Ok(Solutions {
                inner: SolutionsInner::Four(collect.1.into_iter()),
            });
        }
        match bitboard::Search::new(puzzle, limit, observer) {
            Some(search) => Ok(Solutions {
                inner: SolutionsInner::Nine(Box::new(search)),
            }),
            None => Err(conflict(puzzle)),
        }
    }
}

impl<O: Observer> Solutions<O> {
    /// The solutions of a grid of candidates (see [`solve_candidates_observed`]) up to
    /// `limit`; `None` when two filled cells of a unit hold the same digit.
    pub fn from_candidates(
        values: &[u8; CELLS],
        cands: &[u16; CELLS],
        limit: u64,
        observer: O,
    ) -> Option<Solutions<O>> {
        let search = bitboard::Search::from_position(values, cands, limit, observer)?;
        Some(Solutions {
            inner: SolutionsInner::Nine(Box::new(search)),
        })
    }

    /// The solutions of a pencil-mark grid up to `limit` (see
    /// [`solve_marks_grid_observed`]), or `None` for the grids it refuses.
    pub fn from_marks(marks: &[u16; CELLS], limit: u64, observer: O) -> Option<Solutions<O>> {
        let search = bitboard::Search::from_marks(marks, limit, observer)?;
        Some(Solutions {
            inner: SolutionsInner::Nine(Box::new(search)),
        })
    }
}

impl<O: Observer> Iterator for Solutions<O> {
    type Item = [u8; CELLS];

    fn next(&mut self) -> Option<[u8; CELLS]> {
        match &mut self.inner {
            SolutionsInner::Nine(search) => search.next_solution(),
            SolutionsInner::Four(grids) => grids.next(),
        }
    }
}

/// The candidates of every cell from the givens alone (pencil marks): a mask for each
/// blank cell, 0 for each given. Contradictory givens are an error.
///
/// # Examples
///
/// ```
/// use sudoku_core::grid::digits_of;
/// use sudoku_core::{candidates, Puzzle};
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let marks = candidates(&puzzle)?;
/// // r1c3 sees 5, 3, 7 in its row, 6, 8 in its column, 9 in its box.
/// assert_eq!(digits_of(marks[2]).collect::<Vec<_>>(), [1, 2, 4]);
/// assert_eq!(marks[0], 0, "a given has no candidates");
/// # Ok::<(), sudoku_core::PuzzleError>(())
/// ```
pub fn candidates(puzzle: &Puzzle) -> Result<[u16; CELLS], PuzzleError> {
    puzzle.check_givens()?;
    let size = puzzle.size;
    let mut placed = [0u16; 27];
    for (cell, &d) in puzzle.values().iter().enumerate() {
        if d != 0 {
            for u in size.units_of(cell) {
                placed[u] |= 1 << (d - 1);
            }
        }
    }
    let mut out = [0u16; CELLS];
    for (cell, mask) in out[..size.cells()].iter_mut().enumerate() {
        if puzzle.cells[cell] == 0 {
            let [r, c, b] = size.units_of(cell);
            *mask = size.all_digits() & !(placed[r] | placed[c] | placed[b]);
        }
    }
    Ok(out)
}

/// True when `grid` is a complete, valid grid (every unit holds each digit once) that
/// agrees with every given of `puzzle`. An independent check, used by tests and demos.
///
/// # Examples
///
/// ```
/// use sudoku_core::{is_solution_of, solve, Puzzle};
///
/// let puzzle = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let mut grid = solve(&puzzle, 1)?.solution.unwrap();
/// assert!(is_solution_of(&puzzle, &grid));
/// // Two digits of a row swapped: the columns now hold a digit twice.
/// grid.swap(2, 3);
/// assert!(!is_solution_of(&puzzle, &grid));
/// # Ok::<(), sudoku_core::PuzzleError>(())
/// ```
pub fn is_solution_of(puzzle: &Puzzle, grid: &[u8; CELLS]) -> bool {
    let size = puzzle.size;
    let grid = &grid[..size.cells()];
    if grid.iter().any(|&d| d == 0 || d as usize > size.n()) {
        return false;
    }
    if puzzle
        .values()
        .iter()
        .zip(grid.iter())
        .any(|(&g, &s)| g != 0 && g != s)
    {
        return false;
    }
    (0..3 * size.n()).all(|u| {
        size.unit_cells(u)
            .iter()
            .fold(0u16, |m, &c| m | 1 << (grid[c as usize] - 1))
            == size.all_digits()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Silent;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn solves_a_classic() {
        let p = Puzzle::parse(EASY).unwrap();
        let out = solve(&p, 2).unwrap();
        assert_eq!(out.count, 1);
        let s = out.solution.unwrap();
        assert!(is_solution_of(&p, &s));
        assert_eq!(
            Puzzle::from_cells(s).to_line(),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
        assert_eq!(out.stats.guesses, 0);
        assert_eq!(out.stats.forced(), 51);
    }

    #[test]
    fn limit_zero_counts_nothing() {
        let p = Puzzle::parse(EASY).unwrap();
        let out = solve(&p, 0).unwrap();
        assert_eq!((out.count, out.solution), (0, None));
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        let p = Puzzle::from_cells([0; 81]);
        let out = solve(&p, 50).unwrap();
        assert_eq!(out.count, 50);
        assert!(is_solution_of(&p, &out.solution.unwrap()));
        assert!(out.stats.guesses > 0);
    }

    #[test]
    fn observer_sees_every_solution_once() {
        struct Collect(Vec<[u8; 81]>, u64);
        impl Observer for Collect {
            fn solution(&mut self, g: &[u8; 81]) {
                self.0.push(*g);
            }
            fn check_interrupt(&mut self) {
                self.1 += 1;
            }
        }
        let p = Puzzle::from_cells([0; 81]);
        let mut c = Collect(Vec::new(), 0);
        let out = solve_observed(&p, 20, &mut c).unwrap();
        assert_eq!(c.0.len(), 20);
        assert_eq!(c.1, out.stats.guesses);
        let mut uniq = c.0.clone();
        uniq.sort();
        uniq.dedup();
        assert_eq!(uniq.len(), 20);
        assert!(c.0.iter().all(|g| is_solution_of(&p, g)));
    }

    #[test]
    fn candidates_are_pencil_marks_from_the_givens() {
        let p = Puzzle::parse(EASY).unwrap();
        let c = candidates(&p).unwrap();
        // r1c3: row 1 has 5,3,7; column 3 has 8; box 1 has 5,3,6,9,8 -> candidates 1,2,4.
        assert_eq!(c[2], 0b1011);
        assert_eq!(c[0], 0);
    }

    #[test]
    fn streamed_solutions_are_the_counted_ones_in_order() {
        for (text, limit) in [
            (".".repeat(81), 300u64),
            (EASY.to_string(), 5),
            ("1...............".to_string(), 500),
        ] {
            let p = Puzzle::parse(&text).unwrap();
            let mut seen = Vec::new();
            struct Collect<'a>(&'a mut Vec<[u8; 81]>);
            impl Observer for Collect<'_> {
                fn solution(&mut self, g: &[u8; 81]) {
                    self.0.push(*g);
                }
            }
            let out = solve_observed(&p, limit, &mut Collect(&mut seen)).unwrap();
            let streamed: Vec<_> = Solutions::new(&p, limit, Silent).unwrap().collect();
            assert_eq!(streamed, seen);
            assert_eq!(streamed.len() as u64, out.count);
            assert!(streamed.iter().all(|g| is_solution_of(&p, g)));
        }
        assert!(Solutions::new(
            &Puzzle::parse(&("55".to_string() + &".".repeat(79))).unwrap(),
            2,
            Silent
        )
        .is_err());
    }
}
