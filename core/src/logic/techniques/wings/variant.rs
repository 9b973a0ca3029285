//! XY-wing (4.2) and XYZ-wing (4.4) under a variant's rules (issue 36), as Sukaku
//! Explainer v1.15.10's `XYWing` producer finds them: pivots in cell order, each wing
//! among the pivot's peers in Sukaku Explainer's peer order ([`VariantTables::peer_order`]:
//! rows, columns and boxes first, then the extra groups, king's steps and knight's moves),
//! the first pattern that eliminates. A peer is any cell that must hold another digit (a
//! knight's move under anti-knight as well as a shared group).

use crate::grid::Size;
use crate::logic::marks::Marks;
use crate::logic::rules::VariantTables;
use crate::logic::step::{eliminations_of, make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

/// Whether pivot candidates `pc` and wings `c1`, `c2` make the pattern: for an XY-wing
/// three bivalue cells x,y / x,z / y,z; for an XYZ-wing a pivot x,y,z and two different
/// pairs of its digits.
fn is_wing(pc: u16, c1: u16, c2: u16, xyz: bool) -> bool {
    let bivalue = |c: u16| c.count_ones() == 2;
    if !bivalue(c1) || !bivalue(c2) || (pc | c1 | c2).count_ones() != 3 {
        return false;
    }
    let common = (pc & c1 & c2).count_ones();
    if xyz {
        pc.count_ones() == 3 && common == 1
    } else {
        pc.count_ones() == 2 && common == 0
    }
}

/// The first XY-wing (`xyz` false) or XYZ-wing under the rules that eliminates.
pub fn wing_in(m: &Marks, t: &VariantTables, xyz: bool) -> Option<Step> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in (0..81).filter(|&c| m.cands[c].count_ones() == pivot_size) {
        let pc = m.cands[pivot];
        // A wing holds one digit the pivot lacks (XY) or none (XYZ): one pivot digit
        // outside it.
        let wings = t.peer_order(pivot).iter().map(|&w| usize::from(w));
        for w1 in
            wings.filter(|&w| m.cands[w].count_ones() == 2 && (pc & !m.cands[w]).count_ones() == 1)
        {
            for w2 in t.peer_order(pivot).iter().map(|&w| usize::from(w)) {
                let (c1, c2) = (m.cands[w1], m.cands[w2]);
                if !is_wing(pc, c1, c2, xyz) {
                    continue;
                }
                let z = c1 & c2;
                let digit = z.trailing_zeros() as u8 + 1;
                let mut victims = t.peers(w1) & t.peers(w2);
                if xyz {
                    victims &= t.peers(pivot);
                }
                victims &= !(1u128 << pivot);
                let eliminations = eliminations_of(m, victims, digit);
                if !eliminations.is_empty() {
                    return Some(wing_step(m, t, [pivot, w1, w2], digit, eliminations, xyz));
                }
            }
        }
    }
    None
}

/// An XY-wing's (`xyz` false) or XYZ-wing's technique, rating and name (the classic
/// search's too).
pub(super) fn wing_kind(xyz: bool) -> (Technique, u16, &'static str) {
    if xyz {
        (Technique::XYZWing, 44, "XYZ-wing")
    } else {
        (Technique::XYWing, 42, "XY-wing")
    }
}

