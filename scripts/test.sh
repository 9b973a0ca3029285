#!/usr/bin/env bash
# Runs the tests of sudoku_ext, every layer or only those named, installing whatever is
# missing first. The layers, in the order they run (`--list` prints this table):
#   lint         formatting, clippy, the AGPL crate kept out, import cycles, the docs' commands
#   core         the pure-Rust core's tests, then randomised inputs through parser and solvers
#   pg_test      cargo pgrx test: the glue inside a real PostgreSQL, for each major
#   pg_regress   the SQL users see, fresh, upgraded from 0.1.0 and in LATIN1, for each major
#   package      each major's binary archive, then each installed into a pristine server
#   deb          the Debian packages: lintian, install, upgrade, remove (scripts/deb.sh --test)
#   pgxn         the PGXN zip, its META.json validated, the Makefile (scripts/pgxn.sh --test)
#   scaleout     a coordinator and two shards over 2,000 puzzles (scripts/scaleout.sh)
#   readme       every SQL example of README.md and docs/*.md run and compared
#   pictures     the SVG pictures and PDF booklets in headless Chromium
#   reliability  cancellation, load, memory, the largest calls under a ulimit, in UTF8 and
#                LATIN1; random bytes into every text argument in five encodings
#   fuzz         coverage-guided fuzzing of the core with AFL++ (60 s; an hour with --long)
#   datasets     the puzzle sets of ../shared/data solved and rated (skipped when absent)
#
# In more detail:
#   lint:        cargo fmt --check and cargo clippy -D warnings on every target of the workspace
#                (tests, benches and tools included) and of fuzz/, the AGPL `sudoku` crate absent
#                from the extension's dependencies, no import cycle among the core's modules
#                (scripts/check_module_cycles.py, when present), and every command README.md and
#                docs/*.md name there and runnable (scripts/check_commands.py)
#   core:        cargo test of the pure-Rust core (unit tests, property tests, fixtures) and of
#                the tools' own units, then randomised inputs through parser and solvers (sudoku-tools stress)
#   then for each supported PostgreSQL major (14, 15, 16, 17, 18; see scripts/majors.sh):
#   pg_test:     cargo pgrx test (the glue, inside a real PostgreSQL of that major)
#   pg_regress:  the SQL users see, against the installed release build, in a fresh
#                database, in one upgraded from the first released version, and in a
#                LATIN1 database (tests/pg_regress/sql/encodings.sql adds four encodings)
#   package:     scripts/package.sh writes that major's binary archive
#   then once:
#   package:     each archive installed into a fresh copy of its major's relocatable
#                server (no build tree), CREATE EXTENSION, solve, upgrade from 0.1.0
#   deb:         the Debian packages (scripts/deb.sh --test): lintian, apt install, reinstall,
#                upgrade and remove on PostgreSQL 15, every other major's package loaded
#                into its own server, package versions in release order
#   pgxn:        the PGXN zip, its META.json validated, the Makefile (scripts/pgxn.sh --test)
#   scaleout:    scripts/scaleout.sh with 2,000 puzzles: a coordinator and two shards
#                (postgres_fdw), sudoku_solve run on the shards, every answer checked
#   readme:      every SQL example of README.md and docs/*.md run and compared
#                (scripts/readme_sql.py)
#   pictures:    the SVG pictures and PDF booklets in headless Chromium: layout, colours,
#                golden files, page counts (scripts/browser_test.sh)
#   reliability: cancellation latency, concurrent load, memory over a million calls,
#                streaming memory, the largest calls under a ulimit -v (53200, no restart),
#                in UTF8 and LATIN1 databases; random bytes into every text and array
#                argument in five database encodings (scripts/fuzz_sql.py, no restart)
#   fuzz:        coverage-guided fuzzing of the core with AFL++ (60 s; an hour with --long)
#   datasets:    every puzzle of ../shared/data solved and checked, and the rating targets
#                on a sample of the rated sets, the hardest ones included; skipped when the
#                folder is absent
# The layers after the per-major ones run on PostgreSQL 15 (Debian's). Each layer ends
# ok, FAILED or skipped; the last line counts them ("layers: N passed, N failed, N skipped")
# and the exit status is non-zero when any layer failed.
#
# Usage: scripts/test.sh [--long] [LAYER...]
#        scripts/test.sh --list
#   LAYER...: only those layers, in the order above (pg_test, pg_regress and package still
#           run for each major); default: every layer
#   --long: 10 million randomised inputs instead of 300,000, 20,000 property-test cases
#           instead of 256, an hour of fuzzing, and the long mode of scripts/reliability.sh
#   --list: the layers, one a line with its description, and exit
# Environment: SUDOKU_PG_MAJORS="15 17" tests only those majors (default: all five);
#   SUDOKU_SHARED_DATA: the datasets layer's folder (default ../shared/data beside the
#   repository).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The layers and their descriptions, read from the table at the top of this file.
list_layers() {
    sed -n '3,/^#$/s/^#   \([a-z_]*\)  \+\(.*\)$/\1\t\2/p' "${BASH_SOURCE[0]}" |
        awk -F'\t' '{ printf "%-12s %s\n", $1, $2 }'
}
# Whether $1 is among the words after it.
among() {
    local word="$1" w
    shift
    for w in "$@"; do
        [ "$w" = "$word" ] && return 0
    done
    return 1
}
# The usage lines of the header: on stdout and exit 0 for --help, on stderr and exit 2
# after a wrong argument.
usage() {
    local text
    text="$(sed -n '/^# Usage:/,/^# Environment:/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//')"
    if [ "$1" -eq 0 ]; then
        echo "$text"
    else
        echo "$text" >&2
    fi
    exit "$1"
}

