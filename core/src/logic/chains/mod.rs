//! The chain families of the human-logic engine: bidirectional cycles, forcing chains,
//! nishio, multiple (cell and region) forcing chains, dynamic forcing chains and dynamic
//! forcing chains with level-1 nesting ("Dynamic (+)"), rated as Sukaku Explainer v1.15.10
//! rates them.
//!
//! [`find`] runs one of Sukaku Explainer's chaining producers ([`Producer`], in the order
//! its solver tries them) and returns the step it would take: among every hint the
//! producer finds, the lowest difficulty, then the lowest complexity, then its fixed order
//! of hint kinds, then the first found (cells in row-major order, digits ascending).
//!
//! ## Implications
//! A potential is a candidate assumed true ("on") or false ("off"). The rules:
//! - on → off: the other digits of the cell (Y links; not in nishio or X-only searches)
//!   and the digit's other places in its box, row and column (X links);
//! - off → on: the other digit of a bivalue cell (Y), the last other place of the digit
//!   in a box, row or column (X).
//!
//! Static chains apply them to the grid as it is. Dynamic chains (nishio and above)
//! remove every "off" potential from a working grid as it is processed, so later rules see
//! the reduced grid; the candidates the rule needed removed become *hidden parents* of
//! the potential it yields. Propagation is breadth-first in Sukaku Explainer's exact order
//! (every pending "on", then one "off"), since which parent reaches a potential first
//! decides the chain, and so the rating.
//!
//! ## Rating
//! Base difficulty: X- and Y-cycles 6.5, forcing X-chains 6.6, cycles and forcing chains
//! with both link kinds 7.0, nishio 7.5, multiple chains 8.0, dynamic chains 8.5, dynamic
//! (+) 9.0. Complexity: the number of distinct potentials the conclusion rests on,
//! summed over the chains of the hint (all ancestors through every parent, hidden ones
//! included). The length bonus adds 0.1 each time `complexity - 2` exceeds a ceiling
//! growing 4, 6, 8, 12, 16, 24, 32, ... (`engine::length_bonus`).
//!
//! A step that proves a digit places it (as Sukaku Explainer applies such hints) and also
//! lists the cell's other candidates as eliminations; other steps only eliminate.
//!
//! ## Bounds
//! Memory per call is bounded by a constant: a propagation (`engine::Run`) holds at most
//! the 1,458 potentials (729 candidates × on/off) with their parents (at most 1 + 8
//! hidden parents, or 16 rule parents for a nested rule), under 80 KB; a search holds at
//! most 18 propagations at once (the digits of one cell, one "off", the other places of a
//! digit in a unit), so under 1.5 MB, plus what each candidate's "on" propagation implies
//! (two sets of 729 bits per candidate, 140 KB), the last 64 of those propagations
//! (under 2 MB, see `multiple`) and the closures without parents (the static links and
//! the sets of their components, and every dynamic closure made for a region, one slot
//! per candidate: under 3 MB); the cycle
//! search holds at most 729 "on" entries, each with at most 28 "off" children, and its
//! memos of barren searches (per thread, under 400 KB). Time:
//! each producer computes a closure without parents (or a breadth-first search) per
//! candidate and state, and a propagation with parents where a contradiction or a
//! possible hint needs one (see `multiple`); `check` is called once per starting cell.
//! The propagations' storage is kept per thread between calls (one pool, under 7 MB;
//! a process rating hard puzzles peaks 2.6 MB above one built before the closure slots).
//!
//! ## Validation
//! On 2,334 positions where Sukaku Explainer took a chain step (its own path on a sample
//! of the 6.5-9.3 puzzles of the development set), the producers, tried in order, give
//! the same rating every time (and the same conclusion on the positions the tests keep);
//! likewise on 58 dynamic-chain positions of 9.0-9.2 puzzles, and on 7 of the 13 chain
//! steps of a hardest-set puzzle (Dynamic (+), 9.9-10.1); on the 6 others (10.2-10.3)
//! Dynamic (+) finds nothing here, presumably because Sukaku Explainer took nested chains
//! there. The 3 puzzles of the hardest set the ladder finishes rate exactly as serate
//! rates them (9.7, 10.0, 10.1). `core/examples/chain_positions.rs` reruns such a
//! comparison on any `pencil marks<TAB>rating<TAB>step` file.
//!
//! Nested forcing chains (levels 2 and 3, ER 9.5 and 10.0) are not implemented: those
//! producers find nothing, so a position that needs them stops the ladder (which then
//! rates the puzzle 20.0, above every technique, as serate prints).

mod cycles;
mod engine;
mod multiple;
mod nested;
#[cfg(test)]
mod tests;

use super::marks::{Candidate, Marks};
use super::step::{Step, Technique};
use crate::grid::{cell_name, Size};
use engine::*;

