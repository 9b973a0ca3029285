# Shared by every script: set-up steps and the throwaway PostgreSQL clusters.
# Source it; do not run it.
#
# Everything here is idempotent: run again, it only does what is missing.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PGRX_VERSION="0.18.1"
PG_MAJOR="15"
PG_BIN="/usr/lib/postgresql/${PG_MAJOR}/bin"
PG_CONFIG="${PG_BIN}/pg_config"
export PATH="${HOME}/.cargo/bin:${PATH}"

# The internal programs (tools/): one binary, a subcommand each (`sudoku-tools --help`).
# Scripts run it as `cargo run --release -q -p sudoku_tools -- NAME ARGS`, or, to time it
# or call it often, build it once (`cargo build --release -q -p sudoku_tools`) and run
# "$TOOLS_BIN" NAME ARGS.
# shellcheck disable=SC2034 # read by the scripts that source this file
TOOLS_BIN="${CARGO_TARGET_DIR:-${ROOT}/target}/release/sudoku-tools"

say() { printf '\n==> %s\n' "$*" >&2; }
ESC=$'\e' # cargo-pgrx colours its lines: filters match past the escape codes

# The other majors (14, 16, 17, 18), their servers and `use_major`.
source "${ROOT}/scripts/majors.sh"

# The Debian packages the build needs. postgresql-server-dev-15 is pinned to the
# installed server's exact version, so apt never upgrades the server under us.
ensure_packages() {
    local server_version missing=()
    server_version="$(dpkg-query -W -f='${Version}' "postgresql-${PG_MAJOR}" 2>/dev/null || true)"
    if [ -z "$server_version" ]; then
        say "installing postgresql-${PG_MAJOR} (server)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "postgresql-${PG_MAJOR}" >/dev/null
        server_version="$(dpkg-query -W -f='${Version}' "postgresql-${PG_MAJOR}")"
    fi
    [ "$(dpkg-query -W -f='${Version}' "postgresql-server-dev-${PG_MAJOR}" 2>/dev/null || true)" = "$server_version" ] \
        || missing+=("postgresql-server-dev-${PG_MAJOR}=${server_version}")
    command -v sudo >/dev/null || missing+=(sudo)
    if [ "${#missing[@]}" -gt 0 ]; then
        say "installing Debian packages: ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

# cargo-pgrx at exactly the version of the pgrx crate, pointed at the system
# PostgreSQL 15 and at every other major whose server is in the cache (see majors.sh).
ensure_pgrx() {
    if ! cargo pgrx --version 2>/dev/null | grep -q " ${PGRX_VERSION}\$"; then
        say "installing cargo-pgrx ${PGRX_VERSION} (one time, about 10 minutes)"
        cargo install cargo-pgrx --version "${PGRX_VERSION}" --locked
    fi
    local args=() i config="${PGRX_HOME:-$HOME/.pgrx}/config.toml" missing=""
    mapfile -t args < <(pgrx_init_args)
    for ((i = 0; i < ${#args[@]}; i += 2)); do
        grep -qs "^${args[i]#--} = \"${args[i + 1]}\"" "$config" || missing="$missing ${args[i]#--}"
    done
    if [ -n "$missing" ]; then
        say "pointing cargo-pgrx at PostgreSQL:${missing} (and keeping the others)"
        cargo pgrx init "${args[@]}"
    fi
}

# rustfmt and clippy, for the lint layer of scripts/test.sh.
ensure_lint_tools() {
    if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
        say "installing rustfmt and clippy"
        rustup component add rustfmt clippy
    fi
}

ensure_toolchain() {
    ensure_packages
    ensure_pgrx
}

# cargo pgrx writes the shared library over the old one in place, and a running
# backend that has the old one mapped then crashes. Unlinking it first lets such a
# backend keep the old file while new backends load the new one.
unlink_library() {
    rm -f "$("${PG_CONFIG}" --pkglibdir)/sudoku_ext.so"
}

# Builds the release extension and installs it into the PostgreSQL of PG_CONFIG (the
# system PostgreSQL 15 unless use_major chose another). Returns non-zero when the
# build or the install fails: the filter below only drops cargo-pgrx's file-by-file
# lines, it never hides cargo's exit status (pipefail, and grep may match nothing).
install_extension() {
    say "building and installing the extension (release) into $("${PG_CONFIG}" --version)"
    unlink_library
    (cd "$ROOT" && cargo pgrx install --release --pg-config "${PG_CONFIG}" |
        { grep -v -E "^(${ESC}\\[[0-9;]*m)* *(Copying|Writing|Discovered)" || true; } >&2) || {
        echo "cargo pgrx install failed for ${PG_CONFIG}" >&2
        return 1
    }
    # The install scripts of released versions, so that old versions can be created
    # and upgraded (cargo pgrx installs the upgrade scripts itself).
    local f
    for f in "$ROOT"/sql/sudoku_ext--*.sql; do
        install -m 644 "$f" "$("${PG_CONFIG}" --sharedir)/extension/" || return 1
    done
}

# --- Throwaway clusters: the one way every script starts and stops a PostgreSQL server ---
#
# cluster_start DIR PORT BINDIR [OPTIONS]
#   A new cluster in DIR/data (trust authentication, UTF8, no locale), started with
#   BINDIR's pg_ctl as the postgres OS user (PostgreSQL refuses to run as root),
#   listening on the unix socket in DIR only, on PORT, logging to DIR/log, with OPTIONS
#   added to the postgres command line ("-c name=value ..."). DIR is created when
#   missing and made the postgres user's. SUDOKU_PGPOSTMASTER_PREFIX: shell words run
#   before pg_ctl, whose limits and environment the postmaster inherits
#   ("ulimit -v 3000000;" in scripts/reliability.sh, "export LD_LIBRARY_PATH=...;").
# cluster_stop DIR
#   Stops that cluster (pg_ctl signals the PID in its own data directory, nothing
#   else) and removes DIR.
# Every cluster still running when the script exits is stopped and removed then, with
# the paths listed in REMOVE_AT_EXIT (an EXIT trap set here: scripts set no other).
declare -gA CLUSTER_BINDIR=()
REMOVE_AT_EXIT=()
cluster_start() {
    local dir="$1" port="$2" bindir="$3" options="${4:-}"
    mkdir -p "$dir"
    chown postgres: "$dir"
    chmod 755 "$dir"
    CLUSTER_BINDIR["$dir"]="$bindir"
    sudo -u postgres "$bindir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --no-locale >/dev/null || return 1
    sudo -u postgres bash -c "${SUDOKU_PGPOSTMASTER_PREFIX:-} exec \"\$@\"" pg_ctl \
        "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
        -o "-k $dir -p $port -c listen_addresses='' $options" start >/dev/null || {
        echo "the cluster in $dir did not start; the end of its log:" >&2
        tail -20 "$dir/log" >&2 || true
        return 1
    }
}

cluster_stop() {
    local dir="$1"
    if [ -n "${CLUSTER_BINDIR[$dir]:-}" ]; then
        sudo -u postgres "${CLUSTER_BINDIR[$dir]}/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
        unset 'CLUSTER_BINDIR[$dir]'
    fi
    rm -rf "$dir"
}

cluster_stop_all() {
    local dir
    for dir in "${!CLUSTER_BINDIR[@]}"; do
        cluster_stop "$dir"
    done
    for dir in "${REMOVE_AT_EXIT[@]}"; do
        rm -rf "$dir"
    done
}
trap cluster_stop_all EXIT

# The cluster most scripts need, one at a time, on PG_BIN's server (the system
# PostgreSQL 15 unless use_major chose another): sets PGTMP (its directory, where a
# script may keep files of its own until stop_cluster) and PGHOST/PGPORT/PGUSER for psql.
PGTMP=""
start_cluster() {
    PGTMP="$(mktemp -d /tmp/sudoku_ext_pg.XXXXXX)"
    export PGHOST="$PGTMP" PGPORT="${SUDOKU_PGPORT:-54329}" PGUSER=postgres PGDATABASE=postgres
    say "starting a throwaway PostgreSQL cluster in $PGTMP (unix socket only)"
    cluster_start "$PGTMP" "$PGPORT" "$PG_BIN" "${SUDOKU_PGOPTS:-}"
}

stop_cluster() {
    [ -z "$PGTMP" ] || cluster_stop "$PGTMP"
    PGTMP=""
}

# psql as the postgres OS user against the throwaway cluster.
psql_pg() {
    sudo -u postgres -E "${PG_BIN}/psql" -X -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" -U postgres "$@"
}
