#!/usr/bin/env bash
# The pictures' test layer (issue 30), in a real browser: Debian's headless Chromium.
#   1. golden files: the pictures of tools/src/cmd/pictures.rs written again and compared
#      byte for byte with tests/pictures/*.svg, tests/pictures/variants/*.svg (variant
#      grids; the core tests compare them too) and docs/img/*.svg, and the links of their
#      steps with tests/pictures/links.tsv (--update rewrites them);
#   2. layout: every picture inlined in one HTML page; what Chromium laid out (each digit's
#      box inside its cell, nothing outside the viewBox, each killer cage's sum in its
#      cell's corner clear of the digit, each pencil mark inside its ninth, each arrow from and to its
#      candidates, each link of a step in links.tsv an arrow from its source's ninth to its
#      target's, computed styles) read back through --dump-dom (tests/browser/check.py);
#   3. colours: screenshots of steps, the colours at highlighted, placed and removed places;
#      of the variant grids, windoku's windows, dg's tints and the killer's cage outlines;
#   4. PDF: scripts/print.sh on a file, on a file of a pencil-mark puzzle (729 characters)
#      and a puzzle, and on a query, against a throwaway cluster with the installed
#      extension; pdfinfo's page count and pdftoppm's pages not blank.
# Usage: scripts/browser_test.sh [--update]
# Needs the release build installed into PostgreSQL 15 (scripts/test.sh installs it first).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

UPDATE=""
[ "${1:-}" = "--update" ] && UPDATE=1

ensure_browser() {
    local missing=()
    command -v chromium >/dev/null || missing+=(chromium)
    command -v pdfinfo >/dev/null || missing+=(poppler-utils)
    if [ "${#missing[@]}" -gt 0 ]; then
        say "installing ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${missing[@]}" >/dev/null
    fi
}
ensure_browser

WORK="$(mktemp -d /tmp/sudoku_pictures.XXXXXX)"
chmod 755 "$WORK"
cleanup() { stop_cluster; rm -rf "$WORK"; }
trap cleanup EXIT
CHECK="python3 $ROOT/tests/browser/check.py"
rc=0

say "golden files"
(cd "$ROOT" && cargo run --release -q -p sudoku_tools -- pictures tests "$WORK/tests" &&
    cargo run --release -q -p sudoku_tools -- pictures docs "$WORK/docs") || exit 1
for pair in "tests:$ROOT/tests/pictures" "tests/variants:$ROOT/tests/pictures/variants" "docs:$ROOT/docs/img"; do
    made="$WORK/${pair%%:*}" kept="${pair#*:}"
    if [ -n "$UPDATE" ]; then
        mkdir -p "$kept"
        cp "$made"/*.svg "$kept"/
        [ -f "$made/links.tsv" ] && cp "$made/links.tsv" "$kept"/
    fi
    for f in "$made"/*.svg "$made"/links.tsv; do
        [ -f "$f" ] || continue
        if ! cmp -s "$f" "$kept/$(basename "$f")"; then
            echo "golden file $kept/$(basename "$f") differs from what the code draws (scripts/browser_test.sh --update rewrites it)" >&2
            rc=1
        fi
    done
done

say "layout and colours in Chromium"
$CHECK layout "$WORK/tests" || rc=1
$CHECK layout "$WORK/tests/variants" || rc=1
$CHECK layout "$WORK/docs" || rc=1
$CHECK colours "$WORK/tests" || rc=1
$CHECK variant-colours "$WORK/tests/variants" || rc=1

say "PDF booklets through scripts/print.sh"
start_cluster
psql_pg -q -c "CREATE EXTENSION sudoku_ext" || exit 1
export PSQL="sudo -u postgres -E ${PG_BIN}/psql -X -h $PGHOST -p $PGPORT -U postgres"
puzzles="$ROOT/tests/pictures/puzzles.txt"
count="$(grep -c -v -e '^#' -e '^[[:space:]]*$' "$puzzles")"
# Puzzle pages and as many solution pages, four to a page.
pages=$(( (count + 3) / 4 * 2 ))
bash "$ROOT/scripts/print.sh" --file "$puzzles" --out "$WORK/file.pdf" --per-page 4 &&
    $CHECK pdf "$WORK/file.pdf" "$pages" || rc=1
# A file of a 729-character pencil-mark puzzle (the puzzles file's first, as sudoku_format
# writes its marks) and that puzzle: one page of puzzles, one of solutions.
first="$(grep -v -e '^#' -e '^[[:space:]]*$' "$puzzles" | head -1 | cut -f1)"
psql_pg -Atc "SELECT sudoku_format('$first', 'marks') || E'\tmarks'" > "$WORK/marks.txt" &&
    printf '%s\tdigits\n' "$first" >> "$WORK/marks.txt" &&
    [ "$(head -1 "$WORK/marks.txt" | cut -f1 | wc -c)" = 730 ] &&
    bash "$ROOT/scripts/print.sh" --file "$WORK/marks.txt" --out "$WORK/marks.pdf" --per-page 4 &&
    $CHECK pdf "$WORK/marks.pdf" 2 || rc=1
# Seven generated puzzles, six to a Letter page, no solutions: two pages.
bash "$ROOT/scripts/print.sh" --query "SELECT puzzle, 'No. ' || n AS label FROM sudoku_generate(7, 30) ORDER BY n" \
    --out "$WORK/query.pdf" --per-page 6 --paper letter --no-solutions &&
    $CHECK pdf "$WORK/query.pdf" 2 || rc=1
exit $rc
