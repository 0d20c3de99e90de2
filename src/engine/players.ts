/**
 * Machine players (issue 25): one contract for every machine that plays a side, whether a random
 * player in self-play, the demo's skilled bots, or a computer opponent in a machine-played seat.
 *
 * A machine player is a function of what its own side may know and nothing else:
 *   - `view`: the side's view, `ruleset.view(state, side)` (the same fog of war a person reads);
 *   - `step`: the step it is asked about;
 *   - `dice`: draws made for it (a seeded generator: self-play's from the run's seed, the demo
 *     bots' from theirs).
 * It returns orders as text, exactly as a person would mail them, so its orders take the same path
 * (parse, validate, seal) as anyone's. It never sees the state: a game's view carries what its side
 * legitimately knows (its own units, the map, control), and no more.
 */
import type { EngineState } from './engine-events';
import { jsonCopy } from '../shared/json-copy';
import type { Dice, Rng, Ruleset, RulesEvent, Side, StepInfo } from './ruleset';

/** What the engine hands a machine player. */
export interface PlayerTurn<V = unknown> {
  /** ruleset.view(state, side): the side's fog of war, nothing more */
  readonly view: V;
  readonly side: Side;
  readonly step: StepInfo;
  /** drawn for the player by whoever runs it: self-play and the demo from their seeded generators */
  readonly dice: Rng;
}

/** A machine player: orders text for its side at the step, from its view and its dice alone. */
export type MachinePlayer<V = unknown> = (turn: PlayerTurn<V>) => string;

/** One mail a machine player sends. */
export interface PlayerMail {
  readonly text: string;
  /** the steps this mail gives orders for: the one in play first, then those sent ahead */
  readonly steps: readonly string[];
}

/**
 * How a mail player plays (DEMO_BOTS): `skilled` (the default) sends its later steps ahead in FOR
 * sections and a full set of standing instructions; `plain` answers one step a mail with the
 * standing instructions of before issue 10; `newcomer` answers only what the umpire's mail asks
 * (the step in play and the sections its card offers) and writes no STANDING or FOR line of its own.
 */
export type PlayerMode = 'skilled' | 'plain' | 'newcomer';

/** What a mail player keeps from one mail to the next within a game. */
export interface PlayerMemory {
  /** steps already given orders ahead this game (the player adds to it) */
  readonly sentAhead: Set<string>;
  /** how it plays (default skilled) */
  readonly mode?: PlayerMode;
  /** mode `plain` (kept for players written before the modes: true when mode is plain) */
  readonly plain?: boolean;
  /**
   * What the umpire's mail asks of the side now (engine/asked.ts stepsAsked, the answer card's
   * sections): the step in play first, then each later step with the word its FOR line takes.
   */
  readonly asked?: readonly { readonly stepId: string; readonly forWord: string | null }[];
}

/**
 * A skilled mail player (the demo's bots, `npm run demo` and the in-process mail model): one mail
 * for the step in play with `FOR` sections for later steps, and standing instructions for its first
 * mail. It composes from the side's view too (its `turn` is a PlayerTurn); what it adds is memory of
 * its own earlier mails (which steps it has sent orders ahead for), which is its own knowledge.
 */
export interface MailPlayer<V = unknown> {
  compose(turn: PlayerTurn<V>, memory: PlayerMemory): PlayerMail;
  /**
   * standing instructions sent with the side's first mail ('' for none): the skilled set, the plain
   * one, none for a newcomer (`true`/`false`: plain or skilled, for players written before the modes)
   */
  standing(side: Side, mode?: PlayerMode | boolean): string;
  /** the demo's mailbox user of each side (each game's own, so demos of two games never share a mailbox) */
  readonly mailboxes: Readonly<Record<Side, string>>;
  /**
   * the options a demo game is created with unless DEMO_OPTIONS says otherwise (a long game's short
   * scenario, so `npm run demo` plays one to its end); none: the game's defaults
   */
  readonly demoOptions?: Readonly<Record<string, string | number | boolean>>;
  /**
   * further games the demo plays after the first, each its options over demoOptions (a solitaire
   * against the computer after a two-player game); none when DEMO_OPTIONS names the game's options
   */
  readonly demoAlso?: readonly Readonly<Record<string, string | number | boolean>>[];
  /** is `turn` a day turn (the demo's figures count day and night turns apart); none: no night turns */
  isDay?(turn: number): boolean;
  /** counts of play the mail model prints to show the game was played (battles fought, landings...) */
  tally?(rulesEvents: readonly { readonly stepId: string; readonly type: string; readonly data: unknown }[]): Record<string, number>;
}

