-- Any database encoding: every argument is read in the database's encoding, converted
-- to UTF-8 where its characters mean something (captions), refused with 22P02 and a
-- DETAIL where they cannot be part of a puzzle; results come back in the database's
-- encoding. Each encoding in a database of its own, as an ordinary role (the extension
-- is trusted), with the calls of encodings.inc and a caption of its letters (the
-- setting sudoku.label); the client speaks UTF-8 throughout.
\set regress_db :DBNAME
-- The calls, from the file beside this one (SUDOKU_REGRESS_DIR, set by scripts/test.sh),
-- run as the text of a variable (an included file would put its path in every error),
-- each call echoed as sent.
\set calls `cat "$SUDOKU_REGRESS_DIR/sql/encodings.inc"`
CREATE ROLE sudoku_enc LOGIN NOSUPERUSER;
CREATE DATABASE sudoku_enc_latin1 OWNER sudoku_enc ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
CREATE DATABASE sudoku_enc_win1252 OWNER sudoku_enc ENCODING 'WIN1252' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
CREATE DATABASE sudoku_enc_sql_ascii OWNER sudoku_enc ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
CREATE DATABASE sudoku_enc_euc_jp OWNER sudoku_enc ENCODING 'EUC_JP' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;

\c 'dbname=sudoku_enc_latin1 user=sudoku_enc client_encoding=UTF8'
CREATE EXTENSION sudoku_ext;
SELECT set_config('sudoku.label', 'é', false) AS label;
\set ECHO queries
:calls
\set ECHO all

\c 'dbname=sudoku_enc_win1252 user=sudoku_enc client_encoding=UTF8'
CREATE EXTENSION sudoku_ext;
SELECT set_config('sudoku.label', 'Noël', false) AS label;
\set ECHO queries
:calls
\set ECHO all

-- SQL_ASCII states no encoding: text that is UTF-8 is read as UTF-8 (the caption
-- below), other bytes are refused with a DETAIL naming the byte.
\c 'dbname=sudoku_enc_sql_ascii user=sudoku_enc client_encoding=UTF8'
CREATE EXTENSION sudoku_ext;
SELECT set_config('sudoku.label', 'é', false) AS label;
\set ECHO queries
:calls
\set ECHO all
SELECT * FROM sudoku_svg_pages(ARRAY[E'\xe9']);
SELECT * FROM sudoku_svg_pages(ARRAY['53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'], ARRAY[E'\xe9']);
SELECT sudoku_solve(E'\xe9'), sudoku_is_valid(E'\xe9');

\c 'dbname=sudoku_enc_euc_jp user=sudoku_enc client_encoding=UTF8'
CREATE EXTENSION sudoku_ext;
SELECT set_config('sudoku.label', '数独', false) AS label;
\set ECHO queries
:calls
\set ECHO all

\c :regress_db postgres
DROP DATABASE sudoku_enc_latin1;
DROP DATABASE sudoku_enc_win1252;
DROP DATABASE sudoku_enc_sql_ascii;
DROP DATABASE sudoku_enc_euc_jp;
DROP ROLE sudoku_enc;
