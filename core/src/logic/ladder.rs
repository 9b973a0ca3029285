//! The ladder: every technique of the engine in the order Sukaku Explainer v1.15.10 tries
//! its producers under serate's default settings, the easiest step of a position (the
//! first producer that finds one, as SE's single-hint accumulator takes it), the path
//! from the givens to the solution, and the rating on the ER scale (the hardest step of
//! that path), with EP and ED (the hardest step up to the first placement, and the first
//! step's rating).
//!
//! Ratings are kept in tenths (`12` is ER 1.2). Two ratings are not techniques:
//! - [`BEYOND_LADDER`] (20.0, what serate prints as "Beyond solver"): no technique of
//!   the ladder applies at some point of the path, which then continues by guessing;
//! - 0 (what serate prints for a puzzle it cannot rate): the puzzle has no solution, or
//!   more than one (the uniqueness techniques, and the rating itself, assume a single one).

use super::chains::{self, Producer};
use super::context::Context;
use super::geometry::{bits, cells_of, peers, unit_mask, CellSet, CELL_UNITS_NINE};
use super::marks::{Candidate, Marks};
use super::step::{Step, Technique};
use super::techniques::{
    aligned, fish, intersections, singles, strong_links, subsets, uniqueness, wings,
};
use crate::puzzle::Puzzle;

/// The rating of a puzzle the ladder cannot finish (serate's 20.0).
pub const BEYOND_LADDER: u16 = 200;

/// Options of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderOptions {
    /// Use the techniques that assume a single solution (unique rectangles and loops, BUG).
    /// Off for puzzles with several solutions, where they are unsound.
    pub uniqueness: bool,
    /// Use the chain families (cycles, forcing chains, nishio, dynamic chains, aligned
    /// triple exclusion). Off for puzzles with several solutions: there a chain proves
    /// nothing a guess from the solution followed would not, and on a nearly empty grid
    /// each fruitless chain search before a guess costs a tenth of a second or more.
    pub chains: bool,
}

impl Default for LadderOptions {
    fn default() -> LadderOptions {
        LadderOptions {
            uniqueness: true,
            chains: true,
        }
    }
}

/// The ER rating of a puzzle, with EP and ED, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rating {
    /// The hardest step of the path (Sukaku Explainer's ER).
    pub er: u16,
    /// The hardest step up to the first step that places a digit (EP).
    pub ep: u16,
    /// The rating of the first step (ED).
    pub ed: u16,
}

/// How far a path has gone, for [`Rating::add`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PathSoFar {
    /// A step was taken.
    pub(crate) stepped: bool,
    /// A step placed a digit.
    pub(crate) placed: bool,
}

impl Rating {
    /// Counts the next step of a path: the ER is the hardest step so far, the ED the
    /// first step's rating, the EP the hardest up to the first step that places a digit.
    pub(crate) fn add(&mut self, step: &Step, so_far: &mut PathSoFar) {
        self.er = self.er.max(step.rating);
        if !so_far.stepped {
            self.ed = step.rating;
            so_far.stepped = true;
        }
        if !so_far.placed {
            self.ep = self.er;
            so_far.placed = !step.placements.is_empty();
        }
    }
}

type Finder = fn(&Marks, &Context) -> Option<Step>;

