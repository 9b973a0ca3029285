//! The implication engine shared by every chain producer: potentials, the on/off rules,
//! breadth-first propagation with parent tracking, and the ancestor counts that measure
//! a chain's complexity.
//!
//! A *candidate* is `cell * 9 + digit - 1` (0..729); a *potential* is a candidate
//! assumed true ("on", `cand * 2 + 1`) or false ("off", `cand * 2`), 0..1458.

use crate::grid::UNITS;

pub const NCAND: usize = 729;
pub const NPOT: usize = 1458;
const WORDS: usize = 12; // 768 bits >= 729

#[inline]
pub fn cand(cell: usize, digit0: usize) -> u16 {
    (cell * 9 + digit0) as u16
}
#[inline]
pub fn cell_of(c: u16) -> usize {
    c as usize / 9
}
#[inline]
pub fn digit0_of(c: u16) -> usize {
    c as usize % 9
}
#[inline]
pub fn pot(c: u16, on: bool) -> u16 {
    c * 2 + on as u16
}
#[inline]
pub fn pot_cand(p: u16) -> u16 {
    p / 2
}
#[inline]
pub fn pot_on(p: u16) -> bool {
    p & 1 == 1
}

// The release build targets baseline x86-64, without a population count instruction: the
// tests below on masks of 9 bits are a few bit operations instead of `count_ones`.

/// True when `m` has at least 2 bits set.
#[inline]
pub fn several(m: u16) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// True when `m` has exactly 1 bit set.
#[inline]
pub fn single(m: u16) -> bool {
    m != 0 && !several(m)
}

/// True when `m` has exactly 2 bits set.
#[inline]
pub fn pair(m: u16) -> bool {
    several(m) && single(m & (m - 1))
}

/// A set of candidates (729 bits).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CandSet([u64; WORDS]);

impl CandSet {
    pub const EMPTY: CandSet = CandSet([0; WORDS]);
    #[inline]
    pub fn has(&self, c: u16) -> bool {
        self.0[c as usize >> 6] >> (c & 63) & 1 != 0
    }
    #[inline]
    pub fn set(&mut self, c: u16) {
        self.0[c as usize >> 6] |= 1 << (c & 63);
    }
    #[inline]
    pub fn unset(&mut self, c: u16) {
        self.0[c as usize >> 6] &= !(1 << (c & 63));
    }
    #[inline]
    pub fn clear(&mut self) {
        self.0 = [0; WORDS];
    }
    /// Keeps only the candidates `other` has too.
    #[inline]
    pub fn intersect(&mut self, other: &CandSet) {
        for (w, o) in self.0.iter_mut().zip(other.0.iter()) {
            *w &= o;
        }
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// The regions of a cell in Sukaku Explainer's order: box, row, column (as indices into
/// `UNITS`).
#[inline]
pub fn regions_of(cell: usize) -> [usize; 3] {
    let [b, r, c] = REGIONS[cell];
    [b as usize, r as usize, c as usize]
}

const fn build_regions() -> [[u8; 3]; 81] {
    let mut t = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        t[cell] = [
            (18 + crate::grid::box_of(cell)) as u8,
            (cell / 9) as u8,
            (9 + cell % 9) as u8,
        ];
        cell += 1;
    }
    t
}
const REGIONS: [[u8; 3]; 81] = build_regions();

/// What "p on" turns off, in Sukaku Explainer's order: the other digits of the cell
/// (when `cell_rule`), then the other places of the digit in the box, the row outside
/// the box, the column outside the box. Calls `f` with each candidate.
#[inline]
pub fn on_to_off(grid: &[u16; 81], c: u16, cell_rule: bool, mut f: impl FnMut(u16)) {
    let cell = cell_of(c);
    let d = digit0_of(c);
    if cell_rule {
        let mut m = grid[cell] & !(1 << d);
        while m != 0 {
            let e = m.trailing_zeros() as usize;
            m &= m - 1;
            f(cand(cell, e));
        }
    }
    let bit = 1u16 << d;
    let b = crate::grid::box_of(cell);
    for &o in &UNITS[18 + b] {
        let o = o as usize;
        if o != cell && grid[o] & bit != 0 {
            f(cand(o, d));
        }
    }
    for &o in &UNITS[cell / 9] {
        let o = o as usize;
        if crate::grid::box_of(o) != b && grid[o] & bit != 0 {
            f(cand(o, d));
        }
    }
    for &o in &UNITS[9 + cell % 9] {
        let o = o as usize;
        if crate::grid::box_of(o) != b && grid[o] & bit != 0 {
            f(cand(o, d));
        }
    }
}

/// What "p off" turns on (at most 4: the cell rule, then box, row, column), each with its
/// hidden parents: the candidates of `source` that `grid` has lost in the cell or region
/// (only dynamic chains lose any). Calls `f(on_candidate, hidden_parents)`.
#[inline]
pub fn off_to_on(
    grid: &[u16; 81],
    source: &[u16; 81],
    c: u16,
    cell_rule: bool,
    region_rule: bool,
    mut f: impl FnMut(u16, &[u16]),
) {
    let cell = cell_of(c);
    let d = digit0_of(c);
    let mut hidden = [0u16; 9];
    if cell_rule && pair(grid[cell]) {
        let other = (grid[cell] & !(1 << d)).trailing_zeros() as usize;
        let mut n = 0;
        let mut lost = source[cell] & !grid[cell];
        while lost != 0 {
            let e = lost.trailing_zeros() as usize;
            lost &= lost - 1;
            hidden[n] = pot(cand(cell, e), false);
            n += 1;
        }
        f(cand(cell, other), &hidden[..n]);
    }
    if region_rule {
        let bit = 1u16 << d;
        for u in regions_of(cell) {
            let mut other = usize::MAX;
            let mut count = 0;
            for &o in &UNITS[u] {
                let o = o as usize;
                if o != cell && grid[o] & bit != 0 {
                    count += 1;
                    other = o;
                }
            }
            if count == 1 {
                let mut n = 0;
                for &o in &UNITS[u] {
                    let o = o as usize;
                    if source[o] & bit != 0 && grid[o] & bit == 0 {
                        hidden[n] = pot(cand(o, d), false);
                        n += 1;
                    }
                }
                f(cand(other, d), &hidden[..n]);
            }
        }
    }
}

/// Position of each cell within its box, row and column (Sukaku Explainer's region order).
const fn build_pos_in() -> [[u8; 3]; 81] {
    let mut t = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        t[cell] = [((r % 3) * 3 + c % 3) as u8, c as u8, r as u8];
        cell += 1;
    }
    t
}
const POS_IN: [[u8; 3]; 81] = build_pos_in();

