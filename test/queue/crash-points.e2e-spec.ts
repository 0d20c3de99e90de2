/**
 * kill -9 at aimed points across a game played by real mail (issue 14). The same VITP game is
 * played twice with the same seed source (UMPIRE_TEST_SEED) and the same order mails, through
 * Postfix, the API's IMAP reader and a worker, all from dist/: once undisturbed, once with its
 * processes killed, each (re)started armed with the next crash point (UMPIRE_CRASH_AT:
 * mid-append, after commit, before and after the SMTP send, after an IMAP fetch, after storing a
 * message, before marking it), plus kills at seeded random moments. Then: the same mails gave
 * the same final state hash and event types, every command once, the same mail decided, and
 * every mail in the players' Dovecot mailboxes (read over IMAP) once; a kill between the relay's
 * acceptance and the outbox mark resends that one mail (same Message-ID; SMTP has no
 * exactly-once), and the test holds each such copy to the row the crash point named. Half way,
 * every PostgreSQL connection of both processes is cut: they reconnect and go on, none exits.
 * KILLS (default 9: each of the 7 points once, 2 at random) over MAILS order mails (default 14);
 * UMPIRE_FULL=1: 50 kills (40 aimed, 10 random) over 80 mails.
 * Every wait ends a minute before the test's timeout: a stall fails naming what it waited for, with
 * both runs' timelines and the processes' last log lines (CrashRun.report). DEBUG_CRASH=1 prints
 * the timelines as they go; DEBUG_WORKERS=1 the processes' logs.
 * Needs `npx tsc -p tsconfig.build.json` first (npm test builds).
 */
import { seededRng } from '../../src/engine/random-player';
import { DEFAULT_CONCURRENCY } from '../../src/queue/job-queue';
import { CRASH_POINTS, type CrashPoint } from '../../src/shared/crash-point';
import { type CrashRun as Run, CrashRun, CRASH_GAME, copiesByMessageId, emptyMailbox, type Role } from '../support/crash-run';
import { createMailUser, ensureMailServers } from '../support/mail';
import { stopProcess } from '../support/processes';

const FULL = process.env.UMPIRE_FULL === '1';
const KILLS = Number(process.env.KILLS ?? (FULL ? 50 : 9));
const MAILS = Number(process.env.MAILS ?? (FULL ? 80 : 14));
/** a fifth of the kills at random moments, the rest at the crash points in turn */
const RANDOM = Math.max(1, Math.round(KILLS / 5));
const AIMED = KILLS - RANDOM;
/** an armed process dies at the n-th pass of its point, n drawn from 1 to MAX_PASS (more spreads the kills over more mails) */
const MAX_PASS = Number(process.env.MAX_PASS ?? (FULL ? 6 : 3));
const SEED = 'issue-14-crash-test';
const API_POINTS: readonly CrashPoint[] = ['imap-fetched', 'inbound-stored'];
const WORKER_POINTS = CRASH_POINTS.filter((p) => !API_POINTS.includes(p));

const TIMEOUT = FULL ? 3600_000 : 600_000;
jest.setTimeout(TIMEOUT);

/**
 * Keeps each process armed with its next crash point (n-th pass 1 to 3) until its share of the
 * aimed kills is spent, kills one at a seeded random moment now and then (the process comes back
 * armed as it was: that point is still to be hit), and restarts whatever died.
 */
class Killer {
  readonly kills: { role: Role; how: 'aimed' | 'random' }[] = [];
  private readonly rng = seededRng('issue-14-kills');
  private readonly points: Record<Role, readonly CrashPoint[]> = { api: API_POINTS, worker: WORKER_POINTS };
  private readonly armings: Record<Role, number> = { api: 0, worker: 0 };
  private readonly budget: Record<Role, number>;
  private readonly ours = new WeakSet<object>();
  private randomLeft = RANDOM;
  /** how many order mails had gone when the last kill came */
  lastKillAfter = 0;

  constructor(private readonly run: Run) {
    const api = Math.round((AIMED * API_POINTS.length) / CRASH_POINTS.length);
    this.budget = { api, worker: AIMED - api };
  }

