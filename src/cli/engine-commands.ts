import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { type BoxCheckExtras, boxHash, countProvenance, type ProvenanceCounts } from '../engine/box';
import type { AnyRuleset } from '../engine/evolve';
import { machinePlayerNames } from '../engine/machine-seats';
import { selfplay, selfplayThrough, type SelfplayOptions, type SelfplayResult } from '../engine/selfplay';
import { rulesets } from '../games';
import { renderMapSvg } from '../mail/map-svg';
import { expandCasePaths, runCases } from './case-files';
import { optionArgs } from './option-args';
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
    .option('--option <id...>', 'switch optional rules on, or set one: --option task-forces airstrike-damage, --option turn-limit=12')
    .option('--player <side=name...>', "a side's machine player by name (default random), e.g. --player usn=historical")
    .option(
      '--max-turns <n>',
      "length of each game's seed chain: a game with no fixed end still in play then stops, counted as unfinished at cap",
      '200',
    )
    .option('--miss-rate <r>', "chance (0 to 1) that a side misses a step's deadline and gets the documented defaults", '0.1')
    .option(
      '--through-store',
      'write every game to the event store in PostgreSQL (DATABASE_URL; append-only, use a scratch database) and replay, verify and audit it as read back',
    )
    .action((id: string, opts: SelfplayCliOptions) => {
      const ruleset = lookup(id);
      const games = positiveInt(opts.games, '--games');
      const tick = Math.max(1, Math.floor(games / (opts.throughStore ? 50 : 10)));
      const options: SelfplayOptions = {
        games,
        options: optionArgs(opts.option ?? [], ruleset),
        players: playerArgs(opts.player ?? [], ruleset),
        maxTurns: positiveInt(opts.maxTurns, '--max-turns'),
        seed: opts.seed,
        maxSteps: positiveInt(opts.maxSteps, '--max-steps'),
        missRate: rate(opts.missRate, '--miss-rate'),
        clock: () => performance.now(),
        onGame: (done, total) => {
          if (done % tick === 0 || done === total) process.stderr.write(`selfplay ${id}: ${done}/${total} games\n`);
        },
      };
      if (!opts.throughStore) return printSelfplay(selfplay(ruleset, options));
      return throughStore(ruleset, options);
    });

  const box = program.command('box').description('game box data');
  box
    .command('export <ruleset> [file]')
    .description("the default box as JSON (to a file, else standard output): the starting point of a club's override")
    .action((id: string, file?: string) => {
      const json = `${JSON.stringify(lookup(id).box.defaultData, null, 2)}\n`;
      if (file === undefined) process.stdout.write(json);
      else {
        writeFileSync(file, json);
        console.log(`default ${id} box written to ${file}`);
      }
    });
  box
    .command('check <ruleset>')
    .description('count values by provenance (rulebook/reference/reconstructed) and validate the box; --override checks a club file')
    .option('--override <file>', "a club's override box (JSON)")
    .option('--map <file>', "write the box's starting position as an SVG map picture (the override's when given)")
    .action((id: string, opts: { override?: string; map?: string }) => {
      const box: BoxCheckEntry = lookup(id).box;
      const text = opts.override === undefined ? undefined : readTextFile(opts.override, '--override'); // a missing file is a usage error (exit 2)
      let problems = report('default box', box.defaultData, box);
      if (opts.override && text !== undefined) {
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch (e) {
          console.log(`override ${opts.override}: not valid JSON: ${(e as Error).message.split('\n').join(' ')}`);
          process.exitCode = 1;
          return;
        }
        problems += report(`override ${opts.override}`, data, box, box.defaultData);
        if (opts.map) problems += writeMap(opts.map, id, box, data);
      } else if (opts.map) problems += writeMap(opts.map, id, box, box.defaultData);
      process.exitCode = problems ? 1 : 0;
    });
}

interface SelfplayCliOptions {
  games: string;
  seed: string;
  maxSteps: string;
  option?: string[];
  player?: string[];
  maxTurns: string;
  missRate: string;
  throughStore?: boolean;
}

