//! The potentials a chain search makes, each with its parents ([`PotGraph`]), and the
//! measures Sukaku Explainer takes of them: a chain's complexity (its distinct
//! ancestors) and its path.

use crate::logic::primitives::*;

/// A node: one version of a potential (a search may make a potential more than once,
/// with other parents, as Sukaku Explainer's cycle search does), its parents as nodes.
#[derive(Default)]
pub(crate) struct PotGraph {
    pots: Vec<Potential>,
    spans: Vec<(u32, u32)>,
    parents: Vec<u32>,
}

/// The node of a potential with no parents (the assumption).
pub(crate) const ROOT: &[u32] = &[];

impl PotGraph {
    /// A new node of `p` with these parents (nodes made before it).
    pub(crate) fn push(&mut self, p: Potential, parents: &[u32]) -> u32 {
        let n = self.pots.len() as u32;
        self.pots.push(p);
        self.spans
            .push((self.parents.len() as u32, parents.len() as u32));
        self.parents.extend_from_slice(parents);
        n
    }

    pub(crate) fn pot(&self, n: u32) -> Potential {
        self.pots[n as usize]
    }

    pub(crate) fn parents(&self, n: u32) -> &[u32] {
        let (start, len) = self.spans[n as usize];
        &self.parents[start as usize..(start + len) as usize]
    }

    /// True when potential `p` is an ancestor of node `n` along first parents (Sukaku
    /// Explainer's `isParent`; `n` itself is not looked at).
    pub(crate) fn has_ancestor(&self, n: u32, p: Potential) -> bool {
        let mut at = n;
        while let Some(&up) = self.parents(at).first() {
            if self.pot(up) == p {
                return true;
            }
            at = up;
        }
        false
    }

    /// The distinct potentials node `n` rests on, itself included (Sukaku Explainer's
    /// `getAncestorCount`: breadth first, a potential met again through another node is
    /// counted once and not followed again).
    pub(crate) fn ancestors(&self, n: u32) -> u32 {
        let mut seen = vec![false; NPOT];
        let mut layer = vec![n];
        let mut count = 0;
        while !layer.is_empty() {
            let mut next = Vec::new();
            for &m in &layer {
                let p = self.pot(m).index();
                if !seen[p] {
                    seen[p] = true;
                    count += 1;
                    next.extend_from_slice(self.parents(m));
                }
            }
            layer = next;
        }
        count
    }

    /// The potentials from the root to node `n` along first parents.
    pub(crate) fn path(&self, n: u32) -> Vec<Potential> {
        let mut out = vec![self.pot(n)];
        let mut at = n;
        while let Some(&up) = self.parents(at).first() {
            out.push(self.pot(up));
            at = up;
        }
        out.reverse();
        out
    }
}
