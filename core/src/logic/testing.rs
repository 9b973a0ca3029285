//! Helpers of the techniques' tests: pencil marks from a puzzle line or from a list of
//! candidates, and candidates by row and column.

use super::marks::{Candidate, Marks};
use crate::grid::{Size, CELLS};
use crate::puzzle::Puzzle;

/// The pencil marks of a puzzle line.
pub fn marks(line: &str) -> Marks {
    Marks::from_puzzle(&Puzzle::parse(line).expect("test puzzle"))
}

/// Pencil marks from 81 (or 16) whitespace-separated tokens: a token of digits is a
/// blank cell's candidates, `+d` a cell holding `d`.
pub fn marks_from_candidates(text: &str) -> Marks {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let size = if tokens.len() == 16 {
        Size::Four
    } else {
        Size::Nine
    };
    assert_eq!(tokens.len(), size.cells());
    let mut m = Marks {
        size,
        values: [0; CELLS],
        cands: [0; CELLS],
    };
    for (c, t) in tokens.iter().enumerate() {
        if let Some(d) = t.strip_prefix('+') {
            m.values[c] = d.parse().unwrap();
        } else {
            for ch in t.chars() {
                m.cands[c] |= 1 << (ch.to_digit(10).unwrap() - 1);
            }
        }
    }
    m
}

pub fn cand(size: Size, r: usize, c: usize, digit: u8) -> Candidate {
    Candidate {
        cell: (r * size.n() + c) as u8,
        digit,
    }
}
