#!/usr/bin/env bash
# Variant generation per family (tools/src/cmd/generate_variants.rs): the median time
# of one puzzle of `generate_variant` (fresh layout or cages, full grid, digging), over
# seeds 0..N-1 (fewer for 25x25), each puzzle's uniqueness checked afterwards (not
# timed). Writes benchmarks/generate_variants.tsv (with a header line saying when, on
# which commit and at which load) and prints it.
#
# Usage: scripts/bench_generate_variants.sh [SEEDS] [GIANT_SEEDS]   (default 21 and 5)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
SEEDS="${1:-21}"
GIANT="${2:-5}"
cd "$ROOT"
cargo build --release -q -p sudoku_tools
out="$ROOT/benchmarks/generate_variants.tsv"
{
    echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
    "$TOOLS_BIN" generate_variants --seeds "$SEEDS" --giant-seeds "$GIANT" --check
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
