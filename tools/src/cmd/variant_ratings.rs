//! Ratings under variant rules against Sukaku Explainer's: issue 36's yardstick
//! (scripts/variant_agreement.sh makes the puzzles, has serate rate them and runs this).
//! Reads `RULES<TAB>PUZZLE<TAB>ER[<TAB>...]` lines, ER being what serate gives the
//! 9×9 puzzle with the rules' options, or `-` when it did not finish within the script's
//! time cap (more columns, serate's EP, ED and hardest technique, are kept for the
//! listing). Prints, per family of rules and band of serate's ER, the puzzles, the
//! share we rate the same and within 0.2, and how many we refuse; then the puzzles serate
//! did not finish. Exits 1 unless some variant puzzle was compared and every variant band
//! with puzzles meets issue 36's target: the same ER for >= 99 % under groups alone (x, windoku, dg, girandola,
//! asterisk, center-dot and their combinations), >= 95 % with anti-knight, anti-king or
//! nc. Classic lines are rated and listed without a target (`rating_check` holds
//! classic's targets).
//!
//! Variant lines are rated by the ladder under rules (`sudoku_core::logic::variant_ladder`:
//! every producer of Sukaku Explainer's, the nested chains included); a puzzle it cannot
//! finish (none is expected) counts as refused, with the cells it left open. A pencil-mark text (729
//! characters, serate's `--before=%m` form) is read and rated as `sudoku_rate` reads and
//! rates one under the rules.
//!
//! Options: `--worst N` also lists the N largest disagreements and refusals (rules,
//! puzzle, ours, serate's ER and hardest technique).
//!
//! `sudoku-tools variant_ratings FILE [--worst N]`
//! `sudoku-tools variant_ratings --serate-args RULES`: prints serate's options for
//! RULES (`x,anti-king` → `--isX=1 --isAntiKing=1`), or names the rule it has no
//! counterpart for and exits 2.
use sudoku_core::logic::rules::VariantTables;
use sudoku_core::logic::{rate, variant_ladder};
use sudoku_core::position::text::{read, Text};
use sudoku_core::variant::engine::Engine;
use sudoku_core::variant::{Cages, Geometry, Regions, Rules, Shape, VariantPuzzle};
use sudoku_core::variant_explain::position::RuledPosition;
use sudoku_core::variant_explain::RuledPuzzle;
use sudoku_core::Puzzle;

/// Which target a set of rules is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// No rule: `rating_check`'s business, listed here only.
    Classic,
    /// Extra groups alone: the same ER for 99 %.
    Groups,
    /// Anti-knight, anti-king or nc, with or without groups: 95 % (serate's chains
    /// take no links from them, docs/design-variant-ratings.md).
    AntiChessOrNc,
}

impl Family {
    fn of(rules: &Rules) -> Family {
        if rules.is_classic() {
            Family::Classic
        } else if rules.anti_knight || rules.anti_king || rules.non_consecutive {
            Family::AntiChessOrNc
        } else {
            Family::Groups
        }
    }

    fn name(self) -> &'static str {
        match self {
            Family::Classic => "classic",
            Family::Groups => "groups",
            Family::AntiChessOrNc => "anti-chess/nc",
        }
    }

    /// The share rated the same that the family's bands must reach.
    fn target(self) -> Option<f64> {
        match self {
            Family::Classic => None,
            Family::Groups => Some(0.99),
            Family::AntiChessOrNc => Some(0.95),
        }
    }
}

const FAMILIES: [Family; 3] = [Family::Classic, Family::Groups, Family::AntiChessOrNc];

/// Bands of serate's ER (tenths), by the technique families of issue 36's build order:
/// singles, direct forms and nc's rules; intersections, subsets, fish, turbot fish and
/// the small wings; uniqueness, big wings and aligned pairs; chains.
const BANDS: [(&str, u16, u16); 4] = [
    ("<=2.5", 0, 25),
    ("2.6-4.4", 26, 44),
    ("4.5-6.4", 45, 64),
    (">=6.5", 65, u16::MAX),
];

