//! Tests of the chains under rules: under classic rules every built producer gives the
//! classic producer's step (the fast road is checked against Sukaku Explainer), under
//! variant rules every chain step is sound, region chains name their group, and the
//! nested producers of levels 2 to 4 are not taken.

use super::*;
use crate::logic::rules::tables_of;
use crate::logic::Technique;

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
/// (or none), up to the first that finds one; returns its index in [`BUILT_UNDER_RULES`].
fn assert_same_as_classic(m: &Marks, rules: &str, what: &str) -> Option<usize> {
    let t = tables_of(rules);
    for (i, producer) in BUILT_UNDER_RULES.into_iter().enumerate() {
        let fast = crate::logic::chains::find_with_links(m, producer, &mut || {});
        let plain = find_in(m, &t, producer, &mut || {});
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
        let mut found = [0usize; BUILT_UNDER_RULES.len()];
        for f in crate::logic::chains::tests::FIXTURES {
            if BUILT_UNDER_RULES.contains(&f.producer) {
                let m = crate::logic::chains::tests::marks_from_729(f.marks);
                let i = assert_same_as_classic(&m, rules, f.se).expect("a step");
                assert_eq!(BUILT_UNDER_RULES[i], f.producer, "{}", f.se);
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
fn nested_producers_are_not_built_under_rules() {
    let t = tables_of("x");
    let m = t.marks_of(&[0; 81]);
    for producer in [Producer::Nested2, Producer::Nested3, Producer::Nested4(0)] {
        assert_eq!(find_in(&m, &t, producer, &mut || {}), None);
    }
}

#[test]
fn under_rules_every_chain_step_is_sound() {
    use crate::logic::variant_ladder::walk_generated_paths;
    let mut kinds = std::collections::BTreeSet::new();
    let rules = ["x", "windoku", "center-dot", "anti-king", "anti-knight"];
    walk_generated_paths(&rules, (52, 6, 0), |text, m, t, solution| {
        for producer in BUILT_UNDER_RULES {
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