  private start(role: Role, crashAt: string | undefined): void {
    const child = this.run.startProcess(role, crashAt);
    child.once('exit', () => {
      if (this.run.stopping || this.run.procs[role] !== child) return;
      const random = this.ours.has(child);
      this.kills.push({ role, how: random ? 'random' : 'aimed' });
      this.lastKillAfter = this.run.sent.length;
      this.start(role, random ? crashAt : this.arm(role));
    });
  }

  private arm(role: Role): string | undefined {
    if (this.armings[role] >= this.budget[role]) return undefined;
    const points = this.points[role];
    return `${points[this.armings[role]++ % points.length]}:${1 + this.rng.int(MAX_PASS)}`;
  }

  /** Restarts both processes armed (a clean stop first), and starts the random kills. */
  async begin(): Promise<void> {
    for (const role of ['api', 'worker'] as const) {
      const old = this.run.procs[role]!;
      if ((await stopProcess(old)) === 'killed') this.run.note(`${role} ${old.pid} did not stop within 10 s of SIGTERM: killed`);
      this.start(role, this.arm(role));
    }
    void this.randomKills();
  }

  /**
   * Kills at seeded random moments, spread over the game: the i-th of RANDOM 0 to 3 s after the
   * (i + 1/2) * MAILS / RANDOM-th order mail went; a worker three times in four.
   */
  private async randomKills(): Promise<void> {
    while (this.randomLeft > 0 && !this.run.stopping) {
      const due = Math.floor(((RANDOM - this.randomLeft + 0.5) * MAILS) / RANDOM);
      while (this.run.sent.length < due && !this.run.stopping) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, this.rng.int(3000)));
      const child = this.run.procs[this.rng.int(4) < 3 ? 'worker' : 'api']!;
      if (this.run.stopping || child.exitCode !== null || child.signalCode !== null) continue;
      this.randomLeft--;
      this.ours.add(child);
      this.run.note(`random kill of the ${child === this.run.procs.worker ? 'worker' : 'api'} ${child.pid}`);
      child.kill('SIGKILL');
    }
  }
}

