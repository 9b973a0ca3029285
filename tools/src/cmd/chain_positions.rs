//! Runs the chain producers on pencil-mark positions and compares with Sukaku Explainer:
//! `sudoku-tools chain_positions FILE [-v]`, FILE holding
//! `729-char pencil marks<TAB>SE rating<TAB>SE step` lines (a cell with one candidate is
//! taken as placed). Prints the first producer's step (in ladder order) and agreement.
use std::time::Instant;
use sudoku_core::grid::Size;
use sudoku_core::logic::chains::{self, Producer};
use sudoku_core::logic::Marks;

pub fn run(args: Vec<String>) {
    let text = std::fs::read_to_string(&args[0]).unwrap();
    let verbose = args.iter().any(|a| a == "-v");
    // --ladder: the whole ladder's next step instead of the chain producers alone.
    let ladder = args.iter().any(|a| a == "--ladder");
    let only: Option<usize> = args
        .get(1)
        .filter(|a| !a.starts_with('-'))
        .and_then(|s| s.parse().ok());
    let (mut n, mut same) = (0, 0);
    let mut times = [0f64; 7];
    let mut calls = [0usize; 7];
    let t = Instant::now();
    for (i, line) in text.lines().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let pm = f[0].as_bytes();
        let mut m = Marks {
            size: Size::Nine,
            values: [0; 81],
            cands: [0; 81],
        };
        for cell in 0..81 {
            let mut mask = 0u16;
            for d in 0..9 {
                if pm[cell * 9 + d] != b'.' {
                    mask |= 1 << d;
                }
            }
            if mask.count_ones() == 1 {
                m.values[cell] = mask.trailing_zeros() as u8 + 1;
            } else {
                m.cands[cell] = mask;
            }
        }
        let se: f64 = f[1].parse().unwrap();
        let mut got = None;
        if ladder {
            got = sudoku_core::logic::next_step(&m, &mut || {});
        } else {
            for (pi, p) in Producer::ALL.into_iter().enumerate() {
                let t0 = Instant::now();
                let r = chains::find(&m, p, &mut || {});
                times[pi] += t0.elapsed().as_secs_f64();
                calls[pi] += 1;
                if let Some(s) = r {
                    got = Some(s);
                    break;
                }
            }
        }
        n += 1;
        let r = got.as_ref().map(|s| s.rating).unwrap_or(0);
        let ok = (r as f64 - se * 10.0).abs() < 0.5;
        if ok {
            same += 1;
        }
        if verbose && !ok || only.is_some() {
            let s = got
                .map(|s| format!("{:?} {} {}", s.technique, s.rating, s.explanation))
                .unwrap_or("none".into());
            println!("#{i} SE {se} {} || mine {s}", f[2]);
        }
    }
    for i in 0..7 {
        if calls[i] > 0 {
            println!(
                "{:?}: {} calls, {:.3} ms/call",
                Producer::ALL[i],
                calls[i],
                1000.0 * times[i] / calls[i] as f64
            );
        }
    }
    println!("n={n} same={same} time={:.2}s", t.elapsed().as_secs_f64());
}
