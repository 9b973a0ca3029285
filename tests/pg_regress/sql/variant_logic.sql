-- The human-logic engine under variant rules (issue 36; docs/variants.md): sudoku_rate,
-- sudoku_hint, sudoku_steps and sudoku_stats take rules. Puzzles made by the
-- extension's generator, each rated by Sukaku Explainer v1.15.10 with the rules'
-- options (the rating it gave is in the comment).
\set x_40 '..43.6...3.5..........578398..1.9.2.9...3..7....5..9..........7...6...8.....25...'
\set windoku_42 '.........4...265....8.........57..81..2.6....8.......5..51....6..4.92....67.8...2'
\set anti_king_42 '..1..2..3.....3.5.8........6..129..4.....7...9..3....1.3...1.8...9.8....18....7.5'
\set anti_knight_56 '..43.6...925..........284973..2.4.7.2...6..8....7.............2...1...6.....72...'
\set asterisk_72 '....71....7..8..4...32..........697.....1....5....92.12......8...7......6......5.'
\set x_96 '.2...4.6..47..92.......8...4......2163.......7.......4............3.598...3......'
\set anti_king_91 '.........8...7..6.1.4......6......3....2..67.2.....1.939...6..1.26.8.4.....7..3..'
\set anti_king_99 '.1.57..8....2...5.....4............4......16..8.42....9........2...5..7.5.7....9.'
\set anti_king_beyond '...5.94.8........9.1........7...6.414.6..............6........29.1.2..67.3596....'
\set x_anti_king_106 '..9....7....5........7....9.......6.9.......3.....6..............86....74.1.9....'

-- Ratings: Sukaku Explainer's 4.0, 4.2, 4.2 and 5.6. The same givens rate otherwise (or
-- have other solutions) as classic puzzles.
SELECT sudoku_rate(:'x_40', rules => 'x') AS x,
       sudoku_rate(:'windoku_42', rules => 'windoku') AS windoku,
       sudoku_rate(:'anti_king_42', rules => 'anti-king') AS anti_king,
       sudoku_rate(:'anti_knight_56', rules => 'anti-knight') AS anti_knight;
SELECT sudoku_count_solutions(:'x_40') AS classic_solutions;

-- Jigsaw regions: the same techniques with the regions in place of the boxes (ours: no
-- Sukaku Explainer to follow), among them the three strong links over the regions.
\set jigsaw_map 'AAAABBBCCADABBCCCCADDBBBCFCADDBEFFFCADDEEEFFFGGDDEIIIFGGGGEEEIFGHGGEIIIIHHHHHHHHI'
\set jigsaw_81 '....8....4...3.......59...7..9...7.2.......4........6.9...6..5...5............4..'
SELECT sudoku_rate(:'jigsaw_81', rules => 'jigsaw=' || :'jigsaw_map') AS rating;
SELECT step, technique, rating, eliminations, units, explanation
FROM sudoku_steps(:'jigsaw_81', rules => 'jigsaw=' || :'jigsaw_map') WHERE technique = '3_strong_links';

-- The path: the steps above the singles, their units named by the rules' groups.
SELECT step, technique, rating, units, explanation
FROM sudoku_steps(:'windoku_42', rules => 'windoku') WHERE rating >= 4.1;
SELECT step, technique, rating, eliminations, explanation
FROM sudoku_steps(:'anti_king_42', rules => 'anti-king') WHERE technique = 'xy_wing';
SELECT count(*) AS steps, max(rating) AS hardest, bool_and(technique <> 'guess') AS no_guess
FROM sudoku_steps(:'x_40', rules => 'x');

-- The hint is the path's first step; replayed, the path reaches the solution.
SELECT h.technique = s.technique AND h.placements = s.placements AS hint_is_step_1
FROM sudoku_hint(:'x_40', rules => 'x') h, sudoku_steps(:'x_40', rules => 'x') s WHERE s.step = 1;
WITH want AS (
  SELECT format('r%sc%s=%s', (i - 1) / 9 + 1, (i - 1) % 9 + 1, substr(sudoku_solve(:'x_40', rules => 'x'), i, 1)) p
  FROM generate_series(1, 81) i WHERE substr(:'x_40', i, 1) = '.'),
got AS (SELECT p FROM sudoku_steps(:'x_40', rules => 'x'), unnest(placements) p)
SELECT (SELECT array_agg(p ORDER BY p) FROM got) = (SELECT array_agg(p ORDER BY p) FROM want)
       AS placements_are_the_solution;

