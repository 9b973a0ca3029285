//! The ladder under a variant's rules (issue 36): every producer of Sukaku Explainer's, in
//! its order (`Solver` with the
//! variant settings, docs/design-variant-ratings.md part 1 (b)):
//! full house 1.0 and hidden single 1.2 / 1.5 over every group, direct pointing and
//! claiming 1.7 / 1.9 (with disjoint groups and windows), direct hidden pair 2.0, naked
//! single 2.3, nc's forcing cell 2.4 and locked nc 2.5, direct hidden triple 2.5, then
//! pointing 2.6 and claiming 2.8 (nc alone, jigsaw) or generalized intersections 2.9
//! (any extra group, knight's move or king's step), naked pair 3.0 (generalized under
//! those rules), X-wing 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden
//! triple 4.0, the turbot fish over every group (4.0-4.3), XY-wing 4.2 and XYZ-wing 4.4
//! over every peer. The fish read rows and columns alone, as Sukaku Explainer's do under
//! every rule. Then unique loops 4.5+ over every group (where the rules keep uniqueness),
//! naked quad 5.0, jellyfish 5.2, hidden quad 5.4, three strong links (classic boxes and
//! nc alone; over jigsaw regions, ours), WXYZ-wing 5.5, the bivalue universal grave 5.6+ (where the rules keep
//! uniqueness), the VWXYZ-wing 6.2 and the aligned pair exclusion 6.2 over every peer;
//! then the chains (`chains::RuledChains`: the plain road, or the classic road where the
//! rules' links are the classic ones, anti-knight and anti-king): cycles and
//! forcing chains 6.5-7.0+, the aligned triple exclusion 7.5 over every peer, nishio
//! 7.5+, multiple 8.0+, dynamic forcing chains 8.5+ and dynamic forcing chains (+)
//! 9.0+ (their nested rules the variant set's: generalized intersections, hidden pairs,
//! generalized naked pairs, X-wings), their links from groups only as in Sukaku
//! Explainer v1.15.10 (under nc alone the classic producers find the same steps); then
//! the nested chains of levels 2 to 4 (9.5+, 10.0+, 10.5+): where the rules' groups are
//! rows, columns and boxes (anti-knight, anti-king, nc) the classic engine with the
//! rules' level-1 rules and peers, under extra groups and jigsaw regions the plain road
//! with nesting over the rules' links.
//!
//! Sukaku Explainer takes the first step of the first producer that has one, so a path
//! that these rungs take to the solution is its path, and the hardest step its ER. Where
//! none finds anything, the path is its "Beyond solver" (20.0). A rating with a ceiling
//! leaves out the nested producers whose base is above it, and says where its path
//! would need one ([`BeyondBuilt`]). A rating walks the path with the singles its
//! hardest step allows placed together ([`closure`], the argument there). `variant_explain` serves it to SQL; the
//! yardstick (`sudoku-tools variant_ratings`) measures it against Sukaku Explainer.

use super::chains::{find, find_with_links, Producer, RuledChains};
use super::ladder::{changes, PathSoFar, Rating, BEYOND_LADDER};
use super::marks::Marks;
use super::rules::{TechniqueSet, VariantTables};
use super::step::{Step, Technique};
use super::techniques::aligned::{aligned_pair_exclusion_in, aligned_triple_exclusion_in};
use super::techniques::fish::fish;
use super::techniques::intersections::{
    direct_intersection_in, generalized_intersection_in, pointing_claiming_in,
};
use super::techniques::nc::{nc_forcing_cell, nc_locked};
use super::techniques::singles::{full_house_in, hidden_single_in, naked_single};
use super::techniques::strong_links::{three_strong_links, three_strong_links_in, turbot_fish_in};
use super::techniques::subsets::{hidden_subset_in, naked_subset_in};
use super::techniques::uniqueness::{bug_in, unique_loop_in};
use super::techniques::wings::{als_wing_in, wing_in};
use super::wording::{sentences_off, sentences_wanted};
use crate::variant::GroupKind;

mod closure;
use closure::{Closed, Places};

/// The easiest step from `m` under the rules among the built rungs; `None` when none
/// applies (or the grid is solved).
pub fn next_step_in(m: &Marks, t: &VariantTables) -> Option<Step> {
    next_step_in_with(m, t, true, &mut || {})
}

