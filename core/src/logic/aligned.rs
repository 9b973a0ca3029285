//! Aligned exclusion, as Sukaku Explainer finds it: aligned pair exclusion (6.2) and
//! aligned triple exclusion (7.5).
//!
//! Two (or three) cells, each with at least two candidates and no peer holding a single
//! candidate: a combination of their digits is impossible when two of the cells see each
//! other and would hold the same digit, or when a bivalue (for triples: any) cell seeing
//! all of them would be left without a candidate. A digit of one of the cells that takes
//! part in no possible combination is eliminated.
//!
//! A combination is impossible through an excluder exactly when the excluder's
//! candidates are a subset of the combination's digits, so the excluders are kept as
//! digit masks (the partners of each digit in bivalue excluders, the trivalue excluders'
//! masks): for each digit of the first cell (pairs) or pair of digits of the first two
//! (triples), the digits the last cell may take are one mask, with no scan of the
//! excluders per combination; pairs of digits that can add nothing new are skipped.
//!
//! Aligned triple exclusion almost never fires, and from one call to the next (the next
//! position, usually) few cells change: a triple found barren is not evaluated again
//! while neither its cells nor the cells seeing all three change (see [`TripleMemo`]).

use super::board::*;
use super::marks::{Candidate, Marks};
use super::step::{Step, Technique};
use crate::grid::Size;

/// Cells that may take part: at least two candidates, no peer with a single one, and
/// some peer with few candidates (two for pairs, up to `max_excluder` for triples).
fn base_cells(m: &Marks, max_excluder: u32) -> Vec<(usize, CellSet)> {
    let size = m.size;
    // Cells of one candidate, and cells that may exclude.
    let (mut singles, mut few) = (0u128, 0u128);
    for c in 0..size.cells() {
        let k = count9(m.cands[c] as u32);
        if k == 1 {
            singles |= 1u128 << c;
        } else if k >= 2 && k <= max_excluder {
            few |= 1u128 << c;
        }
    }
    let mut out = Vec::new();
    for c in 0..size.cells() {
        if count9(m.cands[c] as u32) < 2 {
            continue;
        }
        let p = peers(size, c);
        if p & singles == 0 && p & few != 0 {
            out.push((c, p & few));
        }
    }
    out
}

/// The candidates of the common excluders, arranged so that whether a combination of
/// digits empties one of them is a few mask tests: a combination is killed exactly when
/// some excluder's candidates are a subset of its digits (excluders have at least two).
struct ExcluderDigits {
    /// `partners[d]`: the digits `e` such that some excluder holds exactly {d, e}.
    partners: [u16; 9],
    /// The excluders of three candidates (their masks; at most 20 cells see a cell).
    triples: [u16; 20],
    n_triples: usize,
}

impl ExcluderDigits {
    /// The excluders among `common` whose candidates are all within `digits` (the
    /// others can empty no combination of those digits), and whether there is one.
    fn new(m: &Marks, common: CellSet, digits: u16) -> (ExcluderDigits, bool) {
        let mut x = ExcluderDigits { partners: [0; 9], triples: [0; 20], n_triples: 0 };
        let mut any = false;
        for e in cells_of(common) {
            let v = m.cands[e];
            if v & !digits != 0 {
                continue;
            }
            any = true;
            match count9(v as u32) {
                2 => {
                    let a = v.trailing_zeros() as usize;
                    let b = (v & (v - 1)).trailing_zeros() as usize;
                    x.partners[a] |= 1 << b;
                    x.partners[b] |= 1 << a;
                }
                3 => {
                    if x.n_triples < x.triples.len() {
                        x.triples[x.n_triples] = v;
                        x.n_triples += 1;
                    }
                }
                _ => {}
            }
        }
        (x, any)
    }
}

fn sees(size: Size, a: usize, b: usize) -> bool {
    peers(size, a) >> b & 1 != 0
}

