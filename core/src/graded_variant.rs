//! Variant puzzles generated to a difficulty, as [`crate::graded`] does for classic
//! ones: the variant generator's puzzles (`variant::generate`) are rated under their
//! rules by the ladder built for them (`logic::variant_ladder`, every technique of Sukaku
//! Explainer's), and the first attempt whose rating
//! lies in the range is kept.
//!
//! The ladder under rules rates every puzzle (the nested chains included), so every range
//! may be asked for. Attempt 0 is the generator's own puzzle for the seed and
//! index, so a range that every puzzle meets gives the puzzles of `generate_variant`;
//! attempt `k` is the generator's puzzle at index `index + k·φ` (φ the 64-bit golden
//! ratio step), a stream of its own. A puzzle takes at most
//! [`VARIANT_ATTEMPTS_PER_PUZZLE`] attempts, each checking for interrupts.

use crate::graded::RatingRange;
use crate::logic::rules::VariantTables;
use crate::logic::variant_ladder::rate_up_to_in;
use crate::variant::generate::{generate_variant, VariantGenerated, VariantOptions};
use crate::variant::{Geometry, Rules, Shape, VariantError};

/// The most attempts [`generate_variant_graded`] makes for one puzzle. An attempt
/// takes under a millisecond (x with 24 givens) to a few hundred (minimal puzzles whose
/// paths need dynamic chains: about 0.1 s for x and anti-king, 0.17 s for windoku with
/// dg, on average). Of 100 minimal puzzles (seed 6100), x rates 1 at 2.5 or less, 9
/// from 2.6 to 4.4, 4 from 4.5 to 6.4, 5 from 6.5 to 7.4, 24 from 7.5 to 8.9 and 53 from
/// 9.0 to 9.4 (4 higher); windoku with dg 1, 11, 3, 6, 30 and 45 (4 higher); anti-king
/// 0, 6, 3, 9, 12 and 26 (22 higher, rated by the nested chains); so the rarest band
/// takes a few dozen to a few hundred attempts, and stopping digging at more givens
/// (`clues`) makes easier puzzles. Minimal nc puzzles all need the nested chains, and
/// with 24 givens all rate 2.5 or less: a band nc cannot reach ends after this many
/// attempts, in minutes (every attempt checks for cancel).
pub const VARIANT_ATTEMPTS_PER_PUZZLE: u64 = 2_000;

/// The 64-bit golden-ratio step between the attempts of a puzzle.
const ATTEMPT_STEP: u64 = 0x9E37_79B9_7F4A_7C15;

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantGradedError {
    /// No attempt of [`VARIANT_ATTEMPTS_PER_PUZZLE`] rated inside the range.
    TooRare { attempts: u64 },
    /// The generator's own error (rules no grid satisfies, a symmetry the rules lack).
    Variant(VariantError),
}

impl From<VariantError> for VariantGradedError {
    fn from(e: VariantError) -> Self {
        VariantGradedError::Variant(e)
    }
}

/// A generated variant puzzle with its rating (when a range was asked for) and the
/// attempts it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantGraded {
    pub generated: VariantGenerated,
    pub rating: Option<u16>,
    pub attempts: u64,
}

/// Puzzle `index` of `seed` under `rules` on `shape` with a rating in `range` (a 9×9
/// grid without cages when a range is asked for: else the ratings' 22023 error).
pub fn generate_variant_graded(
    shape: Shape,
    rules: &Rules,
    (seed, index): (u64, u64),
    options: &VariantOptions,
    range: RatingRange,
    interrupt: &mut dyn FnMut(),
) -> Result<VariantGraded, VariantGradedError> {
    for attempt in 0..VARIANT_ATTEMPTS_PER_PUZZLE {
        interrupt();
        let at = index.wrapping_add(attempt.wrapping_mul(ATTEMPT_STEP));
        let generated = generate_variant(shape, rules, seed, at, options, interrupt)?;
        if range == RatingRange::ANY {
            return Ok(VariantGraded {
                generated,
                rating: None,
                attempts: attempt + 1,
            });
        }
        let geometry = Geometry::new(shape, &generated.rules)?;
        let tables = VariantTables::new(&geometry)?;
        if let Ok(r) = rate_up_to_in(&generated.puzzle.cells, &tables, range.max, interrupt) {
            if range.contains(r.er) {
                return Ok(VariantGraded {
                    generated,
                    rating: Some(r.er),
                    attempts: attempt + 1,
                });
            }
        }
    }
    Err(VariantGradedError::TooRare {
        attempts: VARIANT_ATTEMPTS_PER_PUZZLE,
    })
}

#[cfg(test)]
mod tests;
