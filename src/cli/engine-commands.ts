import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { boxHash, countProvenance, type ProvenanceCounts } from '../engine/box';
import type { AnyRuleset } from '../engine/evolve';
import { selfplay } from '../engine/selfplay';
import { rulesets } from '../games';
import { expandCasePaths, runCases } from './case-files';
import { UsageError, positiveInt, readTextFile } from './usage';

/** `umpire case run`, `umpire selfplay`, `umpire box check`: the rules engine from the shell. */
export function registerEngineCommands(program: Command, registry: Readonly<Record<string, AnyRuleset>> = rulesets): void {
  const lookup = (id: string): AnyRuleset => {
    const r = registry[id];
    if (!r) throw new UsageError(`unknown ruleset "${id}"; available: ${Object.keys(registry).join(', ') || 'none'}`);
    return r;
  };

  program
    .command('case')
    .description('adjudication cases (docs/cases.md)')
    .command('run <paths...>')
    .description('run case files (a directory runs every *.json in it); exits 1 and prints the differences on any mismatch')
    .action((paths: string[]) => {
      const files = expandCasePaths(paths);
      if (!files.length) throw new UsageError(`no case files (*.json) in ${paths.join(', ')}`);
      const results = runCases(files, registry);
      for (const r of results) {
        console.log(`${r.passed ? 'PASS' : 'FAIL'}  ${r.file}: ${r.name}`);
        for (const f of r.failures)
          console.log(
            f
              .split('\n')
              .map((l) => `      ${l}`)
              .join('\n'),
          );
      }
      const failed = results.filter((r) => !r.passed).length;
      console.log(`${results.length - failed} passed, ${failed} failed`);
      process.exitCode = failed || results.length === 0 ? 1 : 0;
    });

  program
    .command('selfplay <ruleset>')
    .description('random legal players play whole games; every game is replayed and its dice verified')
    .option('--games <n>', 'number of games', '100')
    .option('--seed <s>', 'seed string: the same seed plays the same games', 'umpire')
    .option('--max-steps <n>', 'steps before a game counts as a runaway', '10000')
    .option('--option <id...>', 'switch optional rules on, e.g. --option task-forces airstrike-damage')
    .action((id: string, opts: { games: string; seed: string; maxSteps: string; option?: string[] }) => {
      const ruleset = lookup(id);
      const known = new Set(ruleset.options.map((o) => o.id));
      const unknown = (opts.option ?? []).filter((o) => !known.has(o));
      if (unknown.length)
        throw new UsageError(
          `--option: ${id} has no optional rule ${unknown.map((o) => `"${o}"`).join(', ')}; it offers ${[...known].join(', ') || 'none'}`,
        );
      const games = positiveInt(opts.games, '--games');
      const maxSteps = positiveInt(opts.maxSteps, '--max-steps');
      const tick = Math.max(1, Math.floor(games / 10));
      const result = selfplay(ruleset, {
        games,
        options: Object.fromEntries((opts.option ?? []).map((o) => [o, true])),
        seed: opts.seed,
        maxSteps,
        clock: () => performance.now(),
        onGame: (done, total) => {
          if (done % tick === 0 || done === total) process.stderr.write(`selfplay ${id}: ${done}/${total} games\n`);
        },
      });
      for (const e of result.errors.slice(0, 20)) console.log(`ERROR game ${e.game} (seed ${JSON.stringify(e.gameSeed)}): ${e.message}`);
      if (result.errors.length > 20) console.log(`... and ${result.errors.length - 20} more errors`);
      console.log(
        `${result.games} games (${result.ended} ended), ${result.events} events, ${result.errors.length} errors in ${(result.elapsedMs / 1000).toFixed(2)} s`,
      );
      console.log(`${result.gamesPerSec.toFixed(1)} games/sec, ${result.eventsPerSec.toFixed(0)} events/sec`);
      process.exitCode = result.errors.length ? 1 : 0;
    });

  program
    .command('box')
    .description('game box data')
    .command('check <ruleset>')
    .description('count values by provenance (rulebook/reference/reconstructed) and validate the box; --override checks a club file')
    .option('--override <file>', "a club's override box (JSON)")
    .action((id: string, opts: { override?: string }) => {
      const ruleset = lookup(id);
      const text = opts.override === undefined ? undefined : readTextFile(opts.override, '--override'); // a missing file is a usage error (exit 2)
      let problems = report('default box', ruleset.box.defaultData, ruleset);
      if (opts.override && text !== undefined) {
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch (e) {
          console.log(`override ${opts.override}: not valid JSON: ${(e as Error).message.split('\n').join(' ')}`);
          process.exitCode = 1;
          return;
        }
        problems += report(`override ${opts.override}`, data, ruleset);
      }
      process.exitCode = problems ? 1 : 0;
    });
}

function report(label: string, data: unknown, ruleset: AnyRuleset): number {
  const counts: ProvenanceCounts = countProvenance(data);
  const problems = ruleset.box.validate(data);
  console.log(`${label}: hash ${boxHash(data)}`);
  console.log(
    `  ${counts.total} values: ${counts.rulebook} rulebook, ${counts.reference} reference${referenceDetail(counts.referenceByStatus)}, ${counts.reconstructed} reconstructed`,
  );
  console.log(problems.length ? `  ${problems.length} problem(s):\n${problems.map((p) => `    ${p}`).join('\n')}` : '  valid');
  return problems.length;
}

/** " (142 confirmed, 8 inferred)": a reference value argued from a source is not one the source states. */
function referenceDetail(byStatus: Readonly<Record<string, number>>): string {
  const parts = Object.entries(byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${n} ${status}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}
