#!/usr/bin/env python3
"""Draws benchmarks/chart.svg from benchmarks/results.tsv (written by scripts/bench.sh):
time per puzzle, on a logarithmic axis, by solver and dataset. Standard library only.

Usage: python3 scripts/chart.py RESULTS.tsv OUT.svg
"""
import csv
import math
import sys

DATASETS = [("17-clue", "t17"), ("hardest-1106", "thard"), ("generated", "tgen")]
SOLVERS = ["sudoku_core (Rust, limit 1)", "sudoku crate (Rust, limit 1)", "sudoku_solve in PostgreSQL",
           "SQL reference naked_mrv", "SQL reference hidden_mrv"]
COLOURS = ["#2b6cb0", "#a0aec0", "#38a169", "#dd6b20", "#c53030"]


def load(path):
    with open(path, encoding="utf-8") as f:
        return {(r["group"], r["name"]): r["value"] for r in csv.DictReader(f, delimiter="\t")}


def number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def microseconds(results):
    """Per dataset, the time per puzzle of each solver in microseconds (None: missing)."""
    out = {}
    for name, table in DATASETS:
        n17 = number(results.get(("sql 17-clue", "rows")))
        in_db = None
        if table == "t17":
            ms = number(results.get(("sql 17-clue", "count(sudoku_solve(puzzle)), 0 workers")))
            in_db = ms * 1000 / n17 if ms and n17 else None
        else:
            in_db = number(results.get((f"sql {table}", "count(sudoku_solve(puzzle)), 0 workers, per puzzle")))
        refs = [number(results.get((f"references {table}", f"{r}, per puzzle"))) for r in ("naked_mrv", "hidden_mrv")]
        out[name] = [
            number(results.get(("core limit 1", f"{name} sudoku_core"))),
            number(results.get(("core limit 1", f"{name} sudoku crate"))),
            in_db,
        ] + [r * 1000 if r is not None else None for r in refs]
    return out


def svg(data):
    width, height = 900, 460
    left, right, top, bottom = 70, 20, 40, 110
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for row in data.values() for v in row if v]
    lo = math.floor(math.log10(min(values)))
    hi = math.ceil(math.log10(max(values)))
    y = lambda v: top + plot_h * (1 - (math.log10(v) - lo) / (hi - lo))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">Time per puzzle by solver and dataset (log scale)</text>']
    for e in range(lo, hi + 1):
        yy = y(10 ** e)
        label = {0: "1 µs", 3: "1 ms", 6: "1 s"}.get(e, f"10^{e} µs")
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{yy:.1f}" y2="{yy:.1f}" stroke="#e2e8f0"/>')
        parts.append(f'<text x="{left - 6}" y="{yy + 4:.1f}" text-anchor="end">{label}</text>')
    group_w = plot_w / len(data)
    bar_w = group_w / (len(SOLVERS) + 1)
    for g, (name, row) in enumerate(data.items()):
        x0 = left + g * group_w + bar_w / 2
        for i, v in enumerate(row):
            x = x0 + i * bar_w
            if v:
                parts.append(f'<rect x="{x:.1f}" y="{y(v):.1f}" width="{bar_w - 2:.1f}" height="{top + plot_h - y(v):.1f}" fill="{COLOURS[i]}">'
                             f'<title>{SOLVERS[i]}: {v:.3g} µs</title></rect>')
                parts.append(f'<text x="{x + bar_w / 2 - 1:.1f}" y="{y(v) - 3:.1f}" text-anchor="middle" font-size="9">{v:.3g}</text>')
            else:
                parts.append(f'<text x="{x + bar_w / 2:.1f}" y="{top + plot_h - 4}" text-anchor="middle" font-size="9">n/a</text>')
        parts.append(f'<text x="{left + (g + 0.5) * group_w:.1f}" y="{top + plot_h + 18}" text-anchor="middle" font-size="13">{name}</text>')
    for i, s in enumerate(SOLVERS):
        lx = left + (i % 3) * 270
        ly = top + plot_h + 44 + (i // 3) * 20
        parts.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{COLOURS[i]}"/>')
        parts.append(f'<text x="{lx + 18}" y="{ly}">{s}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def main():
    data = microseconds(load(sys.argv[1]))
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(svg(data))


if __name__ == "__main__":
    main()
