#!/usr/bin/env bash
# Reliability checks against a live server (a layer of scripts/test.sh; also runs on
# its own): cancellation latency, many concurrent sessions with every answer checked,
# a backend's memory over a million calls, the peak memory of a streaming
# set-returning function, and the largest calls in a cluster whose postmaster runs
# under a `ulimit -v`: each completes or fails with 53200 (out_of_memory), and the
# server never restarts. Prints the figures; exits non-zero when a check fails.
#
# Then random bytes into every text and array argument of every function, in databases
# of five encodings (scripts/fuzz_sql.py): the server never restarts.
#
# Usage: scripts/reliability.sh [--long] [--encoding ENC]
#   --long          a longer load test (8 clients for 120 s instead of 30 s) and five
#                   million calls for the memory check instead of one million
#   --encoding ENC  the checks run in databases of encoding ENC (default UTF8; the test
#                   command runs them in LATIN1 too)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

LOAD_SECONDS=30
CALLS=1000000
ENCODING=UTF8
while [ $# -gt 0 ]; do
    case "$1" in
        --long) LOAD_SECONDS=120; CALLS=5000000 ;;
        --encoding) ENCODING="${2:?--encoding takes an encoding name}"; shift ;;
        *) echo "usage: scripts/reliability.sh [--long] [--encoding ENC]" >&2; exit 2 ;;
    esac
    shift
done
# A database of ENCODING (a locale of C takes every encoding).
create_db() {
    psql_pg -q -c "CREATE DATABASE $1 ENCODING '${ENCODING}' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0" >/dev/null
}

if [ "${SUDOKU_SKIP_INSTALL:-}" != "1" ]; then
    ensure_toolchain
    install_extension
fi
start_cluster
create_db reliability
psql_db() { psql_pg -d reliability "$@"; }
say "in databases of encoding ${ENCODING}"
psql_db -q -c "CREATE EXTENSION sudoku_ext"
failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }

# --- Cancellation -------------------------------------------------------------------
# A long call in one session, pg_cancel_backend from another; the latency is the time
# from the cancel to the first session's error.
cancel_latency() {
    local label="$1" query="$2" out pid t0 t1 i
    out="$PGTMP/cancel.out"
    psql_db -c "$query" >"$out" 2>&1 &
    local client=$!
    pid=""
    for i in $(seq 1 100); do
        pid="$(psql_db -Atc "SELECT pid FROM pg_stat_activity WHERE datname = 'reliability' AND query = \$q\$$query\$q\$ AND state = 'active'")"
        [ -n "$pid" ] && break
        sleep 0.05
    done
    [ -n "$pid" ] || { fail "cancel: $label never started"; wait $client; return; }
    sleep 0.5
    t0="$(date +%s.%N)"
    psql_db -Atc "SELECT pg_cancel_backend($pid)" >/dev/null
    wait $client || true
    t1="$(date +%s.%N)"
    local ms
    ms="$(awk "BEGIN { printf \"%.1f\", ($t1 - $t0) * 1000 }")"
    printf 'cancel %-45s %8.1f ms\n' "$label" "$ms"
    grep -q "canceling statement due to user request" "$out" || fail "cancel: $label was not cancelled: $(cat "$out")"
    awk "BEGIN { exit !($ms < 1000) }" || fail "cancel: $label took $ms ms"
}
say "cancellation"
cancel_latency "sudoku_count_solutions(empty grid, 2^31-1)" "SELECT sudoku_count_solutions(repeat('.', 81), 2147483647)"
cancel_latency "sudoku_solutions(empty grid, 2^31-1)" "SELECT count(*) FROM sudoku_solutions(repeat('.', 81), 2147483647)"
cancel_latency "sudoku_generate(100000000)" "SELECT count(*) FROM sudoku_generate(100000000)"
cancel_latency "sudoku_generate(near a puzzle rated 10.6, 10.0+)" "SELECT count(*) FROM sudoku_generate(100000, 1, min_rating => 10.0, max_rating => 19.9, near => '.....6.8...67....37...3.5......1....3....8..7..92.....6....3..5.1.9..4....2.4....')"