/// Position of `cell` within its `k`-th region (in the order of [`regions_of`]).
#[inline]
pub fn pos_in_region(cell: usize, k: usize) -> usize {
    POS_IN[cell][k] as usize
}

/// Position of `cell` within unit `u` (one of its regions).
#[inline]
pub fn pos_in(cell: usize, u: usize) -> usize {
    let k = regions_of(cell)
        .iter()
        .position(|&x| x == u)
        .expect("a region of the cell");
    POS_IN[cell][k] as usize
}

/// A grid of candidates with, for each unit and digit, the mask of its places (bit i: the
/// unit's i-th cell), kept in step so that region rules are a few bit operations.
#[derive(Clone, Copy)]
pub struct Board {
    pub cands: [u16; 81],
    /// `places[u][d]`, units numbered as `UNITS` (rows, columns, boxes).
    pub places: [[u16; 9]; 27],
}

impl Board {
    pub fn new(grid: &[u16; 81]) -> Board {
        let mut b = Board {
            cands: *grid,
            places: [[0; 9]; 27],
        };
        for cell in 0..81 {
            let mut m = grid[cell];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                for (k, u) in regions_of(cell).into_iter().enumerate() {
                    b.places[u][d] |= 1 << POS_IN[cell][k];
                }
            }
        }
        b
    }

    #[inline]
    pub fn remove(&mut self, c: u16) {
        let (cell, d) = (cell_of(c), digit0_of(c));
        self.cands[cell] &= !(1 << d);
        for (k, u) in regions_of(cell).into_iter().enumerate() {
            self.places[u][d] &= !(1 << POS_IN[cell][k]);
        }
    }

    /// What "c on" turns off (see [`on_to_off`]), in the same order.
    #[inline]
    pub fn on_to_off(&self, c: u16, cell_rule: bool, mut f: impl FnMut(u16)) {
        let (cell, d) = (cell_of(c), digit0_of(c));
        if cell_rule {
            let mut m = self.cands[cell] & !(1 << d);
            while m != 0 {
                let e = m.trailing_zeros() as usize;
                m &= m - 1;
                f(cand(cell, e));
            }
        }
        let [bu, ru, cu] = regions_of(cell);
        let (r, col) = (cell / 9, cell % 9);
        let mut m = self.places[bu][d] & !(1 << POS_IN[cell][0]);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            f(cand(UNITS[bu][i] as usize, d));
        }
        let mut m = self.places[ru][d] & !(0b111 << (col / 3 * 3));
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            f(cand(UNITS[ru][i] as usize, d));
        }
        let mut m = self.places[cu][d] & !(0b111 << (r / 3 * 3));
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            f(cand(UNITS[cu][i] as usize, d));
        }
    }

    /// The rules "c off" fires (see [`off_to_on`]), in the same order: each with the
    /// candidate it turns on and its group (`CELL_GROUP`: the cell; else the unit); the
    /// hidden parents of those a propagation takes come from [`Board::hidden_parents`].
    ///
    /// Written into the caller's `fired` (returns how many): returned by value, the
    /// array was copied out with one wide load over the narrow stores just made, which
    /// the processor cannot forward (a stall at every "off" of a propagation).
    #[inline(always)]
    pub fn off_fires(&self, c: u16, cell_rule: bool, fired: &mut [(u16, u8); 4]) -> usize {
        let (cell, d) = (cell_of(c), digit0_of(c));
        let mut n = 0;
        if cell_rule && pair(self.cands[cell]) {
            fired[0] = (
                cand(
                    cell,
                    (self.cands[cell] & !(1 << d)).trailing_zeros() as usize,
                ),
                CELL_GROUP,
            );
            n = 1;
        }
        for (k, u) in regions_of(cell).into_iter().enumerate() {
            let m = self.places[u][d] & !(1 << POS_IN[cell][k]);
            if single(m) {
                fired[n] = (
                    cand(UNITS[u][m.trailing_zeros() as usize] as usize, d),
                    u as u8,
                );
                n += 1;
            }
        }
        n
    }

    /// The hidden parents of `q` turned on by a rule of `group` ([`Board::off_fires`]):
    /// the "off"s of the group's candidates `source` has and this grid lost, into `out`;
    /// returns how many.
    #[inline]
    pub fn hidden_parents(&self, source: &Board, q: u16, group: u8, out: &mut [u16; 9]) -> usize {
        let (cell, d) = (cell_of(q), digit0_of(q));
        let mut n = 0;
        if group == CELL_GROUP {
            let mut lost = source.cands[cell] & !self.cands[cell];
            while lost != 0 {
                let e = lost.trailing_zeros() as usize;
                lost &= lost - 1;
                out[n] = pot(cand(cell, e), false);
                n += 1;
            }
        } else {
            let u = group as usize;
            let mut lost = source.places[u][d] & !self.places[u][d];
            while lost != 0 {
                let i = lost.trailing_zeros() as usize;
                lost &= lost - 1;
                out[n] = pot(cand(UNITS[u][i] as usize, d), false);
                n += 1;
            }
        }
        n
    }
}

