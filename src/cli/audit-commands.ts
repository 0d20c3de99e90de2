import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { bundleFiles, writeBundle } from '../audit/bundle';
import { diceFlags } from '../audit/dice-flags';
import { fairnessLines, fairnessOfLog } from '../audit/dice-stats';
import { replayLines, replayWithCurrent } from '../audit/replay';
import { liveEngineEvents } from '../audit/verify-bundle';
import type { EngineEvent } from '../engine/engine-events';
import { rulesets } from '../games';
import { SERVICE_EVENT_TYPES } from '../services/game-repository';
import { warnIfNoWorker, withContext } from './context';
import { refereeOf, type RulingOpts, rulingCommand } from './rulings';
import { resolveSide, UsageError } from './usage';

/** `umpire export`: the offline audit bundle (docs/audit.md). */
export function registerAuditCommands(program: Command, umpireVersion: string): void {
  program
    .command('export <gameId>')
    .description(
      "write a game's offline audit bundle (.tar.gz: log, box, rules build, AUDIT.md, and verify.js, which checks chain, seeds and dice with node alone)",
    )
    .option('--out <file>', 'where to write it (default: <gameId>.audit.tar.gz here)')
    .option('--side <side>', "that side's view only, redacted by event visibility (what the mail LOG command sends)")
    .action((gameId: string, opts: { out?: string; side?: string }) =>
      withContext(async ({ events }) => {
        const log = await events.read(gameId);
        if (!log.length) throw new UsageError(`no events for game ${gameId}: check the id with \`umpire games\``);
        const rulesetId = (log[0].payload as { rulesetId?: string }).rulesetId ?? '';
        const sides = rulesets[rulesetId]?.sides ?? [];
        const view = opts.side === undefined ? 'referee' : resolveSide(opts.side, sides, { where: '--side: the game has ' });
        const files = bundleFiles({
          log,
          view,
          serviceTypes: SERVICE_EVENT_TYPES,
          umpireVersion,
          exportedAt: new Date().toISOString(),
        });
        const out = resolve(opts.out ?? `${gameId}${view === 'referee' ? '' : `-${view}`}.audit.tar.gz`);
        await writeBundle(files, gameId, out);
        console.log(`wrote ${out}: ${log.length} events (${view === 'referee' ? 'the whole log' : `${view}'s view`})`);
        console.log(`check it anywhere with Node.js: tar xzf ${out} && node ${gameId}-audit/verify.js`);
      }),
    );

  rulingCommand(program, 'game.upgrade', '<gameId> <reason...>')
    .option('--key <key>', 'idempotency key (default: random)')
    .action((gameId: string, words: string[], opts: RulingOpts & { key?: string }) =>
      withContext(async (ctx) => {
        const referee = await refereeOf(ctx, gameId, opts.referee);
        const submitted = await ctx.bus.submit(gameId, opts.key ?? `cli:${randomUUID()}`, 'game.upgrade', {
          gameId,
          reason: words.join(' '),
          referee,
        });
        await warnIfNoWorker(ctx, submitted.id);
        const done = await ctx.bus.waitFor(submitted.id);
        console.log(`${done.status}: ${JSON.stringify(done.result)}`);
        return done.status === 'applied' ? 0 : 1;
      }),
    );

  program
    .command('replay <gameId>')
    .description(
      "re-adjudicate a game's log under the rules running now and print the first step whose outcome differs, with both outcomes (exit 1 when one does)",
    )
    .requiredOption('--with-current', 'under the current rules build (the only replay there is; says so explicitly)')
    .action((gameId: string) =>
      withContext(async ({ events }) => {
        const log = await events.read(gameId);
        if (!log.length) throw new UsageError(`no events for game ${gameId}: check the id with \`umpire games\``);
        const rulesetId = (log[0].payload as { rulesetId?: string }).rulesetId ?? '';
        const ruleset = rulesets[rulesetId];
        if (!ruleset) throw new UsageError(`game ${gameId} is played under ruleset "${rulesetId}", which this umpire does not have`);
        const live = liveEngineEvents(log, SERVICE_EVENT_TYPES);
        const r = replayWithCurrent(
          live.map((e) => ({ type: e.type, data: e.payload }) as EngineEvent),
          ruleset,
        );
        for (const line of replayLines(r, (i) => live[i]?.seq ?? -1)) console.log(line);
        return r.firstDifference ? 1 : 0;
      }),
    );

  program
    .command('dice <gameId>')
    .description(
      "dice fairness of a game: faces per side and per rule, chi-square against a fair die of their size (d6, d10, ...) with its p-value, longest runs; groups flagged at p < 0.01, how many a fair game flags by chance, and those still flagged after Holm's correction",
    )
    .option('--json', 'the figures as JSON')
    .action((gameId: string, opts: { json?: boolean }) =>
      withContext(async ({ events }) => {
        const log = await events.read(gameId);
        if (!log.length) throw new UsageError(`no events for game ${gameId}: check the id with \`umpire games\``);
        const f = fairnessOfLog(log, SERVICE_EVENT_TYPES);
        if (opts.json) console.log(JSON.stringify({ ...f, flags: diceFlags(f) }, null, 2));
        else for (const line of fairnessLines(f)) console.log(line);
      }),
    );
}

/** `umpire verify --bundle <file>`: the full audit from the bundle alone (no database). */
export async function verifyBundle(file: string, expect: { head?: string; mail?: string } = {}): Promise<void> {
  const { auditBundle } = await import('../audit/verify-bundle');
  const { existsSync } = await import('node:fs');
  if (!existsSync(file)) throw new UsageError(`--bundle ${file}: no such file`);
  if (expect.head !== undefined && expect.mail !== undefined) throw new UsageError('give --head or --mail, not both');
  if (expect.mail !== undefined && !existsSync(expect.mail)) throw new UsageError(`--mail ${expect.mail}: no such file`);
  const r = await auditBundle(file, Object.values(rulesets), expect);
  for (const line of r.lines) (r.ok ? console.log : console.error)(line);
  process.exitCode = r.ok ? 0 : 1;
}
