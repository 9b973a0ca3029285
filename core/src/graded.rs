//! Puzzles generated to a difficulty and a symmetry, for puzzle collections: the
//! generator's puzzles (with the symmetry asked for) are rated by the human-logic
//! engine ([`crate::logic::rate`], Sudoku Explainer's ER), and the first attempt whose
//! rating lies in the range asked for is kept. Attempt 0 is the generator's own
//! puzzle for the seed and index, so a call without a range gives the same puzzles as
//! [`crate::generate::generate`]; the attempts that follow come from streams of their
//! own, so the result is still a function of the seed and index only.
//!
//! The cost is the attempts a range needs: most minimal puzzles rate below 4, about
//! one in a hundred 8.0 or more, and ratings of 9 and up are rare (see the README).
//! Every attempt checks for interrupts, so a rare range can always be cancelled; a
//! range no puzzle can reach is refused before any attempt ([`check_range`]).

use crate::generate::{generate_attempt, Generated, Options};
use crate::search::Observer;

/// A range of ratings, in tenths, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingRange {
    pub min: u16,
    pub max: u16,
}

impl RatingRange {
    /// Every rating: no filter.
    pub const ANY: RatingRange = RatingRange {
        min: 0,
        max: crate::logic::BEYOND_LADDER,
    };

    pub fn contains(&self, rating: u16) -> bool {
        self.min <= rating && rating <= self.max
    }
}

/// The ratings a puzzle can get below 4.0, where each technique has one value (from
/// full house 1.0 to hidden triple 4.0); above it, uniqueness bonuses, BUG types and
/// chain lengths fill every tenth up to the hardest puzzles known (11.9), and 20.0 is
/// given to puzzles the engine cannot finish.
const RATINGS_BELOW_4: [u16; 16] = [
    10, 12, 15, 17, 19, 20, 23, 25, 26, 28, 30, 32, 34, 36, 38, 40,
];
/// The highest rating below 20.0 any known puzzle has.
const HARDEST_KNOWN: u16 = 119;

/// Why a range cannot be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RangeError {
    /// `min` is above `max`.
    Empty,
    /// No puzzle can have a rating in the range.
    Unreachable,
}

/// Refuses a range no puzzle can reach (so that asking for it is an error, not an
/// endless search): an empty one, one below 1.0, one between two of the ratings below
/// 4.0, or one between the hardest known puzzles (11.9) and 20.0.
pub fn check_range(range: RatingRange) -> Result<(), RangeError> {
    if range.min > range.max {
        return Err(RangeError::Empty);
    }
    let reachable_below_4 = RATINGS_BELOW_4.iter().any(|&r| range.contains(r));
    let reachable_above_4 = range.max > 40 && range.min <= HARDEST_KNOWN;
    let beyond = range.contains(crate::logic::BEYOND_LADDER);
    if reachable_below_4 || reachable_above_4 || beyond {
        Ok(())
    } else {
        Err(RangeError::Unreachable)
    }
}

/// A generated puzzle with its rating and the attempts it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graded {
    pub generated: Generated,
    /// The ER in tenths, when a range was asked for (rating costs time, so it is
    /// skipped for [`RatingRange::ANY`]).
    pub rating: Option<u16>,
    /// Attempts made, 1 or more.
    pub attempts: u64,
}

/// Puzzle `index` of `seed` with the options' symmetry and a rating in `range` (whose
/// reachability the caller has checked with [`check_range`]).
pub fn generate_graded<O: Observer>(
    seed: u64,
    index: u64,
    options: Options,
    range: RatingRange,
    observer: &mut O,
) -> Graded {
    let mut attempt = 0u64;
    loop {
        observer.check_interrupt();
        let generated = generate_attempt(seed, index, attempt, options, &mut *observer);
        attempt += 1;
        if range == RatingRange::ANY {
            return Graded {
                generated,
                rating: None,
                attempts: attempt,
            };
        }
        let rating = crate::logic::rate(&generated.puzzle, &mut || observer.check_interrupt()).er;
        if range.contains(rating) {
            return Graded {
                generated,
                rating: Some(rating),
                attempts: attempt,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Symmetry};
    use crate::search::Silent;

    #[test]
    fn without_a_range_the_puzzles_are_the_generators() {
        for i in 0..5 {
            let g = generate_graded(9, i, Options::default(), RatingRange::ANY, &mut Silent);
            assert_eq!(g.generated, generate(9, i, Options::default()));
            assert_eq!((g.rating, g.attempts), (None, 1));
        }
    }

    #[test]
    fn puzzles_rate_inside_their_range_and_are_deterministic() {
        for (min, max) in [(10, 20), (20, 40), (40, 62)] {
            let range = RatingRange { min, max };
            for i in 0..3 {
                let g = generate_graded(21, i, Options::default(), range, &mut Silent);
                let r = crate::logic::rate(&g.generated.puzzle, &mut || {}).er;
                assert!(range.contains(r), "{r} not in {min}..{max}");
                assert_eq!(g.rating, Some(r));
                assert_eq!(
                    crate::solver::solve(&g.generated.puzzle, 2).unwrap().count,
                    1
                );
                assert_eq!(
                    g,
                    generate_graded(21, i, Options::default(), range, &mut Silent)
                );
            }
        }
        let symmetric = Options {
            clues: 0,
            symmetry: Symmetry::Rotate180,
        };
        let g = generate_graded(
            2,
            0,
            symmetric,
            RatingRange { min: 20, max: 62 },
            &mut Silent,
        );
        let p = g.generated.puzzle;
        assert!((0..81).all(|c| (p.cells[c] != 0) == (p.cells[80 - c] != 0)));
    }

    #[test]
    fn unreachable_ranges_are_refused() {
        assert_eq!(
            check_range(RatingRange { min: 50, max: 40 }),
            Err(RangeError::Empty)
        );
        assert_eq!(
            check_range(RatingRange { min: 0, max: 9 }),
            Err(RangeError::Unreachable)
        );
        assert_eq!(
            check_range(RatingRange { min: 11, max: 11 }),
            Err(RangeError::Unreachable)
        );
        assert_eq!(
            check_range(RatingRange { min: 33, max: 33 }),
            Err(RangeError::Unreachable)
        );
        assert_eq!(
            check_range(RatingRange { min: 130, max: 190 }),
            Err(RangeError::Unreachable)
        );
        assert_eq!(check_range(RatingRange { min: 12, max: 12 }), Ok(()));
        assert_eq!(check_range(RatingRange { min: 90, max: 95 }), Ok(()));
        assert_eq!(check_range(RatingRange { min: 41, max: 41 }), Ok(()));
        assert_eq!(check_range(RatingRange { min: 200, max: 200 }), Ok(()));
        assert_eq!(check_range(RatingRange::ANY), Ok(()));
    }
}
