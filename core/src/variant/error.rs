//! Why a variant puzzle or its rules cannot be used. Like [`crate::PuzzleError`],
//! each error has a kind (`22P02` malformed text, `22023` rules or givens that do not
//! fit), a message and a DETAIL naming the rule, the cage or the cells.

use super::shape::Shape;
use crate::error::ErrorKind;
use std::fmt;

/// The longest rules text read: a killer map of a 25×25 grid in numbers with every
/// sum fits well inside it. Longer texts are refused before anything is copied.
pub const MAX_RULES_BYTES: usize = 16 * 1024;

/// Every rule name the reader knows, for messages.
pub const RULE_NAMES: &str = "classic, x, diagonal+, diagonal-, windoku, dg, girandola, \
     asterisk, center-dot, anti-knight, anti-king, nc, jigsaw[=MAP], killer[=MAP;SUMS]";

/// Why a variant puzzle or its rules cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// The rules text is longer than [`MAX_RULES_BYTES`].
    TooLong { bytes: usize },
    /// Two commas in a row, or a comma at the end.
    EmptyRule,
    /// A name that is not a rule.
    UnknownRule { name: String },
    /// The same rule twice.
    RepeatedRule { name: String },
    /// `=...` after a rule that takes no argument.
    UnexpectedArgument { rule: String },
    /// A rule's argument lacks a part.
    MissingArgument {
        rule: &'static str,
        what: &'static str,
    },
    /// A character a map cannot hold (position counts characters from 1).
    MapCharacter {
        rule: &'static str,
        ch: char,
        position: usize,
    },
    /// A killer map's token that is not a cage number.
    CageNumber { token: String, position: usize },
    /// A killer sum that is not a positive number.
    CageSum { text: String },
    /// Not as many sums as cages.
    SumCount { cages: usize, sums: usize },
    /// A map with a cell count other than the grid's.
    MapLength {
        rule: &'static str,
        found: usize,
        expected: usize,
    },
    /// A jigsaw map with other than `side` regions, or a region of other than `side` cells.
    RegionShape {
        regions: usize,
        smallest: usize,
        largest: usize,
        side: usize,
    },
    /// A rule that has no meaning on this shape (`girandola` on 16×16).
    NotOnShape { rule: &'static str, shape: Shape },
    /// Two rules that cannot go together (`dg` needs boxes, so not with `jigsaw`).
    Incompatible {
        rule: &'static str,
        with: &'static str,
    },
    /// `jigsaw` or `killer` without a map, outside generation.
    NeedsLayout { rule: &'static str },
    /// A cage with more cells than digits.
    CageTooLarge {
        cage: String,
        cells: usize,
        side: usize,
    },
    /// A cage whose sum its cells cannot make.
    ImpossibleSum {
        cage: String,
        cells: usize,
        sum: u16,
        min: u16,
        max: u16,
    },
    /// A puzzle text with a number of cells no shape has.
    CellCount { found: usize },
    /// A character that is no cell of this shape (position counts characters from 1).
    InvalidCharacter {
        ch: char,
        position: usize,
        shape: Shape,
    },
    /// Two givens the rules forbid together: `why` names the group or relation.
    GivenConflict {
        shape: Shape,
        why: String,
        first: usize,
        second: usize,
        a: u8,
        b: u8,
    },
    /// A cage whose givens exceed its sum, or fill it and fall short.
    CageGivens {
        shape: Shape,
        cage: String,
        sum: u16,
        total: u16,
        cells: Vec<usize>,
        full: bool,
    },
    /// A function that does not take these rules (the rating functions and variants).
    Unsupported { what: String, rules: String },
    /// A function of the human-logic engine (rating, hints, steps, figures) asked
    /// for rules or a grid it does not take: killer cages, 16×16 and 25×25 grids (a
    /// player's position on them too).
    NoHumanLogic { what: String, rules: String },
    /// A pencil-mark text as the puzzle under rules other than classic, of a function
    /// other than the human-logic engine's four and `sudoku_format`, or with a player's
    /// progress or marks
    /// (a player's marks go in their own argument).
    MarksUnderRules { what: String, rules: String },
    /// A puzzle under variant rules whose path stops short of the solution with `blanks`
    /// cells open: a step that changed nothing (every technique of Sukaku Explainer's is
    /// built under every rule the ladder takes, so none is expected; where none applies
    /// the path guesses and rates 20.0).
    BeyondBuilt {
        what: String,
        rules: String,
        blanks: usize,
    },
    /// An f-puzzles text longer than the reader takes (`limit` bytes).
    FpuzzlesTooLong { bytes: usize, limit: usize },
    /// An f-puzzles text, link or payload that cannot be read: `reason` says where.
    FpuzzlesSyntax { reason: String },
    /// Something of an f-puzzles puzzle these rules cannot express (a thermometer, a
    /// 6×6 grid), or of these rules that f-puzzles cannot hold (a 25×25 grid).
    Unexpressible { what: String },
    /// A symmetry of the givens that a rule's groups or cages do not share (generation).
    Asymmetric {
        rule: &'static str,
        symmetry: &'static str,
    },
    /// Rules no grid satisfies (generation found no solution to dig from).
    Unsolvable { rules: String, shape: Shape },
}

impl VariantError {
    /// `Malformed` for text that cannot be read, `Contradictory` for rules or givens
    /// that do not fit together.
    pub fn kind(&self) -> ErrorKind {
        use VariantError::*;
        match self {
            TooLong { .. }
            | EmptyRule
            | UnknownRule { .. }
            | RepeatedRule { .. }
            | UnexpectedArgument { .. }
            | MissingArgument { .. }
            | MapCharacter { .. }
            | CageNumber { .. }
            | CageSum { .. }
            | CellCount { .. }
            | InvalidCharacter { .. }
            | FpuzzlesTooLong { .. }
            | FpuzzlesSyntax { .. } => ErrorKind::Malformed,
            BeyondBuilt { .. } => ErrorKind::NotSupported,
            _ => ErrorKind::Contradictory,
        }
    }

    /// The one-line message.
    pub fn message(&self) -> String {
        use VariantError::*;
        match self {
            TooLong { .. } => "rules text is too long".into(),
            EmptyRule => "empty rule in rules".into(),
            UnknownRule { name } => format!("unknown rule \"{}\"", shown(name)),
            RepeatedRule { name } => format!("rule \"{name}\" given twice"),
            UnexpectedArgument { rule } => format!("rule \"{rule}\" takes no argument"),
            MissingArgument { rule, what } => format!("rule \"{rule}\" needs {what}"),
            MapCharacter { rule, ch, .. } => {
                format!("invalid character {} in {rule} map", quoted(*ch))
            }
            CageNumber { token, .. } => {
                format!("invalid cage number \"{}\" in killer map", shown(token))
            }
            CageSum { text } => format!("invalid cage sum \"{}\"", shown(text)),
            SumCount { cages, sums } => format!("killer map has {cages} cages but {sums} sums"),
            MapLength {
                rule,
                found,
                expected,
            } => {
                format!("{rule} map has {found} cells, the grid {expected}")
            }
            RegionShape { .. } => "jigsaw regions do not tile the grid".into(),
            NotOnShape { rule, shape } => {
                format!("rule \"{rule}\" does not apply to a {} grid", shape.name())
            }
            NeedsLayout { rule } => format!("rule \"{rule}\" needs a map here"),
            Incompatible { rule, with } => format!("rule \"{rule}\" cannot go with \"{with}\""),
            CageTooLarge { cage, .. } => format!("cage {cage} has more cells than digits"),
            ImpossibleSum { cage, sum, .. } => format!("cage {cage} cannot add up to {sum}"),
            CellCount { found } => format!("puzzle has {found} cells"),
            InvalidCharacter { ch, shape, .. } => {
                format!(
                    "invalid character {} in {} puzzle",
                    quoted(*ch),
                    shape.name()
                )
            }
            GivenConflict {
                shape,
                first,
                second,
                ..
            } => format!(
                "givens at {} and {} break the rules",
                shape.cell_name(*first),
                shape.cell_name(*second)
            ),
            CageGivens { cage, .. } => format!("givens of cage {cage} do not fit its sum"),
            Unsupported { what, rules } | NoHumanLogic { what, rules } => {
                format!("{what} does not support rules \"{}\"", shown(rules))
            }
            MarksUnderRules { what, rules } => format!(
                "{what} does not take a pencil-mark text under rules \"{}\"",
                shown(rules)
            ),
            BeyondBuilt { what, rules, .. } => {
                format!(
                    "{what} cannot finish this puzzle under rules \"{}\"",
                    shown(rules)
                )
            }
            FpuzzlesTooLong { .. } => "f-puzzles text is too long".into(),
            FpuzzlesSyntax { .. } => "invalid f-puzzles puzzle".into(),
            Unexpressible { what } => {
                format!(
                    "{} has no equivalent between f-puzzles and sudoku_ext rules",
                    shown_long(what)
                )
            }
            Asymmetric { rule, symmetry } => {
                format!("rule \"{rule}\" is not symmetric under {symmetry}")
            }
            Unsolvable { rules, shape } => format!(
                "no {} grid satisfies rules \"{}\"",
                shape.name(),
                shown(rules)
            ),
        }
    }

    /// The DETAIL: which rule, cage, cells or counts.
    pub fn detail(&self) -> String {
        use VariantError::*;
        match self {
            TooLong { bytes } => format!("Rules are at most {} bytes; this text has {bytes}.", MAX_RULES_BYTES),
            EmptyRule => "Rules are names separated by commas, such as \"x,anti-knight\".".into(),
            RepeatedRule { .. } => "Give each rule once.".into(),
            UnknownRule { .. } | UnexpectedArgument { .. } => {
                format!("Known rules: {}.", RULE_NAMES)
            }
            MissingArgument { rule, what } => format!("Write {rule}={what}."),
            MapCharacter { rule: "jigsaw", position, .. } => format!(
                "Character {position} of the map: a jigsaw map has one region letter or digit a cell."
            ),
            MapCharacter { position, .. } => format!(
                "Character {position} of the map: a killer map has one cage letter (A-Z, a-z) a cell, or '.' for none."
            ),
            CageNumber { position, .. } => {
                format!("Token {position} of the map: cage numbers are 1 to 10000, 0 or '.' for none.")
            }
            CageSum { .. } => "Sums are positive numbers separated by commas, in the order of the cages' names.".into(),
            SumCount { .. } => "Give one sum a cage, in the order of the cages' names (an empty sum for none).".into(),
            MapLength { rule, expected, .. } => format!("A {rule} map has one entry a cell: {expected}."),
            RegionShape { regions, smallest, largest, side } => format!(
                "The map has {regions} regions of {smallest} to {largest} cells; it needs {side} regions of {side} cells."
            ),
            NotOnShape { rule, .. } => format!("Rule \"{rule}\" is defined on 9x9 grids; see docs/variants.md."),
            Incompatible { .. } => "Disjoint groups are the cells at the same place of every box; a jigsaw has no boxes.".into(),
            NeedsLayout { rule: "jigsaw" } => "jigsaw alone asks sudoku_generate for a fresh layout; give jigsaw=MAP.".into(),
            NeedsLayout { .. } => "killer alone asks sudoku_generate for fresh cages; give killer=MAP;SUMS.".into(),
            CageTooLarge { cells, side, .. } => format!("The cage has {cells} cells; a cage holds at most {side}."),
            ImpossibleSum { cells, min, max, .. } => {
                format!("{cells} different digits add up to {min} to {max}.")
            }
            CellCount { .. } => "A puzzle has 16, 81, 256 or 625 cells.".into(),
            InvalidCharacter { position, shape, .. } => format!(
                "Character {position}: a {} cell is a digit 1 to {}, or '.', '0' or '?' for a blank.",
                shape.name(),
                shape.digit_char(shape.side() as u8)
            ),
            GivenConflict { shape, why, first, second, a, b } => format!(
                "{} holds {} and {} holds {}: {why}.",
                shape.cell_name(*first),
                shape.digit_char(*a),
                shape.cell_name(*second),
                shape.digit_char(*b)
            ),
            CageGivens { shape, sum, total, cells, full, .. } => {
                let names: Vec<String> = cells.iter().map(|&c| shape.cell_name(c)).collect();
                let how = if *full { "fill the cage and" } else { "already" };
                format!("The givens at {} {how} add up to {total}; the sum is {sum}.", names.join(", "))
            }
            Unsupported { what, .. } => format!(
                "{what} takes classic 9x9 and 4x4 puzzles for now; variants are solved, counted, listed, checked, \
                 generated, drawn, imported and exported (docs/variants.md)."
            ),
            NoHumanLogic { .. } => "The human-logic engine takes 9x9 puzzles, pencil marks and a player's position \
                 under every rule but killer cages, and classic 4x4 puzzles; killer cages, 16x16 and 25x25 grids are \
                 later work (docs/variants.md)."
                .into(),
            MarksUnderRules { .. } => "Pencil-mark texts are read as the puzzle under 9x9 rules without killer cages \
                 by the functions that solve, count, list, rate, explain, format, validate and draw one puzzle; a \
                 player's position takes the puzzle's givens, its pencil marks in the marks argument \
                 (docs/pencil-marks.md)."
                .into(),
            BeyondBuilt { blanks, .. } => format!(
                "The human-logic engine took a step that changed nothing with {blanks} cells open, which none \
                 of its techniques should do: please report the puzzle and its rules."
            ),
            FpuzzlesTooLong { bytes, limit } => format!("An f-puzzles JSON, link or payload is at most {limit} bytes; this text has {bytes}."),
            FpuzzlesSyntax { reason } => format!("{}.", shown_long(reason)),
            Unexpressible { .. } => format!(
                "Both sides know 4x4, 9x9 and 16x16 grids with givens, jigsaw regions and these rules: {}; see docs/variants.md.",
                RULE_NAMES
            ),
            Asymmetric { rule: "killer", .. } => "Fresh killer cages are made without a symmetry, and given cages must map onto cages; ask symmetry => 'none'.".into(),
            Asymmetric { rule, symmetry } => format!(
                "A symmetric puzzle keeps its givens an orbit at a time; the groups of \"{rule}\" do not map onto themselves under {symmetry}. Ask symmetry => 'none' or another symmetry."
            ),
            Unsolvable { .. } => "The generator starts from a full grid that keeps every rule; these rules admit none.".into(),
        }
    }
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for VariantError {}

/// A character quoted for a message; control characters as code points.
fn quoted(ch: char) -> String {
    if ch.is_control() {
        format!("U+{:04X}", ch as u32)
    } else {
        format!("\"{ch}\"")
    }
}

/// A reason that may quote a user's text: cut to 200 characters, control characters as
/// code points.
fn shown_long(text: &str) -> String {
    let cut: String = text.chars().take(200).collect();
    shown_all(&cut)
}

/// A user's text cut to 40 characters, control characters as code points.
fn shown(text: &str) -> String {
    let cut: String = text.chars().take(40).collect();
    shown_all(&cut)
}

/// Control characters as code points.
fn shown_all(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                format!("U+{:04X}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}
