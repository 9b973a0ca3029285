//! The chain families of the human-logic engine (cycles, forcing chains, nishio,
//! region and cell forcing chains, dynamic and nested chains).
//!
//! (Being written: see `super` for the contract.)

/// Which chain technique a step used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainKind {
    XCycle,
    YCycle,
    ForcingChain,
    Nishio,
    CellForcingChains,
    RegionForcingChains,
    DynamicCellForcingChains,
    DynamicRegionForcingChains,
    DynamicContradiction,
    /// Dynamic forcing chains with nested chains of the given level.
    Nested(u8),
}
