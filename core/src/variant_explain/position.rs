//! A player's position under variant rules ([`RuledPosition`]): the givens, the digits
//! placed since (`progress`) and the pencil marks of the open cells (`marks`), read as
//! the classic position reads them (`position::state::Position::from_parts`), with the
//! rules in place of rows, columns and boxes: a placed digit breaking a rule is
//! contradictory, naming the cells, and an open cell's candidates are its marks less
//! what the filled cells take from it under the rules (their peers, nc's neighbours).
//!
//! A pencil-mark text given as the puzzle ([`RuledPosition::from_marks`]) is read as
//! Sukaku Explainer v1.15.10 reads one under its variant options (`Grid.adjustPencilmarks`):
//! a cell whose one candidate no peer under the rules has (and, under nc, whose
//! orthogonal neighbours have neither digit next to it) is a given, every other cell is
//! open with its marks.

use crate::error::{ErrorKind, PuzzleError};
use crate::logic::geometry::{cells_of, CellSet};
use crate::logic::rules::VariantTables;
use crate::position::ALL;
use crate::variant::check::check_givens;
use crate::variant::{Geometry, VariantError, VariantPuzzle};

/// What a position's texts break, and which text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The progress is a grid of another size (its cells, the puzzle's).
    ProgressSize { progress: usize, puzzle: usize },
    /// The progress: a digit breaking the rules with the givens or another placed
    /// digit.
    Progress(VariantError),
    /// The progress changes a given (its cell, the given, the digit found).
    ChangedGiven(PuzzleError),
    /// The marks: an open cell with no mark, or whose marks the filled cells all take.
    Marks(PuzzleError),
    /// A pencil-mark text as the puzzle: a cell with no candidate.
    Puzzle(PuzzleError),
    /// A pencil-mark text as the puzzle: two cells whose only candidates break the rules
    /// together (the conflict as the givens' check names it).
    Singles(VariantError),
}

impl PositionError {
    /// The argument at fault, as the DETAIL names it.
    pub fn argument(&self) -> &'static str {
        match self {
            PositionError::Marks(_) => "marks",
            PositionError::Puzzle(_) | PositionError::Singles(_) => "puzzle",
            _ => "progress",
        }
    }

    pub fn kind(&self) -> ErrorKind {
        match self {
            PositionError::ProgressSize { .. } => ErrorKind::Contradictory,
            PositionError::Progress(e) | PositionError::Singles(e) => e.kind(),
            PositionError::ChangedGiven(e) | PositionError::Marks(e) | PositionError::Puzzle(e) => {
                e.kind()
            }
        }
    }

    /// The message: a digit breaking the rules is said of the filled cells (a given and
    /// a placed digit, or two placed digits), not of the givens.
    pub fn message(&self) -> String {
        match self {
            PositionError::ProgressSize { .. } => "progress and puzzle differ in size".into(),
            PositionError::Progress(VariantError::GivenConflict {
                shape,
                first,
                second,
                ..
            }) => format!(
                "digits at {} and {} break the rules",
                shape.cell_name(*first),
                shape.cell_name(*second)
            ),
            PositionError::Progress(e) => e.message(),
            PositionError::Singles(VariantError::GivenConflict {
                shape,
                first,
                second,
                ..
            }) => {
                format!(
                    "contradictory position: the only candidates of {} and {} break the rules",
                    shape.cell_name(*first),
                    shape.cell_name(*second)
                )
            }
            PositionError::Singles(e) => e.message(),
            PositionError::ChangedGiven(e) | PositionError::Marks(e) | PositionError::Puzzle(e) => {
                e.message()
            }
        }
    }

    /// The DETAIL, without the argument's name.
    pub fn detail(&self) -> String {
        match self {
            PositionError::ProgressSize { progress, puzzle } => {
                format!("{progress} cells; the puzzle has {puzzle}.")
            }
            PositionError::Progress(e) => e.detail(),
            PositionError::Singles(VariantError::GivenConflict {
                shape,
                why,
                first,
                second,
                a,
                b,
            }) => format!(
                "{} has only the candidate {} and {} only {}: {why}.",
                shape.cell_name(*first),
                shape.digit_char(*a),
                shape.cell_name(*second),
                shape.digit_char(*b)
            ),
            PositionError::Singles(e) => e.detail(),
            PositionError::ChangedGiven(e) | PositionError::Marks(e) | PositionError::Puzzle(e) => {
                e.detail()
            }
        }
    }
}

