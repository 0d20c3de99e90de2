/**
 * Reads one IMAP mailbox and hands every new message, once and in UID order, to `onMessage`.
 *
 * The cursor (UIDVALIDITY, last UID handled) lives in a `MailboxCursorStore`, and advances only
 * after `onMessage` resolves, so a crash between the two re-delivers a message rather than
 * losing it; the caller dedups on (mailbox, UIDVALIDITY, UID) and on Message-ID. When the
 * server's UIDVALIDITY changes, old UIDs mean nothing: the whole mailbox is handed over again
 * and Message-ID dedup drops what was already stored.
 *
 * New mail is noticed through IDLE (EXISTS pushed by the server) and, as a fallback, by a poll
 * timer. Connection failures reconnect with exponential backoff until `stop()`.
 */
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { crashPoint } from '../shared/crash-point';

import type { MailboxCursor, MailboxCursorStore } from '../store/mailbox-cursors';

export type { MailboxCursor, MailboxCursorStore } from '../store/mailbox-cursors';

export interface RawMessageMeta {
  /** The cursor key: `<user>@<host>:<port>/<mailbox>` unless `cursorKey` was given. */
  readonly mailbox: string;
  readonly uidValidity: number;
  readonly uid: number;
  /** Size the server reports; larger than `raw.length` when `truncated`. */
  readonly size: number;
  /** The message exceeded `maxFetchBytes`; `raw` holds only its first bytes (the header). */
  readonly truncated: boolean;
}

/** The logging the reader needs; pino's logger fits. */
export interface ReaderLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ImapReaderOptions {
  readonly host: string;
  readonly port: number;
  readonly secure?: boolean;
  readonly auth: { readonly user: string; readonly pass: string };
  /** Default `INBOX`. */
  readonly mailbox?: string;
  readonly cursorKey?: string;
  readonly cursorStore: MailboxCursorStore;
  /** Must resolve only once the raw message is stored; the cursor advances after it. */
  readonly onMessage: (raw: Buffer, meta: RawMessageMeta) => Promise<void>;
  /** Poll this often even when IDLE is working (a missed EXISTS costs at most this). Default 30 s. */
  readonly pollIntervalMs?: number;
  /** Messages larger than this are fetched header-only (the parser rejects them). Default 10 MiB. */
  readonly maxFetchBytes?: number;
  readonly backoff?: { readonly initialMs?: number; readonly maxMs?: number };
  readonly logger?: ReaderLogger;
  /** Extra ImapFlow options (TLS and the like). */
  readonly imapOptions?: Partial<ImapFlowOptions>;
}

const silent: ReaderLogger = { info() {}, warn() {}, error() {} };

export class ImapMailboxReader {
  private readonly mailbox: string;
  private readonly key: string;
  private readonly log: ReaderLogger;
  private stopped = true;
  private loop: Promise<void> | null = null;
  private client: ImapFlow | null = null;
  private wakeUp: (() => void) | null = null;
  private pendingWake = false;
  private backoffMs: number;
  /**
   * The cursor as this session last read or wrote it (undefined: not read yet in this session):
   * read from the store once per connection, not at every catch-up. Another reader of the same
   * mailbox moving it meanwhile only makes this one fetch again what intake already holds.
   */
  private known: MailboxCursor | null | undefined;
  private readonly firstSync = deferred();
  private stopSignal = deferred();

  constructor(private readonly options: ImapReaderOptions) {
    this.mailbox = options.mailbox ?? 'INBOX';
    this.key = options.cursorKey ?? `${options.auth.user}@${options.host}:${options.port}/${this.mailbox}`;
    this.log = options.logger ?? silent;
    this.backoffMs = this.initialBackoff;
  }

  /** Starts reading in the background (no-op when already started). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopSignal = deferred();
    this.loop = this.run();
  }

  /** Resolves after the first complete catch-up with the mailbox (use it to wait for a first connect). */
  ready(): Promise<void> {
    return this.firstSync.promise;
  }

