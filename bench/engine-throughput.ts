/**
 * Engine figures of issue 14 for `npm run bench`: VITP self-play games/s with and without the
 * replay checks (state hash, event round trip, dice, re-adjudication), in a fresh process and warm
 * (the same games again: the gap is V8 compiling the hot code), history independence
 * (adjudicating the same step at turn 8 and at turn 1, each from a snapshot plus its tail), and
 * the heap after many games. CPU time of this process is reported beside wall time: the bench
 * machine is shared, and CPU time is what the engine spends. BENCH_BASELINE_DIST adds another build's
 * warm figure from the same run (baselineWarm).
 */
import vm from 'node:vm';
import v8 from 'node:v8';
import { decide, whoIsAwaited } from '../src/engine/decide';
import { makeSeedChain } from '../src/engine/dice';
import type { EngineEvent, EngineState } from '../src/engine/engine-events';
import { evolve, replay, type AnyRuleset } from '../src/engine/evolve';
import { checkReplay, playOneGame, selfplay } from '../src/engine/selfplay';
import { rulesets } from '../src/games';
import { sha256Hex } from '../src/shared/canonical';
import { fleetDuel } from '../test/../src/games/fleet-duel';
import { benchLongGames } from './long-games';

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

export interface EngineThroughput {
  lines: string[];
  figures: Record<string, unknown>;
}

export function benchEngineThroughput(progress: (line: string) => void, size: 'quick' | 'default' | 'full'): EngineThroughput {
  const vitp = rulesets.vitp;
  const games = size === 'full' ? 50 : size === 'quick' ? 2 : 5;
  progress(`engine throughput: ${games} VITP games, play then check, then the same games again`);
  const cold = playAndCheck(vitp, games);
  // the same games once more in the same process: V8 has compiled the hot code by then, so the
  // difference from the first pass is warm-up (the optimising compiler's threads count as CPU)
  const warm = playAndCheck(vitp, games);
  const problems = [...cold.problems, ...warm.problems];
  const events = cold.events;
  const perSec = (n: number, ms: number) => (n * 1000) / ms;
  const throughput = {
    games,
    events,
    problems: problems.length,
    gamesPerSecPlayCpu: perSec(games, cold.playCpu),
    gamesPerSecCheckedCpu: perSec(games, cold.playCpu + cold.checkCpu),
    gamesPerSecPlayWall: perSec(games, cold.playWall),
    gamesPerSecCheckedWall: perSec(games, cold.playWall + cold.checkWall),
    warmGamesPerSecPlayCpu: perSec(games, warm.playCpu),
    warmGamesPerSecCheckedCpu: perSec(games, warm.playCpu + warm.checkCpu),
    warmGamesPerSecPlayWall: perSec(games, warm.playWall),
    warmGamesPerSecCheckedWall: perSec(games, warm.playWall + warm.checkWall),
  };

  const baseline = baselineWarm(vitp, games, progress);
  const steady = steadyRuns(vitp, size === 'full' ? 300 : size === 'quick' ? 10 : 100, progress);

  progress('history independence: the same step at turn 1 and turn 8, from snapshot + tail');
  const history = historyIndependence(vitp, size === 'full' ? 500 : 100);

  const memGames = size === 'full' ? 1000 : size === 'quick' ? 100 : 300;
  progress(`heap after ${memGames} Fleet Duel games played and checked`);
  const heap = heapAfterGames(fleetDuel, memGames);

  const long = benchLongGames(progress, size);

  const f1 = (n: number) => n.toFixed(2);
  const lines = [
    'Engine throughput (VITP self-play, random legal players, default options)',
    `  ${games} games, ${events} events, ${problems.length} check problems`,
    `  without checks   ${f1(throughput.gamesPerSecPlayCpu)} games/s CPU   (${f1(throughput.gamesPerSecPlayWall)} wall)`,
    `  with checks      ${f1(throughput.gamesPerSecCheckedCpu)} games/s CPU   (${f1(throughput.gamesPerSecCheckedWall)} wall)   replay, state hash, JSON-store walk, dice, re-adjudication`,
    `  warm (the same games again in the process): without checks ${f1(throughput.warmGamesPerSecPlayWall)} games/s wall (${f1(throughput.warmGamesPerSecPlayCpu)} CPU), with checks ${f1(throughput.warmGamesPerSecCheckedWall)} wall (${f1(throughput.warmGamesPerSecCheckedCpu)} CPU; target >= 10)`,
    '  (CPU: this process, every thread: the garbage collector and compiler threads run on the second core, so the wall figure is the games a second a player sees on a quiet machine)',
    ...(baseline
      ? [
          `  baseline ${baseline.dist}: warm ${f1(baseline.warmGamesPerSecCheckedCpu)} games/s CPU with checks, this build ${f1(baseline.thisBuildGamesPerSecCheckedCpu)} (${f1(baseline.thisBuildGamesPerSecCheckedCpu / baseline.warmGamesPerSecCheckedCpu)}x; medians of 3 warm passes each, in turn)`,
        ]
      : []),
    ...steady.map(
      (r) =>
        `  ${r.games}-game runs as \`umpire selfplay vitp\` plays them, miss rate ${r.missRate} (${r.eventsPerGame} events a game): ${r.passes.map((p) => `${f1(p.wall)} wall / ${f1(p.cpu)} CPU`).join(', ')} games/s (first run cold)`,
    ),
    `History independence (step ${history.step}: snapshot every 50 events + tail, then adjudicate; median of ${history.runs})`,
    `  adjudication alone: turn 1 ${f1(history.decide1Ms)} ms   turn 8 ${f1(history.decide8Ms)} ms   ratio ${f1(history.decideRatio)} (target <= 1.2)`,
    `  with the load: turn 1 ${f1(history.turn1Ms)} ms (the empty game's snapshot, its tail setting the game up)   turn 8 ${f1(history.turn8Ms)} ms (parsing a ${(history.snapshotBytes[1] / 1000).toFixed(0)} KB snapshot)   ratio ${f1(history.ratio)}`,
    `Heap after many games (Fleet Duel, played and checked in one process, after GC)`,
    `  after ${heap.warmGames} games ${heap.heapAfterWarmMb.toFixed(1)} MB, after ${heap.games} games ${heap.heapAfterMb.toFixed(1)} MB (growth ${(heap.heapAfterMb - heap.heapAfterWarmMb).toFixed(1)} MB)`,
    ...long.lines,
  ];
  return { lines, figures: { throughput, baseline, steady, history, heap, longGames: long.figures } };
}

