-- hidden_mrv.sql -- approach (b): naked + hidden singles, many cells per
-- iteration, with breadth-first MRV branching whenever a grid is stuck.
--
-- ONE SQL statement. No functions, procedures, temp tables or psql
-- meta-commands. Same contract as naked_mrv.sql: it reads
--     sudoku9_9(id int primary key, puzzle varchar(255))
-- (9 lines of 9 characters joined by E'\n', '?' = blank, 1-9 = given) and
-- returns one row (id, puzzle, result) per puzzle it solves, result in the
-- same 9-line layout. No solution: no row. Several solutions: one row.
-- Malformed puzzle text is skipped.
--
-- Vocabulary (as in naked_mrv.sql):
--   cell        1..81, row by row (= the array subscript); i = cell - 1;
--   digit       1..9, 0 = empty cell in the grid array;
--   unit        27 of them, numbered 1..27 in every per-unit array:
--               rows 1..9 (1 + i / 9), columns 10..18 (10 + i % 9),
--               boxes 19..27 (19 + (i / 27) * 3 + (i % 9) / 3);
--   peer        a cell sharing a unit with another cell;
--   candidates  9-bit mask, bit d-1 set = digit d allowed (no peer has it).
--   naked single   an empty cell with exactly one candidate;
--   hidden single  a digit that, inside one unit, is a candidate of exactly
--                  one empty cell (and is not placed there yet): that cell
--                  must take it, whatever its other candidates.
--
-- How hidden singles are counted with plain aggregates: nibble counters.
-- Every 9-bit mask x is "spread" to 36 bits, digit d moving from bit d-1 to
-- bit 4(d-1) (lookup array lut.spread, built once). Adding spread masks adds
-- nine 4-bit counters side by side, and no counter can carry into the next:
-- a unit has 9 cells, so a counter never exceeds 9 < 16. So, per unit,
--     n = sum(spread(candidates)) over its empty cells
--         + spread(unit mask)            (the digits already placed in it)
-- holds, for each digit, the number of cells of the unit that hold it or
-- still allow it. Then, with ONES = X'111111111' (1 in every nibble):
--   zero-nibble test   ~(((n & 7*ONES) + 7*ONES) | n) & 8*ONES
--                      sets bit 3 of every nibble of n that is 0, exactly:
--                      (x & 7) + 7 reaches bit 3 iff x & 7 <> 0, or-ing x
--                      adds x's own bit 3, and the sum never leaves its
--                      nibble, so there are no carries between counters;
--   counter = 1        zero-nibble test of n # ONES ('#' is XOR), shifted
--                      right by 3 so the flag sits at bit 4(d-1), the same
--                      place as the digit's bit in a spread mask (a placed
--                      digit also has counter 1, but it is never among the
--                      candidates of a cell of that unit, so it is harmless);
--   counter = 0        a digit neither placed nor possible anywhere in the
--                      unit: the grid is dead.
-- A cell's hidden single is then spread(candidates) & (once flags of its
-- row | column | box): one bit = the digit to write, bit d-1 -> 4(d-1) so
-- digit = bit_count((h - 1)::bit(36)) / 4 + 1; two bits = the cell is the
-- only place for two digits, the grid is dead.
-- Other bit tricks, as in naked_mrv.sql: (1 << v) >> 1 is the bit of digit
-- v and 0 for an empty cell; 511 & ~(row | column | box) are candidates;
-- x & (x - 1) = 0 tests for at most one bit; bit_count(x::bit(9)) counts
-- bits, since PostgreSQL 15 has no bit_count(integer) (only for bit and
-- bytea): the cast keeps the 9 (or 36) rightmost bits.
--
-- Shape of the statement:
--   parsed  text -> smallint[81]
--   lut     the 512-entry spread lookup array (one row)
--   solve   recursive, breadth first. Each iteration analyses every grid of
--           the frontier; a dead grid is dropped; a grid with singles gets
--           ONE child with every naked and hidden single written in at once;
--           a stuck grid gets one child per candidate of its MRV cell (the
--           empty cell with fewest candidates); a full grid that passes the
--           checks comes back once as a solution (done = true).
--           Stage one of approach (a) -- filling singles until stuck -- is
--           simply the first iterations of this recursion (a linear chain
--           per puzzle until its first guess), so it is not a separate CTE
--           (the analysis would be written out twice, and a stuck grid would
--           need a DISTINCT ON hand-over). The gain over (a): singles keep
--           being filled after every guess, hidden ones included, so the
--           frontier holds far fewer grids. A window function over the
--           frontier also stops a puzzle's search once it has a solution.
--   solved  DISTINCT ON (id): one solution per puzzle
--   final SELECT: puzzle text joined back (late materialisation), 9 lines.
WITH RECURSIVE
-- parsed: as in naked_mrv.sql. translate() maps '?' to '0' and deletes the
-- line breaks; string_to_array(s, NULL) splits into characters.
parsed AS (
    SELECT p.id,
           string_to_array(translate(p.puzzle, E'?\n\r', '0'), NULL)::smallint[] AS grid
    FROM sudoku9_9 AS p
    WHERE translate(p.puzzle, E'\n\r', '') ~ '^[1-9?]{81}$'
),
-- lut: spread[x + 1] = the 9-bit mask x with bit d-1 moved to bit 4(d-1)
-- (arrays are 1-based, hence the + 1). MATERIALIZED so that it is built
-- once: without it the planner inlines the CTE into the recursive term and
-- rebuilds the 512 entries at every iteration. Cross-joined into the
-- recursive term as a single constant row.
lut AS MATERIALIZED (
    SELECT array_agg(s.spread ORDER BY x.mask) AS spread
    FROM generate_series(0, 511) AS x(mask)
    CROSS JOIN LATERAL (
        SELECT sum(((x.mask >> d) & 1)::bigint << (4 * d))::bigint AS spread
        FROM generate_series(0, 8) AS d
    ) AS s
),
solve (id, grid, done) AS (
    SELECT id, grid, false
    FROM parsed
  UNION ALL
    SELECT s.id, nxt.grid, nxt.done
    -- early stop: the window function sees the whole current frontier (the
    -- worktable). Once a puzzle has a done grid (a checked solution, see
    -- nxt) in it, none of that puzzle's grids is expanded any more; the
    -- done grid itself is already in the output. Without this, breadth
    -- first search would go on exhausting every other branch (about 15% of
    -- the work on the hardest test puzzles), and would enumerate all the
    -- solutions of a multi-solution puzzle.
    FROM (
        SELECT w.id, w.grid,
               bool_or(w.done) OVER (PARTITION BY w.id) AS stop
        FROM solve AS w
    ) AS s
    CROSS JOIN lut
    -- m: unit masks (digits placed per unit), 27 filtered bit_or()
    -- aggregates in one pass over the 81 cells, plus the number of filled
    -- cells for the duplicate test in o.
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
        ] AS unit,
               count(*) FILTER (WHERE g.bit <> 0) AS placed
        FROM (
            SELECT (i / 9)::int AS r, (i % 9)::int AS c, (i / 27 * 3 + i % 9 / 3)::int AS b,
                   (1 << v) >> 1 AS bit
            FROM unnest(s.grid) WITH ORDINALITY AS u(v, k)
            CROSS JOIN LATERAL (SELECT k - 1 AS i) AS z
        ) AS g
    ) AS m
    -- a: one pass over the EMPTY cells: their candidates; per unit the sum
    -- of their spread candidates (nibble counters, see the header; the
    -- placed digits are added in o); whether an empty cell has no candidate
    -- at all; and the MRV pick, packed into one integer so that a plain
    -- min() finds it:
    --     (number of candidates) << 16 | cell << 9 | candidates
    -- the smallest key is the cell with fewest candidates, ties to the lowest
    -- cell, and it carries that cell's candidates in its low 9 bits. A full
    -- grid has no empty cell: the sums and mrv are NULL, dead is false.
    -- (sum() of bigint returns numeric, hence the ::bigint[] cast.)
    CROSS JOIN LATERAL (
        SELECT ARRAY[
            sum(e.cnt) FILTER (WHERE e.r = 0), sum(e.cnt) FILTER (WHERE e.r = 1), sum(e.cnt) FILTER (WHERE e.r = 2),
            sum(e.cnt) FILTER (WHERE e.r = 3), sum(e.cnt) FILTER (WHERE e.r = 4), sum(e.cnt) FILTER (WHERE e.r = 5),
            sum(e.cnt) FILTER (WHERE e.r = 6), sum(e.cnt) FILTER (WHERE e.r = 7), sum(e.cnt) FILTER (WHERE e.r = 8),
            sum(e.cnt) FILTER (WHERE e.c = 0), sum(e.cnt) FILTER (WHERE e.c = 1), sum(e.cnt) FILTER (WHERE e.c = 2),
            sum(e.cnt) FILTER (WHERE e.c = 3), sum(e.cnt) FILTER (WHERE e.c = 4), sum(e.cnt) FILTER (WHERE e.c = 5),
            sum(e.cnt) FILTER (WHERE e.c = 6), sum(e.cnt) FILTER (WHERE e.c = 7), sum(e.cnt) FILTER (WHERE e.c = 8),
            sum(e.cnt) FILTER (WHERE e.b = 0), sum(e.cnt) FILTER (WHERE e.b = 1), sum(e.cnt) FILTER (WHERE e.b = 2),
            sum(e.cnt) FILTER (WHERE e.b = 3), sum(e.cnt) FILTER (WHERE e.b = 4), sum(e.cnt) FILTER (WHERE e.b = 5),
            sum(e.cnt) FILTER (WHERE e.b = 6), sum(e.cnt) FILTER (WHERE e.b = 7), sum(e.cnt) FILTER (WHERE e.b = 8)
        ]::bigint[] AS counter,
               coalesce(bool_or(e.cand = 0), false) AS dead,
               min((bit_count(e.cand::bit(9)) << 16) | (e.k << 9) | e.cand) AS mrv
        FROM (
            SELECT u.k::int AS k, x.r, x.c, x.b, y.cand, lut.spread[y.cand + 1] AS cnt
            FROM unnest(s.grid) WITH ORDINALITY AS u(v, k)
            CROSS JOIN LATERAL (
                SELECT ((u.k - 1) / 9)::int AS r, ((u.k - 1) % 9)::int AS c,
                       ((u.k - 1) / 27 * 3 + (u.k - 1) % 9 / 3)::int AS b
            ) AS x
            CROSS JOIN LATERAL (
                SELECT 511 & ~(m.unit[1 + x.r] | m.unit[10 + x.c] | m.unit[19 + x.b]) AS cand
            ) AS y
            WHERE u.v = 0
        ) AS e
    ) AS a
    -- o: per unit (27 rows): the full nibble counters n (candidates of the
    -- empty cells from a, plus the unit's placed digits, spread), the
    -- "exactly one place" flags of each digit, and the unit-level dead
    -- tests: a counter at 0 (a digit neither placed nor possible in the
    -- unit), or a duplicate (each placed cell sets one bit in each of its 3
    -- unit masks, so without duplicates the masks hold 3 * placed bits).
    CROSS JOIN LATERAL (
        SELECT array_agg(((~((((w.n # k.ones) & (7 * k.ones)) + 7 * k.ones) | (w.n # k.ones)))
                           & (8 * k.ones)) >> 3
                         ORDER BY w.u) AS once,
               bool_or(((~(((w.n & (7 * k.ones)) + 7 * k.ones) | w.n)) & (8 * k.ones)) <> 0)
                 OR sum(bit_count(w.mask::bit(9))) <> 3 * m.placed AS dead
        FROM unnest(a.counter, m.unit) WITH ORDINALITY AS v(counter, mask, u)
        CROSS JOIN LATERAL (
            SELECT coalesce(v.counter, 0) + lut.spread[v.mask + 1] AS n, v.mask, v.u
        ) AS w
        CROSS JOIN (SELECT X'111111111'::bigint AS ones) AS k
    ) AS o
    -- f: the grid with every single written in, all in this one iteration.
    -- h = the hidden-single flags of an empty cell (spread domain); a naked
    -- single is an empty cell whose candidates have one bit; a cell that is
    -- both gets the same digit either way. A cell that is the only place of
    -- two digits (h has two bits) is written as -1, which marks the grid
    -- dead (see WHERE). ARRAY(SELECT ... ORDER BY cell) rebuilds the array
    -- in cell order; ordering by the WITH ORDINALITY column needs no sort
    -- step, which makes it cheaper than array_agg(... ORDER BY ...).
    -- OFFSET 0 keeps the planner from pulling this one-row subquery up into
    -- the outer query, which would copy the ARRAY(...) sub-select into each
    -- of the four places that use f.grid and run it four times per grid.
    CROSS JOIN LATERAL (
        SELECT ARRAY(
            SELECT CASE WHEN u.v <> 0 THEN u.v
                        WHEN (y.h & (y.h - 1)) <> 0 THEN -1::smallint
                        WHEN y.h <> 0 THEN (bit_count((y.h - 1)::bit(36)) / 4 + 1)::smallint
                        WHEN z.cand <> 0 AND (z.cand & (z.cand - 1)) = 0
                             THEN (bit_count((z.cand - 1)::bit(9)) + 1)::smallint
                        ELSE 0::smallint
                   END
            FROM unnest(s.grid) WITH ORDINALITY AS u(v, k)
            CROSS JOIN LATERAL (
                SELECT ((u.k - 1) / 9)::int AS r, ((u.k - 1) % 9)::int AS c,
                       ((u.k - 1) / 27 * 3 + (u.k - 1) % 9 / 3)::int AS b
            ) AS x
            CROSS JOIN LATERAL (
                SELECT CASE WHEN u.v = 0
                            THEN 511 & ~(m.unit[1 + x.r] | m.unit[10 + x.c] | m.unit[19 + x.b])
                            ELSE 0 END AS cand
            ) AS z
            CROSS JOIN LATERAL (
                SELECT lut.spread[z.cand + 1]
                       & (o.once[1 + x.r] | o.once[10 + x.c] | o.once[19 + x.b]) AS h
            ) AS y
            ORDER BY u.k
        ) AS grid
        OFFSET 0
    ) AS f
    -- nxt: the children of the grid, with their done flag.
    --  * f wrote something (f.grid differs from s.grid): one child, f.grid;
    --  * nothing to write and an empty cell left: one child per candidate
    --    digit of the MRV cell, decoded from the packed key;
    --  * no empty cell left (a.mrv IS NULL): the grid is full and has just
    --    passed every test below, including the duplicate test, so it is a
    --    solution: it comes back once more, marked done. That is the only
    --    way to get done = true, so a full grid with a duplicate (possible
    --    when two singles written in the same iteration claim one digit in
    --    one unit) can never be taken for a solution nor stop the search.
    CROSS JOIN LATERAL (
        SELECT f.grid, false
        WHERE f.grid <> s.grid
      UNION ALL
        SELECT s.grid[:pick.k - 1] || t::smallint || s.grid[pick.k + 1:], false
        FROM (SELECT ((a.mrv >> 9) & 127)::int AS k, (a.mrv & 511)::int AS cand) AS pick
        CROSS JOIN generate_series(1, 9) AS t
        WHERE f.grid = s.grid
          AND (pick.cand & (1 << (t - 1))) <> 0
      UNION ALL
        SELECT s.grid, true
        WHERE a.mrv IS NULL
    ) AS nxt(grid, done)
    -- no child at all for: a puzzle already solved (early stop, including
    -- the done grid itself), and dead grids: an empty cell without
    -- candidate (a), a digit without place or a duplicate in some unit (o),
    -- a clash (f)
    WHERE NOT s.stop
      AND NOT a.dead
      AND NOT o.dead
      AND NOT -1 = ANY (f.grid)
),
-- solved: DISTINCT ON (id) keeps one done grid per puzzle: several done
-- grids of one puzzle can show up in the same iteration when it has several
-- solutions, and the statement must return one row per id.
solved AS (
    SELECT DISTINCT ON (s.id) s.id, s.grid
    FROM solve AS s
    WHERE s.done
    ORDER BY s.id
)
-- Late materialisation: the puzzle text is fetched again only for the
-- solved ids; the 81 digits are cut into 9 lines joined by E'\n'.
SELECT p.id,
       p.puzzle,
       array_to_string(ARRAY(SELECT substr(t.digits, 9 * l + 1, 9)
                             FROM generate_series(0, 8) AS l
                             ORDER BY l), E'\n') AS result
FROM solved AS s
CROSS JOIN LATERAL (SELECT array_to_string(s.grid, '') AS digits) AS t
JOIN sudoku9_9 AS p ON p.id = s.id
ORDER BY p.id;
