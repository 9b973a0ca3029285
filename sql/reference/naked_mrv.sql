-- naked_mrv.sql -- approach (a): naked singles, then breadth-first MRV search.
--
-- ONE SQL statement. No functions, procedures, temp tables or psql
-- meta-commands. It reads
--     sudoku9_9(id int primary key, puzzle varchar(255))
-- where a puzzle is 9 lines of 9 characters joined by E'\n', '?' for a blank
-- and 1-9 for a given, and returns one row (id, puzzle, result) for every
-- puzzle it can solve; result uses the same 9-line layout. A puzzle with no
-- solution gives no row; a puzzle with several solutions gives one row (one
-- of its solutions). Malformed puzzle text is skipped.
--
-- Vocabulary used in the comments:
--   cell        a square, numbered 1..81 row by row (= the array subscript);
--   digit       1..9; 0 stands for an empty cell in the grid array;
--   unit        a row, column or box; there are 27, numbered 1..27 in the
--               unit-mask array: rows 1..9, columns 10..18, boxes 19..27.
--               For cell k, with i = k - 1:
--                 row    r = i / 9                       -> unit 1  + r
--                 column c = i % 9                       -> unit 10 + c
--                 box    b = (i / 27) * 3 + (i % 9) / 3  -> unit 19 + b
--   peer        another cell sharing a unit with a cell (20 per cell);
--   candidates  a 9-bit mask (integer): bit d-1 set = digit d is still
--               allowed in the cell, i.e. no peer holds d.
--
-- Bit tricks:
--   (1 << v) >> 1   the bit of digit v, and 0 for an empty cell (v = 0), so
--                   an empty cell adds nothing to bit_or() and no shift by a
--                   negative amount ever happens;
--   511 & ~(row | column | box)   candidates of a cell (511 = all 9 bits);
--   x & (x - 1) = 0 (with x <> 0) x has exactly one bit: a naked single;
--   bit_count(x::bit(9))          number of candidates. PostgreSQL 15 has no
--                   bit_count(integer) (PG 14+ only has it for bit and
--                   bytea), so the integer is cast to bit(9), which keeps its
--                   9 rightmost bits, and bit_count(bit) counts them;
--   bit_count((x - 1)::bit(9)) + 1  the digit of a one-bit mask x
--                   (x = 2^(d-1), x - 1 has d - 1 bits set).
--
-- Shape of the statement:
--   parsed  text -> smallint[81]
--   naked   recursive: fill every naked single of a grid at once, repeat
--           until none is left (one linear chain of grids per puzzle)
--   stuck   DISTINCT ON (id): the last (most filled) grid of each chain
--   search  recursive, breadth first: branch on the empty cell with the
--           fewest candidates (MRV), one child grid per candidate digit
--   solved  DISTINCT ON (id): one complete, valid grid per puzzle
--   final SELECT: join the puzzle text back (late materialisation: the text
--           is not dragged through the recursion) and print 9 lines.
WITH RECURSIVE
-- parsed: one row per well-formed puzzle. translate() turns '?' into '0' and
-- deletes line breaks (characters of the 2nd argument with no partner in the
-- 3rd are removed); string_to_array(s, NULL) splits into single characters.
parsed AS (
    SELECT p.id,
           string_to_array(translate(p.puzzle, E'?\n\r', '0'), NULL)::smallint[] AS grid
    FROM sudoku9_9 AS p
    WHERE translate(p.puzzle, E'\n\r', '') ~ '^[1-9?]{81}$'
),
-- naked: stage one. Each iteration takes a grid, computes the 27 unit masks
-- (digits already placed in each unit), then the candidates of every empty
-- cell, and writes the digit into every cell that has exactly one candidate,
-- all in the same iteration. The chain of a puzzle stops when a grid has no
-- naked single left (solved, or stuck and needing a guess) or when some
-- empty cell has no candidate at all (contradiction; stage two then finds no
-- branch for it). Every intermediate grid stays in the CTE's output with its
-- step number.
naked (id, step, grid) AS (
    SELECT id, 0, grid
    FROM parsed
  UNION ALL
    SELECT n.id, n.step + 1, f.grid
    FROM naked AS n
    -- unit masks: one pass over the 81 cells, 27 filtered bit_or()
    -- aggregates, one per unit (a plain aggregate with FILTER was measured
    -- about 3x faster than GROUP BY unit over 243 cell-unit rows).
    CROSS JOIN LATERAL (
        SELECT ARRAY[
            bit_or(g.bit) FILTER (WHERE g.r = 0), bit_or(g.bit) FILTER (WHERE g.r = 1), bit_or(g.bit) FILTER (WHERE g.r = 2),
            bit_or(g.bit) FILTER (WHERE g.r = 3), bit_or(g.bit) FILTER (WHERE g.r = 4), bit_or(g.bit) FILTER (WHERE g.r = 5),
            bit_or(g.bit) FILTER (WHERE g.r = 6), bit_or(g.bit) FILTER (WHERE g.r = 7), bit_or(g.bit) FILTER (WHERE g.r = 8),
            bit_or(g.bit) FILTER (WHERE g.c = 0), bit_or(g.bit) FILTER (WHERE g.c = 1), bit_or(g.bit) FILTER (WHERE g.c = 2),
            bit_or(g.bit) FILTER (WHERE g.c = 3), bit_or(g.bit) FILTER (WHERE g.c = 4), bit_or(g.bit) FILTER (WHERE g.c = 5),
            bit_or(g.bit) FILTER (WHERE g.c = 6), bit_or(g.bit) FILTER (WHERE g.c = 7), bit_or(g.bit) FILTER (WHERE g.c = 8),
            bit_or(g.bit) FILTER (WHERE g.b = 0), bit_or(g.bit) FILTER (WHERE g.b = 1), bit_or(g.bit) FILTER (WHERE g.b = 2),
            bit_or(g.bit) FILTER (WHERE g.b = 3), bit_or(g.bit) FILTER (WHERE g.b = 4), bit_or(g.bit) FILTER (WHERE g.b = 5),
            bit_or(g.bit) FILTER (WHERE g.b = 6), bit_or(g.bit) FILTER (WHERE g.b = 7), bit_or(g.bit) FILTER (WHERE g.b = 8)
        ] AS unit
        FROM (
            SELECT (i / 9)::int AS r, (i % 9)::int AS c, (i / 27 * 3 + i % 9 / 3)::int AS b,
                   (1 << v) >> 1 AS bit
            FROM unnest(n.grid) WITH ORDINALITY AS u(v, k)
            CROSS JOIN LATERAL (SELECT k - 1 AS i) AS z
        ) AS g
    ) AS m
    -- fill: candidates of each empty cell from its three unit masks; rebuild
    -- the grid with every naked single written in. array_agg(... ORDER BY
    -- cell) keeps the cell order explicit.
    CROSS JOIN LATERAL (
        SELECT array_agg(CASE WHEN e.single THEN (bit_count((e.cand - 1)::bit(9)) + 1)::smallint
                              ELSE e.v END
                         ORDER BY e.k) AS grid,
               count(*) FILTER (WHERE e.single) AS filled,
               bool_or(e.v = 0 AND e.cand = 0) AS dead
        FROM (
            SELECT u.v, u.k, x.cand,
                   u.v = 0 AND x.cand <> 0 AND x.cand & (x.cand - 1) = 0 AS single
            FROM unnest(n.grid) WITH ORDINALITY AS u(v, k)
            CROSS JOIN LATERAL (
                SELECT CASE WHEN u.v = 0
                            THEN 511 & ~(m.unit[1 + (u.k - 1) / 9]
                                       | m.unit[10 + (u.k - 1) % 9]
                                       | m.unit[19 + (u.k - 1) / 27 * 3 + (u.k - 1) % 9 / 3])
                            ELSE 0 END AS cand
            ) AS x
        ) AS e
    ) AS f
    WHERE f.filled > 0
      AND NOT f.dead
),
-- stuck: the most advanced grid of each chain, i.e. the highest step.
-- DISTINCT ON (id) ... ORDER BY id, step DESC keeps exactly the first row
-- of each id in that order: one starting grid per puzzle for stage two,
-- without a GROUP BY + self-join to find max(step).
stuck AS (
    SELECT DISTINCT ON (id) id, grid
    FROM naked
    ORDER BY id, step DESC
),
-- search: stage two, breadth first. Every iteration takes the whole current
-- frontier (all partial grids of all puzzles), and for each grid picks the
-- empty cell with the fewest candidates (minimum remaining values, ties to
-- the lowest cell number) and emits one child grid per candidate digit.
-- A cell with 0 candidates is picked first and has no child: the branch
-- dies. A full grid has no empty cell, so it has no child either and the
-- recursion ends when the frontier is empty. Naked singles found during the
-- search are simply cells with one candidate: MRV picks them first and they
-- make one child each, one cell per iteration.
search (id, grid) AS (
    SELECT id, grid
    FROM stuck
  UNION ALL
    SELECT s.id,
           s.grid[:mrv.k - 1] || d.digit || s.grid[mrv.k + 1:]
    FROM search AS s
    -- unit masks, exactly as in stage one
    CROSS JOIN LATERAL (
        SELECT ARRAY[
            bit_or(g.bit) FILTER (WHERE g.r = 0), bit_or(g.bit) FILTER (WHERE g.r = 1), bit_or(g.bit) FILTER (WHERE g.r = 2),
            bit_or(g.bit) FILTER (WHERE g.r = 3), bit_or(g.bit) FILTER (WHERE g.r = 4), bit_or(g.bit) FILTER (WHERE g.r = 5),
            bit_or(g.bit) FILTER (WHERE g.r = 6), bit_or(g.bit) FILTER (WHERE g.r = 7), bit_or(g.bit) FILTER (WHERE g.r = 8),
            bit_or(g.bit) FILTER (WHERE g.c = 0), bit_or(g.bit) FILTER (WHERE g.c = 1), bit_or(g.bit) FILTER (WHERE g.c = 2),
            bit_or(g.bit) FILTER (WHERE g.c = 3), bit_or(g.bit) FILTER (WHERE g.c = 4), bit_or(g.bit) FILTER (WHERE g.c = 5),
            bit_or(g.bit) FILTER (WHERE g.c = 6), bit_or(g.bit) FILTER (WHERE g.c = 7), bit_or(g.bit) FILTER (WHERE g.c = 8),
            bit_or(g.bit) FILTER (WHERE g.b = 0), bit_or(g.bit) FILTER (WHERE g.b = 1), bit_or(g.bit) FILTER (WHERE g.b = 2),
            bit_or(g.bit) FILTER (WHERE g.b = 3), bit_or(g.bit) FILTER (WHERE g.b = 4), bit_or(g.bit) FILTER (WHERE g.b = 5),
            bit_or(g.bit) FILTER (WHERE g.b = 6), bit_or(g.bit) FILTER (WHERE g.b = 7), bit_or(g.bit) FILTER (WHERE g.b = 8)
        ] AS unit
        FROM (
            SELECT (i / 9)::int AS r, (i % 9)::int AS c, (i / 27 * 3 + i % 9 / 3)::int AS b,
                   (1 << v) >> 1 AS bit
            FROM unnest(s.grid) WITH ORDINALITY AS u(v, k)
            CROSS JOIN LATERAL (SELECT k - 1 AS i) AS z
        ) AS g
    ) AS m
    -- MRV: the empty cell with the fewest candidates. No row if the grid is
    -- full, so a complete grid gets no child.
    CROSS JOIN LATERAL (
        SELECT u.k::int AS k, x.cand
        FROM unnest(s.grid) WITH ORDINALITY AS u(v, k)
        CROSS JOIN LATERAL (
            SELECT 511 & ~(m.unit[1 + (u.k - 1) / 9]
                         | m.unit[10 + (u.k - 1) % 9]
                         | m.unit[19 + (u.k - 1) / 27 * 3 + (u.k - 1) % 9 / 3]) AS cand
        ) AS x
        WHERE u.v = 0
        ORDER BY bit_count(x.cand::bit(9)), u.k
        LIMIT 1
    ) AS mrv
    -- one child per candidate digit of the chosen cell
    CROSS JOIN LATERAL (
        SELECT t::smallint AS digit
        FROM generate_series(1, 9) AS t
        WHERE mrv.cand & (1 << (t - 1)) <> 0
    ) AS d
),
-- solved: the complete grids. Branching only ever writes a candidate, so a
-- grid can break a rule only if it was broken before the search (two equal
-- givens in a unit, or two naked singles of stage one that claimed the same
-- digit in one unit): the check below counts distinct (unit, digit) pairs,
-- which is 27 * 9 = 243 exactly when every unit holds 1..9 once. It only runs
-- on full grids. A puzzle with several solutions has several full grids;
-- DISTINCT ON (id) keeps one of them, so each id gives at most one row.
solved AS (
    SELECT DISTINCT ON (s.id) s.id, s.grid
    FROM search AS s
    WHERE 0 <> ALL (s.grid)
      AND (SELECT count(DISTINCT (w.unit, u.v))
           FROM unnest(s.grid) WITH ORDINALITY AS u(v, k)
           CROSS JOIN LATERAL (VALUES ((u.k - 1) / 9),
                                      (9 + (u.k - 1) % 9),
                                      (18 + (u.k - 1) / 27 * 3 + (u.k - 1) % 9 / 3)) AS w(unit)
          ) = 243
    ORDER BY s.id
)
-- Late materialisation: the puzzle text is fetched again only for the
-- solved ids. The 81 digits are cut into 9 lines of 9 joined by E'\n'.
SELECT p.id,
       p.puzzle,
       array_to_string(ARRAY(SELECT substr(t.digits, 9 * l + 1, 9)
                             FROM generate_series(0, 8) AS l
                             ORDER BY l), E'\n') AS result
FROM solved AS s
CROSS JOIN LATERAL (SELECT array_to_string(s.grid, '') AS digits) AS t
JOIN sudoku9_9 AS p ON p.id = s.id
ORDER BY p.id;
