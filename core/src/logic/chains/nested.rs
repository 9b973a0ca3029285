//! The nested rules of dynamic chains with level-1 nesting ("Dynamic Forcing Chains (+)").
//! (Not yet implemented: no rule fires, so level 1 behaves like level 0.)

use super::engine::{Board, Run};

/// Applies the first nested rule that finds something on `work` (the grid the chain has
/// reduced from `source`), adding what it removes as "off" potentials of `run`.
pub const MAX_LEVEL: u8 = 0;

pub fn advanced(run: &mut Run, source: &Board, work: &Board, level: u8) {
    let _ = (run, source, work, level);
}
