#!/usr/bin/env bash
# scripts/bench_variant_rating.sh [SAMPLE [REPEAT]] — ratings of 9×9 puzzles under variant rules against Sukaku
# Explainer (../shared/tools/serate/serate with the rules' options, one warm JVM, one thread) on the same puzzles in
# the same run (issue 36: >= 100× faster). Defaults: SAMPLE 20 (BAND=nested: 5), REPEAT 3. Needs Java (openjdk-17-jre-headless) and
# ../shared/tools; SERATE=PATH overrides serate's path. Not part of scripts/test.sh.
#
# Puzzles: per rule set (x, windoku, dg, girandola, asterisk, center-dot, anti-knight, anti-king, nc,
# x,anti-knight), `sudoku-tools variants --make RULES POOL SEED --clues GIVENS` with the seed and givens fixed below
# (a random grid of the rules, givens removed while the solution stays unique, down to GIVENS; CLUES=N sets them for
# every rule set), POOL = 5 × (SAMPLE + 20). `sudoku-tools rate_times --rules RULES` rates the pool, and the first
# SAMPLE puzzles of the band are timed, the next (up to 20) warming serate's JVM up. BAND (default `below`): `below`
# takes the puzzles our ladder rates below the chains (up to 6.4), `chains` those it rates from 6.5 to 9.4, the
# chains below the nested ones (a puzzle whose path needs the nested chains takes serate minutes or more; it is not
# taken, nor one our built rungs do not finish), `nested` those it rates from 9.5 to 11.9 (dynamic forcing chains
# (+) with long chains and the nested chains of levels 2 to 4) among minimal puzzles under x, windoku with dg and x
# with windoku (seed 3611), the rule sets whose minimal puzzles reach them, timed puzzle by puzzle (below); K (serate's
# rounds) is divided by 25 for `chains`, whose puzzles take serate far longer. RULES_ONLY="x windoku" times those
# rule sets only. A rule set with fewer than SAMPLE puzzles of the band in its pool is skipped, with a row saying so.
#
# Sukaku Explainer is timed as in scripts/bench_rating.sh: two JVMs, one over the warm-up puzzles then the sample
# once (A), one over the same warm-up then the sample 1 + K times (B); (B - A) / (K × SAMPLE) is its time per puzzle
# in a warm JVM, start-up and JIT warm-up cancelling out. K is set per rule set below (scaled by 20 / SAMPLE) so
# that B - A is at least about 10 s. Ours: `sudoku-tools rate_times --rules RULES` on the sample (per puzzle the
# median of five ratings, each laying the rules on the grid, checking the one solution, building the rules' tables
# and running the ladder), summed, timed once after each pair of serate runs. REPEAT pairs; medians of each.
# Serate's ERs on the sample are compared with ours (same_rating).
#
# BAND=nested times each puzzle once (serate takes seconds to minutes a puzzle): serate over the warm-up (puzzles our
# ladder rates below 9.0) then the sample in one JVM, its own time per puzzle (SERATE_FORMAT=extended, hundredths of
# a second); ours per puzzle the median of three ratings, right after serate's run; REPEAT is not read. The row's
# serate_ms and ours_ms are the medians per puzzle, faster_by the median of the per-puzzle ratios, K 1 and the
# rounds' seconds serate's whole time on the sample, the runs columns each puzzle's time in order.
#
# Writes benchmarks/variant_rating_speed.tsv (BAND=chains: variant_rating_speed_chains.tsv, BAND=nested:
# variant_rating_speed_nested.tsv) (per rule set: rules, seed, givens, puzzles, same_rating, serate's ER
# range, K, the seconds of serate's K rounds (median B - A), serate_ms and ours_ms per puzzle, faster_by, the
# per-run figures, the load average at the end; then `#` lines for each puzzle rated differently: rules, puzzle,
# ours, serate's) and prints it.
set -euo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;; esac
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
BAND="${BAND:-below}"
case "$BAND" in below | chains | nested) ;; *) echo "bench_variant_rating.sh: BAND is below, chains or nested, not $BAND" >&2; exit 2 ;; esac
SAMPLE="${1:-20}"
[ "$BAND" != nested ] || SAMPLE="${1:-5}"
REPEAT="${2:-3}"
WARM=20
POOL=$((5 * (SAMPLE + WARM)))
SERATE="${SERATE:-$ROOT/../shared/tools/serate/serate}"
cd "$ROOT"
command -v java >/dev/null || { echo "bench_variant_rating.sh: needs java (openjdk-17-jre-headless)" >&2; exit 2; }
[ -x "$SERATE" ] || { echo "bench_variant_rating.sh: no serate at $SERATE (set SERATE=PATH)" >&2; exit 2; }
cargo build --release -q -p sudoku_tools
out="$(mktemp -d)"
REMOVE_AT_EXIT+=("$out")

