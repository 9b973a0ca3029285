//! The links of one pass of the cycles and forcing chains under rules ([`PassLinks`]):
//! what each potential of a grid turns off or on, listed once per pass in the order
//! [`RuledLinks::on_to_off`] and [`RuledLinks::off_to_on`] give them (the grid does not
//! change during the pass, so every search of the pass would list the same), and the
//! strongly connected components of the graph they make (Tarjan's algorithm).
//!
//! Tarjan's numbering gives a component after every component it reaches (a link
//! between two components goes to a lower number), so what each component reaches is
//! its potentials and what the components it links to reach, made in that order, one
//! row of bits per component ([`PassLinks::reaches`]).
//!
//! The searches read them (`unary`, `multiple`): a cycle through a start "on" is a
//! closed walk, so a start alone in its component closes none, and its search needs
//! only the potentials of that component (no other leads back); a forcing chain is a
//! walk from its start to the start's opposite, so where no walk joins them it finds
//! none, and its search needs only the potentials that reach the opposite. A static
//! run (the grid never changes) that meets no contradiction makes exactly what its
//! start reaches.

use super::links::{RuledGrid, RuledLinks};
use crate::logic::primitives::*;

/// No component: the potential is not of the grid.
const NONE: u32 = u32::MAX;

/// Every digit, as a mask of [`PassLinks::build_digits`].
const ALL_DIGITS: u16 = 0x1ff;

/// The words of a row of potentials (1458 bits).
pub(crate) const ROW: usize = NPOT.div_ceil(64);

/// A set of potentials, one bit each (bit `Potential::index`).
pub(crate) type PotRow = [u64; ROW];

/// The links of one pass on one grid and their components.
pub(crate) struct PassLinks {
    /// Per potential (by index), where its links sit in `to` (start, end).
    span: Vec<(u32, u32)>,
    /// The candidates each potential's links reach: an "on" turns them off, an "off"
    /// turns them on.
    to: Vec<Candidate>,
    /// The component of each potential of the grid; [`NONE`] for the others.
    component: Vec<u32>,
    /// The potentials of each component.
    size: Vec<u32>,
    /// The potentials component by component (Tarjan's order), and where each
    /// component's start.
    members: Vec<Potential>,
    first: Vec<u32>,
    /// What each component reaches: a row of bits per component.
    reach: Vec<PotRow>,
    /// Per component, the last component whose row took its row.
    taken_by: Vec<u32>,
    /// Tarjan's working storage.
    index: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<Potential>,
    calls: Vec<(Potential, u32)>,
}

impl Default for PassLinks {
    fn default() -> Self {
        PassLinks {
            span: vec![(0, 0); NPOT],
            to: Vec::with_capacity(NPOT * 8),
            component: vec![NONE; NPOT],
            size: Vec::new(),
            members: Vec::new(),
            first: Vec::new(),
            reach: Vec::new(),
            taken_by: Vec::new(),
            index: vec![NONE; NPOT],
            low: vec![0; NPOT],
            stack: Vec::new(),
            calls: Vec::new(),
        }
    }
}

/// The candidates of `grid` of the digits of `digits` (bit `d` for digit `d`, 0-based),
/// cell by cell, digits ascending.
fn candidates(grid: &RuledGrid, digits: u16) -> impl Iterator<Item = Candidate> + '_ {
    (0..81).flat_map(move |cell| {
        let mut m = grid.cands[cell] & digits;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let c = Candidate::new(cell, m.trailing_zeros() as usize);
                m &= m - 1;
                c
            })
        })
    })
}

/// Adds potential `p` to `row`.
fn set(row: &mut PotRow, p: Potential) {
    row[p.index() / 64] |= 1 << (p.index() % 64);
}

impl PassLinks {
    /// Lists the links of `grid`'s potentials with the cell rule (Y links) where
    /// `cell_rule` and the region rule (X links) where `region_rule`, and finds their
    /// components.
    pub(crate) fn build(
        &mut self,
        grid: &RuledGrid,
        links: &RuledLinks,
        cell_rule: bool,
        region_rule: bool,
    ) {
        self.build_digits(grid, links, (cell_rule, region_rule), ALL_DIGITS);
    }

