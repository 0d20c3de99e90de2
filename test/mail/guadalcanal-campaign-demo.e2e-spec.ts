import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config/config';
import { EmailBot } from '../../src/demo/bot';
import { demoGame } from '../../src/demo/games';
import { auditGameLog, verifyGameLog } from '../../src/engine/game';
import type { PlayerMode } from '../../src/engine/players';
import { buildServices, type Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES, toEngineEvent } from '../../src/services/game-repository';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { createMailUser, ensureMailServers, waitFor, type MailUser } from '../support/mail';
import { ROOT, stopProcess } from '../support/processes';

/**
 * Issue 31's demo by real mail (`npm run demo -- --game guadalcanal-campaign`), end to end on
 * Dovecot and Postfix, PostgreSQL, Redis, the API process reading the umpire's mailbox and two
 * workers: two two-player games of the demo's scenario (Eastern Solomons, the mail player's demo
 * options; solitaire waits for the computer Japanese, 11.0), one with skilled bots and one with
 * newcomers, side by side. The mails each bot sent per turn are printed and held to the issue's
 * target: a median of at most one order mail per day turn, none per night turn.
 *
 * What is reached today: the game is registered unfinished, and every scenario stops in turn 1's
 * combat step (8.3 submarines, 8.5B emergency landings, 9.6B weather: not built yet). The mail that
 * completes the last step before it is not carried out, and the umpire says so (a fault it tells
 * the referee of, not a refusal of the orders): the test plays up to there, holds every mail before
 * it accepted, every fault to a rule the game lists as missing, the log to its chain, dice and
 * re-adjudication, and the day turn played to one order mail a side. No night turn is reached yet,
 * so the night target is checked only over the turns played (the NIGHT HOLD standing mission that
 * answers a night unasked is held by test/games/guadalcanal-campaign/mail.spec.ts). Once combat and
 * the end of the turn are built this test should require the game's end (no fault) and night turns.
 */
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : 0;
};

const demo = demoGame(['--game', 'guadalcanal-campaign'], {}, {});
const missing = demo.rules.unfinished?.missing ?? [];

describe('Guadalcanal Campaign by email, two-player games on real mail servers', () => {
  let t: TestDatabase;
  let s: Services;
  let config: Config;
  let umpire: MailUser;
  const procs: ChildProcess[] = [];
  const work = mkdtempSync(join(tmpdir(), 'umpire-gc-e2e-'));
  const stamp = Date.now().toString(36);
  const games: { mode: PlayerMode; gameId: string; bots: EmailBot[] }[] = [
    { mode: 'skilled', gameId: `G-gc${stamp}s`, bots: [] },
    { mode: 'newcomer', gameId: `G-gc${stamp}n`, bots: [] },
  ];
  const allBots = () => games.flatMap((g) => g.bots);
  const stopped = (g: (typeof games)[number]) => g.bots.some((b) => b.faults.length > 0);

  beforeAll(async () => {
    const mail = await ensureMailServers();
    umpire = await createMailUser('gcump');
    t = await freshDatabase('gcmail');
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      DATABASE_URL: t.url,
      UMPIRE_QUEUE_PREFIX: redisPrefix('gcmail'),
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
        const user = await createMailUser(`gc${g.mode.slice(0, 3)}${side.slice(0, 3)}`);
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
      'both games to be played by mail to their end or to the first rule not built',
      async () => {
        for (const b of allBots()) await b.act(); // a nudge in case a mail crossed a state change
        const states = await Promise.all(games.map((g) => s.games.load(g.gameId)));
        return states.every((x, i) => x.state.step === null || stopped(games[i]));
      },
      170_000,
    );
    await waitFor('the outbox to drain', async () => (await s.outbox.pending(1)).length === 0, 60_000);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(allBots().map((b) => b.stop()));
    await Promise.all(procs.map((p) => stopProcess(p)));
    await s?.jobs.obliterate();
    await s?.close();
    await t?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it.each(games.map((g) => [g.mode, g] as const))(
    'given %s bots on both sides, when they play by mail, then no mail is refused, the log verifies and a day turn takes at most one order mail a side',
    async (_mode, g) => {
      const game = await s.games.load(g.gameId);
      const stored = await s.events.read(g.gameId);
      const events = stored.filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent);
      expect((await s.events.verify(g.gameId)).ok).toBe(true);
      expect(verifyGameLog(events).ok).toBe(true);
      const audit = auditGameLog(events, game.ruleset);
      expect(audit.ok).toBe(true);
      expect(audit.stepsChecked).toBeGreaterThan(0);

      expect(g.bots.map((b) => b.rejections)).toEqual(g.bots.map(() => 0));
      const faults = g.bots.flatMap((b) => b.faults);
      // today: play stops at a rule not built (see the note above); every fault names one the game lists
      if (game.state.step !== null) expect(faults.length).toBeGreaterThan(0);
      for (const fault of faults) {
        const rule = /rule (\S+) is not implemented/.exec(fault)?.[1];
        expect(missing).toContain(rule);
      }
      const played = [...new Set(g.bots.flatMap((b) => [...b.perTurn.keys()].filter((turn) => turn > 0)))].sort((a, b) => a - b);
      expect(played[0]).toBe(1);
      const perSide = (day: boolean) =>
        g.bots.flatMap((b) => [...b.perTurn.entries()].filter(([turn]) => turn > 0 && (turn % 2 === 1) === day).map(([, x]) => x.sent));
      const day = perSide(true);
      const night = perSide(false);
      process.stdout.write(
        `guadalcanal-campaign by real mail, ${g.mode}: ${game.state.step ? `stopped at ${game.state.step.id}: ${faults[0]}` : game.state.result?.summary}; ` +
          `turns ${played.join(',')}; order mails sent per side per day turn median ${median(day)} (max ${Math.max(0, ...day)}), ` +
          `per night turn median ${median(night)} (${night.length} played); ${g.bots.map((b) => `${b.side} ${b.sent} sent, ${b.mailsReceived} received`).join('; ')}\n`,
      );
      expect(median(day)).toBeLessThanOrEqual(1);
      expect(median(night)).toBe(0);
    },
  );
});
