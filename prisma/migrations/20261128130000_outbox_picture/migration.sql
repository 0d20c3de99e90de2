-- Issue 33: the board picture a report or welcome carries ({"hash": the board view's hash, "step":
-- the step it shows}), so the next mail to the same recipient leaves out a picture of the same board.
ALTER TABLE "outbox" ADD COLUMN "picture" JSONB;
