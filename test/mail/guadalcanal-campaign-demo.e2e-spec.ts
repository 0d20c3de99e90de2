import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config/config';
import { EmailBot } from '../../src/demo/bot';
import { demoGame, demoGames } from '../../src/demo/games';
import { mailFigures } from '../../src/demo/figures';
import { auditGameLog, verifyGameLog } from '../../src/engine/game';
import type { PlayerMode } from '../../src/engine/players';
import { isAm } from '../../src/games/guadalcanal-campaign/state';
import { buildServices, type Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES, toEngineEvent } from '../../src/services/game-repository';
import { auditAsBundle } from '../support/bundle-audit';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { createMailUser, ensureMailServers, waitFor, type MailUser } from '../support/mail';
import { ROOT, stopProcess } from '../support/processes';

/**
 * Issue 31's demo by real mail (`npm run demo -- --game guadalcanal-campaign`), end to end on
 * Dovecot and Postfix, PostgreSQL, Redis, the API process reading the umpire's mailbox and two
 * workers: the demo's two games of its short scenario (Eastern Solomons, 10.3: four turns, AM-PM-AM-PM),
 * a two-player game and a solitaire one (3.1, 11.0: one American by mail, the computer Japanese
 * played by the umpire as its system side, players/computer-system.ts), each once with skilled bots
 * and once with newcomers, the four side by side, each played to its end (9.5E, 10.4).
 *
 * Every turn of each log is counted, a turn a side mailed nothing for as 0: the night turns (2 and
 * 4) are played through, each side's task force orders answered by its standing missions (NIGHT
 * HOLD in force from the start, the skilled player's NIGHT COURSE lines: StandingOrdersApplied), so
 * no bot mails for them. The mails each bot sent per day and per night turn are printed with their
 * medians and held to the issue's target: at most one order mail per day turn, none per night turn.
 * Each finished log keeps its hash chain, its dice, its re-adjudication and the referee's audit bundle.
 */
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : 0;
};

const variants = demoGames(['--game', 'guadalcanal-campaign'], {});

