//! Pencil-mark positions for checking ratings against Sukaku Explainer's
//! (scripts/bench_marks.sh), and our ratings of them.
//!
//! `sudoku-tools marks_positions make FILE [--sample N] [--seed S]`: from `puzzle<TAB>ER` lines, N
//! puzzles spread over the file (default 100), three positions each, one a line as
//! `kind<TAB>729 characters`:
//! - `givens`: the candidate grid the givens leave;
//! - `removed`: the same with a random share (0 % to 60 %, drawn per position) of the
//!   candidates that are not the solution's removed;
//! - `midpath`: the position after a random number of the steps of the human path
//!   (`logic::path`), at least one, short of the last.
//!
//! `sudoku-tools marks_positions compare FILE [--sample N] [--runs R]`: the cost of a puzzle and of
//! the same position as a 729-character text (its candidate grid), over N puzzles
//! (default 200) of a `puzzle<TAB>ER` file, for what `sudoku_solve`, `sudoku_hint` and
//! `sudoku_rate` do with each text (read, solve or hint or rate, the solution written
//! back; search memos forgotten before each rating): R runs (default 7), alternated
//! (the puzzles, then their marks), the median run in microseconds a text, and the
//! ratio marks / puzzle. `pairs FILE [--sample N]` prints the same texts as
//! `puzzle<TAB>marks` lines (scripts/bench_marks.sh cost loads them into PostgreSQL).
//!
//! `sudoku-tools marks_positions profile FILE TASK FORM [--sample N]`: one task (solve, rate, hint)
//! on one form (puzzle, marks) only, for a profiler (valgrind --tool=callgrind).
//!
//! `sudoku-tools marks_positions rate FILE`: reads those lines (or bare 729-character lines) and
//! prints `kind<TAB>ER<TAB>milliseconds` a line, rating each text as `sudoku_rate` does
//! (read, made a position by Sukaku Explainer's rule, rated; `-` when it has no unique
//! solution).
use std::time::Instant;
use sudoku_core::generate::Rng;
use sudoku_core::logic::path;
use sudoku_core::position::text::{read, read_beyond_puzzle, write_line, Text};
use sudoku_core::position::{engine, Position, ALL};
use sudoku_core::search::Silent;
use sudoku_core::{solve, Puzzle};

pub fn run(args: Vec<String>) {
    let usage =
        "usage: sudoku-tools marks_positions make FILE [--sample N] [--seed S] | rate FILE | compare FILE [--sample N]";
    let (mode, file) = (args.first().expect(usage), args.get(1).expect(usage));
    let opt = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .map_or(default, |i| args[i + 1].parse().expect("a number"))
    };
    let text = std::fs::read_to_string(file).expect("a readable file");
    match mode.as_str() {
        "make" => make(&text, opt("--sample", 100) as usize, opt("--seed", 29)),
        "rate" => rate(&text),
        "compare" => compare(
            &text,
            opt("--sample", 200) as usize,
            opt("--runs", 7) as usize,
        ),
        "pairs" => pairs(&text, opt("--sample", 200) as usize),
        "profile" => profile(&text, &args[2], &args[3], opt("--sample", 200) as usize),
        _ => panic!("{usage}"),
    }
}