/// The techniques below the chains, in Sukaku Explainer's order (direct producers, then
/// indirect ones). Uniqueness rungs are flagged so they can be left out.
const RUNGS: &[(Finder, bool)] = &[
    (singles::full_house_with, false),
    (singles::hidden_single_with, false),
    (intersections::direct_pointing_claiming_with, false),
    (|m, c| subsets::hidden(m, c, 2, true), false),
    (|m, _| singles::naked_single(m), false),
    (|m, c| subsets::hidden(m, c, 3, true), false),
    (intersections::pointing_claiming_with, false),
    (|m, c| subsets::naked_subset_with(m, c, 2), false),
    (|m, c| fish::fish_with(m, c, 2), false),
    (|m, c| subsets::hidden(m, c, 2, false), false),
    (|m, c| subsets::naked_subset_with(m, c, 3), false),
    (|m, c| fish::fish_with(m, c, 3), false),
    (|m, c| subsets::hidden(m, c, 3, false), false),
    (strong_links::turbot_fish_with, false),
    (|m, _| wings::xy_wing(m), false),
    (|m, _| wings::xyz_wing(m), false),
    (uniqueness::unique_loop_with, true),
    (|m, c| subsets::naked_subset_with(m, c, 4), false),
    (|m, c| fish::fish_with(m, c, 4), false),
    (|m, c| subsets::hidden(m, c, 4, false), false),
    (strong_links::three_strong_links_with, false),
    (wings::wxyz_wing_with, false),
    (uniqueness::bug_with, true),
    (wings::vwxyz_wing_with, false),
    (|m, _| aligned::aligned_pair_exclusion(m), false),
];

/// The easiest step from `m` (Sukaku Explainer's order and selection), assuming the
/// puzzle has a single solution; `None` when no technique of the ladder applies (or the
/// grid is solved). `check` is called between techniques (the interrupt hook).
pub fn next_step(m: &Marks, check: &mut dyn FnMut()) -> Option<Step> {
    next_step_with(m, LadderOptions::default(), check)
}

/// [`next_step`] with options.
pub fn next_step_with(m: &Marks, options: LadderOptions, check: &mut dyn FnMut()) -> Option<Step> {
    next_step_skipping(m, options, 0, check)
}

/// Rungs `rate_marks` may skip once [`Singles::close`] has run: full house and hidden
/// single (indices 0 and 1 of [`RUNGS`]) when it placed every one of them, naked single
/// (index 4) too when it placed those.
const SINGLES_RUNGS: u32 = 0b00011;
const NAKED_SINGLE_RUNG: u32 = 0b10000;

/// [`next_step_with`], leaving out the rungs of `skip` (bit `i`: `RUNGS[i]`), which the
/// caller knows find nothing here.
fn next_step_skipping(
    m: &Marks,
    options: LadderOptions,
    skip: u32,
    check: &mut dyn FnMut(),
) -> Option<Step> {
    if m.is_solved() {
        return None;
    }
    let ctx = Context::new(m);
    for (i, &(finder, needs_uniqueness)) in RUNGS.iter().enumerate() {
        if (needs_uniqueness && !options.uniqueness) || skip >> i & 1 != 0 {
            continue;
        }
        check();
        if let Some(step) = finder(m, &ctx) {
            return Some(step);
        }
    }
    if m.size != crate::grid::Size::Nine || !options.chains {
        return None;
    }
    // Chains: cycles and forcing chains, then aligned triple exclusion, then the rest.
    for (i, &producer) in Producer::ALL.iter().enumerate() {
        check();
        if let Some(step) = chains::find(m, producer, check) {
            return Some(step);
        }
        if i == 0 {
            check();
            if let Some(step) = aligned::aligned_triple_exclusion(m) {
                return Some(step);
            }
        }
    }
    None
}

/// A step that places the solution's digit in a blank cell (the first with the fewest
/// candidates), for when no technique applies.
pub fn guess_step(m: &Marks, solution: &[u8]) -> Option<Step> {
    let size = m.size;
    let cell = (0..size.cells())
        .filter(|&c| m.values[c] == 0)
        .min_by_key(|&c| (m.cands[c].count_ones(), c))?;
    let digit = solution[cell];
    Some(Step {
        technique: Technique::Guess,
        rating: BEYOND_LADDER,
        placements: vec![Candidate { cell: cell as u8, digit }],
        eliminations: Vec::new(),
        cells: vec![cell as u8],
        units: Vec::new(),
        digits: 1 << (digit - 1),
        explanation: format!(
            "No technique of the engine applies here: {} is placed in {} from the solution (a guess, not logic).",
            digit,
            size.cell_name(cell)
        ),
        links: Vec::new(),
    })
}