/// The group of a cell rule in [`Board::off_fires`] (units are 0 to 26).
const CELL_GROUP: u8 = u8::MAX;

/// `Par::len` of a potential whose one parent is in `Par::one`.
const ONE_PARENT: u16 = u16::MAX;

/// Where a potential's parents are (see `Run::par`): one entry, so that recording and
/// reading them touch one place.
#[derive(Clone, Copy, Default)]
struct Par {
    start: u32,
    len: u16,
    one: u16,
}

/// One propagation from one assumption: the potentials it makes on and off, in the
/// order found, each with its parents, and the contradiction if one was met.
pub struct Run {
    pub on: CandSet,
    pub off: CandSet,
    pub on_list: Vec<u16>,
    pub off_list: Vec<u16>,
    /// Each potential's parents: `arena[start..start + len]`, or, where `len` is
    /// `ONE_PARENT` (an "off" turned off by one "on"), the one in `one`.
    par: Vec<Par>,
    arena: Vec<u16>,
    /// Ancestor counts found in this run: `generation << 16 | count` (a count of an
    /// older generation is stale).
    anc: Vec<u32>,
    anc_gen: u32,
    /// The contradiction: the potential found both on (its on version) and off.
    pub absurd: Option<u16>,
    /// The stack of [`Run::ancestors`] (NPOT slots).
    stack: Vec<u16>,
}

/// How a propagation runs.
#[derive(Clone, Copy)]
pub struct Mode {
    /// Removes each "off" potential from the working grid as it is processed.
    pub dynamic: bool,
    /// Uses the cell rules (bivalue cell, other digits of the cell); off for nishio.
    pub cell_rule: bool,
    /// Nesting level (0: none; 1: locked candidates, pairs and X-wings on the grid the
    /// chain has reduced).
    pub level: u8,
}

impl Default for Run {
    fn default() -> Self {
        Run {
            on: CandSet::EMPTY,
            off: CandSet::EMPTY,
            on_list: Vec::with_capacity(NCAND),
            off_list: Vec::with_capacity(NCAND),
            par: vec![Par::default(); NPOT],
            arena: Vec::with_capacity(4 * NPOT),
            anc: vec![0; NPOT],
            anc_gen: 1,
            absurd: None,
            stack: vec![0; NPOT],
        }
    }
}

impl Run {
    fn reset(&mut self) {
        // The ancestor counts of the last run become stale with a new generation (all
        // cleared once every 65,535 runs, when the generation wraps).
        self.anc_gen += 1;
        if self.anc_gen > 0xFFFF {
            self.anc.iter_mut().for_each(|a| *a = 0);
            self.anc_gen = 1;
        }
        self.on.clear();
        self.off.clear();
        self.on_list.clear();
        self.off_list.clear();
        self.arena.clear();
        self.absurd = None;
    }

    fn set_parents(&mut self, p: u16, parents: &[u16]) {
        self.par[p as usize] = Par {
            start: self.arena.len() as u32,
            len: parents.len() as u16,
            one: 0,
        };
        self.arena.extend_from_slice(parents);
    }

    /// The number of distinct potentials `p` rests on, itself included (Sukaku
    /// Explainer's chain complexity of one target).
    pub fn ancestors(&mut self, p: u16) -> u32 {
        let a = self.anc[p as usize];
        if a >> 16 == self.anc_gen {
            return a & 0xFFFF;
        }
        // A depth-first walk over the parents; each potential enters the stack (of
        // NPOT slots) at most once.
        let mut visited = [0u64; NPOT.div_ceil(64)];
        let stack = &mut self.stack[..];
        let (par, arena) = (&self.par[..], &self.arena[..]);
        stack[0] = p;
        let mut top = 1usize;
        visited[p as usize >> 6] |= 1 << (p & 63);
        let mut n = 0u32;
        while top > 0 {
            top -= 1;
            let q = stack[top];
            n += 1;
            let Par { start, len, one } = par[q as usize];
            if len == ONE_PARENT {
                let r = one;
                let (w, b) = (r as usize >> 6, r & 63);
                if visited[w] >> b & 1 == 0 {
                    visited[w] |= 1 << b;
                    stack[top] = r;
                    top += 1;
                }
                continue;
            }
            let s = start as usize;
            for &r in &arena[s..s + len as usize] {
                let (w, b) = (r as usize >> 6, r & 63);
                if visited[w] >> b & 1 == 0 {
                    visited[w] |= 1 << b;
                    stack[top] = r;
                    top += 1;
                }
            }
        }
        self.anc[p as usize] = self.anc_gen << 16 | n;
        n
    }

    /// Complexity of the contradiction: the ancestors of both its potentials.
    pub fn absurd_complexity(&mut self) -> u32 {
        let c = self.absurd.expect("a contradiction");
        self.ancestors(pot(c, true)) + self.ancestors(pot(c, false))
    }