/**
 * BENCH_BASELINE_DIST=<a built dist/src of another checkout> (e.g. main's: `git worktree add`, then
 * `npx tsc -p tsconfig.build.json` there): the same games played and checked by that build in this
 * process, for a before-and-after in one run on the same machine: its cold pass, then three warm
 * passes of each build in turn (a busy moment of the shared machine falls on both), medians.
 */
function baselineWarm(vitp: AnyRuleset, games: number, progress: (line: string) => void) {
  const dist = process.env.BENCH_BASELINE_DIST;
  if (!dist) return null;
  progress(`baseline: the same ${games} games with the build in ${dist}, then both builds in turn`);
  const engine = require(`${dist}/engine/selfplay`) as { playOneGame: typeof playOneGame; checkReplay: typeof checkReplay };
  const { rulesets: theirs } = require(`${dist}/games`) as { rulesets: Record<string, AnyRuleset> };
  playAndCheck(theirs.vitp, games, engine);
  const perSec = (p: ReturnType<typeof playAndCheck>) => (games * 1000) / (p.playCpu + p.checkCpu);
  const [ours, baseline]: number[][] = [[], []];
  for (let round = 0; round < 3; round++) {
    ours.push(perSec(playAndCheck(vitp, games)));
    baseline.push(perSec(playAndCheck(theirs.vitp, games, engine)));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
  return { dist, warmGamesPerSecCheckedCpu: median(baseline), thisBuildGamesPerSecCheckedCpu: median(ours) };
}

/**
 * Whole self-play runs as the CLI makes them (every game played, replayed and checked), three in a
 * row in this process: the first cold, the later ones warm (V8 has compiled the hot code). With every
 * order written by the players (miss rate 0) and with the CLI's default 0.1 (a missed deadline's
 * documented defaults are cheaper than written orders).
 */
function steadyRuns(vitp: AnyRuleset, games: number, progress: (line: string) => void) {
  return [0, 0.1].map((missRate) => {
    progress(`steady: 3 runs of ${games} VITP games, miss rate ${missRate}`);
    const passes: { wall: number; cpu: number }[] = [];
    let events = 0;
    for (let pass = 0; pass < 3; pass++) {
      const c0 = cpuMs();
      const r = selfplay(vitp, { games, seed: 'umpire', clock: () => performance.now(), missRate });
      if (r.errors.length) throw new Error(`steady run: ${r.errors[0].message}`);
      passes.push({ wall: r.gamesPerSec, cpu: (games * 1000) / (cpuMs() - c0) });
      events = r.events;
    }
    return { games, missRate, eventsPerGame: Math.round(events / games), passes };
  });
}

/** Plays games 0..games-1 and checks each (checkReplay), timing the two apart. */
function playAndCheck(vitp: AnyRuleset, games: number, engine = { playOneGame, checkReplay }) {
  const out = { playCpu: 0, checkCpu: 0, playWall: 0, checkWall: 0, events: 0, problems: [] as string[] };
  for (let g = 0; g < games; g++) {
    const [c0, w0] = [cpuMs(), performance.now()];
    const played = engine.playOneGame(vitp, `bench-throughput/${g}`);
    const [c1, w1] = [cpuMs(), performance.now()];
    out.problems.push(...engine.checkReplay(vitp, played.events, played.state));
    const [c2, w2] = [cpuMs(), performance.now()];
    out.playCpu += c1 - c0;
    out.checkCpu += c2 - c1;
    out.playWall += w1 - w0;
    out.checkWall += w2 - w1;
    out.events += played.events.length;
  }
  return out;
}

/**
 * The same step (same local id) at turn 1 and turn 8 of one self-played game: the state at the
 * snapshot below the step (every 50 events, as the service snapshots) as JSON, then per run: parse
 * it, fold the tail, adjudicate (decide Resolve). A game that ends before turn 8 is passed over.
 */
function historyIndependence(ruleset: AnyRuleset, runs: number) {
  for (let g = 0; g < 20; g++) {
    const gameSeed = `bench-history/${g}`;
    const ready: EngineState<unknown>[] = [];
    const { events } = playOneGame(ruleset, gameSeed, {
      reload: (s) => {
        if (s.step && !whoIsAwaited(s, ruleset).length) ready.push(s);
        return s;
      },
    });
    const local = (s: EngineState<unknown>) => s.step!.id.replace(/^t\d+\//, '');
    const firstOfTurn1 = ready.filter((s) => s.step!.turn === 1);
    const at8 = new Map(ready.filter((s) => s.step!.turn === 8).map((s) => [local(s), s]));
    const t1 = firstOfTurn1.find((s) => at8.has(local(s)));
    if (!t1) continue;
    const t8 = at8.get(local(t1))!;
    const chain = makeSeedChain(Buffer.from(sha256Hex(`secret:${gameSeed}`), 'hex'), 200);
    const prepare = (target: EngineState<unknown>) => {
      const snapAt = Math.floor(target.version / 50) * 50;
      return { snapshot: JSON.stringify(replay(events.slice(0, snapAt), ruleset)), tail: events.slice(snapAt, target.version) };
    };
    // the whole (parse the snapshot, fold the tail, adjudicate) and the adjudication alone: turn 1's
    // snapshot is the empty game, so its tail sets the game up, where turn 8 parses a snapshot instead
    const once = ({ snapshot, tail }: { snapshot: string; tail: readonly EngineEvent[] }) => {
      const t0 = performance.now();
      let s = JSON.parse(snapshot) as EngineState<unknown>;
      for (const e of tail) s = evolve(s, e, ruleset);
      const t1 = performance.now();
      decide({ type: 'Resolve', now: 'bench', seeds: (turn) => chain.seeds[turn], open: (x) => x }, s, ruleset);
      const t2 = performance.now();
      return { whole: t2 - t0, decide: t2 - t1 };
    };
    const [p1, p8] = [prepare(t1), prepare(t8)];
    for (let r = 0; r < 5; r++) {
      // warm up
      once(p1);
      once(p8);
    }
    // interleaved, so a busy moment of the shared machine falls on both alike
    const ms1: { whole: number; decide: number }[] = [];
    const ms8: typeof ms1 = [];
    for (let r = 0; r < runs; r++) {
      ms1.push(once(p1));
      ms8.push(once(p8));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const turn1Ms = median(ms1.map((m) => m.whole));
    const turn8Ms = median(ms8.map((m) => m.whole));
    const decide1Ms = median(ms1.map((m) => m.decide));
    const decide8Ms = median(ms8.map((m) => m.decide));
    return {
      step: local(t1),
      runs,
      game: gameSeed,
      events: events.length,
      turn1Ms,
      turn8Ms,
      ratio: turn8Ms / turn1Ms,
      decide1Ms,
      decide8Ms,
      decideRatio: decide8Ms / decide1Ms,
      snapshotBytes: [p1.snapshot.length, p8.snapshot.length],
    };
  }
  throw new Error('no self-played game reached turn 8 with a step also played at turn 1');
}

function heapAfterGames(ruleset: AnyRuleset, games: number) {
  const warmGames = Math.floor(games / 10);
  let heapAfterWarmMb = 0;
  for (let g = 0; g < games; g++) {
    const played = playOneGame(ruleset, `bench-heap/${g}`);
    const problems = checkReplay(ruleset, played.events, played.state);
    if (problems.length) throw new Error(`heap bench game ${g}: ${problems[0]}`);
    if (g + 1 === warmGames) {
      gc();
      heapAfterWarmMb = process.memoryUsage().heapUsed / 1e6;
    }
  }
  gc();
  return { games, warmGames, heapAfterWarmMb, heapAfterMb: process.memoryUsage().heapUsed / 1e6 };
}
