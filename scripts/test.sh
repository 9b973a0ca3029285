#!/usr/bin/env bash
# Runs every test of sudoku_ext, installing whatever is missing first:
#   1. core:       cargo test of the pure-Rust core (unit tests, property tests, fixtures)
#   2. pg_test:    cargo pgrx test (the glue, inside a real PostgreSQL 15)
#   3. pg_regress: the SQL users see, against the installed release build
#   4. datasets:   every puzzle of ../shared/data solved and checked (skipped when absent)
# Exits non-zero when any layer fails; the last line says how many layers passed.
#
# Usage: scripts/test.sh [--quick]   (--quick: shorter property tests)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [ "${1:-}" = "--quick" ]; then export PROPTEST_CASES="${PROPTEST_CASES:-64}"; fi

ensure_toolchain
cd "$ROOT"

passed=0
failed=0
layer() {
    local name="$1"
    shift
    say "layer: $name"
    if "$@"; then
        passed=$((passed + 1))
        echo "layer $name: ok" >&2
    else
        failed=$((failed + 1))
        echo "layer $name: FAILED" >&2
    fi
}

core_tests() {
    cargo test -p sudoku_core --release
}

pg_tests() {
    # cargo pgrx test runs its own cluster as the postgres user in a directory it owns.
    local pgdata
    pgdata="$(mktemp -d /tmp/sudoku_ext_pgtest.XXXXXX)"
    chown postgres: "$pgdata"
    local rc=0
    cargo pgrx test pg${PG_MAJOR} --runas postgres --pgdata "$pgdata/data" || rc=$?
    rm -rf "$pgdata"
    return $rc
}

regress_tests() {
    # cargo pgrx test installed a debug build: install the release build over it.
    install_extension || return 1
    start_cluster
    local out rc=0
    out="$PGTMP/regress"
    sudo -u postgres mkdir -p "$out"
    (cd "$out" && sudo -u postgres SUDOKU_REF_DIR="$ROOT/sql/reference" "$(dirname "$("${PG_CONFIG}" --pgxs)")/../test/regress/pg_regress" \
        --host="$PGHOST" --port="$PGPORT" --user=postgres \
        --inputdir="$ROOT/tests/pg_regress" --outputdir="$out" \
        --dbname=sudoku_regress --load-extension=sudoku_ext \
        $(cd "$ROOT/tests/pg_regress/sql" && ls *.sql | sed 's/\.sql$//' | sort)) || rc=$?
    if [ $rc -ne 0 ] && [ -f "$out/regression.diffs" ]; then
        cat "$out/regression.diffs" >&2
    fi
    stop_cluster
    return $rc
}

dataset_checks() {
    local data="$ROOT/../shared/data" f
    if [ ! -d "$data" ]; then
        echo "no $data: skipped" >&2
        return 0
    fi
    for f in "$data"/*.txt; do
        echo "solving and checking every puzzle of $(basename "$f")" >&2
        cargo run --release -q -p sudoku_core --example solve_file -- "$f" --runs 1 || return 1
        cargo run --release -q -p sudoku_core --example solve_file -- "$f" --runs 1 --limit 2 || return 1
    done
}

layer core core_tests
layer pg_test pg_tests
layer pg_regress regress_tests
layer datasets dataset_checks

echo
echo "layers: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
