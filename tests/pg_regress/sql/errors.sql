-- Bad input: every case gets its documented SQLSTATE (22P02 for malformed text, 22023
-- for contradictory givens) or a result; none gets XX000 (an internal error).

-- What users see: the message and a DETAIL naming the character or the cells.
SELECT sudoku_solve('1234x6789' || repeat('.', 72));
SELECT sudoku_solve(E'?????????\n?????????\n?????????\n?????????\n?????????\n?????????\n?????????\n?????????');
SELECT sudoku_solve('.5....5..' || repeat('.', 72));
SELECT * FROM sudoku_candidates('3' || repeat('.', 19) || '3' || repeat('.', 60));
SELECT sudoku_solve(E'1?3?\n?5??\n??2?\n4???');

-- The matrix: every public function that reads a puzzle, on every case. try()
-- returns 'ok: ' and what came back, or the SQLSTATE raised.
CREATE FUNCTION pg_temp.try(query text, p text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  EXECUTE query INTO r USING p;
  RETURN 'ok: ' || coalesce(r, 'NULL');
EXCEPTION WHEN OTHERS THEN
  RETURN SQLSTATE;
END $$;

CREATE TABLE calls (fn text, query text);
INSERT INTO calls VALUES
  ('solve', 'SELECT length(sudoku_solve($1))'),
  ('candidates', 'SELECT count(*) FROM sudoku_candidates($1)'),
  ('count', 'SELECT sudoku_count_solutions($1)'),
  ('solutions', 'SELECT count(*) FROM sudoku_solutions($1, 3)'),
  ('steps', 'SELECT count(*) FROM sudoku_steps($1)'),
  ('search_trace', 'SELECT count(*) FROM sudoku_search_trace($1) WHERE kept'),
  ('hint', 'SELECT count(*) FROM sudoku_hint($1)'),
  ('rate', 'SELECT sudoku_rate($1)'),
  ('stats', 'SELECT sudoku_stats($1)->>''solutions'''),
  ('format', 'SELECT length(sudoku_format($1, ''line''))'),
  ('is_valid', 'SELECT sudoku_is_valid($1)');

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
  ('accented letter', U&'\00E9' || repeat('.', 80)),
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
  ('empty grid', repeat('?', 81)),
  ('4x4 with a digit 5', E'1?3?\n?5??\n??2?\n4???'),
  ('4x4, same digit twice in a box', '1....1..........'),
  ('4x4, consistent givens, no solution', E'1?3?\n?4??\n??2?\n4???'),
  ('4x4 puzzle', E'1?3?\n?4??\n??4?\n4???');
-- Characters a database in LATIN1 cannot hold (there, this INSERT fails: errors_1.out).
INSERT INTO bad_input (name, input) VALUES
  ('Arabic-Indic digit', U&'\0663' || repeat('.', 80)),
  ('fullwidth digit', U&'\FF15' || repeat('.', 80)),
  ('emoji', U&'\+01F600' || repeat('.', 80));

-- One line per case: what each function gives.
SELECT b.name, string_agg(c.fn || '=' || pg_temp.try(c.query, b.input), ' ' ORDER BY c.fn) AS results
FROM bad_input b CROSS JOIN calls c
GROUP BY b.n, b.name ORDER BY b.n;

-- Nothing raised an internal error (XX000), and sudoku_is_valid never raised.
SELECT count(*) FILTER (WHERE pg_temp.try(c.query, b.input) = 'XX000') AS internal_errors,
       count(*) FILTER (WHERE c.fn = 'is_valid' AND pg_temp.try(c.query, b.input) NOT LIKE 'ok:%') AS is_valid_raised
FROM bad_input b CROSS JOIN calls c;

DROP TABLE bad_input, calls;