    /// Propagates the assumption `start` on `grid` (Sukaku Explainer's order: every
    /// pending "on" first, then one "off", and at the end, with nesting, one round of the
    /// nested rules). Stops at the first contradiction, recorded in `absurd`.
    pub fn propagate(&mut self, source: &Board, start: u16, mode: Mode) {
        self.reset();
        let mut work = *source;
        let sc = pot_cand(start);
        if pot_on(start) {
            self.on.set(sc);
            self.on_list.push(sc);
        } else {
            self.off.set(sc);
            self.off_list.push(sc);
        }
        self.set_parents(start, &[]);
        let (mut on_head, mut off_head) = (0usize, 0usize);
        loop {
            if on_head < self.on_list.len() {
                let c = self.on_list[on_head];
                on_head += 1;
                let parent = pot(c, true);
                let mut absurd = None;
                work.on_to_off(c, mode.cell_rule, |q| {
                    if absurd.is_some() {
                        return;
                    }
                    if self.on.has(q) {
                        absurd = Some(q);
                    } else if !self.off.has(q) {
                        self.off.set(q);
                        self.off_list.push(q);
                        self.par[pot(q, false) as usize] = Par {
                            start: 0,
                            len: ONE_PARENT,
                            one: parent,
                        };
                    }
                });
                if let Some(q) = absurd {
                    self.set_parents(pot(q, false), &[parent]);
                    self.absurd = Some(q);
                    return;
                }
                continue;
            }
            if off_head < self.off_list.len() {
                let c = self.off_list[off_head];
                off_head += 1;
                let parent = pot(c, false);
                // What this "off" turns on is added at once, in order (the rules read
                // the working grid before `c` leaves it); the first one found off is
                // the contradiction, and nothing after it is added. One already on
                // keeps the parents found first (its hidden parents are not listed).
                let mut fired = [(0u16, 0u8); 4];
                let n = work.off_fires(c, mode.cell_rule, &mut fired);
                for &(q, group) in &fired[..n] {
                    let found_off = self.off.has(q);
                    if !found_off && self.on.has(q) {
                        continue;
                    }
                    if !found_off {
                        self.on.set(q);
                        self.on_list.push(q);
                    }
                    let mut hidden = [0u16; 9];
                    let k = work.hidden_parents(source, q, group, &mut hidden);
                    let p = pot(q, true) as usize;
                    self.par[p] = Par {
                        start: self.arena.len() as u32,
                        len: 1 + k as u16,
                        one: 0,
                    };
                    self.arena.push(parent);
                    self.arena.extend_from_slice(&hidden[..k]);
                    if found_off {
                        self.absurd = Some(q);
                        return;
                    }
                }
                if mode.dynamic {
                    work.remove(c);
                }
                continue;
            }
            if mode.level > 0 {
                let before = self.off_list.len();
                super::nested::advanced(self, source, &work, mode.level);
                if self.off_list.len() > before {
                    continue;
                }
            }
            break;
        }
    }

    /// Adds an "off" potential found by a nested rule (not already off), with parents.
    pub fn add_off(&mut self, c: u16, parents: &[u16]) {
        if !self.off.has(c) {
            self.off.set(c);
            self.off_list.push(c);
            self.set_parents(pot(c, false), parents);
        }
    }
}

/// True when a dynamic closure ([`DynLite`], without a conflict) that made the
/// potentials `on` and `off` on a grid, which has since lost the candidates `removed`
/// (and nothing else) to become `now`, goes on `now` exactly as it went: the same
/// potentials in the same order, with the same depths, and no contradiction.
///
/// Why. A removed candidate `x` that was never turned on or off was never a premise of a
/// rule, and the only rules whose firing its absence can change are those of its four
/// groups: its cell, and its digit's places in its box, row and column. On `now` such a
/// group fires when all but one of its candidates are off (that one turns on) or all of
/// them are (a contradiction, where the group had two or more). While `x` stayed in a
/// group, the group never fired at all (its last one would have been `x`, which never
/// turned on). If each group of each removed candidate keeps at least two candidates on
/// `now` that the closure never turned off, none of them fires on `now` at any moment
/// either (a closure's "off"s only grow), and every rule elsewhere reads the same grid:
/// the same steps happen in the same order. A group left without candidates (a placed
/// cell, a placed digit's places) fires nothing: nothing in it can be turned off.
pub fn unchanged_by_loss(on: &CandSet, off: &CandSet, now: &Board, removed: &[u16]) -> bool {
    // A group (bit i of `mask`: its candidate `cand_at(i)`) that would fire on `now`.
    let fires = |mask: u16, cand_at: &dyn Fn(usize) -> u16| {
        let (mut m, mut left) = (mask, 0);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            left += !off.has(cand_at(i)) as u32;
        }
        left == 1 || (left == 0 && mask != 0)
    };
    for &x in removed {
        if on.has(x) || off.has(x) {
            return false;
        }
        let (cell, d) = (cell_of(x), digit0_of(x));
        if fires(now.cands[cell], &|e| cand(cell, e)) {
            return false;
        }
        for u in regions_of(cell) {
            if fires(now.places[u][d], &|i| cand(UNITS[u][i] as usize, d)) {
                return false;
            }
        }
    }
    true
}

/// The links of one grid for static chains (no removals): what each candidate's "on"
/// turns off (as a set) and what its "off" turns on (at most 4), as [`Run::propagate`]
/// applies them with `dynamic` false. Built once per search.
pub struct Links {
    turns_off: Vec<CandSet>,
    turns_on: Vec<[u16; 4]>,
    n_on: Vec<u8>,
    /// The candidates whose "off" turns something on.
    linked: CandSet,
    /// What each candidate's "on" turns off among `linked`, ascending (at most the 8
    /// other digits of its cell and its 20 peers): the edges [`Reach`] follows, listed
    /// once per search rather than found again in the 12 words of `turns_off` at each
    /// of its two walks.
    linked_offs: Vec<[u16; 28]>,
    n_linked_offs: Vec<u8>,
}

impl Default for Links {
    fn default() -> Self {
        Links {
            turns_off: vec![CandSet::EMPTY; NCAND],
            turns_on: vec![[0; 4]; NCAND],
            n_on: vec![0; NCAND],
            linked: CandSet::EMPTY,
            linked_offs: vec![[0; 28]; NCAND],
            n_linked_offs: vec![0; NCAND],
        }
    }
}

