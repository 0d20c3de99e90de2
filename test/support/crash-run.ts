/**
 * One VITP game played by real mail through the service as built (dist/): an API process (its
 * IMAP reader on the umpire's Dovecot mailbox) and a worker process, on a database and Redis
 * prefix of its own, with the test-only fixed seed source (UMPIRE_TEST_SEED) so two runs of the
 * same mails can be compared. Either process can be (re)started armed with a crash point
 * (UMPIRE_CRASH_AT, src/shared/crash-point.ts); what it printed when it died is kept.
 * The players' orders are the demo bots' (src/games/vitp/players/mail.ts), drawn from the board with a rng
 * seeded by the step, so the same state gives the same mail; each goes through Postfix to the
 * signed reply address, one at a time, and the next waits until it was handled.
 * Every wait ends by the run's deadline, and a run keeps a timeline (each mail sent and handled,
 * each process started, armed and gone) and the last lines each process logged: `report()` gives
 * both, so a failure says where the run stood and not only that it ran out of time.
 */
import { type PlayerTurn, turnOf } from '../../src/engine/players';
import type { VitpView } from '../../src/games/vitp/view';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config';
import { type EngineState, whoIsAwaited } from '../../src/engine/game';
import { seededRng } from '../../src/engine/random-player';
import { composeMail } from '../../src/games/vitp/players/mail';
import { QueueName } from '../../src/queue/jobs';
import { buildServices, type Services } from '../../src/services/container';
import { hashCanonical } from '../../src/shared/canonical';
import { freshDatabase, redisPrefix, type TestDatabase } from './db';
import { createMailUser, imapClient, type MailEnv, type MailUser, sendSmtp } from './mail';
import { keepTail, ROOT, stopProcess, waitUntil } from './processes';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const CRASH_GAME = 'G-crash';
export type Role = 'api' | 'worker';

/** An order mail as sent: the same list in two runs means the same mails. */
export interface OrderMail {
  readonly side: string;
  readonly step: string;
  readonly text: string;
}

export interface Players {
  readonly japanese: MailUser;
  readonly allied: MailUser;
}

export class CrashRun {
  t!: TestDatabase;
  s!: Services;
  umpire!: MailUser;
  readonly procs: Partial<Record<Role, ChildProcess>> = {};
  /** the lines `umpire crash point <point>:<n> <detail>` the processes wrote as they died */
  readonly crashes: string[] = [];
  readonly sent: OrderMail[] = [];
  /** the longest an order mail took from its send to its handling, and which */
  slowest = { ms: 0, messageId: '' };
  /** set by stop(): processes that exit now are not to be restarted */
  stopping = false;
  /** what happened when: mails sent and handled, processes started (armed with what) and gone */
  readonly timeline: string[] = [];
  /** the last lines each role's processes wrote (LOG_LEVEL=warn: warnings and errors, crash points, start-up failures) */
  private readonly tails: Record<Role, string[]> = { api: [], worker: [] };
  private readonly t0 = Date.now();
  private env!: Record<string, string>;
  private readonly prefix: string;

  /** `until`: when (epoch ms) every wait of the run must have ended, so a stall fails by name before the test's timeout */
  constructor(
    private readonly label: string,
    private readonly mail: MailEnv,
    private readonly players: Players,
    private readonly seed: string,
    private readonly until = Number.POSITIVE_INFINITY,
  ) {
    this.prefix = redisPrefix(label);
  }

  /** Adds a line to the timeline (and prints it under DEBUG_CRASH=1). */
  note(what: string): void {
    const line = `+${((Date.now() - this.t0) / 1000).toFixed(1)} s ${this.label} ${what}`;
    this.timeline.push(line);
    if (process.env.DEBUG_CRASH) process.stderr.write(`${line}\n`);
  }

  /** The timeline's last `lines` entries and each process's last log lines, for a failure's message. */
  report(lines = 60): string {
    const tail = (role: Role) => this.tails[role].map((l) => `  ${l.slice(0, 400)}`).join('\n') || '  (nothing)';
    return [
      `${this.label} timeline (last ${Math.min(lines, this.timeline.length)} of ${this.timeline.length}):`,
      ...this.timeline.slice(-lines).map((l) => `  ${l}`),
      `${this.label} api's last log lines:`,
      tail('api'),
      `${this.label} worker's last log lines:`,
      tail('worker'),
    ].join('\n');
  }

