import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { loadConfig } from '../config/config';
import { QueueName } from '../queue/jobs';
import { ensureDatabase, migrate } from '../store/migrate';
import { checkHead, type ExpectedHead, headArg, readMailHead } from '../audit/expected-head';
import { verifyStoredLog } from '../audit/verify-log';
import { rulesets } from '../games';
import { verifyBundle } from './audit-commands';
import { warnIfNoWorker, withContext } from './context';
import { refereeOf, type RulingOpts, rulingCommand } from './rulings';
import { UsageError } from './usage';

/** `umpire db migrate`, `umpire events`, `umpire verify`, `umpire note`, `umpire queue status`. */
export function registerStoreCommands(program: Command): void {
  const db = program.command('db').description('database administration');
  db.command('migrate')
    .description('create the database if needed and apply prisma/migrations (offline; same files as `prisma migrate deploy`)')
    .action(async () => {
      const { DATABASE_URL } = loadConfig();
      if (await ensureDatabase(DATABASE_URL)) console.log(`created database ${new URL(DATABASE_URL).pathname.slice(1)}`);
      const r = await migrate(DATABASE_URL, undefined, (line) => console.log(line));
      console.log(`migrations: ${r.applied.length} applied, ${r.alreadyApplied.length} already up to date`);
    });

  program
    .command('events <gameId>')
    .description("print a game's event log")
    .option('--json', 'one JSON object per line, exactly as stored')
    .action((gameId: string, opts: { json?: boolean }) =>
      withContext(async ({ events }) => {
        const log = await events.read(gameId);
        if (!log.length) {
          console.error(`no events for game ${gameId}: check the id with \`umpire games\``);
          return 1;
        }
        for (const e of log) {
          if (opts.json) console.log(JSON.stringify(e));
          else {
            const actor = e.metadata.actor ? ` by ${e.metadata.actor}` : '';
            console.log(`#${e.seq} ${e.recordedAt} ${e.type}${actor} ${JSON.stringify(e.payload).slice(0, 160)}  [${e.hash.slice(0, 12)}]`);
          }
        }
      }),
    );

  program
    .command('games')
    .description('list the games in the log with their versions')
    .action(() =>
      withContext(async ({ events }) => {
        const games = await events.listGames();
        if (!games.length) console.log('no games yet: create one with `umpire game create`');
        for (const g of games) console.log(`${g.gameId}\t${g.version} events`);
      }),
    );

  program
    .command('verify [gameId]')
    .description(
      'audit a game: hash chain, then (for engine games) seeds, commitments, orders hashes, every die, and a re-adjudication of every step under the rules build in force at that step (builds/); exits 1 naming the first problem',
    )
    .option('--bundle <file>', 'audit an exported bundle (umpire export) instead of the database: no database needed')
    .option('--head <hash>', 'the head hash you were given: the log must end there')
    .option('--mail <file.eml>', 'a report mail of the game, as saved: the log must hold its "Latest event hash (event #N)" at event N')
    .action((gameId: string | undefined, opts: { bundle?: string; head?: string; mail?: string }) => {
      if (opts.bundle !== undefined) return verifyBundle(opts.bundle, { head: opts.head, mail: opts.mail });
      if (gameId === undefined) throw new UsageError('verify needs a game id, or --bundle <file>');
      const expect = expectedHead(opts);
      return withContext(async ({ events, games }) => {
        const r = await events.verify(gameId);
        if (r.checked === 0 && r.ok) {
          console.error(`no events for game ${gameId}: check the id with \`umpire games\``);
          return 1;
        }
        if (!r.ok) {
          console.error(`BROKEN: game ${gameId}, event #${r.broken!.seq}: ${r.broken!.reason} (${r.checked} events before it verify)`);
          return 1;
        }
        console.log(`ok: game ${gameId}, ${r.checked} events, hash chain intact`);
        const known = (await games.listGames()).find((g) => g.id === gameId);
        const log = await events.read(gameId);
        if (!known) {
          // a log without a game (referee notes only): nothing more to check than the head
          const problem = expect ? checkHead(log, expect) : null;
          if (problem) console.error(`BROKEN: game ${gameId}: ${problem}`);
          return problem ? 1 : 0;
        }
        const audit = verifyStoredLog(log, { running: Object.values(rulesets), expect });
        for (const line of audit.lines) {
          if (line.startsWith('BROKEN: ')) console.error(line.replace(/^BROKEN: /, `BROKEN: game ${gameId}, `));
          else console.log(line);
        }
        return audit.ok ? 0 : 1;
      });
    });

  rulingCommand(program, 'referee.note', '<gameId> <text...>')
    .option('--key <key>', 'idempotency key (default: random)')
    .action((gameId: string, words: string[], opts: RulingOpts & { key?: string }) =>
      withContext(async (ctx) => {
        // the worker would retry a note for a game that does not exist until the command times out
        const referee = await refereeOf(ctx, gameId, opts.referee);
        const submitted = await ctx.bus.submit(gameId, opts.key ?? `cli:${randomUUID()}`, 'referee.note', {
          text: words.join(' '),
          actor: 'referee',
          referee,
        });
        await warnIfNoWorker(ctx, submitted.id);
        const done = await ctx.bus.waitFor(submitted.id);
        console.log(`${done.status}: ${JSON.stringify(done.result)}`);
        return done.status === 'applied' ? 0 : 1;
      }),
    );

  const queue = program.command('queue').description('job queues');
  queue
    .command('status')
    .description('job counts per queue and the failed jobs kept for inspection')
    .action(() =>
      withContext(async ({ jobs, inbox }) => {
        console.log(JSON.stringify(await jobs.counts(), null, 2));
        console.log(`pending commands: ${await inbox.pendingCount()}`);
        for (const name of Object.values(QueueName)) {
          for (const f of await jobs.failedJobs(name)) console.log(`failed ${name}/${f.name} ${f.id}: ${f.reason}`);
        }
      }),
    );
}

/** --head or --mail (not both): what the log must hold; a bad value is a usage error. */
function expectedHead(opts: { head?: string; mail?: string }): ExpectedHead | undefined {
  if (opts.head !== undefined && opts.mail !== undefined) throw new UsageError('give --head or --mail, not both');
  try {
    if (opts.head !== undefined) return headArg(opts.head);
    if (opts.mail !== undefined) return readMailHead(opts.mail);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return undefined;
}
