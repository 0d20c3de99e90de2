-- Issue 33: the outbox is dispatched under leases instead of a transaction held across each send.
-- A dispatcher claims a batch of pending rows in one statement, naming its own PostgreSQL session
-- (leased_by: backend pid and start time) and a time bound (leased_until); a lease whose session is
-- gone (the dispatcher died or lost its connection) or whose time has passed is free again.
ALTER TABLE "outbox" ADD COLUMN "leased_by" TEXT;
ALTER TABLE "outbox" ADD COLUMN "leased_until" TIMESTAMPTZ(3);
