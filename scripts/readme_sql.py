#!/usr/bin/env python3
"""Runs every SQL example of README.md (and of the docs/*.md pages given) and compares what psql prints with what the
page shows, so the pages cannot drift from the extension (as Rust's doc-tests keep documentation honest).

An example is a ```sql block written as a psql transcript: statements (with their -- comments), each followed by
the output psql prints for it (aligned format, no "(N rows)" footer; errors as psql prints them). Blank lines and
trailing spaces are not compared.

What the reader sees is all there is:
- The blocks of one page run in order, in one new database of their own (nothing created in it beforehand, not
  even the extension): a page's first example creates the extension, and every table an example uses is created in
  a block of the same page the reader can see, before it. A block that uses a table created nowhere visible on the
  page fails, even before it runs.
- A block whose psql output holds an error (ERROR, FATAL or PANIC) fails, unless the line just before it is the
  marker `<!-- expect-error -->`: the reader is meant to see that error. A block with that marker and no error fails.
- A block preceded by `<!-- not run: REASON -->` is not run (SQL that needs more than one server, run and checked
  by its own script instead); its tables are checked all the same.
- The hidden set-up of earlier versions (`<!-- setup: SQL -->`) is refused.

Usage: python3 scripts/readme_sql.py PAGE.md [PAGE.md ...] [--write]
  The psql command line comes from $PSQL (default: psql -X), whose connection settings come from the usual PG*
  variables. With --write, rewrites each block with what psql printed instead of comparing (review with git diff);
  the error and set-up rules are checked all the same.
Exits non-zero when any block differs or breaks a rule, and says which.
"""
import difflib
import os
import re
import shlex
import subprocess
import sys

OUTPUT_PREFIXES = ("ERROR:", "DETAIL:", "HINT:", "NOTICE:", "WARNING:", "CONTEXT:", "LINE ")
EXPECT_ERROR = "<!-- expect-error -->"
NOT_RUN = "<!-- not run:"
HIDDEN_SETUP = "<!-- setup:"
ERROR_LINE = re.compile(r"^(psql:\S*: )?(ERROR|FATAL|PANIC):")

# Names an example may read without creating them: PostgreSQL's catalogs and views.
BUILT_IN = re.compile(r"^(pg_\w+|information_schema|generate_series|unnest|lateral)$", re.I)
# A relation read or written: after FROM, JOIN, INTO, UPDATE, TABLE (not a function call, not a subquery).
RELATION_USE = re.compile(r"\b(?:from|join|into|update|table)\s+(?:only\s+)?([a-z_][\w.]*)\s*(\(?)", re.I)
# A relation made: CREATE [UNLOGGED|TEMP|FOREIGN] TABLE / [MATERIALIZED] VIEW name, or a WITH name AS (...).
RELATION_MADE = re.compile(
    r"\bcreate\s+(?:or\s+replace\s+)?(?:unlogged\s+|temp\s+|temporary\s+|foreign\s+)?"
    r"(?:table|(?:materialized\s+)?view)\s+(?:if\s+not\s+exists\s+)?([a-z_][\w.]*)"
    r"|\b(?:with|,)\s*(?:recursive\s+)?([a-z_]\w*)\s+as\s*\(",
    re.I,
)
# Words after FROM etc. that are not relations (EXTRACT(... FROM ...), CREATE TABLE x (...), ...).
NOT_A_RELATION = {"select", "values", "lateral", "rows", "only", "each", "exists", "if", "not"}


def is_output(line):
    """True for a line psql printed rather than one of the example's statements."""
    if line.startswith(OUTPUT_PREFIXES) or line.startswith(" ") or line == "" or ERROR_LINE.match(line):
        return True
    # A table's separator line (----+----), not a -- comment.
    return bool(re.fullmatch(r"-+(\+-+)*", line))


class Block:
    def __init__(self, path, number, marker, lines):
        self.path = path
        self.number = number  # the line number of the block's first line, counted from 1
        self.marker = marker  # the HTML comment on the line before the fence, or ""
        self.lines = lines

    @property
    def where(self):
        return f"{self.path}:{self.number}"

    @property
    def run(self):
        return not self.marker.startswith(NOT_RUN)

    @property
    def expects_error(self):
        return self.marker == EXPECT_ERROR


