//! The chain techniques a step can name ([`ChainKind`]).

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
    /// Dynamic forcing chains with nested chains of the given level: 1 "(+)", 2 "(+
    /// Forcing Chains)", 3 "(+ Multiple Forcing Chains)", 4 "(+ Dynamic Forcing
    /// Chains)" (whatever its nesting limit).
    Nested(u8),
}

/// The name of a chain kind in sentences.
pub(crate) fn kind_name(k: ChainKind) -> &'static str {
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
        ChainKind::Nested(2) => "dynamic forcing chain (+ forcing chains)",
        ChainKind::Nested(3) => "dynamic forcing chain (+ multiple forcing chains)",
        ChainKind::Nested(_) => "dynamic forcing chain (+ dynamic forcing chains)",
    }
}

/// The kinds of the hints a multiple forcing chains producer gives: from a
/// contradiction, double forcing chains, region and cell forcing chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HintKinds {
    pub(crate) contradiction: ChainKind,
    pub(crate) double: ChainKind,
    pub(crate) region: ChainKind,
    pub(crate) cell: ChainKind,
}

impl HintKinds {
    /// One kind for every hint (nishio, the nested levels).
    pub(crate) const fn all(kind: ChainKind) -> HintKinds {
        HintKinds {
            contradiction: kind,
            double: kind,
            region: kind,
            cell: kind,
        }
    }

    /// Static multiple forcing chains.
    pub(crate) const STATIC: HintKinds = HintKinds {
        contradiction: ChainKind::ForcingChain,
        double: ChainKind::ForcingChain,
        region: ChainKind::RegionForcingChains,
        cell: ChainKind::CellForcingChains,
    };

    /// Dynamic forcing chains (level 0).
    pub(crate) const DYNAMIC: HintKinds = HintKinds {
        contradiction: ChainKind::DynamicContradiction,
        double: ChainKind::DynamicDoubleForcing,
        region: ChainKind::DynamicRegionForcingChains,
        cell: ChainKind::DynamicCellForcingChains,
    };
}
