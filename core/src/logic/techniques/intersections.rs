//! Intersections (locked candidates): pointing and claiming, and their "direct" forms, as
//! Sukaku Explainer rates them: a direct pointing (1.7) or direct claiming (1.9) is an
//! intersection whose eliminations leave a digit a single place in another unit of the
//! first unit's kind, and places it; a plain pointing is 2.6, a claiming 2.8.
//!
//! Search order (which fixes the step found first): box→column, box→row, column→box,
//! row→box; within each, digits ascending, then the first unit, then the second. Under a
//! variant's rules ([`direct_intersection_in`]) disjoint groups and windows pair with the
//! rows, columns, boxes and each other as well, in Sukaku Explainer's order
//! ([`locking_pairs`]).

use crate::grid::Size;
use crate::logic::context::*;
use crate::logic::geometry::*;
use crate::logic::marks::{Candidate, Marks};
use crate::logic::memo::found_nothing;
use crate::logic::memo::ruled::search;
use crate::logic::rules::{bits_of, GroupType, VariantTables};
use crate::logic::step::{eliminations_of, make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

/// Unit kinds as Sukaku Explainer pairs them: (confining unit, unit cleared).
const PAIRS: [(usize, usize); 4] = [(2, 1), (2, 0), (1, 2), (0, 2)];

fn kind_base(size: Size, kind: usize) -> usize {
    kind * size.n()
}

/// The unit of kind `k2` (0 row, 1 column, 2 box) holding every position `pos` (indices
/// within unit `i1` of kind `k1`) when there are two or more of them; positions within a
/// box count row by row. At most one such unit exists.
fn confining_unit(size: Size, k1: usize, i1: usize, k2: usize, pos: u32) -> Option<usize> {
    if pos & pos.wrapping_sub(1) == 0 {
        return None;
    }
    let n = size.n();
    let side = if n == 9 { 3 } else { 2 };
    let third = (1u32 << side) - 1;
    // The part of the unit shared with the other unit: `side` consecutive positions (a
    // line's stretch through a box, a box's row), or every `side`-th (a box's column).
    let t = if k1 == 2 && k2 == 1 {
        let column = if n == 9 { 0b001_001_001 } else { 0b0101 };
        (0..side).find(|&t| pos & !(column << t) == 0)?
    } else {
        (0..side).find(|&t| pos & !(third << (t * side)) == 0)?
    };
    Some(match (k1, k2) {
        // A box's row or column.
        (2, _) => {
            k2 * n
                + if k2 == 0 {
                    (i1 / side) * side + t
                } else {
                    (i1 % side) * side + t
                }
        }
        // The box a row crosses, or a column.
        (0, _) => 2 * n + (i1 / side) * side + t,
        _ => 2 * n + t * side + i1 / side,
    })
}

/// The first intersection with something to clear, or the first direct one.
///
/// Both rungs scan the same intersections in the same order, so the direct scan (which
/// comes first on the ladder) also notes the first intersection with something to clear,
/// and the plain rung of the same position takes it from the Context instead of scanning
/// again. Digits whose candidates last held no such intersection (or no direct one) are
/// skipped (see `memo::found_nothing`).
fn find(m: &Marks, ctx: &Context, direct: bool) -> Option<Step> {
    if !direct {
        if let Some(first) = ctx.first_intersection.get() {
            return first.map(|hit| plain_step(m, ctx, hit));
        }
    }
    let size = m.size;
    let n = size.n();
    let nine = size == Size::Nine;
    let mut first = None;
    for (pair, &(k1, k2)) in PAIRS.iter().enumerate() {
        for digit in 1..=n as u8 {
            let dc = ctx.dcs[digit as usize - 1];
            if dc == 0 {
                continue;
            }
            let key = pair * 9 + digit as usize - 1;
            if nine && found_nothing::digit_known(found_nothing::slot::INTERSECTIONS, key, dc) {
                continue;
            }
            // Known to hold no direct intersection: only its first plain one may be wanted.
            let no_direct = direct
                && nine
                && found_nothing::digit_known(found_nothing::slot::DIRECT_INTERSECTIONS, key, dc);
            if no_direct && first.is_some() {
                continue;
            }
            let mut any = false;
            for i1 in 0..n {
                let u1 = kind_base(size, k1) + i1;
                let Some(u2) = confining_unit(size, k1, i1, k2, ctx.pos[u1][digit as usize - 1])
                else {
                    continue;
                };
                let mask1 = unit_mask(size, u1);
                let mask2 = unit_mask(size, u2);
                let elim_cells = dc & mask2 & !mask1;
                // Nothing to clear: no plain step, and no direct one either (the places a
                // direct step's unit loses would be among these).
                if elim_cells == 0 {
                    continue;
                }
                any = true;
                let hit = Intersection {
                    k1: k1 as u8,
                    digit,
                    u1: u1 as u8,
                    u2: u2 as u8,
                };
                if !direct {
                    return Some(plain_step(m, ctx, hit));
                }
                first = first.or(Some(hit));
                if no_direct {
                    break;
                }
                let p = dc & mask1;
                for i3 in 0..n {
                    if i3 == i1 {
                        continue;
                    }
                    let u3 = kind_base(size, k1) + i3;
                    let mask3 = unit_mask(size, u3);
                    if mask3 & elim_cells == 0 {
                        continue;
                    }
                    let p3 = dc & mask3;
                    let rest = p3 & !mask2;
                    if p3 != rest && rest != 0 && rest & (rest - 1) == 0 {
                        let cell = rest.trailing_zeros() as usize;
                        // As in Sukaku Explainer, a direct step only places its digit: the
                        // intersection's eliminations are left for later steps.
                        let (technique, rating, name) = if k1 == 2 {
                            (Technique::DirectPointing, 17, "direct pointing")
                        } else {
                            (Technique::DirectClaiming, 19, "direct claiming")
                        };
                        let explanation = sentence!(
                            "In {}, {} can only be in {}, within {}; so in {} only {} can hold {} ({}).",
                            unit_name(size, u1),
                            digit,
                            cell_list(size, cells_of(p)),
                            unit_name(size, u2),
                            unit_name(size, u3),
                            cell_name(size, cell),
                            digit,
                            name
                        );
                        return Some(make_step(StepParts {
                            technique,
                            rating,
                            placements: vec![Candidate {
                                cell: cell as u8,
                                digit,
                            }],
                            eliminations: Vec::new(),
                            cells: p | (1u128 << cell),
                            units: vec![u1 as u8, u2 as u8, u3 as u8],
                            digits: 1 << (digit - 1),
                            explanation,
                        }));
                    }
                }
            }
            if nine && !any {
                found_nothing::digit_record(found_nothing::slot::INTERSECTIONS, key, dc);
            } else if nine && direct && !no_direct {
                found_nothing::digit_record(found_nothing::slot::DIRECT_INTERSECTIONS, key, dc);
            }
        }
    }
    if direct {
        ctx.first_intersection.set(Some(first));
    }
    None
}

/// The pointing (2.6) or claiming (2.8) step of an intersection.
fn plain_step(m: &Marks, ctx: &Context, hit: Intersection) -> Step {
    let size = m.size;
    let (digit, u1, u2) = (hit.digit, hit.u1 as usize, hit.u2 as usize);
    let dc = ctx.dcs[digit as usize - 1];
    let (mask1, mask2) = (unit_mask(size, u1), unit_mask(size, u2));
    let names = [unit_name(size, u1), unit_name(size, u2)];
    let found = PlainIntersection {
        units: [u1, u2],
        places: dc & mask1,
        eliminations: eliminations_of(m, dc & mask2 & !mask1, digit),
        digit,
        pointing: hit.k1 == 2,
    };
    plain_intersection_step(size, found, names)
}

/// A pointing or claiming found: its two units (or a variant's slots), the first unit's
/// places of the digit, what the second unit loses, and whether the first is a box.
struct PlainIntersection {
    units: [usize; 2],
    places: CellSet,
    eliminations: Vec<Candidate>,
    digit: u8,
    pointing: bool,
}

/// The pointing (2.6) or claiming (2.8) step of an intersection found, its units named
/// `names`.
fn plain_intersection_step(size: Size, found: PlainIntersection, names: [String; 2]) -> Step {
    let PlainIntersection {
        units: [u1, u2],
        places: p,
        eliminations,
        digit,
        pointing,
    } = found;
    let (technique, rating) = if pointing {
        (Technique::Pointing, 26)
    } else {
        (Technique::Claiming, 28)
    };
    let explanation = sentence!(
        "In {}, {} can only be in {}, which all lie in {}: {} leaves the rest of {} ({}).",
        names[0],
        digit,
        cell_list(size, cells_of(p)),
        names[1],
        digit,
        names[1],
        elimination_text(size, &eliminations)
    );
    make_step(StepParts {
        technique,
        rating,
        placements: Vec::new(),
        eliminations,
        cells: p,
        units: vec![u1 as u8, u2 as u8],
        digits: 1 << (digit - 1),
        explanation,
    })
}

/// Pointing (2.6) or claiming (2.8): the first intersection that eliminates something.
pub fn pointing_claiming(m: &Marks) -> Option<Step> {
    find(m, &Context::new(m), false)
}

pub(crate) fn pointing_claiming_with(m: &Marks, ctx: &Context) -> Option<Step> {
    find(m, ctx, false)
}

pub(crate) fn direct_pointing_claiming_with(m: &Marks, ctx: &Context) -> Option<Step> {
    find(m, ctx, true)
}

/// Direct pointing (1.7) or direct claiming (1.9): an intersection that leaves a hidden
/// single in another unit of the first unit's kind; the step also places that single.
pub fn direct_pointing_claiming(m: &Marks) -> Option<Step> {
    find(m, &Context::new(m), true)
}

/// The pairs of group types Sukaku Explainer's intersections read under the rules
/// (`Locking.getHints`), as (confining group, group cleared): the classic four, then
/// with disjoint groups and with windows their pairs with columns, rows and boxes, then
/// windows with disjoint groups. Pairs whose groups never share two cells (a box and a
/// disjoint group) are kept: they find nothing, as in Sukaku Explainer.
pub fn locking_pairs(t: &VariantTables) -> impl Iterator<Item = (GroupType, GroupType)> {
    use GroupType::{Block, Column, DisjointGroup as Dg, Row, Window};
    let active = t.active_slots();
    let on = move |ty: GroupType| active >> ty.slots().start & 1 == 1;
    let classic = [(Block, Column), (Block, Row), (Column, Block), (Row, Block)];
    let with = |extra: GroupType| {
        let pairs = [(extra, Column), (extra, Row), (Column, extra), (Row, extra)];
        pairs.into_iter().chain([(Block, extra), (extra, Block)])
    };
    let both = [(Window, Dg), (Dg, Window)];
    classic
        .into_iter()
        .chain(
            [Dg, Window]
                .into_iter()
                .filter(move |&ty| on(ty))
                .flat_map(with),
        )
        .chain(both.into_iter().filter(move |_| on(Dg) && on(Window)))
}

/// [`direct_pointing_claiming`] under a variant's rules, over [`locking_pairs`]: a
/// group whose places of a digit (two or more) all lie in a crossing group, which then
/// leaves that digit one place in another group of the first group's type; 1.7 when the
/// first group is a box (or a jigsaw region), 1.9 otherwise. Digits, first groups, second
/// groups, then third groups in order, as Sukaku Explainer reads them.
pub fn direct_intersection_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    let dcs = m.digit_cells();
    // Digits whose places are those on which the search last found nothing: what it
    // finds for a digit is a function of the digit's places (the rules fixed).
    let memo = t.found_nothing();
    let known = |d: usize| memo.known(search::DIRECT_INTERSECTION, d, dcs[d]);
    let fresh = (0..9).filter(|&d| !known(d)).fold(0u16, |f, d| f | 1 << d);
    let found = direct_intersection_of(m, t, &dcs, fresh);
    if found.is_none() {
        for d in (0..9).filter(|d| fresh >> d & 1 == 1) {
            memo.record(search::DIRECT_INTERSECTION, d, dcs[d]);
        }
    }
    found
}

