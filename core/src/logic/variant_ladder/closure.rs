//! The closure of a rating under rules: after each step of the path, every full house,
//! hidden single and naked single the hardest step so far allows, placed in one pass
//! (the classic rating's `Singles::close`, over the rules' groups), and once that step
//! is 2.9 or more under extra groups, knight's moves or king's steps without nc, every
//! generalized intersection too.
//!
//! Why the rating is the same. The ladder's first rungs only place a digit, and their
//! ratings never fall along the ladder: full house (1.0), hidden single (1.2 in a box or
//! jigsaw region, which the scan reads first, 1.5 in any other group), direct
//! intersection (1.7, 1.9), direct hidden pair (2.0), naked single (2.3). Let `R` be the
//! hardest step so far and `Q` the rungs up to the last single `R` allows (up to the
//! naked single when `R` is 2.3 or more, else up to the hidden single, box-kind groups
//! alone while `R` is under 1.5). Every step of `Q` places a solution digit and stays a
//! step of `Q` placing that digit as candidates go (a direct intersection or hidden pair
//! may turn into a single of the same digit); so from any position the ladder takes
//! steps of `Q`, none harder than `R`, until none is left, and the position it reaches
//! is the same whatever their order: every digit some chain of `Q`'s steps places, with
//! no candidate removed but by placing (no step of `Q` removes one). This pass places
//! singles of `Q` only, so the ladder, going on from where it stops, reaches that same
//! position by steps of `Q`. The first step of a path and the steps up to the first
//! placement are the ladder's own (the closure starts after a placement), so ER, EP
//! and ED are kept.
//!
//! The generalized intersections (2.9) extend `Q` when `R` is 2.9 or more and the rules
//! have no nc (whose rules, 2.4 and 2.5, sit among these rungs): the rungs before them
//! then all rate 2.5 or less, so `Q` is every rung up to them. A generalized
//! intersection (a digit's two to six places in a group; every cell seeing them all
//! loses it) stays one as candidates go: fewer places are seen by more cells, and a
//! group left with one place is a hidden single, whose placing takes the digit from the
//! same cells. Its removals are the ladder's own, in another order; the position where
//! no rung of `Q` is left is the same. Tests compare the closure with the rating summed
//! over the path, step by step.

use crate::logic::geometry::{cells_of, CellSet};
use crate::logic::marks::Marks;
use crate::logic::memo::ruled::search;
use crate::logic::rules::{bits_of, TechniqueSet, VariantTables};
use crate::logic::step::Step;
use crate::logic::techniques::singles::hidden_single_rating;

/// Rating (tenths) from which hidden singles in every group are in the closure.
const HIDDEN_SINGLE_ANYWHERE: u16 = 15;
/// Rating (tenths) from which naked singles are in the closure.
const NAKED_SINGLE: u16 = 23;
/// Rating (tenths) from which generalized intersections are (see the module notes).
const GENERALIZED_INTERSECTION: u16 = 29;

/// The rungs a closure left nothing for, at the position it leaves: the ladder skips
/// them there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Closed {
    /// Full houses (always in a closure).
    pub(super) full_house: bool,
    /// Hidden singles in every group (a rating of 1.5 or more).
    pub(super) hidden_single: bool,
    pub(super) naked_single: bool,
    pub(super) generalized_intersection: bool,
}

/// The closure of a rating's position after a step, `rating` the hardest step so far:
/// singles ([`place_singles`]) and, where the module notes allow, generalized
/// intersections, by turns until neither changes anything; what it left none of.
/// `places` follow `m` (the path's steps applied by [`Places::apply`]).
pub(super) fn close(m: &mut Marks, t: &VariantTables, rating: u16, places: &mut Places) -> Closed {
    let intersections = rating >= GENERALIZED_INTERSECTION
        && matches!(t.technique_set(), TechniqueSet::Groups { nc: false, .. });
    let hidden = hidden_single_groups(t, rating);
    if hidden != places.scanned_groups {
        // Groups the last scan did not read: every digit is scanned in every group.
        places.whole = ALL_DIGITS;
        places.scanned_groups = hidden;
    }
    loop {
        place_singles(m, t, rating, hidden, places);
        if !intersections || !remove_generalized_intersections(m, t, places) {
            return Closed {
                full_house: true,
                hidden_single: rating >= HIDDEN_SINGLE_ANYWHERE,
                naked_single: rating >= NAKED_SINGLE,
                generalized_intersection: intersections,
            };
        }
    }
}

