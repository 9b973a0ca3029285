#!/usr/bin/env bash
# The benchmarks behind benchmarks/README.md, in one command. Needs ../shared/data (the two
# public puzzle sets); installs whatever is missing, like the other scripts.
#   1. core vs the sudoku crate (same run, alternating, medians): every dataset, both
#      modes (tools/src/cmd/compare.rs); then the criterion benches (core/benches/solver.rs)
#   2. inside PostgreSQL: SELECT count(sudoku_solve(puzzle)) over the 49,158 17-clue
#      puzzles with 0 and 2 parallel workers, against a trivial function over the same
#      rows (the floor) and the core solving the same text from memory; the SQL
#      references on samples
# Results go to benchmarks/results.tsv (and the chart to benchmarks/chart.svg).
#
# Usage: scripts/bench.sh [--runs N] [--sample N] [--no-criterion]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

RUNS=5
SAMPLE=10
CRITERION=1
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS="$2"; shift 2 ;;
        --sample) SAMPLE="$2"; shift 2 ;;
        --no-criterion) CRITERION=0; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
DATA="$ROOT/../shared/data"
[ -d "$DATA" ] || { echo "needs $DATA (puzzles2_17_clue.txt, puzzles6_forum_hardest_1106.txt)" >&2; exit 1; }
OUT="$ROOT/benchmarks"
mkdir -p "$OUT"
RESULTS="$OUT/results.tsv"
echo -e "group\tname\tvalue\tunit" >"$RESULTS"
echo -e "meta\tdate\t$(date -u +%Y-%m-%d)\t" >>"$RESULTS"
echo -e "meta\tsample\t$SAMPLE\tpuzzles" >>"$RESULTS"
record() { echo -e "$1\t$2\t$3\t$4" >>"$RESULTS"; printf '%-28s %-48s %12s %s\n' "$1" "$2" "$3" "$4"; }

ensure_toolchain
cd "$ROOT"
GEN="$(mktemp /tmp/sudoku_gen.XXXXXX)"
cargo run --release -q -p sudoku_tools -- generate 10000 2026 >"$GEN" 2>/dev/null
chmod 644 "$GEN"

say "core vs the sudoku crate, medians of $((RUNS + 2)) alternating runs"
for set in "17-clue:$DATA/puzzles2_17_clue.txt" "hardest-1106:$DATA/puzzles6_forum_hardest_1106.txt" "generated:$GEN"; do
    name="${set%%:*}"
    file="${set#*:}"
    for limit in 1 2; do
        line="$(cargo run --release -q -p sudoku_tools -- compare "$file" --limit $limit --runs $((RUNS + 2)))"
        ours="$(echo "$line" | sed -E 's/.*sudoku_core ([0-9.]+) us.*/\1/')"
        peer="$(echo "$line" | sed -E 's/.*sudoku crate ([0-9.]+) us.*/\1/')"
        ratio="$(echo "$line" | sed -E 's/.*ratio ([0-9.]+).*/\1/')"
        record "core limit $limit" "$name sudoku_core" "$ours" "us/puzzle"
        record "core limit $limit" "$name sudoku crate" "$peer" "us/puzzle"
        record "core limit $limit" "$name ratio" "$ratio" "x"
    done
done
TEXT_US="$(cargo run --release -q -p sudoku_tools -- text_solve "$DATA/puzzles2_17_clue.txt" --runs $((RUNS + 2)))"
record "core text" "17-clue parse+solve+render" "$TEXT_US" "us/puzzle"

if [ "$CRITERION" = 1 ]; then
    say "criterion benches (core/benches/solver.rs)"
    cargo bench -q -p sudoku_core --bench solver 2>/dev/null | grep -E "^[a-zA-Z0-9].*|time:|thrpt:" >"$OUT/criterion.txt" || true
    echo "criterion summary in benchmarks/criterion.txt"
fi

say "inside PostgreSQL"
install_extension
SUDOKU_PGOPTS="-c shared_buffers=256MB -c max_worker_processes=8 -c max_parallel_workers=8" start_cluster
psql_pg -q -c "CREATE DATABASE bench" >/dev/null
psql_db() { psql_pg -d bench "$@"; }
psql_db -q -c "CREATE EXTENSION sudoku_ext"
for t in "t17:$DATA/puzzles2_17_clue.txt" "thard:$DATA/puzzles6_forum_hardest_1106.txt" "tgen:$GEN"; do
    table="${t%%:*}"
    file="${t#*:}"
    psql_db -q -c "CREATE TABLE $table (id serial PRIMARY KEY, puzzle text)"
    psql_pg -d bench -q -c "\\copy $table (puzzle) FROM '$file'"
    psql_db -q -c "VACUUM ANALYZE $table"
done

