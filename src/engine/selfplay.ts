import { canonicalEqual, notPlainJson, sha256Hex } from '../shared/canonical';
import { decideAndApply, whoIsAwaited } from './decide';
import { makeSealedSeedChain, makeSeedChain } from './dice';
import { CommandRejected, type EngineCommand, type EngineEvent, type EngineState } from './engine-events';
import { initialState, replay, stateHash, type AnyRuleset } from './evolve';
import { seededRng, type SeededRng } from './random-player';
import { type MachinePlayer, machinePlayerOf, turnOf } from './players';
import { type GameOptions, RuleNotImplementedError, type Side } from './ruleset';
import { auditGameLog } from './audit';
import { verifyGameLog } from './verify';

/**
 * Self-play: random legal players play whole games through decide/evolve (the game's players.random,
 * on the machine-player contract: each reads its side's view only, src/engine/players.ts); each game's log is then
 * round-tripped through storage, replayed from scratch and checked: same state hash, same event
 * hash chain, every die verifies from the revealed seeds, every step re-adjudicates to the recorded
 * outcome. The store is JSON by default (which keeps key order), checked without writing the log
 * out: a log of plain JSON data all through is its own round trip (checkReplay). `selfplayThrough`
 * takes the edge's own (the CLI's `--through-store` writes each game to PostgreSQL and reads it
 * back, keys re-sorted by JSONB). Pure: the caller passes the clock used for the throughput figures.
 */

export interface SelfplayOptions {
  readonly games: number;
  readonly seed: string;
  /** milliseconds, monotonic (the CLI passes performance.now) */
  readonly clock: () => number;
  /** steps per game before it counts as a runaway */
  readonly maxSteps?: number;
  /** length of each game's seed chain */
  readonly maxTurns?: number;
  /** chance (0..1) that a side misses a deadline and gets default orders */
  readonly missRate?: number;
  /** chance (0..1) that a side sends orders twice (the later replace the earlier) */
  readonly resendRate?: number;
  /**
   * chance (0..1) that a side's message also holds orders for an upcoming step it may owe
   * (`FOR <stepId>` section; rulesets with upcomingSteps only)
   */
  readonly aheadRate?: number;
  /** the game's options (optional rules), as `umpire game create --option` would set them */
  readonly options?: GameOptions;
  /** the machine player of each side by name (`random`, or one of the game's `players.named`); random when not given */
  readonly players?: Readonly<Record<Side, string>>;
  /** standing instructions (STANDING lines) each side sends with its first orders */
  readonly standing?: Readonly<Record<Side, string>>;
  /**
   * Stands in for the service loading a game between commands (a snapshot's JSON, PostgreSQL's
   * JSONB): each state decide sees goes through it first.
   */
  readonly reload?: (state: EngineState<unknown>) => EngineState<unknown>;
  readonly onGame?: (done: number, total: number) => void;
}

/** Which game of a run a storage round trip carries. */
export interface SelfplayGame {
  readonly index: number;
  readonly gameSeed: string;
}

/** A game's log as storage gives it back (the default: a JSON round trip). */
export type StoreRoundTrip = (game: SelfplayGame, events: readonly EngineEvent[]) => readonly EngineEvent[];
/** The same at the edge, where storage is a database: problems it finds itself (a broken hash chain) throw. */
export type AsyncStoreRoundTrip = (game: SelfplayGame, events: readonly EngineEvent[]) => Promise<readonly EngineEvent[]>;

const jsonRoundTrip: StoreRoundTrip = (_game, events) => JSON.parse(JSON.stringify(events)) as EngineEvent[];

export interface SelfplayError {
  readonly game: number;
  readonly gameSeed: string;
  readonly message: string;
}

export interface SelfplayResult {
  readonly games: number;
  /** games that reached their end (currentStep null, GameEnded recorded) */
  readonly ended: number;
  /**
   * games with no fixed end still in play when their seed chain (`maxTurns` turns, the hard cap)
   * ran out: stopped loudly by the engine (`seed-chain-exhausted`), replayed and checked like the
   * rest, counted apart from errors
   */
  readonly unfinishedAtCap: number;
  /** games ended, by result: winner side, 'draw', or 'none' (ended with no winner) */
  readonly results: Readonly<Record<string, number>>;
  readonly events: number;
  /** games whose stored log replayed, verified and audited without a problem */
  readonly verified: number;
  /** games with at least one error */
  readonly failed: number;
  /** DefaultOrdersApplied events: a side missed a deadline and the documented defaults chose */
  readonly defaultsApplied: number;
  readonly errors: readonly SelfplayError[];
  readonly elapsedMs: number;
  readonly gamesPerSec: number;
  readonly eventsPerSec: number;
}

