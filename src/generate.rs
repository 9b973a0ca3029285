//! `sudoku_generate`: puzzles with exactly one solution, deterministic for a seed, at
//! random (`sudoku_core::generate`, graded by `sudoku_core::graded`; variants by
//! `sudoku_core::variant::generate`, graded by `sudoku_core::graded_variant`) or near a
//! puzzle (`sudoku_core::near`). The arguments are checked here, each refusal `22023` with a
//! DETAIL saying what the argument takes.

use pgrx::prelude::*;
use pgrx::AnyNumeric;
use sudoku_core::generate::Symmetry;
use sudoku_core::graded::{
    check_random_floor, check_random_reach, check_range, generate_graded, RangeError, RatingRange,
};
use sudoku_core::near::{NearError, NearOptions, NearRules, NearSearch};
use sudoku_core::position::text::Text;
use sudoku_core::{explain, Puzzle};

use crate::encoding::DbText;
use sudoku_core::graded_variant::{generate_variant_graded, VariantGradedError};
use sudoku_core::variant::generate::VariantOptions;
use sudoku_core::variant::{Cages, Rules, Shape, VariantError, VariantPuzzle};
use sudoku_core::variant_explain::rules_named;

use crate::errors::{
    check_interrupts, raise, raise_argument, raise_oom, raise_variant, raise_with, Interruptible,
};
use crate::read;
use crate::rows::rating_numeric;

/// The rows of `sudoku_generate`.
type GeneratedRow = (i32, String, String, i32, Option<AnyNumeric>, String);
type Rows = Box<dyn Iterator<Item = GeneratedRow>>;

/// The ratings of every range, for the DETAIL of a range no puzzle has.
const RATINGS_DETAIL: &str = "Ratings below 4.0 are those of single techniques (1.0, 1.2, 1.5, 1.7, 1.9, 2.0, 2.3, 2.5, \
     2.6, 2.8, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0); from 4.0 to 11.9 every tenth occurs; 20.0 is a puzzle the engine \
     cannot finish.";

/// `min_rating` or `max_rating` in tenths, refused unless a finite number.
fn tenths(name: &str, x: &AnyNumeric) -> u16 {
    let v = f64::try_from(x.clone()).unwrap_or(f64::NAN);
    if !v.is_finite() {
        raise_argument(
            format!("{name} must be a finite number, got {x}"),
            "Ratings are numbers on Sudoku Explainer's scale, from 1.0 to 11.9, and 20.0 for a puzzle the engine \
             cannot finish.",
        );
    }
    (v * 10.0).round().clamp(0.0, 1000.0) as u16
}

/// The rating range asked for, checked: a range no puzzle has is refused.
fn checked_range(min_rating: &AnyNumeric, max_rating: &AnyNumeric) -> RatingRange {
    let range = RatingRange {
        min: tenths("min_rating", min_rating),
        max: tenths("max_rating", max_rating),
    };
    let range = if range.min <= 10 && range.max >= sudoku_core::logic::BEYOND_LADDER {
        RatingRange::ANY
    } else {
        range
    };
    if let Err(e) = check_range(range) {
        let why = match e {
            RangeError::Empty => "min_rating is above max_rating",
            _ => "no puzzle has a rating in that range",
        };
        raise_argument(
            format!("cannot generate puzzles rated {min_rating} to {max_rating}: {why}"),
            RATINGS_DETAIL,
        );
    }
    range
}

/// `count` puzzles with exactly one solution, deterministic for `seed`; digging stops
/// at `clues` givens (0: minimal puzzles), an orbit of `symmetry` at a time; with a
/// rating range, attempts are made until one rates inside it. With `near`, the puzzles
/// come from the neighbourhood of that puzzle instead (`sudoku_core::near`).
///
/// The SQL is written by hand because `near` defaults to NULL: the function cannot be
/// STRICT (a NULL `near` would give no rows), so a NULL in any other argument gives no
/// rows here, as STRICT did before `near` existed.
#[pg_extern(sql = r#"
CREATE FUNCTION sudoku_generate(
	"count" int,
	"seed" bigint DEFAULT 0,
	"clues" int DEFAULT 0,
	"min_rating" numeric DEFAULT 0,
	"max_rating" numeric DEFAULT 20,
	"symmetry" text DEFAULT 'none',
	"near" text DEFAULT NULL,
	"rules" text DEFAULT 'classic',
	"size" int DEFAULT 9
) RETURNS TABLE("n" int, "puzzle" text, "solution" text, "givens" int, "rating" numeric, "rules" text)
IMMUTABLE PARALLEL SAFE COST 1000
LANGUAGE c AS '@MODULE_PATHNAME@', 'sudoku_generate_ruled_wrapper';
"#)]
// pgrx reads a set-returning function's columns from the TableIterator written out in its
// signature (a type alias would hide it), so the long type stays.
#[allow(clippy::type_complexity)]
// One Rust parameter for each of the nine SQL arguments: pgrx maps them one to one.
#[allow(clippy::too_many_arguments)]
fn sudoku_generate_ruled(
    count: Option<i32>,
    seed: Option<i64>,
    clues: Option<i32>,
    min_rating: Option<AnyNumeric>,
    max_rating: Option<AnyNumeric>,
    symmetry: Option<DbText>,
    near: Option<DbText>,
    rules: Option<DbText>,
    size: Option<i32>,
) -> TableIterator<
    'static,
    (
        name!(n, i32),
        name!(puzzle, String),
        name!(solution, String),
        name!(givens, i32),
        name!(rating, Option<AnyNumeric>),
        name!(rules, String),
    ),
