-- sudoku_generate: puzzles with exactly one solution, the same for the same seed on
-- any machine.

-- Pinned: these three lines are what every machine must produce for seed 42.
SELECT n, puzzle, givens FROM sudoku_generate(3, 42) ORDER BY n;

-- Same seed, same puzzles; another seed, other puzzles.
SELECT (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(20, 7))
     = (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(20, 7)) AS same_seed_same_puzzles,
       (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(20, 7))
     = (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(20, 8)) AS other_seed_same_puzzles;

-- A puzzle depends on its seed and number only, not on how many are asked for.
SELECT count(*) AS differ FROM sudoku_generate(5, 7) a JOIN sudoku_generate(20, 7) b USING (n)
WHERE a.puzzle <> b.puzzle;

-- Every puzzle has exactly one solution, counted, and it is the solution given.
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE sudoku_count_solutions(puzzle) = 1) AS unique_solution,
       count(*) FILTER (WHERE sudoku_solve(puzzle) = solution) AS solved_to_solution,
       count(*) FILTER (WHERE givens = length(translate(puzzle, '.', ''))) AS givens_right
FROM sudoku_generate(50, 2026);

-- Minimal by default: removing any single given leaves two or more solutions.
SELECT count(*) AS removable_givens
FROM sudoku_generate(5, 99) g, generate_series(1, 81) AS i
WHERE substr(g.puzzle, i, 1) <> '.'
  AND sudoku_count_solutions(overlay(g.puzzle placing '.' from i for 1)) = 1;

-- Easier puzzles: stop digging at 36 givens.
SELECT min(givens), max(givens), bool_and(sudoku_count_solutions(puzzle) = 1) AS all_unique
FROM sudoku_generate(20, 5, 36);

-- Arguments out of range.
SELECT * FROM sudoku_generate(-1);
SELECT * FROM sudoku_generate(1, 0, 82);
SELECT count(*) FROM sudoku_generate(0);

-- Symmetric givens: the pattern of givens maps onto itself, for each of QQWing's
-- symmetries, and every puzzle keeps exactly one solution.
CREATE FUNCTION pg_temp.image(sym text, i int) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE sym WHEN 'rotate90' THEN (i % 9) * 9 + (8 - i / 9)
                  WHEN 'rotate180' THEN 80 - i
                  WHEN 'mirror' THEN (i / 9) * 9 + (8 - i % 9)
                  WHEN 'flip' THEN (8 - i / 9) * 9 + i % 9 END $$;
SELECT sym, count(*) AS puzzles,
       count(*) FILTER (WHERE NOT EXISTS (
         SELECT 1 FROM generate_series(0, 80) AS i
         WHERE (substr(puzzle, i + 1, 1) = '.') <> (substr(puzzle, pg_temp.image(sym, i) + 1, 1) = '.'))) AS symmetric,
       count(*) FILTER (WHERE sudoku_count_solutions(puzzle) = 1) AS unique_solution
FROM unnest(ARRAY['rotate90', 'rotate180', 'mirror', 'flip']) AS sym, sudoku_generate(5, 8, symmetry => sym)
GROUP BY sym ORDER BY sym;
-- random draws one of the four for each puzzle: each is symmetric under one of them.
SELECT count(*) FILTER (WHERE EXISTS (
         SELECT 1 FROM unnest(ARRAY['rotate90', 'rotate180', 'mirror', 'flip']) AS sym
         WHERE NOT EXISTS (SELECT 1 FROM generate_series(0, 80) AS i
                           WHERE (substr(puzzle, i + 1, 1) = '.') <> (substr(puzzle, pg_temp.image(sym, i) + 1, 1) = '.')))) AS symmetric,
       count(*) AS puzzles
FROM sudoku_generate(8, 3, symmetry => 'random');

-- A rating range: every puzzle rates inside it (by sudoku_rate), and says its rating.
SELECT count(*) AS puzzles, min(rating) >= 3.0 AND max(rating) <= 4.5 AS in_range,
       count(*) FILTER (WHERE rating = sudoku_rate(puzzle)) AS rating_is_sudoku_rate
FROM sudoku_generate(6, 1, min_rating => 3.0, max_rating => 4.5);
SELECT n, puzzle, rating FROM sudoku_generate(3, 2026, min_rating => 2.0, max_rating => 2.8, symmetry => 'rotate180');
-- Calls without a range rate nothing, and give the puzzles they always gave.
SELECT count(*) FILTER (WHERE rating IS NULL) AS unrated FROM sudoku_generate(3, 42);

