//! Solves variant puzzles a line with the variant engine, in the Interactive Sudoku
//! Solver's batch format, so that the outputs of both diff line by line.
//!
//! `sudoku-tools variants FILE`: a line is `PUZZLE` or `RULES<TAB>PUZZLE` (rules in the
//! notation of `../shared/tools/iss/batch_solve.mjs`; lines starting with `#` skipped).
//! Prints `solution<TAB>count<TAB>ms` a line (count up to 2, solution `-` when none,
//! digits 10 and up as `A`, `B`, ...; ms the time of reading the rules, laying them on
//! the grid, building the engine's tables and counting; with `--nodes`, a fourth column
//! gives the search nodes), then `# seconds S`.
//!
//! `sudoku-tools variants --make RULES COUNT SEED [--sixteen] [--clues N]`: prints COUNT
//! lines `RULES<TAB>PUZZLE` of 9×9 (or 16×16 with `--sixteen`) puzzles with one
//! solution: a random grid of the rules, givens removed in a random order while the
//! solution stays unique (down to N givens with `--clues N`, else as long as one can
//! go). RULES `killer` cuts cages from the grid (sums given).
use std::time::Instant;
use sudoku_core::generate::Rng;
use sudoku_core::variant::rules::killer_text;
use sudoku_core::variant::{memo, Cage, Cages, Engine, Geometry, Rules, Shape, VariantPuzzle};

pub fn run(args: Vec<String>) {
    if args.first().map(String::as_str) == Some("--make") {
        return make(&args[1..]);
    }
    let path = args.first().expect("usage: sudoku-tools variants FILE [--nodes]");
    let with_nodes = args.iter().any(|a| a == "--nodes");
    let text = std::fs::read_to_string(path).expect("readable file");
    let mut total = 0.0;
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let start = Instant::now();
        let (solution, count, nodes) = solve_line(line);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        total += ms;
        if with_nodes {
            println!("{solution}\t{count}\t{ms:.3}\t{nodes}");
        } else {
            println!("{solution}\t{count}\t{ms:.3}");
        }
    }
    println!("# seconds {:.3}", total / 1000.0);
}

/// The first solution (as text, `-` when none), the count up to 2 and the search nodes
/// of one line.
fn solve_line(line: &str) -> (String, u64, u64) {
    let (rules, puzzle) = line.split_once('\t').unwrap_or(("", line));
    let rules = Rules::parse(rules).expect("valid rules");
    let puzzle = VariantPuzzle::parse(puzzle).expect("a puzzle");
    // As the SQL functions do: the geometry and engine kept from the line before when
    // its rules are the same.
    let geometry = memo::geometry_of(puzzle.shape, &rules).expect("rules that fit the grid");
    let engine = memo::engine_of(&geometry);
    let mut solutions = engine.solutions(&puzzle, 2, || {});
    let first = solutions.next();
    let count = first.is_some() as u64 + solutions.by_ref().count() as u64;
    let nodes = solutions.nodes();
    let text = match first {
        Some(grid) => grid.iter().map(|&d| puzzle.shape.digit_char(d)).collect(),
        None => "-".to_string(),
    };
    (text, count, nodes)
}

fn make(args: &[String]) {
    let usage = "usage: sudoku-tools variants --make RULES COUNT SEED [--sixteen] [--clues N]";
    let rules_text = args.first().expect(usage);
    let count: usize = args.get(1).expect(usage).parse().expect("a count");
    let seed: u64 = args.get(2).expect(usage).parse().expect("a seed");
    let clues: usize = args
        .iter()
        .position(|a| a == "--clues")
        .map_or(0, |i| args.get(i + 1).expect(usage).parse().expect("a number of givens"));
    let shape = if args.iter().any(|a| a == "--sixteen") {
        Shape::SIXTEEN
    } else {
        Shape::NINE
    };
    let killer = rules_text == "killer";
    let base = if killer {
        Rules::default()
    } else {
        Rules::parse(rules_text).expect("valid rules")
    };
    let geometry = Geometry::new(shape, &base).expect("rules that fit");
    let mut rng = Rng::new(seed);
    let mut made = 0;
    while made < count {
        let engine = Engine::new(&geometry);
        let Some(grid) = engine.random_solution(&VariantPuzzle::empty(shape), &mut rng, &mut || {})
        else {
            // Rules no grid can obey (windoku with nc, say): said plainly, no panic.
            eprintln!("sudoku-tools variants --make: no grid obeys {rules_text}");
            std::process::exit(2);
        };
        let rules = if killer {
            let mut r = base.clone();
            r.cages = Cages::Killer {
                map_cells: shape.cells(),
                cages: cut_cages(shape, &grid, &mut rng),
            };
            r
        } else {
            base.clone()
        };
        let geometry = Geometry::new(shape, &rules).expect("cages that fit");
        let puzzle = dig(&Engine::new(&geometry), shape, grid, &mut rng, clues);
        let text = if killer {
            let Cages::Killer { cages, .. } = &rules.cages else { unreachable!() };
            format!("killer={}", killer_text(cages, shape.cells()))
        } else {
            rules_text.clone()
        };
        println!("{text}\t{}", puzzle.to_line());
        made += 1;
    }
}

/// Givens removed in a random order while the solution stays unique, down to `clues`.
fn dig(engine: &Engine, shape: Shape, grid: Vec<u8>, rng: &mut Rng, clues: usize) -> VariantPuzzle {
    let mut puzzle = VariantPuzzle { shape, cells: grid };
    let mut order: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut order);
    for cell in order {
        if shape.cells() - puzzle.blanks() <= clues {
            break;
        }
        let digit = puzzle.cells[cell];
        puzzle.cells[cell] = 0;
        if engine.count_excluding(&puzzle, cell, digit, 1, &mut || {}) != 0 {
            puzzle.cells[cell] = digit;
        }
    }
    puzzle
}

/// Cages of 2 to 5 orthogonally connected cells with distinct digits, at most 52 (so
/// that letters name them), every cell in one; the sums from the grid.
fn cut_cages(shape: Shape, grid: &[u8], rng: &mut Rng) -> Vec<Cage> {
    let n = shape.side();
    let mut cage_of = vec![usize::MAX; shape.cells()];
    let mut cages: Vec<Vec<u16>> = Vec::new();
    let mut order: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut order);
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = 2 + rng.below(4) as usize;
        let k = cages.len();
        let mut cells = vec![start as u16];
        cage_of[start] = k;
        while cells.len() < target {
            let mut options: Vec<usize> = Vec::new();
            for &c in &cells {
                let c = usize::from(c);
                let (r, col) = (c / n, c % n);
                let near = [
                    (r > 0).then(|| c - n),
                    (r + 1 < n).then(|| c + n),
                    (col > 0).then(|| c - 1),
                    (col + 1 < n).then(|| c + 1),
                ];
                options.extend(near.into_iter().flatten().filter(|&q| {
                    cage_of[q] == usize::MAX
                        && cells.iter().all(|&m| grid[usize::from(m)] != grid[q])
                }));
            }
            if options.is_empty() {
                break;
            }
            let q = options[rng.below(options.len() as u64) as usize];
            cage_of[q] = k;
            cells.push(q as u16);
        }
        cages.push(cells);
    }
    cages
        .into_iter()
        .map(|mut cells| {
            cells.sort_unstable();
            let sum = cells.iter().map(|&c| u16::from(grid[usize::from(c)])).sum();
            Cage { cells, sum: Some(sum) }
        })
        .collect()
}