export function selfplay(ruleset: AnyRuleset, opts: SelfplayOptions, store?: StoreRoundTrip): SelfplayResult {
  const run = new Run(opts);
  for (const game of run.games()) {
    try {
      const played = playOneGame(ruleset, game.gameSeed, opts);
      run.played(game, played, checkReplay(ruleset, played.events, played.state, store?.(game, played.events)));
    } catch (e) {
      run.failed(game, e);
    }
    opts.onGame?.(game.index + 1, opts.games);
  }
  return run.result();
}

/** selfplay with an asynchronous storage round trip (the edge's database): the same games, the same checks. */
export async function selfplayThrough(ruleset: AnyRuleset, opts: SelfplayOptions, store: AsyncStoreRoundTrip): Promise<SelfplayResult> {
  const run = new Run(opts);
  for (const game of run.games()) {
    try {
      const played = playOneGame(ruleset, game.gameSeed, opts);
      run.played(game, played, checkReplay(ruleset, played.events, played.state, await store(game, played.events)));
    } catch (e) {
      run.failed(game, e);
    }
    opts.onGame?.(game.index + 1, opts.games);
  }
  return run.result();
}

/** One run's tally; its games' seeds come from the run's seed. */
class Run {
  private readonly errors: SelfplayError[] = [];
  private events = 0;
  private ended = 0;
  private unfinishedAtCap = 0;
  private readonly results: Record<string, number> = {};
  private verified = 0;
  private defaultsApplied = 0;
  private readonly start: number;

  constructor(private readonly opts: SelfplayOptions) {
    this.start = opts.clock();
  }

  *games(): Generator<SelfplayGame> {
    const master = seededRng(this.opts.seed);
    for (let index = 0; index < this.opts.games; index++) yield { index, gameSeed: `${this.opts.seed}/${index}/${master.hex(8)}` };
  }

  played(game: SelfplayGame, played: Played, problems: readonly string[]): void {
    this.events += played.events.length;
    this.defaultsApplied += played.events.filter((e) => e.type === 'DefaultOrdersApplied').length;
    if (played.state.result) {
      this.ended++;
      const key = played.state.result.winner ?? 'none';
      this.results[key] = (this.results[key] ?? 0) + 1;
    }
    if (played.unfinishedAtCap) this.unfinishedAtCap++;
    if (!problems.length) this.verified++;
    for (const message of problems) this.errors.push({ game: game.index, gameSeed: game.gameSeed, message });
    // a game still being built stopped at a rule it lacks: replayed and checked, and an error all the same
    if (played.stopped) this.errors.push({ game: game.index, gameSeed: game.gameSeed, message: played.stopped.message });
  }

  failed(game: SelfplayGame, e: unknown): void {
    this.errors.push({ game: game.index, gameSeed: game.gameSeed, message: e instanceof Error ? e.message : String(e) });
  }

  result(): SelfplayResult {
    const elapsedMs = this.opts.clock() - this.start;
    const perSec = (n: number) => (elapsedMs > 0 ? (n * 1000) / elapsedMs : 0);
    return {
      games: this.opts.games,
      ended: this.ended,
      unfinishedAtCap: this.unfinishedAtCap,
      results: this.results,
      events: this.events,
      verified: this.verified,
      failed: new Set(this.errors.map((e) => e.game)).size,
      defaultsApplied: this.defaultsApplied,
      errors: this.errors,
      elapsedMs,
      gamesPerSec: perSec(this.opts.games),
      eventsPerSec: perSec(this.events),
    };
  }
}

interface Played {
  readonly events: EngineEvent[];
  readonly state: EngineState<unknown>;
  /** the game was still in play when its seed chain ran out (a game with no fixed end) */
  readonly unfinishedAtCap?: true;
  /**
   * an unfinished game (DefinedRuleset.unfinished) stopped at a rule it lists as missing: the game
   * as far as it went, for the checks a whole game gets; self-play counts it as an error
   */
  readonly stopped?: RuleNotImplementedError;
}

