#!/usr/bin/env bash
# Writes a printable PDF booklet of puzzles: pages of sudoku_svg_pages (1, 2, 4 or 6
# puzzles a page, a caption each with its label and rating, then the solutions on pages
# of their own), printed to PDF by Debian's headless Chromium.
#
# Usage:
#   scripts/print.sh --query "SELECT puzzle, label FROM my_puzzles ORDER BY id" [options]
#   scripts/print.sh --file puzzles.txt [options]
# The query's rows give a column `puzzle` and, optionally, `label` (text), in the order
# they are printed. The file holds one puzzle a line (81 or 16 cells, any of the
# characters sudoku_solve reads, or a 729-character pencil-mark puzzle, drawn with its
# marks), optionally followed by a tab and a label; blank lines and lines starting with #
# are skipped. A candidate grid (several lines) comes through --query.
# Options:
#   --out FILE        the PDF to write (default booklet.pdf)
#   --per-page N      1, 2, 4 or 6 (default 4)
#   --paper NAME      a4 or letter (default a4)
#   --no-solutions    leave the solution pages out
#   --html FILE       also keep the HTML page that was printed
# The database: psql's usual environment (PGHOST, PGDATABASE, ...), or the command in
# PSQL (default "psql -X"), which must reach a database with sudoku_ext installed.
# Installs chromium and poppler-utils with apt-get when they are missing. Checks that
# the PDF has as many pages as sudoku_svg_pages returned, and fails otherwise.
set -euo pipefail

QUERY=""
FILE=""
OUT="booklet.pdf"
PER_PAGE=4
PAPER="a4"
SOLUTIONS=true
HTML=""
while [ $# -gt 0 ]; do
    case "$1" in
        --query) QUERY="$2"; shift 2 ;;
        --file) FILE="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --per-page) PER_PAGE="$2"; shift 2 ;;
        --paper) PAPER="$2"; shift 2 ;;
        --no-solutions) SOLUTIONS=false; shift ;;
        --html) HTML="$2"; shift 2 ;;
        -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
        *) echo "print.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
if { [ -n "$QUERY" ] && [ -n "$FILE" ]; } || { [ -z "$QUERY" ] && [ -z "$FILE" ]; }; then
    echo "print.sh: give either --query or --file" >&2
    exit 2
fi
case "$PER_PAGE" in 1|2|4|6) ;; *) echo "print.sh: --per-page must be 1, 2, 4 or 6" >&2; exit 2 ;; esac
case "$PAPER" in a4|letter) ;; *) echo "print.sh: --paper must be a4 or letter" >&2; exit 2 ;; esac

# The renderer and pdfinfo, from Debian.
ensure_print_packages() {
    local missing=()
    command -v chromium >/dev/null || missing+=(chromium)
    command -v pdfinfo >/dev/null || missing+=(poppler-utils)
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "print.sh: installing ${missing[*]}" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${missing[@]}" >/dev/null
    fi
}
ensure_print_packages

WORK="$(mktemp -d /tmp/sudoku_print.XXXXXX)"
chmod 755 "$WORK"
trap 'rm -rf "$WORK"' EXIT
PSQL="${PSQL:-psql -X}"

# The SQL: the rows of the query (or of the file, as VALUES) numbered in their order,
# aggregated into the arrays of sudoku_svg_pages.
python3 - "$WORK/pages.sql" "$QUERY" "$FILE" "$PER_PAGE" "$PAPER" "$SOLUTIONS" <<'PY'
import sys
out, query, path, per_page, paper, solutions = sys.argv[1:]
lit = lambda s: "'" + s.replace("'", "''") + "'"
if path:
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\r\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            puzzle, _, label = line.partition("\t")
            rows.append("(%s, %s)" % (lit(puzzle.strip()), lit(label) if label else "NULL"))
    if not rows:
        sys.exit("print.sh: no puzzle in " + path)
    query = "SELECT * FROM (VALUES %s) v(puzzle, label)" % ", ".join(rows)
sql = """
WITH q AS MATERIALIZED (
  SELECT row_number() OVER () AS n, to_jsonb(t) AS j FROM (%s) t
)
SELECT svg FROM sudoku_svg_pages(
  (SELECT array_agg(j->>'puzzle' ORDER BY n) FROM q),
  coalesce((SELECT array_agg(coalesce(j->>'label', n::text) ORDER BY n) FROM q), '{}'),
  per_page => %s, paper => %s, solutions => %s)
ORDER BY page;
""" % (query.rstrip().rstrip(";"), per_page, lit(paper), solutions)
open(out, "w", encoding="utf-8").write(sql)
PY

# One SVG a record; a record separator (U+001E) never stands in a picture (the pictures
# replace control characters).
$PSQL -v ON_ERROR_STOP=1 -q -At -R $'\x1e' -f "$WORK/pages.sql" > "$WORK/pages.out"

python3 - "$WORK/pages.out" "$WORK/booklet.html" "$PAPER" "$WORK/count" <<'PY'
import sys
src, html, paper, count = sys.argv[1:]
pages = [p for p in open(src, encoding="utf-8").read().split("\x1e") if p.strip()]
if not pages:
    sys.exit("print.sh: the query gave no puzzle")
w, h = ("210mm", "297mm") if paper == "a4" else ("8.5in", "11in")
size = "A4" if paper == "a4" else "letter"
with open(html, "w", encoding="utf-8") as f:
    f.write('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Sudoku</title><style>\n'
            '@page { size: %s; margin: 0 }\nhtml, body { margin: 0; padding: 0 }\n'
            '.page { width: %s; height: %s; overflow: hidden; break-after: page }\n'
            '.page:last-child { break-after: auto }\n.page > svg { display: block; width: %s; height: %s }\n'
            '</style></head><body>\n' % (size, w, h, w, h))
    for p in pages:
        p = p.strip()
        if p.startswith("<?xml"):
            p = p[p.index("?>") + 2:].lstrip()
        f.write('<div class="page">\n%s</div>\n' % p)
    f.write("</body></html>\n")
open(count, "w").write(str(len(pages)))
PY

chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$WORK/profile" --no-pdf-header-footer \
    --print-to-pdf="$WORK/booklet.pdf" "file://$WORK/booklet.html" 2>"$WORK/chromium.log" || {
    cat "$WORK/chromium.log" >&2
    echo "print.sh: chromium failed" >&2
    exit 1
}
want="$(cat "$WORK/count")"
got="$(pdfinfo "$WORK/booklet.pdf" | sed -n 's/^Pages: *//p')"
if [ "$got" != "$want" ]; then
    echo "print.sh: the PDF has $got pages, expected $want" >&2
    exit 1
fi
cp "$WORK/booklet.pdf" "$OUT"
[ -z "$HTML" ] || cp "$WORK/booklet.html" "$HTML"
echo "print.sh: wrote $OUT ($got pages)" >&2