/// Applies every generalized intersection of `m`, one after another (each found on the
/// candidates the ones before left): true when any candidate went.
///
/// A digit's intersections are a function of its places (the rules fixed): a digit
/// whose places are those on which a pass last removed nothing is skipped (the tables'
/// memo, `memo::ruled`).
fn remove_generalized_intersections(m: &mut Marks, t: &VariantTables, places: &mut Places) -> bool {
    let memo = t.found_nothing();
    let mut any = false;
    for d in 0..9 {
        let before = places.digits[d];
        if memo.known(search::GENERALIZED_INTERSECTION, d, before) {
            continue;
        }
        for slot in bits_of(t.active_slots()) {
            let at = places.digits[d] & t.group_mask(slot);
            if !(2..=6).contains(&at.count_ones()) {
                continue;
            }
            let victims = cells_of(at).fold(places.digits[d] & !at, |v, c| v & t.peers(c));
            for cell in cells_of(victims) {
                m.eliminate(cell, d as u8 + 1);
            }
            places.remove(d, victims);
        }
        if places.digits[d] == before {
            memo.record(search::GENERALIZED_INTERSECTION, d, before);
        }
        any |= places.digits[d] != before;
    }
    any
}

/// Places, to a fixpoint, every full house, hidden single and naked single whose rating
/// is `rating` or less (see the module notes).
#[cfg(test)]
fn close_singles(m: &mut Marks, t: &VariantTables, rating: u16) {
    let hidden = hidden_single_groups(t, rating);
    place_singles(m, t, rating, hidden, &mut Places::of(m));
}

/// The groups (slots, bit `s`) whose hidden singles rate `rating` or less.
fn hidden_single_groups(t: &VariantTables, rating: u16) -> u64 {
    bits_of(t.active_slots())
        .filter(|&s| hidden_single_rating(t, s) <= rating)
        .fold(0, |set, s| set | 1 << s)
}

/// [`close_singles`] with the groups of its hidden singles and the places kept.
fn place_singles(m: &mut Marks, t: &VariantTables, rating: u16, hidden: u64, places: &mut Places) {
    loop {
        let mut progress = false;
        // A group's full house comes with the filling of its other cells: only the groups
        // of cells filled since the last scan are read (every group at first).
        for slot in bits_of(places.groups_filled_since_read(t)) {
            let open = places.blank & t.group_mask(slot);
            if open.count_ones() == 1 {
                let cell = open.trailing_zeros() as usize;
                if m.cands[cell].count_ones() == 1 {
                    places.place(m, t, cell, m.cands[cell].trailing_zeros() as u8 + 1);
                    progress = true;
                }
            }
        }
        // A digit's hidden single in a group comes with a cell leaving its places there:
        // per digit, only the groups of the cells that left since its last scan are read
        // (every group at first, and when the groups rated change).
        let whole = std::mem::take(&mut places.whole);
        for d in 0..9 {
            let left = std::mem::take(&mut places.left[d]);
            let groups = match whole >> d & 1 {
                1 => hidden,
                _ => cells_of(left).fold(0, |g, c| g | t.groups_of(c)) & hidden,
            };
            for slot in bits_of(groups) {
                let at = places.digits[d] & t.group_mask(slot);
                if at.count_ones() == 1 {
                    places.place(m, t, at.trailing_zeros() as usize, d as u8 + 1);
                    progress = true;
                }
            }
        }
        if rating >= NAKED_SINGLE {
            for cell in cells_of(places.with_one_digit()) {
                // Checked again: a single placed earlier in this pass may have emptied
                // the cell (a contradiction, which a sound path never meets).
                if m.cands[cell].count_ones() == 1 {
                    places.place(m, t, cell, m.cands[cell].trailing_zeros() as u8 + 1);
                    progress = true;
                }
            }
        }
        if !progress {
            return;
        }
    }
}

/// Each digit's candidate cells and the blank cells, kept in step with the marks, with
/// what changed since [`place_singles`] last read them.
#[derive(Debug)]
pub(super) struct Places {
    /// `digits[d]`: the blank cells holding digit `d + 1` as a candidate.
    digits: [CellSet; 9],
    blank: CellSet,
    /// Per digit, the cells that left its places since the last scan for its hidden
    /// singles, which read the groups `scanned_groups` (slots, bit `s`); the digits of
    /// `whole` (bit `d`; every digit at first) are read in every group. A scan that
    /// finds nothing leaves no group with one place of the digit: one comes only with a
    /// cell leaving the digit's places in that group.
    left: [CellSet; 9],
    whole: u16,
    scanned_groups: u64,
    /// The cells filled since the last scan for full houses, which reads every group
    /// while `every_house` (at first).
    filled: CellSet,
    every_house: bool,
    /// A step placed a digit that was not a candidate of its cell (or a filled cell
    /// another digit): a position with no solution ([`Places::apply`]).
    off_candidates: bool,
}

