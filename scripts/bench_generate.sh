#!/usr/bin/env bash
# Graded generation against QQWing, in the same run: QQWing's levels are timed with
# `qqwing --generate N --difficulty D --symmetry S` and rated with our rater (to map
# each level to ER bands), then our generator makes puzzles in each ER band with the
# same symmetry (tools/src/cmd/generate_bench.rs). Prints both tables.
#
# Usage: scripts/bench_generate.sh [N] [SYMMETRY...]   (default 200 puzzles per level, none rotate180)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
N="${1:-200}"
shift || true
SYMMETRIES=("${@:-none rotate180}")
command -v qqwing >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qqwing >/dev/null; }
cd "$ROOT"
cargo build --release -q -p sudoku_tools
out="$(mktemp -d)"
echo -e "qqwing_level\tsymmetry\tpuzzles\tms_per_puzzle\tER<=2\tER2.1-4\tER4.1-6.2\tER6.3-8\tER>=8.1"
for sym in ${SYMMETRIES[*]}; do
    for level in simple easy intermediate expert; do
        t0=$(date +%s.%N)
        qqwing --generate "$N" --difficulty "$level" --symmetry "$sym" --one-line > "$out/$level.txt"
        t1=$(date +%s.%N)
        ms=$(awk "BEGIN { printf \"%.2f\", ($t1 - $t0) * 1000 / $N }")
        "$TOOLS_BIN" rate_times "$out/$level.txt" --runs 1 | awk -F'\t' -v l="$level" -v s="$sym" -v n="$N" -v ms="$ms" '
            { r = $2 + 0; if (r <= 2.0) a++; else if (r <= 4.0) b++; else if (r <= 6.2) c++; else if (r <= 8.0) d++; else e++ }
            END { printf "%s\t%s\t%d\t%s\t%d\t%d\t%d\t%d\t%d\n", l, s, n, ms, a, b, c, d, e }'
    done
done
for sym in ${SYMMETRIES[*]}; do
    "$TOOLS_BIN" generate_bench --per "$((N / 10 > 5 ? N / 10 : 5))" --symmetry "$sym" --puzzles "$out/ours_$sym.tsv"
done
# A sample of our puzzles rated again by Sukaku Explainer (when ../shared/tools is there).
serate="$ROOT/../shared/tools/serate/serate"
if [ -x "$serate" ]; then
    cat "$out"/ours_*.tsv > "$out/ours.tsv"
    "$serate" "$out/ours.tsv" | paste "$out/ours.tsv" - | awk -F'\t' '
        { n++; if ($2 == $4) same++; d = $2 - $4; if (d < 0) d = -d; if (d <= 0.2) near++ }
        END { printf "serate cross-check of the generated puzzles: %d puzzles, same rating %d, within 0.2 %d\n", n, same, near }'
fi
rm -rf "$out"
