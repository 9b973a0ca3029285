//! The bivalue universal grave (BUG, types 1-4).

use super::groups::Groups;
use crate::logic::context::*;
use crate::logic::geometry::*;
use crate::logic::marks::{Candidate, Marks};
use crate::logic::rules::VariantTables;
use crate::logic::step::{eliminations_of, make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

/// BUG types 1-4, found as Sukaku Explainer finds them: in every unit (boxes, rows,
/// columns) a digit with neither 0 nor 2 places, of which exactly one lies in a cell of
/// three or more candidates, makes that cell a BUG cell and the digit one of its BUG
/// digits; without the BUG digits, every blank cell must hold two candidates and every
/// digit two places or none in each unit. Then, with one BUG cell, it holds its BUG digit
/// (type 1, 5.6); with one BUG digit, every cell seeing all BUG cells loses it (type 2,
/// 5.7); two BUG cells in a unit sharing one other digit keep only it and their BUG
/// digits (type 4, 5.7); the BUG digits and other cells of the BUG cells' common unit
/// make a naked subset (type 3, 5.7 plus 0.1 per digit beyond one).
pub fn bug(m: &Marks) -> Option<Step> {
    bug_with(m, &Context::new(m))
}

/// A bivalue universal grave found: its BUG cells (in the order met), each one's BUG
/// digits, all BUG digits, the cells seeing every BUG cell, and the BUG cells' set.
struct Bug {
    cells: Vec<usize>,
    values: [u16; crate::grid::CELLS],
    all_values: u16,
    common: CellSet,
    set: CellSet,
}

/// [`bug`] with the position's [`Context`] (its digits' candidate cells).
pub(crate) fn bug_with(m: &Marks, ctx: &Context) -> Option<Step> {
    bug_over(m, &ctx.dcs, Groups::Units(m.size))
}

/// The BUG under a variant's rules, as Sukaku Explainer finds it with extra groups: every
/// group of the rules counts as a unit, and "seeing" is the rules' peers.
pub fn bug_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    bug_over(m, &m.digit_cells(), Groups::Rules(t))
}

fn bug_over(m: &Marks, dcs: &[CellSet; 9], groups: Groups) -> Option<Step> {
    let bug = bug_pattern(m, dcs, groups)?;
    let names = cell_list(m.size, bug.cells.iter().copied());
    if bug.cells.len() == 1 {
        return Some(bug_type_1(m, &bug, &names));
    }
    if bug.all_values.count_ones() == 1 {
        if let Some(step) = bug_type_2(m, &bug, &names) {
            return Some(step);
        }
        if bug.cells.len() == 2 {
            return bug_type_4(m, groups, &bug.cells, &bug.values, bug.all_values);
        }
        return None;
    }
    if bug.common == 0 {
        return None;
    }
    if bug.cells.len() == 2 {
        if let Some(step) = bug_type_4(m, groups, &bug.cells, &bug.values, bug.all_values) {
            return Some(step);
        }
    }
    bug_type_3(m, groups, &bug, &names)
}

/// The BUG of `m`, if it is one (see [`bug`]).
fn bug_pattern(m: &Marks, dcs: &[CellSet; 9], groups: Groups) -> Option<Bug> {
    let size = m.size;
    let n = size.n();
    let mut temp = m.cands;
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0u16; crate::grid::CELLS];
    let mut all_values = 0u16;
    let mut common: Option<CellSet> = None;
    let mut bug_set = 0u128;
    let scan = groups.scan();
    // The cells of three candidates or more.
    let mut multi3 = 0u128;
    for c in 0..size.cells() {
        if m.cands[c].count_ones() >= 3 {
            multi3 |= 1u128 << c;
        }
    }
    for &u in &scan {
        for digit in 1..=n as u8 {
            let bit = 1u16 << (digit - 1);
            let places = dcs[digit as usize - 1] & groups.mask(u);
            let count = places.count_ones();
            if count == 0 || count == 2 {
                continue;
            }
            let found = places & multi3;
            if found == 0 {
                return None;
            }
            if found & found.wrapping_sub(1) != 0 {
                continue;
            }
            let cell = found.trailing_zeros() as usize;
            if bug_set >> cell & 1 == 0 {
                bug_cells.push(cell);
                bug_set |= 1u128 << cell;
            }
            bug_values[cell] |= bit;
            all_values |= bit;
            temp[cell] &= !bit;
            let c = common.unwrap_or(!0u128) & groups.peers(cell) & !bug_set;
            common = Some(c);
            if bug_cells.len() > 1 && all_values.count_ones() > 1 && c == 0 {
                return None;
            }
        }
    }
    if bug_cells.is_empty() {
        return None;
    }
    if (0..size.cells()).any(|c| m.values[c] == 0 && temp[c].count_ones() != 2) {
        return None;
    }
    for &u in &scan {
        let mut once = 0u16;
        let mut twice = 0u16;
        let mut more = 0u16;
        for &c in groups.cells(u) {
            let k = temp[c as usize];
            more |= twice & k;
            twice |= once & k;
            once |= k;
        }
        if more != 0 || once != twice {
            return None;
        }
    }
    Some(Bug {
        cells: bug_cells,
        values: bug_values,
        all_values,
        common: common.unwrap_or(0),
        set: bug_set,
    })
}

