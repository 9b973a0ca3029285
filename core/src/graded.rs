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
//! range no puzzle can reach is refused before any attempt ([`check_range`]), and so is
//! one random generation does not reach in practice ([`check_random_reach`]: for those,
//! [`crate::near`] searches the neighbourhood of a hard puzzle). A puzzle takes at most
//! [`ATTEMPTS_PER_PUZZLE`] attempts, so no call is endless.

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

/// The highest rating random generation reaches in practice: of 20,000 minimal puzzles
/// (`generate(2026, 0..20000)`, rated by `tools/src/cmd/rate_times.rs`), 30 rated 9.0 or
/// more, one 9.1, one 9.2, none higher (none 20.0). A range starting above it would take
/// hundreds of thousands of attempts a puzzle, or never end.
pub const RANDOM_REACH: u16 = 92;

/// The most attempts [`generate_graded`] makes for one puzzle: about fifteen times what
/// the rarest range [`check_random_reach`] lets through (9.2, about one minimal puzzle in
/// 10,000 to 20,000) takes on average, a minute or two.
pub const ATTEMPTS_PER_PUZZLE: u64 = 300_000;

/// Why a range cannot be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RangeError {
    /// `min` is above `max`.
    Empty,
    /// No puzzle can have a rating in the range.
    Unreachable,
    /// The range starts above what random generation reaches ([`RANDOM_REACH`]).
    BeyondRandom,
    /// The range holds 1.0 alone and digging stops below [`FULL_HOUSE_CLUES`] givens.
    BelowRandom,
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

/// Refuses a range that starts above what random generation reaches in practice
/// ([`RANDOM_REACH`]); check it after [`check_range`], for generation without a start.
pub fn check_random_reach(range: RatingRange) -> Result<(), RangeError> {
    if range.min > RANDOM_REACH {
        Err(RangeError::BeyondRandom)
    } else {
        Ok(())
    }
}

/// The fewest givens at which random generation makes puzzles rated 1.0 (full houses
/// alone): of 3,000 minimal puzzles (`generate(7, 0..3000)`) and of 1,000 each dug to
/// 56, 58 and 59 givens, none rated 1.0 (all 1.2 or more); of 500 dug to 60 givens, 8
/// did, and of 500 dug to 65, 210.
pub const FULL_HOUSE_CLUES: usize = 60;

/// Refuses a range that holds no rating but 1.0 (full houses alone) when digging stops
/// below [`FULL_HOUSE_CLUES`] givens (`clues` 0: minimal puzzles), where no attempt
/// reaches it: [`RangeError::BelowRandom`].
pub fn check_random_floor(range: RatingRange, clues: usize) -> Result<(), RangeError> {
    let full_house_only = range.max < 12;
    if full_house_only && clues < FULL_HOUSE_CLUES {
        Err(RangeError::BelowRandom)
    } else {
        Ok(())
    }
}

/// No attempt of [`ATTEMPTS_PER_PUZZLE`] rated inside the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooRare {
    pub attempts: u64,
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
/// reachability the caller has checked with [`check_range`] and [`check_random_reach`]);
/// [`TooRare`] after [`ATTEMPTS_PER_PUZZLE`] attempts outside it.
pub fn generate_graded<O: Observer>(
    seed: u64,
    index: u64,
    options: Options,
    range: RatingRange,
    observer: &mut O,
) -> Result<Graded, TooRare> {
    generate_graded_within(seed, index, options, range, ATTEMPTS_PER_PUZZLE, observer)
}