impl Links {
    /// The links of `board`'s candidates (other entries are left as they were: only
    /// candidates of the grid are ever reached).
    pub fn build(&mut self, board: &Board, cell_rule: bool) {
        self.linked.clear();
        for cell in 0..81 {
            let mut m = board.cands[cell];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let c = cand(cell, d);
                let set = &mut self.turns_off[c as usize];
                set.clear();
                board.on_to_off(c, cell_rule, |q| set.set(q));
                let (to, n) = (&mut self.turns_on[c as usize], &mut self.n_on[c as usize]);
                *n = 0;
                let mut fired = [(0u16, 0u8); 4];
                let k = board.off_fires(c, cell_rule, &mut fired);
                for &(q, _) in &fired[..k] {
                    to[*n as usize] = q;
                    *n += 1;
                }
                if *n > 0 {
                    self.linked.set(c);
                }
            }
        }
        for cell in 0..81 {
            let mut m = board.cands[cell];
            while m != 0 {
                let c = cand(cell, m.trailing_zeros() as usize) as usize;
                m &= m - 1;
                let (list, n) = (&mut self.linked_offs[c], &mut self.n_linked_offs[c]);
                *n = 0;
                for (w, (&t, &l)) in self.turns_off[c]
                    .0
                    .iter()
                    .zip(self.linked.0.iter())
                    .enumerate()
                {
                    let mut bits = t & l;
                    while bits != 0 {
                        list[*n as usize] = (w * 64) as u16 + bits.trailing_zeros() as u16;
                        bits &= bits - 1;
                        *n += 1;
                    }
                }
            }
        }
    }
}

/// A static propagation without parents: the sets of potentials one assumption implies
/// and each one's distance from it in the link graph, or that it meets a contradiction.
///
/// Why it gives the same sets as [`Run::propagate`] (static mode): the rules there are
/// fixed links, so a propagation that meets no contradiction ends with exactly the
/// potentials reachable from the assumption, whatever the order; and it meets one iff
/// some candidate is reachable both on and off (everything it adds is reachable, and
/// without a contradiction it adds everything reachable). With a contradiction the sets
/// [`Run::propagate`] leaves depend on its order: `conflict` says so, and the caller
/// propagates again with [`Run::propagate`]. The queue is first in, first out, so `dist`
/// is the length of the shortest path from the assumption; a potential's chain in
/// [`Run::propagate`] is one such path, so its ancestor count is at least `dist + 1`.
pub struct Lite {
    pub on: CandSet,
    pub off: CandSet,
    /// Distance from the assumption of each potential of the sets (saturating at 255:
    /// still a lower bound).
    dist: Vec<u8>,
    queue: Vec<u16>,
    /// A candidate is reachable both on and off (the sets are then incomplete).
    pub conflict: bool,
}

impl Default for Lite {
    fn default() -> Self {
        Lite {
            on: CandSet::EMPTY,
            off: CandSet::EMPTY,
            dist: vec![0; NPOT],
            queue: Vec::with_capacity(NPOT),
            conflict: false,
        }
    }
}

impl Lite {
    /// A lower bound of the ancestor count [`Run::propagate`] gives potential `p` of the
    /// sets (without a conflict).
    pub fn least_ancestors(&self, links: &Links, p: u16) -> u32 {
        debug_assert!(
            !self.conflict,
            "the depths of a closure stopped at a conflict"
        );
        let c = pot_cand(p);
        if pot_on(p) || links.linked.has(c) || p == self.queue[0] {
            return self.dist[p as usize] as u32 + 1;
        }
        // An "off" without links was not queued: it came from the first "on" of the
        // queue (in order of distance) that turns it off.
        for &o in &self.queue {
            if pot_on(o) && links.turns_off[pot_cand(o) as usize].has(c) {
                return self.dist[o as usize] as u32 + 2;
            }
        }
        unreachable!("a potential of the sets")
    }

    /// Propagates `start` along `links` (stops at the first conflict).
    pub fn close(&mut self, links: &Links, start: u16) {
        self.on.clear();
        self.off.clear();
        self.queue.clear();
        self.conflict = false;
        let sc = pot_cand(start);
        if pot_on(start) {
            self.on.set(sc);
        } else {
            self.off.set(sc);
        }
        self.dist[start as usize] = 0;
        self.queue.push(start);
        let mut head = 0;
        while head < self.queue.len() {
            let p = self.queue[head];
            head += 1;
            let c = pot_cand(p) as usize;
            let next = self.dist[p as usize].saturating_add(1);
            if pot_on(p) {
                for (w, &to) in links.turns_off[c].0.iter().enumerate() {
                    let mut new = to & !self.off.0[w];
                    if new == 0 {
                        continue;
                    }
                    if new & self.on.0[w] != 0 {
                        self.conflict = true;
                        return;
                    }
                    self.off.0[w] |= new;
                    // Only an "off" with links turns anything on: the others need no turn
                    // (their distance is found when asked, see `least_ancestors`).
                    new &= links.linked.0[w];
                    while new != 0 {
                        let q = (w * 64) as u16 + new.trailing_zeros() as u16;
                        new &= new - 1;
                        self.dist[pot(q, false) as usize] = next;
                        self.queue.push(pot(q, false));
                    }
                }
            } else {
                for i in 0..links.n_on[c] as usize {
                    let q = links.turns_on[c][i];
                    if self.off.has(q) {
                        self.conflict = true;
                        return;
                    }
                    if !self.on.has(q) {
                        self.on.set(q);
                        let qp = pot(q, true);
                        self.dist[qp as usize] = next;
                        self.queue.push(qp);
                    }
                }
            }
        }
    }
}

