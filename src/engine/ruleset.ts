/**
 * The ruleset contract: what every game (VITP, A&A Guadalcanal, ...) implements.
 *
 * Pure functions over the game's state S and orders O: no I/O, clock or unseeded randomness (dice and
 * time are inputs). The engine (game.ts) keeps what every game shares: steps, who owes orders, sealed
 * commitments, dice, default orders at deadlines, seed reveals. A ruleset says only what its rules say.
 */
import type { SideView } from './board-view';
import type { RevealChoice } from './sealing';

/** A side's name as the rulebook spells it, e.g. "japanese", "allied". */
export type Side = string;

/** Who may see a piece of information. 'all' = every side and the referee. */
export type Visibility = 'all' | readonly Side[];

/** A rules event produced by adjudication. `data` must be plain JSON. */
export interface RulesEvent<T extends string = string, D = unknown> {
  readonly type: T;
  readonly data: D;
  /** Sides that may see this event (the referee always may). Default 'all'. */
  readonly visibleTo?: Visibility;
}

/** One problem with one line of a side's order text. */
export interface LineError {
  /** 1-based line number in the text the player sent (0 = the message as a whole). */
  readonly line: number;
  /** The offending text, as written. */
  readonly text: string;
  /** What was wrong, in the player's terms. */
  readonly problem: string;
  /** What would be right (syntax, legal choices, "did you mean Yamato?"). */
  readonly hint?: string;
  /** Rule number that forbids it, where one does. */
  readonly rule?: string;
}

export type ParseResult<O> =
  | { readonly ok: true; readonly orders: readonly O[] }
  | {
      readonly ok: false;
      readonly errors: readonly LineError[];
      /** the orders of the lines that were read: the engine checks them too, so one refusal names every problem */
      readonly orders?: readonly O[];
    };

/** How a step takes orders. */
export type StepMode =
  /** all owing sides order at once; orders are sealed until the step resolves */
  | 'simultaneous'
  /** one side at a time (owes has exactly one side) */
  | 'sequential';

/**
 * A step of play: a phase, a sub-step or a decision point (day/night, retreat, ...).
 * Decision points ARE steps: the ruleset returns one whenever a rule asks a side a question.
 */
export interface StepInfo extends RevealChoice {
  /** Unique within a game and stable across replays, e.g. "t3/movement/japanese" or "t3/battle/coral-sea/2/day-night". */
  readonly id: string;
  readonly turn: number;
  /** Human title with the rule number, e.g. "Turn 3: Japanese patrol movement (5.2)". */
  readonly title: string;
  readonly mode: StepMode;
  /** Sides that owe orders at this step. Empty = no side has a choice: the engine resolves it at once. */
  readonly owes: readonly Side[];
  /**
   * System sides (Ruleset.systemSides) that decide at this step: before the step is resolved the
   * engine runs each one's system player (MachinePlayers.system) and hands its orders to the rules
   * as that side's. Absent: those of the game's system sides whose row owes `system`, else none.
   */
  readonly system?: readonly Side[];
  readonly rule?: string;
  /**
   * Who may see this step's dice (engine DieRolled events). Default 'all'. A ruleset sets it for
   * a step whose rolls would give away hidden information (e.g. a search roll for a hidden unit).
   * A single roll may say otherwise for itself (RollOptions.visibleTo).
   */
  readonly diceVisibleTo?: Visibility;
}

/**
 * What one roll may say besides its purpose and rule. `visibleTo`: who sees this die, overriding
 * the step's `diceVisibleTo` (a roll that would name a hidden unit: `[side]`, or `[]` for the
 * referee alone; or `'all'` for a public roll in a step whose dice are hidden).
 */
export interface RollOptions {
  readonly visibleTo?: Visibility;
  /**
   * Draw this die from the game's sealed seed chain (docs/audit.md "Sealed dice"): its seed is
   * revealed only when the game ends, so no revealed turn seed lets a player recompute it. For
   * hidden draws and a system side's secret choices; the game must have sealed dice
   * (Ruleset.sealedDice). Give it a `visibleTo` that keeps it from the sides it is secret from.
   */
  readonly sealed?: true;
}

