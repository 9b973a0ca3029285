-- Pictures (issue 30): sudoku_svg and sudoku_svg_pages, read back through PostgreSQL's
-- XML functions (the document must be well-formed to be read at all).
CREATE TEMP TABLE p AS SELECT
  '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'::text AS easy,
  '3..8.41.......32....21...4..6..875....5...7.21.8.5....7.1......6..9...3..8.......'::text AS wings;
-- count(xpath) over a picture, SVG's namespace bound to s.
CREATE FUNCTION pg_temp.n(svg text, path text) RETURNS int LANGUAGE sql AS
$$ SELECT (xpath('count(' || path || ')', svg::xml, ARRAY[ARRAY['s', 'http://www.w3.org/2000/svg']]))[1]::text::int $$;
CREATE FUNCTION pg_temp.v(svg text, path text) RETURNS text LANGUAGE sql AS
$$ SELECT array_to_string(xpath(path, svg::xml, ARRAY[ARRAY['s', 'http://www.w3.org/2000/svg']]), ',') $$;

-- A puzzle: its givens in bold, no pencil marks, the puzzle as text in <desc>.
SELECT xml_is_well_formed_document(sudoku_svg(easy)) AS well_formed,
       pg_temp.n(sudoku_svg(easy), '//s:text[@class="given"]') AS givens,
       pg_temp.n(sudoku_svg(easy), '//s:text[@class="mark"]') AS marks,
       pg_temp.v(sudoku_svg(easy), '/s:svg/@width') AS width,
       pg_temp.v(sudoku_svg(easy), '/s:svg/s:title/text()') AS title,
       pg_temp.v(sudoku_svg(easy), '/s:svg/s:desc/text()') AS "desc"
FROM p;
-- Deterministic; size and labels honoured; the candidates as pencil marks, one per candidate.
SELECT sudoku_svg(easy) = sudoku_svg(easy) AS same_bytes,
       pg_temp.v(sudoku_svg(easy, size => 200), '/s:svg/@height') AS height,
       pg_temp.n(sudoku_svg(easy, labels => true), '//s:text[@class="label"]') AS labels,
       pg_temp.n(sudoku_svg(easy, candidates => true), '//s:text[@class="mark"]') =
         (SELECT sum(count) FROM sudoku_candidates(easy)) AS one_mark_per_candidate
FROM p;
-- 4x4.
SELECT pg_temp.n(sudoku_svg('1...3.....2....4', candidates => true), '//s:text[@class="mark"]') AS marks_4x4,
       pg_temp.v(sudoku_svg('1...3.....2....4'), '/s:svg/@class') AS class;
-- A pencil-mark text: its marks drawn as they are, one removed candidate one mark fewer.
WITH c AS (SELECT cell, candidates[1] AS digit FROM p, sudoku_candidates(easy) WHERE count >= 3 ORDER BY cell LIMIT 1),
     m AS (SELECT sudoku_format(easy, 'marks') AS all_marks,
                  overlay(sudoku_format(easy, 'marks') PLACING '.' FROM (c.cell - 1) * 9 + c.digit FOR 1) AS fewer
           FROM p, c)
SELECT pg_temp.n(sudoku_svg(all_marks), '//s:text[@class="mark"]') =
         (SELECT sum(count) FROM sudoku_candidates(all_marks)) AS marks_of_the_text,
       pg_temp.n(sudoku_svg(fewer), '//s:text[@class="mark"]') =
         pg_temp.n(sudoku_svg(all_marks), '//s:text[@class="mark"]') - 1 AS one_fewer,
       sudoku_svg(fewer) = sudoku_svg(sudoku_format(fewer, 'marks_grid')) AS grid_form_same_picture