/// What every potential of a grid implies along static [`Links`], for all of them at
/// once: the set a [`Lite`] closure from it would reach (without stopping at a
/// conflict). Reachability is shared along the links, so the strongly connected
/// components of the link graph (Tarjan) each get one set, built from the sets of the
/// components they lead to (completed first). An "off" without links reaches only
/// itself and is left out of the graph (the "on" that turns it off adds it).
pub struct Reach {
    /// Visit order (0: not visited), lowest order reachable on the stack, component.
    index: Vec<u16>,
    low: Vec<u16>,
    comp: Vec<u16>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    /// Depth-first frames: potential and its next link.
    frames: Vec<(u16, u8)>,
    /// Each component's set (`on`, `off`).
    sets: Vec<(CandSet, CandSet)>,
    /// `merged[k]`: the last component whose set took component `k`'s in.
    merged: Vec<u16>,
}

impl Default for Reach {
    fn default() -> Self {
        Reach {
            index: vec![0; NPOT],
            low: vec![0; NPOT],
            comp: vec![0; NPOT],
            on_stack: vec![false; NPOT],
            stack: Vec::with_capacity(NPOT),
            frames: Vec::with_capacity(NPOT),
            sets: Vec::with_capacity(NPOT),
            merged: vec![u16::MAX; NPOT],
        }
    }
}

impl Reach {
    /// The next potential of the graph `p` leads to, from the frame's position.
    #[inline]
    fn next_child(links: &Links, frame: &mut (u16, u8)) -> Option<u16> {
        let (p, ref mut i) = *frame;
        let c = pot_cand(p) as usize;
        if pot_on(p) {
            if (*i as usize) < links.n_linked_offs[c] as usize {
                *i += 1;
                Some(pot(links.linked_offs[c][*i as usize - 1], false))
            } else {
                None
            }
        } else if (*i as usize) < links.n_on[c] as usize {
            *i += 1;
            Some(pot(links.turns_on[c][*i as usize - 1], true))
        } else {
            None
        }
    }

    /// Computes the sets of the "on" potential of every candidate of `grid`.
    pub fn build(&mut self, links: &Links, grid: &[u16; 81]) {
        self.index.iter_mut().for_each(|x| *x = 0);
        self.merged.iter_mut().for_each(|x| *x = u16::MAX);
        self.sets.clear();
        let mut order = 0u16;
        for (cell, &cands) in grid.iter().enumerate() {
            let mut m = cands;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let root = pot(cand(cell, d), true);
                if self.index[root as usize] != 0 {
                    continue;
                }
                order += 1;
                self.index[root as usize] = order;
                self.low[root as usize] = order;
                self.on_stack[root as usize] = true;
                self.stack.push(root);
                self.frames.push((root, 0));
                while let Some(frame) = self.frames.last_mut() {
                    let p = frame.0;
                    if let Some(q) = Self::next_child(links, frame) {
                        let qi = q as usize;
                        if self.index[qi] == 0 {
                            order += 1;
                            self.index[qi] = order;
                            self.low[qi] = order;
                            self.on_stack[qi] = true;
                            self.stack.push(q);
                            self.frames.push((q, 0));
                        } else if self.on_stack[qi] {
                            self.low[p as usize] = self.low[p as usize].min(self.index[qi]);
                        }
                        continue;
                    }
                    self.frames.pop();
                    if self.low[p as usize] == self.index[p as usize] {
                        self.close_component(links, p);
                    }
                    if let Some(parent) = self.frames.last() {
                        let pp = parent.0 as usize;
                        self.low[pp] = self.low[pp].min(self.low[p as usize]);
                    }
                }
            }
        }
    }

    /// Pops the component rooted at `p` from the stack and builds its set.
    fn close_component(&mut self, links: &Links, p: u16) {
        let id = self.sets.len() as u16;
        let start = self
            .stack
            .iter()
            .rposition(|&x| x == p)
            .expect("on the stack");
        for &x in &self.stack[start..] {
            self.on_stack[x as usize] = false;
            self.comp[x as usize] = id;
        }
        let (mut on, mut off) = (CandSet::EMPTY, CandSet::EMPTY);
        for i in start..self.stack.len() {
            let x = self.stack[i];
            let c = pot_cand(x);
            if pot_on(x) {
                on.set(c);
                for (o, t) in off.0.iter_mut().zip(links.turns_off[c as usize].0.iter()) {
                    *o |= t;
                }
            } else {
                off.set(c);
            }
            // The components it leads to are complete (earlier ids), or this one.
            let mut frame = (x, 0u8);
            while let Some(q) = Self::next_child(links, &mut frame) {
                let k = self.comp[q as usize];
                if self.on_stack[q as usize] || k == id || self.merged[k as usize] == id {
                    continue;
                }
                self.merged[k as usize] = id;
                let (so, sf) = &self.sets[k as usize];
                for w in 0..WORDS {
                    on.0[w] |= so.0[w];
                    off.0[w] |= sf.0[w];
                }
            }
        }
        self.stack.truncate(start);
        self.sets.push((on, off));
    }

    /// The sets `p` reaches (a potential of the graph: an "on" of the grid).
    #[inline]
    pub fn of(&self, p: u16) -> &(CandSet, CandSet) {
        &self.sets[self.comp[p as usize] as usize]
    }
}

/// The cells holding each digit of `grid` (`planes[d]`: bit `cell` when the cell has
/// digit `d + 1` as a candidate), one pass over the candidates.
pub fn digit_planes(grid: &[u16; 81]) -> [u128; 9] {
    let mut planes = [0u128; 9];
    for (cell, &m) in grid.iter().enumerate() {
        let bit = 1u128 << cell;
        let mut ds = m & 0x1ff;
        while ds != 0 {
            planes[ds.trailing_zeros() as usize] |= bit;
            ds &= ds - 1;
        }
    }
    planes
}

