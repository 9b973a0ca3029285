//! The position itself: its cells, how it is made from a pencil-mark text or from a
//! puzzle, progress and marks, and the consistency it keeps (see the module notes of
//! `position`).

use crate::error::PuzzleError;
use crate::grid::{unit_kind, Size, CELLS, PEERS, UNITS};
use crate::logic::Marks;
use crate::puzzle::Puzzle;

/// Every digit, as a candidate mask.
pub const ALL: u16 = 0x1FF;

/// A 9×9 position: givens, placed digits and the candidates of the open cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The givens, 0 elsewhere.
    pub givens: [u8; CELLS],
    /// The digit of every filled cell (givens and placed digits), 0 for an open cell.
    pub values: [u8; CELLS],
    /// The candidates of each open cell (bit `d - 1` for digit `d`), 0 for a filled cell.
    pub cands: [u16; CELLS],
}

/// The three units of each cell (row, column, box), numbered as [`Size::units_of`]
/// numbers them for 9×9: a table, so that the loops over every cell below do no division.
const UNITS_OF: [[u8; 3]; CELLS] = {
    let mut t = [[0u8; 3]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        t[cell] = [
            (cell / 9) as u8,
            (9 + cell % 9) as u8,
            (18 + crate::grid::box_of(cell)) as u8,
        ];
        cell += 1;
    }
    t
};

/// The digits the filled cells among `cell`'s peers hold, as a mask.
fn seen_by(values: &[u8; CELLS], cell: usize) -> u16 {
    PEERS[cell]
        .iter()
        .map(|&p| values[p as usize])
        .filter(|&d| d != 0)
        .fold(0, |m, d| m | 1 << (d - 1))
}

/// The first two cells of a unit with the same key (a digit 1-9, 0 = none), in the
/// order of [`Puzzle::check_givens`]: the later cell first in cell order, then row,
/// column, box. A pass of unit masks finds whether there is one; only then are the
/// cells looked for.
fn first_clash(keys: &[u8; CELLS], what: &'static str) -> Result<(), PuzzleError> {
    let mut seen = [0u16; 32];
    let mut clash = false;
    for (cell, &d) in keys.iter().enumerate() {
        if d != 0 {
            let bit = 1u16 << (d - 1);
            for &u in &UNITS_OF[cell] {
                let u = u as usize & 31;
                clash |= seen[u] & bit != 0;
                seen[u] |= bit;
            }
        }
    }
    if !clash {
        return Ok(());
    }
    for cell in 0..CELLS {
        let d = keys[cell];
        if d == 0 {
            continue;
        }
        for u in Size::Nine.units_of(cell) {
            if let Some(&first) = UNITS[u]
                .iter()
                .find(|&&c| (c as usize) < cell && keys[c as usize] == d)
            {
                let (unit, index) = unit_kind(u);
                return Err(PuzzleError::PositionConflict {
                    digit: d,
                    unit,
                    index,
                    first: first as usize,
                    second: cell,
                    what,
                });
            }
        }
    }
    unreachable!("a digit twice in a unit has a first pair of cells")
}

/// For each unit `u` of one kind (rows, columns or boxes: `cell_of(u, i)` is its `i`-th
/// cell), the digits that two cells or more of it have among `marks`; and whether two
/// cells of some unit have the same single candidate (`singles`: a cell's mask when it
/// has one candidate, else 0), as a mask of those digits.
#[inline(always)]
fn unit_twice(
    marks: &[u16; CELLS],
    singles: &[u16; CELLS],
    cell_of: impl Fn(usize, usize) -> usize,
) -> ([u16; 9], u16) {
    let mut twice = [0u16; 9];
    let mut clash = 0u16;
    for (u, t) in twice.iter_mut().enumerate() {
        let (mut once, mut more) = (0u16, 0u16);
        let (mut s_once, mut s_more) = (0u16, 0u16);
        for i in 0..9 {
            let cell = cell_of(u, i);
            let (m, s) = (marks[cell], singles[cell]);
            more |= once & m;
            once |= m;
            s_more |= s_once & s;
            s_once |= s;
        }
        *t = more;
        clash |= s_more;
    }
    (twice, clash)
}

