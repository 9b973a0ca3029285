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
//! Each search also remembers (per thread, `memo::snapshots`; under a variant's rules with
//! the rules' tables) the last 9×9 position where it found nothing, and at a position whose every cell's candidates are among that
//! position's, it looks only at the pairs (triples) whose cells or common excluders
//! changed. That is exact when neither position has a cell of a single candidate (the
//! ladder places naked singles first, so it never meets one here). Take a pair (a
//! triple) whose cells kept their candidates and whose excluders here all kept theirs.
//! Its excluders there were those and maybe more: a cell seeing all of its cells is an
//! excluder by its own candidates, and one that changed and is not an excluder here had
//! at least as many candidates there (too many to exclude) or has none left now. So it
//! was looked at there, with the same cells and at least these excluders. More
//! excluders only kill more combinations, and a digit goes when no combination keeps
//! it: it eliminated nothing there, so it eliminates nothing here. The same holds for a
//! triple whose cells kept their candidates, whose common excluders that changed each
//! hold a digit none of its cells has (such an excluder kills no combination of theirs,
//! here or there, where it held more), and which has two common excluders that did not
//! change (so it qualified there too). The pairs (triples) are visited in the same
//! order, so the first that eliminates something is the same as a full search's.

use crate::grid::Size;
use crate::logic::geometry::*;
use crate::logic::marks::{Candidate, Marks};
use crate::logic::rules::VariantTables;
use crate::logic::step::{make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

/// Cells that may take part: at least two candidates, no peer with a single one, and
/// some peer with few candidates (two for pairs, up to `max_excluder` for triples); and
/// the cells of a single candidate, and those that may exclude.
fn base_cells(
    m: &Marks,
    peers: &[CellSet],
    max_excluder: u32,
) -> (Vec<(usize, CellSet)>, CellSet, CellSet) {
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
    for (c, &p) in peers.iter().enumerate().take(size.cells()) {
        if count9(m.cands[c] as u32) < 2 {
            continue;
        }
        if p & singles == 0 && p & few != 0 {
            out.push((c, p & few));
        }
    }
    (out, singles, few)
}

/// The base cells as a set, and each one's excluders by cell.
fn by_cell(cells: &[(usize, CellSet)]) -> (CellSet, [CellSet; crate::grid::CELLS]) {
    let mut base = 0u128;
    let mut excluders = [0u128; crate::grid::CELLS];
    for &(c, x) in cells {
        base |= 1u128 << c;
        excluders[c] = x;
    }
    (base, excluders)
}

/// The candidates of the common excluders, arranged so that whether a combination of
/// digits empties one of them is a few mask tests: a combination is killed exactly when
/// some excluder's candidates are a subset of its digits (excluders have at least two).
struct ExcluderDigits {
    /// `partners[d]`: the digits `e` such that some excluder holds exactly {d, e}.
    partners: [u16; 9],
    /// The excluders of three candidates (their masks; classic rules let at most 20
    /// cells see a cell, a variant's rules up to 80).
    triples: [u16; 80],
    n_triples: usize,
}

impl ExcluderDigits {
    /// The excluders among `common` whose candidates are all within `digits` (the
    /// others can empty no combination of those digits), and whether there is one.
    fn new(m: &Marks, common: CellSet, digits: u16) -> (ExcluderDigits, bool) {
        let mut x = ExcluderDigits {
            partners: [0; 9],
            triples: [0; 80],
            n_triples: 0,
        };
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
                3 if x.n_triples < x.triples.len() => {
                    x.triples[x.n_triples] = v;
                    x.n_triples += 1;
                }
                _ => {}
            }
        }
        (x, any)
    }
}

/// The classic peers of every cell of a grid of `size`, indexed by cell.
fn classic_peers(size: Size) -> &'static [CellSet] {
    match size {
        Size::Nine => &PEER_MASKS_NINE,
        Size::Four => &PEER_MASKS_FOUR,
    }
}

/// The first aligned pair exclusion (cell pairs in order) that eliminates something.
pub fn aligned_pair_exclusion(m: &Marks) -> Option<Step> {
    exclusion(m, SnapshotHome::Thread, 2, pair_search)
}

