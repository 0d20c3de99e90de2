import type { Command } from 'commander';
import { readLength } from '../services/game/time-args';
import { registerForkCommands } from './fork-commands';
import { parseTarget, type RulingOpts, rulingCommand, submitRuling, words } from './rulings';
import { positiveInt, UsageError } from './usage';

/**
 * The referee's desk on the command line (issues 12 and 30), through the same command kinds as the
 * mail commands, each verb and description from the catalogue, each with `--referee` (rulings.ts):
 * `umpire extend`, `force`, `press`, `rollback`, `rollforward`, `adjust`, `preview`, `replace`,
 * `machine`, `mails`, `view`, `resend`,
 * and the forks (fork-commands.ts). The time rulings are in time-commands.ts.
 */
export function registerRefereeCommands(program: Command): void {
  rulingCommand(program, 'game.extend', '<gameId> [length]')
    .option('--until <instant>', 'the new deadline, an instant with its zone (e.g. 2026-11-23T18:00Z), instead of a length')
    .action((gameId: string, length: string | undefined, opts: RulingOpts & { until?: string }) => {
      if (length && opts.until) throw new UsageError('give a length (24h, 90m, 2d) or --until <instant>, not both');
      const read = length ? readLength(length) : null;
      if (read && !read.ok) throw new UsageError(`${read.problem}. ${read.hint}`);
      const when = opts.until ? { until: opts.until } : { byMinutes: read?.ok ? read.value : 24 * 60 };
      return submitRuling(gameId, 'game.extend', when, opts, (r) => `extended: ${JSON.stringify(r)}`);
    });
  rulingCommand(program, 'game.force', '<gameId>').action((gameId: string, opts: RulingOpts) =>
    submitRuling(gameId, 'game.force', {}, opts, (r) => `forced: ${JSON.stringify(r)}`),
  );
  rulingCommand(program, 'game.press', '<gameId> <text...>').action((gameId: string, text: string[], opts: RulingOpts) =>
    submitRuling(gameId, 'game.press', { from: 'referee', text: words(text) }, opts, (r) => `press sent: ${JSON.stringify(r)}`),
  );
  rulingCommand(program, 'game.rollback', '<gameId> <reason...>')
    .requiredOption(
      '--to <step|event:N>',
      'the step to play again (its id, e.g. t3/orders, of this turn or an earlier one), or N (event:N) for the step event N belongs to',
    )
    .option('--orders <kept|resend>', 'the orders in for that step stay in (kept, default) or are void too (resend)', 'kept')
    .option('--preview', 'say what the rollback would undo and which orders it would keep, recording nothing')
    .action((gameId: string, reason: string[], opts: RulingOpts & { to: string; orders: string; preview?: boolean }) => {
      if (opts.orders !== 'kept' && opts.orders !== 'resend') throw new UsageError(`--orders ${opts.orders}: kept or resend`);
      const payload = {
        target: parseTarget(opts.to),
        orders: opts.orders,
        reason: words(reason),
        ...(opts.preview ? { preview: true } : {}),
      };
      return submitRuling(gameId, 'game.rollback', payload, opts, (r) => (r as { lines: string[] }).lines.join('\n'));
    });
  rulingCommand(program, 'game.rollforward', '<gameId>')
    .option('--steps <n>', 'at most n steps')
    .action((gameId: string, opts: RulingOpts & { steps?: string }) =>
      submitRuling(gameId, 'game.rollforward', opts.steps ? { steps: positiveInt(opts.steps, '--steps') } : {}, opts, (r) =>
        (r as { lines: string[] }).lines.join('\n'),
      ),
    );
  rulingCommand(program, 'game.adjust', '<gameId> <edit...>').action((gameId: string, edit: string[], opts: RulingOpts) =>
    submitRuling(gameId, 'game.adjust', { text: words(edit) }, opts, (r) => (r as { lines: string[] }).lines.join('\n')),
  );
  rulingCommand(program, 'game.preview', '<gameId>').action((gameId: string, opts: RulingOpts) =>
    submitRuling(gameId, 'game.preview', {}, opts, (r) => (r as { lines: string[] }).lines.join('\n')),
  );
  rulingCommand(program, 'game.replace', '<gameId> <side> <address> [reason...]').action(
    (gameId: string, side: string, address: string, reason: string[], opts: RulingOpts) =>
      submitRuling(gameId, 'game.replace', { side, address, reason: words(reason) }, opts, (r) => {
        const x = r as { side: string; address: string; previous: string; seq: number };
        return `${x.side} is now played from ${x.address} (was ${x.previous}); event ${x.seq}`;
      }),
  );
  rulingCommand(program, 'game.machine', '<gameId> <side> [player] [reason...]').action(
    (gameId: string, side: string, player: string | undefined, reason: string[], opts: RulingOpts) =>
      submitRuling(gameId, 'game.machine', { side, ...(player ? { player } : {}), reason: words(reason) }, opts, (r) => {
        const x = r as { side: string; player: string; previous: string; seq: number };
        return `${x.side} is now played by the machine player ${x.player} (was ${x.previous}); event ${x.seq}`;
      }),
  );
  rulingCommand(program, 'game.mails', '<gameId> [side]').action((gameId: string, side: string | undefined, opts: RulingOpts) =>
    submitRuling(
      gameId,
      'game.mails',
      side ? { side } : {},
      opts,
      (r) => (r as { lines: string[] }).lines.join('\n') || 'no mail tied to this game',
    ),
  );
  rulingCommand(program, 'game.view', '<gameId> <side>')
    .option('--json', "print the side's view as JSON instead; nobody is mailed")
    .action((gameId: string, side: string, opts: RulingOpts & { json?: boolean }) =>
      submitRuling(gameId, 'game.view', { side, ...(opts.json ? { print: true } : {}) }, opts, (r) => {
        const x = r as { view: unknown; mailedTo: string | null };
        return opts.json ? JSON.stringify(x.view, null, 2) : `mailed ${x.mailedTo} the report ${side} would read now (nothing recorded)`;
      }),
    );
  rulingCommand(program, 'game.resend', '<gameId> <side> [reason...]')
    .option('--all', 'every report the side was sent, and its welcome')
    .option('--turn <n>', "that turn's reports")
    .action((gameId: string, side: string, reason: string[], opts: RulingOpts & { all?: boolean; turn?: string }) => {
      if (opts.all && opts.turn) throw new UsageError('--all or --turn <n>, not both');
      if (opts.turn !== undefined && !/^[1-9]\d{0,3}$/.test(opts.turn))
        throw new UsageError(`--turn ${opts.turn}: a turn number, e.g. --turn 3`);
      const which = opts.all ? 'all' : opts.turn ? { turn: Number(opts.turn) } : 'latest';
      return submitRuling(gameId, 'game.resend', { side, which, reason: words(reason) }, opts, (r) => {
        const x = r as { to: string; seq: number; subjects: string[] };
        return [`re-sent to ${side} at ${x.to} (event ${x.seq}):`, ...x.subjects.map((s) => `  ${s}`)].join('\n');
      });
    });
  registerForkCommands(program);
}
