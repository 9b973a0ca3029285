-- Upgrades: a database that created the first released version (0.1.0) and ran
-- ALTER EXTENSION ... UPDATE has the same functions, with the same signatures,
-- properties and comments, as one that created the current version. (scripts/test.sh
-- also runs every regression test again in such an upgraded database.)
-- The extension's functions as the catalog describes them, read afresh at each use.
CREATE TEMP VIEW ext_functions AS
SELECT p.oid::regprocedure::text AS signature, pg_get_function_arguments(p.oid) AS arguments,
       pg_get_function_result(p.oid) AS result,
       p.provolatile, p.proisstrict, p.proparallel, p.procost, p.prorows, p.prosrc,
       obj_description(p.oid, 'pg_proc') AS comment
FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'sudoku_ext';

CREATE TABLE fresh AS SELECT * FROM ext_functions;

SELECT extversion FROM pg_extension WHERE extname = 'sudoku_ext';
DROP EXTENSION sudoku_ext;
CREATE EXTENSION sudoku_ext VERSION '0.1.0';
SELECT signature AS functions_of_0_1_0 FROM ext_functions ORDER BY 1;
SELECT sudoku_solve('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');

ALTER EXTENSION sudoku_ext UPDATE;
SELECT extversion FROM pg_extension WHERE extname = 'sudoku_ext';

CREATE TABLE upgraded AS SELECT * FROM ext_functions;

-- No difference either way, and the same number of functions.
SELECT (SELECT count(*) FROM fresh) AS fresh, (SELECT count(*) FROM upgraded) AS upgraded,
       (SELECT count(*) FROM (SELECT * FROM fresh EXCEPT SELECT * FROM upgraded) x) AS only_fresh,
       (SELECT count(*) FROM (SELECT * FROM upgraded EXCEPT SELECT * FROM fresh) x) AS only_upgraded;
SELECT sudoku_count_solutions('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
DROP TABLE fresh, upgraded;
