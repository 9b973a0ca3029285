-- Trust: sudoku_ext is a trusted extension, so a database owner who is not a
-- superuser can install it. Its functions are C functions over their arguments alone:
-- none is SECURITY DEFINER, none sets a configuration, none calls SQL, so none depends
-- on the caller's search_path, reads a file or opens a connection.
\set regress_db :DBNAME
SELECT extname, (SELECT rolsuper FROM pg_roles WHERE oid = extowner) AS owner_is_superuser
FROM pg_extension WHERE extname = 'sudoku_ext';
SELECT count(*) AS functions,
       count(*) FILTER (WHERE l.lanname = 'c') AS in_c,
       count(*) FILTER (WHERE p.prosecdef) AS security_definer,
       count(*) FILTER (WHERE p.proconfig IS NOT NULL) AS with_settings
FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'sudoku_ext';

CREATE ROLE sudoku_owner LOGIN NOSUPERUSER;
CREATE DATABASE sudoku_trust OWNER sudoku_owner;
\c sudoku_trust sudoku_owner
SELECT current_user, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser;
CREATE EXTENSION sudoku_ext;
SELECT sudoku_solve('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');

-- A hostile search_path changes nothing: the functions call no SQL.
CREATE SCHEMA hostile;
CREATE FUNCTION hostile.length(text) RETURNS int LANGUAGE sql AS 'SELECT 0';
CREATE FUNCTION hostile.regexp_replace(text, text, text, text) RETURNS text LANGUAGE sql AS 'SELECT ''x''';
SET search_path = hostile, public;
SELECT public.sudoku_solve('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
SELECT public.sudoku_count_solutions(repeat('.', 81), 5), public.sudoku_is_valid('x');
RESET search_path;
DROP EXTENSION sudoku_ext;
\c :regress_db postgres
DROP DATABASE sudoku_trust;
DROP ROLE sudoku_owner;