/// A 9×9 position under rules, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuledPosition {
    /// The givens and the digits placed since.
    pub filled: VariantPuzzle,
    /// How many of the filled cells are givens.
    pub givens: usize,
    /// The candidates of the open cells (0 for a filled cell), when the player gave
    /// marks; `None`: every digit the rules leave.
    pub cands: Option<[u16; 81]>,
}

impl RuledPosition {
    /// The position of `givens` (checked against the rules already), `progress` (which
    /// may repeat the givens or leave their cells blank) and `marks` (a candidate mask
    /// per cell, bit `d - 1` for digit `d`; filled cells' marks are not read) under the
    /// rules of `geometry` and their tables `t`.
    pub fn read(
        givens: &VariantPuzzle,
        progress: Option<&VariantPuzzle>,
        marks: Option<&[u16; 81]>,
        geometry: &Geometry,
        t: &VariantTables,
    ) -> Result<RuledPosition, PositionError> {
        let mut filled = givens.clone();
        if let Some(p) = progress {
            if p.shape != givens.shape {
                return Err(PositionError::ProgressSize {
                    progress: p.cells.len(),
                    puzzle: givens.cells.len(),
                });
            }
            for (cell, (&g, &d)) in givens.cells.iter().zip(&p.cells).enumerate() {
                if g != 0 && d != 0 && d != g {
                    let changed = PuzzleError::ChangedGiven {
                        cell,
                        given: g,
                        found: d,
                    };
                    return Err(PositionError::ChangedGiven(changed));
                }
                if g == 0 {
                    filled.cells[cell] = d;
                }
            }
            check_givens(&filled, geometry).map_err(PositionError::Progress)?;
        }
        let cands = match marks {
            None => None,
            Some(m) => Some(open_cands(&filled, m, t).map_err(PositionError::Marks)?),
        };
        Ok(RuledPosition {
            givens: givens.cells.iter().filter(|&&d| d != 0).count(),
            filled,
            cands,
        })
    }

    /// The digits each cell may hold in a solution of the position (a mask per cell,
    /// bit `d - 1` for digit `d`, as [`crate::variant::Engine::solutions_within`] takes
    /// them): a filled cell any (its digit is a given to the search), an open cell its
    /// candidates, or every digit without marks.
    pub fn allowed(&self) -> Vec<u32> {
        (0..81)
            .map(|c| match (self.filled.cells[c], &self.cands) {
                (0, Some(cands)) => u32::from(cands[c]),
                _ => u32::from(ALL),
            })
            .collect()
    }

