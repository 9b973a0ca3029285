//! The rules of a grid, read from and written to text.
//!
//! The notation is `../shared/tools/iss/batch_solve.mjs`'s: rule names separated by
//! commas (a comma starts a new rule when a letter follows it), a rule's argument after
//! `=`. `classic` (or the empty text) is no rule at all. What a rule means on a grid is
//! [`super::geometry`]'s business; here a rule is only read, checked for form, and
//! written back in one canonical order, so that equal rules write the same text.

use super::error::VariantError;
pub use super::error::{MAX_RULES_BYTES, RULE_NAMES};
use std::fmt;

/// What replaces the boxes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Regions {
    /// The boxes of the shape.
    #[default]
    Boxes,
    /// `jigsaw=MAP`: the region of every cell, 0-based, numbered in the order of the
    /// map's region names (so the numbers do not depend on the letters chosen).
    Jigsaw(Vec<u8>),
    /// `jigsaw` alone: the generator makes a fresh layout.
    FreshJigsaw,
}

/// One killer cage: its cells (ascending) and its sum, if it has one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    pub cells: Vec<u16>,
    pub sum: Option<u16>,
}

/// The killer cages.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Cages {
    /// No cage.
    #[default]
    None,
    /// `killer=MAP;SUMS`: the cages, in the order of the map's cage names, and the
    /// number of cells the map covers.
    Killer { map_cells: usize, cages: Vec<Cage> },
    /// `killer` alone: the generator makes the cages.
    FreshKiller,
}

/// The rules of a grid. `Rules::default()` is classic sudoku.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// `diagonal-`: the main diagonal, top-left to bottom-right.
    pub diagonal_down: bool,
    /// `diagonal+`: the anti-diagonal, bottom-left to top-right.
    pub diagonal_up: bool,
    /// `windoku`: the four windows and the five groups they imply.
    pub windoku: bool,
    /// `dg`: disjoint groups, the cells at the same place in every box.
    pub disjoint_groups: bool,
    /// `girandola`: Sukaku Explainer's one extra group of that name (9×9).
    pub girandola: bool,
    /// `asterisk`: Sukaku Explainer's one extra group of that name (9×9).
    pub asterisk: bool,
    /// `center-dot`: Sukaku Explainer's one extra group of that name (9×9).
    pub center_dot: bool,
    /// `anti-knight`: two cells a knight's move apart hold different digits.
    pub anti_knight: bool,
    /// `anti-king`: two cells diagonally adjacent hold different digits.
    pub anti_king: bool,
    /// `nc`: two orthogonally adjacent cells never hold consecutive digits.
    pub non_consecutive: bool,
    /// The boxes, or jigsaw regions in their place.
    pub regions: Regions,
    /// The killer cages, if any.
    pub cages: Cages,
}

/// The rules without an argument, by name, in canonical order.
/// A rule's flag in [`Rules`].
type Flag = fn(&mut Rules) -> &mut bool;

const FLAGS: [(&str, Flag); 10] = [
    ("diagonal-", |r| &mut r.diagonal_down),
    ("diagonal+", |r| &mut r.diagonal_up),
    ("windoku", |r| &mut r.windoku),
    ("dg", |r| &mut r.disjoint_groups),
    ("girandola", |r| &mut r.girandola),
    ("asterisk", |r| &mut r.asterisk),
    ("center-dot", |r| &mut r.center_dot),
    ("anti-knight", |r| &mut r.anti_knight),
    ("anti-king", |r| &mut r.anti_king),
    ("nc", |r| &mut r.non_consecutive),
];

impl Rules {
    /// Classic sudoku: no rule beyond rows, columns and boxes.
    pub fn classic() -> Rules {
        Rules::default()
    }

    /// True for classic sudoku.
    pub fn is_classic(&self) -> bool {
        *self == Rules::default()
    }

    /// True when the rules ask the generator for a fresh jigsaw layout or fresh cages.
    pub fn wants_fresh_layout(&self) -> bool {
        self.regions == Regions::FreshJigsaw || self.cages == Cages::FreshKiller
    }

