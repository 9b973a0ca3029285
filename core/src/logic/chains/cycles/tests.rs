//! Tests of the cycle search: the memos and the components against full searches.

// The tests walk every cell of a grid and index several arrays with it.
#![allow(clippy::needless_range_loop)]

use super::components::Components;
use super::*;
use crate::generate::{generate, Options};
use crate::logic::geometry::{CellSet, PEER_MASKS_NINE};
use crate::logic::{path, Marks};

/// Grids of candidates: generated puzzles from their givens, and every fourth
/// position of their paths.
fn grids() -> Vec<[u16; 81]> {
    let mut out = Vec::new();
    for i in 0..16 {
        let g = generate(2026, i, Options::default());
        let mut m = Marks::from_puzzle(&g.puzzle);
        let as_grid = |m: &Marks| {
            let mut grid = [0u16; 81];
            for cell in 0..81 {
                grid[cell] = if m.values[cell] == 0 {
                    m.cands[cell]
                } else {
                    0
                };
            }
            grid
        };
        out.push(as_grid(&m));
        for (k, step) in path(&g.puzzle, &mut || {})
            .expect("a generated puzzle has a path")
            .iter()
            .enumerate()
        {
            step.apply(&mut m);
            if k % 4 == 3 {
                out.push(as_grid(&m));
            }
        }
    }
    out
}

/// The XY pass's graph of `grid`, its places per digit, and its components (a cycle
/// eliminating by `peers`).
fn xy_graph(grid: &[u16; 81], peers: &[CellSet; 81]) -> (PassGraph, [u128; 9], Components) {
    let places = digit_planes(grid);
    let mut g = PassGraph::default();
    g.build(grid, &places, true, true, 0x1ff);
    let mut comps = Components::default();
    comps.compute(grid, &g, peers);
    (g, places, comps)
}

/// The potentials `from` reaches in `g`, by a plain search.
fn reached(g: &PassGraph, from: Potential) -> Vec<bool> {
    let mut seen = vec![false; NPOT];
    let mut todo = vec![from];
    seen[from.index()] = true;
    while let Some(p) = todo.pop() {
        let c = p.candidate();
        let next: Vec<Potential> = if p.is_on() {
            g.offs(c)
                .iter()
                .map(|&q| Potential::new(q, false))
                .collect()
        } else {
            g.ons(c).iter().map(|&q| Potential::new(q, true)).collect()
        };
        for q in next {
            if !seen[q.index()] {
                seen[q.index()] = true;
                todo.push(q);
            }
        }
    }
    seen
}

#[test]
fn reach_rows_say_exactly_what_a_search_reaches() {
    let mut checked = 0;
    for grid in grids() {
        let (g, _, comps) = xy_graph(&grid, &PEER_MASKS_NINE);
        let mut nodes = Vec::new();
        for cell in 0..81 {
            for d in 0..9 {
                if grid[cell] >> d & 1 != 0 {
                    let c = Candidate::new(cell, d);
                    nodes.push(Potential::new(c, true));
                    if g.live.has(c) {
                        nodes.push(Potential::new(c, false));
                    }
                }
            }
        }
        for &from in nodes.iter().step_by(7) {
            let seen = reached(&g, from);
            for &to in &nodes {
                assert_eq!(
                    comps.may_reach(from, to),
                    seen[to.index()],
                    "{from:?} -> {to:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "{checked} pairs");
}

#[test]
fn a_start_skipped_for_cycles_has_no_cycle_that_eliminates() {
    // Where the component rules cycles out, an unbounded search from the start finds
    // only cycles that eliminate nothing; and the rule does skip starts that a search
    // finds cycles from. By the classic peers and by anti-king's (a king's step more:
    // `search_under`), whose eliminations the components' test reads too.
    let king = crate::logic::rules::tables_of("anti-king");
    for peers in [&PEER_MASKS_NINE, king.peer_masks()] {
        skipped_starts_have_no_eliminating_cycle(peers);
    }
}

fn skipped_starts_have_no_eliminating_cycle(peers: &[CellSet; 81]) {
    let (mut skipped_with_cycles, mut w) = (0, Work::default());
    let mut path = Vec::new();
    for grid in grids() {
        let (g, places, comps) = xy_graph(&grid, peers);
        for cell in 0..81 {
            for d in 0..9 {
                if grid[cell] >> d & 1 == 0 || grid[cell].count_ones() < 2 {
                    continue;
                }
                let c = Candidate::new(cell, d);
                if comps.on_cycle(Potential::new(c, true)) {
                    continue;
                }
                from_on(&g, c, true, u32::MAX, 0, &mut w);
                skipped_with_cycles += !w.cycles.is_empty() as usize;
                for i in 0..w.cycles.len() {
                    w.path(w.cycles[i], &mut path);
                    assert!(
                        cycle_eliminations(&places, peers, &path).is_empty(),
                        "cell {cell} digit {}",
                        d + 1
                    );
                }
            }
        }
    }
    assert!(skipped_with_cycles > 0);
}
