//! Tests of the canonical form (`sudoku_core::canonical`): invariance under random
//! transformations, agreement with the independent `find_transformation`, minimality
//! against an exhaustive search, idempotence, and different forms for puzzles that
//! are not equivalent.
mod common;

use common::{random_grid, Rng};
use proptest::prelude::*;
use sudoku_core::canonical::{
    canonical, canonical_with_transformation, equivalent, find_transformation, try_canonical,
    Transformation,
};
use sudoku_core::{generate, solve, Options, Puzzle, Size};

/// A transformation drawn from `seed`: transposition, band, row, stack and column orders
/// and the relabelling all random.
fn random_transformation(size: Size, seed: u64) -> Transformation {
    let mut rng = Rng::new(seed);
    let b = size.box_side();
    let shuffled = |len: usize, rng: &mut Rng| {
        let mut v: Vec<u8> = (0..len as u8).collect();
        for i in (1..len).rev() {
            v.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        v
    };
    let bands = shuffled(b, &mut rng);
    let rows: Vec<Vec<u8>> = (0..b).map(|_| shuffled(b, &mut rng)).collect();
    let stacks = shuffled(b, &mut rng);
    let cols: Vec<Vec<u8>> = (0..b).map(|_| shuffled(b, &mut rng)).collect();
    let mut digits = vec![0u8];
    digits.extend(shuffled(size.n(), &mut rng).into_iter().map(|d| d + 1));
    let rows: Vec<&[u8]> = rows.iter().map(|r| r.as_slice()).collect();
    let cols: Vec<&[u8]> = cols.iter().map(|c| c.as_slice()).collect();
    Transformation::from_chutes(
        size,
        rng.next_u64() % 2 == 1,
        &bands,
        &rows,
        &stacks,
        &cols,
        &digits,
    )
    .unwrap()
}

/// A valid 9×9 puzzle from a random grid, each cell blanked with probability `blank_pct`%.
fn cut(seed: u64, blank_pct: u64) -> Puzzle {
    let mut rng = Rng::new(seed);
    let mut cells = random_grid(&mut rng);
    for c in cells.iter_mut() {
        if rng.next_u64() % 100 < blank_pct {
            *c = 0;
        }
    }
    Puzzle::from_cells(cells)
}

/// The smallest string over all 2 × 6⁸ geometric maps, each followed by relabelling in
/// order of first appearance: the definition, computed the slow way.
fn brute_force_minlex(p: &Puzzle) -> [u8; 81] {
    let orders = all_chute_orders();
    let mut best = [u8::MAX; 81];
    for transpose in [false, true] {
        let source: Vec<u8> = (0..81)
            .map(|i| {
                if transpose {
                    p.cells[(i % 9) * 9 + i / 9]
                } else {
                    p.cells[i]
                }
            })
            .collect();
        for rows in &orders {
            for cols in &orders {
                let mut label = [0u8; 10];
                let mut next = 1;
                let mut candidate = [0u8; 81];
                let mut smaller = false;
                let mut worse = false;
                'cells: for i in 0..9 {
                    for j in 0..9 {
                        let d = source[rows[i] * 9 + cols[j]] as usize;
                        let v = if d == 0 {
                            0
                        } else {
                            if label[d] == 0 {
                                label[d] = next;
                                next += 1;
                            }
                            label[d]
                        };
                        candidate[i * 9 + j] = v;
                        if !smaller {
                            if v > best[i * 9 + j] {
                                worse = true;
                                break 'cells;
                            }
                            smaller = v < best[i * 9 + j];
                        }
                    }
                }
                if !worse && smaller {
                    best = candidate;
                }
            }
        }
    }
    best
}

