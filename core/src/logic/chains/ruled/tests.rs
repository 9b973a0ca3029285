//! Tests of the chains under rules: under classic rules every producer gives the
//! classic producer's step (the fast road is checked against Sukaku Explainer), the
//! nested ones (levels 2 to 4) through the rules' side of their contract too; under
//! variant rules every chain step is sound, region chains name their group, and the
//! nested producers over the rules' own links give the classic steps under classic rules.

use super::*;
use crate::logic::rules::tables_of;
use crate::logic::Technique;

/// The producers below the nested ones (up to the dynamic forcing chains (+)).
const FLAT: [Producer; 5] = [
    Producer::Cycles,
    Producer::Nishio,
    Producer::Multiple,
    Producer::Dynamic,
    Producer::DynamicPlus,
];

/// The positions where the classic ladder took a chain step on the paths of `count`
/// generated puzzles (seed `seed`).
fn classic_chain_positions(seed: u64, count: u64) -> Vec<Marks> {
    let mut out = Vec::new();
    for i in 0..count {
        let g = crate::generate::generate(seed, i, crate::Options::default());
        let mut m = Marks::from_puzzle(&g.puzzle);
        while let Some(step) = crate::logic::next_step(&m, &mut || {}) {
            if matches!(step.technique, Technique::Chain(_)) {
                out.push(m);
            }
            step.apply(&mut m);
        }
    }
    out
}

/// Asserts that at `m` every built producer finds, by the plain road under `rules`
/// (whose groups and peers are the classic ones), the step the classic producer finds
/// (or none), up to the first that finds one; returns its index in [`FLAT`].
fn assert_same_as_classic(m: &Marks, rules: &str, what: &str) -> Option<usize> {
    let t = tables_of(rules);
    for (i, producer) in FLAT.into_iter().enumerate() {
        let fast = crate::logic::chains::find_with_links(m, producer, &mut || {});
        // The plain road (under classic links the road with its shortcuts takes the
        // classic producers of nishio, multiple and dynamic chains).
        let plain = RuledChains::new(m, &t).find_with(producer, &mut || {}, false);
        assert_eq!(plain, fast, "{producer:?} under {rules} at {what}");
        if plain.is_some() {
            return Some(i);
        }
    }
    None
}