# Variant searches and generation stop within 100 ms of statement_timeout (issue 39): the
# overshoot is psql's \timing of the cancelled statement less the timeout, the median of
# three runs (each run is printed).
timeout_overshoot() {
    local label="$1" query="$2" out="$PGTMP/timeout.out" runs=() i ms
    for i in 1 2 3; do
        psql_db -c "SET statement_timeout = 300" -c '\timing on' -c "$query" >"$out" 2>&1 || true
        grep -q "canceling statement due to statement timeout" "$out" || {
            fail "statement_timeout: $label was not stopped: $(tail -3 "$out")"; return; }
        ms="$(sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' "$out" | tail -1)"
        runs+=("$(awk "BEGIN { printf \"%.1f\", $ms - 300 }")")
    done
    local median
    median="$(printf '%s\n' "${runs[@]}" | sort -g | sed -n 2p)"
    printf 'statement_timeout %-52s overshoot %s ms (runs: %s)\n' "$label" "$median" "${runs[*]}"
    awk "BEGIN { exit !($median < 100) }" || fail "statement_timeout: $label overshot by $median ms"
}
say "variants: statement_timeout of 300 ms"
timeout_overshoot "count, empty grid, x,anti-knight" \
    "SELECT sudoku_count_solutions(repeat('.', 81), 2147483647, rules => 'x,anti-knight')"
timeout_overshoot "count, empty grid, nc" \
    "SELECT sudoku_count_solutions(repeat('.', 81), 2147483647, rules => 'nc')"
timeout_overshoot "solutions, empty 16x16 grid" \
    "SELECT count(*) FROM sudoku_solutions(repeat('.', 256), 2147483647)"
timeout_overshoot "generate killer" "SELECT count(*) FROM sudoku_generate(1000, 1, rules => 'killer')"
timeout_overshoot "generate jigsaw,anti-knight" \
    "SELECT count(*) FROM sudoku_generate(1000, 1, rules => 'jigsaw,anti-knight')"
timeout_overshoot "generate 25x25" "SELECT count(*) FROM sudoku_generate(10, 1, size => 25)"
timeout_overshoot "generate 16x16 killer" "SELECT count(*) FROM sudoku_generate(100, 1, rules => 'killer', size => 16)"

# --- Load ---------------------------------------------------------------------------
# Eight sessions at once on two cores, each transaction solving a random puzzle in one
# of two layouts and checking the answer against the grid the puzzle was cut from: a
# wrong answer raises division_by_zero, which pgbench counts as a failed transaction.
say "load: 8 concurrent sessions for ${LOAD_SECONDS} s"
psql_db -q <<'SQL'
CREATE TABLE load_puzzles AS
SELECT n, puzzle, solution,
       sudoku_format(puzzle, 'contest') AS contest
FROM sudoku_generate(2000, 31337);
ALTER TABLE load_puzzles ADD PRIMARY KEY (n);
SQL
cat >"$PGTMP/load.sql" <<'SQL'
\set n random(1, 2000)
SELECT 1 / CASE WHEN sudoku_solve(puzzle) = solution
                 AND translate(sudoku_solve(contest), E'\n', '') = solution
                 AND sudoku_count_solutions(puzzle) = 1
                THEN 1 ELSE 0 END
FROM load_puzzles WHERE n = :n;
SQL
chmod 644 "$PGTMP/load.sql"
load_out="$PGTMP/load.out"
sudo -u postgres "${PG_BIN}/pgbench" -h "$PGHOST" -p "$PGPORT" -U postgres -n -c 8 -j 2 -T "$LOAD_SECONDS" \
    -f "$PGTMP/load.sql" reliability >"$load_out" 2>&1 || fail "pgbench exited non-zero"
grep -E "number of transactions actually processed|number of failed transactions|latency average|^tps" "$load_out" || cat "$load_out"
grep -q "number of failed transactions: 0 " "$load_out" || fail "load: failed transactions (see above)"
if grep -qi "error" "$load_out"; then fail "load: errors: $(grep -i error "$load_out" | head -3)"; fi

# --- Memory -------------------------------------------------------------------------
# One backend, every function called many times, twice over. Its private memory
# (RssAnon: resident anonymous pages, not the shared buffers it touches) is read after
# a warm-up and after each pass; a leak would grow it on every pass, by at least the
# number of calls times the bytes leaked per call.
say "memory: ${CALLS} calls of sudoku_solve, and of the other functions, in one backend, twice"
mem_out="$PGTMP/mem.out"
pass_sql="
SELECT count(sudoku_solve(easy)) FROM p, nums;
SELECT count(sudoku_solve(E'?????????\\n?????????\\n?????????\\n?????????\\n?????????\\n?????????\\n?????????\\n?????????\\n?????????')) FROM nums WHERE i <= ${CALLS} / 10;
SELECT count(sudoku_count_solutions(hard)) FROM p, nums WHERE i <= ${CALLS} / 20;
SELECT count(sudoku_stats(easy)) FROM p, nums WHERE i <= ${CALLS} / 10;
SELECT count(sudoku_format(easy)) FROM p, nums WHERE i <= ${CALLS} / 10;
SELECT count(sudoku_is_valid(easy || 'x')) FROM p, nums WHERE i <= ${CALLS} / 10;
SELECT count(*) FROM p, nums, sudoku_candidates(easy) WHERE i <= ${CALLS} / 10;
SELECT count(*) FROM p, nums, sudoku_search_trace(hard) WHERE i <= ${CALLS} / 100;
SELECT count(*) FROM p, nums, sudoku_steps(easy) WHERE i <= ${CALLS} / 100;
SELECT count(*) FROM p, nums, sudoku_hint(easy) WHERE i <= ${CALLS} / 100;
SELECT count(sudoku_rate(easy)) FROM p, nums WHERE i <= ${CALLS} / 100;
SELECT count(*) FROM nums, sudoku_solutions(repeat('.', 81), 5) WHERE i <= ${CALLS} / 100;
SELECT count(*) FROM nums, sudoku_generate(2, 7) WHERE i <= ${CALLS} / 1000;
SELECT count(sudoku_solve(xp, rules => 'x,anti-king')) FROM p, nums WHERE i <= ${CALLS} / 20;
SELECT count(*) FROM p, nums, sudoku_candidates(xp, rules => 'x,anti-king') WHERE i <= ${CALLS} / 100;
SELECT count(sudoku_format(xp, 'fpuzzles', rules => 'x,anti-king')) FROM p, nums WHERE i <= ${CALLS} / 100;
SELECT count(*) FROM p, nums, sudoku_import(sudoku_format(xp, 'fpuzzles', rules => 'x,anti-king')) WHERE i <= ${CALLS} / 100;
"
rss() { echo "SELECT '$1 ' || substring(pg_read_file('/proc/self/status') FROM 'RssAnon:\\s+(\\d+)');"; }
psql_db -At >"$mem_out" 2>&1 <<SQL || fail "memory: $(cat "$mem_out")"
CREATE TABLE nums AS SELECT i FROM generate_series(1, ${CALLS}) AS i;
CREATE TEMP TABLE p AS SELECT '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..'::text AS hard,
  '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'::text AS easy,
  (SELECT puzzle FROM sudoku_generate(1, 5, rules => 'x,anti-king')) AS xp;
SELECT count(sudoku_solve(easy)) FROM p, nums WHERE i <= 20000;
SELECT count(*) FROM p, nums, sudoku_search_trace(hard) WHERE i <= 2000;
SELECT count(*) FROM p, nums, sudoku_steps(easy) WHERE i <= 2000;
$(rss warm)
${pass_sql}
$(rss first)
${pass_sql}
$(rss second)
SELECT count(length(easy)) FROM p, nums;
SELECT count(length(easy)) FROM p, nums WHERE i <= ${CALLS} * 73 / 100;
$(rss baseline)
SQL
warm="$(awk '/^warm/ {print $2}' "$mem_out")"
baseline="$(awk '/^baseline/ {print $2}' "$mem_out")"
first="$(awk '/^first/ {print $2}' "$mem_out")"
second="$(awk '/^second/ {print $2}' "$mem_out")"
calls_per_pass=$((CALLS * 173 / 100))
echo "backend private memory (RssAnon): ${warm} kB after warm-up, ${first} kB after one pass, ${second} kB after two" \
     "(a pass: ${CALLS} calls of sudoku_solve and $((CALLS * 73 / 100)) of the other functions, variants included);" \
     "${baseline} kB after as many rows through length() instead, for comparison"
# PostgreSQL itself leaves a backend's private memory a little bigger after each big
# query (about 0.7 byte per row with length() in place of the extension's functions,
# seen here), so "flat" means: no growth a leak could explain. Any leaked allocation is
# at least 8 bytes (malloc's smallest chunk is 32), so the second pass may grow by at
# most 2 bytes per call.
limit_kb=$((2 * calls_per_pass / 1024))
if [ -z "$first" ] || [ -z "$second" ] || [ $((second - first)) -gt "$limit_kb" ]; then
    fail "memory: grew from ${warm:-?} to ${first:-?} to ${second:-?} kB (limit ${limit_kb} kB per pass)"
fi

# --- Streaming -----------------------------------------------------------------------
# The peak private memory (RssAnon, sampled every 20 ms from /proc) of a backend while
# five million solutions stream out of sudoku_solutions, against the same backend
# before the query. In FROM, PostgreSQL puts the rows in a tuplestore that spills to
# disk past work_mem; in the select list they go straight to count(). Either way the
# extension holds one search (about 21 KB), not the solutions.
say "streaming: peak memory of a backend while sudoku_solutions streams 5,000,000 solutions"
peak_rss_during() { # LABEL QUERY [ROWS]
    local label="$1" query="$2" expected="${3:-5000000}" out="$PGTMP/stream.out" pid="" i before peak=0 kb
    PGAPPNAME=stream_probe psql_db -Atc "$query" >"$out" 2>&1 &
    local client=$!
    for i in $(seq 1 250); do
        pid="$(psql_db -Atc "SELECT pid FROM pg_stat_activity WHERE application_name = 'stream_probe' AND state = 'active'")"
        [ -n "$pid" ] && break
        sleep 0.02
    done
    [ -n "$pid" ] || { fail "streaming: $label never started: $(cat "$out")"; wait $client; return; }
    before="$(awk '/^RssAnon/ {print $2}' "/proc/$pid/status")"
    while kill -0 "$client" 2>/dev/null; do
        kb="$(awk '/^RssAnon/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)"
        if [ -n "$kb" ] && [ "$kb" -gt "$peak" ]; then peak="$kb"; fi
        sleep 0.02
    done
    wait $client || { fail "streaming: $label: $(tail -3 "$out")"; return; }
    local rows work_mem
    rows="$(tail -1 "$out")"
    work_mem="$(psql_db -Atc "SHOW work_mem")"
    printf 'streaming %-52s %s rows, RssAnon %s kB before, peak %s kB (+%s kB; work_mem %s)\n' \
        "$label" "$rows" "$before" "$peak" "$((peak - before))" "$work_mem"
    [ "$rows" = "$expected" ] || fail "streaming: $label gave $rows rows"
    # A few MB plus work_mem (4 MB by default): 16 MB in all. Holding the solutions
    # would take 81 bytes each, 400 MB.
    [ $((peak - before)) -le 16384 ] || fail "streaming: $label grew the backend by $((peak - before)) kB"
}
peak_rss_during "in FROM (tuplestore, spills past work_mem)" \
    "SELECT count(*) FROM sudoku_solutions(repeat('.', 81), 5000000)"
peak_rss_during "in the select list (no tuplestore)" \
    "SELECT count(s) FROM (SELECT sudoku_solutions(repeat('.', 81), 5000000) AS s) AS x"

# The variant engine (issue 39): a million grids each, 81 MB and 256 MB if they were held.
peak_rss_during "variant x, empty grid, in FROM" \
    "SELECT count(*) FROM sudoku_solutions(repeat('.', 81), 1000000, rules => 'x')" 1000000
peak_rss_during "variant 16x16, empty grid, in the select list" \
    "SELECT count(s) FROM (SELECT sudoku_solutions(repeat('.', 256), 1000000) AS s) AS x" 1000000

stop_cluster

# --- Out of memory ------------------------------------------------------------------
# A second throwaway cluster whose postmaster (and so every backend) runs under
# `ulimit -v` of 3 GB of address space. The largest calls each function accepts either
# complete or fail with 53200 (out_of_memory); the server is never restarted
# (pg_postmaster_start_time() is unchanged) and a session open through all of them
# still answers.
say "out of memory: the largest calls under ulimit -v 3000000"
SUDOKU_PGPOSTMASTER_PREFIX="ulimit -v 3000000;" start_cluster
create_db oom
export PGDATABASE=oom
psql_pg -q -c "CREATE EXTENSION sudoku_ext"
started="$(psql_pg -Atc "SELECT pg_postmaster_start_time()")"
# The session kept open through the calls: it answers a query now and at the end.
coproc WITNESS { sudo -u postgres -E "${PG_BIN}/psql" -X -At -h "$PGHOST" -p "$PGPORT" -U postgres -d oom 2>&1; }
# Bash unsets WITNESS and WITNESS_PID as soon as the coprocess ends, so they are kept here.
witness_pid="$WITNESS_PID" witness_in="${WITNESS[1]}" witness_out="${WITNESS[0]}"
echo "SELECT 'witness ' || pg_backend_pid();" >&"$witness_in"
read -r -t 10 witness_line <&"$witness_out" || witness_line=""
[[ "$witness_line" == witness* ]] || fail "out of memory: the witness session did not answer: $witness_line"
big="repeat(' ', 1073741000 - 81) || repeat('.', 81)"
oom_call() {
    # A third argument names one more SQLSTATE the call may end in (besides none and 53200).
    local label="$1" query="$2" also="${3:-none}" out="$PGTMP/oom.out" state
    psql_pg -At -v ON_ERROR_STOP=0 -c "DO \$\$ DECLARE d text; BEGIN PERFORM ($query); RAISE NOTICE 'sqlstate none'; EXCEPTION WHEN OTHERS THEN GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL; RAISE NOTICE 'sqlstate % % (%)', SQLSTATE, SQLERRM, d; END \$\$" >"$out" 2>&1
    state="$(sed -n 's/.*sqlstate \([A-Za-z0-9]*\).*/\1/p' "$out" | head -1)"
    # Whose memory ran out: the DETAIL names sudoku_ext when the extension's own request was refused.
    printf 'out of memory %-62s %s %s\n' "$label" "${state:-no answer}" "$(sed -n 's/.*sqlstate [A-Za-z0-9]* //p' "$out" | head -1)"
    case "$state" in
        none|53200|"$also") ;;
        *) fail "out of memory: $label: $(cat "$out")" ;;
    esac
}
oom_call "sudoku_solutions(empty grid, 50,000,000) (the issue's call)" \
    "SELECT count(s) FROM (SELECT sudoku_solutions(repeat('.', 81), 50000000) AS s) AS x"
