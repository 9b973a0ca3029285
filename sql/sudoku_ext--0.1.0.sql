-- sudoku_ext 0.1.0, the first released version: sudoku_solve and sudoku_candidates.
-- FROZEN: this is the install script of a released version, kept so that databases
-- created with it can be upgraded (ALTER EXTENSION sudoku_ext UPDATE). Never edit it;
-- change the extension through a new upgrade script instead.

\echo Use "CREATE EXTENSION sudoku_ext VERSION '0.1.0'" to load this file. \quit

CREATE FUNCTION sudoku_candidates(puzzle text)
RETURNS TABLE(cell int, "row" int, col int, box int, mask int, candidates int[], count int)
IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 60
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_candidates_wrapper';

CREATE FUNCTION "sudoku_solve"(
	"puzzle" TEXT
) RETURNS TEXT
IMMUTABLE STRICT PARALLEL SAFE COST 1000
LANGUAGE c
AS 'MODULE_PATHNAME', 'sudoku_solve_wrapper';


COMMENT ON FUNCTION sudoku_solve(text) IS
'Solves a 9x9 Sudoku. The puzzle is 81 cells: digits 1-9 are givens, 0 . ? are blanks; whitespace and | - + are layout. '
'Returns the solved grid in the input''s layout (each blank replaced by its digit, every other character kept), '
'NULL when there is no solution, and the first solution found (deterministically) when there are several. '
'Errors: 22P02 for malformed text, 22023 for contradictory givens.';

COMMENT ON FUNCTION sudoku_candidates(text) IS
'One row per blank cell, in cell order: cell (1-81), row, col, box (1-9, boxes row-major), '
'mask (bit d-1 set for each candidate digit d), candidates (ascending) and count. '
'Candidates come from the givens alone (pencil marks), not from solving. '
'Errors: 22P02 for malformed text, 22023 for contradictory givens.';
