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