    /// The position of a pencil-mark text given as the puzzle (`marks`: a candidate
    /// mask per cell, bit `d - 1` for digit `d`) under the rules of `geometry` and
    /// their tables `t`, read as Sukaku Explainer reads one (`Grid.adjustPencilmarks`):
    /// a cell whose one candidate `d` no peer under the rules has, and under nc no
    /// orthogonal neighbour has `d - 1` or `d + 1` either, is a given; every other cell
    /// is open with its marks (a cell with one candidate a peer also has is left for a
    /// step). Which cells are givens does not hang on the order they are read in: a
    /// given's digit is in no peer's marks, so making it a given takes nothing from
    /// the cells read after it.
    ///
    /// Errors: a cell with no candidate; two cells whose only candidates break the rules
    /// together (the same digit in two peers, consecutive digits in nc's neighbours),
    /// named as the givens' check names them.
    pub fn from_marks(
        marks: &[u16; 81],
        geometry: &Geometry,
        t: &VariantTables,
    ) -> Result<RuledPosition, PositionError> {
        if let Some(cell) = marks.iter().position(|&m| m & ALL == 0) {
            return Err(PositionError::Puzzle(PuzzleError::NoCandidate { cell }));
        }
        let single = |m: u16| match (m & ALL).is_power_of_two() {
            true => (m & ALL).trailing_zeros() as u8 + 1,
            false => 0,
        };
        let singles = VariantPuzzle {
            shape: geometry.shape,
            cells: marks.iter().map(|&m| single(m)).collect(),
        };
        check_givens(&singles, geometry).map_err(PositionError::Singles)?;
        let mut filled = VariantPuzzle::empty(geometry.shape);
        for (cell, &d) in singles.cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let bit = 1u16 << (d - 1);
            let consecutive = (bit << 1 | bit >> 1) & ALL;
            let held =
                |cells: CellSet, digits: u16| cells_of(cells).any(|p| marks[p] & digits != 0);
            if !held(t.peers(cell), bit) && !held(t.neighbours(cell), consecutive) {
                filled.cells[cell] = d;
            }
        }
        // A given's digit is in no peer's marks (and its neighbours' marks hold no digit
        // next to it), so the open cells keep their marks whole.
        let cands = open_cands(&filled, marks, t).map_err(PositionError::Puzzle)?;
        Ok(RuledPosition {
            givens: filled.cells.iter().filter(|&&d| d != 0).count(),
            filled,
            cands: Some(cands),
        })
    }
}