> {
    let (
        Some(count),
        Some(seed),
        Some(clues),
        Some(min_rating),
        Some(max_rating),
        Some(symmetry),
        Some(rules),
        Some(size),
    ) = (
        count, seed, clues, min_rating, max_rating, symmetry, rules, size,
    )
    else {
        let none: Rows = Box::new(std::iter::empty());
        return TableIterator::new(none);
    };
    if count < 0 {
        raise_argument(
            format!("count must not be negative, got {count}"),
            "count is the number of puzzles to generate; 0 gives no rows.",
        );
    }
    let shape = Shape::of_side(usize::try_from(size).unwrap_or(0)).unwrap_or_else(|| {
        raise_argument(
            format!("size must be 4, 9, 16 or 25, got {size}"),
            "size is the side of the grid: 4 (4x4), 9 (the default), 16 (16x16) or 25 (25x25).",
        )
    });
    let rules = read::rules(&rules);
    let cells = shape.cells() as i32;
    if !(0..=cells).contains(&clues) {
        raise_argument(
            format!("clues must be between 0 and {cells}, got {clues}"),
            "clues is the number of givens at which digging stops (0: until the puzzle is minimal).",
        );
    }
    let Some(symmetry) = Symmetry::from_name(&symmetry) else {
        raise_argument(
            format!("unknown symmetry \"{}\"", &*symmetry),
            "The symmetries are none, rotate90, rotate180, mirror, flip and random.",
        );
    };
    let range = checked_range(&min_rating, &max_rating);
    let near_asked = NearAsked {
        clues,
        seed: seed as u64,
        count,
        symmetry,
        range,
    };
    if shape != Shape::NINE || !rules.is_classic() {
        let rated = shape == Shape::NINE && matches!(rules.cages, Cages::None);
        if near.is_some() && !rated {
            raise_argument(
                "near is for 9x9 puzzles without killer cages".to_string(),
                "Generation near a puzzle rates what it makes, which the human-logic engine does for 9x9 grids \
                 without cages: leave near NULL for other variants (they are generated at random).",
            );
        }
        let graded = range != RatingRange::ANY || near.is_some();
        if graded && !rated {
            raise_variant(
                None,
                VariantError::NoHumanLogic {
                    what: "sudoku_generate with a rating range".into(),
                    rules: rules_named(shape, &rules),
                },
            );
        }
        if let Some(near) = near {
            return TableIterator::new(near_rows(&near, near_asked, rules));
        }
        let options = VariantOptions {
            clues: clues as usize,
            symmetry,
        };
        let rows = variant_rows(seed as u64, count, options, shape, rules, range);
        return TableIterator::new(rows);
    }
    let rows = match near {
        Some(near) => near_rows(&near, near_asked, Rules::classic()),
        None => {
            let asked = format!("{min_rating} to {max_rating}");
            random_rows(seed as u64, count, clues as usize, symmetry, range, &asked)
        }
    };
    TableIterator::new(rows)
}

