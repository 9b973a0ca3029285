//! The nested rules of the dynamic forcing chains (+) (level 1) under a variant's
//! rules: when a dynamic run has nothing left to propagate, Sukaku Explainer v1.15.10
//! applies, on the grid the run has reduced, the first of four rules that finds a hint
//! resting on the run's own removals (`Chaining.getAdvancedPotentials`). Under any extra
//! group, knight's move or king's step they are its variant set:
//!
//! - generalized intersections (`VLocking`): a digit's two to six places in a group; it
//!   leaves every cell that sees them all (every peer);
//! - hidden pairs (`HiddenSet(2)`) over every group;
//! - generalized naked pairs (`NakedSetGen(2)`): each digit of the pair leaves the cells
//!   that see both of its cells (every peer);
//! - X-wings (`Fisherman(2)`), rows and columns as under every rule.
//!
//! Under the classic set over rows, columns and boxes (nc alone) they are the classic
//! level-1 rules (`chains::level1`); under jigsaw regions (ours: no Sukaku Explainer to
//! follow) the four above over the regions' groups and peers, where the classic rules'
//! pointing and claiming, naked pairs and the rest would read boxes that are not there.
//! Over rows, columns and regions alone the generalized intersections are the pointing
//! and claiming, and the generalized naked pairs the naked pairs. A hint's "rule parents" are the run's removals it needed (the
//! candidates of its group, cells or lines the source grid had and the reduced grid
//! lost); a hint with none is left out. What a hint removes is listed in the order of
//! its Java hash map of cells (by bucket, then as inserted), the order the run adds the
//! "off"s in.

use super::links::{RuledGrid, RuledLinks};
use crate::logic::chains::level1::{hash_order, level1_hints, x_wings, Hint};
use crate::logic::chains::work_grid::WorkGrid;
use crate::logic::geometry::{bits, cells_of};
use crate::logic::primitives::*;

/// The hints of the first level-1 rule that has any on `work`, the grid a run has
/// reduced from `source`.
pub(crate) fn hints(links: &RuledLinks, source: &RuledGrid, work: &RuledGrid) -> Vec<Hint> {
    hints_since(links, source, work, None)
}

/// [`hints`], where `asked` is the grid of the same run's last ask (from the same
/// source), `work` that grid less at least every candidate its hints removed (a run
/// processes each "off" before it asks again): the generalized intersections then read
/// only the groups and digits whose places changed since.
///
/// Why the same hints. A group's digit whose places are those of `asked` has the same
/// places, lost places and cells seeing them all; on `asked` either the first rule gave
/// no hint there (too few or too many places, none lost, or no candidate of the digit
/// in the cells seeing them all, and `work` holds fewer), or it gave one: the first
/// rule's hints were then the ones `asked` got, and the run removed every candidate they
/// named (all the candidates of the digit in those cells). Either way it gives none on
/// `work`. (A test compares both ways along sequences of asks.)
pub(crate) fn hints_since(
    links: &RuledLinks,
    source: &RuledGrid,
    work: &RuledGrid,
    asked: Option<&RuledGrid>,
) -> Vec<Hint> {
    if links.classic_set() {
        return level1_hints(&WorkGrid::new(&source.cands), &WorkGrid::new(&work.cands));
    }
    let mut hints = Vec::new();
    for rule in 0..4 {
        match rule {
            0 => generalized_intersections(links, (source, work, asked), &mut hints),
            1 => hidden_pairs(links, source, work, &mut hints),
            2 => generalized_naked_pairs(links, source, work, &mut hints),
            _ => x_wings(source.lines(), work.lines(), &mut hints),
        }
        if !hints.is_empty() {
            break;
        }
    }
    hints
}

/// `steps` grids, each the one before less a random candidate of digit 1 or 2 (a
/// cell's last kept), from every candidate everywhere: with two digits only, lines and
/// groups come down to two places and the level-1 rules fire (tests).
#[cfg(test)]
pub(super) fn two_digit_reductions(mut seed: u64, steps: usize) -> impl Iterator<Item = [u16; 81]> {
    let mut work = [0x1ffu16; 81];
    (0..steps).map(move |_| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let (cell, d) = ((seed % 81) as usize, (seed >> 20) as usize % 2);
        if work[cell] & !(1 << d) != 0 {
            work[cell] &= !(1 << d);
        }
        work
    })
}