/// [`aligned_pair_exclusion`] under a variant's rules, as Sukaku Explainer finds it with
/// them: peers are the rules' (knight's moves and king's steps included); the cell pairs
/// come in the same order ([`pair_search`]), the snapshot kept with the rules' tables
/// ([`exclusion`]).
pub fn aligned_pair_exclusion_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    exclusion(m, SnapshotHome::Rules(t), 2, pair_search)
}

/// A search over the base cells and their excluders (see [`pair_search`]).
type ExclusionSearch =
    fn(&Marks, &[CellSet], &[(usize, CellSet)], (CellSet, CellSet)) -> Option<Step>;

/// Where an aligned exclusion keeps its snapshot of the last position where it found
/// nothing (see the module notes): per thread over the classic peers
/// (`memo::snapshots`), with the rules' tables under a variant's rules
/// ([`AlignedSnapshots`]; the argument reads nothing but the peers, which the rules fix).
#[derive(Clone, Copy)]
enum SnapshotHome<'a> {
    Thread,
    Rules(&'a VariantTables),
}

impl SnapshotHome<'_> {
    /// The snapshot slot of the exclusion of `k` cells (2 or 3) per thread.
    fn thread_slot(k: u32) -> usize {
        use crate::logic::memo::snapshots::slot;
        if k == 2 {
            slot::ALIGNED_PAIR
        } else {
            slot::ALIGNED_TRIPLE
        }
    }

    /// The cells whose candidates changed since the snapshot of the exclusion of `k`
    /// cells, where there is one that `m` lies within (9×9 only).
    fn changed(self, m: &Marks, k: u32) -> Option<CellSet> {
        match self {
            SnapshotHome::Thread => crate::logic::memo::snapshots::changed(Self::thread_slot(k), m),
            SnapshotHome::Rules(t) => t
                .memos()
                .with(|s: &mut AlignedSnapshots| s.0[usize::from(k == 3)].changed(m)),
        }
    }

    /// Records that the exclusion of `k` cells found nothing at `m`.
    fn record(self, m: &Marks, k: u32) {
        match self {
            SnapshotHome::Thread => crate::logic::memo::snapshots::record(Self::thread_slot(k), m),
            SnapshotHome::Rules(t) => t
                .memos()
                .with(|s: &mut AlignedSnapshots| s.0[usize::from(k == 3)].record(m)),
        }
    }
}

/// The aligned exclusion of `k` cells (2 or 3) by `search`, over the peers of `home`'s
/// rules (the classic ones per thread), looking only where its snapshot allows; a
/// position with a cell of a single candidate is searched in full and not recorded (the
/// module notes' rule holds without one).
fn exclusion(m: &Marks, home: SnapshotHome, k: u32, search: ExclusionSearch) -> Option<Step> {
    let peers = match home {
        SnapshotHome::Thread => classic_peers(m.size),
        SnapshotHome::Rules(t) => t.peer_masks(),
    };
    let (cells, singles, few) = base_cells(m, peers, k);
    let changed = if singles == 0 {
        home.changed(m, k)
    } else {
        None
    };
    let found = search(m, peers, &cells, (changed.unwrap_or(!0), few));
    if found.is_none() && singles == 0 {
        home.record(m, k);
    }
    found
}

/// The snapshots of the aligned pair and triple exclusions under one set of rules (see
/// the module notes), kept with the rules' tables (`memo::ruled::TypedMemos`).
#[derive(Default)]
struct AlignedSnapshots([crate::logic::memo::snapshots::OwnSnapshot; 2]);