LONG=""
STRESS_INPUTS=300000
FUZZ_SECONDS=60
SELECTED=()
mapfile -t LAYERS < <(list_layers | cut -d' ' -f1)
for arg in "$@"; do
    case "$arg" in
        --long)
            LONG="--long"
            STRESS_INPUTS=10000000
            FUZZ_SECONDS=3600
            export PROPTEST_CASES="${PROPTEST_CASES:-20000}"
            ;;
        --list)
            list_layers
            exit 0
            ;;
        -h | --help) usage 0 ;;
        -*)
            echo "scripts/test.sh: unknown option $arg" >&2
            usage 2
            ;;
        *)
            if ! among "$arg" "${LAYERS[@]}"; then
                echo "scripts/test.sh: no layer named $arg (scripts/test.sh --list names them)" >&2
                exit 2
            fi
            SELECTED+=("$arg")
            ;;
    esac
done

# Whether layer $1 (a name of the table, without a :pgNN suffix) is to run.
selected() {
    [ "${#SELECTED[@]}" -eq 0 ] || among "$1" "${SELECTED[@]}"
}

# PostgreSQL, its majors and cargo-pgrx for every layer but these three, which need cargo alone.
if selected lint || selected pg_test || selected pg_regress || selected package ||
    selected deb || selected pgxn || selected scaleout || selected readme ||
    selected pictures || selected reliability; then
    ensure_packages
    ensure_majors
    ensure_pgrx
fi
ensure_lint_tools
cd "$ROOT"