-- Figures: the search keys are null under variant rules.
SELECT jsonb_pretty(sudoku_stats(:'anti_king_42', rules => 'anti-king'));

-- Several solutions: no rating; the path guesses from the first solution where no
-- technique applies, without the uniqueness techniques.
SELECT sudoku_rate('1........' || repeat('.', 72), rules => 'x') AS rating,
       (SELECT count(*) > 0 FROM sudoku_steps('1........' || repeat('.', 72), rules => 'x')
        WHERE technique = 'guess') AS guesses;
-- No solution: no rating, no hint, no steps.
SELECT sudoku_rate('12345678.........9' || repeat('.', 63), rules => 'x') AS rating,
       (SELECT count(*) FROM sudoku_hint('12345678.........9' || repeat('.', 63), rules => 'x')) AS hints,
       (SELECT count(*) FROM sudoku_steps('12345678.........9' || repeat('.', 63), rules => 'x')) AS steps;

-- The chains under rules: a puzzle whose path needs forcing chains and cycles (Sukaku
-- Explainer: 7.2) is rated as it rates it; the chains' steps name their kind.
SELECT sudoku_rate(:'asterisk_72', rules => 'asterisk') AS asterisk;
SELECT technique, count(*), max(rating) AS hardest
FROM sudoku_steps(:'asterisk_72', rules => 'asterisk') WHERE rating >= 6.5 GROUP BY technique ORDER BY technique;
SELECT step, technique, rating, explanation
FROM sudoku_steps(:'asterisk_72', rules => 'asterisk') WHERE technique = 'xy_cycle' ORDER BY step LIMIT 1;

-- The dynamic forcing chains (+): their nested rules (generalized intersections, hidden
-- pairs, generalized naked pairs, X-wings) act inside the propagations. Sukaku Explainer
-- rates these 9.6 (a dynamic contradiction, with (+) steps before it) and 9.1.
SELECT sudoku_rate(:'x_96', rules => 'x') AS x, sudoku_rate(:'anti_king_91', rules => 'anti-king') AS anti_king;
SELECT technique, count(*), min(rating), max(rating)
FROM sudoku_steps(:'anti_king_91', rules => 'anti-king') WHERE rating >= 8.5 GROUP BY technique ORDER BY technique;
-- The nested chains of levels 2 to 4 where the groups are rows, columns and boxes
-- (anti-knight, anti-king, nc): Sukaku Explainer rates the first 9.9 (level 2), and
-- cannot finish the second ("Beyond solver", 20.0), whose steps guess from there.
SELECT sudoku_rate(:'anti_king_99', rules => 'anti-king') AS level_2,
       sudoku_rate(:'anti_king_beyond', rules => 'anti-king') AS beyond;
SELECT technique, count(*), min(rating), max(rating)
FROM sudoku_steps(:'anti_king_99', rules => 'anti-king') WHERE rating >= 9.5 GROUP BY technique ORDER BY technique;
SELECT technique, count(*) FROM sudoku_steps(:'anti_king_beyond', rules => 'anti-king')
WHERE rating >= 9.5 OR technique = 'guess' GROUP BY technique ORDER BY technique;
-- Under extra groups and jigsaw regions the chains link over the rules' groups (the
-- diagonals here), and so do the nested chains: Sukaku Explainer rates this one 10.6
-- under x with anti-king.
SELECT sudoku_rate(:'x_anti_king_106', rules => 'x,anti-king') AS x_anti_king;
SELECT technique, count(*), min(rating), max(rating)
FROM sudoku_steps(:'x_anti_king_106', rules => 'x,anti-king') WHERE rating >= 9.5 GROUP BY technique ORDER BY technique;
SELECT technique, rating FROM sudoku_hint(:'x_anti_king_106', rules => 'x,anti-king');
\set VERBOSITY default
-- Killer cages and giant grids: 22023 naming the rules, for a player's position on them
-- too.
SELECT sudoku_rate(repeat('.', 81), rules => 'killer=AA' || repeat('.', 79) || ';10');
SELECT sudoku_rate(repeat('.', 256));
SELECT sudoku_rate(repeat('.', 256), repeat('.', 256));