oom_call "sudoku_solve(1 GB of text)" "SELECT length(sudoku_solve($big))"
oom_call "sudoku_solve(700 MB of text)" "SELECT length(sudoku_solve(repeat(' ', 700000000) || repeat('.', 81)))"
oom_call "sudoku_solutions(1 GB of text, 3)" "SELECT count(s) FROM (SELECT sudoku_solutions($big, 3) AS s) AS x"
oom_call "sudoku_count_solutions(1 GB of text)" "SELECT sudoku_count_solutions($big)"
oom_call "sudoku_candidates(1 GB of text)" "SELECT count(*) FROM sudoku_candidates($big)"
oom_call "sudoku_steps(1 GB of text)" "SELECT count(*) FROM sudoku_steps($big)"
oom_call "sudoku_stats(1 GB of text)" "SELECT sudoku_stats($big)"
oom_call "sudoku_format(1 GB of text)" "SELECT length(sudoku_format($big))"
oom_call "sudoku_is_valid(1 GB of text)" "SELECT sudoku_is_valid($big)"
oom_call "sudoku_search_trace(1 GB of text)" "SELECT count(*) FROM sudoku_search_trace($big)"
oom_call "sudoku_hint(1 GB of text)" "SELECT count(*) FROM sudoku_hint($big)"
oom_call "sudoku_rate(1 GB of text)" "SELECT sudoku_rate($big)"
oom_call "sudoku_steps(the empty grid: the longest path)" "SELECT count(*) FROM sudoku_steps(repeat('.', 81))"
oom_call "sudoku_generate(200,000 rows)" "SELECT count(*) FROM sudoku_generate(200000, 1, 60)"
oom_call "sudoku_solve(1 GB of text, rules x)" "SELECT length(sudoku_solve($big, rules => 'x'))"
oom_call "sudoku_solve(empty grid, 1 GB of rules)" \
    "SELECT length(sudoku_solve(repeat('.', 81), rules => repeat('x,', 536870000)))" 22P02