/// Sukaku Explainer's options for `rules`, or the rule it has no counterpart for.
pub fn serate_args(rules: &Rules) -> Result<Vec<&'static str>, String> {
    if rules.regions != Regions::Boxes {
        return Err("jigsaw: Sukaku Explainer has no jigsaw regions".into());
    }
    if rules.cages != Cages::None {
        return Err("killer: Sukaku Explainer has no cages".into());
    }
    if rules.diagonal_down != rules.diagonal_up {
        return Err("a diagonal alone: Sukaku Explainer has both diagonals only (x)".into());
    }
    let options = [
        (rules.diagonal_down, "--isX=1"),
        (rules.windoku, "--isWindows=1"),
        (rules.disjoint_groups, "--isDG=1"),
        (rules.girandola, "--isGirandola=1"),
        (rules.asterisk, "--isAsterisk=1"),
        (rules.center_dot, "--isCD=1"),
        (rules.anti_knight, "--isAntiKnight=1"),
        (rules.anti_king, "--isAntiKing=1"),
        (rules.non_consecutive, "--isNC=1"),
    ];
    Ok(options.iter().filter(|o| o.0).map(|o| o.1).collect())
}

/// Our rating (tenths) of a 9×9 puzzle under `rules`, or why there is none.
fn our_rating(rules: &Rules, puzzle: &str) -> Result<u16, String> {
    if rules.is_classic() {
        let p = Puzzle::parse(puzzle).map_err(|e| format!("not a puzzle: {e}"))?;
        return Ok(rate(&p, &mut || {}).er);
    }
    if let Ok(Text::Marks(marks)) = read(puzzle) {
        return marks_rating(rules, &marks);
    }
    let p = VariantPuzzle::parse(puzzle).map_err(|e| format!("not a puzzle: {e}"))?;
    let geometry = Geometry::new(p.shape, rules).map_err(|e| e.to_string())?;
    let tables = VariantTables::new(&geometry).map_err(|e| e.to_string())?;
    variant_ladder::rate_in(&p.cells, &tables, &mut || {})
        .map(|r| r.er)
        .map_err(|b| format!("no technique applies, {} cells open", b.blanks))
}

/// Our rating of a pencil-mark text under `rules`, read and rated as `sudoku_rate`
/// reads and rates one (`RuledPosition::from_marks`, `RuledPuzzle::at`).
fn marks_rating(rules: &Rules, marks: &[u16; 81]) -> Result<u16, String> {
    let geometry = Geometry::new(Shape::NINE, rules).map_err(|e| e.to_string())?;
    let tables = VariantTables::new(&geometry).map_err(|e| e.to_string())?;
    let position =
        RuledPosition::from_marks(marks, &geometry, &tables).map_err(|e| e.message())?;
    let engine = Engine::new(&geometry);
    let p = RuledPuzzle::at("rating", &position, &geometry, &engine)
        .map_err(|e| e.to_string())?;
    match p.rate(&mut || {}) {
        Ok(Some(r)) => Ok(r.er),
        Ok(None) => Err("not one solution".into()),
        Err(e) => Err(e.to_string()),
    }
}

fn tenths(er: &str) -> Result<u16, String> {
    er.trim()
        .parse::<f64>()
        .map(|x| (x * 10.0).round() as u16)
        .map_err(|_| format!("not an ER: {er:?}"))
}

/// Counts of one family and band.
#[derive(Default, Clone, Copy, Debug, PartialEq)]
struct Tally {
    puzzles: usize,
    same: usize,
    within_two_tenths: usize,
    refused: usize,
}

/// One line that is not rated the same: the distance (refusals first), rules, puzzle,
/// ours, theirs, serate's hardest technique.
type Miss = (u16, String, String, Result<u16, String>, u16, String);

/// What a file of rated lines gives: tallies per family and band, serate's unfinished
/// per family, and the misses.
#[derive(Default)]
struct Agreement {
    tally: [[Tally; 4]; 3],
    unfinished: [usize; 3],
    misses: Vec<Miss>,
}

