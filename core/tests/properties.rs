//! Property tests of the core: random puzzles cut from random valid grids.
mod common;

use common::{naive_count, random_grid, Rng};
use proptest::prelude::*;
use sudoku_core::{
    candidates, is_solution_of, solve, solve_observed, solve_plain_observed, Layout, Observer,
    Puzzle,
};

/// Every solution a search finds, in order.
struct Collect(Vec<[u8; 81]>);
impl Observer for Collect {
    fn solution(&mut self, grid: &[u8; 81]) {
        self.0.push(*grid);
    }
}

/// A puzzle made from a random grid by blanking each cell with probability `blank_pct`%.
fn cut(seed: u64, blank_pct: u64) -> ([u8; 81], Puzzle) {
    let mut rng = Rng::new(seed);
    let grid = random_grid(&mut rng);
    let mut cells = grid;
    for c in cells.iter_mut() {
        if rng.next_u64() % 100 < blank_pct {
            *c = 0;
        }
    }
    (grid, Puzzle::from_cells(cells))
}

proptest! {
    #[test]
    fn every_solution_is_complete_valid_and_keeps_the_givens(seed in any::<u64>(), pct in 0u64..=100) {
        let (grid, p) = cut(seed, pct);
        let out = solve(&p, 2).unwrap();
        // The grid it was cut from is a solution, so there is at least one.
        prop_assert!(out.count >= 1);
        prop_assert!(is_solution_of(&p, &out.solution.unwrap()));
        if out.count == 1 {
            // A unique puzzle round-trips to the grid it was cut from.
            prop_assert_eq!(out.solution.unwrap(), grid);
        }
    }

    #[test]
    fn relabelling_digits_relabels_the_solution(seed in any::<u64>(), pct in 30u64..=90, perm_seed in any::<u64>()) {
        let (_, p) = cut(seed, pct);
        let mut perm: Vec<u8> = (1..=9).collect();
        Rng::new(perm_seed).shuffle(&mut perm);
        let relabel = |cells: [u8; 81]| cells.map(|d| if d == 0 { 0 } else { perm[d as usize - 1] });
        let q = Puzzle::from_cells(relabel(p.cells));
        let a = solve(&p, 2).unwrap();
        let b = solve(&q, 2).unwrap();
        prop_assert_eq!(a.count, b.count);
        if a.count == 1 {
            prop_assert_eq!(b.solution.unwrap(), relabel(a.solution.unwrap()));
        }
    }

    #[test]
    fn counts_agree_with_a_naive_counter(seed in any::<u64>(), pct in 20u64..=55, extra in 0usize..81, digit in 1u8..=9) {
        // Cut a puzzle, then maybe overwrite one cell with another digit: that makes
        // puzzles with 0 solutions (or contradictory givens) as well as 1 and several.
        let (_, p) = cut(seed, pct);
        let mut cells = p.cells;
        if seed % 3 == 0 {
            cells[extra] = digit;
        }
        let p = Puzzle::from_cells(cells);
        match solve(&p, 4) {
            Ok(out) => prop_assert_eq!(out.count, naive_count(&p, 4)),
            Err(_) => prop_assert_eq!(naive_count(&p, 4), 0),
        }
    }

    #[test]
    fn candidates_match_the_definition(seed in any::<u64>(), pct in 0u64..=100) {
        let (_, p) = cut(seed, pct);
        let masks = candidates(&p).unwrap();
        for cell in 0..81 {
            if p.cells[cell] != 0 {
                prop_assert_eq!(masks[cell], 0);
                continue;
            }
            for d in 1..=9u8 {
                let mut q = p.cells;
                q[cell] = d;
                let allowed = Puzzle::from_cells(q).check_givens().is_ok();
                prop_assert_eq!(masks[cell] & (1 << (d - 1)) != 0, allowed);
            }
        }
    }

    #[test]
    fn any_layout_parses_to_the_same_puzzle_and_renders_back(seed in any::<u64>(), pct in 0u64..=100, style in 0usize..4, noise in proptest::collection::vec(0usize..8, 81)) {
        let (grid, p) = cut(seed, pct);
        let blank = ['.', '0', '?', '.'][style];
        let seps = ["", " ", "\n", "\r\n", "|", "-", "+", "\t"];
        let mut text = String::new();
        for (i, &d) in p.cells.iter().enumerate() {
            text.push(if d == 0 { blank } else { (b'0' + d) as char });
            text.push_str(seps[noise[i]]);
        }
        let (q, layout) = Puzzle::parse_with_layout(&text).unwrap();
        prop_assert_eq!(q, p);
        let rendered = layout.render(&text, &grid).unwrap();
        // Same characters everywhere but the blanks, which now hold their digits.
        prop_assert_eq!(rendered.len(), text.len());
        let (r, _) = Puzzle::parse_with_layout(&rendered).unwrap();
        prop_assert_eq!(r.cells, grid);
        prop_assert_eq!(Layout::line(sudoku_core::grid::Size::Nine).render(&p.to_line(), &grid).unwrap(), Puzzle::from_cells(grid).to_line());
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}", bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = Puzzle::parse(&text).map(|p| solve(&p, 2));
        let lossy = String::from_utf8_lossy(&bytes);
        let _ = Puzzle::parse(&lossy).map(|p| solve(&p, 2));
    }

    /// Text that is nearly a puzzle (a real one, its blanks written as `.`, `0` or `?`,
    /// with a few characters slipped in) reaches the solver whenever what was slipped
    /// in is layout, and then solves to a valid grid; otherwise it is an error, for
    /// the reason slipped in. Random text alone almost never gets past the parser.
    #[test]
    fn near_puzzles_reach_the_solver_or_fail_for_what_was_added(
        seed in any::<u64>(), pct in 0u64..=100, blank in 0usize..3,
        inserts in proptest::collection::vec((0usize..100, prop_oneof![Just(' '), Just('\n'), Just('|'), Just('+'), Just('-'), Just('x'), Just('5'), any::<char>()]), 0..4),
    ) {
        let (grid, p) = cut(seed, pct);
        let mut chars: Vec<char> = p.to_line().chars().map(|c| if c == '.' { ['.', '0', '?'][blank] } else { c }).collect();
        for &(at, ch) in &inserts {
            chars.insert(at.min(chars.len()), ch);
        }
        let text: String = chars.into_iter().collect();
        let layout_only = inserts.iter().all(|&(_, ch)| " \t\n\u{b}\u{c}\r|-+".contains(ch));
        match Puzzle::parse(&text) {
            Ok(q) => {
                prop_assert!(layout_only, "{text:?} parsed although {inserts:?} is not all layout");
                prop_assert_eq!(q, p);
                let out = solve(&q, 1).unwrap();
                prop_assert_eq!(out.count, 1);
                prop_assert!(is_solution_of(&q, &out.solution.unwrap()));
                if out.count == 1 && pct == 0 {
                    prop_assert_eq!(out.solution.unwrap(), grid);
                }
            }
            Err(e) => prop_assert!(!layout_only, "{text:?} failed ({e:?}) although only layout was added"),
        }
    }
}

