//! A puzzle and its rules written as an f-puzzles JSON object (see the parent module
//! for the format and its sources).
//!
//! Written: `size`, empty `title` and `author`, a `ruleset` naming the rules, `grid`
//! (`{}` for a blank, `{"value": d, "given": true}` for a given, and `region` on every
//! cell of a jigsaw), the flags that are set, `killercage` (`value` only for a cage with
//! a sum) and `extraregion` for the rules f-puzzles has no flag for.

use super::groups;
use super::read::f_cell_name;
use crate::variant::error::VariantError;
use crate::variant::geometry::Geometry;
use crate::variant::rules::{Cages, Regions, Rules};
use crate::variant::shape::Shape;
use crate::variant::text::VariantPuzzle;
use serde_json::{json, Map, Value};

/// The largest side f-puzzles draws.
const LARGEST_SIDE: usize = 16;

/// The JSON text of a puzzle under rules.
pub(super) fn json_of_puzzle(
    puzzle: &VariantPuzzle,
    rules: &Rules,
) -> Result<String, VariantError> {
    let shape = puzzle.shape;
    if puzzle.cells.len() != shape.cells() {
        return Err(VariantError::CellCount {
            found: puzzle.cells.len(),
        });
    }
    Geometry::new(shape, rules)?;
    if shape.side() > LARGEST_SIDE {
        return Err(VariantError::Unexpressible {
            what: format!("a {} grid (f-puzzles grids stop at 16x16)", shape.name()),
        });
    }
    let mut object = Map::new();
    object.insert("size".into(), json!(shape.side()));
    object.insert("title".into(), json!(""));
    object.insert("author".into(), json!(""));
    object.insert("ruleset".into(), json!(ruleset(rules)));
    object.insert("grid".into(), grid(puzzle, &rules.regions));
    let flags = [
        ("diagonal+", rules.diagonal_up),
        ("diagonal-", rules.diagonal_down),
        ("antiknight", rules.anti_knight),
        ("antiking", rules.anti_king),
        ("disjointgroups", rules.disjoint_groups),
        ("nonconsecutive", rules.non_consecutive),
    ];
    for (name, on) in flags {
        if on {
            object.insert(name.into(), json!(true));
        }
    }
    if let Cages::Killer { cages, .. } = &rules.cages {
        let entries: Vec<Value> = cages
            .iter()
            .map(|cage| {
                let mut entry = Map::new();
                entry.insert("cells".into(), names(shape, &cage.cells));
                if let Some(sum) = cage.sum {
                    entry.insert("value".into(), json!(sum.to_string()));
                }
                Value::Object(entry)
            })
            .collect();
        object.insert("killercage".into(), Value::Array(entries));
    }
    let extra = groups::extra_regions(shape, rules);
    if !extra.is_empty() {
        let entries: Vec<Value> = extra
            .iter()
            .map(|cells| json!({ "cells": names(shape, cells) }))
            .collect();
        object.insert("extraregion".into(), Value::Array(entries));
    }
    serde_json::to_string(&Value::Object(object)).map_err(|e| VariantError::FpuzzlesSyntax {
        reason: format!("the JSON could not be written: {e}"),
    })
}

/// `grid`: rows of cells.
fn grid(puzzle: &VariantPuzzle, regions: &Regions) -> Value {
    let shape = puzzle.shape;
    let n = shape.side();
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            let cells: Vec<Value> = (0..n)
                .map(|c| {
                    let index = shape.cell(r, c);
                    let mut cell = Map::new();
                    let digit = puzzle.cells[index];
                    if digit != 0 {
                        cell.insert("value".into(), json!(digit));
                        cell.insert("given".into(), json!(true));
                    }
                    if let Regions::Jigsaw(map) = regions {
                        cell.insert("region".into(), json!(map[index]));
                    }
                    Value::Object(cell)
                })
                .collect();
            Value::Array(cells)
        })
        .collect();
    Value::Array(rows)
}

/// Cells as f-puzzles names them.
fn names(shape: Shape, cells: &[u16]) -> Value {
    Value::Array(
        cells
            .iter()
            .map(|&c| Value::String(f_cell_name(shape, c.into())))
            .collect(),
    )
}

/// The rules in the notation, maps left out: "sudoku_ext rules: x, jigsaw, killer".
fn ruleset(rules: &Rules) -> String {
    let mut named = rules.clone();
    if matches!(named.regions, Regions::Jigsaw(_)) {
        named.regions = Regions::FreshJigsaw;
    }
    if matches!(named.cages, Cages::Killer { .. }) {
        named.cages = Cages::FreshKiller;
    }
    format!("sudoku_ext rules: {}", named.to_string().replace(',', ", "))
}
