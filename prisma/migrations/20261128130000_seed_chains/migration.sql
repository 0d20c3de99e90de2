-- Seed chains drawn after a game's creation (issue 30): a rollback past revealed seeds, or a fork
-- adopted, renews the dice chain; its secret top is kept here, encrypted like game_secrets', under
-- the anchor (s_0) the log commits in SeedChainRenewed. The sealed chain stays game_secrets'.
CREATE TABLE "game_seed_chains" (
    "game_id" TEXT NOT NULL,
    "anchor" TEXT NOT NULL,
    "sealed" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_seed_chains_pkey" PRIMARY KEY ("game_id", "anchor")
);