/** The error, when it is an unfinished game's own RuleNotImplementedError for a rule it lists as missing. */
export function stoppedAtMissingRule(ruleset: AnyRuleset, e: unknown): RuleNotImplementedError | null {
  const missing = (ruleset as { unfinished?: { missing: readonly string[] } }).unfinished?.missing ?? [];
  return e instanceof RuleNotImplementedError && e.ruleset === ruleset.id && missing.includes(e.rule) ? e : null;
}

/** One game between random players; throws on anything a legal game must never do. */
export function playOneGame(
  ruleset: AnyRuleset,
  gameSeed: string,
  opts: Pick<
    SelfplayOptions,
    'maxSteps' | 'maxTurns' | 'missRate' | 'resendRate' | 'aheadRate' | 'options' | 'players' | 'standing' | 'reload'
  > = {},
): Played {
  const rng = seededRng(gameSeed);
  const chain = makeSeedChain(Buffer.from(sha256Hex(`secret:${gameSeed}`), 'hex'), opts.maxTurns ?? 200);
  const maxSteps = opts.maxSteps ?? 10_000;
  const events: EngineEvent[] = [];
  let state = initialState();
  let tick = 0;
  const reload = opts.reload ?? ((s: EngineState<unknown>) => s);
  const run = (cmd: EngineCommand): void => {
    state = reload(state);
    const out = decideAndApply(cmd, state, ruleset);
    state = out.state;
    events.push(...out.events);
  };
  const now = () => `selfplay+${tick++}`;
  const seeds = (turn: number) => chain.seeds[turn];
  const options = opts.options ?? {};
  // a game with sealed dice: the sealed chain from the same secret, as the service makes it
  const sealed = ruleset.sealedDice?.({ ...defaultsOf(ruleset), ...options })
    ? makeSealedSeedChain(Buffer.from(sha256Hex(`secret:${gameSeed}`), 'hex'), opts.maxTurns ?? 200)
    : null;
  const sealedSeeds = sealed ? { sealedSeeds: (turn: number) => sealed.seeds[turn] } : {};
  const system = ruleset.systemSides?.({ ...defaultsOf(ruleset), ...options }) ?? [];
  const playerOf = (side: Side): MachinePlayer => machinePlayerOf(ruleset, opts.players?.[side] ?? 'random');

  run({
    type: 'CreateGame',
    gameId: gameSeed,
    options,
    seedAnchor: chain.anchor,
    ...(sealed ? { sealedSeedAnchor: sealed.anchor } : {}),
    now: now(),
    // random players answer every decision themselves: no default standing instructions (a fuzzer)
    defaultStanding: false,
    // the umpire plays the system sides: no seat
    sides: ruleset.sides
      .filter((side) => !system.includes(side))
      .map((side) => ({ side, player: { address: `${side}@selfplay.invalid`, name: side } })),
  });
  const told = new Set<Side>();
  for (let steps = 0; state.step; steps++) {
    if (steps >= maxSteps) throw new Error(`game did not end within ${maxSteps} steps (stuck at ${state.step.id})`);
    const awaited = whoIsAwaited(state, ruleset);
    let missed = false;
    for (const side of awaited) {
      if (rng.int(1000) < (opts.missRate ?? 0.1) * 1000) {
        missed = true;
        continue;
      }
      const sends = rng.int(1000) < (opts.resendRate ?? 0.1) * 1000 ? 2 : 1;
      const standing = opts.standing?.[side] && !told.has(side) ? `${opts.standing[side]}\n` : '';
      told.add(side);
      for (let i = 0; i < sends; i++) submitMachine(ruleset, playerOf(side), state, side, rng, run, now(), opts.aheadRate ?? 0.2, standing);
    }
    // Self-play seals with the identity: opening is reading the plaintext back.
    try {
      run({ type: missed ? 'Deadline' : 'Resolve', now: now(), seeds, ...sealedSeeds, open: (blob) => blob });
    } catch (e) {
      if (e instanceof CommandRejected && e.code === 'seed-chain-exhausted') return { events, state, unfinishedAtCap: true };
      const stopped = stoppedAtMissingRule(ruleset, e);
      if (stopped) return { events, state, stopped };
      throw e;
    }
  }
  return { events, state };
}

