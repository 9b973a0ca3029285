//! What the cycle passes (`chains::cycles`) remember of the searches that found nothing,
//! and why skipping them is exact (see each memo). The XY memo keeps the pass's graph,
//! read through [`PassLists`] (the graph's type is the cycles' own).

use crate::logic::primitives::*;

/// The lists of a pass's implication graph that its searches read (see
/// `chains::cycles::pass_graph::PassGraph`).
pub(crate) trait PassLists: Default {
    /// True when "c off" turns something on.
    fn is_live(&self, c: Candidate) -> bool;
    /// The candidates "c off" turns on.
    fn ons(&self, c: Candidate) -> &[Candidate];
    /// The live candidates "c on" turns off.
    fn offs(&self, c: Candidate) -> &[Candidate];
}

/// What the XY pass of the last call that ran it learnt: the searches from a start
/// (`on_ok`: from its "on", `off_ok`: from its "off") that found nothing (no cycle, no
/// forcing chain) within their bounds (`on_bound`: on cycles and chains, `off_bound`),
/// each with the candidates whose lists it may have read (`on_read`, `off_read`: those it
/// met "on" and "off", the start among them; see `meets`). A search reads nothing but
/// those lists (and fixed facts: which candidates turn which off), so while none of them
/// changes (`graph`: the lists then), it meets the same potentials in the same order, or,
/// cut shorter by bounds no larger, part of them (each level's tests for a cycle or a
/// chain the same), and again finds nothing: it is skipped. (`valid` false: nothing known, as after a call interrupted mid-pass.)
/// Memory: four sets of 729 candidates per candidate (under 300 KB) and a pass graph.
pub(crate) struct XyPassFruitlessStarts<G> {
    pub(crate) valid: bool,
    pub(crate) grid: Vec<u16>,
    pub(crate) graph: G,
    pub(crate) on_ok: CandSet,
    pub(crate) off_ok: CandSet,
    pub(crate) on_read: Vec<(CandSet, CandSet)>,
    pub(crate) off_read: Vec<(CandSet, CandSet)>,
    pub(crate) on_bound: Vec<(u32, u32)>,
    pub(crate) off_bound: Vec<u32>,
}

impl<G: PassLists> Default for XyPassFruitlessStarts<G> {
    fn default() -> Self {
        XyPassFruitlessStarts {
            valid: false,
            grid: Vec::new(),
            graph: G::default(),
            on_ok: CandSet::EMPTY,
            off_ok: CandSet::EMPTY,
            on_read: Vec::new(),
            off_read: Vec::new(),
            on_bound: Vec::new(),
            off_bound: Vec::new(),
        }
    }
}

impl<G: PassLists> XyPassFruitlessStarts<G> {
    /// At the start of an XY pass on `grid` with graph `g`: keeps the records that still
    /// hold (no candidate they read changed, see [`meets`]) and marks the memo invalid
    /// until the pass is through (an interrupted pass leaves it so).
    pub(crate) fn start_pass(&mut self, grid: &[u16; 81], g: &G) {
        if self.on_read.is_empty() {
            self.on_read = vec![(CandSet::EMPTY, CandSet::EMPTY); NCAND];
            self.off_read = vec![(CandSet::EMPTY, CandSet::EMPTY); NCAND];
            self.grid = vec![0; 81];
            self.on_bound = vec![(0, 0); NCAND];
            self.off_bound = vec![0; NCAND];
        }
        if self.valid && !(self.on_ok.is_empty() && self.off_ok.is_empty()) {
            let changed = self.changed(grid, g);
            // Every record is checked now, so that those kept hold for this graph (a
            // start may be left unsearched, or be no candidate, for a while).
            let mut present = CandSet::EMPTY;
            for (cell, &cands) in grid.iter().enumerate() {
                let mut m = cands;
                while m != 0 {
                    let c = Candidate::new(cell, m.trailing_zeros() as usize);
                    m &= m - 1;
                    present.set(c);
                    if self.on_ok.has(c) && meets(&self.on_read[c.index()], &changed, Some(c)) {
                        self.on_ok.unset(c);
                    }
                    if self.off_ok.has(c) && meets(&self.off_read[c.index()], &changed, None) {
                        self.off_ok.unset(c);
                    }
                }
            }
            self.on_ok.intersect(&present);
            self.off_ok.intersect(&present);
        } else {
            self.on_ok.clear();
            self.off_ok.clear();
        }
        // (Made valid again once the pass is through.)
        self.valid = false;
    }