/// [`next_step_in`] for a puzzle with one solution where `unique`; else the uniqueness
/// techniques (they assume one solution) and the chains are left out, as the classic
/// ladder's `LadderOptions` leaves them out: there a chain proves nothing a guess from
/// the solution followed would not, and on a nearly empty grid the chains' searches
/// before a guess, the nested ones above all, would cost seconds to minutes. `check` is
/// called between rungs and within the chains (the interrupt hook).
pub fn next_step_in_with(
    m: &Marks,
    t: &VariantTables,
    unique: bool,
    check: &mut dyn FnMut(),
) -> Option<Step> {
    let rungs = Rungs {
        uniqueness: unique,
        nested_up_to: u16::MAX,
        chains: unique,
    };
    next_step_after(m, t, Closed::default(), rungs, check)
}

/// Which rungs a walk may take besides those every position tries: the uniqueness
/// techniques (a single solution), the chains, and among them the nested producers of
/// levels 2 to 4 whose base rating is `nested_up_to` or less (a rating with a ceiling
/// leaves out those whose every step would be above it).
#[derive(Clone, Copy)]
struct Rungs {
    uniqueness: bool,
    chains: bool,
    nested_up_to: u16,
}

impl Rungs {
    /// True when every producer Sukaku Explainer has is tried.
    fn every_producer(self) -> bool {
        self.nested_up_to >= nested_base(Producer::Nested4(0))
    }
}

/// The base rating (tenths) of a nested producer: 9.5, 10.0, 10.5 for levels 2, 3, 4.
fn nested_base(p: Producer) -> u16 {
    match p.nesting() {
        Some((level, _)) => 85 + 5 * u16::from(level),
        None => 0,
    }
}

/// [`next_step_in_with`] at a position a rating's closure left, skipping the rungs it
/// left nothing for (`closed`): the same step.
fn next_step_after(
    m: &Marks,
    t: &VariantTables,
    closed: Closed,
    rungs: Rungs,
    check: &mut dyn FnMut(),
) -> Option<Step> {
    if m.is_solved() {
        return None;
    }
    below_unique_loops(m, t, closed)
        .or_else(|| from_unique_loops(m, t, rungs.uniqueness))
        .or_else(|| {
            let nested_up_to = rungs.nested_up_to;
            rungs
                .chains
                .then(|| chains(m, t, nested_up_to, check))
                .flatten()
        })
}

/// The chains under rules, in Sukaku Explainer's order (`Producer::ALL`), with the
/// aligned triple exclusion (7.5) between the first producer and the second; the nested
/// producers (levels 2 to 4) whose base rating is `nested_up_to` or less.
///
/// Under nc alone with boxes the classic producers find the steps: there the groups are
/// rows, columns and boxes and the peers the classic ones (nc adds none, and Sukaku
/// Explainer's chains take no nc link), so the plain road under the rules (`chains::find_in`)
/// gives the classic producers' steps (`chains::ruled` tests compare them, the nested
/// ones included), and the classic roads are the faster. On the nc puzzles this engine
/// makes (6 or 7 givens when minimal) nc's rules give the flat chains little, and the
/// nested searches on such grids take a minute or more.
fn chains(
    m: &Marks,
    t: &VariantTables,
    nested_up_to: u16,
    check: &mut dyn FnMut(),
) -> Option<Step> {
    // The plain road's links and grid, made once for every producer.
    let road = (!classic_chains(t)).then(|| RuledChains::new(m, t));
    for (i, producer) in Producer::ALL.into_iter().enumerate() {
        if producer.nesting().is_some() && nested_base(producer) > nested_up_to {
            break;
        }
        check();
        let step = match &road {
            Some(road) => road.find(producer, check),
            // (A rating writes no sentence and draws no link.)
            None if sentences_wanted() => find_with_links(m, producer, check),
            None => find(m, producer, check),
        };
        if step.is_some() {
            return step;
        }
        if i == 0 {
            if let Some(step) = aligned_triple_exclusion_in(m, t) {
                return Some(step);
            }
        }
    }
    None
}

/// True where the classic chain producers serve the rules: nc alone, with boxes.
pub(crate) fn classic_chains(t: &VariantTables) -> bool {
    t.technique_set() == TechniqueSet::NcOnly
        && matches!(t.slot_kind(18), Some((GroupKind::Box, _)))
}