fn make(text: &str, sample: usize, seed: u64) {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut rng = Rng::new(seed);
    let stride = (lines.len() / sample.max(1)).max(1);
    for line in lines.iter().step_by(stride).take(sample) {
        let puzzle = Puzzle::parse(line.split('\t').next().unwrap()).expect("a puzzle");
        let solution = solve(&puzzle, 1).unwrap().solution.expect("a solution");
        let start = Position::from_puzzle(&puzzle).expect("consistent givens");
        println!("givens\t{}", write_line(&start.masks()));
        let share = rng.below(61);
        let mut removed = start;
        for cell in start.open_cells() {
            for d in 1..=9u8 {
                if d != solution[cell] && rng.below(100) < share {
                    removed.cands[cell] &= !(1 << (d - 1));
                }
            }
            removed.cands[cell] &= ALL;
        }
        println!("removed\t{}", write_line(&removed.masks()));
        let steps = path(&puzzle, &mut || {}).expect("a path");
        if steps.len() >= 2 {
            let k = 1 + rng.below(steps.len() as u64 - 1) as usize;
            let mut m = start.to_marks();
            for s in &steps[..k] {
                s.apply(&mut m);
            }
            let mut masks = m.cands;
            for (x, &d) in masks.iter_mut().zip(m.values.iter()) {
                if d != 0 {
                    *x = 1 << (d - 1);
                }
            }
            println!("midpath\t{}", write_line(&masks));
        }
    }
}

fn rate(text: &str) {
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (kind, marks) = line.split_once('\t').unwrap_or(("-", line));
        let t0 = Instant::now();
        let er = match read(marks.trim()) {
            Ok(Text::Marks(m)) => Position::from_marks(&m)
                .ok()
                .and_then(|p| engine::rate(&p, &mut Silent))
                .map(|r| format!("{}.{}", r.er / 10, r.er % 10)),
            _ => None,
        };
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        println!("{kind}\t{}\t{ms:.2}", er.as_deref().unwrap_or("-"));
    }
}