    /// Reads rules (`x,anti-knight`, `jigsaw=MAP`, ...). Checks the form only; whether
    /// the rules fit a grid is checked by [`super::Geometry::new`].
    pub fn parse(text: &str) -> Result<Rules, VariantError> {
        if text.len() > MAX_RULES_BYTES {
            return Err(VariantError::TooLong { bytes: text.len() });
        }
        let mut rules = Rules::default();
        let mut seen: Vec<&str> = Vec::new();
        for rule in split_rules(text) {
            let rule = rule.trim_matches(|c: char| c.is_ascii_whitespace());
            let (name, arg) = match rule.split_once('=') {
                Some((name, arg)) => (name.trim_end(), Some(arg.trim())),
                None => (rule, None),
            };
            if name.is_empty() || name.contains(',') {
                return Err(VariantError::EmptyRule);
            }
            if seen.contains(&name) && name != "classic" {
                return Err(VariantError::RepeatedRule { name: name.into() });
            }
            seen.push(name);
            rules.apply(name, arg)?;
        }
        Ok(rules)
    }

    /// Sets one rule by name.
    fn apply(&mut self, name: &str, arg: Option<&str>) -> Result<(), VariantError> {
        let no_arg = |arg: Option<&str>| match arg {
            None => Ok(()),
            Some(_) => Err(VariantError::UnexpectedArgument { rule: name.into() }),
        };
        match name {
            "classic" => no_arg(arg),
            "x" => {
                no_arg(arg)?;
                self.diagonal_down = true;
                self.diagonal_up = true;
                Ok(())
            }
            "jigsaw" => {
                self.regions = match arg {
                    None => Regions::FreshJigsaw,
                    Some(map) => Regions::Jigsaw(read_jigsaw_map(map)?),
                };
                Ok(())
            }
            "killer" => {
                self.cages = match arg {
                    None => Cages::FreshKiller,
                    Some(arg) => read_killer(arg)?,
                };
                Ok(())
            }
            _ => match FLAGS.iter().find(|(flag, _)| *flag == name) {
                Some((_, field)) => {
                    no_arg(arg)?;
                    *field(self) = true;
                    Ok(())
                }
                None => Err(VariantError::UnknownRule { name: name.into() }),
            },
        }
    }
}

/// The rules of a text, split where a comma is followed by a letter (optionally after
/// spaces): a killer's sums are comma-separated numbers, an empty last one included,
/// and stay with their rule.
fn split_rules(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b',' {
            let next = bytes[i + 1..].iter().find(|b| !b.is_ascii_whitespace());
            if next.is_some_and(|n| n.is_ascii_alphabetic()) {
                out.push(&text[start..i]);
                start = i + 1;
            }
        }
    }
    let last = &text[start..];
    if !(out.is_empty() && last.trim().is_empty()) {
        out.push(last);
    }
    out
}

/// A jigsaw map: one region name (a letter or a digit) a cell; regions numbered in the
/// order of their names.
fn read_jigsaw_map(map: &str) -> Result<Vec<u8>, VariantError> {
    let mut names: Vec<u8> = Vec::new();
    for (i, ch) in map.chars().enumerate() {
        if !ch.is_ascii_alphanumeric() {
            return Err(VariantError::MapCharacter {
                rule: "jigsaw",
                ch,
                position: i + 1,
            });
        }
        if !names.contains(&(ch as u8)) {
            names.push(ch as u8);
        }
    }
    names.sort_unstable();
    Ok(map
        .bytes()
        .map(|b| names.iter().position(|&n| n == b).unwrap_or(0) as u8)
        .collect())
}

/// `MAP;SUMS`. MAP is one character a cell (`A`-`Z`, `a`-`z`, `.` for no cage) or, for
/// grids with more cages than letters, whitespace-separated cage numbers (`0` or `.` for
/// no cage). SUMS: comma-separated, in the order of the cages' names; an empty sum is a
/// cage without one.
fn read_killer(arg: &str) -> Result<Cages, VariantError> {
    let (map, sums) = arg.split_once(';').ok_or(VariantError::MissingArgument {
        rule: "killer",
        what: "MAP;SUMS",
    })?;
    let labels = read_cage_labels(map.trim())?;
    let mut names: Vec<u32> = labels.iter().flatten().copied().collect();
    names.sort_unstable();
    names.dedup();
    let sums: Vec<Option<u16>> = if sums.trim().is_empty() {
        Vec::new()
    } else {
        sums.split(',').map(read_sum).collect::<Result<_, _>>()?
    };
    if sums.len() != names.len() {
        return Err(VariantError::SumCount {
            cages: names.len(),
            sums: sums.len(),
        });
    }
    let mut cages: Vec<Cage> = sums
        .into_iter()
        .map(|sum| Cage {
            cells: Vec::new(),
            sum,
        })
        .collect();
    for (cell, label) in labels.iter().enumerate() {
        if let Some(label) = label {
            let k = names.binary_search(label).unwrap_or(0);
            cages[k].cells.push(cell as u16);
        }
    }
    Ok(Cages::Killer {
        map_cells: labels.len(),
        cages,
    })
}

