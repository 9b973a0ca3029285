//! Tests of the canonical form, the transformations and the isomorphism search.

use super::minlex_puzzle::{minlex_puzzle_capped, FRONTIER_CAP, LARGEST_FRONTIER};
use super::*;

fn line(text: &str) -> Puzzle {
    Puzzle::parse(text).unwrap()
}

const GRID: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn full_grid_form_starts_with_123456789() {
    let form = canonical(&line(GRID));
    assert_eq!(&form.to_line()[..9], "123456789");
}

#[test]
fn full_grid_fast_path_agrees_with_the_partition_search() {
    // The two searches share nothing but the definition.
    for seed in 0..30 {
        let g = crate::generate(seed, 0, Default::default()).solution;
        let p = Puzzle::from_cells(g);
        let (form, t) = minlex_full_grid(&p);
        assert_eq!(t.apply(&p), form);
        assert_eq!(form, minlex_puzzle(&p).0, "seed {seed}");
    }
    // A grid rich in automorphisms, where the choices of rows tie most.
    let p =
        line("123456789456789123789123456234567891567891234891234567345678912678912345912345678");
    assert_eq!(minlex_full_grid(&p).0, minlex_puzzle(&p).0);
}

/// Puzzles rich in automorphisms, where the partition search keeps the most
/// arrangements tied: a grid with a large automorphism group, with some of its
/// digits, bands or diagonals blanked, and sparse symmetric patterns.
fn symmetric_puzzles() -> Vec<Puzzle> {
    let rich = "123456789456789123789123456234567891567891234891234567345678912678912345912345678";
    let mut out = Vec::new();
    for keep in ["1", "12", "123", "1234", "12345678"] {
        out.push(line(
            &rich
                .chars()
                .map(|c| if keep.contains(c) { c } else { '.' })
                .collect::<String>(),
        ));
    }
    let by_cell = |f: &dyn Fn(usize) -> bool| -> Puzzle {
        line(
            &rich
                .char_indices()
                .map(|(i, c)| if f(i) { c } else { '.' })
                .collect::<String>(),
        )
    };
    out.push(by_cell(&|i| i / 27 == 0));
    out.push(by_cell(&|i| i / 9 == i % 9));
    out.push(by_cell(&|i| i / 9 == i % 9 || i / 9 + i % 9 == 8));
    out.push(by_cell(&|i| i % 10 == 0 || i % 4 == 0));
    let mut one = vec![b'.'; 81];
    one[40] = b'5';
    out.push(line(std::str::from_utf8(&one).unwrap()));
    out
}

#[test]
fn enumeration_fallback_agrees_with_the_partition_search() {
    // A cap of 0 sends the search to the fallback at its first level.
    let mut puzzles = symmetric_puzzles();
    puzzles.truncate(if cfg!(debug_assertions) { 1 } else { 2 });
    puzzles.push(crate::generate(5, 0, Default::default()).puzzle);
    for p in &puzzles {
        let (form, t) = minlex_puzzle_capped(p, 0);
        assert_eq!(t.apply(p), form);
        assert_eq!(form, minlex_puzzle(p).0, "{}", p.to_line());
    }
}

#[test]
fn symmetric_puzzles_stay_far_below_the_frontier_cap() {
    LARGEST_FRONTIER.with(|l| l.set(0));
    for p in symmetric_puzzles() {
        let (form, t) = minlex_puzzle(&p);
        assert_eq!(t.apply(&p), form);
    }
    let largest = LARGEST_FRONTIER.with(|l| l.get());
    eprintln!("largest frontier: {largest}");
    assert!(largest * 8 <= FRONTIER_CAP, "largest frontier {largest}");
}

#[test]
fn empty_puzzle_is_its_own_form() {
    let empty = line(&".".repeat(81));
    assert_eq!(canonical(&empty), empty);
}

#[test]
fn transformation_round_trips() {
    let p = line(GRID);
    let t = Transformation::from_chutes(
        Size::Nine,
        true,
        &[2, 0, 1],
        &[&[1, 0, 2], &[2, 1, 0], &[0, 2, 1]],
        &[1, 2, 0],
        &[&[0, 2, 1], &[1, 0, 2], &[2, 0, 1]],
        &[0, 3, 1, 4, 5, 9, 2, 6, 8, 7],
    )
    .unwrap();
    let q = t.apply(&p);
    assert_eq!(t.inverse().apply(&q), p);
    let u = find_transformation(&p, &q).unwrap();
    assert_eq!(u.apply(&p), q);
    assert_eq!(t.then(&t.inverse()).apply(&p), p);
    assert_eq!(t.then(&t).apply(&p), t.apply(&t.apply(&p)));
    assert_eq!(canonical(&p), canonical(&q));
}