/// The rungs up to the XYZ-wing (4.4), which every technique set has, but those a
/// closure left nothing for (`closed`).
fn below_unique_loops(m: &Marks, t: &VariantTables, closed: Closed) -> Option<Step> {
    let nc = matches!(
        t.technique_set(),
        TechniqueSet::NcOnly | TechniqueSet::Groups { nc: true, .. }
    );
    let unless = |skip: bool, rung: &dyn Fn() -> Option<Step>| (!skip).then(rung).flatten();
    unless(closed.full_house, &|| full_house_in(m, t))
        .or_else(|| unless(closed.hidden_single, &|| hidden_single_in(m, t)))
        .or_else(|| direct_intersection_in(m, t))
        .or_else(|| hidden_subset_in(m, t, 2, true))
        .or_else(|| unless(closed.naked_single, &|| naked_single(m)))
        .or_else(|| nc.then(|| nc_forcing_cell(m, t)).flatten())
        .or_else(|| nc.then(|| nc_locked(m, t)).flatten())
        .or_else(|| hidden_subset_in(m, t, 3, true))
        .or_else(|| match t.technique_set() {
            TechniqueSet::Groups { .. } => unless(closed.generalized_intersection, &|| {
                generalized_intersection_in(m, t)
            }),
            _ => pointing_claiming_in(m, t),
        })
        .or_else(|| naked_subset_in(m, t, 2))
        .or_else(|| fish(m, 2))
        .or_else(|| hidden_subset_in(m, t, 2, false))
        .or_else(|| naked_subset_in(m, t, 3))
        .or_else(|| fish(m, 3))
        .or_else(|| hidden_subset_in(m, t, 3, false))
        .or_else(|| turbot_fish_in(m, t))
        .or_else(|| wing_in(m, t, false))
        .or_else(|| wing_in(m, t, true))
}

/// The rungs from the unique loops (4.5) on, as far as built, in Sukaku Explainer's
/// order: unique loops (where the rules keep uniqueness: classic boxes or jigsaw regions,
/// extra groups without anti-chess or nc), naked quad (generalized under variants) 5.0,
/// jellyfish 5.2, hidden quad 5.4, three strong links (classic and nc alone; rows,
/// columns and boxes, or the jigsaw regions in their place: `three_strong_links_in`), WXYZ-wing
/// 5.5-5.6, the bivalue universal grave over every group (where the rules keep
/// uniqueness), the VWXYZ-wing 6.2-6.4 and the aligned pair exclusion 6.2; the chains
/// follow ([`next_step_in_with`]).
fn from_unique_loops(m: &Marks, t: &VariantTables, allowed: bool) -> Option<Step> {
    let set = t.technique_set();
    let uniqueness = allowed
        && matches!(
            set,
            TechniqueSet::Classic
                | TechniqueSet::Groups {
                    uniqueness: true,
                    ..
                }
        );
    let three_links = matches!(set, TechniqueSet::Classic | TechniqueSet::NcOnly);
    let step = uniqueness
        .then(|| unique_loop_in(m, t))
        .flatten()
        .or_else(|| naked_subset_in(m, t, 4))
        .or_else(|| fish(m, 4))
        .or_else(|| hidden_subset_in(m, t, 4, false));
    if step.is_some() {
        return step;
    }
    // Jigsaw regions in place of the boxes: the three strong links over them.
    let boxes = matches!(t.slot_kind(18), Some((GroupKind::Box, _)));
    let three = |m| match boxes {
        true => three_strong_links(m),
        false => three_strong_links_in(m, t),
    };
    three_links
        .then(|| three(m))
        .flatten()
        .or_else(|| als_wing_in(m, t, 3))
        .or_else(|| uniqueness.then(|| bug_in(m, t)).flatten())
        .or_else(|| als_wing_in(m, t, 4))
        .or_else(|| aligned_pair_exclusion_in(m, t))
}

/// Why a rating with a ceiling ([`rate_up_to_in`]) gives none: its rungs stop with
/// `blanks` cells open, where the nested producers it left out would go on (or a step
/// changed nothing, which no producer gives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeyondBuilt {
    pub blanks: usize,
}

/// The ER rating (with EP and ED) of a 9×9 puzzle under the rules, when the built rungs
/// solve it; its digits (0 blank) must obey the rules and have one solution (the caller
/// checks). A path no producer of Sukaku Explainer's can go on with rates 20.0 ([`BEYOND_LADDER`], its "Beyond solver"), as
/// a classic puzzle does. `check` is called between steps (the interrupt hook).
pub fn rate_in(
    digits: &[u8],
    t: &VariantTables,
    check: &mut dyn FnMut(),
) -> Result<Rating, BeyondBuilt> {
    rate_marks_in(t.marks_of(digits), t, check)
}