passed=0
failed=0
skipped=0
# layer NAME COMMAND...: runs COMMAND as the layer NAME (NAME or NAME:pgNN) when selected.
# A function of this file calls skip_layer REASON and returns 0 for a layer with nothing
# to test (a variable of this shell: a script run as COMMAND cannot skip, only pass or fail).
LAYER_SKIPPED=""
skip_layer() {
    LAYER_SKIPPED="$1"
}
layer() {
    local name="$1"
    shift
    selected "${name%%:*}" || return 0
    say "layer: $name"
    local t0=$SECONDS
    LAYER_SKIPPED=""
    if "$@"; then
        if [ -n "$LAYER_SKIPPED" ]; then
            skipped=$((skipped + 1))
            echo "layer $name: skipped ($LAYER_SKIPPED)" >&2
        else
            passed=$((passed + 1))
            echo "layer $name: ok ($((SECONDS - t0)) s)" >&2
        fi
    else
        failed=$((failed + 1))
        echo "layer $name: FAILED ($((SECONDS - t0)) s)" >&2
    fi
}

# Formatting, clippy on every target of the workspace, and the import structure. The
# `sudoku` crate (AGPL-3.0) is a peer for benchmarks only: sudoku_core has it as a
# dev-dependency (core/benches/) and sudoku_tools as a dependency (tools/src/cmd/compare.rs,
# canonical_bench.rs), and the extension depends on neither of those uses, which the
# cargo tree check below keeps true.
lint_checks() {
    local rc=0
    echo "cargo fmt --check (workspace, then fuzz/)" >&2
    cargo fmt --all --check || rc=1
    (cd "$ROOT/fuzz" && cargo fmt --all --check) || rc=1
    echo "cargo clippy --workspace --all-targets -- -D warnings" >&2
    cargo clippy -q --keep-going --workspace --all-targets -- -D warnings || rc=1
    echo "cargo clippy of fuzz/ (its own workspace)" >&2
    (cd "$ROOT/fuzz" && cargo clippy -q --all-targets -- -D warnings) || rc=1
    if cargo tree -p sudoku_ext -e normal,build --prefix none | grep -q '^sudoku v'; then
        echo "the AGPL sudoku crate is among the extension's dependencies" >&2
        rc=1
    fi
    if [ -f "$ROOT/scripts/check_module_cycles.py" ]; then
        python3 "$ROOT/scripts/check_module_cycles.py" core/src src || rc=1
    fi
    # Every command README.md and docs/*.md name exists and runs as written.
    python3 "$ROOT/scripts/check_commands.py" || rc=1
    python3 "$ROOT/scripts/check_docs.py" || rc=1
    return $rc
}

core_tests() {
    cargo test -p sudoku_core --release &&
        cargo test -p sudoku_tools --release &&
        cargo run --release -q -p sudoku_tools -- stress --inputs "$STRESS_INPUTS"
}

pg_tests() {
    # cargo pgrx test runs its own cluster as the postgres user in a directory it owns.
    local major="$1" pgdata rc=0
    pgdata="$(mktemp -d /tmp/sudoku_ext_pgtest.XXXXXX)"
    chown postgres: "$pgdata"
    unlink_library
    cargo pgrx test "pg${major}" --profile pgtest --runas postgres --pgdata "$pgdata/data" || rc=$?
    rm -rf "$pgdata"
    return $rc
}

# pg_regress against the throwaway cluster: once in a database that created the
# current version, once in one that created the first released version (0.1.0) and
# ran ALTER EXTENSION sudoku_ext UPDATE. Both must give the expected output.
run_pg_regress() {
    local out="$1"
    shift
    sudo -u postgres mkdir -p "$out"
    (cd "$out" && sudo -u postgres SUDOKU_REF_DIR="$ROOT/sql/reference" SUDOKU_REGRESS_DIR="$ROOT/tests/pg_regress" \
        ${PGCLIENTENCODING:+PGCLIENTENCODING=$PGCLIENTENCODING} \
        "$(dirname "$("${PG_CONFIG}" --pgxs)")/../test/regress/pg_regress" \
        --bindir="$PG_BIN" --host="$PGHOST" --port="$PGPORT" --user=postgres \
        --inputdir="$ROOT/tests/pg_regress" --outputdir="$out" "$@" \
        $(cd "$ROOT/tests/pg_regress/sql" && ls *.sql | sed 's/\.sql$//' | sort))
    local rc=$?
    if [ $rc -ne 0 ] && [ -f "$out/regression.diffs" ]; then
        cat "$out/regression.diffs" >&2
    fi
    return $rc
}