/// True when the two sets share a candidate.
#[inline]
pub fn meet(a: &CandSet, b: &CandSet) -> bool {
    a.0.iter().zip(b.0.iter()).any(|(x, y)| x & y != 0)
}

use crate::logic::board::{PEER_MASKS_NINE as PEER_BITS, UNIT_MASKS_NINE as UNIT_BITS};

use crate::logic::board::CELL_UNITS_NINE as CELL_UNITS;

#[inline]
fn several128(m: u128) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// Whether [`Run::propagate`] of `start` in nishio mode (dynamic, no cell rules) meets a
/// contradiction, computed without parents on the digit's plane alone (`plane`: the
/// cells of the grid that hold the digit; nishio's rules never leave it).
///
/// Why it is the same: the rules (an "on" turns its peers off; an "off" turns on the
/// last place left in a unit of it) add a potential once its premises hold, whatever
/// the order, so a propagation that meets no contradiction ends with the least set
/// closed under them: a place turns on when every other place of one of its units
/// (at least one) is off. It meets one iff that closure holds a place both on and off
/// (everything the propagation adds is in the closure, and without a contradiction it
/// adds all of it). Here: "on" places turn their peers off, and a unit whose places
/// left are one after some went off turns it on, until nothing changes; a place both
/// on and off, or a unit of 2+ places all off (its last place would be turned on), is
/// the contradiction.
///
/// Returns `None` where the closure meets a contradiction, else the places it turns on.
/// Each of those places' "on" closure is within this one (which is closed under the
/// rules), so they meet no contradiction either.
pub fn plane_closure(plane: u128, cell: usize, on: bool) -> Option<u128> {
    let bit = 1u128 << cell;
    let (mut ons, mut offs, mut fresh_on, mut fresh_off) = if on {
        (bit, 0, bit, 0)
    } else {
        (0, bit, 0, bit)
    };
    loop {
        while fresh_on != 0 {
            let y = fresh_on.trailing_zeros() as usize;
            fresh_on &= fresh_on - 1;
            let peers = PEER_BITS[y] & plane & !offs;
            offs |= peers;
            fresh_off |= peers;
        }
        if ons & offs != 0 {
            return None;
        }
        // Units of the places turned off since the last round.
        let mut units = 0u32;
        while fresh_off != 0 {
            let y = fresh_off.trailing_zeros() as usize;
            fresh_off &= fresh_off - 1;
            units |= CELL_UNITS[y];
        }
        while units != 0 {
            let u = units.trailing_zeros() as usize;
            units &= units - 1;
            let places = UNIT_BITS[u] & plane;
            let left = places & !offs;
            if left == 0 {
                if several128(places) {
                    return None;
                }
            } else if !several128(left) && left & ons == 0 {
                ons |= left;
                fresh_on |= left;
            }
        }
        if fresh_on == 0 {
            return Some(ons);
        }
    }
}

/// The other place of the digit in a unit of `cell` where the digit (cells `plane`) has
/// exactly two places, if any. In nishio mode "off" at `cell` turns that place on, and
/// its "on" turns `cell` off: both reach the same closure, so they meet a contradiction
/// alike. Without such a unit, "off" at `cell` turns nothing on (each unit keeps 2+
/// places, or had `cell` alone), so it meets no contradiction.
pub fn plane_partner(plane: u128, cell: usize) -> Option<usize> {
    for u in regions_of(cell) {
        let m = UNIT_BITS[u] & plane;
        if several128(m) && !several128(m & (m - 1)) {
            return Some((m & !(1u128 << cell)).trailing_zeros() as usize);
        }
    }
    None
}

/// A dynamic propagation (cell rules, no nesting) without parents: the sets of
/// potentials one assumption implies, a lower bound of each one's ancestor count, or
/// that it meets a contradiction.
///
/// Why it gives the same sets as [`Run::propagate`] (dynamic mode, level 0): there an
/// "on" turns off the candidates left in its cell and the digit's places left among its
/// peers, and an "off" turns on the last candidate left in its cell, or the last place
/// left of its digit in one of its units, each time "left" meaning not yet turned off
/// (the working grid loses each "off" as it is processed, and the rule fires when the
/// last other one is processed). So a potential is added once its premises hold,
/// whatever the order: an "on" turns off every peer candidate of the grid; a candidate
/// turns on when every other candidate of its cell (at least one), or every other place
/// of its digit in one of its units (at least one), is off. A propagation that meets no
/// contradiction ends with the least sets closed under these rules, and it meets one
/// iff that closure holds a candidate both on and off (everything it adds is in the
/// closure; without a contradiction it adds all of it). Here the closure is made with
/// each "off" removed from a working grid at once; a cell or a digit's places in a unit
/// left empty, of 2+ in the grid, means its last one would be turned on too: a
/// contradiction. With a contradiction the sets [`Run::propagate`] leaves depend on its
/// order: `conflict` says so, and the caller propagates again with parents.
///
/// The bound: [`Run::propagate`] gives each potential as parents exactly the premises of
/// one of these rules, so its ancestors hold a derivation of it, as deep as the least
/// deep derivation at least. Here "on"s are processed first in, first out, and each
/// potential gets, when first added, 1 + the depth of the premise that completed its
/// rule: the "off"s are added in order of depth, so that is the deepest premise, and
/// by induction no potential gets more than its least derivation depth.
#[derive(Clone)]
pub struct DynLite {
    pub on: CandSet,
    pub off: CandSet,
    /// Depth of each potential of the sets (saturating at 255: still a lower bound).
    dist: Vec<u8>,
    /// The "on" candidates, in the order added (processed first in, first out).
    queue: Vec<u16>,
    pub conflict: bool,
}

