import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config/config';
import { EmailBot } from '../../src/demo/bot';
import { demoGame } from '../../src/demo/games';
import { auditGameLog, verifyGameLog } from '../../src/engine/game';
import type { PlayerMode } from '../../src/engine/players';
import { buildServices, type Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES, toEngineEvent } from '../../src/services/game-repository';
import { auditAsBundle } from '../support/bundle-audit';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { createMailUser, ensureMailServers, waitFor, type MailUser } from '../support/mail';
import { ROOT, stopProcess } from '../support/processes';
import { rulesSourceHash } from '../support/rules-fingerprint';

/**
 * Issue 32's demo by real mail (`npm run demo -- --game solomons-campaign`), end to end on Dovecot
 * and Postfix, PostgreSQL, Redis, the API process reading the umpire's mailbox and two workers: two
 * whole games of the Short scenario (4.8: August I to November II, 8 turns, the mail player's demo
 * options), one with skilled bots and one with newcomers, side by side. A turn holds 28 Execution
 * Phases of two Operations Phases each (4.7): a side is asked at one only when it has no plan or a
 * trigger of its plan fires (rules/plans.ts), so plans keep a turn to a few mails. The mails each
 * bot sent per turn are printed with their medians and held to the issue's target: a median of at
 * most 4 order mails per side per turn, for either kind of bot; the game ends (no rule not built is
 * reached: the bots write no line of a rule the game lists as missing), and its log verifies:
 * chain, dice, re-adjudication of every step, and the referee's audit bundle offline.
 */
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : 0;
};

const demo = demoGame(['--game', 'solomons-campaign'], {}, {});

/**
 * The bundle is audited as `umpire verify --bundle` does, with the released build of its rules
 * version. On a branch whose rules code changed since that version was released (its fingerprint
 * no longer matches, test/games/rules-version.spec.ts) the released build predates the rules that
 * played the game: there the bundle is audited with the rules as they run, until the version is released.
 */
const gameDir = join(ROOT, 'src', 'games', 'solomons-campaign');
const pinned = JSON.parse(readFileSync(join(gameDir, 'rules-version.json'), 'utf8')) as { sourceHash: string };
const released = rulesSourceHash(gameDir, [join(ROOT, 'src', 'games', 'kit')]) === pinned.sourceHash;