# rules, seed, givens (--clues: 0 digs to a minimal puzzle), K for SAMPLE = 20 (serate's rounds between A and
# B). The givens are set per rule set so that the puzzles our ladder finishes spread over its rungs (ER 1.2 to 6.4)
# and at least two in five of the pool are finished: minimal puzzles under groups alone; 18 to 22 givens with
# anti-knight, anti-king or nc (serate finishes no minimal puzzle of those in minutes, and our ladder few).
sets=(
    "x 3601 22 80"
    "windoku 3602 0 50"
    "dg 3603 0 90"
    "girandola 3604 0 70"
    "asterisk 3605 0 110"
    "center-dot 3606 0 200"
    "anti-knight 3607 20 130"
    "anti-king 3608 22 130"
    "nc 3609 18 450"
    "x,anti-knight 3610 18 160"
)
# The nested band: minimal puzzles (K unused).
[ "$BAND" != nested ] || sets=("x 3611 0 0" "windoku,dg 3611 0 0" "x,windoku 3611 0 0")

wall() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null; t1=$(date +%s.%N); awk "BEGIN { print $t1 - $t0 }"; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
load() { cut -d' ' -f1 /proc/loadavg; }

# The sample and warm-up of RULES from SEED and CLUES into $out/band.txt and $out/warmup.txt; prints how many of the
# pool our ladder finishes.
pick() {
    local rules=$1 seed=$2 clues=$3
    "$TOOLS_BIN" variants --make "$rules" "$POOL" "$seed" --clues "$clues" | cut -f2 >"$out/pool.txt"
    "$TOOLS_BIN" rate_times "$out/pool.txt" --rules "$rules" --runs 1 |
        tee "$out/pool_rated.tsv" |
        awk -F'\t' -v band="$BAND" '$2 != "-" && (band == "nested" ? $2 + 0 >= 9.5 && $2 + 0 < 20 : band == "chains" ? $2 + 0 >= 6.5 && $2 + 0 < 9.5 : $2 + 0 < 6.5) { print $1 }' >"$out/rated.txt"
    head -n "$SAMPLE" "$out/rated.txt" >"$out/band.txt"
    if [ "$BAND" = nested ]; then
        awk -F'\t' '$2 != "-" && $2 + 0 < 9 { print $1 }' "$out/pool_rated.tsv" | head -n "$WARM" >"$out/warmup.txt"
    else
        tail -n +"$((SAMPLE + 1))" "$out/rated.txt" | head -n "$WARM" >"$out/warmup.txt"
    fi
    # Too few for a warm-up of their own: the sample warms the JVM up as well.
    [ -s "$out/warmup.txt" ] || cp "$out/band.txt" "$out/warmup.txt"
    wc -l <"$out/rated.txt"
}

