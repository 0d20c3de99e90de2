-- A reply's In-Reply-To is looked up among the game's outbox rows (the step a stale reply was for).
CREATE INDEX "outbox_game_id_id_idx" ON "outbox"("game_id", "id");

-- The stuck-work sweep: commands pending too long, inbound mail still only stored.
CREATE INDEX "commands_status_created_at_idx" ON "commands"("status", "created_at");
CREATE INDEX "inbound_messages_status_received_at_idx" ON "inbound_messages"("status", "received_at");
