//! The potentials a chain search makes, each with its parents ([`PotGraph`]), and the
//! measures Sukaku Explainer takes of them: a chain's complexity (its distinct
//! ancestors) and its path.

use crate::logic::primitives::*;
use std::cell::RefCell;

/// A node: one version of a potential (a search may make a potential more than once,
/// with other parents, as Sukaku Explainer's cycle search does), its parents as nodes.
#[derive(Default)]
pub(crate) struct PotGraph {
    pots: Vec<Potential>,
    spans: Vec<(u32, u32)>,
    parents: Vec<u32>,
    /// Per node, the nodes along first parents from the root to it, itself included.
    depths: Vec<u32>,
}

thread_local! {
    /// The storage of [`PotGraph::ancestors`]' walks, one per thread, kept between them
    /// (a search keeps hundreds of graphs, and a walk is not reentrant).
    static WALK: RefCell<Walk> = RefCell::new(Walk::default());
}

/// A walk's storage: per potential the walk that last met it, and two layers.
#[derive(Default)]
struct Walk {
    met_in: Vec<u32>,
    walk: u32,
    layer: Vec<u32>,
    next: Vec<u32>,
}

/// The node of a potential with no parents (the assumption).
pub(crate) const ROOT: &[u32] = &[];

impl PotGraph {
    /// A graph with room for `nodes` nodes (and two parents each on average) before it
    /// grows.
    pub(crate) fn with_capacity(nodes: usize) -> PotGraph {
        PotGraph {
            pots: Vec::with_capacity(nodes),
            spans: Vec::with_capacity(nodes),
            parents: Vec::with_capacity(2 * nodes),
            depths: Vec::with_capacity(nodes),
        }
    }

    /// Forgets every node, keeping the storage.
    pub(crate) fn clear(&mut self) {
        self.pots.clear();
        self.spans.clear();
        self.parents.clear();
        self.depths.clear();
    }

    /// The number of nodes.
    pub(crate) fn len(&self) -> u32 {
        self.pots.len() as u32
    }

    /// A new node of `p` with these parents (nodes made before it).
    pub(crate) fn push(&mut self, p: Potential, parents: &[u32]) -> u32 {
        let n = self.pots.len() as u32;
        self.pots.push(p);
        self.spans
            .push((self.parents.len() as u32, parents.len() as u32));
        self.parents.extend_from_slice(parents);
        let depth = parents
            .first()
            .map_or(1, |&up| self.depths[up as usize] + 1);
        self.depths.push(depth);
        n
    }

    /// The nodes along first parents from the root to node `n`, `n` included: a lower
    /// bound of [`PotGraph::ancestors`] where those nodes are of distinct potentials (as
    /// in a run, whose every potential is made once, but for the node of a
    /// contradiction, which is no node's parent).
    pub(crate) fn depth(&self, n: u32) -> u32 {
        self.depths[n as usize]
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
        self.walk(n, |_| {})
    }

    /// [`PotGraph::ancestors`], calling `f` with the first node met of each potential,
    /// in the order met (`f` must not walk a graph itself).
    pub(crate) fn walk(&self, n: u32, f: impl FnMut(u32)) -> u32 {
        WALK.with_borrow_mut(|w| self.walk_in(w, n, f))
    }

    /// [`PotGraph::walk`] with the walk's storage `w`.
    fn walk_in(&self, w: &mut Walk, n: u32, mut f: impl FnMut(u32)) -> u32 {
        if w.met_in.is_empty() || w.walk == u32::MAX {
            w.met_in = vec![0; NPOT];
            w.walk = 0;
        }
        w.walk += 1;
        w.layer.clear();
        w.layer.push(n);
        let mut count = 0;
        while !w.layer.is_empty() {
            w.next.clear();
            for &m in &w.layer {
                let p = self.pot(m).index();
                if w.met_in[p] != w.walk {
                    w.met_in[p] = w.walk;
                    count += 1;
                    f(m);
                    w.next.extend_from_slice(self.parents(m));
                }
            }
            std::mem::swap(&mut w.layer, &mut w.next);
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