/** `--player usn=historical` → { usn: 'historical' }: a side of the game and one of its machine players, else a usage error. */
function playerArgs(words: readonly string[], ruleset: AnyRuleset): Record<string, string> {
  const offered = machinePlayerNames(ruleset);
  const out: Record<string, string> = {};
  for (const word of words) {
    const [side, name] = word.split('=');
    if (!ruleset.sides.includes(side) || !name)
      throw new UsageError(`--player ${word}: expected SIDE=NAME with a side of ${ruleset.id} (${ruleset.sides.join(', ')})`);
    if (!offered.includes(name)) throw new UsageError(`--player ${word}: ${ruleset.id} offers the machine players ${offered.join(', ')}`);
    out[side] = name;
  }
  return out;
}

/** `--miss-rate 0.5` → 0.5; anything outside 0..1 is a usage error naming the flag. */
function rate(text: string, flag: string): number {
  const n = Number(text);
  if (!text.trim() || !Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`${flag} must be a number from 0 to 1, got "${text}"`);
  return n;
}

/** Each game through PostgreSQL's event store (src/services/selfplay-store.ts); loaded only when asked for. */
async function throughStore(ruleset: AnyRuleset, options: SelfplayOptions): Promise<void> {
  const { loadConfig } = await import('../config/config');
  const { createDb } = await import('../store/db');
  const { checkEventTable, selfplayGameId, storeRoundTrip } = await import('../services/selfplay-store');
  const db = createDb(loadConfig().DATABASE_URL, { max: 2 });
  try {
    await checkEventTable(db);
    const runId = randomBytes(4).toString('hex');
    const result = await selfplayThrough(ruleset, options, storeRoundTrip(db, { runId, now: () => new Date() }));
    printSelfplay(result);
    console.log(
      `stored in PostgreSQL as ${selfplayGameId(runId, 0)}${options.games > 1 ? ` .. ${selfplayGameId(runId, options.games - 1)}` : ''}; replayed, verified and audited as read back`,
    );
  } finally {
    await db.close();
  }
}

/** The errors (the first 20), the tally and the throughput; exit code 1 if any game failed. */
function printSelfplay(result: SelfplayResult): void {
  for (const e of result.errors.slice(0, 20)) console.log(`ERROR game ${e.game} (seed ${JSON.stringify(e.gameSeed)}): ${e.message}`);
  if (result.errors.length > 20) console.log(`... and ${result.errors.length - 20} more errors`);
  console.log(
    `${result.games} games (${result.ended} ended, ${result.unfinishedAtCap} unfinished at cap), ${result.events} events, ${result.errors.length} errors in ${(result.elapsedMs / 1000).toFixed(2)} s`,
  );
  const results = Object.keys(result.results)
    .sort()
    .map((k) => `${k} ${result.results[k]}`);
  console.log(`results: ${results.join(', ') || 'none ended'}; unfinished at cap ${result.unfinishedAtCap}`);
  console.log(
    `verified: ${result.verified} ok, ${result.failed} failed; ${result.defaultsApplied} default orders applied (missed deadlines)`,
  );
  console.log(`${result.gamesPerSec.toFixed(1)} games/sec, ${result.eventsPerSec.toFixed(0)} events/sec`);
  process.exitCode = result.errors.length ? 1 : 0;
}

/** A game's box as `umpire box check` reads it: data, schema, and the extras a game on the contract declares. */
type BoxCheckEntry = AnyRuleset['box'] & BoxCheckExtras;

/** The starting position drawn by the report's map pipeline; 1 when the box cannot be drawn. */
function writeMap(file: string, id: string, box: BoxCheckEntry, data: unknown): number {
  if (!box.picture) throw new UsageError(`no map picture for the ${id} box`);
  let picture: ReturnType<NonNullable<BoxCheckEntry['picture']>>;
  try {
    picture = box.picture(data);
  } catch {
    console.log(`map not drawn: the box does not pass its schema`);
    return 1;
  }
  writeFileSync(file, renderMapSvg(picture, `${id}: starting position from the box`));
  console.log(`map: ${file}`);
  return 0;
}

/** `against`: the default box, when `data` is an override (a box with `details` then names each changed value). */
function report(label: string, data: unknown, box: BoxCheckEntry, against?: unknown): number {
  const counts: ProvenanceCounts = countProvenance(data);
  const problems = box.validate(data);
  console.log(`${label}: hash ${boxHash(data)}`);
  console.log(
    `  ${counts.total} values: ${counts.rulebook} rulebook, ${counts.reference} reference${referenceDetail(counts.referenceByStatus)}, ${counts.reconstructed} reconstructed`,
  );
  for (const line of box.details?.(data, against) ?? []) console.log(`  ${line}`);
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