#[test]
fn under_classic_rules_every_built_producer_finds_the_classic_producers_step() {
    // The classic producers reproduce Sukaku Explainer's (fingerprints over its rated
    // sets); the plain road must give the same step, or none, at every position where
    // Sukaku Explainer took a chain (the chain tests' fixtures) or the classic ladder did.
    // Under nc alone the groups and peers are the classic ones (nc adds no peer, its
    // chains no link): the same steps, which is why the variant ladder takes the classic
    // producers there (`variant_ladder::classic_chains`).
    for rules in ["classic", "nc"] {
        let mut found = [0usize; FLAT.len()];
        for f in crate::logic::chains::tests::FIXTURES {
            if FLAT.contains(&f.producer) {
                let m = crate::logic::chains::tests::marks_from_729(f.marks);
                let i = assert_same_as_classic(&m, rules, f.se).expect("a step");
                assert_eq!(FLAT[i], f.producer, "{}", f.se);
                found[i] += 1;
            }
        }
        let count = if rules == "classic" { 60 } else { 20 };
        for m in classic_chain_positions(52, count) {
            if let Some(i) = assert_same_as_classic(&m, rules, &m.to_puzzle().to_line()) {
                found[i] += 1;
            }
        }
        // Every producer met: cycles and forcing chains, nishio, multiple, dynamic,
        // dynamic (+).
        assert!(found.iter().all(|&n| n > 0), "{rules}: {found:?}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn under_classic_rules_the_nested_producers_find_the_classic_steps() {
    // The nested producers under rules are the classic engine with the rules' level-1
    // hints and peers (`RuledNest`): under classic tables (and nc alone, whose groups and
    // peers are the classic ones) those are the classic ones, so the steps, links
    // included, are the classic producers' at the positions where each level fires.
    use crate::logic::chains::levels2to4::tests::{position, LEVEL_2_AT, LEVEL_3_AT, LEVEL_4_AT};
    for rules in ["classic", "nc"] {
        let t = tables_of(rules);
        for (at, producers) in [
            (&LEVEL_2_AT, &[Producer::Nested2][..]),
            (&LEVEL_3_AT, &[Producer::Nested3][..]),
            (
                &LEVEL_4_AT,
                &[Producer::Nested4(0), Producer::Nested4(1)][..],
            ),
        ] {
            let m = position(at);
            for &producer in producers {
                let classic = crate::logic::chains::find_with_links(&m, producer, &mut || {});
                let ruled = find_in(&m, &t, producer, &mut || {});
                assert_eq!(ruled, classic, "{producer:?} under {rules}");
            }
        }
    }
    // Level 2 and 3 fire there; the level-4 position needs a nesting limit of 1.
    let m = position(&LEVEL_2_AT);
    assert!(find_in(&m, &tables_of("classic"), Producer::Nested2, &mut || {}).is_some());
}

#[test]
#[cfg_attr(debug_assertions, ignore = "long in a debug build")]
fn under_classic_rules_the_nested_producers_over_the_rules_own_links_find_the_classic_steps() {
    // Under extra groups and jigsaw regions the nested producers are the plain road's
    // dynamic chains with nesting (`inner`, `nested::InnerSearches`). Under classic
    // tables that road, forced, must give the classic engine's step (checked against
    // Sukaku Explainer), links included, where each level fires; the nesting limits 0
    // and 1 of level 4 at its position.
    use crate::logic::chains::levels2to4::tests::{position, LEVEL_2_AT, LEVEL_3_AT, LEVEL_4_AT};
    let t = tables_of("classic");
    for (at, producers) in [
        (&LEVEL_2_AT, &[Producer::Nested2][..]),
        (&LEVEL_3_AT, &[Producer::Nested2, Producer::Nested3][..]),
        (
            &LEVEL_4_AT,
            &[Producer::Nested4(0), Producer::Nested4(1)][..],
        ),
    ] {
        let m = position(at);
        let road = RuledChains::new(&m, &t);
        for &producer in producers {
            let classic = crate::logic::chains::find_with_links(&m, producer, &mut || {});
            let (level, limit) = producer.nesting().expect("nested");
            let own = road.flat_search(Flat::dynamic(level, limit), &mut || {}, true);
            assert_eq!(own, classic, "{producer:?}");
            // Each producer fires at its level's position; level 2 not at level 3's.
            let fires = !(producer == Producer::Nested2 && std::ptr::eq(at, &LEVEL_3_AT));
            assert_eq!(own.is_some(), fires, "{producer:?}");
        }
    }
}

#[test]
fn the_classic_nested_engine_serves_where_the_links_are_the_classic_ones() {
    for (rules, classic) in [
        ("classic", true),
        ("nc", true),
        ("anti-knight", true),
        ("anti-king,nc", true),
        ("x", false),
        ("windoku", false),
        ("x,anti-king", false),
        ("jigsaw=111222333111222333111222333444555666444555666444555666777888999777888999777888999", false),
    ] {
        assert_eq!(nested::classic_links(&tables_of(rules)), classic, "{rules}");
    }
}

#[test]
fn under_classic_rules_the_peers_in_sukaku_explainers_order_are_the_classic_peers() {
    // A cycle's removals follow the peers' order: the rules' order (`peer_order`) must
    // be the classic `PEERS` under classic rules, and extend it under anti-chess.
    let classic = tables_of("classic");
    let king = tables_of("anti-king");
    for cell in 0..81 {
        assert_eq!(classic.peer_order(cell), &crate::grid::PEERS[cell][..]);
        assert_eq!(&king.peer_order(cell)[..20], &crate::grid::PEERS[cell][..]);
    }
}

#[test]
fn under_rules_every_chain_step_is_sound() {
    use crate::logic::variant_ladder::walk_generated_paths;
    let mut kinds = std::collections::BTreeSet::new();
    let rules = ["x", "windoku", "center-dot", "anti-king", "anti-knight"];
    walk_generated_paths(&rules, (52, 6, 0), |text, m, t, solution| {
        for producer in FLAT {
            if let Some(step) = find_in(m, t, producer, &mut || {}) {
                assert!(step.is_sound(solution), "{text}: {}", step.explanation);
                kinds.insert(format!("{:?}", step.technique));
                break;
            }
        }
    });
    assert!(kinds.len() >= 4, "{kinds:?}");
}

#[test]
fn a_region_chain_names_its_group() {
    // Region forcing chains over an extra group name it as the rules do.
    let rules = ["x", "windoku", "dg"];
    let mut named = false;
    crate::logic::variant_ladder::walk_generated_paths(&rules, (53, 8, 0), |_, m, t, _| {
        for producer in [Producer::Multiple, Producer::Dynamic] {
            let Some(step) = find_in(m, t, producer, &mut || {}) else {
                continue;
            };
            if let Some(&unit) = step.units.first().filter(|&&u| u >= 27) {
                let name = t.slot_name(usize::from(unit));
                assert!(step.explanation.contains(&name), "{}", step.explanation);
                named = true;
            }
        }
    });
    assert!(named, "no region chain over an extra group met");
}

#[test]
fn the_searches_shortcuts_change_no_step() {
    // Cycles and forcing chains leave out the searches their pass's components rule out,
    // and the potentials that lead nowhere they look, and stop at the layer no better
    // hint lies past; nishio makes the runs its planes show meet a contradiction only;
    // static multiple chains the runs of the tests whose reach may offer; under the
    // classic links (anti-king and anti-knight here) nishio, multiple and dynamic chains take the classic
    // road: the same step, or none, as the plain way, at every position of generated
    // paths under rules.
    use crate::logic::variant_ladder::walk_generated_paths;
    let producers = [
        Producer::Cycles,
        Producer::Nishio,
        Producer::Multiple,
        Producer::Dynamic,
    ];
    let mut found = [0usize; 4];
    let rules = [
        "x",
        "windoku",
        "dg",
        "anti-king",
        "anti-knight",
        "x,anti-knight",
    ];
    walk_generated_paths(&rules, (54, 3, 0), |text, m, t, _| {
        let road = RuledChains::new(m, t);
        for (i, producer) in producers.into_iter().enumerate() {
            let fast = road.find_with(producer, &mut || {}, true);
            let plain = road.find_with(producer, &mut || {}, false);
            assert_eq!(fast, plain, "{producer:?} under {text}");
            found[i] += usize::from(fast.is_some());
        }
    });
    assert!(found.iter().all(|&n| n > 0), "{found:?}");
}

#[test]
fn an_on_lists_each_place_at_its_first_group_as_the_plain_listing_does() {
    // `on_to_off` reads each group's places through the cell's fresh positions instead
    // of testing each place against those listed: the same candidates in the same order,
    // on random candidate grids under rules with overlapping groups.
    let mut rng = crate::generate::Rng::new(62);
    let jigsaw =
        "jigsaw=AAABBBFCCAAABBBFCCAADBBEFCCADDDBEFFCDDEEEEFCCDDDEEHFFFGGGEHHHHIGGHHHIHIIGGGGIIIII";
    for rules in [
        "classic",
        "x",
        "windoku",
        "x,windoku,dg",
        "girandola,asterisk",
        "anti-king",
        jigsaw,
    ] {
        let t = tables_of(rules);
        let links = RuledLinks::new(&t);
        for _ in 0..50 {
            let mut cands = [0u16; 81];
            for c in cands.iter_mut() {
                *c = (rng.next_u64() & 0x1ff) as u16;
            }
            let grid = links.grid(&cands);
            let (mut fast, mut plain) = (Vec::new(), Vec::new());
            for cell in 0..81 {
                for d in 0..9 {
                    for cell_rule in [false, true] {
                        let c = crate::logic::primitives::Candidate::new(cell, d);
                        links.on_to_off(&grid, c, cell_rule, &mut fast);
                        links.on_to_off_plain(&grid, c, cell_rule, &mut plain);
                        assert_eq!(fast, plain, "{rules}: {c:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_classic_cycles_under_the_rules_peers_forget_what_they_learnt_under_others() {
    // Under anti-king and anti-knight the cycles take the classic road with the rules'
    // peers (`cycles::search_under`), whose memos (per thread) say where its searches
    // found nothing: a cycle that eliminates nothing by the classic peers may eliminate
    // by a king's step. Each position is searched by the classic producer first, then
    // under the rules: the rules' step must be the plain road's, and the positions where
    // the classic peers find no cycle or chain and the rules' find one (where memos kept
    // from the classic search would skip) show the test can tell.
    use crate::logic::variant_ladder::walk_generated_paths;
    let mut peers_matter = 0;
    walk_generated_paths(
        &["anti-king", "anti-knight"],
        (55, 4, 0),
        |text, m, t, _| {
            let classic = crate::logic::chains::find(m, Producer::Cycles, &mut || {});
            let road = RuledChains::new(m, t);
            let fast = road.find_with(Producer::Cycles, &mut || {}, true);
            let plain = road.find_with(Producer::Cycles, &mut || {}, false);
            assert_eq!(fast, plain, "{text}");
            peers_matter += usize::from(classic.is_none() && fast.is_some());
        },
    );
    assert!(
        peers_matter > 0,
        "no position where only the rules' peers give a step"
    );
}

#[test]
fn a_searchs_kept_level1_hints_are_the_hints_found_afresh() {
    // `InnerSearches` keeps the level-1 hints per reduced grid with the grid its run
    // started from: asked again, for the same pair or for the same reduced grid from
    // another start, it must give what `level1::hints` finds afresh. Random reductions
    // of two digits (where the generalized intersections and pairs fire) from two
    // sources that differ: the same reduced grid then has other rule parents, so a memo
    // that ignored the source would answer wrongly.
    use super::inner::InnerRules;
    use super::level1::hint_keys as key;
    for rules in ["anti-king", "windoku"] {
        let t = tables_of(rules);
        let links = RuledLinks::new(&t);
        let inner = InnerSearches::new(&t, &links);
        let (mut fired, mut sources_differ) = (0, 0);
        let wide = [0x1ffu16; 81];
        for work in super::level1::two_digit_reductions(0x9e37_79b9_7f4a_7c15, 300) {
            // A second source between the first and the reduced grid: the first's
            // candidates of digit 1 that the reduced grid lost are lost here too.
            let mut narrow = wide;
            for (n, &w) in narrow.iter_mut().zip(&work) {
                *n &= w | !0b10;
            }
            let w = links.grid(&work);
            for source in [wide, narrow, wide, wide, narrow] {
                let s = links.grid(&source);
                let kept = inner.level1_hints(&s, &w, None);
                let fresh = super::level1::hints(&links, &s, &w);
                assert_eq!(key(&kept), key(&fresh), "{rules}");
                fired += usize::from(!fresh.is_empty());
            }
            let (a, b) = (links.grid(&wide), links.grid(&narrow));
            sources_differ += usize::from(
                key(&super::level1::hints(&links, &a, &w))
                    != key(&super::level1::hints(&links, &b, &w)),
            );
        }
        assert!(fired > 100, "{rules}: {fired} asks with hints");
        assert!(
            sources_differ > 10,
            "{rules}: {sources_differ} grids whose hints depend on the source"
        );
    }
}

#[test]
fn the_level1_hints_kept_and_read_where_places_changed_change_no_step() {
    // The dynamic chains (+) under rules take their runs' level-1 hints from the search's
    // memo (`nested::InnerSearches`), and a run asking again reads the generalized
    // intersections only where places changed since its last ask (`level1::hints_since`):
    // the same step, or none, as with both left out (`levels2to4::plain`), at every
    // position of generated paths under rules whose dynamic chains (+) take the plain road.
    use crate::logic::chains::levels2to4::plain::set_plain;
    use crate::logic::variant_ladder::walk_generated_paths;
    let mut found = 0;
    walk_generated_paths(
        &["anti-knight", "windoku", "x"],
        (57, 2, 0),
        |text, m, t, _| {
            let road = RuledChains::new(m, t);
            let fast = road.find(Producer::DynamicPlus, &mut || {});
            set_plain(true);
            let plain = road.find(Producer::DynamicPlus, &mut || {});
            set_plain(false);
            assert_eq!(fast, plain, "{text}");
            found += usize::from(fast.is_some());
        },
    );
    assert!(found > 10, "{found} positions with a step");
}
