#!/usr/bin/env bash
# Coverage-guided fuzzing of the core (parser, both solvers, steps, statistics,
# formats) with AFL++ through cargo-afl, which works on the stable toolchain (it
# builds AFL++'s LLVM runtime for the installed rustc; cargo fuzz/libFuzzer would need
# nightly -Z flags). The target is fuzz/src/bin/parse_solve.rs; seeds are fuzz/seeds/.
# Fails when AFL saved any crash, and prints it.
#
# Usage: scripts/fuzz.sh [SECONDS]   (default 60; the test command's long mode uses 3600)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
SECONDS_TO_RUN="${1:-60}"
AFL_VERSION="0.18.2"

if ! cargo afl --version 2>/dev/null | grep -q "$AFL_VERSION"; then
    say "installing cargo-afl $AFL_VERSION (one time, a few minutes)"
    cargo install cargo-afl --version "$AFL_VERSION" --locked
fi
cd "$ROOT/fuzz"
cargo afl build --release -q
out="$(mktemp -d /tmp/sudoku_fuzz.XXXXXX)"
say "fuzzing for ${SECONDS_TO_RUN} s"
AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
    cargo afl fuzz -i seeds -o "$out" -V "$SECONDS_TO_RUN" -t 2000+ target/release/parse_solve >"$out/afl.log" 2>&1 || {
    tail -20 "$out/afl.log" >&2
    exit 1
}
stats="$out/default/fuzzer_stats"
grep -E "execs_done|corpus_count|bitmap_cvg|saved_crashes|saved_hangs" "$stats"
crashes="$(awk '/^saved_crashes/ {print $3}' "$stats")"
if [ "${crashes:-1}" != "0" ]; then
    for f in "$out"/default/crashes/id*; do
        echo "crash input $f:" >&2
        od -c "$f" | head -10 >&2
    done
    exit 1
fi
rm -rf "$out"
echo "fuzz: no crash in ${SECONDS_TO_RUN} s"
