//! Which producer runs ([`Params`]), and the kinds of hint it gives.

use crate::logic::chains::kind::ChainKind;
use crate::logic::chains::propagation::*;

/// Which producer runs.
#[derive(Clone, Copy)]
pub struct Params {
    pub mode: Mode,
    pub multiple: bool,
    pub nishio: bool,
    pub base: f64,
}

pub(super) fn kinds(p: &Params) -> (ChainKind, ChainKind, ChainKind, ChainKind) {
    // (contradiction, double, region, cell)
    if p.mode.level > 0 {
        let k = ChainKind::Nested(p.mode.level);
        (k, k, k, k)
    } else if p.nishio {
        (
            ChainKind::Nishio,
            ChainKind::Nishio,
            ChainKind::Nishio,
            ChainKind::Nishio,
        )
    } else if p.mode.dynamic {
        (
            ChainKind::DynamicContradiction,
            ChainKind::DynamicDoubleForcing,
            ChainKind::DynamicRegionForcingChains,
            ChainKind::DynamicCellForcingChains,
        )
    } else {
        (
            ChainKind::ForcingChain,
            ChainKind::ForcingChain,
            ChainKind::RegionForcingChains,
            ChainKind::CellForcingChains,
        )
    }
}