FROM m;
-- Steps on a pencil-mark text are those sudoku_hint and sudoku_steps give on it, drawn on
-- its own marks: a candidate the player crossed out (not the solution's) is never drawn.
CREATE TEMP TABLE mk AS
WITH c AS (SELECT c.cell, d AS digit FROM p, sudoku_candidates(p.easy) c, unnest(c.candidates) d
           WHERE c.count >= 3 AND d <> substr(sudoku_solve(p.easy), c.cell, 1)::int
           ORDER BY c.cell, d LIMIT 1)
SELECT overlay(sudoku_format(easy, 'marks') PLACING '.' FROM (c.cell - 1) * 9 + c.digit FOR 1) AS marks,
       format('//s:text[@data-cell="r%sc%s" and @data-digit="%s"]', (c.cell - 1) / 9 + 1, (c.cell - 1) % 9 + 1, c.digit) AS crossed
FROM p, c;
SELECT pg_temp.v(sudoku_svg(marks, step => 0), '/s:svg/s:title/text()') =
         format('Hint: %s (%s)', h.technique, h.rating) AS hint_title,
       pg_temp.n(sudoku_svg(marks, step => 0), '//s:circle[@class="on"]') = cardinality(h.placements) AS placed,
       pg_temp.n(sudoku_svg(marks, step => 0), '//s:text[starts-with(@class, "mark")]') =
         (SELECT sum(count) FROM sudoku_candidates(marks)) AS its_own_marks,
       pg_temp.n(sudoku_svg(marks, step => 0), crossed) AS crossed_out_drawn
FROM mk, sudoku_hint(mk.marks) h;
SELECT s.step,
       pg_temp.v(sudoku_svg(marks, step => s.step), '/s:svg/s:title/text()') =
         format('Step %s: %s (%s)', s.step, s.technique, s.rating) AS title,
       pg_temp.n(sudoku_svg(marks, step => s.step), '//s:circle[@class="off"]') = cardinality(s.eliminations) AS removals,
       pg_temp.n(sudoku_svg(marks, step => s.step), crossed) AS crossed_out_drawn
FROM mk, sudoku_steps(mk.marks) s
WHERE s.step IN (1, 5, 20)
ORDER BY s.step;
-- A chain step on a pencil-mark text (a position where Sukaku Explainer took a dynamic
-- contradiction): its links as arrows, strong and weak.
SELECT pg_temp.v(svg, '/s:svg/s:title/text()') AS title,
       pg_temp.n(svg, '//s:g[@class="link strong"]') > 0 AS strong_arrows,
       pg_temp.n(svg, '//s:g[@class="link weak"]') > 0 AS weak_arrows
FROM (SELECT sudoku_svg('.2.4....9..34......2..5..8.1...........45..8..234............89.....6.........7.......67.91............56.8...3.56.......5..8...3..67...2.........3.5..89...4........4.67...234.6....2..56.8..2.456...........9.234.67..1..........3.5..8...3.5...........8..2...6.........7..........9.2...6.......5......3.........4.....1.........2...6...........9...4............8...3......1............5..........7...2...6.....3..........5....1..............7...2.4.6....2.4..........6..9.2......9.......8..2.4.6......4.6.8...3.......2.456.........7..........9...4.6.8.1.........2..56.......5.....2.4...8.........9.234.6...1..........34.6.........7...2.....8..23..6...1..............7...2...6....23456....2.45...........8....4.6.....3.5............9', step => 0) AS svg) s;

-- Steps: the hint (step 0) is sudoku_hint's; step n is sudoku_steps' n-th, its
-- removals on red discs, its pattern's cells shaded.
SELECT pg_temp.v(sudoku_svg(easy, step => 0), '/s:svg/s:title/text()') AS hint,
       pg_temp.v(sudoku_svg(easy, step => 0), '//s:circle[@class="on"]/@data-cell') AS placed_at,
       (SELECT placements FROM sudoku_hint(easy)) AS sudoku_hint
FROM p;
SELECT s.step, s.technique,
       pg_temp.v(sudoku_svg(wings, step => s.step), '/s:svg/s:title/text()') AS title,
       pg_temp.n(sudoku_svg(wings, step => s.step), '//s:circle[@class="off"]') = cardinality(s.eliminations) AS removals,
       pg_temp.n(sudoku_svg(wings, step => s.step), '//s:line[@class="strike"]') = cardinality(s.eliminations) AS struck,
       pg_temp.n(sudoku_svg(wings, step => s.step), '//s:rect[@class="cell"]') = cardinality(s.cells) AS cells,
       pg_temp.v(sudoku_svg(wings, step => s.step), '//s:rect[@class="pivot"]/@data-cell') AS pivot
FROM p, sudoku_steps(p.wings) s
WHERE s.technique IN ('x_wing', 'xy_wing');

-- A cycle's links as arrows: a closed round alternates strong (solid) and weak (dashed).
SELECT s.step, s.technique,
       pg_temp.n(sudoku_svg(c.cycle, step => s.step), '//s:g[@class="link strong"]') AS strong,
       pg_temp.n(sudoku_svg(c.cycle, step => s.step), '//s:g[@class="link weak"]') AS weak
FROM (SELECT '..2.5...64....621.....473......34..91...8.....4.7.5...9..5....326...87...5.......'::text AS cycle) c,
     sudoku_steps(c.cycle) s
WHERE s.technique LIKE '%cycle%';

-- Pages: five puzzles four to a page, then their solutions; captions carry the label
-- (escaped) and the rating.
SELECT page, solutions, xml_is_well_formed_document(svg) AS well_formed,
       pg_temp.v(svg, '/s:svg/@width') AS width,
       pg_temp.n(svg, '/s:svg/s:svg') AS grids,
       pg_temp.v(svg, '//s:text[@class="caption" and @data-item]/text()') AS captions
FROM p, sudoku_svg_pages(ARRAY[easy, wings, easy, wings, '1...3.....2....4'],
                         ARRAY['<first> & "best"', 'wings']) ORDER BY page;
SELECT count(*) AS pages, bool_and(NOT solutions) AS puzzles_only,
       min(pg_temp.v(svg, '/s:svg/@height')) AS height
FROM p, sudoku_svg_pages(ARRAY[easy, wings, easy], per_page => 1, paper => 'letter', solutions => false);
-- Solutions: every blank of the puzzle filled in blue.
SELECT pg_temp.n(svg, '//s:text[@class="placed"]') AS placed,
       pg_temp.n(svg, '//s:text[@class="given"]') AS givens
FROM p, sudoku_svg_pages(ARRAY[easy], per_page => 1) WHERE solutions;
SELECT count(*) AS no_pages FROM sudoku_svg_pages('{}');
SELECT count(*) AS null_array FROM sudoku_svg_pages(NULL);
-- A puzzle with several solutions is captioned so; rows stream as an aggregate's array.
SELECT pg_temp.v(svg, '//s:text[@class="caption" and @data-item]/text()') AS caption
FROM sudoku_svg_pages((SELECT array_agg(x) FROM (VALUES (repeat('.', 81))) v(x)), solutions => false);

-- Pencil-mark puzzles on pages (729 characters or the candidate grid, mixed with
-- puzzles of digits): their marks drawn, one per candidate (a crossed-out candidate not
-- drawn), rated and solved as sudoku_rate and sudoku_solve rate and solve the text; their
-- solution pages show the grid solved, without marks; <desc> holds the 729 characters.
SELECT page, solutions,
       pg_temp.n(svg, '//s:svg[@data-item="1"]//s:text[@class="mark"]') AS marks_1,
       pg_temp.n(svg, '//s:svg[@data-item="2"]//s:text[@class="mark"]') AS marks_2,
       pg_temp.n(svg, '//s:svg[@data-item="3"]//s:text[@class="mark"]') AS marks_3,
       pg_temp.n(svg, '//s:svg[@data-item="1"]' || crossed) AS crossed_out_drawn,
       pg_temp.n(svg, '//s:svg[@data-item="1"]//s:text[@class="mark"]') =
         (SELECT sum(count) FROM sudoku_candidates(marks)) AS its_own_marks,
       pg_temp.n(svg, '//s:svg[@data-item="1"]//s:text[@class="placed"]') AS placed_1,
       pg_temp.v(svg, '//s:text[@class="caption" and @data-item]/text()') =
         format('m1 · ER %s,p2 · ER %s,g3 · ER %s', sudoku_rate(marks), sudoku_rate(easy),
                sudoku_rate(sudoku_format(marks, 'marks_grid')))
         OR solutions AS captions_rated,
       strpos(pg_temp.v(svg, '/s:svg/s:desc/text()'), marks) > 0 AS desc_has_marks
FROM p, mk, sudoku_svg_pages(ARRAY[marks, easy, sudoku_format(marks, 'marks_grid')],
                             ARRAY['m1', 'p2', 'g3'], per_page => 4) ORDER BY page;
-- The solution page of a pencil-mark puzzle is sudoku_solve's solution of its text.
SELECT (SELECT string_agg(d, '' ORDER BY ord) FROM (
          SELECT unnest(xpath('//s:svg[@data-item="1"]//s:text[@class="given" or @class="placed"]/@data-cell',
                              svg::xml, ARRAY[ARRAY['s', 'http://www.w3.org/2000/svg']]))::text AS c,
                 unnest(xpath('//s:svg[@data-item="1"]//s:text[@class="given" or @class="placed"]/text()',
                              svg::xml, ARRAY[ARRAY['s', 'http://www.w3.org/2000/svg']]))::text AS d) t,
        LATERAL (SELECT (substr(c, 2, 1)::int - 1) * 9 + substr(c, 4, 1)::int AS ord) o)
       = sudoku_solve(marks) AS solved_as_sudoku_solve
FROM mk, sudoku_svg_pages(ARRAY[marks], per_page => 1) WHERE solutions;
-- Marks without a solution (the solution's digit crossed out in r2c2): captioned so, no
-- solution drawn (contradictory marks are refused, below).
SELECT page, solutions, pg_temp.v(svg, '//s:text[@class="caption" and @data-item]/text()') AS caption,
       pg_temp.n(svg, '//s:text[@class="mark"]') AS marks
FROM p, mk, sudoku_svg_pages(ARRAY[overlay(marks PLACING '.' FROM 10 * 9 + substr(sudoku_solve(easy), 11, 1)::int FOR 1)])
ORDER BY page;

-- Errors: options out of range are 22023 with a DETAIL; puzzles as everywhere else.
\set VERBOSITY default
SELECT sudoku_svg(easy, size => 10) FROM p;
SELECT sudoku_svg(easy, step => -2) FROM p;
SELECT sudoku_svg(easy, step => 52) FROM p;
SELECT sudoku_svg('534678912672195348198342567859761423426853791713924856961537284287419635345286179', step => 0);
SELECT sudoku_svg('12345678.........9' || repeat('.', 63), step => 0);
SELECT sudoku_svg(marks, step => 99) FROM mk;
SELECT sudoku_svg(overlay(marks PLACING '.' FROM 10 * 9 + substr(sudoku_solve(easy), 11, 1)::int FOR 1), step => 0)
FROM p, mk;
SELECT sudoku_svg('12x');
SELECT sudoku_svg('55' || repeat('.', 79));
SELECT * FROM sudoku_svg_pages(ARRAY['12x']);
SELECT * FROM sudoku_svg_pages(ARRAY[repeat('.', 81), '55' || repeat('.', 79)]);
SELECT * FROM sudoku_svg_pages(ARRAY[repeat('.', 81), NULL]);
SELECT * FROM sudoku_svg_pages(ARRAY[repeat('.', 81), '1........1........' || repeat('123456789', 79)]);
SELECT s.* FROM p, sudoku_svg_pages(ARRAY[overlay(sudoku_format(easy, 'marks') PLACING '.........' FROM 19 FOR 9)]) s;
SELECT * FROM sudoku_svg_pages(ARRAY[repeat('.', 81), repeat('123456789', 80) || '12345678x']);
SELECT * FROM sudoku_svg_pages(ARRAY[repeat('.', 81)], per_page => 3);
SELECT * FROM sudoku_svg_pages(ARRAY[repeat('.', 81)], paper => 'a5');
SELECT * FROM sudoku_svg_pages(ARRAY[repeat('.', 81)], labels => ARRAY['a', 'b']);
