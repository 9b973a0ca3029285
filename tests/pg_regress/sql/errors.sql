-- Bad input: every case gets its documented SQLSTATE (22P02 for malformed text, 22023
-- for contradictory givens) or a result; none gets XX000 (an internal error).

-- What users see: the message and a DETAIL naming the character or the cells.
SELECT sudoku_solve('1234x6789' || repeat('.', 72));
SELECT sudoku_solve(E'?????????\n?????????\n?????????\n?????????\n?????????\n?????????\n?????????\n?????????');
SELECT sudoku_solve('.5....5..' || repeat('.', 72));
SELECT * FROM sudoku_candidates('3' || repeat('.', 19) || '3' || repeat('.', 60));

-- The matrix. try_* return 'ok: ' and what came back, or the SQLSTATE raised.
CREATE FUNCTION pg_temp.try_solve(p text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  r := sudoku_solve(p);
  RETURN CASE WHEN r IS NULL THEN 'ok: NULL' ELSE 'ok: ' || length(r) || ' characters' END;
EXCEPTION WHEN OTHERS THEN
  RETURN SQLSTATE;
END $$;

CREATE FUNCTION pg_temp.try_candidates(p text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM sudoku_candidates(p);
  RETURN 'ok: ' || n || ' rows';
EXCEPTION WHEN OTHERS THEN
  RETURN SQLSTATE;
END $$;

CREATE TABLE bad_input (n serial, name text, input text);
INSERT INTO bad_input (name, input) VALUES
  ('NULL', NULL),
  ('empty', ''),
  ('whitespace only', E' \t\r\n '),
  ('80 cells', repeat('.', 80)),
  ('82 cells', repeat('.', 82)),
  ('9 lines of 10', repeat(E'??????????\n', 9)),
  ('letters only', 'abcdefghi'),
  ('a letter among cells', '1234x6789' || repeat('.', 72)),
  ('Arabic-Indic digit', U&'\0663' || repeat('.', 80)),
  ('fullwidth digit', U&'\FF15' || repeat('.', 80)),
  ('accented letter', U&'\00E9' || repeat('.', 80)),
  ('emoji', U&'\+01F600' || repeat('.', 80)),
  ('no-break space', repeat('.', 40) || U&'\00A0' || repeat('.', 41)),
  ('control character', E'\x01' || repeat('.', 81)),
  ('escape character', repeat('.', 81) || E'\x1b'),
  ('10 MB of blanks', repeat('.', 10 * 1024 * 1024)),
  ('10 MB, a letter at the end', repeat('.', 10 * 1024 * 1024) || 'z'),
  ('same digit twice in a row', '.5....5..' || repeat('.', 72)),
  ('same digit twice in a column', '9' || repeat('.', 71) || '9' || repeat('.', 8)),
  ('same digit twice in a box', '3' || repeat('.', 19) || '3' || repeat('.', 60)),
  ('full valid grid', '534678912672195348198342567859761423426853791713924856961537284287419635345286179'),
  ('full invalid grid', '554678912672195348198342567859761423426853791713924856961537284287419635345286179'),
  ('consistent givens, no solution', '12345678.........9' || repeat('.', 63)),
  ('empty grid', repeat('?', 81));

SELECT name, pg_temp.try_solve(input) AS sudoku_solve, pg_temp.try_candidates(input) AS sudoku_candidates
FROM bad_input ORDER BY n;

-- Nothing raised an internal error.
SELECT count(*) AS internal_errors FROM bad_input
WHERE pg_temp.try_solve(input) = 'XX000' OR pg_temp.try_candidates(input) = 'XX000';

DROP TABLE bad_input;
