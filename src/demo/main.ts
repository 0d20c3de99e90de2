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
 * plays (the IJN) has no bot and no mailbox.
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config/config';
import { auditGameLog, verifyGameLog } from '../engine/game';
import { SERVICE_EVENT_TYPES, toEngineEvent } from '../services/game-repository';
import { buildServices } from '../services/container';
import { projectRoot } from '../shared/paths';
import { dropDatabase, ensureDatabase, migrate } from '../store/migrate';
import { EmailBot } from './bot';
import { demoGame } from './games';

const ROOT = projectRoot();

function log(line: string): void {
  process.stdout.write(`[demo] ${line}\n`);
}

async function main(): Promise<void> {
  const maxTurns = Number(process.env.DEMO_TURNS ?? 99);
  const timeoutMs = Number(process.env.DEMO_TIMEOUT_MIN ?? 20) * 60_000;
  const demo = demoGame(process.argv.slice(2), process.env);
  const mailEnv = Object.fromEntries(
    execFileSync('bash', [join(ROOT, 'scripts/mail/mail-servers.sh'), 'env'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((l) => l.split('=') as [string, string]),
  );
  for (const user of [...demo.players.map((p) => p.user), 'referee'])
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
  const gameId = `G-demo${Date.now().toString(36)}`;
  const domain = mailEnv.MAIL_DOMAIN;
  const bots = demo.players.map(
    (b) =>
      new EmailBot(
        {
          gameId,
          side: b.side,
          address: `${b.user}@${domain}`,
          imap: {
            host: config.IMAP_HOST,
            port: config.IMAP_PORT,
            user: b.user,
            pass: mailEnv.MAIL_DEFAULT_PASSWORD,
          },
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
    log(`created ${demo.title} game ${gameId} (options: ${opts.join(', ') || 'none'}); the welcome mails are on their way`);

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
    const events = (await s.events.read(gameId)).filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent);
    const chain = await s.events.verify(gameId);
    const dice = verifyGameLog(events);
    const audit = auditGameLog(events, s.games ? (await s.games.load(gameId)).ruleset : (undefined as never));
    log(
      `audit: hash chain ${chain.ok ? 'intact' : 'BROKEN'} (${chain.checked} events), ${dice.diceChecked} dice recomputed ${dice.ok ? 'ok' : 'MISMATCH'}, ${audit.stepsChecked} steps re-adjudicated ${audit.ok ? 'ok' : 'MISMATCH'}`,
    );
    log(
      `mail: bots sent ${bots.map((b) => b.sent).join(' + ')} order mails, received ${bots.map((b) => b.mailsReceived).join(' + ')}; refused ${bots.map((b) => b.rejections).join(' + ')}`,
    );
    for (const b of bots) log(mailFigures(b));
    log(`reports, as each side received them: ${join(outDir, gameId)}/{${demo.players.map((p) => p.side).join(',')}}/*.txt (and .eml)`);
    log(
      `the log: DATABASE_URL=${databaseUrl} npx umpire events ${gameId}   |   verify: DATABASE_URL=${databaseUrl} npx umpire verify ${gameId}`,
    );
    if (!chain.ok || !dice.ok || !audit.ok) process.exitCode = 1;
  } finally {
    await Promise.all(bots.map((b) => b.stop()));
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await s.jobs.obliterate().catch(() => undefined);
    await s.close();
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

/** One side's mail per turn, as issue 10 measures it: order mails sent, mails received, round trips on the critical path. */
function mailFigures(b: EmailBot): string {
  const turns = [...b.perTurn.entries()].filter(([turn]) => turn > 0).sort(([a], [c]) => a - c);
  const stat = (xs: number[]) => {
    const sorted = [...xs].sort((x, y) => x - y);
    const median = sorted.length ? (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2 : 0;
    return `median ${median}, max ${sorted.at(-1) ?? 0}`;
  };
  return (
    `${b.side} per turn (${turns.length} turns): order mails sent ${stat(turns.map(([, t]) => t.sent))}; ` +
    `mails received ${stat(turns.map(([, t]) => t.received))}; critical-path round trips ${stat(turns.map(([, t]) => t.steps.size))}`
  );
}