def blocks(path, text):
    """The ```sql blocks of a page, in order."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```sql":
            j = i - 1
            while j >= 0 and lines[j].strip() == "":
                j -= 1
            marker = lines[j].strip() if j >= 0 and lines[j].strip().startswith("<!--") else ""
            end = lines.index("```", i + 1)
            yield Block(path, i + 2, marker, lines[i + 1:end])
            i = end
        i += 1


def statements(block_lines):
    """The example's input: its statement and comment lines, without the outputs."""
    out = []
    in_statement = False
    for line in block_lines:
        if in_statement or not is_output(line):
            out.append(line)
            in_statement = not line.rstrip().endswith(";") and not line.startswith("--")
    return out


def sql_text(block_lines):
    """The statements of a block without their -- comments and string literals, for the relation check."""
    text = "\n".join(re.sub(r"--.*", "", line) for line in statements(block_lines))
    return re.sub(r"E?'(?:[^']|'')*'", "''", text)


def unseen_relations(block, made):
    """The relations a block uses that no visible block of its page, up to and including this one, creates."""
    text = sql_text(block.lines)
    for m in RELATION_MADE.finditer(text):
        made.add((m.group(1) or m.group(2)).lower())
    missing = []
    for m in RELATION_USE.finditer(text):
        name, call = m.group(1).lower(), m.group(2)
        if call or name in NOT_A_RELATION or name in made or BUILT_IN.match(name.split(".")[-1]):
            continue
        if name not in missing:
            missing.append(name)
    return missing


def normalise(lines):
    return [line.rstrip() for line in lines if line.strip() != ""]


def psql_transcript(psql, db, sql_lines):
    """Runs the statements in database db, echoing them, errors merged in order into the transcript."""
    done = subprocess.run(psql + ["-a", "-q", "-d", db, "-P", "footer=off"], input="\n".join(sql_lines) + "\n",
                          text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return done.stdout.split("\n")


def check_page(psql, path, write):
    """Runs a page's blocks in order in a new database; returns (blocks run, failures, rewrites)."""
    text = open(path, encoding="utf-8").read()
    db = "readme_example"
    admin = psql + ["-q", "-d", "postgres", "-v", "ON_ERROR_STOP=1"]
    subprocess.run(admin + ["-c", f"DROP DATABASE IF EXISTS {db}"], check=True, capture_output=True)
    subprocess.run(admin + ["-c", f"CREATE DATABASE {db}"], check=True, capture_output=True)
    failures = []
    rewrites = []
    count = 0
    made = set()
    try:
        for block in blocks(path, text):
            if block.marker.startswith(HIDDEN_SETUP):
                failures.append((block, ["hidden set-up (<!-- setup: -->): show it in a block the reader can see"]))
                continue
            missing = unseen_relations(block, made)
            if missing:
                failures.append((block, [f"uses {', '.join(missing)}, created in no block of {path} before it"]))
            if not block.run:
                continue
            count += 1
            got = psql_transcript(psql, db, statements(block.lines))
            errors = [line for line in got if ERROR_LINE.match(line)]
            if errors and not block.expects_error:
                failures.append((block, ["psql printed an error, and the block is not marked " + EXPECT_ERROR]
                                 + ["    " + e for e in errors]))
            if block.expects_error and not errors:
                failures.append((block, [f"marked {EXPECT_ERROR}, but psql printed no error"]))
            if write:
                rewrites.append((block.number - 1, got))
            elif normalise(got) != normalise(block.lines):
                diff = difflib.unified_diff(normalise(block.lines), normalise(got), "page", "psql", lineterm="")
                failures.append((block, ["the example's output differs from psql's:"] + ["    " + d for d in diff]))
    finally:
        subprocess.run(admin + ["-c", f"DROP DATABASE IF EXISTS {db}"], capture_output=True)
    if write and rewrites:
        lines = text.split("\n")
        for start, got in reversed(rewrites):
            end = lines.index("```", start)
            lines[start:end] = [g.rstrip() for g in normalise(got)]
        open(path, "w", encoding="utf-8").write("\n".join(lines))
    return count, failures


def main():
    args = sys.argv[1:]
    write = "--write" in args
    paths = [a for a in args if a != "--write"]
    if not paths:
        sys.exit(__doc__)
    psql = shlex.split(os.environ.get("PSQL", "psql -X"))
    total = 0
    failed_blocks = set()
    for path in paths:
        count, failures = check_page(psql, path, write)
        total += count
        for block, messages in failures:
            failed_blocks.add(block.where)
            print(f"{block.where}: " + "\n".join(messages), file=sys.stderr)
        print(f"{path}: {count} examples run" + (" and written" if write else "")
              + (f", {len({b.where for b, _ in failures})} failed" if failures else ""))
    print(f"SQL examples: {total} run, {len(failed_blocks)} failed")
    sys.exit(1 if failed_blocks else 0)


if __name__ == "__main__":
    main()
