-- Variants (docs/variants.md): the rules of the grid are the last argument, rules,
-- of every function that takes a puzzle. Puzzles written down here, each checked to
-- have one solution under its rules.
\set x_puzzle '...8..5.24...5...9.....6.........8..84.3.9.65..5.........1.....2...7...49.4..2...'
\set windoku '...6..3..7......6..4...9....7.9....5..1...9..9....6.7....1...9..6......3..3..2...'
\set dg '1.....7....6.89.....9...45..6....3..8.......4..4....9..37...9.....37.5....8.....7'
\set girandola '1....7....249.8....3612....38..6.......759.......8..54....9672....8.314....2....9'
\set jigsaw_map 'AAABBBFCCAAABBBFCCAADBBEFCCADDDBEFFCDDEEEEFCCDDDEEHFFFGGGEHHHHIGGHHHIHIIGGGGIIIII'
\set jigsaw '....5..894......1..8..1..4.....3.62.....4.....12.7.....3..6..7..9......556..9....'
\set nc_knight '.................9..5..............2.........8..............2..3.................'

-- Solved and counted under each rule; the same givens have many solutions without it.
SELECT sudoku_solve(:'x_puzzle', rules => 'x');
SELECT sudoku_count_solutions(:'x_puzzle', rules => 'x') AS under_x,
       sudoku_count_solutions(:'x_puzzle', 5) AS classic_up_to_5;
SELECT rule, sudoku_count_solutions(p, rules => rule) AS solutions,
       sudoku_solve(p, rules => rule) AS solution
FROM (VALUES ('windoku', :'windoku'), ('dg', :'dg'), ('girandola', :'girandola'),
             ('jigsaw=' || :'jigsaw_map', :'jigsaw'), ('anti-knight,nc', :'nc_knight')) t(rule, p);

-- Rows under other rules in one statement, each counted under its own: a backend keeps
-- the tables of the last rules it read, and other rules replace them.
SELECT n, rule, sudoku_count_solutions(:'x_puzzle', rules => rule) AS solutions
FROM (VALUES (1, 'x'), (2, 'diagonal+'), (3, 'x'), (4, 'diagonal-'), (5, 'x')) t(n, rule) ORDER BY n;

-- Every solution keeps its rules: the solution is a valid puzzle under them, and
-- counting it gives 1.
SELECT sudoku_is_valid(sudoku_solve(:'x_puzzle', rules => 'x'), rules => 'x') AS valid,
       sudoku_count_solutions(sudoku_solve(:'nc_knight', rules => 'anti-knight,nc'), rules => 'anti-knight,nc') AS one;

-- The input's layout is kept, as for classic puzzles.
SELECT sudoku_solve(replace(:'x_puzzle', '.', '?'), rules => 'x') = sudoku_solve(:'x_puzzle', rules => 'x') AS same_cells;

-- Solutions stream: the 4x4 X grids with one given, counted and listed.
SELECT sudoku_count_solutions('1...............', 1000, rules => 'x') AS x_four_by_four;
SELECT count(*) AS listed, count(DISTINCT s) AS distinct_ FROM sudoku_solutions('1...............', 1000, rules => 'x') s;

-- Candidates under the rules: a given's knight's moves lose its digit.
SELECT cell, "row", col, box, candidates FROM sudoku_candidates('5' || repeat('.', 80), rules => 'anti-knight')
WHERE cell IN (2, 11, 12, 19, 20);

-- A killer cage: its cells take only digits of its sum's combinations.
SELECT cell, candidates FROM sudoku_candidates(repeat('.', 81), rules => 'killer=AA' || repeat('.', 79) || ';3')
WHERE cell <= 3;

-- 16x16 and 25x25 grids, classic or not: digits 1-9 then letters.
\set sixteen '5.B....12..63.A.1....EF.8....67..78.2..A.4.C.E.GAD....9...7E1.4C..1......A.....6.9..7...FE4.C....8....B...12.A5..A....D...83B..73..A4D...6....B..47.B5...F....G....6.FC7...D..9.D.....8......C..7G.D82...B....659.5.3.G.4..F.B1..3A....F.8E....2.E.CA..47....D.9'
SELECT length(sudoku_solve(:'sixteen')) AS cells, sudoku_count_solutions(:'sixteen') AS solutions;
SELECT sudoku_format(sudoku_solve(:'sixteen'), 'grid');

