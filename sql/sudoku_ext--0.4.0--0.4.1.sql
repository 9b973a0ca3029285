-- sudoku_ext 0.4.0 -> 0.4.1: no function changes its signature or its properties.
-- The library behind them is faster at rating (the same ratings and the same steps),
-- names the VWXYZ-wing as itself in sudoku_steps, sudoku_hint and sudoku_stats (0.4.0
-- called it wxyz_wing), and caps the memory of canonical forms; the comments of
-- sudoku_canonical and sudoku_equivalent now give that memory.
-- FROZEN once released: change the extension through a new upgrade script.

\echo Use "ALTER EXTENSION sudoku_ext UPDATE TO '0.4.1'" to load this file. \quit

COMMENT ON FUNCTION sudoku_canonical(text) IS
'The canonical form of a puzzle: one fixed representative of all the puzzles that are the same puzzle under relabelling '
'the digits, permuting rows within a band, bands, columns within a stack, stacks, and transposing (2 x 6^8 x 9! '
'transformations): the lexicographically smallest 81-character line over all of them, . for a blank (a blank sorts before '
'every digit), so it keeps the pattern of givens. Full grids work too. 4x4 puzzles: the same over their 2 x 2^6 x 4! '
'transformations, 16 characters. Fit for a unique index: CREATE UNIQUE INDEX ON t (sudoku_canonical(puzzle)). '
'Memory: under 8 MB (the search''s frontier, capped at 65,536 partial arrangements; a puzzle that would pass the cap '
'is put in form by trying every transformation in constant memory instead). '
'Errors: 22P02 for malformed text, 22023 for contradictory givens.';

COMMENT ON FUNCTION sudoku_equivalent(text, text) IS
'True when the two puzzles are the same puzzle up to relabelling the digits, permuting rows within a band, bands, columns '
'within a stack, stacks, and transposing: when their canonical forms (sudoku_canonical) are equal. '
'Memory: that of two sudoku_canonical calls, one after the other (under 8 MB). '
'Errors: 22P02 for malformed text, 22023 for contradictory givens.';
