//! An f-puzzles JSON object read into a puzzle and rules (see the parent module for
//! the format and its sources).
//!
//! Every top-level field is looked at: the grid, the flags, `killercage` and
//! `extraregion` are read; the fields listed in [`IGNORED`] (metadata and pictures that
//! do not touch the digits) are skipped; `cage` (a drawing) is skipped when it has no
//! cells (SudokuPad's metadata); any other field that is not empty (`false`, `null`,
//! `[]`, `{}`, `""`) is a constraint these rules cannot express (22023 naming it).

use super::groups;
use crate::variant::error::VariantError;
use crate::variant::geometry::Geometry;
use crate::variant::rules::{Cage, Cages, Regions, Rules};
use crate::variant::shape::Shape;
use crate::variant::text::VariantPuzzle;
use serde_json::{Map, Value};

/// Top-level fields that do not touch the digits: metadata, the solver's settings, the
/// solution and fog (which hides, but does not change, the puzzle).
const IGNORED: [&str; 10] = [
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "successMessage",
    "fogofwar",
    "foglight",
];

/// Sets one rule.
type SetRule = fn(&mut Rules);

/// The flags: the f-puzzles name, and what it sets. `windoku` is no f-puzzles field;
/// SudokuPad's format notes list it beside the diagonals among legacy importer flags.
const FLAGS: [(&str, SetRule); 7] = [
    ("diagonal+", |r| r.diagonal_up = true),
    ("diagonal-", |r| r.diagonal_down = true),
    ("antiknight", |r| r.anti_knight = true),
    ("antiking", |r| r.anti_king = true),
    ("disjointgroups", |r| r.disjoint_groups = true),
    ("nonconsecutive", |r| r.non_consecutive = true),
    ("windoku", |r| r.windoku = true),
];

/// Cell fields that do not touch the puzzle: the player's marks and colours.
const IGNORED_CELL: [&str; 6] = [
    "centerPencilMarks",
    "cornerPencilMarks",
    "c",
    "cArray",
    "highlight",
    "highlightArray",
];

/// Reads the JSON text of an f-puzzles puzzle.
pub(super) fn puzzle_of_json(text: &str) -> Result<(VariantPuzzle, Rules), VariantError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| syntax(format!("the JSON does not parse: {e}")))?;
    let Value::Object(object) = value else {
        return Err(syntax("the JSON is not an object".into()));
    };
    let shape = shape_of(&object)?;
    let mut rules = Rules::default();
    let (puzzle, regions) = read_grid(shape, object.get("grid"))?;
    rules.regions = regions;
    let mut extra: Vec<Vec<u16>> = Vec::new();
    for (key, value) in &object {
        match key.as_str() {
            "size" | "grid" => {}
            "killercage" => rules.cages = read_cages(shape, value)?,
            "extraregion" => extra = read_extra_regions(shape, value)?,
            "cage" => check_drawn_cages(value)?,
            _ if IGNORED.contains(&key.as_str()) => {}
            _ => match FLAGS.iter().find(|(name, _)| name == key) {
                Some((_, set)) => match value {
                    Value::Bool(true) => set(&mut rules),
                    Value::Bool(false) | Value::Null => {}
                    _ => return Err(syntax(format!("field \"{key}\" is not true or false"))),
                },
                None if is_empty(value) => {}
                None => {
                    return Err(VariantError::Unexpressible {
                        what: format!("f-puzzles constraint \"{key}\""),
                    })
                }
            },
        }
    }
    if !extra.is_empty() {
        let left = groups::absorb(shape, &extra, &mut rules);
        if let Some(region) = left.first() {
            return Err(VariantError::Unexpressible {
                what: format!("the extra region {}", cell_list(shape, region)),
            });
        }
    }
    Geometry::new(shape, &rules)?;
    Ok((puzzle, rules))
}

/// The shape of `size`: 4, 9, 16 or 25; other sizes f-puzzles draws are 22023.
fn shape_of(object: &Map<String, Value>) -> Result<Shape, VariantError> {
    let size = object
        .get("size")
        .ok_or_else(|| syntax("the JSON has no \"size\"".into()))?;
    let side = size
        .as_u64()
        .ok_or_else(|| syntax("\"size\" is not a whole number".into()))?;
    match usize::try_from(side).ok().and_then(Shape::of_side) {
        Some(shape) => Ok(shape),
        None if (1..=16).contains(&side) => Err(VariantError::Unexpressible {
            what: format!("a {side}x{side} grid"),
        }),
        None => Err(syntax(format!("\"size\" {side} is no grid size"))),
    }
}