    /// [`PassLinks::build`] for the potentials of the digits of `digits` (bit `d` for
    /// digit `d`, 0-based) alone: the X pass's (the region rule alone), whose links join
    /// candidates of one digit, so the graph of some digits is theirs whole, with the
    /// same links, components and reach (the others' potentials are not of it).
    pub(crate) fn build_digits(
        &mut self,
        grid: &RuledGrid,
        links: &RuledLinks,
        (cell_rule, region_rule): (bool, bool),
        digits: u16,
    ) {
        debug_assert!(digits == ALL_DIGITS || (region_rule && !cell_rule));
        self.to.clear();
        self.span.fill((0, 0));
        let (mut offs, mut ons) = (Vec::new(), [(Candidate::default(), 0u8); 11]);
        for c in candidates(grid, digits) {
            let start = self.to.len() as u32;
            links.on_to_off(grid, c, cell_rule, &mut offs);
            self.to.extend_from_slice(&offs);
            self.span[Potential::new(c, true).index()] = (start, self.to.len() as u32);
            let start = self.to.len() as u32;
            let k = links.off_to_on(grid, c, cell_rule, region_rule, &mut ons);
            self.to.extend(ons[..k].iter().map(|&(q, _)| q));
            self.span[Potential::new(c, false).index()] = (start, self.to.len() as u32);
        }
        self.components(grid, digits);
        self.close();
    }

    /// [`PassLinks::build_digits`] for the X pass (`x`) or the Y pass, read from the XY
    /// pass's links of the same grid (`both`) rather than listed afresh: the same links
    /// in the same order, components and reach (a test compares the two ways).
    ///
    /// Why. "c on" with the cell rule turns off the cell's other digits first, then the
    /// digit's places in the cell's groups ([`RuledLinks::on_to_off`]): the Y pass's list
    /// is the XY pass's whole, the X pass's (without the cell rule) its entries of c's
    /// digit, in order. "c off" with both rules turns on the cell's other digit where the
    /// cell is bivalue, then the digit's last places in its groups (other cells), each
    /// listed once; that first entry, of c's cell, never equals a later one, so the
    /// region rule's entries are those of c's digit and the cell rule's the one of c's
    /// cell ([`RuledLinks::off_to_on`]).
    pub(crate) fn build_within(
        &mut self,
        both: &PassLinks,
        grid: &RuledGrid,
        x: bool,
        digits: u16,
    ) {
        debug_assert!(digits == ALL_DIGITS || x);
        self.to.clear();
        self.span.fill((0, 0));
        for c in candidates(grid, digits) {
            for on in [true, false] {
                let p = Potential::new(c, on);
                let start = self.to.len() as u32;
                let kept = |q: &&Candidate| match (x, on) {
                    (true, _) => q.digit() == c.digit(),
                    (false, true) => true,
                    (false, false) => q.cell() == c.cell(),
                };
                self.to.extend(both.of(p).iter().filter(kept));
                self.span[p.index()] = (start, self.to.len() as u32);
            }
        }
        self.components(grid, digits);
        self.close();
    }

    /// The candidates potential `p`'s links reach, in the rules' order: turned off
    /// where `p` is "on", turned on where it is "off".
    pub(crate) fn of(&self, p: Potential) -> &[Candidate] {
        let (start, end) = self.span[p.index()];
        &self.to[start as usize..end as usize]
    }

    /// The `i`-th potential `p` links to (its opposite state on the `i`-th candidate).
    fn link(&self, p: Potential, i: u32) -> Option<Potential> {
        let (start, end) = self.span[p.index()];
        (start + i < end).then(|| Potential::new(self.to[(start + i) as usize], !p.is_on()))
    }

    /// True when potential `p` lies on a closed walk (its component holds another).
    pub(crate) fn on_cycle(&self, p: Potential) -> bool {
        let k = self.component[p.index()];
        k != NONE && self.size[k as usize] > 1
    }

    /// True when a walk of the links leads from `from` to `to` (two potentials of the
    /// grid; a potential reaches itself).
    pub(crate) fn reaches(&self, from: Potential, to: Potential) -> bool {
        let row = &self.reach[self.component[from.index()] as usize];
        row[to.index() / 64] >> (to.index() % 64) & 1 == 1
    }