-- A player's position under rules: the puzzle, the digits placed since (progress) and
-- their pencil marks. The path goes on from there; a digit the rules forbid is 22023
-- naming the cells, a wrong digit or marks without the solution's digit leave no
-- solution (no rating, no hint), which sudoku_check names.
SELECT sudoku_solve(:'x_40', rules => 'x') AS solution \gset
SELECT technique, rating, placements FROM sudoku_hint(:'x_40', rules => 'x');
SELECT technique, rating, placements
FROM sudoku_hint(:'x_40', overlay(:'x_40' placing '8' from 2 for 1), rules => 'x');
SELECT s->>'givens' AS givens, s->>'placed' AS placed, s->>'blanks' AS blanks, s->>'rating' AS rating
FROM sudoku_stats(:'x_40', overlay(:'x_40' placing '8' from 2 for 1), rules => 'x') s;
SELECT sudoku_rate(:'x_40', '', repeat('123456789', 81), rules => 'x') AS every_mark,
       sudoku_rate(:'x_40', rules => 'x') AS puzzle,
       sudoku_rate(:'x_40', '2' || substr(:'x_40', 2), rules => 'x') AS wrong_digit,
       sudoku_rate(:'x_40', '', overlay(repeat('123456789', 81) placing
         translate('123456789', substr(:'solution', 1, 1), '.') from 1 for 9), rules => 'x') AS without_r1c1s_digit;
SELECT * FROM sudoku_hint(:'x_40', '2' || substr(:'x_40', 2), rules => 'x');
SELECT mistake, cell, digit FROM sudoku_check(:'x_40', '2' || substr(:'x_40', 2), overlay(repeat('123456789', 81)
         placing translate('123456789', substr(:'solution', 2, 1), '.') from 10 for 9), rules => 'x');
SELECT * FROM sudoku_hint(:'x_40', overlay(:'x_40' placing '1' from 1 for 1), rules => 'x');
SELECT * FROM sudoku_hint(:'x_40', '3' || substr(:'x_40', 2), rules => 'x');
SELECT * FROM sudoku_hint(:'x_40', '', repeat('.', 729), rules => 'x');
-- A pencil-mark text as the puzzle, read as Sukaku Explainer reads one under the rules:
-- a cell whose one candidate no peer under the rules has is a given. The marks the rules
-- leave a puzzle read back as that puzzle (the same rating, hint, path and figures);
-- r1c1 marked 1 alone stays open under x while the diagonal's cells have 1.
SELECT sudoku_format(:'x_40', 'marks', rules => 'x') AS x_40_marks \gset
SELECT length(:'x_40_marks') AS characters,
       sudoku_format(:'x_40_marks', 'line', rules => 'x') = :'x_40' AS same_givens,
       sudoku_rate(:'x_40_marks', rules => 'x') AS rating,
       (SELECT technique FROM sudoku_hint(:'x_40_marks', rules => 'x')) AS hint,
       (SELECT count(*) FROM sudoku_steps(:'x_40_marks', rules => 'x')) =
         (SELECT count(*) FROM sudoku_steps(:'x_40', rules => 'x')) AS same_steps,
       sudoku_stats(:'x_40_marks', rules => 'x') = sudoku_stats(:'x_40', rules => 'x') AS same_stats;
SELECT sudoku_format(m, 'line') AS classic, sudoku_format(m, 'line', rules => 'x') AS x
FROM (SELECT '1........' || repeat('.23456789', 8)
          || repeat(repeat('.23456789', 3) || repeat('123456789', 6), 2)
          || repeat('.23456789' || repeat('123456789', 8), 6) AS m) t;
