import type { GameOptions, RulesEvent, Side, StepInfo, Visibility } from './ruleset';

/**
 * Engine events: what the umpire records for every game, whatever the ruleset.
 * Plain JSON data only, so the log replays to the same bytes after a round trip through storage.
 */

type Ev<T extends string, D> = { readonly type: T; readonly data: Readonly<D> };

export interface Player {
  readonly address: string;
  readonly name?: string;
}

export interface Seat {
  readonly side: Side;
  readonly player: Player;
}

export type BoxSource = 'default' | 'override';

export type GameCreated = Ev<
  'GameCreated',
  {
    gameId: string;
    rulesetId: string;
    engineVersion: string;
    /** every option of the ruleset, defaults filled in */
    options: GameOptions;
    scenario: string | null;
    sides: readonly Seat[];
    /** s_0 of the seed chain, hex */
    seedAnchor: string;
    /** s_0 of the sealed seed chain (sealed dice, revealed at the end); absent when the game rolls none */
    sealedSeedAnchor?: string;
    /** turns the seed chains cover (the game's declared length); absent in games created before: 256 */
    seedChainTurns?: number;
    /** sides the umpire plays (Ruleset.systemSides): no seat in `sides`; absent when none */
    systemSides?: readonly Side[];
    /**
     * true: a die not every side sees is numbered in its own private stream (DieRolled.stream), so
     * the public numbering never shows how many dice a side was not shown. Absent in games created
     * before (one numbering for every die of a step).
     */
    diceStreams?: true;
    boxHash: string;
    boxSource: BoxSource;
    /** the box data itself: a game keeps the box it started with, and replays need nothing else */
    box: unknown;
    createdAt: string;
  }
>;

/** Sealed orders for a simultaneous step: only the commitment is ever shown before the step resolves. */
export type OrdersSubmitted = Ev<
  'OrdersSubmitted',
  {
    side: Side;
    stepId: string;
    /** sha256Hex(canonicalJson(orders) + salt) */
    commitment: string;
    /** opaque: sealed by the edge; the engine never reads it */
    sealed: string;
    receivedAt: string;
  }
>;

/**
 * Orders sent ahead for an upcoming step (`FOR <stepId>`): always sealed, whatever the step's mode,
 * since the mode is not known for sure until the step comes. Later ones for the same (side, step)
 * replace earlier ones.
 */
export type OrdersQueued = Ev<
  'OrdersQueued',
  {
    side: Side;
    stepId: string;
    /** sha256Hex(canonicalJson(orders) + salt) */
    commitment: string;
    /** opaque: sealed by the edge; the engine never reads it */
    sealed: string;
    receivedAt: string;
  }
>;

/**
 * The step came into play and the side's queued orders are valid there: they are now its
 * submission. A simultaneous step keeps them sealed (revealed at resolution, as ever); a sequential
 * step takes them opened, as if sent now (`opened`: the side's and the referee's to read).
 */
export type QueuedOrdersUsed = Ev<
  'QueuedOrdersUsed',
  {
    side: Side;
    stepId: string;
    commitment: string;
    receivedAt: string;
    opened?: { orders: readonly unknown[]; salt: string };
  }
>;

/** Queued orders that will not be used; the side is asked as usual if the step owes it orders. */
export type QueuedOrdersDropped = Ev<
  'QueuedOrdersDropped',
  {
    side: Side;
    stepId: string;
    commitment: string;
    /** invalid: validateOrders refused them at the time; not-owed: the step asks other sides; step-passed: the step can no longer come */
    reason: 'invalid' | 'not-owed' | 'step-passed';
    /**
     * Where the orders broke a rule: line numbers and rule numbers only. Never the orders' text, nor
     * a problem or hint (they quote the orders: "Yamato cannot sortie ..."): the orders stay sealed
     * from everyone, the referee and the raw log included; the side learns the full problems by
     * sending the orders again for the step in play. Empty unless reason is 'invalid'. Logs written
     * before this rule may hold more per entry; views read only line and rule.
     */
    errors: readonly DroppedLine[];
  }
>;

/** One rule a dropped queued order broke, without anything it said. */
export interface DroppedLine {
  /** line in the message the side sent (0: the orders as a whole) */
  readonly line: number;
  readonly rule?: string;
}

