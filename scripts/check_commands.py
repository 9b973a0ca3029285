#!/usr/bin/env python3
"""Checks that every command README.md and docs/*.md tell a reader to run works as written.

Usage: scripts/check_commands.py [PAGE...]      (default: README.md and docs/*.md)

What counts as a command: a line of a ```sh block, a line of any other block (not SQL)
that starts with `python3`, `bash` or `cargo`, and an inline code span. In those, a path
under scripts/ is checked as follows:
- run directly (`scripts/deb.sh --test`, `FOO=1 scripts/test.sh`): the file exists, is
  executable (on disk and in git's index, which is what a clone gets), starts with `#!`,
  and is not a script meant to be sourced;
- run by an interpreter (`python3 scripts/readme_sql.py`): the file exists and is a
  Python file for python3;
- and when the script handles `--help`, `SCRIPT --help` answers with status 0.
A bare path in a code span (`scripts/lib.sh`), in the text or in a link only has to exist
(a link relative to the page). `cargo run ... -p sudoku_tools -- NAME` and
`sudoku-tools NAME` must name a subcommand of tools/src/cmd/mod.rs; `--bin` on sudoku_tools
is stale (one binary since issue 38).

Independently of the pages, every *.sh and *.py of scripts/ is either meant to be run
(executable, with a `#!` line) or says in its first lines that it is sourced ("do not run
it") and is not executable.

Exits 1 with one line per problem (page:line: what, and how to fix it), 0 when all hold.
"""

import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SH_BLOCKS = {"sh", "bash", "shell", "console"}
# A path under scripts/ (globs allowed, as in `scripts/bench*.sh`).
SCRIPT_PATH = re.compile(r"(?<![\w./-])(scripts/[\w.*-]+)")
# The same path as a command: at the start (after VAR=value words), or after an interpreter.
COMMAND = re.compile(
    r"(?:^|[;&|(]\s*|\$\(\s*)(?:(?:\w+=(?:\"[^\"]*\"|'[^']*'|\S*))\s+)*"
    r"(?:(?P<interp>python3|bash|sh)\s+)?(?P<path>scripts/[\w.-]+)",
    re.M,
)
TOOLS_RUN = re.compile(r"cargo\s+(?:run|build)\b(?P<args>[^`]*?-p\s+sudoku_tools\b[^`]*)")
TOOLS_BIN = re.compile(r"(?<![\w-])sudoku-tools\s+(?P<name>[a-z_]+)\b")


def leading_comment(text):
    """The first lines of a script up to its first line of code (shebang and docstring included)."""
    return "\n".join(text.splitlines()[:12])


def is_sourced(text):
    return "do not run it" in leading_comment(text)


