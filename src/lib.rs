//! `sudoku_ext`: the PostgreSQL glue over `sudoku_core`.
//!
//! Every function here does three things only: convert its arguments, call the core,
//! and turn the core's typed errors into PostgreSQL errors. The layers, each module
//! importing only those above it (no cycle, checked by the lint layer):
//!
//! - [`encoding`]: text in and out of the database's encoding;
//! - [`errors`]: the core's errors as PostgreSQL errors, the one place; interrupts;
//! - [`read`]: every text argument read once into the core's typed value;
//! - [`rows`]: the rows and values the functions return;
//! - the SQL functions, a module a family: [`solve`] (the fast search), [`human`] (the
//!   human-logic engine), [`position`] (`sudoku_check`), [`format`], [`generate`] and
//!   [`picture`].
//!
//! The SQL comments of the functions live in `sql/functions.sql`, embedded below.

::pgrx::pg_module_magic!(name, version);

mod encoding;
mod errors;
mod format;
mod generate;
mod human;
mod picture;
mod position;
mod read;
mod rows;
mod solve;

pgrx::extension_sql_file!("../sql/functions.sql", name = "functions", finalize);

#[cfg(any(test, feature = "pg_test"))]
#[pgrx::pg_schema]
mod tests {
    use pgrx::prelude::*;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// The extension's functions, by name, in SQL's order.
    const EXPECTED_FUNCTIONS: &str = "sudoku_candidates,sudoku_canonical,sudoku_check,sudoku_count_solutions,sudoku_equivalent,sudoku_format,sudoku_generate,sudoku_hint,sudoku_import,sudoku_is_valid,sudoku_rate,sudoku_search_trace,sudoku_solutions,sudoku_solve,sudoku_stats,sudoku_steps,sudoku_svg,sudoku_svg_pages";
    const EASY_SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// The SQLSTATE raised by `sql`, or None when it succeeds. PL/pgSQL's exception
    /// block runs the statement in a subtransaction, so the test goes on cleanly.
    fn sqlstate_of(sql: &str) -> Option<String> {
        Spi::run(
            "CREATE OR REPLACE FUNCTION pg_temp.sqlstate_of(q text) RETURNS text LANGUAGE plpgsql AS \
             $$ BEGIN EXECUTE q; RETURN NULL; EXCEPTION WHEN OTHERS THEN RETURN SQLSTATE; END $$",
        )
        .unwrap();
        Spi::get_one_with_args::<String>("SELECT pg_temp.sqlstate_of($1)", &[sql.into()]).unwrap()
    }

    #[pg_test]
    fn solves_a_line_puzzle() {
        let got = Spi::get_one::<String>(&format!("SELECT sudoku_solve('{EASY}')")).unwrap();
        assert_eq!(got.as_deref(), Some(EASY_SOLVED));
    }

    #[pg_test]
    fn keeps_the_contest_layout() {
        let contest: Vec<String> = EASY
            .replace('.', "?")
            .as_bytes()
            .chunks(9)
            .map(|c| String::from_utf8(c.to_vec()).unwrap())
            .collect();
        let expected: Vec<&str> = EASY_SOLVED
            .as_bytes()
            .chunks(9)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect();
        let got = Spi::get_one_with_args::<String>(
            "SELECT sudoku_solve($1)",
            &[contest.join("\n").into()],
        )
        .unwrap();
        assert_eq!(got, Some(expected.join("\n")));
    }

    #[pg_test]
    fn null_in_null_out_and_no_solution_is_null() {
        assert_eq!(
            Spi::get_one::<String>("SELECT sudoku_solve(NULL)").unwrap(),
            None
        );
        // Consistent givens, no solution: r1c9 can hold no digit.
        let unsolvable = "12345678.........9".to_string() + &".".repeat(63);
        assert_eq!(
            Spi::get_one::<String>(&format!("SELECT sudoku_solve('{unsolvable}')")).unwrap(),
            None
        );
        assert_eq!(
            Spi::get_one::<i64>("SELECT count(*) FROM sudoku_candidates(NULL)").unwrap(),
            Some(0)
        );
    }

    #[pg_test]
    fn errors_carry_their_sqlstate() {
        assert_eq!(
            sqlstate_of("SELECT sudoku_solve('12x')").as_deref(),
            Some("22P02")
        );
        assert_eq!(
            sqlstate_of("SELECT sudoku_solve(repeat('.', 80))").as_deref(),
            Some("22P02")
        );
        assert_eq!(
            sqlstate_of("SELECT sudoku_solve('55' || repeat('.', 79))").as_deref(),
            Some("22023")
        );
        assert_eq!(
            sqlstate_of(
                "SELECT * FROM sudoku_candidates('5' || repeat('.', 8) || '5' || repeat('.', 71))"
            )
            .as_deref(),
            Some("22023")
        );
        assert_eq!(sqlstate_of(&format!("SELECT sudoku_solve('{EASY}')")), None);
    }

