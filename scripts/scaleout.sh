#!/usr/bin/env bash
# Scale-out on PostgreSQL's own machinery: a puzzle table hash-partitioned over shard
# servers with postgres_fdw, solved where the data lives.
#
# Starts, on this machine, a coordinator and SHARDS shard servers (PostgreSQL 15 unless --major, each
# its own cluster run by the postgres OS user, unix sockets only), creates sudoku_ext on
# every one of them, and on the coordinator:
#   - one postgres_fdw server per shard, with async_capable 'true' (the shards work at
#     the same time), extensions 'sudoku_ext' (its IMMUTABLE functions are shippable) and
#     use_remote_estimate 'true' (the shard prices the pushed-down aggregate itself).
#     Left to the default costs, the planner prices solving on a shard and fetching the
#     puzzles to solve them on the coordinator about the same, and from some thousands
#     of puzzles on it keeps the latter; the higher cpu_operator_cost of the session
#     tips it to the shards every time;
#   - puzzles (id, puzzle) PARTITION BY HASH (id), one foreign partition per shard.
# Loads PUZZLES generated puzzles through the coordinator, then solves them all with the
# documented pattern, a partitionwise aggregate grouped by the partition key:
#
#   SET enable_partitionwise_aggregate = on;
#   SET cpu_operator_cost = 0.25;   -- the coordinator's CPU priced 100x dearer
#   SELECT id, min(sudoku_solve(puzzle)) AS solution FROM puzzles GROUP BY id;
#
# whose EXPLAIN VERBOSE shows one Async Foreign Scan per shard with sudoku_solve in its
# Remote SQL: each shard solves its own rows and sends back only the answers. (A plain
# SELECT id, sudoku_solve(puzzle) FROM puzzles fetches the puzzles and solves them on the
# coordinator: postgres_fdw ships expressions in WHERE, joins and aggregates, not in
# the select list of a plain scan; its EXPLAIN is printed too, for comparison.)
# Every answer is checked by an independent SQL checker (no call into the extension:
# each row, column and box holds 1-9, every given kept), and the time is printed against
# the same solving on one server holding all the puzzles. Tears everything down at the
# end, stopping only the servers it started.
#
# Usage: scripts/scaleout.sh [--puzzles N] [--seed S] [--shards K] [--major M]
#   --puzzles  how many puzzles (default 100000)
#   --seed     the generator's seed (default 2026)
#   --shards   how many shard servers (default 2)
#   --major    the PostgreSQL major of every server (default 15, Debian's; 14, 16, 17 and
#              18 are the relocatable servers of scripts/majors.sh)
# Exits non-zero when an answer is wrong or missing, or sudoku_solve is not shipped.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PUZZLES=100000
SEED=2026
SHARDS=2
while [ $# -gt 0 ]; do
    case "$1" in
        --puzzles) PUZZLES="$2"; shift 2 ;;
        --seed) SEED="$2"; shift 2 ;;
        --shards) SHARDS="$2"; shift 2 ;;
        --major) use_major "$2"; shift 2 ;;
        -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
[ "$SHARDS" -ge 1 ] || { echo "--shards must be at least 1" >&2; exit 2; }

if [ "${SUDOKU_SKIP_INSTALL:-}" != "1" ]; then
    ensure_toolchain
    [ "$PG_CONFIG" = "/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config" ] || { ensure_majors; ensure_pgrx; }
    install_extension
fi
[ -f "$("$PG_CONFIG" --sharedir)/extension/postgres_fdw.control" ] || {
    echo "postgres_fdw is missing from $("$PG_CONFIG" --sharedir)/extension" >&2
    exit 1
}

# --- The servers: node 0 is the coordinator, nodes 1..SHARDS the shards ------------
# Each a throwaway cluster of lib.sh (cluster_start), stopped and removed at exit.
BASE="$(mktemp -d /tmp/sudoku_ext_scaleout.XXXXXX)"
chown postgres: "$BASE"
chmod 755 "$BASE"
REMOVE_AT_EXIT+=("$BASE")
BASE_PORT="${SUDOKU_SCALEOUT_PORT:-54370}"

node_dir() { echo "$BASE/node$1"; }
node_port() { echo $((BASE_PORT + $1)); }
start_node() {
    # A relocatable server's postgres_fdw finds its own libpq only through
    # LD_LIBRARY_PATH (its RUNPATH names the build machine's prefix).
    SUDOKU_PGPOSTMASTER_PREFIX="export LD_LIBRARY_PATH='$("$PG_CONFIG" --libdir)';" \
        cluster_start "$(node_dir "$1")" "$(node_port "$1")" "$PG_BIN" "-c max_connections=30"
}
# psql against node $1's database sudoku (or postgres, for CREATE DATABASE).
psql_node() {
    local node="$1"
    shift
    sudo -u postgres "${PG_BIN}/psql" -X -v ON_ERROR_STOP=1 -h "$(node_dir "$node")" -p "$(node_port "$node")" \
        -U postgres -d sudoku "$@"
}

say "starting a coordinator and ${SHARDS} shard servers under $BASE (PostgreSQL $("$PG_CONFIG" --version | cut -d' ' -f2), unix sockets)"
for node in $(seq 0 "$SHARDS"); do
    start_node "$node"
    psql_node "$node" -d postgres -q -c "CREATE DATABASE sudoku"
    psql_node "$node" -q -c "CREATE EXTENSION sudoku_ext"
done
for node in $(seq 1 "$SHARDS"); do
    psql_node "$node" -q -c "CREATE TABLE puzzles_p$((node - 1)) (id int PRIMARY KEY, puzzle text NOT NULL)"
done

