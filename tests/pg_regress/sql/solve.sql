-- sudoku_solve on real puzzles, in the two layouts users meet: one 81-character line,
-- and the contest's 9 lines of 9 with '?' for a blank. Every answer is checked here in
-- plain SQL, independently of the extension.

-- The independent checker of sql/reference/is_solution.sql (plain SQL): the answer
-- holds 81 digits, each row, column and box holds 1-9 once, every given is kept.
\set is_solution `cat "$SUDOKU_REF_DIR/is_solution.sql"`
:is_solution

-- The answer's layout is the puzzle's: the same characters everywhere but the cells.
CREATE FUNCTION pg_temp.same_layout(puzzle text, answer text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(puzzle, '[0-9.?]', '#', 'g') = regexp_replace(answer, '[0-9]', '#', 'g')
$$;

CREATE TABLE sudoku9_9 (id int PRIMARY KEY, puzzle varchar(255));
INSERT INTO sudoku9_9 VALUES
  -- the classic puzzle, one line with '.' blanks
  (1, '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'),
  -- the same puzzle in the contest layout
  (2, E'53??7????\n6??195???\n?98????6?\n8???6???3\n4??8?3??1\n7???2???6\n?6????28?\n???419??5\n????8??79'),
  -- with '0' blanks and CRLF line ends
  (3, E'530070000\r\n600195000\r\n098000060\r\n800060003\r\n400803001\r\n700020006\r\n060000280\r\n000419005\r\n000080079'),
  -- drawn as a grid
  (4, E'53.|.7.|...\n6..|195|...\n.98|...|.6.\n---+---+---\n8..|.6.|..3\n4..|8.3|..1\n7..|.2.|..6\n---+---+---\n.6.|...|28.\n...|419|..5\n...|.8.|.79'),
  -- a puzzle published as one of the hardest (Arto Inkala, 2012): one solution, found
  -- only by guessing
  (5, E'8????????\n??36?????\n?7??9?2??\n?5???7???\n????457??\n???1???3?\n??1????68\n??85???1?\n?9????4??'),
  -- an empty grid: many solutions, the first one in the solver's order comes back
  (6, repeat('?', 81)),
  -- a full grid: comes back unchanged
  (7, '534678912672195348198342567859761423426853791713924856961537284287419635345286179'),
  -- consistent givens without a solution (the classic puzzle with a wrong 1 at r1c3): NULL
  (8, '531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');

-- What a contest entrant types.
SELECT id, sudoku_solve(puzzle) FROM sudoku9_9 ORDER BY id;

-- Every answer valid, keeping its givens and its input's layout (id 8 has none).
SELECT id,
       sudoku_solve(puzzle) IS NULL AS no_solution,
       is_solution(puzzle, sudoku_solve(puzzle)) AS valid,
       pg_temp.same_layout(puzzle, sudoku_solve(puzzle)) AS same_layout
FROM sudoku9_9 ORDER BY id;

-- The four spellings of the classic puzzle have one answer, up to layout.
SELECT count(DISTINCT regexp_replace(sudoku_solve(puzzle), '[^0-9]', '', 'g')) FROM sudoku9_9 WHERE id <= 4;

-- NULL in, NULL out.
SELECT sudoku_solve(NULL) IS NULL AS null_in_null_out;

-- Deterministic: the same puzzle gives the same first solution every time.
SELECT count(DISTINCT sudoku_solve(repeat('.', 81))) FROM generate_series(1, 20);

-- The properties the planner relies on.
SELECT proname, provolatile, proisstrict, proparallel, procost
FROM pg_proc WHERE proname LIKE 'sudoku\_%' ORDER BY proname;

DROP TABLE sudoku9_9;