/// Every digit (bit `d`).
const ALL_DIGITS: u16 = 0x1FF;

impl Places {
    pub(super) fn of(m: &Marks) -> Places {
        let blank = (0..81)
            .filter(|&c| m.values[c] == 0)
            .fold(0, |b, c| b | 1 << c);
        Places {
            digits: m.digit_cells(),
            blank,
            left: [0; 9],
            whole: ALL_DIGITS,
            scanned_groups: 0,
            filled: 0,
            every_house: true,
            off_candidates: false,
        }
    }

    /// The blank cells holding one digit: the nine sets added up cell by cell (once,
    /// twice).
    fn with_one_digit(&self) -> CellSet {
        let (mut once, mut twice) = (0u128, 0u128);
        for &set in &self.digits {
            twice |= once & set;
            once |= set;
        }
        self.blank & once & !twice
    }

    /// The groups (slots, bit `s`) holding a cell filled since the last call (every
    /// active group the first time), for the scan of full houses.
    fn groups_filled_since_read(&mut self, t: &VariantTables) -> u64 {
        let filled = std::mem::take(&mut self.filled);
        match std::mem::take(&mut self.every_house) {
            true => t.active_slots(),
            false => cells_of(filled).fold(0, |g, c| g | t.groups_of(c)),
        }
    }

    /// True when a step applied placed a digit that was not a candidate (see
    /// [`Places::apply`]); the closure places candidates alone.
    pub(super) fn placed_off_candidates(&self) -> bool {
        self.off_candidates
    }

    /// Takes `cells` from digit `d`'s places (the marks are the caller's).
    fn remove(&mut self, d: usize, cells: CellSet) {
        let at = self.digits[d] & cells;
        self.digits[d] &= !at;
        self.left[d] |= at;
    }

    /// [`VariantTables::apply`], the sets following: its placements (by
    /// [`Places::place`]) then its eliminations; a placement of a digit that is not a
    /// candidate of its cell is noted.
    pub(super) fn apply(&mut self, m: &mut Marks, t: &VariantTables, step: &Step) {
        for p in &step.placements {
            let cell = usize::from(p.cell);
            match m.values[cell] {
                0 => {
                    self.off_candidates |= m.cands[cell] >> (p.digit - 1) & 1 == 0;
                    self.place(m, t, cell, p.digit);
                }
                digit => self.off_candidates |= digit != p.digit,
            }
        }
        for e in &step.eliminations {
            m.eliminate(usize::from(e.cell), e.digit);
            self.remove(usize::from(e.digit - 1), 1 << e.cell);
        }
    }

