//! Our path of a 9×9 puzzle under variant rules, step by step, beside Sukaku Explainer's:
//! issue 36's step-by-step comparison. Prints each step the ladder under RULES takes
//! (`sudoku_core::logic::variant_ladder`): its number, rating, technique and sentence;
//! where no technique applies (none is expected), the cells left open.
//!
//! With `--serate PATH` (the `../shared/tools/serate/serate` script; needs Java) it also
//! has Sukaku Explainer rate the puzzle with the rules' options, printing its steps (its
//! short descriptions, `--after=%s`) and its ER, then the first step where the two paths
//! place a different digit: both paths are compared by their singles (Sukaku Explainer's
//! "Full House", "Hidden Single" and "Naked Single" lines against our steps that place
//! one digit by a single), so a difference in the techniques between two singles shows as
//! the first single after it.
//!
//! With `--marks`, each step's line is preceded by the pencil marks it starts from, in
//! Sukaku Explainer's `--before=%m` form (nine characters a cell: a digit where it is a
//! candidate or placed, else `.`), for a `diff` against its log.
//!
//! `sudoku-tools variant_steps RULES PUZZLE [--serate PATH] [--marks]`
use std::process::Command;
use sudoku_core::explain::technique_name;
use sudoku_core::logic::rules::VariantTables;
use sudoku_core::logic::{variant_ladder, Technique};
use sudoku_core::variant::{Geometry, Rules, VariantPuzzle};

/// A placement by a single: (cell, digit).
type Placed = (usize, u8);

/// Our steps under `rules`: the lines to print and the singles' placements in order.
fn our_steps(rules: &Rules, puzzle: &str, marks: bool) -> Result<(Vec<String>, Vec<Placed>), String> {
    let p = VariantPuzzle::parse(puzzle).map_err(|e| format!("not a puzzle: {e}"))?;
    let geometry = Geometry::new(p.shape, rules).map_err(|e| e.to_string())?;
    let t = VariantTables::new(&geometry).map_err(|e| e.to_string())?;
    let mut m = t.marks_of(&p.cells);
    let (mut lines, mut singles) = (Vec::new(), Vec::new());
    while !m.is_solved() {
        let Some(step) = variant_ladder::next_step_in(&m, &t) else {
            lines.push(format!("no technique applies, {} cells open", m.blanks()));
            break;
        };
        let single = matches!(
            step.technique,
            Technique::FullHouse | Technique::HiddenSingle(_) | Technique::HiddenSingleIn(_) | Technique::NakedSingle
        );
        if marks {
            lines.push(marks_line(&m));
        }
        if single {
            singles.extend(step.placements.iter().map(|c| (usize::from(c.cell), c.digit)));
        }
        lines.push(format!(
            "{}\t{}.{}\t{}\t{}",
            lines.len() + 1,
            step.rating / 10,
            step.rating % 10,
            technique_name(step.technique),
            step.explanation
        ));
        t.apply(&step, &mut m);
    }
    Ok((lines, singles))
}

/// Pencil marks in Sukaku Explainer's `%m` form: nine characters a cell.
fn marks_line(m: &sudoku_core::logic::Marks) -> String {
    let mut out = String::with_capacity(729);
    for cell in 0..81 {
        for d in 1..=9u8 {
            let shown = m.values[cell] == d || (m.values[cell] == 0 && m.has(cell, d));
            out.push(if shown { char::from(b'0' + d) } else { '.' });
        }
    }
    out
}

/// The placement of one of Sukaku Explainer's single lines ("Hidden Single: F9: 2 in
/// column": column F, row 9), if it is one.
fn serate_single(line: &str) -> Option<Placed> {
    let rest = ["Full House: ", "Hidden Single: ", "Naked Single: "]
        .iter()
        .find_map(|p| line.strip_prefix(p))?;
    let b = rest.as_bytes();
    let (col, row, digit) = (b.first()?.checked_sub(b'A')?, b.get(1)?.checked_sub(b'1')?, b.get(4)?.checked_sub(b'0')?);
    (col < 9 && row < 9 && (1..=9).contains(&digit)).then_some((usize::from(row) * 9 + usize::from(col), digit))
}

