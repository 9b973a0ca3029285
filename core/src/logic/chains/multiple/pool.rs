//! The propagations a search keeps ([`PropagationPool`]), kept per thread between calls,
//! and their bookkeeping: the sets of each candidate's "on" propagation, the closures
//! kept from the last dynamic search while still exact, the propagations lent between
//! a cell's regions and its loop.

use crate::logic::chains::closure::*;
use crate::logic::chains::dynamic_closure::*;
use crate::logic::chains::propagation::*;
use crate::logic::chains::work_grid::*;
use crate::logic::memo::slots;
use crate::logic::primitives::*;

/// What the "on" propagation of one candidate implies (its "on" and "off" sets, as far
/// as it went), kept for the set tests of region chains.
#[derive(Clone, Copy)]
pub(super) struct Implied {
    pub(super) on: CandSet,
    pub(super) off: CandSet,
}

impl Implied {
    /// Keeps what `other` implies too; false once nothing is left.
    #[inline]
    pub(super) fn keep_shared(&mut self, other: &Implied) -> bool {
        self.on.intersect(&other.on);
        self.off.intersect(&other.off);
        !(self.on.is_empty() && self.off.is_empty())
    }
}

/// What `first` and each of `others` (places of digit `d`) all imply, `make_known`
/// making each place's `implied` known first; `None` once nothing is left (the places
/// after that are left alone).
#[inline]
pub(super) fn shared_over(
    pool: &mut PropagationPool,
    first: Implied,
    (others, d): (&[usize], usize),
    mut make_known: impl FnMut(&mut PropagationPool, Candidate),
) -> Option<Implied> {
    let mut shared = first;
    for &o in others {
        let c = Candidate::new(o, d);
        make_known(pool, c);
        if !shared.keep_shared(&pool.implied[c.index()]) {
            return None;
        }
    }
    Some(shared)
}

/// The propagations one cell needs at once, and the implications of every candidate's
/// "on" propagation met so far in the current search.
pub struct PropagationPool {
    pub(super) vals: Vec<Propagation>,
    pub(super) off: Propagation,
    pub(super) region: Vec<Propagation>,
    /// `implied[c]`, valid when `known` has `c` (one search: one grid, one mode).
    pub(super) implied: Vec<Implied>,
    pub(super) known: CandSet,
    /// The last `KEPT` propagations made for `implied`, whole, with their candidate
    /// (`NONE`: empty), for the cell loop to take over when it reaches the candidate.
    pub(super) kept: Vec<Propagation>,
    pub(super) kept_cand: [Candidate; KEPT],
    pub(super) kept_next: usize,
    /// Static chains: the grid's links, the closures of one cell's digits and one for
    /// the other places of a region.
    pub(super) links: Links,
    pub(super) reach: ClosureTable,
    pub(super) lite: Vec<StaticClosure>,
    /// Dynamic chains: the closure of the current candidate's "off".
    pub(super) doff: DynamicClosure,
    /// The dynamic "on" closures made without a conflict, per candidate (valid when
    /// `dcache_has` has it), for `implied`, the cell loop and the region bounds. Kept
    /// from one dynamic search to the next of the same thread: those the grid's lost
    /// candidates cannot have changed stay (see [`revalidate_closures`]).
    pub(super) dcache: Vec<DynamicClosure>,
    pub(super) dcache_has: CandSet,
    /// The grid of the last dynamic search (`None`: nothing kept).
    pub(super) dcache_grid: Option<[u16; 81]>,
    /// The candidates of `known` whose "on" closure meets a contradiction (dynamic
    /// chains: their closure; static chains: what their "on" reaches along the links).
    pub(super) conflicted: CandSet,
    /// Static chains: the candidates of `known` whose `implied` holds what their "on"
    /// reaches along the links (`ClosureTable`) although their propagation meets a
    /// contradiction and stops there: a superset of its sets, made exact (by the
    /// propagation) only where a set test finds something in common.
    pub(super) partial: CandSet,
    /// Dynamic chains: `conflicted` at the end of the last dynamic search of the thread,
    /// on a grid this one only lost candidates from (empty otherwise). Only a guess of
    /// which candidates' "on" closures meet a contradiction here (they have so far: a
    /// grid that lost candidates gives a closure more to work with): those are
    /// propagated with parents first, which they need anyway when they do, and the
    /// propagation says whether they do.
    pub(super) was_conflicted: CandSet,
    /// Nishio: per digit, the places (a cell mask) at the last search of the thread
    /// where every place's "on" was tested and none met a contradiction (`NO_PLANE`:
    /// nothing known). Nishio's rules never leave a digit's places, so whether a place's
    /// "on" meets a contradiction depends on them alone: while they stay the same, the
    /// digit gives no hint and its tests are skipped.
    pub(super) nishio_planes_without_contradiction: [u128; 9],
}

