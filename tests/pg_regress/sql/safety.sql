-- Data safety and cancellation.

-- An UPDATE over a table with one malformed row fails as a whole: nothing is half
-- written.
CREATE TABLE contest (id int PRIMARY KEY, puzzle text, result text);
INSERT INTO contest (id, puzzle) VALUES
  (1, '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'),
  (2, '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x'),
  (3, '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..');
UPDATE contest SET result = sudoku_solve(puzzle);
SELECT id, result IS NULL AS untouched FROM contest ORDER BY id;

-- The pattern that skips bad rows: filter with sudoku_is_valid (which never raises).
UPDATE contest SET result = sudoku_solve(puzzle) WHERE sudoku_is_valid(puzzle);
SELECT id, sudoku_is_valid(puzzle) AS valid, length(result) AS result_length FROM contest ORDER BY id;

-- Or keep the error per row, with a PL/pgSQL wrapper (each call is its own
-- subtransaction, so the cost is higher).
CREATE FUNCTION pg_temp.solve_or_error(p text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN sudoku_solve(p);
EXCEPTION WHEN invalid_text_representation OR invalid_parameter_value THEN
  RETURN 'error ' || SQLSTATE || ': ' || SQLERRM;
END $$;
SELECT id, pg_temp.solve_or_error(puzzle) FROM contest ORDER BY id;
DROP TABLE contest;

-- statement_timeout stops the longest computations: counting the solutions of an
-- empty grid with a huge cap (one call that never returns a row on its own: only the
-- extension's own interrupt check, before every guess, can stop it), listing them,
-- and generating many puzzles (these two return rows as they go).
SET statement_timeout = '300ms';
SELECT sudoku_count_solutions(repeat('.', 81), 2147483647);
SELECT count(*) FROM sudoku_solutions(repeat('.', 81), 2147483647);
SELECT count(*) FROM sudoku_generate(100000000);
RESET statement_timeout;
-- The backend is fine afterwards.
SELECT sudoku_count_solutions(repeat('.', 81), 3);
