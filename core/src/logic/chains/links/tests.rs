//! The links of the chain steps of every fixture (`chains::tests`): what `find` gives
//! is what the hint's propagations say, every chain an unbroken path of arrows from its
//! assumption to its conclusion, every link one of the rules, and as many potentials
//! behind the conclusions as the rating counts.

use super::super::best_hint::BestHint;
use super::super::difficulty::{length_bonus, tenths};
use super::super::multiple::{self, Params, PropagationPool};
use super::super::propagation::{no_nested_rules, Mode, Propagation};
use super::super::tests::{assert_unbroken_path, drawn_link, marks_from_729, FIXTURES};
use super::super::work_grid::{regions_of, WorkGrid};
use super::super::{find, find_with_links, level1, producers_of, ChainKind, Producer};
use super::*;
use crate::grid::UNITS;
use crate::logic::step::{Step, Technique};

/// The search of `producer` (not the cycles) as `find` runs it: its parameters
/// written out again here, so that a change of `find`'s shows as links that differ.
fn params_of(producer: Producer) -> Params {
    let (dynamic, cell_rule, level, multiple, nishio, base) = match producer {
        Producer::Nishio => (true, false, 0, false, true, 7.5),
        Producer::Multiple => (false, true, 0, true, false, 8.0),
        Producer::Dynamic => (true, true, 0, true, false, 8.5),
        Producer::DynamicPlus => (true, true, 1, true, false, 9.0),
        Producer::Nested2 | Producer::Nested3 | Producer::Nested4(_) => {
            panic!("the nested producers search with their own propagations (chains::levels2to4)")
        }
        Producer::Cycles => panic!("the cycles carry their own links"),
    };
    Params {
        mode: Mode {
            dynamic,
            cell_rule,
            level,
            nested_rules: if level > 0 {
                level1::advanced
            } else {
                no_nested_rules
            },
        },
        multiple,
        nishio,
        base,
    }
}

fn kind_of(step: &Step) -> ChainKind {
    match step.technique {
        Technique::Chain(kind) => kind,
        other => panic!("not a chain: {other:?}"),
    }
}

/// The grid the searches see: each blank cell's candidates, 0 where a digit stands.
fn grid_of(marks: &str) -> [u16; 81] {
    let m = marks_from_729(marks);
    std::array::from_fn(|c| if m.values[c] == 0 { m.cands[c] } else { 0 })
}

fn has(grid: &[u16; 81], c: Candidate) -> bool {
    grid[c.cell().index()] >> c.digit().index() & 1 != 0
}

fn sees(a: usize, b: usize) -> bool {
    a != b && regions_of(a).iter().any(|u| regions_of(b).contains(u))
}

/// The candidates of `grid` in the cell of `c`, and of its digit in each of its units.
fn groups_of(grid: &[u16; 81], c: Candidate) -> Vec<Vec<Candidate>> {
    let (cell, d) = (c.cell().index(), c.digit().index());
    let mut groups = vec![(0..9)
        .filter(|&e| grid[cell] >> e & 1 != 0)
        .map(|e| Candidate::new(cell, e))
        .collect::<Vec<Candidate>>()];
    for u in regions_of(cell) {
        groups.push(
            UNITS[u]
                .iter()
                .map(|&x| Candidate::new(x as usize, d))
                .filter(|&x| has(grid, x))
                .collect(),
        );
    }
    groups
}