/// What tests compare of hints: each one's removals and rule parents, in order.
#[cfg(test)]
pub(super) fn hint_keys(hints: &[Hint]) -> Vec<(Vec<Candidate>, Vec<Potential>)> {
    hints
        .iter()
        .map(|h| (h.removes.clone(), h.parents.clone()))
        .collect()
}

/// Pairs of positions 0..9 in Sukaku Explainer's order ({0,1}, {0,2}, {1,2}, {0,3}, ...):
/// the order the pair rules read them in; [`pairs_within`] gives some of them.
#[cfg(test)]
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// The pairs of positions 0..9 whose two positions are both in `set` (bit `i` for
/// position `i`), in Sukaku Explainer's order ({0,1}, {0,2}, {1,2}, {0,3}, ...).
fn pairs_within(set: u16) -> impl Iterator<Item = (usize, usize)> {
    let set = u32::from(set);
    bits(set).flat_map(move |b| bits(set & ((1 << b) - 1)).map(move |a| (a, b)))
}

/// The cells of group `slot` with no digit placed (on the source grid: a run places
/// nothing).
fn empty_cells(links: &RuledLinks, source: &RuledGrid, slot: usize) -> usize {
    links
        .cells_of(slot)
        .iter()
        .filter(|&&c| source.cands[usize::from(c)] != 0)
        .count()
}

/// "off"s of digit `d` at the positions `lost` of group `slot`, in its order.
fn offs_at(links: &RuledLinks, slot: usize, lost: u16, d: usize, out: &mut Vec<Potential>) {
    let cells = links.cells_of(slot);
    for (i, &cell) in cells.iter().enumerate() {
        if lost >> i & 1 != 0 {
            out.push(Potential::new(Candidate::new(usize::from(cell), d), false));
        }
    }
}

/// `VLocking`: per type of group (Sukaku Explainer's order), digit, then group.
fn generalized_intersections(
    links: &RuledLinks,
    (source, work, asked): (&RuledGrid, &RuledGrid, Option<&RuledGrid>),
    hints: &mut Vec<Hint>,
) {
    for ty in links.types() {
        for d in 0..9 {
            for &slot in ty {
                let slot = usize::from(slot);
                let places = links.places(work, slot, d);
                if asked.is_some_and(|a| links.places(a, slot, d) == places) {
                    continue;
                }
                // The hint's parents are the places the run took: none, no hint.
                let lost = links.places(source, slot, d) & !places;
                if lost == 0 || !(2..=6).contains(&places.count_ones()) {
                    continue;
                }
                let cells = links.cells_of(slot);
                let mut held = 0u128;
                let mut seeing_all = !0u128;
                for (i, &cell) in cells.iter().enumerate() {
                    if places >> i & 1 != 0 {
                        held |= 1 << cell;
                        seeing_all &= links.peers(usize::from(cell));
                    }
                }
                let inserted: Vec<(usize, u16)> = cells_of(seeing_all & !held)
                    .filter(|&c| work.cands[c] >> d & 1 != 0)
                    .map(|c| (c, 1 << d))
                    .collect();
                if inserted.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                offs_at(links, slot, lost, d, &mut parents);
                hints.push(Hint {
                    removes: hash_order(&inserted),
                    parents,
                });
            }
        }
    }
}