/// [`rate_in`], stopping as soon as a step rates above `ceiling` (tenths): the same
/// rating when it is `ceiling` or less; else an ER above `ceiling` (the hardest step met,
/// a lower bound of the ER: the rest of the path cannot bring it back), or no rating.
/// A nested producer whose base rating is above `ceiling` (9.5, 10.0, 10.5 for levels 2,
/// 3, 4) is not tried: any step of it rates above `ceiling`, so a path that needs it rates
/// above whatever it finds; where nothing else applies the path is [`BeyondBuilt`]. A
/// generator asking for at most
/// `ceiling` reads the same verdict (in the range or not) as from [`rate_in`], without
/// the work past it.
pub fn rate_up_to_in(
    digits: &[u8],
    t: &VariantTables,
    ceiling: u16,
    check: &mut dyn FnMut(),
) -> Result<Rating, BeyondBuilt> {
    rate_marks_up_to_in(t.marks_of(digits), t, ceiling, check)
}

/// [`rate_in`] from a position (a player's pencil marks), trusting it has a single
/// solution. The path's steps are the ladder's, but for the singles (and from 2.9 the
/// generalized intersections) the hardest step so far allows, applied together after
/// each step ([`closure`]), and no step writes its
/// sentence (a rating reads none). A step that changes nothing stops the path as the
/// built rungs' end does.
pub fn rate_marks_in(
    m: Marks,
    t: &VariantTables,
    check: &mut dyn FnMut(),
) -> Result<Rating, BeyondBuilt> {
    rate_marks_up_to_in(m, t, u16::MAX, check)
}

/// [`rate_marks_in`] with [`rate_up_to_in`]'s `ceiling`.
fn rate_marks_up_to_in(
    m: Marks,
    t: &VariantTables,
    ceiling: u16,
    check: &mut dyn FnMut(),
) -> Result<Rating, BeyondBuilt> {
    let _sentences = sentences_off();
    let rungs = Rungs {
        uniqueness: true,
        chains: true,
        nested_up_to: ceiling,
    };
    RatingWalk::new(m, t).walk(rungs, ceiling, check).outcome()
}

/// [`rate_marks_in`] for a position whose solutions are not counted yet: `count(check)`
/// counts them (up to 2), and the rating is `None` unless there is one. The count is
/// made only when the path does not show it: a path that the rungs below the chains
/// take to the solution, with no step that assumes one solution (unique loops, the
/// bivalue universal grave) and only candidates placed, shows that the puzzle has one
/// ([`RatingWalk::shows_one_solution`]). Otherwise the walk stops below the chains (a
/// puzzle with no solution or several never meets them), the solutions are counted and,
/// with one, the walk goes on from where it stopped: the same path and rating as
/// [`rate_marks_in`] after a count.
pub fn rate_marks_counting(
    m: Marks,
    t: &VariantTables,
    count: &mut dyn FnMut(&mut dyn FnMut()) -> u64,
    check: &mut dyn FnMut(),
) -> Result<Option<Rating>, BeyondBuilt> {
    let _sentences = sentences_off();
    let below = Rungs {
        uniqueness: true,
        chains: false,
        nested_up_to: u16::MAX,
    };
    let mut walk = RatingWalk::new(m, t);
    let first = walk.walk(below, u16::MAX, check);
    if !walk.shows_one_solution() && count(check) != 1 {
        return Ok(None);
    }
    let walked = match first {
        Walked::ChainsNext => walk.walk(
            Rungs {
                chains: true,
                ..below
            },
            u16::MAX,
            check,
        ),
        done => done,
    };
    walked.outcome().map(Some)
}

/// A rating's walk along the path: the position, the rating so far, the closure's
/// state, and whether the path shows the puzzle has one solution. It can stop below the
/// chains and go on later ([`rate_marks_counting`]).
struct RatingWalk<'t> {
    t: &'t VariantTables,
    m: Marks,
    rating: Rating,
    so_far: PathSoFar,
    closed: Closed,
    places: Places,
    /// A step assumed the solution unique (unique loops, the bivalue universal grave).
    assumed_one_solution: bool,
}

/// Where a [`RatingWalk::walk`] stopped.
enum Walked {
    /// The rating, or why there is none: the walk's end.
    Done(Result<Rating, BeyondBuilt>),
    /// No rung below the chains applies, and the walk leaves the chains out.
    ChainsNext,
}

