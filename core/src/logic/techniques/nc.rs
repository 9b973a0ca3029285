//! The two rules of non-consecutive sudoku (nc: orthogonal neighbours never hold
//! consecutive digits), as Sukaku Explainer v1.15.10 finds and rates them
//! (`forcingCellNC.java`, `lockedNC.java`; its `--isNC=1`, where 9 and 1 are not
//! consecutive):
//! - **NC forcing cell** (2.4): a cell whose candidates are {a, a+1}, {a, a+2} or
//!   {a, a+1, a+2} forces its orthogonal neighbours: whichever digit it takes, a
//!   neighbour can hold neither a nor a+1 (the first), nor a+1 (the others). Cells in
//!   order.
//! - **Locked nc** (2.5): a digit's two or three places in a group: when they are
//!   neighbours in a row, column or window (two side by side, or three in a line), the
//!   places that must be next to the digit lose its neighbours in value (both of two,
//!   the middle of three); and in any such group, a cell orthogonally next to every place
//!   loses them too. Digits ascending, then the windows 1-4, the columns, the rows and
//!   the boxes, as Sukaku Explainer reads them.
//!
//! Sukaku Explainer takes two places of a window as neighbours when they follow each
//! other in the window's cell order, which includes places that are not neighbours (the
//! end of one row of the window and the start of the next) and can remove a digit of the
//! solution; here they must be neighbours in the grid.

use crate::logic::geometry::{cells_of, CellSet};
use crate::logic::marks::{Candidate, Marks};
use crate::logic::rules::{GroupType, VariantTables};
use crate::logic::step::{eliminations_of, make_step, Step, StepParts, Technique};
use crate::logic::wording::*;

/// The digits next to `digit` in value (bit `d - 1`), 9 and 1 not consecutive.
fn neighbours_in_value(digit: u8) -> u16 {
    let bit = 1u16 << (digit - 1);
    (bit << 1 | bit >> 1) & 0x1ff
}

/// `3, 4 or 5`.
fn digits_or(mask: u16) -> String {
    digit_list(mask).replacen(" and ", " or ", 1)
}

/// The eliminations of the digits `digits` from the cells `victims`.
fn eliminate(m: &Marks, victims: CellSet, digits: u16) -> Vec<Candidate> {
    // Most calls find nothing: that is asked first, without building the lists.
    if !cells_of(victims).any(|c| m.cands[c] & digits != 0) {
        return Vec::new();
    }
    (1..=9u8)
        .filter(|d| digits >> (d - 1) & 1 == 1)
        .flat_map(|d| eliminations_of(m, victims, d))
        .collect()
}

/// The first NC forcing cell that eliminates something (2.4).
pub fn nc_forcing_cell(m: &Marks, t: &VariantTables) -> Option<Step> {
    for cell in (0..81).filter(|&c| m.values[c] == 0) {
        let cands = m.cands[cell];
        let (first, last) = (cands.trailing_zeros(), 15 - cands.leading_zeros());
        let spread = last - first;
        let forced: u16 = match (cands.count_ones(), spread) {
            (2, 1) => cands,
            (2, 2) | (3, 2) => 1 << (first + 1),
            _ => continue,
        };
        let eliminations = eliminate(m, t.neighbours(cell), forced);
        if eliminations.is_empty() {
            continue;
        }
        let explanation = sentence!(
            "{} holds {}: whichever it takes, its neighbours cannot hold {} ({}).",
            cell_name(m.size, cell),
            digits_or(cands),
            digits_or(forced),
            elimination_text(m.size, &eliminations)
        );
        return Some(make_step(StepParts {
            technique: Technique::NcForcingCell,
            rating: 24,
            placements: Vec::new(),
            eliminations,
            cells: 1 << cell,
            units: Vec::new(),
            digits: cands,
            explanation,
        }));
    }
    None
}

/// The groups locked nc reads, in Sukaku Explainer's order: the shaded windows (1-4),
/// the columns, the rows, the boxes (or jigsaw regions).
fn locked_groups(t: &VariantTables) -> impl Iterator<Item = usize> + '_ {
    let windows = GroupType::Window.slots().filter(
        |&s| matches!(t.slot_kind(s), Some((crate::variant::GroupKind::Window, i)) if i < 4),
    );
    windows
        .chain(GroupType::Column.slots())
        .chain(GroupType::Row.slots())
        .chain(GroupType::Block.slots())
        .filter(|&s| t.active_slots() >> s & 1 == 1)
}