/// True when applying `step` to `m` changes something (a guard against a step repeating
/// forever).
pub(crate) fn changes(step: &Step, m: &Marks) -> bool {
    step.placements
        .iter()
        .any(|p| m.values[p.cell as usize] == 0)
        || step
            .eliminations
            .iter()
            .any(|e| m.has(e.cell as usize, e.digit))
}

/// The solution of a puzzle and whether it is the only one; `None` without solution.
fn solution_of(puzzle: &Puzzle) -> Option<([u8; crate::grid::CELLS], bool)> {
    let outcome = crate::solver::solve(puzzle, 2).ok()?;
    outcome.solution.map(|s| (s, outcome.count == 1))
}

/// For the techniques' tests (a module of its own: it reads the generator, above this one).
#[cfg(test)]
pub(crate) mod test_paths {
    use super::{path, Marks, Step};

    /// Walks the classic paths of `count` puzzles generated with `seed`, calling
    /// `visit(puzzle line, position, the path's step there)` before each step.
    pub(crate) fn walk_classic_paths(
        seed: u64,
        count: u64,
        mut visit: impl FnMut(&str, &Marks, &Step),
    ) {
        for i in 0..count {
            let g = crate::generate::generate(seed, i, crate::Options::default());
            let line = g.puzzle.to_line();
            let mut m = Marks::from_puzzle(&g.puzzle);
            for step in path(&g.puzzle, &mut || {}).unwrap() {
                visit(&line, &m, &step);
                step.apply(&mut m);
            }
        }
    }
}

/// Every step from the givens to the solution: the ladder's easiest step each time, a
/// [`Technique::Guess`] where none applies. `None` when the puzzle has no solution (or
/// contradictory givens). With several solutions, the uniqueness techniques and the chains
/// are left out and guesses follow the first solution the search finds. As a safety net every step is
/// checked against the solution, and one that is not sound is replaced by a guess (the
/// property tests check that this never happens).
pub fn path(puzzle: &Puzzle, check: &mut dyn FnMut()) -> Option<Vec<Step>> {
    let (solution, unique) = solution_of(puzzle)?;
    let solution = &solution[..puzzle.size.cells()];
    let options = LadderOptions {
        uniqueness: unique,
        chains: unique,
    };
    let mut m = Marks::from_puzzle(puzzle);
    let mut steps = Vec::new();
    while !m.is_solved() {
        let before = m;
        let step = match next_step_with(&m, options, check) {
            Some(s) if s.is_sound(solution) && changes(&s, &m) => s,
            _ => guess_step(&m, solution)?,
        };
        step.apply(&mut m);
        debug_assert!(m != before);
        steps.push(step);
    }
    Some(steps)
}

/// The rating of `puzzle` on the ER scale, as Sukaku Explainer computes it: the hardest
/// step of the path; [`BEYOND_LADDER`] (20.0) when the ladder cannot finish it; 0 when the
/// puzzle has no solution or several.
pub fn rate(puzzle: &Puzzle, check: &mut dyn FnMut()) -> Rating {
    match solution_of(puzzle) {
        Some((_, true)) => {}
        _ => return Rating::default(),
    }
    rate_marks(Marks::from_puzzle(puzzle), check)
}

/// [`rate`], stopping as soon as a step rates above `ceiling`: the same [`Rating`] as
/// [`rate`] when its ER is `ceiling` or less; else an ER above `ceiling` (the hardest step
/// met so far, a lower bound of the ER), EP and ED as far as the path went. The ER is the
/// hardest step of the path, so once a step rates above `ceiling` the ER does too, and
/// the rest of the path cannot bring it back (for a generator asking for at most
/// `ceiling`, the remaining steps are work for nothing).
pub fn rate_up_to(puzzle: &Puzzle, ceiling: u16, check: &mut dyn FnMut()) -> Rating {
    match solution_of(puzzle) {
        Some((_, true)) => {}
        _ => return Rating::default(),
    }
    rate_marks_up_to(Marks::from_puzzle(puzzle), ceiling, check)
}