/// `HiddenSet(2, false)` over every group, in the order of its scans.
fn hidden_pairs(links: &RuledLinks, source: &RuledGrid, work: &RuledGrid, hints: &mut Vec<Hint>) {
    for &slot in links.scan_order() {
        let slot = usize::from(slot);
        if empty_cells(links, source, slot) <= 4 {
            continue;
        }
        let cells = links.cells_of(slot);
        // Two digits with two places or more each and two in all: both have the same
        // two places. Only the digits with two places are paired, in Sukaku Explainer's order.
        let two: u16 = (0..9)
            .filter(|&d| pair(links.places(work, slot, d)))
            .fold(0, |m, d| m | 1 << d);
        for (a, b) in pairs_within(two) {
            let (pa, pb) = (links.places(work, slot, a), links.places(work, slot, b));
            if pa != pb {
                continue;
            }
            let both = pa | pb;
            // The parents: the places of a and b the run took outside the pair's cells.
            let lost = (links.places(source, slot, a) | links.places(source, slot, b)) & !both;
            if lost == 0 {
                continue;
            }
            let keep = (1u16 << a) | (1 << b);
            let mut inserted = Vec::new();
            for (i, &cell) in cells.iter().enumerate() {
                let cell = usize::from(cell);
                if both >> i & 1 != 0 && work.cands[cell] & !keep != 0 {
                    inserted.push((cell, work.cands[cell] & !keep));
                }
            }
            if inserted.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for (i, &cell) in cells.iter().enumerate() {
                if lost >> i & 1 != 0 {
                    for d in [a, b] {
                        if source.cands[usize::from(cell)] >> d & 1 != 0 {
                            parents
                                .push(Potential::new(Candidate::new(usize::from(cell), d), false));
                        }
                    }
                }
            }
            hints.push(Hint {
                removes: hash_order(&inserted),
                parents,
            });
        }
    }
}