describe('Guadalcanal Campaign by email, a two-player and a solitaire game played to their end on real mail servers', () => {
  let t: TestDatabase;
  let s: Services;
  let config: Config;
  let umpire: MailUser;
  const procs: ChildProcess[] = [];
  const work = mkdtempSync(join(tmpdir(), 'umpire-gc-e2e-'));
  const stamp = Date.now().toString(36);
  const games = variants.flatMap((demo, v) =>
    (['skilled', 'newcomer'] as PlayerMode[]).map((mode) => ({
      demo,
      mode,
      label: `${demo.options.mode === 'solitaire' ? 'solitaire' : 'two-player'} ${mode}`,
      gameId: `G-gc${stamp}${v}${mode[0]}`,
      bots: [] as EmailBot[],
    })),
  );
  const allBots = () => games.flatMap((g) => g.bots);
  const started = Date.now();

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
      LOG_LEVEL: process.env.GC_LOG_LEVEL ?? 'fatal',
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
      for (const { side } of g.demo.players) {
        const user = await createMailUser(`gc${g.gameId.slice(-2)}${side.slice(0, 3)}`);
        const bot = new EmailBot(
          {
            gameId: g.gameId,
            side,
            address: user.address,
            imap: { host: config.IMAP_HOST, port: config.IMAP_PORT, user: user.user, pass: user.password },
            smtp: { host: config.SMTP_HOST, port: config.SMTP_PORT },
            saveDir: join(work, g.gameId, side),
            seed: `e2e:${g.gameId}:${side}`,
            player: g.demo.mail,
            mode: g.mode,
            log: () => undefined,
          },
          s.games,
        );
        g.bots.push(bot);
        bot.start();
        seats.push({ side, player: { address: user.address } });
      }
      // solitaire: the Japanese is the umpire's (a system side), with no seat, no bot and no address
      const created = await s.bus.submit(g.gameId, `test:create:${g.gameId}`, 'game.create', {
        gameId: g.gameId,
        ruleset: g.demo.ruleset,
        sides: seats,
        options: g.demo.options,
        deadlineMinutes: 7 * 24 * 60,
      });
      expect((await s.bus.waitFor(created.id, 60_000)).status).toBe('applied');
    }
    let where = '';
    await waitFor(
      'the four games to be played by mail to their end',
      async () => {
        for (const b of allBots()) await b.act(); // a nudge in case a mail crossed a state change
        const states = await Promise.all(games.map((g) => s.games.load(g.gameId)));
        // where each game is, said if it times out
        where = states
          .map(
            (x, i) =>
              `${games[i].label} at ${x.state.step?.id ?? 'end'} (${games[i].bots.map((b) => `${b.side} ${b.sent}/${b.mailsReceived}`).join(', ')})`,
          )
          .join('; ');
        return states.every((x, i) => x.state.step === null || games[i].bots.some((b) => b.faults.length > 0));
      },
      // a map picture takes seconds to draw on a quiet machine, a minute or more on a loaded one
      480_000,
    ).catch(async (e: Error) => {
      // and each game's mail still in the outbox: what a bot waiting for its mail waits for
      const outbox = await Promise.all(
        games.map(
          async (g) =>
            `${g.label}: ${(await s.outbox.byGame(g.gameId)).map((r) => `${r.kind} ${r.status}${r.attempts > 1 ? ` x${r.attempts}` : ''}`).join(', ')}`,
        ),
      );
      throw new Error(`${e.message}: ${where}; outbox: ${outbox.join('; ')}`);
    });
    await waitFor('the outbox to drain', async () => (await s.outbox.pending(1)).length === 0, 60_000);
  }, 660_000);

  afterAll(async () => {
    await Promise.all(allBots().map((b) => b.stop()));
    await Promise.all(procs.map((p) => stopProcess(p)));
    await s?.jobs.obliterate();
    await s?.close();
    await t?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('given the demo, then it plays a two-player and a solitaire game of the four-turn Eastern Solomons scenario', () => {
    expect(variants.map((d) => [d.options.scenario, d.options.mode ?? 'two-player', d.players.map((p) => p.side)])).toEqual([
      ['eastern-solomons', 'two-player', ['american', 'japanese']],
      ['eastern-solomons', 'solitaire', ['american']],
    ]);
    // the demo's first game is the one `demoGame` names (DEMO_OPTIONS replace them all)
    expect(demoGame(['--game', 'guadalcanal-campaign'], {}, {}).options).toEqual(variants[0].options);
  });

  it.each(games.map((g) => [g.label, g] as const))(
    'given %s bots, when they play a whole game by mail, then it ends with no mail refused, its log and audit bundle verify, night turns are played on standing missions and a day turn takes at most one order mail a side',
    async (_label, g) => {
      const game = await s.games.load(g.gameId);
      const faults = g.bots.flatMap((b) => b.faults);
      expect(faults).toEqual([]);
      expect(game.state.step).toBeNull();
      expect(game.state.result?.summary).toMatch(/Victory|Draw/);

      const stored = await s.events.read(g.gameId);
      const events = stored.filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent);
      const created = events[0];
      if (created.type !== 'GameCreated') throw new Error(`the log opens with ${created.type}`);
      expect(created.data.sides.map((x) => x.side)).toEqual(g.demo.players.map((p) => p.side));
      expect(created.data.systemSides ?? []).toEqual(g.demo.options.mode === 'solitaire' ? ['japanese'] : []);
      expect((await s.events.verify(g.gameId)).ok).toBe(true);
      expect(verifyGameLog(events).ok).toBe(true);
      const audit = auditGameLog(events, game.ruleset);
      expect(audit.ok).toBe(true);
      expect(audit.stepsChecked).toBeGreaterThan(0);
      const bundle = await auditAsBundle(work, g.gameId, stored, game.ruleset);
      expect(bundle.ok).toBe(true);
      expect(g.bots.map((b) => b.rejections)).toEqual(g.bots.map(() => 0));

      // every turn of the log, from its resolved steps: the whole scenario (10.3: four turns)
      const turns = [...new Set(events.flatMap((e) => (e.type === 'StepResolved' ? [e.data.turn] : [])))].sort((a, b) => a - b);
      expect(turns).toEqual([1, 2, 3, 4]);
      const nights = turns.filter((turn) => !isAm(turn));
      // 3.4: each night's task force orders of each seated side were answered by its standing missions, unasked
      for (const turn of nights)
        for (const { side } of g.demo.players)
          expect(
            events.some((e) => e.type === 'StandingOrdersApplied' && e.data.side === side && e.data.stepId === `t${turn}/${side}/orders`),
          ).toBe(true);
      if (g.demo.options.mode === 'solitaire')
        expect(
          events.some((e) => e.type === 'RulesApplied' && (e.data as { event: { type: string } }).event.type === 'gcc.computer-plan'),
        ).toBe(true);

      const sent = (day: boolean) =>
        g.bots.flatMap((b) => turns.filter((turn) => isAm(turn) === day).map((turn) => b.perTurn.get(turn)?.sent ?? 0));
      const day = sent(true);
      const night = sent(false);
      process.stdout.write(
        `guadalcanal-campaign by real mail, ${g.label}: ${game.state.result?.summary} (${Math.round((Date.now() - started) / 1000)} s)\n` +
          g.bots.map((b) => `  ${mailFigures(b, turns, isAm)}\n`).join('') +
          `  order mails per side: day turns median ${median(day)} (max ${Math.max(...day)}), night turns median ${median(night)} (max ${Math.max(...night)})\n`,
      );
      expect(day.length).toBe(2 * g.bots.length);
      expect(night.length).toBe(2 * g.bots.length);
      expect(median(day)).toBeLessThanOrEqual(1);
      expect(median(night)).toBe(0);
      expect(Math.min(...day)).toBeGreaterThan(0); // a day turn is played by mail: each side wrote its orders
    },
  );
});