/// The rows of random generation, one puzzle a row; `asked` is the range as the caller
/// wrote it, for the errors.
fn random_rows(
    seed: u64,
    count: i32,
    clues: usize,
    symmetry: Symmetry,
    range: RatingRange,
    asked: &str,
) -> Rows {
    if check_random_reach(range).is_err() {
        raise_argument(
            format!("cannot generate puzzles rated {asked} at random"),
            &format!(
                "Random minimal puzzles rate 9.0 or more about once in 700 and, of 20,000, none rated above {}: \
                 a min_rating above it would never end. Puzzles rated higher are found near a hard one: add \
                 near => a puzzle rated at least {} (the lists of the hardest puzzles have many).",
                explain::rating_text(sudoku_core::graded::RANDOM_REACH),
                explain::rating_text(range.min.min(sudoku_core::logic::BEYOND_LADDER)),
            ),
        );
    }
    if check_random_floor(range, clues).is_err() {
        raise_argument(
            format!("cannot generate puzzles rated {asked} with clues {clues}"),
            &format!(
                "A rating of 1.0 is a puzzle of full houses alone, which random digging makes only when it stops at \
                 {} givens or more (clues => {0}); minimal puzzles (clues 0) and fewer givens rate 1.2 at least.",
                sudoku_core::graded::FULL_HOUSE_CLUES
            ),
        );
    }
    let options = sudoku_core::Options { clues, symmetry };
    Box::new((0..count).map(move |n| {
        pg_sys::check_for_interrupts!();
        let g = generate_graded(seed, n as u64, options, range, &mut Interruptible)
            .unwrap_or_else(|e| raise_too_rare(range, clues, e.attempts));
        let (p, solution) = (g.generated.puzzle, g.generated.solution);
        (
            n + 1,
            p.to_line(),
            Puzzle::from_cells(solution).to_line(),
            p.givens() as i32,
            g.rating.map(rating_numeric),
            "classic".to_string(),
        )
    }))
}

/// The rows of variant generation (`sudoku_core::variant::generate`): unique under
/// their rules, fresh jigsaw layouts and killer cages written out in each row's rules;
/// with a rating range, rated under their rules (`sudoku_core::graded_variant`).
fn variant_rows(
    seed: u64,
    count: i32,
    options: VariantOptions,
    shape: Shape,
    rules: Rules,
    range: RatingRange,
) -> Rows {
    Box::new((0..count).map(move |n| {
        pg_sys::check_for_interrupts!();
        let graded = generate_variant_graded(
            shape,
            &rules,
            (seed, n as u64),
            &options,
            range,
            &mut check_interrupts,
        );
        let g = graded.unwrap_or_else(|e| match e {
            VariantGradedError::Variant(e) => raise_variant(Some("rules"), e),
            VariantGradedError::TooRare { attempts } => {
                raise_too_rare(range, options.clues, attempts)
            }
        });
        let (rating, g) = (g.rating, g.generated);
        let solution = VariantPuzzle {
            shape,
            cells: g.solution,
        };
        (
            n + 1,
            g.puzzle.to_line(),
            solution.to_line(),
            (g.puzzle.cells.len() - g.puzzle.blanks()) as i32,
            rating.map(rating_numeric),
            g.rules.to_string(),
        )
    }))
}

/// Raises the error of a range no attempt reached, with a DETAIL that fits the range:
/// hard ranges are rare; otherwise the givens set how hard puzzles come.
fn raise_too_rare(range: RatingRange, clues: usize, attempts: u64) -> ! {
    let detail = if range.min >= 90 {
        "Ratings of 9.0 and more are rare among random puzzles, rarer still with a symmetry. Widen the range, \
         or add near => a puzzle rated inside it."
            .to_string()
    } else {
        format!(
            "Random puzzles dug to {} rarely rate in that range. Widen the range, or change clues: puzzles \
             with more givens are easier, minimal ones (clues => 0) the hardest.",
            if clues == 0 {
                "minimal".to_string()
            } else {
                format!("{clues} givens")
            },
        )
    };
    raise_argument(
        format!(
            "no puzzle rated {} to {} in {attempts} attempts",
            explain::rating_text(range.min),
            explain::rating_text(range.max),
        ),
        &detail,
    )
}

/// What `sudoku_generate` asks of a search near a puzzle.
#[derive(Clone, Copy)]
struct NearAsked {
    clues: i32,
    seed: u64,
    count: i32,
    symmetry: Symmetry,
    range: RatingRange,
}

/// The rows of generation near the puzzle `near` (a text of the puzzle reader) under
/// `rules` (classic, or a 9×9 variant's without cages, its range checked).
fn near_rows(near: &str, asked: NearAsked, rules: Rules) -> Rows {
    let NearAsked {
        clues,
        seed,
        count,
        symmetry,
        range,
    } = asked;
    if clues != 0 {
        raise_argument(
            format!("clues cannot be combined with near, got clues {clues}"),
            "Puzzles near a start keep about its number of givens (a move removes, adds or moves a \
             given); clues stops the digging of random generation only.",
        );
    }
    let start = match read::text(near) {
        Text::Puzzle(p, _) => p,
        Text::Marks(_) => raise_with(
            PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED,
            "near does not take a pencil-mark text".to_string(),
            "Generation near a puzzle moves its givens, which a pencil-mark text does not tell apart from \
             digits placed since. Pass the puzzle the marks belong to."
                .to_string(),
        ),
    };
    if rules.is_classic() {
        start.check_givens().unwrap_or_else(|e| raise(e));
    }
    let near_rules = NearRules::of(&rules).unwrap_or_else(|e| raise_variant(Some("rules"), e));
    let options = NearOptions::new(symmetry, range);
    let mut search = NearSearch::with_rules(&start, near_rules, seed, options, &mut Interruptible)
        .unwrap_or_else(|e| raise_near(e, range, &rules.to_string()));
    let rules = rules.to_string();
    Box::new((0..count).map(move |n| {
        let f = search
            .next_found(&mut Interruptible)
            .unwrap_or_else(|e| raise_near(e, range, &rules));
        (
            n + 1,
            f.puzzle.to_line(),
            Puzzle::from_cells(f.solution).to_line(),
            f.puzzle.givens() as i32,
            Some(rating_numeric(f.rating)),
            rules.clone(),
        )
    }))
}

