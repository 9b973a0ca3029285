//! What the nested chains of levels 2 to 4 (`levels2to4`) read from a variant's rules
//! when its chains' links are the classic ones: the rules' groups are rows, columns and
//! boxes alone (anti-knight, anti-king and nc, alone or together). There Sukaku Explainer
//! v1.15.10's nested chains differ from the classic ones in two places only:
//!
//! - the level-1 rules every nested propagation applies first (`Chaining.getAdvancedPotentials`:
//!   under a knight's move or a king's step its variant set, generalized intersections,
//!   hidden pairs, generalized naked pairs and X-wings, eliminating by every peer);
//! - the removals of a cycle of the inner rule "Forcing Chains & Cycles" (its
//!   `createCycleHint`): what sees an "on" and an "off" of the cycle by every peer, in
//!   its order of visible cells (rows, columns and boxes ascending, then the king's steps
//!   and the knight's moves).
//!
//! The links of every propagation (a chain's "on" turning off, an "off" turning on), the
//! contradictions, the hidden parents and the inner chains' rule parents read rows,
//! columns and boxes only (v1.15.10's chains take no knight's move, king's step or nc
//! link), so they are the classic engine's. [`NestedRules`] is the contract between the
//! engine (`levels2to4`, which reads it) and the rules' side (`ruled`, which provides it):
//! a leaf both import.

use super::level1::Hint;
use super::work_grid::WorkGrid;

/// The rules of a nested search where they are not the classic ones (see the module's
/// documentation).
pub(crate) trait NestedRules {
    /// The hints of the first level-1 rule that has any on `work`, the grid a chain has
    /// reduced from `source`, with their rule parents (as `level1::level1_hints` gives
    /// them under classic rules).
    fn level1_hints(&self, source: &WorkGrid, work: &WorkGrid) -> Vec<Hint>;
    /// Every peer of `cell` in Sukaku Explainer's order of visible cells.
    fn peers(&self, cell: usize) -> &[u8];
    /// Equal for two values only when they are the same rules: the nested searches keep
    /// per-grid hint lists between calls, which must not outlive the rules they were
    /// found under.
    fn key(&self) -> u64;
}