/// The cage of each cell: `None` for no cage, else a name whose order is the sums'.
fn read_cage_labels(map: &str) -> Result<Vec<Option<u32>>, VariantError> {
    if map.contains(|c: char| c.is_ascii_whitespace()) {
        return map
            .split_ascii_whitespace()
            .enumerate()
            .map(|(i, token)| match token {
                "." | "0" => Ok(None),
                _ => match token.parse::<u32>() {
                    Ok(n) if n <= 10_000 => Ok(Some(n)),
                    _ => Err(VariantError::CageNumber {
                        token: token.chars().take(12).collect(),
                        position: i + 1,
                    }),
                },
            })
            .collect();
    }
    map.chars()
        .enumerate()
        .map(|(i, ch)| match ch {
            '.' => Ok(None),
            'A'..='Z' | 'a'..='z' => Ok(Some(ch as u32)),
            _ => Err(VariantError::MapCharacter {
                rule: "killer",
                ch,
                position: i + 1,
            }),
        })
        .collect()
}

fn read_sum(text: &str) -> Result<Option<u16>, VariantError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u16>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(VariantError::CageSum {
            text: text.chars().take(12).collect(),
        }),
    }
}

/// The canonical text: `classic`, or the rules in a fixed order (`x` for both
/// diagonals), jigsaw regions lettered `A`... in order, cages lettered `A`-`Z` then
/// `a`-`z` (numbers when there are more than 52).
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let mut copy = self.clone();
        if self.diagonal_down && self.diagonal_up {
            parts.push("x".into());
            copy.diagonal_down = false;
            copy.diagonal_up = false;
        }
        for (name, field) in FLAGS {
            if *field(&mut copy) {
                parts.push(name.into());
            }
        }
        match &self.regions {
            Regions::Boxes => {}
            Regions::FreshJigsaw => parts.push("jigsaw".into()),
            Regions::Jigsaw(map) => {
                let letters: String = map.iter().map(|&r| region_letter(r)).collect();
                parts.push(format!("jigsaw={letters}"));
            }
        }
        match &self.cages {
            Cages::None => {}
            Cages::FreshKiller => parts.push("killer".into()),
            Cages::Killer { map_cells, cages } => {
                parts.push(format!("killer={}", killer_text(cages, *map_cells)))
            }
        }
        if parts.is_empty() {
            return f.write_str("classic");
        }
        f.write_str(&parts.join(","))
    }
}

/// A jigsaw region's letter: `A`-`Z` then `a`-`z`.
fn region_letter(region: u8) -> char {
    cage_letter(usize::from(region)).unwrap_or('?')
}

/// The `k`-th letter of `A`-`Z` then `a`-`z`, while there are letters.
fn cage_letter(k: usize) -> Option<char> {
    match k {
        0..=25 => Some((b'A' + k as u8) as char),
        26..=51 => Some((b'a' + (k - 26) as u8) as char),
        _ => None,
    }
}