/// The first locked nc that eliminates something (2.5).
pub fn nc_locked(m: &Marks, t: &VariantTables) -> Option<Step> {
    let dcs = m.digit_cells();
    for digit in 1..=9u8 {
        let around = neighbours_in_value(digit);
        for slot in locked_groups(t) {
            let set = dcs[usize::from(digit - 1)] & t.group_mask(slot);
            if !(2..=3).contains(&set.count_ones()) {
                continue;
            }
            // The places as indices in the group's cell order, and their cells.
            let cells = t.group_cells(slot);
            let (mut at, mut places) = ([0; 3], [0; 3]);
            let mut n = 0;
            for (i, &c) in cells.iter().enumerate() {
                if set >> c & 1 == 1 {
                    (at[n], places[n]) = (i, usize::from(c));
                    n += 1;
                }
            }
            let (at, places) = (&at[..n], &places[..n]);
            // In a row, column or window, places that follow each other in its order (and,
            // in a window, are neighbours in the grid): those next to the others.
            let in_order = at[at.len() - 1] - at[0] == at.len() - 1;
            let side_by_side = places
                .windows(2)
                .all(|w| t.neighbours(w[0]) >> w[1] & 1 == 1);
            let line = !GroupType::Block.slots().contains(&slot) && in_order && side_by_side;
            let pinned: CellSet = match (line, places.len()) {
                (true, 2) => set,
                (true, _) => 1 << places[1],
                _ => 0,
            };
            let next_to_all = places.iter().fold(!set, |v, &c| v & t.neighbours(c));
            for victims in [pinned, next_to_all] {
                let eliminations = eliminate(m, victims, around);
                if eliminations.is_empty() {
                    continue;
                }
                let explanation = sentence!(
                    "In {}, {} can only be in {}: {} cannot hold {} ({}).",
                    t.slot_name(slot),
                    digit,
                    cell_list(m.size, cells_of(set)),
                    if victims == pinned {
                        "the places next to the digit"
                    } else {
                        "the cells next to all of them"
                    },
                    digits_or(around),
                    elimination_text(m.size, &eliminations)
                );
                return Some(make_step(StepParts {
                    technique: Technique::NcLocked,
                    rating: 25,
                    placements: Vec::new(),
                    eliminations,
                    cells: set,
                    units: vec![slot as u8],
                    digits: 1 << (digit - 1),
                    explanation,
                }));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Geometry, Rules, Shape};

    fn tables(text: &str) -> VariantTables {
        let g = Geometry::new(Shape::NINE, &Rules::parse(text).unwrap()).unwrap();
        VariantTables::new(&g).unwrap()
    }

    #[test]
    fn the_eliminations_asked_first_are_those_listed_the_plain_way() {
        // `eliminate` answers "none" before listing where no victim holds a digit: the
        // same lists as listing every digit's, on grids thinned at random.
        let mut m = tables("nc").marks_of(&[0; 81]);
        let mut rng = crate::generate::Rng::new(61);
        let mut next = || rng.next_u64() as usize;
        let (mut empty, mut found) = (0, 0);
        for _ in 0..2000 {
            let cell = next() % 81;
            m.cands[cell] &= !(1 << (next() % 9));
            let victims: CellSet = (0..4).fold(0, |v, _| v | 1u128 << (next() % 81));
            let digits = (next() % 512) as u16;
            let plain: Vec<Candidate> = (1..=9u8)
                .filter(|d| digits >> (d - 1) & 1 == 1)
                .flat_map(|d| eliminations_of(&m, victims, d))
                .collect();
            let listed = eliminate(&m, victims, digits);
            assert_eq!(listed, plain);
            empty += usize::from(listed.is_empty());
            found += usize::from(!listed.is_empty());
        }
        assert!(empty > 100 && found > 100, "{empty} {found}");
    }

    /// Every cell open with every digit, but `cell` holding `digits` (bit `d - 1`).
    fn open_grid_with(cell: usize, digits: u16) -> Marks {
        let mut m = tables("nc").marks_of(&[0; 81]);
        m.cands[cell] = digits;
        m
    }

    fn taken(step: &Step) -> Vec<(u8, u8)> {
        step.eliminations
            .iter()
            .map(|e| (e.cell, e.digit))
            .collect()
    }

    #[test]
    fn a_forcing_cell_takes_what_its_neighbours_cannot_hold() {
        let t = tables("nc");
        let step = nc_forcing_cell(&open_grid_with(40, 0b1100), &t).unwrap();
        assert_eq!(
            (step.technique, step.rating),
            (Technique::NcForcingCell, 24)
        );
        let around = [31, 39, 41, 49];
        let want: Vec<(u8, u8)> = around.iter().flat_map(|&c| [(c, 3), (c, 4)]).collect();
        assert_eq!(taken(&step), want);
        for digits in [0b1_0100u16, 0b1_1100] {
            let step = nc_forcing_cell(&open_grid_with(40, digits), &t).unwrap();
            assert_eq!(taken(&step), around.map(|c| (c, 4)), "{digits:b}");
        }
        // Three apart, a pair of 1 and 9, or four digits: nothing forced.
        for digits in [0b100_1000u16, 0b1_0000_0001, 0b1111] {
            assert_eq!(
                nc_forcing_cell(&open_grid_with(40, digits), &t),
                None,
                "{digits:b}"
            );
        }
    }

    /// Every cell open with every digit, digit 5 only in `places` within the cells of
    /// `group`.
    fn five_only_at(t: &VariantTables, group: &[u8], places: &[u8]) -> Marks {
        let mut m = t.marks_of(&[0; 81]);
        for &c in group.iter().filter(|c| !places.contains(c)) {
            m.eliminate(usize::from(c), 5);
        }
        m
    }

    #[test]
    fn locked_places_take_the_digits_next_in_value() {
        let t = tables("nc");
        let row_1: Vec<u8> = (0..9).collect();
        // Side by side in row 1: both lose 4 and 6.
        let step = nc_locked(&five_only_at(&t, &row_1, &[3, 4]), &t).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::NcLocked, 25));
        assert_eq!(taken(&step), vec![(3, 4), (3, 6), (4, 4), (4, 6)]);
        // Three in a line: the middle one.
        let step = nc_locked(&five_only_at(&t, &row_1, &[3, 4, 5]), &t).unwrap();
        assert_eq!(taken(&step), vec![(4, 4), (4, 6)]);
        // Diagonal in box 1: the two cells next to both.
        let box_1 = [0, 1, 2, 9, 10, 11, 18, 19, 20];
        let step = nc_locked(&five_only_at(&t, &box_1, &[0, 10]), &t).unwrap();
        assert_eq!(taken(&step), vec![(1, 4), (1, 6), (9, 4), (9, 6)]);
        // One apart in a row: the cell between them.
        let step = nc_locked(&five_only_at(&t, &row_1, &[3, 5]), &t).unwrap();
        assert_eq!(taken(&step), vec![(4, 4), (4, 6)]);
        // Further apart: nothing.
        assert_eq!(nc_locked(&five_only_at(&t, &row_1, &[3, 6]), &t), None);
    }

    #[test]
    fn places_that_follow_in_a_windows_order_must_be_neighbours() {
        // Window 1 lists r2c2, r2c3, r2c4, r3c2, ...: r2c4 and r3c2 follow each other
        // there but are not neighbours, so they pin nothing (Sukaku Explainer's reading
        // would take 4 and 6 from both, which can be wrong).
        let t = tables("windoku,nc");
        let window_1 = *t.group_cells(36);
        assert_eq!(&window_1[2..4], &[12, 19]);
        assert_eq!(nc_locked(&five_only_at(&t, &window_1, &[12, 19]), &t), None);
        // Side by side in window 1 (r2c2, r2c3): both lose 4 and 6.
        let step = nc_locked(&five_only_at(&t, &window_1, &[10, 11]), &t).unwrap();
        assert_eq!(step.units, vec![36]);
        assert_eq!(taken(&step), vec![(10, 4), (10, 6), (11, 4), (11, 6)]);
    }
}
