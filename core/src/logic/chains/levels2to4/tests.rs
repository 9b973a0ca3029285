//! Tests of the nested producers (levels 2 to 4): written-down positions from their own
//! paths on published hardest puzzles (whose published ratings these producers
//! reproduce), where each level fires and where a level must not (the producer before it,
//! or the level below, finds nothing), and soundness along whole paths. The searches are
//! long in a debug build: those tests run in release builds only (`cargo test --release`).

use crate::logic::chains::tests::marks_from_729;
use crate::logic::chains::{find, ChainKind, Producer};
use crate::logic::marks::Marks;
use crate::logic::step::{Step, Technique};
use crate::puzzle::Puzzle;

/// A puzzle published at ER 10.6: its path has level-2 steps only.
const PUZZLE_10_6: &str =
    "1....67.............92....5....9..4..3...18....85...2.37...8.........1....5.4...8";
/// A puzzle published at ER 11.1: its hardest step is level 3.
const PUZZLE_11_1: &str =
    ".2..5.7..4....9.36..9.......6.5.........6..52...7.16..3.8.....4...8......7..1.5..";

/// The first level-2 step of `PUZZLE_10_6`'s path (rated 10.4): 729 characters, nine
/// lines of nine cells.
pub(crate) const LEVEL_2_AT: [&str; 9] = [
    "1.........2.45..8..234.......34....9..3.5..8......6.........7....3....89.234....9",
    ".2.45678..2.456.8..234.67..1.34..7.91.3.5.78...345.7.9.234.6..91.3..6.89.234.6..9",
    "...4.678....4.6.8.........9.2.......1.3...78...34..7....34.6...1.3..6.8.....5....",
    ".2..567..12..56...12...67.........8.........9.23...7....3.56......4.....1.3..67..",
    ".2.45...9..3.......2.4.67.....4.67...2...67..1...............8.....567.9.....67.9",
    "...4.67.91..4.6..9.......8.....5......3..67....34..7....3..6..9.2.......1.....7..",
    "..3............7..12.4.6...1....6..912..56..........8..2.45...9....56..9.2.4.6..9",
    ".2.4.6.89.2.4.6.89.2.4.6.....3..67.9.23.567...2..5.7.91..........3.567...234.67..",
    ".2...6..912...6..9....5....1.3..67.9...4......23...7.9.23..6..9..3..67.........8.",
];

/// The level-3 step of `PUZZLE_11_1`'s path (rated 11.1).
pub(crate) const LEVEL_3_AT: [&str; 9] = [
    "1....6.8..2.......1.3..6...1.34.6.......5......34.6.8.......7..1..4...891......89",
    "...4.....1...5..8.1...5.7..12........2....78.........912.....8...3...........6...",
    "1....678.1.3....8.........91234.6....234..78...3..678.12.4...8.12.4...8.....5....",
    "12.....89.....6...1234.........5.....234...89.234...8.1.34...891..4..7891.3...789",
    "1.....7891.34...891.34..7....34....9.....6.....34...8.1.34...89....5.....2.......",
    ".2..5..89..345..89.2345..........7...234...891.............6......4...89..3....89",
    "..3......1...5...9.......8..2...6..9.2....7.9....5.7..12......912...67.9...4.....",
    "12..56..91..45...912.456..........8..234....9.23.567..123.....912...67.91.3...7.9",
    ".2...6..9......7...2.4.6....234.6..91.........234.6.......5.....2...6.89..3....89",
];

/// A level-4 step (rated 11.6) of the path of a puzzle published at ER 11.6 (from the
/// same file).
pub(crate) const LEVEL_4_AT: [&str; 9] = [
    "........9.......8.123............7.......6...123..........5.......4.....123......",
    "......7..123.........45...........8....45....123..............9123...........6...",
    "1234.....1....6......456.......5...9...45...9123......123............78.......78.",
    ".....6...123............7..12......9..3.....9...4............8.....5....123......",
    "....5.......4.....123......12...6.....3....8......6.8.......7..123..............9",
    "123..............9.......8.12..5......3.5.7......5.7..123...........6......4.....",
    "...4...8.....5.......4.6.....3.......2............67891..4.....1.....7891.....78.",
    ".2.4...8......67..........9....56...1............567...234......23....8..23....8.",
    "123......123...7..123.........4...........78.......789.....6....2....789....5....",
];