/// [`direct_intersection_in`]'s search over the digits `digits` (bit `d` for digit
/// `d + 1`).
fn direct_intersection_of(
    m: &Marks,
    t: &VariantTables,
    dcs: &[CellSet],
    digits: u16,
) -> Option<Step> {
    for (t1, t2) in locking_pairs(t) {
        for digit in (1..=9u8).filter(|d| digits >> (d - 1) & 1 == 1) {
            let dc = dcs[digit as usize - 1];
            for s1 in t1.slots() {
                let p = dc & t.group_mask(s1);
                if p.count_ones() < 2 {
                    continue;
                }
                // A group holding every place holds the first: the first such among
                // that cell's groups of the type is the first of all.
                let first = p.trailing_zeros() as usize;
                let mut holding = bits_of(t.groups_of(first) & t2.slot_bits());
                let confining = holding.find(|&s2| p & !t.group_mask(s2) == 0);
                let Some(s2) = confining else { continue };
                let mask2 = t.group_mask(s2);
                // A third group shares a place with the second group: only the groups
                // of the type holding one of those are read (in order).
                let others =
                    cells_of(dc & mask2).fold(0, |g, c| g | t.groups_of(c) & t1.slot_bits());
                for s3 in bits_of(others & !(1 << s1)) {
                    let p3 = dc & t.group_mask(s3);
                    let rest = p3 & !mask2;
                    if p3 == rest || rest.count_ones() != 1 {
                        continue;
                    }
                    let placed = Candidate {
                        cell: rest.trailing_zeros() as u8,
                        digit,
                    };
                    return Some(direct_step_in(m, t, [s1, s2, s3], p, placed));
                }
            }
        }
    }
    None
}