/** Orders for a sequential step (one side at a time: nothing to seal). */
export type OrdersAccepted = Ev<
  'OrdersAccepted',
  {
    side: Side;
    stepId: string;
    orders: readonly unknown[];
    receivedAt: string;
  }
>;

/**
 * Standing instructions answer decision points, simultaneous ones included, whenever they come: so
 * views show them to their side alone; the referee and the other sides see only that they were set
 * and their commitment (see views.ts). The engine must read them to know who is awaited, so the
 * log keeps them in clear, like sequential orders.
 */
export type StandingInstructionsSet = Ev<
  'StandingInstructionsSet',
  {
    side: Side;
    text: string;
    instructions: unknown;
    setAt: string;
    /** commitmentFor([text], salt): the receipt the side gets (absent in logs from before it) */
    commitment?: string;
    /** sectionSalt(the message's salt, STANDING_SALT_LABEL), see submit.ts; never shown in a view */
    salt?: string;
    /** the game's default instructions, set when the game was created (no commitment: every side reads them in its welcome) */
    byDefault?: true;
  }
>;

export type OrdersRevealed = Ev<
  'OrdersRevealed',
  {
    stepId: string;
    side: Side;
    orders: readonly unknown[];
    salt: string;
    /** the step's revealTo 'owners': this side (and the referee) alone until the game ends */
    visibleTo?: readonly Side[];
  }
>;

export type DefaultOrdersApplied = Ev<
  'DefaultOrdersApplied',
  {
    side: Side;
    stepId: string;
    reason: 'deadline';
    orders: readonly unknown[];
    /** as OrdersRevealed's */
    visibleTo?: readonly Side[];
  }
>;

/** A side's standing instructions answered a step for it (a decision point, usually). */
export type StandingOrdersApplied = Ev<
  'StandingOrdersApplied',
  {
    side: Side;
    stepId: string;
    orders: readonly unknown[];
  }
>;

export type DieRolled = Ev<
  'DieRolled',
  {
    stepId: string;
    turn: number;
    /** the private stream the die is numbered in (dice.ts diceStreamOf); absent for a public die */
    stream?: string;
    index: number;
    face: number;
    purpose: string;
    rule: string;
    /** the roll's own visibleTo (RollOptions) if it gave one, else the step's diceVisibleTo (default 'all') */
    visibleTo: Visibility;
    /** the die's size, 2..2^32; absent for a d6 (every d6 is recorded as before dice of other sizes existed) */
    sides?: number;
    /** present only for dice forced by a case file; the verifier rejects them */
    forced?: true;
    /** drawn from the sealed seed chain (RollOptions.sealed): checkable once SealedSeedRevealed is out */
    sealed?: true;
  }
>;

export type RulesApplied = Ev<'RulesApplied', { stepId: string; event: RulesEvent }>;

export type StepResolved = Ev<
  'StepResolved',
  {
    stepId: string;
    turn: number;
    /** hashCanonical of {side: orders} the step was adjudicated with; keys every die of the step */
    ordersHash: string;
    resolvedAt: string;
  }
>;

export type SeedRevealed = Ev<'SeedRevealed', { turn: number; seed: string }>;

/**
 * The sealed chain's seed of `turn`, revealed just before GameEnded (after a concession's
 * SeedRevealed): it hashes down to every earlier turn's sealed seed, so every sealed die is then
 * checkable. Only in games with a sealedSeedAnchor.
 */
export type SealedSeedRevealed = Ev<'SealedSeedRevealed', { turn: number; seed: string }>;

/**
 * A referee's rollback past a revealed seed (issue 30): the seeds of turns `fromTurn` on were
 * known, so from here on every turn rolls from a fresh chain drawn at the rollback, whose anchor
 * (its s_0) this event commits before any of its dice. `abandoned` reveals the old chain's seed of
 * the turn that was in play (never revealed, now never used) with the anchor it hashes to, so the
 * dice the rollback voided stay checkable. docs/audit.md "Renewed seed chains".
 */
export type SeedChainRenewed = Ev<
  'SeedChainRenewed',
  { fromTurn: number; anchor: string; abandoned: { turn: number; seed: string; anchor: string } | null }
>;

