import type { Command } from 'commander';
import { withContext } from './context';
import { catalogueCommand, type RulingOpts, rulingCommand, submitAndPrint, submitRuling, words } from './rulings';

/**
 * The time commands on the command line, through the same command kinds as the mail commands
 * (src/commands/referee-commands.ts, src/services/command-handlers.ts): the referee's `umpire pause`, `resume`, `absence`, `deadline`,
 * and a side's `umpire wait` / `umpire confirm`. Bad arguments are refused by the game service,
 * with the same words a referee gets by mail, and change nothing.
 */
export function registerTimeCommands(program: Command): void {
  rulingCommand(program, 'game.pause', '<gameId> [reason...]').action((gameId: string, reason: string[], opts: RulingOpts) =>
    submitRuling(gameId, 'game.pause', { reason: words(reason) }, opts, (r) => {
      const x = r as { paused: string; leftMs: number | null };
      return `paused at ${x.paused}${x.leftMs !== null ? `; ${Math.round(x.leftMs / 60_000)} minutes of its deadline left` : ''}`;
    }),
  );
  rulingCommand(program, 'game.resume', '<gameId> [reason...]').action((gameId: string, reason: string[], opts: RulingOpts) =>
    submitRuling(gameId, 'game.resume', { reason: words(reason) }, opts, (r) => {
      const x = r as { stepId?: string; deadline?: string };
      return x.stepId ? `resumed: ${x.stepId} due ${x.deadline}` : 'resumed (the game is over)';
    }),
  );
  rulingCommand(program, 'game.absence', '<gameId> <side> <from> <to> [reason...]').action(
    (gameId: string, side: string, from: string, to: string, reason: string[], opts: RulingOpts) =>
      submitRuling(gameId, 'game.absence', { side: side.toLowerCase(), from, to, reason: words(reason) }, opts, (r) => {
        const x = r as { side: string; from: string; to: string; movedTo: string | null };
        return `${x.side} absent ${x.from} to ${x.to}${x.movedTo ? `; the deadline in force moved to ${x.movedTo}` : ''}`;
      }),
  );
  rulingCommand(program, 'game.deadline-length', '<gameId> <kind> <length> [reason...]').action(
    (gameId: string, kind: string, length: string, reason: string[], opts: RulingOpts) =>
      submitRuling(gameId, 'game.deadline-length', { kind, length, reason: words(reason) }, opts, (r) => {
        const x = r as { kind: string; minutes: number; was: number };
        return `${x.kind} steps: ${x.minutes} minutes from now on (was ${x.was})`;
      }),
  );
  for (const name of ['wait', 'confirm'] as const)
    catalogueCommand(program, name, '<gameId> <side>').action((gameId: string, side: string) =>
      withContext((s) => submitAndPrint(s, gameId, `game.${name}`, { gameId, side: side.toLowerCase() }, (r) => JSON.stringify(r))),
    );
}
