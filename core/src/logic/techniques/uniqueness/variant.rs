//! Unique rectangles and loops under a variant's rules (issue 36), as Sukaku Explainer
//! v1.15.10's `UniqueLoops` finds them with extra groups: a walk from each bivalue cell
//! through the groups of each cell in its type order (box, row, column, disjoint group,
//! window, diagonals, girandola, asterisk, center dot), each step through a group of
//! another type than the step before, the group's cells in its order; a closed walk of
//! four cells or more is a loop, valid when every group it meets (of any type) it meets
//! once at an odd and once at an even position. If all its cells held only the two
//! digits, swapping them along the loop would keep every group whole: two solutions.
//! Types 1-4 and ratings are the classic ones (`unique_loops::loop_steps`), over the
//! groups and peers of the rules. The same bounds as the classic search: loops of at
//! most 16 cells, 64 walks closed per start.
//!
//! A start outside its pair's loop core ([`loop_core`]) is not walked: every loop its
//! walk closes passes through it and is not valid, so it would offer nothing (the cap on
//! walks closed is per start, and only valid loops are remembered as seen), as the
//! classic search skips them (`unique_loops::loop_core`). With the rules' tables it
//! keeps a snapshot of the last position where it found nothing (`memo::snapshots`), and
//! at a position within it walks only the pairs whose loops may be new ([`Newness`], the
//! classic search's rule over the rules' groups).

use super::groups::Groups;
use super::unique_loops::{loop_rating, loop_steps, LoopStep, MAX_LOOP};
use crate::logic::geometry::CellSet;
use crate::logic::marks::Marks;
use crate::logic::memo::snapshots::OwnSnapshot;
use crate::logic::rules::{GroupType, VariantTables};
use crate::logic::step::Step;

struct LoopWalk<'a> {
    m: &'a Marks,
    t: &'a VariantTables,
    /// The loop's two digits.
    v: u16,
    /// The cells holding both digits.
    both: CellSet,
    /// The groups whose cells' order is ascending (bit per slot).
    ascending: u64,
    path: Vec<usize>,
    on_path: CellSet,
    /// The walks closed from this start (at most 64 are).
    closed: usize,
    /// What the search keeps across starts: the loops met and the best step.
    kept: &'a mut Kept,
}

/// The valid loops met so far (as cell sets: one met again is passed over) and the best
/// step among them.
#[derive(Default)]
struct Kept {
    seen: Vec<CellSet>,
    best: Option<LoopStep>,
    /// The loops that may give a step, by the snapshot (all without one).
    new: Newness,
}

impl Kept {
    /// A closed walk, `cells` in its order (`set` its cells), digits `v`: if a valid loop
    /// not met before, its steps compete with the best.
    fn offer(&mut self, m: &Marks, t: &VariantTables, (cells, set): (&[usize], CellSet), v: u16) {
        if !is_valid_loop(t, cells) || !self.new.touches(t, set, true) || self.seen.contains(&set) {
            return;
        }
        self.seen.push(set);
        let base = loop_rating(cells.len());
        if self.best.as_ref().is_some_and(|b| b.rating < base) {
            return;
        }
        for found in loop_steps(m, Groups::Rules(t), cells, v, base) {
            if self
                .best
                .as_ref()
                .is_none_or(|b| (found.rating, found.kind) < (b.rating, b.kind))
            {
                self.best = Some(found);
            }
        }
    }
}

