-- Issue 24: the daily refusal budget, counted atomically and apart. Each refusal in the outbox
-- says whom it answers: 'orders' (an authenticated sender's refused orders: never held back),
-- 'authenticated' (anything else an authenticated sender is refused) or 'unauthenticated' (mail
-- that proved no sender, or could not be read): a forger spends only the last.
ALTER TABLE "outbox" ADD COLUMN "refusal" TEXT;
UPDATE "outbox" SET "refusal" = 'unauthenticated' WHERE "kind" = 'rejection';

-- One row per recipient (lower case), game ('' for none) and kind of refusal: how many went out
-- since the window began. Claimed by one INSERT ... ON CONFLICT DO UPDATE, so concurrent
-- dispatchers can never send more than the cap between them.
CREATE TABLE "refusal_budget" (
    "recipient" TEXT NOT NULL,
    "game_id" TEXT NOT NULL,
    "refusal" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "sent" INTEGER NOT NULL,

    CONSTRAINT "refusal_budget_pkey" PRIMARY KEY ("recipient", "game_id", "refusal")
);