fn wing_step(
    m: &Marks,
    t: &VariantTables,
    [pivot, w1, w2]: [usize; 3],
    digit: u8,
    eliminations: Vec<crate::logic::marks::Candidate>,
    xyz: bool,
) -> Step {
    let size = Size::Nine;
    let (technique, rating, name) = wing_kind(xyz);
    let explanation = sentence!(
        "{}: pivot {} ({}) sees wings {} ({}; {}) and {} ({}; {}): {} holds {} ({}).",
        name,
        cell_name(size, pivot),
        digit_list(m.cands[pivot]),
        cell_name(size, w1),
        digit_list(m.cands[w1]),
        t.seen_through(pivot, w1),
        cell_name(size, w2),
        digit_list(m.cands[w2]),
        t.seen_through(pivot, w2),
        if xyz { "the pivot or a wing" } else { "a wing" },
        digit,
        elimination_text(size, &eliminations)
    );
    make_step(StepParts {
        technique,
        rating,
        placements: Vec::new(),
        eliminations,
        cells: 1u128 << pivot | 1u128 << w1 | 1u128 << w2,
        units: Vec::new(),
        digits: m.cands[pivot] | m.cands[w1] | m.cands[w2],
        explanation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::rules::tables_of as tables;
    use crate::logic::step::Technique;
    use crate::logic::techniques::wings::{xy_wing, xyz_wing};
    use crate::logic::variant_ladder::walk_generated_paths;

    fn seen(
        s: &Option<Step>,
    ) -> Option<(Technique, u16, Vec<u8>, Vec<crate::logic::marks::Candidate>)> {
        s.as_ref().map(|s| {
            (
                s.technique,
                s.rating,
                s.cells.clone(),
                s.eliminations.clone(),
            )
        })
    }

    #[test]
    fn under_classic_rules_the_wings_are_the_classic_ones() {
        let t = tables("classic");
        let mut found = [0, 0];
        crate::logic::ladder::test_paths::walk_classic_paths(43, 40, |line, m, _| {
            for (k, classic) in [xy_wing(m), xyz_wing(m)].into_iter().enumerate() {
                assert_eq!(seen(&wing_in(m, &t, k == 1)), seen(&classic), "{}", line);
                found[k] += usize::from(classic.is_some());
            }
        });
        assert!(
            found[0] > 150 && found[1] > 150,
            "{found:?} XY- and XYZ-wings compared"
        );
    }

    #[test]
    fn under_classic_rules_the_als_wings_are_the_classic_ones() {
        use crate::logic::techniques::wings::{als_wing_in, vwxyz_wing, wxyz_wing};
        let t = tables("classic");
        let mut found = [0, 0];
        crate::logic::ladder::test_paths::walk_classic_paths(44, 60, |line, m, _| {
            for (j, classic) in [wxyz_wing(m), vwxyz_wing(m)].into_iter().enumerate() {
                let ours = als_wing_in(m, &t, j + 3);
                assert_eq!(seen(&ours), seen(&classic), "{}", line);
                found[j] += usize::from(classic.is_some());
            }
        });
        assert!(
            found[0] > 100 && found[1] > 30,
            "{found:?} WXYZ- and VWXYZ-wings compared"
        );
    }

    #[test]
    fn under_rules_every_als_wing_is_sound() {
        use crate::logic::techniques::wings::als_wing_in;
        let (mut found, mut beyond_classic_peers) = (0, 0);
        let rules = ["x", "windoku", "dg", "anti-king", "anti-knight", "nc"];
        walk_generated_paths(&rules, (12, 5, 24), |text, m, t, solution| {
            for wing in [als_wing_in(m, t, 3), als_wing_in(m, t, 4)]
                .into_iter()
                .flatten()
            {
                assert!(wing.is_sound(solution), "{text}: {}", wing.explanation);
                found += 1;
                // Cells of the pattern that are peers under the rules only.
                let classic = |a: u8, b: u8| {
                    crate::logic::geometry::peers(Size::Nine, usize::from(a)) >> b & 1 == 1
                };
                let rules_only =
                    |a: u8, b: u8| t.peers(usize::from(a)) >> b & 1 == 1 && !classic(a, b);
                let cells = &wing.cells;
                beyond_classic_peers += usize::from(
                    cells
                        .iter()
                        .any(|&a| cells.iter().any(|&b| rules_only(a, b))),
                );
            }
        });
        assert!(
            found > 100 && beyond_classic_peers > 10,
            "{found} wings, {beyond_classic_peers} beyond classic peers"
        );
    }

    #[test]
    fn a_wing_seen_by_a_knights_move_counts_under_anti_knight_only() {
        // Pivot r5c5 (1, 2), wings r4c3 (1, 3; a knight's move away) and r5c9 (2, 3; row
        // 5): r4c9 sees both wings and loses 3.
        let wing_at = |t: &VariantTables| {
            let mut m = t.marks_of(&[0; 81]);
            for (cell, cands) in [(40, 0b011), (29, 0b101), (44, 0b110)] {
                m.cands[cell] = cands;
            }
            wing_in(&m, t, false)
        };
        assert_eq!(wing_at(&tables("classic")), None);
        let step = wing_at(&tables("anti-knight")).unwrap();
        assert_eq!((step.technique, step.rating), (Technique::XYWing, 42));
        assert!(step
            .eliminations
            .iter()
            .any(|e| (e.cell, e.digit) == (35, 3)));
        assert!(
            step.explanation.contains("a knight's move"),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn under_rules_every_wing_is_sound() {
        let (mut found, mut beyond_classic_peers) = (0, 0);
        let rules = [
            "x",
            "windoku",
            "dg",
            "girandola",
            "asterisk",
            "anti-king",
            "anti-knight",
            "nc",
        ];
        walk_generated_paths(&rules, (10, 6, 26), |text, m, t, solution| {
            for wing in [wing_in(m, t, false), wing_in(m, t, true)]
                .into_iter()
                .flatten()
            {
                assert!(wing.is_sound(solution), "{text}: {}", wing.explanation);
                found += 1;
                // A wing seen through an extra group, a knight's move or a king's step.
                let extra = [
                    "diagonal",
                    "window",
                    "disjoint",
                    "knight",
                    "king",
                    "girandola",
                    "asterisk",
                ];
                beyond_classic_peers +=
                    usize::from(extra.iter().any(|w| wing.explanation.contains(w)));
            }
        });
        assert!(
            found > 300 && beyond_classic_peers > 50,
            "{found} wings, {beyond_classic_peers} beyond classic peers"
        );
    }
}
