-- sudoku_ext 0.4.2 -> 0.5.0: see CHANGELOG.md. Each part below says what it adds.
-- FROZEN once released: change the extension through a new upgrade script.

\echo Use "ALTER EXTENSION sudoku_ext UPDATE TO '0.5.0'" to load this file. \quit

-- Variants (issue 39; docs/variants.md): every function that takes a puzzle takes rules
-- (DEFAULT 'classic') last; sudoku_generate also gains near (issue 28) and returns the
-- rules of each row. The signatures change, so these functions are dropped and created
-- again (a view that calls one of them makes the update fail, and nothing is changed:
-- drop the view first).
DROP FUNCTION sudoku_solve(text);
DROP FUNCTION sudoku_count_solutions(text, int);
DROP FUNCTION sudoku_solutions(text, int);
DROP FUNCTION sudoku_candidates(text);
DROP FUNCTION sudoku_format(text, text);
DROP FUNCTION sudoku_is_valid(text);
DROP FUNCTION sudoku_canonical(text);
DROP FUNCTION sudoku_equivalent(text, text);
DROP FUNCTION sudoku_generate(int, bigint, int, numeric, numeric, text);
-- The human-logic functions take (puzzle, progress DEFAULT '', marks DEFAULT '', rules
-- DEFAULT 'classic'): one function each reads a puzzle, pencil marks or a player's position.
DROP FUNCTION sudoku_rate(text);
DROP FUNCTION sudoku_hint(text);
DROP FUNCTION sudoku_steps(text);
DROP FUNCTION sudoku_stats(text);

CREATE FUNCTION sudoku_solve("puzzle" text, "rules" text DEFAULT 'classic') RETURNS text
IMMUTABLE STRICT PARALLEL SAFE COST 20
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_solve_ruled_wrapper';

CREATE FUNCTION sudoku_count_solutions("puzzle" text, "max_count" int DEFAULT 2, "rules" text DEFAULT 'classic')
RETURNS int
IMMUTABLE STRICT PARALLEL SAFE COST 20
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_count_solutions_ruled_wrapper';

CREATE FUNCTION sudoku_solutions("puzzle" text, "max_count" int DEFAULT 10, "rules" text DEFAULT 'classic')
RETURNS SETOF text
IMMUTABLE STRICT PARALLEL SAFE COST 10
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_solutions_ruled_wrapper';

CREATE FUNCTION sudoku_candidates(puzzle text, rules text DEFAULT 'classic')
RETURNS TABLE(cell int, "row" int, col int, box int, mask int, candidates int[], count int)
IMMUTABLE STRICT PARALLEL SAFE COST 5 ROWS 60
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_candidates_ruled_wrapper';

CREATE FUNCTION sudoku_format("puzzle" text, "style" text DEFAULT 'grid', "rules" text DEFAULT 'classic')
RETURNS text
IMMUTABLE STRICT PARALLEL SAFE COST 10
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_format_ruled_wrapper';

CREATE FUNCTION sudoku_is_valid("puzzle" text, "rules" text DEFAULT 'classic') RETURNS bool
IMMUTABLE STRICT PARALLEL SAFE COST 2
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_is_valid_ruled_wrapper';

CREATE FUNCTION sudoku_canonical("puzzle" text, "rules" text DEFAULT 'classic') RETURNS text
IMMUTABLE STRICT PARALLEL SAFE COST 100
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_canonical_ruled_wrapper';

CREATE FUNCTION sudoku_equivalent("a" text, "b" text, "rules" text DEFAULT 'classic') RETURNS bool
IMMUTABLE STRICT PARALLEL SAFE COST 200
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_equivalent_ruled_wrapper';

-- Pictures (issue 30): sudoku_svg draws a puzzle, its pencil marks or a step as SVG;
-- sudoku_svg_pages lays puzzles and their solutions out on printable pages.
CREATE FUNCTION "sudoku_svg"(
	"puzzle" TEXT,
	"size" INT DEFAULT 450,
	"labels" bool DEFAULT false,
	"candidates" bool DEFAULT false,
	"step" INT DEFAULT -1,
	"rules" TEXT DEFAULT 'classic'
) RETURNS TEXT
IMMUTABLE STRICT PARALLEL SAFE COST 100
LANGUAGE c
AS 'MODULE_PATHNAME', 'sudoku_svg_wrapper';

CREATE FUNCTION "sudoku_svg_pages"(
	"puzzles" TEXT[],
	"labels" TEXT[] DEFAULT '{}',
	"per_page" INT DEFAULT 4,
	"paper" TEXT DEFAULT 'a4',
	"solutions" bool DEFAULT true,
	"rules" TEXT DEFAULT 'classic'
) RETURNS TABLE (
	"page" INT,
	"solutions" bool,
	"svg" TEXT
)
IMMUTABLE STRICT PARALLEL SAFE COST 5000
LANGUAGE c
AS 'MODULE_PATHNAME', 'sudoku_svg_pages_wrapper';