/// The givens and the regions of `grid`: `size` rows of `size` cell objects.
fn read_grid(shape: Shape, grid: Option<&Value>) -> Result<(VariantPuzzle, Regions), VariantError> {
    let n = shape.side();
    let rows = grid
        .and_then(Value::as_array)
        .ok_or_else(|| syntax("the JSON has no \"grid\" array".into()))?;
    if rows.len() != n {
        return Err(syntax(format!(
            "\"grid\" has {} rows, \"size\" says {n}",
            rows.len()
        )));
    }
    let mut puzzle = VariantPuzzle::empty(shape);
    let mut labels: Vec<i64> = Vec::with_capacity(shape.cells());
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
            syntax(format!(
                "row {} of \"grid\" is not an array of {n} cells",
                r + 1
            ))
        })?;
        for (c, cell) in row.iter().enumerate() {
            let index = shape.cell(r, c);
            let (digit, label) = read_cell(shape, index, cell)?;
            puzzle.cells[index] = digit;
            labels.push(label);
        }
    }
    Ok((puzzle, regions_of(shape, &labels)?))
}

/// One cell: its given digit (0 for none) and its region label (its box when unset).
fn read_cell(shape: Shape, index: usize, cell: &Value) -> Result<(u8, i64), VariantError> {
    let name = f_cell_name(shape, index);
    let object = cell
        .as_object()
        .ok_or_else(|| syntax(format!("cell {name} is not an object")))?;
    let given = match object.get("given") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => false,
        Some(Value::Bool(true)) => true,
        Some(_) => return Err(syntax(format!("\"given\" of {name} is not true or false"))),
    };
    let mut digit = 0;
    if given {
        let value = object.get("value").and_then(Value::as_u64);
        digit = match value {
            Some(d) if (1..=shape.side() as u64).contains(&d) => d as u8,
            _ => {
                return Err(syntax(format!(
                    "the given of {name} is not a digit 1 to {}",
                    shape.side()
                )))
            }
        };
    }
    let label = match object.get("region") {
        None => shape.box_of(index) as i64,
        Some(Value::Null) => {
            return Err(VariantError::Unexpressible {
                what: format!("cell {name} outside every region"),
            })
        }
        Some(v) => v
            .as_i64()
            .ok_or_else(|| syntax(format!("\"region\" of {name} is not a whole number")))?,
    };
    for (key, value) in object {
        let known = ["value", "given", "region"].contains(&key.as_str())
            || IGNORED_CELL.contains(&key.as_str());
        if !known && !is_empty(value) {
            let what = if key == "givenPencilMarks" {
                format!("given pencil marks at {name}")
            } else {
                format!("field \"{key}\" of cell {name}")
            };
            return Err(VariantError::Unexpressible { what });
        }
    }
    Ok((digit, label))
}

/// The boxes when every cell is in its box, else the jigsaw regions numbered in the
/// order of their labels (as a jigsaw map numbers its names).
fn regions_of(shape: Shape, labels: &[i64]) -> Result<Regions, VariantError> {
    if labels
        .iter()
        .enumerate()
        .all(|(cell, &l)| l == shape.box_of(cell) as i64)
    {
        return Ok(Regions::Boxes);
    }
    let mut names = labels.to_vec();
    names.sort_unstable();
    names.dedup();
    if names.len() != shape.side() {
        let mut sizes: Vec<usize> = names
            .iter()
            .map(|n| labels.iter().filter(|&l| l == n).count())
            .collect();
        sizes.sort_unstable();
        return Err(VariantError::RegionShape {
            regions: names.len(),
            smallest: sizes.first().copied().unwrap_or(0),
            largest: sizes.last().copied().unwrap_or(0),
            side: shape.side(),
        });
    }
    Ok(Regions::Jigsaw(
        labels
            .iter()
            .map(|l| names.binary_search(l).unwrap_or(0) as u8)
            .collect(),
    ))
}