    /// What potential `p` (of the grid) reaches, itself included.
    pub(crate) fn reach_of(&self, p: Potential) -> &PotRow {
        &self.reach[self.component[p.index()] as usize]
    }

    /// The rows of what each component reaches, the components in Tarjan's order (those
    /// a component links to come before it). A component of one potential without links
    /// (an "off" that turns nothing on: most of them) reaches itself alone, and a row
    /// taking it sets its bit rather than reading its row.
    fn close(&mut self) {
        let n = self.size.len();
        self.reach.clear();
        self.reach.resize(n, [0; ROW]);
        self.taken_by.clear();
        self.taken_by.resize(n, NONE);
        for k in 0..n {
            let (done, rest) = self.reach.split_at_mut(k);
            let row = &mut rest[0];
            let start = self.first[k] as usize;
            for &v in &self.members[start..start + self.size[k] as usize] {
                set(row, v);
                let (from, to) = self.span[v.index()];
                for &q in &self.to[from as usize..to as usize] {
                    let w = Potential::new(q, !v.is_on());
                    let j = self.component[w.index()] as usize;
                    if j == k || self.taken_by[j] == k as u32 {
                        continue;
                    }
                    self.taken_by[j] = k as u32;
                    let (wf, wt) = self.span[w.index()];
                    if wf == wt {
                        set(row, w);
                    } else {
                        for (x, &o) in row.iter_mut().zip(&done[j]) {
                            *x |= o;
                        }
                    }
                }
            }
        }
    }

    /// Tarjan's strongly connected components of the grid's potentials, without
    /// recursion (`calls` holds each open potential with its next link).
    fn components(&mut self, grid: &RuledGrid, digits: u16) {
        self.component.fill(NONE);
        self.index.fill(NONE);
        self.size.clear();
        self.members.clear();
        self.first.clear();
        self.stack.clear();
        let mut next = 0u32;
        for c in candidates(grid, digits) {
            for on in [true, false] {
                let p = Potential::new(c, on);
                if self.index[p.index()] == NONE {
                    self.open(p, &mut next);
                    self.close_from(&mut next);
                }
            }
        }
    }

    /// Numbers `p` and opens it.
    fn open(&mut self, p: Potential, next: &mut u32) {
        self.index[p.index()] = *next;
        self.low[p.index()] = *next;
        *next += 1;
        self.stack.push(p);
        self.calls.push((p, 0));
    }

