#!/usr/bin/env python3
"""Writes the tables of benchmarks/README.md from benchmarks/results.tsv (scripts/bench.sh), between the
markers <!-- tables:begin --> and <!-- tables:end -->, so the document shows the figures of the last run.

Usage: python3 scripts/bench_tables.py benchmarks/results.tsv benchmarks/README.md
"""
import csv
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        return {(r["group"], r["name"]): (r["value"], r["unit"]) for r in csv.DictReader(f, delimiter="\t")}


def tables(r):
    get = lambda g, n: r.get((g, n), ("n/a", ""))[0]
    out = ["### Core, single thread, against the `sudoku` crate (same run, medians)", "",
           "| dataset | mode | sudoku_core µs/puzzle | sudoku crate µs/puzzle | ratio (target ≤ 1.0) |",
           "|---|---|---:|---:|---:|"]
    for name, label in [("17-clue", "17-clue, 49,158 puzzles"), ("hardest-1106", "forum hardest 1106, 375 puzzles"),
                        ("generated", "generated minimal, 10,000 puzzles (seed 2026)")]:
        for limit, mode in [(1, "first solution"), (2, "uniqueness (limit 2)")]:
            g = f"core limit {limit}"
            out.append(f"| {label} | {mode} | {get(g, name + ' sudoku_core')} | {get(g, name + ' sudoku crate')} | "
                       f"{get(g, name + ' ratio')}× |")
    out += ["", "### Inside PostgreSQL: `SELECT count(sudoku_solve(puzzle))` over the 49,158 17-clue puzzles", "",
            "| measure | value |", "|---|---:|"]
    g = "sql 17-clue"
    rows = [("floor: `count(length(puzzle))`, 0 workers", "floor: count(length(puzzle)), 0 workers", "ms"),
            ("`count(sudoku_solve(puzzle))`, 0 workers", "count(sudoku_solve(puzzle)), 0 workers", "ms"),
            ("`count(sudoku_solve(puzzle))`, 2 workers", "count(sudoku_solve(puzzle)), 2 workers", "ms"),
            ("the core on the same text from memory (parse, solve, write back)", "core from memory, text in and out", "ms"),
            ("in-database cost / core (target ≤ 1.15)", "in-database cost / core (target <= 1.15)", "×"),
            ("in-database cost less the floor / core", "in-database cost less the floor / core", "×"),
            ("parallel speed-up, 2 workers vs 0 (target ≥ 1.7)", "parallel speed-up (target >= 1.7)", "×")]
    for label, key, unit in rows:
        out.append(f"| {label} | {get(g, key)} {unit} |")
    out.append(f"| plan with 2 workers | {get(g, 'parallel plan')} |")
    out += ["", "### Against the pure-SQL references (samples, same run)", "",
            "| dataset | sample | sudoku_solve ms/puzzle | naked_mrv ms/puzzle | speed-up | hidden_mrv ms/puzzle | speed-up |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for table, label in [("t17", "17-clue"), ("thard", "forum hardest 1106"), ("tgen", "generated minimal")]:
        g = f"references {table}"
        out.append(f"| {label} | {get('meta', 'sample')} | {get(g, 'sudoku_solve, per puzzle')} | "
                   f"{get(g, 'naked_mrv, per puzzle')} | {get(g, 'naked_mrv / sudoku_solve')}× | "
                   f"{get(g, 'hidden_mrv, per puzzle')} | {get(g, 'hidden_mrv / sudoku_solve')}× |")
    return "\n".join(out)


def main():
    results = load(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        doc = f.read()
    begin, end = "<!-- tables:begin -->", "<!-- tables:end -->"
    a, b = doc.index(begin) + len(begin), doc.index(end)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(doc[:a] + "\n" + tables(results) + "\n" + doc[b:])


if __name__ == "__main__":
    main()