/// Which chain technique a step used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainKind {
    /// Bidirectional cycle on one digit.
    XCycle,
    /// Bidirectional cycle through bivalue cells.
    YCycle,
    /// Bidirectional cycle mixing both kinds of links.
    XYCycle,
    /// Forcing chain on one digit (X links only).
    ForcingXChain,
    /// Forcing chain through bivalue cells (Y links only).
    ForcingYChain,
    /// Forcing chain mixing both kinds of links.
    ForcingChain,
    Nishio,
    CellForcingChains,
    RegionForcingChains,
    DynamicCellForcingChains,
    DynamicRegionForcingChains,
    DynamicContradiction,
    DynamicDoubleForcing,
    /// Dynamic forcing chains with nested chains of the given level.
    Nested(u8),
}

/// Sukaku Explainer's chaining producers under serate's default settings, in the order
/// its solver tries them (aligned triple exclusion, which SE tries between the first
/// and the second, is not a chain and lives elsewhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Producer {
    /// Cycles and forcing chains (static, X and Y links): ER 6.5-7.0 plus length.
    Cycles,
    /// Nishio forcing chains: ER 7.5 plus length.
    Nishio,
    /// Multiple (cell and region) forcing chains: ER 8.0 plus length.
    Multiple,
    /// Dynamic forcing chains: ER 8.5 plus length.
    Dynamic,
    /// Dynamic forcing chains with level-1 nested chains (Dynamic +): ER 9.0 plus length.
    DynamicPlus,
    /// Nested forcing chains (level 2, then 3): ER 9.5 and 10.0 plus length.
    Nested2,
    Nested3,
}

impl Producer {
    /// Every producer, in the order the ladder tries them.
    pub const ALL: [Producer; 7] = [
        Producer::Cycles,
        Producer::Nishio,
        Producer::Multiple,
        Producer::Dynamic,
        Producer::DynamicPlus,
        Producer::Nested2,
        Producer::Nested3,
    ];
}

/// The easiest step (lowest rating, then a fixed order) `producer` finds in `m`, if any.
/// `check` is called regularly during the search (once per starting cell), the
/// interrupt hook.
///
/// Chains are searched on 9×9 grids only (`None` on 4×4).
pub fn find(m: &Marks, producer: Producer, check: &mut dyn FnMut()) -> Option<Step> {
    if m.size != Size::Nine {
        return None;
    }
    let mut grid = [0u16; 81];
    grid.copy_from_slice(&m.cands[..81]);
    for (g, &v) in grid.iter_mut().zip(m.values.iter()) {
        if v != 0 {
            *g = 0;
        }
    }
    let mut best = Found::default();
    match producer {
        Producer::Cycles => {
            let mut w = cycles::CycleWork::default();
            cycles::search(&grid, &mut w, &mut best, check);
        }
        _ => {
            let (dynamic, cell_rule, level, multiple, nishio, base) = match producer {
                Producer::Nishio => (true, false, 0, false, true, 7.5),
                Producer::Multiple => (false, true, 0, true, false, 8.0),
                Producer::Dynamic => (true, true, 0, true, false, 8.5),
                Producer::DynamicPlus => (true, true, 1, true, false, 9.0),
                Producer::Nested2 => (true, true, 2, true, false, 9.5),
                Producer::Nested3 => (true, true, 3, true, false, 10.0),
                Producer::Cycles => unreachable!(),
            };
            if level > super::chains::nested::MAX_LEVEL {
                return None;
            }
            let params = multiple::Params {
                mode: Mode {
                    dynamic,
                    cell_rule,
                    level,
                },
                multiple,
                nishio,
                base,
            };
            // The propagations' storage is kept per thread between calls (a fresh one if
            // it is in use, which an interrupted call unwinding would not leave it).
            POOL.with(|cell| match cell.try_borrow_mut() {
                Ok(mut slot) => {
                    let pool = slot.get_or_insert_with(Box::default);
                    multiple::search(&grid, params, pool, &mut best, check);
                }
                Err(_) => {
                    let mut pool = Box::<multiple::Pool>::default();
                    multiple::search(&grid, params, &mut pool, &mut best, check);
                }
            });
        }
    }
    best.into_step()
}

/// Forgets what the chain searches of this thread remember of earlier calls (see
/// `logic::forget_search_memos`).
pub(crate) fn forget_memos() {
    cycles::forget_memos();
    POOL.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            if let Some(pool) = slot.as_mut() {
                multiple::forget_closures(pool);
            }
        }
    });
}

thread_local! {
    static POOL: std::cell::RefCell<Option<Box<multiple::Pool>>> = const { std::cell::RefCell::new(None) };
}

