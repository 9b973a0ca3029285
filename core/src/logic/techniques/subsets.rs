//! Naked and hidden subsets (pairs, triples, quads) and the direct hidden pair / triple,
//! as Sukaku Explainer finds and rates them: naked 3.0 / 3.6 / 5.0, hidden 3.4 / 4.0 / 5.4,
//! direct hidden pair 2.0, direct hidden triple 2.5. Units are scanned boxes, columns,
//! rows; a naked subset of n is looked for only in units with at least 2n blanks, a
//! hidden one only with more than 2n (more than n for the direct forms): below that the
//! complementary subset, the easier one, is there too.

use crate::logic::context::*;
use crate::logic::geometry::*;
use crate::logic::marks::{Candidate, Marks};
use crate::logic::memo::{found_nothing, ruled};
use crate::logic::rules::{groups_in_scan_order, TechniqueSet, VariantTables};
use crate::logic::step::{eliminations_of, make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

/// The naked subset of `degree` cells (2-4) found first.
pub fn naked_subset(m: &Marks, degree: usize) -> Option<Step> {
    naked_subset_with(m, &Context::new(m), degree)
}

pub(crate) fn naked_subset_with(m: &Marks, ctx: &Context, degree: usize) -> Option<Step> {
    let size = m.size;
    for u in units_box_col_row(size) {
        if (ctx.blanks[u] as usize) < 2 * degree {
            continue;
        }
        let slot = found_nothing::slot::subsets(true, false, degree);
        let key = slot
            .filter(|_| size == crate::grid::Size::Nine)
            .map(|slot| (slot, found_nothing::unit_key(ctx, u)));
        if key.is_some_and(|(slot, key)| found_nothing::unit_known(slot, u, key)) {
            continue;
        }
        let unit = Unit {
            number: u,
            cells: size.unit_cells(u),
            pos: &ctx.pos[u],
            name: &|| unit_name(size, u),
        };
        let rest_of_unit = |set: CellSet| unit_mask(size, u) & !set;
        if let Some(step) = naked_in_unit(m, &unit, degree, &rest_of_unit) {
            return Some(step);
        }
        if let Some((slot, key)) = key {
            found_nothing::unit_record(slot, u, key);
        }
    }
    None
}

/// The first naked subset of `degree` cells in one unit (or a variant's group) that
/// eliminates something. `victims(holders)` gives the cells that lose a digit of the
/// set held by the set's cells `holders`: the unit's cells outside the set, or under a
/// variant's generalized sets every cell that sees all of `holders`.
fn naked_in_unit(
    m: &Marks,
    unit: &Unit,
    degree: usize,
    victims: &dyn Fn(CellSet) -> CellSet,
) -> Option<Step> {
    let size = m.size;
    let cells = unit.cells;
    // Only cells of 2 to `degree` candidates can take part; combinations over them
    // come in the same order as over all the unit's cells.
    let sizes = cells
        .iter()
        .map(|&c| count9(u32::from(m.cands[c as usize])));
    let (eligible, count) = between_two_and(degree, sizes);
    for sub in combinations(count, degree) {
        let mut union = 0u16;
        let mut set_cells = 0u128;
        for i in bits(sub) {
            let c = cells[eligible[i]];
            union |= m.cands[c as usize];
            set_cells |= 1u128 << c;
        }
        if count9(union as u32) as usize != degree {
            continue;
        }
        let mut eliminations = Vec::new();
        for d in bits(union as u32) {
            let digit = d as u8 + 1;
            let holders = cells_of(set_cells).filter(|&c| m.has(c, digit));
            let holders = holders.fold(0u128, |h, c| h | 1 << c);
            eliminations.extend(eliminations_of(m, victims(holders) & !set_cells, digit));
        }
        if eliminations.is_empty() {
            continue;
        }
        let rating = [0, 0, 30, 36, 50][degree];
        let explanation = sentence!(
            "In {}, {} hold only {} between them: these digits leave the rest of {} ({}).",
            (unit.name)(),
            cell_list(size, cells_of(set_cells)),
            digit_list(union),
            (unit.name)(),
            elimination_text(size, &eliminations)
        );
        return Some(make_step(StepParts {
            technique: Technique::NakedSubset(degree as u8),
            rating,
            placements: Vec::new(),
            eliminations,
            cells: set_cells,
            units: vec![unit.number as u8],
            digits: union,
            explanation,
        }));
    }
    None
}

/// Every cell of a 9×9 grid.
const ALL_CELLS: CellSet = (1 << 81) - 1;

/// [`naked_subset`] under a variant's rules, over every group in Sukaku Explainer's
/// scan order. Under extra groups, knight's moves or king's steps these are its
/// generalized naked sets (`NakedSetGen.java`, the same 3.0 / 3.6 / 5.0): each digit of
/// the set leaves every cell that sees all the set's cells holding it, in the group or
/// not; otherwise (nc alone, jigsaw) the group's other cells, as in classic sudoku.
pub fn naked_subset_in(m: &Marks, t: &VariantTables, degree: usize) -> Option<Step> {
    let generalized = matches!(t.technique_set(), TechniqueSet::Groups { .. });
    for slot in groups_in_scan_order(t) {
        let cells = t.group_cells(slot);
        let blanks = cells.iter().filter(|&&c| m.values[c as usize] == 0).count();
        if blanks < 2 * degree {
            continue;
        }
        let unit = Unit {
            number: slot,
            cells,
            pos: &[0; 9],
            name: &|| t.slot_name(slot),
        };
        let rest_of_group = |set: CellSet| t.group_mask(slot) & !set;
        let seeing_all =
            |holders: CellSet| cells_of(holders).fold(ALL_CELLS, |v, c| v & t.peers(c));
        let victims: &dyn Fn(CellSet) -> CellSet = if generalized {
            &seeing_all
        } else {
            &rest_of_group
        };
        if let Some(mut step) = naked_in_unit(m, &unit, degree, victims) {
            if generalized {
                step.technique = Technique::GeneralizedNakedSubset(degree as u8);
                step.explanation = step.explanation.replace(
                    &format!("leave the rest of {}", t.slot_name(slot)),
                    "leave every cell that sees all the set's cells holding them",
                );
            }
            return Some(step);
        }
    }
    None
}

pub(crate) fn hidden(m: &Marks, ctx: &Context, degree: usize, direct: bool) -> Option<Step> {
    let size = m.size;
    for u in units_box_col_row(size) {
        let blanks = ctx.blanks[u] as usize;
        if !(blanks > 2 * degree || (direct && blanks > degree)) {
            continue;
        }
        let slot = found_nothing::slot::subsets(false, direct, degree);
        let key = slot
            .filter(|_| size == crate::grid::Size::Nine)
            .map(|slot| (slot, found_nothing::unit_key(ctx, u)));
        if key.is_some_and(|(slot, key)| found_nothing::unit_known(slot, u, key)) {
            continue;
        }
        let unit = Unit {
            number: u,
            cells: size.unit_cells(u),
            pos: &ctx.pos[u],
            name: &|| unit_name(size, u),
        };
        if let Some(step) = hidden_in_unit(m, &unit, degree, direct) {
            return Some(step);
        }
        if let Some((slot, key)) = key {
            found_nothing::unit_record(slot, u, key);
        }
    }
    None
}

/// The indices of `sizes` (at most nine) between 2 and `degree`, in order, and how many:
/// the cells (digits) that can take part in a naked (hidden) subset of `degree`.
fn between_two_and(degree: usize, sizes: impl Iterator<Item = u32>) -> ([usize; 9], usize) {
    let mut eligible = [0usize; 9];
    let mut count = 0;
    for (i, size) in sizes.enumerate() {
        if (2..=degree as u32).contains(&size) {
            eligible[count] = i;
            count += 1;
        }
    }
    (eligible, count)
}

/// One unit (or a variant's group) as the hidden subsets read it: its number in the
/// step, its cells in order, each digit's positions there (bit `i` for `cells[i]`, at
/// index `d - 1`), and its name.
struct Unit<'a> {
    number: usize,
    cells: &'a [u8],
    pos: &'a [u32; 9],
    name: &'a dyn Fn() -> String,
}