#[test]
fn chain_steps_carry_the_links_of_their_propagations() {
    let mut checked = [0usize; 3]; // steps, links, strong links into a potential checked whole
    for f in FIXTURES.iter().filter(|f| f.producer != Producer::Cycles) {
        let grid = grid_of(f.marks);
        let params = params_of(f.producer);
        let mut best = BestHint::default();
        let mut pool = Box::<PropagationPool>::default();
        multiple::search(&grid, params, &mut pool, &mut best, &mut || {});
        let (shape, target) = best.shape().expect("a hint");
        let links = hint_links(&grid, params.mode, shape, target);
        let m = marks_from_729(f.marks);
        let step = find_with_links(&m, f.producer, &mut || {}).expect("a step");
        assert!(!links.is_empty(), "{}: no links", f.se);
        assert_eq!(step.links, links, "{}: find_with_links' links", f.se);
        // The ladder's search spends nothing on links, and finds the same step.
        let plain = find(&m, f.producer, &mut || {}).expect("a step");
        assert!(plain.links.is_empty(), "{}", f.se);
        assert_eq!(
            Step {
                links: Vec::new(),
                ..step.clone()
            },
            plain,
            "{}",
            f.se
        );
        assert_eq!(producers_of(kind_of(&step)), [f.producer], "{}", f.se);
        checked[0] += 1;
        checked[1] += links.len();

        let chains = chains_of(&grid, shape, target);
        assert!(
            chains.len() >= 2,
            "{}: {} chains (a new shape of hint? list its chains in links::chains_of)",
            f.se,
            chains.len()
        );
        let board = WorkGrid::new(&grid);
        let mut run = Propagation::default();
        let mut complexity = 0;
        for &(start, end) in &chains {
            run.propagate(&board, start, params.mode);
            assert!(run.reached(end), "{}: the conclusion is not reached", f.se);
            complexity += run.ancestors(end);
            let pairs = chain_links(&run, end);
            assert!(!pairs.is_empty(), "{}", f.se);
            for &(p, q) in &pairs {
                assert!(
                    has(&grid, p.candidate()) && has(&grid, q.candidate()),
                    "{}: a link off the grid",
                    f.se
                );
                let drawn = drawn_link(p, q);
                assert!(
                    links.contains(&drawn),
                    "{}: a link of a chain not in the step's",
                    f.se
                );
            }
            assert_unbroken_path(&pairs, start, end, f.se);
            let into = |x: Potential| pairs.iter().filter(move |l| l.1 == x).map(|l| l.0);
            // Each link is a rule. Into an "off": from an "on" of the same cell or of
            // the same digit in a peer (nested rules aside, whose parents are "off"s).
            // Into an "on": from "off"s, which with it are every candidate of its cell
            // or of its digit in one of its units, in the grid the chain started from
            // (the main parent and the hidden parents: all of them, unless there are
            // more than Sukaku Explainer draws, 6).
            for &(p, q) in &pairs {
                let (a, b) = (p.candidate(), q.candidate());
                if !q.is_on() {
                    if p.is_on() {
                        let same_cell = a.cell().index() == b.cell().index() && a != b;
                        let same_digit = a.digit().index() == b.digit().index()
                            && sees(a.cell().index(), b.cell().index());
                        assert!(same_cell || same_digit, "{}: weak link {p:?}->{q:?}", f.se);
                    } else {
                        assert!(params.mode.level > 0, "{}: off->off without nesting", f.se);
                    }
                } else {
                    assert!(!p.is_on(), "{}: on->on", f.se);
                }
            }
            for &(_, q) in &pairs {
                if !q.is_on() || run.parents(q).len() > 6 {
                    continue;
                }
                let mut group: Vec<Candidate> = into(q).map(|p| p.candidate()).collect();
                group.push(q.candidate());
                group.sort_unstable();
                group.dedup();
                assert!(
                    groups_of(&grid, q.candidate()).contains(&group),
                    "{}: the links into {q:?} are not a cell's or a unit's candidates",
                    f.se
                );
                if !params.mode.dynamic {
                    assert_eq!(group.len(), 2, "{}: a static strong link", f.se);
                }
                checked[2] += 1;
            }
        }
        // The potentials the conclusions rest on are those the rating counts (the
        // propagations run again are the search's).
        assert_eq!(
            tenths(params.base + length_bonus(complexity)),
            step.rating,
            "{}: complexity {complexity}",
            f.se
        );
    }
    assert!(checked[0] >= 12, "{checked:?}");
    assert!(checked[2] >= 100, "{checked:?}");
}

#[test]
fn cycles_and_single_chains_keep_their_own_links() {
    // Their hints carry their potentials in order; no propagation runs for them.
    for f in FIXTURES.iter().filter(|f| f.producer == Producer::Cycles) {
        let step = find(&marks_from_729(f.marks), f.producer, &mut || {}).expect("a step");
        assert_eq!(producers_of(kind_of(&step)), [Producer::Cycles]);
        assert!(step.links.len() >= 2, "{}", f.se);
        for w in step.links.windows(2) {
            assert_eq!(w[0].to, w[1].from, "{}: not one chain", f.se);
        }
    }
}

#[test]
fn the_links_are_bounded() {
    // A link per potential at most: the picture's bound.
    assert_eq!(MAX_LINKS, crate::picture::MAX_LINKS);
}
