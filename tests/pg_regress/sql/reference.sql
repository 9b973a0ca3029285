-- The pure-SQL reference solvers of sql/reference/ on a few puzzles: each is one
-- statement over sudoku9_9 returning id, puzzle, result, and must agree with
-- sudoku_solve on every puzzle it solves. The statements are read from the files
-- (SUDOKU_REF_DIR, set by scripts/test.sh), so the test runs what ships.
\set naked_mrv `sed -e 's/;[[:space:]]*$//' "$SUDOKU_REF_DIR/naked_mrv.sql"`
\set hidden_mrv `sed -e 's/;[[:space:]]*$//' "$SUDOKU_REF_DIR/hidden_mrv.sql"`

CREATE TABLE sudoku9_9 (id int PRIMARY KEY, puzzle varchar(255));
-- The classic puzzle (singles only), and generated minimal puzzles (guessing needed
-- for some of them).
INSERT INTO sudoku9_9 VALUES
  (1, E'53??7????\n6??195???\n?98????6?\n8???6???3\n4??8?3??1\n7???2???6\n?6????28?\n???419??5\n????8??79');
INSERT INTO sudoku9_9
SELECT n + 1, sudoku_format(puzzle, 'contest')
FROM sudoku_generate(4, 2026, 30);
INSERT INTO sudoku9_9
SELECT n + 5, sudoku_format(puzzle, 'contest')
FROM sudoku_generate(2, 2026);

CREATE TABLE ref_naked AS :naked_mrv ;
CREATE TABLE ref_hidden AS :hidden_mrv ;

-- One row per puzzle, in the contest's layout, equal to sudoku_solve's answer.
SELECT 'naked_mrv' AS reference, count(*) AS rows, count(DISTINCT id) AS puzzles,
       count(*) FILTER (WHERE r.result = sudoku_solve(p.puzzle)) AS agreeing
FROM ref_naked r JOIN sudoku9_9 p USING (id)
UNION ALL
SELECT 'hidden_mrv', count(*), count(DISTINCT id),
       count(*) FILTER (WHERE r.result = sudoku_solve(p.puzzle))
FROM ref_hidden r JOIN sudoku9_9 p USING (id);

SELECT id, result FROM ref_hidden WHERE id = 1;

-- A puzzle with no solution gets no row; one with several solutions gets one row.
TRUNCATE sudoku9_9;
INSERT INTO sudoku9_9 VALUES
  (1, E'531?7????\n6??195???\n?98????6?\n8???6???3\n4??8?3??1\n7???2???6\n?6????28?\n???419??5\n????8??79'),
  (2, E'534??8912\n672195348\n198342567\n859??1423\n426853791\n713924856\n961537284\n287419635\n345286179');
DROP TABLE ref_naked, ref_hidden;
CREATE TABLE ref_naked AS :naked_mrv ;
CREATE TABLE ref_hidden AS :hidden_mrv ;
SELECT 'naked_mrv' AS reference, r.id, sudoku_count_solutions(s.puzzle) AS solutions,
       r.result IN (SELECT sudoku_solutions(s.puzzle)) AS one_of_the_solutions
FROM ref_naked r JOIN sudoku9_9 s USING (id)
UNION ALL
SELECT 'hidden_mrv', r.id, sudoku_count_solutions(s.puzzle),
       r.result IN (SELECT sudoku_solutions(s.puzzle))
FROM ref_hidden r JOIN sudoku9_9 s USING (id)
ORDER BY 1, 2;

DROP TABLE sudoku9_9, ref_naked, ref_hidden;
