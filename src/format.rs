//! The functions that write or compare texts: `sudoku_format`, `sudoku_canonical`,
//! `sudoku_equivalent` and `sudoku_is_valid`, on puzzles and pencil-mark texts alike.

use pgrx::prelude::*;
use sudoku_core::canonical::{canonical_marks, equivalent_marks};
use sudoku_core::position::text::{write_grid, write_line, Text};
use sudoku_core::{explain, Puzzle, Size};

use crate::encoding::{DbText, RawText};
use crate::errors::{check_interrupts, raise, raise_argument};
use crate::read;

/// What `sudoku_format` writes.
enum Written {
    /// The pencil marks (of a puzzle: the candidates its givens leave).
    Marks(fn(&[u16; 81]) -> String),
    /// The givens (of pencil marks: the cells whose one candidate no peer has).
    Givens(explain::Style),
}

fn written(style: &str) -> Written {
    match style {
        "marks" => Written::Marks(write_line),
        "marks_grid" => Written::Marks(write_grid),
        _ => match explain::Style::from_name(style) {
            Some(s) => Written::Givens(s),
            None => raise_argument(
                format!("unknown style \"{style}\""),
                "The styles are line, digits, contest, grid (the givens), marks and marks_grid (the pencil marks).",
            ),
        },
    }
}

/// The puzzle written in another style.
#[pg_extern(immutable, strict, parallel_safe, cost = 10)]
fn sudoku_format(puzzle: DbText, style: default!(DbText, "'grid'")) -> String {
    let written = written(&style);
    let text = read::text(&puzzle);
    match (written, &text) {
        (Written::Marks(write), _) => write(&read::position(&text).masks()),
        (Written::Givens(style), Text::Puzzle(p, _)) => explain::format(p, style),
        (Written::Givens(style), Text::Marks(_)) => {
            explain::format(&Puzzle::from_cells(read::position(&text).givens), style)
        }
    }
}

/// The canonical form of a puzzle: the smallest 81- (or 16-) character line, `.` for
/// a blank, over every transformation of its class; of pencil marks, the smallest
/// 729-character text.
#[pg_extern(immutable, strict, parallel_safe, cost = 100)]
fn sudoku_canonical(puzzle: DbText) -> String {
    match read::text(&puzzle) {
        Text::Puzzle(p, _) => sudoku_core::canonical::try_canonical(&p)
            .unwrap_or_else(|e| raise(e))
            .to_line(),
        marks => write_line(&canonical_marks(
            &read::position(&marks).masks(),
            &mut check_interrupts,
        )),
    }
}

/// The pencil marks `sudoku_equivalent` compares for a text that is not a puzzle
/// compared with a puzzle: a pencil-mark text's, or a 9×9 puzzle's candidate grid
/// (what `sudoku_format(p, 'marks')` writes); `None` for a 4×4 puzzle (its givens
/// checked), which no 9×9 grid is equivalent to.
fn marks_for_equivalence(text: &Text) -> Option<[u16; 81]> {
    match text {
        Text::Puzzle(p, _) if p.size == Size::Four => {
            p.check_givens().unwrap_or_else(|e| raise(e));
            None
        }
        _ => Some(read::position(text).masks()),
    }
}

/// True when two puzzles are the same puzzle up to relabelling digits, permuting rows
/// within bands, bands, columns within stacks, stacks, and transposing (pencil marks:
/// the same marks up to such a transformation, a puzzle standing for its candidates).
#[pg_extern(immutable, strict, parallel_safe, cost = 200)]
fn sudoku_equivalent(a: DbText, b: DbText) -> bool {
    // Both read before either raises, so that each text's error comes in order: all
    // of `a`'s, then `b`'s.
    let (a, b) = (read::try_text(&a), read::try_text(&b));
    if let (Ok(Text::Puzzle(a, _)), Ok(Text::Puzzle(b, _))) = (&a, &b) {
        a.check_givens().unwrap_or_else(|e| raise(e));
        b.check_givens().unwrap_or_else(|e| raise(e));
        return sudoku_core::canonical::equivalent(a, b);
    }
    let marks = |t: Result<Text, _>| marks_for_equivalence(&t.unwrap_or_else(|e| raise(e)));
    let a = marks(a);
    match (a, marks(b)) {
        (Some(a), Some(b)) => equivalent_marks(&a, &b, &mut check_interrupts),
        _ => false,
    }
}

/// True when the text is a puzzle whose givens do not contradict each other, or pencil
/// marks that make a position. Never raises for bad text, in any encoding.
#[pg_extern(immutable, strict, parallel_safe, cost = 2)]
fn sudoku_is_valid(puzzle: RawText) -> bool {
    let Some(text) = puzzle.ascii() else {
        return false;
    };
    match read::try_text(text) {
        Ok(Text::Puzzle(p, _)) => p.check_givens().is_ok(),
        Ok(marks) => marks.position().is_ok(),
        Err(_) => false,
    }
}
