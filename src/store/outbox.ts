import { crashPoint } from '../shared/crash-point';
import type { Db, Sql } from './db';

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
  const params: unknown[] = [];
  const tuples = drafts.map((d) => {
    const b = params.length;
    const picture = d.picture ? JSON.stringify(d.picture) : null;
    params.push(
      d.idempotencyKey,
      d.gameId ?? null,
      d.eventSeq ?? null,
      d.recipient,
      d.kind,
      JSON.stringify(d.payload),
      d.refusal ?? null,
      picture,
    );
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}::jsonb, $${b + 7}, $${b + 8}::jsonb)`;
  });
  await tx.query(
    `INSERT INTO outbox (idempotency_key, game_id, event_seq, recipient, kind, payload, refusal, picture)
     VALUES ${tuples.join(', ')} ON CONFLICT (idempotency_key) DO NOTHING`,
    params,
  );
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
   * Sends pending rows one at a time. Each row is locked (SKIP LOCKED, so several dispatchers
   * share the work), sent, and marked sent in the same transaction: a crash before the mark
   * leaves the row pending and it is sent again by the next sweep, with the same Message-ID so
   * mail clients collapse the rare duplicate. A row that keeps failing is marked failed and kept.
   * The statement that marks a row sent also says whether another waits (MARK_SENT): the last mail
   * of a burst ends the loop without a transaction that finds nothing.
   */
  async dispatch(transport: MailTransport, limit = 100): Promise<DispatchResult> {
    let sent = 0;
    let failed = 0;
    let transient = 0;
    let more = true;
    for (let i = 0; i < limit && more; i++) {
      const outcome = await this.db.transaction(async (tx) => {
        const rows = await tx.query<RawRow>(`SELECT * FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`);
        if (!rows.length) return 'empty' as const;
        const row = toRow(rows[0]);
        const budget = refusalBudget(row);
        if (budget && !(await claimRefusal(tx, budget))) {
          await tx.query(`UPDATE outbox SET status = 'suppressed', last_error = $2 WHERE id = $1`, [
            row.id,
            `not sent: ${REFUSALS_PER_DAY} ${budget.refusal} refusals already went to this address for this game today (a mail loop or a flood)`,
          ]);
          return 'suppressed' as const;
        }
        try {
          crashPoint('outbox-send', row.idempotencyKey);
          await transport.send(this.open(row), row.idempotencyKey);
          crashPoint('outbox-sent', row.idempotencyKey);
          const [mark] = await tx.query<{ more: boolean }>(MARK_SENT, [row.id]);
          more = mark.more;
          return 'sent' as const;
        } catch (err) {
          const permanent = (err as { permanent?: unknown }).permanent === true;
          const status = permanent || row.attempts + 1 >= this.maxAttempts ? 'failed' : 'pending';
          // not sent: its place in the budget is given back
          if (budget) await releaseRefusal(tx, budget);
          await tx.query(`UPDATE outbox SET status = $2, attempts = attempts + 1, last_error = $3 WHERE id = $1`, [
            row.id,
            status,
            String((err as Error).message ?? err).slice(0, 2000),
          ]);
          return permanent ? ('sent-failed' as const) : ('error' as const);
        }
      });
      if (outcome === 'empty') break;
      if (outcome === 'suppressed') continue;
      if (outcome === 'sent') sent++;
      else if (outcome === 'sent-failed')
        failed++; // refused for good (5xx): kept as failed, go on
      else {
        failed++;
        transient++;
        break; // the transport is unwell: leave the rest for the retrying job
      }
    }
    return { sent, failed, transient };
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

/**
 * Marks a row sent and says whether another pending row waits that no other dispatcher holds: a
 * row in another's hands is that one's to send (the check locks what it finds until this commit,
 * so two dispatchers checking at once may each see the other's next row as held: the one holding
 * it goes on and sends it). A row added later has a dispatch job of its own.
 */
const MARK_SENT = `WITH sent AS (UPDATE outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1)
  SELECT EXISTS (SELECT 1 FROM outbox WHERE status = 'pending' AND id <> $1 LIMIT 1 FOR UPDATE SKIP LOCKED) AS more`;

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
 * is locked until the caller's transaction ends, so concurrent dispatchers take turns): true if
 * counted. A window older than a day starts again at one.
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
