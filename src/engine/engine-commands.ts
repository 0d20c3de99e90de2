/** Engine commands: what the edges ask of the engine (create, submit, resolve, deadline, concede). */
import type { GameOptions, LineError, Side } from './ruleset';
import type { Seat } from './engine-events';

// ---------------------------------------------------------------- commands

/** Turn -> seed (hex). A function or a plain map; the engine verifies each seed against the anchor. */
export type SeedSource = ((turn: number) => string) | Readonly<Record<number, string>>;

/** Orders and salt as they come out of a sealed blob. */
export interface Unsealed {
  readonly orders: readonly unknown[];
  readonly salt: string;
}

export interface CreateGame {
  readonly type: 'CreateGame';
  readonly gameId: string;
  readonly scenario?: string;
  readonly options?: GameOptions;
  readonly sides: readonly Seat[];
  readonly seedAnchor: string;
  /** s_0 of the sealed chain: required when the ruleset rolls sealed dice with these options, refused otherwise */
  readonly sealedSeedAnchor?: string;
  /** turns the seed chains cover (the game's length, src/engine/define.ts seedChainTurns); omitted: 256 */
  readonly seedChainTurns?: number;
  /** a club's override box; omitted = the ruleset's default box */
  readonly box?: unknown;
  /**
   * false: no standing instructions in force at the start (self-play, whose random players answer
   * every decision themselves). Omitted: each seated side starts with the game's default
   * standing instructions (Ruleset.standingKinds, src/engine/standing.ts).
   */
  readonly defaultStanding?: boolean;
  readonly now: string;
}

export interface SubmitOrders {
  readonly type: 'SubmitOrders';
  readonly side: Side;
  /**
   * Order text as the player wrote it. Lines starting with STANDING set standing instructions; a
   * line `FOR <stepId>` (or `STEP <stepId>`) starts the orders for that step; lines before any
   * FOR are for `stepId` (default: the step in play). Orders for an upcoming step are queued.
   */
  readonly text: string;
  /** the step the lines before any FOR are for; omitted = the step in play; an upcoming step queues them */
  readonly stepId?: string;
  /**
   * Random secret drawn by the edge. Each step's orders in the message are committed with their
   * own salt, sectionSalt(salt, stepId), so revealing one step's orders says nothing of another's.
   */
  readonly salt: string;
  readonly now: string;
  /**
   * Seals the plaintext (canonical JSON of {side, stepId, orders, salt}, see sealing.ts) for
   * storage. A string is taken as already sealed by the edge.
   */
  readonly seal: ((plaintext: string) => string) | string;
  /**
   * Told of each FOR section refused when it arrived (issue 28): its orders cannot work on the board
   * the mail's earlier orders leave (Ruleset.boardAfter). The rest of the mail stands; the section is
   * not queued, and the side is asked when its step comes. Nothing of it is recorded.
   */
  readonly refusedAhead?: (refusal: RefusedSection) => void;
}

/** A FOR section refused at arrival: its step and every problem, with the player's line numbers. */
export interface RefusedSection {
  readonly stepId: string;
  readonly title: string;
  readonly errors: readonly LineError[];
}

interface ResolveBase {
  readonly now: string;
  readonly seeds: SeedSource;
  /** the sealed chain's seeds (games with a sealedSeedAnchor): checked against that anchor */
  readonly sealedSeeds?: SeedSource;
  /** the sealed orders of the step in play, opened by the edge, by side (used for that step only) */
  readonly revealed?: Readonly<Record<Side, Unsealed>>;
  /**
   * The inverse of SubmitOrders' `seal`: a sealed blob in, its plaintext out (deterministic, no
   * side effects). Needed when orders queued for an upcoming step come into play during this
   * command (to validate them, and to reveal them when their step resolves); also opens the step
   * in play's sealed orders that `revealed` lacks.
   */
  readonly open?: (sealed: string) => string;
  /** test cases only: dice faces from the case file instead of the seeds */
  readonly forcedDice?: import('./dice').ForcedDiceQueue;
}

/** Resolve the step in play (every owing side has orders), then auto-advance. */
export interface Resolve extends ResolveBase {
  readonly type: 'Resolve';
}

/** The deadline passed: default orders for every side still owing, then resolve and auto-advance. */
export interface Deadline extends ResolveBase {
  readonly type: 'Deadline';
}

/**
 * A side concedes: the game ends now, the other side winning by concession. `seeds` reveals the
 * seed of the turn in play, so the dice already rolled in it can be checked.
 */
export interface Concede {
  readonly type: 'Concede';
  readonly side: Side;
  readonly now: string;
  readonly seeds: SeedSource;
  /** the sealed chain's seeds (games with a sealedSeedAnchor): its seed of the turn in play is revealed */
  readonly sealedSeeds?: SeedSource;
}

export type EngineCommand = CreateGame | SubmitOrders | Resolve | Deadline | Concede;

// ---------------------------------------------------------------- rejections

export type RejectionCode =
  | 'game-exists'
  | 'no-game'
  | 'game-over'
  | 'unknown-side'
  /** a player or address given for a side the umpire plays */
  | 'system-side'
  | 'bad-options'
  | 'bad-box'
  | 'bad-seed'
  /** the turn in play is past the end of the game's seed chain: the hard turn cap of a game with no fixed end */
  | 'seed-chain-exhausted'
  | 'wrong-step'
  | 'not-owed'
  | 'invalid-orders'
  | 'awaiting-orders'
  | 'missing-reveal'
  | 'commitment-mismatch'
  | 'runaway';

/** A command the engine refuses. Nothing changes: no event records a rejection. */
export class CommandRejected extends Error {
  constructor(
    readonly code: RejectionCode,
    message: string,
    readonly errors: readonly LineError[] = [],
  ) {
    super(errors.length ? `${message}\n${errors.map((e) => `  line ${e.line}: ${e.problem} (${e.text})`).join('\n')}` : message);
    this.name = 'CommandRejected';
  }
}

export function assertNever(x: never, what: string): never {
  throw new Error(`unhandled ${what}: ${JSON.stringify(x)}`);
}