    /// Runs the open potentials' walks until none is open.
    fn close_from(&mut self, next: &mut u32) {
        while let Some(&(v, i)) = self.calls.last() {
            if let Some(w) = self.link(v, i) {
                self.calls.last_mut().expect("an open potential").1 += 1;
                if self.index[w.index()] == NONE {
                    self.open(w, next);
                } else if self.component[w.index()] == NONE {
                    // Still on the stack (not yet in a component).
                    let low = self.low[v.index()].min(self.index[w.index()]);
                    self.low[v.index()] = low;
                }
                continue;
            }
            self.calls.pop();
            if let Some(&(u, _)) = self.calls.last() {
                let low = self.low[u.index()].min(self.low[v.index()]);
                self.low[u.index()] = low;
            }
            if self.low[v.index()] == self.index[v.index()] {
                let k = self.size.len() as u32;
                self.first.push(self.members.len() as u32);
                let mut n = 0;
                while let Some(w) = self.stack.pop() {
                    self.component[w.index()] = k;
                    self.members.push(w);
                    n += 1;
                    if w == v {
                        break;
                    }
                }
                self.size.push(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::chains::ruled::RuledChains;
    use crate::logic::variant_ladder::walk_generated_paths;

    /// What `from` reaches along `pass`'s links, the plain way (breadth first).
    fn reached(pass: &PassLinks, from: Potential) -> Vec<bool> {
        let mut seen = vec![false; NPOT];
        let mut todo = vec![from];
        while let Some(p) = todo.pop() {
            for &q in pass.of(p) {
                let q = Potential::new(q, !p.is_on());
                if !seen[q.index()] {
                    seen[q.index()] = true;
                    todo.push(q);
                }
            }
        }
        seen
    }

    #[test]
    fn components_tell_walks_and_cycles_as_a_plain_walk_does() {
        let mut pass = PassLinks::default();
        let (mut cycles, mut walks, mut none) = (0, 0, 0);
        let rules = ["x", "windoku", "anti-king"];
        walk_generated_paths(&rules, (57, 2, 0), |text, m, t, _| {
            let road = RuledChains::new(m, t);
            for (y, x) in [(false, true), (true, false), (true, true)] {
                pass.build(&road.grid, &road.links, y, x);
                for cell in 0..81 {
                    let mut ds = road.grid.cands[cell];
                    while ds != 0 {
                        let c = Candidate::new(cell, ds.trailing_zeros() as usize);
                        ds &= ds - 1;
                        for on in [true, false] {
                            let p = Potential::new(c, on);
                            let seen = reached(&pass, p);
                            assert_eq!(pass.on_cycle(p), seen[p.index()], "{text}");
                            let walk = seen[p.negated().index()];
                            assert_eq!(pass.reaches(p, p.negated()), walk, "{text}");
                            cycles += usize::from(seen[p.index()]);
                            walks += usize::from(walk);
                            none += usize::from(!walk);
                        }
                    }
                }
            }
        });
        assert!(
            cycles > 0 && walks > 0 && none > 0,
            "{cycles} {walks} {none}"
        );
    }

    /// The X and Y passes read from the XY pass's links are the passes listed afresh:
    /// the same links in order, cycles and walks between every two potentials.
    #[test]
    fn the_x_and_y_passes_read_from_the_xy_pass_are_those_listed_afresh() {
        let mut both = PassLinks::default();
        let (mut fresh, mut within) = (PassLinks::default(), PassLinks::default());
        let (mut compared, mut differ_from_both) = (0, 0);
        let jigsaw = format!("jigsaw={}", crate::picture::variant_samples::JIGSAW_MAP);
        let rules = ["x", "windoku", "anti-king", &jigsaw];
        walk_generated_paths(&rules, (61, 2, 0), |text, m, t, _| {
            let road = RuledChains::new(m, t);
            both.build(&road.grid, &road.links, true, true);
            for (x, digits) in [
                (true, ALL_DIGITS),
                (true, 0b1_0010_0101),
                (false, ALL_DIGITS),
            ] {
                fresh.build_digits(&road.grid, &road.links, (!x, x), digits);
                within.build_within(&both, &road.grid, x, digits);
                for c in candidates(&road.grid, digits) {
                    for p in [Potential::new(c, true), Potential::new(c, false)] {
                        assert_eq!(within.of(p), fresh.of(p), "{text}");
                        assert_eq!(within.on_cycle(p), fresh.on_cycle(p), "{text}");
                        assert_eq!(within.reach_of(p), fresh.reach_of(p), "{text}");
                        differ_from_both += usize::from(within.of(p) != both.of(p));
                        compared += 1;
                    }
                }
            }
        });
        assert!(
            compared > 1000 && differ_from_both > 100,
            "{compared} {differ_from_both}"
        );
    }

    #[test]
    fn the_x_pass_of_some_digits_is_that_part_of_the_whole_x_pass() {
        let (mut whole, mut part) = (PassLinks::default(), PassLinks::default());
        let mut compared = 0;
        let rules = ["x", "windoku", "anti-king"];
        walk_generated_paths(&rules, (58, 2, 0), |text, m, t, _| {
            let road = RuledChains::new(m, t);
            whole.build(&road.grid, &road.links, false, true);
            for digits in [0b1_0000_0001u16, 0b0_0110_1010] {
                part.build_digits(&road.grid, &road.links, (false, true), digits);
                let cands: Vec<Candidate> = candidates(&road.grid, digits).collect();
                for &c in &cands {
                    for p in [Potential::new(c, true), Potential::new(c, false)] {
                        assert_eq!(part.of(p), whole.of(p), "{text}");
                        assert_eq!(part.on_cycle(p), whole.on_cycle(p), "{text}");
                        for &q in &cands {
                            for q in [Potential::new(q, true), Potential::new(q, false)] {
                                assert_eq!(part.reaches(p, q), whole.reaches(p, q), "{text}");
                            }
                        }
                        compared += 1;
                    }
                }
            }
        });
        assert!(compared > 1000, "{compared} potentials compared");
    }
}
