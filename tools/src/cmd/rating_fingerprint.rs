//! Prints, for every puzzle of a file, its rating (ER/EP/ED) and a digest of its human
//! path (every step's technique, rating, placements, eliminations, cells and units), one
//! line each: `puzzle<TAB>ER/EP/ED<TAB>steps<TAB>digest`. Two builds of the engine
//! that print the same file rate every puzzle alike and take the same path: the check
//! that a speed-up of a technique changed no step (`diff` the two outputs).
//!
//! `sudoku-tools rating_fingerprint FILE [EVERY]`
//! (EVERY: only every n-th puzzle; the first 81 characters of a line count, `#` lines
//! are skipped).
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use sudoku_core::logic::{path, rate};
use sudoku_core::Puzzle;

pub fn run(args: Vec<String>) {
    let mut args = args.into_iter();
    let file = args.next().expect("usage: sudoku-tools rating_fingerprint FILE [EVERY]");
    let every: usize = args
        .next()
        .map(|a| a.parse().expect("EVERY: a number"))
        .unwrap_or(1);
    let text = std::fs::read_to_string(&file).expect("a readable file");
    let lines = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'));
    for line in lines.step_by(every.max(1)) {
        let puzzle = Puzzle::parse(&line[..81]).expect("a puzzle");
        let r = rate(&puzzle, &mut || {});
        let steps = path(&puzzle, &mut || {}).unwrap_or_default();
        // DefaultHasher::new() uses fixed keys: the digest is stable between builds.
        let mut h = DefaultHasher::new();
        for s in &steps {
            format!("{:?}", s.technique).hash(&mut h);
            s.rating.hash(&mut h);
            for c in s.placements.iter().chain(&s.eliminations) {
                (c.cell, c.digit).hash(&mut h);
            }
            s.cells.hash(&mut h);
            s.units.hash(&mut h);
        }
        println!(
            "{}\t{}/{}/{}\t{}\t{:016x}",
            &line[..81],
            r.er,
            r.ep,
            r.ed,
            steps.len(),
            h.finish()
        );
    }
}
