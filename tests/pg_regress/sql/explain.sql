-- Beyond solving: counting, all solutions, the solving path, statistics, formats and
-- validation, on puzzles whose answers are known by construction.

-- Counting: 0 (a wrong extra given), 1 (the classic), 2 (a "deadly rectangle" of 6 and 7
-- blanked from a full grid, so the two digits can swap), 4 (two such rectangles), and
-- capped counts for an empty grid.
SELECT label, sudoku_count_solutions(puzzle) AS default_cap, sudoku_count_solutions(puzzle, 10) AS cap_10
FROM (VALUES
  ('none', '531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'),
  ('one', '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'),
  ('two', '534..8912672195348198342567859..1423426853791713924856961537284287419635345286179'),
  ('four', '534..89126721953..198342567859..14234268537917139248569615372..287419635345286179'),
  ('empty', repeat('.', 81))) AS t(label, puzzle);
SELECT sudoku_count_solutions(repeat('.', 81), 1000);
SELECT sudoku_count_solutions(repeat('.', 81), 0);

-- The solutions themselves, in the input's layout, in the search's order.
SELECT s FROM sudoku_solutions('534..89126721953..198342567859..14234268537917139248569615372..287419635345286179') AS s;
SELECT s FROM sudoku_solutions(E'534??8912\n672195348\n198342567\n859??1423\n426853791\n713924856\n961537284\n287419635\n345286179') AS s;
SELECT count(*) FROM sudoku_solutions(repeat('.', 81));
SELECT count(*) FROM sudoku_solutions(repeat('.', 81), 25);
SELECT count(*) FROM sudoku_solutions('531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
-- The first solution is sudoku_solve's.
SELECT (SELECT s FROM sudoku_solutions(repeat('.', 81), 1) AS s) = sudoku_solve(repeat('.', 81)) AS first_is_solve;

-- The search's own trace of the classic puzzle: the first steps...
SELECT step, technique, unit, cell, "row", col, box, digit, depth, kept
FROM sudoku_search_trace('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79')
ORDER BY step LIMIT 8;
-- ...and what techniques it took, the way one would ask of a whole table.
SELECT technique, unit, count(*)
FROM sudoku_search_trace('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79')
GROUP BY technique, unit ORDER BY technique, unit;

-- A puzzle that needs guessing (one published as among the hardest, Arto Inkala 2012).
CREATE TABLE hard AS SELECT '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..'::text AS puzzle;
SELECT technique, count(*), count(*) FILTER (WHERE kept) AS kept, max(depth) AS deepest
FROM hard, sudoku_search_trace(puzzle) GROUP BY technique ORDER BY technique;

-- Replaying the kept placements on the puzzle gives sudoku_solve's answer.
SELECT (SELECT string_agg(coalesce(k.digit::text, substr(h.puzzle, i, 1)), '' ORDER BY i)
        FROM generate_series(1, 81) AS i
        LEFT JOIN sudoku_search_trace(h.puzzle) AS k ON k.cell = i AND k.kept) = sudoku_solve(h.puzzle) AS replay_is_solution
FROM hard h;

-- The search's statistics agree with its trace, on a puzzle the search guesses 20 times
-- on (though a person needs no more than an XY-wing for it).
SELECT (s->>'search_naked_singles')::int = count(*) FILTER (WHERE technique = 'naked_single') AS naked,
       (s->>'search_hidden_singles')::int = count(*) FILTER (WHERE technique = 'hidden_single') AS hidden,
       (s->>'search_band_updates')::int = count(*) FILTER (WHERE technique = 'band_update') AS band,
       (s->>'search_guesses')::int = count(*) FILTER (WHERE technique = 'guess') AS guesses,
       (s->>'search_backtracks')::int = count(*) FILTER (WHERE technique = 'backtrack') AS backtracks
FROM (VALUES ('.....8.1.8..7.3.......5.4.3.......47..8..6....761......5..3.......9...76.4..8..2.')) AS t(puzzle),
     sudoku_stats(puzzle) AS s, sudoku_search_trace(puzzle) GROUP BY s;
-- A streamed trace of a search far longer than any buffer: every row, in order.
SELECT count(*) AS rows, count(*) = max(step) AS numbered_in_order
FROM sudoku_search_trace('.....5..................8...5.4.9..1...............23....1.6..8..9...3.......816.');

-- Statistics: every key, on easy, harder, unsolvable and ambiguous puzzles.
SELECT sudoku_stats('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
SELECT sudoku_stats('.2...1..97...5..1...56.2..8..6......2...87...97....45.3.....9..5..2..7.6.....9.3.');
SELECT sudoku_stats('531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
SELECT sudoku_stats(repeat('.', 81)) - ARRAY['techniques', 'path_steps', 'path_guesses', 'search_naked_singles', 'search_hidden_singles', 'search_band_updates', 'search_guesses', 'search_backtracks'];

-- Formats: every style, and each reads back as the same puzzle (through sudoku_solve).
SELECT style, sudoku_format('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', style)
FROM unnest(ARRAY['line', 'digits', 'contest', 'grid']) AS style;
SELECT style,
       sudoku_format(sudoku_format(puzzle, style), 'line') = sudoku_format(puzzle, 'line') AS reads_back,
       sudoku_format(sudoku_solve(sudoku_format(puzzle, style)), 'line') = sudoku_solve(puzzle) AS solves_alike
FROM hard, unnest(ARRAY['line', 'digits', 'contest', 'grid']) AS style;
SELECT sudoku_format(sudoku_solve(puzzle)) FROM hard;
SELECT sudoku_format(repeat('.', 81), 'fancy');

-- Validation never raises: filter a dirty table before solving.
CREATE TABLE dirty (id int, puzzle text);
INSERT INTO dirty VALUES
  (1, '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'),
  (2, 'not a puzzle'),
  (3, '55' || repeat('.', 79)),
  (4, NULL),
  (5, '531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
SELECT id, sudoku_is_valid(puzzle) AS valid,
       CASE WHEN sudoku_is_valid(puzzle) THEN sudoku_solve(puzzle) END AS result
FROM dirty ORDER BY id;
DROP TABLE hard, dirty;