impl Default for DynLite {
    fn default() -> Self {
        DynLite {
            on: CandSet::EMPTY,
            off: CandSet::EMPTY,
            dist: vec![0; NPOT],
            queue: Vec::with_capacity(NCAND),
            conflict: false,
        }
    }
}

impl DynLite {
    /// A lower bound of the ancestor count [`Run::propagate`] gives potential `p` of the
    /// sets (without a conflict).
    #[inline]
    pub fn least_ancestors(&self, p: u16) -> u32 {
        debug_assert!(
            !self.conflict,
            "the depths of a closure stopped at a conflict"
        );
        self.dist[p as usize] as u32 + 1
    }

    /// True when this closure, made without a conflict on a grid that has since lost the
    /// candidates `removed` (and nothing else) to become `now`, is still the closure of its
    /// start on `now`, with the same depths (see [`unchanged_by_loss`]).
    pub fn still_closed(&self, now: &Board, removed: &[u16]) -> bool {
        debug_assert!(!self.conflict);
        unchanged_by_loss(&self.on, &self.off, now, removed)
    }

    #[inline]
    fn turn_on(&mut self, c: u16, depth: u8, doomed: &CandSet) {
        if self.off.has(c) || doomed.has(c) {
            self.conflict = true;
        } else if !self.on.has(c) {
            self.on.set(c);
            self.dist[pot(c, true) as usize] = depth;
            self.queue.push(c);
        }
    }

    #[inline(always)]
    fn turn_off(&mut self, work: &mut Board, source: &Board, c: u16, depth: u8, doomed: &CandSet) {
        if self.on.has(c) {
            self.conflict = true;
            return;
        }
        if self.off.has(c) {
            return;
        }
        self.off.set(c);
        self.dist[pot(c, false) as usize] = depth;
        work.remove(c);
        let (cell, d) = (cell_of(c), digit0_of(c));
        let next = depth.saturating_add(1);
        let m = work.cands[cell];
        if m == 0 {
            if several(source.cands[cell]) {
                self.conflict = true;
                return;
            }
        } else if single(m) {
            self.turn_on(cand(cell, m.trailing_zeros() as usize), next, doomed);
        }
        for u in regions_of(cell) {
            let m = work.places[u][d];
            if m == 0 {
                if several(source.places[u][d]) {
                    self.conflict = true;
                    return;
                }
            } else if single(m) {
                self.turn_on(
                    cand(UNITS[u][m.trailing_zeros() as usize] as usize, d),
                    next,
                    doomed,
                );
            }
        }
    }

    /// Propagates `start` on `source` (stops at the first contradiction). `doomed`: the
    /// candidates whose "on" closure is known to meet a contradiction; this closure
    /// meets one too if it turns one of them on (it then holds that one's closure: the
    /// rules are monotone), and stops there.
    pub fn close(&mut self, source: &Board, start: u16, doomed: &CandSet) {
        self.on.clear();
        self.off.clear();
        self.queue.clear();
        self.conflict = false;
        let mut work = *source;
        let sc = pot_cand(start);
        if pot_on(start) {
            self.turn_on(sc, 0, doomed);
        } else {
            self.turn_off(&mut work, source, sc, 0, doomed);
        }
        let mut head = 0;
        while head < self.queue.len() && !self.conflict {
            let c = self.queue[head];
            head += 1;
            let (cell, d) = (cell_of(c), digit0_of(c));
            let next = self.dist[pot(c, true) as usize].saturating_add(1);
            let mut m = work.cands[cell] & !(1 << d);
            while m != 0 && !self.conflict {
                let e = m.trailing_zeros() as usize;
                m &= m - 1;
                self.turn_off(&mut work, source, cand(cell, e), next, doomed);
            }
            // The other places of the digit in the box, then in the row and the column
            // outside the box (each peer once).
            let [bu, ru, cu] = regions_of(cell);
            let (r, col) = (cell / 9, cell % 9);
            let masks = [
                (bu, work.places[bu][d] & !(1 << POS_IN[cell][0])),
                (ru, work.places[ru][d] & !(0b111 << (col / 3 * 3))),
                (cu, work.places[cu][d] & !(0b111 << (r / 3 * 3))),
            ];
            for (u, mut m) in masks {
                while m != 0 && !self.conflict {
                    let o = UNITS[u][m.trailing_zeros() as usize] as usize;
                    m &= m - 1;
                    self.turn_off(&mut work, source, cand(o, d), next, doomed);
                }
            }
        }
    }
}

/// Calls `f` with each candidate of `s`, in increasing order.
#[inline]
pub fn each(s: &CandSet, mut f: impl FnMut(u16)) {
    for (w, &word) in s.0.iter().enumerate() {
        let mut m = word;
        while m != 0 {
            f((w * 64) as u16 + m.trailing_zeros() as u16);
            m &= m - 1;
        }
    }
}

/// Sukaku Explainer's length bonus: +0.1 each time `complexity - 2` exceeds a ceiling
/// growing 4, 6, 8, 12, 16, 24, 32, ... Returned as the f64 it adds (sum of 0.1s) so
/// that ties between ratings compare as they do there.
pub fn length_bonus(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let mut ceil = 4i64;
    let mut added = 0.0f64;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if !odd { ceil * 3 / 2 } else { ceil * 4 / 3 };
        odd = !odd;
    }
    added
}

/// The rating in tenths of a difficulty computed as Sukaku Explainer does.
pub fn tenths(d: f64) -> u16 {
    (d * 10.0).round() as u16
}
