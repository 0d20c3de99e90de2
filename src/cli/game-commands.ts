import { createHash, randomBytes } from 'node:crypto';
import { boardPaths } from '../services/game/adjust';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { rulesets } from '../games';
import { boardOf } from '../engine/board-view';
import { renderMapText } from '../mail/map-text';
import { renderTableText } from '../mail/table-text';
import type { Services } from '../services/container';
import { GAME_ID } from '../services/game.service';
import { warnIfNoWorker, withContext } from './context';
import { registerRefereeCommands } from './referee-commands';
import { catalogueCommand } from './rulings';
import { readLength } from '../services/game/time-args';
import { UsageError, checkAddress, nonNegativeNumber, readJsonFile, readTextFile, resolveSide } from './usage';

export interface CreateOptions {
  readonly side: readonly string[];
  readonly option?: readonly string[];
  readonly id?: string;
  readonly referee?: string;
  readonly box?: string;
  readonly deadline?: string;
  readonly grace?: string;
  /** lengths per kind of step: --deadline-orders 48h, --deadline-battle 1d, --deadline-placement 12h */
  readonly deadlineOrders?: string;
  readonly deadlineBattle?: string;
  readonly deadlinePlacement?: string;
}

function deadlinesPerKind(opts: CreateOptions) {
  const deadlines = Object.fromEntries(
    (
      [
        ['orders', kindLength(opts.deadlineOrders, '--deadline-orders')],
        ['battle', kindLength(opts.deadlineBattle, '--deadline-battle')],
        ['placement', kindLength(opts.deadlinePlacement, '--deadline-placement')],
      ] as const
    ).filter(([, m]) => m !== undefined),
  );
  return Object.keys(deadlines).length ? { deadlines } : {};
}

/** `--deadline-battle 48h` (or 90m, 2d, or minutes alone) → minutes; a usage error names the flag. */
function kindLength(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const read = readLength(/^\d+$/.test(text.trim()) ? `${text.trim()}m` : text);
  if (!read.ok) throw new UsageError(`${flag}: ${read.problem}. ${read.hint}`);
  return read.value;
}

/**
 * The `game.create` payload from `umpire game create` arguments, checked before anything is sent:
 * a usage error names the argument and what would be right (the ruleset's sides, its options).
 */
export function createPayload(rulesetId: string, opts: CreateOptions, newId: () => string = () => `G-${randomBytes(4).toString('hex')}`) {
  const ruleset = rulesets[rulesetId];
  if (!ruleset) throw new UsageError(`unknown ruleset "${rulesetId}"; available: ${Object.keys(rulesets).join(', ')}`);
  const sides = opts.side.map((spec) => {
    const m = /^([^=]+)=(.*)$/.exec(spec);
    if (!m) throw new UsageError(`--side ${spec}: expected NAME=ADDRESS, e.g. --side ${ruleset.sides[0]}=player@example.org`);
    const side = resolveSide(m[1], ruleset.sides, { where: `--side ${spec}: ${rulesetId} has ` });
    return { side, player: { address: checkAddress(m[2], `--side ${spec}`) } };
  });
  const options = createOptions(ruleset, rulesetId, opts);
  // sides the umpire plays with these options take no player
  const system = ruleset.systemSides?.(Object.fromEntries(ruleset.options.map((o) => [o.id, options[o.id] ?? o.default]))) ?? [];
  for (const side of ruleset.sides) {
    const n = sides.filter((s) => s.side === side).length;
    if (system.includes(side)) {
      if (n)
        throw new UsageError(`--side ${side}: the umpire plays ${side} in this game (a system side), so it takes no player: leave it out`);
      continue;
    }
    if (n === 0)
      throw new UsageError(
        `no player for the ${side} side: add --side ${side}=ADDRESS (${rulesetId} has sides ${ruleset.sides.join(', ')})`,
      );
    if (n > 1) throw new UsageError(`--side ${side} given ${n} times: each side has exactly one player`);
  }
  const gameId = opts.id ?? newId();
  if (!GAME_ID.test(gameId))
    throw new UsageError(`--id ${gameId}: a game id looks like G-abc123 (G-, a letter or digit, then up to 40 letters, digits, _ or -)`);
  return {
    gameId,
    ruleset: rulesetId,
    sides,
    options,
    referee: opts.referee === undefined ? undefined : checkAddress(opts.referee, '--referee'),
    box: opts.box === undefined ? undefined : readJsonFile(opts.box, '--box'),
    deadlineMinutes: opts.deadline === undefined ? undefined : nonNegativeNumber(opts.deadline, '--deadline'),
    graceMinutes: opts.grace === undefined ? undefined : nonNegativeNumber(opts.grace, '--grace', { allowZero: true }),
    ...deadlinesPerKind(opts),
  };
}

