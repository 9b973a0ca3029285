//! Givens that break the rules, named cell by cell (22023): two equal digits in a
//! group, a knight's move or a king's step apart, consecutive digits side by side under
//! `nc`, and cages whose givens exceed their sum or fill them and fall short.

use super::error::VariantError;
use super::geometry::{cage_name, Geometry};
use super::text::VariantPuzzle;
use crate::position::check::{Mistake, MistakeKind};

/// Checks a puzzle's givens against the rules laid on its shape.
pub fn check_givens(puzzle: &VariantPuzzle, geometry: &Geometry) -> Result<(), VariantError> {
    let shape = geometry.shape;
    debug_assert_eq!(puzzle.shape, shape);
    let cells = &puzzle.cells;
    for (a, &da) in cells.iter().enumerate().filter(|(_, &d)| d != 0) {
        let conflict = |b: usize, why: String| VariantError::GivenConflict {
            shape,
            why,
            first: a,
            second: b,
            a: da,
            b: cells[b],
        };
        for b in geometry.peers[a]
            .iter()
            .map(|&b| usize::from(b))
            .filter(|&b| b > a)
        {
            if cells[b] == da {
                let why = geometry.why_different(a, b).unwrap_or_default();
                return Err(conflict(b, why));
            }
        }
        for b in geometry.neighbours[a]
            .iter()
            .map(|&b| usize::from(b))
            .filter(|&b| b > a)
        {
            if cells[b] != 0 && cells[b].abs_diff(da) == 1 {
                return Err(conflict(b, "neighbours hold consecutive digits".into()));
            }
        }
    }
    for (k, cage) in geometry.cages.iter().enumerate() {
        let Some(sum) = cage.sum else { continue };
        let given: Vec<usize> = cage
            .cells
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| cells[c] != 0)
            .collect();
        let total: u16 = given.iter().map(|&c| u16::from(cells[c])).sum();
        let full = given.len() == cage.cells.len();
        if total > sum || (full && total != sum) {
            return Err(VariantError::CageGivens {
                shape,
                cage: cage_name(k),
                sum,
                total,
                cells: given,
                full,
            });
        }
    }
    Ok(())
}

/// The mistakes of a player's position on a variant puzzle, measured against its
/// solution, in cell order: a given changed, a placed digit that is not the solution's
/// (named by the player's digit), an open cell whose `marks` (a mask per cell, bit
/// `d - 1` for digit `d`; `None`: no marks kept) lack the solution's digit (named by that
/// digit), as [`crate::position::check`] names classic ones. `progress` has the
/// puzzle's shape; its givens may be repeated or left blank.
pub fn position_mistakes(
    puzzle: &VariantPuzzle,
    progress: &VariantPuzzle,
    marks: Option<&[u16]>,
    solution: &[u8],
) -> Vec<Mistake> {
    let mut out = Vec::new();
    for (cell, (&given, &placed)) in puzzle.cells.iter().zip(&progress.cells).enumerate() {
        let right = solution[cell];
        let (kind, digit) = match (given, placed) {
            (0, 0) => match marks {
                Some(m) if m[cell] >> (right - 1) & 1 == 0 => {
                    (MistakeKind::RemovedCandidate, right)
                }
                _ => continue,
            },
            (0, d) if d != right => (MistakeKind::WrongDigit, d),
            (g, d) if g != 0 && d != 0 && g != d => (MistakeKind::ChangedGiven, d),
            _ => continue,
        };
        out.push(Mistake { cell, kind, digit });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Rules, Shape};

    fn check(rules: &str, givens: &[(usize, u8)]) -> Result<(), VariantError> {
        let mut p = VariantPuzzle::empty(Shape::NINE);
        for &(c, d) in givens {
            p.cells[c] = d;
        }
        check_givens(
            &p,
            &Geometry::new(Shape::NINE, &Rules::parse(rules).unwrap()).unwrap(),
        )
    }

    #[test]
    fn two_fives_on_a_diagonal_name_both_cells() {
        let err = check("x", &[(0, 5), (80, 5)]).unwrap_err();
        assert_eq!(err.message(), "givens at r1c1 and r9c9 break the rules");
        assert_eq!(
            err.detail(),
            "r1c1 holds 5 and r9c9 holds 5: both in the main diagonal."
        );
        assert!(check("classic", &[(0, 5), (80, 5)]).is_ok());
    }

    #[test]
    fn knights_kings_and_consecutive_neighbours_are_caught() {
        assert!(check("anti-knight", &[(4, 5), (15, 5)])
            .unwrap_err()
            .detail()
            .contains("knight"));
        assert!(check("anti-king", &[(2, 5), (12, 5)])
            .unwrap_err()
            .detail()
            .contains("diagonally"));
        assert!(check("nc", &[(0, 5), (1, 6)])
            .unwrap_err()
            .detail()
            .contains("consecutive"));
        assert!(check("nc", &[(0, 5), (1, 7)]).is_ok());
    }

    #[test]
    fn position_mistakes_name_the_players_digit_or_the_removed_one() {
        let puzzle = VariantPuzzle::parse("1...............").unwrap();
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let progress = VariantPuzzle::parse("22..3.....1.....").unwrap();
        // Marks: r1c3 lost its 3 (the solution's), r1c4 keeps its 4; filled cells'
        // marks are not read.
        let mut marks = [0b1111u16; 16];
        marks[2] = 0b1011;
        marks[0] = 0;
        let found = position_mistakes(&puzzle, &progress, Some(&marks), &solution);
        assert_eq!(
            found[..2],
            [
                Mistake {
                    cell: 0,
                    kind: MistakeKind::ChangedGiven,
                    digit: 2
                },
                Mistake {
                    cell: 2,
                    kind: MistakeKind::RemovedCandidate,
                    digit: 3
                },
            ]
        );
        let found = position_mistakes(&puzzle, &progress, None, &solution);
        assert_eq!(
            found,
            vec![
                Mistake {
                    cell: 0,
                    kind: MistakeKind::ChangedGiven,
                    digit: 2
                },
                Mistake {
                    cell: 10,
                    kind: MistakeKind::WrongDigit,
                    digit: 1
                },
            ]
        );
    }

    #[test]
    fn a_cage_whose_givens_exceed_its_sum_is_refused() {
        let map = format!("AA{}", ".".repeat(79));
        let err = check(&format!("killer={map};10"), &[(0, 6), (1, 5)]).unwrap_err();
        assert_eq!(
            err.detail(),
            "The givens at r1c1, r1c2 fill the cage and add up to 11; the sum is 10."
        );
        assert!(check(&format!("killer={map};11"), &[(0, 6), (1, 5)]).is_ok());
        let err = check(&format!("killer={map};10"), &[(0, 6), (1, 6)]).unwrap_err();
        assert!(err.detail().contains("both in row 1"));
    }
}