/// [`unit_twice`] for the columns and the boxes at once: the nine columns side by side
/// (lane `c` of each array is column `c`), folded down the rows of each band, which the
/// compiler vectorises; a box is then three lanes of its band (what two of them have,
/// or one has twice). The same answer as [`unit_twice`] over the columns and the boxes
/// (test `from_marks_reads_as_the_cell_by_cell_reading`, through `from_marks`).
#[inline(always)]
fn column_and_box_twice(marks: &[u16; CELLS], singles: &[u16; CELLS]) -> ([u16; 9], [u16; 9], u16) {
    let (mut col_once, mut col_more) = ([0u16; 9], [0u16; 9]);
    let (mut col_s_once, mut col_s_more) = ([0u16; 9], [0u16; 9]);
    let mut box_twice = [0u16; 9];
    let mut clash = 0u16;
    for band in 0..3 {
        let (mut once, mut more) = ([0u16; 9], [0u16; 9]);
        let (mut s_once, mut s_more) = ([0u16; 9], [0u16; 9]);
        for r in 3 * band..3 * band + 3 {
            for c in 0..9 {
                let (m, s) = (marks[9 * r + c], singles[9 * r + c]);
                more[c] |= once[c] & m;
                once[c] |= m;
                s_more[c] |= s_once[c] & s;
                s_once[c] |= s;
            }
        }
        for c in 0..9 {
            col_more[c] |= col_once[c] & once[c] | more[c];
            col_once[c] |= once[c];
            col_s_more[c] |= col_s_once[c] & s_once[c] | s_more[c];
            col_s_once[c] |= s_once[c];
        }
        for stack in 0..3 {
            let (a, b, c) = (3 * stack, 3 * stack + 1, 3 * stack + 2);
            box_twice[3 * band + stack] = more[a]
                | more[b]
                | more[c]
                | once[a] & once[b]
                | once[a] & once[c]
                | once[b] & once[c];
            clash |= s_more[a]
                | s_more[b]
                | s_more[c]
                | s_once[a] & s_once[b]
                | s_once[a] & s_once[c]
                | s_once[b] & s_once[c];
        }
    }
    clash |= col_s_more.iter().fold(0, |a, &m| a | m);
    (col_more, box_twice, clash)
}

/// The one digit of a mask with a single bit, else 0.
fn single(mask: u16) -> u8 {
    if mask.count_ones() == 1 {
        mask.trailing_zeros() as u8 + 1
    } else {
        0
    }
}

impl Position {
    /// The position a puzzle shows: its givens, and every other cell open with the
    /// digits no given peer holds.
    pub fn from_puzzle(puzzle: &Puzzle) -> Result<Position, PuzzleError> {
        nine(puzzle, "puzzle")?;
        puzzle.check_givens()?;
        Position::from_parts(puzzle, None, None)
    }

