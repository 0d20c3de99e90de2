-- Umpire initial schema (kept in Prisma's migration layout; applied offline by `umpire db migrate`).

CREATE TABLE "events" (
    "game_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "position" BIGSERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    CONSTRAINT "events_pkey" PRIMARY KEY ("game_id","seq")
);
CREATE UNIQUE INDEX "events_position_key" ON "events"("position");

CREATE TABLE "games" (
    "id" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "games_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "snapshots" (
    "game_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "state" JSONB NOT NULL,
    "state_hash" TEXT NOT NULL,
    "engine_version" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "snapshots_pkey" PRIMARY KEY ("game_id","seq")
);

CREATE TABLE "outbox" (
    "id" BIGSERIAL NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "game_id" TEXT,
    "event_seq" INTEGER,
    "recipient" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "outbox_idempotency_key_key" ON "outbox"("idempotency_key");
CREATE INDEX "outbox_status_id_idx" ON "outbox"("status", "id");

CREATE TABLE "commands" (
    "id" BIGSERIAL NOT NULL,
    "game_id" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "result" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "applied_at" TIMESTAMPTZ(3),
    CONSTRAINT "commands_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "commands_idempotency_key_key" ON "commands"("idempotency_key");
CREATE INDEX "commands_game_id_status_id_idx" ON "commands"("game_id", "status", "id");

CREATE TABLE "inbound_messages" (
    "id" BIGSERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "uid_validity" BIGINT,
    "uid" BIGINT,
    "message_id" TEXT NOT NULL,
    "raw" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'stored',
    "game_id" TEXT,
    "result" JSONB,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "inbound_messages_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "inbound_messages_message_id_key" ON "inbound_messages"("message_id");
CREATE UNIQUE INDEX "inbound_messages_source_uid_validity_uid_key" ON "inbound_messages"("source", "uid_validity", "uid");

CREATE TABLE "mailbox_cursors" (
    "mailbox" TEXT NOT NULL,
    "uid_validity" BIGINT NOT NULL,
    "last_uid" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "mailbox_cursors_pkey" PRIMARY KEY ("mailbox")
);

CREATE TABLE "game_secrets" (
    "game_id" TEXT NOT NULL,
    "sealed" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "game_secrets_pkey" PRIMARY KEY ("game_id")
);

-- History is append-only: the database itself refuses to rewrite it, whatever code path asks.
CREATE FUNCTION "umpire_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: % refused on game log', TG_OP
    USING ERRCODE = 'UM002';
END;
$$;
CREATE TRIGGER "events_no_update" BEFORE UPDATE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "umpire_events_refuse_change"();
CREATE TRIGGER "events_no_delete" BEFORE DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "umpire_events_refuse_change"();
CREATE TRIGGER "events_no_truncate" BEFORE TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "umpire_events_refuse_change"();

-- Each new event must continue its game's chain: sequence n follows n-1 and names its hash.
-- This makes a stale expected version fail inside the single INSERT, with no extra round trip.
CREATE FUNCTION "umpire_events_check_link"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seq = 1 THEN
    IF NEW.prev_hash <> repeat('0', 64) THEN
      RAISE EXCEPTION 'event 1 of game % must start the chain', NEW.game_id USING ERRCODE = 'UM001';
    END IF;
  ELSIF NOT EXISTS (
    SELECT 1 FROM "events" e
     WHERE e.game_id = NEW.game_id AND e.seq = NEW.seq - 1 AND e.hash = NEW.prev_hash
  ) THEN
    RAISE EXCEPTION 'event % of game % does not follow the current head', NEW.seq, NEW.game_id
      USING ERRCODE = 'UM001';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "events_check_link" BEFORE INSERT ON "events"
  FOR EACH ROW EXECUTE FUNCTION "umpire_events_check_link"();
