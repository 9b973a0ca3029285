-- sudoku_ext 0.4.1 -> 0.4.2: no function changes its signature, its result or its
-- comment. The library behind them rates faster (the same ratings and the same steps),
-- so the planner costs of the three functions that rate are measured again
-- (scripts/costs.sh, ratio to length(text), rounded to one significant figure; README,
-- "Function costs"): sudoku_rate 10000 -> 2000, sudoku_stats 20000 -> 2000,
-- sudoku_steps 200 -> 50 per row.
-- FROZEN once released: change the extension through a new upgrade script.

\echo Use "ALTER EXTENSION sudoku_ext UPDATE TO '0.4.2'" to load this file. \quit

ALTER FUNCTION sudoku_rate(text) COST 2000;
ALTER FUNCTION sudoku_stats(text) COST 2000;
ALTER FUNCTION sudoku_steps(text) COST 50;