/// The first aligned pair exclusion among the pairs of `cells` (the base cells and their
/// excluders) over `peers`, looking only at those the snapshot's rule allows (`changed`:
/// the cells whose candidates changed since it, all of them without one; `few`: the
/// cells that may exclude).
fn pair_search(
    m: &Marks,
    peers: &[CellSet],
    cells: &[(usize, CellSet)],
    (changed, few): (CellSet, CellSet),
) -> Option<Step> {
    let size = m.size;
    let changed_excluders = changed & few;
    let (base, excluders) = by_cell(cells);
    for &(c0, x0) in cells {
        let mut partners = base & !((2u128 << c0) - 1);
        if changed >> c0 & 1 == 0 {
            // Only pairs with a change in the second cell or in a common excluder: the
            // second cell changed or sees a changed excluder that c0 sees.
            let mut near = changed;
            for x in cells_of(peers[c0] & changed_excluders) {
                near |= peers[x];
            }
            partners &= near;
        }
        for c1 in cells_of(partners) {
            let common = x0 & excluders[c1];
            // Fewer than two common excluders (tested without a population count).
            if common & common.wrapping_sub(1) == 0 {
                continue;
            }
            let linked = peers[c0] >> c1 & 1 != 0;
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
                elims.push(Candidate {
                    cell: c0 as u8,
                    digit: b as u8 + 1,
                });
            }
            for b in bits(r1 as u32) {
                elims.push(Candidate {
                    cell: c1 as u8,
                    digit: b as u8 + 1,
                });
            }
            let text = sentence!(
                "Aligned pair exclusion: no combination of digits of {} and {} leaves all of {} a candidate unless ({}).",
                cell_name(size, c0),
                cell_name(size, c1),
                cell_list(size, cells_of(common)),
                elimination_text(size, &elims)
            );
            return Some(make_step(StepParts {
                technique: Technique::AlignedPairExclusion,
                rating: 62,
                placements: Vec::new(),
                eliminations: elims,
                cells: (1u128 << c0) | (1u128 << c1) | common,
                units: Vec::new(),
                digits: v0 | v1,
                explanation: text.replace(" unless (", " so these go ("),
            }));
        }
    }
    None
}

/// Aligned triple exclusion (7.5): three cells, any cell seeing all three whose
/// candidates a combination would empty. The first that eliminates something (the
/// order: [`triple_search`]).
pub fn aligned_triple_exclusion(m: &Marks) -> Option<Step> {
    if m.size != Size::Nine {
        return None;
    }
    exclusion(m, SnapshotHome::Thread, 3, triple_search)
}

/// Aligned triple exclusion (7.5) under a variant's rules: [`aligned_triple_exclusion`]'s
/// triples, in its order, over the rules' peers (knight's moves and king's steps too)
/// ([`exclusion`]).
pub fn aligned_triple_exclusion_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    if m.size != Size::Nine {
        return None;
    }
    exclusion(m, SnapshotHome::Rules(t), 3, triple_search)
}