impl Walked {
    /// The walk's end (a walk that takes the chains always comes to it).
    fn outcome(self) -> Result<Rating, BeyondBuilt> {
        match self {
            Walked::Done(result) => result,
            Walked::ChainsNext => unreachable!("a walk with the chains ends"),
        }
    }
}

impl<'t> RatingWalk<'t> {
    fn new(m: Marks, t: &'t VariantTables) -> RatingWalk<'t> {
        RatingWalk {
            t,
            m,
            rating: Rating::default(),
            so_far: PathSoFar::default(),
            closed: Closed::default(),
            places: Places::of(&m),
            assumed_one_solution: false,
        }
    }

    /// Walks on with `rungs` until the grid is solved, a step rates above `ceiling`
    /// (then that rating, a lower bound of the ER), or no rung applies: the ladder's end
    /// ([`BeyondBuilt`], or 20.0 where every producer is tried), or [`Walked::ChainsNext`]
    /// when the rungs leave the chains out.
    fn walk(&mut self, rungs: Rungs, ceiling: u16, check: &mut dyn FnMut()) -> Walked {
        let t = self.t;
        while !self.m.is_solved() {
            check();
            let beyond = BeyondBuilt {
                blanks: self.m.blanks(),
            };
            let Some(step) = next_step_after(&self.m, t, self.closed, rungs, check) else {
                if !rungs.chains {
                    return Walked::ChainsNext;
                }
                if !rungs.every_producer() {
                    return Walked::Done(Err(beyond));
                }
                // Every producer tried: Sukaku Explainer's "Beyond solver".
                self.rating.er = BEYOND_LADDER;
                if !self.so_far.placed {
                    self.rating.ep = BEYOND_LADDER;
                }
                if !self.so_far.stepped {
                    self.rating.ed = BEYOND_LADDER;
                }
                return Walked::Done(Ok(self.rating));
            };
            if !changes(&step, &self.m) {
                return Walked::Done(Err(beyond));
            }
            self.rating.add(&step, &mut self.so_far);
            self.assumed_one_solution |=
                matches!(step.technique, Technique::UniqueLoop(_) | Technique::Bug(_));
            if self.rating.er > ceiling {
                return Walked::Done(Ok(self.rating));
            }
            self.places.apply(&mut self.m, t, &step);
            if self.so_far.placed {
                self.closed = closure::close(&mut self.m, t, self.rating.er, &mut self.places);
            }
        }
        Walked::Done(Ok(self.rating))
    }

    /// True when the walk solved the grid by steps that hold in every solution (none
    /// assumed one solution), placing only candidates. Then the grid breaks no rule: a
    /// cell took a digit only while no peer held it and, under nc, no neighbour held
    /// the digits next to it (placing takes those from them), so it is a solution; and
    /// every solution keeps to every step, so it is the only one.
    fn shows_one_solution(&self) -> bool {
        self.m.is_solved() && !self.assumed_one_solution && !self.places.placed_off_candidates()
    }
}

/// For the snapshot tests: positions with more candidates than `m` where `find` finds
/// nothing, so that at `m` every step it finds holds a cell that changed since: `m` with
/// one cell of `step` (one `find` finds at `m`) given every digit back, for each cell
/// where that leaves nothing to find; and `m` with the cells of `step`, then of each step
/// `find` finds on the way, given every digit back.
#[cfg(test)]
pub(crate) fn positions_without(
    m: &Marks,
    step: &Step,
    find: impl Fn(&Marks) -> Option<Step>,
) -> Vec<Marks> {
    let widened = |before: &Marks, cells: &[u8]| {
        let mut out = *before;
        for &c in cells {
            if out.values[usize::from(c)] == 0 {
                out.cands[usize::from(c)] = 0x1ff;
            }
        }
        out
    };
    let mut out: Vec<Marks> = step
        .cells
        .iter()
        .map(|&c| widened(m, &[c]))
        .filter(|before| find(before).is_none())
        .collect();
    let mut before = widened(m, &step.cells);
    while let Some(step) = find(&before) {
        before = widened(&before, &step.cells);
    }
    out.push(before);
    out
}

/// For the techniques' tests: walks the ladder along `count` generated puzzles of each
/// rule set in `rules` (seed `seed`, digging stopped at `clues` givens), calling
/// `visit(rules, position, tables, solution)` at every position that has a next step
/// below the nested chains (a path that needs them stops there: their searches on some
/// minimal anti-knight puzzles take minutes, and the techniques' tests are about the
/// rungs below).
#[cfg(test)]
pub(crate) fn walk_generated_paths(
    rules: &[&str],
    (seed, count, clues): (u64, u64, usize),
    mut visit: impl FnMut(&str, &Marks, &VariantTables, &[u8]),
) {
    use crate::variant::generate::{generate_variant, VariantOptions};
    use crate::variant::{Geometry, Rules, Shape};
    let options = VariantOptions {
        clues,
        ..VariantOptions::default()
    };
    for &text in rules {
        let rules = Rules::parse(text).unwrap();
        for i in 0..count {
            let g = generate_variant(Shape::NINE, &rules, seed, i, &options, &mut || {}).unwrap();
            let t = VariantTables::new(&Geometry::new(Shape::NINE, &g.rules).unwrap()).unwrap();
            let mut m = t.marks_of(&g.puzzle.cells);
            let flat = Rungs {
                uniqueness: true,
                chains: true,
                nested_up_to: 0,
            };
            while let Some(step) = next_step_after(&m, &t, Closed::default(), flat, &mut || {}) {
                visit(text, &m, &t, &g.solution);
                t.apply(&step, &mut m);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::generate::{generate_variant, VariantOptions};
    use crate::variant::{Geometry, Rules, Shape};

    fn tables(rules: &Rules) -> VariantTables {
        VariantTables::new(&Geometry::new(Shape::NINE, rules).unwrap()).unwrap()
    }

    /// The givens the tests dig nc puzzles down to: minimal ones (6 to 8 givens) need the
    /// nested chains on nearly empty grids, a minute or more each; with 16, most rate
    /// 1.5 to 3.4 and a few need the chains.
    const NC_CLUES: usize = 16;

    /// The givens the tests dig puzzles under `text` down to, `clues` asked: at least
    /// [`NC_CLUES`] under nc, and under a knight's move with an extra group (minimal
    /// ones need the nested chains on nearly empty grids, minutes each, as Sukaku
    /// Explainer's do).
    fn dug_to(text: &str, clues: usize) -> usize {
        let groups = ["x", "windoku", "dg", "girandola", "asterisk", "center-dot"];
        let extra = text.split(',').any(|r| groups.contains(&r));
        let slow = text.split(',').any(|r| r == "nc") || (extra && text.contains("anti-knight"));
        if slow {
            clues.max(NC_CLUES)
        } else {
            clues
        }
    }

    #[test]
    fn under_classic_rules_it_rates_as_the_classic_ladder_up_to_its_built_rungs() {
        // Generated puzzles, and the puzzles of the chain tests' fixtures (positions
        // where Sukaku Explainer took each kind of chain).
        let t = tables(&Rules::classic());
        let mut puzzles: Vec<crate::Puzzle> = (0..80)
            .map(|i| crate::generate::generate(39, i, crate::Options::default()).puzzle)
            .collect();
        puzzles.extend(
            crate::logic::chains::tests::FIXTURES
                .iter()
                .map(|f| crate::Puzzle::parse(f.puzzle).unwrap()),
        );
        // Every producer is built where the groups are rows, columns and boxes: every
        // puzzle is rated, the nested chains (9.5 and up) included.
        let (mut chains, mut nested) = (0, 0);
        for p in &puzzles {
            let classic = crate::logic::rate(p, &mut || {});
            let rating = rate_in(p.values(), &t, &mut || {});
            assert_eq!(rating, Ok(classic), "{}", p.to_line());
            chains += usize::from(classic.er >= 65);
            nested += usize::from(classic.er >= nested_base(Producer::Nested2));
        }
        assert!(
            chains > 20 && nested > 1,
            "{chains} rated by chains, {nested} by nested chains"
        );
    }

    /// The rating the plain way: every step from the ladder, one at a time, sentences
    /// written, stopping as [`rate_up_to_in`] does above `ceiling`; 20.0 where every
    /// producer is tried and none applies.
    fn rate_stepwise(
        digits: &[u8],
        t: &VariantTables,
        ceiling: u16,
    ) -> Result<Rating, BeyondBuilt> {
        let mut m = t.marks_of(digits);
        let (mut rating, mut so_far) = (Rating::default(), PathSoFar::default());
        let rungs = Rungs {
            uniqueness: true,
            chains: true,
            nested_up_to: ceiling,
        };
        while !m.is_solved() {
            let Some(step) = next_step_after(&m, t, Closed::default(), rungs, &mut || {}) else {
                if !rungs.every_producer() {
                    return Err(BeyondBuilt { blanks: m.blanks() });
                }
                rating.er = BEYOND_LADDER;
                rating.ep = if so_far.placed {
                    rating.ep
                } else {
                    BEYOND_LADDER
                };
                rating.ed = if so_far.stepped {
                    rating.ed
                } else {
                    BEYOND_LADDER
                };
                return Ok(rating);
            };
            assert!(crate::logic::wording::sentences_wanted() && !step.explanation.is_empty());
            rating.add(&step, &mut so_far);
            if rating.er > ceiling {
                return Ok(rating);
            }
            t.apply(&step, &mut m);
        }
        Ok(rating)
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "long in a debug build")]
    fn under_anti_chess_the_nested_steps_are_sound() {
        // Minimal anti-king puzzles, some of whose paths take nested chains: every step
        // of the ladder (links drawn, sentences written) is sound, and the paths end
        // solved or where Sukaku Explainer's producers all stop.
        use crate::logic::chains::ChainKind;
        use crate::logic::Technique;
        let (mut nested, mut beyond) = (0, 0);
        let rules = Rules::parse("anti-king").unwrap();
        for i in 0..8 {
            let g = generate_variant(
                Shape::NINE,
                &rules,
                67,
                i,
                &VariantOptions::default(),
                &mut || {},
            )
            .unwrap();
            let t = tables(&g.rules);
            let mut m = t.marks_of(&g.puzzle.cells);
            while let Some(step) = next_step_in(&m, &t) {
                assert!(step.is_sound(&g.solution), "{}", step.explanation);
                if let Technique::Chain(ChainKind::Nested(level)) = step.technique {
                    assert!(level >= 2 || step.rating >= 90, "{}", step.explanation);
                    nested += usize::from(level >= 2);
                    assert!(!step.links.is_empty(), "{}", step.explanation);
                }
                t.apply(&step, &mut m);
            }
            beyond += usize::from(!m.is_solved());
        }
        assert!(nested > 0, "{nested} nested steps, {beyond} paths beyond");
    }

    #[test]
    fn placing_singles_in_one_pass_keeps_the_rating_under_rules() {
        // Minimal puzzles (up to the chains) and fuller ones (singles, subsets) of every
        // family of rules.
        let (mut rated, mut beyond, mut hard) = (0, 0, 0);
        for text in [
            "x",
            "windoku",
            "dg",
            "girandola,asterisk",
            "center-dot",
            "anti-knight",
            "anti-king",
            "nc",
            "x,nc",
            "jigsaw",
        ] {
            let rules = Rules::parse(text).unwrap();
            for (i, clues) in [(0, 0), (1, 0), (2, 0), (3, 26), (4, 30), (5, 24)] {
                let options = VariantOptions {
                    clues: dug_to(text, clues),
                    ..VariantOptions::default()
                };
                let g = generate_variant(Shape::NINE, &rules, 61, i, &options, &mut || {}).unwrap();
                let t = tables(&g.rules);
                // (Up to level 3: the level-4 searches on minimal anti-knight puzzles
                // take minutes; the closure's argument is the same at every level.)
                let ceiling = nested_base(Producer::Nested3);
                let fast = rate_up_to_in(&g.puzzle.cells, &t, ceiling, &mut || {});
                assert_eq!(
                    fast,
                    rate_stepwise(&g.puzzle.cells, &t, ceiling),
                    "{text}: {:?}",
                    g.puzzle.cells
                );
                match fast {
                    Ok(r) => {
                        rated += 1;
                        hard += usize::from(r.er >= 40);
                    }
                    Err(_) => beyond += 1,
                }
            }
        }
        assert!(
            rated > 40 && hard > 5,
            "{rated} rated ({hard} at 4.0 or more), {beyond} beyond"
        );
    }

    #[test]
    fn the_searches_memos_change_no_step_and_no_rating() {
        // One set of tables per rule set, its memos warm from the puzzles before (and from
        // the steps before on the same path), against fresh tables for every puzzle.
        let mut steps = 0;
        for text in [
            "x",
            "windoku,dg",
            "asterisk",
            "anti-king",
            "nc",
            "x,anti-knight",
        ] {
            let rules = Rules::parse(text).unwrap();
            let warm = tables(&rules);
            for i in 0..8 {
                let clues = [0, 24][i as usize % 2];
                let options = VariantOptions {
                    clues: dug_to(text, clues),
                    ..VariantOptions::default()
                };
                let g = generate_variant(Shape::NINE, &rules, 67, i, &options, &mut || {}).unwrap();
                let cold = || tables(&rules);
                let digits = &g.puzzle.cells;
                assert_eq!(
                    rate_in(digits, &warm, &mut || {}),
                    rate_in(digits, &cold(), &mut || {}),
                    "{text}: {digits:?}"
                );
                let (mut a, mut b) = (warm.marks_of(digits), warm.marks_of(digits));
                while let Some(step) = next_step_in(&a, &warm) {
                    assert_eq!(Some(&step), next_step_in(&b, &cold()).as_ref(), "{text}");
                    warm.apply(&step, &mut a);
                    warm.apply(&step, &mut b);
                    steps += 1;
                }
            }
        }
        assert!(steps > 500, "{steps} steps compared");
    }

    #[test]
    fn tables_are_shared_under_the_same_rules_only() {
        let shape = Shape::NINE;
        let geometry = |text| Geometry::new(shape, &Rules::parse(text).unwrap()).unwrap();
        let x = VariantTables::shared(&geometry("x")).unwrap();
        assert!(std::rc::Rc::ptr_eq(
            &x,
            &VariantTables::shared(&geometry("x")).unwrap()
        ));
        let windoku = VariantTables::shared(&geometry("windoku")).unwrap();
        assert!(!std::rc::Rc::ptr_eq(&x, &windoku));
        assert_eq!(
            windoku.active_slots(),
            tables(&Rules::parse("windoku").unwrap()).active_slots()
        );
        assert!(!std::rc::Rc::ptr_eq(
            &x,
            &VariantTables::shared(&geometry("x")).unwrap()
        ));
    }

    #[test]
    fn every_step_under_rules_is_sound_and_the_path_ends_solved() {
        let mut rated = 0;
        for text in [
            "x",
            "windoku",
            "dg",
            "girandola",
            "anti-king",
            "anti-knight",
            "nc",
            "jigsaw",
        ] {
            for i in 0..6 {
                let rules = Rules::parse(text).unwrap();
                let options = VariantOptions {
                    clues: 36,
                    ..VariantOptions::default()
                };
                let g = generate_variant(Shape::NINE, &rules, 8, i, &options, &mut || {}).unwrap();
                let t = tables(&g.rules);
                let mut m = t.marks_of(&g.puzzle.cells);
                while let Some(step) = next_step_in(&m, &t) {
                    assert!(step.is_sound(&g.solution), "{text}: {}", step.explanation);
                    t.apply(&step, &mut m);
                }
                if let Ok(rating) = rate_in(&g.puzzle.cells, &t, &mut || {}) {
                    assert!(m.is_solved(), "{text}: {}", rating.er);
                    rated += 1;
                }
            }
        }
        assert!(rated > 10, "{rated} puzzles rated");
    }

    #[test]
    fn past_the_xyz_wing_every_step_is_sound() {
        use crate::logic::Technique;
        // Without uniqueness: quads, jellyfish, three strong links (nc alone), WXYZ- and
        // VWXYZ-wings.
        let mut kinds = std::collections::BTreeSet::new();
        let rules = ["anti-knight", "anti-king", "nc", "anti-king,nc"];
        walk_generated_paths(&rules, (11, 12, 22), |text, m, t, solution| {
            if let Some(step) = from_unique_loops(m, t, true) {
                assert!(step.is_sound(solution), "{text}: {}", step.explanation);
                kinds.insert(format!("{:?}", step.technique));
            }
        });
        assert!(kinds.len() >= 3, "{kinds:?}");
        // With uniqueness: unique loops and the bivalue universal grave over every group.
        let (mut loops, mut steps) = (0, 0);
        walk_generated_paths(
            &["x", "dg", "windoku", "jigsaw"],
            (11, 12, 22),
            |text, m, t, solution| {
                if let Some(step) = from_unique_loops(m, t, true) {
                    assert!(step.is_sound(solution), "{text}: {}", step.explanation);
                    loops += usize::from(matches!(step.technique, Technique::UniqueLoop(_)));
                    steps += 1;
                }
            },
        );
        assert!(
            loops > 5 && steps > loops,
            "{loops} unique loops in {steps} steps"
        );
    }
}