-- Positions with pencil marks (issue 29; docs/pencil-marks.md): the functions of a
-- player's position (puzzle, progress, marks). The human-logic functions read a puzzle,
-- pencil marks or a position, under rules (issue 36; progress and marks empty: the text
-- alone); the other functions that read a puzzle also read pencil-mark texts (same
-- signatures; their comments below say so).
CREATE FUNCTION sudoku_hint(puzzle text, progress text DEFAULT '', marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS TABLE(technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 1
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_hint_ruled_wrapper';

CREATE FUNCTION sudoku_steps(puzzle text, progress text DEFAULT '', marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS TABLE(step int, technique text, rating numeric, placements text[], eliminations text[], cells text[], units text[], explanation text)
IMMUTABLE STRICT PARALLEL SAFE COST 50 ROWS 60
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_steps_ruled_wrapper';

CREATE FUNCTION sudoku_rate(puzzle text, progress text DEFAULT '', marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS numeric
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_rate_ruled_wrapper';

CREATE FUNCTION sudoku_check(puzzle text, progress text, marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS TABLE(cell int, "row" int, col int, box int, mistake text, digit int)
IMMUTABLE STRICT PARALLEL SAFE COST 20 ROWS 1
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_check_wrapper';

CREATE FUNCTION sudoku_stats(puzzle text, progress text DEFAULT '', marks text DEFAULT '', rules text DEFAULT 'classic')
RETURNS jsonb
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_stats_ruled_wrapper';

-- Generation: near (issue 28, part 4), the neighbourhood of a puzzle to generate from (so
-- the function is no longer STRICT: near defaults to NULL, and a NULL in any other argument
-- still gives no rows), rules and size (issue 39), and the rules of each row.
CREATE FUNCTION sudoku_generate(
	"count" int,
	"seed" bigint DEFAULT 0,
	"clues" int DEFAULT 0,
	"min_rating" numeric DEFAULT 0,
	"max_rating" numeric DEFAULT 20,
	"symmetry" text DEFAULT 'none',
	"near" text DEFAULT NULL,
	"rules" text DEFAULT 'classic',
	"size" int DEFAULT 9
) RETURNS TABLE("n" int, "puzzle" text, "solution" text, "givens" int, "rating" numeric, "rules" text)
IMMUTABLE PARALLEL SAFE COST 1000
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_generate_ruled_wrapper';

-- f-puzzles in (issue 39): a puzzle and its rules from f-puzzles' JSON or share link.
CREATE FUNCTION sudoku_import("source" text)
RETURNS TABLE("puzzle" text, "rules" text)
IMMUTABLE STRICT PARALLEL SAFE COST 50 ROWS 1
LANGUAGE c AS 'MODULE_PATHNAME', 'sudoku_import_wrapper';

-- What every function does, for \df+ and the docs (COMMENT ON FUNCTION).
COMMENT ON FUNCTION sudoku_solve(text, text) IS
'Solves a Sudoku: 81 cells (9x9, digits 1-9) or 16 cells (4x4, digits 1-4); 0 . ? are blanks; whitespace and | - + are '
'layout. Returns the solved grid in the input''s layout (each blank replaced by its digit, every other character kept), '
'NULL when there is no solution, and the first solution found (deterministically) when there are several. Memory: one '
'search (about 21 KB) and one copy of the input text for the answer. Pencil marks: a 729-character line or a candidate '
'grid is read as Sukaku Explainer reads it (a cell whose one candidate no peer has is a given, every other cell is open '
'with its candidates; see docs/pencil-marks.md); a solution then uses only the candidates present, and is returned as one '
'81-digit line. Errors: 22P02 for malformed text, 22023 for contradictory givens, 53200 when the copy cannot be had. '
'Pencil-mark errors: 22P02 for a wrong length, a misplaced digit, a cell without candidate or two forms mixed (the DETAIL '
'names the cell), 22023 for contradictory marks.'
' rules (default classic) are the rules of the grid, comma-separated, as docs/variants.md gives them: x, '
'diagonal+, diagonal-, windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc, jigsaw=MAP, '
'killer=MAP;SUMS. 16x16 (256 cells, digits 1-9 then A-G) and 25x25 (625 cells, 1-9 then A-P) grids are read under '
'any rules; a variant puzzle goes to the variant engine (a bitmask search over every group, pair and cage). Rules '
'errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not fit the grid or givens that break '
'them (the DETAIL names the cells).';

COMMENT ON FUNCTION sudoku_count_solutions(text, int, text) IS
'The number of solutions of a puzzle, counted up to max_count (default 2: 0 means none, 1 unique, 2 two or more). The '
'search stops at max_count, so large caps on puzzles with few givens can take long; it can be cancelled. Memory: one '
'search (about 21 KB), whatever max_count. Pencil marks: a 729-character line or a candidate grid is read as Sukaku '
'Explainer reads it (a cell whose one candidate no peer has is a given, every other cell is open with its candidates; see '
'docs/pencil-marks.md); only the solutions that use the candidates present count. Errors: 22P02 for malformed text, 22023 '
'for contradictory givens or max_count below 1. Pencil-mark errors: 22P02 for a wrong length, a misplaced digit, a cell '
'without candidate or two forms mixed (the DETAIL names the cell), 22023 for contradictory marks.'
' rules (default classic) are the rules of the grid, comma-separated, as docs/variants.md gives them: x, '
'diagonal+, diagonal-, windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc, jigsaw=MAP, '
'killer=MAP;SUMS. 16x16 (256 cells, digits 1-9 then A-G) and 25x25 (625 cells, 1-9 then A-P) grids are read under '
'any rules; a variant puzzle goes to the variant engine (a bitmask search over every group, pair and cage). Rules '
'errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not fit the grid or givens that break '
'them (the DETAIL names the cells).';

COMMENT ON FUNCTION sudoku_solutions(text, int, text) IS
'The solutions of a puzzle, up to max_count (default 10), each in the input''s layout, in the search''s deterministic '
'order (9x9: branch on a cell with the fewest candidates, the one with the most blank peers, the lowest-numbered of '
'those; 4x4: the lowest-numbered cell with the fewest candidates; digits ascending). No rows when there is none. Rows '
'stream: the search is resumed for each one, so memory does not grow with max_count (one search, about 21 KB, and one '
'copy of the input text per row; in FROM, PostgreSQL keeps the rows in a tuplestore that spills to disk past work_mem). '
'Pencil marks: a 729-character line or a candidate grid is read as Sukaku Explainer reads it (a cell whose one candidate '
'no peer has is a given, every other cell is open with its candidates; see docs/pencil-marks.md); only the solutions that '
'use the candidates present, each as one 81-digit line. Errors: 22P02 for malformed text, 22023 for contradictory givens '
'or max_count below 1, 53200 when memory cannot be had. Pencil-mark errors: 22P02 for a wrong length, a misplaced digit, '
'a cell without candidate or two forms mixed (the DETAIL names the cell), 22023 for contradictory marks.'
' rules (default classic) are the rules of the grid, comma-separated, as docs/variants.md gives them: x, '
'diagonal+, diagonal-, windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc, jigsaw=MAP, '
'killer=MAP;SUMS. 16x16 (256 cells, digits 1-9 then A-G) and 25x25 (625 cells, 1-9 then A-P) grids are read under '
'any rules; a variant puzzle goes to the variant engine (a bitmask search over every group, pair and cage). Rules '
'errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not fit the grid or givens that break '
'them (the DETAIL names the cells). A variant puzzle''s solutions come in the variant engine''s order (a cell '
'with the fewest candidates first, digits ascending); memory stays flat.';

COMMENT ON FUNCTION sudoku_candidates(text, text) IS
'One row per blank cell, in cell order: cell (1-81, or 1-16 for 4x4), row, col, box (1-9 or 1-4, boxes row-major), mask '
'(bit d-1 set for each candidate digit d), candidates (ascending) and count. Candidates come from the givens alone '
'(pencil marks), not from solving. Memory: a few KB. Pencil marks: a 729-character line or a candidate grid is read as '
'Sukaku Explainer reads it (a cell whose one candidate no peer has is a given, every other cell is open with its '
'candidates; see docs/pencil-marks.md); the rows are its open cells and their marks as written. Errors: 22P02 for '
'malformed text, 22023 for contradictory givens. Pencil-mark errors: 22P02 for a wrong length, a misplaced digit, a cell '
'without candidate or two forms mixed (the DETAIL names the cell), 22023 for contradictory marks.'
' rules (default classic) are the rules of the grid, comma-separated, as docs/variants.md gives them: x, '
'diagonal+, diagonal-, windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc, jigsaw=MAP, '
'killer=MAP;SUMS. 16x16 (256 cells, digits 1-9 then A-G) and 25x25 (625 cells, 1-9 then A-P) grids are read under '
'any rules; a variant puzzle goes to the variant engine (a bitmask search over every group, pair and cage). Rules '
'errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not fit the grid or givens that break '
'them (the DETAIL names the cells). Under rules, a cell''s candidates are the digits no peer holds (peers in '
'every group, a knight''s move or a king''s step away as the rules say, cage mates), no orthogonal neighbour''s '
'consecutive digit under nc, and digits that fit some combination of their cage''s sum; box is the jigsaw region '
'under jigsaw.';

COMMENT ON FUNCTION sudoku_format(text, text, text) IS
'The puzzle (or a solved grid) written in a style: line (one line, . for a blank), digits (one line, 0 for a blank), '
'contest (a line per row, ? for a blank) or grid (a boxed grid for reading, the default). Every style reads back as the '
'same puzzle. Styles marks (the 729-character pencil-mark line: digit d at place d of each cell while a candidate, . once '
'removed, a filled cell its digit alone) and marks_grid (a candidate grid as Sudoku Explainer prints it) write the '
'candidates the givens leave, or the marks of a pencil-mark text; the other styles write a pencil-mark text''s givens. '
'Errors: 22P02 for malformed text, 22023 for an unknown style. Pencil-mark errors: 22P02 for a wrong length, a misplaced '
'digit, a cell without candidate or two forms mixed (the DETAIL names the cell), 22023 for contradictory marks.'
' Style fpuzzles writes the puzzle and its rules as f-puzzles'' JSON (sudoku_import reads it back). A variant '
'puzzle (rules other than classic, or a 16x16 or 25x25 grid) is written in line, digits, contest, grid (box lines '
'only where there are boxes) or fpuzzles; marks and marks_grid are for classic puzzles (22023). rules (default '
'classic) are the rules of the grid, comma-separated, as docs/variants.md gives them: x, diagonal+, diagonal-, '
'windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc, jigsaw=MAP, killer=MAP;SUMS. 16x16 '
'(256 cells, digits 1-9 then A-G) and 25x25 (625 cells, 1-9 then A-P) grids are read under any rules; a variant '
'puzzle goes to the variant engine (a bitmask search over every group, pair and cage). Rules errors: 22P02 for an '
'unknown or malformed rule, 22023 for rules that do not fit the grid or givens that break them (the DETAIL names '
'the cells).';

COMMENT ON FUNCTION sudoku_is_valid(text, text) IS
'True when the text is a puzzle (81 or 16 cells in any layout) whose givens do not contradict each other; false '
'otherwise, and never an error (in any database encoding), so a table can be filtered before solving. It does not say whether a solution exists: use '
'sudoku_count_solutions for that. A pencil-mark text is valid when its marks make a position (every cell a candidate, no '
'two cells of a unit with the same single candidate).'
' Under rules, true when the text is a puzzle of any size whose givens keep the rules; malformed rules raise 22P02 '
'(they are an argument of the query, not of the data).';

COMMENT ON FUNCTION sudoku_canonical(text, text) IS
'The canonical form of a puzzle: one fixed representative of all the puzzles that are the same puzzle under relabelling '
'the digits, permuting rows within a band, bands, columns within a stack, stacks, and transposing (2 x 6^8 x 9! '
'transformations): the lexicographically smallest 81-character line over all of them, . for a blank (a blank sorts before '
'every digit), so it keeps the pattern of givens. Full grids work too. 4x4 puzzles: the same over their 2 x 2^6 x 4! '
'transformations, 16 characters. Fit for a unique index: CREATE UNIQUE INDEX ON t (sudoku_canonical(puzzle)). '
'Memory: under 8 MB (the search''s frontier, capped at 65,536 partial arrangements; a puzzle that would pass the cap '
'is put in form by trying every transformation in constant memory instead). Pencil marks: a 729-character line or a '
'candidate grid gets the smallest 729-character line (as sudoku_format(p, ''marks'') writes it, . for a removed '
'candidate, sorting before every digit) over the same 2 x 6^8 x 9! transformations of its marks; a few KB of memory, '
'milliseconds for most grids and about a second for grids with the most symmetry (every cell with every candidate). '
'Errors: 22P02 for malformed text, 22023 for contradictory givens. Pencil-mark errors: 22P02 for a wrong length, a '
'misplaced digit, a cell without candidate or two forms mixed (the DETAIL names the cell), 22023 for contradictory marks.'
' rules (default classic): other rules, and 16x16 and 25x25 grids, are refused (22023): the transformations that '
'keep each variant are later work.';

COMMENT ON FUNCTION sudoku_equivalent(text, text, text) IS
'True when the two puzzles are the same puzzle up to relabelling the digits, permuting rows within a band, bands, columns '
'within a stack, stacks, and transposing: when their canonical forms (sudoku_canonical) are equal. '
'Memory: that of two sudoku_canonical calls, one after the other (under 8 MB). Pencil marks: when either text is a '
'pencil-mark text, the two are compared as pencil marks (a 9x9 puzzle stands for its candidate grid, as '
'sudoku_format(p, ''marks'') writes it; a 4x4 puzzle is equivalent to no pencil-mark text): true when their marks are the '
'same up to those transformations (equal canonical forms). '
'Errors: 22P02 for malformed text, 22023 for contradictory givens. Pencil-mark errors as sudoku_canonical.'
' rules (default classic): other rules, and 16x16 and 25x25 grids, are refused (22023): the transformations that '
'keep each variant are later work.';

COMMENT ON FUNCTION sudoku_svg(text, int, boolean, boolean, int, text) IS
'An SVG picture of a puzzle: thick box lines, thin cell lines, givens in bold black. size is the width asked for in pixels '
'(50-4000, default 450; the picture scales without loss), labels adds row and column numbers, candidates draws the '
'candidates the givens leave as pencil marks (small digits, digit d in its ninth of the cell). step draws a step on the '
'position it starts from: 0 the next hint (sudoku_hint), n step n of sudoku_steps, -1 (the default) none; the pattern''s '
'units are shaded blue and its cells yellow (a wing''s pivot orange), its digits on blue discs, a placement on a green disc, '
'removed candidates on red discs and struck, digits placed by earlier steps in blue. Deterministic (the same arguments give '
'the same bytes), well-formed XML, with a <title> and a <desc> holding the puzzle as text (and the step''s explanation). '
'Output: at most 1 MiB (a few KB to 20 KB in practice). Errors: 22P02 for malformed text, 22023 for contradictory givens, '
'a size or step out of range, or a hint asked of a full grid or a puzzle without solution. A pencil-mark text (729 characters '
'or a candidate grid, read as sudoku_candidates reads it) is drawn with its own marks, and step draws sudoku_hint''s or '
'sudoku_steps'' step on that text from those marks. A chain step''s links are arrows from candidate to candidate (strong '
'links solid, weak dashed), every chain of it from its assumption to its conclusion.'
' Under rules (default classic) a variant grid is drawn as puzzle makers print them: diagonals, shaded windows and '
'extra groups, jigsaw regions with thick borders, killer cages dashed with their sum in a corner, anti-knight, '
'anti-king and nc named in the caption; 16x16 and 25x25 grids with their digits 1-9 then letters. On a 9x9 grid under '
'rules but killer cages, candidates draws the candidates the rules leave, and step the step of sudoku_hint or '
'sudoku_steps under the same rules on its position, the step''s groups (a diagonal, a window) shaded blue a cell at a '
'time; candidates or step on killer cages and 16x16 and '
'25x25 grids 22023. rules (default classic) are the rules of the grid, comma-separated, as '
'docs/variants.md gives them: x, diagonal+, diagonal-, windoku, dg, girandola, asterisk, center-dot, anti-knight, '
'anti-king, nc, jigsaw=MAP, killer=MAP;SUMS. 16x16 (256 cells, digits 1-9 then A-G) and 25x25 (625 cells, 1-9 '
'then A-P) grids are read under any rules; a variant puzzle goes to the variant engine (a bitmask search over '
'every group, pair and cage). Rules errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not '
'fit the grid or givens that break them (the DETAIL names the cells).';

COMMENT ON FUNCTION sudoku_svg_pages(text[], text[], int, text, boolean, text) IS
'Printable pages of puzzles: one row per page (page from 1, solutions, svg), each an SVG document of a sheet of a4 or '
'letter paper (paper, default a4) holding per_page puzzles (1, 2, 4 or 6; default 4) in array order, each captioned with '
'its label (labels[i], default its number in the array; at most 80 characters shown) and its ER rating (as sudoku_rate; '
'"no unique solution" when it has none), then, unless solutions is false, as many pages of their solutions drawn the same '
'way (givens in black, the solved digits in blue). A pencil-mark text (729 characters or a candidate grid, read as '
'sudoku_candidates reads it; it mixes with puzzles of digits) is a pencil-mark puzzle: drawn with its marks, rated as '
'sudoku_rate rates it, its solution page the solution of the marks. Pages stream; each is at most 512 KiB. Every puzzle '
'is rated, so hard puzzles take their rating time (it can be cancelled). Use with array_agg: '
'SELECT svg FROM sudoku_svg_pages((SELECT array_agg(puzzle ORDER BY id) FROM t)). '
'Errors: 22P02 for malformed text, 22023 for contradictory givens or marks (the DETAIL names the element), a NULL puzzle, '
'more labels than puzzles, per_page or paper out of range.'
' rules (default classic) apply to every puzzle of the array; variant puzzles are drawn as sudoku_svg draws them '
'and captioned without a rating (their ratings are later work).';

COMMENT ON FUNCTION sudoku_hint(text, text, text, text) IS
'The easiest next step from the position the puzzle shows (its digits and the candidates they leave): one row with '
'technique, rating (ER of the step), placements (r1c2=5), eliminations (r1c2<>5), cells and units of the pattern, and a '
'one-sentence explanation; a guess, said so, where no technique applies. No row when the grid is full or has no solution. '
'Pencil marks: a 729-character line or a candidate grid is read as Sukaku Explainer reads it (a cell whose one candidate '
'no peer has is a given, every other cell is open with its candidates; see docs/pencil-marks.md); the step is found on '
'the marks as they are: never a removal already made. Errors: 22P02 for malformed text, 22023 for contradictory givens. '
'Pencil-mark errors: 22P02 for a wrong length, a misplaced digit, a cell without candidate or two forms mixed (the DETAIL '
'names the cell), 22023 for contradictory marks.'
' A player''s position: with progress (the puzzle with the digits placed since) or marks (their pencil marks as a '
'729-character line or a candidate grid; empty: every candidate the digits leave) not empty, the step is found on the '
'position. An open cell''s candidates are its marks less the digits its filled peers hold; marks of filled cells are not '
'read. The step never repeats a removal the player made, and places digits only in open cells (placed digits are '
'never hinted again). No row when the position is full or has no solution (a mistake was made: see sudoku_check). '
'Position errors: 22P02 for malformed text (the DETAIL names the argument, and the cell for pencil marks), 22023 for a '
'changed given, two filled cells of a unit with the same digit or an open cell left without candidate.'
' rules (default classic) are the rules of the grid, as docs/variants.md gives them: x, diagonal+, diagonal-, '
'windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc, jigsaw=MAP, in any combination. A 9x9 puzzle '
'under other rules is solved with Sukaku Explainer''s techniques for those rules (docs/variants.md): singles and '
'intersections over every group, generalized intersections and naked subsets where groups overlap, the fish on rows and '
'columns, the turbot fish over every group, wings over every peer, unique loops and the BUG where the rules keep '
'uniqueness, the aligned pair and triple exclusions, and every chain producer, the nested chains of levels 2 to 4 '
'(ER 9.5 and up) included (links from groups only, as in Sukaku Explainer v1.15.10); a path none of Sukaku '
'Explainer''s techniques goes on with rates 20.0, as in Sukaku Explainer. '
'units name the groups: row 1, col 1, box 1 (region 1 under jigsaw), window 1, disjoint_group 1, main_diagonal, '
'anti_diagonal, girandola, asterisk, center_dot; an explanation says how cells see each other (a knight''s move, a '
'king''s step). A player''s position (progress, marks) under other rules goes on from its digits and marks, checked '
'against the rules (22023 naming the cells). Killer cages, 16x16 and 25x25 grids, and a pencil-mark text as the puzzle '
'under other rules are refused (22023). Rules errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not fit the grid or '
'givens that break them (the DETAIL names the cells).';

COMMENT ON FUNCTION sudoku_steps(text, text, text, text) IS
'The human path of a puzzle, one row per step, as a person would solve it on a pencil-mark grid, always taking the '
'easiest technique available (Sudoku Explainer''s order): step (1, 2, ...), technique (full_house, hidden_single_box, '
'naked_single, pointing, naked_pair, x_wing, xy_wing, unique_loop_type_1, ..., chain kinds, or guess where no technique '
'applies), rating (ER of the step), placements (r1c2=5), eliminations (r1c2<>5), cells and units of the pattern, and a '
'one-sentence explanation. Replaying every step from the givens reaches the solution; every step is sound. No rows '
'without a solution; with several solutions the uniqueness techniques and the chains are left out and guesses follow the '
'first. Memory: the path (at most 729 steps) and the chain searches, bounded whatever the puzzle. Pencil marks: a '
'729-character line or a candidate grid is read as Sukaku Explainer reads it (a cell whose one candidate no peer has is a '
'given, every other cell is open with its candidates; see docs/pencil-marks.md); the path starts from the marks as they '
'are. Errors: 22P02 for malformed text, 22023 for contradictory givens. Pencil-mark errors: 22P02 for a wrong length, a '
'misplaced digit, a cell without candidate or two forms mixed (the DETAIL names the cell), 22023 for contradictory marks.'
' A player''s position (progress, marks, as sudoku_hint reads them): the path from the position to the solution; '
'errors as sudoku_hint''s.'
' rules (default classic) are the rules of the grid, as docs/variants.md gives them: x, diagonal+, diagonal-, '
'windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc, jigsaw=MAP, in any combination. A 9x9 puzzle '
'under other rules is solved with Sukaku Explainer''s techniques for those rules (docs/variants.md): singles and '
'intersections over every group, generalized intersections and naked subsets where groups overlap, the fish on rows and '
'columns, the turbot fish over every group, wings over every peer, unique loops and the BUG where the rules keep '
'uniqueness, the aligned pair and triple exclusions, and every chain producer, the nested chains of levels 2 to 4 '
'(ER 9.5 and up) included (links from groups only, as in Sukaku Explainer v1.15.10); a path none of Sukaku '
'Explainer''s techniques goes on with rates 20.0, as in Sukaku Explainer. '
'units name the groups: row 1, col 1, box 1 (region 1 under jigsaw), window 1, disjoint_group 1, main_diagonal, '
'anti_diagonal, girandola, asterisk, center_dot; an explanation says how cells see each other (a knight''s move, a '
'king''s step). A player''s position (progress, marks) under other rules goes on from its digits and marks, checked '
'against the rules (22023 naming the cells). Killer cages, 16x16 and 25x25 grids, and a pencil-mark text as the puzzle '
'under other rules are refused (22023). Rules errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not fit the grid or '
'givens that break them (the DETAIL names the cells).';

COMMENT ON FUNCTION sudoku_rate(text, text, text, text) IS
'The difficulty of a puzzle on Sudoku Explainer''s ER scale, as Sukaku Explainer computes it: the rating of the hardest '
'step when the puzzle is solved by always taking the easiest technique available (hidden single in a box 1.2, naked '
'single 2.3, pointing 2.6, X-wing 3.2, ..., chains 6.5 and up); 20.0 when the engine''s techniques cannot finish it. One '
'decimal. NULL unless the puzzle has exactly one solution; 0.0 for a grid with no blank. 4x4 puzzles are rated with the '
'techniques that apply to them. Memory: the path and the chain searches, bounded whatever the puzzle. Pencil marks: a '
'729-character line or a candidate grid is read as Sukaku Explainer reads it (a cell whose one candidate no peer has is a '
'given, every other cell is open with its candidates; see docs/pencil-marks.md); the rating is the one Sukaku Explainer '
'gives the same text, from the marks as they are. Errors: 22P02 for malformed text, 22023 for contradictory givens. '
'Pencil-mark errors: 22P02 for a wrong length, a misplaced digit, a cell without candidate or two forms mixed (the DETAIL '
'names the cell), 22023 for contradictory marks.'
' A player''s position (progress, marks, as sudoku_hint reads them): the rating Sukaku Explainer gives the same '
'position as a 729-character line; NULL unless it has exactly one solution; errors as sudoku_hint''s.'
' rules (default classic) are the rules of the grid, as docs/variants.md gives them: x, diagonal+, diagonal-, '
'windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc, jigsaw=MAP, in any combination. A 9x9 puzzle '
'under other rules is solved with Sukaku Explainer''s techniques for those rules (docs/variants.md): singles and '
'intersections over every group, generalized intersections and naked subsets where groups overlap, the fish on rows and '
'columns, the turbot fish over every group, wings over every peer, unique loops and the BUG where the rules keep '
'uniqueness, the aligned pair and triple exclusions, and every chain producer, the nested chains of levels 2 to 4 '
'(ER 9.5 and up) included (links from groups only, as in Sukaku Explainer v1.15.10); a path none of Sukaku '
'Explainer''s techniques goes on with rates 20.0, as in Sukaku Explainer. '
'units name the groups: row 1, col 1, box 1 (region 1 under jigsaw), window 1, disjoint_group 1, main_diagonal, '
'anti_diagonal, girandola, asterisk, center_dot; an explanation says how cells see each other (a knight''s move, a '
'king''s step). A player''s position (progress, marks) under other rules goes on from its digits and marks, checked '
'against the rules (22023 naming the cells). Killer cages, 16x16 and 25x25 grids, and a pencil-mark text as the puzzle '
'under other rules are refused (22023). Rules errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not fit the grid or '
'givens that break them (the DETAIL names the cells).';

COMMENT ON FUNCTION sudoku_check(text, text, text, text) IS
'What is wrong in a player''s position (arguments as sudoku_hint(puzzle, progress, marks)), measured against the '
'puzzle''s unique solution: one row per mistake, in cell order: cell, row, col, box, mistake (wrong_digit: a placed digit '
'that is not the solution''s, digit the one placed; changed_given: another digit in a given''s cell, digit the one '
'placed; removed_candidate: an open cell whose marks lack the solution''s digit, digit that candidate) and digit. No rows '
'when the position is right. It tells no more of the solution than the mistakes themselves. Errors: 22P02 for malformed '
'text, 22023 when the puzzle has no solution or several, or contradictory givens.'
' Under rules other than classic (or a 16x16 or 25x25 grid), progress is a grid of the puzzle''s size checked '
'against the variant''s unique solution (wrong_digit, changed_given; box is the jigsaw region under jigsaw), and '
'marks on a 9x9 grid too (removed_candidate; 22023 on a larger grid). rules (default classic) are the rules of the grid, comma-separated, as '
'docs/variants.md gives them: x, diagonal+, diagonal-, windoku, dg, girandola, asterisk, center-dot, anti-knight, '
'anti-king, nc, jigsaw=MAP, killer=MAP;SUMS. 16x16 (256 cells, digits 1-9 then A-G) and 25x25 (625 cells, 1-9 '
'then A-P) grids are read under any rules; a variant puzzle goes to the variant engine (a bitmask search over '
'every group, pair and cage). Rules errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not '
'fit the grid or givens that break them (the DETAIL names the cells).';

COMMENT ON FUNCTION sudoku_stats(text, text, text, text) IS
'Figures about a puzzle as jsonb: size (9x9 or 4x4), givens, placed (0 for a puzzle), blanks, solutions (counted up to 2: '
'0, 1, or 2 meaning two '
'or more); naked_singles and hidden_singles placed by those singles alone, to a fixpoint, from the givens, '
'blanks_after_singles (blanks they leave) and solved_by_singles (none left); rating (ER, as sudoku_rate; null unless '
'exactly one solution), techniques (steps of each technique on the human path of sudoku_steps), path_steps and '
'path_guesses (its steps, and those that are guesses); search_naked_singles, search_hidden_singles, search_band_updates, '
'search_guesses and search_backtracks (what the fast search of sudoku_solve did to its first solution; see '
'sudoku_search_trace). Pencil marks: a 729-character line or a candidate grid is read as Sukaku Explainer reads it (a '
'cell whose one candidate no peer has is a given, every other cell is open with its candidates; see '
'docs/pencil-marks.md); the keys are the same, the singles figures counted from the marks as they are. Errors: 22P02 '
'for malformed text, 22023 for contradictory givens. Pencil-mark errors: 22P02 for a wrong length, a misplaced digit, a '
'cell without candidate or two forms mixed (the DETAIL names the cell), 22023 for contradictory marks.'
' A player''s position (progress, marks, as sudoku_hint reads them): the same keys, givens counting the puzzle''s '
'givens, placed the digits placed since, blanks the open cells (the three add up to 81); solutions, rating, techniques, '
'path_steps and path_guesses come from the position, the search keys from the fast search started from it, the '
'singles keys from naked and hidden singles alone run from its marks; errors as sudoku_hint''s.'
' rules (default classic) are the rules of the grid, as docs/variants.md gives them: x, diagonal+, diagonal-, '
'windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc, jigsaw=MAP, in any combination. A 9x9 puzzle '
'under other rules is solved with Sukaku Explainer''s techniques for those rules (docs/variants.md): singles and '
'intersections over every group, generalized intersections and naked subsets where groups overlap, the fish on rows and '
'columns, the turbot fish over every group, wings over every peer, unique loops and the BUG where the rules keep '
'uniqueness, the aligned pair and triple exclusions, and every chain producer, the nested chains of levels 2 to 4 '
'(ER 9.5 and up) included (links from groups only, as in Sukaku Explainer v1.15.10); a path none of Sukaku '
'Explainer''s techniques goes on with rates 20.0, as in Sukaku Explainer. '
'units name the groups: row 1, col 1, box 1 (region 1 under jigsaw), window 1, disjoint_group 1, main_diagonal, '
'anti_diagonal, girandola, asterisk, center_dot; an explanation says how cells see each other (a knight''s move, a '
'king''s step). A player''s position (progress, marks) under other rules goes on from its digits and marks, checked '
'against the rules (22023 naming the cells). Killer cages, 16x16 and 25x25 grids, and a pencil-mark text as the puzzle '
'under other rules are refused (22023). Rules errors: 22P02 for an unknown or malformed rule, 22023 for rules that do not fit the grid or '
'givens that break them (the DETAIL names the cells).'
' Under other rules the search keys are null (the variant search keeps no such counters).';

COMMENT ON FUNCTION sudoku_generate(int, bigint, int, numeric, numeric, text, text, text, int) IS
'Generates count puzzles with exactly one solution: n (1..count), puzzle (81 characters, . for a blank), '
'solution, givens, and rating (the ER of sudoku_rate, when a rating range or near is given; else NULL). Deterministic: the same '
'arguments give the same puzzles on any machine, and calls without the new arguments give the puzzles of earlier versions. '
'Givens are removed in a random order while the solution stays unique, down to clues givens, or until none can be removed '
'(a minimal puzzle) when clues is 0 (the default); with symmetry (none, rotate90, rotate180, mirror, flip or random, as '
'QQWing names them) a whole orbit of cells at a time, so the pattern of givens is symmetric and minimal under it. '
'min_rating and max_rating (default 0 and 20: any) keep only puzzles rated in that range: puzzles are made until one fits '
'(at most 300,000 attempts a puzzle), so a rare range (9 and up) takes long (it can be cancelled); a range no puzzle can '
'reach, or one starting above 9.2 (what random generation reaches), is an error (22023) whose DETAIL says what to do. '
'near (default NULL) generates from the neighbourhood of that puzzle instead, as the lists of the hardest puzzles were '
'found: orbits of givens removed, added or moved (to the solution''s digits or others), every puzzle with exactly one '
'solution, the symmetry (the start made symmetric first) and a rating in the range, distinct from each other and from '
'the start; a beam search keeps the puzzles nearest the range. After 300 ratings without a puzzle in the range it stops '
'with 22023, the DETAIL giving the ratings it reached. near must be a 9x9 puzzle with one solution (22P02 malformed, '
'22023 otherwise; 0A000 for a pencil-mark text); clues must then be 0. Not STRICT (near defaults to NULL): a NULL in '
'another argument gives no rows. Rows stream: memory does not grow with count (near: a bounded search, a few MB at most). '
'Errors: 22023 for an argument out of range.'
' rules (default classic) and size (9, the default; 4, 16 or 25) make variant puzzles, unique under their rules, '
'in the column rules of each row; a rating range under 9x9 rules without cages keeps puzzles whose rating under '
'their rules (as sudoku_rate gives it) lies in the range (any range), at '
'most 2,000 attempts a puzzle (a band the rules do not reach with those '
'givens ends in 22023: minimal puzzles rate 2.6 and up, more givens make easier ones); near works under those rules '
'too (the start checked and every puzzle unique and rated under them, symmetries the rules keep); ranges on cages or '
'16x16 and 25x25 grids, and near there, are 22023 (rating NULL without a range). jigsaw '
'alone makes a fresh region layout a puzzle, killer alone fresh cages (and no givens), written out in that row''s '
'rules. symmetry applies where the rules allow it. rules (default classic) are the rules of the grid, '
'comma-separated, as docs/variants.md gives them: x, diagonal+, diagonal-, windoku, dg, girandola, asterisk, '
'center-dot, anti-knight, anti-king, nc, jigsaw=MAP, killer=MAP;SUMS. 16x16 (256 cells, digits 1-9 then A-G) and '
'25x25 (625 cells, 1-9 then A-P) grids are read under any rules; a variant puzzle goes to the variant engine (a '
'bitmask search over every group, pair and cage). Rules errors: 22P02 for an unknown or malformed rule, 22023 for '
'rules that do not fit the grid or givens that break them (the DETAIL names the cells).';

COMMENT ON FUNCTION sudoku_import(text) IS
'Reads a puzzle made on f-puzzles (www.f-puzzles.com; SudokuPad opens the same links): its JSON, the lz-string payload '
'of a share link (what follows ?load=) or the whole link. One row: puzzle (one line, . for a blank, digits 1-9 then A-G) '
'and rules (in the notation of docs/variants.md), so that sudoku_solve(puzzle, rules => rules) solves it and '
'sudoku_format(puzzle, ''fpuzzles'', rules => rules) writes it back. Givens are the cells marked given; other digits of the '
'grid are ignored. Memory: the text and its JSON, at most 1 MiB of text. Errors: 22P02 for a text that is not an f-puzzles '
'puzzle, 22023 for a constraint the rules cannot express (the DETAIL names it) or a size other than 4, 9 or 16.';

COMMENT ON FUNCTION sudoku_search_trace(text) IS
'What the fast search of sudoku_solve did, in its own order, to its first solution: one row per step, streamed: step (1, 2, ...), '
'technique (naked_single, hidden_single, band_update: a digit left one cell of a row and box of a band once locked candidates '
'are taken into account, as JCZSolve''s band update finds it; guess or backtrack), unit (col for its hidden singles, row/col/box '
'on 4x4), cell, row, col, box, digit, depth (guesses in force) and kept (the placement stands in the solution). Not an '
'explanation for people (see sudoku_steps). Memory: two searches (about 21 KB each) and a queue of one node''s events, whatever '
'the length of the trace. Pencil marks: a 729-character line or a candidate grid is read as Sukaku Explainer reads it (see '
'docs/pencil-marks.md); the search starts from its marks (its givens placed, every other cell limited to its candidates), '
'the one sudoku_solve runs on it. Errors: 22P02 for malformed text, 22023 for contradictory givens. Pencil-mark errors: '
'22P02 for a wrong length, a misplaced digit, a cell without candidate or two forms mixed (the DETAIL names the cell), '
'22023 for contradictory marks.'
' 16x16 and 25x25 grids are refused (22023): their human logic is later work.';
