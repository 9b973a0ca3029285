//! Which producer runs ([`Params`]), and the kinds of hint it gives.

use crate::logic::chains::kind::{ChainKind, HintKinds};
use crate::logic::chains::propagation::*;

/// Which producer runs.
#[derive(Clone, Copy)]
pub struct Params {
    pub mode: Mode,
    pub multiple: bool,
    pub nishio: bool,
    pub base: f64,
}

impl Params {
    /// The kinds of the hints of this producer.
    pub(super) fn kinds(&self) -> HintKinds {
        if self.mode.level > 0 {
            HintKinds::all(ChainKind::Nested(self.mode.level))
        } else if self.nishio {
            HintKinds::all(ChainKind::Nishio)
        } else if self.mode.dynamic {
            HintKinds::DYNAMIC
        } else {
            HintKinds::STATIC
        }
    }
}
