-- An independent checker of answers, in plain SQL with no call into the extension:
-- the answer holds 81 digits, every row, column and box holds 1-9 once, and every
-- given of the puzzle (any layout: 1-9 givens, 0 . ? blanks) is kept. Used by the
-- demo, the scale-out script and the regression tests.
CREATE OR REPLACE FUNCTION is_solution(puzzle text, answer text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH g AS (
    SELECT regexp_replace(answer, '[^0-9]', '', 'g') AS a,
           regexp_replace(translate(puzzle, '.?', '00'), '[^0-9]', '', 'g') AS p
  ), c AS (
    SELECT i, substr(a, i + 1, 1)::int AS d, substr(p, i + 1, 1)::int AS given
    FROM g, generate_series(0, 80) AS i
  )
  SELECT coalesce((SELECT length(a) = 81 FROM g)
     AND bool_and(d BETWEEN 1 AND 9 AND (given = 0 OR given = d))
     AND count(DISTINCT (i / 9, d)) = 81
     AND count(DISTINCT (i % 9, d)) = 81
     AND count(DISTINCT ((i / 27) * 3 + (i % 9) / 3, d)) = 81, false)
  FROM c
$$;
