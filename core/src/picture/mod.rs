//! Pictures: a position (digits and pencil marks), a step of the human-logic engine
//! drawn on it, and printable pages of puzzles, as SVG documents; and variant grids
//! (any shape, any rules: `variant_svg`, `variant_page`, drawn as the module notes of
//! `variant` say), which share the units, writer, styles and bounds below.
//!
//! Everything here is pure text output: the same input gives byte-identical output
//! (integer coordinates, or one decimal where a chain's arrow needs a square root,
//! which IEEE arithmetic rounds the same way everywhere), and every text embedded
//! (labels, explanations) is escaped so the document is always well-formed XML.
//!
//! ## Drawing
//! A cell is 60 units of the picture's own coordinates (`viewBox`); the `size` option
//! only sets the width and height the picture asks for, so the picture scales without
//! loss. From the back to the front: the paper, the units of a step (pale blue), its
//! cells (yellow; pivots orange, fins violet), thin cell lines and thick box lines,
//! givens (black, bold) and placed digits (blue), pencil marks (small grey digits, each
//! in its ninth of the cell, digit `d` at row `(d-1)/3`, column `(d-1)%3`, or its
//! quarter on a 4×4 grid), the candidates of the pattern on blue discs, a placement on
//! a green disc, a removal on a red disc and struck, then the chain links as arrows
//! (strong links solid, weak links dashed), and the row and column labels.
//!
//! Elements carry classes and data attributes (`data-cell="r1c2"`, `data-digit`,
//! `data-from`, `data-to`) so that tests and style sheets can find them; the colours
//! are one `<style>` element, which a page embedding the picture can override.
//!
//! ## Bounds
//! A picture of a grid is at most [`GRID_LIMIT`] bytes (1 MiB) and a page at most
//! [`PAGE_LIMIT`] (512 KiB; six grids of 729 pencil marks take 344 KB): a grid has at
//! most 81 digits or 729 pencil marks, each
//! drawn with a fixed number of elements, plus at most [`MAX_LINKS`] arrows, and every
//! embedded text is cut to a fixed number of characters ([`MAX_LABEL_CHARS`],
//! [`MAX_DESCRIPTION_CHARS`]); the test `worst_cases_fit_their_limits` draws the largest
//! of each. Output is written into one buffer reserved fallibly; a refused allocation
//! is [`PictureError::OutOfMemory`], never an abort.

mod error;
mod grid;
mod page;
#[doc(hidden)]
pub mod samples;
mod step;
mod variant;
mod variant_frame;
mod variant_lines;
mod variant_page;
#[doc(hidden)]
pub mod variant_samples;
mod variant_step;
mod writer;

pub use error::{PictureError, MAX_LINKS};
pub use grid::*;
pub use page::{page, PageItem, PageKind, PageLayout, Paper};
pub use step::{draw_step, locate_position_step, locate_step, pivots_of, StepAt, StepError};
pub use variant::{undrawn_rules, variant_solution_svg, variant_svg};
pub use variant_frame::CAGE_INSET;
pub use variant_page::{rule_names, variant_page, VariantPageItem};
pub use variant_step::{draw_variant_position, locate_variant_step};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;