/// The first hidden subset of `degree` digits in one unit: one that eliminates something,
/// or with `direct` one that leaves another digit of the unit a single place.
fn hidden_in_unit(m: &Marks, unit: &Unit, degree: usize, direct: bool) -> Option<Step> {
    let size = m.size;
    let n = size.n();
    let (cells, pos) = (unit.cells, unit.pos);
    // Only digits with two to `degree` places can take part (the subset's places are
    // `degree` cells holding every place of each of its digits); combinations over
    // them come in the same order as over all digits.
    let (eligible, count) = between_two_and(degree, pos.iter().take(n).map(|&p| count9(p)));
    for sub in combinations(count, degree) {
        let mut common = 0u32;
        let mut combo = 0u32;
        for i in bits(sub) {
            let d = eligible[i];
            combo |= 1 << d;
            common |= pos[d];
        }
        if count9(common) as usize != degree {
            continue;
        }
        let digits = combo as u16;
        let mut set_cells = 0u128;
        let mut eliminations = Vec::new();
        for i in bits(common) {
            let c = cells[i];
            set_cells |= 1u128 << c;
            for b in bits((m.cands[c as usize] & !digits) as u32) {
                eliminations.push(Candidate {
                    cell: c,
                    digit: b as u8 + 1,
                });
            }
        }
        if !direct {
            if eliminations.is_empty() {
                continue;
            }
            let rating = [0, 0, 34, 40, 54][degree];
            let explanation = sentence!(
                "In {}, {} can only be in {}: these cells hold nothing else ({}).",
                (unit.name)(),
                digit_list(digits),
                cell_list(size, cells_of(set_cells)),
                elimination_text(size, &eliminations)
            );
            return Some(make_step(StepParts {
                technique: Technique::HiddenSubset(degree as u8),
                rating,
                placements: Vec::new(),
                eliminations,
                cells: set_cells,
                units: vec![unit.number as u8],
                digits,
                explanation,
            }));
        }
        for (d, &places) in pos.iter().enumerate().take(n) {
            if combo >> d & 1 != 0 || places & places.wrapping_sub(1) == 0 {
                continue;
            }
            let rest = places & !common;
            if rest != 0 && rest & (rest - 1) == 0 {
                let cell = cells[rest.trailing_zeros() as usize];
                let digit = d as u8 + 1;
                let rating = [0, 0, 20, 25, 43][degree];
                let explanation = sentence!(
                    "In {}, {} can only be in {}, so {} is left a single place there: {}.",
                    (unit.name)(),
                    digit_list(digits),
                    cell_list(size, cells_of(set_cells)),
                    digit,
                    cell_name(size, cell as usize)
                );
                // As in Sukaku Explainer, a direct step only places its digit: the
                // subset's eliminations are left for later steps to find.
                return Some(make_step(StepParts {
                    technique: Technique::DirectHiddenSubset(degree as u8),
                    rating,
                    placements: vec![Candidate { cell, digit }],
                    eliminations: Vec::new(),
                    cells: set_cells | (1u128 << cell),
                    units: vec![unit.number as u8],
                    digits,
                    explanation,
                }));
            }
        }
    }
    None
}

