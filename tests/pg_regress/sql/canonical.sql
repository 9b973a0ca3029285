-- Canonical forms: one representative per class of equivalent puzzles.

-- The classic puzzle, relabelled (1<->2) and with rows 1 and 2 swapped, is the same puzzle.
SELECT sudoku_canonical('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
WITH c(p) AS (SELECT '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'::text)
SELECT sudoku_equivalent(p, translate(substr(p, 10, 9) || substr(p, 1, 9) || substr(p, 19), '12', '21')) AS relabelled_and_swapped,
       sudoku_equivalent(p, overlay(p PLACING '.' FROM 81)) AS one_given_less
FROM c;

-- Invariant under transformations done in SQL (transposing; reversing the digits; the
-- bands in the other order), on generated puzzles and on their full grids.
CREATE TABLE g AS SELECT n, puzzle, solution FROM sudoku_generate(50, 99);
CREATE FUNCTION pg_temp.transpose(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(substr(p, (i % 9) * 9 + i / 9 + 1, 1), '' ORDER BY i) FROM generate_series(0, 80) AS i $$;
CREATE FUNCTION pg_temp.bands_reversed(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(p, 55, 27) || substr(p, 28, 27) || substr(p, 1, 27) $$;
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE sudoku_canonical(pg_temp.transpose(puzzle)) = sudoku_canonical(puzzle)) AS transposed,
       count(*) FILTER (WHERE sudoku_canonical(translate(puzzle, '123456789', '987654321')) = sudoku_canonical(puzzle)) AS relabelled,
       count(*) FILTER (WHERE sudoku_canonical(pg_temp.bands_reversed(puzzle)) = sudoku_canonical(puzzle)) AS bands,
       count(*) FILTER (WHERE sudoku_canonical(pg_temp.transpose(solution)) = sudoku_canonical(solution)) AS grids,
       count(DISTINCT sudoku_canonical(puzzle)) AS distinct_forms,
       count(*) FILTER (WHERE sudoku_equivalent(sudoku_canonical(puzzle), puzzle)) AS form_is_equivalent,
       count(*) FILTER (WHERE length(replace(sudoku_canonical(puzzle), '.', '')) = length(replace(puzzle, '.', ''))) AS same_givens
FROM g;
-- The canonical form of every full grid starts with 123456789.
SELECT count(*) FILTER (WHERE sudoku_canonical(solution) LIKE '123456789%') AS starts_123456789 FROM g;
-- A unique index keeps one puzzle per class.
CREATE TABLE bank (puzzle text);
CREATE UNIQUE INDEX ON bank (sudoku_canonical(puzzle));
INSERT INTO bank SELECT puzzle FROM g;
INSERT INTO bank SELECT translate(puzzle, '123456789', '234567891') FROM g WHERE n = 1;
DROP TABLE g, bank;

-- 4x4 puzzles, blank and degenerate grids, and errors.
SELECT sudoku_canonical('1.3..4....4.4...'), sudoku_canonical('4.2..1....1.1...');
SELECT sudoku_canonical(repeat('.', 81)), sudoku_canonical('1' || repeat('.', 80));
SELECT sudoku_canonical('55' || repeat('.', 79));
SELECT sudoku_equivalent('1.3..4....4.4...', repeat('.', 81));
