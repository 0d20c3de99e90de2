import { crashPoint } from '../shared/crash-point';
import { type Db, prepared, type Sql } from './db';
import { type HeldWrite, sendWrites } from './held-writes';

/**
 * The transactional outbox. Mail that an event causes is written in the same transaction as the
 * event, already rendered (so a send retry never re-renders), under an idempotency key of
 * (game, recipient, reason, event sequence). The dispatcher sends each row once.
 */
export interface OutboxDraft {
  readonly idempotencyKey: string;
  readonly gameId?: string;
  readonly eventSeq?: number;
  readonly recipient: string;
  readonly kind: string;
  /** A refusal (kind `rejection`): whom it answers, for its daily budget (RefusalOf). */
  readonly refusal?: RefusalOf;
  readonly payload: OutboundMail;
  /** the board picture the mail carries: its board view's hash and step (a later mail leaves out a picture of the same board) */
  readonly picture?: { readonly hash: string; readonly step: string };
}

/**
 * Whom a refusal answers, which decides the budget it is counted in (REFUSALS_PER_DAY):
 * - `orders`: orders an authenticated sender sent, refused (the engine's refusal, the wrong
 *   step): always sent, never counted; the sender's throttle already bounds how many there are;
 * - `authenticated`: anything else refused to a sender who proved who they are (an empty mail,
 *   a command the game refuses, a quarantined mail);
 * - `unauthenticated`: mail that proved no sender (a forged From, a wrong SECRET, a made-up reply
 *   address) or could not be read. A forger writing in a player's name spends only this budget.
 * A refusal row that does not say is counted as unauthenticated.
 */
export type RefusalOf = 'orders' | 'authenticated' | 'unauthenticated';

/**
 * A fully rendered message, ready for the transport: nodemailer's message options as JSON
 * (headers, threading, Message-ID and attachments included), so a retry sends the same bytes.
 */
export interface OutboundMail {
  readonly to: string | readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly messageId?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly [option: string]: unknown;
}

export interface OutboxRow extends OutboxDraft {
  readonly id: string;
  /** `suppressed`: a refusal over its recipient's daily budget (REFUSALS_PER_DAY), kept and never sent. */
  readonly status: 'pending' | 'sent' | 'failed' | 'suppressed';
  readonly attempts: number;
}

/** How a stored row's mail is read back (bodies sealed at rest, SECRET words filled in): src/mail/at-rest.ts. */
export interface OutboxOpener {
  open(row: Pick<OutboxRow, 'payload' | 'gameId' | 'recipient'>): OutboundMail;
}

/**
 * Refusals sent to one address in a day, at most, per game and per kind of refusal (RefusalOf:
 * authenticated and unauthenticated counted apart; refused orders not counted). An autoresponder
 * that ignores RFC 3834 and a loop between two robots both end here: past the budget a refusal is
 * recorded, not sent. The day is a window of 24 hours from the first refusal counted in it; the
 * count is claimed by one statement on a counter row (refusal_budget), so any number of
 * dispatchers at once cannot pass it.
 */
export const REFUSALS_PER_DAY = 12;

export interface MailTransport {
  /** Throws on failure; an error with `permanent: true` is not retried (the row is marked failed). */
  send(mail: OutboundMail, idempotencyKey: string): Promise<void>;
}

export async function insertOutbox(tx: Sql, drafts: readonly OutboxDraft[]): Promise<void> {
  await sendWrites(tx, [outboxWrite(drafts)]);
}

/** The write of outbox rows, in their order, each once (idempotent on its key): one statement of fixed text. */
export function outboxWrite(drafts: readonly OutboxDraft[]): HeldWrite {
  return {
    text: `INSERT INTO outbox (idempotency_key, game_id, event_seq, recipient, kind, payload, refusal, picture)
     SELECT u.key, u.game_id, u.event_seq, u.recipient, u.kind, u.payload::jsonb, u.refusal, u.picture::jsonb
       FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
            WITH ORDINALITY AS u(key, game_id, event_seq, recipient, kind, payload, refusal, picture, n)
      ORDER BY u.n
     ON CONFLICT (idempotency_key) DO NOTHING`,
    params: [
      drafts.map((d) => d.idempotencyKey),
      drafts.map((d) => d.gameId ?? null),
      drafts.map((d) => d.eventSeq ?? null),
      drafts.map((d) => d.recipient),
      drafts.map((d) => d.kind),
      drafts.map((d) => JSON.stringify(d.payload)),
      drafts.map((d) => d.refusal ?? null),
      drafts.map((d) => (d.picture ? JSON.stringify(d.picture) : null)),
    ],
  };
}

