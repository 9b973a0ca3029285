//! AFL++ target: any bytes, read as text, through the parser and both solvers, with
//! every answer checked (the same checks as tools/src/cmd/stress.rs). A search that
//! runs past its budget of guesses is given up without complaint; any other panic is
//! a crash for AFL to report.
use std::panic::{catch_unwind, AssertUnwindSafe};
use sudoku_core::explain::{analyse, format, Style, Trace};
use sudoku_core::search::{GuessBudget as Budget, OverBudget, Silent};
use sudoku_core::{is_solution_of, solve_observed, solve_plain_observed, Puzzle};

fn check(text: &str) {
    let Ok(puzzle) = Puzzle::parse(text) else {
        return;
    };
    for style in [Style::Line, Style::Digits, Style::Contest, Style::Grid] {
        assert_eq!(Puzzle::parse(&format(&puzzle, style)).unwrap(), puzzle);
    }
    let fast = solve_observed(&puzzle, 2, &mut Budget(2000));
    let plain = solve_plain_observed(&puzzle, 2, &mut Budget(2000));
    match (fast, plain) {
        (Err(a), Err(b)) => assert_eq!(a, b),
        (Ok(a), Ok(b)) => {
            // Different search orders: the same count, both answers valid, and the
            // same answer when it is the only one.
            assert_eq!(a.count, b.count);
            for s in [a.solution, b.solution].into_iter().flatten() {
                assert!(is_solution_of(&puzzle, &s));
            }
            if a.count == 1 {
                assert_eq!(a.solution, b.solution);
            }
            if a.stats.guesses < 200 {
                let kept = Trace::new(&puzzle, Silent)
                    .unwrap()
                    .filter(|s| s.kept)
                    .count();
                assert_eq!(kept, if a.count > 0 { puzzle.blanks() } else { 0 });
                let stats = analyse(&puzzle).unwrap();
                assert_eq!(stats.solutions, a.count);
            }
        }
        (a, b) => panic!("the solvers disagree: {a:?} / {b:?}"),
    }
}

fn main() {
    afl::fuzz_nohook!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            match catch_unwind(AssertUnwindSafe(|| check(text))) {
                Ok(()) => {}
                Err(payload) if payload.downcast_ref::<OverBudget>().is_some() => {}
                Err(payload) => std::panic::resume_unwind(payload),
            }
        }
    });
}