    /// A pencil-mark grid read as Sukaku Explainer reads it: a cell whose only candidate
    /// no peer has is a given (its digit); every other cell is open with its marks.
    /// Errors: a cell without candidate (malformed); two cells of a unit whose only
    /// candidate is the same digit (contradictory).
    pub fn from_marks(marks: &[u16; CELLS]) -> Result<Position, PuzzleError> {
        // The digits two cells or more of each unit have (`*_twice`), of the marks and
        // of the single candidates alone: a cell's single candidate is in no peer
        // exactly when none of its three units has it twice (the cell itself is one of
        // the cells that have it); two cells of a unit with the same single candidate
        // are a clash. Folded row by row, and the nine columns side by side down each
        // band (which the compiler vectorises), each box from its band's columns; the same answer
        // as the cell-by-cell reading `from_marks_by_cells` (test
        // `from_marks_reads_as_the_cell_by_cell_reading`).
        let mut singles = [0u16; CELLS];
        let mut empty = false;
        for (s, &m) in singles.iter_mut().zip(marks.iter()) {
            empty |= m & ALL == 0;
            *s = if m.is_power_of_two() { m } else { 0 };
        }
        if empty {
            let cell = marks.iter().position(|&m| m & ALL == 0).unwrap_or(0);
            return Err(PuzzleError::NoCandidate { cell });
        }
        let (row_twice, row_clash) = unit_twice(marks, &singles, |r, i| 9 * r + i);
        let (col_twice, box_twice, col_box_clash) = column_and_box_twice(marks, &singles);
        if row_clash | col_box_clash != 0 {
            let keys: [u8; CELLS] = std::array::from_fn(|c| single(singles[c]));
            first_clash(&keys, "have only the candidate")?;
        }
        let mut p = Position {
            givens: [0; CELLS],
            values: [0; CELLS],
            cands: [0; CELLS],
        };
        for r in 0..9 {
            for c in 0..9 {
                let cell = 9 * r + c;
                let bit = singles[cell];
                let seen_twice = row_twice[r] | col_twice[c] | box_twice[3 * (r / 3) + c / 3];
                if bit != 0 && seen_twice & bit == 0 {
                    let d = bit.trailing_zeros() as u8 + 1;
                    p.givens[cell] = d;
                    p.values[cell] = d;
                } else {
                    p.cands[cell] = marks[cell] & ALL;
                }
            }
        }
        Ok(p)
    }

    /// [`Position::from_marks`] cell by cell, each cell's three units looked up: the
    /// plain reading its tests compare with.
    #[cfg(test)]
    pub(crate) fn from_marks_by_cells(marks: &[u16; CELLS]) -> Result<Position, PuzzleError> {
        // One pass: the cells without candidate, each cell's single candidate, and the
        // digits two cells or more of each unit have (a cell's single candidate is in
        // no peer exactly when none of its three units has it twice: the cell itself is
        // one of the cells that have it).
        let mut empty = false;
        let mut singles = [0u8; CELLS];
        // (32 entries, indexed `u & 31`, so that no index is checked: units are 0..27.)
        // The same for the single candidates alone (`single_twice`): a clash of two cells
        // of a unit with the same only candidate, which `first_clash` then names.
        let mut once = [0u16; 32];
        let mut twice = [0u16; 32];
        let mut single_once = [0u16; 32];
        let mut single_twice = 0u16;
        for (cell, &m) in marks.iter().enumerate() {
            empty |= m & ALL == 0;
            let d = single(m);
            singles[cell] = d;
            let single_bit = (1u16 << d) >> 1;
            for &u in &UNITS_OF[cell] {
                let u = u as usize & 31;
                twice[u] |= once[u] & m;
                once[u] |= m;
                single_twice |= single_once[u] & single_bit;
                single_once[u] |= single_bit;
            }
        }
        if empty {
            let cell = marks.iter().position(|&m| m & ALL == 0).unwrap_or(0);
            return Err(PuzzleError::NoCandidate { cell });
        }
        if single_twice != 0 {
            first_clash(&singles, "have only the candidate")?;
        }
        let mut p = Position {
            givens: [0; CELLS],
            values: [0; CELLS],
            cands: [0; CELLS],
        };
        for cell in 0..CELLS {
            let d = singles[cell];
            let bit = marks[cell];
            let alone = d != 0
                && UNITS_OF[cell]
                    .iter()
                    .all(|&u| twice[u as usize & 31] & bit == 0);
            if alone {
                p.givens[cell] = d;
                p.values[cell] = d;
            } else {
                p.cands[cell] = marks[cell] & ALL;
            }
        }
        Ok(p)
    }

