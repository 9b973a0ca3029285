"""Runs every SQL example of README.md and compares what psql prints with what the README shows, so the README
cannot drift from the extension (as Rust's doc-tests keep documentation honest).

An example is a ```sql block written as a psql transcript: statements (with their -- comments), each followed by
the output psql prints for it (aligned format, no "(N rows)" footer; errors as psql prints them). A block preceded by
an HTML comment `<!-- setup: SQL -->` runs that SQL first, unseen; one preceded by `<!-- not run: REASON -->` is
skipped (SQL that needs more than one server, run and checked by its own script instead). Every block runs in its own new database, so
blocks do not depend on each other. Blank lines and trailing spaces are not compared.

Usage: python3 scripts/readme_sql.py README.md [--write]
  The psql command line comes from $PSQL (default: psql -X), whose connection settings come from the usual PG*
  variables. With --write, rewrites each block with what psql printed instead of comparing (review with git diff).
Exits non-zero when any block differs, and says which.
"""
import difflib
import os
import re
import shlex
import subprocess
import sys

OUTPUT_PREFIXES = ("ERROR:", "DETAIL:", "HINT:", "NOTICE:", "WARNING:", "CONTEXT:", "LINE ")


def is_output(line):
    """True for a line psql printed rather than one of the example's statements."""
    if line.startswith(OUTPUT_PREFIXES) or line.startswith(" ") or line == "":
        return True
    # A table's separator line (----+----), not a -- comment.
    return bool(re.fullmatch(r"-+(\+-+)*", line))


def blocks(text):
    """The ```sql blocks of the README: (line number, setup SQL or None, lines)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```sql":
            setup = None
            j = i - 1
            while j >= 0 and lines[j].strip() == "":
                j -= 1
            m = re.fullmatch(r"<!-- setup: (.*) -->", lines[j].strip(), re.S) if j >= 0 else None
            if m:
                setup = m.group(1)
            end = lines.index("```", i + 1)
            if j < 0 or not lines[j].strip().startswith("<!-- not run:"):
                yield i + 1, setup, lines[i + 1:end]
            i = end
        i += 1


def statements(block):
    """The example's input: its statement and comment lines, without the outputs."""
    out = []
    in_statement = False
    for line in block:
        if in_statement or not is_output(line):
            out.append(line)
            in_statement = not line.rstrip().endswith(";") and not line.startswith("--")
    return out


def normalise(lines):
    return [line.rstrip() for line in lines if line.strip() != ""]


def run(psql, db_sql, setup, sql_lines):
    """Creates a database, runs the block in it (echoing its input), drops it."""
    db = "readme_example"
    admin = psql + ["-q", "-d", "postgres", "-v", "ON_ERROR_STOP=1"]
    subprocess.run(admin + ["-c", f"DROP DATABASE IF EXISTS {db}"], check=True, capture_output=True)
    subprocess.run(admin + ["-c", f"CREATE DATABASE {db}"], check=True, capture_output=True)
    try:
        subprocess.run(psql + ["-q", "-d", db, "-v", "ON_ERROR_STOP=1"], input=db_sql + (setup or ""), text=True,
                       check=True, capture_output=True)
        # Errors go to stderr, merged in order into the transcript as pg_regress does.
        done = subprocess.run(psql + ["-a", "-q", "-d", db, "-P", "footer=off"], input="\n".join(sql_lines) + "\n",
                              text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        return done.stdout.split("\n")
    finally:
        subprocess.run(admin + ["-c", f"DROP DATABASE IF EXISTS {db}"], capture_output=True)


def main():
    path = sys.argv[1]
    write = "--write" in sys.argv[2:]
    psql = shlex.split(os.environ.get("PSQL", "psql -X"))
    db_sql = "CREATE EXTENSION sudoku_ext;\n"
    text = open(path, encoding="utf-8").read()
    failed = 0
    count = 0
    rewrites = []
    for number, setup, block in blocks(text):
        count += 1
        got = run(psql, db_sql, setup, statements(block))
        if write:
            rewrites.append((number, got))
            continue
        if normalise(got) != normalise(block):
            failed += 1
            print(f"{path}:{number}: the example's output differs from psql's:", file=sys.stderr)
            for d in difflib.unified_diff(normalise(block), normalise(got), "README", "psql", lineterm=""):
                print("    " + d, file=sys.stderr)
    if write:
        lines = text.split("\n")
        for number, got in reversed(rewrites):
            end = lines.index("```", number)
            lines[number:end] = [g.rstrip() for g in normalise(got)]
        open(path, "w", encoding="utf-8").write("\n".join(lines))
        print(f"README examples: {count} written")
        return
    print(f"README examples: {count - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