impl LoopWalk<'_> {
    /// Sukaku Explainer's `checkForLoops`: `allowed_extra` cells with more than the two
    /// digits may still come, `extra_values` the extra digits met so far. Each group's
    /// cells are read in its order, only those that can come next (the start, closing
    /// the loop from 4 cells on; below the longest loop, the cells holding both digits
    /// off the path): the others are those Sukaku Explainer's walk passes over.
    fn walk(
        &mut self,
        cell: usize,
        allowed_extra: u32,
        extra_values: u16,
        last: Option<GroupType>,
    ) {
        if self.closed >= 64 {
            return;
        }
        self.path.push(cell);
        self.on_path |= 1u128 << cell;
        let start = self.path[0];
        let mut open = if self.path.len() >= 4 {
            1u128 << start
        } else {
            0
        };
        if self.path.len() < MAX_LOOP {
            open |= self.both & !self.on_path;
        }
        let groups = self.t.groups_of(cell);
        for ty in GroupType::ALL.into_iter().filter(|&ty| Some(ty) != last) {
            // The cell's group of this type (the first, as Sukaku Explainer takes it).
            let mine = groups & ty.slot_bits();
            if mine == 0 {
                continue;
            }
            let slot = mine.trailing_zeros() as usize;
            let here = open & self.t.group_mask(slot);
            if self.ascending >> slot & 1 == 1 {
                // The same cells in the same order, read off the set.
                let mut m = here;
                while m != 0 {
                    let next = m.trailing_zeros() as usize;
                    m &= m - 1;
                    self.step(next, allowed_extra, extra_values, ty);
                }
            } else {
                for &next in self.t.group_cells(slot) {
                    if here >> next & 1 == 1 {
                        self.step(usize::from(next), allowed_extra, extra_values, ty);
                    }
                }
            }
        }
        self.path.pop();
        self.on_path &= !(1u128 << cell);
    }

    /// From the walk's last cell to `next` (the start, closing a loop, or a cell that can
    /// come next) through a group of type `ty`.
    fn step(&mut self, next: usize, allowed_extra: u32, extra_values: u16, ty: GroupType) {
        if next == self.path[0] {
            // Met as it closes, as after the walk in the order closed: nothing the
            // walk reads depends on what was met.
            self.closed += 1;
            self.kept
                .offer(self.m, self.t, (&self.path, self.on_path), self.v);
            return;
        }
        let cands = self.m.cands[next];
        let extra = (extra_values | cands) & !self.v;
        let more = cands.count_ones() > 2;
        if !more || extra.count_ones() == 1 || allowed_extra > 0 {
            self.walk(
                next,
                allowed_extra - u32::from(more && allowed_extra > 0),
                extra,
                Some(ty),
            );
        }
    }
}

/// The groups whose cells are listed in ascending order (bit per slot).
fn ascending_groups(t: &VariantTables) -> u64 {
    let mut slots = t.active_slots();
    let mut out = 0;
    while slots != 0 {
        let slot = slots.trailing_zeros() as usize;
        slots &= slots - 1;
        if t.group_cells(slot).windows(2).all(|w| w[0] < w[1]) {
            out |= 1 << slot;
        }
    }
    out
}

/// Every group the loop meets, it meets once at an odd and once at an even position.
fn is_valid_loop(t: &VariantTables, cells: &[usize]) -> bool {
    let (mut odd, mut even) = (0u64, 0u64);
    for (i, &c) in cells.iter().enumerate() {
        let seen = if i % 2 == 1 { &mut odd } else { &mut even };
        if *seen & t.groups_of(c) != 0 {
            return false;
        }
        *seen |= t.groups_of(c);
    }
    odd == even
}

/// The cells of `both` (the cells holding both digits of a pair) that can lie on a valid
/// loop: what is left after taking away, again and again, every cell with other cells of
/// the set in fewer than two of its groups. A valid loop's cell has its two neighbours
/// (at positions of the same parity) in two different groups of it: the step to each
/// goes through a group holding both, and one group holding the cell and both
/// neighbours would be met twice at the same parity. So no cell of a valid loop is ever
/// taken away.
fn loop_core(t: &VariantTables, both: CellSet) -> CellSet {
    let mut set = both;
    loop {
        let mut busy = 0u64;
        let mut slots = t.active_slots();
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let cells = set & t.group_mask(slot);
            if cells & cells.wrapping_sub(1) != 0 {
                busy |= 1 << slot;
            }
        }
        let mut next = set;
        let mut m = set;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            if (t.groups_of(c) & busy).count_ones() < 2 {
                next &= !(1u128 << c);
            }
        }
        if next == set {
            return set;
        }
        set = next;
    }
}

/// The unique loop step Sukaku Explainer takes under the rules: the easiest, then the
/// lowest type, then the first met.
pub fn unique_loop_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    unique_loop_with(m, t, (true, true))
}

