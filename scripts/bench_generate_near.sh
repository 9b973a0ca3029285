#!/usr/bin/env bash
# Generation at the top (issue 28's last target): from each of ten puzzles of
# ../shared/data/se_rated_hardest_dev.tsv rated 10.6 or more (published ER), ten distinct puzzles rated
# 10.0 or more, on one core; the target is a median under a minute. The search is
# sudoku_core::near, as sudoku_generate(10, seed, min_rating => ..., near => puzzle) runs it
# (tools/src/cmd/generate_near.rs times it in the core, without PostgreSQL around it).
#
# Three runs: the target's range rated (10.0 to 19.9: 20.0, "the engine cannot finish", is not a
# rating), 9.0 to 19.9, what any version of the engine reaches, and 10.0 to 20. Extra arguments go to both
# runs (--seed S, --budget B, --symmetry S, --print).
#
# Usage: scripts/bench_generate_near.sh [generate_near options]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
data="$ROOT/../shared/data/se_rated_hardest_dev.tsv"
[ -f "$data" ] || { echo "no $data: nothing to measure" >&2; exit 1; }
cargo build --release -q -p sudoku_tools
echo "== the target: 10 puzzles rated 10.0 to 19.9 near each of 10 puzzles rated 10.6 or more"
taskset -c 0 "$TOOLS_BIN" generate_near "$data" --starts 10 --from 10.6 --count 10 --min 10.0 --max 19.9 "$@"
echo "== the same near the same puzzles, 9.0 to 19.9"
taskset -c 0 "$TOOLS_BIN" generate_near "$data" --starts 10 --from 10.6 --count 10 --min 9.0 --max 19.9 "$@"
echo "== the same, 10.0 to 20 (20.0 in the range, as max_rating 20 counts it)"
taskset -c 0 "$TOOLS_BIN" generate_near "$data" --starts 10 --from 10.6 --count 10 --min 10.0 --max 20 "$@"