function submitMachine(
  ruleset: AnyRuleset,
  player: MachinePlayer,
  state: EngineState<unknown>,
  side: Side,
  rng: SeededRng,
  run: (cmd: EngineCommand) => void,
  now: string,
  aheadRate: number,
  standing = '',
): void {
  const text =
    standing + player(turnOf(ruleset, state, side, state.step!, rng)) + ordersAhead(ruleset, player, state, side, rng, aheadRate);
  try {
    run({ type: 'SubmitOrders', side, text, salt: rng.hex(16), now, seal: (plaintext) => plaintext });
  } catch (e) {
    if (e instanceof CommandRejected)
      throw new Error(`machine orders of ${side} at ${state.step!.id} were rejected: ${e.message}\n--- orders ---\n${text}`);
    throw e;
  }
}

/**
 * Sometimes a `FOR <stepId>` section with random orders for an upcoming step the side may owe,
 * drawn from today's state: by the time the step comes they may be valid, replaced, or dropped.
 */
function ordersAhead(
  ruleset: AnyRuleset,
  player: MachinePlayer,
  state: EngineState<unknown>,
  side: Side,
  rng: SeededRng,
  rate: number,
): string {
  if (!ruleset.upcomingSteps || rng.int(1000) >= rate * 1000) return '';
  const candidates = ruleset.upcomingSteps(state.rules).filter((step) => step.owes.includes(side));
  if (!candidates.length) return '';
  const step = rng.pick(candidates);
  return `\nFOR ${step.id}\n${player(turnOf(ruleset, state, side, step, rng))}`;
}

/**
 * Problems found replaying a finished game's log as storage handed it back (`stored`). Without
 * `stored`, the store is JSON: the log is walked once for anything JSON would not give back as
 * written (notPlainJson), and a log that is plain JSON all through is its own round trip, so the
 * checks below run on it as they would on the copy read back.
 */
export function checkReplay(
  ruleset: AnyRuleset,
  events: readonly EngineEvent[],
  live: EngineState<unknown>,
  given?: readonly EngineEvent[],
): string[] {
  const problems: string[] = [];
  let stored = given ?? events;
  if (!given) {
    let trouble: string | null = null;
    for (let i = 0; trouble === null && i < events.length; i++) trouble = notPlainJson(events[i], `event #${i}`);
    if (trouble) {
      problems.push(`event hash chain changes after the storage round trip: ${trouble}`);
      stored = jsonRoundTrip({ index: 0, gameSeed: '' }, events);
    }
  } else {
    if (stored.length !== events.length) problems.push(`storage gave back ${stored.length} of the game's ${events.length} events`);
    // the hash chains are equal exactly when every event's canonical JSON is: compared without writing them
    if (stored.length !== events.length || !stored.every((e, i) => canonicalEqual(e, events[i])))
      problems.push('event hash chain changes after the storage round trip (an event holds non-JSON data, or storage changed one)');
  }
  // the audit folds the whole log as it goes: its fold is the replay (folded apart only when it stops early)
  let replayed: EngineState<unknown> | undefined;
  const audit = auditGameLog(stored, ruleset, (state) => {
    replayed = state;
  });
  replayed ??= replay(stored, ruleset);
  // the hashes are equal exactly when the states' canonical JSON is: compared without writing them, hashed to be named
  if (!canonicalEqual(replayed, live)) {
    const [replayedHash, liveHash] = [stateHash(replayed), stateHash(live)];
    if (replayedHash !== liveHash) problems.push(`replayed state hash ${replayedHash} differs from the live state hash ${liveHash}`);
  }
  const report = verifyGameLog(stored);
  if (!report.ok) problems.push(`dice verification failed: ${report.firstMismatch!.message} (event #${report.firstMismatch!.eventIndex})`);
  if (!audit.ok) problems.push(`re-adjudication differs: ${audit.firstMismatch!.message} (event #${audit.firstMismatch!.eventIndex})`);
  if (live.step === null && report.dicePending > 0)
    problems.push(`${report.dicePending} dice still unverifiable after the game ended (a turn's seed was never revealed)`);
  if (live.step === null && report.sealedPending > 0)
    problems.push(`${report.sealedPending} sealed dice still unverifiable after the game ended (the sealed seed was never revealed)`);
  return problems;
}

/** Every option at its default (the ruleset's hooks read a whole option set). */
function defaultsOf(ruleset: AnyRuleset): GameOptions {
  return Object.fromEntries(ruleset.options.map((o) => [o.id, o.default]));
}