impl Agreement {
    /// Reads the lines of `text` (blank lines and `#` comments skipped).
    fn of(text: &str) -> Result<Agreement, String> {
        let mut out = Agreement::default();
        for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
            let cols: Vec<&str> = line.split('\t').collect();
            let [rules_text, puzzle, er, ..] = cols[..] else {
                return Err(format!("not RULES<TAB>PUZZLE<TAB>ER: {line:?}"));
            };
            let rules = Rules::parse(rules_text).map_err(|e| format!("{rules_text:?}: {e}"))?;
            let f = FAMILIES.iter().position(|&f| f == Family::of(&rules)).unwrap_or(0);
            if er.trim() == "-" {
                out.unfinished[f] += 1;
                continue;
            }
            let theirs = tenths(er)?;
            let band = BANDS.iter().position(|b| (b.1..=b.2).contains(&theirs)).unwrap_or(0);
            let t = &mut out.tally[f][band];
            t.puzzles += 1;
            let ours = our_rating(&rules, puzzle.trim());
            match ours {
                Ok(r) => {
                    t.same += usize::from(r == theirs);
                    t.within_two_tenths += usize::from(r.abs_diff(theirs) <= 2);
                }
                Err(_) => t.refused += 1,
            }
            if ours.as_ref().map_or(true, |&r| r != theirs) {
                let distance = ours.as_ref().map_or(u16::MAX, |r| r.abs_diff(theirs));
                let technique = cols.get(5).unwrap_or(&"").to_string();
                let (rules_text, puzzle) = (rules_text.to_string(), puzzle.trim().to_string());
                out.misses.push((distance, rules_text, puzzle, ours, theirs, technique));
            }
        }
        Ok(out)
    }

    /// Prints the table; true when every variant band with puzzles meets its target
    /// and some variant puzzle was compared (serate finished it).
    fn report(&self) -> bool {
        let compared = self.tally[1..].iter().flatten().any(|t| t.puzzles > 0);
        let mut ok = compared;
        if !compared {
            println!("no variant puzzle to compare (none in the file, or serate finished none)");
        }
        println!("family\tband\tpuzzles\tsame\twithin_0.2\trefused\ttarget");
        for (f, family) in FAMILIES.iter().enumerate() {
            for (band, t) in BANDS.iter().zip(self.tally[f]) {
                if t.puzzles == 0 {
                    continue;
                }
                let share = |k: usize| k as f64 / t.puzzles as f64;
                let verdict = match family.target() {
                    None => "no target (rating_check)".to_string(),
                    Some(target) => {
                        let met = share(t.same) >= target;
                        ok &= met;
                        let word = if met { "met" } else { "NOT MET" };
                        format!("same >= {:.0} %: {word}", target * 100.0)
                    }
                };
                println!(
                    "{}\t{}\t{}\t{:.1} %\t{:.1} %\t{}\t{verdict}",
                    family.name(),
                    band.0,
                    t.puzzles,
                    share(t.same) * 100.0,
                    share(t.within_two_tenths) * 100.0,
                    t.refused,
                );
            }
            if self.unfinished[f] > 0 {
                let n = self.unfinished[f];
                println!("{}: serate did not finish {n} puzzles", family.name());
            }
        }
        ok
    }
}

fn tenths_text(r: u16) -> String {
    format!("{}.{}", r / 10, r % 10)
}

