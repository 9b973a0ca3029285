//! Times each step of the path of every puzzle of a file, split by stage: the rungs below
//! the chains, then each chain producer tried (and aligned triple exclusion), in the
//! ladder's order. Prints, per puzzle, the total, and at the end the time per stage
//! summed over the file, by the producer that found the step. For finding where a
//! rating spends its time.
//!
//! `sudoku-tools step_times FILE`
use std::collections::BTreeMap;
use std::time::Instant;
use sudoku_core::logic::chains::{find, Producer};
use sudoku_core::logic::{aligned, next_step_with, LadderOptions, Marks};
use sudoku_core::Puzzle;

pub fn run(args: Vec<String>) {
    let path = args.into_iter().next().expect("usage: sudoku-tools step_times FILE");
    let text = std::fs::read_to_string(path).expect("a readable file");
    // (stage of the step found) -> (steps, time per stage tried)
    let mut table: BTreeMap<usize, (usize, [f64; 9])> = BTreeMap::new();
    let names = [
        "rungs", "cycles", "ATE", "nishio", "multiple", "dynamic", "dyn+", "nested2", "nested3",
    ];
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
    {
        let p = Puzzle::parse(&line[..81]).expect("a puzzle");
        sudoku_core::logic::forget_search_memos();
        let mut m = Marks::from_puzzle(&p);
        let mut total = 0.0;
        while !m.is_solved() {
            let mut times = [0.0f64; 9];
            let t0 = Instant::now();
            let mut found = None;
            let mut stage = 0;
            if let Some(s) = next_step_with(
                &m,
                LadderOptions {
                    uniqueness: true,
                    chains: false,
                },
                &mut || {},
            ) {
                found = Some(s);
            }
            times[0] = t0.elapsed().as_secs_f64() * 1e6;
            if found.is_none() {
                for (i, &producer) in Producer::ALL.iter().enumerate() {
                    let st = if i == 0 { 1 } else { i + 2 };
                    let t = Instant::now();
                    let s = find(&m, producer, &mut || {});
                    times[st] = t.elapsed().as_secs_f64() * 1e6;
                    if s.is_some() {
                        found = s;
                        stage = st;
                        break;
                    }
                    if i == 0 {
                        let t = Instant::now();
                        let s = aligned::aligned_triple_exclusion(&m);
                        times[2] = t.elapsed().as_secs_f64() * 1e6;
                        if s.is_some() {
                            found = s;
                            stage = 2;
                            break;
                        }
                    }
                }
            }
            let Some(s) = found else { break };
            total += times.iter().sum::<f64>();
            let e = table.entry(stage).or_insert((0, [0.0; 9]));
            e.0 += 1;
            for (sum, time) in e.1.iter_mut().zip(times) {
                *sum += time;
            }
            s.apply(&mut m);
        }
        println!("{}\t{:.1}", &line[..81], total);
    }
    println!("found by\tsteps\t{}", names.join("\t"));
    for (stage, (n, t)) in &table {
        let cols: Vec<String> = t.iter().map(|x| format!("{:.0}", x)).collect();
        println!("{}\t{}\t{}", names[*stage], n, cols.join("\t"));
    }
}