/// `MAP;SUMS` for cages on a grid of `cells` cells: letters while there are at most
/// 52 cages, else whitespace-separated numbers from 1.
pub fn killer_text(cages: &[Cage], cells: usize) -> String {
    let mut owner: Vec<Option<usize>> = vec![None; cells];
    for (k, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            if let Some(slot) = owner.get_mut(usize::from(cell)) {
                *slot = Some(k);
            }
        }
    }
    let map: String = if cages.len() <= 52 {
        owner
            .iter()
            .map(|o| o.and_then(cage_letter).unwrap_or('.'))
            .collect()
    } else {
        let tokens: Vec<String> = owner
            .iter()
            .map(|o| o.map_or(0, |k| k + 1).to_string())
            .collect();
        tokens.join(" ")
    };
    let sums: Vec<String> = cages
        .iter()
        .map(|c| c.sum.map_or(String::new(), |s| s.to_string()))
        .collect();
    format!("{map};{}", sums.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_combine_and_write_back_canonically() {
        let r = Rules::parse("anti-knight, x").unwrap();
        assert!(r.anti_knight && r.diagonal_up && r.diagonal_down);
        assert_eq!(r.to_string(), "x,anti-knight");
        assert_eq!(
            Rules::parse("diagonal+,diagonal-").unwrap().to_string(),
            "x"
        );
        assert_eq!(Rules::parse("").unwrap(), Rules::classic());
        assert_eq!(Rules::parse("classic").unwrap().to_string(), "classic");
        let all = "x,windoku,dg,girandola,asterisk,center-dot,anti-knight,anti-king,nc";
        assert_eq!(Rules::parse(all).unwrap().to_string(), all);
    }

    #[test]
    fn unknown_repeated_and_argument_errors_are_refused() {
        assert_eq!(
            Rules::parse("x,sudoku"),
            Err(VariantError::UnknownRule {
                name: "sudoku".into()
            })
        );
        assert_eq!(
            Rules::parse("nc,nc"),
            Err(VariantError::RepeatedRule { name: "nc".into() })
        );
        assert!(matches!(
            Rules::parse("x=1"),
            Err(VariantError::UnexpectedArgument { .. })
        ));
        assert!(matches!(
            Rules::parse("x,,nc"),
            Err(VariantError::EmptyRule)
        ));
        assert!(matches!(Rules::parse("nc,"), Err(VariantError::EmptyRule)));
        assert!(matches!(
            Rules::parse("X"),
            Err(VariantError::UnknownRule { .. })
        ));
        assert!(matches!(
            Rules::parse(&"x,".repeat(9000)),
            Err(VariantError::TooLong { .. })
        ));
    }

    #[test]
    fn a_jigsaw_map_numbers_regions_by_name() {
        let r = Rules::parse("jigsaw=bbaa").unwrap();
        assert_eq!(r.regions, Regions::Jigsaw(vec![1, 1, 0, 0]));
        assert_eq!(r.to_string(), "jigsaw=BBAA");
        assert!(matches!(
            Rules::parse("jigsaw=ab-c"),
            Err(VariantError::MapCharacter { position: 3, .. })
        ));
        assert_eq!(
            Rules::parse("jigsaw").unwrap().regions,
            Regions::FreshJigsaw
        );
    }

    #[test]
    fn killer_cages_take_their_sums_in_name_order() {
        let r = Rules::parse("killer=BA.A;3,7q").map(|_| ());
        assert!(matches!(r, Err(VariantError::CageSum { .. })));
        let r = Rules::parse("killer=BA.A;3,7,nc").unwrap();
        assert!(r.non_consecutive);
        let Cages::Killer {
            map_cells: 4,
            cages,
        } = &r.cages
        else {
            panic!()
        };
        assert_eq!(
            cages[0],
            Cage {
                cells: vec![1, 3],
                sum: Some(3)
            }
        );
        assert_eq!(
            cages[1],
            Cage {
                cells: vec![0],
                sum: Some(7)
            }
        );
        assert_eq!(killer_text(cages, 4), "BA.A;3,7");
        let numbers = Rules::parse("killer=2 1 0 1;3,").unwrap();
        let Cages::Killer { cages, .. } = &numbers.cages else {
            panic!()
        };
        assert_eq!(
            cages[1],
            Cage {
                cells: vec![0],
                sum: None
            }
        );
        assert!(matches!(
            Rules::parse("killer=AB;3"),
            Err(VariantError::SumCount { cages: 2, sums: 1 })
        ));
        assert!(matches!(
            Rules::parse("killer=AB"),
            Err(VariantError::MissingArgument { .. })
        ));
    }

    #[test]
    fn more_than_52_cages_are_written_as_numbers() {
        let cages: Vec<Cage> = (0..60)
            .map(|k| Cage {
                cells: vec![k],
                sum: Some(1),
            })
            .collect();
        let text = killer_text(&cages, 60);
        assert!(text.starts_with("1 2 3 "));
        let back = Rules::parse(&format!("killer={text}")).unwrap();
        assert_eq!(
            back.cages,
            Cages::Killer {
                map_cells: 60,
                cages
            }
        );
    }
}
