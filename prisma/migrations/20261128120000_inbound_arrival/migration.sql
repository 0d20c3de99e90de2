-- When a mail arrived, by the umpire's clock at intake (IMAP fetch or webhook POST): the time that
-- decides whether its orders came before the deadline (docs/mail-commands.md). received_at stays
-- the database's own time of storing, which the stuck-work sweep compares with now(). Rows stored
-- before this column existed arrived when they were stored.
ALTER TABLE "inbound_messages" ADD COLUMN "arrived_at" TIMESTAMPTZ(3);
UPDATE "inbound_messages" SET "arrived_at" = "received_at";
ALTER TABLE "inbound_messages" ALTER COLUMN "arrived_at" SET NOT NULL;