/// The first aligned triple exclusion among the triples of `cells` (the base cells and
/// their excluders) over `peers`, looking only at those the snapshot's rule allows
/// (`changed`: the cells whose candidates changed since it, all of them without one;
/// `few`: the cells that may exclude).
///
/// The triples are visited in the order of their cells (first, second, third), but the
/// third cells of a pair are only those that see at least two cells seeing both the first
/// two (exactly the third cells leaving at least two common excluders), found as a mask.
fn triple_search(
    m: &Marks,
    peers: &[CellSet],
    cells: &[(usize, CellSet)],
    (changed, few): (CellSet, CellSet),
) -> Option<Step> {
    let changed_excluders = changed & few;
    let (base, excluders) = by_cell(cells);
    let sees = |a: usize, b: usize| peers[a] >> b & 1 != 0;
    // A triple qualifies when one of its cells, of at most three candidates, sees another
    // (Sukaku Explainer picks the third cell among the first two's excluders), and at
    // least two cells of at most three candidates see all three.
    let small = |c: usize| count9(m.cands[c] as u32) <= 3;
    // The triple a, b, c with these common excluders, if it qualifies.
    let try_triple = |a: usize, b: usize, c: usize, common: CellSet| {
        let (ab, ac, bc) = (sees(a, b), sees(a, c), sees(b, c));
        let twin = (small(a) && (ab || ac)) || (small(b) && (ab || bc)) || (small(c) && (ac || bc));
        if twin {
            triple(m, [a, b, c], common, peers)
        } else {
            None
        }
    };
    for &(a, xa) in cells {
        for b in cells_of(base & !((2u128 << a) - 1)) {
            let x01 = xa & excluders[b];
            // Fewer than two common excluders (tested without a population count).
            if x01 & x01.wrapping_sub(1) == 0 {
                continue;
            }
            let after_b = !((2u128 << b) - 1);
            // What changed since the triple search last gave nothing: in a or b, in
            // their common excluders, or only in a third cell.
            let changed_ab = (1u128 << a | 1u128 << b) & changed != 0;
            let changed_peers_ab = peers[a] & peers[b] & changed_excluders;
            if !changed_ab && changed_peers_ab == 0 {
                // Only a changed third cell: each is tested alone (its common excluders,
                // the cells of x01 it sees, must be two or more).
                for c in cells_of(base & after_b & changed) {
                    let common = x01 & excluders[c];
                    if common & common.wrapping_sub(1) == 0 {
                        continue;
                    }
                    if let Some(step) = try_triple(a, b, c, common) {
                        return Some(step);
                    }
                }
                continue;
            }
            // The common excluders of a, b and c are the cells of x01 that c sees (x01
            // holds only cells of two or three candidates): at least two exactly when c
            // sees two cells of x01.
            let (mut once, mut twice) = (0u128, 0u128);
            for e in cells_of(x01) {
                let p = peers[e];
                twice |= once & p;
                once |= p;
            }
            for c in cells_of(twice & base & after_b) {
                let common = x01 & excluders[c];
                if !changed_ab && changed >> c & 1 == 0 {
                    // Its cells kept their candidates: it can give a step only through a
                    // common excluder that changed and now holds only digits of its
                    // cells, or if fewer than two unchanged ones made it qualify at the
                    // snapshot (see the module notes).
                    let moved = common & changed;
                    if moved == 0 {
                        continue;
                    }
                    let stayed = common & !changed;
                    let digits = m.cands[a] | m.cands[b] | m.cands[c];
                    if stayed & stayed.wrapping_sub(1) != 0
                        && cells_of(moved).all(|e| m.cands[e] & !digits != 0)
                    {
                        continue;
                    }
                }
                if let Some(step) = try_triple(a, b, c, common) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn triple(m: &Marks, cs: [usize; 3], common: CellSet, peers: &[CellSet]) -> Option<Step> {
    let size = m.size;
    let sees = |a: usize, b: usize| peers[a] >> b & 1 != 0;
    let links = [sees(cs[0], cs[1]), sees(cs[0], cs[2]), sees(cs[1], cs[2])];
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
            elims.push(Candidate {
                cell: cs[t] as u8,
                digit: b as u8 + 1,
            });
        }
    }
    if elims.is_empty() {
        return None;
    }
    let text = sentence!(
        "Aligned triple exclusion: no combination of digits of {} leaves all of {} a candidate, so these go ({}).",
        cell_list(size, cs.iter().copied()),
        cell_list(size, cells_of(common)),
        elimination_text(size, &elims)
    );
    Some(make_step(StepParts {
        technique: Technique::AlignedTripleExclusion,
        rating: 75,
        placements: Vec::new(),
        eliminations: elims,
        cells: (1u128 << cs[0]) | (1u128 << cs[1]) | (1u128 << cs[2]) | common,
        units: Vec::new(),
        digits: v[0] | v[1] | v[2],
        explanation: text,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::*;

    /// r1c1 {1,2,3} and r1c2 {1,2}, with two excluders seeing both: r1c3 {1,3} and r2c3
    /// {2,3}; every other cell holds a 9.
    fn pair_position() -> Marks {
        let mut cands = vec!["+9"; 81];
        cands[0] = "123";
        cands[1] = "12";
        cands[2] = "13";
        cands[11] = "23";
        marks_from_candidates(&cands.join(" "))
    }

    #[test]
    fn aligned_pair_exclusion_removes_a_digit() {
        // r1c1=3 leaves r1c2 1 or 2, emptying one of the excluders.
        let m = pair_position();
        let s = aligned_pair_exclusion(&m).unwrap();
        assert_eq!(s.rating, 62);
        assert!(s.eliminations.contains(&Candidate { cell: 0, digit: 3 }));
    }

    #[test]
    fn aligned_triple_exclusion_needs_a_triple() {
        let m = pair_position();
        // The position of the pair test: the pair r1c1-r1c2 with its two common
        // excluders r1c3 and r2c3 removes a digit, but any three of the four blank cells
        // leave only one other cell to exclude with, and a triple needs two.
        assert!(aligned_pair_exclusion(&m).is_some());
        assert_eq!(aligned_triple_exclusion(&m), None);
    }

    /// Every position of the paths of three puzzles rated 8.2 to 8.3 (where the ladder
    /// tries aligned exclusion over and over): the same result with the memos of the
    /// positions where nothing was found as from cold memos, and the memos used.
    #[test]
    fn memo_of_positions_where_nothing_was_found_changes_nothing() {
        use crate::puzzle::Puzzle;
        let mut positions = Vec::new();
        for line in [
            "800947000000000700000002093007060050500304009060050100920400000006000000000125008",
            "005100090300065000007300064050000000406000901000000040920001800000720003030004600",
            "700010030930702000000006002070000680001060300028000090800500000000607059060080004",
        ] {
            let p = Puzzle::parse(line).unwrap();
            let mut m = Marks::from_puzzle(&p);
            for s in crate::logic::path(&p, &mut || {}).unwrap() {
                positions.push(m);
                s.apply(&mut m);
            }
        }
        let both = |m: &Marks| (aligned_pair_exclusion(m), aligned_triple_exclusion(m));
        crate::logic::forget_search_memos();
        let mut used = 0;
        let mut warm = Vec::new();
        for m in &positions {
            used += crate::logic::memo::snapshots::changed(
                crate::logic::memo::snapshots::slot::ALIGNED_TRIPLE,
                m,
            )
            .is_some() as usize;
            warm.push(both(m));
        }
        assert!(used > positions.len() / 2, "{used} of {}", positions.len());
        for (m, w) in positions.iter().zip(&warm) {
            crate::logic::forget_search_memos();
            assert_eq!(both(m), *w);
        }
        assert!(warm.iter().any(|(p, t)| p.is_some() || t.is_some()));
    }

    #[test]
    fn under_rules_the_snapshots_with_the_tables_change_no_pair_or_triple() {
        // Along generated paths under rules: the searches with the rules' tables kept from
        // position to position (their snapshots warm) against fresh tables each time; and
        // where one finds a step, from a position with more candidates where it finds
        // none (`positions_without`), its snapshot, to the position itself.
        use crate::logic::variant_ladder::positions_without;
        type Search = fn(&Marks, &VariantTables) -> Option<Step>;
        let searches: [Search; 2] = [aligned_pair_exclusion_in, aligned_triple_exclusion_in];
        let (mut used, mut found, mut cases) = ([0; 2], [0; 2], [0; 2]);
        let rules = ["x", "windoku", "anti-king"];
        crate::logic::variant_ladder::walk_generated_paths(&rules, (59, 4, 0), |text, m, t, _| {
            let rules = crate::variant::Rules::parse(text).unwrap();
            let geometry =
                crate::variant::Geometry::new(crate::variant::Shape::NINE, &rules).unwrap();
            let fresh = || VariantTables::new(&geometry).unwrap();
            for (i, search) in searches.into_iter().enumerate() {
                let snapshot = |s: &mut AlignedSnapshots| s.0[i].changed(m);
                used[i] += t.memos().with(snapshot).is_some_and(|c| c != 0) as usize;
                let full = search(m, &fresh());
                assert_eq!(search(m, t), full, "{text}");
                let Some(step) = &full else {
                    continue;
                };
                found[i] += 1;
                for before in positions_without(m, step, |before| search(before, &fresh())) {
                    // Finding nothing there, the search keeps it as its snapshot.
                    let t1 = fresh();
                    assert_eq!(search(&before, &t1), None);
                    assert_eq!(search(m, &t1), full, "{text}");
                    cases[i] += 1;
                }
            }
        });
        for i in 0..2 {
            let (used, found, cases) = (used[i], found[i], cases[i]);
            assert!(
                used > 0 && found > 0 && cases >= found,
                "{used} {found} {cases}"
            );
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

    #[test]
    fn under_classic_rules_the_pair_exclusions_are_the_classic_ones() {
        let t = crate::logic::rules::tables_of("classic");
        let mut found = 0;
        crate::logic::ladder::test_paths::walk_classic_paths(47, 60, |_, m, _| {
            let classic = aligned_pair_exclusion(m);
            assert_eq!(
                aligned_pair_exclusion_in(m, &t).map(|s| s.eliminations),
                classic.as_ref().map(|s| s.eliminations.clone())
            );
            found += usize::from(classic.is_some());
        });
        assert!(found > 100, "{found} pair exclusions compared");
    }

    #[test]
    fn under_rules_every_pair_exclusion_is_sound() {
        let mut found = 0;
        let rules = ["x", "windoku", "anti-king", "anti-knight", "nc"];
        crate::logic::variant_ladder::walk_generated_paths(
            &rules,
            (14, 6, 24),
            |text, m, t, solution| {
                if let Some(step) = aligned_pair_exclusion_in(m, t) {
                    assert!(step.is_sound(solution), "{text}: {}", step.explanation);
                    found += 1;
                }
            },
        );
        assert!(found > 50, "{found} pair exclusions");
    }
}
