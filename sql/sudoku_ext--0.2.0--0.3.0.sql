-- sudoku_ext 0.2.0 -> 0.3.0: a faster 9x9 search (band updates with locked candidates,
-- MRV ties broken by blank peers). No function changes; the comments of the two
-- functions whose documented behaviour moved with it are updated.
-- FROZEN once released: change the extension through a new upgrade script.

\echo Use "ALTER EXTENSION sudoku_ext UPDATE TO '0.3.0'" to load this file. \quit

COMMENT ON FUNCTION sudoku_solutions(text, int) IS
'The solutions of a puzzle, up to max_count (default 10), each in the input''s layout, in the search''s deterministic '
'order (9x9: branch on a cell with the fewest candidates, the one with the most blank peers, the lowest-numbered of those; '
'4x4: the lowest-numbered cell with the fewest candidates; digits ascending). No rows when there is none. '
'Errors: 22P02 for malformed text, 22023 for contradictory givens or max_count below 1.';

COMMENT ON FUNCTION sudoku_stats(text) IS
'Figures about a puzzle as jsonb: size (9x9 or 4x4), givens, blanks; naked_singles, hidden_singles, guesses and '
'backtracks of the search to the first solution (as sudoku_solve does it); blanks_after_singles (blanks left when '
'propagation from the givens can do no more, before any guess: naked and hidden singles, and on 9x9 puzzles also '
'locked candidates); solved_by_singles (that leaves none); solutions '
'(counted up to 2: 0, 1, or 2 meaning two or more). Errors: 22P02 for malformed text, 22023 for contradictory givens.';
