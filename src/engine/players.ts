/**
 * Machine players (issue 25): what a game offers to play a side without a person. A player
 * writes orders as text, exactly as a person would mail them, so its orders take the same path
 * (parse, validate, seal) as anyone's.
 *
 * - `random`: random legal orders for a step (self-play, the fuzzer, `umpire selfplay`); by
 *   default the ruleset's randomOrders written out with formatOrders.
 * - `mail`: a skilled mail player (the demo's bots, `npm run demo` and the in-process mail model):
 *   one mail for the step in play with `FOR` sections for later steps, and standing instructions
 *   sent with its first mail.
 */
import type { EngineState } from './engine-events';
import type { Rng, Side, StepInfo } from './ruleset';

/** A random player: orders text for `side` at `step`, drawn with `rng`. */
export type RandomPlayer<S> = (state: S, side: Side, step: StepInfo, rng: Rng) => string;

/** One mail a machine player sends. */
export interface PlayerMail {
  readonly text: string;
  /** the steps this mail gives orders for: the one in play first, then those sent ahead */
  readonly steps: readonly string[];
}

/** What a mail player keeps from one mail to the next within a game. */
export interface PlayerMemory {
  /** steps already given orders ahead this game (the player adds to it) */
  readonly sentAhead: Set<string>;
  /** play as a newcomer who answers one step a mail (no orders ahead; DEMO_BOTS=plain) */
  readonly plain?: boolean;
}

/** A skilled mail player: the mail for the step in play, and standing instructions for its first mail. */
export interface MailPlayer {
  compose(state: EngineState<unknown>, side: Side, step: StepInfo, rng: Rng, memory: PlayerMemory): PlayerMail;
  /** standing instructions sent with the side's first mail ('' for none); `plain`: a newcomer's (fewer) */
  standing(side: Side, plain?: boolean): string;
  /** the demo's mailbox user of each side (each game's own, so demos of two games never share a mailbox) */
  readonly mailboxes: Readonly<Record<Side, string>>;
  /** counts of play the mail model prints to show the game was played (battles fought, landings...) */
  tally?(rulesEvents: readonly { readonly stepId: string; readonly type: string; readonly data: unknown }[]): Record<string, number>;
}

export interface MachinePlayers<S> {
  readonly random: RandomPlayer<S>;
  readonly mail?: MailPlayer;
}