/// The shape of a hint, for its pattern and explanation.
#[derive(Clone, Debug)]
pub(crate) enum HintShape {
    /// A cycle: its potentials from the start round to the start.
    Cycle(Vec<u16>),
    /// A forcing chain: its potentials from the assumption to the target.
    Chain(Vec<u16>),
    /// The assumption `source` (a potential) makes candidate `both` both on and off.
    Contradiction { source: u16, both: u16 },
    /// Both states of candidate `source` imply the target.
    Double { source: u16 },
    /// Every digit of `cell` implies the target.
    Cell { cell: u8 },
    /// Every place of a digit in `unit` implies the target.
    Region { unit: u8, digit0: u8 },
}

#[derive(Clone, Debug)]
struct Hint {
    difficulty: f64,
    complexity: u32,
    key: u8,
    kind: ChainKind,
    /// The potential the hint proves (None for cycles).
    target: Option<u16>,
    eliminations: Vec<u16>,
    shape: HintShape,
}

/// The best hint offered so far: lowest difficulty, then complexity, then Sukaku
/// Explainer's sort key of the hint kind, then the first found.
#[derive(Default)]
pub(crate) struct Found {
    best: Option<Hint>,
}

impl Found {
    /// True when a hint of this difficulty, complexity and key would beat the best.
    pub(crate) fn worth(&self, d: f64, complexity: u32, key: u8) -> bool {
        match &self.best {
            None => true,
            Some(b) => (d, complexity, key) < (b.difficulty, b.complexity, b.key),
        }
    }

    /// True once a hint was offered.
    pub(crate) fn is_some(&self) -> bool {
        self.best.is_some()
    }

    /// The largest complexity a hint of this base difficulty and sort key may have to
    /// beat the best (`u32::MAX` without a best).
    pub(crate) fn max_complexity(&self, base: f64, key: u8) -> u32 {
        if self.best.is_none() {
            return u32::MAX;
        }
        let mut l = 0;
        while l < 4096 && self.worth(base + length_bonus(l + 1), l + 1, key) {
            l += 1;
        }
        l
    }

