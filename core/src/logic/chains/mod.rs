//! The chain families of the human-logic engine: bidirectional cycles, forcing chains,
//! nishio, multiple (cell and region) forcing chains, dynamic forcing chains and nested
//! forcing chains (level 1, "Dynamic (+)", and levels 2 to 4), rated as Sukaku Explainer
//! v1.15.10 rates them.
//!
//! [`find`] runs one of Sukaku Explainer's chaining producers ([`Producer`], in the order
//! its solver tries them) and returns the step it would take: among every hint the
//! producer finds, the lowest difficulty, then the lowest complexity, then its fixed order
//! of hint kinds, then the first found (cells in row-major order, digits ascending).
//!
//! ## Implications
//! A potential is a candidate assumed true ("on") or false ("off"). On → off: the other
//! digits of the cell (Y links; not in nishio or X-only searches) and the digit's other
//! places in its box, row and column (X links); off → on: the other digit of a bivalue
//! cell (Y), the last other place of the digit in a box, row or column (X). Static chains
//! apply them to the grid as it is; dynamic chains (nishio and above) remove every "off"
//! from a working grid as it is processed, and the candidates a rule needed removed become
//! *hidden parents* of what it yields. Propagation is breadth-first in Sukaku Explainer's
//! exact order (every pending "on", then one "off"): which parent reaches a potential
//! first decides the chain, and so the rating.
//!
//! ## Rating
//! Base difficulty: X- and Y-cycles 6.5, forcing X-chains 6.6, cycles and forcing chains
//! with both link kinds 7.0, nishio 7.5, multiple chains 8.0, dynamic chains 8.5, dynamic
//! (+) 9.0, levels 2, 3, 4: 9.5, 10.0, 10.5. Complexity: the distinct potentials the
//! conclusion rests on, summed over the chains of the hint (hidden parents included). The
//! length bonus adds 0.1 each time `complexity - 2` exceeds a ceiling growing 4, 6, 8, 12,
//! 16, 24, 32, ... (`difficulty::length_bonus`). A step that proves a digit places it and
//! lists the cell's other candidates as eliminations; other steps only eliminate.
//!
//! ## Layers
//! The producers share their last layer: `multiple::group` turns a group of propagations
//! (an assumption's "on" and "off", a region's places, a cell's digits) into hints for the
//! flat producers, `levels2to4::search::Hints` for the nested ones, both offering to
//! `best_hint::BestHint`. Level 1 lives in `level1` (its rules, applied inside
//! a propagation), levels 2 to 4 in `levels2to4`. Memory and time bounds, and how the producers
//! were validated against Sukaku Explainer: `docs/design-core.md`, "The chain layer".

mod best_hint;
mod classic_road;
mod closure;
mod cycles;
mod difficulty;
mod dynamic_closure;
pub mod kind;
mod level1;
mod levels2to4;
mod links;
mod multiple;
mod nested_rules;
mod planes;
mod producer;
mod propagation;
mod ruled;
#[cfg(test)]
pub(crate) mod tests;
mod work_grid;

use super::marks::Marks;
use super::step::Step;
use crate::grid::Size;
pub use kind::ChainKind;
pub use producer::Producer;
pub use ruled::{find_in, RuledChains};

/// The easiest step (lowest rating, then a fixed order) `producer` finds in `m`, if any.
/// `check` is called regularly during the search (once per starting cell), the
/// interrupt hook.
///
/// Chains are searched on 9×9 grids only (`None` on 4×4).
pub fn find(m: &Marks, producer: Producer, check: &mut dyn FnMut()) -> Option<Step> {
    find_step(m, producer, check, false)
}

/// The step [`find`] gives, with the links of every chain of it where it is made of
/// propagations (nishio, cell and region forcing chains, contradictions, double forcing
/// chains, dynamic and nested chains; see `links`): what a picture draws. The search is
/// `find`'s, and the links are those of the best hint only, found after it; the ladder
/// (rating, paths) calls `find`, which needs no links and spends nothing on them.
pub fn find_with_links(m: &Marks, producer: Producer, check: &mut dyn FnMut()) -> Option<Step> {
    find_step(m, producer, check, true)
}

/// The producers that make the steps of a chain kind, in the order the ladder tries
/// them: the ladder took a step of this kind from the first of them that finds a step on
/// the position it started from (the ladder takes the first step found, trying
/// [`Producer::ALL`] in order, and no other producer between these makes this kind). One
/// producer for every kind but level 4 ([`ChainKind::Nested`]`(4)`), which the four
/// nesting limits make and a step does not tell apart: the first of them that finds a
/// step is the one whose step the ladder took.
pub fn producers_of(kind: ChainKind) -> &'static [Producer] {
    match kind {
        ChainKind::XCycle
        | ChainKind::YCycle
        | ChainKind::XYCycle
        | ChainKind::ForcingXChain
        | ChainKind::ForcingYChain
        | ChainKind::ForcingChain => &[Producer::Cycles],
        ChainKind::Nishio => &[Producer::Nishio],
        ChainKind::CellForcingChains | ChainKind::RegionForcingChains => &[Producer::Multiple],
        ChainKind::DynamicCellForcingChains
        | ChainKind::DynamicRegionForcingChains
        | ChainKind::DynamicContradiction
        | ChainKind::DynamicDoubleForcing => &[Producer::Dynamic],
        ChainKind::Nested(level) => match level {
            0 | 1 => &[Producer::DynamicPlus],
            2 => &[Producer::Nested2],
            3 => &[Producer::Nested3],
            _ => &[
                Producer::Nested4(0),
                Producer::Nested4(1),
                Producer::Nested4(2),
                Producer::Nested4(3),
            ],
        },
    }
}

fn find_step(
    m: &Marks,
    producer: Producer,
    check: &mut dyn FnMut(),
    with_links: bool,
) -> Option<Step> {
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
    classic_road::find_on_grid(&grid, producer, check, with_links)
}
