-- Positions with pencil marks (issue 29): the 729-character form and the candidate grid
-- read and written, solving, rating and hinting from them, and a player's position
-- (puzzle, progress, marks): hints from it and the mistakes in it. docs/pencil-marks.md.

\set classic '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
\set harder '.7...1..2..6.48.3....2..8.7..9.....3...8.2.....5.96.....2..9..8.1....7.....5..9.1'
-- Two solutions: r1c4 r1c5 r4c4 r4c5 hold 6 7 / 7 6.
\set twice '534..8912672195348198342567859..1423426853791713924856961537284287419635345286179'

-- The two forms of the candidates the givens leave.
SELECT sudoku_format(:'classic', 'marks');
SELECT sudoku_format(:'classic', 'marks_grid');
-- Each form reads back as the same marks, and its givens as the puzzle; 0 for . reads the same.
SELECT sudoku_format(m, 'marks') = m AS line_round_trip,
       sudoku_format(sudoku_format(m, 'marks_grid'), 'marks') = m AS grid_round_trip,
       sudoku_format(replace(m, '.', '0'), 'marks') = m AS zeros,
       sudoku_format(m, 'line') = :'classic' AS givens,
       sudoku_format(sudoku_format(m, 'marks_grid'), 'line') = :'classic' AS grid_givens,
       length(m) AS length
FROM sudoku_format(:'classic', 'marks') AS m;
-- HoDoKu's and Simple Sudoku's borders are layout.
SELECT sudoku_format(translate(sudoku_format(:'classic', 'marks_grid'), '+', ':'), 'marks')
       = sudoku_format(:'classic', 'marks') AS hodoku_corners,
       sudoku_format(translate(sudoku_format(:'classic', 'marks_grid'), '+', '*'), 'marks')
       = sudoku_format(:'classic', 'marks') AS simple_sudoku_corners;

-- A cell whose one candidate a peer also has stays open (r5c5: 5); one that no peer has
-- is a given. Adding 5 to r1c3's marks makes r1c1 (the given 5) open too.
SELECT cell, "row", col, candidates FROM sudoku_candidates(:'classic') WHERE cell IN (3, 41);
SELECT cell, "row", col, candidates
FROM sudoku_candidates(overlay(sudoku_format(:'classic', 'marks') PLACING '5' FROM 23 FOR 1))
WHERE cell IN (1, 3, 41);

-- Solving: a solution uses only the candidates present. The puzzle with two solutions
-- has one once the 7 of r1c4 is removed (r1c4 is cell 4: characters 28 to 36).
SELECT sudoku_count_solutions(:'twice') AS puzzle,
       sudoku_count_solutions(sudoku_format(:'twice', 'marks')) AS its_marks,
       sudoku_count_solutions(overlay(sudoku_format(:'twice', 'marks') PLACING '.' FROM 34 FOR 1)) AS without_7;
SELECT sudoku_solve(overlay(sudoku_format(:'twice', 'marks') PLACING '.' FROM 34 FOR 1));
SELECT s FROM sudoku_solutions(sudoku_format(:'twice', 'marks_grid')) AS s ORDER BY 1;
SELECT sudoku_solve(sudoku_format(:'classic', 'marks')) = sudoku_solve(:'classic') AS same_solution;
-- No solution once the solution's 4 of r1c3 is removed (characters 19 to 27).
SELECT sudoku_solve(overlay(sudoku_format(:'classic', 'marks') PLACING '.' FROM 22 FOR 1)) AS no_solution,
       sudoku_count_solutions(overlay(sudoku_format(:'classic', 'marks') PLACING '.' FROM 22 FOR 1)) AS none;

-- Rating, hints and paths from marks equal those of the puzzle when no mark is removed.
SELECT sudoku_rate(sudoku_format(p, 'marks')) = sudoku_rate(p) AS same_rating,
       sudoku_rate(sudoku_format(p, 'marks_grid')) = sudoku_rate(p) AS same_from_grid,
       (SELECT array_agg(technique ORDER BY step) FROM sudoku_steps(sudoku_format(p, 'marks')))
       = (SELECT array_agg(technique ORDER BY step) FROM sudoku_steps(p)) AS same_path,
       (sudoku_stats(sudoku_format(p, 'marks'))->'rating')::numeric = sudoku_rate(p) AS same_in_stats
