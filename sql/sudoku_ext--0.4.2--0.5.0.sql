-- sudoku_ext 0.4.2 -> 0.5.0: see CHANGELOG.md. Each part below says what it adds.
-- FROZEN once released: change the extension through a new upgrade script.

\echo Use "ALTER EXTENSION sudoku_ext UPDATE TO '0.5.0'" to load this file. \quit

-- Pictures (issue 30): sudoku_svg draws a puzzle, its pencil marks or a step as SVG;
-- sudoku_svg_pages lays puzzles and their solutions out on printable pages.
CREATE FUNCTION "sudoku_svg"(
	"puzzle" TEXT,
	"size" INT DEFAULT 450,
	"labels" bool DEFAULT false,
	"candidates" bool DEFAULT false,
	"step" INT DEFAULT -1
) RETURNS TEXT
IMMUTABLE STRICT PARALLEL SAFE COST 100
LANGUAGE c
AS 'MODULE_PATHNAME', 'sudoku_svg_wrapper';

CREATE FUNCTION "sudoku_svg_pages"(
	"puzzles" TEXT[],
	"labels" TEXT[] DEFAULT '{}',
	"per_page" INT DEFAULT 4,
	"paper" TEXT DEFAULT 'a4',
	"solutions" bool DEFAULT true
) RETURNS TABLE (
	"page" INT,
	"solutions" bool,
	"svg" TEXT
)
IMMUTABLE STRICT PARALLEL SAFE COST 5000
LANGUAGE c
AS 'MODULE_PATHNAME', 'sudoku_svg_pages_wrapper';

COMMENT ON FUNCTION sudoku_svg(text, int, boolean, boolean, int) IS
'An SVG picture of a puzzle: thick box lines, thin cell lines, givens in bold black. size is the width asked for in pixels '
'(50-4000, default 450; the picture scales without loss), labels adds row and column numbers, candidates draws the '
'candidates the givens leave as pencil marks (small digits, digit d in its ninth of the cell). step draws a step on the '
'position it starts from: 0 the next hint (sudoku_hint), n step n of sudoku_steps, -1 (the default) none; the pattern''s '
'units are shaded blue and its cells yellow (a wing''s pivot orange), its digits on blue discs, a placement on a green disc, '
'removed candidates on red discs and struck, digits placed by earlier steps in blue. Deterministic (the same arguments give '
'the same bytes), well-formed XML, with a <title> and a <desc> holding the puzzle as text (and the step''s explanation). '
'Output: at most 1 MiB (a few KB to 20 KB in practice). Errors: 22P02 for malformed text, 22023 for contradictory givens, '
'a size or step out of range, or a hint asked of a full grid or a puzzle without solution.';

COMMENT ON FUNCTION sudoku_svg_pages(text[], text[], int, text, boolean) IS
'Printable pages of puzzles: one row per page (page from 1, solutions, svg), each an SVG document of a sheet of a4 or '
'letter paper (paper, default a4) holding per_page puzzles (1, 2, 4 or 6; default 4) in array order, each captioned with '
'its label (labels[i], default its number in the array; at most 80 characters shown) and its ER rating (as sudoku_rate; '
'"no unique solution" when it has none), then, unless solutions is false, as many pages of their solutions drawn the same '
'way (givens in black, the solved digits in blue). Pages stream; each is at most 256 KiB. Every puzzle is rated, so hard '
'puzzles take their rating time (it can be cancelled). Use with array_agg: '
'SELECT svg FROM sudoku_svg_pages((SELECT array_agg(puzzle ORDER BY id) FROM t)). '
'Errors: 22P02 for malformed text, 22023 for contradictory givens (the DETAIL names the element), a NULL puzzle, '
'more labels than puzzles, per_page or paper out of range.';
