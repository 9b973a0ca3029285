-- Runs a query into a new table and returns the seconds it took, or NULL when
-- statement_timeout (or a cancel) stopped it. Used by scripts/demo.sh and
-- scripts/scaleout.sh.
CREATE FUNCTION time_into(target text, query text) RETURNS double precision
LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz := clock_timestamp();
BEGIN
  EXECUTE format('CREATE TABLE public.%I AS %s', target, query);
  RETURN extract(epoch FROM clock_timestamp() - t0);
EXCEPTION WHEN query_canceled THEN
  RETURN NULL;
END $$;