/** The --option arguments as on/off values, each an option of the ruleset. */
function createOptions(ruleset: (typeof rulesets)[string], rulesetId: string, opts: CreateOptions): Record<string, boolean> {
  const offered = ruleset.options.map((o) => o.id);
  const options: Record<string, boolean> = {};
  for (const spec of opts.option ?? []) {
    const m = /^([^=]+?)(?:=(.*))?$/.exec(spec.trim());
    const id = m?.[1] ?? spec;
    const value = (m?.[2] ?? 'on').toLowerCase();
    if (!offered.includes(id))
      throw new UsageError(`--option ${spec}: ${rulesetId} has no optional rule "${id}"; it offers ${offered.join(', ') || 'none'}`);
    if (!['on', 'off', 'true', 'false'].includes(value))
      throw new UsageError(`--option ${spec}: the value must be on or off (e.g. --option ${id}=off)`);
    options[id] = value === 'on' || value === 'true';
  }
  return options;
}

/** `umpire game create`, `umpire orders`, `umpire status`, `umpire report`: the CLI's door into games. */
export function registerGameCommands(program: Command): void {
  registerRefereeCommands(program); // rollback, preview, replace, mails, view, fork
  const game = program.command('game').description('create games (then: orders, status, report)');
  catalogueCommand(game, 'game create', '<ruleset>')
    .requiredOption(
      '--side <NAME=ADDRESS...>',
      'a side and its player address, once per side the players take (never a side the umpire plays), e.g. --side japanese=tojo@example.org',
    )
    .option('--option <id...>', 'optional rules to switch on (id, or id=off), e.g. --option task-forces airstrike-damage')
    .option('--id <gameId>', 'game id (default: G- and 8 random hex digits)')
    .option('--referee <address>', "the referee's address (receives referee copies; may use referee commands)")
    .option('--box <file>', "a club's override game box (JSON), validated and recorded by hash")
    .option('--deadline <minutes>', 'minutes each step stays open')
    .option('--grace <minutes>', 'minutes after a deadline during which late orders are still taken')
    .option('--deadline-orders <length>', 'deadline of order steps (movement), e.g. 48h (default: --deadline)')
    .option('--deadline-battle <length>', 'deadline of battle decisions (targets, day/night, retreat), e.g. 24h')
    .option('--deadline-placement <length>', 'deadline of placement steps (air, submarines), e.g. 12h')
    .addHelpText(
      'after',
      () =>
        `\nRulesets and their sides and optional rules:\n${Object.values(rulesets)
          .map(
            (r) =>
              `  ${r.id}: sides ${r.sides.join(', ')}; options ${r.options.map((o) => o.id).join(', ') || 'none'}${r.systemSides ? ' (some options make a side the umpire plays: give no --side for it)' : ''}`,
          )
          .join('\n')}`,
    )
    .action(async (rulesetId: string, opts: CreateOptions) => {
      const payload = createPayload(rulesetId, opts);
      await withServices(async (s) => {
        const key = `cli:create:${payload.gameId}:${createHash('sha256').update(JSON.stringify(payload)).digest('hex').slice(0, 16)}`;
        const submitted = await s.bus.submit(payload.gameId, key, 'game.create', payload);
        if (submitted.duplicate) console.error(`(the same game create was sent before as command ${submitted.id}; its answer follows)`);
        return report(s, submitted.id, (result) => {
          const r = result as {
            gameId?: string;
            step?: string | null;
            seedAnchor?: string;
            version?: number;
          };
          return `created ${payload.gameId} (${rulesetId}): step ${r.step ?? 'none'}, seed anchor ${r.seedAnchor ?? '?'}\nnext: umpire status ${payload.gameId}`;
        });
      });
    });

  catalogueCommand(program, 'orders', '<gameId> <side> [file]').action(
    async (gameId: string, sideName: string, file: string | undefined) => {
      const text = file ? readTextFile(file, 'orders file') : readStdin();
      await withServices(async (s) => {
        const side = await gameSide(s, gameId, sideName);
        const submitted = await s.bus.submit(gameId, `cli:orders:${randomBytes(8).toString('hex')}`, 'game.orders', {
          gameId,
          side,
          text,
          via: 'cli',
        });
        return report(s, submitted.id, (result) => {
          const r = result as { step?: string | null; version?: number; awaiting?: string[] };
          const now = r.step ? `now at step ${r.step}, awaiting ${r.awaiting?.join(', ') || 'nobody'}` : 'the game is over';
          return `accepted: ${side}'s orders for ${gameId}; ${now} (latest event #${r.version ?? '?'})`;
        });
      });
    },
  );

  catalogueCommand(program, 'status', '<gameId>')
    .option('--side <side>', 'as that side sees it')
    .option('--json', 'as JSON')
    .option(
      '--board [path]',
      "the referee's: the board as ADJUST addresses it, one `path = value` line each (under path, e.g. fleets.blue)",
    )
    .action((gameId: string, opts: { side?: string; json?: boolean; board?: string | true }) =>
      withServices(async (s) => {
        if (opts.board !== undefined) {
          if (opts.side !== undefined)
            throw new UsageError("--board is the whole board, the referee's: drop --side (a side's view is `umpire status --side`)");
          const prefix = opts.board === true ? '' : opts.board;
          const lines = boardPaths((await s.games.load(gameId)).state.rules, prefix);
          if (!lines.length)
            throw new UsageError(`the board of ${gameId} has no ${prefix}: umpire status ${gameId} --board lists every path`);
          console.log(lines.join('\n'));
          return;
        }
        const viewer = opts.side === undefined ? 'referee' : await gameSide(s, gameId, opts.side, { referee: true });
        const st = await s.gameService.status(gameId, viewer);
        const v = st.view;
        if (opts.json) {
          console.log(
            JSON.stringify(
              {
                step: v.step,
                awaiting: v.awaiting,
                orders: v.orders,
                result: v.result,
                latestEvent: st.head,
              },
              null,
              2,
            ),
          );
          return;
        }
        const on = Object.entries(v.game?.options ?? {})
          .filter(([, value]) => value)
          .map(([id]) => id);
        console.log(
          `game ${gameId} (${v.game?.rulesetId}${on.length ? `; optional rules ${on.join(', ')}` : ''}), as seen by ${viewer === 'referee' ? 'the referee' : viewer}`,
        );
        if (v.result) console.log(`game over: ${v.result.winner ?? 'no winner'}. ${v.result.summary}`);
        if (v.step) console.log(`step: ${v.step.title} [${v.step.id}], ${v.step.mode}; owed by ${v.step.owes.join(', ') || 'nobody'}`);
        for (const [side, o] of Object.entries(v.orders)) {
          const detail =
            o.status === 'sealed'
              ? `sealed, received ${o.receivedAt}, commitment ${o.commitment}`
              : o.status === 'accepted'
                ? `received ${o.receivedAt}`
                : o.status;
          console.log(`  ${side}: ${detail}`);
        }
        console.log(`awaiting: ${v.awaiting.join(', ') || 'nobody'}`);
        console.log(`latest event: #${st.head.version} ${st.head.hash}`);
      }),
    );

  program
    .command('report <gameId> <side>')
    .description("a side's current view and the game's story as that side may read it")
    .option('--json', 'the view as JSON')
    .action((gameId: string, sideName: string, opts: { json?: boolean }) =>
      withServices(async (s) => {
        const side = await gameSide(s, gameId, sideName, { referee: true });
        const r = await s.gameService.report(gameId, side);
        const latest = await latestReport(s, gameId, side);
        if (opts.json) console.log(JSON.stringify({ ...r, latestReport: latest }, null, 2));
        else {
          console.log(`game ${gameId} (${r.view.game?.rulesetId}), as ${side} sees it`);
          console.log('\n== The board ==');
          const board = boardOf(r.view.board);
          for (const line of board.summary) console.log(`- ${line}`);
          for (const table of board.tables ?? []) {
            console.log(`${table.title}:`);
            for (const line of renderTableText(table)) console.log(`  ${line}`);
          }
          if (board.map) {
            console.log('Map (area [controlled by]: units):');
            for (const line of renderMapText(board.map)) console.log(`  ${line}`);
          }
          if (r.view.result) console.log(`Game over: ${r.view.result.winner ?? 'no winner'}. ${r.view.result.summary}`);
          console.log('\n== The story so far ==');
          console.log(r.narrative.join('\n') || '(nothing yet)');
          console.log('\n== The latest report ==');
          if (latest) console.log(`${latest.subject} (${latest.status})\n\n${latest.text}`);
          else console.log(`no report mailed to ${side} yet`);
          console.log(
            `\nNow: ${r.view.step?.title ?? 'game over'}; awaiting ${r.view.awaiting.join(', ') || 'nobody'}; latest event #${r.head.version} ${r.head.hash}`,
          );
        }
      }),
    );
}

