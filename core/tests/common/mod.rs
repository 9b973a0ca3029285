//! Helpers shared by the core's integration tests: the fixture readers, an independent
//! naive solution counter, and a maker of random valid grids.
#![allow(dead_code)]

use sudoku_core::Puzzle;

pub const FIXTURES: &str = include_str!("../../../tests/fixtures/puzzles.txt");
pub const INVALID: &str = include_str!("../../../tests/fixtures/invalid.txt");

pub struct Fixture {
    pub line: usize,
    pub puzzle: String,
    /// Exact count, or the cap when `at_least` is set.
    pub count: u64,
    pub at_least: bool,
    pub solution: Option<String>,
}

/// The non-comment lines of `puzzles.txt`.
pub fn fixtures() -> Vec<Fixture> {
    FIXTURES
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let mut parts = l.split(':');
            let puzzle = parts.next().unwrap().to_string();
            let count = parts.next().expect("a count");
            let solution = parts.next().expect("a solution");
            let (count, at_least) = match count.strip_suffix('+') {
                Some(n) => (n.parse().unwrap(), true),
                None => (count.parse().unwrap(), false),
            };
            Fixture {
                line: i + 1,
                puzzle,
                count,
                at_least,
                solution: (solution != "-").then(|| solution.to_string()),
            }
        })
        .collect()
}

pub struct Invalid {
    pub line: usize,
    pub contradictory: bool,
    pub detail: String,
    pub text: String,
}

/// The non-comment lines of `invalid.txt`, escapes decoded.
pub fn invalid() -> Vec<Invalid> {
    INVALID
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
        .map(|(i, l)| {
            let mut parts = l.splitn(3, ':');
            let kind = parts.next().unwrap();
            let detail = parts.next().unwrap().to_string();
            let text = unescape(parts.next().unwrap());
            Invalid {
                line: i + 1,
                contradictory: kind == "contradictory",
                detail,
                text,
            }
        })
        .collect()
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                out.push(char::from(
                    u8::from_str_radix(&hex, 16).expect("hex escape"),
                ));
            }
            other => panic!("bad escape {other:?}"),
        }
    }
    out
}

/// Counts solutions up to `limit` by plain backtracking over cells in order, trying
/// every digit that no peer holds: no candidates kept, no singles, no MRV. Slow, but
/// shares no code with the solver, so it checks it. Use on puzzles with many givens.
pub fn naive_count(p: &Puzzle, limit: u64) -> u64 {
    fn ok(g: &[u8; 81], cell: usize, d: u8) -> bool {
        let (r, c) = (cell / 9, cell % 9);
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        (0..9).all(|i| {
            g[r * 9 + i] != d && g[i * 9 + c] != d && g[(br + i / 3) * 9 + bc + i % 3] != d
        })
    }
    fn go(g: &mut [u8; 81], from: usize, limit: u64, found: &mut u64) {
        let Some(cell) = (from..81).find(|&c| g[c] == 0) else {
            *found += 1;
            return;
        };
        for d in 1..=9 {
            if ok(g, cell, d) {
                g[cell] = d;
                go(g, cell + 1, limit, found);
                g[cell] = 0;
                if *found >= limit {
                    return;
                }
            }
        }
    }
    // Givens must not clash among themselves for the count to mean anything.
    let mut g = p.cells;
    for cell in 0..81 {
        let d = g[cell];
        if d != 0 {
            g[cell] = 0;
            if !ok(&g, cell, d) {
                return 0;
            }
            g[cell] = d;
        }
    }
    let mut found = 0;
    go(&mut g, 0, limit, &mut found);
    found
}

pub use sudoku_core::generate::Rng;

/// A random valid grid: a pattern grid put through the symmetries of Sudoku (digits
/// relabelled, rows permuted within bands and bands permuted, the same for columns,
/// and an optional transposition), each of which keeps a grid valid.
pub fn random_grid(rng: &mut Rng) -> [u8; 81] {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let lines = |rng: &mut Rng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = Vec::new();
        for b in bands {
            let mut within = [0usize, 1, 2];
            rng.shuffle(&mut within);
            out.extend(within.iter().map(|i| b * 3 + i));
        }
        out
    };
    let rows = lines(rng);
    let cols = lines(rng);
    let transpose = rng.below(2) == 1;
    let mut g = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (rows[r], cols[c]);
            let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
            g[r * 9 + c] = digits[(sr * 3 + sr / 3 + sc) % 9];
        }
    }
    g
}
