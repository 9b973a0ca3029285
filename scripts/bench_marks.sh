#!/usr/bin/env bash
# Ratings of pencil-mark positions against Sukaku Explainer's (issue 29): positions made
# from ../shared/data/se_rated_dev.tsv by tools/src/bin/marks_positions.rs (per puzzle: the
# candidate grid the givens leave; the same with a random 0-60 % share of the candidates
# that are not the solution's removed; the position part way along the human path), each
# written as a 729-character line, rated by Sukaku Explainer v1.15.10 (its serate entry
# point called directly, since the shared wrapper cuts lines at 81 characters) and by
# sudoku_core as sudoku_rate rates the same text. Prints the agreement per kind and in
# all, every disagreement, and the time per position of both; exits 1 below 99 %.
#
# Usage: scripts/bench_marks.sh [PUZZLES [SEED]]   (defaults 100 and 29: 300 positions,
# about 3 minutes of Sukaku Explainer; needs ../shared/data and ../shared/tools and java)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PUZZLES="${1:-100}"
SEED="${2:-29}"
DATA="$ROOT/../shared/data"
JAR="$ROOT/../shared/tools/serate/SukakuExplainer-v1.15.10.jar"
command -v java >/dev/null || { echo "bench_marks: no java (apt-get install openjdk-17-jre-headless)" >&2; exit 2; }
cd "$ROOT"
cargo build --release -q -p sudoku_tools --bin marks_positions
tool=target/release/marks_positions
out="$(mktemp -d)"
"$tool" make "$DATA/se_rated_dev.tsv" --sample "$PUZZLES" --seed "$SEED" > "$out/positions.tsv"
cut -f2 "$out/positions.tsv" > "$out/lines.txt"
say "$(wc -l < "$out/lines.txt") positions: Sukaku Explainer"
t0=$(date +%s.%N)
java -Xmx2g -Xss8m -XX:+UseSerialGC -cp "$JAR" diuf.sudoku.test.serate --threads=1 --format='%r' \
    --input="$out/lines.txt" > "$out/serate.txt"
t1=$(date +%s.%N)
say "sudoku_core"
"$tool" rate "$out/positions.tsv" > "$out/ours.tsv"
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
