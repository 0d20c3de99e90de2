-- Issue 24: a throttled message waits its turn. The throttle bucket an authenticated message
-- was charged to (or waits on) is kept with it, so a later message of the same bucket waits
-- behind an earlier one still waiting or being read (arrival order per game and side).
-- Its waits are counted: the n-th wait's delayed job is ingest:<id>:wait:<n>, which the message
-- ahead promotes when it is done.
ALTER TABLE "inbound_messages" ADD COLUMN "throttle_bucket" TEXT;
ALTER TABLE "inbound_messages" ADD COLUMN "throttle_waits" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "inbound_messages_throttle_bucket_id_idx" ON "inbound_messages"("throttle_bucket", "id");
