import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { GAME_ID } from '../services/game.service';
import { withContext } from './context';
import { parseTarget, refereeOf, type RulingOpts, rulingCommand, submitAndPrint, submitRuling, words } from './rulings';
import { UsageError, readTextFile } from './usage';

/** `umpire fork` (a new game from a step of another) and `umpire adopt` (a fork made the game's official continuation). */
export function registerForkCommands(program: Command): void {
  rulingCommand(program, 'game.fork', '<gameId>')
    .requiredOption('--at <step|event:N>', 'the step to play again in the fork (its id), or N (event:N) for the step event N belongs to')
    .option('--orders <side=file...>', "orders for the step forked at, replacing that side's (a file per side)")
    .option('--id <gameId>', "the fork's id (default: G- and 8 random hex digits)")
    .action((parentId: string, opts: RulingOpts & { at: string; orders?: string[]; id?: string }) => {
      const gameId = opts.id ?? `G-${randomBytes(4).toString('hex')}`;
      if (!GAME_ID.test(gameId)) throw new UsageError(`--id ${gameId}: a game id looks like G-abc123`);
      const orders = Object.fromEntries(
        (opts.orders ?? []).map((spec) => {
          const m = /^([^=]+)=(.+)$/.exec(spec);
          if (!m) throw new UsageError(`--orders ${spec}: expected SIDE=FILE, e.g. --orders blue=blue-t3.txt`);
          return [m[1].toLowerCase(), readTextFile(m[2], `--orders ${spec}`)];
        }),
      );
      return withContext(async (s) => {
        // who rules: named, else the parent's referee
        const referee = await refereeOf(s, parentId, opts.referee);
        const payload = { parentId, gameId, target: parseTarget(opts.at), orders, referee };
        return submitAndPrint(s, gameId, 'game.fork', payload, (r) => {
          const x = r as { gameId: string; parent: string; atSeq: number; parentHash: string; step: string | null };
          return `forked ${x.parent} at event ${x.atSeq} (hash ${x.parentHash}) as ${x.gameId}; now at ${x.step ?? 'game over'}\nnext: umpire status ${x.gameId}`;
        });
      });
    });
  rulingCommand(program, 'game.adopt', '<gameId> <forkId> <reason...>').action(
    (gameId: string, forkId: string, reason: string[], opts: RulingOpts) =>
      submitRuling(gameId, 'game.adopt', { forkId, reason: words(reason) }, opts, (r) => (r as { lines: string[] }).lines.join('\n')),
  );
}