    /// The candidates of `grid` whose lists in `g` of the candidates their "off" turns
    /// on, and those whose lists of the candidates their "on" turns off, differ from the
    /// recorded ones (or that were not candidates then).
    pub(crate) fn changed(&self, grid: &[u16; 81], g: &G) -> (CandSet, CandSet) {
        let (mut ons, mut offs) = (CandSet::EMPTY, CandSet::EMPTY);
        for (cell, &cands) in grid.iter().enumerate() {
            let mut m = cands;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let c = Candidate::new(cell, d);
                if self.grid[cell] >> d & 1 == 0 {
                    ons.set(c);
                    offs.set(c);
                    continue;
                }
                if self.graph.is_live(c) != g.is_live(c) || self.graph.ons(c) != g.ons(c) {
                    ons.set(c);
                }
                if self.graph.offs(c) != g.offs(c) {
                    offs.set(c);
                }
            }
        }
        (ons, offs)
    }
}

/// True when a search that met the candidates of `read` "on" and "off" may have read
/// a list that changed (`changed`: the candidates whose lists of what their "off" turns
/// on changed, and those whose lists of what their "on" turns off changed). A search
/// reads the second list of those it meets "on", the first of those it meets "off"
/// (and of its start: the closers of a cycle; `ons_of_start`).
pub(crate) fn meets(
    read: &(CandSet, CandSet),
    changed: &(CandSet, CandSet),
    ons_of_start: Option<Candidate>,
) -> bool {
    let (mut on, mut off) = *read;
    on.intersect(&changed.1);
    off.intersect(&changed.0);
    !on.is_empty() || !off.is_empty() || ons_of_start.is_some_and(|c| changed.0.has(c))
}

/// What the Y pass of an earlier call learnt: with these bivalue cells (`bivalue`: each
/// cell's candidates where it has two, else 0) on this grid (`grid`), its searches, all
/// unbounded (no best hint before it), offered nothing. A Y pass's graph is made of the
/// bivalue cells' candidates alone, so while they stay the same its searches find the
/// same cycles (or, cut shorter by a best hint, some of them); a cycle offers a hint only
/// through the candidates it removes, candidates of the grid, and on a grid within the
/// recorded one (no cell with a candidate it did not have) those are among what they
/// were there: none. The pass is then skipped. (`found_nothing` false: nothing known.)
#[derive(Clone, Copy)]
pub(crate) struct YPassFoundNothing {
    pub(crate) found_nothing: bool,
    pub(crate) bivalue: [u16; 81],
    pub(crate) grid: [u16; 81],
}

impl Default for YPassFoundNothing {
    fn default() -> Self {
        YPassFoundNothing {
            found_nothing: false,
            bivalue: [0; 81],
            grid: [0; 81],
        }
    }
}

/// What the X pass of an earlier call learnt of one digit: with these places of the digit
/// (`places`) and these cells of them holding other candidates too (`starts`, where its
/// searches start), its searches, all unbounded (no best hint yet), offered nothing.
/// An X pass's links join places of one digit only, so its searches from that digit's
/// candidates see only those places and depend on nothing else under the same peers (the
/// cycles' eliminations are places of the digit too, seen by the peers the search reads,
/// `cycles::search_under`, which forgets the memos when they change): while both masks
/// stay the same, they find the same
/// trees, or, cut shorter by a best hint, parts of them, and again offer nothing; they
/// are skipped. (`found_nothing` false: nothing known.)
#[derive(Default, Clone, Copy)]
pub(crate) struct XPassFoundNothing {
    pub(crate) places: u128,
    pub(crate) starts: u128,
    pub(crate) found_nothing: bool,
}