    /// SQLSTATE and DETAIL raised by `sql` ("none" when it succeeds).
    fn state_and_detail(sql: &str) -> String {
        Spi::run(
            "CREATE OR REPLACE FUNCTION pg_temp.state_and_detail(q text) RETURNS text LANGUAGE plpgsql AS \
             $$ DECLARE d text; BEGIN EXECUTE q; RETURN 'none'; EXCEPTION WHEN OTHERS THEN \
             GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL; RETURN SQLSTATE || ' ' || d; END $$",
        )
        .unwrap();
        Spi::get_one_with_args::<String>("SELECT pg_temp.state_and_detail($1)", &[sql.into()])
            .unwrap()
            .unwrap()
    }

    #[pg_test]
    fn every_argument_error_has_its_state_and_a_detail() {
        for (call, state, detail_start) in [
            ("SELECT * FROM sudoku_generate(-1)", "22023", "count is"),
            (
                "SELECT * FROM sudoku_generate(1, 0, 82)",
                "22023",
                "clues is",
            ),
            (
                "SELECT * FROM sudoku_generate(1, symmetry => 'x')",
                "22023",
                "The symmetries",
            ),
            (
                "SELECT * FROM sudoku_generate(1, min_rating => 'NaN')",
                "22023",
                "Ratings are",
            ),
            (
                "SELECT * FROM sudoku_generate(1, max_rating => 'NaN')",
                "22023",
                "Ratings are",
            ),
            (
                "SELECT sudoku_format('1234341221434321', 'x')",
                "22023",
                "The styles",
            ),
            (
                "SELECT sudoku_count_solutions('1234341221434321', 0)",
                "22023",
                "max_count is",
            ),
            (
                "SELECT * FROM sudoku_generate(1, near => '1234341221434321')",
                "22023",
                "Generation near",
            ),
            (
                "SELECT * FROM sudoku_hint(repeat('.', 81), '', repeat('?', 729))",
                "22P02",
                "marks: Character \"?\"",
            ),
            (
                "SELECT * FROM sudoku_check(repeat('.', 81), '1', '')",
                "22P02",
                "progress: Found 1 cells",
            ),
        ] {
            let got = state_and_detail(call);
            assert!(
                got.starts_with(&format!("{state} {detail_start}")),
                "{call}: {got}"
            );
        }
        // Never raises: false for any text that is no puzzle.
        assert_eq!(
            Spi::get_one::<bool>("SELECT sudoku_is_valid(E'\\x01\\x7f')").unwrap(),
            Some(false)
        );
    }

    #[pg_test]
    fn candidates_are_rows_per_blank() {
        let n = Spi::get_one::<i64>(&format!("SELECT count(*) FROM sudoku_candidates('{EASY}')"))
            .unwrap();
        assert_eq!(n, Some(51));
        let r1c3 = Spi::get_one::<Vec<i32>>(&format!(
            "SELECT candidates FROM sudoku_candidates('{EASY}') WHERE \"row\" = 1 AND col = 3"
        ))
        .unwrap();
        assert_eq!(r1c3, Some(vec![1, 2, 4]));
    }

    #[pg_test]
    fn generated_puzzles_are_deterministic_and_unique() {
        let q = "SELECT string_agg(puzzle, ',' ORDER BY n) FROM sudoku_generate(5, 11)";
        let a = Spi::get_one::<String>(q).unwrap();
        assert_eq!(a, Spi::get_one::<String>(q).unwrap());
        assert_ne!(
            a,
            Spi::get_one::<String>(
                "SELECT string_agg(puzzle, ',' ORDER BY n) FROM sudoku_generate(5, 12)"
            )
            .unwrap()
        );
        let wrong = Spi::get_one::<i64>(
            "SELECT count(*) FROM sudoku_generate(5, 11, 30) WHERE sudoku_solve(puzzle) <> solution OR givens <> 30",
        )
        .unwrap();
        assert_eq!(wrong, Some(0));
        assert_eq!(
            sqlstate_of("SELECT * FROM sudoku_generate(-1)").as_deref(),
            Some("22023")
        );
        assert_eq!(
            sqlstate_of("SELECT * FROM sudoku_generate(1, 0, 82)").as_deref(),
            Some("22023")
        );
    }

    #[pg_test]
    fn rating_hint_and_steps_through_the_glue() {
        let rate = Spi::get_one::<String>(&format!("SELECT sudoku_rate('{EASY}')::text")).unwrap();
        assert_eq!(rate.as_deref(), Some("1.2"));
        assert_eq!(
            Spi::get_one::<String>("SELECT sudoku_rate(repeat('.', 81))::text").unwrap(),
            None
        );
        let hint = Spi::get_one::<String>(&format!(
            "SELECT technique || ' ' || rating || ' ' || array_to_string(placements, ',') FROM sudoku_hint('{EASY}')"
        ))
        .unwrap();
        assert_eq!(hint.as_deref(), Some("hidden_single_box 1.2 r1c6=8"));
        let steps =
            Spi::get_one::<i64>(&format!("SELECT count(*) FROM sudoku_steps('{EASY}')")).unwrap();
        assert_eq!(steps, Some(51));
        assert_eq!(
            sqlstate_of("SELECT * FROM sudoku_steps('55' || repeat('.', 79))").as_deref(),
            Some("22023")
        );
        let keys = Spi::get_one::<String>(&format!(
            "SELECT string_agg(k, ',' ORDER BY k COLLATE \"C\") FROM jsonb_object_keys(sudoku_stats('{EASY}')) AS k"
        ))
        .unwrap();
        assert_eq!(
            keys.as_deref(),
            Some("blanks,blanks_after_singles,givens,hidden_singles,naked_singles,path_guesses,path_steps,placed,rating,search_backtracks,search_band_updates,search_guesses,search_hidden_singles,search_naked_singles,size,solutions,solved_by_singles,techniques")
        );
    }