# Median of $RUNS timings (psql's \timing) of one query under some settings.
time_sql() {
    local settings="$1" query="$2" i
    {
        echo "$settings"
        echo "\\timing on"
        for i in $(seq 1 "$RUNS"); do echo "$query;"; done
    } | psql_db -q 2>&1 | awk '/^Time:/ {print $2}' | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}
SERIAL="SET max_parallel_workers_per_gather = 0;"
PARALLEL="SET max_parallel_workers_per_gather = 2; SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;"
N17="$(psql_db -Atc "SELECT count(*) FROM t17")"
floor_ms="$(time_sql "$SERIAL" "SELECT count(length(puzzle)) FROM t17")"
serial_ms="$(time_sql "$SERIAL" "SELECT count(sudoku_solve(puzzle)) FROM t17")"
parallel_ms="$(time_sql "$PARALLEL" "SELECT count(sudoku_solve(puzzle)) FROM t17")"
workers="$(echo "$PARALLEL EXPLAIN (ANALYZE, COSTS OFF) SELECT count(sudoku_solve(puzzle)) FROM t17;" | psql_db -q | grep -o 'Workers Launched: [0-9]*' | head -1)"
record "sql 17-clue" "rows" "$N17" "puzzles"
record "sql 17-clue" "floor: count(length(puzzle)), 0 workers" "$floor_ms" "ms"
record "sql 17-clue" "count(sudoku_solve(puzzle)), 0 workers" "$serial_ms" "ms"
record "sql 17-clue" "count(sudoku_solve(puzzle)), 2 workers" "$parallel_ms" "ms"
record "sql 17-clue" "parallel plan" "${workers:-no workers}" ""
core_ms="$(awk "BEGIN { printf \"%.1f\", $TEXT_US * $N17 / 1000 }")"
record "sql 17-clue" "core from memory, text in and out" "$core_ms" "ms"
record "sql 17-clue" "in-database cost / core (target <= 1.15)" "$(awk "BEGIN { printf \"%.3f\", $serial_ms / $core_ms }")" "x"
record "sql 17-clue" "in-database cost less the floor / core" "$(awk "BEGIN { printf \"%.3f\", ($serial_ms - $floor_ms) / $core_ms }")" "x"
record "sql 17-clue" "parallel speed-up (target >= 1.7)" "$(awk "BEGIN { printf \"%.2f\", $serial_ms / $parallel_ms }")" "x"
for t in thard tgen; do
    ms="$(time_sql "$SERIAL" "SELECT count(sudoku_solve(puzzle)) FROM $t")"
    n="$(psql_db -Atc "SELECT count(*) FROM $t")"
    record "sql $t" "count(sudoku_solve(puzzle)), 0 workers, per puzzle" "$(awk "BEGIN { printf \"%.2f\", $ms * 1000 / $n }")" "us/puzzle"
done

say "the SQL references on samples of $SAMPLE puzzles (statement_timeout 600 s)"
for t in t17 thard tgen; do
    psql_db -q -c "CREATE TABLE sample_$t AS SELECT id, sudoku_format(puzzle, 'contest')::varchar(255) AS puzzle FROM $t ORDER BY id LIMIT $SAMPLE"
    ext_ms="$(time_sql "$SERIAL" "SELECT count(sudoku_solve(puzzle)) FROM sample_$t")"
    record "references $t" "sudoku_solve, per puzzle" "$(awk "BEGIN { printf \"%.3f\", $ext_ms / $SAMPLE }")" "ms/puzzle"
    for ref in naked_mrv hidden_mrv; do
        query="$(sed -e 's/;[[:space:]]*$//' "$ROOT/sql/reference/$ref.sql")"
        ms="$({
            echo "SET statement_timeout = '600s'; SET work_mem = '64MB';"
            echo "CREATE SCHEMA IF NOT EXISTS s_$t; DROP TABLE IF EXISTS s_$t.sudoku9_9; CREATE TABLE s_$t.sudoku9_9 AS SELECT * FROM sample_$t;"
            echo "SET search_path = s_$t, public;"
            echo "\\timing on"
            echo "SELECT count(*) FROM ($query) AS solved;"
        } | psql_db -q 2>&1 | awk '/^Time:/ {print $2}' | tail -1)"
        if [ -z "$ms" ]; then
            record "references $t" "$ref, per puzzle" "timed out" ""
        else
            record "references $t" "$ref, per puzzle" "$(awk "BEGIN { printf \"%.1f\", $ms / $SAMPLE }")" "ms/puzzle"
            record "references $t" "$ref / sudoku_solve" "$(awk "BEGIN { printf \"%.0f\", $ms / $ext_ms }")" "x"
        fi
    done
done
stop_cluster
rm -f "$GEN"
python3 "$ROOT/scripts/chart.py" "$RESULTS" "$OUT/chart.svg"
python3 "$ROOT/scripts/bench_tables.py" "$RESULTS" "$ROOT/benchmarks/README.md"
echo "results: benchmarks/results.tsv, chart: benchmarks/chart.svg" >&2