pub(crate) fn position(lines: &[&str; 9]) -> Marks {
    marks_from_729(&lines.concat())
}

fn solution_of(puzzle: &str) -> Vec<u8> {
    let p = Puzzle::parse(puzzle).expect("a test puzzle");
    crate::solver::solve(&p, 2)
        .expect("a valid puzzle")
        .solution
        .expect("a unique solution")
        .to_vec()
}

fn nested_level(step: &Step) -> Option<u8> {
    match step.technique {
        Technique::Chain(ChainKind::Nested(level)) => Some(level),
        _ => None,
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn level_2_fires_where_level_1_finds_nothing() {
    let m = position(&LEVEL_2_AT);
    let solution = solution_of(PUZZLE_10_6);
    assert!(find(&m, Producer::DynamicPlus, &mut || {}).is_none());
    let step = find(&m, Producer::Nested2, &mut || {}).expect("a level-2 step");
    assert_eq!(nested_level(&step), Some(2));
    assert_eq!(step.rating, 104);
    assert!(step.is_sound(&solution), "{step:?}");
    assert!(
        step.explanation.contains("inner chain"),
        "{}",
        step.explanation
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn level_3_fires_where_level_2_finds_nothing() {
    let m = position(&LEVEL_3_AT);
    let solution = solution_of(PUZZLE_11_1);
    assert!(find(&m, Producer::Nested2, &mut || {}).is_none());
    let step = find(&m, Producer::Nested3, &mut || {}).expect("a level-3 step");
    assert_eq!(nested_level(&step), Some(3));
    assert_eq!(step.rating, 111);
    assert!(step.is_sound(&solution), "{step:?}");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn level_4_fires_where_level_3_finds_nothing() {
    let m = position(&LEVEL_4_AT);
    // The position's placed digits have one solution (the puzzle's).
    let solution = crate::solver::solve(&m.to_puzzle(), 2)
        .expect("a valid position")
        .solution
        .expect("a unique solution")
        .to_vec();
    assert!(find(&m, Producer::Nested3, &mut || {}).is_none());
    let step = [0, 1, 2, 3]
        .iter()
        .find_map(|&limit| find(&m, Producer::Nested4(limit), &mut || {}))
        .expect("a level-4 step");
    assert_eq!(nested_level(&step), Some(4));
    assert_eq!(step.rating, 116);
    assert!(step.is_sound(&solution), "{step:?}");
    assert!(step.explanation.contains("dynamic"), "{}", step.explanation);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn level_4_finds_a_sound_step_where_level_3_does() {
    // Level 4 applies level 1's rules and then dynamic chains, which hold every static
    // chain: at a level-3 position it finds a step too (rated from 10.5 up), and sound.
    let m = position(&LEVEL_3_AT);
    let solution = solution_of(PUZZLE_11_1);
    let step = find(&m, Producer::Nested4(0), &mut || {}).expect("a level-4 step");
    assert_eq!(nested_level(&step), Some(4));
    assert!(step.rating >= 105, "{step:?}");
    assert!(step.is_sound(&solution), "{step:?}");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn the_paths_of_hardest_puzzles_are_sound_and_replay_to_the_solution() {
    for (puzzle, er) in [(PUZZLE_10_6, 106), (PUZZLE_11_1, 111)] {
        let p = Puzzle::parse(puzzle).expect("a test puzzle");
        let solution = solution_of(puzzle);
        let steps = crate::logic::path(&p, &mut || {}).expect("a path");
        let mut m = Marks::from_puzzle(&p);
        let mut hardest = 0;
        for s in &steps {
            assert!(s.is_sound(&solution), "{puzzle}: {s:?}");
            hardest = hardest.max(s.rating);
            s.apply(&mut m);
        }
        assert!(m.is_solved(), "{puzzle}");
        assert_eq!(&m.values[..81], &solution[..], "{puzzle}");
        assert_eq!(hardest, er, "{puzzle}");
        assert!(steps
            .iter()
            .any(|s| nested_level(s).is_some_and(|l| l >= 2)));
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn an_interrupted_nested_search_leaves_nothing_behind() {
    // The interrupt hook is called inside the inner searches too (far more often than
    // once per outer cell); a hook that unwinds (as a cancel does) stops the search
    // anywhere, and the next search on the thread gives the same step as before.
    let m = position(&LEVEL_2_AT);
    let before = find(&m, Producer::Nested2, &mut || {}).expect("a level-2 step");
    let mut calls = 0u64;
    find(&m, Producer::Nested2, &mut || calls += 1);
    assert!(calls > 1_000, "{calls} calls");
    for stop_at in [1u64, 10, 500, calls / 2] {
        let result = std::panic::catch_unwind(|| {
            let mut n = 0u64;
            find(&m, Producer::Nested2, &mut || {
                n += 1;
                if n == stop_at {
                    std::panic::panic_any("cancelled");
                }
            })
        });
        assert!(result.is_err(), "stopped at call {stop_at}");
    }
    let after = find(&m, Producer::Nested2, &mut || {}).expect("a level-2 step");
    assert_eq!(format!("{before:?}"), format!("{after:?}"));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn the_shortcuts_give_the_plain_searches_steps() {
    // Kept propagations, kept hint lists and the forcing chains searched only where the
    // cycle search's reach shows one: with and without them, the same step at each
    // level's position (the kept lists warm from the first run, as in a path).
    for (lines, producers) in [
        (&LEVEL_2_AT, vec![Producer::Nested2]),
        (&LEVEL_3_AT, vec![Producer::Nested2, Producer::Nested3]),
        (&LEVEL_4_AT, vec![Producer::Nested4(0)]),
    ] {
        let m = position(lines);
        for p in producers {
            let fast = find(&m, p, &mut || {});
            let again = find(&m, p, &mut || {});
            super::plain::set_plain(true);
            let plain = find(&m, p, &mut || {});
            super::plain::set_plain(false);
            assert_eq!(format!("{fast:?}"), format!("{plain:?}"), "{p:?}");
            assert_eq!(format!("{again:?}"), format!("{plain:?}"), "{p:?}");
        }
    }
}

/// How a test compares hint lists: every field of each hint, in order.
fn describe(hints: &[super::inner_hint::InnerHint]) -> Vec<String> {
    hints
        .iter()
        .map(|h| {
            format!(
                "{:?} {:?} {} {} {} {:?} {:?} {:?}",
                h.removes,
                h.removal_set,
                h.difficulty,
                h.complexity,
                h.key,
                h.kind,
                h.causes,
                h.chain
            )
        })
        .collect()
}

/// Calls `f` with grids reduced from the three positions one random candidate at a time
/// (as an outer chain reduces its grid: most digits' planes recur from one grid to the
/// next), cells left with one candidate or none included: 60 a position (fewer if all
/// its cells are decided first). Returns how many grids.
fn reduced_grids(mut f: impl FnMut(&crate::logic::chains::work_grid::WorkGrid)) -> usize {
    use crate::logic::chains::work_grid::WorkGrid;
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut grids = 0;
    for lines in [&LEVEL_2_AT, &LEVEL_3_AT, &LEVEL_4_AT] {
        let m = position(lines);
        let mut cands = [0u16; 81];
        for (cell, c) in cands.iter_mut().enumerate() {
            *c = if m.values[cell] != 0 {
                1 << (m.values[cell] - 1)
            } else {
                m.cands[cell]
            };
        }
        for _ in 0..60 {
            f(&WorkGrid::new(&cands));
            grids += 1;
            // Remove one candidate of a random cell holding two or more.
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let open: Vec<usize> = (0..81).filter(|&c| cands[c].count_ones() >= 2).collect();
            if open.is_empty() {
                break;
            }
            let cell = open[(seed % open.len() as u64) as usize];
            let ds: Vec<u16> = (0..9).filter(|d| cands[cell] >> d & 1 != 0).collect();
            cands[cell] &= !(1 << ds[(seed >> 32) as usize % ds.len()]);
        }
    }
    grids
}

#[test]
fn the_x_pass_read_by_planes_gives_the_pass_over_the_grid() {
    // On each reduced grid, the rule "Forcing Chains & Cycles" with its shortcuts (the X
    // pass read from kept planes, warm from the grids before; the links read from a
    // table; the search trees keeping only the nodes something rests on) and the plain
    // way (every pass searched over the grid, every node made): the same hints in the
    // same order, chains included.
    use super::fcc::{fcc_hints, FcScratch};
    let (mut fast, mut plain) = (FcScratch::default(), FcScratch::default());
    let mut hints = 0;
    let grids = reduced_grids(|w| {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        fcc_hints(w, &mut fast, None, &mut || {}, &mut a);
        super::plain::set_plain(true);
        fcc_hints(w, &mut plain, None, &mut || {}, &mut b);
        super::plain::set_plain(false);
        assert_eq!(describe(&a), describe(&b));
        hints += b.len();
    });
    assert!(
        grids > 100 && hints > 100,
        "hints to compare: {grids} grids, {hints}"
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn the_static_propagations_read_from_the_link_table_give_the_plain_ones() {
    // On each reduced grid, the inner rule of level 3 (static multiple forcing chains)
    // with its propagations reading the links from a table and the plain way (reading
    // the grid, as the dynamic propagations do): the same hints in the same order, with
    // the same chains.
    use super::search::{multiple_search, Collect, DepthScratch, Producer, DEPTHS};
    let mut depths: Vec<DepthScratch> = (0..DEPTHS).map(|_| DepthScratch::default()).collect();
    let mut hints = 0;
    let grids = reduced_grids(|w| {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let p = Producer::static_multiple();
        multiple_search(
            w,
            p,
            None,
            &mut depths,
            &mut || {},
            &mut Collect::All(&mut a),
        );
        super::plain::set_plain(true);
        multiple_search(
            w,
            p,
            None,
            &mut depths,
            &mut || {},
            &mut Collect::All(&mut b),
        );
        super::plain::set_plain(false);
        assert_eq!(describe(&a), describe(&b));
        hints += b.len();
    });
    assert!(
        grids > 100 && hints > 100,
        "hints to compare: {grids} grids, {hints}"
    );
}

#[test]
fn the_closures_are_what_each_static_propagation_makes() {
    // On each reduced grid, from every "on": a static propagation that meets no
    // contradiction makes exactly its closure (the reach `may_share` reads); one that
    // does makes part of it, and the closure holds a candidate both ways. `may_share`
    // answers as the propagations do.
    use super::run::DeepRun;
    use super::search::may_share;
    use crate::logic::chains::closure::{ClosureTable, Links};
    use crate::logic::primitives::{CandSet, Candidate, Potential};
    let (mut closure_links, mut closures) = (Links::default(), ClosureTable::default());
    let mut run = DeepRun::default();
    let (mut whole, mut stopped, mut pairs_shared, mut pairs_apart) = (0, 0, 0, 0);
    reduced_grids(|w| {
        let starts: Vec<Candidate> = (0..81)
            .flat_map(|cell| (0..9).map(move |d| (cell, d)))
            .filter(|&(cell, d)| w.cands[cell] >> d & 1 != 0)
            .map(|(cell, d)| Candidate::new(cell, d))
            .collect();
        closure_links.build(w, true);
        closures.build(&closure_links, &w.cands);
        let mut made: Vec<(CandSet, CandSet, bool)> = Vec::new();
        for &c in &starts {
            run.propagate(w, Potential::new(c, true), false, None);
            let (on, off) = closures.of(Potential::new(c, true));
            let both = on.0.iter().zip(off.0.iter()).any(|(a, b)| a & b != 0);
            if run.absurd.is_none() {
                assert!(run.on == *on && run.off == *off, "the whole reach of {c:?}");
                assert!(!both);
                whole += 1;
            } else {
                let inside =
                    |a: &CandSet, b: &CandSet| a.0.iter().zip(b.0.iter()).all(|(x, y)| x & !y == 0);
                assert!(
                    inside(&run.on, on) && inside(&run.off, off),
                    "part of the reach of {c:?}"
                );
                assert!(both);
                stopped += 1;
            }
            made.push((run.on, run.off, run.absurd.is_some()));
        }
        // Pairs of starts: apart (no contradiction, nothing in common) only when the
        // propagations share nothing.
        for i in (0..starts.len()).step_by(7) {
            for j in (i + 1..starts.len()).step_by(5) {
                let may = may_share(&closures, [starts[i], starts[j]].into_iter());
                let (a, b) = (&made[i], &made[j]);
                let mut on = a.0;
                on.intersect(&b.0);
                let mut off = a.1;
                off.intersect(&b.1);
                let share = on.0.iter().chain(off.0.iter()).any(|&x| x != 0);
                if share {
                    assert!(may, "{:?} and {:?} share a potential", starts[i], starts[j]);
                    pairs_shared += 1;
                } else if !may {
                    assert!(!a.2 && !b.2);
                    pairs_apart += 1;
                }
            }
        }
    });
    assert!(
        whole > 100 && stopped > 100,
        "{whole} whole, {stopped} stopped"
    );
    assert!(
        pairs_shared > 100 && pairs_apart > 10,
        "{pairs_shared} sharing, {pairs_apart} apart"
    );
}

/// The grid the searches see: each blank cell's candidates, 0 where a digit stands.
fn grid_of(m: &Marks) -> [u16; 81] {
    std::array::from_fn(|c| if m.values[c] == 0 { m.cands[c] } else { 0 })
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn nested_steps_carry_the_links_of_their_outer_propagations() {
    use super::hint::Measure;
    use super::run::DeepRun;
    use super::search::{Nest, Producer as Deep};
    use crate::logic::chains::best_hint::BestHint;
    use crate::logic::chains::difficulty::{length_bonus, tenths};
    use crate::logic::chains::find_with_links;
    use crate::logic::chains::links::{chain_links, chains_of};
    use crate::logic::chains::tests::{assert_unbroken_path, drawn_link};
    use crate::logic::chains::work_grid::WorkGrid;
    use crate::logic::primitives::*;

    let mut nested_offs_drawn = 0;
    for (lines, producer, level, limit) in [
        (&LEVEL_2_AT, Producer::Nested2, 2, 0),
        (&LEVEL_3_AT, Producer::Nested3, 3, 0),
        (&LEVEL_4_AT, Producer::Nested4(0), 4, 0),
    ] {
        let m = position(lines);
        let step = find_with_links(&m, producer, &mut || {}).expect("a step");
        assert_eq!(nested_level(&step), Some(level));
        // The ladder's search spends nothing on links, and finds the same step.
        let plain = find(&m, producer, &mut || {}).expect("a step");
        assert!(plain.links.is_empty(), "{producer:?}");
        assert_eq!(
            Step {
                links: Vec::new(),
                ..step.clone()
            },
            plain
        );
        assert!(!step.links.is_empty(), "{producer:?}: no links");

        // The hint again, and its outer propagations made here as the search makes
        // them (a fresh scratch: nothing kept from the searches above).
        let grid = grid_of(&m);
        let mut best = BestHint::default();
        super::search(&grid, (level, limit), None, &mut best, &mut || {});
        let (shape, target) = best.shape().expect("a hint");
        let chains = chains_of(&grid, shape, target);
        assert!(chains.len() >= 2, "{producer:?}: {} chains", chains.len());
        let board = WorkGrid::new(&grid);
        let mut depths = super::new_depths();
        let mut check = || {};
        let mut nest = Nest::new(
            Deep::dynamic(level, limit),
            None,
            &mut depths[1..],
            &mut check,
        );
        let mut runs: Vec<(Potential, DeepRun)> = Vec::new();
        for &(start, _) in &chains {
            if runs.last().is_none_or(|(s, _)| *s != start) {
                let mut run = DeepRun::default();
                run.propagate(&board, start, true, Some(&mut nest));
                runs.push((start, run));
            }
        }
        let run_of = |start: Potential| &runs.iter().find(|(s, _)| *s == start).unwrap().1;
        let mut drawn = 0;
        for &(start, end) in &chains {
            let run = run_of(start);
            assert!(
                run.reached(end),
                "{producer:?}: the conclusion is not reached"
            );
            let pairs = chain_links(run, end);
            drawn += pairs.len();
            for &(p, q) in &pairs {
                let link = drawn_link(p, q);
                assert!(step.links.contains(&link), "{producer:?}: {link:?}");
                // An "off" from an "off": only into one a nested rule added.
                if !p.is_on() && !q.is_on() {
                    assert!(run.advanced.has(q.candidate()), "{producer:?}: off->off");
                    nested_offs_drawn += 1;
                }
                assert!(!(p.is_on() && q.is_on()), "{producer:?}: on->on");
            }
            assert_unbroken_path(&pairs, start, end, &format!("{producer:?}"));
        }
        // Each link of the step once: those of the chains, no other.
        let mut distinct = step.links.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), step.links.len(), "{producer:?}");
        assert!(drawn >= step.links.len(), "{producer:?}");
        // The potentials the conclusions rest on, with the inner chains they use, are
        // those the rating counts (the propagations made again are the search's).
        let targets: Vec<(&DeepRun, Potential)> =
            chains.iter().map(|&(s, e)| (run_of(s), e)).collect();
        let mut measure = Measure::default();
        let flat = measure.flat(&targets);
        let inner: u32 = measure.nested(&targets).iter().map(|h| h.complexity).sum();
        assert!(inner > 0, "{producer:?}: no inner chain");
        assert_eq!(
            tenths(8.5 + 0.5 * level as f64 + length_bonus(flat + inner)),
            step.rating,
            "{producer:?}: complexity {flat} + {inner}"
        );
    }
    assert!(nested_offs_drawn > 0);
}

#[test]
fn the_level_4_steps_are_searched_again_by_every_nesting_limit_in_order() {
    use crate::logic::chains::producers_of;
    // The ladder tries the producers in `Producer::ALL`'s order: a kind's producers are
    // a run of it, level 4's the four nesting limits.
    for kind in [
        ChainKind::ForcingChain,
        ChainKind::Nishio,
        ChainKind::CellForcingChains,
        ChainKind::DynamicContradiction,
        ChainKind::Nested(1),
        ChainKind::Nested(2),
        ChainKind::Nested(3),
        ChainKind::Nested(4),
    ] {
        let list = producers_of(kind);
        let at = Producer::ALL
            .iter()
            .position(|p| *p == list[0])
            .expect("a producer of the ladder");
        assert_eq!(&Producer::ALL[at..at + list.len()], list, "{kind:?}");
    }
    assert_eq!(
        producers_of(ChainKind::Nested(4)),
        [0, 1, 2, 3].map(Producer::Nested4)
    );
}

/// Every cache of the thread, filled by the whole ladder on a position whose step is a
/// level-2 chain (each technique, each chain producer up to level 2), remembers nothing
/// after `logic::forget_search_memos`.
#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn forget_search_memos_empties_every_cache() {
    crate::logic::forget_search_memos();
    let m = position(&LEVEL_2_AT);
    let step = crate::logic::next_step(&m, &mut || {}).expect("a step");
    assert_eq!(nested_level(&step), Some(2));
    let filled = crate::logic::memo::remembering();
    for (name, count) in filled {
        assert!(count > 0, "{name}: nothing remembered ({filled:?})");
    }
    assert!(filled[3].1 >= 5, "every slot: {filled:?}");
    crate::logic::forget_search_memos();
    for (name, count) in crate::logic::memo::remembering() {
        assert_eq!(count, 0, "{name} remembers after forgetting");
    }
}