/// `NakedSetGen(2)` over every group, in the order of its scans.
fn generalized_naked_pairs(
    links: &RuledLinks,
    source: &RuledGrid,
    work: &RuledGrid,
    hints: &mut Vec<Hint>,
) {
    for &slot in links.scan_order() {
        let slot = usize::from(slot);
        if empty_cells(links, source, slot) < 4 {
            continue;
        }
        let cells = links.cells_of(slot);
        // Two cells with two digits or more each and two in all: both hold the same two
        // digits. Only the cells with two are paired, in Sukaku Explainer's order.
        let two: u16 = (0..cells.len())
            .filter(|&i| pair(work.cands[usize::from(cells[i])]))
            .fold(0, |m, i| m | 1 << i);
        for (a, b) in pairs_within(two) {
            let (ca, cb) = (usize::from(cells[a]), usize::from(cells[b]));
            let (ma, mb) = (work.cands[ca], work.cands[cb]);
            // The parents: the other digits the run took from the two cells.
            let took = (source.cands[ca] | source.cands[cb]) & !(ma | mb);
            if took == 0 || ma != mb {
                continue;
            }
            // Both cells hold both digits: each digit leaves the cells seeing both.
            let seeing_both = links.peers(ca) & links.peers(cb);
            let mut inserted = Vec::new();
            let mut digits = ma | mb;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                for c in cells_of(seeing_both) {
                    if work.cands[c] >> d & 1 != 0 {
                        inserted.push((c, 1u16 << d));
                    }
                }
            }
            if inserted.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for c in [ca, cb] {
                let mut lost = source.cands[c] & !(ma | mb);
                while lost != 0 {
                    let d = lost.trailing_zeros() as usize;
                    lost &= lost - 1;
                    parents.push(Potential::new(Candidate::new(c, d), false));
                }
            }
            hints.push(Hint {
                removes: hash_order(&inserted),
                parents,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::rules::tables_of;

    /// The level-1 hints under `rules` on `work`, reduced from `source`.
    fn hints_of(rules: &str, source: &[u16; 81], work: &[u16; 81]) -> Vec<Hint> {
        let links = RuledLinks::new(&tables_of(rules));
        hints(&links, &links.grid(source), &links.grid(work))
    }

    fn off(cell: usize, d: usize) -> Potential {
        Potential::new(Candidate::new(cell, d), false)
    }

    #[test]
    fn asking_again_within_a_run_gives_the_hints_found_afresh() {
        // Runs played out: from a grid reduced at random, each ask's hints are removed
        // (as a run processes their "off"s), then one or two more candidates (what its
        // propagation takes), and the run asks again with its last grid: `hints_since`,
        // reading only the changed places, must give what `hints` finds. Runs end where
        // a cell is left empty (a contradiction) or after 12 asks (played on where a run
        // would stop for want of hints: the rule holds there too).
        let (mut seed, mut asks_again, mut fired_again) = (0x51_7cc1_b727_220au64, 0, 0);
        for rules in ["anti-knight", "anti-king", "windoku", "x"] {
            let links = RuledLinks::new(&tables_of(rules));
            let source = links.grid(&[0x1ff; 81]);
            for start in two_digit_reductions(seed, 240).step_by(4) {
                let mut work = links.grid(&start);
                let mut asked: Option<RuledGrid> = None;
                for _ in 0..12 {
                    if work.cands.contains(&0) {
                        break;
                    }
                    let fresh = hints(&links, &source, &work);
                    let since = hints_since(&links, &source, &work, asked.as_ref());
                    assert_eq!(hint_keys(&since), hint_keys(&fresh), "{rules}");
                    asks_again += usize::from(asked.is_some());
                    fired_again += usize::from(asked.is_some() && !fresh.is_empty());
                    asked = Some(work.clone());
                    for &c in fresh.iter().flat_map(|h| &h.removes) {
                        links.remove(&mut work, c);
                    }
                    for _ in 0..1 + seed % 2 {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        let (cell, d) = ((seed % 81) as usize, (seed >> 20) as usize % 2);
                        if work.cands[cell] & !(1 << d) != 0 && work.cands[cell] >> d & 1 != 0 {
                            links.remove(&mut work, Candidate::new(cell, d));
                        }
                    }
                }
            }
        }
        assert!(
            fired_again > 50,
            "{fired_again} asks again with hints of {asks_again}"
        );
    }

    #[test]
    fn the_pairs_within_a_set_are_those_of_every_pair_in_the_set_in_order() {
        for set in 0..512u16 {
            let plain: Vec<_> = pairs()
                .filter(|&(a, b)| set >> a & 1 == 1 && set >> b & 1 == 1)
                .collect();
            assert_eq!(pairs_within(set).collect::<Vec<_>>(), plain, "{set:b}");
        }
        assert_eq!(pairs().count(), 36);
    }

    #[test]
    fn a_digit_locked_in_a_diagonal_leaves_the_cells_seeing_its_places() {
        // Under x, the run took 5 (digit index 4) from the main diagonal but r1c1 and
        // r2c2: every other group keeps seven places or more, so the first hint is the
        // diagonal's, which takes 5 from the rest of box 1 (the cells seeing both; r3c3
        // lost it), listed by hash bucket, and rests on the seven removals.
        let source = [0x1ffu16; 81];
        let mut work = source;
        for k in 2..9 {
            work[k * 10] &= !(1 << 4);
        }
        let found = hints_of("x", &source, &work);
        assert_eq!(found.len(), 1);
        let box_rest: Vec<Candidate> = [1, 2, 18, 19, 9, 11]
            .iter()
            .map(|&c| Candidate::new(c, 4))
            .collect();
        assert_eq!(found[0].removes, box_rest);
        let parents: Vec<Potential> = (2..9).map(|k| off(k * 10, 4)).collect();
        assert_eq!(found[0].parents, parents);
        // Without the diagonal (classic groups, the classic rules) nothing is locked,
        // and with the run's removals already in the source no hint rests on them.
        assert!(hints_of("anti-king", &source, &work).is_empty());
        assert!(hints_of("x", &work, &work).is_empty());
    }

    #[test]
    fn a_generalized_naked_pair_clears_every_common_peer() {
        // Under anti-king, r1c1 and r2c2 (a king's step apart, both in box 1) reduced
        // to {1, 2} by the run: 1 and 2 leave the rest of box 1 (their common peers;
        // r1c2 and r2c1 also a king's step from both), resting on the other digits the
        // two cells lost. The first two rules find nothing: every group keeps seven
        // places or more of every digit.
        let source = [0x1ffu16; 81];
        let mut work = source;
        work[0] = 0b11;
        work[10] = 0b11;
        let found = hints_of("anti-king", &source, &work);
        assert_eq!(found.len(), 1, "one pair");
        let mut expected = Vec::new();
        for d in 0..2 {
            for c in [1, 2, 9, 11, 18, 19, 20] {
                expected.push((c, 1u16 << d));
            }
        }
        assert_eq!(found[0].removes, hash_order(&expected));
        let mut parents: Vec<Potential> = (2..9).map(|d| off(0, d)).collect();
        parents.extend((2..9).map(|d| off(10, d)));
        assert_eq!(found[0].parents, parents);
        // Not a pair under classic rules (r1c1 and r2c2 share box 1 only: the classic
        // naked pair of the box, the same removals, the classic rules' order).
        let classic = hints_of("nc", &source, &work);
        assert_eq!(classic.len(), 1);
        assert_eq!(classic[0].parents, parents);
    }

    #[test]
    fn a_hidden_pair_in_a_window_removes_the_other_digits() {
        // Under windoku, 1 and 2 keep only r2c2 and r4c4 of window 1 (r2c2:r4c4), two
        // cells sharing no other group: a hidden pair of the window. No group is left
        // with two to six places whose common peers still hold the digit (the window's
        // cells lost it), so the first rule finds nothing.
        let source = [0x1ffu16; 81];
        let mut work = source;
        for r in 1..4 {
            for c in 1..4 {
                if (r, c) != (1, 1) && (r, c) != (3, 3) {
                    work[r * 9 + c] &= !0b11;
                }
            }
        }
        let found = hints_of("windoku", &source, &work);
        assert_eq!(found.len(), 1);
        let cells: Vec<usize> = found[0].removes.iter().map(|c| c.cell().index()).collect();
        assert_eq!(cells, [vec![10; 7], vec![30; 7]].concat());
        assert_eq!(found[0].parents.len(), 14, "7 cells, 2 digits each");
        assert_eq!(found[0].parents[0], off(11, 0));
        // Under classic rules r2c2 and r4c4 share no group.
        assert!(hints_of("nc", &source, &work).is_empty());
    }

    #[test]
    fn hash_order_keeps_a_buckets_insertion_order() {
        // Inserted ascending, the order is by bucket then cell; otherwise a bucket keeps
        // its insertion order (cells 18 and 2 share bucket 2 of 16).
        let ascending = [(2usize, 1u16), (5, 1), (18, 1)];
        let order = |v: &[Candidate]| v.iter().map(|c| c.cell().index()).collect::<Vec<_>>();
        assert_eq!(order(&hash_order(&ascending)), [2, 18, 5]);
        assert_eq!(order(&hash_order(&[(18, 1), (5, 1), (2, 1)])), [18, 2, 5]);
        // 13 cells make a table of 32: 2 and 34 no longer share a bucket with 18.
        let many: Vec<(usize, u16)> = (0..13).map(|k| (k * 16 + 2, 1)).collect();
        let cells = order(&hash_order(&many));
        assert_eq!(&cells[..4], [2, 34, 66, 98]);
    }
}

#[cfg(test)]
mod line_tests {
    use super::*;
    use crate::grid::UNITS;
    use crate::logic::rules::tables_of;

    #[test]
    fn the_x_wings_read_the_rules_lines_as_the_classic_grids() {
        // Rows and columns keep their slots and cell order under every rule (jigsaw
        // regions too), so the X-wings on a ruled grid's lines are those on the classic
        // grid's places: compared on grids reduced at random, under rules with and
        // without boxes.
        let regions: String = (0..81).map(|c| (b'A' + (c / 9) as u8) as char).collect();
        for rules in ["anti-king", "x,windoku", &format!("jigsaw={regions},x")] {
            let t = tables_of(rules);
            for (s, unit) in UNITS.iter().enumerate().take(18) {
                let cells: Vec<usize> = t.group_cells(s).iter().map(|&c| usize::from(c)).collect();
                let units: Vec<usize> = unit.iter().map(|&c| c as usize).collect();
                assert_eq!(cells, units, "{rules}: slot {s}");
            }
            let links = RuledLinks::new(&t);
            let mut fired = 0;
            let source = [0x1ffu16; 81];
            for work in two_digit_reductions(0x2545_f491_4f6c_dd1d, 200) {
                let (mut ruled, mut classic) = (Vec::new(), Vec::new());
                let (rs, rw) = (links.grid(&source), links.grid(&work));
                x_wings(rs.lines(), rw.lines(), &mut ruled);
                let (cs, cw) = (WorkGrid::new(&source), WorkGrid::new(&work));
                x_wings(&cs.places, &cw.places, &mut classic);
                assert_eq!(hint_keys(&ruled), hint_keys(&classic), "{rules}");
                fired += usize::from(!ruled.is_empty());
            }
            assert!(fired > 10, "{rules}: {fired} grids with X-wings");
        }
    }
}
