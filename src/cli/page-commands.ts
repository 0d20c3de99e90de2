import type { Command } from 'commander';
import { OBSERVER_VIEWER, REFEREE_VIEWER, signPageLink } from '../services/game-page/link';
import { sidesOf } from '../services/game-page/history';
import { withContext } from './context';
import { UsageError, positiveInt, resolveSide } from './usage';

/** Links longer than this many days are refused: a link is a bearer credential (anyone holding it reads the page). */
const MAX_DAYS = 366;

/**
 * `umpire page-link <game> --side <side|referee|observer> [--days N] [--base URL]`: prints a
 * signed link to the game's read-only pages for that viewer (served by the API process, `umpire
 * api`), valid for N days (default 30).
 */
export function registerPageCommands(program: Command): void {
  program
    .command('page-link <gameId>')
    .description("a signed, expiring link to a game's read-only web pages for one side, the referee or observers")
    .requiredOption('--side <side>', 'a side of the game, referee (everything but sealed orders), or observer (what every side sees)')
    .option('--days <n>', 'days the link stays valid (at most 366)', '30')
    .option('--base <url>', 'where the API process answers (default http://localhost:$HTTP_PORT)')
    .action((gameId: string, opts: { side: string; days: string; base?: string }) =>
      withContext(async (s) => {
        const days = positiveInt(opts.days, '--days');
        if (days > MAX_DAYS)
          throw new UsageError(`--days must be at most ${MAX_DAYS}, got ${days}: a link is a credential, mint a new one instead`);
        const events = await s.events.read(gameId);
        if (!events.length) throw new UsageError(`no game ${gameId}: list the games with \`umpire games\``);
        const viewer = resolveSide(opts.side, [...sidesOf(events), OBSERVER_VIEWER], { referee: true, where: `game ${gameId} has ` });
        if (!opts.base && s.config.HTTP_PORT === 0)
          throw new UsageError(
            'HTTP_PORT is 0 (the API takes a port the system picks and logs it): give --base, e.g. --base http://localhost:<that port>',
          );
        const base = (opts.base ?? `http://localhost:${s.config.HTTP_PORT}`).replace(/\/+$/, '');
        if (!/^https?:\/\/[^\s/]+/.test(base))
          throw new UsageError(`--base must be an http(s) URL such as https://umpire.example.org, got "${opts.base}"`);
        const expiresAt = new Date(Date.now() + days * 86_400_000).toISOString();
        const token = signPageLink(s.config.UMPIRE_SECRET, { gameId, viewer, expiresAt });
        console.log(`${base}/game/${token}`);
        const who = viewer === REFEREE_VIEWER ? 'the referee' : viewer === OBSERVER_VIEWER ? 'observers' : `side ${viewer}`;
        process.stderr.write(`game ${gameId}, for ${who}, valid until ${expiresAt}; anyone holding the link reads the page\n`);
      }),
    );
}
