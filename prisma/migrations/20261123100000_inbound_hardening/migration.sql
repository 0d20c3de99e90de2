-- Inbound mail that keeps failing is counted and quarantined, not retried for ever; the sender's
-- throttle is charged once per message; raw mail is sealed at rest; a Message-ID reused by a
-- different message is told apart by a hash of the content (trace header fields left out).
ALTER TABLE "inbound_messages" ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "inbound_messages" ADD COLUMN "last_error" TEXT;
ALTER TABLE "inbound_messages" ADD COLUMN "throttle_taken" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "inbound_messages" ADD COLUMN "raw_sealed" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "inbound_messages" ADD COLUMN "content_hash" TEXT;

-- Refusals per recipient in the last day (the outbox's refusal budget against mail loops).
CREATE INDEX "outbox_recipient_kind_sent_at_idx" ON "outbox"("recipient", "kind", "sent_at");