regress_tests() {
    # cargo pgrx test installed a debug build: install the release build over it.
    install_extension || return 1
    start_cluster || return 1
    local rc=0
    echo "pg_regress on $(psql_pg -Atc 'SHOW server_version'), in a database with the current version:" >&2
    run_pg_regress "$PGTMP/fresh" --dbname=sudoku_regress --load-extension=sudoku_ext || rc=1
    echo "pg_regress in a database upgraded from 0.1.0:" >&2
    psql_pg -q -c "CREATE DATABASE sudoku_upgraded" &&
        psql_pg -q -d sudoku_upgraded -c "CREATE EXTENSION sudoku_ext VERSION '0.1.0'" &&
        psql_pg -q -d sudoku_upgraded -c "ALTER EXTENSION sudoku_ext UPDATE" &&
        psql_pg -d sudoku_upgraded -Atc "SELECT 'upgraded to ' || extversion FROM pg_extension WHERE extname = 'sudoku_ext'" >&2 &&
        run_pg_regress "$PGTMP/upgraded" --dbname=sudoku_upgraded --use-existing || rc=1
    # The same tests in a database whose encoding is not UTF-8 (the client speaks UTF-8).
    echo "pg_regress in a LATIN1 database:" >&2
    PGCLIENTENCODING=UTF8 run_pg_regress "$PGTMP/latin1" --dbname=sudoku_latin1 --encoding=LATIN1 \
        --load-extension=sudoku_ext || rc=1
    stop_cluster
    return $rc
}

# The archives written above, each installed into a fresh copy of its major's
# relocatable server, which never saw the build tree (scripts/package.sh --test).
package_tests() {
    bash "$ROOT/scripts/package.sh" --test $PG_MAJORS
}

# The scale-out pattern on a small load: coordinator and two shards, every answer checked.
scaleout_tests() {
    SUDOKU_SKIP_INSTALL=1 bash "$ROOT/scripts/scaleout.sh" --puzzles 2000
}

