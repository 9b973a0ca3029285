#!/usr/bin/env bash
# Ratings of pencil-mark positions against Sukaku Explainer's (issue 29): positions made
# from ../shared/data/se_rated_dev.tsv by tools/src/cmd/marks_positions.rs (per puzzle: the
# candidate grid the givens leave; the same with a random 0-60 % share of the candidates
# that are not the solution's removed; the position part way along the human path), each
# written as a 729-character line, rated by Sukaku Explainer v1.15.10 (its serate entry
# point called directly, since the shared wrapper cuts lines at 81 characters) and by
# sudoku_core as sudoku_rate rates the same text. Prints the agreement per kind and in
# all, every disagreement, and the time per position of both; exits 1 below 99 %.
#
# Usage: scripts/bench_marks.sh [PUZZLES [SEED]]   (defaults 100 and 29: 300 positions,
# about 3 minutes of Sukaku Explainer; needs ../shared/data and ../shared/tools and java)
#
# Cost (issue 29's target: rating, hinting and solving a pencil-mark grid cost no more than
# the same for its puzzle): scripts/bench_marks.sh cost [PUZZLES [RUNS]] (defaults 200 and
# 7) times, for PUZZLES puzzles of se_rated_dev.tsv and their candidate grids written as
# 729-character lines, what sudoku_solve, sudoku_hint and sudoku_rate do with each text:
#   1. in the core, without PostgreSQL (marks_positions compare): microseconds a text;
#   2. through SQL (the release build installed, a throwaway cluster): one query over the
#      puzzles, then the same over their marks, RUNS times alternated; milliseconds a query.
# Both report the median run of each and the ratio marks / puzzle. Installs the extension:
# run it under the lock, `flock /tmp/sudoku_ext_pg.lock scripts/bench_marks.sh cost`
# (SUDOKU_SKIP_INSTALL=1 uses the installed build).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
if [ "${1:-}" = cost ]; then
    PUZZLES="${2:-200}"
    RUNS="${3:-7}"
    DATA="$ROOT/../shared/data/se_rated_dev.tsv"
    cd "$ROOT"
    cargo build --release -q -p sudoku_tools
    say "core, without PostgreSQL: $PUZZLES puzzles, $RUNS runs alternated, median run (us a text)"
    "$TOOLS_BIN" marks_positions compare "$DATA" --sample "$PUZZLES" --runs "$RUNS"
    [ "${SUDOKU_SKIP_INSTALL:-}" = 1 ] || install_extension
    start_cluster
    psql_pg -q -c "CREATE EXTENSION sudoku_ext"
    "$TOOLS_BIN" marks_positions pairs "$DATA" --sample "$PUZZLES" > "$PGTMP/pairs.tsv"
    chmod 644 "$PGTMP/pairs.tsv"
    psql_pg -q -c "CREATE TABLE pairs (puzzle text, marks text)" \
        -c "\\copy pairs FROM '$PGTMP/pairs.tsv'" -c "VACUUM ANALYZE pairs"
    say "through SQL: $PUZZLES rows, $RUNS runs alternated, median run (ms a query)"
    printf 'operation\trows\truns\tpuzzle_ms\tmarks_ms\tratio\n'
    for op in solve hint rate; do
        case "$op" in
            solve) q='SELECT count(sudoku_solve(%s)) FROM pairs' ;;
            hint) q='SELECT count(*) FROM pairs, sudoku_hint(pairs.%s)' ;;
            rate) q='SELECT count(sudoku_rate(%s)) FROM pairs' ;;
        esac
        {
            echo '\timing on'
            printf "$q;\n" puzzle marks # one untimed warm-up of each
            for _ in $(seq "$RUNS"); do printf "$q;\n$q;\n" puzzle marks; done
        } | psql_pg -q 2>&1 | awk '/^Time:/ {print $2}' | tail -n +3 |
            awk -v op="$op" -v rows="$PUZZLES" -v runs="$RUNS" '
                NR % 2 == 1 { a[++na] = $1 } NR % 2 == 0 { b[++nb] = $1 }
                function median(x, n,   i, j, t) {
                    for (i = 2; i <= n; i++) for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
                    return x[int((n + 1) / 2)]
                }
                END { pa = median(a, na); pb = median(b, nb); printf "%s\t%d\t%d\t%.2f\t%.2f\t%.3f\n", op, rows, runs, pa, pb, pb / pa }'
    done
    stop_cluster
    exit 0
fi
PUZZLES="${1:-100}"
SEED="${2:-29}"
DATA="$ROOT/../shared/data"
JAR="$ROOT/../shared/tools/serate/SukakuExplainer-v1.15.10.jar"
command -v java >/dev/null || { echo "bench_marks: no java (apt-get install openjdk-17-jre-headless)" >&2; exit 2; }
cd "$ROOT"
cargo build --release -q -p sudoku_tools
out="$(mktemp -d)"
"$TOOLS_BIN" marks_positions make "$DATA/se_rated_dev.tsv" --sample "$PUZZLES" --seed "$SEED" > "$out/positions.tsv"
cut -f2 "$out/positions.tsv" > "$out/lines.txt"
say "$(wc -l < "$out/lines.txt") positions: Sukaku Explainer"
t0=$(date +%s.%N)
java -Xmx2g -Xss8m -XX:+UseSerialGC -cp "$JAR" diuf.sudoku.test.serate --threads=1 --format='%r' \
    --input="$out/lines.txt" > "$out/serate.txt"
t1=$(date +%s.%N)
say "sudoku_core"
"$TOOLS_BIN" marks_positions rate "$out/positions.tsv" > "$out/ours.tsv"
paste "$out/positions.tsv" "$out/ours.tsv" "$out/serate.txt" |
    awk -F'\t' -v se_s="$(awk "BEGIN { print $t1 - $t0 }")" '
        { kind = $1; ours = $4; theirs = $6 + 0; n[kind]++; total++; ms += $5
          if (ours != "-" && ours + 0 == theirs) { same[kind]++; agree++ }
          else bad[++nbad] = kind "\t" ours "\t" sprintf("%.1f", theirs) "\t" $2 }
        END {
          printf "kind\tpositions\tsame_rating\n"
          for (k in n) printf "%s\t%d\t%d (%.1f %%)\n", k, n[k], same[k], 100 * same[k] / n[k]
          printf "all\t%d\t%d (%.1f %%)\n", total, agree, 100 * agree / total
          printf "time per position: Sukaku Explainer %.1f ms (one JVM, start-up included), sudoku_core %.2f ms\n", 1000 * se_s / total, ms / total
          if (nbad) { print "disagreements (kind, ours, Sukaku Explainer, position):"; for (i = 1; i <= nbad; i++) print bad[i] }
          exit (agree >= 0.99 * total) ? 0 : 1
        }'