    /// Offers a hint that proves potential `target` (on: the cell's other digits go;
    /// off: the candidate goes).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn offer(
        &mut self,
        d: f64,
        complexity: u32,
        key: u8,
        kind: ChainKind,
        grid: &[u16; 81],
        target: u16,
        shape: HintShape,
    ) {
        let c = pot_cand(target);
        let cell = cell_of(c);
        let eliminations: Vec<u16> = if pot_on(target) {
            (0..9)
                .filter(|&e| e != digit0_of(c) && grid[cell] >> e & 1 != 0)
                .map(|e| cand(cell, e))
                .collect()
        } else {
            vec![c]
        };
        if eliminations.is_empty() || !self.worth(d, complexity, key) {
            return;
        }
        self.best = Some(Hint {
            difficulty: d,
            complexity,
            key,
            kind,
            target: Some(target),
            eliminations,
            shape,
        });
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn offer_cycle(
        &mut self,
        d: f64,
        complexity: u32,
        key: u8,
        kind: ChainKind,
        eliminations: Vec<u16>,
        _start: u16,
        pots: Vec<u16>,
    ) {
        if eliminations.is_empty() || !self.worth(d, complexity, key) {
            return;
        }
        self.best = Some(Hint {
            difficulty: d,
            complexity,
            key,
            kind,
            target: None,
            eliminations,
            shape: HintShape::Cycle(pots),
        });
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn offer_target(
        &mut self,
        d: f64,
        complexity: u32,
        key: u8,
        kind: ChainKind,
        grid: &[u16; 81],
        target: u16,
        pots: Vec<u16>,
    ) {
        self.offer(
            d,
            complexity,
            key,
            kind,
            grid,
            target,
            HintShape::Chain(pots),
        );
    }

    fn into_step(self) -> Option<Step> {
        let h = self.best?;
        let mut cells: Vec<u8> = Vec::new();
        let mut units: Vec<u8> = Vec::new();
        let mut digits = 0u16;
        let pname = |p: u16| -> String {
            let c = pot_cand(p);
            format!(
                "{} is {}{}",
                cell_name(cell_of(c)),
                if pot_on(p) { "" } else { "not " },
                digit0_of(c) + 1
            )
        };
        let cname = |c: u16| format!("{}={}", cell_name(cell_of(c)), digit0_of(c) + 1);
        let conclusion = match h.target {
            Some(t) => {
                let c = pot_cand(t);
                if pot_on(t) {
                    format!("{} must be {}", cell_name(cell_of(c)), digit0_of(c) + 1)
                } else {
                    format!("{} cannot be {}", cell_name(cell_of(c)), digit0_of(c) + 1)
                }
            }
            None => {
                let list: Vec<String> = h.eliminations.iter().map(|&c| cname(c)).collect();
                format!("{} can be removed", list.join(", "))
            }
        };
        if let Some(t) = h.target {
            let c = pot_cand(t);
            cells.push(cell_of(c) as u8);
            digits |= 1 << digit0_of(c);
        }
        let name = kind_name(h.kind);
        let n = h.complexity;
        let explanation = match &h.shape {
            HintShape::Cycle(pots) => {
                for &p in pots {
                    cells.push(cell_of(pot_cand(p)) as u8);
                    digits |= 1 << digit0_of(pot_cand(p));
                }
                let path: Vec<String> = pots
                    .iter()
                    .filter(|&&p| pot_on(p))
                    .map(|&p| cname(pot_cand(p)))
                    .collect();
                format!(
                    "The {name} of {n} links through {} alternates true and false, so {conclusion}.",
                    path.join(", ")
                )
            }
            HintShape::Chain(pots) => {
                for &p in pots {
                    cells.push(cell_of(pot_cand(p)) as u8);
                    digits |= 1 << digit0_of(pot_cand(p));
                }
                format!(
                    "If {} then, by a {name} of {n} links, {}, so {conclusion}.",
                    pname(pots[0]),
                    pname(*pots.last().unwrap())
                )
            }
            HintShape::Contradiction { source, both } => {
                cells.push(cell_of(pot_cand(*source)) as u8);
                cells.push(cell_of(*both) as u8);
                digits |= 1 << digit0_of(*both);
                format!(
                    "If {} then {} would be both {} and not {} ({name}, complexity {n}), so {conclusion}.",
                    pname(*source),
                    cell_name(cell_of(*both)),
                    digit0_of(*both) + 1,
                    digit0_of(*both) + 1
                )
            }
            HintShape::Double { source } => {
                cells.push(cell_of(*source) as u8);
                digits |= 1 << digit0_of(*source);
                let t = h.target.unwrap();
                format!(
                    "Whether or not {} ({name}, complexity {n}), {}, so {conclusion}.",
                    cname(*source),
                    pname(t)
                )
            }
            HintShape::Cell { cell } => {
                cells.push(*cell);
                let t = h.target.unwrap();
                format!(
                    "Whichever digit {} holds, {} ({name}, complexity {n}), so {conclusion}.",
                    cell_name(*cell as usize),
                    pname(t)
                )
            }
            HintShape::Region { unit, digit0 } => {
                units.push(*unit);
                digits |= 1 << digit0;
                let (kind, i) = crate::grid::unit_kind(*unit as usize);
                let t = h.target.unwrap();
                format!(
                    "Wherever {} goes in {} {}, {} ({name}, complexity {n}), so {conclusion}.",
                    digit0 + 1,
                    kind.name(),
                    i + 1,
                    pname(t)
                )
            }
        };
        cells.sort_unstable();
        cells.dedup();
        let eliminations: Vec<Candidate> = h
            .eliminations
            .iter()
            .map(|&c| Candidate {
                cell: cell_of(c) as u8,
                digit: digit0_of(c) as u8 + 1,
            })
            .collect();
        // A proven "on" places its digit, as Sukaku Explainer does (its other candidates
        // are listed as eliminations too).
        let placements = match h.target {
            Some(t) if pot_on(t) => {
                let c = pot_cand(t);
                vec![Candidate {
                    cell: cell_of(c) as u8,
                    digit: digit0_of(c) as u8 + 1,
                }]
            }
            _ => Vec::new(),
        };
        Some(Step {
            technique: Technique::Chain(h.kind),
            rating: tenths(h.difficulty),
            placements,
            eliminations,
            cells,
            units,
            digits,
            explanation,
        })
    }
}

fn kind_name(k: ChainKind) -> &'static str {
    match k {
        ChainKind::XCycle => "X-cycle",
        ChainKind::YCycle => "Y-cycle",
        ChainKind::XYCycle => "XY-cycle",
        ChainKind::ForcingXChain => "forcing X-chain",
        ChainKind::ForcingYChain => "forcing Y-chain",
        ChainKind::ForcingChain => "forcing chain",
        ChainKind::Nishio => "nishio forcing chain",
        ChainKind::CellForcingChains => "cell forcing chain",
        ChainKind::RegionForcingChains => "region forcing chain",
        ChainKind::DynamicCellForcingChains => "dynamic cell forcing chain",
        ChainKind::DynamicRegionForcingChains => "dynamic region forcing chain",
        ChainKind::DynamicContradiction => "dynamic contradiction chain",
        ChainKind::DynamicDoubleForcing => "dynamic double forcing chain",
        ChainKind::Nested(1) => "dynamic forcing chain (+)",
        ChainKind::Nested(_) => "nested dynamic forcing chain",
    }
}