say "coordinator: postgres_fdw servers (async_capable, extensions 'sudoku_ext') and puzzles hash-partitioned over them"
{
    echo "CREATE EXTENSION postgres_fdw;"
    echo "CREATE TABLE puzzles (id int NOT NULL, puzzle text NOT NULL) PARTITION BY HASH (id);"
    for node in $(seq 1 "$SHARDS"); do
        cat <<SQL
CREATE SERVER shard$node FOREIGN DATA WRAPPER postgres_fdw
    OPTIONS (host '$(node_dir "$node")', port '$(node_port "$node")', dbname 'sudoku',
             async_capable 'true', extensions 'sudoku_ext', use_remote_estimate 'true',
             fetch_size '10000', batch_size '1000');
CREATE USER MAPPING FOR postgres SERVER shard$node OPTIONS (user 'postgres');
CREATE FOREIGN TABLE puzzles_p$((node - 1)) PARTITION OF puzzles
    FOR VALUES WITH (MODULUS $SHARDS, REMAINDER $((node - 1)))
    SERVER shard$node OPTIONS (table_name 'puzzles_p$((node - 1))');
SQL
    done
} | psql_node 0 -q

say "loading ${PUZZLES} puzzles (sudoku_generate, seed ${SEED}) through the coordinator"
psql_node 0 -q -c "CREATE TABLE generated AS SELECT n AS id, puzzle FROM sudoku_generate($PUZZLES, $SEED)"
psql_node 0 -q -c "INSERT INTO puzzles SELECT id, puzzle FROM generated"
for node in $(seq 1 "$SHARDS"); do
    psql_node "$node" -q -c "ANALYZE"
    echo "shard $node holds $(psql_node "$node" -Atc "SELECT count(*) FROM puzzles_p$((node - 1))") puzzles" >&2
done
psql_node 0 -q -c "ANALYZE puzzles"

# The independent answer checker (plain SQL, no call into the extension) and the timer
# the demo uses too.
psql_node 0 -q -f "$ROOT/sql/reference/is_solution.sql"
psql_node 0 -q -f "$ROOT/scripts/time_into.sql"

# The session settings of the pattern: aggregate each partition on its own, and price
# the coordinator's own CPU a hundred times dearer (cpu_operator_cost, default 0.0025)
# than the shards' (whose EXPLAIN prices the pushed-down aggregate, use_remote_estimate),
# so that the planner always sends the solving to the shards.
SETTINGS=(-c "SET enable_partitionwise_aggregate = on" -c "SET cpu_operator_cost = 0.25")
SOLVE_SHARDS="SELECT id, min(sudoku_solve(puzzle)) AS solution FROM puzzles GROUP BY id"
SOLVE_ONE="SELECT id, sudoku_solve(puzzle) AS solution FROM generated"

say "EXPLAIN VERBOSE of the documented pattern (partitionwise aggregate: solved on the shards)"
EXPLAIN="$(psql_node 0 -q "${SETTINGS[@]}" -c "EXPLAIN (VERBOSE, COSTS OFF) $SOLVE_SHARDS")"
echo "$EXPLAIN"
shipped="$(grep -c 'Remote SQL: .*sudoku_solve' <<<"$EXPLAIN" || true)"
async="$(grep -c 'Async Foreign Scan' <<<"$EXPLAIN" || true)"

say "for comparison, EXPLAIN VERBOSE of a plain SELECT (solved on the coordinator)"
psql_node 0 -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT id, sudoku_solve(puzzle) FROM puzzles"

say "solving ${PUZZLES} puzzles on ${SHARDS} shards through the coordinator"
T_SHARDS="$(psql_node 0 -Atq "${SETTINGS[@]}" -c "SELECT time_into('solved', \$q\$$SOLVE_SHARDS\$q\$)" | tail -1)"
say "solving the same ${PUZZLES} puzzles on one server (the coordinator's local copy)"
T_ONE="$(psql_node 0 -Atc "SELECT time_into('solved_one', \$q\$$SOLVE_ONE\$q\$)")"

say "checking every answer"
CHECK="$(psql_node 0 -At -F ' ' -c "
    SELECT count(*), count(s.solution), count(*) FILTER (WHERE is_solution(g.puzzle, s.solution)),
           count(*) FILTER (WHERE s.solution = o.solution)
    FROM generated g LEFT JOIN solved s USING (id) LEFT JOIN solved_one o USING (id)")"
read -r total answered valid agreeing <<<"$CHECK"

echo
printf '%-44s %10s %10s\n' "" "puzzles" "seconds"
printf '%-44s %10s %10.3f\n' "coordinator + ${SHARDS} shards (partitionwise aggregate)" "$PUZZLES" "$T_SHARDS"
printf '%-44s %10s %10.3f\n' "one server (SELECT id, sudoku_solve(puzzle))" "$PUZZLES" "$T_ONE"
echo "answers: ${answered} of ${total}, valid: ${valid}, agreeing with the one-server answers: ${agreeing}"
echo "Remote SQL lines with sudoku_solve: ${shipped} of ${SHARDS} shards; Async Foreign Scans: ${async}"

rc=0
[ "$total" = "$PUZZLES" ] && [ "$answered" = "$PUZZLES" ] && [ "$valid" = "$PUZZLES" ] && [ "$agreeing" = "$PUZZLES" ] ||
    { echo "FAILED: not every puzzle was solved and checked" >&2; rc=1; }
[ "$shipped" = "$SHARDS" ] || { echo "FAILED: sudoku_solve is not in every shard's Remote SQL" >&2; rc=1; }
[ "$async" = "$SHARDS" ] || { echo "FAILED: the shards are not scanned asynchronously" >&2; rc=1; }
[ $rc -eq 0 ] && echo "scale-out: every answer checked, solved on the shards"
exit $rc
