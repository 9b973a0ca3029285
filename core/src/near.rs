//! Generation near a given puzzle (`sudoku_generate(..., near => puzzle)`): puzzles from the
//! neighbourhood of a start puzzle, the way the lists of the hardest puzzles were found,
//! for the ratings random generation does not reach (random minimal puzzles rate 9.0 or
//! more about once in 700, and none of 20,000 rated above 9.2).
//!
//! A *neighbour* of a puzzle (exactly one solution, its givens symmetric under the symmetry
//! asked for) is a puzzle with exactly one solution and symmetric givens, made by one move
//! on whole *orbits* of the symmetry (a cell and its images; single cells without
//! symmetry): remove an orbit of givens, add an orbit of the solution's digits, or remove
//! one and give an orbit digits that only one solution of what is left has there (the
//! "−1+1" of the hardest lists; see `Move`). A start that is not symmetric is first made
//! so ([`NearSearch::new`]).
//!
//! The search is a *beam* over neighbours ([`NearSearch::next_found`]): a frontier of at
//! most [`BEAM_WIDTH`] rated puzzles, the one ranked nearest the range has its next
//! neighbour tried; a neighbour goes through cheap filters, then is rated, joins the
//! frontier when it ranks above the worst there, and is returned when its rating lies in
//! the range. So the search drifts towards the range and, once inside, towards its hardest
//! puzzles, and the puzzles it returns are near each other.
//!
//! ## Bounds: never an endless call
//!
//! - **Budget**: at most [`NearOptions::ratings_per_puzzle`] ratings (default
//!   [`RATINGS_PER_PUZZLE`]) between two puzzles returned; past it, [`NearError::Unreached`]
//!   says what ratings the search did reach. The frontier emptying (every neighbour of the
//!   kept puzzles tried) ends the search the same way, and so does the limit of puzzles
//!   examined ([`EXAMINED_LIMIT`]; both are reported as `exhausted`).
//! - **Memory**: the frontier keeps at most [`BEAM_WIDTH`] puzzles with at most
//!   [`MOVES_PER_PUZZLE`] moves of 8 bytes each (about 8 MB at worst), a listing of
//!   [`SOLUTIONS_PER_REMOVAL`] solutions at a time, and the keys of the puzzles examined
//!   (8 bytes each, at most [`EXAMINED_LIMIT`]); every growing allocation is fallible.
//! - **Cancellation**: the observer's interrupt check runs before every neighbour, inside
//!   every search of the solver and inside every rating.
//!
//! Everything is a function of the start, the seed and the options, so a call gives the
//! same puzzles on any machine; puzzle `n` does not depend on how many are asked for.

use std::collections::HashSet;

use crate::error::OutOfMemory;
use crate::generate::{Rng, Symmetry};
use crate::graded::RatingRange;
use crate::grid::CELLS;
use crate::puzzle::Puzzle;
use crate::search::Observer;
use crate::variant::generate::symmetry::{symmetry_name, MAPS};
use crate::variant::VariantError;
pub use rules::NearRules;

mod rules;

/// The default budget: ratings allowed between two puzzles returned.
pub const RATINGS_PER_PUZZLE: u32 = 300;
/// The most puzzles the frontier keeps.
pub const BEAM_WIDTH: usize = 12;
/// Ratings a puzzle of the frontier has its neighbours rated for before the next puzzle
/// as near the range takes a turn.
pub const TURN: u32 = 100;
/// The most solutions of `P − A` listed for the moves out of a removal.
pub const SOLUTIONS_PER_REMOVAL: u64 = 256;
/// The most moves kept for one puzzle of the frontier (a random sample when it has more).
pub const MOVES_PER_PUZZLE: usize = 65_536;
/// The most puzzles examined (seen) in one call.
pub const EXAMINED_LIMIT: usize = 1 << 20;

/// What to generate near the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearOptions {
    /// The symmetry of the pattern of givens (`Random`: see [`NearSearch::new`]).
    pub symmetry: Symmetry,
    /// The ratings of the puzzles returned.
    pub range: RatingRange,
    /// Ratings allowed between two puzzles returned (the budget).
    pub ratings_per_puzzle: u32,
}

