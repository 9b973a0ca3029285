-- 4x4 puzzles (the contest's sudoku4_4 table): 16 cells, digits 1-4, 2x2 boxes, told
-- apart from 9x9 by the cell count. Every function takes them.
CREATE TABLE sudoku4_4 (id int PRIMARY KEY, puzzle varchar(255));
INSERT INTO sudoku4_4 VALUES
  (1, E'1?3?\n?4??\n??4?\n4???'),
  (2, '1.3..4....4.4...'),
  (3, E'????\n????\n????\n????'),
  (4, E'12??\n34??\n????\n???1'),
  (5, E'1???\n??2?\n?3??\n???4');

SELECT id, sudoku_solve(puzzle) AS result, sudoku_count_solutions(puzzle, 1000) AS solutions
FROM sudoku4_4 ORDER BY id;

SELECT cell, "row", col, box, mask::bit(4) AS bits, candidates, count
FROM sudoku_candidates(E'1?3?\n?4??\n??4?\n4???') ORDER BY cell;

SELECT s FROM sudoku_solutions(E'1???\n??2?\n?3??\n???4') AS s;
SELECT count(*) FROM sudoku_solutions(repeat('.', 16), 1000);

SELECT step, technique, unit, cell, "row", col, box, digit, depth, kept
FROM sudoku_search_trace('1.3..4....4.4...') ORDER BY step;
-- The human path and rating of a 4x4 puzzle, with the techniques that apply to it.
SELECT step, technique, rating, placements, eliminations, explanation FROM sudoku_steps('1.3..4....4.4...') ORDER BY step;
SELECT sudoku_rate('12....1..3....2.') AS one_solution, sudoku_rate('1.3..4....4.4...') AS two_solutions;
SELECT step, technique, rating, placements FROM sudoku_steps('12....1..3....2.') ORDER BY step;
SELECT sudoku_stats('1.3..4....4.4...');
SELECT style, sudoku_format('1.3..4....4.4...', style) FROM unnest(ARRAY['line', 'digits', 'contest', 'grid']) AS style;
SELECT sudoku_is_valid('1.3..4....4.4...'), sudoku_is_valid('1.3..5....2.4...'), sudoku_is_valid('11..............');
DROP TABLE sudoku4_4;