/// The first aligned pair exclusion (cell pairs in order) that eliminates something.
pub fn aligned_pair_exclusion(m: &Marks) -> Option<Step> {
    let size = m.size;
    let cells = base_cells(m, 2);
    for i in 0..cells.len() {
        for j in i + 1..cells.len() {
            let (c0, x0) = cells[i];
            let (c1, x1) = cells[j];
            let common = x0 & x1;
            // Fewer than two common excluders (tested without a population count).
            if common & common.wrapping_sub(1) == 0 {
                continue;
            }
            let linked = sees(size, c0, c1);
            let (v0, v1) = (m.cands[c0], m.cands[c1]);
            // A combination {d0, d1} is killed by a common bivalue excluder holding exactly
            // those two digits: for each d0, the digits of the second cell it allows.
            let (pairs, any) = ExcluderDigits::new(m, common, v0 | v1);
            if !any {
                continue;
            }
            let mut allowed0 = 0u16;
            let mut allowed1 = 0u16;
            for d0 in bits(v0 as u32) {
                let same = if linked { 1u16 << d0 } else { 0 };
                let ok1 = v1 & !pairs.partners[d0] & !same;
                if ok1 != 0 {
                    allowed0 |= 1 << d0;
                    allowed1 |= ok1;
                }
            }
            let (r0, r1) = (v0 & !allowed0, v1 & !allowed1);
            if r0 == 0 && r1 == 0 {
                continue;
            }
            let mut elims = Vec::new();
            for b in bits(r0 as u32) {
                elims.push(Candidate { cell: c0 as u8, digit: b as u8 + 1 });
            }
            for b in bits(r1 as u32) {
                elims.push(Candidate { cell: c1 as u8, digit: b as u8 + 1 });
            }
            let text = format!(
                "Aligned pair exclusion: no combination of digits of {} and {} leaves all of {} a candidate unless ({}).",
                cell_name(size, c0),
                cell_name(size, c1),
                cell_list(size, cells_of(common)),
                elimination_text(size, &elims)
            );
            return Some(make_step(
                Technique::AlignedPairExclusion,
                62,
                Vec::new(),
                elims,
                (1u128 << c0) | (1u128 << c1) | common,
                Vec::new(),
                v0 | v1,
                text.replace(" unless (", " so these go ("),
            ));
        }
    }
    None
}

/// Aligned triple exclusion (7.5): three cells, any cell seeing all three whose
/// candidates a combination would empty. The first that eliminates something.
///
/// The triples are visited in the order of their cells (first, second, third), but the
/// third cells of a pair are only those that see at least two cells seeing both the first
/// two (exactly the third cells leaving at least two common excluders), found as a mask.
pub fn aligned_triple_exclusion(m: &Marks) -> Option<Step> {
    let size = m.size;
    if size != Size::Nine {
        return None;
    }
    let cells = base_cells(m, 3);
    let n = cells.len();
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        let memo = memo.get_or_insert_with(Box::default);
        memo.observe(m);
        triples_in(m, &cells, n, memo)
    })
}

/// Which triples were found barren (no elimination), and when: a triple's result depends
/// only on the candidates of its three cells and of the cells that see all three (its
/// common excluders are among them), so a triple found barren stays barren while none of
/// those cells changes, and is not evaluated again. Kept per thread between calls;
/// memory: a stamp per triple of cells (85,320 of them, 341 KB) and per cell.
struct TripleMemo {
    /// The number of calls so far (stamps are call numbers, 0: never).
    now: u32,
    /// The candidates at the last call.
    last: [u16; 81],
    /// The call at which each cell's candidates last changed.
    changed: [u32; 81],
    /// The call at which each triple (see `triple_index`) was last found barren.
    barren: Vec<u32>,
}

impl Default for TripleMemo {
    fn default() -> Self {
        TripleMemo { now: 0, last: [0; 81], changed: [0; 81], barren: vec![0; 85_320] }
    }
}

