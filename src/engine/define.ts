/**
 * The game contract (issue 25): a game declares itself once with defineRuleset, in its own folder,
 * and registers that one value in src/games/index.ts. The declaration names its sides, its options
 * (with the options each one needs), its step table (one row per kind of step: who owes orders,
 * the rule, the title, the FOR word, the deadline class in the game's own words), its length (the
 * seed chain is sized from it), its box with the extras `umpire box check` prints, its view (never
 * defaulted: fog of war is the game's to say) and its machine players. defineRuleset checks the
 * declaration and fills in safe defaults for what a game may leave out.
 */
import type { BoxCheckExtras } from './box';
import type { SideView } from './board-view';
import {
  type AdjudicationContext,
  type GameOptions,
  type OptionSpec,
  type Rng,
  RuleNotImplementedError,
  type Ruleset,
  type Side,
  type StandingKind,
  type StepInfo,
} from './ruleset';
import type { MachinePlayers } from './players';
import { STEP_KINDS, type ClassifiesSteps, type StepKind } from './step-kinds';

/** Who owes orders at a kind of step. */
export type StepOwes =
  /** one side at a time */
  | 'one'
  /** one side or several at once (several: sealed until the step resolves), as the moment requires */
  | 'several'
  /** nobody: the engine resolves it at once (dice, bookkeeping) */
  | 'none'
  /** the sides the umpire plays (Ruleset.systemSides): each one's system player decides before the step is resolved */
  | 'system';

/**
 * How a row's step is resolved: the game's rules for that step (state, the orders of the sides that
 * owed them, dice and emit in `ctx`), returning the state its events fold to, as adjudicate does.
 */
export type StepHandler<S = unknown, O = unknown> = (
  state: S,
  step: StepInfo,
  orders: Readonly<Record<Side, readonly O[]>>,
  ctx: AdjudicationContext,
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler may fold nothing itself (the engine then folds its events)
) => S | void;

/** One row of a game's step table: a kind of step, as the rulebook's sequence of play names it. */
export interface StepRow<S = unknown, O = unknown> {
  /** The row's id, unique in the table (e.g. `patrol`, `mov/1-transports`, `retreat`). */
  readonly id: string;
  readonly owes: StepOwes;
  /** The rule that sets this step (e.g. `5.21`, `MOV.1`). */
  readonly rule: string;
  /** What the step is, in the rulebook's words (`patrol movement and repairs`). */
  readonly title: string;
  /** The word a player writes after FOR to send orders for this step ahead (`FOR FIGHTERS`); none: the step id only. */
  readonly for?: string;
  /** The deadline class the referee sets lengths for (`orders`, `battle`, `placement`). */
  readonly deadline: StepKind;
  /** The deadline class in the game's own words, for the welcome and HELP (`a battle decision`). */
  readonly deadlineWords?: string;
  /**
   * The kinds of decision at this step that standing instructions answer, each with its default
   * lines (issue 28: economy by default; src/engine/standing.ts). A kind serving several rows is
   * the same value on each. The welcome lists the defaults in force and says, step by step, who is
   * asked and what answers for whom.
   */
  readonly standing?: readonly StandingKind[];
  /** The sides this row's steps can ask (`['japanese']` for a Japanese choice); default: every side. */
  readonly sides?: readonly Side[];
  /** The option the row comes with (its steps come only with that option on); default: none. */
  readonly option?: string;
  /** When the row comes, where not every turn, in the game's words (`turn 1 only`). */
  readonly only?: string;
  /**
   * The rules of this step. A game whose rows all have one declares no `adjudicate`: the engine
   * resolves each step by its row's handler. (A game may still give one adjudicate for every step.)
   */
  readonly resolve?: StepHandler<S, O>;
}

/** A game's step table: its rows, and which row a step in play belongs to. */
export interface StepTable<S = unknown, O = unknown> {
  readonly rows: readonly StepRow<S, O>[];
  /** The id of the row `step` is an instance of (every step the game yields belongs to exactly one row). */
  rowOf(step: StepInfo): string;
}

/** How long a game lasts with given options: its turns (each turn draws from one seed of the chain). */
export interface GameLength {
  readonly turns: number;
}

/** An option and the options it needs on (`requires`: a variant that only makes sense with another). */
export interface DeclaredOption extends OptionSpec {
  /** Boolean options that must be on when this one is set (on, or not its default). */
  readonly requires?: readonly string[];
}

/**
 * What a game declares: the Ruleset's functions, and the contract's data. `V` is the type of its
 * view: random orders are drawn from a side's view (never the state), so the random player, the
 * fuzzer and the answer card's example all know only what the side knows.
 */
export type RulesetDeclaration<S, O, Box, V extends SideView = SideView> = Omit<
  Ruleset<S, O, Box>,
  'box' | 'options' | 'view' | 'randomOrders' | 'adjudicate'
