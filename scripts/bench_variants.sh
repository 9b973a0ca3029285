#!/usr/bin/env bash
# scripts/bench_variants.sh [COUNT] [REPEATS] — the variant engine against the Interactive Sudoku Solver
# (../shared/tools/iss/iss, node), on the same lines in the same run.
#
# Builds the collections at bench time (never committed): COUNT puzzles each of X, windoku, dg, anti-knight,
# anti-king, nc, jigsaw (one per layout of iss's VALID_JIGSAW_LAYOUTS), killer (iss's own killers from its data
# folder, then generated ones) and 16×16, all but iss's killers made by `sudoku-tools variants --make` (a random
# grid of the rules, givens removed while the solution stays unique). Then REPEATS times, per collection,
# `sudoku-tools variants FILE` and `iss FILE` (each line: count up to 2, ms); checks that the solutions and
# counts agree line by line; writes benchmarks/variants.tsv (per collection and repeat: both medians) and prints
# the table of benchmarks/README.md (per collection: puzzles, median ms per puzzle of each, the ratio of the
# medians over the repeats of each line).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
COUNT=${1:-25}
REPEATS=${2:-3}
ISS=${ISS:-$root/../shared/tools/iss/iss}
[ -x "$ISS" ] || ISS=/work/shared/tools/iss/iss
target=${CARGO_TARGET_DIR:-$root/target}
nice -n 10 cargo build --release -q -p sudoku_tools
tools="$target/release/sudoku-tools"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$(dirname "$ISS")"/interactive-sudoku-solver-*.tar.gz -C "$work"
data="$work/iss/data"

make_lines() { # NAME RULES SEED [--sixteen]
  local name=$1 rules=$2 seed=$3
  shift 3
  "$tools" variants --make "$rules" "$COUNT" "$seed" "$@" >"$work/$name.txt"
}
make_lines x x 1
make_lines windoku windoku 2
make_lines dg dg 3
make_lines anti-knight anti-knight 4
make_lines anti-king anti-king 5
make_lines nc nc 6
k=0
for map in $(python3 scripts/iss_variant_lines.py "$data" jigsaw-layouts "$COUNT"); do
  k=$((k + 1))
  "$tools" variants --make "jigsaw=$map" 1 "$k"
done >"$work/jigsaw.txt"
{
  python3 scripts/iss_variant_lines.py "$data" killer
  "$tools" variants --make killer "$COUNT" 8
} >"$work/killer.txt"
make_lines 16x16 classic 9 --sixteen
collections="x windoku dg anti-knight anti-king nc jigsaw killer 16x16"

for rep in $(seq "$REPEATS"); do
  for c in $collections; do
    nice -n 10 "$tools" variants "$work/$c.txt" >"$work/ours.$c.$rep"
    nice -n 10 "$ISS" "$work/$c.txt" >"$work/iss.$c.$rep"
    if ! diff <(grep -v '^#' "$work/ours.$c.$rep" | cut -f1,2) <(grep -v '^#' "$work/iss.$c.$rep" | cut -f1,2) >/dev/null; then
      echo "solutions or counts differ on $c (repeat $rep):" >&2
      diff <(grep -v '^#' "$work/ours.$c.$rep" | cut -f1,2) <(grep -v '^#' "$work/iss.$c.$rep" | cut -f1,2) | head >&2
      exit 1
    fi
  done
done

python3 - "$work" "$REPEATS" $collections <<'PY'
import statistics as st, sys, datetime, subprocess
work, reps, cols = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
ms = lambda who, c, r: [float(l.split('\t')[2]) for l in open(f'{work}/{who}.{c}.{r}') if not l.startswith('#')]
commit = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], capture_output=True, text=True).stdout.strip()
when = datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')
load = open('/proc/loadavg').read().split()[0]
raw = open('benchmarks/variants.tsv', 'w')
raw.write('# collection\trepeat\tpuzzles\tours_median_ms\tiss_median_ms\tratio\tcommit\tdate\tload\n')
print('| collection | puzzles | ours, ms per puzzle (median) | iss, ms per puzzle (median) | ratio |')
print('|---|---:|---:|---:|---:|')
for c in cols:
    for r in range(1, reps + 1):
        o, i = st.median(ms('ours', c, r)), st.median(ms('iss', c, r))
        raw.write(f'{c}\t{r}\t{len(ms("ours", c, r))}\t{o:.4f}\t{i:.3f}\t{i / o:.1f}\t{commit}\t{when}\t{load}\n')
    per_line = lambda who: [st.median(x) for x in zip(*(ms(who, c, r) for r in range(1, reps + 1)))]
    o, i = st.median(per_line('ours')), st.median(per_line('iss'))
    print(f'| {c} | {len(per_line("ours"))} | {o:.3f} | {i:.3f} | {i / o:.0f}× |')
PY