impl TripleMemo {
    /// Starts a call on `m`: stamps the cells whose candidates changed since the last.
    fn observe(&mut self, m: &Marks) {
        if self.now == u32::MAX {
            // (Never in practice: start afresh rather than let stamps wrap.)
            *self = TripleMemo::default();
        }
        self.now += 1;
        for c in 0..81 {
            if m.cands[c] != self.last[c] || self.now == 1 {
                self.last[c] = m.cands[c];
                self.changed[c] = self.now;
            }
        }
    }

    /// True when triple `t` of cells `region` (its cells and those seeing all three) was
    /// found barren with the candidates `region` has now.
    fn is_barren(&self, t: usize, region: CellSet) -> bool {
        let since = self.barren[t];
        since != 0 && cells_of(region).all(|c| self.changed[c] <= since)
    }
}

/// The index of the triple of cells a < b < c among all such triples.
fn triple_index(a: usize, b: usize, c: usize) -> usize {
    c * (c - 1) * (c - 2) / 6 + b * (b - 1) / 2 + a
}

thread_local! {
    static MEMO: std::cell::RefCell<Option<Box<TripleMemo>>> = const { std::cell::RefCell::new(None) };
}

fn triples_in(m: &Marks, cells: &[(usize, CellSet)], n: usize, memo: &mut TripleMemo) -> Option<Step> {
    let size = m.size;
    // The base cells as a set, and each one's excluders by cell.
    let mut base = 0u128;
    let mut excluders = [0u128; crate::grid::CELLS];
    for &(c, x) in cells {
        base |= 1u128 << c;
        excluders[c] = x;
    }
    // A triple qualifies when one of its cells, of at most three candidates, sees another
    // (Sukaku Explainer picks the third cell among the first two's excluders), and at
    // least two cells of at most three candidates see all three.
    let small = |c: usize| count9(m.cands[c] as u32) <= 3;
    for i in 0..n {
        for j in i + 1..n {
            let x01 = cells[i].1 & cells[j].1;
            // Fewer than two common excluders (tested without a population count).
            if x01 & x01.wrapping_sub(1) == 0 {
                continue;
            }
            let (a, b) = (cells[i].0, cells[j].0);
            // The common excluders of a, b and c are the cells of x01 that c sees (x01
            // holds only cells of two or three candidates): at least two exactly when c
            // sees two cells of x01.
            let (mut once, mut twice) = (0u128, 0u128);
            for e in cells_of(x01) {
                let p = peers(size, e);
                twice |= once & p;
                once |= p;
            }
            let after_b = !((2u128 << b) - 1);
            for c in cells_of(twice & base & after_b) {
                let common = x01 & excluders[c];
                let (ab, ac, bc) = (sees(size, a, b), sees(size, a, c), sees(size, b, c));
                let twin = (small(a) && (ab || ac)) || (small(b) && (ab || bc)) || (small(c) && (ac || bc));
                if !twin {
                    continue;
                }
                let region = (1u128 << a) | (1u128 << b) | (1u128 << c) | (peers(size, a) & peers(size, b) & peers(size, c));
                let t = triple_index(a, b, c);
                if memo.is_barren(t, region) {
                    continue;
                }
                if let Some(step) = triple(m, [a, b, c], common) {
                    memo.barren[t] = 0;
                    return Some(step);
                }
                memo.barren[t] = memo.now;
            }
        }
    }
    None
}

