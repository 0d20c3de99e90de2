import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { OBSERVER_VIEWER, REFEREE_VIEWER, linkRevocations, signPageLink } from '../services/game-page/link';
import { sidesOf } from '../services/game-page/history';
import { type CliContext, warnIfNoWorker, withContext } from './context';
import { cliDoes, cliEntry, refereeOf } from './rulings';
import { UsageError, positiveInt, resolveSide } from './usage';

/** Links longer than this many days are refused: a link is a bearer credential (anyone holding it reads the page). */
const MAX_DAYS = 366;

/**
 * `umpire page-link <game> --side <side|referee|observer> [--days N] [--base URL]`: prints a
 * signed link to the game's read-only pages for that viewer (served by the API process, `umpire
 * api`), valid for N days (default 30), or until the seat changes hands (REPLACE) or the referee
 * revokes it. `umpire page-link <game> --revoke [--side S] [--reason text]`: every link of the game
 * (or of that viewer) made before now stops working, recorded in the game's log (a worker applies it).
 */
export function registerPageCommands(program: Command): void {
  program
    .command('page-link <gameId>')
    .description(
      "a signed, expiring link to a game's read-only web pages for one side, the referee or observers; --revoke ends every link of the game or of one viewer",
    )
    .option('--side <side>', 'a side of the game, referee (everything but sealed orders), or observer (what every side sees)')
    .option('--days <n>', 'days the link stays valid (at most 366)', '30')
    .option('--base <url>', 'where the API process answers (default http://localhost:$HTTP_PORT)')
    .option('--revoke', cliDoes(cliEntry('page-link --revoke')))
    .option('--reason <text>', 'with --revoke: why, recorded in the game log')
    .option('--referee <address or name>', "with --revoke: who rules (default: the game's referee address)")
    .action((gameId: string, opts: { side?: string; days: string; base?: string; revoke?: boolean; reason?: string; referee?: string }) =>
      withContext(async (s) => {
        if (!opts.revoke && opts.side === undefined)
          throw new UsageError('page-link needs --side <side|referee|observer> (or --revoke to end links already given out)');
        if (!opts.revoke && opts.reason !== undefined) throw new UsageError('--reason goes with --revoke');
        const events = await s.events.read(gameId);
        if (!events.length) throw new UsageError(`no game ${gameId}: list the games with \`umpire games\``);
        const viewer =
          opts.side === undefined
            ? null
            : resolveSide(opts.side, [...sidesOf(events), OBSERVER_VIEWER], { referee: true, where: `game ${gameId} has ` });
        if (opts.revoke) return revoke(s, gameId, viewer, opts.reason ?? '', await refereeOf(s, gameId, opts.referee));
        const days = positiveInt(opts.days, '--days');
        if (days > MAX_DAYS)
          throw new UsageError(`--days must be at most ${MAX_DAYS}, got ${days}: a link is a credential, mint a new one instead`);
        if (!opts.base && s.config.HTTP_PORT === 0)
          throw new UsageError(
            'HTTP_PORT is 0 (the API takes a port the system picks and logs it): give --base, e.g. --base http://localhost:<that port>',
          );
        const base = (opts.base ?? `http://localhost:${s.config.HTTP_PORT}`).replace(/\/+$/, '');
        if (!/^https?:\/\/[^\s/]+/.test(base))
          throw new UsageError(`--base must be an http(s) URL such as https://umpire.example.org, got "${opts.base}"`);
        const expiresAt = new Date(Date.now() + days * 86_400_000).toISOString();
        // the link names the last revocation it outlives: any later one (REPLACE, --revoke) ends it
        const afterSeq = linkRevocations(events, viewer!).at(-1)?.seq;
        const token = signPageLink(s.config.UMPIRE_SECRET, { gameId, viewer: viewer!, expiresAt, ...(afterSeq ? { afterSeq } : {}) });
        console.log(`${base}/game/${token}`);
        const who = viewer === REFEREE_VIEWER ? 'the referee' : viewer === OBSERVER_VIEWER ? 'observers' : `side ${viewer}`;
        process.stderr.write(
          `game ${gameId}, for ${who}, valid until ${expiresAt} unless revoked (umpire page-link ${gameId} --revoke); anyone holding the link reads the page\n`,
        );
      }),
    );
}

/** Through the command bus like the referee's other rulings: a worker appends the event; refused → exit 1. */
async function revoke(s: CliContext, gameId: string, viewer: string | null, reason: string, referee: string) {
  const submitted = await s.bus.submit(gameId, `cli:game.revokeLinks:${randomUUID()}`, 'game.revokeLinks', {
    gameId,
    viewer,
    reason,
    referee,
  });
  await warnIfNoWorker(s, submitted.id);
  const done = await s.bus.waitFor(submitted.id);
  if (done.status !== 'applied') {
    console.error(`refused: ${(done.result as { error?: string }).error ?? JSON.stringify(done.result)}`);
    return 1;
  }
  const { seq } = done.result as { seq: number };
  console.log(
    `revoked every page link of ${viewer === null ? `game ${gameId}` : `${viewer} in game ${gameId}`} made before now (event ${seq}); links made from now on work`,
  );
  return 0;
}