/// [`pointing_claiming`] under a variant's rules whose technique set keeps it (nc alone,
/// jigsaw regions alone): the first group of a [`locking_pairs`] pair whose places of a
/// digit (two or more) lie in a crossing group that holds the digit elsewhere too;
/// pointing 2.6 when the first group is a box (or region), claiming 2.8 otherwise.
pub fn pointing_claiming_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    let dcs = m.digit_cells();
    for (t1, t2) in locking_pairs(t) {
        for digit in 1..=9u8 {
            let dc = dcs[digit as usize - 1];
            for s1 in t1.slots() {
                let (mask1, p) = (t.group_mask(s1), dc & t.group_mask(s1));
                let confining = t2.slots().find(|&s2| p & !t.group_mask(s2) == 0);
                let Some(s2) = confining.filter(|_| p.count_ones() >= 2) else {
                    continue;
                };
                let eliminations = eliminations_of(m, dc & t.group_mask(s2) & !mask1, digit);
                if eliminations.is_empty() {
                    continue;
                }
                let found = PlainIntersection {
                    units: [s1, s2],
                    places: p,
                    eliminations,
                    digit,
                    pointing: matches!(t.slot_kind(s1), Some((k, _)) if confines_as_a_box(k)),
                };
                let names = [t.slot_name(s1), t.slot_name(s2)];
                return Some(plain_intersection_step(m.size, found, names));
            }
        }
    }
    None
}