/// Never the places of a digit (they use the low 81 bits).
pub(super) const NO_PLANE: u128 = u128::MAX;

pub(super) const KEPT: usize = 64;
pub(super) const NONE: Candidate = Candidate::NONE;

impl Default for PropagationPool {
    fn default() -> Self {
        PropagationPool {
            vals: (0..9).map(|_| Propagation::default()).collect(),
            off: Propagation::default(),
            region: (0..8).map(|_| Propagation::default()).collect(),
            implied: vec![
                Implied {
                    on: CandSet::EMPTY,
                    off: CandSet::EMPTY
                };
                NCAND
            ],
            known: CandSet::EMPTY,
            kept: (0..KEPT).map(|_| Propagation::default()).collect(),
            kept_cand: [NONE; KEPT],
            kept_next: 0,
            links: Links::default(),
            reach: ClosureTable::default(),
            lite: (0..L_PLACES + 8)
                .map(|_| StaticClosure::default())
                .collect(),
            doff: DynamicClosure::default(),
            dcache: (0..NCAND).map(|_| DynamicClosure::default()).collect(),
            dcache_has: CandSet::EMPTY,
            dcache_grid: None,
            conflicted: CandSet::EMPTY,
            partial: CandSet::EMPTY,
            was_conflicted: CandSet::EMPTY,
            nishio_planes_without_contradiction: [NO_PLANE; 9],
        }
    }
}

// (`digits_of` and `region_places` live in `work_grid`, a leaf: the nested searches of
// `levels2to4` read regions the same way.)
pub(crate) use crate::logic::chains::work_grid::{digits_of, region_places};

/// The first of the 8 slots of `PropagationPool::lite` for a region's other places (static).
pub(super) const L_PLACES: usize = 9;

/// The sets of digit `k`'s (candidate `c`'s) "on" propagation: in `pool.vals[k]`
/// where `full`, else its closure in `pool.dcache` (without a conflict).
#[inline]
pub(super) fn on_sets(
    pool: &PropagationPool,
    full: &[bool; 9],
    k: usize,
    c: Candidate,
) -> (CandSet, CandSet) {
    if full[k] {
        (pool.vals[k].on, pool.vals[k].off)
    } else {
        (pool.dcache[c.index()].on, pool.dcache[c.index()].off)
    }
}

/// A lower bound of the ancestor count of `p` in digit `k`'s (candidate `c`'s) "on"
/// propagation (exact when it is in `pool.vals[k]`).
#[inline]
pub(super) fn least_on(
    pool: &mut PropagationPool,
    full: &[bool; 9],
    k: usize,
    c: Candidate,
    p: Potential,
) -> u32 {
    if full[k] {
        pool.vals[k].ancestors(p)
    } else {
        pool.dcache[c.index()].least_ancestors(p)
    }
}

/// The most candidates a grid may have lost since the last dynamic search for its
/// closures to be tested one by one (past that, few stay, and all are dropped).
pub(super) const REVALIDATE_MAX: usize = 48;

/// The candidates `grid` lost since `last` (at most `REVALIDATE_MAX`), or `None` when
/// nothing was kept, `grid` has a candidate `last` had not (another grid), or it lost
/// more than `REVALIDATE_MAX`.
pub(super) fn lost_since(
    last: Option<&[u16; 81]>,
    grid: &[u16; 81],
) -> Option<([Candidate; REVALIDATE_MAX], usize)> {
    let last = last?;
    let mut removed = [Candidate::default(); REVALIDATE_MAX];
    let mut n = 0;
    for cell in 0..81 {
        if grid[cell] & !last[cell] != 0 {
            return None;
        }
        let mut lost = last[cell] & !grid[cell];
        while lost != 0 {
            let d = lost.trailing_zeros() as usize;
            lost &= lost - 1;
            if n == REVALIDATE_MAX {
                return None;
            }
            removed[n] = Candidate::new(cell, d);
            n += 1;
        }
    }
    Some((removed, n))
}

/// Before a dynamic search on `grid`: keeps in `dcache` the closures of the last one
/// that are still the closures on this grid ([`DynamicClosure::still_closed`]), given what it
/// lost since ([`lost_since`]); drops them all where that is unknown.
pub(super) fn revalidate_closures(
    pool: &mut PropagationPool,
    grid: &[u16; 81],
    board: &WorkGrid,
    lost: Option<&([Candidate; REVALIDATE_MAX], usize)>,
) {
    match lost {
        Some((removed, n)) => {
            let mut has = pool.dcache_has;
            each(&pool.dcache_has, |c| {
                if !pool.dcache[c.index()].still_closed(board, &removed[..*n]) {
                    has.unset(c);
                }
            });
            pool.dcache_has = has;
        }
        None => pool.dcache_has.clear(),
    }
    pool.dcache_grid = Some(*grid);
}