    /// [`VariantTables::place`], the sets following: the cell leaves every digit's
    /// places, the digit leaves its peers and, under nc, the digits next to it leave its
    /// orthogonal neighbours. The marks change only in the cells the sets say hold those
    /// digits (the others lack them, or are filled and have no candidate): the same
    /// marks as `VariantTables::place` (a test compares them).
    fn place(&mut self, m: &mut Marks, t: &VariantTables, cell: usize, digit: u8) {
        let d = usize::from(digit - 1);
        m.values[cell] = digit;
        m.cands[cell] = 0;
        let bit = 1u128 << cell;
        self.blank &= !bit;
        self.filled |= bit;
        for e in 0..9 {
            self.remove(e, bit);
        }
        let mut take = |e: usize, cells: CellSet| {
            for p in cells_of(self.digits[e] & cells) {
                m.cands[p] &= !(1 << e);
            }
            self.remove(e, cells);
        };
        take(d, t.peers(cell));
        for next in [d.wrapping_sub(1), d + 1].into_iter().filter(|&e| e < 9) {
            take(next, t.neighbours(cell));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::rules::tables_of;

    /// The cells noted as having left each digit's places are those that left from
    /// `before`.
    fn assert_left(places: &Places, before: &[CellSet; 9], rules: &str) {
        for (e, (now, was)) in places.digits.iter().zip(before).enumerate() {
            assert_eq!(places.left[e], was & !now, "{rules}, digit {e}");
        }
    }

    #[test]
    fn the_kept_places_follow_the_marks() {
        // Under nc and anti-king (both peers and neighbours), from a generated puzzle.
        use crate::variant::{generate::generate_variant, Geometry, Rules, Shape};
        for rules in ["nc,anti-king", "x", "jigsaw"] {
            let parsed = Rules::parse(rules).unwrap();
            let g = generate_variant(Shape::NINE, &parsed, 5, 0, &Default::default(), &mut || {})
                .unwrap();
            let t = VariantTables::new(&Geometry::new(Shape::NINE, &g.rules).unwrap()).unwrap();
            let mut m = t.marks_of(&g.puzzle.cells);
            let mut places = Places::of(&m);
            // The digits' cells as the classic context reads them.
            assert_eq!(places.digits, crate::logic::context::Context::new(&m).dcs);
            for (cell, &d) in g.solution.iter().enumerate().take(40) {
                if m.values[cell] == 0 {
                    let before = places.digits;
                    places.left = [0; 9];
                    let mut plain = m;
                    t.place(&mut plain, cell, d);
                    places.place(&mut m, &t, cell, d);
                    assert_eq!((m.values, m.cands), (plain.values, plain.cands), "{rules}");
                    assert_left(&places, &before, rules);
                    let fresh = Places::of(&m);
                    assert_eq!(
                        (places.digits, places.blank),
                        (fresh.digits, fresh.blank),
                        "{rules}, r{}c{}",
                        cell / 9 + 1,
                        cell % 9 + 1
                    );
                }
            }
        }
    }

    #[test]
    fn the_kept_places_follow_the_path_s_steps() {
        // Each step of the ladder applied by `Places::apply` (placements and
        // eliminations), under rules with extra groups, peers and neighbours.
        use crate::logic::variant_ladder::next_step_in;
        use crate::variant::{generate::generate_variant, Geometry, Rules, Shape};
        let mut steps = 0;
        let puzzles = [
            ("nc,anti-king", 7),
            ("x", 8),
            ("windoku", 9),
            ("dg", 10),
            ("nc", 11),
        ]
        .into_iter()
        .flat_map(|(rules, seed)| (0..8).map(move |i| (rules, seed, i)));
        for (rules, seed, i) in puzzles {
            let parsed = Rules::parse(rules).unwrap();
            let options = crate::variant::generate::VariantOptions {
                clues: 22,
                ..Default::default()
            };
            let g = generate_variant(Shape::NINE, &parsed, seed, i, &options, &mut || {}).unwrap();
            let t = VariantTables::new(&Geometry::new(Shape::NINE, &g.rules).unwrap()).unwrap();
            let mut m = t.marks_of(&g.puzzle.cells);
            let mut places = Places::of(&m);
            let mut climbing = [12, 15, 23].into_iter();
            while let Some(step) = next_step_in(&m, &t) {
                let before = places.digits;
                places.left = [0; 9];
                places.apply(&mut m, &t, &step);
                let fresh = Places::of(&m);
                assert_eq!(
                    (places.digits, places.blank),
                    (fresh.digits, fresh.blank),
                    "{rules}"
                );
                assert_left(&places, &before, rules);
                // The closure from the kept places, which reads only the groups where
                // something changed since the last closure, and from fresh ones, which
                // read every group (the rating climbing as along a path).
                let rating = climbing.next().unwrap_or(29);
                let mut fresh = m;
                close(&mut fresh, &t, rating, &mut Places::of(&m));
                close(&mut m, &t, rating, &mut places);
                assert_eq!((m.values, m.cands), (fresh.values, fresh.cands), "{rules}");
                steps += 1;
            }
        }
        assert!(steps > 100, "{steps} steps");
    }

    #[test]
    fn it_places_only_what_the_rating_allows() {
        // A minimal x puzzle's givens: no group has one blank, so a rating of 1.0 (full
        // houses alone) places nothing; 1.5 places hidden singles, 2.3 naked singles too,
        // every one the solution's digit.
        let t = tables_of("x");
        let rules = crate::variant::Rules::parse("x").unwrap();
        let shape = crate::variant::Shape::NINE;
        let g = crate::variant::generate::generate_variant(
            shape,
            &rules,
            7,
            0,
            &Default::default(),
            &mut || {},
        )
        .unwrap();
        let start = t.marks_of(&g.puzzle.cells);
        let placed = |rating| {
            let mut m = start;
            close_singles(&mut m, &t, rating);
            for c in (0..81).filter(|&c| m.values[c] != 0) {
                assert_eq!(m.values[c], g.solution[c], "r{}c{}", c / 9 + 1, c % 9 + 1);
            }
            m.values[..81].iter().filter(|&&v| v != 0).count()
        };
        let givens = g.puzzle.cells.iter().filter(|&&d| d != 0).count();
        assert_eq!(placed(10), givens);
        assert!(placed(15) > givens);
        assert!(placed(23) >= placed(15));
    }
}
