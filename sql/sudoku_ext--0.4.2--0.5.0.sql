-- sudoku_ext 0.4.2 -> 0.5.0: see CHANGELOG.md. Each part below says what it adds.
-- FROZEN once released: change the extension through a new upgrade script.

\echo Use "ALTER EXTENSION sudoku_ext UPDATE TO '0.5.0'" to load this file. \quit
