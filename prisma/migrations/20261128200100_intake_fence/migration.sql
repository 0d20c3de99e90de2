-- Issue 33: a mail stored in one statement instead of a transaction of four. The intake lock (held
-- shared while a mail is stored, taken exclusive by a deadline to see every mail stored before it)
-- is taken inside the INSERT, by umpire_intake_arrival. The arrival is stamped by the umpire's clock
-- before that statement is sent, so a deadline may read the mail in transit between the stamp and
-- the lock and miss it. Each deadline therefore records how far it has read (the fence: the latest
-- deadline instant read for), and a mail stamped at or before the fence but stored after it is
-- stamped just after the fence: it arrived after that deadline, as every reader of it will judge.
CREATE TABLE "intake_fence" (
    "one" BOOLEAN NOT NULL DEFAULT true,
    "read_to" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "intake_fence_pkey" PRIMARY KEY ("one"),
    CONSTRAINT "intake_fence_one" CHECK ("one")
);
INSERT INTO "intake_fence" ("one", "read_to") VALUES (true, '-infinity');

-- The arrival to store for a mail stamped `stamp`, taken under the intake lock (shared, until the
-- storing transaction ends). The fence is read by a statement of its own, after the lock is granted,
-- so a deadline that held the lock exclusive has committed its fence by then.
CREATE FUNCTION "umpire_intake_arrival"(stamp TIMESTAMPTZ) RETURNS TIMESTAMPTZ
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  fence TIMESTAMPTZ;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7243024);
  SELECT f.read_to INTO fence FROM intake_fence f;
  IF fence IS NOT NULL AND stamp <= fence THEN
    RETURN fence + interval '1 millisecond';
  END IF;
  RETURN stamp;
END $$;