/// [`hidden`] under a variant's rules: every group the rules use, in Sukaku Explainer's
/// order for subsets (boxes, columns, rows, then the extra groups), each group's
/// positions in its cell order.
pub fn hidden_subset_in(m: &Marks, t: &VariantTables, degree: usize, direct: bool) -> Option<Step> {
    // What a group gives is a function of its cells' candidates (a filled cell has none):
    // a group whose candidates are those on which it last gave nothing is skipped.
    let memo = t.found_nothing();
    let search = ruled::search::hidden_subsets(degree, direct);
    for slot in groups_in_scan_order(t) {
        let cells = t.group_cells(slot);
        let key = cells
            .iter()
            .fold(0u128, |k, &c| k << 9 | u128::from(m.cands[c as usize]));
        if search.is_some_and(|search| memo.group_known(search, slot, key)) {
            continue;
        }
        let blanks = cells.iter().filter(|&&c| m.values[c as usize] == 0).count();
        if !(blanks > 2 * degree || (direct && blanks > degree)) {
            continue;
        }
        let mut pos = [0u32; 9];
        for (i, &c) in cells.iter().enumerate() {
            for d in bits(u32::from(m.cands[c as usize])) {
                pos[d] |= 1 << i;
            }
        }
        let unit = Unit {
            number: slot,
            cells,
            pos: &pos,
            name: &|| t.slot_name(slot),
        };
        if let Some(step) = hidden_in_unit(m, &unit, degree, direct) {
            return Some(step);
        }
        if let Some(search) = search {
            memo.group_record(search, slot, key);
        }
    }
    None
}