/// Type 1: the one BUG cell holds its BUG digits.
fn bug_type_1(m: &Marks, bug: &Bug, names: &str) -> Step {
    let size = m.size;
    let c = bug.cells[0];
    let elims: Vec<Candidate> = crate::grid::digits_of(m.cands[c] & !bug.all_values)
        .map(|d| Candidate {
            cell: c as u8,
            digit: d,
        })
        .collect();
    let text = sentence!(
        "BUG type 1: without {} in {}, every blank cell would hold two candidates and every digit two places in its units, a grid with two solutions; so {} holds {} ({}).",
        digit_list(bug.all_values),
        names,
        names,
        digit_list(bug.all_values),
        elimination_text(size, &elims)
    );
    make_step(StepParts {
        technique: Technique::Bug(1),
        rating: 56,
        placements: Vec::new(),
        eliminations: elims,
        cells: bug.set,
        units: Vec::new(),
        digits: bug.all_values,
        explanation: text,
    })
}

/// Type 2: one BUG digit, which every cell seeing all BUG cells loses.
fn bug_type_2(m: &Marks, bug: &Bug, names: &str) -> Option<Step> {
    let size = m.size;
    let digit = bug.all_values.trailing_zeros() as u8 + 1;
    let elim = digit_cells(m, digit) & bug.common;
    if elim != 0 {
        let elims = eliminations_of(m, elim, digit);
        let text = sentence!(
            "BUG type 2: without their {}, {} would leave a grid with two solutions, so one of them holds {} ({}).",
            digit,
            names,
            digit,
            elimination_text(size, &elims)
        );
        return Some(make_step(StepParts {
            technique: Technique::Bug(2),
            rating: 57,
            placements: Vec::new(),
            eliminations: elims,
            cells: bug.set,
            units: Vec::new(),
            digits: bug.all_values,
            explanation: text,
        }));
    }
    None
}

/// Type 3: the BUG digits and other cells of a unit holding every BUG cell make a naked
/// subset.
fn bug_type_3(m: &Marks, groups: Groups, bug: &Bug, names: &str) -> Option<Step> {
    let size = m.size;
    let scan = groups.scan();
    for degree in 2..=6usize {
        for &u in &scan {
            if bug.set & !groups.mask(u) != 0 {
                continue;
            }
            let region: Vec<usize> = cells_of(bug.common & groups.mask(u)).collect();
            if region.len() < degree {
                continue;
            }
            for combo in combinations(region.len(), degree - 1) {
                let mut others = 0u16;
                let mut naked_cells = 0u128;
                let mut ok = true;
                for i in bits(combo) {
                    let k = m.cands[region[i]];
                    if k.count_ones() < 2 {
                        ok = false;
                    }
                    others |= k;
                    naked_cells |= 1u128 << region[i];
                }
                if !ok
                    || others.count_ones() as usize != degree
                    || (others | bug.all_values).count_ones() as usize != degree
                {
                    continue;
                }
                let naked = others | bug.all_values;
                let mut elims = Vec::new();
                for &c in &region {
                    if naked_cells >> c & 1 != 0 {
                        continue;
                    }
                    for b in bits((m.cands[c] & naked) as u32) {
                        elims.push(Candidate {
                            cell: c as u8,
                            digit: b as u8 + 1,
                        });
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                let rating = 57 + degree as u16 - 1;
                let text = sentence!(
                    "BUG type 3: one of {} holds one of {}, which with {} form a naked subset of {} in {} ({}).",
                    names,
                    digit_list(bug.all_values),
                    cell_list(size, cells_of(naked_cells)),
                    digit_list(naked),
                    groups.name(u),
                    elimination_text(size, &elims)
                );
                return Some(make_step(StepParts {
                    technique: Technique::Bug(3),
                    rating,
                    placements: Vec::new(),
                    eliminations: elims,
                    cells: bug.set | naked_cells,
                    units: vec![u as u8],
                    digits: naked,
                    explanation: text,
                }));
            }
        }
    }
    None
}

fn bug_type_4(
    m: &Marks,
    groups: Groups,
    bug_cells: &[usize],
    bug_values: &[u16],
    all_values: u16,
) -> Option<Step> {
    let size = m.size;
    let (c1, c2) = (bug_cells[0], bug_cells[1]);
    let shared = m.cands[c1] & m.cands[c2] & !all_values;
    if shared.count_ones() != 1 {
        return None;
    }
    let pair = (1u128 << c1) | (1u128 << c2);
    let u = groups.holding(pair)?;
    let digit = shared.trailing_zeros() as u8 + 1;
    let mut elims = Vec::new();
    for c in [c1, c2] {
        for b in bits((m.cands[c] & !bug_values[c] & !shared) as u32) {
            elims.push(Candidate {
                cell: c as u8,
                digit: b as u8 + 1,
            });
        }
    }
    if elims.is_empty() {
        return None;
    }
    let text = sentence!(
        "BUG type 4: {} and {} share {} in {}, and one of them holds its BUG digit, so each keeps only its BUG digit and {} ({}).",
        cell_name(size, c1),
        cell_name(size, c2),
        digit,
        groups.name(u),
        digit,
        elimination_text(size, &elims)
    );
    Some(make_step(StepParts {
        technique: Technique::Bug(4),
        rating: 57,
        placements: Vec::new(),
        eliminations: elims,
        cells: pair,
        units: vec![u as u8],
        digits: all_values | shared,
        explanation: text,
    }))
}