FROM (VALUES (:'classic'), (:'harder')) AS t(p);
SELECT technique, rating, placements, eliminations FROM sudoku_hint(:'harder');
SELECT technique, rating, placements, eliminations FROM sudoku_hint(sudoku_format(:'harder', 'marks'));
-- Ratings Sukaku Explainer v1.15.10 gives these 729-character texts (checked with its
-- serate entry point): the classic puzzle's marks with a 9 added to r1c3 (so r3c2's
-- single 9 is seen, and open): 1.2.
SELECT sudoku_rate(overlay(sudoku_format(:'classic', 'marks') PLACING '9' FROM 27 FOR 1)) AS classic_with_9;
SELECT count(*) AS stats_keys FROM jsonb_object_keys(sudoku_stats(sudoku_format(:'classic', 'marks')));

-- A player's position: puzzle, progress ('' for none) and marks ('' for none kept).
SELECT technique, rating, placements, eliminations FROM sudoku_hint(:'harder', '', '');
SELECT (SELECT technique FROM sudoku_hint(:'harder', '', '')) = (SELECT technique FROM sudoku_hint(:'harder')) AS same_as_puzzle;
-- A position part way along a path: the progress holds the placements of the steps
-- before the first elimination of :'rated' (7.3), and its hint is that step.
\set rated '.2...1..97...5..1...56.2..8..6......2...87...97....45.3.....9..5..2..7.6.....9.3.'
CREATE TEMP TABLE path AS SELECT * FROM sudoku_steps(:'rated');
CREATE TEMP TABLE here AS
WITH k AS (SELECT min(step) AS k FROM path WHERE cardinality(eliminations) > 0),
     placed AS (SELECT (substr(p, 2, 1)::int - 1) * 9 + substr(p, 4, 1)::int AS cell, substr(p, 6, 1) AS d
                FROM path, k, unnest(placements) AS p WHERE step < k.k)