/// Sukaku Explainer's step lines (the last line of its output is its ER).
fn serate_steps(serate: &str, options: &str, puzzle: &str) -> Result<Vec<String>, String> {
    let input = std::env::temp_dir().join(format!("variant_steps_{}.txt", std::process::id()));
    std::fs::write(&input, format!("{puzzle}\n")).map_err(|e| e.to_string())?;
    let out = Command::new(serate)
        .arg(&input)
        .env("SERATE_ARGS", format!("{options} --after=%s"))
        .output()
        .map_err(|e| format!("{serate}: {e}"));
    let _ = std::fs::remove_file(&input);
    let out = out?;
    if !out.status.success() {
        return Err(format!("{serate}: {}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).lines().map(String::from).collect())
}

pub fn run(args: Vec<String>) {
    let usage = "usage: sudoku-tools variant_steps RULES PUZZLE [--serate PATH] [--marks]";
    let (Some(text), Some(puzzle)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2)
    };
    let fail = |e: String| -> ! {
        eprintln!("variant_steps: {e}");
        std::process::exit(2)
    };
    let rules = Rules::parse(text).unwrap_or_else(|e| fail(e.to_string()));
    let (lines, ours) = our_steps(&rules, puzzle, args.iter().any(|a| a == "--marks")).unwrap_or_else(|e| fail(e));
    println!("ours:");
    lines.iter().for_each(|l| println!("{l}"));
    let Some(i) = args.iter().position(|a| a == "--serate") else {
        return;
    };
    let serate = args.get(i + 1).unwrap_or_else(|| fail(usage.into()));
    let options = super::variant_ratings::serate_args(&rules).unwrap_or_else(|e| fail(e));
    let theirs = serate_steps(serate, &options.join(" "), puzzle).unwrap_or_else(|e| fail(e));
    println!("Sukaku Explainer:");
    for (n, l) in theirs.iter().enumerate() {
        println!("{}\t{l}", n + 1);
    }
    let theirs: Vec<Placed> = theirs.iter().filter_map(|l| serate_single(l)).collect();
    match ours.iter().zip(&theirs).position(|(a, b)| a != b) {
        Some(k) => println!("singles differ from the {}th on: ours {:?}, theirs {:?}", k + 1, ours[k], theirs[k]),
        None if ours.len() == theirs.len() => println!("the same {} singles in the same order", ours.len()),
        None => println!("the same first {} singles; ours {}, theirs {}", ours.len().min(theirs.len()), ours.len(), theirs.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serates_single_lines_read_as_placements() {
        assert_eq!(serate_single("Hidden Single: F9: 2 in column"), Some((8 * 9 + 5, 2)));
        assert_eq!(serate_single("Naked Single: A1: 7"), Some((0, 7)));
        assert_eq!(serate_single("Skyscraper: Cells B6,B5,E2,E6 on value 3"), None);
    }

    #[test]
    fn our_steps_end_solved_or_say_where_they_stop() {
        use sudoku_core::variant::generate::{generate_variant, VariantOptions};
        use sudoku_core::variant::Shape;
        let rules = Rules::parse("x").unwrap();
        let options = VariantOptions { clues: 45, ..VariantOptions::default() };
        let g = generate_variant(Shape::NINE, &rules, 1, 0, &options, &mut || {}).unwrap();
        let line: String = g.puzzle.cells.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
        let (lines, singles) = our_steps(&rules, &line, false).unwrap();
        assert!(!lines.last().unwrap().starts_with("no technique"), "{lines:?}");
        assert!(singles.iter().all(|&(cell, digit)| g.solution[cell] == digit));
    }
}