  /** Stops reading: finishes the message in hand, logs out, and resolves when all is closed. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopSignal.resolve();
    this.wake();
    const client = this.client;
    if (client) {
      // Give an in-flight onMessage/cursor update the chance to finish before the socket goes.
      await Promise.race([this.loop, delay(2000)]);
      if (client.usable) await client.logout().catch(() => client.close());
      else client.close();
    }
    await this.loop;
    this.loop = null;
  }

  /** Asks for a catch-up now (e.g. after the caller learns of new mail another way). */
  wake(): void {
    this.pendingWake = true;
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  private get initialBackoff(): number {
    return this.options.backoff?.initialMs ?? 500;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.session();
      } catch (err) {
        if (this.stopped) break;
        this.log.warn({ err, mailbox: this.key, retryInMs: this.backoffMs }, 'imap reader: session failed; reconnecting');
      }
      if (this.stopped) break;
      await this.sleep(this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, this.options.backoff?.maxMs ?? 30_000);
    }
  }

  private async session(): Promise<void> {
    const o = this.options;
    const client = new ImapFlow({
      host: o.host,
      port: o.port,
      secure: o.secure ?? false,
      auth: { user: o.auth.user, pass: o.auth.pass },
      logger: false,
      autoIdleDelay: 200,
      ...o.imapOptions,
    });
    client.on('error', (err: unknown) => this.log.warn({ err, mailbox: this.key }, 'imap reader: connection error'));
    client.on('exists', () => this.wake());
    const closed = new Promise<void>((resolve) =>
      client.once('close', () => {
        this.wake();
        resolve();
      }),
    );
    this.client = client;
    this.known = undefined;
    const poll = setInterval(() => this.wake(), o.pollIntervalMs ?? 30_000);
    try {
      await client.connect();
      await client.mailboxOpen(this.mailbox);
      this.log.info({ mailbox: this.key }, 'imap reader: connected');
      while (!this.stopped && client.usable) {
        this.pendingWake = false;
        await this.catchUp(client);
        this.backoffMs = this.initialBackoff;
        this.firstSync.resolve();
        if (!this.pendingWake) await Promise.race([this.nextWake(), closed]);
      }
      if (!this.stopped) throw new Error('IMAP connection closed');
    } finally {
      clearInterval(poll);
      this.client = null;
      if (client.usable && !this.stopped) await client.logout().catch(() => client.close());
    }
  }

  /** Hands over every message after the cursor, advancing the cursor after each. */
  private async catchUp(client: ImapFlow): Promise<void> {
    const box = client.mailbox;
    if (!box) throw new Error(`mailbox ${this.mailbox} is not open`);
    const uidValidity = Number(box.uidValidity);
    let cursor = this.known !== undefined ? this.known : await this.options.cursorStore.get(this.key);
    this.known = cursor;
    if (cursor && cursor.uidValidity !== uidValidity) {
      this.log.warn(
        { mailbox: this.key, was: cursor.uidValidity, now: uidValidity },
        'imap reader: UIDVALIDITY changed; re-reading the mailbox',
      );
      cursor = null;
    }
    const from = (cursor?.lastUid ?? 0) + 1;
    const found = await client.search({ uid: `${from}:*` }, { uid: true });
    // "n:*" always includes the highest UID, even below n: keep only what is really new.
    const uids = (found || []).filter((u) => u >= from).sort((a, b) => a - b);
    const maxBytes = this.options.maxFetchBytes ?? 10 * 1024 * 1024;
    for (const uid of uids) {
      if (this.stopped) return;
      const msg = await client.fetchOne(String(uid), { uid: true, size: true, source: { maxLength: maxBytes } }, { uid: true });
      if (msg && msg.source !== undefined) {
        crashPoint('imap-fetched', `${this.key} uid ${uid}`);
        const size = msg.size ?? msg.source.length;
        await this.options.onMessage(msg.source, {
          mailbox: this.key,
          uidValidity,
          uid,
          size,
          truncated: size > msg.source.length,
        });
      }
      await this.options.cursorStore.set(this.key, { uidValidity, lastUid: uid });
      this.known = { uidValidity, lastUid: uid };
    }
  }

  private nextWake(): Promise<void> {
    if (this.pendingWake || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      this.wakeUp = resolve;
    });
  }

  /** Backoff pause with jitter; only stop() cuts it short. */
  private async sleep(ms: number): Promise<void> {
    await Promise.race([delay(ms / 2 + Math.random() * (ms / 2)), this.stopSignal.promise]);
  }
}

/** A cursor store in memory: for tools and tests that do not need durability. */
export class InMemoryCursorStore implements MailboxCursorStore {
  private readonly cursors = new Map<string, MailboxCursor>();
  async get(mailbox: string): Promise<MailboxCursor | null> {
    return this.cursors.get(mailbox) ?? null;
  }
  async set(mailbox: string, cursor: MailboxCursor): Promise<void> {
    this.cursors.set(mailbox, cursor);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