dataset_checks() {
    local data="${SUDOKU_SHARED_DATA:-$ROOT/../shared/data}" f
    if [ ! -d "$data" ]; then
        skip_layer "no $data"
        return 0
    fi
    for f in "$data"/*.txt; do
        echo "solving and checking every puzzle of $(basename "$f")" >&2
        cargo run --release -q -p sudoku_tools -- solve_file "$f" --runs 1 || return 1
        cargo run --release -q -p sudoku_tools -- solve_file "$f" --runs 1 --limit 2 || return 1
    done
    # The rating targets (issue 10) on every tenth puzzle of the rated set (scripts/bench_rating.sh
    # checks them all), and every puzzle of the hardest set rated 9.0 or more.
    if [ -f "$data/se_rated_dev.tsv" ]; then
        echo "ratings of every tenth puzzle of se_rated_dev.tsv against Sukaku Explainer's" >&2
        cargo run --release -q -p sudoku_tools -- rating_check "$data/se_rated_dev.tsv" --stride 10 || return 1
    fi
    # The hardest set now rates through the nested chains (seconds to minutes a puzzle): a
    # sample of 5 spread over the file, each rated 9.0 or more and below 20.0 (the ladder
    # finishes it); scripts/bench_nested.sh rates all 375.
    if [ -f "$data/puzzles6_forum_hardest_1106.txt" ]; then
        echo "5 puzzles of the hardest set rated 9.0 or more and below 20.0" >&2
        local sample
        sample="$(mktemp)"
        grep -v '^#' "$data/puzzles6_forum_hardest_1106.txt" | awk 'NR % 75 == 38' > "$sample"
        cargo run --release -q -p sudoku_tools -- rate_times "$sample" --runs 1 |
            awk -F'\t' '{ n++; print "  " $1 "\t" $2 > "/dev/stderr"; if ($2 + 0 < 9.0 || $2 + 0 >= 20.0) bad++ }
                        END { exit (n == 5 && bad == 0) ? 0 : 1 }' || { rm -f "$sample"; return 1; }
        rm -f "$sample"
    fi
    # The nested chains (issue 28) against the published ratings of the hardest rated set, on
    # every 50th puzzle (12, across the three bands; scripts/bench_nested.sh checks all 577
    # against the targets, 95 % the same and 99 % within 0.1 per band).
    if [ -f "$data/se_rated_hardest_dev.tsv" ]; then
        echo "ratings of every 50th puzzle of se_rated_hardest_dev.tsv against the published ones" >&2
        cargo run --release -q -p sudoku_tools -- nested_agreement "$data/se_rated_hardest_dev.tsv" \
            --every 50 --offset 25 --mismatches --min-same 95 --min-within 99 || return 1
    fi
}

# Every SQL example of the README and of docs/*.md, each page in a fresh database, compared
# with what the page shows (scripts/readme_sql.py), so the pages cannot drift from the
# extension; an error is allowed only where a block is marked as expecting one.
readme_tests() {
    start_cluster || return 1
    local rc=0
    PSQL="sudo -u postgres -E ${PG_BIN}/psql -X -h $PGHOST -p $PGPORT -U postgres" \
        python3 "$ROOT/scripts/readme_sql.py" "$ROOT/README.md" "$ROOT"/docs/*.md || rc=$?
    stop_cluster
    return $rc
}

reliability_tests() {
    SUDOKU_SKIP_INSTALL=1 bash "$ROOT/scripts/reliability.sh" $LONG &&
        SUDOKU_SKIP_INSTALL=1 bash "$ROOT/scripts/reliability.sh" $LONG --encoding LATIN1
}

fuzz_tests() {
    bash "$ROOT/scripts/fuzz.sh" "$FUZZ_SECONDS"
}

layer lint lint_checks
layer core core_tests
for major in $PG_MAJORS; do
    selected pg_test || selected pg_regress || selected package || break
    use_major "$major"
    layer "pg_test:pg${major}" pg_tests "$major"
    layer "pg_regress:pg${major}" regress_tests
    # The archive of scripts/package.sh from the release build just made (no rebuild);
    # the package layer below installs it into a server without the build tree.
    layer "package:pg${major}" bash "$ROOT/scripts/package.sh" "$major"
done
# The layers below run on the system PostgreSQL 15 and its release build, installed
# by the pg_regress layer of 15 (or here, when 15 was not among the majors or pg_regress
# not among the layers, and a layer below needs it).
use_major "$PG_MAJOR"
if ! { selected pg_regress && printf ' %s ' $PG_MAJORS | grep -q " ${PG_MAJOR} "; } &&
    { selected scaleout || selected readme || selected pictures || selected reliability; }; then
    install_extension || echo "install into PostgreSQL ${PG_MAJOR} failed" >&2
fi
layer package package_tests
# Debian packages from those archives (apt into the system 15, unpacked into the others),
# and the PGXN zip with its META.json validated: scripts/deb.sh, scripts/pgxn.sh.
layer deb bash "$ROOT/scripts/deb.sh" --test $PG_MAJORS
layer pgxn bash "$ROOT/scripts/pgxn.sh" --test
layer scaleout scaleout_tests
layer readme readme_tests
layer pictures bash "$ROOT/scripts/browser_test.sh"
layer reliability reliability_tests
layer fuzz fuzz_tests
layer datasets dataset_checks

echo
echo "test command: $((SECONDS / 60)) min $((SECONDS % 60)) s"
echo "layers: ${passed} passed, ${failed} failed, ${skipped} skipped"
[ "$failed" -eq 0 ]