-- Two cells whose only candidates break the rules, and a cell with none, are named.
SELECT sudoku_rate('1........' || repeat('123456789', 79) || '1........', rules => 'x');
SELECT sudoku_rate('....5.........6...' || repeat('123456789', 79), rules => 'nc');
SELECT sudoku_rate('.........' || repeat('123456789', 80), rules => 'x');
-- The functions that solve, count, list, validate and draw one puzzle read it too: the
-- solutions keep to the marks (every digit everywhere: more than one; r1c1 without its
-- solution's digit: none).
SELECT sudoku_solve(:'x_40_marks', rules => 'x') = sudoku_solve(:'x_40', rules => 'x') AS same_solution,
       sudoku_count_solutions(:'x_40_marks', rules => 'x') AS solutions,
       (SELECT count(*) FROM sudoku_solutions(:'x_40_marks', rules => 'x')) AS listed,
       (SELECT array_agg(mask ORDER BY cell) FROM sudoku_candidates(:'x_40_marks', rules => 'x')) =
         (SELECT array_agg(mask ORDER BY cell) FROM sudoku_candidates(:'x_40', rules => 'x')) AS same_candidates,
       sudoku_count_solutions(repeat('123456789', 81), rules => 'x') AS every_digit,
       sudoku_count_solutions(overlay(:'x_40_marks' placing translate('123456789',
         substr(sudoku_solve(:'x_40', rules => 'x'), 1, 1), '.') from 1 for 9), rules => 'x') AS without_r1c1s_digit,
       sudoku_is_valid(:'x_40_marks', rules => 'x') AS valid,
       sudoku_is_valid('1........' || repeat('123456789', 79) || '1........', rules => 'x') AS clash_valid;
SELECT s LIKE '%<title id="title">Sudoku with pencil marks</title>%' AS marks_titled,
       (length(s) - length(replace(s, 'class="diagonal"', ''))) / length('class="diagonal"') AS diagonals,
       (length(s) - length(replace(s, 'class="mark"', ''))) / length('class="mark"') =
         (SELECT sum(count) FROM sudoku_candidates(:'x_40', rules => 'x')) AS every_mark_drawn
FROM sudoku_svg(:'x_40_marks', rules => 'x') s;
SELECT s LIKE '%<title id="title">Step 1: hidden_single_box (1.2)</title>%' AS step_titled
FROM sudoku_svg(:'x_40_marks', step => 1, rules => 'x') s;
-- A player's position, a position check and the pages of several puzzles take the
-- puzzle's givens; pencil marks are not read under killer cages.
SELECT sudoku_rate(:'x_40_marks', :'x_40', rules => 'x');
SELECT * FROM sudoku_check(:'x_40_marks', :'x_40', rules => 'x');
SELECT count(*) FROM sudoku_svg_pages(ARRAY[:'x_40_marks'], rules => 'x');
SELECT sudoku_solve(:'x_40_marks', rules => 'killer=AA' || repeat('.', 79) || ';10');
SELECT sudoku_format(:'x_40', 'marks', rules => 'killer=AA' || repeat('.', 79) || ';10');

-- Pictures: a step on its variant grid (its groups shaded a cell at a time), the pencil
-- marks the rules leave.
SELECT s LIKE '%<title id="title">Step 32: turbot_fish (4.2)</title>%' AS titled,
       (length(s) - length(replace(s, 'data-unit="window 6"', ''))) / length('data-unit="window 6"') AS window_cells,
       (length(s) - length(replace(s, '<circle class="off"', ''))) / length('<circle class="off"') AS removals
FROM sudoku_svg(:'windoku_42', step => 32, rules => 'windoku') s;
SELECT position('data-cell="r2c2" data-digit="1"' IN s) = 0 AS no_1_a_kings_step_from_r1c3,
       position('data-cell="r2c1" data-digit="2"' IN s) > 0 AS r2c1_may_hold_2
FROM sudoku_svg(:'anti_king_42', candidates => true, rules => 'anti-king') s;
-- A chain's step draws its links as arrows, on the variant's grid.
SELECT s LIKE '%<title id="title">Step 28: xy_cycle (7.2)</title>%' AS titled,
       (length(s) - length(replace(s, '<g class="link ', ''))) / length('<g class="link ') AS arrows
FROM sudoku_svg(:'asterisk_72', step => 28, rules => 'asterisk') s;
-- A nested chain's step under anti-king, drawn with its links.
SELECT step AS nested_step FROM sudoku_steps(:'anti_king_99', rules => 'anti-king')
WHERE rating >= 9.5 ORDER BY step LIMIT 1 \gset
SELECT s LIKE '%<title id="title">Step ' || :nested_step || ': %' AS titled,
       (length(s) - length(replace(s, '<g class="link ', ''))) / length('<g class="link ') > 0 AS arrows
FROM sudoku_svg(:'anti_king_99', step => :nested_step, rules => 'anti-king') s;
-- A nested chain's step under x with anti-king, drawn with its links.
SELECT step AS nested_step FROM sudoku_steps(:'x_anti_king_106', rules => 'x,anti-king')
WHERE rating >= 9.5 ORDER BY step LIMIT 1 \gset
SELECT s LIKE '%<title id="title">Step ' || :nested_step || ': %' AS titled,
       (length(s) - length(replace(s, '<g class="link ', ''))) / length('<g class="link ') > 0 AS arrows
FROM sudoku_svg(:'x_anti_king_106', step => :nested_step, rules => 'x,anti-king') s;
SELECT sudoku_svg(:'x_40', step => 0, rules => 'killer=AA' || repeat('.', 79) || ';10');

-- Graded generation under rules: each puzzle rated inside its band as sudoku_rate rates
-- it, symmetric where asked, in the chains' bands too; ranges
-- on cages or giant grids 22023, a band the rules do not reach with those givens 22023
-- after its attempts.
SELECT n, givens, rating, rating = sudoku_rate(puzzle, rules => rules) AS rated_alike, rules
FROM sudoku_generate(3, 36, clues => 24, min_rating => 2.6, max_rating => 4.4, rules => 'x');
SELECT n, rating BETWEEN 4.5 AND 6.4 AS in_band, rating = sudoku_rate(puzzle, rules => rules) AS rated_alike,
       translate(puzzle, '123456789', '#########') = reverse(translate(puzzle, '123456789', '#########')) AS rotate180
FROM sudoku_generate(2, 36, min_rating => 4.5, max_rating => 6.4, symmetry => 'rotate180', rules => 'anti-king');
SELECT n, rating BETWEEN 6.5 AND 8.9 AS in_band, rating = sudoku_rate(puzzle, rules => rules) AS rated_alike
FROM sudoku_generate(2, 36, min_rating => 6.5, max_rating => 8.9, rules => 'windoku');
SELECT n, rating BETWEEN 9.0 AND 9.4 AS in_band, rating = sudoku_rate(puzzle, rules => rules) AS rated_alike
FROM sudoku_generate(2, 36, min_rating => 9.0, max_rating => 9.4, rules => 'x');
SELECT * FROM sudoku_generate(1, 36, min_rating => 4.5, rules => 'x');
SELECT * FROM sudoku_generate(1, 36, max_rating => 4.0, rules => 'killer');
SELECT * FROM sudoku_generate(1, 36, max_rating => 4.0, size => 16);
SELECT * FROM sudoku_generate(1, 36, clues => 60, min_rating => 4.5, max_rating => 6.4, rules => 'x');
-- Under anti-knight, anti-king and nc every rating is made (from 9.5 the nested chains).
SELECT n, rating BETWEEN 9.5 AND 9.9 AS in_band, rating = sudoku_rate(puzzle, rules => rules) AS rated_alike
FROM sudoku_generate(2, 36, min_rating => 9.5, max_rating => 9.9, rules => 'anti-king');

-- Near a puzzle under rules: neighbours with one solution under the rules, rated under them.
\set ak_9_5 '4.9...5........43.8...2..7....1.....38......7.1.98.......3.92.1........51...6....'
\set x_9_1 '93.4.2...6.27...3...........683.4.9..4......8..............7..97..6..........1.72'
SELECT sudoku_rate(:'ak_9_5', rules => 'anti-king') AS anti_king_start,
       sudoku_rate(:'x_9_1', rules => 'x') AS x_start;
SELECT n, puzzle, givens, rating, rating = sudoku_rate(puzzle, rules => rules) AS rated_alike,
       sudoku_count_solutions(puzzle, 2, rules => rules) AS solutions, rules
FROM sudoku_generate(3, 1, min_rating => 9.5, max_rating => 11.9, near => :'ak_9_5', rules => 'anti-king');
SELECT n, givens, rating, rating = sudoku_rate(puzzle, rules => rules) AS rated_alike,
       sudoku_count_solutions(puzzle, 2, rules => rules) AS solutions,
       sudoku_count_solutions(puzzle, 2) AS classic_solutions, rules
FROM sudoku_generate(3, 7, min_rating => 9.0, max_rating => 9.4, near => :'x_9_1', rules => 'x');
-- Refused: near under cages
-- or on another size, a start that breaks the rules or has several solutions under them,
-- a symmetry the rules lack.
SELECT * FROM sudoku_generate(1, 1, max_rating => 9.4, near => :'x_9_1', rules => 'killer');
SELECT * FROM sudoku_generate(1, 1, max_rating => 9.4, near => :'x_9_1', rules => 'x', size => 16);
SELECT * FROM sudoku_generate(1, 1, max_rating => 9.4, near => overlay(:'x_9_1' placing '9' from 41), rules => 'x');
SELECT * FROM sudoku_generate(1, 1, max_rating => 9.4, near => :'x_9_1');
SELECT * FROM sudoku_generate(1, 1, max_rating => 9.4, near => :'x_9_1', rules => 'diagonal+');

-- Positional arguments keep their meaning: the second is the player's progress.
SELECT sudoku_rate(:'x_40') IS NULL AS classic_has_several_solutions,
       sudoku_rate('..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..',
                   '4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..') AS position;
