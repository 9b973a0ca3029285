# Shared by scripts/demo.sh, scripts/test.sh and scripts/bench.sh: set-up steps and a
# throwaway PostgreSQL cluster. Source it; do not run it.
#
# Everything here is idempotent: run again, it only does what is missing.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PGRX_VERSION="0.18.1"
PG_MAJOR="15"
PG_BIN="/usr/lib/postgresql/${PG_MAJOR}/bin"
PG_CONFIG="${PG_BIN}/pg_config"
export PATH="${HOME}/.cargo/bin:${PATH}"

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

# A throwaway cluster owned by the postgres OS user (PostgreSQL refuses to run as
# root), listening on a unix socket only. Sets PGHOST/PGPORT/PGUSER for psql.
PGTMP=""
PGTMP_BIN=""
start_cluster() {
    PGTMP="$(mktemp -d /tmp/sudoku_ext_pg.XXXXXX)"
    PGTMP_BIN="$PG_BIN"
    chown postgres: "$PGTMP"
    chmod 755 "$PGTMP"
    export PGHOST="$PGTMP" PGPORT="${SUDOKU_PGPORT:-54329}" PGUSER=postgres PGDATABASE=postgres
    say "starting a throwaway PostgreSQL cluster in $PGTMP (unix socket only)"
    sudo -u postgres "${PG_BIN}/initdb" -D "$PGTMP/data" -A trust -U postgres -E UTF8 --no-locale >/dev/null
    # SUDOKU_PGPOSTMASTER_PREFIX: shell words run before pg_ctl, whose limits the
    # postmaster inherits (scripts/reliability.sh: "ulimit -v 3000000;").
    sudo -u postgres bash -c "${SUDOKU_PGPOSTMASTER_PREFIX:-} exec \"\$@\"" pg_ctl \
        "${PG_BIN}/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/log" -w \
        -o "-k $PGTMP -p $PGPORT -c listen_addresses='' ${SUDOKU_PGOPTS:-}" start >/dev/null
    trap stop_cluster EXIT
}

# Stops the cluster this script started (pg_ctl signals the PID in its own data
# directory, and nothing else), and removes it.
stop_cluster() {
    if [ -n "$PGTMP" ] && [ -d "$PGTMP/data" ]; then
        sudo -u postgres "${PGTMP_BIN:-$PG_BIN}/pg_ctl" -D "$PGTMP/data" -m fast -w stop >/dev/null 2>&1 || true
        rm -rf "$PGTMP"
    fi
    PGTMP=""
}

# psql as the postgres OS user against the throwaway cluster.
psql_pg() {
    sudo -u postgres -E "${PG_BIN}/psql" -X -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" -U postgres "$@"
}