#[test]
fn parts_mean_what_they_say() {
    let p = line(GRID);
    // Band 1 first, then band 0, then band 2; rows and columns otherwise in place.
    let same: &[u8] = &[0, 1, 2];
    let t = Transformation::from_chutes(
        Size::Nine,
        false,
        &[1, 0, 2],
        &[same; 3],
        &[0, 1, 2],
        &[same; 3],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    )
    .unwrap();
    let q = t.apply(&p);
    assert_eq!(q.cells[..27], p.cells[27..54]);
    assert_eq!(q.cells[27..54], p.cells[..27]);
    assert_eq!(t.bands(), vec![1, 0, 2]);
    // Transposing: result row i is source column i.
    let t = Transformation::new(
        Size::Nine,
        true,
        &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    )
    .unwrap();
    let q = t.apply(&p);
    assert!((0..81).all(|i| q.cells[i] == p.cells[(i % 9) * 9 + i / 9]));
    // Relabelling: 1 and 2 swap.
    let t = Transformation::new(
        Size::Nine,
        false,
        &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        &[0, 2, 1, 3, 4, 5, 6, 7, 8, 9],
    )
    .unwrap();
    let q = t.apply(&p);
    assert!((0..81).all(|i| q.cells[i] == [0, 2, 1, 3, 4, 5, 6, 7, 8, 9][p.cells[i] as usize]));
    assert_eq!(
        t.to_string(),
        "rows 123456789, cols 123456789, digits 1>2 2>1 3>3 4>4 5>5 6>6 7>7 8>8 9>9"
    );
}

#[test]
fn four_by_four() {
    let p = line("1.........3....2");
    let f = canonical(&p);
    assert_eq!(f.givens(), 3);
    assert_eq!(
        canonical(&Transformation::identity(Size::Four).apply(&p)),
        f
    );
    let t = find_transformation(&p, &f).unwrap();
    assert_eq!(t.apply(&p), f);
}

mod marks {
    use super::super::minlex_marks::{
        canonical_marks_by_every_map, relabel, smallest_relabelling,
        smallest_relabelling_by_every_order,
    };
    use super::super::{canonical_marks, equivalent_marks};
    use crate::generate::Rng;

    fn random_marks(rng: &mut Rng, density: u64) -> [u16; 81] {
        let mut m = [0u16; 81];
        for x in m.iter_mut() {
            while *x == 0 {
                for d in 0..9 {
                    if rng.below(100) < density {
                        *x |= 1 << d;
                    }
                }
            }
        }
        m
    }

    /// `marks` moved by a random transformation: transposed or not, bands, rows within
    /// bands, stacks, columns within stacks, digits, all shuffled.
    fn shuffled(marks: &[u16; 81], rng: &mut Rng) -> [u16; 81] {
        let perm3 = |rng: &mut Rng| {
            let mut p = [0usize, 1, 2];
            for i in (1..3).rev() {
                p.swap(i, rng.below(i as u64 + 1) as usize);
            }
            p
        };
        let (bands, stacks) = (perm3(rng), perm3(rng));
        let mut rows = [0usize; 9];
        let mut cols = [0usize; 9];
        for s in 0..3 {
            let (pr, pc) = (perm3(rng), perm3(rng));
            for x in 0..3 {
                rows[3 * s + x] = 3 * bands[s] + pr[x];
                cols[3 * s + x] = 3 * stacks[s] + pc[x];
            }
        }
        let mut labels = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        for i in (1..9).rev() {
            labels.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let transpose = rng.below(2) == 1;
        let mut out = [0u16; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = (rows[r], cols[c]);
                let cell = if transpose { 9 * sc + sr } else { 9 * sr + sc };
                out[9 * r + c] = relabel(marks[cell], &labels);
            }
        }
        out
    }

    #[test]
    fn the_refinement_gives_the_smallest_relabelling() {
        let mut rng = Rng::new(9);
        for density in [20, 50, 80] {
            let m = random_marks(&mut rng, density);
            assert_eq!(
                smallest_relabelling(&m),
                smallest_relabelling_by_every_order(&m)
            );
        }
    }

    #[test]
    fn the_search_finds_the_minimum_over_every_map() {
        let mut rng = Rng::new(3);
        // Few ties, and many (every cell with nearly every candidate).
        for density in [40, 97] {
            let m = random_marks(&mut rng, density);
            assert_eq!(
                canonical_marks(&m, &mut || {}),
                canonical_marks_by_every_map(&m)
            );
        }
    }

    #[test]
    fn equivalent_grids_share_their_canonical_form_and_others_do_not() {
        let mut rng = Rng::new(29);
        for density in [10, 30, 50, 70, 90] {
            let m = random_marks(&mut rng, density);
            let form = canonical_marks(&m, &mut || {});
            assert_eq!(canonical_marks(&form, &mut || {}), form);
            for _ in 0..3 {
                let moved = shuffled(&m, &mut rng);
                assert_eq!(canonical_marks(&moved, &mut || {}), form);
                assert!(equivalent_marks(&m, &moved, &mut || {}));
            }
            // One candidate more somewhere: another grid (its candidate count differs).
            let mut other = m;
            let cell = other.iter().position(|&x| x != 0x1FF).unwrap();
            other[cell] |= 0x1FF;
            assert!(!equivalent_marks(&m, &other, &mut || {}));
            assert_ne!(canonical_marks(&other, &mut || {}), form);
        }
        // Every cell with every candidate: one class, its own canonical form.
        let full = [0x1FFu16; 81];
        assert_eq!(canonical_marks(&full, &mut || {}), full);
    }
}