/// Raises the error of a search near a puzzle: `22023` with a DETAIL for a start without
/// exactly one solution or a range the search did not reach, `53200` for memory.
/// `rules` are the rules' text (named in the message where they are not classic).
fn raise_near(err: NearError, range: RatingRange, rules: &str) -> ! {
    let one = "Generation near a puzzle needs a puzzle with exactly one solution.";
    let under = match rules {
        "classic" => String::new(),
        _ => format!(" under rules \"{rules}\""),
    };
    match err {
        NearError::NotNine => raise_argument(
            "near must be a 9x9 puzzle".to_string(),
            "Generation near a puzzle moves the givens of 9x9 puzzles only; 4x4 puzzles are generated at random.",
        ),
        NearError::NoSolution => {
            raise_argument(format!("the puzzle near names has no solution{under}"), one)
        }
        NearError::SeveralSolutions => raise_argument(
            format!("the puzzle near names has more than one solution{under}"),
            one,
        ),
        NearError::OutOfMemory(e) => raise_oom(e),
        NearError::Variant(e) => raise_variant(None, e),
        NearError::Unreached(reach) => raise_unreached(&reach, range),
    }
}

/// Raises the error of a search near a puzzle that stopped short of the range.
fn raise_unreached(reach: &sudoku_core::near::Reach, range: RatingRange) -> ! {
    let r = explain::rating_text;
    let stop = if reach.exhausted {
        "every neighbour of the puzzles it kept was tried".to_string()
    } else {
        format!(
            "{} neighbours in a row were rated outside the range",
            sudoku_core::near::RATINGS_PER_PUZZLE
        )
    };
    let below = match reach.highest_below_beyond {
        Some(h) if h != reach.highest => format!(" (the highest below 20.0: {})", r(h)),
        _ => String::new(),
    };
    let singles = if reach.solved_by_singles > 0 {
        format!(
            "; {} neighbours fell to singles alone (2.3 or less) and were not rated",
            reach.solved_by_singles
        )
    } else {
        String::new()
    };
    raise_argument(
        format!(
            "cannot generate puzzles rated {} to {} near this puzzle",
            r(range.min),
            r(range.max)
        ),
        &format!(
            "The search stopped after {} puzzles in the range: {stop}. Ratings made: {}, from {} to {}{below}, \
             the start {}{singles}. Ask for a range within what was reached, or start near a puzzle rated \
             closer to it.",
            reach.found,
            reach.rated,
            r(reach.lowest),
            r(reach.highest),
            r(reach.start)
        ),
    )
}

/// `sudoku_generate` as 0.4.2 and earlier declared it (six arguments, without `near`,
/// `rules` and `size`), for a database whose SQL definitions ALTER EXTENSION has not
/// updated yet: the same puzzles. No SQL of its own.
#[pg_extern(sql = false, immutable, parallel_safe)]
#[allow(clippy::type_complexity)]
fn sudoku_generate(
    count: Option<i32>,
    seed: Option<i64>,
    clues: Option<i32>,
    min_rating: Option<AnyNumeric>,
    max_rating: Option<AnyNumeric>,
    symmetry: Option<DbText>,
) -> TableIterator<
    'static,
    (
        name!(n, i32),
        name!(puzzle, String),
        name!(solution, String),
        name!(givens, i32),
        name!(rating, Option<AnyNumeric>),
    ),
> {
    let classic = Some(DbText::constant("classic"));
    let rows = sudoku_generate_ruled(
        count,
        seed,
        clues,
        min_rating,
        max_rating,
        symmetry,
        None,
        classic,
        Some(9),
    );
    TableIterator::new(
        rows.map(|(n, puzzle, solution, givens, rating, _)| (n, puzzle, solution, givens, rating)),
    )
}
