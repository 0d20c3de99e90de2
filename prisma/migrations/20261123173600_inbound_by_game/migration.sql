-- A game's inbound mail, oldest first (the referee's MAILS and the game page's inbound-mail list).
CREATE INDEX "inbound_messages_game_id_received_at_idx" ON "inbound_messages"("game_id", "received_at");