fn triple(m: &Marks, cs: [usize; 3], common: CellSet) -> Option<Step> {
    let size = m.size;
    let links = [sees(size, cs[0], cs[1]), sees(size, cs[0], cs[2]), sees(size, cs[1], cs[2])];
    let v = cs.map(|c| m.cands[c]);
    let (excl, any) = ExcluderDigits::new(m, common, v[0] | v[1] | v[2]);
    if !any {
        return None;
    }
    let mut allowed = [0u16; 3];
    for d0 in bits(v[0] as u32) {
        for d1 in bits(v[1] as u32) {
            if d0 == d1 && links[0] {
                continue;
            }
            // Nothing left to learn from this pair of digits: both already allowed and
            // every third digit too (the usual case once most combinations were seen).
            if allowed[0] >> d0 & allowed[1] >> d1 & 1 != 0 && allowed[2] == v[2] {
                continue;
            }
            // {d0, d1} is itself an excluder's candidates: every third digit is killed.
            if excl.partners[d0] >> d1 & 1 != 0 {
                continue;
            }
            let mut killed2 = excl.partners[d0] | excl.partners[d1];
            if d0 != d1 {
                let both = (1u16 << d0) | (1u16 << d1);
                for &t in &excl.triples[..excl.n_triples] {
                    if t & both == both {
                        killed2 |= t & !both;
                    }
                }
            }
            if links[1] {
                killed2 |= 1 << d0;
            }
            if links[2] {
                killed2 |= 1 << d1;
            }
            let ok2 = v[2] & !killed2;
            if ok2 != 0 {
                allowed[0] |= 1 << d0;
                allowed[1] |= 1 << d1;
                allowed[2] |= ok2;
            }
        }
    }
    let mut elims = Vec::new();
    for t in 0..3 {
        for b in bits((v[t] & !allowed[t]) as u32) {
            elims.push(Candidate { cell: cs[t] as u8, digit: b as u8 + 1 });
        }
    }
    if elims.is_empty() {
        return None;
    }
    let text = format!(
        "Aligned triple exclusion: no combination of digits of {} leaves all of {} a candidate, so these go ({}).",
        cell_list(size, cs.iter().copied()),
        cell_list(size, cells_of(common)),
        elimination_text(size, &elims)
    );
    Some(make_step(
        Technique::AlignedTripleExclusion,
        75,
        Vec::new(),
        elims,
        (1u128 << cs[0]) | (1u128 << cs[1]) | (1u128 << cs[2]) | common,
        Vec::new(),
        v[0] | v[1] | v[2],
        text,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board::testing::*;

    #[test]
    fn aligned_pair_exclusion_removes_a_digit() {
        // r1c1 {1,2,3} and r1c2 {1,2}; bivalue r2c1..r2c2? Excluders seeing both: r1c3
        // {1,3} and r2c3 {2,3}: r1c1=3 leaves r1c2 1 or 2, emptying one of them.
        let mut cands = vec!["+9"; 81];
        cands[0] = "123";
        cands[1] = "12";
        cands[2] = "13";
        cands[11] = "23";
        let m = marks_from_candidates(&cands.join(" "));
        let s = aligned_pair_exclusion(&m).unwrap();
        assert_eq!(s.rating, 62);
        assert!(s.eliminations.contains(&Candidate { cell: 0, digit: 3 }));
    }

    #[test]
    fn aligned_triple_exclusion_needs_a_triple() {
        let mut cands = vec!["+9"; 81];
        cands[0] = "123";
        cands[1] = "12";
        cands[2] = "13";
        cands[11] = "23";
        let m = marks_from_candidates(&cands.join(" "));
        // r1c1, r1c2, r1c3 and r2c3 all see each other: a triple among them with two
        // common excluders exists, and its eliminations are those of the pair.
        if let Some(s) = aligned_triple_exclusion(&m) {
            assert_eq!(s.rating, 75);
            assert!(!s.eliminations.is_empty());
        }
    }

    #[test]
    fn no_exclusion_without_two_common_excluders() {
        let mut cands = vec!["+9"; 81];
        cands[0] = "123";
        cands[1] = "12";
        cands[2] = "13";
        let m = marks_from_candidates(&cands.join(" "));
        assert_eq!(aligned_pair_exclusion(&m), None);
    }
}
