import { writeSync } from 'node:fs';

/**
 * Test-only crash points (issue 14's crash tests). `UMPIRE_CRASH_AT=<point>:<n>[,<point>:<n>...]`
 * makes the process kill itself (SIGKILL, as `kill -9` would) the n-th time it passes `<point>`,
 * after writing `umpire crash point <point>:<n> <detail>` to stderr (so a test knows which mail
 * or row was in flight). Honoured only when NODE_ENV=test, and loadConfig refuses to start a
 * production process with it set; unset, `crashPoint` returns at its first line.
 *
 * The points, each where a kill leaves the most to recover:
 *  - `append`: events (and their outbox rows) inserted, the transaction not committed;
 *  - `applied`: a command's transaction committed, the job not finished (no dispatch job queued);
 *  - `outbox-send`: an outbox row leased for sending, nothing sent;
 *  - `outbox-sent`: the relay accepted the mail, the row not yet marked sent (it is sent again:
 *    SMTP cannot be exactly-once, the copy carries the same Message-ID); the detail names every
 *    row of the lease's batch the relay took and no statement has marked yet, each sent again;
 *  - `imap-fetched`: a message fetched over IMAP, not stored (the cursor has not moved);
 *  - `inbound-stored`: a message stored, its ingest job not queued (the stuck-work sweep finds it);
 *  - `ingest-stored`: a message's commands stored, the message not marked done.
 */
export const CRASH_POINTS = ['append', 'applied', 'outbox-send', 'outbox-sent', 'imap-fetched', 'inbound-stored', 'ingest-stored'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** `UMPIRE_CRASH_AT` read: point -> the pass to die at; null when unset or not in test mode. */
export function parseCrashPlan(value: string | undefined, nodeEnv: string | undefined): Map<CrashPoint, number> | null {
  if (!value || nodeEnv !== 'test') return null;
  const plan = new Map<CrashPoint, number>();
  for (const part of value.split(',')) {
    const [point, n] = part.trim().split(':');
    if (!CRASH_POINTS.includes(point as CrashPoint) || !(Number(n) >= 1))
      throw new Error(`UMPIRE_CRASH_AT: "${part}" is not <point>:<n> with a point among ${CRASH_POINTS.join(', ')} and n >= 1`);
    plan.set(point as CrashPoint, Number(n));
  }
  return plan;
}

const plan = parseCrashPlan(process.env.UMPIRE_CRASH_AT, process.env.NODE_ENV);
const passes = new Map<CrashPoint, number>();

/** Dies here (SIGKILL) when UMPIRE_CRASH_AT names this point and this is its n-th pass. */
export function crashPoint(point: CrashPoint, detail = ''): void {
  if (plan === null) return;
  const at = plan.get(point);
  if (at === undefined) return;
  const n = (passes.get(point) ?? 0) + 1;
  passes.set(point, n);
  if (n !== at) return;
  writeSync(2, `umpire crash point ${point}:${n} ${detail}\n`);
  process.kill(process.pid, 'SIGKILL');
}