/** Dice as the ruleset sees them: each call yields the next die and the engine records it as an event. */
export interface Dice {
  /** A d6 roll (1..6). `purpose` names it for the log ("speed roll, Yamato"); `rule` cites it ("6.4"). */
  d6(purpose: string, rule: string, options?: RollOptions): number;
  /**
   * A batch of `n` d6 in one call (a battle box of 12, an attack of 30 dice): the faces in order.
   * Each die is still derived, recorded (one DieRolled each) and verified on its own; `labels[k]`,
   * when given, is die k's purpose in the log ("slot 3: battleship"), else `purpose #k+1`.
   * The engine's dice always have it (a ruleset calls `rollDice` from src/engine/dice.ts, which
   * also serves test doubles that only implement d6).
   */
  roll?(n: number, purpose: string, rule: string, labels?: readonly string[], options?: RollOptions): number[];
  /**
   * A die of any size: 1..`sides`, `sides` a whole number from 2 to 2^32 (a d10, a d100, a pick
   * among 15 ships). Derived like a d6 with the rejection bound of its size (docs/audit.md "Dice");
   * `die(6, ...)` is `d6(...)`. The engine's dice always have it; a ruleset calls `rollDie` or
   * `pick` from src/engine/dice.ts (test doubles with d6 alone then serve six-sided dice only).
   */
  die?(sides: number, purpose: string, rule: string, options?: RollOptions): number;
}

/** What adjudicate receives besides state and orders. */
export interface AdjudicationContext {
  readonly dice: Dice;
  /** Append a rules event; events are applied (evolve) in emission order after adjudicate returns. */
  emit(event: RulesEvent): void;
  /** After emitting `event` on `rules`: the state it folds to when the caller holds it (the audit's fold of the log: src/engine/audit.ts), else undefined. */
  readonly folded?: (rules: unknown, event: RulesEvent) => unknown;
}

/** An option's value: on/off, a number (a turn limit) or one word of a list (a variant). */
export type OptionValue = boolean | number | string;

/** A game's options as chosen at creation, every option present (defaults filled in). */
export type GameOptions = Readonly<Record<string, OptionValue>>;

/** A game option selectable at creation (optional rules, scenario variants). */
export interface OptionSpec {
  readonly id: string;
  readonly title: string;
  readonly rule?: string;
  /** the value when the game does not set it; its type is the option's type (boolean, number or string) */
  readonly default: OptionValue;
  /** a string option: the words it accepts; a number option: none (then `min`/`max` bound it) */
  readonly values?: readonly string[];
  readonly min?: number;
  readonly max?: number;
}

/** What a ruleset needs to set a game up. */
export interface SetupInput<Box> {
  readonly gameId: string;
  readonly scenario?: string;
  readonly options: GameOptions;
  readonly box: Box;
}

/** A seeded generator the random legal player uses (never an unseeded random source). */
export interface Rng {
  /** integer in [0, n) */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
}

/** One section of a game's order reference (see Ruleset.reference). */
export interface ReferenceSection {
  /** The HELP topic, one lower-case word (`orders`, `battle`, `standing`, `defaults`). */
  readonly topic: string;
  /** Other words that ask for the same section (`move`, `combat`). */
  readonly aliases?: readonly string[];
  readonly title: string;
  /** Plain text lines, as mailed; rule numbers in the text are found by `HELP <rule>`. */
  readonly lines: readonly string[];
}

export interface Ruleset<S, O, Box = unknown> {
  readonly id: string;
  readonly name: string;
  /** Every side, in rulebook order. */
  readonly sides: readonly Side[];
  readonly options: readonly OptionSpec[];
  /**
   * Checks across options, once each has its own type and range (e.g. "each side gets as many
   * advantage tokens"): problems, empty when the set is playable. Optional.
   */
  validateOptions?(options: GameOptions): readonly string[];
  readonly engineVersion: string;

  /**
   * Sides the umpire itself plays with these options (a solitaire's system side, a computer side):
   * they take no player and no address, never owe orders (no step may list them in `owes`: at a
   * step where one decides (StepInfo.system) its system player, MachinePlayers.system, decides from
   * its own view and the step's dice and records each decision as a rules event citing the rule or
   * table), get no mail, and are never waited for. Optional: none.
   */
  systemSides?(options: GameOptions): readonly Side[];
  /**
   * True when a game with these options rolls sealed dice (RollOptions.sealed): the game is then
   * created with a second, sealed seed chain beside the main one. Optional: no sealed dice.
   */
  sealedDice?(options: GameOptions): boolean;

  /** The default game box (component data with provenance) and its schema check. */
  readonly box: {
    readonly defaultData: Box;
    /** Validate data (the default or a club's override). Returns problems, empty when valid. */
    validate(data: unknown): readonly string[];
  };

  setup(input: SetupInput<Box>): S;

  /** The step now in play, or null when the game is over. */
  currentStep(state: S): StepInfo | null;