export interface DispatchResult {
  readonly sent: number;
  readonly failed: number;
  /** failures worth retrying (the dispatch job throws so BullMQ backs off) */
  readonly transient: number;
}

export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly maxAttempts = 8,
    private readonly opener: OutboxOpener | null = null,
  ) {}

  /** Records mail that no event caused (replies to bad input, for instance). Idempotent on the key. */
  async enqueue(drafts: readonly OutboxDraft[]): Promise<void> {
    if (drafts.length) await insertOutbox(this.db, drafts);
  }

  async pending(limit = 100): Promise<OutboxRow[]> {
    return this.rows(`WHERE status = 'pending' ORDER BY id LIMIT ${Math.max(1, Math.floor(limit))}`);
  }

  async byRecipient(recipient: string): Promise<OutboxRow[]> {
    return this.rows('WHERE recipient = $1 ORDER BY id', [recipient]);
  }

  async byGame(gameId: string): Promise<OutboxRow[]> {
    return this.rows('WHERE game_id = $1 ORDER BY id', [gameId]);
  }

  /**
   * The latest mail of one game to one address (case-blind), newest first: what a reply from that
   * address may quote (src/mail/reply.ts takes lines repeating it for quoted text). Read without
   * their open attachments (a report's map): a reply quotes text, never a picture.
   */
  async recentTo(gameId: string, recipient: string, limit = 12): Promise<OutboxRow[]> {
    return this.rows(
      `WHERE game_id = $1 AND lower(recipient) = lower($2) ORDER BY id DESC LIMIT ${Math.max(1, Math.floor(limit))}`,
      [gameId, recipient],
      `id, idempotency_key, game_id, event_seq, recipient, kind, payload - 'attachments' AS payload, status, attempts, refusal`,
    );
  }

  /** The rows of one game sent under these Message-IDs (bare, as a reply's In-Reply-To names them). */
  async byMessageIds(gameId: string, messageIds: readonly string[]): Promise<OutboxRow[]> {
    if (!messageIds.length) return [];
    return this.rows(`WHERE game_id = $1 AND payload->>'messageId' = ANY($2::text[]) ORDER BY id`, [
      gameId,
      messageIds.map((id) => `<${id.replace(/^<|>$/g, '')}>`),
    ]);
  }

  /**
   * Sends pending rows under leases, a batch at a time, on one connection held throughout and
   * without a transaction (LEASE_CLAIM): one statement claims a batch, naming this session, and the
   * next statement marks the batch's sent rows sent, gives back the rows not tried, and claims the
   * next batch. Several dispatchers share the work: a leased row is another's while its session
   * lives and its time has not run out. A crash (or a cut connection) before the mark leaves the
   * rows pending and free at once; they are sent again by the next dispatch, with the same
   * Message-ID so mail clients collapse the rare duplicate. A slow send never goes twice while its
   * dispatcher lives: a send is started only with SEND_BUDGET_MS of its lease left and is given up
   * after that long, its row keeping the lease to its end (the transport's own timeouts are far
   * shorter). A row that keeps failing is marked failed and kept.
   */
  async dispatch(transport: MailTransport, limit = 100): Promise<DispatchResult> {
    // every write of a dispatch is one whose loss is a crash before it (a mail sent again): lazy commits (db.ts)
    return this.db.lazyCommits().session(async (sql) => {
      const tally = { sent: 0, failed: 0, transient: 0 };
      let done: OutboxRow[] = [];
      let untried: string[] = [];
      let claim = Math.min(LEASE_BATCH, limit);
      let handled = 0;
      for (;;) {
        const leasedAt = performance.now();
        const rows = await sql.query<RawRow>(LEASE_CLAIM, [done.map((r) => r.id), untried, claim, LEASE_MS]);
        done = [];
        untried = [];
        if (!rows.length) break;
        for (const row of rows.map(toRow)) {
          // stop after a transient failure; never start a send that could outlast the lease
          if (tally.transient || performance.now() - leasedAt > LEASE_MS - SEND_BUDGET_MS) {
            untried.push(row.id);
            continue;
          }
          const outcome = await this.sendOne(sql, transport, row, done);
          if (outcome === 'sent') tally.sent++;
          else if (outcome === 'failed') tally.failed++;
          else if (outcome === 'transient') {
            tally.failed++;
            tally.transient++; // the transport is unwell: the rest is left for the retrying job
          }
        }
        handled += rows.length;
        claim = tally.transient ? 0 : Math.min(LEASE_BATCH, limit - handled);
        if (claim === 0 && !done.length && !untried.length) break;
      }
      return tally;
    });
  }

  /** One leased row: its refusal budget, then the send; a sent row joins `done`, marked by the next claim. */
  private async sendOne(
    sql: Sql,
    transport: MailTransport,
    row: OutboxRow,
    done: OutboxRow[],
  ): Promise<'sent' | 'suppressed' | 'failed' | 'transient'> {
    const budget = refusalBudget(row);
    if (budget && !(await claimRefusal(sql, budget))) {
      await sql.query(`UPDATE outbox SET status = 'suppressed', last_error = $2, leased_by = NULL, leased_until = NULL WHERE id = $1`, [
        row.id,
        `not sent: ${REFUSALS_PER_DAY} ${budget.refusal} refusals already went to this address for this game today (a mail loop or a flood)`,
      ]);
      return 'suppressed';
    }
    let timedOut = false;
    try {
      crashPoint('outbox-send', row.idempotencyKey);
      await withinBudget(transport.send(this.open(row), row.idempotencyKey), () => {
        timedOut = true;
      });
      done.push(row);
      // every row of the batch the relay took and no statement has marked yet: a kill here sends each again
      crashPoint('outbox-sent', done.map((r) => r.idempotencyKey).join(' '));
      return 'sent';
    } catch (err) {
      const permanent = (err as { permanent?: unknown }).permanent === true;
      const status = permanent || row.attempts + 1 >= this.maxAttempts ? 'failed' : 'pending';
      // not sent: its place in the budget is given back
      if (budget) await releaseRefusal(sql, budget);
      // a send given up may still be under way: its row keeps the lease to its end
      await sql.query(
        `UPDATE outbox SET status = $2, attempts = attempts + 1, last_error = $3,
           leased_by = CASE WHEN $4 THEN leased_by END, leased_until = CASE WHEN $4 THEN leased_until END WHERE id = $1`,
        [row.id, status, String((err as Error).message ?? err).slice(0, 2000), timedOut],
      );
      return permanent ? 'failed' : 'transient';
    }
  }

  /** A row's mail as sent: opened when the outbox has an opener (sealed bodies, SECRET markers). */
  private open(row: OutboxRow): OutboundMail {
    return this.opener ? this.opener.open(row) : row.payload;
  }

  /** Rows as they read back: bodies opened, so callers (HISTORY, RESEND, tests) see the mail as sent. */
  private async rows(where: string, params: unknown[] = [], columns = '*'): Promise<OutboxRow[]> {
    const rows = await this.db.query<RawRow>(`SELECT ${columns} FROM outbox ${where}`, params);
    return rows.map(toRow).map((r) => ({ ...r, payload: this.open(r) }));
  }
}

