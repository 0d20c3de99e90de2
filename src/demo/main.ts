/**
 * `npm run demo`: a VITP game between two email bots through the whole pipeline: the umpire's
 * IMAP mailbox (API process), BullMQ queues, two worker processes, the event log, the engine,
 * the outbox and SMTP (Postfix into Dovecot). Prints progress, verifies the finished log, and
 * says where the reports are. Ends by itself.
 *
 * Options (environment): DEMO_TURNS (stop after this many turns; default: the whole game),
 * DEMO_TIMEOUT_MIN (default 20), DEMO_OPTIONS (game options, comma-separated; none by default),
 * DEMO_BOTS=plain (bots answer one step a mail, without orders ahead: the figures before issue 10).
 * `node dist/src/demo/model.js` counts the same bots' mail in process, with the reason for each.
 * `--game aa-guadalcanal` (or DEMO_GAME=aa-guadalcanal) plays A&A Guadalcanal instead (games.ts);
 * `--game coral-sea-solitaire` plays Coral Sea Solitaire: one bot, the USN's, for a side the umpire
 * plays (the IJN) has no bot and no mailbox. A game whose mail player names more demo games
 * (demoAlso) plays them after the first, one by one: `--game guadalcanal-campaign` plays Eastern
 * Solomons two-player, then solitaire against the computer Japanese (DEMO_OPTIONS: that game alone).
 * Each game's log is verified and its referee's audit bundle written beside the reports and audited;
 * the mails per turn are printed, a turn with no mail as 0, day and night turns apart (isDay).
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleFiles, writeBundle } from '../audit/bundle';
import { auditBundle } from '../audit/verify-bundle';
import { auditGameLog, verifyGameLog } from '../engine/game';
import { SERVICE_EVENT_TYPES, toEngineEvent } from '../services/game-repository';
import { buildServices, type Services } from '../services/container';
import { type Config, loadConfig } from '../config/config';
import { projectRoot } from '../shared/paths';
import { dropDatabase, ensureDatabase, migrate } from '../store/migrate';
import { EmailBot } from './bot';
import { type DemoGame, demoGames } from './games';
import { mailFigures } from './figures';

const ROOT = projectRoot();

function log(line: string): void {
  process.stdout.write(`[demo] ${line}\n`);
}

async function main(): Promise<void> {
  const demos = demoGames(process.argv.slice(2), process.env);
  const demo = demos[0];
  const mailEnv = Object.fromEntries(
    execFileSync('bash', [join(ROOT, 'scripts/mail/mail-servers.sh'), 'env'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((l) => l.split('=') as [string, string]),
  );
  for (const user of new Set([...demos.flatMap((d) => d.players.map((p) => p.user)), 'referee']))
    execFileSync('bash', [join(ROOT, 'scripts/mail/mail-servers.sh'), 'add-user', user], { stdio: 'ignore' });

  const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/umpire';
  const url = new URL(adminUrl);
  // a database of its own per game, so demos of two games can run side by side
  url.pathname = `/${demo.database}`;
  const databaseUrl = url.toString();
  await resetDatabase(databaseUrl);
  await migrate(databaseUrl);
  log(`fresh database ${demo.database}, migrations applied`);

  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    UMPIRE_QUEUE_PREFIX: `umpire-demo-${process.pid}`,
    MAIL_DOMAIN: mailEnv.MAIL_DOMAIN,
    UMPIRE_ADDRESS: mailEnv.MAIL_UMPIRE_ADDRESS,
    SMTP_HOST: mailEnv.MAIL_SMTP_HOST,
    SMTP_PORT: mailEnv.MAIL_SMTP_PORT,
    IMAP_HOST: mailEnv.MAIL_IMAP_HOST,
    IMAP_PORT: mailEnv.MAIL_IMAP_PORT,
    IMAP_USER: mailEnv.MAIL_UMPIRE_USER,
    IMAP_PASSWORD: mailEnv.MAIL_UMPIRE_PASSWORD,
    IMAP_ENABLED: 'true',
    IMAP_POLL_MS: '1000',
    OUTBOX_SWEEP_MS: '1000',
    HTTP_PORT: '0', // the demo calls nothing over HTTP: a port the system picks is never taken
    LOG_LEVEL: 'warn',
    THROTTLE_BURST: '1000',
  };
  Object.assign(process.env, env);
  const config = loadConfig(env);
  const s = buildServices(config, { poolSize: 4 });

  const children: ChildProcess[] = [];
  const start = (file: string) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/src', file)], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
  };
  start('api.js');
  start('worker.js');
  start('worker.js');
  log('started the API (reads the umpire mailbox over IMAP) and two workers');

  const outDir = join(ROOT, 'var', 'demo');
  rmSync(outDir, { recursive: true, force: true });
  try {
    for (const demo of demos)
      await playGame(demo, { s, config, domain: mailEnv.MAIL_DOMAIN, password: mailEnv.MAIL_DEFAULT_PASSWORD, outDir, databaseUrl });
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await s.jobs.obliterate().catch(() => undefined);
    await s.close();
  }
}

interface Setting {
  readonly s: Services;
  readonly config: Config;
  readonly domain: string;
  readonly password: string;
  readonly outDir: string;
  readonly databaseUrl: string;
}

/** One demo game, created and played by its bots to its end (or DEMO_TURNS, or a rule not built yet), then audited. */
async function playGame(demo: DemoGame, { s, config, domain, password, outDir, databaseUrl }: Setting): Promise<void> {
  const maxTurns = Number(process.env.DEMO_TURNS ?? 99);
  const timeoutMs = Number(process.env.DEMO_TIMEOUT_MIN ?? 20) * 60_000;
  const gameId = `G-demo${Date.now().toString(36)}`;
  const bots = demo.players.map(
    (b) =>
      new EmailBot(
        {
          gameId,
          side: b.side,
          address: `${b.user}@${domain}`,
          imap: { host: config.IMAP_HOST, port: config.IMAP_PORT, user: b.user, pass: password },
          smtp: { host: config.SMTP_HOST, port: config.SMTP_PORT },
          saveDir: join(outDir, gameId, b.side),
          seed: `${gameId}:${b.side}`,
          log,
          player: demo.mail,
        },
        s.games,
      ),
  );
  for (const b of bots) b.start();

  try {
    const created = await s.bus.submit(gameId, `demo:create:${gameId}`, 'game.create', {
      gameId,
      ruleset: demo.ruleset,
      sides: demo.players.map((p) => ({ side: p.side, player: { address: `${p.user}@${domain}` } })),
      referee: `referee@${domain}`,
      options: demo.options,
      deadlineMinutes: 7 * 24 * 60,
    });
    const done = await s.bus.waitFor(created.id, 120_000);
    if (done.status !== 'applied') throw new Error(`the game was not created: ${JSON.stringify(done.result)}`);
    const opts = Object.entries(demo.options).map(([id, v]) => (v === true ? id : `${id}=${v}`));
    log(
      `created ${demo.title} game ${gameId} (options: ${opts.join(', ') || 'none'}; bots for ${demo.players.map((p) => p.side).join(', ')}); the welcome mails are on their way`,
    );

    const started = Date.now();
    let lastTurn = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const game = await s.games.load(gameId);
      const turn = game.state.step?.turn ?? lastTurn;
      if (turn !== lastTurn) {
        lastTurn = turn;
        log(
          `turn ${turn}: ${game.head.version} events so far; mails sent by bots ${bots.map((b) => b.sent).join('/')}, received ${bots.map((b) => b.mailsReceived).join('/')}`,
        );
      }
      if (!game.state.step) {
        log(`game over: ${game.state.result?.summary ?? ''}`);
        break;
      }
      // a fault of the umpire's own (an unfinished game reaching a rule not built yet) waits for the referee: the demo ends there
      const fault = bots.flatMap((b) => b.faults)[0];
      if (fault) {
        log(`the umpire stopped at ${game.state.step.title}: ${fault}`);
        break;
      }
      if (turn > maxTurns) {
        log(`stopping after turn ${maxTurns} (DEMO_TURNS)`);
        break;
      }
      if (Date.now() - started > timeoutMs)
        throw new Error(`the game did not finish within ${timeoutMs / 60_000} minutes (now at ${game.state.step.title})`);
      for (const b of bots) await b.act(); // a nudge in case a mail crossed a state change
    }

    await waitForQuietOutbox(s);
    const stored = await s.events.read(gameId);
    const events = stored.filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent);
    const chain = await s.events.verify(gameId);
    const dice = verifyGameLog(events);
    const ruleset = (await s.games.load(gameId)).ruleset;
    const audit = auditGameLog(events, ruleset);
    log(
      `audit: hash chain ${chain.ok ? 'intact' : 'BROKEN'} (${chain.checked} events), ${dice.diceChecked} dice recomputed ${dice.ok ? 'ok' : 'MISMATCH'}, ${audit.stepsChecked} steps re-adjudicated ${audit.ok ? 'ok' : 'MISMATCH'}`,
    );
    // the referee's offline audit bundle (`umpire export`), written beside the reports and audited as `umpire verify --bundle` does
    const bundlePath = join(outDir, gameId, 'referee.audit.tar.gz');
    const files = bundleFiles({
      log: stored,
      view: 'referee',
      serviceTypes: SERVICE_EVENT_TYPES,
      umpireVersion: 'demo',
      exportedAt: new Date().toISOString(),
    });
    await writeBundle(files, gameId, bundlePath);
    const bundle = await auditBundle(bundlePath, [ruleset]);
    log(`audit bundle ${bundlePath}: ${bundle.ok ? 'verifies' : `FAILS: ${bundle.lines.at(-1)}`}`);
    log(
      `mail: bots sent ${bots.map((b) => b.sent).join(' + ')} order mails, received ${bots.map((b) => b.mailsReceived).join(' + ')}; refused ${bots.map((b) => b.rejections).join(' + ')}`,
    );
    const turns = [...new Set(events.flatMap((e) => (e.type === 'StepResolved' ? [e.data.turn] : [])))].sort((a, b) => a - b);
    for (const b of bots) log(mailFigures(b, turns, demo.mail.isDay));
    log(`reports, as each side received them: ${join(outDir, gameId)}/{${demo.players.map((p) => p.side).join(',')}}/*.txt (and .eml)`);
    log(
      `the log: DATABASE_URL=${databaseUrl} npx umpire events ${gameId}   |   verify: DATABASE_URL=${databaseUrl} npx umpire verify ${gameId}`,
    );
    if (!chain.ok || !dice.ok || !audit.ok || !bundle.ok) process.exitCode = 1;
  } finally {
    await Promise.all(bots.map((b) => b.stop()));
  }
}

async function waitForQuietOutbox(s: ReturnType<typeof buildServices>): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (!(await s.outbox.pending(1)).length && (await s.inbox.pendingCount()) === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function resetDatabase(databaseUrl: string): Promise<void> {
  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  mkdirSync(join(ROOT, 'var'), { recursive: true });
}

main().catch((err: unknown) => {
  console.error(`[demo] failed: ${(err as Error).message ?? err}`);
  process.exit(1);
});
