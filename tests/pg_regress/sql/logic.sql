-- The human-logic engine: sudoku_rate, sudoku_hint and sudoku_steps, on puzzles whose
-- answers are known by construction, checked in plain SQL against sudoku_solve.

-- Ratings on Sudoku Explainer's scale: a singles-only puzzle, a harder one, and the
-- ones no rating is given to (no solution, several solutions).
SELECT sudoku_rate('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79') AS classic,
       sudoku_rate('534678912672195348198342567859761423426853791713924856961537284287419635345286179') AS solved,
       sudoku_rate('531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79') AS no_solution,
       sudoku_rate('534..8912672195348198342567859..1423426853791713924856961537284287419635345286179') AS two_solutions,
       sudoku_rate(NULL) AS null_in;
-- One decimal, and the same as sudoku_stats' rating.
SELECT count(*) AS puzzles, count(*) FILTER (WHERE r = round(r, 1)) AS one_decimal,
       count(*) FILTER (WHERE r = (sudoku_stats(puzzle)->>'rating')::numeric) AS same_as_stats,
       count(*) FILTER (WHERE r BETWEEN 1.0 AND 20.0) AS in_range
FROM (SELECT puzzle, sudoku_rate(puzzle) AS r FROM sudoku_generate(20, 4242)) AS t;

-- The first hint of the classic puzzle, and the hint after it has been applied.
SELECT technique, rating, placements, eliminations, cells, units, explanation
FROM sudoku_hint('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
-- No hint for a full grid, nor for a puzzle without a solution.
SELECT count(*) FROM sudoku_hint('534678912672195348198342567859761423426853791713924856961537284287419635345286179');
SELECT count(*) FROM sudoku_hint('531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');

-- The hint is the first step of the path.
SELECT h = s AS hint_is_first_step
FROM (SELECT technique, rating, placements, eliminations, cells, units, explanation
      FROM sudoku_hint('.7...1..2..6.48.3....2..8.7..9.....3...8.2.....5.96.....2..9..8.1....7.....5..9.1')) AS h,
     (SELECT technique, rating, placements, eliminations, cells, units, explanation
      FROM sudoku_steps('.7...1..2..6.48.3....2..8.7..9.....3...8.2.....5.96.....2..9..8.1....7.....5..9.1') WHERE step = 1) AS s;

-- Every step of the human path of 30 generated puzzles is sound (every placement is the
-- solution's digit, no elimination removes it), every blank is placed exactly once, and
-- the hardest step is the rating.
CREATE TABLE gen AS SELECT n, puzzle, solution FROM sudoku_generate(30, 77);
CREATE TABLE path AS SELECT g.n, s.* FROM gen g, sudoku_steps(g.puzzle) s;
SELECT count(DISTINCT n) AS puzzles,
       count(*) FILTER (WHERE NOT EXISTS (
         SELECT 1 FROM unnest(p.placements) AS x
         WHERE substr(g.solution, (substring(x FROM 'r(\d)c')::int - 1) * 9 + substring(x FROM 'c(\d)=')::int, 1)
               <> substring(x FROM '=(\d)'))
         AND NOT EXISTS (
         SELECT 1 FROM unnest(p.eliminations) AS x
         WHERE substr(g.solution, (substring(x FROM 'r(\d)c')::int - 1) * 9 + substring(x FROM 'c(\d)<')::int, 1)
               = substring(x FROM '>(\d)'))) = count(*) AS every_step_sound,
       bool_and(p.explanation ~ 'r[1-9]c[1-9]') AS explanations_name_cells
FROM path p JOIN gen g USING (n);
SELECT count(*) FILTER (WHERE placed = blanks) AS every_blank_placed_once, count(*) AS puzzles
FROM (SELECT g.n, length(replace(g.puzzle, '.', '')) AS givens, 81 - length(replace(g.puzzle, '.', '')) AS blanks,
             (SELECT count(*) FROM path p, unnest(p.placements) WHERE p.n = g.n) AS placed,
             (SELECT count(DISTINCT x) FROM path p, unnest(p.placements) AS x WHERE p.n = g.n) AS distinct_placed
      FROM gen g) AS t
WHERE placed = distinct_placed;
SELECT count(*) FILTER (WHERE (SELECT max(rating) FROM path p WHERE p.n = g.n) = sudoku_rate(g.puzzle)) AS hardest_step_is_rating,
       count(*) AS puzzles
FROM gen g;
DROP TABLE gen, path;

-- Guessing appears only where no technique applies, and says so: a puzzle with several
-- solutions (the uniqueness techniques are left out) still gets a complete path.
SELECT technique, count(*) FROM sudoku_steps('534..8912672195348198342567859..1423426853791713924856961537284287419635345286179')
GROUP BY technique ORDER BY technique;
SELECT bool_and(explanation LIKE '%guess%') AS guesses_say_so
FROM sudoku_steps(repeat('.', 81)) WHERE technique = 'guess';
