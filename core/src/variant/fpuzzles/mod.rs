//! f-puzzles in and out: a puzzle and its rules read from an f-puzzles JSON text or
//! share link, and written as one, so that a puzzle goes to f-puzzles or SudokuPad and
//! back unchanged.
//!
//! The format, as read from public code that reads or writes it (read for the facts
//! only; no code of theirs is used here):
//! - the JSON object has `size` (the side) and `grid`, `size` rows of `size` cell
//!   objects; a cell's `value` (a number) is a given when `given` is true, otherwise a
//!   player's entry; `region` is the cell's region index, and a cell without one is in
//!   its box, numbered row-major (Puzzle TV's importer, yusitnikov/puzzletv
//!   `src/data/puzzles/FPuzzles.tsx`, computes that box index; rangsk's SudokuSolver
//!   reads a missing region as -1, "the default");
//! - flags `diagonal+` (bottom-left to top-right), `diagonal-`, `antiknight`, `antiking`,
//!   `disjointgroups`, `nonconsecutive`; lists `killercage` (`{cells: ["R1C1", ...],
//!   value: "10"}`, no value for a cage without a sum) and `extraregion` (`{cells:
//!   [...]}`, a group of distinct digits) (SudokuSolver's `FPuzzlesBoard`, Puzzle TV's
//!   and Chameleon's sudoku-lab f-puzzles importers). SudokuSolver's
//!   `NonconsecutiveConstraint`, f-puzzles name `nonconsecutive`, compares the four
//!   orthogonal neighbours: our `nc`;
//! - `cage` entries are drawings; SudokuPad writes `title: ...` metadata as cages without
//!   cells (as Puzzle TV's importer reads them);
//! - grids run from 3×3 to 16×16 (MIN_GRID_SIZE and MAX_GRID_SIZE of a public f-puzzles
//!   converter), so a 25×25 grid is refused on export;
//! - a share link is `https://f-puzzles.com/?load=PAYLOAD`, the payload lz-string's
//!   `compressToBase64` of the JSON, URI-decoded before use (both importers call
//!   `decodeURIComponent`, then `decompressFromBase64`); SudokuPad takes the same payload
//!   after `https://sudokupad.app/fpuzzles` (link makers of public bots and editors
//!   write both forms).
//!
//! The mapping: `x`, `diagonal±`, `dg`, `anti-knight`, `anti-king`, `nc` are the flags;
//! jigsaw regions are the cells' `region` (written on every cell); killer cages are
//! `killercage`. f-puzzles has no windoku, girandola, asterisk or center-dot: they are
//! written as extra regions (windoku as its four shaded windows, which imply the other
//! five groups with the rows and columns), and read back from extra regions with exactly
//! those cells ([`groups`]). Anything else that constrains the digits (thermometers,
//! arrows, given pencil marks, ...) is 22023 naming it; titles, rules text, colours,
//! pencil marks and the solution are left out. Texts over [`MAX_TEXT_BYTES`] are refused
//! before they are read, payloads over [`MAX_PAYLOAD_BYTES`] before they are
//! decompressed.

pub mod groups;
pub mod link;
mod read;
mod write;

#[cfg(test)]
mod tests;

pub use link::{MAX_PAYLOAD_BYTES, MAX_TEXT_BYTES};

use super::error::VariantError;
use super::rules::Rules;
use super::text::VariantPuzzle;

/// The address that [`export_link`] puts before the payload.
pub const LINK_PREFIX: &str = "https://f-puzzles.com/?load=";

/// Reads an f-puzzles JSON text, or the payload of its share link (the part after
/// `?load=`: lz-string base64, possibly URL-encoded), or the whole link (f-puzzles'
/// `?load=` or SudokuPad's `/fpuzzles`), and returns the puzzle and its rules. The rules
/// are checked to fit the grid as [`super::Geometry::new`] does; the givens are not
/// checked against them.
pub fn import(text: &str) -> Result<(VariantPuzzle, Rules), VariantError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(VariantError::FpuzzlesTooLong {
            bytes: text.len(),
            limit: MAX_TEXT_BYTES,
        });
    }
    let json = link::json_text(text)?;
    read::puzzle_of_json(&json)
}

/// Writes an f-puzzles JSON text for a puzzle under rules: 22023 for rules that do not
/// fit its grid, or a 25×25 grid (f-puzzles stops at 16×16).
pub fn export_json(puzzle: &VariantPuzzle, rules: &Rules) -> Result<String, VariantError> {
    write::json_of_puzzle(puzzle, rules)
}

/// The share-link payload: lz-string's `compressToBase64` of [`export_json`]'s text, as
/// f-puzzles writes it after `?load=` (not URL-encoded).
pub fn export_payload(puzzle: &VariantPuzzle, rules: &Rules) -> Result<String, VariantError> {
    Ok(lz_str::compress_to_base64(&export_json(puzzle, rules)?))
}

/// The whole share link: [`LINK_PREFIX`] and the payload, its `+`, `/` and `=`
/// percent-encoded so that no reader of the query takes a `+` for a space.
pub fn export_link(puzzle: &VariantPuzzle, rules: &Rules) -> Result<String, VariantError> {
    let payload = export_payload(puzzle, rules)?;
    Ok(format!("{LINK_PREFIX}{}", link::percent_encode(&payload)))
}