/// Kept per thread in a `memo::slots` slot: forgetting drops the closures kept for the
/// next dynamic search and the nishio planes (the buffers stay).
impl slots::Memo for PropagationPool {
    fn forget(&mut self) {
        self.was_conflicted.clear();
        self.nishio_planes_without_contradiction = [NO_PLANE; 9];
        self.dcache_has.clear();
        self.dcache_grid = None;
    }
    fn is_forgotten(&self) -> bool {
        self.was_conflicted.is_empty()
            && self.nishio_planes_without_contradiction == [NO_PLANE; 9]
            && self.dcache_has.is_empty()
            && self.dcache_grid.is_none()
    }
}

/// Makes `implied[c]` known: the sets of `c`'s "on" closure (kept in `dcache`), or,
/// where it meets a contradiction, of its propagation (kept with the propagations).
pub(super) fn implied_of(pool: &mut PropagationPool, board: &WorkGrid, c: Candidate, mode: Mode) {
    if pool.known.has(c) {
        return;
    }
    if pool.dcache_has.has(c) {
        // Kept from an earlier search (still the closure on this grid).
        let lite = &pool.dcache[c.index()];
        pool.implied[c.index()] = Implied {
            on: lite.on,
            off: lite.off,
        };
        pool.known.set(c);
        return;
    }
    if pool.was_conflicted.has(c) {
        // Likely to meet a contradiction again: propagated first (kept if it does).
        let slot = pool.kept_next;
        let run = &mut pool.kept[slot];
        run.propagate(board, Potential::new(c, true), mode);
        if run.absurd.is_some() {
            pool.kept_next = (slot + 1) % KEPT;
            pool.kept_cand[slot] = c;
            pool.conflicted.set(c);
            pool.implied[c.index()] = Implied {
                on: run.on,
                off: run.off,
            };
            pool.known.set(c);
            return;
        }
        // The slot's propagation is gone.
        pool.kept_cand[slot] = NONE;
    }
    let lite = &mut pool.dcache[c.index()];
    lite.close(board, Potential::new(c, true), &pool.conflicted);
    pool.implied[c.index()] = if lite.conflict {
        pool.conflicted.set(c);
        let slot = pool.kept_next;
        pool.kept_next = (slot + 1) % KEPT;
        let run = &mut pool.kept[slot];
        run.propagate(board, Potential::new(c, true), mode);
        pool.kept_cand[slot] = c;
        Implied {
            on: run.on,
            off: run.off,
        }
    } else {
        pool.dcache_has.set(c);
        Implied {
            on: lite.on,
            off: lite.off,
        }
    };
    pool.known.set(c);
}

/// Static chains: makes the propagation of `c` (digit `k` of the current cell, in
/// `partial`) in `pool.vals[k]` and its sets exact in `implied`.
pub(super) fn make_exact_own(
    pool: &mut PropagationPool,
    board: &WorkGrid,
    k: usize,
    c: Candidate,
    mode: Mode,
    full: &mut [bool; 9],
) {
    if !full[k] {
        full_on(pool, board, k, c, mode);
        full[k] = true;
    }
    pool.implied[c.index()] = Implied {
        on: pool.vals[k].on,
        off: pool.vals[k].off,
    };
    pool.partial.unset(c);
}

/// Digit `k`'s "on" propagation (with parents) of candidate `c` into `pool.vals[k]`:
/// taken over from the kept ones when there (the same: one grid, one mode).
pub(super) fn full_on(
    pool: &mut PropagationPool,
    board: &WorkGrid,
    k: usize,
    c: Candidate,
    mode: Mode,
) {
    match pool.kept_cand.iter().position(|&x| x == c) {
        Some(slot) => {
            std::mem::swap(&mut pool.vals[k], &mut pool.kept[slot]);
            pool.kept_cand[slot] = NONE;
        }
        None => pool.vals[k].propagate(board, Potential::new(c, true), mode),
    }
}

/// After a region's reruns: gives back the propagations borrowed from the kept ones
/// (`borrowed[j]`: its slot, `KEPT` if made), and keeps those made, for the other
/// regions of these places and for the cell loop.
pub(super) fn give_back(
    pool: &mut PropagationPool,
    others: &[usize],
    d: usize,
    borrowed: &[usize; 8],
) {
    for (j, &slot) in borrowed.iter().enumerate().take(others.len()) {
        if slot < KEPT {
            std::mem::swap(&mut pool.region[j], &mut pool.kept[slot]);
        }
    }
    for (j, &o) in others.iter().enumerate() {
        if borrowed[j] == KEPT {
            let slot = pool.kept_next;
            pool.kept_next = (slot + 1) % KEPT;
            std::mem::swap(&mut pool.region[j], &mut pool.kept[slot]);
            pool.kept_cand[slot] = Candidate::new(o, d);
        }
    }
}