  /**
   * Steps that may still come after the step in play, as far as the rules can tell now: exact ids,
   * `mode` as expected, `owes` = every side that may owe orders there. The engine checks a step id
   * named in `FOR <stepId>` (or SubmitOrders.stepId) against it, parses orders for that step with
   * it, and self-play sends orders ahead with it. Implementing it promises that parseOrders reads
   * the `step` it is given (not only the phase in the state). Optional: without it the game takes
   * orders for the step in play only.
   */
  upcomingSteps?(state: S): readonly StepInfo[];

  /**
   * A section name a player may write after FOR instead of a step id (`FOR FIGHTERS`, `FOR
   * REGROUP`): the id of the step in play or to come that it means for `side`, or null when the name
   * is no section of the game. Called with the name as written (any case). Optional.
   */
  resolveSection?(state: S, side: Side, name: string): string | null;

  /**
   * Parse a side's order text for the current step, or for an upcoming one (`step` is then the
   * upcoming step; the state is today's, so parse what the text says and leave state checks to
   * validateOrders, which runs again when the step comes into play). Per-line errors.
   */
  parseOrders(state: S, side: Side, text: string, step: StepInfo): ParseResult<O>;

  /** Check parsed orders against the state; empty when legal. */
  validateOrders(state: S, side: Side, orders: readonly O[], step: StepInfo): readonly LineError[];

  /** Orders for a side that missed the deadline (documented in the help text). */
  defaultOrders(state: S, side: Side, step: StepInfo): readonly O[];

  /**
   * Standing instructions: a side's stored answers to decision points. Returns orders if the
   * side's standing instructions answer this step, otherwise null (then the side is asked).
   * `standing` is the `orders` array of the side's latest successful parseStanding (the engine
   * routes every order line starting with STANDING there; a new set replaces the old one).
   */
  answerFromStanding?(state: S, side: Side, step: StepInfo, standing: unknown): readonly O[] | null;
  /** Parse a side's standing instructions text (e.g. "STANDING night if outnumbered"). */
  parseStanding?(state: S, side: Side, text: string): ParseResult<unknown>;
  /**
   * The kinds of decision standing instructions answer, each with its defaults (src/engine/standing.ts):
   * a game on the contract declares them on its step table's rows and defineRuleset gathers them
   * here. With kinds, a game starts with every kind's default lines in force and a mail's STANDING
   * lines change one kind at a time; without, a new set replaces the old one.
   */
  readonly standingKinds?: readonly StandingKind[];

  /**
   * The board as `orders` for `step` leave it for `side`'s later steps of the same mail, as far as
   * the rules fix it without dice or the other side (a ship that patrols has moved, a ship turned
   * to raid may raid). The engine checks each FOR section of a mail against the board the mail's
   * earlier sections leave (issue 28), so a section that cannot work is refused when it arrives.
   * Optional: without it each section is checked against the board as it is.
   */
  boardAfter?(state: S, side: Side, step: StepInfo, orders: readonly O[]): S;

  /** Lines the acknowledgment adds under a step's orders: their cost (command points), what is left, each section on the board the earlier leave. Pure. */
  ordersNote?(state: S, side: Side, step: StepInfo, orders: readonly O[]): readonly string[];

  /**
   * The news in rules events (issue 28): points, control changes, units lost and damaged, as short
   * items the umpire puts at the head of a report and sums up in the final mail. Called with one
   * event the reader may see, and the game just before it (a unit sunk by it is still there, with
   * its side and type). Pure. Optional: without it a report's summary has only what the engine
   * knows (who was late, what the reader is asked next).
   */
  news?(event: RulesEvent, before: S): readonly NewsItem[];

  /**
   * Resolve the step. Pure: (state, orders, dice) -> events via ctx.emit. A ruleset that folds its
   * own events as it emits them may return the state they fold to (exactly what evolve gives over
   * every event emitted, in order): the engine then takes it instead of folding them again.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a ruleset that returns nothing keeps its plain void adjudicate
  adjudicate(state: S, step: StepInfo, orders: Readonly<Record<Side, readonly O[]>>, ctx: AdjudicationContext): S | void;

  /** Fold one rules event into the state. Must be total over every event type adjudicate emits. */
  evolve(state: S, event: RulesEvent): S;

  /**
   * What `side` may see of the state (fog of war); side 'referee' sees everything not sealed. Its
   * board view (summary lines, private tables, the map: src/engine/board-view.ts) is what the mail
   * layer shows; the rest is the game's own detail.
   */
  view(state: S, side: Side | 'referee'): SideView;

  /** Lines of narrative for one event, as `side` may read it (only called for events visible to side). */
  narrate(event: RulesEvent, side: Side | 'referee'): readonly string[];