describe('Solomons Campaign by email, whole Short games on real mail servers', () => {
  let t: TestDatabase;
  let s: Services;
  let config: Config;
  let umpire: MailUser;
  const procs: ChildProcess[] = [];
  const work = mkdtempSync(join(tmpdir(), 'umpire-sol-e2e-'));
  const stamp = Date.now().toString(36);
  const games: { mode: PlayerMode; gameId: string; bots: EmailBot[] }[] = [
    { mode: 'skilled', gameId: `G-sol${stamp}s`, bots: [] },
    { mode: 'newcomer', gameId: `G-sol${stamp}n`, bots: [] },
  ];
  const allBots = () => games.flatMap((g) => g.bots);
  const stopped = (g: (typeof games)[number]) => g.bots.some((b) => b.faults.length > 0);

  beforeAll(async () => {
    const mail = await ensureMailServers();
    umpire = await createMailUser('solump');
    t = await freshDatabase('solmail');
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      DATABASE_URL: t.url,
      UMPIRE_QUEUE_PREFIX: redisPrefix('solmail'),
      MAIL_DOMAIN: mail.domain,
      UMPIRE_ADDRESS: umpire.address,
      SMTP_HOST: mail.smtpHost,
      SMTP_PORT: String(mail.smtpPort),
      IMAP_HOST: mail.imapHost,
      IMAP_PORT: String(mail.imapPort),
      IMAP_USER: umpire.user,
      IMAP_PASSWORD: umpire.password,
      IMAP_ENABLED: 'true',
      IMAP_POLL_MS: '500',
      OUTBOX_SWEEP_MS: '500',
      HTTP_PORT: '0',
      LOG_LEVEL: 'fatal',
      THROTTLE_BURST: '1000',
    };
    config = loadConfig(env);
    s = buildServices(config, { poolSize: 4 });
    for (const file of ['api.js', 'worker.js', 'worker.js']) {
      const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', file)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr?.on('data', (d: Buffer) => process.env.DEBUG_WORKERS && process.stderr.write(d));
      procs.push(child);
    }
    for (const g of games) {
      const seats: { side: string; player: { address: string } }[] = [];
      for (const { side } of demo.players) {
        const user = await createMailUser(`sol${g.mode.slice(0, 3)}${side.slice(0, 3)}`);
        const bot = new EmailBot(
          {
            gameId: g.gameId,
            side,
            address: user.address,
            imap: { host: config.IMAP_HOST, port: config.IMAP_PORT, user: user.user, pass: user.password },
            smtp: { host: config.SMTP_HOST, port: config.SMTP_PORT },
            saveDir: join(work, g.mode, side),
            seed: `e2e:${g.gameId}:${side}`,
            player: demo.mail,
            mode: g.mode,
            log: () => undefined,
          },
          s.games,
        );
        g.bots.push(bot);
        bot.start();
        seats.push({ side, player: { address: user.address } });
      }
      const created = await s.bus.submit(g.gameId, `test:create:${g.gameId}`, 'game.create', {
        gameId: g.gameId,
        ruleset: demo.ruleset,
        sides: seats,
        options: demo.options,
        deadlineMinutes: 7 * 24 * 60,
      });
      expect((await s.bus.waitFor(created.id, 60_000)).status).toBe('applied');
    }
    await waitFor(
      'both games to be played by mail to their end (or to a rule not built)',
      async () => {
        for (const b of allBots()) await b.act(); // a nudge in case a mail crossed a state change
        const states = await Promise.all(games.map((g) => s.games.load(g.gameId)));
        return states.every((x, i) => x.state.step === null || stopped(games[i]));
      },
      1_500_000,
    );
    await waitFor('the outbox to drain', async () => (await s.outbox.pending(1)).length === 0, 120_000);
  }, 1_800_000);

  afterAll(async () => {
    await Promise.all(allBots().map((b) => b.stop()));
    await Promise.all(procs.map((p) => stopProcess(p)));
    await s?.jobs.obliterate();
    await s?.close();
    await t?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it.each(games.map((g) => [g.mode, g] as const))(
    'given %s bots on both sides, when they play a Short game by mail, then it ends with no mail refused, its log and audit bundle verify, and a side mails a median of at most 4 orders a turn',
    async (_mode, g) => {
      const game = await s.games.load(g.gameId);
      const faults = g.bots.flatMap((b) => b.faults);
      expect(faults).toEqual([]);
      expect(game.state.step).toBeNull();
      expect(game.state.result?.summary).toMatch(/Victory|Draw/);
      const stored = await s.events.read(g.gameId);
      const events = stored.filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent);
      expect((await s.events.verify(g.gameId)).ok).toBe(true);
      expect(verifyGameLog(events).ok).toBe(true);
      const audit = auditGameLog(events, game.ruleset);
      expect(audit.ok).toBe(true);
      // 8 turns of 56 Operations Phases each, and their Planning and Logistics Phases
      expect(audit.stepsChecked).toBeGreaterThan(8 * 56);
      const bundle = await auditAsBundle(
        work,
        g.gameId,
        stored,
        game.ruleset,
        'referee',
        released ? undefined : mkdtempSync(join(work, 'none-')),
      );
      expect({ ok: bundle.ok, lines: bundle.ok ? [] : bundle.lines }).toEqual({ ok: true, lines: [] });

      expect(g.bots.map((b) => b.rejections)).toEqual(g.bots.map(() => 0));
      const lastTurn = Math.max(...events.flatMap((e) => (e.type === 'StepResolved' ? [e.data.turn] : [])));
      expect(lastTurn).toBe(8);
      const lines: string[] = [];
      for (const b of g.bots) {
        const turns = [...b.perTurn.entries()].filter(([turn]) => turn > 0).sort(([a], [c]) => a - c);
        // every turn of the game has the side's mails: it is asked at least for its CP (1A) each turn
        expect(turns.map(([turn]) => turn)).toEqual(Array.from({ length: lastTurn }, (_, i) => i + 1));
        const sent = turns.map(([, x]) => x.sent);
        lines.push(
          `${b.side}: order mails per turn ${sent.join(' ')} (median ${median(sent)}, max ${Math.max(...sent)}), ` +
            `received per turn median ${median(turns.map(([, x]) => x.received))}; ${b.sent} sent, ${b.mailsReceived} received in all`,
        );
        expect(median(sent)).toBeLessThanOrEqual(4);
      }
      process.stdout.write(`solomons-campaign by real mail, ${g.mode}: ${game.state.result?.summary}; ${lines.join('; ')}\n`);
    },
  );
});