  /** waitUntil, ending by the run's deadline at the latest. */
  private wait(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    return waitUntil(what, check, this.within(timeoutMs));
  }

  /** `ms`, or less when the run's deadline comes sooner (a second at least, so the wait can still say what it waited for). */
  private within(ms: number): number {
    return Math.max(1_000, Math.min(ms, this.until - Date.now()));
  }

  async start(): Promise<void> {
    this.t = await freshDatabase(this.label);
    this.umpire = await createMailUser(`${this.label}-umpire`);
    this.env = {
      NODE_ENV: 'test',
      DATABASE_URL: this.t.url,
      REDIS_URL: REDIS,
      UMPIRE_QUEUE_PREFIX: this.prefix,
      UMPIRE_ADDRESS: this.umpire.address,
      UMPIRE_TEST_SEED: this.seed,
      MAIL_DOMAIN: this.mail.domain,
      SMTP_HOST: this.mail.smtpHost,
      SMTP_PORT: String(this.mail.smtpPort),
      THROTTLE_PER_HOUR: '0',
      OUTBOX_SWEEP_MS: '500',
      STUCK_SWEEP_MS: '1000',
      STUCK_AGE_MS: '1000',
      JOB_LOCK_MS: '2000',
      IMAP_ENABLED: 'true',
      IMAP_HOST: this.mail.imapHost,
      IMAP_PORT: String(this.mail.imapPort),
      IMAP_USER: this.umpire.user,
      IMAP_PASSWORD: this.umpire.password,
      IMAP_POLL_MS: '500',
      HTTP_PORT: '0', // nobody calls its HTTP: a port the system picks can never be taken
    };
    this.s = buildServices(loadConfig({ ...process.env, ...this.env } as NodeJS.ProcessEnv));
    this.startProcess('api');
    this.startProcess('worker');
    await this.wait('the worker to listen', async () => (await this.s.jobs.workerCount(QueueName.Games)) >= 1, 60_000);
    const created = await this.s.bus.submit(CRASH_GAME, `create:${CRASH_GAME}`, 'game.create', {
      gameId: CRASH_GAME,
      ruleset: 'vitp',
      sides: Object.entries(this.players).map(([side, u]) => ({ side, player: { address: u.address } })),
    });
    const done = await this.s.bus.waitFor(created.id, this.within(120_000));
    if (done.status !== 'applied') throw new Error(`the game was not created: ${JSON.stringify(done.result)}`);
  }