/// Sukaku Explainer's generalized intersections (2.9, `VLocking.java`), which replace
/// pointing and claiming under extra groups, knight's moves or king's steps: a digit with
/// two to six places in a group leaves every cell that sees all of them (peers under the
/// rules, knight's moves and king's steps included). Group types in Sukaku Explainer's
/// order (boxes, rows, columns, then the extra groups), digits, then groups.
pub fn generalized_intersection_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    let size = m.size;
    let dcs = m.digit_cells();
    for ty in GroupType::ALL {
        for digit in 1..=9u8 {
            let dc = dcs[digit as usize - 1];
            for slot in ty.slots().filter(|&s| t.active_slots() >> s & 1 == 1) {
                let p = dc & t.group_mask(slot);
                if !(2..=6).contains(&p.count_ones()) {
                    continue;
                }
                // The victims as a set first: most groups have none, and then no list
                // is made (the same cells `eliminations_of` would keep).
                let victims = cells_of(p).fold(dc & !p, |v, c| v & t.peers(c));
                if victims == 0 {
                    continue;
                }
                let eliminations = eliminations_of(m, victims, digit);
                let explanation = sentence!(
                    "In {}, {} can only be in {}: every cell that sees all of them loses it ({}).",
                    t.slot_name(slot),
                    digit,
                    cell_list(size, cells_of(p)),
                    elimination_text(size, &eliminations)
                );
                return Some(make_step(StepParts {
                    technique: Technique::GeneralizedIntersection,
                    rating: 29,
                    placements: Vec::new(),
                    eliminations,
                    cells: p,
                    units: vec![slot as u8],
                    digits: 1 << (digit - 1),
                    explanation,
                }));
            }
        }
    }
    None
}

