#!/usr/bin/env python3
"""Draws benchmarks/rating.svg from the two tables scripts/bench_rating.sh writes:
benchmarks/rating_agreement.tsv (per ER band of the rated set: puzzles, same rating, within
0.2) and benchmarks/rating_speed.tsv (per ER band: ms per puzzle of Sukaku Explainer and of
sudoku_core on the same puzzles in the same run). Left: agreement against its target per
band; right: time per puzzle on a logarithmic axis, with how many times faster we are.
Standard library only.

Usage: python3 scripts/rating_chart.py AGREEMENT.tsv SPEED.tsv OUT.svg
"""
import csv
import html
import math
import sys

# The targets per agreement band: (same rating, within 0.2), in %.
AGREEMENT_TARGETS = {"<=4.5": (99, None), "4.6-6.2": (95, None), "6.3-9.3": (80, 95)}
SPEED_TARGET = 100


def rows(path):
    with open(path, encoding="utf-8") as f:
        return [r for r in csv.reader(f, delimiter="\t") if r and r[0] != "band"]


def percent(text):
    return float(text.replace("%", "").strip())


def bars(parts, x0, bar_w, y, base, band, fmt, unit, items):
    """One group of bars from `x0`: (value, colour, name) each, labelled with its value."""
    for i, (v, colour, name) in enumerate(items):
        x = x0 + i * bar_w
        label = fmt.format(v)
        parts.append(f'<rect x="{x:.1f}" y="{y(v):.1f}" width="{bar_w - 2:.1f}" height="{base - y(v):.1f}" fill="{colour}">'
                     f'<title>{band}: {name} {label}{unit}</title></rect>')
        parts.append(f'<text x="{x + bar_w / 2 - 1:.1f}" y="{y(v) - 3:.1f}" text-anchor="middle" font-size="9">{label}</text>')


def svg(agreement, speed):
    width, height = 960, 450
    top, bottom = 66, 90
    plot_h = height - top - bottom
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">'
             'Ratings against Sukaku Explainer v1.15.10: agreement and speed per ER band</text>']

    # Left panel: agreement, 70 % to 100 %.
    left, panel_w = 60, 360
    lo_pc = 70.0
    y = lambda v: top + plot_h * (1 - (max(v, lo_pc) - lo_pc) / (100 - lo_pc))
    parts.append(f'<text x="{left + panel_w / 2}" y="{top - 10}" text-anchor="middle" font-size="13">'
                 'Same rating as Sukaku Explainer (se_rated_dev.tsv)</text>')
    for v in range(70, 101, 5):
        parts.append(f'<line x1="{left}" x2="{left + panel_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#e2e8f0"/>')
        parts.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v} %</text>')
    group_w = panel_w / max(len(agreement), 1)
    bar_w = group_w / 3
    for g, r in enumerate(agreement):
        key, puzzles, same, within = r[0], r[1], percent(r[2]), percent(r[3])
        band = html.escape(key.replace("<=", "≤ "))
        x0 = left + g * group_w + bar_w / 2
        bars(parts, x0, bar_w, y, top + plot_h, band, "{:.1f}", " %",
             [(same, "#2b6cb0", "same rating"), (within, "#90cdf4", "within 0.2")])
        for i, t in enumerate(AGREEMENT_TARGETS.get(key, (None, None))):
            if t is not None:
                x = x0 + i * bar_w
                parts.append(f'<line x1="{x - 2:.1f}" x2="{x + bar_w:.1f}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#c53030" stroke-width="2">'
                             f'<title>target {t} %</title></line>')
        parts.append(f'<text x="{left + (g + 0.5) * group_w:.1f}" y="{top + plot_h + 18}" text-anchor="middle">ER {band}</text>')
        parts.append(f'<text x="{left + (g + 0.5) * group_w:.1f}" y="{top + plot_h + 33}" text-anchor="middle" font-size="10">{puzzles} puzzles</text>')

    # Right panel: ms per puzzle, log scale.
    left2, panel2_w = 560, 380
    times = [float(v) for r in speed for v in (r[3], r[4])]
    lo = math.floor(math.log10(min(times)))
    hi = math.ceil(math.log10(max(times)))
    y2 = lambda v: top + plot_h * (1 - (math.log10(v) - lo) / (hi - lo))
    parts.append(f'<text x="{left2 + panel2_w / 2}" y="{top - 10}" text-anchor="middle" font-size="13">'
                 'Time per puzzle, one thread each (log scale)</text>')
    for e in range(lo, hi + 1):
        label = {-3: "1 µs", -2: "10 µs", -1: "0.1 ms", 0: "1 ms", 1: "10 ms", 2: "0.1 s", 3: "1 s"}.get(e, f"10^{e} ms")
        parts.append(f'<line x1="{left2}" x2="{left2 + panel2_w}" y1="{y2(10 ** e):.1f}" y2="{y2(10 ** e):.1f}" stroke="#e2e8f0"/>')
        parts.append(f'<text x="{left2 - 6}" y="{y2(10 ** e) + 4:.1f}" text-anchor="end">{label}</text>')
    group_w = panel2_w / max(len(speed), 1)
    bar_w = group_w / 3
    for g, r in enumerate(speed):
        band, se, ours = html.escape(r[0]), float(r[3]), float(r[4])
        x0 = left2 + g * group_w + bar_w / 2
        bars(parts, x0, bar_w, y2, top + plot_h, band, "{:.3g}", " ms",
             [(se, "#a0aec0", "Sukaku Explainer"), (ours, "#2b6cb0", "sudoku_core")])
        ratio = float(r[5].rstrip("x")) if len(r) > 5 else se / ours
        colour = "#276749" if ratio >= SPEED_TARGET else "#c53030"
        parts.append(f'<text x="{left2 + (g + 0.5) * group_w:.1f}" y="{top + plot_h + 18}" text-anchor="middle">ER {band}</text>')
        parts.append(f'<text x="{left2 + (g + 0.5) * group_w:.1f}" y="{top + plot_h + 33}" text-anchor="middle" font-size="11" fill="{colour}">{ratio:.0f}× faster</text>')

    legend = [("#2b6cb0", "same rating / sudoku_core"), ("#90cdf4", "within 0.2"), ("#a0aec0", "Sukaku Explainer (warm JVM)")]
    for i, (colour, name) in enumerate(legend):
        lx, ly = 60 + i * 250, height - 22
        parts.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{lx + 18}" y="{ly}">{name}</text>')
    parts.append(f'<line x1="810" x2="830" y1="{height - 26}" y2="{height - 26}" stroke="#c53030" stroke-width="2"/>')
    parts.append(f'<text x="836" y="{height - 22}">target</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    agreement, speed = rows(sys.argv[1]), rows(sys.argv[2])
    if not agreement or not speed:
        sys.exit("rating_chart.py: empty table")
    with open(sys.argv[3], "w", encoding="utf-8") as f:
        f.write(svg(agreement, speed))


if __name__ == "__main__":
    main()
