//! Basic fish: X-wing (3.2), swordfish (3.8), jellyfish (5.2), as Sukaku Explainer finds
//! them: columns as base lines first, then rows; base-line combinations in increasing
//! order, digits ascending within each; a digit is only tried when at least 2n of its
//! places are still open.

use crate::logic::context::*;
use crate::logic::geometry::*;
use crate::logic::marks::Marks;
use crate::logic::memo::found_nothing;
use crate::logic::step::{eliminations_of, make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

/// The fish of `degree` base lines (2-4) found first that eliminates something.
pub fn fish(m: &Marks, degree: usize) -> Option<Step> {
    fish_with(m, &Context::new(m), degree)
}

pub(crate) fn fish_with(m: &Marks, ctx: &Context, degree: usize) -> Option<Step> {
    let size = m.size;
    let n = size.n();
    let mut placed = [0usize; 9];
    for c in 0..size.cells() {
        if m.values[c] != 0 {
            placed[m.values[c] as usize - 1] += 1;
        }
    }
    // Digits known to hold no fish of this size (see `memo::found_nothing`): the key is the
    // digit's candidate cells and how many times it is placed, all a digit's fish depend on.
    let slot = found_nothing::slot::FISH[degree];
    let nine = size == crate::grid::Size::Nine && (2..=4).contains(&degree);
    let key = |d: usize| ctx.dcs[d] | (placed[d] as u128) << 100;
    let mut known = [false; 9];
    if nine {
        for (d, k) in known.iter_mut().enumerate() {
            *k = found_nothing::digit_known(slot, d, key(d));
        }
    }
    // (base kind, cover kind): 1 column, 0 row.
    for &(base_kind, cover_kind) in &[(1usize, 0usize), (0, 1)] {
        // The base lines each digit can use: 2 to `degree` places (fewer is no base line,
        // more cannot fit `degree` cover lines). A digit with too many placed or too
        // few such lines is left out (an empty mask).
        let mut lines = [0u32; 9];
        for (d, mask) in lines.iter_mut().enumerate().take(n) {
            if placed[d] + 2 * degree > n || known[d] {
                continue;
            }
            for i in 0..n {
                if (2..=degree as u32).contains(&count9(ctx.pos[base_kind * n + i][d])) {
                    *mask |= 1 << i;
                }
            }
            if (mask.count_ones() as usize) < degree {
                *mask = 0;
            }
        }
        // The fish of a combination of base lines (ascending bits) and a digit: its
        // cover lines and eliminations when it is one and eliminates something.
        let fish_of = |combo: u32, digit: u8| -> Option<(u32, CellSet, CellSet)> {
            let mut cover = 0u32;
            for i in bits(combo) {
                cover |= ctx.pos[base_kind * n + i][digit as usize - 1];
            }
            if count9(cover) as usize != degree {
                return None;
            }
            let mut base_cells = 0u128;
            let mut cover_cells = 0u128;
            for i in bits(combo) {
                base_cells |= unit_mask(size, base_kind * n + i);
            }
            for j in bits(cover) {
                cover_cells |= unit_mask(size, cover_kind * n + j);
            }
            let elim = ctx.dcs[digit as usize - 1] & cover_cells & !base_cells;
            if elim == 0 {
                return None;
            }
            Some((cover, base_cells, elim))
        };
        // Sukaku Explainer tries the combinations in increasing order, the digits
        // ascending within each: the first fish it meets is the least (combination,
        // digit). Each digit's combinations are those of its base lines (`lines`, every
        // line with 2 to `degree` places), taken in increasing order; a digit stops at
        // its first fish, or where it could no longer come first.
        let mut first: Option<(u32, u8)> = None;
        for digit in 1..=n as u8 {
            let mask = lines[digit as usize - 1];
            if mask == 0 {
                continue;
            }
            let mut at = [0u32; 9];
            let mut count = 0;
            for i in bits(mask) {
                at[count] = 1 << i;
                count += 1;
            }
            for pick in combinations(count, degree) {
                // The lines picked, in increasing order as `pick` is.
                let combo = bits(pick).fold(0u32, |c, i| c | at[i]);
                if first.is_some_and(|(best, _)| combo >= best) {
                    break;
                }
                if fish_of(combo, digit).is_some() {
                    first = Some((combo, digit));
                    break;
                }
            }
        }
        let Some((combo, digit)) = first else {
            continue;
        };
        let Some((cover, base_cells, elim)) = fish_of(combo, digit) else {
            continue;
        };
        let dc = ctx.dcs[digit as usize - 1];
        let eliminations = eliminations_of(m, elim, digit);
        let name = ["", "", "X-wing", "swordfish", "jellyfish"][degree];
        let mut units: Vec<u8> = bits(combo).map(|i| (base_kind * n + i) as u8).collect();
        units.extend(bits(cover).map(|j| (cover_kind * n + j) as u8));
        let base_names: Vec<String> = bits(combo)
            .map(|i| unit_name(size, base_kind * n + i))
            .collect();
        let cover_names: Vec<String> = bits(cover)
            .map(|j| unit_name(size, cover_kind * n + j))
            .collect();
        let explanation = sentence!(
            "{} on {}: in {}, {} can only be in {}, so it leaves the rest of those lines ({}).",
            capitalize(name),
            digit,
            join_and(&base_names),
            digit,
            join_and(&cover_names),
            elimination_text(size, &eliminations)
        );
        let rating = [0, 0, 32, 38, 52][degree];
        return Some(make_step(StepParts {
            technique: Technique::Fish(degree as u8),
            rating,
            placements: Vec::new(),
            eliminations,
            cells: dc & base_cells,
            units,
            digits: 1 << (digit - 1),
            explanation,
        }));
    }
    // No fish of any digit: each found nothing at its key.
    if nine {
        for d in 0..n {
            found_nothing::digit_record(slot, d, key(d));
        }
    }
    None
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;
    use crate::logic::testing::*;

    #[test]
    fn x_wing_on_rows() {
        // 5 in rows 1 and 5 only in columns 2 and 7; elsewhere in those columns too.
        let mut cands = vec!["1234"; 81];
        for r in 0..9 {
            for c in [1usize, 6] {
                cands[r * 9 + c] = "12345";
            }
        }
        for c in 0..9 {
            if c != 1 && c != 6 {
                cands[c] = "1234";
                cands[36 + c] = "1234";
            }
        }
        let m = marks_from_candidates(&cands.join(" "));
        // Columns hold 5 in 9 places each: no column-based fish. Rows 1 and 5 hold it in
        // two places, as do all rows: the first row pair is rows 1 and 2.
        let s = fish(&m, 2).unwrap();
        assert_eq!(s.technique, Technique::Fish(2));
        assert_eq!(s.rating, 32);
        assert_eq!(s.units, vec![0, 1, 10, 15]);
        assert_eq!(s.eliminations.len(), 14);
        assert!(s.eliminations.iter().all(|e| e.digit == 5));
        assert_eq!(s.eliminations[0], cand(Size::Nine, 2, 1, 5));
    }

    #[test]
    fn no_fish_without_eliminations() {
        let mut cands = vec!["1234"; 81];
        for r in [0usize, 4] {
            for c in [1usize, 6] {
                cands[r * 9 + c] = "12345";
            }
        }
        let m = marks_from_candidates(&cands.join(" "));
        assert_eq!(fish(&m, 2), None);
        assert_eq!(fish(&m, 3), None);
    }
}
