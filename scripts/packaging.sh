# What scripts/package.sh (binary archives) and scripts/deb.sh (Debian packages) share:
# their arguments, the version, the archives' names, and the checks of an installed
# sudoku_ext (what a user does first with it) against a server that never saw the build
# tree. Sourced after scripts/lib.sh; do not run it.

# The version being packaged, Cargo.toml's.
VERSION="$(sed -n 's/^version *= *"\(.*\)"/\1/p' "$ROOT/Cargo.toml" | head -1)"
OUT="$ROOT/target/package"

# Parses [--test] [-h|--help] [MAJOR...] (the help: the comment lines 2 to $1 of the script
# $2) into TEST (1 or empty) and MAJORS (default: every major of majors.sh).
TEST=""
MAJORS=()
parse_package_args() {
    local help_lines="$1" script="$2" arg
    shift 2
    for arg in "$@"; do
        case "$arg" in
            --test) TEST=1 ;;
            -h|--help) sed -n "2,${help_lines}p" "$script"; exit 0 ;;
            *) MAJORS+=("$arg") ;;
        esac
    done
    [ "${#MAJORS[@]}" -gt 0 ] || read -r -a MAJORS <<<"$PG_MAJORS"
}

# The name of major $1's binary archive (and of its top folder).
archive_name() { echo "sudoku_ext-${VERSION}-pg$1-linux-$(uname -m)"; }

# The puzzle every check solves (the first puzzle of Wikipedia's Sudoku article). Its
# solution is not written down here: the server's answer is checked instead, by the
# rules (81 digits, no two equal in a unit, every given kept) and by its uniqueness.
CHECK_PUZZLE='53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'

# One query that is true when sudoku_solve's answer to the puzzle above is a solution of
# it: a full grid of digits (sudoku_is_valid on a full grid means no two equal digits in a
# unit), keeping every given, and the puzzle's only solution.
check_solve_sql() {
    cat <<EOF
SELECT s ~ '^[1-9]{81}\$'
   AND sudoku_is_valid(s)
   AND NOT EXISTS (SELECT 1 FROM generate_series(1, 81) AS cell
                   WHERE substr(p, cell, 1) <> '.' AND substr(p, cell, 1) <> substr(s, cell, 1))
   AND sudoku_count_solutions(p, 2) = 1
FROM (SELECT p, sudoku_solve(p) AS s FROM (VALUES ('${CHECK_PUZZLE}')) AS puzzle(p)) AS solved
EOF
}

# Runs the user's first steps through the psql command given as arguments (connected as
# a superuser to a server where sudoku_ext is installed but not created anywhere):
# CREATE EXTENSION and a solved puzzle checked, then a database that creates the first
# released version, 0.1.0, and upgrades it to VERSION with ALTER EXTENSION ... UPDATE.
# $LABEL names the server and the install in the messages. Returns non-zero on failure.
check_extension() {
    local label="$1" rc=0 got upgraded
    shift
    got="$("$@" -Atq -c "CREATE EXTENSION sudoku_ext" -c "$(check_solve_sql)")" || rc=1
    if [ "$got" = "t" ]; then
        echo "${label}: CREATE EXTENSION sudoku_ext, sudoku_solve's answer checked: ok" >&2
    else
        echo "${label}: the check of sudoku_solve's answer gave '$got', expected 't'" >&2
        rc=1
    fi
    upgraded="$("$@" -Atq -c "CREATE DATABASE sudoku_upgraded" &&
        "$@" -Atq -d sudoku_upgraded -c "CREATE EXTENSION sudoku_ext VERSION '0.1.0'" \
            -c "ALTER EXTENSION sudoku_ext UPDATE" \
            -c "SELECT extversion || ' ' || ($(check_solve_sql)) FROM pg_extension WHERE extname = 'sudoku_ext'")" || rc=1
    if [ "$upgraded" = "${VERSION} true" ]; then
        echo "${label}: 0.1.0 upgraded to ${VERSION}, sudoku_solve checked: ok" >&2
    else
        echo "${label}: the upgrade from 0.1.0 gave '$upgraded', expected '${VERSION} true'" >&2
        rc=1
    fi
    return $rc
}

# Unpacks a pristine relocatable server of major $1 (scripts/majors.sh: from PyPI's archive,
# it never saw the build tree), calls the command "$3" PKGLIBDIR SHAREDIR to install
# sudoku_ext into it, starts it as the postgres user on a unix socket and runs
# check_extension. $2 names what is installed, in the messages.
check_fresh_server() {
    local major="$1" what="$2" install="$3" tmp server port rc=0
    tmp="$(mktemp -d /tmp/sudoku_ext_pkgtest.XXXXXX)"
    server="$tmp/server"
    unpack_server "$major" "$server" || { rm -rf "$tmp"; return 1; }
    local pkglibdir sharedir
    pkglibdir="$("$server/bin/pg_config" --pkglibdir)"
    sharedir="$("$server/bin/pg_config" --sharedir)"
    say "installing $what into a fresh PostgreSQL $("$server/bin/pg_config" --version | cut -d' ' -f2) in $server"
    [ ! -e "$pkglibdir/sudoku_ext.so" ] || { echo "the fresh server already has sudoku_ext" >&2; rm -rf "$tmp"; return 1; }
    "$install" "$pkglibdir" "$sharedir" || { rm -rf "$tmp"; return 1; }
    chown postgres: "$tmp"
    chmod 755 "$tmp"
    port=$((54340 + major))
    # A throwaway cluster of lib.sh (cluster_start) on the fresh server.
    cluster_start "$tmp/cluster" "$port" "$server/bin" || { rm -rf "$tmp"; return 1; }
    check_extension "PostgreSQL $major, $what" \
        sudo -u postgres "$server/bin/psql" -X -v ON_ERROR_STOP=1 -h "$tmp/cluster" -p "$port" -U postgres || rc=1
    [ $rc -eq 0 ] || tail -20 "$tmp/cluster/log" >&2
    cluster_stop "$tmp/cluster"
    rm -rf "$tmp"
    return $rc
}
