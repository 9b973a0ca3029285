//! Singles: full house, hidden single, naked single, rated and searched as Sukaku
//! Explainer does (full house 1.0; hidden single 1.2 in a box, 1.5 in a row or column;
//! naked single 2.3; units scanned boxes, then columns, then rows; digits ascending).
//! Under a variant's rules ([`full_house_in`], [`hidden_single_in`]) the extra groups
//! follow the rows, in Sukaku Explainer's order of region types, and rate 1.5 (a jigsaw
//! region, in the boxes' place, 1.2).

use crate::grid::UnitKind;
use crate::logic::context::*;
use crate::logic::geometry::*;
use crate::logic::marks::{Candidate, Marks};
use crate::logic::rules::{groups_in_scan_order, VariantTables};
use crate::logic::step::{make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

fn kind_of(size: crate::grid::Size, u: usize) -> UnitKind {
    match unit_kind_index(size, u) {
        0 => UnitKind::Row,
        1 => UnitKind::Col,
        _ => UnitKind::Box,
    }
}

/// The digit with one place left in a unit: with `alone` the unit's only blank cell (a
/// full house), otherwise a unit with more blanks (a hidden single).
fn single_in_unit(m: &Marks, ctx: &Context, alone: bool) -> Option<Step> {
    let size = m.size;
    for u in units_box_col_row(size) {
        let blanks = ctx.blanks[u];
        if blanks == 0 || (blanks == 1) != alone {
            continue;
        }
        for digit in 1..=size.n() as u8 {
            let p = ctx.pos[u][digit as usize - 1];
            if p == 0 || p & (p - 1) != 0 {
                continue;
            }
            let cell = size.unit_cells(u)[p.trailing_zeros() as usize] as usize;
            let (technique, rating, explanation) = if alone {
                (
                    Technique::FullHouse,
                    10,
                    sentence!(
                        "{} is the last blank cell of {}: it takes the missing {}.",
                        cell_name(size, cell),
                        unit_name(size, u),
                        digit
                    ),
                )
            } else {
                let kind = kind_of(size, u);
                let rating = if kind == UnitKind::Box { 12 } else { 15 };
                (
                    Technique::HiddenSingle(kind),
                    rating,
                    sentence!(
                        "{} is the only cell of {} that can hold {}.",
                        cell_name(size, cell),
                        unit_name(size, u),
                        digit
                    ),
                )
            };
            let placed = Candidate {
                cell: cell as u8,
                digit,
            };
            return Some(single_step(technique, rating, placed, u, explanation));
        }
    }
    None
}

/// The step of a full house or hidden single: `placed`, the one place left in unit (or
/// slot) `unit`.
fn single_step(
    technique: Technique,
    rating: u16,
    placed: Candidate,
    unit: usize,
    explanation: String,
) -> Step {
    make_step(StepParts {
        technique,
        rating,
        placements: vec![placed],
        eliminations: Vec::new(),
        cells: 1u128 << placed.cell,
        units: vec![unit as u8],
        digits: 1 << (placed.digit - 1),
        explanation,
    })
}

/// The last blank cell of a unit (1.0).
pub fn full_house(m: &Marks) -> Option<Step> {
    single_in_unit(m, &Context::new(m), true)
}

pub(crate) fn full_house_with(m: &Marks, ctx: &Context) -> Option<Step> {
    single_in_unit(m, ctx, true)
}

pub(crate) fn hidden_single_with(m: &Marks, ctx: &Context) -> Option<Step> {
    single_in_unit(m, ctx, false)
}

/// A digit with one place left in a unit with other blanks: box 1.2, row or column 1.5.
pub fn hidden_single(m: &Marks) -> Option<Step> {
    single_in_unit(m, &Context::new(m), false)
}

/// [`single_in_unit`] over every group of a variant's rules: groups in
/// [`groups_in_scan_order`], each group's places in its cell order, digits ascending.
fn single_in_group(m: &Marks, t: &VariantTables, alone: bool) -> Option<Step> {
    for slot in groups_in_scan_order(t) {
        let cells = t.group_cells(slot);
        let blanks = cells.iter().filter(|&&c| m.values[c as usize] == 0).count();
        if blanks == 0 || (blanks == 1) != alone {
            continue;
        }
        for digit in 1..=9u8 {
            let mut places = cells.iter().filter(|&&c| m.has(c as usize, digit));
            let (Some(&cell), None) = (places.next(), places.next()) else {
                continue;
            };
            let cell = cell as usize;
            let (technique, rating, explanation) = if alone {
                let said = sentence!(
                    "{} is the last blank cell of {}: it takes the missing {digit}.",
                    cell_name(m.size, cell),
                    t.slot_name(slot)
                );
                (Technique::FullHouse, 10, said)
            } else {
                let (technique, rating) = hidden_single_kind(t, slot);
                let said = sentence!(
                    "{} is the only cell of {} that can hold {digit}.",
                    cell_name(m.size, cell),
                    t.slot_name(slot)
                );
                (technique, rating, said)
            };
            let placed = Candidate {
                cell: cell as u8,
                digit,
            };
            return Some(single_step(technique, rating, placed, slot, explanation));
        }
    }
    None
}

/// The rating (tenths) of a hidden single in a slot's group ([`hidden_single_kind`]).
pub(crate) fn hidden_single_rating(t: &VariantTables, slot: usize) -> u16 {
    hidden_single_kind(t, slot).1
}

/// The technique and rating of a hidden single in a slot's group: a row's, column's or
/// box's as in classic sudoku, a jigsaw region's as a box's (1.2), any other group's 1.5.
fn hidden_single_kind(t: &VariantTables, slot: usize) -> (Technique, u16) {
    use crate::variant::GroupKind;
    match t.slot_kind(slot).map(|(kind, _)| kind) {
        Some(GroupKind::Row) => (Technique::HiddenSingle(UnitKind::Row), 15),
        Some(GroupKind::Column) => (Technique::HiddenSingle(UnitKind::Col), 15),
        Some(GroupKind::Box) | None => (Technique::HiddenSingle(UnitKind::Box), 12),
        Some(GroupKind::Region) => (Technique::HiddenSingleIn(GroupKind::Region), 12),
        Some(kind) => (Technique::HiddenSingleIn(kind), 15),
    }
}

/// [`full_house`] under a variant's rules: the last blank cell of any of its groups.
pub fn full_house_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    single_in_group(m, t, true)
}