impl NearOptions {
    pub fn new(symmetry: Symmetry, range: RatingRange) -> NearOptions {
        NearOptions {
            symmetry,
            range,
            ratings_per_puzzle: RATINGS_PER_PUZZLE,
        }
    }
}

/// What the search reached when it stopped without a puzzle in the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Puzzles returned before it stopped.
    pub found: u64,
    /// Ratings made in the whole call (the start's included).
    pub rated: u64,
    /// The start's rating (after it was made symmetric).
    pub start: u16,
    /// The lowest and highest ratings made.
    pub lowest: u16,
    pub highest: u16,
    /// The highest rating made below 20.0, if any.
    pub highest_below_beyond: Option<u16>,
    /// Neighbours skipped unrated because singles solve them (they rate 2.3 or less).
    pub solved_by_singles: u64,
    /// True when every neighbour of the puzzles kept was tried, or [`EXAMINED_LIMIT`]
    /// puzzles were examined (else the budget ran out).
    pub exhausted: bool,
}

/// Why a search near a puzzle cannot go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NearError {
    /// The start is not a 9×9 puzzle.
    NotNine,
    /// The start has no solution.
    NoSolution,
    /// The start has more than one solution.
    SeveralSolutions,
    /// Memory for the search was refused.
    OutOfMemory(OutOfMemory),
    /// The rules refuse the start (givens that break them) or the symmetry asked for.
    Variant(VariantError),
    /// The budget ran out (or the neighbourhood did) before the next puzzle in range.
    Unreached(Reach),
}

/// A puzzle found near the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub puzzle: Puzzle,
    pub solution: [u8; CELLS],
    /// Its ER, in tenths.
    pub rating: u16,
}

/// One move out of a puzzle `P` (one solution `S`): remove the orbit of `remove`, then
/// give the orbit of `add` the digits `digits` (in the orbit's ascending order; all 0: the
/// solution's). [`NO_ORBIT`]: nothing. Three kinds, each keeping exactly one solution:
/// - **remove** an orbit of givens `A` (`P − A`), when the solution stays unique;
/// - **add** an orbit of blanks `B` with the solution's digits (`P + S|B`): always unique,
///   since `S` is then the only solution left;
/// - **move** (the "−1+1" of the hardest lists): remove orbit `A`, then give orbit `B` (a
///   blank of `P − A`, `A` itself included) digits that only one solution of `P − A` has
///   there: `P − A + pattern` keeps exactly that solution, whether the digits are the
///   solution's or others (listing: [`NearSearch::moves_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Move {
    remove: u8,
    add: u8,
    digits: [u8; 4],
}

const NO_ORBIT: u8 = u8::MAX;

/// A rated puzzle of the frontier.
struct Node {
    cells: [u8; CELLS],
    solution: [u8; CELLS],
    rating: u16,
    /// The order it was rated in (ties go to the older).
    serial: u64,
    /// Its moves, listed when it is first taken; `next` is the next one to try.
    moves: Option<Vec<Move>>,
    next: usize,
    /// Neighbours of it rated so far.
    rated_from: u32,
}

/// The search near one start, returning puzzles one at a time ([`NearSearch::next_found`]).
///
/// # Examples
///
/// ```
/// use sudoku_core::generate::Symmetry;
/// use sudoku_core::graded::RatingRange;
/// use sudoku_core::near::{NearOptions, NearSearch};
/// use sudoku_core::{logic, solve, Puzzle, Silent};
///
/// let start = Puzzle::parse(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )
/// .unwrap();
/// // Puzzles rated 1.0 to 2.3 near a puzzle rated 1.2.
/// let range = RatingRange { min: 10, max: 23 };
/// let options = NearOptions::new(Symmetry::None, range);
/// let mut search = NearSearch::new(&start, 1, options, &mut Silent).unwrap();
/// let found = search.next_found(&mut Silent).unwrap();
/// assert_ne!(found.puzzle, start);
/// assert_eq!(solve(&found.puzzle, 2).unwrap().count, 1);
/// assert_eq!(logic::rate(&found.puzzle, &mut || {}).er, found.rating);
/// assert!(range.contains(found.rating));
/// ```
pub struct NearSearch {
    options: NearOptions,
    rules: NearRules,
    symmetry: Symmetry,
    /// Every orbit of the symmetry, by its first cell: `orbits[rep]` holds its cells
    /// (ascending) for each first cell `rep`, and is empty for other cells.
    orbits: Vec<Vec<u8>>,
    seed_rng: Rng,
    frontier: Vec<Node>,
    seen: HashSet<u64>,
    serial: u64,
    rated_since_found: u32,
    reach: Reach,
}