> & {
  readonly options: readonly DeclaredOption[];
  /** Resolve a step; optional when every row of the step table has its handler (`resolve`). */
  readonly adjudicate?: Ruleset<S, O, Box>['adjudicate'];
  /** What `side` may see of the state (fog of war); 'referee' sees everything not sealed. What machine players read. */
  view(state: S, side: Side | 'referee'): V;
  /** Random legal orders for `side` at `step`, from its view alone. */
  randomOrders(view: V, side: Side, step: StepInfo, rng: Rng): readonly O[];
  readonly steps: StepTable<S, O>;
  /** The game's length with these options and box (the longest it can run): the seed chain covers every turn of it. */
  length(options: GameOptions, box: Box): GameLength;
  readonly box: Ruleset<S, O, Box>['box'] & BoxCheckExtras;
  /**
   * Machine players (src/engine/players.ts); `random` defaults to randomOrders written out with
   * formatOrders. `system` holds the player of each system side: required for every side the umpire
   * plays at a step where it decides (the engine stops naming the side when one is missing).
   */
  readonly players?: Partial<MachinePlayers<V, O>>;
  /** A game still being built (see Unfinished); absent: every rule is implemented. */
  readonly unfinished?: Unfinished;
};

/**
 * A registered game still being built: the issue building it and the rules not implemented yet.
 * Play that reaches one of them stops with RuleNotImplementedError naming it (never a silent pass),
 * so self-play of such a game ends in that error; generic tests that play every registered game to
 * its end hold an unfinished game to that instead (test/games/contract.spec.ts).
 */
export interface Unfinished {
  readonly issue: number;
  /** the rule numbers not implemented, each as the game's RuleNotImplementedError cites it */
  readonly missing: readonly string[];
}

/** A game on the contract: a Ruleset with its step table, length, box extras and players. */
export type DefinedRuleset<S, O, Box> = Ruleset<S, O, Box> &
  ClassifiesSteps & {
    readonly options: readonly DeclaredOption[];
    readonly steps: StepTable<S, O>;
    length(options: GameOptions, box: Box): GameLength;
    readonly box: Ruleset<S, O, Box>['box'] & BoxCheckExtras;
    readonly players: MachinePlayers;
    readonly unfinished?: Unfinished;
    /** The row of the step table `step` belongs to; throws naming the step when none does (a game bug). */
    stepRow(step: StepInfo): StepRow<S, O>;
  };

/**
 * A game, checked and with its defaults: no system sides, no sealed dice, option dependencies
 * checked after the game's own checks, the deadline class and the FOR words read from the step
 * table. The view, the step table, the length and the players are never defaulted.
 */
export function defineRuleset<S, O, Box, V extends SideView = SideView>(decl: RulesetDeclaration<S, O, Box, V>): DefinedRuleset<S, O, Box> {
  const problems = declarationProblems(decl as unknown as RulesetDeclaration<unknown, unknown, unknown>);
  if (problems.length) throw new Error(`defineRuleset ${decl.id}: ${problems.join('; ')}`);
  const rows = new Map(decl.steps.rows.map((row) => [row.id, row]));
  // a step is never changed once made: its row is looked up once per step
  const rowOfStep = new WeakMap<StepInfo, StepRow<S, O>>();
  const stepRow = (step: StepInfo): StepRow<S, O> => {
    const known = rowOfStep.get(step);
    if (known) return known;
    const id = decl.steps.rowOf(step);
    const row = rows.get(id);
    if (!row) throw new Error(`${decl.id}: step ${step.id} belongs to row "${id}", which is not in the step table`);
    rowOfStep.set(step, row);
    return row;
  };
  const ownChecks = decl.validateOptions;
  return {
    ...decl,
    systemSides: decl.systemSides ?? (() => []),
    sealedDice: decl.sealedDice ?? (() => false),
    validateOptions: (options) => [...(ownChecks?.(options) ?? []), ...dependencyProblems(decl.options, options)],
    adjudicate:
      decl.adjudicate ??
      ((state, step, orders, ctx) => {
        const row = stepRow(step);
        if (!row.resolve) throw new RuleNotImplementedError(decl.id, row.rule, `step ${step.id} (row ${row.id}) has no handler`);
        return row.resolve(state, step, orders, ctx);
      }),
    resolveSection: decl.resolveSection ?? ((state, side, name) => sectionStep(decl, stepRow, state, side, name)),
    standingKinds: decl.standingKinds ?? kindsOfRows(decl.steps.rows),
    stepKind: (step) => stepRow(step).deadline,
    stepRow,
    // the ruleset's random orders (the fuzzer's, the answer card's example) go through the side's view too
    randomOrders: (state, side, step, rng) => decl.randomOrders(decl.view(state, side), side, step, rng),
    players: {
      random: ({ view, side, step, dice }) => decl.formatOrders(decl.randomOrders(view as V, side, step, dice)),
      ...decl.players,
    } as MachinePlayers,
  };
}