/** Rows a dispatcher claims at a time: what one crash may send twice, besides what it names (crash point outbox-sent). */
export const LEASE_BATCH = 8;

/** How long a lease holds at most, its session alive or not. */
export const LEASE_MS = 15 * 60_000;

/** The longest a send may take: started only with this much of the lease left, given up after it. */
export const SEND_BUDGET_MS = 2 * 60_000;

/** A session as the lease names it: its backend's pid and start (a pid reused by a later session is another session). */
const SESSION_OF = (a: string) => `${a}.pid::text || ':' || extract(epoch FROM ${a}.backend_start)::text`;

/** The columns a claimed row is read with (toRow's). */
const ROW_COLUMNS = 'id, idempotency_key, game_id, event_seq, recipient, kind, payload, status, attempts, refusal';

/**
 * Marks the rows sent ($1) sent, gives back the rows not tried ($2), and claims up to $3 pending
 * rows for this session for $4 ms, in one statement. A row is free when no lease holds it: none
 * taken, its time run out, or its session gone (pg_stat_activity's own function, asked for the one
 * backend the lease names rather than for every backend: the dispatchers share one database role,
 * which sees its own sessions). SKIP LOCKED and READ COMMITTED's re-check of a row another claimed
 * meanwhile make two dispatchers claiming at once take different rows. Prepared: it is sent after
 * every batch of mail.
 */