  /** Orders rendered back as text, for the acknowledgment ("as understood"). */
  formatOrders(orders: readonly O[]): string;

  /** Order reference for the step at hand: syntax, legal choices, defaults. Sent for HELP. */
  help(state: S, side: Side, step: StepInfo | null): string;

  /**
   * The game's full order reference as data, one section per HELP topic (`HELP STANDING`,
   * `HELP DEFAULTS`, `HELP ALL`; `HELP 18.33` finds the lines citing a rule). Optional: without
   * it HELP sends the step's card only.
   */
  readonly reference?: readonly ReferenceSection[];

  /**
   * What the game's order lines look like, for the mail reader (src/mail/order-lines.ts): it joins
   * lines a mail client wrapped and sets aside trailing lines that are no order (a name, a
   * tagline). Optional: without it only a list ending in a comma (and the like) is joined and no
   * line is set aside.
   */
  readonly orderLines?: OrderLineGrammar;

  /**
   * What the game offers its adjudication cases (docs/cases.md): a start position written in the
   * game's own terms and checked for consistency (`given.setup`), and units read by id or name
   * (`expectUnits`). Optional: without it cases use `given.state` / `given.events` and state paths.
   */
  readonly cases?: CaseSupport;

  /** Random legal orders for the random player / fuzzer. */
  randomOrders(state: S, side: Side, step: StepInfo, rng: Rng): readonly O[];

  /** Final result once currentStep is null. */
  result(state: S): { readonly winner: Side | 'draw' | null; readonly summary: string };
}

/**
 * A kind of decision standing instructions answer (issue 28), declared on the rows of a game's step
 * table (define.ts StepRow.standing) and gathered into Ruleset.standingKinds.
 */
export interface StandingKind {
  /** The word a player writes after STANDING ASK or STANDING DEFAULT (`RETREAT`): one upper-case word. */
  readonly word: string;
  /** What the kind decides, in the game's words (`retreat or stay after a round of battle`). */
  readonly title: string;
  readonly rule?: string;
  /** The kind's standing lines, as written without STANDING (any case): `/^RETREAT\b/i`. */
  readonly lines: RegExp;
  /** The lines in force from the start for `side` (without STANDING); none: the side is asked. */
  readonly defaults?: (side: Side, options: GameOptions) => readonly string[];
  /** One line a player might write to change it (`RETREAT NEVER`), for the welcome's examples. */
  readonly example?: string;
}

/** One item of news in a rules event (Ruleset.news). */
export interface NewsItem {
  /** points scored, a place changing hands, a unit lost (sunk, destroyed), a unit damaged */
  readonly kind: 'points' | 'control' | 'lost' | 'damaged';
  /** whose points, who now holds the place, whose unit (null: nobody) */
  readonly side: Side | null;
  /** a few words: `Akagi (CV)`, `Coral Sea`, `+3 POC, now Japanese 3` */
  readonly text: string;
  /** the turn it belongs to, where the event says (points by turn in the final mail) */
  readonly turn?: number;
}

/** Ruleset.cases: what a game offers the case runner (src/engine/cases.ts). */
export interface CaseSupport {
  /** given.setup: the rules events that build the position on the state after setup, or what is wrong with it */
  setup?(rules: unknown, setup: unknown): { readonly events: readonly RulesEvent[] } | { readonly problems: readonly string[] };
  /** expectUnits: a unit found by id or name as plain JSON (undefined: none), e.g. with its fate in a battle under way */
  unit?(rules: unknown, ref: string): unknown;
}

/** How a game's order lines look, judged line by line without the game state (Ruleset.orderLines). */
export interface OrderLineGrammar {
  /** The line begins as an order (or a line the order parser reads: a FOR header, a comment) does. */
  startsOrder(line: string): boolean;
  /** The line names something of the game (a unit, a sea area, a port): it is meant as an order. */
  mentionsGame(line: string): boolean;
  /** The line cannot end an order: the next line goes on with it (a list ending in a comma, TO without an area). */
  incomplete(line: string): boolean;
  /** The line cannot begin an order: it goes on with the line above (VIA <area>, the rest of a list). */
  continuation(line: string): boolean;
}

/** Thrown by a ruleset for a rule it does not implement yet: the game stops loudly, citing the rule. */
export class RuleNotImplementedError extends Error {
  constructor(
    readonly ruleset: string,
    readonly rule: string,
    what: string,
  ) {
    super(`${ruleset}: rule ${rule} is not implemented (${what})`);
    this.name = 'RuleNotImplementedError';
  }
}
