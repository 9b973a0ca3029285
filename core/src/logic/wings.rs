//! Wings: XY-wing (4.2), XYZ-wing (4.4) and WXYZ-wing (5.5-6.1), as Sukaku Explainer
//! rates them.
//!
//! - XY-wing: a pivot holding x,y sees a wing x,z and a wing y,z; one wing holds z, so
//!   every cell seeing both wings loses z.
//! - XYZ-wing: the pivot holds x,y,z; z is then in the pivot or a wing, so every cell
//!   seeing all three loses z.
//! - WXYZ-wing: three cells seeing each other hold four digits, a bivalue cell x,z sees
//!   them through x alone; z is then in one of the pattern's z cells, so every cell
//!   seeing all of those loses z. Rated 5.5, or 5.6 when the largest of the three cells
//!   holds three digits (Sukaku Explainer's size rule).

use super::board::*;
use super::marks::Marks;
use super::step::{Step, Technique};
use crate::grid::Size;

fn sees(size: Size, a: usize, b: usize) -> bool {
    peers(size, a) >> b & 1 != 0
}

fn wing(m: &Marks, xyz: bool) -> Option<Step> {
    let size = m.size;
    let bivalue = bivalue_cells(m);
    for pivot in 0..size.cells() {
        let pc = m.cands[pivot];
        if pc.count_ones() != if xyz { 3 } else { 2 } {
            continue;
        }
        let wings: Vec<usize> = cells_of(bivalue & peers(size, pivot)).filter(|&w| {
            let wc = m.cands[w];
            if xyz {
                wc & pc == wc
            } else {
                (wc & pc).count_ones() == 1
            }
        }).collect();
        for (i, &w1) in wings.iter().enumerate() {
            for &w2 in &wings[i + 1..] {
                let (c1, c2) = (m.cands[w1], m.cands[w2]);
                if c1 == c2 {
                    continue;
                }
                let z = c1 & c2;
                if z.count_ones() != 1 {
                    continue;
                }
                if xyz {
                    if c1 | c2 != pc {
                        continue;
                    }
                } else if z & pc != 0 || (c1 | c2) & !z != pc {
                    continue;
                }
                let digit = z.trailing_zeros() as u8 + 1;
                let mut targets = peers(size, w1) & peers(size, w2);
                if xyz {
                    targets &= peers(size, pivot);
                }
                targets &= !(1u128 << pivot);
                let elim = digit_cells(m, digit) & targets;
                if elim == 0 {
                    continue;
                }
                let eliminations = eliminations_of(m, elim, digit);
                let (technique, rating, name) = if xyz { (Technique::XYZWing, 44, "XYZ-wing") } else { (Technique::XYWing, 42, "XY-wing") };
                let explanation = format!(
                    "{}: pivot {} ({}) with wings {} ({}) and {} ({}): one of them holds {} ({}).",
                    name,
                    cell_name(size, pivot),
                    digit_list(pc),
                    cell_name(size, w1),
                    digit_list(c1),
                    cell_name(size, w2),
                    digit_list(c2),
                    digit,
                    elimination_text(size, &eliminations)
                );
                return Some(make_step(
                    technique,
                    rating,
                    Vec::new(),
                    eliminations,
                    (1u128 << pivot) | (1u128 << w1) | (1u128 << w2),
                    Vec::new(),
                    pc | c1 | c2,
                    explanation,
                ));
            }
        }
    }
    None
}

/// The first XY-wing (pivots in cell order) that eliminates something.
pub fn xy_wing(m: &Marks) -> Option<Step> {
    wing(m, false)
}

/// The first XYZ-wing (pivots in cell order) that eliminates something.
pub fn xyz_wing(m: &Marks) -> Option<Step> {
    wing(m, true)
}

