-- sudoku_candidates: pencil marks from the givens alone, one row per blank cell.
-- The classic puzzle; the rows of the first row of the grid, checked by hand:
--   r1c3: row 1 holds 5 3 7, column 3 holds 8, box 1 holds 5 3 6 9 8  -> 1 2 4
--   r1c4: row 1 holds 5 3 7, column 4 holds 1 4 8, box 2 holds 7 1 9 5 -> 2 6
--   r1c9: row 1 holds 5 3 7, column 9 holds 3 1 6 5 9, box 3 holds 6   -> 2 4 8
SELECT cell, "row", col, box, mask, mask::bit(9) AS bits, candidates, count
FROM sudoku_candidates('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79')
WHERE "row" = 1
ORDER BY cell;

-- Every blank cell gets a row, in cell order, and count is the size of candidates.
SELECT count(*) AS blanks,
       bool_and(count = cardinality(candidates)) AS counts_agree,
       bool_and(mask = (SELECT sum(1 << (d - 1)) FROM unnest(candidates) AS d)) AS masks_agree,
       min(count) AS fewest, max(count) AS most
FROM sudoku_candidates('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');

-- The cells with the fewest candidates: where an MRV search would branch first.
SELECT cell, "row", col, candidates
FROM sudoku_candidates('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79')
ORDER BY count, cell
LIMIT 5;

-- The contest layout gives the same rows.
SELECT count(*) FROM (
  SELECT * FROM sudoku_candidates('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79')
  EXCEPT
  SELECT * FROM sudoku_candidates(E'53??7????\n6??195???\n?98????6?\n8???6???3\n4??8?3??1\n7???2???6\n?6????28?\n???419??5\n????8??79')
) AS differ;

-- An empty grid: 81 rows, every digit possible; a full grid: no rows; NULL: no rows.
SELECT count(*), min(mask), max(mask) FROM sudoku_candidates(repeat('.', 81));
SELECT count(*) FROM sudoku_candidates('534678912672195348198342567859761423426853791713924856961537284287419635345286179');
SELECT count(*) FROM sudoku_candidates(NULL);

-- Candidates can be empty without any contradiction among the givens: r1c9 here.
SELECT cell, candidates, count FROM sudoku_candidates('12345678.........9' || repeat('.', 63)) WHERE count = 0;