/// [`hidden_single`] under a variant's rules: a digit with one place left in any of
/// its groups with other blanks.
pub fn hidden_single_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    single_in_group(m, t, false)
}

/// A cell with one candidate left (2.3), the first in cell order.
pub fn naked_single(m: &Marks) -> Option<Step> {
    let size = m.size;
    let cell = (0..size.cells()).find(|&c| m.values[c] == 0 && m.cands[c].count_ones() == 1)?;
    let digit = m.cands[cell].trailing_zeros() as u8 + 1;
    Some(make_step(StepParts {
        technique: Technique::NakedSingle,
        rating: 23,
        placements: vec![Candidate {
            cell: cell as u8,
            digit,
        }],
        eliminations: Vec::new(),
        cells: 1u128 << cell,
        units: Vec::new(),
        digits: 1 << (digit - 1),
        explanation: sentence!(
            "{} has a single candidate left: {}.",
            cell_name(size, cell),
            digit
        ),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn blank(cells: &[usize]) -> String {
        let mut s: Vec<u8> = SOLVED.bytes().collect();
        for &c in cells {
            s[c] = b'.';
        }
        String::from_utf8(s).unwrap()
    }

    #[test]
    fn full_house_in_a_box_first() {
        let m = marks(&blank(&[0]));
        let s = full_house(&m).unwrap();
        assert_eq!(s.technique, Technique::FullHouse);
        assert_eq!(s.rating, 10);
        assert_eq!(s.placements, vec![Candidate { cell: 0, digit: 5 }]);
        assert_eq!(s.units, vec![18]);
        assert_eq!(
            s.explanation,
            "r1c1 is the last blank cell of box 1: it takes the missing 5."
        );
    }

    #[test]
    fn full_house_in_a_column_when_box_and_row_have_two_blanks() {
        let m = marks(&blank(&[0, 1]));
        let s = full_house(&m).unwrap();
        assert_eq!(s.placements, vec![Candidate { cell: 0, digit: 5 }]);
        assert_eq!(s.units, vec![9]);
    }

    #[test]
    fn no_full_house_when_every_unit_has_two_blanks() {
        // r1c1, r1c2, r2c1, r2c2 blank: every unit holding them has two blanks.
        let m = marks(&blank(&[0, 1, 9, 10]));
        assert_eq!(full_house(&m), None);
        // The other units still pin every cell: r1c1 can only be 5.
        assert_eq!(
            naked_single(&m).unwrap().placements,
            vec![Candidate { cell: 0, digit: 5 }]
        );
    }

    #[test]
    fn hidden_single_in_a_box() {
        // The classic puzzle: its first hidden single in box order.
        let m = marks(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let s = hidden_single(&m).unwrap();
        assert_eq!(s.technique, Technique::HiddenSingle(UnitKind::Box));
        assert_eq!(s.rating, 12);
        // Box 1 holds 5,3,6,9,8; 1 is barred from r1 (no), ... the engine's answer is checked
        // against the solution and must lie in box 1's cells.
        let p = s.placements[0];
        assert_eq!(SOLVED.as_bytes()[p.cell as usize] - b'0', p.digit);
        assert!(crate::grid::box_of(p.cell as usize) == s.units[0] as usize - 18);
    }

    #[test]
    fn hidden_single_in_a_row_rates_1_5() {
        // 4x4: row 1 has 1 at r1c1 only; boxes and columns have none.
        //  . . | . .
        //  . . | 1 .
        //  ----+----
        //  . 1 | . .
        //  . . | . .
        let m = marks("......1..1......");
        let s = hidden_single(&m).unwrap();
        // Box 1 (top-left): 1 is barred from r2 (row 2 has 1) and c2 (column 2 has 1): only r1c1.
        assert_eq!(s.technique, Technique::HiddenSingle(UnitKind::Box));
        assert_eq!(s.placements, vec![Candidate { cell: 0, digit: 1 }]);
        assert_eq!(
            s.explanation,
            "r1c1 is the only cell of box 1 that can hold 1."
        );
        // Candidates where 1 has two places in every box but one in column 1.
        let m = marks_from_candidates("1234 1234 34 34  34 34 34 34  34 34 34 34  34 34 34 34");
        let s = hidden_single(&m).unwrap();
        assert_eq!(s.technique, Technique::HiddenSingle(UnitKind::Col));
        assert_eq!(s.rating, 15);
        assert_eq!(s.placements, vec![Candidate { cell: 0, digit: 1 }]);
    }

    #[test]
    fn naked_single_first_in_cell_order() {
        let m = marks(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let s = naked_single(&m).unwrap();
        // r7c1 (cell 54) ... the first cell with one candidate: cell 40 (r5c5) has only 5.
        assert_eq!(s.placements, vec![Candidate { cell: 40, digit: 5 }]);
        assert_eq!(s.explanation, "r5c5 has a single candidate left: 5.");
        let m = marks(SOLVED);
        assert_eq!(naked_single(&m), None);
    }
}
