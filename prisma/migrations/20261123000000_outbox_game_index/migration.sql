-- A reply's In-Reply-To is looked up among the game's outbox rows (the step a stale reply was for).
CREATE INDEX "outbox_game_id_id_idx" ON "outbox"("game_id", "id");