/// [`rate`] from a position, trusting it has a single solution.
pub fn rate_marks(m: Marks, check: &mut dyn FnMut()) -> Rating {
    rate_marks_up_to(m, u16::MAX, check)
}

/// [`rate_marks`], stopping as soon as a step rates above `ceiling` (see [`rate_up_to`]).
fn rate_marks_up_to(mut m: Marks, ceiling: u16, check: &mut dyn FnMut()) -> Rating {
    // The rating reads no step's sentence: the techniques need not write them.
    let _sentences = super::wording::sentences_off();
    let mut rating = Rating::default();
    let mut so_far = PathSoFar::default();
    // Rungs known to find nothing at `m` (what the singles closure leaves none of).
    let mut skip = 0;
    // The singles closure, once a digit is placed.
    let mut singles: Option<Singles> = None;
    while !m.is_solved() {
        let Some(step) = next_step_skipping(&m, LadderOptions::default(), skip, check) else {
            rating.er = BEYOND_LADDER;
            if !so_far.placed {
                rating.ep = BEYOND_LADDER;
            }
            if !so_far.stepped {
                rating.ed = BEYOND_LADDER;
            }
            break;
        };
        rating.add(&step, &mut so_far);
        if rating.er > ceiling {
            break;
        }
        if !changes(&step, &m) {
            // A step that changes nothing would repeat forever.
            rating.er = BEYOND_LADDER;
            break;
        }
        match singles.as_mut() {
            Some(singles) => singles.apply(&mut m, &step),
            None => step.apply(&mut m),
        }
        if so_far.placed {
            singles
                .get_or_insert_with(|| Singles::new(&m))
                .close(&mut m, rating.er);
            skip = match rating.er {
                23.. => SINGLES_RUNGS | NAKED_SINGLE_RUNG,
                15.. => SINGLES_RUNGS,
                _ => 0,
            };
        }
    }
    rating
}

/// The singles closure of [`rate_marks`] (see [`Singles::close`]), kept from step to step.
struct Singles {
    /// Each digit's candidate cells and the blank cells, kept in step with the marks.
    dcs: [CellSet; 9],
    blank: CellSet,
    /// Per digit, the units where its places changed since its hidden singles were last
    /// looked for there.
    dirty: [u32; 9],
    /// The units whose hidden singles the last closure placed.
    allowed: u32,
}

impl Singles {
    fn new(m: &Marks) -> Singles {
        let mut s = Singles {
            dcs: [0; 9],
            blank: 0,
            dirty: [u32::MAX; 9],
            allowed: 0,
        };
        for c in 0..m.size.cells() {
            if m.values[c] == 0 {
                s.blank |= 1 << c;
            }
            for b in bits(m.cands[c] as u32) {
                s.dcs[b] |= 1 << c;
            }
        }
        s
    }

    fn units_of(size: crate::grid::Size, c: usize) -> u32 {
        match size {
            crate::grid::Size::Nine => CELL_UNITS_NINE[c],
            crate::grid::Size::Four => size.units_of(c).iter().fold(0, |a, &u| a | 1 << u),
        }
    }

    /// `Marks::place`, keeping the sets in step and noting where places changed.
    fn place(&mut self, m: &mut Marks, c: usize, d: u8) {
        let size = m.size;
        let units = Self::units_of(size, c);
        for b in bits(m.cands[c] as u32) {
            self.dcs[b] &= !(1u128 << c);
            self.dirty[b] |= units;
        }
        let d0 = d as usize - 1;
        let gone = self.dcs[d0] & peers(size, c);
        for p in cells_of(gone) {
            m.cands[p] &= !(1 << d0);
            self.dirty[d0] |= Self::units_of(size, p);
        }
        self.dcs[d0] &= !gone;
        m.values[c] = d;
        m.cands[c] = 0;
        self.blank &= !(1u128 << c);
    }

