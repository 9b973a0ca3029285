//! Generation near the hardest puzzles (issue 28's target): from each of the first STARTS
//! puzzles of a file of `puzzle<TAB>ER` lines whose published ER is at least FROM (default
//! 10.6), the time `sudoku_core::near` takes to find COUNT (default 10) distinct puzzles
//! rated MIN to MAX (default 10.0 to 19.9: rated, not "the engine cannot finish"), on one
//! thread. Prints one line per start (its published ER and our rating, the time, the
//! puzzles found, their ratings, the ratings made) and the median time; a start whose
//! search ends without COUNT puzzles (the budget, or the neighbourhood, ran out) is
//! counted as a failure, and the median is then taken with failures as infinite times.
//! With `--rules RULES`, the starts, moves and ratings are under those rules (9×9, no
//! cages), for checks of what it makes against Sukaku Explainer's ratings.
//!
//! `sudoku-tools generate_near FILE [--starts 10]
//!  [--from 10.6] [--count 10] [--min 10.0] [--max 19.9] [--seed 1] [--budget 300]
//!  [--symmetry none] [--rules classic] [--print]`   (--print: the puzzles found, one
//!  line each, `puzzle<TAB>rating`, on stderr)
use std::time::Instant;
use sudoku_core::generate::Symmetry;
use sudoku_core::graded::RatingRange;
use sudoku_core::near::{NearError, NearOptions, NearRules, NearSearch, RATINGS_PER_PUZZLE};
use sudoku_core::variant::Rules;
use sudoku_core::{Puzzle, Silent};

/// The value after the last `name` in `args` (a later option overrides an earlier one,
/// as scripts/bench_generate_near.sh passes its extra options after its own), or
/// `default`.
fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.iter()
        .rposition(|a| a == name)
        .map(|i| {
            args[i + 1]
                .parse()
                .unwrap_or_else(|_| panic!("{name}: bad value"))
        })
        .unwrap_or(default)
}

fn tenths(x: f64) -> u16 {
    (x * 10.0).round() as u16
}

pub fn run(args: Vec<String>) {
    let path = args.first().expect("usage: sudoku-tools generate_near FILE [options]");
    let starts: usize = arg(&args, "--starts", 10);
    let from: f64 = arg(&args, "--from", 10.6);
    let count: usize = arg(&args, "--count", 10);
    let range = RatingRange {
        min: tenths(arg(&args, "--min", 10.0)),
        max: tenths(arg(&args, "--max", 19.9)),
    };
    let seed: u64 = arg(&args, "--seed", 1);
    let budget: u32 = arg(&args, "--budget", RATINGS_PER_PUZZLE);
    let symmetry_name: String = arg(&args, "--symmetry", "none".to_string());
    let symmetry = Symmetry::from_name(&symmetry_name).expect("a symmetry");
    let print = args.iter().any(|a| a == "--print");
    let rules_text: String = arg(&args, "--rules", "classic".to_string());
    let rules = Rules::parse(&rules_text).expect("rules");
    let text = std::fs::read_to_string(path).expect("a readable file");
    let chosen: Vec<(Puzzle, String)> = text
        .lines()
        .filter_map(|l| {
            let mut f = l.split('\t');
            let p = f.next()?.trim();
            let er = f.next()?.trim().to_string();
            (p.len() >= 81 && er.parse::<f64>().ok()? >= from)
                .then(|| (Puzzle::parse(&p[..81]).expect("a puzzle"), er))
        })
        .take(starts)
        .collect();
    let options = NearOptions {
        ratings_per_puzzle: budget,
        ..NearOptions::new(symmetry, range)
    };
    eprintln!(
        "{} starts of ER >= {from}, {count} puzzles rated {:.1} to {:.1} each, seed {seed}, budget {budget}, symmetry {symmetry_name}, rules {rules_text}",
        chosen.len(),
        range.min as f64 / 10.0,
        range.max as f64 / 10.0
    );
    println!("start\tpublished\tours\tseconds\tfound\tratings_made\tratings_found");
    let mut times = Vec::new();
    for (i, (start, published)) in chosen.iter().enumerate() {
        let t0 = Instant::now();
        let near_rules = NearRules::of(&rules).expect("rules the ratings take");
        let mut search = NearSearch::with_rules(start, near_rules, seed, options, &mut Silent)
            .expect("a valid start");
        let mut found = Vec::new();
        let mut failed = None;
        while found.len() < count {
            match search.next_found(&mut Silent) {
                Ok(f) => found.push(f),
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        let secs = t0.elapsed().as_secs_f64();
        let reach = search.reach();
        let ratings: Vec<String> = found
            .iter()
            .map(|f| format!("{:.1}", f.rating as f64 / 10.0))
            .collect();
        println!(
            "{}\t{published}\t{:.1}\t{secs:.2}\t{}\t{}\t{}{}",
            i + 1,
            reach.start as f64 / 10.0,
            found.len(),
            reach.rated,
            ratings.join(","),
            match failed {
                Some(NearError::Unreached(r)) => format!(
                    "\tstopped: {} (ratings {:.1} to {:.1})",
                    if r.exhausted {
                        "neighbourhood exhausted"
                    } else {
                        "budget"
                    },
                    r.lowest as f64 / 10.0,
                    r.highest as f64 / 10.0
                ),
                Some(e) => format!("\tstopped: {e:?}"),
                None => String::new(),
            }
        );
        if print {
            for f in &found {
                eprintln!("{}\t{:.1}", f.puzzle.to_line(), f.rating as f64 / 10.0);
            }
        }
        times.push(if found.len() == count {
            secs
        } else {
            f64::INFINITY
        });
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = if times.is_empty() {
        f64::NAN
    } else if times.len() % 2 == 1 {
        times[times.len() / 2]
    } else {
        (times[times.len() / 2 - 1] + times[times.len() / 2]) / 2.0
    };
    let ok = times.iter().filter(|t| t.is_finite()).count();
    println!(
        "median seconds: {median:.2} ({ok} of {} starts reached {count} puzzles); target: under 60 s",
        times.len()
    );
}
