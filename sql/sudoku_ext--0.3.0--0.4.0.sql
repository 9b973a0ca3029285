-- sudoku_ext 0.3.0 -> 0.4.0: the human-logic engine (sudoku_rate, sudoku_hint, and
-- sudoku_steps as the human path), the search's own trace under its own name
-- (sudoku_search_trace, the old sudoku_steps with band_update named for what it is),
-- honest sudoku_stats keys, streaming sudoku_solutions, and function costs measured
-- against a built-in function.
-- FROZEN once released: change the extension through a new upgrade script.

\echo Use "ALTER EXTENSION sudoku_ext UPDATE TO '0.4.0'" to load this file. \quit

-- sudoku_steps changes its result columns: dropped and created again.
DROP FUNCTION sudoku_steps(text);

CREATE FUNCTION sudoku_search_trace(puzzle text)
RETURNS TABLE(step int, technique text, unit text, cell int, "row" int, col int, box int, digit int, depth int, kept boolean)
IMMUTABLE STRICT PARALLEL SAFE COST 1000 ROWS 80
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_search_trace_wrapper';

CREATE FUNCTION sudoku_steps(puzzle text)
RETURNS TABLE(step int, technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 100000 ROWS 60
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_steps_wrapper';

CREATE FUNCTION sudoku_hint(puzzle text)
RETURNS TABLE(technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 10000 ROWS 1
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_hint_wrapper';

CREATE FUNCTION "sudoku_rate"(
	"puzzle" TEXT
) RETURNS NUMERIC
IMMUTABLE STRICT PARALLEL SAFE COST 100000
LANGUAGE c
AS 'MODULE_PATHNAME', 'sudoku_rate_wrapper';

ALTER FUNCTION sudoku_stats(text) COST 100000;