fn all_chute_orders() -> Vec<[usize; 9]> {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = Vec::new();
    for chutes in &perms {
        for a in &perms {
            for b in &perms {
                for c in &perms {
                    let inner = [a, b, c];
                    let mut lines = [0; 9];
                    for k in 0..3 {
                        for m in 0..3 {
                            lines[3 * k + m] = chutes[k] * 3 + inner[k][m];
                        }
                    }
                    out.push(lines);
                }
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn form_of_a_generated_puzzle_is_invariant(seed in any::<u64>(), index in 0u64..1000, t in any::<u64>()) {
        let p = generate(seed, index, Options::default()).puzzle;
        let q = random_transformation(Size::Nine, t).apply(&p);
        prop_assert_eq!(canonical(&p), canonical(&q));
    }

    #[test]
    fn form_of_a_full_grid_is_invariant(seed in any::<u64>(), t in any::<u64>()) {
        let g = Puzzle::from_cells(generate(seed, 0, Options::default()).solution);
        let q = random_transformation(Size::Nine, t).apply(&g);
        let form = canonical(&g);
        prop_assert_eq!(form, canonical(&q));
        prop_assert_eq!(&form.to_line()[..9], "123456789");
    }

    #[test]
    fn form_of_a_cut_grid_is_invariant(seed in any::<u64>(), pct in 0u64..=100, t in any::<u64>()) {
        // Every density, from full grids to the empty puzzle, valid but not unique.
        let p = cut(seed, pct);
        let q = random_transformation(Size::Nine, t).apply(&p);
        prop_assert_eq!(canonical(&p), canonical(&q));
    }

    #[test]
    fn form_is_equivalent_idempotent_and_keeps_the_givens(seed in any::<u64>(), pct in 0u64..=100) {
        let p = cut(seed, pct);
        let (form, t) = canonical_with_transformation(&p);
        prop_assert_eq!(t.apply(&p), form);
        prop_assert_eq!(form.givens(), p.givens());
        prop_assert!(form.check_givens().is_ok());
        prop_assert_eq!(canonical(&form), form);
        // The independent search finds a map both ways, and it does map.
        let there = find_transformation(&p, &form).expect("the form is equivalent");
        prop_assert_eq!(there.apply(&p), form);
        let back = find_transformation(&form, &p).expect("and back");
        prop_assert_eq!(back.apply(&form), p);
        prop_assert!(equivalent(&p, &form));
    }

    #[test]
    fn a_changed_given_changes_the_form_unless_a_map_exists(seed in any::<u64>(), pct in 40u64..=90, start in 0usize..81, shift in 1u8..9) {
        let p = cut(seed, pct);
        // The first given from `start` (cyclically) that can take another digit validly.
        let changed = (0..81).map(|k| (start + k) % 81).filter(|&c| p.cells[c] != 0).find_map(|c| {
            (0..8u8).map(|k| (p.cells[c] - 1 + shift + k) % 9 + 1).filter(|&d| d != p.cells[c]).find_map(|d| {
                let mut cells = p.cells;
                cells[c] = d;
                let q = Puzzle::from_cells(cells);
                q.check_givens().is_ok().then_some(q)
            })
        });
        if let Some(q) = changed {
            // Equal forms exactly when the independent search finds a transformation.
            prop_assert_eq!(canonical(&p) == canonical(&q), find_transformation(&p, &q).is_some());
            prop_assert_eq!(equivalent(&p, &q), canonical(&p) == canonical(&q));
        }
    }

    #[test]
    fn four_by_four_form_is_invariant(seed in any::<u64>(), t in any::<u64>(), blanks in any::<u16>()) {
        let empty = Puzzle::parse(&".".repeat(16)).unwrap();
        let grids = solve(&empty, 288).unwrap();
        // One 4×4 grid from the first solution, transformed, then cut.
        let mut cells = [0u8; 16];
        cells.copy_from_slice(&grids.solution.unwrap()[..16]);
        let g = random_transformation(Size::Four, seed).apply(&Puzzle::with_size(Size::Four, &cells));
        let mut cut = g.cells;
        for (i, c) in cut.iter_mut().take(16).enumerate() {
            if blanks & (1 << i) != 0 {
                *c = 0;
            }
        }
        let p = Puzzle::with_size(Size::Four, &cut[..16]);
        let q = random_transformation(Size::Four, t).apply(&p);
        prop_assert_eq!(canonical(&p), canonical(&q));
        let back = find_transformation(&p, &canonical(&p)).unwrap();
        prop_assert_eq!(back.apply(&p), canonical(&p));
    }
}

#[test]
fn form_is_the_minimum_of_the_exhaustive_search() {
    // Sparse and dense puzzles, and a full grid: the form is the definition's minimum.
    for (seed, pct) in [(1u64, 80u64), (2, 50), (3, 20), (4, 0), (5, 95)] {
        let p = cut(seed, pct);
        assert_eq!(
            canonical(&p).cells,
            brute_force_minlex(&p),
            "seed {seed}, {pct}% blank"
        );
    }
    let p = generate(11, 3, Options::default()).puzzle;
    assert_eq!(canonical(&p).cells, brute_force_minlex(&p));
    // A 17-clue puzzle of Royle's list that is not written in its minlex form there.
    let p = Puzzle::parse(
        "................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8.",
    )
    .unwrap();
    let form = canonical(&p);
    assert_eq!(form.cells, brute_force_minlex(&p));
    assert_eq!(
        form.to_line(),
        "................12..1.34...........5...6.2..7..4.............4..2.7...8..6..1.3.."
    );
}

#[test]
fn a_known_17_clue_form() {
    // A 17-clue puzzle of Royle's list, which is written in minlex form: its own form;
    // and the form of a transformed copy is that puzzle again.
    let p = Puzzle::parse(
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    )
    .unwrap();
    assert_eq!(canonical(&p), p);
    assert_eq!(
        canonical(&random_transformation(Size::Nine, 3).apply(&p)),
        p
    );
}

#[test]
fn different_numbers_of_givens_give_different_forms() {
    for i in 0..20 {
        let g = generate(99, i, Options::default());
        let mut cells = g.puzzle.cells;
        let given = cells.iter().position(|&d| d != 0).unwrap();
        cells[given] = 0;
        let fewer = Puzzle::from_cells(cells);
        assert_ne!(canonical(&g.puzzle), canonical(&fewer));
        assert!(!equivalent(&g.puzzle, &fewer));
        assert!(find_transformation(&g.puzzle, &fewer).is_none());
        // A puzzle and its solution grid are not equivalent either.
        assert!(!equivalent(&g.puzzle, &Puzzle::from_cells(g.solution)));
    }
}

#[test]
fn distinct_grids_have_distinct_forms() {
    let forms: Vec<Puzzle> = (0..50)
        .map(|i| {
            canonical(&Puzzle::from_cells(
                generate(5, i, Options::default()).solution,
            ))
        })
        .collect();
    for (i, a) in forms.iter().enumerate() {
        for b in &forms[i + 1..] {
            // Random grids are almost surely inequivalent: check with the independent search.
            assert_eq!(a == b, find_transformation(a, b).is_some());
        }
    }
}

#[test]
fn the_empty_puzzle_and_symmetric_puzzles() {
    let empty = Puzzle::parse(&".".repeat(81)).unwrap();
    assert_eq!(canonical(&empty), empty);
    // A grid with many automorphisms: the most canonical grid.
    let g = Puzzle::parse(
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
    )
    .unwrap();
    assert_eq!(canonical(&g), g);
    let q = random_transformation(Size::Nine, 7).apply(&g);
    assert_eq!(canonical(&q), g);
}

#[test]
fn contradictory_givens_are_reported_by_try_canonical() {
    let p = Puzzle::parse(&format!("11{}", ".".repeat(79))).unwrap();
    assert!(try_canonical(&p).is_err());
    // canonical itself does not panic on them.
    let _ = canonical(&p);
}

#[test]
fn transformation_algebra() {
    let p = generate(3, 3, Options::default()).puzzle;
    for seed in 0..20 {
        let t = random_transformation(Size::Nine, seed);
        let u = random_transformation(Size::Nine, seed + 100);
        assert_eq!(t.inverse().apply(&t.apply(&p)), p);
        assert_eq!(t.then(&u).apply(&p), u.apply(&t.apply(&p)));
        let found = find_transformation(&p, &t.apply(&p)).unwrap();
        assert_eq!(found.apply(&p), t.apply(&p));
    }
    assert!(Transformation::new(
        Size::Nine,
        false,
        &[0, 1, 3, 2, 4, 5, 6, 7, 8],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    )
    .is_none());
    assert!(Transformation::new(
        Size::Nine,
        false,
        &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        &[0, 1, 1, 3, 4, 5, 6, 7, 8, 9]
    )
    .is_none());
}