/// The easiest WXYZ-wing (then the one with the most eliminations), in Sukaku
/// Explainer's form: three cells that all see each other holding four digits between
/// them (an almost locked set), and a bivalue cell x,z outside them with both digits
/// among the four, seeing some of them, where x is restricted (every cell of the four
/// holding x sees every other). Then z is in the bivalue cell or in the set, and every
/// cell seeing all of the pattern's z cells loses z.
pub fn wxyz_wing(m: &Marks) -> Option<Step> {
    let size = m.size;
    if size != Size::Nine {
        return None;
    }
    let bivalue = bivalue_cells(m);
    let mut multi = 0u128;
    for c in 0..81 {
        let k = m.cands[c].count_ones();
        if (2..=4).contains(&k) {
            multi |= 1u128 << c;
        }
    }
    let mut best: Option<(u16, u32, [usize; 4], u8)> = None;
    for a in cells_of(multi) {
        let ca = m.cands[a];
        for b in cells_of(multi & peers(size, a) & !((2u128 << a) - 1)) {
            let cab = ca | m.cands[b];
            if cab.count_ones() > 4 {
                continue;
            }
            for c in cells_of(multi & peers(size, a) & peers(size, b) & !((2u128 << b) - 1)) {
                let all = cab | m.cands[c];
                if all.count_ones() != 4 {
                    continue;
                }
                let biggest = [a, b, c].iter().map(|&x| m.cands[x].count_ones()).max().unwrap_or(0) as i32;
                let rating = (55 + (1 - (3 - biggest).abs())) as u16;
                if best.map_or(false, |(r, _, _, _)| r < rating) {
                    continue;
                }
                let als = (1u128 << a) | (1u128 << b) | (1u128 << c);
                let range = (peers(size, a) | peers(size, b) | peers(size, c)) & !als & bivalue;
                for y in cells_of(range) {
                    let cy = m.cands[y];
                    if cy & all != cy {
                        continue;
                    }
                    let cells = [a, b, c, y];
                    for x_bit in [cy & cy.wrapping_neg(), cy & (cy - 1)] {
                        let z_bit = cy & !x_bit;
                        let x_holders: Vec<usize> = cells.iter().copied().filter(|&q| m.cands[q] & x_bit != 0).collect();
                        let restricted = x_holders.iter().enumerate().all(|(i, &p)| x_holders[i + 1..].iter().all(|&q| sees(size, p, q)));
                        if !restricted {
                            continue;
                        }
                        let z = z_bit.trailing_zeros() as u8 + 1;
                        let mut targets = !als & !(1u128 << y);
                        for &q in &cells {
                            if m.cands[q] & z_bit != 0 {
                                targets &= peers(size, q);
                            }
                        }
                        let elim = digit_cells(m, z) & targets;
                        if elim == 0 {
                            continue;
                        }
                        let count = elim.count_ones();
                        if best.map_or(true, |(r, e, _, _)| (rating, std::cmp::Reverse(count)) < (r, std::cmp::Reverse(e))) {
                            best = Some((rating, count, cells, z));
                        }
                    }
                }
            }
        }
    }
    let (rating, _, cells, z) = best?;
    let z_bit = 1u16 << (z - 1);
    let mut targets = !0u128;
    let mut pattern = 0u128;
    let mut all = 0u16;
    for &q in &cells {
        pattern |= 1u128 << q;
        all |= m.cands[q];
        if m.cands[q] & z_bit != 0 {
            targets &= peers(size, q);
        }
    }
    let eliminations = eliminations_of(m, digit_cells(m, z) & targets & !pattern, z);
    let explanation = format!(
        "WXYZ-wing: {} hold only {} between them and {} holds {}: one of the pattern's cells holds {} ({}).",
        cell_list(size, cells[..3].iter().copied()),
        digit_list(all),
        cell_name(size, cells[3]),
        digit_list(m.cands[cells[3]]),
        z,
        elimination_text(size, &eliminations)
    );
    Some(make_step(Technique::WXYZWing, rating, Vec::new(), eliminations, pattern, Vec::new(), all, explanation))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board::testing::*;

    fn grid(cells: &[(usize, usize, &'static str)]) -> Marks {
        let mut cands: Vec<&str> = vec!["+9"; 81];
        for &(r, c, t) in cells {
            cands[r * 9 + c] = t;
        }
        marks_from_candidates(&cands.join(" "))
    }

    #[test]
    fn xy_wing() {
        // Pivot r1c1 {1,2}, wings r1c5 {1,3} (row) and r3c2 {2,3} (box); r3c5 sees both.
        let m = grid(&[(0, 0, "12"), (0, 4, "13"), (2, 1, "23"), (2, 4, "345"), (5, 5, "34")]);
        let s = super::xy_wing(&m).unwrap();
        assert_eq!(s.technique, Technique::XYWing);
        assert_eq!(s.rating, 42);
        assert_eq!(s.eliminations, vec![cand(Size::Nine, 2, 4, 3)]);
        assert_eq!(s.cells, vec![0, 4, 19]);
        assert_eq!(super::xyz_wing(&m), None);
    }

    #[test]
    fn xyz_wing() {
        // Pivot r1c1 {1,2,3}, wings r1c3 {1,3} (row, box) and r2c2... both in box 1 then
        // r1c2 sees all three.
        let m = grid(&[(0, 0, "123"), (0, 4, "13"), (1, 1, "23"), (0, 1, "345"), (0, 7, "34")]);
        assert_eq!(super::xy_wing(&m), None);
        let s = super::xyz_wing(&m).unwrap();
        assert_eq!(s.technique, Technique::XYZWing);
        assert_eq!(s.rating, 44);
        assert_eq!(s.eliminations, vec![cand(Size::Nine, 0, 1, 3)]);
    }
}