fn compare(text: &str, sample: usize, runs: usize) {
    use sudoku_core::position::solve::solve_marks_observed;
    use sudoku_core::{explain, logic, solve_observed};
    let (puzzles, marks) = pairs_of(text, sample);
    // Each text read as the SQL functions read it: the puzzle reader first; a text it
    // refuses goes to the pencil-mark reader (src/marks.rs, `position_of`).
    let position = |t: &str| match Puzzle::parse(t) {
        Ok(_) => panic!("a puzzle, not marks"),
        Err(e) => Position::from_marks(&read_beyond_puzzle(t, e).unwrap()).unwrap(),
    };
    type Job<'a> = (&'a str, Box<dyn Fn(&str) + 'a>, Box<dyn Fn(&str) + 'a>);
    // What sudoku_solve, sudoku_rate and sudoku_hint do with each text (src/lib.rs and
    // src/marks.rs), less the conversion of the result to SQL values.
    let jobs: Vec<Job> = vec![
        (
            "solve",
            Box::new(|t| {
                let (p, layout) = Puzzle::parse_with_layout(t).unwrap();
                let s = solve_observed(&p, 1, &mut Silent)
                    .unwrap()
                    .solution
                    .unwrap();
                std::hint::black_box(layout.render(t, &s).unwrap());
            }),
            Box::new(|t| {
                // As sudoku_solve solves a pencil-mark text (src/lib.rs `read_to_solve`,
                // src/marks.rs): the text read (the usual line before the puzzle reader),
                // then the core's solving shortcut (no test of which single candidates
                // are givens).
                let Ok(Text::Marks(marks)) = read(t) else {
                    panic!("marks, not a puzzle")
                };
                let s = solve_marks_observed(&marks, 1, &mut Silent)
                    .unwrap()
                    .solution;
                std::hint::black_box(Puzzle::from_cells(s.unwrap()).to_line());
            }),
        ),
        (
            "hint",
            Box::new(|t| {
                std::hint::black_box(
                    explain::hint(&Puzzle::parse(t).unwrap(), &mut Silent).unwrap(),
                );
            }),
            Box::new(|t| {
                std::hint::black_box(engine::hint(&position(t), &mut Silent));
            }),
        ),
        (
            "rate",
            Box::new(|t| {
                logic::forget_search_memos();
                let p = Puzzle::parse(t).unwrap();
                if solve_observed(&p, 2, &mut Silent).unwrap().count == 1 {
                    std::hint::black_box(logic::rate(&p, &mut || {}));
                }
            }),
            Box::new(|t| {
                logic::forget_search_memos();
                std::hint::black_box(engine::rate(&position(t), &mut Silent));
            }),
        ),
    ];
    println!("operation\tpuzzles\truns\tpuzzle_us\tmarks_us\tratio");
    for (name, on_puzzle, on_marks) in &jobs {
        // Alternated: a run over the puzzles, then one over their marks, `runs` times;
        // the median run of each, in microseconds a text.
        let mut a = Vec::new();
        let mut b = Vec::new();
        for _ in 0..runs {
            let t0 = Instant::now();
            puzzles.iter().for_each(|p| on_puzzle(p));
            a.push(t0.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64);
            let t0 = Instant::now();
            marks.iter().for_each(|m| on_marks(m));
            b.push(t0.elapsed().as_secs_f64() * 1e6 / marks.len() as f64);
        }
        let (a, b) = (median(a), median(b));
        println!(
            "{name}\t{}\t{runs}\t{a:.2}\t{b:.2}\t{:.3}",
            puzzles.len(),
            b / a
        );
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// `sample` puzzles spread over the `puzzle<TAB>...` lines of `text`, and each one's
/// candidate grid as a 729-character line.
fn pairs_of(text: &str, sample: usize) -> (Vec<String>, Vec<String>) {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let stride = (lines.len() / sample.max(1)).max(1);
    let puzzles: Vec<String> = lines
        .iter()
        .step_by(stride)
        .take(sample)
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect();
    let marks = puzzles
        .iter()
        .map(|p| {
            write_line(
                &Position::from_puzzle(&Puzzle::parse(p).unwrap())
                    .unwrap()
                    .masks(),
            )
        })
        .collect();
    (puzzles, marks)
}

/// `pairs FILE [--sample N]`: `puzzle<TAB>marks` lines for the SQL half of the cost
/// benchmark.
fn pairs(text: &str, sample: usize) {
    let (puzzles, marks) = pairs_of(text, sample);
    for (p, m) in puzzles.iter().zip(marks.iter()) {
        println!("{p}\t{m}");
    }
}

/// One task on one form only, for a profiler (valgrind --tool=callgrind): `profile FILE
/// TASK FORM` with TASK solve, rate or hint and FORM puzzle or marks.
fn profile(text: &str, task: &str, form: &str, sample: usize) {
    use sudoku_core::position::solve::solve_marks_observed;
    use sudoku_core::{explain, logic};
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let stride = (lines.len() / sample.max(1)).max(1);
    for line in lines.iter().step_by(stride).take(sample) {
        let p = line.split('\t').next().unwrap();
        let m = write_line(
            &Position::from_puzzle(&Puzzle::parse(p).unwrap())
                .unwrap()
                .masks(),
        );
        let position = |t: &str| match read(t) {
            Ok(Text::Marks(m)) => Position::from_marks(&m).unwrap(),
            _ => panic!("not marks"),
        };
        match (task, form) {
            ("solve", "puzzle") => {
                std::hint::black_box(solve(&Puzzle::parse(p).unwrap(), 2).unwrap());
            }
            ("solve", _) => {
                let Ok(Text::Marks(marks)) = read(&m) else {
                    panic!("not marks")
                };
                std::hint::black_box(solve_marks_observed(&marks, 2, &mut Silent).unwrap());
            }
            ("rate", "puzzle") => {
                std::hint::black_box(logic::rate(&Puzzle::parse(p).unwrap(), &mut || {}));
            }
            ("rate", _) => {
                std::hint::black_box(engine::rate(&position(&m), &mut Silent));
            }
            ("hint", "puzzle") => {
                std::hint::black_box(
                    explain::hint(&Puzzle::parse(p).unwrap(), &mut Silent).unwrap(),
                );
            }
            ("hint", _) => {
                std::hint::black_box(engine::hint(&position(&m), &mut Silent));
            }
            _ => panic!("task solve, rate or hint; form puzzle or marks"),
        }
    }
}