/// The candidates of the open cells of `filled`: each cell's `marks` less what the
/// filled cells take under the rules.
fn open_cands(
    filled: &VariantPuzzle,
    marks: &[u16; 81],
    t: &VariantTables,
) -> Result<[u16; 81], PuzzleError> {
    let left = t.marks_of(&filled.cells);
    let mut cands = [0u16; 81];
    for cell in 0..81 {
        if filled.cells[cell] != 0 {
            continue;
        }
        let marked = marks[cell] & ALL;
        if marked == 0 {
            return Err(PuzzleError::NoCandidate { cell });
        }
        cands[cell] = marked & left.cands[cell];
        if cands[cell] == 0 {
            return Err(PuzzleError::NoCandidateLeft {
                cell,
                marks: marked,
            });
        }
    }
    Ok(cands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Marks;
    use crate::variant::engine::Engine;
    use crate::variant::{Rules, Shape};
    use crate::variant_explain::{NthStep, RuledPuzzle};

    /// An asterisk puzzle Sukaku Explainer v1.15.10 rates 7.2.
    const ASTERISK_72: &str =
        "....71....7..8..4...32..........697.....1....5....92.12......8...7......6......5.";

    fn setting(rules: &str) -> (Geometry, VariantTables, Engine) {
        let geometry = Geometry::new(Shape::NINE, &Rules::parse(rules).unwrap()).unwrap();
        let t = VariantTables::new(&geometry).unwrap();
        let engine = Engine::new(&geometry);
        (geometry, t, engine)
    }

    fn puzzle(text: &str) -> VariantPuzzle {
        VariantPuzzle::parse(text).unwrap()
    }

    /// The progress and marks a player who took the path's steps up to `m` keeps.
    fn kept(givens: &VariantPuzzle, m: &Marks) -> (VariantPuzzle, [u16; 81]) {
        let mut progress = givens.clone();
        progress.cells.copy_from_slice(&m.values[..81]);
        let marks: [u16; 81] = std::array::from_fn(|c| m.cands[c]);
        (progress, marks)
    }

    #[test]
    fn from_a_players_marks_the_hint_is_the_paths_next_step() {
        // A player who took the first steps of the path (its placements as progress,
        // its removals in their marks) is at the position the path reached: the hint
        // there is the path's next step, and the rest of the path is rated as it is.
        let (geometry, t, engine) = setting("asterisk");
        let givens = puzzle(ASTERISK_72);
        let whole = RuledPuzzle::new("t", &givens, &geometry, &engine).unwrap();
        let path = whole.path(&mut || {}).unwrap().unwrap();
        for n in [1, 20, 28, 40, path.len()] {
            let NthStep::Found { before, step } = whole.nth_step(n, &mut || {}).unwrap() else {
                panic!("step {n}");
            };
            let (progress, marks) = kept(&givens, &before);
            let position =
                RuledPosition::read(&givens, Some(&progress), Some(&marks), &geometry, &t).unwrap();
            let p = RuledPuzzle::at("t", &position, &geometry, &engine).unwrap();
            assert_eq!(p.hint(&mut || {}).unwrap(), Some(step), "step {n}");
            let rest = p.path(&mut || {}).unwrap().unwrap();
            assert_eq!(rest, path[n - 1..], "step {n}");
            let a = p.analyse(&mut || {}).unwrap();
            let placed = (0..81).filter(|&c| givens.cells[c] == 0 && before.values[c] != 0);
            let given = givens.cells.iter().filter(|&&d| d != 0).count();
            assert_eq!((a.givens, a.placed), (given, placed.count()));
            assert_eq!(a.givens + a.placed + a.blanks, 81);
        }
    }

    #[test]
    fn a_wrong_digit_or_a_removed_solution_digit_leaves_no_solution() {
        // A digit the rules allow but the solution does not hold, or marks that drop the
        // solution's digit, leave the position without a solution: no rating, no hint.
        let (geometry, t, engine) = setting("asterisk");
        let givens = puzzle(ASTERISK_72);
        let whole = RuledPuzzle::new("t", &givens, &geometry, &engine).unwrap();
        let solution = whole.counted(&mut || {}).solution.clone().unwrap();
        let m = whole.marks();
        let cell = (0..81)
            .find(|&c| givens.cells[c] == 0 && m.cands[c].count_ones() > 1)
            .unwrap();
        let wrong = (1..=9u8)
            .find(|&d| d != solution[cell] && m.cands[cell] >> (d - 1) & 1 == 1)
            .unwrap();
        let mut progress = givens.clone();
        progress.cells[cell] = wrong;
        let mut marks = m.cands;
        marks[cell] &= !(1 << (solution[cell] - 1));
        for (progress, marks) in [(Some(&progress), None), (None, Some(&marks))] {
            let position = RuledPosition::read(&givens, progress, marks, &geometry, &t).unwrap();
            let p = RuledPuzzle::at("t", &position, &geometry, &engine).unwrap();
            assert_eq!(p.rate(&mut || {}).unwrap(), None);
            assert_eq!(p.hint(&mut || {}).unwrap(), None);
        }
    }

    #[test]
    fn what_breaks_the_rules_is_named() {
        let (geometry, t, _) = setting("x");
        let givens = puzzle(&format!("1{}", ".".repeat(80)));
        // A 1 placed on the main diagonal (r9c9) beside the given r1c1.
        let mut progress = givens.clone();
        progress.cells[80] = 1;
        let e = RuledPosition::read(&givens, Some(&progress), None, &geometry, &t).unwrap_err();
        let PositionError::Progress(v) = e else {
            panic!("{e:?}")
        };
        assert!(v.detail().contains("r9c9"), "{}", v.detail());
        // The same digit off the diagonals is allowed.
        progress.cells[80] = 0;
        progress.cells[79] = 1;
        assert!(RuledPosition::read(&givens, Some(&progress), None, &geometry, &t).is_ok());
        // A given changed.
        progress.cells[0] = 2;
        let e = RuledPosition::read(&givens, Some(&progress), None, &geometry, &t).unwrap_err();
        assert!(matches!(
            e,
            PositionError::ChangedGiven(PuzzleError::ChangedGiven { cell: 0, .. })
        ));
        // Marks: r9c9 marked 1 alone (the diagonal's given takes it), r2c2 marked nothing.
        let mut marks = [ALL; 81];
        marks[80] = 1;
        let e = RuledPosition::read(&givens, None, Some(&marks), &geometry, &t).unwrap_err();
        assert_eq!(
            e,
            PositionError::Marks(PuzzleError::NoCandidateLeft { cell: 80, marks: 1 })
        );
        marks[80] = ALL;
        marks[10] = 0;
        let e = RuledPosition::read(&givens, None, Some(&marks), &geometry, &t).unwrap_err();
        assert_eq!(
            e,
            PositionError::Marks(PuzzleError::NoCandidate { cell: 10 })
        );
        // Under jigsaw regions a box is not a group: two 1s in box 1 break nothing.
        let rows = (0..9)
            .map(|r| ((b'A' + r) as char).to_string().repeat(9))
            .collect::<String>();
        let (geometry, t, _) = setting(&format!("jigsaw={rows}"));
        let mut progress = givens.clone();
        progress.cells[10] = 1;
        assert!(RuledPosition::read(&givens, Some(&progress), None, &geometry, &t).is_ok());
    }

    /// A position's pencil marks as a pencil-mark text holds them: a filled cell as its
    /// digit alone.
    fn as_marks_text(m: &Marks) -> [u16; 81] {
        std::array::from_fn(|c| match m.values[c] {
            0 => m.cands[c],
            d => 1 << (d - 1),
        })
    }

    #[test]
    fn a_pencil_mark_text_reads_as_the_position_it_holds() {
        // The marks of the path's positions as a text: every filled cell comes back a
        // given, an open cell keeps its marks, and where no open cell has one candidate
        // the text's hint is the path's next step and the rest of the path is the same.
        for (rules, text) in [
            ("asterisk", ASTERISK_72),
            (
                "nc",
                // Sukaku Explainer v1.15.10 rates it 2.5 with --isNC=1.
                ".......3....69....4......5........95....6.........9.....4...8..9....15......2...9",
            ),
        ] {
            let (geometry, t, engine) = setting(rules);
            let givens = puzzle(text);
            let whole = RuledPuzzle::new("t", &givens, &geometry, &engine).unwrap();
            let path = whole.path(&mut || {}).unwrap().unwrap();
            let mut compared = 0;
            for n in 1..path.len() {
                let NthStep::Found { before, step } = whole.nth_step(n, &mut || {}).unwrap() else {
                    panic!("{rules}: step {n}");
                };
                let marks = as_marks_text(&before);
                let position = RuledPosition::from_marks(&marks, &geometry, &t).unwrap();
                let cands = position.cands.unwrap();
                for (c, &open) in cands.iter().enumerate() {
                    let (d, single) = (before.values[c], before.cands[c].count_ones() == 1);
                    if d != 0 {
                        assert_eq!(position.filled.cells[c], d, "{rules}: step {n}, cell {c}");
                    } else if !single {
                        assert_eq!(open, before.cands[c], "{rules}: step {n}, cell {c}");
                    }
                }
                let pending =
                    (0..81).any(|c| before.values[c] == 0 && before.cands[c].is_power_of_two());
                if pending || n % 5 != 1 {
                    continue;
                }
                let p = RuledPuzzle::at("t", &position, &geometry, &engine).unwrap();
                assert_eq!(p.hint(&mut || {}).unwrap(), Some(step), "{rules}: step {n}");
                assert_eq!(
                    p.path(&mut || {}).unwrap().unwrap(),
                    path[n - 1..],
                    "{rules}: step {n}"
                );
                compared += 1;
            }
            assert!(compared >= 3, "{rules}: {compared} positions compared");
        }
    }

    #[test]
    fn a_single_candidate_is_a_given_when_no_peer_under_the_rules_has_it() {
        // r1c1 marked 1 alone, every other cell every digit but 1 in r1c1's row, column
        // and box: a given under classic rules, open under x (the main diagonal's
        // cells still have 1) until the diagonal loses it too.
        let mut marks = [ALL; 81];
        marks[0] = 1;
        for (c, m) in marks.iter_mut().enumerate().skip(1) {
            if c / 9 == 0 || c % 9 == 0 || (c / 27 == 0 && c % 9 < 3) {
                *m &= !1;
            }
        }
        let given = |rules: &str, marks: &[u16; 81]| {
            let (geometry, t, _) = setting(rules);
            let p = RuledPosition::from_marks(marks, &geometry, &t).unwrap();
            (p.filled.cells[0], p.givens, p.cands.unwrap()[0])
        };
        assert_eq!(given("classic", &marks), (1, 1, 0));
        assert_eq!(given("x", &marks), (0, 0, 1));
        for k in 1..9 {
            marks[10 * k] &= !1;
        }
        assert_eq!(given("x", &marks), (1, 1, 0));
        // Under nc the orthogonal neighbours must have neither 2 (nor 0): r1c2 has 2.
        assert_eq!(given("nc", &marks), (0, 0, 1));
        marks[1] &= !2;
        assert_eq!(given("nc", &marks), (0, 0, 1));
        marks[9] &= !2;
        assert_eq!(given("nc", &marks), (1, 1, 0));
    }

    #[test]
    fn only_candidates_that_break_the_rules_are_named() {
        // r1c1 and r9c9 with 1 alone: both on the main diagonal under x, nothing under
        // classic rules; r1c1 with 5 and r1c2 with 6: neighbours under nc.
        let (geometry, t, _) = setting("x");
        let mut marks = [ALL; 81];
        marks[0] = 1;
        marks[80] = 1;
        let e = RuledPosition::from_marks(&marks, &geometry, &t).unwrap_err();
        assert!(matches!(e, PositionError::Singles(_)), "{e:?}");
        assert_eq!(e.argument(), "puzzle");
        assert_eq!(
            e.message(),
            "contradictory position: the only candidates of r1c1 and r9c9 break the rules"
        );
        assert!(
            e.detail()
                .starts_with("r1c1 has only the candidate 1 and r9c9 only 1: both in"),
            "{}",
            e.detail()
        );
        let (geometry, t, _) = setting("classic");
        assert!(RuledPosition::from_marks(&marks, &geometry, &t).is_ok());
        let (geometry, t, _) = setting("nc");
        let mut marks = [ALL; 81];
        marks[0] = 1 << 4;
        marks[1] = 1 << 5;
        let e = RuledPosition::from_marks(&marks, &geometry, &t).unwrap_err();
        assert!(
            e.detail().ends_with("neighbours hold consecutive digits."),
            "{}",
            e.detail()
        );
        // A cell with no candidate is named as the puzzle's.
        marks[1] = 0;
        let e = RuledPosition::from_marks(&marks, &geometry, &t).unwrap_err();
        assert_eq!(
            e,
            PositionError::Puzzle(PuzzleError::NoCandidate { cell: 1 })
        );
        assert_eq!(e.argument(), "puzzle");
    }

    #[test]
    fn a_pencil_mark_texts_solutions_keep_to_its_marks() {
        // The marks the rules leave the asterisk puzzle: its one solution, the engine's
        // tables borrowed or owned; without the solution's digit in one cell, none.
        let (geometry, t, engine) = setting("asterisk");
        let givens = puzzle(ASTERISK_72);
        let m = t.marks_of(&givens.cells);
        let mut marks = as_marks_text(&m);
        let solve = |marks: &[u16; 81]| {
            let p = RuledPosition::from_marks(marks, &geometry, &t).unwrap();
            let allowed = p.allowed();
            let open = (0..81).filter(|&c| p.filled.cells[c] == 0);
            assert!(open
                .clone()
                .all(|c| allowed[c] == u32::from(p.cands.unwrap()[c])));
            let borrowed: Vec<Vec<u8>> = engine
                .solutions_within(&p.filled, &allowed, 3, || {})
                .collect();
            let owned: Vec<Vec<u8>> = Engine::new(&geometry)
                .into_solutions_within(&p.filled, &allowed, 3, || {})
                .collect();
            assert_eq!(borrowed, owned);
            borrowed
        };
        let solution = engine.solve(&givens, &mut || {}).unwrap();
        assert_eq!(solve(&marks), vec![solution.clone()]);
        let cell = (0..81).find(|&c| givens.cells[c] == 0).unwrap();
        marks[cell] &= !(1 << (solution[cell] - 1));
        assert!(solve(&marks).is_empty());
    }
}