/** One change of a board edit: the value at `path` in the rules state (object keys and array indices) becomes `value`. */
export interface BoardEdit {
  readonly path: readonly (string | number)[];
  readonly value: unknown;
}

/**
 * ADJUST (issue 30): a referee's board edit, for a dispute a rollback cannot settle. Folded like any
 * engine event (the edits set values of the rules state), so re-adjudication re-applies it; the
 * step in play stays the same. `visibleTo`: who may see the edits (a hidden unit's are its side's).
 */
export type BoardAdjusted = Ev<
  'BoardAdjusted',
  { stepId: string | null; edits: readonly BoardEdit[]; referee: string; reason: string; visibleTo: Visibility }
>;

export type GameEnded = Ev<'GameEnded', { winner: Side | 'draw' | null; summary: string }>;

/**
 * A side conceded (mail RESIGN CONFIRM). Always followed by the SeedRevealed of the turn in play
 * (if not yet revealed, so every die rolled is checkable) and by GameEnded naming the winner by
 * concession: the one side left, or no winner when several remain. Orders for the step in play
 * (sealed or not) and orders queued ahead are never adjudicated and are dropped with it.
 */
export type GameConceded = Ev<'GameConceded', { side: Side; stepId: string; turn: number; at: string }>;

export type EngineEvent =
  | GameCreated
  | OrdersSubmitted
  | OrdersAccepted
  | OrdersQueued
  | QueuedOrdersUsed
  | QueuedOrdersDropped
  | StandingInstructionsSet
  | OrdersRevealed
  | DefaultOrdersApplied
  | StandingOrdersApplied
  | DieRolled
  | RulesApplied
  | StepResolved
  | SeedRevealed
  | SealedSeedRevealed
  | SeedChainRenewed
  | BoardAdjusted
  | GameConceded
  | GameEnded;

export type EngineEventType = EngineEvent['type'];

// ---------------------------------------------------------------- state

export interface GameInfo {
  readonly gameId: string;
  readonly rulesetId: string;
  readonly engineVersion: string;
  readonly options: GameOptions;
  readonly scenario: string | null;
  readonly sides: readonly Seat[];
  readonly seedAnchor: string;
  readonly sealedSeedAnchor?: string;
  readonly seedChainTurns?: number;
  readonly systemSides?: readonly Side[];
  /** private dice numbered apart (GameCreated.diceStreams) */
  readonly diceStreams?: true;
  readonly boxHash: string;
  readonly boxSource: BoxSource;
  readonly createdAt: string;
}

/** What a side has handed in for the step in play. */
export type Submission =
  | {
      readonly kind: 'sealed';
      readonly stepId: string;
      readonly commitment: string;
      readonly sealed: string;
      readonly receivedAt: string;
    }
  | {
      readonly kind: 'accepted';
      readonly stepId: string;
      readonly orders: readonly unknown[];
      readonly receivedAt: string;
    };

/** Orders a side sent ahead for an upcoming step, sealed until that step comes into play. */
export interface QueuedSubmission {
  readonly stepId: string;
  readonly commitment: string;
  readonly sealed: string;
  readonly receivedAt: string;
}

export interface Standing {
  readonly text: string;
  readonly instructions: unknown;
  readonly setAt: string;
  /** absent for instructions set before commitments were recorded */
  readonly commitment?: string;
}

export interface EngineState<S = unknown> {
  /** number of events folded in */
  readonly version: number;
  readonly game: GameInfo | null;
  readonly rules: S | null;
  /** the step in play (ruleset.currentStep after the last resolution); null before creation and after the end */
  readonly step: StepInfo | null;
  /** submissions for the step in play, cleared when it resolves */
  readonly submissions: Readonly<Record<Side, Submission>>;
  readonly standing: Readonly<Record<Side, Standing>>;
  /**
   * side -> step id -> orders sent ahead for that step. Absent while nobody has queued anything
   * (so states and snapshots from before queued orders existed keep their bytes and hashes).
   */
  readonly queued?: Readonly<Record<Side, Readonly<Record<string, QueuedSubmission>>>>;
  /** turn -> seed, as revealed */
  readonly revealedSeeds: Readonly<Record<string, string>>;
  readonly result: { readonly winner: Side | 'draw' | null; readonly summary: string } | null;
}

export * from './engine-commands';