-- Ranges no puzzle can reach, and unknown symmetries, are errors.
SELECT * FROM sudoku_generate(1, min_rating => 1.1, max_rating => 1.1);
SELECT * FROM sudoku_generate(1, min_rating => 5, max_rating => 4);
SELECT * FROM sudoku_generate(1, min_rating => 13, max_rating => 19);
SELECT * FROM sudoku_generate(1, symmetry => 'spiral');

-- Near a puzzle (issue 28): puzzles from the neighbourhood of a start, each with exactly
-- one solution, rated in the range, distinct from each other and from the start.
\set middling '\'.........583....4..1......88..4....59.2.5.17...5..1.8....96.......3..4..43.8..65.\''
\set hard '\'..3..6.8.4.....1...8.1....6.1...86......9..5...75.......2.......6...34..9...7...2\''
SELECT count(*) AS puzzles, count(DISTINCT puzzle) AS distinct_puzzles,
       count(*) FILTER (WHERE puzzle = :middling) AS the_start,
       bool_and(sudoku_count_solutions(puzzle) = 1 AND sudoku_solve(puzzle) = solution) AS unique_solutions,
       bool_and(rating BETWEEN 4.0 AND 7.5 AND rating = sudoku_rate(puzzle)) AS rated_in_range
FROM sudoku_generate(8, 1, min_rating => 4.0, max_rating => 7.5, near => :middling);
-- Deterministic for a seed; another seed, other puzzles; puzzle n whatever the count.
SELECT (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(4, 1, near => :middling))
     = (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(4, 1, near => :middling)) AS same_seed_same_puzzles,
       (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(4, 1, near => :middling))
     = (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(4, 2, near => :middling)) AS other_seed_same_puzzles,
       (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(2, 1, near => :middling))
     = (SELECT (array_agg(puzzle ORDER BY n))[1:2] FROM sudoku_generate(4, 1, near => :middling)) AS a_prefix;
-- The symmetry asked for (the start made symmetric first).
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM generate_series(1, 81) AS i
                                      WHERE (substr(puzzle, i, 1) = '.') <> (substr(puzzle, 82 - i, 1) = '.'))) AS asymmetric
FROM sudoku_generate(4, 7, symmetry => 'rotate180', near => :middling);
-- The hard end: puzzles rated 9.0 or more near a puzzle of the hardest lists.
SELECT n, puzzle, givens, rating FROM sudoku_generate(3, 1, min_rating => 9.0, max_rating => 19.9, near => :hard);
-- NULL near gives the random puzzles; a NULL elsewhere, no rows (as STRICT did).
SELECT (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(3, 42, near => NULL))
     = (SELECT array_agg(puzzle ORDER BY n) FROM sudoku_generate(3, 42)) AS null_near_is_random;
SELECT count(*) AS null_count FROM sudoku_generate(NULL);
SELECT count(*) AS null_seed FROM sudoku_generate(3, NULL, near => :middling);
-- Ratings random generation does not reach are refused at once, and say how to get them.
SELECT * FROM sudoku_generate(1, min_rating => 9.5);
-- A range the search does not reach within its budget (300 ratings in a row outside it)
-- says what it reached; near an easy puzzle, whose every neighbour falls to singles, the
-- neighbourhood runs out first.
SELECT * FROM sudoku_generate(1, min_rating => 11.0, max_rating => 11.9, near => :middling);
SELECT * FROM sudoku_generate(1, min_rating => 11.0, max_rating => 11.9, near => '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
-- Bad starts, and clues with near.
SELECT * FROM sudoku_generate(1, near => repeat('.', 81));
SELECT * FROM sudoku_generate(1, near => '12345678.........9' || repeat('.', 63));
SELECT * FROM sudoku_generate(1, near => '12x');
SELECT * FROM sudoku_generate(1, near => '55' || repeat('.', 79));
SELECT * FROM sudoku_generate(1, near => '1234341221434321');
SELECT * FROM sudoku_generate(1, near => repeat('123456789', 81));
SELECT * FROM sudoku_generate(1, clues => 30, near => :middling);
-- A long search stops at statement_timeout.
SET statement_timeout = '300ms';
SELECT count(*) FROM sudoku_generate(1000, 1, min_rating => 10.0, max_rating => 19.9, near => :hard);
RESET statement_timeout;
-- Ratings that are no numbers are refused, and a range random digging never reaches at
-- these givens is refused at once, with what reaches it (1.0 is full houses alone).
SELECT * FROM sudoku_generate(1, min_rating => 'NaN');
SELECT * FROM sudoku_generate(1, max_rating => 'NaN');
SELECT * FROM sudoku_generate(1, 1, min_rating => 1.0, max_rating => 1.0);
SELECT n, givens, rating FROM sudoku_generate(2, 1, clues => 60, min_rating => 1.0, max_rating => 1.0);
