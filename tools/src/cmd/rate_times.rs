//! Rates every puzzle of a file (the first 81 characters of each line; `#` lines and
//! lines too short skipped) and prints `puzzle<TAB>ER<TAB>microseconds`, the time being
//! the median of RUNS ratings (default 5) of that puzzle: for scripts/bench_rating.sh to set
//! beside Sukaku Explainer's times, and for scripts/bench_generate.sh (`--runs 1`) to rate
//! what the generator made. A puzzle without a single solution rates 0.0.
//!
//! With `--rules RULES` (`x`, `anti-knight`, `windoku,dg`, ...) each 9×9 puzzle is rated
//! under those rules by the ladder under rules (`sudoku_core::logic::variant_ladder`), for
//! scripts/bench_variant_rating.sh. Each timed rating does what a `sudoku_rate` call does
//! per puzzle: it takes the rules' grid, engine and tables as kept from the call before
//! under the same rules (the searches' memos forgotten: each rating starts cold), checks
//! the givens, counts the solutions with the variant engine (0.0 without a single one)
//! and runs the ladder; reading the line is not timed, as without `--rules`. A puzzle the ladder does not finish (a step that
//! changes nothing, which none should make) prints ER `-`.
//!
//! `sudoku-tools rate_times FILE [--runs RUNS] [--rules RULES]`
use std::time::Instant;
use sudoku_core::logic::rate;
use sudoku_core::variant::{check_givens, memo, Geometry, Rules, Shape, VariantPuzzle};
use sudoku_core::variant_explain::RuledPuzzle;
use sudoku_core::Puzzle;

const USAGE: &str = "usage: sudoku-tools rate_times FILE [--runs RUNS] [--rules RULES]";

pub fn run(args: Vec<String>) {
    let path = args.first().expect(USAGE);
    let runs: usize = args
        .iter()
        .position(|a| a == "--runs")
        .map_or(5, |i| args[i + 1].parse().expect("RUNS: a number"))
        .max(1);
    let rules = args.iter().position(|a| a == "--rules").map(|i| {
        let text = args.get(i + 1).expect(USAGE);
        let rules = Rules::parse(text).unwrap_or_else(|e| fail(format!("{text:?}: {e}")));
        // Rules that do not fit a 9×9 grid are refused here, once, not per line.
        Geometry::new(Shape::NINE, &rules).unwrap_or_else(|e| fail(format!("{text:?}: {e}")));
        rules
    });
    let text = std::fs::read_to_string(path).expect("a readable file");
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
    {
        let puzzle = &line[..81];
        let (er, micros) = match &rules {
            None => classic_times(puzzle, runs),
            Some(rules) => variant_times(puzzle, rules, runs),
        };
        println!("{puzzle}\t{er}\t{micros:.1}");
    }
}

fn fail(why: String) -> ! {
    eprintln!("rate_times: {why}");
    std::process::exit(2)
}

/// The median of `times`.
fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(|a, b| a.total_cmp(b));
    times[times.len() / 2]
}

fn tenths_text(er: u16) -> String {
    format!("{}.{}", er / 10, er % 10)
}

/// The classic ER of `puzzle` and the median time (µs) of `runs` ratings.
fn classic_times(puzzle: &str, runs: usize) -> (String, f64) {
    let p = Puzzle::parse(puzzle).expect("a puzzle");
    let mut times = Vec::with_capacity(runs);
    let mut er = 0;
    for _ in 0..runs {
        // Each rating starts cold: nothing remembered from the previous one.
        sudoku_core::logic::forget_search_memos();
        let start = Instant::now();
        er = rate(&p, &mut || {}).er;
        times.push(start.elapsed().as_secs_f64() * 1e6);
    }
    (tenths_text(er), median(times))
}

/// The ER of `puzzle` under `rules` (`-` beyond the built rungs) and the median time (µs)
/// of `runs` ratings.
fn variant_times(puzzle: &str, rules: &Rules, runs: usize) -> (String, f64) {
    let p = VariantPuzzle::parse(puzzle).unwrap_or_else(|e| fail(format!("not a puzzle: {e}")));
    if p.shape != Shape::NINE {
        fail(format!("not a 9×9 puzzle: {puzzle}"));
    }
    let mut times = Vec::with_capacity(runs);
    let mut er = None;
    for _ in 0..runs {
        sudoku_core::logic::forget_search_memos();
        let start = Instant::now();
        er = rate_under(rules, &p);
        times.push(start.elapsed().as_secs_f64() * 1e6);
    }
    (er.map_or_else(|| "-".to_string(), tenths_text), median(times))
}

/// One rating of a 9×9 puzzle under `rules`, from the rules on, as `sudoku_rate` does
/// it (`src/human.rs`): the rules laid on the grid and their engine, shared with the
/// calls before under the same rules (`variant::memo`), the givens checked, the rules'
/// tables (shared too, their searches' memos forgotten so that each rating starts cold)
/// and the ladder, the solutions counted where its path does not show one. The ER in
/// tenths (0 without a single solution), or `None` when the built rungs do not finish
/// it.
fn rate_under(rules: &Rules, p: &VariantPuzzle) -> Option<u16> {
    let geometry = memo::geometry_of(Shape::NINE, rules).expect("rules checked to fit 9×9");
    check_givens(p, &geometry).expect("givens that keep the rules");
    let engine = memo::engine_of(&geometry);
    let ruled = RuledPuzzle::new("rate_times", p, &geometry, &engine)
        .expect("9×9 tables");
    ruled.tables().forget_search_memos();
    match ruled.rate(&mut || {}) {
        Ok(Some(rating)) => Some(rating.er),
        Ok(None) => Some(0),
        Err(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_ratings_say_beyond_and_no_single_solution() {
        let x = Rules::parse("x").unwrap();
        let empty = VariantPuzzle::parse(&".".repeat(81)).unwrap();
        // An empty grid has many solutions under x: 0.0, as classic.
        assert_eq!(rate_under(&x, &empty), Some(0));
        let (er, _) = variant_times(&".".repeat(81), &x, 1);
        assert_eq!(er, "0.0");
        use sudoku_core::variant::generate::{generate_variant, VariantOptions};
        let options = VariantOptions { clues: 45, ..VariantOptions::default() };
        let g = generate_variant(Shape::NINE, &x, 1, 0, &options, &mut || {}).unwrap();
        let line = g.puzzle.to_line();
        let (er, micros) = variant_times(&line, &x, 3);
        assert!(er != "-" && er != "0.0" && micros > 0.0, "{er}");
    }
}