def git_mode(path):
    """The mode git's index records for path ('100755', '100644'), or None outside git."""
    try:
        out = subprocess.run(
            ["git", "-C", ROOT, "ls-files", "-s", "--", path],
            capture_output=True, text=True, check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.split()[0] if out else None


def subcommands():
    """The names the commands! list of tools/src/cmd/mod.rs declares."""
    path = os.path.join(ROOT, "tools/src/cmd/mod.rs")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    block = text[text.index("commands! {"):]
    block = block[: block.index("\n}")]
    return set(re.findall(r"^\s+([a-z_]+):\s", block, re.M)) | {"help"}


class Checker:
    def __init__(self):
        self.problems = []
        self.commands = 0
        self.help_checked = {}
        self.tools = subcommands()

    def fail(self, where, message):
        line = f"{where}: {message}"
        if line not in self.problems:
            self.problems.append(line)

    def runnable_problems(self, rel):
        """What keeps scripts/REL from running as `scripts/REL` (empty when it runs)."""
        path = os.path.join(ROOT, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        found = []
        if is_sourced(text):
            found.append("it is meant to be sourced (its header says so), not run")
            return found
        mode = git_mode(rel)
        if not os.access(path, os.X_OK) or mode not in (None, "100755"):
            found.append(f"it is not executable (chmod +x {rel} && git update-index --chmod=+x {rel})")
        if not text.startswith("#!"):
            found.append("it has no #! line")
        return found

    def check_help(self, where, rel, interp):
        """`SCRIPT --help` answers 0 when the script handles --help (once per script)."""
        path = os.path.join(ROOT, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if "--help" not in text and "parse_package_args" not in text:
            return
        if rel not in self.help_checked:
            argv = ([interp] if interp else []) + [path, "--help"]
            try:
                r = subprocess.run(argv, cwd=ROOT, stdin=subprocess.DEVNULL,
                                   capture_output=True, text=True, timeout=30)
                ok = r.returncode == 0 and r.stdout.strip() != ""
                why = f"exit status {r.returncode}" if r.returncode else "nothing on stdout"
            except (OSError, subprocess.TimeoutExpired) as e:
                ok, why = False, str(e)
            self.help_checked[rel] = None if ok else why
        if self.help_checked[rel] is not None:
            self.fail(where, f"{rel} --help: {self.help_checked[rel]}")

    def check_path(self, where, rel, page_dir=None):
        base = page_dir if page_dir else ROOT
        if not glob.glob(os.path.join(base, rel)):
            self.fail(where, f"{rel}: no such file")
            return False
        return True

    def check_command(self, where, text, span=False):
        """Every script a command string runs, and the sudoku-tools subcommands it names.
        In a code span (span=True), a path alone names the file, not a command."""
        for m in COMMAND.finditer(text):
            rel, interp = m.group("path"), m.group("interp")
            if not self.check_path(where, rel):
                continue
            if span and text.strip() == rel:
                continue  # the file's name; the folder check covers whether it runs
            self.commands += 1
            problems = []
            if interp is None:
                problems = self.runnable_problems(rel)
                for problem in problems:
                    self.fail(where, f"{rel} is named as a command, but: {problem}")
            elif interp == "python3" and not rel.endswith(".py"):
                problems = ["not a Python script"]
                self.fail(where, f"python3 {rel}: not a Python script")
            if not problems:
                self.check_help(where, rel, interp)
        for m in TOOLS_RUN.finditer(text):
            args = m.group("args")
            self.commands += 1
            stale = re.search(r"--bin\s+(\S+)", args)
            if stale:
                self.fail(where, f"--bin {stale.group(1)}: the tools are one binary, "
                          f"`cargo run --release -p sudoku_tools -- {stale.group(1)} ARGS`")
            name = re.search(r"\s--\s+([A-Za-z_]+)", args)
            if name and name.group(1).islower() and name.group(1) not in self.tools:
                self.fail(where, f"sudoku-tools has no subcommand {name.group(1)} "
                          "(sudoku-tools --help lists them)")
        for m in TOOLS_BIN.finditer(text):
            self.commands += 1
            if m.group("name") not in self.tools:
                self.fail(where, f"sudoku-tools has no subcommand {m.group('name')} "
                          "(sudoku-tools --help lists them)")

    def check_page(self, page):
        rel_page = os.path.relpath(page, ROOT)
        page_dir = os.path.dirname(page)
        with open(page, encoding="utf-8") as f:
            lines = f.read().split("\n")
        fence = None  # the language of the open ``` block, or None outside one
        prose = []  # (line number, text) of the paragraph being read
        for number, line in enumerate(lines + [""], 1):
            if line.startswith("```"):
                self.check_prose(rel_page, page_dir, prose)
                prose = []
                fence = None if fence is not None else line[3:].strip()
                continue
            if fence is None:
                if line.strip():
                    prose.append((number, line))
                else:
                    self.check_prose(rel_page, page_dir, prose)
                    prose = []
                continue
            where = f"{rel_page}:{number}"
            if fence in SH_BLOCKS or re.match(r"\s*(python3|bash|cargo)\s", line):
                self.check_command(where, line)
            elif fence != "sql":
                for rel in SCRIPT_PATH.findall(line):
                    self.check_path(where, rel)

    def check_prose(self, rel_page, page_dir, prose):
        if not prose:
            return
        text = "\n".join(line for _, line in prose)
        starts = []  # offset of each line in text
        offset = 0
        for _, line in prose:
            starts.append(offset)
            offset += len(line) + 1

        def where(pos):
            k = max(i for i, s in enumerate(starts) if s <= pos)
            return f"{rel_page}:{prose[k][0]}"

        spans = list(re.finditer(r"`([^`]+)`", text))
        for m in spans:
            self.check_command(where(m.start()), m.group(1).replace("\n", " "), span=True)
        # Outside code spans: paths and links only have to exist.
        outside = re.sub(r"`[^`]+`", lambda m: " " * len(m.group(0)), text)
        for m in re.finditer(r"\]\(([^)#\s]+)", outside):
            target = m.group(1)
            if "scripts/" in target and "://" not in target:
                self.check_path(where(m.start()), target, page_dir)
        outside = re.sub(r"\]\([^)]*\)", lambda m: " " * len(m.group(0)), outside)
        for m in SCRIPT_PATH.finditer(outside):
            self.check_path(where(m.start()), m.group(1))

    def check_scripts_folder(self):
        for path in sorted(glob.glob(os.path.join(ROOT, "scripts", "*"))):
            if not path.endswith((".sh", ".py")):
                continue
            rel = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if is_sourced(text):
                if os.access(path, os.X_OK) or git_mode(rel) == "100755":
                    self.fail(rel, "meant to be sourced (\"do not run it\"), but it is executable "
                              f"(chmod -x {rel} && git update-index --chmod=-x {rel})")
            else:
                for problem in self.runnable_problems(rel):
                    self.fail(rel, f"meant to be run, but {problem}")


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    pages = argv or [os.path.join(ROOT, "README.md")] + sorted(
        glob.glob(os.path.join(ROOT, "docs", "*.md"))
    )
    checker = Checker()
    checker.check_scripts_folder()
    for page in pages:
        checker.check_page(os.path.abspath(page))
    for problem in checker.problems:
        print(problem, file=sys.stderr)
    status = "FAILED" if checker.problems else "ok"
    print(f"check_commands: {checker.commands} commands in {len(pages)} pages "
          f"({len(checker.help_checked)} scripts asked for --help), "
          f"{len(checker.problems)} problems: {status}", file=sys.stderr)
    return 1 if checker.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