    #[pg_test]
    fn functions_are_immutable_strict_parallel_safe_and_commented() {
        // Exactly the functions the extension documents: one missing, or one added
        // without this list (and its COMMENT, checked below), fails here.
        let ours = Spi::get_one::<String>(
            "SELECT string_agg(proname, ',' ORDER BY proname) FROM pg_proc WHERE proname LIKE 'sudoku\\_%'",
        )
        .unwrap();
        assert_eq!(ours.as_deref(), Some(EXPECTED_FUNCTIONS));
        // sudoku_generate alone is not STRICT: its near argument defaults to NULL.
        let bad = Spi::get_one::<i64>(
            "SELECT count(*) FROM pg_proc WHERE proname LIKE 'sudoku\\_%' \
             AND NOT (provolatile = 'i' AND (proisstrict <> (proname = 'sudoku_generate')) \
                      AND proparallel = 's' AND obj_description(oid, 'pg_proc') IS NOT NULL)",
        )
        .unwrap();
        assert_eq!(bad, Some(0));
    }

    /// A minimal puzzle rated 7.1 (the core's tests start from it too).
    const MIDDLING: &str =
        ".........583....4..1......88..4....59.2.5.17...5..1.8....96.......3..4..43.8..65.";

    #[pg_test]
    fn generation_near_a_puzzle_through_the_glue() {
        let q = format!(
            "SELECT string_agg(puzzle || ':' || rating, ',' ORDER BY n) FROM \
             sudoku_generate(4, 3, min_rating => 3.0, max_rating => 7.0, near => '{MIDDLING}')"
        );
        let a = Spi::get_one::<String>(&q).unwrap();
        assert_eq!(a, Spi::get_one::<String>(&q).unwrap());
        let bad = Spi::get_one::<i64>(&format!(
            "SELECT count(*) FROM sudoku_generate(4, 3, min_rating => 3.0, max_rating => 7.0, near => '{MIDDLING}') \
             WHERE sudoku_count_solutions(puzzle) <> 1 OR sudoku_solve(puzzle) <> solution \
                OR rating <> sudoku_rate(puzzle) OR rating NOT BETWEEN 3.0 AND 7.0 OR puzzle = '{MIDDLING}'"
        ))
        .unwrap();
        assert_eq!(bad, Some(0));
        // NULL near: the random puzzles of before; NULL elsewhere: no rows, as STRICT gave.
        assert_eq!(
            Spi::get_one::<String>("SELECT string_agg(puzzle, ',' ORDER BY n) FROM sudoku_generate(3, 5, near => NULL)")
                .unwrap(),
            Spi::get_one::<String>("SELECT string_agg(puzzle, ',' ORDER BY n) FROM sudoku_generate(3, 5)")
                .unwrap()
        );
        for call in [
            "sudoku_generate(NULL)",
            "sudoku_generate(3, NULL)",
            "sudoku_generate(3, 1, NULL)",
            "sudoku_generate(3, symmetry => NULL)",
        ] {
            assert_eq!(
                Spi::get_one::<i64>(&format!("SELECT count(*) FROM {call}")).unwrap(),
                Some(0),
                "{call}"
            );
        }
        for (call, state) in [
            ("sudoku_generate(1, min_rating => 9.5)".to_string(), "22023"),
            (
                format!("sudoku_generate(1, clues => 30, near => '{MIDDLING}')"),
                "22023",
            ),
            (
                "sudoku_generate(1, near => repeat('.', 81))".to_string(),
                "22023",
            ),
            ("sudoku_generate(1, near => '12x')".to_string(), "22P02"),
            (
                "sudoku_generate(1, near => '55' || repeat('.', 79))".to_string(),
                "22023",
            ),
            (
                "sudoku_generate(1, near => '1234341221434321')".to_string(),
                "22023",
            ),
            (
                "sudoku_generate(1, near => repeat('123456789', 81))".to_string(),
                "0A000",
            ),
            (
                format!(
                    "sudoku_generate(1, min_rating => 11.0, max_rating => 11.9, near => '{EASY}')"
                ),
                "22023",
            ),
        ] {
            assert_eq!(
                sqlstate_of(&format!("SELECT count(*) FROM {call}")).as_deref(),
                Some(state),
                "{call}"
            );
        }
    }
}

/// Required by `cargo pgrx test`.
#[cfg(test)]
pub mod pg_test {
    pub fn setup(_options: Vec<&str>) {}

    #[must_use]
    pub fn postgresql_conf_options() -> Vec<&'static str> {
        vec![]
    }
}