/**
 * What the engine hands a system player (a side the umpire plays, Ruleset.systemSides) at a step
 * where that side decides: the same view a person of that side would read, and the engine's own
 * dice for the step, so every die it rolls is a recorded DieRolled (sealed and hidden where its
 * RollOptions say so, as a system side's secret choices should be).
 */
export interface SystemTurn<V = unknown> {
  /** plainView(ruleset.view(state, side)) of the state before the step is resolved: a plain copy, nothing more */
  readonly view: V;
  readonly side: Side;
  readonly step: StepInfo;
  /** the step's dice, the ones adjudication goes on rolling after the player */
  readonly dice: Dice;
}

/** What a system player decides: the side's orders at the step, and a rules event for each decision. */
export interface SystemMove<O = unknown> {
  /** handed to the step's handler (or adjudicate) as this side's orders, like a person's */
  readonly orders: readonly O[];
  /**
   * One rules event per decision (the table or roll, the die, the result, why), emitted before the
   * step is resolved, in order; usually `visibleTo: []` until the rules let the players see them.
   */
  readonly records: readonly RulesEvent[];
}

/** A solitaire's system side: its orders and their records from its view and the engine's dice alone. */
export type SystemPlayer<V = unknown, O = unknown> = (turn: SystemTurn<V>) => SystemMove<O>;

/**
 * The machine players a game offers: `random` (random legal orders: self-play, the fuzzer, and the
 * default player of a machine-played seat), any `named` ones (a computer opponent), `mail`, the
 * demo's skilled mail player, and `system`, the player of each side the umpire plays.
 */
export interface MachinePlayers<V = unknown, O = unknown> {
  readonly random: MachinePlayer<V>;
  readonly named?: Readonly<Record<string, MachinePlayer<V>>>;
  readonly mail?: MailPlayer<V>;
  /** The player of each system side (Ruleset.systemSides), by side: run by the engine at each step where the side decides. */
  readonly system?: Readonly<Record<Side, SystemPlayer<V, O>>>;
}

/** A view as plain JSON (a copy): a player run on it can read nothing the view does not hold. */
export function plainView<V>(view: V): V {
  return view === undefined ? view : jsonCopy(view);
}

/** A player's turn at `step` in a game in play: the side's view of `state`, and the dice given. */
export function turnOf(
  ruleset: Pick<Ruleset<unknown, unknown>, 'view'>,
  state: EngineState<unknown>,
  side: Side,
  step: StepInfo,
  dice: Rng,
): PlayerTurn {
  return { view: ruleset.view(state.rules, side), side, step, dice };
}

/** The random player of a game on the contract; a ruleset without players (not defined with defineRuleset) is refused, naming it. */
export function randomPlayerOf(ruleset: { readonly id: string; readonly players?: MachinePlayers }): MachinePlayer {
  if (!ruleset.players?.random) throw new Error(`${ruleset.id} offers no machine players: define it with defineRuleset (docs/new-game.md)`);
  return ruleset.players.random;
}

/** A game's machine player by name: `random`, or one of its `named` players; an unknown name is refused, naming those offered. */
export function machinePlayerOf(ruleset: { readonly id: string; readonly players?: MachinePlayers }, name: string): MachinePlayer {
  if (name === 'random') return randomPlayerOf(ruleset);
  const player = ruleset.players?.named?.[name];
  if (!player)
    throw new Error(
      `${ruleset.id} offers no machine player "${name}"; it offers ${['random', ...Object.keys(ruleset.players?.named ?? {})].join(', ')}`,
    );
  return player;
}
