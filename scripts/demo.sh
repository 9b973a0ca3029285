#!/usr/bin/env bash
# The main job: solve a contest-style table with sudoku_solve, check every answer,
# run the pure-SQL reference solvers of sql/reference/ on the same puzzles, and print
# the comparison. Installs whatever is missing first; starts (and stops) a throwaway
# PostgreSQL cluster of its own.
#
# Usage: scripts/demo.sh [--puzzles N] [--seed S] [--sample N] [--timeout SECONDS] [FILE]
#   FILE        puzzles to load instead of generated ones: one puzzle a line (81 cells),
#               or the contest's 9-line layout (blank lines between puzzles optional)
#   --puzzles   how many puzzles to generate (default 10000)
#   --seed      the generator's seed (default 2026)
#   --sample    how many puzzles the SQL references get (default 1000; 0 = all)
#   --timeout   the time each SQL reference may take, in seconds (default 300)
# Exits non-zero when any answer is wrong or the solvers disagree.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PUZZLES=10000
SEED=2026
SAMPLE=1000
TIMEOUT=300
FILE=""
while [ $# -gt 0 ]; do
    case "$1" in
        --puzzles) PUZZLES="$2"; shift 2 ;;
        --seed) SEED="$2"; shift 2 ;;
        --sample) SAMPLE="$2"; shift 2 ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        -h|--help) sed -n '2,/^# Exits/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        -*) echo "demo.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) [ -z "$FILE" ] || { echo "demo.sh: one FILE at most (see --help)" >&2; exit 2; }
           FILE="$1"; shift ;;
    esac
done

ensure_toolchain
install_extension
start_cluster
psql_pg -q -c "CREATE DATABASE contest" >/dev/null
psql_db() { psql_pg -d contest "$@"; }
psql_db -q -c "CREATE EXTENSION sudoku_ext" >/dev/null

# The contest's table: 9 lines of 9 characters joined by newlines, '?' for a blank.
psql_db -q -c "CREATE TABLE sudoku9_9 (id int PRIMARY KEY, puzzle varchar(255))"
if [ -n "$FILE" ]; then
    say "loading puzzles from $FILE"
    (cd "$ROOT" && cargo run --release -q -p sudoku_tools -- contest_csv "$(realpath "$FILE")") \
        | psql_db -q -c "\\copy sudoku9_9 (id, puzzle) FROM STDIN WITH (FORMAT csv)"
else
    say "generating $PUZZLES puzzles (seed $SEED) into sudoku9_9"
    psql_db -q -c "
        INSERT INTO sudoku9_9
        SELECT n, sudoku_format(puzzle, 'contest')
        FROM sudoku_generate($PUZZLES, $SEED)"
fi
TOTAL="$(psql_db -Atc "SELECT count(*) FROM sudoku9_9")"
echo "sudoku9_9 holds $TOTAL puzzles; the first one:" >&2
psql_db -Atc "SELECT puzzle FROM sudoku9_9 ORDER BY id LIMIT 1" >&2

psql_db -q -f "$ROOT/sql/reference/is_solution.sql"
psql_db -q -f "$ROOT/scripts/time_into.sql"
psql_db -q <<'SQL'
CREATE TABLE runs (solver text, puzzles int, seconds double precision, result_table text, source_table text);
SQL

say "solving all $TOTAL puzzles with: SELECT id, sudoku_solve(puzzle) FROM sudoku9_9"
psql_db -q -c "INSERT INTO runs SELECT 'sudoku_ext: sudoku_solve', $TOTAL,
                 time_into('ext_result', 'SELECT id, sudoku_solve(puzzle) AS result FROM sudoku9_9'),
                 'ext_result', 'sudoku9_9'"
psql_db -Atc "SELECT round(seconds::numeric, 3) || ' s' FROM runs WHERE result_table = 'ext_result'" | sed 's/^/    took /' >&2

# The SQL references run on a sample (the first puzzles by id), in ten batches so that
# the slow part can say how far along it is. Each batch is one run of the reference's
# single statement, in a schema of its own where its FROM sudoku9_9 finds the batch;
# the times add up, and the whole reference gets TIMEOUT seconds.
if [ "$SAMPLE" -eq 0 ] || [ "$SAMPLE" -gt "$TOTAL" ]; then SAMPLE="$TOTAL"; fi
BATCH=$(((SAMPLE + 9) / 10))
psql_db -q -c "CREATE SCHEMA sample; CREATE TABLE sample.sudoku9_9 (LIKE sudoku9_9)"
for ref in naked_mrv hidden_mrv; do
    file="$ROOT/sql/reference/$ref.sql"
    say "running the pure-SQL reference $ref on $SAMPLE puzzles (at most ${TIMEOUT} s; this is the slow part)"
    query="$(sed -e 's/;[[:space:]]*$//' "$file")"
    psql_db -q -c "CREATE TABLE ref_$ref (id int, puzzle text, result text)"
    spent=0
    last=0
    done_n=0
    while [ "$done_n" -lt "$SAMPLE" ]; do
        n=$((SAMPLE - done_n < BATCH ? SAMPLE - done_n : BATCH))
        left="$(awk "BEGIN { printf \"%d\", ($TIMEOUT - $spent) * 1000 }")"
        if [ "$left" -le 0 ]; then last="$spent"; spent=""; break; fi
        seconds="$(psql_db -q -At -v query="$query" <<SQL
