#!/usr/bin/env bash
# scripts/variant_agreement.sh RULES COUNT SEED [CAP] — issue 36's yardstick: our ratings under RULES against
# Sukaku Explainer's (../shared/tools/serate/serate with the rules' options), on COUNT 9×9 puzzles the project makes.
#
# Makes the puzzles with `sudoku-tools variants --make RULES COUNT SEED` (minimal: givens removed while the solution
# stays unique), has serate rate each one in its own run under a cap of CAP seconds (default 120: minimal anti-knight
# and nc puzzles can keep serate busy for many minutes, docs/design-variant-ratings.md), and keeps its lines
# (RULES, puzzle, ER, EP, ED, hardest technique, seconds; ER `-` past the cap) in
# $VARIANT_RATINGS_DIR (default target/variant-ratings), so that a second run with the same arguments rates nothing
# again. Then `sudoku-tools variant_ratings` prints the agreement per family and band and gives the exit status
# (1 below issue 36's targets). JOBS=N runs N serate processes at once (default 1); CLUES=N stops digging at N
# givens (serate finishes no minimal nc or anti-knight puzzle, but puzzles with more givens). Needs Java
# (openjdk-17-jre-headless) and the shared tools; not part of scripts/test.sh.
set -euo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;; esac
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
RULES=${1:?usage: variant_agreement.sh RULES COUNT SEED [CAP]}
COUNT=${2:?usage: variant_agreement.sh RULES COUNT SEED [CAP]}
SEED=${3:?usage: variant_agreement.sh RULES COUNT SEED [CAP]}
CAP=${4:-120}
SERATE=${SERATE:-$ROOT/../shared/tools/serate/serate}
nice -n 10 cargo build --release -q -p sudoku_tools
tools=$TOOLS_BIN
options=$("$tools" variant_ratings --serate-args "$RULES") # exits 2 naming a rule serate lacks
dir=${VARIANT_RATINGS_DIR:-${CARGO_TARGET_DIR:-$ROOT/target}/variant-ratings}
mkdir -p "$dir"
rated="$dir/$(printf '%s' "$RULES" | tr -c 'A-Za-z0-9+-' '_')-$COUNT-$SEED-cap$CAP${CLUES:+-clues$CLUES}.tsv"

rate_one() { # RULES PUZZLE: one line of $rated
  local line
  if line=$(printf '%s\n' "$2" | SERATE_FORMAT=extended SERATE_ARGS="$options" timeout "$CAP" nice -n 10 "$SERATE" - 2>/dev/null) &&
    [ -n "$line" ]; then
    printf '%s\t%s\n' "$1" "$line"
  else
    printf '%s\t%s\t-\n' "$1" "$2"
  fi
}
export -f rate_one
export CAP SERATE options

if [ ! -s "$rated" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  "$tools" variants --make "$RULES" "$COUNT" "$SEED" --clues "${CLUES:-0}" >"$work/puzzles"
  # One serate run a puzzle (about 0.3 s of JVM start each), JOBS at a time, lines kept in input order.
  nl -ba -w1 -s$'\t' "$work/puzzles" |
    xargs -P "${JOBS:-1}" -d '\n' -I{} bash -c 'IFS=$'"'"'\t'"'"' read -r n r p <<<"$1"; rate_one "$r" "$p" >"$0/$n"' "$work" {}
  for n in $(seq "$(wc -l <"$work/puzzles")"); do cat "$work/$n"; done >"$work/rated"
  mv "$work/rated" "$rated"
fi
echo "# $rated (serate options: ${options:-none})"
"$tools" variant_ratings "$rated" --worst "${WORST:-5}"
