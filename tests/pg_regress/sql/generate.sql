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
