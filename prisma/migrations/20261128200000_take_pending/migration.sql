-- Issue 33: a game's lock and its pending commands in one round trip. The command inbox takes the
-- game's advisory lock (the one every writer of its log takes, transaction-scoped) and then reads
-- the oldest pending commands, two at most (the one to apply, and whether another waits). The read
-- is a statement of its own inside the function, so its snapshot is taken after the lock is
-- granted: a command another worker applied while this one waited for the lock is seen applied.
CREATE FUNCTION "umpire_take_pending"(p_game_id TEXT)
RETURNS TABLE ("id" BIGINT, "game_id" TEXT, "idempotency_key" TEXT, "kind" TEXT, "payload" JSONB, "created_at" TIMESTAMPTZ)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_game_id, 7243));
  RETURN QUERY
    SELECT c.id, c.game_id, c.idempotency_key, c.kind, c.payload, c.created_at::timestamptz FROM commands c
     WHERE c.game_id = p_game_id AND c.status = 'pending' ORDER BY c.id LIMIT 2;
END $$;