/** `FOR <word>`: the step in play or to come, owed by `side`, whose row has that word. */
function sectionStep<S, O, Box, V extends SideView>(
  decl: RulesetDeclaration<S, O, Box, V>,
  stepRow: (step: StepInfo) => Pick<StepRow, 'for'>,
  state: S,
  side: Side,
  name: string,
): string | null {
  const word = name.toUpperCase();
  if (!decl.steps.rows.some((row) => row.for?.toUpperCase() === word)) return null;
  const ahead = [decl.currentStep(state), ...(decl.upcomingSteps?.(state) ?? [])].filter((s): s is StepInfo => s !== null);
  return ahead.find((step) => step.owes.includes(side) && stepRow(step).for?.toUpperCase() === word)?.id ?? null;
}

/** The standing kinds of a step table, each once, in the order of the rows that first name them. */
function kindsOfRows(rows: readonly Pick<StepRow, 'standing'>[]): readonly StandingKind[] {
  const out = new Map<string, StandingKind>();
  for (const row of rows) for (const kind of row.standing ?? []) if (!out.has(kind.word)) out.set(kind.word, kind);
  return [...out.values()];
}

function standingProblems(decl: RulesetDeclaration<unknown, unknown, unknown>): string[] {
  const out: string[] = [];
  const seen = new Map<string, StandingKind>();
  for (const row of decl.steps.rows)
    for (const kind of row.standing ?? []) {
      const known = seen.get(kind.word);
      if (known && known !== kind) out.push(`standing kind ${kind.word} is declared twice with different lines (rows share one value)`);
      seen.set(kind.word, kind);
    }
  const options = Object.fromEntries(decl.options.map((o) => [o.id, o.default]));
  for (const kind of seen.values()) {
    if (!/^[A-Z][A-Z0-9-]*$/.test(kind.word) || kind.word === 'ALL')
      out.push(`standing kind "${kind.word}" must be one upper-case word other than ALL`);
    if (!decl.parseStanding) out.push(`standing kind ${kind.word} is declared, but the game parses no standing instructions`);
    for (const side of decl.sides)
      for (const line of kind.defaults?.(side, options) ?? [])
        if (!kind.lines.test(line)) out.push(`standing kind ${kind.word}: its default "${line}" for ${side} is not one of its own lines`);
  }
  for (const row of decl.steps.rows)
    if (row.option !== undefined && !decl.options.some((o) => o.id === row.option))
      out.push(`step row "${row.id}" comes with option "${row.option}", which is no option of the game`);
  return out;
}

function dependencyProblems(specs: readonly DeclaredOption[], options: GameOptions): string[] {
  const out: string[] = [];
  for (const spec of specs) {
    const value = options[spec.id];
    if (!spec.requires || value === undefined || value === spec.default) continue;
    const off = spec.requires.filter((id) => options[id] !== true);
    if (off.length) out.push(`option ${spec.id} needs ${off.join(' and ')} on (${spec.title})`);
  }
  return out;
}

function declarationProblems(decl: RulesetDeclaration<unknown, unknown, unknown>): string[] {
  const out: string[] = [];
  if (!/^[a-z][a-z0-9-]*$/.test(decl.id)) out.push(`id "${decl.id}" must be lower-case words joined by hyphens`);
  if (!decl.sides.length) out.push('a game needs at least one side');
  if (typeof decl.view !== 'function') out.push('view is required: fog of war is the game to say');
  if (typeof decl.adjudicate !== 'function') {
    const bare = decl.steps.rows.filter((row) => typeof row.resolve !== 'function').map((row) => row.id);
    if (bare.length) out.push(`no adjudicate, and step rows without a handler (resolve): ${bare.join(', ')}`);
  }
  const ids = new Set<string>();
  for (const row of decl.steps.rows) {
    if (ids.has(row.id)) out.push(`step row "${row.id}" is declared twice`);
    ids.add(row.id);
    if (!STEP_KINDS.includes(row.deadline))
      out.push(`step row "${row.id}": deadline class "${row.deadline}" is none of ${STEP_KINDS.join(', ')}`);
    if (row.for !== undefined && !/^[A-Z][A-Z0-9-]*$/.test(row.for))
      out.push(`step row "${row.id}": FOR word "${row.for}" must be one upper-case word`);
  }
  out.push(...standingProblems(decl));
  const optionIds = new Set(decl.options.map((o) => o.id));
  for (const o of decl.options)
    for (const needed of o.requires ?? [])
      if (!optionIds.has(needed)) out.push(`option ${o.id} requires "${needed}", which is no option of the game`);
  return out;
}

/**
 * The seed chain's length for a new game: every turn the game can last with its options and box.
 * A ruleset not defined with defineRuleset (a test's own) gets LEGACY_SEED_CHAIN_TURNS.
 */
export function seedChainTurns(ruleset: object, options: GameOptions, box: unknown): number {
  const length = (ruleset as Partial<Pick<DefinedRuleset<unknown, unknown, unknown>, 'length'>>).length;
  if (typeof length !== 'function') return LEGACY_SEED_CHAIN_TURNS;
  const { turns } = length.call(ruleset, options, box);
  if (!Number.isInteger(turns) || turns < 1) throw new Error(`game length must be a whole number of turns, got ${turns}`);
  return turns;
}

/** The seed chain of every game created before games declared their length (GameCreated without seedChainTurns). */
export const LEGACY_SEED_CHAIN_TURNS = 256;
