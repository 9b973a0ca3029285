#!/usr/bin/env bash
# Ratings against Sukaku Explainer (../shared/tools/serate, one warm JVM, one thread) on
# the same puzzles in the same run: agreement on the whole of ../shared/data/se_rated_dev.tsv
# (tools/src/cmd/rating_check.rs), the hardest set (every puzzle >= 9.0), and the time
# per puzzle per ER band (< 4, 4 to 6.2, 6.2 to 8, > 8) on SAMPLE puzzles a band, with
# their ratio. Then `SELECT count(sudoku_rate(puzzle))` over 10,000 generated puzzles in
# PostgreSQL with 0 and 2 parallel workers.
#
# How Sukaku Explainer is timed: its own per-puzzle times are in hundredths of a second,
# truncated, too coarse for easy puzzles, and its JIT keeps warming up over the first
# rounds of a band. So each band is rated by two JVMs: one over warm-up puzzles then the
# band once (A), one over the same warm-up then the band 1 + K times (B). B - A is K rounds
# of the band in a JVM already warmed by the warm-up and a first round of the band: the
# time per puzzle is (B - A) / (K x SAMPLE), JVM start-up and JIT warm-up cancelling out.
# K is chosen per band so that the K rounds take tens of seconds; each pair is run REPEAT
# times and the median taken. Ours: the median of five ratings per puzzle, one thread,
# summed over the band; timed once after each pair of Sukaku Explainer runs (so both
# programs are sampled across the same minutes, the machine being shared and its speed
# drifting) and the median of the REPEAT times taken.
#
# The two tables go to benchmarks/rating_agreement.tsv and benchmarks/rating_speed.tsv,
# and scripts/rating_chart.py draws them into benchmarks/rating.svg (benchmarks/README.md shows it).
#
# Usage: scripts/bench_rating.sh [SAMPLE [REPEAT]]   (defaults 20 and 3; needs ../shared/data
# and ../shared/tools)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
SAMPLE="${1:-20}"
REPEAT="${2:-3}"
DATA="$ROOT/../shared/data"
SERATE="$ROOT/../shared/tools/serate/serate"
cd "$ROOT"
cargo build --release -q -p sudoku_tools
out="$(mktemp -d)"
say "agreement with serate's ratings (se_rated_dev.tsv, every puzzle)"
"$TOOLS_BIN" rating_check "$DATA/se_rated_dev.tsv" | tee "$out/agreement.tsv" || true
say "the hardest set: every puzzle rated 9.0 or more"
"$TOOLS_BIN" rating_check "$DATA/puzzles6_forum_hardest_1106.txt" --at-least 9.0 | head -1 || true
say "time per puzzle per band, serate and sudoku_core on the same $SAMPLE puzzles a band"
# SAMPLE puzzles of each band, spread over the band's ratings.
awk -F'\t' -v n="$SAMPLE" '
    { r = $2 + 0; b = (r < 4.0) ? 1 : (r <= 6.2) ? 2 : (r <= 8.0) ? 3 : 4; line[b, ++count[b]] = $1 }
    END { for (b = 1; b <= 4; b++) { step = count[b] / n; for (i = 0; i < n; i++) print b "\t" line[b, int(i * step) + 1] } }' \
    "$DATA/se_rated_dev.tsv" > "$out/sample.tsv"
# The warm-up puzzles are others than those timed: every 47th of the rated set below ER 7
# (harder ones would only lengthen both runs: the band's own first round finishes warming).
awk -F'\t' 'NR % 47 == 20 && $2 < 7.0 && n < 40 { print $1; n++ }' "$DATA/se_rated_dev.tsv" > "$out/warmup.txt"
wall() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N); awk "BEGIN { print $t1 - $t0 }"; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
rounds=(0 60 20 8 2)   # K per band
printf 'band\tpuzzles\tsame_rating\tserate_ms\tsudoku_core_ms\tfaster_by\n' | tee "$out/speed.tsv"
for b in 1 2 3 4; do
    awk -F'\t' -v b="$b" '$1 == b { print $2 }' "$out/sample.tsv" > "$out/band.txt"
    k=${rounds[$b]}
    cat "$out/warmup.txt" "$out/band.txt" > "$out/a.txt"
    { cat "$out/warmup.txt"; for ((i = 0; i <= k; i++)); do cat "$out/band.txt"; done; } > "$out/b.txt"
    : > "$out/se_ms"
    : > "$out/ours_ms"
    for ((i = 0; i < REPEAT; i++)); do
        ta="$(wall "$SERATE" "$out/a.txt")"
        tb="$(wall "$SERATE" "$out/b.txt")"
        awk "BEGIN { print ($tb - $ta) * 1000 / ($k * $SAMPLE) }" >> "$out/se_ms"
        "$TOOLS_BIN" rate_times "$out/band.txt" > "$out/ours.tsv"
        awk -F'\t' '{ us += $3 } END { printf "%.4f\n", us / NR / 1000 }' "$out/ours.tsv" >> "$out/ours_ms"
    done
    se="$(median < "$out/se_ms")"
    ours="$(median < "$out/ours_ms")"
    "$SERATE" "$out/band.txt" > "$out/serate.tsv"
    paste "$out/serate.tsv" "$out/ours.tsv" | awk -F'\t' -v b="$b" -v se="$se" -v o="$ours" \
        -v runs="$(tr '\n' ' ' < "$out/se_ms")" -v oruns="$(tr '\n' ' ' < "$out/ours_ms")" '
        { n++; same += ($2 == $4) }
        END { split("< 4|4 to 6.2|6.2 to 8|> 8", name, "|");
              printf "%s\t%d\t%d\t%.1f\t%.3f\t%.0fx\t(serate runs, ms: %s; ours: %s)\n", name[b], n, same, se, o, se / o, runs, oruns }' |
        tee -a "$out/speed.tsv"
done
mkdir -p "$ROOT/benchmarks"
cp "$out/agreement.tsv" "$ROOT/benchmarks/rating_agreement.tsv"
cp "$out/speed.tsv" "$ROOT/benchmarks/rating_speed.tsv"
python3 "$ROOT/scripts/rating_chart.py" "$ROOT/benchmarks/rating_agreement.tsv" "$ROOT/benchmarks/rating_speed.tsv" \
    "$ROOT/benchmarks/rating.svg"
echo "tables: benchmarks/rating_agreement.tsv, benchmarks/rating_speed.tsv; chart: benchmarks/rating.svg" >&2
say "sudoku_rate over 10,000 generated puzzles in PostgreSQL"
# This tree's build, not whatever an earlier run left installed.
install_extension
start_cluster
# A table of 10,000 rows is far below min_parallel_table_scan_size: parallel_workers on the
# table lets the planner weigh a parallel scan all the same (sudoku_rate's COST makes it win).
psql_pg -q -c "CREATE EXTENSION sudoku_ext" -c "CREATE TABLE p AS SELECT puzzle FROM sudoku_generate(10000, 2026)" \
    -c "ALTER TABLE p SET (parallel_workers = 2)" -c "ANALYZE p"
for workers in 0 2; do
    ms="$(psql_pg -At -c "SET max_parallel_workers_per_gather = $workers" -c "SET parallel_setup_cost = 0" \
        -c '\timing on' -c "SELECT count(sudoku_rate(puzzle)) FROM p" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p')"
    echo "count(sudoku_rate(puzzle)) over 10,000 rows, $workers workers: $ms ms"
done
psql_pg -c "SET max_parallel_workers_per_gather = 2" -c "EXPLAIN (COSTS OFF) SELECT count(sudoku_rate(puzzle)) FROM p"
stop_cluster
rm -rf "$out"
