"""Reads a file of puzzles and writes `id,puzzle` CSV rows in the contest's layout
(9 lines of 9 characters joined by newlines, '?' for a blank).

A puzzle is either one line holding 81 cells, or consecutive lines holding 9 cells
each. Cells are digits 1-9 and the blanks 0 . ?; whitespace and | - + are layout.
Lines without any cell (blank lines, grid borders) are skipped. Anything else is an
error, reported with its line number.
"""
import csv
import re
import sys

LAYOUT = re.compile(r"[\s|+\-]")


def puzzles(lines):
    pending = []
    for number, line in enumerate(lines, 1):
        cells = LAYOUT.sub("", line)
        if not cells:
            continue
        if re.search(r"[^0-9.?]", cells):
            sys.exit(f"line {number}: not a puzzle line: {line.rstrip()!r}")
        if len(cells) == 81 and not pending:
            yield cells
        elif len(cells) == 9:
            pending.append(cells)
            if len(pending) == 9:
                yield "".join(pending)
                pending = []
        else:
            sys.exit(f"line {number}: {len(cells)} cells; expected 81 (one line) or 9 (a row)")
    if pending:
        sys.exit(f"the file ends inside a puzzle ({len(pending)} rows of 9)")


def main():
    out = csv.writer(sys.stdout, lineterminator="\n")
    with open(sys.argv[1], encoding="utf-8") as f:
        for i, cells in enumerate(puzzles(f), 1):
            cells = re.sub(r"[0.]", "?", cells)
            out.writerow([i, "\n".join(cells[r:r + 9] for r in range(0, 81, 9))])


if __name__ == "__main__":
    main()