/** The last report mailed (or queued) to a player: what the umpire told them, exactly as rendered. */
async function latestReport(
  s: Services,
  gameId: string,
  side: string,
): Promise<{ subject: string; text: string; status: string; seq: number | null } | null> {
  const game = await s.games.load(gameId);
  // the referee's address as the game's settings record it (folded from the log with the game)
  const address =
    side === 'referee' ? game.service.settings?.referee : game.state.game?.sides.find((seat) => seat.side === side)?.player.address;
  if (!address) return null;
  // the opening report is mailed as the welcome; every later one as a report
  const rows = (await s.outbox.byGame(gameId)).filter(
    (row) => (row.kind === 'report' || row.kind === 'welcome') && row.recipient === address,
  );
  const last = rows[rows.length - 1];
  return last
    ? {
        subject: last.payload.subject,
        text: last.payload.text,
        status: last.status,
        seq: last.eventSeq ?? null,
      }
    : null;
}

/** The side as the game spells it (any case), or a usage error naming the game's sides; checks the game exists. */
async function gameSide(s: Services, gameId: string, given: string, { referee = false } = {}): Promise<string> {
  if ((await s.events.head(gameId)).version === 0) throw new UsageError(`no game ${gameId}: list the games with \`umpire games\``);
  const seats = (await s.games.load(gameId)).state.game?.sides.map((seat) => seat.side) ?? [];
  return resolveSide(given, seats, { referee, where: `game ${gameId} has ` });
}

