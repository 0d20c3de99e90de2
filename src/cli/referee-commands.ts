import { randomBytes, randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import type { Services } from '../services/container';
import { GAME_ID } from '../services/game.service';
import { warnIfNoWorker, withContext } from './context';
import { UsageError, readTextFile } from './usage';

/**
 * The referee's desk on the command line (issue 12), through the same command kinds as the mail
 * commands: `umpire rollback`, `preview`, `replace`, `machine`, `mails`, `view`, `resend`, and `umpire fork`.
 */
export function registerRefereeCommands(program: Command): void {
  program
    .command('rollback <gameId> <reason...>')
    .description('void the log after the moment before a step resolved (the turn in play only); every side is told')
    .requiredOption(
      '--to <step|event:N>',
      'the step to play again (its id, e.g. t3/orders), or N (event:N) for the step event N belongs to',
    )
    .option('--orders <kept|resend>', 'the orders in for that step stay in (kept, default) or are void too (resend)', 'kept')
    .action((gameId: string, reason: string[], opts: { to: string; orders: string }) => {
      if (opts.orders !== 'kept' && opts.orders !== 'resend') throw new UsageError(`--orders ${opts.orders}: kept or resend`);
      return desk(
        gameId,
        'game.rollback',
        { target: parseTarget(opts.to), orders: opts.orders, reason: reason.join(' '), referee: 'cli' },
        (r) => {
          const x = r as { rolledBackAt: number; stepId: string; firstVoidedSeq: number; undone: string[] };
          return `rolled back to ${x.stepId}: events ${x.firstVoidedSeq}-${x.rolledBackAt - 1} void (event ${x.rolledBackAt}); undone ${x.undone.join(', ')}`;
        },
      );
    });
  program
    .command('preview <gameId>')
    .description('adjudicate the step in play with the orders in hand, recording nothing (one-off dice, not the game seed)')
    .action((gameId: string) => desk(gameId, 'game.preview', {}, (r) => (r as { lines: string[] }).lines.join('\n')));
  program
    .command('replace <gameId> <side> <address> [reason...]')
    .description('hand a seat to a new address (new reply address and SECRET; the old ones refused; both told)')
    .action((gameId: string, side: string, address: string, reason: string[] = []) =>
      desk(gameId, 'game.replace', { side, address, reason: reason.join(' '), referee: 'cli' }, (r) => {
        const x = r as { side: string; address: string; previous: string; seq: number };
        return `${x.side} is now played from ${x.address} (was ${x.previous}); event ${x.seq}`;
      }),
    );
  program
    .command('machine <gameId> <side> [player] [reason...]')
    .description("a machine player plays the seat (the game's random player unless named); `umpire replace` hands it back to a person")
    .action((gameId: string, side: string, player: string | undefined, reason: string[] = []) =>
      desk(gameId, 'game.machine', { side, ...(player ? { player } : {}), reason: reason.join(' '), referee: 'cli' }, (r) => {
        const x = r as { side: string; player: string; previous: string; seq: number };
        return `${x.side} is now played by the machine player ${x.player} (was ${x.previous}); event ${x.seq}`;
      }),
    );
  program
    .command('mails <gameId> [side]')
    .description("the game's inbound mails: arrival time, sender, subject, status and outcome")
    .action((gameId: string, side: string | undefined) =>
      desk(gameId, 'game.mails', side ? { side } : {}, (r) => (r as { lines: string[] }).lines.join('\n') || 'no mail tied to this game'),
    );
  program
    .command('view <gameId> <side>')
    .description("mail the game's referee that side's report as it would read now")
    .option('--json', "print the side's view as JSON instead; nobody is mailed")
    .action((gameId: string, side: string, opts: { json?: boolean }) =>
      desk(gameId, 'game.view', { side, ...(opts.json ? { print: true } : {}) }, (r) => {
        const x = r as { view: unknown; mailedTo: string | null };
        return opts.json ? JSON.stringify(x.view, null, 2) : `mailed ${x.mailedTo} the report ${side} would read now (nothing recorded)`;
      }),
    );
  program
    .command('resend <gameId> <side> [reason...]')
    .description("send a side's reports again to the player holding the seat now, as first sent (the latest unless --all or --turn)")
    .option('--all', 'every report the side was sent, and its welcome')
    .option('--turn <n>', "that turn's reports")
    .action((gameId: string, side: string, reason: string[] = [], opts: { all?: boolean; turn?: string }) => {
      if (opts.all && opts.turn) throw new UsageError('--all or --turn <n>, not both');
      if (opts.turn !== undefined && !/^[1-9]\d{0,3}$/.test(opts.turn))
        throw new UsageError(`--turn ${opts.turn}: a turn number, e.g. --turn 3`);
      const which = opts.all ? 'all' : opts.turn ? { turn: Number(opts.turn) } : 'latest';
      return desk(gameId, 'game.resend', { side, which, reason: reason.join(' '), referee: 'cli' }, (r) => {
        const x = r as { to: string; seq: number; subjects: string[] };
        return [`re-sent to ${side} at ${x.to} (event ${x.seq}):`, ...x.subjects.map((s) => `  ${s}`)].join('\n');
      });
    });
  program
    .command('fork <gameId>')
    .description('a new game sharing the prefix up to a step (by hash), re-adjudicated from there; the parent untouched')
    .requiredOption('--at <step|event:N>', 'the step to play again in the fork (its id), or N (event:N) for the step event N belongs to')
    .option('--orders <side=file...>', "orders for the step forked at, replacing that side's (a file per side)")
    .option('--id <gameId>', "the fork's id (default: G- and 8 random hex digits)")
    .action((parentId: string, opts: { at: string; orders?: string[]; id?: string }) => {
      const gameId = opts.id ?? `G-${randomBytes(4).toString('hex')}`;
      if (!GAME_ID.test(gameId)) throw new UsageError(`--id ${gameId}: a game id looks like G-abc123`);
      const orders = Object.fromEntries(
        (opts.orders ?? []).map((spec) => {
          const m = /^([^=]+)=(.+)$/.exec(spec);
          if (!m) throw new UsageError(`--orders ${spec}: expected SIDE=FILE, e.g. --orders blue=blue-t3.txt`);
          return [m[1].toLowerCase(), readTextFile(m[2], `--orders ${spec}`)];
        }),
      );
      return run(gameId, 'game.fork', { parentId, gameId, target: parseTarget(opts.at), orders }, (r) => {
        const x = r as { gameId: string; parent: string; atSeq: number; parentHash: string; step: string | null };
        return `forked ${x.parent} at event ${x.atSeq} (hash ${x.parentHash}) as ${x.gameId}; now at ${x.step ?? 'game over'}\nnext: umpire status ${x.gameId}`;
      });
    });
}

function parseTarget(given: string): { stepId: string } | { eventSeq: number } {
  const m = /^(?:event:|#)?(\d+)$/i.exec(given.trim()); // step ids are never bare numbers
  return m ? { eventSeq: Number(m[1]) } : { stepId: given.trim() };
}

function desk(gameId: string, kind: string, payload: Record<string, unknown>, ok: (result: unknown) => string): Promise<void> {
  return run(gameId, kind, { gameId, ...payload }, ok);
}

/** Submits, waits for a worker, prints the answer; a refusal goes to stderr with exit code 1. */
function run(gameId: string, kind: string, payload: unknown, ok: (result: unknown) => string): Promise<void> {
  return withContext(async (s: Services) => {
    const submitted = await s.bus.submit(gameId, `cli:${kind}:${randomUUID()}`, kind, payload);
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