# Times serate and ours on $out/band.txt under RULES, K rounds; prints the row of the table.
time_band() {
    local rules=$1 seed=$2 clues=$3 k=$4 options ta tb se ours i
    options="$("$TOOLS_BIN" variant_ratings --serate-args "$rules")"
    cat "$out/warmup.txt" "$out/band.txt" >"$out/a.txt"
    { cat "$out/warmup.txt"; for ((i = 0; i <= k; i++)); do cat "$out/band.txt"; done; } >"$out/b.txt"
    : >"$out/se_ms"
    : >"$out/ours_ms"
    for ((i = 0; i < REPEAT; i++)); do
        ta="$(SERATE_ARGS="$options" wall "$SERATE" "$out/a.txt")"
        tb="$(SERATE_ARGS="$options" wall "$SERATE" "$out/b.txt")"
        awk "BEGIN { print ($tb - $ta) * 1000 / ($k * $SAMPLE) }" >>"$out/se_ms"
        "$TOOLS_BIN" rate_times "$out/band.txt" --rules "$rules" >"$out/ours.tsv"
        awk -F'\t' '{ us += $3 } END { printf "%.4f\n", us / NR / 1000 }' "$out/ours.tsv" >>"$out/ours_ms"
    done
    se="$(median <"$out/se_ms")"
    ours="$(median <"$out/ours_ms")"
    SERATE_ARGS="$options" "$SERATE" "$out/band.txt" >"$out/serate.tsv"
    # Puzzles rated differently, for the `#` lines after the table.
    paste "$out/serate.tsv" "$out/ours.tsv" |
        awk -F'\t' -v r="$rules" '$2 != $4 { printf "# rated differently: %s\t%s\tours %s\tserate %s\n", r, $1, $4, $2 }' \
            >>"$out/differ.txt"
    paste "$out/serate.tsv" "$out/ours.tsv" | awk -F'\t' -v r="$rules" -v seed="$seed" -v clues="$clues" -v k="$k" \
        -v sample="$SAMPLE" -v se="$se" -v o="$ours" -v runs="$(paste -sd' ' "$out/se_ms")" \
        -v oruns="$(paste -sd' ' "$out/ours_ms")" -v load="$(load)" '
        NR == 1 { lo = $2 + 0; hi = $2 + 0 }
        { n++; same += ($2 == $4); if ($2 + 0 < lo) lo = $2 + 0; if ($2 + 0 > hi) hi = $2 + 0 }
        END { printf "%s\t%s\t%s\t%d\t%d\t%.1f-%.1f\t%d\t%.1f\t%.2f\t%.4f\t%.0fx\t%s\t%s\t%s\n",
                     r, seed, clues, n, same, lo, hi, k, se * k * sample / 1000, se, o, se / o, runs, oruns, load }'
}

