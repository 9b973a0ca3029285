-- Hand-written SQL of sudoku_ext, embedded into the extension script (after the
-- functions pgrx generates) by `extension_sql_file!` in src/lib.rs.

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

COMMENT ON FUNCTION sudoku_generate(int, bigint, int) IS
'Generates count puzzles with exactly one solution: n (1..count), puzzle (81 characters, . for a blank), '
'solution and givens. Deterministic: the same seed gives the same puzzles on any machine. Givens are removed '
'in a random order while the solution stays unique, down to clues givens, or until no given can be removed '
'(a minimal puzzle) when clues is 0 (the default); fewer givens usually means a harder puzzle.';

COMMENT ON FUNCTION sudoku_count_solutions(text, int) IS
'The number of solutions of a puzzle, counted up to max_count (default 2: 0 means none, 1 unique, 2 two or more). '
'The search stops at max_count, so large caps on puzzles with few givens can take long; it can be cancelled. '
'Errors: 22P02 for malformed text, 22023 for contradictory givens or max_count below 1.';
