//! What propagation carries from rule to rule: the cells placed but not yet spread to
//! their peers (`queue`), the log of every cell whose mask shrank (`changed`, with the
//! digits taken in `removed`), and the (group, digit) pairs whose places dropped to a
//! few (`few`).
//!
//! Each rule that reads the log remembers how far it has read, and looks again only at
//! what the entries since touch (the places of the digits taken, the cells, the cages
//! holding a logged cell): a rule's outcome on a unit depends only on the masks of the
//! unit's cells, so a unit none of whose cells changed since the rule last ran on it
//! has nothing new to give. The log grows by one entry per shrinking (and one per cell
//! at a search's root), so it is bounded by cells × (digits + 1) per propagation.

/// The scratch state of one propagation (reused from node to node).
#[derive(Clone, Debug, Default)]
pub(super) struct Work {
    /// Cells whose mask dropped to one bit, not yet spread to their peers.
    pub(super) queue: Vec<u16>,
    /// Every cell whose mask shrank, in order (a cell may appear more than once).
    pub(super) changed: Vec<u16>,
    /// The digits each entry of `changed` took from its cell (0 for the entries of
    /// [`Work::start_everywhere`], which took nothing).
    pub(super) removed: Vec<u32>,
    /// Per group, the digits whose places dropped to a few ([`super::places`]), for
    /// locked candidates and the few-place rules.
    pub(super) few: Vec<u32>,
    /// The groups with digits in `few`.
    pub(super) few_groups: Marks,
    /// Units marked dirty, as bits (reused by each rule in turn).
    pub(super) marks: Marks,
    /// Whether the two-place rules of [`super::pairs`] run (a setting of the search,
    /// kept here since every propagation reads it).
    pub(super) two_places: bool,
    /// The last cell a removal emptied (where a contradiction showed).
    pub(super) conflict: Option<u16>,
}

impl Work {
    /// Forgets the queue, the log and the few-place marks, before a node's propagation
    /// (a contradiction may have left some).
    #[inline]
    pub(super) fn clear(&mut self) {
        self.queue.clear();
        self.changed.clear();
        self.removed.clear();
        while let Some(g) = self.few_groups.take() {
            self.few[g] = 0;
        }
    }

    /// Marks digit `bit` of group `g` for the few-place rules.
    #[inline(always)]
    pub(super) fn mark_few(&mut self, g: usize, bit: u32) {
        if g >= self.few.len() {
            grow(&mut self.few, g + 1);
        }
        self.few[g] |= bit;
        self.few_groups.mark(g);
    }

    /// Sets an open cell to one of its digits (a branch of the search), logged and
    /// queued.
    pub(super) fn branch(&mut self, cand: &mut [u32], cell: u16, bit: u32) {
        let i = usize::from(cell);
        debug_assert!(cand[i] & bit != 0 && bit.count_ones() == 1);
        self.removed.push(cand[i] & !bit);
        cand[i] = bit;
        self.changed.push(cell);
        self.queue.push(cell);
    }

    /// Logs every cell as changed and queues the placed ones (a search's root, where
    /// no rule has run yet).
    pub(super) fn start_everywhere(&mut self, cand: &[u32]) {
        self.clear();
        for (c, &m) in cand.iter().enumerate() {
            self.changed.push(c as u16);
            self.removed.push(0);
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
        self.removed.push(cand[usize::from(cell)] & !mask);
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
        self.removed.push(mask & bits);
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
            grow(&mut self.words, w + 1);
        }
        self.words[w] |= 1 << (i % 64);
    }

    /// True when no unit is marked.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
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

/// Grows a vector to `len` entries of zero (rarely: once per search, as units are
/// first marked).
#[cold]
fn grow<T: Default + Clone>(v: &mut Vec<T>, len: usize) {
    v.resize(len, T::default());
}