/// [`generate_graded`] with another limit of attempts.
pub fn generate_graded_within<O: Observer>(
    seed: u64,
    index: u64,
    options: Options,
    range: RatingRange,
    max_attempts: u64,
    observer: &mut O,
) -> Result<Graded, TooRare> {
    let mut attempt = 0u64;
    loop {
        if attempt >= max_attempts {
            return Err(TooRare { attempts: attempt });
        }
        observer.check_interrupt();
        let generated = generate_attempt(seed, index, attempt, options, &mut *observer);
        attempt += 1;
        if range == RatingRange::ANY {
            return Ok(Graded {
                generated,
                rating: None,
                attempts: attempt,
            });
        }
        let rating = crate::logic::rate(&generated.puzzle, &mut || observer.check_interrupt()).er;
        if range.contains(rating) {
            return Ok(Graded {
                generated,
                rating: Some(rating),
                attempts: attempt,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Symmetry};
    use crate::search::Silent;

    #[test]
    fn full_houses_alone_need_sixty_givens() {
        let only_1_0 = RatingRange { min: 10, max: 10 };
        assert_eq!(
            check_random_floor(only_1_0, 0),
            Err(RangeError::BelowRandom)
        );
        assert_eq!(
            check_random_floor(only_1_0, 59),
            Err(RangeError::BelowRandom)
        );
        assert_eq!(check_random_floor(only_1_0, 60), Ok(()));
        assert_eq!(
            check_random_floor(RatingRange { min: 10, max: 12 }, 0),
            Ok(())
        );
        // At 60 givens a 1.0 puzzle is found within the attempts a puzzle may take.
        let options = Options {
            clues: 60,
            symmetry: Symmetry::None,
        };
        let g = generate_graded_within(7, 0, options, only_1_0, 2_000, &mut Silent)
            .expect("a puzzle rated 1.0 at 60 givens");
        assert_eq!(g.rating, Some(10));
    }

    #[test]
    fn without_a_range_the_puzzles_are_the_generators() {
        for i in 0..5 {
            let g =
                generate_graded(9, i, Options::default(), RatingRange::ANY, &mut Silent).unwrap();
            assert_eq!(g.generated, generate(9, i, Options::default()));
            assert_eq!((g.rating, g.attempts), (None, 1));
        }
    }

    #[test]
    fn puzzles_rate_inside_their_range_and_are_deterministic() {
        for (min, max) in [(10, 20), (20, 40), (40, 62)] {
            let range = RatingRange { min, max };
            for i in 0..3 {
                let g = generate_graded(21, i, Options::default(), range, &mut Silent).unwrap();
                let r = crate::logic::rate(&g.generated.puzzle, &mut || {}).er;
                assert!(range.contains(r), "{r} not in {min}..{max}");
                assert_eq!(g.rating, Some(r));
                assert_eq!(
                    crate::solver::solve(&g.generated.puzzle, 2).unwrap().count,
                    1
                );
                assert_eq!(
                    g,
                    generate_graded(21, i, Options::default(), range, &mut Silent).unwrap()
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
        )
        .unwrap();
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

    #[test]
    fn ranges_beyond_random_generation_are_refused_at_once() {
        for min in [93, 95, 100, 200] {
            assert_eq!(
                check_random_reach(RatingRange { min, max: 200 }),
                Err(RangeError::BeyondRandom)
            );
        }
        assert_eq!(check_random_reach(RatingRange { min: 92, max: 92 }), Ok(()));
        assert_eq!(check_random_reach(RatingRange::ANY), Ok(()));
    }

    #[test]
    fn a_rare_range_stops_after_its_attempts() {
        // 8.5 to 9.2 takes more than 3 attempts for these seeds; the answer says how many.
        let range = RatingRange { min: 85, max: 92 };
        let limited = generate_graded_within(5, 0, Options::default(), range, 3, &mut Silent);
        assert_eq!(limited, Err(TooRare { attempts: 3 }));
        // With enough attempts the same puzzle as without a limit.
        let g = generate_graded_within(5, 0, Options::default(), range, 100_000, &mut Silent);
        assert_eq!(
            g,
            generate_graded(5, 0, Options::default(), range, &mut Silent)
        );
        assert!(g.unwrap().attempts > 3);
    }
}