oom_call "sudoku_import(1 GB of text)" "SELECT count(*) FROM sudoku_import($big)" 22P02
oom_call "sudoku_solutions(empty 25x25 grid, 1,000,000)" \
    "SELECT count(s) FROM (SELECT sudoku_solutions(repeat('.', 625), 1000000) AS s) AS x"
# Text that is not ASCII is converted to UTF-8 (in databases not UTF-8) through fallible
# memory: 100 million characters of two bytes each in UTF-8, then the same in an array.
# Read whole, such a text is no puzzle: 22P02 (invalid character) once it is.
oom_call "sudoku_solve(100 million non-ASCII characters)" "SELECT sudoku_solve(repeat(chr(233), 100000000))" 22P02
oom_call "sudoku_svg_pages(ARRAY[100 million non-ASCII characters])" \
    "SELECT count(*) FROM sudoku_svg_pages(ARRAY[repeat(chr(233), 100000000)])" 22P02
now="$(psql_pg -Atc "SELECT pg_postmaster_start_time()")"
[ "$now" = "$started" ] || fail "out of memory: the server restarted ($started -> $now)"
echo "SELECT 'witness ' || pg_backend_pid();" >&"$witness_in"
read -r -t 10 witness_again <&"$witness_out" || witness_again=""
[ "$witness_again" = "$witness_line" ] || fail "out of memory: the witness session is gone: ${witness_again:-no answer}"
echo "out of memory: postmaster started at $started, still the same; the witness session (${witness_line#witness }) still answers"
exec {witness_in}>&-
wait "$witness_pid" 2>/dev/null || true

stop_cluster

# --- Random bytes -------------------------------------------------------------------
# Every text and array argument of every function, in databases of five encodings.
if [ "$ENCODING" = UTF8 ]; then
    say "random bytes into every text and array argument, five database encodings"
    start_cluster
    PSQL="sudo -u postgres -E ${PG_BIN}/psql -h $PGHOST -p $PGPORT -U postgres" \
        python3 "$ROOT/scripts/fuzz_sql.py" --log "$PGTMP/log" || fail "random bytes: see above"
    stop_cluster
fi
if [ "$failed" -ne 0 ]; then
    exit 1
fi
echo "reliability: all checks passed"