    /// A player's position: the givens of `puzzle`, the digits of `progress` (which
    /// may repeat the givens, or leave their cells blank), and the marks of the open
    /// cells (`None`: every digit no filled peer holds). Marks of filled cells are not
    /// read; an open cell's candidates are its marks less the digits its filled peers
    /// hold.
    ///
    /// Errors: a grid that is not 9×9, an open cell without any mark (malformed); a
    /// digit of the progress in a given's cell other than the given, two filled cells
    /// of a unit with the same digit, an open cell whose marks are all held by filled
    /// peers (contradictory).
    pub fn from_parts(
        puzzle: &Puzzle,
        progress: Option<&Puzzle>,
        marks: Option<&[u16; CELLS]>,
    ) -> Result<Position, PuzzleError> {
        nine(puzzle, "puzzle")?;
        let mut values = puzzle.cells;
        if let Some(progress) = progress {
            nine(progress, "progress")?;
            for (cell, (&g, &d)) in puzzle.cells.iter().zip(progress.cells.iter()).enumerate() {
                if g != 0 && d != 0 && d != g {
                    return Err(PuzzleError::ChangedGiven {
                        cell,
                        given: g,
                        found: d,
                    });
                }
                if g == 0 {
                    values[cell] = d;
                }
            }
        }
        first_clash(&values, "hold the digit")?;
        let mut p = Position {
            givens: puzzle.cells,
            values,
            cands: [0; CELLS],
        };
        for cell in 0..CELLS {
            if values[cell] != 0 {
                continue;
            }
            let seen = seen_by(&values, cell);
            let marked = match marks {
                Some(m) if m[cell] & ALL == 0 => return Err(PuzzleError::NoCandidate { cell }),
                Some(m) => m[cell] & ALL,
                None => ALL,
            };
            p.cands[cell] = marked & !seen;
            if p.cands[cell] == 0 {
                return Err(PuzzleError::NoCandidateLeft {
                    cell,
                    marks: marked,
                });
            }
        }
        Ok(p)
    }

    /// The pencil marks as the 729-character form writes them: a filled cell's digit
    /// alone, an open cell's candidates.
    pub fn masks(&self) -> [u16; CELLS] {
        let mut out = self.cands;
        for (m, &d) in out.iter_mut().zip(self.values.iter()) {
            if d != 0 {
                *m = 1 << (d - 1);
            }
        }
        out
    }

    /// The position as the human-logic engine's pencil-mark grid.
    pub fn to_marks(&self) -> Marks {
        Marks {
            size: Size::Nine,
            values: self.values,
            cands: self.cands,
        }
    }

    /// The filled cells as a puzzle (givens and placed digits alike).
    pub fn filled(&self) -> Puzzle {
        Puzzle::from_cells(self.values)
    }

    /// The open cells.
    pub fn open_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..CELLS).filter(|&c| self.values[c] == 0)
    }

    /// True when the candidates are exactly those the filled cells leave (no pencil mark
    /// removed by hand): such a position is its filled cells' puzzle.
    pub fn is_plain(&self) -> bool {
        self.open_cells()
            .all(|c| self.cands[c] == ALL & !seen_by(&self.values, c))
    }
}

/// The error for a grid that is not 9×9.
fn nine(p: &Puzzle, what: &'static str) -> Result<(), PuzzleError> {
    if p.size == Size::Nine {
        Ok(())
    } else {
        Err(PuzzleError::PositionSize {
            what,
            cells: p.size.cells(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_marks_reads_as_the_cell_by_cell_reading() {
        let mut seed = 29u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        let (mut ok, mut clash, mut empty) = (0, 0, 0);
        for i in 0..20_000u64 {
            // Sparse marks give many single candidates (givens, clashes); now and then a
            // cell without candidate.
            let density = [5, 12, 25, 50][(i % 4) as usize];
            let mut marks = [0u16; CELLS];
            for m in marks.iter_mut() {
                for d in 0..9 {
                    if next() % 100 < density {
                        *m |= 1 << d;
                    }
                }
                if *m == 0 && next() % 200 != 0 {
                    *m = 1 << (next() % 9);
                }
            }
            let fast = Position::from_marks(&marks);
            assert_eq!(fast, Position::from_marks_by_cells(&marks), "{marks:?}");
            match fast {
                Ok(_) => ok += 1,
                Err(PuzzleError::NoCandidate { .. }) => empty += 1,
                Err(_) => clash += 1,
            }
        }
        assert!(
            ok > 1000 && clash > 1000 && empty > 1000,
            "{ok} {clash} {empty}"
        );
    }
}