pub fn run(args: Vec<String>) {
    let usage = "usage: sudoku-tools variant_ratings FILE [--worst N] | --serate-args RULES";
    if args.first().map(String::as_str) == Some("--serate-args") {
        let text = args.get(1).expect(usage);
        let rules = Rules::parse(text).unwrap_or_else(|e| {
            eprintln!("variant_ratings: {text:?}: {e}");
            std::process::exit(2)
        });
        match serate_args(&rules) {
            Ok(options) => println!("{}", options.join(" ")),
            Err(why) => {
                eprintln!("variant_ratings: no serate counterpart for {why}");
                std::process::exit(2)
            }
        }
        return;
    }
    let path = args.first().expect(usage);
    let worst: usize = args
        .iter()
        .position(|a| a == "--worst")
        .map_or(0, |i| args[i + 1].parse().expect("a number"));
    let text = std::fs::read_to_string(path).expect("a readable file");
    let agreement = Agreement::of(&text).unwrap_or_else(|e| {
        eprintln!("variant_ratings: {e}");
        std::process::exit(2)
    });
    let ok = agreement.report();
    if worst > 0 {
        let mut misses = agreement.misses;
        misses.sort_by(|a, b| b.0.cmp(&a.0).then(b.4.cmp(&a.4)));
        println!("largest disagreements (rules, puzzle, ours, serate's ER and technique):");
        for (_, rules, puzzle, ours, theirs, technique) in misses.iter().take(worst) {
            let ours = ours.as_ref().map_or_else(|e| e.clone(), |&r| tenths_text(r));
            let theirs = tenths_text(*theirs);
            println!("{rules}\t{puzzle}\t{ours}\t{theirs}\t{technique}");
        }
    }
    std::process::exit(if ok { 0 } else { 1 });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args_of(text: &str) -> Result<String, String> {
        serate_args(&Rules::parse(text).unwrap()).map(|o| o.join(" "))
    }

    #[test]
    fn rules_map_to_serates_options() {
        assert_eq!(args_of("classic").unwrap(), "");
        assert_eq!(args_of("x").unwrap(), "--isX=1");
        assert_eq!(
            args_of("nc,anti-king,windoku").unwrap(),
            "--isWindows=1 --isAntiKing=1 --isNC=1"
        );
        let all = "x,windoku,dg,girandola,asterisk,center-dot,anti-knight,anti-king,nc";
        assert_eq!(args_of(all).unwrap().split(' ').count(), 9);
        for refused in ["diagonal-", "diagonal+,windoku", "jigsaw", "killer"] {
            assert!(args_of(refused).is_err(), "{refused}");
        }
    }

    #[test]
    fn families_follow_the_anti_chess_and_nc_rules() {
        let family = |t: &str| Family::of(&Rules::parse(t).unwrap());
        assert_eq!(family("classic"), Family::Classic);
        assert_eq!(family("x,windoku,dg"), Family::Groups);
        for t in ["anti-knight", "x,anti-king", "nc"] {
            assert_eq!(family(t), Family::AntiChessOrNc, "{t}");
        }
    }

    /// A puzzle of the classic tests (one solution), with our own rating as the ER
    /// serate would give where the line says so.
    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn lines_are_tallied_per_family_and_band() {
        let ours = our_rating(&Rules::classic(), PUZZLE).unwrap();
        let er = tenths_text(ours);
        let off = tenths_text(ours + 1);
        let text = format!(
            "# comment\nclassic\t{PUZZLE}\t{er}\nclassic\t{PUZZLE}\t{off}\tx\t\tTech\n\
             x\t{PUZZLE}\t7.1\nanti-knight\t{PUZZLE}\t-\n"
        );
        let a = Agreement::of(&text).unwrap();
        let band = BANDS.iter().position(|b| (b.1..=b.2).contains(&ours)).unwrap();
        let classic = a.tally[0][band];
        assert_eq!((classic.same, classic.within_two_tenths), (1, 2));
        // The same digits read under x (no solution there, so not a line serate gives):
        // rated otherwise than the line says, a miss.
        let groups = a.tally[1][3];
        assert_eq!((groups.puzzles, groups.refused, groups.same), (1, 0, 0));
        assert_eq!(a.unfinished, [0, 0, 1]);
        assert_eq!(a.misses.len(), 2);
        assert!(!a.report(), "a variant line rated otherwise misses its target");
        assert!(Agreement::of("x\tnot enough columns").is_err());
        let unfinished = Agreement::of(&format!("x\t{PUZZLE}\t-\nclassic\t{PUZZLE}\t{er}")).unwrap();
        assert!(!unfinished.report(), "nothing compared is no pass");
        assert!(Agreement::of(&format!("x\t{PUZZLE}\tseven")).is_err());
    }
}