  /** Starts (or restarts) a process of the build, armed with `crashAt` when given. */
  startProcess(role: Role, crashAt?: string): ChildProcess {
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', `${role}.js`)], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...this.env,
        // names the process's PostgreSQL connections, so cutConnections cuts those and not the test's own
        PGAPPNAME: `umpire-crash-${role}`,
        ...(crashAt ? { UMPIRE_CRASH_AT: crashAt } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.note(`${role} ${child.pid} started${crashAt ? `, armed ${crashAt}` : ''}`);
    child.once('exit', (code, signal) => this.note(`${role} ${child.pid} gone (${code ?? signal})`));
    keepTail(child, this.tails[role]);
    child.stderr?.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n'))
        if (line.startsWith('umpire crash point ')) {
          this.crashes.push(line.trim());
          this.note(`${role} ${child.pid} ${line.trim()}`);
        }
    });
    this.procs[role] = child;
    return child;
  }

  /** Sends orders, a mail at a time, until `mails` were sent or the game ended; `stop` ends it early. */
  async play(mails: number, stop: () => boolean = () => false): Promise<void> {
    const tries = new Map<string, number>();
    while (this.sent.length < mails && !stop()) {
      const game = await this.s.games.load(CRASH_GAME);
      const step = game.state.step;
      const side = step ? whoIsAwaited(game.state, game.ruleset)[0] : undefined;
      if (!step || !side) return;
      const key = `${step.id}|${side}`;
      const attempt = (tries.get(key) ?? 0) + 1;
      if (attempt > 3) throw new Error(`${side}'s orders for ${step.id} were refused ${attempt - 1} times`);
      tries.set(key, attempt);
      const text = composeMail(turnOf(game.ruleset, game.state, side, step, seededRng(`crash|${key}|${attempt}`)) as PlayerTurn<VitpView>, {
        ahead: false,
        sentAhead: new Set(),
      }).text;
      const messageId = `crash-${this.sent.length}-${side}@players.test`;
      const from = this.players[side as keyof Players].address;
      const raw = [
        `From: ${from}`,
        `To: ${this.s.composer.replyAddressFor(CRASH_GAME, side, from)}`,
        `Subject: Re: [umpire ${CRASH_GAME}] orders ${side}`,
        `Message-ID: <${messageId}>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        text,
        '',
      ].join('\r\n');
      await sendSmtp({ envelope: { from, to: [this.s.composer.replyAddressFor(CRASH_GAME, side, from)] }, raw });
      this.sent.push({ side, step: step.id, text });
      this.note(`sent ${messageId} (${step.id})`);
      const t0 = Date.now();
      await this.wait(
        `${messageId} to be handled`,
        async () => (await this.handled(messageId)) && (await this.s.inbox.pendingCount()) === 0,
        300_000,
      );
      const ms = Date.now() - t0;
      if (ms > this.slowest.ms) this.slowest = { ms, messageId };
      this.note(`handled ${messageId} in ${ms} ms`);
    }
  }

  private async handled(messageId: string): Promise<boolean> {
    const rows = await this.t.db.query<{ status: string }>('SELECT status FROM inbound_messages WHERE message_id = $1', [messageId]);
    return rows.length > 0 && rows[0].status !== 'stored';
  }

  /** Cuts every PostgreSQL connection of the API and the worker (pg_terminate_backend); says how many. */
  async cutConnections(): Promise<number> {
    const cut = await this.t.db.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name LIKE 'umpire-crash-%'`,
    );
    this.note(`cut ${cut[0].n} PostgreSQL connections of the api and the worker`);
    return cut[0].n;
  }

  /** Waits until every command, message and mail is done (whoever restarts the processes). */
  async settle(): Promise<void> {
    this.note('settling');
    await this.wait('every command applied', async () => (await this.s.inbox.pendingCount()) === 0, 300_000);
    await this.wait(
      'every message handled',
      async () => (await this.t.db.query(`SELECT 1 FROM inbound_messages WHERE status = 'stored'`)).length === 0,
      300_000,
    );
    await this.wait('every mail sent', async () => (await this.s.outbox.byGame(CRASH_GAME)).every((r) => r.status === 'sent'), 300_000);
    await new Promise((r) => setTimeout(r, 2_000)); // more outbox sweeps: nothing goes twice
  }

  /**
   * The engine state's hash with its clock readings left out, so two runs compare: the game's
   * creation time (GameInfo.createdAt) and when each side's standing instructions were set (the
   * defaults are set at creation, issue 28); a pending submission (its arrival time, its salted
   * commitment) would still differ, and the runs end with none.
   */
  async finalState(): Promise<{ hash: string; state: EngineState<unknown>; types: string[] }> {
    const { state } = await this.s.games.load(CRASH_GAME);
    const { createdAt: _createdAt, ...info } = state.game!;
    const standing = Object.fromEntries(Object.entries(state.standing).map(([side, { setAt: _setAt, ...rest }]) => [side, rest]));
    const types = (await this.s.events.read(CRASH_GAME)).map((e) => e.type);
    return { hash: hashCanonical({ ...state, game: info, standing }), state, types };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(Object.values(this.procs).map((p) => p && stopProcess(p)));
    await this.s.jobs.obliterate();
    await this.s.close();
    await this.t.drop();
  }
}

/** Every message of a mailbox by Message-ID: how many copies of each arrived. */
export async function copiesByMessageId(user: MailUser): Promise<Map<string, number>> {
  const client = imapClient(user);
  await client.connect();
  const out = new Map<string, number>();
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      if (client.mailbox !== false && client.mailbox.exists > 0)
        for await (const m of client.fetch('1:*', { envelope: true })) {
          const id = (m.envelope?.messageId ?? '').replace(/^<|>$/g, '');
          out.set(id, (out.get(id) ?? 0) + 1);
        }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return out;
}

/** Deletes every message of a mailbox (the players' mailboxes serve both runs: their addresses are in the state). */
export async function emptyMailbox(user: MailUser): Promise<void> {
  const client = imapClient(user);
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      if (client.mailbox !== false && client.mailbox.exists > 0) await client.messageDelete('1:*');
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
