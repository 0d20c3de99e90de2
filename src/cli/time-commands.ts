import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import type { Services } from '../services/container';
import { warnIfNoWorker, withContext } from './context';

/**
 * The time commands on the command line, through the same command kinds as the mail commands
 * (src/commands/referee-commands.ts, src/services/command-handlers.ts): the referee's `umpire pause`, `resume`, `absence`, `deadline`,
 * and a side's `umpire wait` / `umpire confirm`. Bad arguments are refused by the game service,
 * with the same words a referee gets by mail, and change nothing.
 */
export function registerTimeCommands(program: Command): void {
  program
    .command('pause <gameId> [reason...]')
    .description('stop the deadlines (the time left is kept); every side is told')
    .action((gameId: string, reason: string[] = []) =>
      run(gameId, 'game.pause', { reason: reason.join(' '), referee: 'cli' }, (r) => {
        const x = r as { paused: string; leftMs: number | null };
        return `paused at ${x.paused}${x.leftMs !== null ? `; ${Math.round(x.leftMs / 60_000)} minutes of its deadline left` : ''}`;
      }),
    );
  program
    .command('resume <gameId> [reason...]')
    .description('restart the deadlines with the time they had left; every side is told')
    .action((gameId: string, reason: string[] = []) =>
      run(gameId, 'game.resume', { reason: reason.join(' '), referee: 'cli' }, (r) => {
        const x = r as { stepId?: string; deadline?: string };
        return x.stepId ? `resumed: ${x.stepId} due ${x.deadline}` : 'resumed (the game is over)';
      }),
    );
  program
    .command('absence <gameId> <side> <from> <to> [reason...]')
    .description('a side away from <from> to <to> (dates in UTC, or instants with their zone): deadlines in that time move to its end')
    .action((gameId: string, side: string, from: string, to: string, reason: string[] = []) =>
      run(gameId, 'game.absence', { side: side.toLowerCase(), from, to, reason: reason.join(' '), referee: 'cli' }, (r) => {
        const x = r as { side: string; from: string; to: string; movedTo: string | null };
        return `${x.side} absent ${x.from} to ${x.to}${x.movedTo ? `; the deadline in force moved to ${x.movedTo}` : ''}`;
      }),
    );
  program
    .command('deadline <gameId> <kind> <length> [reason...]')
    .description('the deadline length of one kind of step (orders, battle, placement) from now on, e.g. deadline G-abc battle 48h')
    .action((gameId: string, kind: string, length: string, reason: string[] = []) =>
      run(gameId, 'game.deadline-length', { kind, length, reason: reason.join(' '), referee: 'cli' }, (r) => {
        const x = r as { kind: string; minutes: number; was: number };
        return `${x.kind} steps: ${x.minutes} minutes from now on (was ${x.was})`;
      }),
    );
  for (const [name, does] of [
    ['wait', "hold the side's orders for the step in play until `umpire confirm` or the deadline"],
    ['confirm', "release the side's orders held by wait"],
  ] as const)
    program
      .command(`${name} <gameId> <side>`)
      .description(does)
      .action((gameId: string, side: string) => run(gameId, `game.${name}`, { side: side.toLowerCase() }, (r) => JSON.stringify(r)));
}

/** Submits, waits for a worker, prints the answer; a refusal goes to stderr with exit code 1. */
function run(gameId: string, kind: string, payload: Record<string, unknown>, ok: (result: unknown) => string): Promise<void> {
  return withContext(async (s: Services) => {
    const submitted = await s.bus.submit(gameId, `cli:${kind}:${randomUUID()}`, kind, { gameId, ...payload });
    await warnIfNoWorker(s, submitted.id);
    const done = await s.bus.waitFor(submitted.id);
    if (done.status === 'applied') {
      console.log(ok(done.result));
      return 0;
    }
    console.error(`refused: ${(done.result as { error?: string }).error ?? JSON.stringify(done.result)}`);
    return 1;
  });
}