/// Every valid 4×4 grid (there are 288), by brute force.
fn all_4x4_grids() -> Vec<[u8; 16]> {
    fn fill(g: &mut [u8; 16], cell: usize, out: &mut Vec<[u8; 16]>) {
        if cell == 16 {
            out.push(*g);
            return;
        }
        let (r, c) = (cell / 4, cell % 4);
        for d in 1..=4u8 {
            let clash = (0..cell).any(|p| {
                let (pr, pc) = (p / 4, p % 4);
                g[p] == d && (pr == r || pc == c || (pr / 2 == r / 2 && pc / 2 == c / 2))
            });
            if !clash {
                g[cell] = d;
                fill(g, cell + 1, out);
            }
        }
        g[cell] = 0;
    }
    let mut out = Vec::new();
    fill(&mut [0; 16], 0, &mut out);
    out
}

#[test]
fn there_are_288_grids_of_4x4() {
    assert_eq!(all_4x4_grids().len(), 288);
}

proptest! {
    #[test]
    fn the_plain_solver_agrees_with_the_fast_one(seed in any::<u64>(), pct in 0u64..=100) {
        // The two search in different orders (the fast one also uses locked candidates
        // and breaks MRV ties by blank peers), so they agree on the count and, when both
        // stop short of the limit, on the whole set of solutions.
        let (_, p) = cut(seed, pct);
        let (mut a, mut b) = (Collect(Vec::new()), Collect(Vec::new()));
        let fast = solve_observed(&p, 6, &mut a).unwrap();
        let plain = solve_plain_observed(&p, 6, &mut b).unwrap();
        prop_assert_eq!(fast.count, plain.count);
        prop_assert_eq!(fast.solution, a.0.first().copied());
        prop_assert!(a.0.iter().chain(&b.0).all(|g| is_solution_of(&p, g)));
        if fast.count < 6 {
            a.0.sort_unstable();
            b.0.sort_unstable();
            prop_assert_eq!(a.0, b.0);
        }
    }

    #[test]
    fn counts_4x4_puzzles_exactly(grid_pick in 0usize..288, mask in any::<u16>(), extra in 0usize..16, digit in 1u8..=4, wrong in any::<bool>()) {
        // Cut a puzzle from one of the 288 grids, maybe with one given changed; its
        // solutions are exactly the grids that keep every given.
        let grids = all_4x4_grids();
        let mut cells: Vec<u8> = (0..16).map(|i| if mask >> i & 1 == 1 { grids[grid_pick][i] } else { 0 }).collect();
        if wrong {
            cells[extra] = digit;
        }
        let p = Puzzle::with_size(sudoku_core::Size::Four, &cells);
        let expected = grids.iter().filter(|g| cells.iter().zip(g.iter()).all(|(&c, &v)| c == 0 || c == v)).count() as u64;
        match solve(&p, 300) {
            Ok(out) => {
                prop_assert_eq!(out.count, expected);
                if let Some(s) = out.solution {
                    prop_assert!(is_solution_of(&p, &s));
                }
            }
            Err(_) => prop_assert_eq!(expected, 0),
        }
    }
}

proptest! {
    #[test]
    fn first_stats_are_those_of_a_limit_one_search(seed in any::<u64>(), pct in 0u64..=100) {
        let (_, p) = cut(seed, pct);
        let one = solve(&p, 1).unwrap();
        let two = solve(&p, 2).unwrap();
        prop_assert_eq!(two.first_stats, one.stats);
        prop_assert_eq!(one.first_stats, one.stats);
    }
}