/// The snapshot of the unique loops under one set of rules (`memo::snapshots`), kept
/// with the rules' tables (`memo::ruled::TypedMemos`).
#[derive(Default)]
struct UniqueLoopSnapshot(OwnSnapshot);

/// Which loops may give a step at a position, by the snapshot of the last position
/// where the search found nothing (`memo::snapshots`; the classic search's rule,
/// `unique_loops::unique_loop_with`, over the rules' groups). A loop's steps depend on
/// the candidates of its cells, of its type 2 targets (which only lose candidates) and,
/// for types 3 and 4 (exactly two cells with extra digits), of the cells of the groups
/// those two share (and whether they are blank): a loop none of whose cells changed
/// since, nor a group holding its two cells with extra digits and a changed cell, was a
/// loop there, with the same steps: none.
#[derive(Clone, Copy, Default)]
struct Newness {
    /// The cells whose candidates changed since the snapshot (`None`: no snapshot).
    changed: Option<CellSet>,
    /// The groups with a changed cell.
    groups: u64,
    /// The cells with more than two candidates.
    multi: CellSet,
}

impl Newness {
    fn new(m: &Marks, t: &VariantTables, changed: Option<CellSet>) -> Newness {
        let Some(new) = changed else {
            return Newness::default();
        };
        let mut groups = 0u64;
        let mut slots = t.active_slots();
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            if t.group_mask(slot) & new != 0 {
                groups |= 1 << slot;
            }
        }
        let multi = (0..81).fold(0u128, |s, c| {
            s | u128::from(m.cands[c].count_ones() > 2) << c
        });
        Newness {
            changed,
            groups,
            multi,
        }
    }

    /// True where a loop over `cells` (where `exact_two`; else a loop among them) may be
    /// new: one of the cells changed, or a group with a changed cell holds two of them
    /// with extra digits (with `exact_two`: the loop's only two).
    fn touches(&self, t: &VariantTables, cells: CellSet, exact_two: bool) -> bool {
        let Some(new) = self.changed else {
            return true;
        };
        if cells & new != 0 {
            return true;
        }
        let extra = cells & self.multi;
        if exact_two && extra.count_ones() != 2 {
            return false;
        }
        let mut groups = self.groups;
        while groups != 0 {
            let slot = groups.trailing_zeros() as usize;
            groups &= groups - 1;
            let x = t.group_mask(slot) & extra;
            if x & x.wrapping_sub(1) != 0 && (!exact_two || x == extra) {
                return true;
            }
        }
        false
    }
}