/// The hidden subset of `degree` digits (2-4) found first that eliminates something.
pub fn hidden_subset(m: &Marks, degree: usize) -> Option<Step> {
    hidden(m, &Context::new(m), degree, false)
}

/// The direct hidden pair (2) or triple (3): a hidden subset that leaves another digit
/// of its unit a single place, which the step fills.
pub fn direct_hidden_subset(m: &Marks, degree: usize) -> Option<Step> {
    hidden(m, &Context::new(m), degree, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;
    use crate::logic::testing::*;

    fn row1(first: &[&str]) -> Marks {
        let mut cands: Vec<&str> = vec!["+1"; 81];
        for (i, t) in first.iter().enumerate() {
            cands[i] = t;
        }
        marks_from_candidates(&cands.join(" "))
    }

    #[test]
    fn naked_pair_in_a_row() {
        let m = row1(&["12", "12", "123", "234", "345", "456"]);
        let s = naked_subset(&m, 2).unwrap();
        assert_eq!(s.technique, Technique::NakedSubset(2));
        assert_eq!(s.rating, 30);
        assert_eq!(s.cells, vec![0, 1]);
        assert_eq!(
            s.eliminations,
            vec![
                cand(Size::Nine, 0, 2, 1),
                cand(Size::Nine, 0, 2, 2),
                cand(Size::Nine, 0, 3, 2)
            ]
        );
        // Only a pair: no triple eliminates anything more than... a triple {1,2,3} in
        // r1c1-r1c3 removes 2 and 3 from r1c4 and 3 from r1c5.
        let t = naked_subset(&m, 3).unwrap();
        assert_eq!(t.rating, 36);
        assert_eq!(t.cells, vec![0, 1, 2]);
    }

    #[test]
    fn no_naked_pair_in_a_unit_with_fewer_than_four_blanks() {
        let m = row1(&["12", "12", "123"]);
        assert_eq!(naked_subset(&m, 2), None);
    }

    #[test]
    fn hidden_pair_in_a_row() {
        // 8 and 9 only in r1c1 and r1c2, which hold other digits too.
        let m = row1(&["1289", "3489", "123", "1234", "34", "12"]);
        let s = hidden_subset(&m, 2).unwrap();
        assert_eq!(s.technique, Technique::HiddenSubset(2));
        assert_eq!(s.rating, 34);
        assert_eq!(s.digits, 0b1_1000_0000);
        assert_eq!(s.eliminations.len(), 4);
    }

    #[test]
    fn direct_hidden_pair_places_the_single() {
        // 8 and 9 only in r1c1, r1c2; 5 in r1c1 and r1c4 only: removing it from r1c1
        // leaves r1c4.
        let m = row1(&["589", "3489", "12", "1235", "36", "16"]);
        let s = direct_hidden_subset(&m, 2).unwrap();
        assert_eq!(s.technique, Technique::DirectHiddenSubset(2));
        assert_eq!(s.rating, 20);
        assert_eq!(s.placements, vec![cand(Size::Nine, 0, 3, 5)]);
    }
}