SELECT k.k, string_agg(coalesce((SELECT d FROM placed WHERE cell = i), substr(:'rated', i, 1)), '' ORDER BY i) AS progress
FROM k, generate_series(1, 81) AS i GROUP BY k.k;
SELECT h.technique, h.eliminations, (h.technique, h.eliminations) = (s.technique, s.eliminations) AS is_that_step
FROM here, sudoku_hint(:'rated', here.progress, '') AS h, path AS s WHERE s.step = here.k;
-- Once the player has made those eliminations in their marks, the hint is another step,
-- and never repeats a removal already made (marks: the candidates the progress leaves,
-- less the step's eliminations).
CREATE TEMP TABLE marked AS
SELECT string_agg(CASE WHEN EXISTS (SELECT 1 FROM path, unnest(path.eliminations) AS e
                                    WHERE path.step = here.k
                                      AND (substr(e, 2, 1)::int - 1) * 9 + substr(e, 4, 1)::int = (i - 1) / 9 + 1
                                      AND substr(e, 7, 1)::int = (i - 1) % 9 + 1)
                       THEN '.' ELSE substr(sudoku_format(here.progress, 'marks'), i, 1) END, '' ORDER BY i) AS marks
FROM here, generate_series(1, 729) AS i;
SELECT h.technique, h.eliminations,
       NOT (h.eliminations && (SELECT eliminations FROM path, here WHERE step = here.k)) AS nothing_repeated
FROM here, marked, sudoku_hint(:'rated', here.progress, marked.marks) AS h;
-- Placed digits are never hinted again: the progress with the hint's placement.
SELECT placements FROM sudoku_hint(:'classic', '53..78...6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', '');
SELECT sudoku_rate(:'classic', '', '') AS rate_position, count(*) AS steps
FROM sudoku_steps(:'classic', '53..78...6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
SELECT s->'rating' AS rating, s->'solutions' AS solutions, s->'givens' AS givens, s->'path_steps' AS path_steps
FROM sudoku_stats(:'classic', '53..78...6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', '') AS s;
-- No hint from a position without solution (a wrong digit placed).
SELECT count(*) AS hints FROM sudoku_hint(:'classic', '531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', '');

-- Mistakes: none in the puzzle itself nor in its solution.
SELECT count(*) FROM sudoku_check(:'classic', :'classic', '');
SELECT count(*) FROM sudoku_check(:'classic', sudoku_solve(:'classic'), sudoku_format(:'classic', 'marks'));
-- A changed given (r1c1 6), a wrong digit (r1c3 1), a removed candidate that is the
-- solution's (r1c4: its 6 removed), and a right removal that is no mistake (r1c6: its 2).
SELECT * FROM sudoku_check(:'classic',
    '631.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79',
    overlay(overlay(sudoku_format(:'classic', 'marks') PLACING '.' FROM 33 FOR 1) PLACING '.' FROM 47 FOR 1));
-- Only what is wrong is told: never the right digit of a wrong one.
SELECT count(*) FILTER (WHERE mistake = 'wrong_digit' AND digit = 4) AS right_digit_told
FROM sudoku_check(:'classic', '531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', '');

-- Errors: malformed marks (22P02, the DETAIL names the cell) and contradictory ones (22023).
\set VERBOSITY default
SELECT sudoku_rate(left(sudoku_format(:'classic', 'marks'), 728));
SELECT sudoku_rate(overlay(sudoku_format(:'classic', 'marks') PLACING '9' FROM 19 FOR 1));
SELECT sudoku_rate(overlay(sudoku_format(:'classic', 'marks') PLACING '.........' FROM 19 FOR 9));
SELECT sudoku_rate(overlay(sudoku_format(:'classic', 'marks') PLACING '....5....' FROM 19 FOR 9));
SELECT sudoku_solve(replace(sudoku_format(:'classic', 'marks_grid'), ' 124 ', '     '));
SELECT sudoku_solve(replace(sudoku_format(:'classic', 'marks_grid'), ' 124 ', ' .   '));
SELECT sudoku_solve(replace(sudoku_format(:'classic', 'marks_grid'), ' 124 ', ' 122 '));
SELECT sudoku_solve(sudoku_format(:'classic', 'marks') || 'x');
SELECT * FROM sudoku_hint(:'classic', '63..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', '');
SELECT * FROM sudoku_hint(:'classic', '53.57....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', '');
SELECT * FROM sudoku_hint(:'classic', '', overlay(sudoku_format(:'classic', 'marks') PLACING '....5....' FROM 19 FOR 9));
SELECT * FROM sudoku_hint(:'classic', '', overlay(sudoku_format(:'classic', 'marks') PLACING '.........' FROM 19 FOR 9));
SELECT * FROM sudoku_check(repeat('.', 81), repeat('.', 81), '');
SELECT * FROM sudoku_check('531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', '', '');
SELECT * FROM sudoku_hint('1.3..4....2.4...', '1.3..4....2.4...', '');
SELECT sudoku_format('1.3..4....2.4...', 'marks');
SELECT sudoku_format(:'classic', 'pencil');
-- NULL in, NULL out; a pencil-mark text is valid when its marks make a position.
SELECT sudoku_rate(NULL, '', '') IS NULL AS null_in, count(*) AS no_rows FROM sudoku_check(:'classic', NULL, '');
SELECT sudoku_is_valid(sudoku_format(:'classic', 'marks')) AS valid,
       sudoku_is_valid(overlay(sudoku_format(:'classic', 'marks') PLACING '....5....' FROM 19 FOR 9)) AS contradictory;

-- The canonical form of a pencil-mark text: the smallest 729-character text over every
-- transformation (rows, columns, bands, stacks, transposition, digits). A transformed
-- text (the puzzle's digits relabelled, or its first two rows swapped) has the same
-- form; a text with a candidate removed has another.
SELECT sudoku_canonical(sudoku_format(:'classic', 'marks')) AS canonical;
SELECT length(c) AS length,
       sudoku_canonical(c) = c AS fixed_point,
       sudoku_canonical(sudoku_format(:'classic', 'marks_grid')) = c AS from_the_grid,
       sudoku_canonical(sudoku_format(translate(:'classic', '123456789', '912345678'), 'marks')) = c AS relabelled,
       sudoku_canonical(sudoku_format(substr(:'classic', 10, 9) || substr(:'classic', 1, 9) || substr(:'classic', 19), 'marks')) = c AS rows_swapped,
       sudoku_canonical(overlay(sudoku_format(:'classic', 'marks') PLACING '.' FROM 20 FOR 1)) = c AS one_removed
FROM sudoku_canonical(sudoku_format(:'classic', 'marks')) AS c;
-- sudoku_equivalent compares pencil marks up to a transformation; a puzzle stands for
-- its candidate grid (sudoku_format(p, 'marks')).
SELECT sudoku_equivalent(sudoku_format(:'classic', 'marks'),
                         sudoku_format(translate(:'classic', '123456789', '912345678'), 'marks_grid')) AS marks_marks,
       sudoku_equivalent(:'classic', sudoku_format(translate(:'classic', '123456789', '912345678'), 'marks')) AS puzzle_marks,
       sudoku_equivalent(sudoku_format(:'classic', 'marks'), :'harder') AS other_puzzle,
       sudoku_equivalent(sudoku_format(:'classic', 'marks'),
                         overlay(sudoku_format(:'classic', 'marks') PLACING '.' FROM 20 FOR 1)) AS one_removed,
       sudoku_equivalent('1.3..4....2.4...', sudoku_format(:'classic', 'marks')) AS four_by_four;
SELECT sudoku_canonical(overlay(sudoku_format(:'classic', 'marks') PLACING '.........' FROM 19 FOR 9));

-- The search trace of a pencil-mark text: the fast search started from its marks. With
-- no mark removed, the same trace as the puzzle's; with the 4 of r1c3 removed, no
-- placement is kept (no solution).
SELECT count(*) AS events, count(*) FILTER (WHERE kept) AS kept,
       count(*) = (SELECT count(*) FROM sudoku_search_trace(:'harder')) AS as_the_puzzle
FROM sudoku_search_trace(sudoku_format(:'harder', 'marks'));
SELECT (SELECT array_agg(ROW(technique, cell, digit, depth, kept)::text ORDER BY step)
        FROM sudoku_search_trace(sudoku_format(:'harder', 'marks')))
       = (SELECT array_agg(ROW(technique, cell, digit, depth, kept)::text ORDER BY step)
          FROM sudoku_search_trace(:'harder')) AS same_trace;
SELECT step, technique, unit, cell, digit, depth, kept
FROM sudoku_search_trace(overlay(sudoku_format(:'classic', 'marks') PLACING '.' FROM 22 FOR 1))
ORDER BY step LIMIT 3;
SELECT count(*) FILTER (WHERE kept) AS kept
FROM sudoku_search_trace(overlay(sudoku_format(:'classic', 'marks') PLACING '.' FROM 22 FOR 1));

-- sudoku_stats of a pencil-mark text counts the singles from its marks: with no mark
-- removed, the puzzle's figures; sudoku_solve of a pencil-mark text is an 81-digit line.
SELECT s->'naked_singles' = p->'naked_singles' AS naked,
       s->'hidden_singles' = p->'hidden_singles' AS hidden,
       s->'blanks_after_singles' = p->'blanks_after_singles' AS blanks_after,
       s->'solved_by_singles' AS solved_by_singles
FROM sudoku_stats(sudoku_format(:'harder', 'marks')) AS s, sudoku_stats(:'harder') AS p;
SELECT s->'naked_singles' AS naked, s->'hidden_singles' AS hidden,
       s->'blanks_after_singles' AS blanks_after, s->'solved_by_singles' AS solved_by_singles
FROM sudoku_stats(sudoku_format(:'classic', 'marks')) AS s;
SELECT sudoku_solve(sudoku_format(:'classic', 'marks_grid'));

-- A player's three texts are read once for every function. Empty is ASCII whitespace
-- alone: a non-breaking space is read, and refused, alone as before digits.
SELECT count(*) FROM sudoku_hint(:'classic', ' ', '');
SELECT * FROM sudoku_hint(:'classic', E'\u00a0', '');
SELECT * FROM sudoku_hint(:'classic', E'\u00a0' || :'classic', '');
-- An open cell without any mark is the marks' error for every function, sudoku_check too.
SELECT * FROM sudoku_check(:'classic', '', repeat('.', 729));
SELECT * FROM sudoku_rate(:'classic', '', repeat('.', 729));
-- A character neither pencil-mark form allows is named as the marks'.
SELECT * FROM sudoku_check(:'classic', '', repeat('?', 729));
-- sudoku_stats of a position: givens, placed digits and open cells add up to 81, and the
-- open cells are what the singles and the blanks they leave share.
SELECT s->'givens' AS givens, s->'placed' AS placed, s->'blanks' AS blanks,
       (s->>'naked_singles')::int + (s->>'hidden_singles')::int + (s->>'blanks_after_singles')::int AS singles_and_left
FROM sudoku_stats(:'classic', sudoku_solve(:'classic'), '') AS s;
SELECT s->'givens' AS givens, s->'placed' AS placed, s->'blanks' AS blanks,
       (s->>'naked_singles')::int + (s->>'hidden_singles')::int + (s->>'blanks_after_singles')::int AS singles_and_left
FROM sudoku_stats(:'classic', '534678912' || substr(:'classic', 10), '') AS s;