/// The step of a direct intersection under rules: groups `slots` (confining, cleared,
/// left with one place), the first group's places `p`, the digit `placed`.
fn direct_step_in(
    m: &Marks,
    t: &VariantTables,
    slots: [usize; 3],
    p: CellSet,
    placed: Candidate,
) -> Step {
    let size = m.size;
    let (cell, digit) = (usize::from(placed.cell), placed.digit);
    let pointing = matches!(t.slot_kind(slots[0]), Some((kind, _)) if confines_as_a_box(kind));
    let (technique, rating, name) = if pointing {
        (Technique::DirectPointing, 17, "direct pointing")
    } else {
        (Technique::DirectClaiming, 19, "direct claiming")
    };
    let explanation = sentence!(
        "In {}, {} can only be in {}, within {}; so in {} only {} can hold {} ({}).",
        t.slot_name(slots[0]),
        digit,
        cell_list(size, cells_of(p)),
        t.slot_name(slots[1]),
        t.slot_name(slots[2]),
        cell_name(size, cell),
        digit,
        name
    );
    make_step(StepParts {
        technique,
        rating,
        placements: vec![placed],
        eliminations: Vec::new(),
        cells: p | (1u128 << cell),
        units: slots.iter().map(|&s| s as u8).collect(),
        digits: 1 << (digit - 1),
        explanation,
    })
}

/// Whether a group of this kind confines as a box does (1.7): a box or a jigsaw region.
fn confines_as_a_box(kind: crate::variant::GroupKind) -> bool {
    use crate::variant::GroupKind;
    matches!(kind, GroupKind::Box | GroupKind::Region)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::*;

    #[test]
    fn pointing_in_box_1() {
        // 4x4: digit 1 in box 1 only in row 1 (r1c1, r1c2); row 1 also allows it at r1c3.
        let m = marks_from_candidates("12 12 123 34  34 34 34 34  34 34 34 34  34 34 34 123");
        let s = pointing_claiming(&m).unwrap();
        assert_eq!(s.technique, Technique::Pointing);
        assert_eq!(s.rating, 26);
        assert_eq!(s.eliminations, vec![cand(Size::Four, 0, 2, 1)]);
        assert_eq!(s.cells, vec![0, 1]);
        assert_eq!(s.units, vec![8, 0]);
        // Digit 2 likewise, but 1 comes first.
        assert_eq!(s.digits, 1);
    }

    #[test]
    fn claiming_in_row_1() {
        // 9x9 marks: 7 in row 1 only in r1c1, r1c2 (box 1); box 1 also has it at r2c3.
        let mut cands = vec!["12"; 81];
        cands[0] = "127";
        cands[1] = "127";
        cands[11] = "127";
        cands[40] = "7";
        let m = marks_from_candidates(&cands.join(" "));
        assert_eq!(direct_pointing_claiming(&m), None);
        let s = pointing_claiming(&m).unwrap();
        // Box 1 holds 7 in r1c1, r1c2 and r2c3: not confined to a line; row 1 is.
        assert_eq!(s.technique, Technique::Claiming);
        assert_eq!(s.rating, 28);
        assert_eq!(s.eliminations, vec![Candidate { cell: 11, digit: 7 }]);
    }

    #[test]
    fn direct_pointing_places_the_single_it_leaves() {
        // 4x4: 1 in box 1 only in row 1; row 1's other box then has it at r1c3 and r1c4,
        // and removing r1c3's 1 leaves r1c4? No: the single must be in another box
        // crossing row 1: box 2 (r1c3, r1c4, r2c3, r2c4) holds 1 at r1c3 and r2c4:
        // the elimination leaves r2c4.
        let m = marks_from_candidates("12 12 123 34  34 34 34 123  34 34 34 34  34 34 34 34");
        let s = direct_pointing_claiming(&m).unwrap();
        assert_eq!(s.technique, Technique::DirectPointing);
        assert_eq!(s.rating, 17);
        assert_eq!(s.placements, vec![cand(Size::Four, 1, 3, 1)]);
        assert_eq!(s.eliminations, vec![]);
    }

    #[test]
    fn nothing_when_no_elimination() {
        let m = marks_from_candidates("12 12 34 34  34 34 12 12  12 12 34 34  34 34 12 12");
        assert_eq!(pointing_claiming(&m), None);
        assert_eq!(direct_pointing_claiming(&m), None);
    }
}