/// `killercage`: cages in their order, cells ascending; a cage's `value` is its sum
/// (none when absent or empty). Cages may not share cells.
fn read_cages(shape: Shape, value: &Value) -> Result<Cages, VariantError> {
    let entries = list(value, "killercage")?;
    if entries.is_empty() {
        return Ok(Cages::None);
    }
    let mut owner: Vec<bool> = vec![false; shape.cells()];
    let mut cages = Vec::with_capacity(entries.len());
    for (k, entry) in entries.iter().enumerate() {
        let what = format!("killer cage {}", k + 1);
        let cells = cells_of(shape, entry, &what)?;
        for &cell in &cells {
            let slot = &mut owner[usize::from(cell)];
            if *slot {
                return Err(VariantError::Unexpressible {
                    what: format!(
                        "killer cages that share {}",
                        f_cell_name(shape, cell.into())
                    ),
                });
            }
            *slot = true;
        }
        let sum = match entry.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(Value::String(s)) => Some(read_sum(s.trim(), &what)?),
            Some(Value::Number(n)) => Some(read_sum(&n.to_string(), &what)?),
            Some(_) => return Err(syntax(format!("the value of {what} is not a number"))),
        };
        cages.push(Cage { cells, sum });
    }
    Ok(Cages::Killer {
        map_cells: shape.cells(),
        cages,
    })
}

fn read_sum(text: &str, what: &str) -> Result<u16, VariantError> {
    match text.parse::<u16>() {
        Ok(sum) if sum > 0 => Ok(sum),
        _ => Err(VariantError::Unexpressible {
            what: format!("the sum \"{text}\" of {what}"),
        }),
    }
}

/// `extraregion`: each region's cells, ascending.
fn read_extra_regions(shape: Shape, value: &Value) -> Result<Vec<Vec<u16>>, VariantError> {
    list(value, "extraregion")?
        .iter()
        .enumerate()
        .map(|(k, entry)| cells_of(shape, entry, &format!("extra region {}", k + 1)))
        .collect()
}

/// `cage`: drawn cages; SudokuPad's metadata cages have no cells and are skipped.
fn check_drawn_cages(value: &Value) -> Result<(), VariantError> {
    for entry in list(value, "cage")? {
        let has_cells = entry.get("cells").is_some_and(|cells| !is_empty(cells));
        if has_cells {
            return Err(VariantError::Unexpressible {
                what: "a drawn cage (f-puzzles \"cage\", which may carry a rule)".into(),
            });
        }
    }
    Ok(())
}

/// A field that is a list of objects, or empty.
fn list<'a>(value: &'a Value, field: &str) -> Result<&'a [Value], VariantError> {
    match value {
        Value::Null => Ok(&[]),
        Value::Array(items) => Ok(items),
        _ => Err(syntax(format!("\"{field}\" is not a list"))),
    }
}

/// The `cells` of an entry: distinct `R<row>C<col>` names on the grid, ascending.
fn cells_of(shape: Shape, entry: &Value, what: &str) -> Result<Vec<u16>, VariantError> {
    let names = entry
        .get("cells")
        .and_then(Value::as_array)
        .filter(|names| !names.is_empty())
        .ok_or_else(|| syntax(format!("{what} has no \"cells\"")))?;
    let mut cells = Vec::with_capacity(names.len().min(shape.cells()));
    for name in names {
        let cell = name
            .as_str()
            .and_then(|name| parse_cell_name(shape, name))
            .ok_or_else(|| syntax(format!("{what} names {}, no cell of the grid", short(name))))?;
        cells.push(cell as u16);
    }
    let count = cells.len();
    cells.sort_unstable();
    cells.dedup();
    if cells.len() != count {
        return Err(syntax(format!("{what} names a cell twice")));
    }
    Ok(cells)
}

/// `R<row>C<col>` (either case), 1-based, on the grid.
fn parse_cell_name(shape: Shape, name: &str) -> Option<usize> {
    let rest = name.strip_prefix(['R', 'r'])?;
    let (row, col) = rest.split_once(['C', 'c'])?;
    let number = |text: &str| -> Option<usize> {
        if text.is_empty() || text.len() > 3 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: usize = text.parse().ok()?;
        (1..=shape.side()).contains(&n).then_some(n - 1)
    };
    Some(shape.cell(number(row)?, number(col)?))
}

/// A cell as f-puzzles names it: `R1C1`.
pub(super) fn f_cell_name(shape: Shape, cell: usize) -> String {
    format!("R{}C{}", shape.row(cell) + 1, shape.col(cell) + 1)
}

/// Cells as f-puzzles names them, comma-separated.
fn cell_list(shape: Shape, cells: &[u16]) -> String {
    let names: Vec<String> = cells
        .iter()
        .map(|&c| f_cell_name(shape, c.into()))
        .collect();
    names.join(",")
}

/// A JSON value cut short for a message.
fn short(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 24 {
        format!("{}...", text.chars().take(24).collect::<String>())
    } else {
        text
    }
}

/// `null`, `false`, `""`, `[]` and `{}` constrain nothing.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

fn syntax(reason: String) -> VariantError {
    VariantError::FpuzzlesSyntax { reason }
}