    /// `Step::apply`, keeping the sets in step.
    fn apply(&mut self, m: &mut Marks, step: &Step) {
        for p in &step.placements {
            if m.values[p.cell as usize] == 0 {
                self.place(m, p.cell as usize, p.digit);
            }
        }
        for e in &step.eliminations {
            let c = e.cell as usize;
            if m.eliminate(c, e.digit) {
                self.dcs[e.digit as usize - 1] &= !(1u128 << c);
                self.dirty[e.digit as usize - 1] |= Self::units_of(m.size, c);
            }
        }
    }

    /// Places, to a fixpoint, every full house (1.0), hidden single (in a box 1.2, in a
    /// row or column 1.5) and naked single (2.3) that `rating`, the hardest step so far,
    /// allows: what the ladder would reach next anyway, without changing the rating, so
    /// the rating walks them in one pass instead of a ladder climb each (the paths of
    /// `sudoku_steps` still list every step). Hidden singles are looked for only where a
    /// digit's places changed since the last closure.
    ///
    /// Why this is exact. The rungs that only place digits come first on the ladder, in
    /// this order: full house, hidden single (boxes first), direct pointing / claiming
    /// (1.7 / 1.9), direct hidden pair (2.0), naked single (2.3). Let P be those of them
    /// rated no more than `rating`. Each stays applicable as candidates go (a placement
    /// only takes candidates away, and every step is sound), or turns into an easier one
    /// of P that places the same digit (a pointing whose box keeps one place of its digit
    /// becomes a hidden single, and so on). So from any position the ladder, which takes
    /// the first rung that applies, applies rungs of P until none does, and the position
    /// it reaches then is the same whatever the order: the closure under P. Placing some
    /// of P's singles here first leads the ladder to that same closure, and none of P's
    /// steps is harder than `rating`. The rating's position only differs from the path's
    /// before that closure, where every step is at most `rating`.
    fn close(&mut self, m: &mut Marks, rating: u16) {
        let size = m.size;
        let n = size.n();
        // The units (bit `u`) whose hidden singles `rating` allows: in a box 1.2, in a row
        // or column 1.5 (units are numbered rows, columns, boxes).
        let allowed: u32 = match rating {
            15.. => (1 << (3 * n)) - 1,
            12.. => ((1 << n) - 1) << (2 * n),
            _ => 0,
        };
        if allowed != self.allowed {
            // Units not looked at before: every digit's places there are new.
            self.dirty = [u32::MAX; 9];
            self.allowed = allowed;
        }
        loop {
            let mut progress = false;
            // Full house (1.0): one blank cell left in the unit, and its one digit.
            for u in 0..3 * n {
                let b = self.blank & unit_mask(size, u);
                if b != 0 && b & (b - 1) == 0 {
                    let c = b.trailing_zeros() as usize;
                    let k = m.cands[c];
                    if k != 0 && k & (k - 1) == 0 {
                        self.place(m, c, k.trailing_zeros() as u8 + 1);
                        progress = true;
                    }
                }
            }
            // Hidden single: a digit with one place left in the unit (a digit the unit
            // holds has none: placing it cleared it from the unit's cells).
            let mut d = 0;
            while d < n {
                let todo = self.dirty[d] & allowed;
                self.dirty[d] &= !allowed;
                let mut again = false;
                for u in bits(todo) {
                    let x = self.dcs[d] & unit_mask(size, u);
                    if x != 0 && x & (x - 1) == 0 {
                        self.place(m, x.trailing_zeros() as usize, d as u8 + 1);
                        progress = true;
                        again = true;
                    }
                }
                // A placement may have changed the places of digits already looked at.
                d = if again { 0 } else { d + 1 };
            }
            // Naked single: a blank cell with one candidate left.
            if rating >= 23 {
                for c in cells_of(self.blank) {
                    let k = m.cands[c];
                    if k != 0 && k & (k - 1) == 0 {
                        self.place(m, c, k.trailing_zeros() as u8 + 1);
                        progress = true;
                    }
                }
            }
            if !progress {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rating the slow way: every step from the ladder, one at a time.
    fn rate_stepwise(puzzle: &Puzzle) -> u16 {
        let mut m = Marks::from_puzzle(puzzle);
        let mut er = 0;
        while !m.is_solved() {
            match next_step(&m, &mut || {}) {
                Some(step) => {
                    er = er.max(step.rating);
                    step.apply(&mut m);
                }
                None => return BEYOND_LADDER,
            }
        }
        er
    }

    #[test]
    fn placing_singles_in_one_pass_keeps_the_rating() {
        for i in 0..300 {
            for options in [
                crate::generate::Options::default(),
                crate::generate::Options {
                    clues: 30,
                    ..Default::default()
                },
            ] {
                let g = crate::generate::generate(77, i, options);
                assert_eq!(
                    rate(&g.puzzle, &mut || {}).er,
                    rate_stepwise(&g.puzzle),
                    "{}",
                    g.puzzle.to_line()
                );
            }
        }
    }
    use crate::generate::{generate, Options};

    /// The searches' memos of digits and units where they found nothing (memo::found_nothing) change no rating and
    /// no step: each puzzle rates and steps alike from cold memos and from memos left by
    /// the puzzles before it.
    #[test]
    fn memos_of_searches_that_found_nothing_change_nothing() {
        let puzzles: Vec<Puzzle> = (0..150)
            .map(|i| generate(31, i, Options::default()).puzzle)
            .collect();
        let warm: Vec<(Rating, Option<Vec<Step>>)> = puzzles
            .iter()
            .map(|p| (rate(p, &mut || {}), path(p, &mut || {})))
            .collect();
        for (p, w) in puzzles.iter().zip(&warm) {
            crate::logic::forget_search_memos();
            let r = rate(p, &mut || {});
            crate::logic::forget_search_memos();
            assert_eq!((r, path(p, &mut || {})), *w, "{}", p.to_line());
        }
    }

    /// A rating turns the steps' sentences off while it runs, and only then: the hints and
    /// paths that follow still explain every step.
    #[test]
    fn rating_leaves_sentences_to_hints_and_paths() {
        let p = Puzzle::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        assert!(rate(&p, &mut || {}).er > 0);
        assert!(super::super::wording::sentences_wanted());
        let steps = path(&p, &mut || {}).unwrap();
        assert!(steps.iter().all(|s| !s.explanation.is_empty()));
        let _off = super::super::wording::sentences_off();
        let hint = next_step(&Marks::from_puzzle(&p), &mut || {}).unwrap();
        assert!(hint.explanation.is_empty());
        drop(_off);
        assert!(!next_step(&Marks::from_puzzle(&p), &mut || {})
            .unwrap()
            .explanation
            .is_empty());
    }

    fn no_check() -> impl FnMut() {
        || {}
    }

    #[test]
    fn classic_puzzle_is_rated_by_singles() {
        let p = Puzzle::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let r = rate(&p, &mut no_check());
        assert!(r.er <= 23, "{:?}", r);
        let steps = path(&p, &mut no_check()).unwrap();
        assert!(steps.iter().all(|s| s.technique != Technique::Guess));
    }

    #[test]
    fn invalid_puzzles_rate_zero() {
        // Two solutions: the empty grid.
        let p = Puzzle::parse(&".".repeat(81)).unwrap();
        assert_eq!(rate(&p, &mut no_check()).er, 0);
        // No solution: 1..8 in row 1, 9 in r2c9's column... r1c9 must be 9 but column 9
        // holds a 9.
        let mut line: Vec<u8> = b"12345678.".to_vec();
        line.extend(std::iter::repeat_n(b'.', 72));
        line[17] = b'9';
        let p = Puzzle::parse(std::str::from_utf8(&line).unwrap()).unwrap();
        assert_eq!(rate(&p, &mut no_check()).er, 0);
        assert!(path(&p, &mut no_check()).is_none());
    }

    #[test]
    fn several_solutions_still_give_a_sound_path() {
        let p = Puzzle::parse(&".".repeat(81)).unwrap();
        let steps = path(&p, &mut no_check()).unwrap();
        let mut m = Marks::from_puzzle(&p);
        for s in &steps {
            s.apply(&mut m);
        }
        assert!(m.is_solved());
        assert!(crate::solver::is_solution_of(&p, &{
            let mut g = [0u8; 81];
            g.copy_from_slice(&m.values);
            g
        }));
    }

    #[test]
    fn four_by_four_puzzles_are_solved_by_the_ladder() {
        let p = Puzzle::parse("1.........2....3").unwrap();
        let steps = path(&p, &mut no_check()).unwrap();
        let mut m = Marks::from_puzzle(&p);
        for s in &steps {
            s.apply(&mut m);
        }
        assert!(m.is_solved());
    }

    /// 4x4 puzzles dug at random from solved grids: every step sound, the path replays
    /// to the solution, and singles, intersections and subsets are all the ladder needs.
    #[test]
    fn four_by_four_paths_are_sound() {
        let mut rng = crate::generate::Rng::new(4);
        let bases = ["1234341221434321", "1234341223414123", "2143341212344321"];
        for round in 0..300 {
            let base: Vec<u8> = bases[round % bases.len()]
                .bytes()
                .map(|b| b - b'0')
                .collect();
            let mut cells = base.clone();
            for _ in 0..(6 + rng.below(8)) {
                cells[rng.below(16) as usize] = 0;
            }
            let p = Puzzle::with_size(crate::grid::Size::Four, &cells);
            let outcome = crate::solver::solve(&p, 2).unwrap();
            let solution = outcome.solution.unwrap();
            let steps = path(&p, &mut || {}).unwrap();
            let mut m = Marks::from_puzzle(&p);
            for s in &steps {
                assert!(s.is_sound(&solution[..16]), "{} {:?}", p.to_line(), s);
                s.apply(&mut m);
            }
            assert_eq!(&m.values[..16], &solution[..16]);
            if outcome.count == 1 {
                assert!(
                    steps.iter().all(|s| s.technique != Technique::Guess),
                    "{}",
                    p.to_line()
                );
                assert!(rate(&p, &mut || {}).er <= 40, "{}", p.to_line());
            }
        }
    }

    /// Every step of the path is sound, and replaying the path reaches the solution,
    /// over generated puzzles.
    #[test]
    fn paths_are_sound_and_replay_to_the_solution() {
        let count = if cfg!(debug_assertions) { 200 } else { 2000 };
        for i in 0..count {
            let g = generate(10, i, Options::default());
            let mut m = Marks::from_puzzle(&g.puzzle);
            let options = LadderOptions {
                uniqueness: true,
                chains: true,
            };
            while !m.is_solved() {
                let step = match next_step_with(&m, options, &mut || {}) {
                    Some(s) => s,
                    None => guess_step(&m, &g.solution).unwrap(),
                };
                assert!(
                    step.is_sound(&g.solution),
                    "puzzle {} step {:?}",
                    g.puzzle.to_line(),
                    step
                );
                assert!(
                    !step.placements.is_empty() || !step.eliminations.is_empty(),
                    "{:?}",
                    step
                );
                step.apply(&mut m);
            }
            assert_eq!(&m.values[..], &g.solution[..]);
        }
    }
}
