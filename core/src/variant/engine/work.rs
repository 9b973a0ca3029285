//! What propagation carries from rule to rule: the cells placed but not yet spread to
//! their peers (`queue`), and the log of every cell whose mask shrank (`changed`).
//!
//! Each rule remembers how far into the log it has read, and looks again only at the
//! units (groups, intersections, cells, cages) holding a cell logged since: a rule's
//! outcome on a unit depends only on the masks of the unit's cells, so a unit none of
//! whose cells changed since the rule last ran on it has nothing new to give. The log
//! grows by one entry per shrinking, so it is bounded by cells × digits per propagation.

/// The scratch state of one propagation (reused from node to node).
#[derive(Clone, Debug, Default)]
pub(super) struct Work {
    /// Cells whose mask dropped to one bit, not yet spread to their peers.
    pub(super) queue: Vec<u16>,
    /// Every cell whose mask shrank, in order (a cell may appear more than once).
    pub(super) changed: Vec<u16>,
    /// Units marked dirty, as bits (reused by each rule in turn).
    pub(super) marks: Marks,
    /// A second set, empty between uses (groups turned into intersections).
    pub(super) spare: Marks,
    /// Whether the two-place rules of [`super::pairs`] run (a setting of the search,
    /// kept here since every propagation reads it).
    pub(super) two_places: bool,
    /// The last cell a removal emptied (where a contradiction showed).
    pub(super) conflict: Option<u16>,
}

impl Work {
    /// Forgets the queue and the log, before a node's propagation.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.queue.clear();
        self.changed.clear();
    }

    /// Logs every cell as changed and queues the placed ones (a search's root, where
    /// no rule has run yet).
    pub(super) fn start_everywhere(&mut self, cand: &[u32]) {
        self.clear();
        for (c, &m) in cand.iter().enumerate() {
            self.changed.push(c as u16);
            if m != 0 && m & (m - 1) == 0 {
                self.queue.push(c as u16);
            }
        }
    }

    /// Sets a cell's mask to `mask` (a subset of its mask, not empty), logging it and
    /// queueing it when one bit is left.
    #[inline]
    pub(super) fn narrow(&mut self, cand: &mut [u32], cell: u16, mask: u32) {
        debug_assert!(mask != 0 && mask & !cand[usize::from(cell)] == 0);
        if cand[usize::from(cell)] == mask {
            return;
        }
        cand[usize::from(cell)] = mask;
        self.changed.push(cell);
        if mask & (mask - 1) == 0 {
            self.queue.push(cell);
        }
    }

    /// Takes `bits` out of a cell: logs it when it shrinks, queues it when one bit is
    /// left; false when none is.
    #[inline]
    pub(super) fn remove(&mut self, cand: &mut [u32], cell: u16, bits: u32) -> bool {
        let i = usize::from(cell);
        let mask = cand[i];
        if mask & bits == 0 {
            return true;
        }
        let left = mask & !bits;
        if left == 0 {
            self.conflict = Some(cell);
            return false;
        }
        cand[i] = left;
        self.changed.push(cell);
        if left & (left - 1) == 0 {
            self.queue.push(cell);
        }
        true
    }
}

/// A set of unit indices as bits, emptied as it is read.
#[derive(Clone, Debug, Default)]
pub(super) struct Marks {
    words: Vec<u64>,
}

impl Marks {
    /// Adds unit `i`.
    #[inline]
    pub(super) fn mark(&mut self, i: usize) {
        let w = i / 64;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (i % 64);
    }

    /// Adds units `0..n`.
    pub(super) fn mark_all(&mut self, n: usize) {
        if self.words.len() < n.div_ceil(64) {
            self.words.resize(n.div_ceil(64), 0);
        }
        for (w, word) in self.words.iter_mut().enumerate() {
            let bits = n.saturating_sub(w * 64).min(64);
            *word |= if bits == 64 { !0 } else { (1u64 << bits) - 1 };
        }
    }

    /// Takes the smallest unit out, or `None` when empty.
    #[inline]
    pub(super) fn take(&mut self) -> Option<usize> {
        for (w, word) in self.words.iter_mut().enumerate() {
            if *word != 0 {
                let b = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(w * 64 + b);
            }
        }
        None
    }
}