/// [`unique_loop_in`], skipping the starts outside their pair's loop core where `cores`,
/// and with the snapshot's rule where `incremental` (the tests compare each way with the
/// plain one).
///
/// The snapshot's rule: the starts of a pair none of whose loops may be new ([`Newness`]:
/// no changed cell holds both digits, and no group with a changed cell holds two of the
/// pair's cells with extra digits) are not walked: the walks from them read only cells
/// that did not change, so they are among the walks at the snapshot's position (the
/// pair's cells only fewer), where they closed fewer than 64 each and gave nothing: a
/// snapshot is kept only from a search that met no cap, and where that search did not
/// walk the pair either, the same holds of the position it skipped them by, and so on
/// back to a search that walked them. Every other start walks as in the full search, and the loops
/// that are not new are passed over (not remembered as seen: a loop met again is the
/// same cells, as old), so each new loop is met first in the same form, in the same
/// order.
fn unique_loop_with(
    m: &Marks,
    t: &VariantTables,
    (cores, incremental): (bool, bool),
) -> Option<Step> {
    let changed = if incremental {
        t.memos().with(|s: &mut UniqueLoopSnapshot| s.0.changed(m))
    } else {
        None
    };
    if changed == Some(0) {
        return None;
    }
    let new = Newness::new(m, t, changed);
    let mut kept = Kept {
        new,
        ..Kept::default()
    };
    let mut path = Vec::with_capacity(MAX_LOOP);
    // The cells holding both digits of each pair (index 9 d1 + d2) and its loop core
    // (empty where none of its loops may be new), once made.
    let mut pair_cells: [Option<(CellSet, CellSet)>; 81] = [None; 81];
    let ascending = ascending_groups(t);
    let mut capped = false;
    for start in (0..81).filter(|&c| m.cands[c].count_ones() == 2) {
        let v = m.cands[start];
        let pair = 9 * v.trailing_zeros() as usize + (15 - v.leading_zeros() as usize);
        let (both, core) = *pair_cells[pair].get_or_insert_with(|| {
            let both = (0..81).fold(0u128, |s, c| s | u128::from(m.cands[c] & v == v) << c);
            if !new.touches(t, both, false) {
                return (both, 0);
            }
            let core = if cores { loop_core(t, both) } else { both };
            (both, if new.touches(t, core, false) { core } else { 0 })
        });
        if core >> start & 1 == 0 {
            continue;
        }
        let mut walk = LoopWalk {
            m,
            t,
            v,
            both,
            ascending,
            path,
            on_path: 0,
            closed: 0,
            kept: &mut kept,
        };
        walk.walk(start, 2, 0, None);
        capped |= walk.closed >= 64;
        path = walk.path;
    }
    if kept.best.is_none() && !capped && incremental {
        t.memos().with(|s: &mut UniqueLoopSnapshot| s.0.record(m));
    }
    kept.best.map(|b| b.step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::rules::tables_of;
    use crate::logic::step::Technique;
    use crate::logic::techniques::uniqueness::unique_loop;

    #[test]
    fn under_classic_rules_the_loops_are_the_classic_ones() {
        let t = tables_of("classic");
        let mut found = 0;
        let key = |s: &Option<Step>| {
            s.as_ref()
                .map(|s| (s.technique, s.rating, s.eliminations.clone()))
        };
        crate::logic::ladder::test_paths::walk_classic_paths(45, 60, |line, m, _| {
            let classic = unique_loop(m);
            assert_eq!(key(&unique_loop_in(m, &t)), key(&classic), "{}", line);
            found += usize::from(classic.is_some());
        });
        assert!(found > 50, "{found} unique loops compared");
    }

    #[test]
    fn skipping_the_starts_outside_the_loop_cores_or_with_no_new_loop_changes_no_step() {
        let key = |s: &Option<Step>| {
            s.as_ref()
                .map(|s| (s.technique, s.rating, s.eliminations.clone()))
        };
        let (mut found, mut positions) = (0, 0);
        let rules = ["x", "windoku", "dg", "center-dot", "girandola"];
        crate::logic::variant_ladder::walk_generated_paths(&rules, (61, 6, 0), |text, m, t, _| {
            let fast = unique_loop_in(m, t);
            let plain = unique_loop_with(m, t, (false, false));
            assert_eq!(key(&fast), key(&plain), "{text}");
            found += usize::from(fast.is_some());
            positions += 1;
        });
        assert!(
            found > 0 && positions > found,
            "{found} loops at {positions} positions"
        );
    }

    #[test]
    fn the_snapshot_with_the_tables_changes_no_loop() {
        // At positions of generated paths where a unique loop step lies: first a position
        // with more candidates where none does (one cell of the step, or all of them,
        // given every digit back: `positions_without`), which becomes the rules' snapshot
        // (unless a walk there met the cap), then the position itself, whose loops giving
        // a step are all new: the search restricted by the snapshot must find what a full
        // one (fresh tables) finds.
        use crate::logic::variant_ladder::positions_without;
        use crate::variant::{Geometry, Rules, Shape};
        let (mut restricted, mut cases) = (0, 0);
        let rules = ["x", "windoku", "dg", "center-dot", "girandola"];
        crate::logic::variant_ladder::walk_generated_paths(&rules, (61, 6, 0), |text, m, _, _| {
            let rules = Rules::parse(text).unwrap();
            let fresh =
                || VariantTables::new(&Geometry::new(Shape::NINE, &rules).unwrap()).unwrap();
            let full = unique_loop_in(m, &fresh());
            let Some(step) = &full else {
                return;
            };
            let find = |before: &Marks| unique_loop_in(before, &fresh());
            for before in positions_without(m, step, find) {
                // Finding nothing there, the search keeps it as its snapshot.
                let t1 = fresh();
                assert_eq!(unique_loop_in(&before, &t1), None);
                let snapshot = |s: &mut UniqueLoopSnapshot| s.0.changed(m);
                restricted += t1.memos().with(snapshot).is_some() as usize;
                assert_eq!(unique_loop_in(m, &t1), full, "{text}");
                cases += 1;
            }
        });
        assert!(
            restricted > cases / 2 && cases > 0,
            "{restricted} of {cases}"
        );
    }

    #[test]
    fn a_rectangle_that_meets_a_diagonal_once_is_no_deadly_pattern_under_x() {
        // r1c1 (1, 2, 3), r1c4, r2c1 and r2c4 (1, 2): a unique rectangle of type 1
        // classically (r1c1 loses 1 and 2). Under x, r1c1 is on the main diagonal and no
        // other corner is: swapping 1 and 2 would break the diagonal, so no loop.
        let corner = |t: &VariantTables| {
            let mut m = t.marks_of(&[0; 81]);
            for (cell, cands) in [(0, 0b111), (3, 0b11), (9, 0b11), (12, 0b11)] {
                m.cands[cell] = cands;
            }
            unique_loop_in(&m, t)
        };
        let step = corner(&tables_of("classic")).unwrap();
        assert_eq!(
            (step.technique, step.rating),
            (Technique::UniqueLoop(1), 45)
        );
        assert_eq!(step.eliminations.len(), 2);
        assert_eq!(corner(&tables_of("x")), None);
        // Corners r1c2, r1c4, r3c2 and r3c4 lie off both diagonals: a rectangle under x.
        let t = tables_of("x");
        let mut m = t.marks_of(&[0; 81]);
        for (cell, cands) in [(1, 0b111), (3, 0b11), (19, 0b11), (21, 0b11)] {
            m.cands[cell] = cands;
        }
        let step = unique_loop_in(&m, &t).unwrap();
        assert_eq!(step.technique, Technique::UniqueLoop(1));
    }
}

#[cfg(test)]
mod bug_tests {
    use crate::logic::rules::tables_of;
    use crate::logic::step::{Step, Technique};
    use crate::logic::techniques::uniqueness::{bug, bug_in};

    #[test]
    fn under_classic_rules_the_bug_is_the_classic_one() {
        let t = tables_of("classic");
        let key = |s: &Option<Step>| {
            s.as_ref()
                .map(|s| (s.technique, s.rating, s.eliminations.clone()))
        };
        let mut found = 0;
        crate::logic::ladder::test_paths::walk_classic_paths(46, 400, |line, m, _| {
            let classic = bug(m);
            assert_eq!(key(&bug_in(m, &t)), key(&classic), "{}", line);
            found += usize::from(classic.is_some());
        });
        assert!(found > 10, "{found} BUGs compared");
    }

    #[test]
    fn under_rules_every_bug_is_sound() {
        use crate::variant::generate::{generate_variant, VariantOptions};
        use crate::variant::{Rules, Shape};
        // Paths to the end: the ladder's step, or a solution digit where it has none.
        let mut found = 0;
        for text in ["x", "windoku", "dg", "girandola", "asterisk", "center-dot"] {
            let rules = Rules::parse(text).unwrap();
            for i in 0..80 {
                let options = VariantOptions::default();
                let g = generate_variant(Shape::NINE, &rules, 13, i, &options, &mut || {}).unwrap();
                let t = tables_of(&g.rules.to_string());
                let mut m = t.marks_of(&g.puzzle.cells);
                while let Some(blank) = (0..81).find(|&c| m.values[c] == 0) {
                    if let Some(step) = bug_in(&m, &t) {
                        assert!(step.is_sound(&g.solution), "{text}: {}", step.explanation);
                        assert!(matches!(step.technique, Technique::Bug(_)));
                        found += 1;
                    }
                    match crate::logic::variant_ladder::next_step_in(&m, &t) {
                        Some(step) => t.apply(&step, &mut m),
                        None => t.place(&mut m, blank, g.solution[blank]),
                    }
                }
            }
        }
        assert!(found > 10, "{found} BUGs");
    }
}