# BAND=nested: times serate and ours puzzle by puzzle on $out/band.txt under RULES; prints the row of the table.
time_band_nested() {
    local rules=$1 seed=$2 clues=$3 options
    options="$("$TOOLS_BIN" variant_ratings --serate-args "$rules")"
    cat "$out/warmup.txt" "$out/band.txt" >"$out/a.txt"
    SERATE_FORMAT=extended SERATE_ARGS="$options" "$SERATE" "$out/a.txt" |
        tail -n +"$(($(wc -l <"$out/warmup.txt") + 1))" >"$out/serate.tsv"
    "$TOOLS_BIN" rate_times "$out/band.txt" --rules "$rules" --runs 3 >"$out/ours.tsv"
    # serate's last column: "2.45s" or "1m32s".
    awk -F'\t' '{ t = $NF; s = 0; if (t ~ /m/) { split(t, a, "m"); s = a[1] * 60; t = a[2] } sub(/s$/, "", t); print (s + t) * 1000 }' \
        "$out/serate.tsv" >"$out/se_ms"
    awk -F'\t' '{ print $3 / 1000 }' "$out/ours.tsv" >"$out/ours_ms"
    paste "$out/serate.tsv" "$out/ours.tsv" |
        awk -F'\t' -v r="$rules" '$2 != $(NF - 1) { printf "# rated differently: %s\t%s\tours %s\tserate %s\n", r, $1, $(NF - 1), $2 }' \
            >>"$out/differ.txt"
    paste "$out/se_ms" "$out/ours_ms" | awk '{ print $1 / $2 }' >"$out/ratio"
    paste "$out/serate.tsv" "$out/ours.tsv" | awk -F'\t' -v r="$rules" -v seed="$seed" -v clues="$clues" \
        -v sample="$SAMPLE" -v se="$(median <"$out/se_ms")" -v o="$(median <"$out/ours_ms")" \
        -v ratio="$(median <"$out/ratio")" -v setotal="$(awk '{ s += $1 } END { print s / 1000 }' "$out/se_ms")" \
        -v runs="$(paste -sd' ' "$out/se_ms")" \
        -v oruns="$(paste -sd' ' "$out/ours_ms")" -v load="$(load)" '
        NR == 1 { lo = $2 + 0; hi = $2 + 0 }
        { n++; same += ($2 == $(NF - 1)); if ($2 + 0 < lo) lo = $2 + 0; if ($2 + 0 > hi) hi = $2 + 0 }
        END { printf "%s\t%s\t%s\t%d\t%d\t%.1f-%.1f\t%d\t%.1f\t%.2f\t%.4f\t%.0fx\t%s\t%s\t%s\n",
                     r, seed, clues, n, same, lo, hi, 1, setotal, se, o, ratio, runs, oruns, load }'
}

what="below the chains"
[ "$BAND" != chains ] || what="rated by the chains"
[ "$BAND" != nested ] || what="rated 9.5 and up"
how="$REPEAT pairs of serate runs"
[ "$BAND" != nested ] || how="each puzzle once, serate's own times"
say "ratings under variant rules ($what): serate and sudoku_core on the same $SAMPLE puzzles a rule set ($how)"
: >"$out/differ.txt"
printf 'rules\tseed\tgivens\tpuzzles\tsame_rating\tserate_er\tk\tserate_rounds_s\tserate_ms\tours_ms\tfaster_by\tserate_runs_ms\tours_runs_ms\tload\n' |
    tee "$out/speed.tsv"
for set in "${sets[@]}"; do
    read -r rules seed clues k20 <<<"$set"
    if [ -n "${RULES_ONLY:-}" ] && [[ " $RULES_ONLY " != *" $rules "* ]]; then
        continue
    fi
    clues=${CLUES:-$clues}
    k=$(((k20 * 20 + SAMPLE - 1) / SAMPLE))
    [ "$BAND" = below ] || k=$(((k + 24) / 25))
    rated="$(pick "$rules" "$seed" "$clues")"
    if [ "$rated" -lt "$SAMPLE" ]; then
        printf '%s\t%s\t%s\tskipped: %d of %d generated puzzles in the band, fewer than %d\n' \
            "$rules" "$seed" "$clues" "$rated" "$POOL" "$SAMPLE" | tee -a "$out/speed.tsv"
        continue
    fi
    if [ "$BAND" = nested ]; then
        time_band_nested "$rules" "$seed" "$clues" | tee -a "$out/speed.tsv"
    else
        time_band "$rules" "$seed" "$clues" "$k" | tee -a "$out/speed.tsv"
    fi
done
tee -a "$out/speed.tsv" <"$out/differ.txt"
mkdir -p "$ROOT/benchmarks"
table="$ROOT/benchmarks/variant_rating_speed.tsv"
[ "$BAND" != chains ] || table="$ROOT/benchmarks/variant_rating_speed_chains.tsv"
[ "$BAND" != nested ] || table="$ROOT/benchmarks/variant_rating_speed_nested.tsv"
cp "$out/speed.tsv" "$table"
echo "table: ${table#"$ROOT"/}" >&2