/// A key of the givens, the same on every machine (FNV-1a over the 81 cells).
fn key_of(cells: &[u8; CELLS]) -> u64 {
    cells.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &d| {
        (h ^ d as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// True when the pattern of givens looks the same after the symmetry's map.
pub fn is_symmetric(cells: &[u8; CELLS], symmetry: Symmetry) -> bool {
    (0..CELLS).all(|c| (cells[c] != 0) == (cells[symmetry.image(c)] != 0))
}

/// The distance of a rating to the range: 0 inside it, `min − rating` below it, `rating −
/// max` above it.
///
/// A 20.0 rating ("the engine cannot finish") counts as the number 20.0, as without a
/// start: inside the range only when `max` is 20.0 or more, and, above a lower `max`, at
/// distance `20.0 − max` (so with `max` 19.9 such puzzles rank right after those inside
/// the range: their neighbours are hard ones).
fn distance(range: RatingRange, rating: u16) -> u16 {
    if rating < range.min {
        range.min - rating
    } else {
        rating.saturating_sub(range.max)
    }
}

impl NearSearch {
    /// Validates the start, makes it symmetric and rates it.
    ///
    /// A start whose pattern is not symmetric is made so: the blanks of each partly filled
    /// orbit get the solution's digits (unique, since digits of the solution were only
    /// added). [`Symmetry::Random`] takes the first of rotate90, rotate180, mirror and flip
    /// the start is already symmetric under, else one drawn from the seed.
    pub fn new<O: Observer>(
        start: &Puzzle,
        seed: u64,
        options: NearOptions,
        observer: &mut O,
    ) -> Result<NearSearch, NearError> {
        NearSearch::with_rules(start, NearRules::Classic, seed, options, observer)
    }

    /// [`NearSearch::new`] under `rules`: the start must obey them, every puzzle has
    /// exactly one solution under them and is rated under them; a symmetry the rules do
    /// not keep is refused (`random` draws among those they keep: none, when they keep
    /// none).
    pub fn with_rules<O: Observer>(
        start: &Puzzle,
        rules: NearRules,
        seed: u64,
        options: NearOptions,
        observer: &mut O,
    ) -> Result<NearSearch, NearError> {
        if start.size != crate::grid::Size::Nine {
            return Err(NearError::NotNine);
        }
        rules
            .check_start(&start.cells)
            .map_err(NearError::Variant)?;
        let (count, solution) = rules.solutions_of(&start.cells, observer);
        match count {
            0 => return Err(NearError::NoSolution),
            1 => {}
            _ => return Err(NearError::SeveralSolutions),
        }
        let mut seed_rng = Rng::new(Rng::new(seed ^ 0x4E45_4152_4E45_4152).next_u64());
        let symmetry = match options.symmetry {
            Symmetry::Random => {
                let kept: Vec<Symmetry> = MAPS
                    .into_iter()
                    .filter(|&s| rules.asymmetric_rule(s).is_none())
                    .collect();
                match kept.iter().find(|&&s| is_symmetric(&start.cells, s)) {
                    Some(&s) => s,
                    // (Classic rules keep all four: the draw is the one it always was.)
                    None if !kept.is_empty() => kept[seed_rng.below(4) as usize % kept.len()],
                    None => Symmetry::None,
                }
            }
            Symmetry::None => Symmetry::None,
            map => match rules.asymmetric_rule(map) {
                None => map,
                Some(rule) => {
                    return Err(NearError::Variant(VariantError::Asymmetric {
                        rule,
                        symmetry: symmetry_name(map),
                    }))
                }
            },
        };
        let mut orbits = vec![Vec::new(); CELLS];
        for (cell, orbit) in orbits.iter_mut().enumerate() {
            let cells = symmetry.orbit(cell);
            if cells[0] == cell {
                *orbit = cells.into_iter().map(|c| c as u8).collect();
            }
        }
        // Symmetric: the blanks of a partly filled orbit get the solution's digits.
        let mut cells = start.cells;
        for orbit in orbits.iter().filter(|o| !o.is_empty()) {
            if orbit.iter().any(|&c| cells[c as usize] != 0) {
                for &c in orbit {
                    cells[c as usize] = solution[c as usize];
                }
            }
        }
        let mut seen = HashSet::new();
        seen.try_reserve(2).map_err(|_| oom(16))?;
        seen.insert(key_of(&start.cells));
        seen.insert(key_of(&cells));
        let rating = rules.rate(&cells, options.range.max, observer);
        let reach = Reach {
            found: 0,
            rated: 1,
            start: rating,
            lowest: rating,
            highest: rating,
            highest_below_beyond: (rating < crate::logic::BEYOND_LADDER).then_some(rating),
            solved_by_singles: 0,
            exhausted: false,
        };
        Ok(NearSearch {
            options,
            rules,
            symmetry,
            orbits,
            seed_rng,
            frontier: vec![Node {
                cells,
                solution,
                rating,
                serial: 0,
                moves: None,
                next: 0,
                rated_from: 0,
            }],
            seen,
            serial: 1,
            rated_since_found: 0,
            reach,
        })
    }

    /// The symmetry the puzzles have (`random` resolved).
    pub fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    /// What the search has reached so far.
    pub fn reach(&self) -> Reach {
        self.reach
    }

    /// The rank of a puzzle in the frontier, smaller is better: its distance to the range
    /// ([`distance`]), then its turns (a puzzle whose neighbours have had [`TURN`] ratings
    /// gives way to the next one as near the range, so that one puzzle with a barren
    /// neighbourhood cannot hold the search), then the harder first, then the older first.
    ///
    /// Older first among equals makes it a beam, not a walk: the neighbourhood of a good
    /// puzzle is worked through before the search moves on to its equally good neighbours
    /// (on the ten puzzles of the benchmark, asking for 10.0 to 19.9 with today's rater, the
    /// walk, newer first, reached ten puzzles from 5 starts within the budget, the beam from
    /// 8; turns of 32 ratings reached them from 7, of 100 from 8).
    fn rank(&self, node: &Node) -> (u16, u32, std::cmp::Reverse<u16>, u64) {
        (
            distance(self.options.range, node.rating),
            node.rated_from / TURN,
            std::cmp::Reverse(node.rating),
            node.serial,
        )
    }

    /// The next puzzle in the range: distinct from the start and from every puzzle
    /// returned before, with exactly one solution and the symmetry.
    ///
    /// Each step takes the best-ranked puzzle (`NearSearch::rank`) that still has
    /// neighbours to try, and tries its next one; a puzzle's moves are listed the first time
    /// it is taken, in an order shuffled from the seed. A neighbour goes through cheap
    /// filters first, then is rated:
    /// 1. already seen (the start, any puzzle examined before): skipped;
    /// 2. the fast solver's count of solutions must be 1;
    /// 3. when the range starts above 2.3, a puzzle that naked and hidden singles solve from
    ///    its givens is skipped without rating: along its path some single always applies
    ///    (singles keep applying as candidates only shrink), and the ladder takes every
    ///    single (naked single 2.3, the rungs before it less) before anything harder, so it
    ///    rates at most 2.3 (test `puzzles_singles_solve_rate_at_most_2_3` checks it);
    /// 4. rated (`rate`, with the interrupt check inside).
    ///
    /// A rated neighbour joins the frontier when it ranks above the worst there
    /// (`NearSearch::admit`), and is returned when its rating lies in the range.
    pub fn next_found<O: Observer>(&mut self, observer: &mut O) -> Result<Found, NearError> {
        loop {
            observer.check_interrupt();
            if self.rated_since_found >= self.options.ratings_per_puzzle {
                return Err(NearError::Unreached(self.reach));
            }
            // The best-ranked puzzle with moves left.
            let Some(index) = (0..self.frontier.len())
                .filter(|&i| {
                    let n = &self.frontier[i];
                    n.moves.as_ref().is_none_or(|m| n.next < m.len())
                })
                .min_by_key(|&i| self.rank(&self.frontier[i]))
            else {
                return Err(NearError::Unreached(Reach {
                    exhausted: true,
                    ..self.reach
                }));
            };
            if self.frontier[index].moves.is_none() {
                let moves = self.moves_of(index, observer)?;
                self.frontier[index].moves = Some(moves);
                continue;
            }
            let node = &mut self.frontier[index];
            let mv = node.moves.as_ref().expect("listed above")[node.next];
            node.next += 1;
            let cells = self.apply(
                &self.frontier[index].cells,
                &self.frontier[index].solution,
                mv,
            );
            if self.seen.len() >= EXAMINED_LIMIT {
                return Err(NearError::Unreached(Reach {
                    exhausted: true,
                    ..self.reach
                }));
            }
            self.seen
                .try_reserve(1)
                .map_err(|_| oom(8 * self.seen.len()))?;
            if !self.seen.insert(key_of(&cells)) {
                continue;
            }
            let (count, solution) = self.rules.solutions_of(&cells, observer);
            if count != 1 {
                continue;
            }
            if self.options.range.min > 23 && self.rules.solved_by_singles(&cells) {
                self.reach.solved_by_singles += 1;
                continue;
            }
            let rating = self.rules.rate(&cells, self.options.range.max, observer);
            self.frontier[index].rated_from += 1;
            self.rated_since_found += 1;
            self.note_rating(rating);
            let serial = self.serial;
            self.serial += 1;
            self.admit(Node {
                cells,
                solution,
                rating,
                serial,
                moves: None,
                next: 0,
                rated_from: 0,
            });
            if self.options.range.contains(rating) {
                self.rated_since_found = 0;
                self.reach.found += 1;
                return Ok(Found {
                    puzzle: Puzzle::from_cells(cells),
                    solution,
                    rating,
                });
            }
        }
    }

    fn note_rating(&mut self, rating: u16) {
        let r = &mut self.reach;
        r.rated += 1;
        r.lowest = r.lowest.min(rating);
        r.highest = r.highest.max(rating);
        if rating < crate::logic::BEYOND_LADDER {
            r.highest_below_beyond = Some(r.highest_below_beyond.map_or(rating, |h| h.max(rating)));
        }
    }

    /// Puts a rated puzzle into the frontier when it ranks above the worst there. Puzzles
    /// whose every neighbour was tried leave first: they hold no place a new one could use.
    fn admit(&mut self, node: Node) {
        self.frontier
            .retain(|n| n.moves.as_ref().is_none_or(|m| n.next < m.len()));
        if self.frontier.len() < BEAM_WIDTH {
            self.frontier.push(node);
            return;
        }
        let worst = (0..self.frontier.len())
            .max_by_key(|&i| self.rank(&self.frontier[i]))
            .expect("the frontier is full");
        if self.rank(&node) < self.rank(&self.frontier[worst]) {
            self.frontier[worst] = node;
        }
    }

    /// The givens after a move.
    fn apply(&self, cells: &[u8; CELLS], solution: &[u8; CELLS], mv: Move) -> [u8; CELLS] {
        let mut out = *cells;
        if mv.remove != NO_ORBIT {
            for &c in &self.orbits[mv.remove as usize] {
                out[c as usize] = 0;
            }
        }
        if mv.add != NO_ORBIT {
            for (i, &c) in self.orbits[mv.add as usize].iter().enumerate() {
                out[c as usize] = if mv.digits[i] != 0 {
                    mv.digits[i]
                } else {
                    solution[c as usize]
                };
            }
        }
        out
    }

    /// Every [`Move`] out of frontier puzzle `index`, shuffled from the seed, at most
    /// [`MOVES_PER_PUZZLE`] of them.
    ///
    /// For each removal `A`, the solutions of `P − A` are listed once (at most
    /// [`SOLUTIONS_PER_REMOVAL`]); each pattern of digits on an orbit `B` that exactly one
    /// of them shows makes a move. When the listing was cut at its limit a pattern seen
    /// once may occur again later, so every neighbour is checked by the fast solver before
    /// anything else ([`NearSearch::next_found`], filter 2): the count of solutions, not
    /// the listing, decides.
    fn moves_of<O: Observer>(
        &mut self,
        index: usize,
        observer: &mut O,
    ) -> Result<Vec<Move>, NearError> {
        let (cells, serial) = (self.frontier[index].cells, self.frontier[index].serial);
        let mut rng = Rng::new(self.seed_rng.next_u64() ^ serial.wrapping_mul(0x9E37_79B9));
        let mut filled: Vec<usize> = Vec::new();
        let mut blank: Vec<usize> = Vec::new();
        for (rep, orbit) in self.orbits.iter().enumerate() {
            if !orbit.is_empty() {
                if cells[rep] != 0 {
                    filled.push(rep);
                } else {
                    blank.push(rep);
                }
            }
        }
        rng.shuffle(&mut filled);
        rng.shuffle(&mut blank);
        let mut moves: Vec<Move> = Vec::new();
        let push = |moves: &mut Vec<Move>, mv: Move| -> Result<bool, NearError> {
            if moves.len() >= MOVES_PER_PUZZLE {
                return Ok(false);
            }
            moves
                .try_reserve(1)
                .map_err(|_| oom(8 * (moves.len() + 1)))?;
            moves.push(mv);
            Ok(true)
        };
        // Add an orbit of the solution's digits (digits 0: the solution's).
        for &b in &blank {
            push(
                &mut moves,
                Move {
                    remove: NO_ORBIT,
                    add: b as u8,
                    digits: [0; 4],
                },
            )?;
        }
        let mut solutions: Vec<[u8; CELLS]> = Vec::new();
        solutions
            .try_reserve_exact(SOLUTIONS_PER_REMOVAL as usize)
            .map_err(|_| oom(CELLS * SOLUTIONS_PER_REMOVAL as usize))?;
        let mut patterns: Vec<[u8; 4]> = Vec::with_capacity(SOLUTIONS_PER_REMOVAL as usize);
        'removals: for &a in &filled {
            let mut without = cells;
            for &c in &self.orbits[a] {
                without[c as usize] = 0;
            }
            solutions.clear();
            if !self.rules.list_solutions(
                &without,
                SOLUTIONS_PER_REMOVAL,
                &mut *observer,
                &mut solutions,
            ) {
                return Err(NearError::NoSolution);
            }
            if solutions.len() == 1
                && !push(
                    &mut moves,
                    Move {
                        remove: a as u8,
                        add: NO_ORBIT,
                        digits: [0; 4],
                    },
                )?
            {
                break 'removals;
            }
            // Orbit `a` itself, then the blanks of the puzzle.
            for &b in std::iter::once(&a).chain(blank.iter()) {
                let orbit = &self.orbits[b];
                patterns.clear();
                for s in &solutions {
                    let mut p = [0u8; 4];
                    for (i, &c) in orbit.iter().enumerate() {
                        p[i] = s[c as usize];
                    }
                    patterns.push(p);
                }
                patterns.sort_unstable();
                let mut i = 0;
                while i < patterns.len() {
                    let mut j = i + 1;
                    while j < patterns.len() && patterns[j] == patterns[i] {
                        j += 1;
                    }
                    let p = patterns[i];
                    let same_as_before = b == a
                        && orbit
                            .iter()
                            .enumerate()
                            .all(|(k, &c)| p[k] == cells[c as usize]);
                    if j - i == 1
                        && !same_as_before
                        && !push(
                            &mut moves,
                            Move {
                                remove: a as u8,
                                add: b as u8,
                                digits: p,
                            },
                        )?
                    {
                        break 'removals;
                    }
                    i = j;
                }
            }
        }
        rng.shuffle(&mut moves);
        Ok(moves)
    }
}

fn oom(bytes: usize) -> NearError {
    NearError::OutOfMemory(OutOfMemory { bytes })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_rules;
