//! What one technique finds: a step a person can check and replay, and the helpers the
//! techniques build their steps with.

use super::chains::kind::ChainKind;
use super::geometry::{cells_of, CellSet};
use super::marks::{Candidate, Marks};
use crate::grid::UnitKind;
use crate::variant::GroupKind;

/// The techniques of the human-logic engine. Each names one pattern; its difficulty on
/// Sudoku Explainer's ER scale is carried by the [`Step`] (chains add a length bonus to
/// their base, so one technique can give several ratings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Technique {
    /// The last blank cell of a unit.
    FullHouse,
    /// A digit with one place left in a unit.
    HiddenSingle(UnitKind),
    /// A digit with one place left in a group of a variant that is not a row, column or
    /// box: a jigsaw region, a diagonal, a window, a disjoint group, ...
    HiddenSingleIn(GroupKind),
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit confined to one row or column within a box leaves the rest of that line.
    Pointing,
    /// A digit confined to one box within a row or column leaves the rest of that box.
    Claiming,
    /// n cells of a unit holding only n digits between them (n = 2, 3, 4).
    NakedSubset(u8),
    /// n digits of a unit confined to n cells (n = 2, 3, 4).
    HiddenSubset(u8),
    /// A basic fish of size n: X-wing (2), swordfish (3), jellyfish (4).
    Fish(u8),
    Skyscraper,
    TwoStringKite,
    TurbotFish,
    XYWing,
    XYZWing,
    /// Unique rectangle or loop, of a type (1-4).
    UniqueLoop(u8),
    /// Bivalue universal grave, of a type (1-4).
    Bug(u8),
    AlignedPairExclusion,
    AlignedTripleExclusion,
    /// The chain families (cycles, forcing chains, nishio, dynamic and nested chains).
    Chain(ChainKind),
    /// A pointing whose elimination leaves a hidden single in another box, placed at once
    /// (Sukaku Explainer's "direct pointing", 1.7).
    DirectPointing,
    /// A claiming whose elimination leaves a hidden single in another line of the same
    /// kind, placed at once ("direct claiming", 1.9).
    DirectClaiming,
    /// A hidden subset (n = 2, 3) whose eliminations leave a hidden single in its unit,
    /// placed at once ("direct hidden pair" 2.0, "direct hidden triplet" 2.5).
    DirectHiddenSubset(u8),
    /// WXYZ-wing: three cells seeing each other hold four digits, and a bivalue cell
    /// (Sukaku Explainer's 5.5-5.6).
    WXYZWing,
    /// VWXYZ-wing: the same logic with four cells holding five digits (6.2-6.4).
    VWXYZWing,
    /// A chain of n strong links on one digit joined by weak links (Sukaku Explainer's
    /// "3 strong-linked fishes": 5.4 on parallel lines, 5.5 with a box, 5.6 mixing rows
    /// and columns, 5.7 grouped).
    StrongLinks(u8),
    /// A digit's two to six places in a group take it from every cell that sees them
    /// all (Sukaku Explainer's generalized intersections under variants, 2.9).
    GeneralizedIntersection,
    /// n cells of a group holding only n digits between them, each digit leaving every
    /// cell that sees all the set's cells holding it (Sukaku Explainer's generalized
    /// naked pair, triple, quad under variants: 3.0, 3.6, 5.0).
    GeneralizedNakedSubset(u8),
    /// Non-consecutive sudoku: a cell of two or three candidates within three in value
    /// takes a digit from its orthogonal neighbours (2.4).
    NcForcingCell,
    /// Non-consecutive sudoku: a digit's two or three places in a group take its
    /// neighbours in value from the cells next to them (2.5).
    NcLocked,
    /// No technique of the engine applies: a digit placed from the solution, named as
    /// such so that nobody takes it for logic.
    Guess,
}

/// A link of a chain between two candidates: strong (if `from` is false, `to` is true)
/// or weak (if `from` is true, `to` is false).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    pub from: Candidate,
    pub to: Candidate,
    pub strong: bool,
}

/// One step: what it places and eliminates, the pattern that justifies it, and its
/// difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// Difficulty on the ER scale, in tenths (12 is 1.2).
    pub rating: u16,
    /// Digits this step puts in cells.
    pub placements: Vec<Candidate>,
    /// Candidates this step removes.
    pub eliminations: Vec<Candidate>,
    /// The cells of the pattern (ascending, no repeats).
    pub cells: Vec<u8>,
    /// The units of the pattern, numbered as `Size::units_of` numbers them.
    pub units: Vec<u8>,
    /// The digits of the pattern (bit `d - 1` for digit `d`).
    pub digits: u16,
    /// One English sentence naming cells as `r1c2`.
    pub explanation: String,
    /// The links of a chain step, in order: a forcing chain's from its assumption to
    /// its conclusion, a cycle's round from its start back to it; for the steps made of
    /// several chains or of propagations (contradictions, double, cell and region
    /// forcing chains, nishio, dynamic and nested chains) each chain's links from its
    /// assumption towards its conclusion, with the hidden parents of a dynamic chain
    /// (see `chains::links`). Empty for the other techniques.
    pub links: Vec<Link>,
}

impl Step {
    /// Applies the step to `marks` under classic rules: its placements, then its
    /// eliminations (under a variant's rules, `rules::VariantTables::apply`).
    pub fn apply(&self, marks: &mut Marks) {
        for p in &self.placements {
            if marks.values[p.cell as usize] == 0 {
                marks.place(p.cell as usize, p.digit);
            }
        }
        for e in &self.eliminations {
            marks.eliminate(e.cell as usize, e.digit);
        }
    }

    /// True when every placement agrees with `solution` and no elimination removes a
    /// digit of it: what every step must be.
    pub fn is_sound(&self, solution: &[u8]) -> bool {
        self.placements
            .iter()
            .all(|p| solution[p.cell as usize] == p.digit)
            && self
                .eliminations
                .iter()
                .all(|e| solution[e.cell as usize] != e.digit)
    }
}

/// What a technique found, before it is a [`Step`]: the cells of its pattern as a set.
pub(crate) struct StepParts {
    pub(crate) technique: Technique,
    pub(crate) rating: u16,
    pub(crate) placements: Vec<Candidate>,
    pub(crate) eliminations: Vec<Candidate>,
    pub(crate) cells: CellSet,
    pub(crate) units: Vec<u8>,
    pub(crate) digits: u16,
    pub(crate) explanation: String,
}

/// Builds a step; its eliminations sorted and free of repeats, its cells ascending.
pub(crate) fn make_step(parts: StepParts) -> Step {
    let StepParts {
        technique,
        rating,
        placements,
        mut eliminations,
        cells,
        units,
        digits,
        explanation,
    } = parts;
    eliminations.sort();
    eliminations.dedup();
    Step {
        technique,
        rating,
        placements,
        eliminations,
        cells: cells_of(cells).map(|c| c as u8).collect(),
        units,
        digits,
        explanation,
        links: Vec::new(),
    }
}

/// The eliminations of `digit` from every cell of `set` that has it.
pub(crate) fn eliminations_of(m: &Marks, set: CellSet, digit: u8) -> Vec<Candidate> {
    cells_of(set)
        .filter(|&c| m.has(c, digit))
        .map(|c| Candidate {
            cell: c as u8,
            digit,
        })
        .collect()
}
