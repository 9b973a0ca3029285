#!/usr/bin/env python3
"""Draws benchmarks/nested.svg from the two tables scripts/bench_nested.sh writes:
benchmarks/nested_agreement.tsv (per ER band of se_rated_hardest_dev.tsv: the share rated
exactly as published, by sudoku_core and by skfr) and benchmarks/nested_speed.tsv (per band:
median ms per puzzle of Sukaku Explainer, skfr and sudoku_core on the same puzzles in the same
run). Left: exactness against the 95 % target; right: time per puzzle on a logarithmic axis.
Standard library only.

Usage: python3 scripts/nested_chart.py AGREEMENT.tsv SPEED.tsv OUT.svg
"""
import csv
import html
import math
import sys

EXACT_TARGET = 95
COLOURS = {"Sukaku Explainer": "#9e9e9e", "skfr": "#e69f00", "sudoku_core": "#0072b2"}


def table(path):
    with open(path, encoding="utf-8") as f:
        rows = [r for r in csv.reader(f, delimiter="\t") if r and not r[0].startswith("#")]
    head, body = rows[0], rows[1:]
    return [dict(zip(head, r)) for r in body]


def percent(text):
    return float(text.replace("%", "").strip())


def main():
    agreement, speed, out = table(sys.argv[1]), table(sys.argv[2]), sys.argv[3]
    width, height, top, bottom = 900, 380, 50, 300
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        "<title>The hardest puzzles: exactness and time per puzzle per ER band</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        '<text x="20" y="24" font-size="15">Same rating as published (Sukaku Explainer), per ER band</text>',
        '<text x="470" y="24" font-size="15">Median time per puzzle (ms, log scale)</text>',
    ]
    # Left: exactness bars, sudoku_core and skfr per band, with the target line.
    x0, group = 40, 130
    scale = (bottom - top) / 100
    ty = bottom - EXACT_TARGET * scale
    parts.append(f'<line x1="{x0 - 10}" y1="{ty:.1f}" x2="{x0 + group * 3}" y2="{ty:.1f}" stroke="#c00" stroke-dasharray="4 3"/>')
    parts.append(f'<text x="{x0 + group * 3 - 80}" y="{ty - 4:.1f}" fill="#c00">target {EXACT_TARGET} %</text>')
    for i, row in enumerate(agreement):
        gx = x0 + i * group
        for j, (name, key) in enumerate((("sudoku_core", "sudoku_core_same"), ("skfr", "skfr_same"))):
            v = percent(row[key])
            h = v * scale
            x = gx + j * 45
            parts.append(f'<rect x="{x}" y="{bottom - h:.1f}" width="40" height="{h:.1f}" fill="{COLOURS[name]}"/>')
            parts.append(f'<text x="{x + 20}" y="{bottom - h - 4:.1f}" text-anchor="middle">{v:.0f}</text>')
        parts.append(f'<text x="{gx + 42}" y="{bottom + 18}" text-anchor="middle">{html.escape(row["band"])}</text>')
    # Right: time per puzzle, three raters per band, log axis from 1 ms to 10^6 ms.
    x0, lo, hi = 490, 0.0, 6.0
    span = bottom - top
    for e in range(int(lo), int(hi) + 1):
        y = bottom - (e - lo) / (hi - lo) * span
        parts.append(f'<line x1="{x0 - 5}" y1="{y:.1f}" x2="{x0 + group * 3}" y2="{y:.1f}" stroke="#eee"/>')
        parts.append(f'<text x="{x0 - 8}" y="{y + 4:.1f}" text-anchor="end">1e{e}</text>')
    for i, row in enumerate(speed):
        gx = x0 + 10 + i * group
        for j, (name, key) in enumerate((("Sukaku Explainer", "serate_ms"), ("skfr", "skfr_ms"), ("sudoku_core", "sudoku_core_ms"))):
            v = max(float(row[key]), 1.0)
            h = (math.log10(v) - lo) / (hi - lo) * span
            x = gx + j * 36
            parts.append(f'<rect x="{x}" y="{bottom - h:.1f}" width="32" height="{h:.1f}" fill="{COLOURS[name]}"/>')
            parts.append(f'<text x="{x + 16}" y="{bottom - h - 4:.1f}" text-anchor="middle" font-size="10">{float(row[key]):.0f}</text>')
        parts.append(f'<text x="{gx + 52}" y="{bottom + 18}" text-anchor="middle">{html.escape(row["band"])}</text>')
        parts.append(f'<text x="{gx + 52}" y="{bottom + 34}" text-anchor="middle" font-size="10">'
                     f'{html.escape(row["faster_than_serate"])} vs SE, {html.escape(row["faster_than_skfr"])} vs skfr</text>')
    for k, (name, colour) in enumerate(COLOURS.items()):
        parts.append(f'<rect x="{40 + k * 180}" y="{height - 22}" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{58 + k * 180}" y="{height - 12}">{html.escape(name)}</text>')
    parts.append("</svg>")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main()
