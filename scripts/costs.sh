#!/usr/bin/env bash
# Measures each function's time per call against a built-in function of COST 1
# (length(text)), the unit PostgreSQL's planner counts function costs in, and prints
# the ratio: the COST the function should declare. The COSTs in src/lib.rs and the
# upgrade scripts are these figures, rounded (see docs/functions.md, "Function costs").
#
# Usage: scripts/costs.sh [ROWS]   (default 20000 generated puzzles; the extension must be
#                                   installed, as scripts/test.sh or demo.sh leave it)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROWS="${1:-20000}"
start_cluster
psql_pg -q -c "CREATE EXTENSION sudoku_ext"
psql_pg -q -c "CREATE TABLE p AS SELECT puzzle, solution FROM sudoku_generate($ROWS, 7)"
psql_pg -q -c "CREATE TABLE hard AS SELECT puzzle FROM sudoku_generate(200, 8)"
# The median of five runs of a query, in ms, with no parallel workers and no JIT.
time_ms() {
    local i out times=()
    for i in 1 2 3 4 5; do
        out="$(psql_pg -At -c "SET max_parallel_workers_per_gather = 0" -c "SET jit = off" -c '\timing on' -c "$1" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p')"
        times+=("$out")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 3p
}
base="$(time_ms "SELECT count(*) FROM p")"
unit="$(time_ms "SELECT count(length(puzzle)) FROM p")"
per_unit="$(awk "BEGIN { print ($unit - $base) / $ROWS }")"
printf '%-52s %12s %10s\n' "call (per row of $ROWS)" "ms per call" "COST"
printf '%-52s %12.6f %10s\n' "length(puzzle) (built-in, COST 1)" "$per_unit" 1
measure() {
    local label="$1" query="$2" rows="$3" ms per
    ms="$(time_ms "$query")"
    per="$(awk "BEGIN { print ($ms - $base * $rows / $ROWS) / $rows }")"
    printf '%-52s %12.6f %10.0f\n' "$label" "$per" "$(awk "BEGIN { print $per / $per_unit }")"
}
measure "sudoku_solve" "SELECT count(sudoku_solve(puzzle)) FROM p" "$ROWS"
measure "sudoku_count_solutions (max_count 2)" "SELECT count(sudoku_count_solutions(puzzle)) FROM p" "$ROWS"
measure "sudoku_is_valid" "SELECT count(sudoku_is_valid(puzzle)) FROM p" "$ROWS"
measure "sudoku_format" "SELECT count(sudoku_format(puzzle)) FROM p" "$ROWS"
measure "sudoku_candidates (all rows of a call)" "SELECT count(*) FROM p, sudoku_candidates(puzzle)" "$ROWS"
measure "sudoku_solutions(puzzle, 10) (all rows)" "SELECT count(*) FROM p, sudoku_solutions(puzzle, 10)" "$ROWS"
measure "sudoku_search_trace (all rows)" "SELECT count(*) FROM p, sudoku_search_trace(puzzle)" "$ROWS"
measure "sudoku_generate(1) (one minimal puzzle)" "SELECT count(*) FROM generate_series(1, 2000) AS i, sudoku_generate(1, i)" 2000
measure "sudoku_hint" "SELECT count(*) FROM hard, sudoku_hint(puzzle)" 200
measure "sudoku_rate" "SELECT count(sudoku_rate(puzzle)) FROM hard" 200
measure "sudoku_steps (all rows)" "SELECT count(*) FROM hard, sudoku_steps(puzzle)" 200
measure "sudoku_stats" "SELECT count(sudoku_stats(puzzle)) FROM hard" 200
stop_cluster