-- Errors: unknown and malformed rules are 22P02; rules that do not fit the grid, and
-- givens that break them, 22023 with a DETAIL naming the cells.
\set VERBOSITY default
SELECT sudoku_solve(:'x_puzzle', rules => 'x,anti-night');
SELECT sudoku_solve(:'x_puzzle', rules => 'x,x');
SELECT sudoku_solve('5' || repeat('.', 79) || '5', rules => 'x');
SELECT sudoku_solve(:'jigsaw', rules => 'jigsaw=AAAB');
SELECT sudoku_solve(repeat('.', 256), rules => 'windoku');
SELECT sudoku_solve('65' || repeat('.', 79), rules => 'killer=AA' || repeat('.', 79) || ';10');
SELECT sudoku_solve(repeat('.', 81), rules => 'killer=AA' || repeat('.', 79) || ';18');
SELECT sudoku_solve('1' || repeat('.', 15), rules => 'jigsaw');
SELECT sudoku_is_valid('5' || repeat('.', 79) || '5', rules => 'x') AS two_fives_on_a_diagonal;

-- The human-logic engine rates 9x9 variants (variant_logic.sql) but not giant grids
-- (22023); canonical forms stay classic (22023).
SELECT sudoku_rate(:'x_puzzle', '', rules => 'x');
SELECT sudoku_canonical(:'x_puzzle', rules => 'x');
SELECT sudoku_rate(:'sixteen');

-- A player's progress on a variant, checked against its solution.
SELECT * FROM sudoku_check(:'x_puzzle', '6' || substr(:'x_puzzle', 2, 79) || '1', rules => 'x');

-- f-puzzles out and back: the same puzzle and rules.
SELECT i.puzzle = :'jigsaw' AS same_puzzle, i.rules = 'jigsaw=' || :'jigsaw_map' AS same_rules
FROM sudoku_import(sudoku_format(:'jigsaw', 'fpuzzles', rules => 'jigsaw=' || :'jigsaw_map')) i;
SELECT * FROM sudoku_import(sudoku_format(:'x_puzzle', 'fpuzzles', rules => 'x,anti-king'));
SELECT sudoku_import('{"size": 9, "grid": []}');

-- Pictures of variants: a diagonal drawn, a jigsaw's thick borders.
SELECT sudoku_svg(:'x_puzzle', rules => 'x') LIKE '%<line%' AS diagonals_drawn,
       length(sudoku_svg(:'jigsaw', rules => 'jigsaw=' || :'jigsaw_map')) > 1000 AS jigsaw_drawn;
SELECT page, solutions FROM sudoku_svg_pages(ARRAY[:'x_puzzle', :'x_puzzle'], rules => 'x');

-- Generation under rules: unique puzzles, their rules in each row (a fresh jigsaw
-- layout, fresh killer cages), deterministic for a seed.
SELECT n, givens, rules, sudoku_count_solutions(puzzle, rules => rules) AS solutions,
       sudoku_solve(puzzle, rules => rules) = solution AS solved
FROM sudoku_generate(2, 7, rules => 'x,anti-king');
SELECT n, sudoku_count_solutions(puzzle, rules => rules) AS solutions, rules LIKE 'jigsaw=%' AS fresh_layout
FROM sudoku_generate(2, 7, rules => 'jigsaw');
SELECT n, givens, sudoku_count_solutions(puzzle, rules => rules) AS solutions, rules LIKE 'killer=%' AS fresh_cages
FROM sudoku_generate(1, 7, rules => 'killer');
SELECT n, length(puzzle) AS cells, sudoku_count_solutions(puzzle) AS solutions FROM sudoku_generate(1, 7, size => 16);
SELECT (SELECT array_agg(puzzle) FROM sudoku_generate(2, 11, rules => 'windoku'))
     = (SELECT array_agg(puzzle) FROM sudoku_generate(2, 11, rules => 'windoku')) AS deterministic;
SELECT n, rating >= 5 AS rated_5_or_more FROM sudoku_generate(1, 1, min_rating => 5, rules => 'x');
SELECT * FROM sudoku_generate(1, 1, size => 12);
