//! The wording of steps: names of cells, units, digits and eliminations in sentences,
//! and whether the sentences are wanted at all.

use super::marks::Candidate;
use crate::grid::Size;
use std::cell::Cell;

thread_local! {
    /// True while a rating runs on this thread (see [`sentences_wanted`]).
    static SENTENCES_OFF: Cell<bool> = const { Cell::new(false) };
}

/// Whether the steps found on this thread need their sentence (`Step::explanation`). A
/// rating never reads them, so [`rate`](super::rate) turns them off while it runs: the
/// techniques then leave the explanation empty instead of writing it ([`sentence!`]).
/// Everything else a step holds is the same either way. True unless a rating is running
/// on this thread.
#[inline]
pub(crate) fn sentences_wanted() -> bool {
    !SENTENCES_OFF.with(Cell::get)
}

/// Turns sentences off until the guard is dropped (then back to what they were).
pub(crate) fn sentences_off() -> SentencesOff {
    SentencesOff(SENTENCES_OFF.with(|o| o.replace(true)))
}

/// The guard of [`sentences_off`]: holds what the setting was before.
pub(crate) struct SentencesOff(bool);

impl Drop for SentencesOff {
    fn drop(&mut self) {
        SENTENCES_OFF.with(|o| o.set(self.0));
    }
}

/// `format!` for a step's explanation: an empty String while sentences are off (see
/// [`sentences_wanted`]), without evaluating the arguments.
macro_rules! sentence {
    ($($arg:tt)*) => {
        if $crate::logic::wording::sentences_wanted() { format!($($arg)*) } else { String::new() }
    };
}
pub(crate) use sentence;

/// The name of unit `u` in sentences: `row 3`, `column 5`, `box 7` (1-based).
pub(crate) fn unit_name(size: Size, u: usize) -> String {
    let n = size.n();
    match u / n {
        0 => format!("row {}", u + 1),
        1 => format!("column {}", u - n + 1),
        _ => format!("box {}", u - 2 * n + 1),
    }
}

/// `r1c2`.
pub(crate) fn cell_name(size: Size, cell: usize) -> String {
    size.cell_name(cell)
}

/// `r1c2, r1c5 and r3c3`.
pub(crate) fn cell_list(size: Size, cells: impl IntoIterator<Item = usize>) -> String {
    let mut out = String::with_capacity(48);
    let mut cells = cells.into_iter().peekable();
    let mut first = true;
    while let Some(c) = cells.next() {
        if !first {
            out.push_str(if cells.peek().is_some() {
                ", "
            } else {
                " and "
            });
        }
        first = false;
        push_cell_name(&mut out, size, c);
    }
    out
}

/// Appends `r1c2` to `out`.
fn push_cell_name(out: &mut String, size: Size, cell: usize) {
    let n = size.n();
    out.push('r');
    out.push(char::from(b'1' + (cell / n) as u8));
    out.push('c');
    out.push(char::from(b'1' + (cell % n) as u8));
}

/// `1, 4 and 7`.
pub(crate) fn digit_list(mask: u16) -> String {
    let mut out = String::with_capacity(16);
    let mut left = mask.count_ones();
    for d in 1..=9u8 {
        if mask >> (d - 1) & 1 != 0 {
            left -= 1;
            out.push(char::from(b'0' + d));
            if left > 1 {
                out.push_str(", ");
            } else if left == 1 {
                out.push_str(" and ");
            }
        }
    }
    out
}

pub(crate) fn join_and(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// `r1c2<>5, r3c4<>5`: eliminations in a sentence.
pub(crate) fn elimination_text(size: Size, elims: &[Candidate]) -> String {
    let mut out = String::with_capacity(8 * elims.len());
    for (i, e) in elims.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_cell_name(&mut out, size, e.cell as usize);
        out.push_str("<>");
        out.push(char::from(b'0' + e.digit));
    }
    out
}
