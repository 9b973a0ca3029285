//! Prints, for every puzzle of a file, its rating (ER/EP/ED) and a digest of its human
//! path (every step's technique, rating, placements, eliminations, cells and units), one
//! line each: `puzzle<TAB>ER/EP/ED<TAB>steps<TAB>digest`. Two builds of the engine
//! that print the same file rate every puzzle alike and take the same path: the check
//! that a speed-up of a technique changed no step (`diff` the two outputs).
//!
//! `sudoku-tools rating_fingerprint FILE [EVERY] [--rules RULES]`
//! (EVERY: only every n-th puzzle; the first 81 characters of a line count, `#` lines
//! are skipped). With `--rules RULES` each 9×9 puzzle is rated and walked under those
//! rules, as `sudoku_rate` and `sudoku_steps` do (`RuledPuzzle`); `--rules -` reads the
//! rules from each line, `RULES<TAB>PUZZLE` (what `sudoku-tools variants --make`
//! prints), and prints them first. A puzzle the built rungs do not finish prints ER `-`.
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use sudoku_core::logic::{path, rate, Step};
use sudoku_core::variant::{memo, Rules, Shape, VariantPuzzle};
use sudoku_core::variant_explain::RuledPuzzle;
use sudoku_core::Puzzle;

const USAGE: &str = "usage: sudoku-tools rating_fingerprint FILE [EVERY] [--rules RULES|-]";

pub fn run(args: Vec<String>) {
    let rules_at = args.iter().position(|a| a == "--rules");
    let rules = rules_at.map(|i| args.get(i + 1).expect(USAGE).clone());
    let mut rest = args
        .iter()
        .enumerate()
        .filter(|&(i, _)| rules_at.is_none_or(|r| i != r && i != r + 1))
        .map(|(_, a)| a);
    let file = rest.next().expect(USAGE);
    let every: usize = rest
        .next()
        .map(|a| a.parse().expect("EVERY: a number"))
        .unwrap_or(1);
    let text = std::fs::read_to_string(file).expect("a readable file");
    let lines = text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#'));
    for line in lines.step_by(every.max(1)) {
        match rules.as_deref() {
            None => classic(&line[..81]),
            Some("-") => {
                let (rules, puzzle) = line.split_once('\t').expect("RULES<TAB>PUZZLE");
                print!("{rules}\t");
                ruled(rules, puzzle);
            }
            Some(rules) => ruled(rules, &line[..81]),
        }
    }
}

/// The line of a classic puzzle.
fn classic(line: &str) {
    let puzzle = Puzzle::parse(line).expect("a puzzle");
    let r = rate(&puzzle, &mut || {});
    let steps = path(&puzzle, &mut || {}).unwrap_or_default();
    println!(
        "{line}\t{}/{}/{}\t{}\t{:016x}",
        r.er,
        r.ep,
        r.ed,
        steps.len(),
        digest(&steps)
    );
}

/// The line of a 9×9 puzzle under `rules`.
fn ruled(rules: &str, line: &str) {
    let rules = Rules::parse(rules).unwrap_or_else(|e| panic!("{rules:?}: {e}"));
    let p = VariantPuzzle::parse(line).expect("a puzzle");
    assert!(p.shape == Shape::NINE, "not a 9×9 puzzle: {line}");
    let geometry = memo::geometry_of(Shape::NINE, &rules).expect("rules of a 9×9 grid");
    let engine = memo::engine_of(&geometry);
    let ruled = RuledPuzzle::new("rating_fingerprint", &p, &geometry, &engine)
        .expect("givens that keep the rules");
    let rating = match ruled.rate(&mut || {}) {
        Ok(Some(r)) => format!("{}/{}/{}", r.er, r.ep, r.ed),
        Ok(None) => "0/0/0".to_string(),
        Err(_) => "-".to_string(),
    };
    let steps = ruled.path(&mut || {}).ok().flatten().unwrap_or_default();
    println!("{line}\t{rating}\t{}\t{:016x}", steps.len(), digest(&steps));
}

/// A digest of a path's steps; `DefaultHasher::new()` uses fixed keys, so it is stable
/// between builds.
fn digest(steps: &[Step]) -> u64 {
    let mut h = DefaultHasher::new();
    for s in steps {
        format!("{:?}", s.technique).hash(&mut h);
        s.rating.hash(&mut h);
        for c in s.placements.iter().chain(&s.eliminations) {
            (c.cell, c.digit).hash(&mut h);
        }
        s.cells.hash(&mut h);
        s.units.hash(&mut h);
    }
    h.finish()
}
