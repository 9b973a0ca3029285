#!/usr/bin/env python3
"""Random bytes into every text and array argument of every sudoku_ext function.

Reads the extension's functions from pg_catalog (so a new function is fuzzed without
an edit here), and writes for each database encoding asked for a script of calls whose
arguments are random: bytes of any value but NUL (the server refuses the sequences its
encoding does not allow before any function sees them; SQL_ASCII and LATIN1 let every
byte through), random Unicode text, puzzles and pencil-mark lines with a random
character put in, NULLs, arrays of all of these, and numbers at and past their edges
(NaN, negative, huge). Every call may fail; none may end its backend: the check is
that the postmaster never restarts (its start time is the same after every database's
calls) and that its log names no backend terminated by a signal.

Usage: scripts/fuzz_sql.py --log LOGFILE [--calls N] [--seed S] [--encodings E,...]
with PSQL set to the psql command line of a superuser of a running cluster (as
scripts/reliability.sh sets it). Prints a line per encoding; exits 1 when the server
restarted or a backend crashed.
"""
import argparse
import os
import random
import shlex
import subprocess
import sys

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def psql(args, sql=None, db="postgres"):
    cmd = shlex.split(os.environ["PSQL"]) + ["-X", "-At", "-d", db] + args
    return subprocess.run(cmd, input=sql, capture_output=True, text=True, errors="replace")


def one(sql, db="postgres"):
    r = psql(["-c", sql], db=db)
    if r.returncode != 0:
        sys.exit(f"fuzz_sql: {sql!r} failed: {r.stderr}")
    return r.stdout.strip()


def literal_bytes(bs):
    """An E'' literal of the bytes (no NUL), each byte escaped."""
    return "E'" + "".join(f"\\x{b:02x}" for b in bs) + "'"


def random_text(rng):
    """A random text argument, as an SQL expression."""
    kind = rng.randrange(8)
    if kind == 0:
        return "NULL"
    if kind == 1:
        return literal_bytes(rng.randbytes(rng.randrange(0, 40)).replace(b"\0", b"\1"))
    if kind == 2:
        chars = [chr(rng.choice([rng.randrange(32, 127), rng.randrange(0xA0, 0x250),
                                 rng.randrange(0x3040, 0x30FF), 0xFFFD, 0x1F600]))
                 for _ in range(rng.randrange(0, 30))]
        return "'" + "".join(chars).replace("'", "''") + "'"
    if kind in (3, 4):
        base = EASY if kind == 3 else "".join(
            str(d) if rng.random() < 0.7 else "." for _ in range(81) for d in range(1, 10))
        pos = rng.randrange(len(base) + 1)
        bad = rng.randbytes(rng.randrange(1, 4)).replace(b"\0", b"\1")
        return (literal_bytes(base[:pos].encode()) + " || " + literal_bytes(bad) + " || "
                + literal_bytes(base[pos:].encode()))
    if kind == 5:
        return "'" + rng.choice(["grid", "line", "marks", "marks_grid", "a4", "letter", "none",
                                 "rotate180", "random", "", " ", "fpuzzles", "classic", "x",
                                 "windoku,dg", "x,anti-knight,nc", "anti-king", "jigsaw", "killer",
                                 "killer=aab;3", "jigsaw=" + "123456789" * 9, "center-dot,girandola",
                                 "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9"]) + "'"
    if kind == 6:
        return f"repeat({literal_bytes(bytes([rng.randrange(1, 256)]))}, {rng.choice([1, 81, 729, 5000])})"
    return "'" + EASY + "'"


def random_value(rng, type_name):
    if type_name == "text":
        return random_text(rng)
    if type_name == "text[]":
        if rng.random() < 0.1:
            return "NULL::text[]"
        return "ARRAY[" + ", ".join(random_text(rng) for _ in range(rng.randrange(1, 4))) + "]::text[]"
    if type_name in ("integer", "bigint"):
        return str(rng.choice([-1, 0, 1, 2, 3, 81, 2147483647, -2147483648, rng.randrange(-5, 10)]))
    if type_name == "numeric":
        return rng.choice(["'NaN'::numeric", "-1", "0", "1.0", "9.5", "20", "1e9", "NULL", "2.3"])
    if type_name == "boolean":
        return rng.choice(["true", "false", "NULL"])
    return "NULL"


def calls(rng, functions, n):
    """n random calls of each function, each a statement of its own."""
    out = ["SET statement_timeout = '2s';"]
    for name, types in functions:
        for _ in range(n):
            args = ", ".join(random_value(rng, t) for t in types)
            out.append(f"SELECT count(*) FROM {name}({args});")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--log", required=True, help="the server's log file")
    ap.add_argument("--calls", type=int, default=150, help="calls per function and encoding")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--encodings", default="UTF8,SQL_ASCII,LATIN1,WIN1252,EUC_JP")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    started = one("SELECT pg_postmaster_start_time()")
    bad = False
    for enc in a.encodings.split(","):
        db = "fuzz_" + enc.lower()
        one(f"DROP DATABASE IF EXISTS {db}")
        one(f"CREATE DATABASE {db} ENCODING '{enc}' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        one("CREATE EXTENSION sudoku_ext", db=db)
        rows = one("SELECT p.proname || '|' || coalesce(array_to_string(array(SELECT format_type(t, NULL) "
                   "FROM unnest(p.proargtypes) AS t), ','), '') FROM pg_proc p "
                   "WHERE p.proname LIKE 'sudoku\\_%' ORDER BY 1", db=db)
        functions = [(r.split("|")[0], [t for t in r.split("|")[1].split(",") if t])
                     for r in rows.splitlines()]
        script = calls(rng, functions, a.calls)
        r = psql(["-v", "ON_ERROR_STOP=0", "-f", "-"], sql=script, db=db)
        errors = r.stderr.count("ERROR:")
        now = one("SELECT pg_postmaster_start_time()")
        lost = "connection to server was lost" in r.stderr or "terminated" in r.stderr
        ok = now == started and not lost
        print(f"fuzz_sql {enc:9} {len(functions)} functions x {a.calls} calls: {errors} errors raised, "
              f"{'server up' if ok else 'SERVER RESTARTED OR CONNECTION LOST'}")
        bad |= not ok
        one(f"DROP DATABASE {db}")
    with open(a.log, errors="replace") as f:
        crashes = [l for l in f if "terminated by signal" in l or "was terminated" in l]
    if crashes:
        print("fuzz_sql: the server log names crashed backends:\n" + "".join(crashes[:5]), file=sys.stderr)
        bad = True
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