SET client_min_messages = warning;
TRUNCATE sample.sudoku9_9;
INSERT INTO sample.sudoku9_9 SELECT * FROM public.sudoku9_9 ORDER BY id LIMIT $n OFFSET $done_n;
SET search_path = sample, public;
SET statement_timeout = $left;
SELECT coalesce(public.time_into('ref_batch', :'query')::text, 'timed out');
RESET statement_timeout;
CREATE TABLE IF NOT EXISTS public.ref_batch (LIKE public.ref_$ref);
INSERT INTO public.ref_$ref SELECT * FROM public.ref_batch;
DROP TABLE public.ref_batch;
SQL
)"
        seconds="$(echo "$seconds" | grep -E "^([0-9.e+-]+|timed out)$" | tail -1)"
        if [ "$seconds" = "timed out" ] || [ -z "$seconds" ]; then last="$spent"; spent=""; break; fi
        spent="$(awk "BEGIN { print $spent + $seconds }")"
        done_n=$((done_n + n))
        printf '    %s: %d of %d puzzles in %.1f s\n' "$ref" "$done_n" "$SAMPLE" "$spent" >&2
    done
    if [ -z "$spent" ]; then
        echo "    $ref: stopped at the ${TIMEOUT} s limit after $done_n puzzles" >&2
        if [ "$done_n" -gt 0 ]; then
            # Report the batches that finished, under the name saying so.
            psql_db -q -c "INSERT INTO runs VALUES ('SQL reference: $ref (stopped at ${TIMEOUT} s)', $done_n, $last, 'ref_$ref', 'sample')"
        else
            psql_db -q -c "INSERT INTO runs VALUES ('SQL reference: $ref', $SAMPLE, NULL, 'ref_$ref', 'sample')"
        fi
    else
        psql_db -q -c "INSERT INTO runs VALUES ('SQL reference: $ref', $SAMPLE, $spent, 'ref_$ref', 'sample')"
    fi
done

say "checking every answer"
psql_db -q <<'SQL'
-- Per solver: answers, answers that are valid, and answers equal to sudoku_solve's.
CREATE TABLE report (solver text, puzzles int, seconds double precision, result_table text,
                     solved bigint, valid bigint, agreeing bigint);

DO $$
DECLARE r record; solved bigint; valid bigint; agreeing bigint;
BEGIN
  FOR r IN SELECT * FROM runs ORDER BY solver LOOP
    IF r.seconds IS NULL THEN
      INSERT INTO report VALUES (r.solver, r.puzzles, NULL, r.result_table, NULL, NULL, NULL);
      CONTINUE;
    END IF;
    EXECUTE format(
      'SELECT count(t.result), count(*) FILTER (WHERE is_solution(p.puzzle, t.result)),
              count(*) FILTER (WHERE t.result = e.result)
       FROM %I t JOIN sudoku9_9 p USING (id) JOIN ext_result e USING (id)', r.result_table)
      INTO solved, valid, agreeing;
    INSERT INTO report VALUES (r.solver, r.puzzles, r.seconds, r.result_table, solved, valid, agreeing);
  END LOOP;
END $$;
SQL

EXT_PER="$(psql_db -Atc "SELECT seconds / puzzles FROM runs WHERE solver LIKE 'sudoku_ext%'")"
echo
psql_db -P footer=off -c "
SELECT solver,
       puzzles,
       coalesce(solved::text, 'timed out') AS solved,
       coalesce(valid::text, '-') AS valid,
       coalesce(agreeing::text, '-') AS agreeing,
       CASE WHEN seconds IS NULL THEN '> ${TIMEOUT} s' ELSE round(seconds::numeric, 3) || ' s' END AS total_time,
       CASE WHEN seconds IS NULL THEN '-' ELSE round((seconds / puzzles * 1e6)::numeric, 1) || ' us' END AS time_per_puzzle,
       CASE WHEN seconds IS NULL THEN '-' ELSE round((seconds / puzzles / $EXT_PER)::numeric, 0) || 'x' END AS \"sudoku_ext is faster by\"
FROM report ORDER BY seconds IS NULL, seconds / puzzles"

# Every answer given must be valid. On generated puzzles (one solution each) every
# reference answer must also equal the extension's; a user's file may hold puzzles
# with several solutions, where a different valid answer is no error.
STRICT_AGREE=true
[ -n "$FILE" ] && STRICT_AGREE=false
BAD="$(psql_db -Atc "
SELECT count(*) FROM report
WHERE seconds IS NOT NULL
  AND (valid <> solved OR ($STRICT_AGREE AND solver NOT LIKE 'sudoku_ext%' AND agreeing <> solved)
       OR (solver LIKE 'sudoku_ext%' AND $STRICT_AGREE AND solved <> puzzles))")"
stop_cluster
if [ "$BAD" != "0" ]; then
    echo "FAILED: some answers are wrong or the solvers disagree" >&2
    exit 1
fi
echo "every answer checked: all valid, and the solvers agree" >&2
