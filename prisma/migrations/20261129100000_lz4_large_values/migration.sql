-- Issue 33: the large values of an order (an outbox row's mail, ~40 KB of text, SVG map and HTML;
-- a snapshot's state, ~90 KB; a game's first event) are compressed with lz4 rather than pglz
-- (PostgreSQL's default) when TOAST stores them. Measured on the pipeline's outbox rows: storing
-- one cost the backend ~1.1 ms with pglz against ~0.3 ms with lz4, reading one back ~0.3 ms against
-- ~0.15 ms, for a slightly smaller result. Only values written from now on are compressed so;
-- older ones are read as they are. A PostgreSQL built without lz4 (every packaged build since 14
-- has it) keeps pglz: the migration then changes nothing.
DO $$
BEGIN
  ALTER TABLE "outbox" ALTER COLUMN "payload" SET COMPRESSION lz4;
  ALTER TABLE "snapshots" ALTER COLUMN "state" SET COMPRESSION lz4;
  ALTER TABLE "events" ALTER COLUMN "payload" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'this PostgreSQL is built without lz4: large values stay compressed with pglz';
END $$;