const LEASE_CLAIM = prepared(`WITH sent AS (
    UPDATE outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, leased_by = NULL, leased_until = NULL
     WHERE id = ANY($1::bigint[])),
  untried AS (UPDATE outbox SET leased_by = NULL, leased_until = NULL WHERE id = ANY($2::bigint[]) AND status = 'pending'),
  me AS (SELECT ${SESSION_OF('a')} AS session FROM pg_stat_get_activity(pg_backend_pid()) a),
  free AS (
    SELECT id FROM outbox o
     WHERE status = 'pending' AND id <> ALL($1::bigint[]) AND id <> ALL($2::bigint[])
       AND (leased_by IS NULL OR leased_until < now()
            OR NOT EXISTS (SELECT 1 FROM pg_stat_get_activity(split_part(o.leased_by, ':', 1)::int) a
                            WHERE ${SESSION_OF('a')} = o.leased_by))
     ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
  UPDATE outbox o SET leased_by = me.session, leased_until = now() + $4::float8 * interval '1 millisecond'
    FROM free, me WHERE o.id = free.id RETURNING ${ROW_COLUMNS.split(', ')
      .map((c) => `o.${c}`)
      .join(', ')}`);

/** A send, given up (rejected, `onTimeout` called) after SEND_BUDGET_MS. */
async function withinBudget(send: Promise<void>, onTimeout: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  // a send given up that fails later fails unheard
  send.catch(() => undefined);
  const budget = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`the send took more than ${SEND_BUDGET_MS} ms: given up, its row kept leased until the lease ends`));
    }, SEND_BUDGET_MS);
  });
  try {
    await Promise.race([send, budget]);
  } finally {
    clearTimeout(timer);
  }
}

/** The budget a row is counted in: a refusal's recipient, game and kind; none for refused orders or other mail. */
interface RefusalBudgetKey {
  readonly recipient: string;
  readonly gameId: string;
  readonly refusal: Exclude<RefusalOf, 'orders'>;
}

function refusalBudget(row: OutboxRow): RefusalBudgetKey | null {
  if (row.kind !== 'rejection' || row.refusal === 'orders') return null;
  return { recipient: row.recipient.trim().toLowerCase(), gameId: row.gameId ?? '', refusal: row.refusal ?? 'unauthenticated' };
}

/**
 * Counts one more refusal in its budget if the budget has room, in one statement (the counter row
 * is locked while it runs, so concurrent dispatchers take turns): true if counted. A window older than a day starts again at one.
 */
async function claimRefusal(tx: Sql, b: RefusalBudgetKey): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO refusal_budget AS b (recipient, game_id, refusal, window_start, sent) VALUES ($1, $2, $3, now(), 1)
     ON CONFLICT (recipient, game_id, refusal) DO UPDATE SET
       sent = CASE WHEN b.window_start <= now() - interval '24 hours' THEN 1 ELSE b.sent + 1 END,
       window_start = CASE WHEN b.window_start <= now() - interval '24 hours' THEN now() ELSE b.window_start END
     WHERE b.window_start <= now() - interval '24 hours' OR b.sent < $4
     RETURNING sent`,
    [b.recipient, b.gameId, b.refusal, REFUSALS_PER_DAY],
  );
  return rows.length === 1;
}

async function releaseRefusal(tx: Sql, b: RefusalBudgetKey): Promise<void> {
  await tx.query('UPDATE refusal_budget SET sent = greatest(sent - 1, 0) WHERE recipient = $1 AND game_id = $2 AND refusal = $3', [
    b.recipient,
    b.gameId,
    b.refusal,
  ]);
}

interface RawRow {
  id: string;
  idempotency_key: string;
  game_id: string | null;
  event_seq: number | null;
  recipient: string;
  kind: string;
  payload: OutboundMail;
  status: OutboxRow['status'];
  attempts: number;
  refusal: RefusalOf | null;
}

function toRow(r: RawRow): OutboxRow {
  return {
    id: String(r.id),
    idempotencyKey: r.idempotency_key,
    gameId: r.game_id ?? undefined,
    eventSeq: r.event_seq ?? undefined,
    recipient: r.recipient,
    kind: r.kind,
    ...(r.refusal ? { refusal: r.refusal } : {}),
    payload: r.payload,
    status: r.status,
    attempts: r.attempts,
  };
}
