-- Hand-written SQL of sudoku_ext, embedded into the extension script (after the
-- functions pgrx generates) by `extension_sql_file!` in src/lib.rs.

COMMENT ON FUNCTION sudoku_solve(text) IS
'Solves a Sudoku: 81 cells (9x9, digits 1-9) or 16 cells (4x4, digits 1-4); 0 . ? are blanks; whitespace and | - + are layout. '
'Returns the solved grid in the input''s layout (each blank replaced by its digit, every other character kept), '
'NULL when there is no solution, and the first solution found (deterministically) when there are several. '
'Errors: 22P02 for malformed text, 22023 for contradictory givens.';

COMMENT ON FUNCTION sudoku_candidates(text) IS
'One row per blank cell, in cell order: cell (1-81, or 1-16 for 4x4), row, col, box (1-9 or 1-4, boxes row-major), '
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

COMMENT ON FUNCTION sudoku_solutions(text, int) IS
'The solutions of a puzzle, up to max_count (default 10), each in the input''s layout, in the search''s deterministic '
'order (9x9: branch on a cell with the fewest candidates, the one with the most blank peers, the lowest-numbered of those; '
'4x4: the lowest-numbered cell with the fewest candidates; digits ascending). No rows when there is none. '
'Errors: 22P02 for malformed text, 22023 for contradictory givens or max_count below 1.';

COMMENT ON FUNCTION sudoku_steps(text) IS
'The solving path to the first solution, one row per step: step (1, 2, ...), technique (naked_single, hidden_single, '
'guess or backtrack), unit (row, col or box for a hidden_single), cell (1-81), row, col, box, digit, depth (guesses in '
'force) and kept (true when the placement stands in the solution). A backtrack undoes the guess at its depth and '
'everything placed after it; replaying the kept placements on the puzzle gives sudoku_solve''s answer. '
'Errors: 22P02 for malformed text, 22023 for contradictory givens.';

COMMENT ON FUNCTION sudoku_stats(text) IS
'Figures about a puzzle as jsonb: size (9x9 or 4x4), givens, blanks; naked_singles, hidden_singles, guesses and '
'backtracks of the search to the first solution (as sudoku_solve does it); blanks_after_singles (blanks left when '
'propagation from the givens can do no more, before any guess: naked and hidden singles, and on 9x9 puzzles also '
'locked candidates); solved_by_singles (that leaves none); solutions '
'(counted up to 2: 0, 1, or 2 meaning two or more). Errors: 22P02 for malformed text, 22023 for contradictory givens.';

COMMENT ON FUNCTION sudoku_format(text, text) IS
'The puzzle (or a solved grid) written in a style: line (one line, . for a blank), digits (one line, 0 for a blank), '
'contest (a line per row, ? for a blank) or grid (a boxed grid for reading, the default). Every style reads back as '
'the same puzzle. Errors: 22P02 for malformed text, 22023 for an unknown style.';

COMMENT ON FUNCTION sudoku_is_valid(text) IS
'True when the text is a puzzle (81 or 16 cells in any layout) whose givens do not contradict each other; false '
'otherwise, and never an error, so a table can be filtered before solving. It does not say whether a solution exists: '
'use sudoku_count_solutions for that.';
