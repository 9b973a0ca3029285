//! The fixtures of `tests/fixtures/` (written by us, as data) against the core.
mod common;

use common::{fixtures, invalid, naive_count};
use sudoku_core::{is_solution_of, solve, ErrorKind, Puzzle};

#[test]
fn every_fixture_has_its_count_and_first_solution() {
    let all = fixtures();
    assert!(all.len() >= 9);
    let mut kinds = [false; 3];
    for f in &all {
        let p = Puzzle::parse(&f.puzzle).unwrap_or_else(|e| panic!("line {}: {e}", f.line));
        let limit = if f.at_least { f.count } else { f.count + 1 };
        let out = solve(&p, limit).unwrap();
        assert_eq!(out.count, f.count, "line {}: count", f.line);
        let got = out.solution.map(|s| Puzzle::from_cells(s).to_line());
        assert_eq!(got, f.solution, "line {}: first solution", f.line);
        if let Some(s) = out.solution {
            assert!(is_solution_of(&p, &s), "line {}: invalid solution", f.line);
        }
        kinds[(f.count.min(2)) as usize] = true;
    }
    assert_eq!(
        kinds,
        [true, true, true],
        "fixtures cover 0, 1 and several solutions"
    );
}

#[test]
fn the_naive_counter_agrees_on_the_exact_fixtures() {
    for f in fixtures().iter().filter(|f| !f.at_least) {
        let p = Puzzle::parse(&f.puzzle).unwrap();
        assert_eq!(naive_count(&p, f.count + 1), f.count, "line {}", f.line);
    }
}

#[test]
fn every_invalid_fixture_fails_with_its_kind_and_detail() {
    let all = invalid();
    assert!(all.iter().any(|i| i.contradictory) && all.iter().any(|i| !i.contradictory));
    for inv in all {
        let err = Puzzle::parse(&inv.text)
            .and_then(|p| p.check_givens())
            .expect_err(&format!("line {}", inv.line));
        let kind = if inv.contradictory {
            ErrorKind::Contradictory
        } else {
            ErrorKind::Malformed
        };
        assert_eq!(err.kind(), kind, "line {}: {err}", inv.line);
        assert!(
            err.detail().contains(&inv.detail),
            "line {}: {:?} lacks {:?}",
            inv.line,
            err.detail(),
            inv.detail
        );
        if inv.contradictory {
            let p = Puzzle::parse(&inv.text).unwrap();
            assert!(
                solve(&p, 1).is_err(),
                "line {}: solve must refuse contradictory givens",
                inv.line
            );
        }
    }
}