/** Orders typed at the terminal or piped in. */
function readStdin(): string {
  if (process.stdin.isTTY)
    process.stderr.write('reading orders from standard input: type them, then Ctrl-D on a line of its own (or name a file)\n');
  return readFileSync(0, 'utf8');
}

/** Waits for the worker's answer (telling the user when no worker is there to give one), then prints it. */
async function report(s: Services, commandId: string, ok: (result: unknown) => string): Promise<number> {
  await warnIfNoWorker(s, commandId);
  const done = await s.bus.waitFor(commandId);
  if (done.status === 'applied') {
    console.log(ok(done.result));
    return 0;
  }
  const r = done.result as {
    error?: string;
    problems?: { line: number; text: string; problem: string; hint?: string }[];
  };
  // the message's first line says what was refused; the problems follow one per line
  const headline = (r.error ?? JSON.stringify(r)).split('\n')[0];
  console.error(`refused: ${headline}`);
  for (const p of r.problems ?? []) {
    const text = `${p.problem}${p.hint ? ` (${p.hint})` : ''}`;
    if (!p.line && !p.text && p.problem === headline) continue; // the headline again, for the whole message
    console.error(p.line ? `  line ${p.line}: ${p.text ? `"${p.text}": ` : ''}${text}` : `  ${text}`);
  }
  return 1;
}

async function withServices(body: (s: Services) => Promise<unknown>): Promise<void> {
  await withContext(body); // a UsageError thrown by the body is reported by main.ts (exit 2)
}