describe('kill -9 at aimed points across a game by mail, against an undisturbed run of the same mails', () => {
  const runs: CrashRun[] = [];
  afterAll(async () => {
    for (const r of runs) await r.stop().catch(() => undefined);
  });

  it(`reaches the same final state with every order once and every mail once, across ${KILLS} kills`, async () => {
    try {
      await crashTest(Date.now() + TIMEOUT - 60_000);
    } catch (err) {
      // where each run stood: a timeout or a wrong count is read with what led to it
      throw new Error(`${err instanceof Error ? err.message : String(err)}\n\n${runs.map((r) => r.report()).join('\n\n')}`, { cause: err });
    }
  });

  async function crashTest(until: number): Promise<void> {
    const mail = await ensureMailServers();
    const [japanese, allied] = await Promise.all([createMailUser('crash-japan'), createMailUser('crash-allies')]);
    const players = { japanese, allied };

    // the undisturbed run
    const ref = new CrashRun('crash-ref', mail, players, SEED, until);
    runs.push(ref);
    await ref.start();
    await ref.play(MAILS);
    await ref.settle();
    const refFinal = await ref.finalState();
    const refRows = await ref.s.outbox.byGame(CRASH_GAME);
    const refCommands = await commandCounts(ref);
    for (const u of [japanese, allied]) {
      const copies = await copiesByMessageId(u);
      const mine = refRows.filter((r) => r.recipient === u.address).map((r) => bare(r.payload.messageId));
      expect([...copies.keys()].sort()).toEqual([...mine].sort());
      expect([...copies.values()].every((n) => n === 1)).toBe(true);
      await emptyMailbox(u);
    }

    // the same mails, killed
    const run = new CrashRun('crash-kill', mail, players, SEED, until);
    runs.push(run);
    await run.start();
    const killer = new Killer(run);
    await killer.begin();
    await run.play(Math.floor(MAILS / 2));
    // half way, every PostgreSQL connection of both processes cut: they reconnect and go on (no exit)
    const cut = await run.cutConnections();
    await run.play(MAILS);
    await run.settle();
    const final = await run.finalState();
    const rows = await run.s.outbox.byGame(CRASH_GAME);

    expect(run.sent).toEqual(ref.sent);
    expect(Object.keys(final.state.submissions)).toEqual([]);
    expect(final.types).toEqual(refFinal.types);
    expect(final.hash).toBe(refFinal.hash);
    expect((await run.s.events.verify(CRASH_GAME)).ok).toBe(true);
    expect(await commandCounts(run)).toEqual(refCommands);
    expect(rows.map((r) => r.idempotencyKey).sort()).toEqual(refRows.map((r) => r.idempotencyKey).sort());

    // in the players' mailboxes: every mail, and a second copy only of a row killed after its send
    // each such kill names every row of its batch the relay took before it and no statement marked yet
    const resent = run.crashes.filter((l) => l.includes(' outbox-sent:')).flatMap((l) => l.split(' ').slice(4));
    let duplicates = 0;
    let unexplained = 0;
    // only the worker sends mail: each copy past the first is a worker kill that caught the row
    // between the relay's acceptance and the mark. A named kill always leaves one; kills in a row
    // (a restarted worker resends what was cut short, and the next kill comes while it does) may
    // each leave one more, so a mail has at most one extra copy per worker kill.
    const workerKills = killer.kills.filter((k) => k.role === 'worker').length;
    for (const u of [japanese, allied]) {
      const copies = await copiesByMessageId(u);
      const mine = rows.filter((r) => r.recipient === u.address);
      expect([...copies.keys()].sort()).toEqual(mine.map((r) => bare(r.payload.messageId)).sort());
      for (const r of mine) {
        const extra = copies.get(bare(r.payload.messageId))! - 1;
        const named = resent.filter((k) => k === r.idempotencyKey).length;
        duplicates += extra;
        unexplained += Math.max(0, extra - named);
        expect(extra).toBeGreaterThanOrEqual(named);
        expect(extra).toBeLessThanOrEqual(workerKills);
      }
    }
    const random = killer.kills.filter((k) => k.how === 'random').length;
    const byPoint = new Map<string, number>();
    for (const l of run.crashes) byPoint.set(l.split(' ')[3].split(':')[0], (byPoint.get(l.split(' ')[3].split(':')[0]) ?? 0) + 1);
    const hit = new Set(byPoint.keys());
    process.stdout.write(
      `crash points: ${killer.kills.length} kills (${killer.kills.length - random} at aimed points, ${random} at random moments) over ${run.sent.length} order mails; ` +
        `points hit: ${[...byPoint]
          .sort()
          .map(([p, n]) => `${p} ${n}`)
          .join(
            ', ',
          )}; last kill after order mail ${killer.lastKillAfter}; ${rows.length} mails, ${duplicates} delivered twice (${resent.length} killed after the relay took them, ${unexplained} cut short by a kill without being named); ` +
        `${cut} PostgreSQL connections cut half way; slowest order mail ${(run.slowest.ms / 1000).toFixed(1)} s to handle (${run.slowest.messageId}); final state ${final.hash.slice(0, 16)} = undisturbed ${refFinal.hash.slice(0, 16)}, ${final.types.length} events\n`,
    );
    expect(cut).toBeGreaterThan(0);
    expect(killer.kills.length - random).toBe(AIMED);
    expect(random).toBe(RANDOM);
    expect([...hit].sort()).toEqual([...CRASH_POINTS].sort());
    // a kill, aimed or random, also cuts short the other dispatches in flight in that worker (up to
    // its job concurrency): a mail one of them had handed to the relay is sent again, unnamed
    expect(unexplained).toBeLessThanOrEqual(killer.kills.length * (DEFAULT_CONCURRENCY - 1) + random);
  }
});

const bare = (id: unknown) => String(id).replace(/^<|>$/g, '');

/** Commands by kind and outcome: each command stored and applied once gives the same counts as the undisturbed run. */
async function commandCounts(r: CrashRun): Promise<Record<string, number>> {
  const rows = await r.t.db.query<{ kind: string; status: string; n: number }>(
    'SELECT kind, status, count(*)::int AS n FROM commands GROUP BY kind, status ORDER BY kind, status',
  );
  return Object.fromEntries(rows.map((x) => [`${x.kind} ${x.status}`, x.n]));
}
