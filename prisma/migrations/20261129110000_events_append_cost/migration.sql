-- Issue 33: what an append costs the database, each event's link still checked.
--
-- `position` (a global append order, BIGSERIAL with its own unique index) had no reader: every
-- read goes by game and sequence (the primary key). Each event paid a sequence step, a second
-- index entry and its WAL record for it. Dropping the column drops its sequence; rows stored
-- before keep their bytes (a dropped column is only marked dropped) and read and verify as before.
DROP INDEX "events_position_key";
ALTER TABLE "events" DROP COLUMN "position";

-- The link check ran once per event (a BEFORE ROW trigger: a PL/pgSQL call and an index probe
-- each, about 40% of a 10-event INSERT). It now runs once per statement, after its rows are in:
-- every new event must follow its predecessor, looked up in the table (which by then holds the
-- statement's own events too), and event 1 must start the chain. A failure aborts the statement,
-- so nothing of it is kept; same error code (UM001) and message as before.
DROP TRIGGER "events_check_link" ON "events";
DROP FUNCTION "umpire_events_check_link"();

CREATE FUNCTION "umpire_events_check_links"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  -- a scalar subquery per new event, a probe of the primary key (an EXISTS here is planned as a
  -- hashed subplan over the whole table; LIMIT 1 makes it a plain index scan, not a bitmap scan)
  SELECT n.game_id, n.seq INTO bad
    FROM "new_events" n
   WHERE CASE WHEN n.seq = 1 THEN n.prev_hash <> repeat('0', 64)
              ELSE n.prev_hash IS DISTINCT FROM
                   (SELECT e.hash FROM "events" e WHERE e.game_id = n.game_id AND e.seq = n.seq - 1 LIMIT 1) END
   ORDER BY n.game_id, n.seq
   LIMIT 1;
  IF FOUND THEN
    IF bad.seq = 1 THEN
      RAISE EXCEPTION 'event 1 of game % must start the chain', bad.game_id USING ERRCODE = 'UM001';
    END IF;
    RAISE EXCEPTION 'event % of game % does not follow the current head', bad.seq, bad.game_id
      USING ERRCODE = 'UM001';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "events_check_links" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS "new_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "umpire_events_check_links"();
