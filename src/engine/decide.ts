import { hashCanonical } from '../shared/canonical';
import { concessionResult } from './concede';
import { ForcedDice, SeededDice, type Roll } from './dice';
import { DieNumbering, dieRolledOf } from './dice-streams';
import { SeedBook, sealedBook, sealedReveal } from './seed-book';
import { checkNoSystemOwes, resolveStep, systemSidesOf } from './system-sides';
import {
  assertNever,
  CommandRejected,
  type Concede,
  type CreateGame,
  type Deadline,
  type EngineCommand,
  type EngineEvent,
  type EngineState,
  type Resolve,
  type Unsealed,
} from './engine-events';
import { applyEvents, type AnyRuleset } from './evolve';
import { defaultStandingEvents } from './standing';
import { checkCommitment, meetQueuedOrders, openSealed } from './queue';
import type { GameOptions, OptionSpec, OptionValue, Side, StepInfo } from './ruleset';
import { ordersHashOf, revealedTo } from './sealing';
import { decideSubmitOrders, requireInPlay } from './submit';

/** Steps one Resolve may run through without a human before the engine calls it a runaway. */
export const MAX_AUTO_STEPS = 10_000;

/**
 * The engine decider: a command and the state in, the events it causes out. Throws
 * CommandRejected for a command that changes nothing (bad orders, wrong step, ...).
 */
export function decide(command: EngineCommand, state: EngineState<unknown>, ruleset: AnyRuleset): EngineEvent[] {
  switch (command.type) {
    case 'CreateGame':
      return decideCreateGame(command, state, ruleset);
    case 'SubmitOrders':
      return decideSubmitOrders(command, state, ruleset);
    case 'Resolve':
    case 'Deadline':
      return resolveAndAdvance(command, state, ruleset).events;
    case 'Concede':
      return decideConcede(command, state);
    default:
      return assertNever(command, 'engine command');
  }
}

/**
 * decide, and the state its events lead to: the same as folding them with evolve, without folding
 * a resolution's events twice (resolving already folds them step by step).
 */
export function decideAndApply(
  command: EngineCommand,
  state: EngineState<unknown>,
  ruleset: AnyRuleset,
): { events: EngineEvent[]; state: EngineState<unknown> } {
  if (command.type === 'Resolve' || command.type === 'Deadline') return resolveAndAdvance(command, state, ruleset);
  const events = decide(command, state, ruleset);
  return { events, state: applyEvents(state, events, ruleset) };
}

export type Decision = { readonly ok: true; readonly events: EngineEvent[] } | { readonly ok: false; readonly rejection: CommandRejected };

/** decide, with a rejection as a value instead of a throw. Other errors (rule bugs) still throw. */
export function tryDecide(command: EngineCommand, state: EngineState<unknown>, ruleset: AnyRuleset): Decision {
  try {
    return { ok: true, events: decide(command, state, ruleset) };
  } catch (e) {
    if (e instanceof CommandRejected) return { ok: false, rejection: e };
    throw e;
  }
}

// ---------------------------------------------------------------- CreateGame

function decideCreateGame(cmd: CreateGame, state: EngineState<unknown>, ruleset: AnyRuleset): EngineEvent[] {
  if (state.game) throw new CommandRejected('game-exists', `game ${state.game.gameId} already exists`);
  const options = fillOptions(cmd.options ?? {}, ruleset);
  const system = systemSidesOf(ruleset, options);
  const seated = cmd.sides.map((s) => s.side);
  for (const side of seated) {
    if (!ruleset.sides.includes(side))
      throw new CommandRejected('unknown-side', `${ruleset.id} has no side "${side}" (sides: ${ruleset.sides.join(', ')})`);
    if (system.includes(side))
      throw new CommandRejected(
        'system-side',
        `${side} is played by the umpire in this game (a system side): it takes no player or address`,
      );
  }
  const unseated = ruleset.sides.filter((side) => !system.includes(side) && seated.filter((x) => x === side).length !== 1);
  if (unseated.length) throw new CommandRejected('unknown-side', `every side needs exactly one player: ${unseated.join(', ')}`);
  if (cmd.seedChainTurns !== undefined && !(Number.isInteger(cmd.seedChainTurns) && cmd.seedChainTurns >= 1))
    throw new CommandRejected('bad-seed', `seedChainTurns must be a whole number of turns, 1 or more (got ${cmd.seedChainTurns})`);
  if (!/^[0-9a-f]{64}$/.test(cmd.seedAnchor)) throw new CommandRejected('bad-seed', 'seedAnchor must be 64 lowercase hex digits');
  const sealed = ruleset.sealedDice?.(options) ?? false;
  if (sealed && !/^[0-9a-f]{64}$/.test(cmd.sealedSeedAnchor ?? ''))
    throw new CommandRejected(
      'bad-seed',
      `${ruleset.id} rolls sealed dice with these options: sealedSeedAnchor must be 64 lowercase hex digits`,
    );
  if (!sealed && cmd.sealedSeedAnchor !== undefined)
    throw new CommandRejected('bad-seed', `${ruleset.id} rolls no sealed dice with these options: no sealedSeedAnchor`);
  const override = cmd.box !== undefined;
  const box = override ? cmd.box : ruleset.box.defaultData;
  const { problems, hash } = override ? checkedBox(ruleset, box) : defaultBoxChecked(ruleset);
  if (problems.length) {
    throw new CommandRejected(
      'bad-box',
      `${override ? 'override' : 'default'} box is invalid`,
      problems.map((problem) => ({ line: 0, text: '', problem })),
    );
  }
  const created: EngineEvent = {
    type: 'GameCreated',
    data: {
      gameId: cmd.gameId,
      rulesetId: ruleset.id,
      engineVersion: ruleset.engineVersion,
      options,
      scenario: cmd.scenario ?? null,
      sides: cmd.sides,
      seedAnchor: cmd.seedAnchor,
      ...(sealed ? { sealedSeedAnchor: cmd.sealedSeedAnchor } : {}),
      ...(cmd.seedChainTurns !== undefined ? { seedChainTurns: cmd.seedChainTurns } : {}),
      ...(system.length ? { systemSides: system } : {}),
      diceStreams: true,
      boxHash: hash,
      boxSource: override ? 'override' : 'default',
      box,
      createdAt: cmd.now,
    },
  };
  return [created, ...(cmd.defaultStanding === false ? [] : defaultStandingEvents(created, seated, ruleset, cmd.now))];
}

type CheckedBox = { readonly problems: readonly string[]; readonly hash: string };

/** A box's problems, and its hash when it has none. */
function checkedBox(ruleset: AnyRuleset, box: unknown): CheckedBox {
  const problems = ruleset.box.validate(box);
  return { problems, hash: problems.length ? '' : hashCanonical(box) };
}

const defaultBoxes = new WeakMap<AnyRuleset['box'], CheckedBox & { readonly data: unknown }>();

/** The default box is the same data at every CreateGame: validated and hashed once per ruleset. */
function defaultBoxChecked(ruleset: AnyRuleset): CheckedBox {
  const known = defaultBoxes.get(ruleset.box);
  if (known && known.data === ruleset.box.defaultData) return known;
  const checked = { data: ruleset.box.defaultData, ...checkedBox(ruleset, ruleset.box.defaultData) };
  defaultBoxes.set(ruleset.box, checked);
  return checked;
}

function fillOptions(given: GameOptions, ruleset: AnyRuleset): Record<string, OptionValue> {
  const known = new Map(ruleset.options.map((o) => [o.id, o]));
  const unknown = Object.keys(given).filter((k) => !known.has(k));
  if (unknown.length)
    throw new CommandRejected(
      'bad-options',
      `unknown option(s) ${unknown.join(', ')}; ${ruleset.id} offers: ${[...known.keys()].join(', ') || 'none'}`,
    );
  const problems = ruleset.options.flatMap((o) => (given[o.id] === undefined ? [] : optionProblems(o, given[o.id])));
  const options = Object.fromEntries(ruleset.options.map((o) => [o.id, given[o.id] ?? o.default]));
  if (!problems.length) problems.push(...(ruleset.validateOptions?.(options) ?? []));
  if (problems.length)
    throw new CommandRejected(
      'bad-options',
      `options refused: ${problems.join('; ')}`,
      problems.map((problem) => ({ line: 0, text: '', problem })),
    );
  return options;
}

/** One option's value against its spec: the default's type, the listed words, the bounds. */
export function optionProblems(spec: OptionSpec, value: OptionValue): string[] {
  const type = typeof spec.default;
  if (typeof value !== type) return [`option ${spec.id} takes a ${type} (default ${String(spec.default)}), not ${JSON.stringify(value)}`];
  if (typeof value === 'string' && spec.values && !spec.values.includes(value))
    return [`option ${spec.id} takes one of ${spec.values.join(', ')}, not "${value}"`];
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return [`option ${spec.id} takes a whole number, not ${value}`];
    if (spec.min !== undefined && value < spec.min) return [`option ${spec.id} is at least ${spec.min}, not ${value}`];
    if (spec.max !== undefined && value > spec.max) return [`option ${spec.id} is at most ${spec.max}, not ${value}`];
  }
  return [];
}

// ---------------------------------------------------------------- Concede

/** A side concedes at the step in play: its turn's seed is revealed, and the game ends. */
function decideConcede(cmd: Concede, state: EngineState<unknown>): EngineEvent[] {
  const { step } = requireInPlay(state);
  const sides = state.game!.sides.map((s) => s.side);
  if (!sides.includes(cmd.side))
    throw new CommandRejected('unknown-side', `no side "${cmd.side}" in this game (sides: ${sides.join(', ')})`);
  const events: EngineEvent[] = [{ type: 'GameConceded', data: { side: cmd.side, stepId: step.id, turn: step.turn, at: cmd.now } }];
  if (step.turn >= 1 && state.revealedSeeds[String(step.turn)] === undefined) {
    const seeds = new SeedBook(state.game!.seedAnchor, cmd.seeds);
    events.push({ type: 'SeedRevealed', data: { turn: step.turn, seed: seeds.seedFor(step.turn) } });
  }
  events.push(...sealedReveal(state, step.turn, cmd.sealedSeeds));
  events.push({ type: 'GameEnded', data: concessionResult([...sides, ...(state.game!.systemSides ?? [])], cmd.side) });
  return events;
}

// ---------------------------------------------------------------- Resolve / Deadline

/** Explicit orders first, then standing instructions; null when the side must still be asked. */
export function standingAnswer(state: EngineState<unknown>, side: Side, step: StepInfo, ruleset: AnyRuleset): readonly unknown[] | null {
  const standing = state.standing[side];
  if (!standing || !ruleset.answerFromStanding) return null;
  return ruleset.answerFromStanding(state.rules, side, step, standing.instructions);
}

function hasSubmitted(state: EngineState<unknown>, side: Side, step: StepInfo): boolean {
  return state.submissions[side]?.stepId === step.id;
}

/** Sides the step in play is waiting for (not yet ordered, not answered by standing instructions). */
export function whoIsAwaited(state: EngineState<unknown>, ruleset: AnyRuleset): Side[] {
  const step = state.step;
  if (!step) return [];
  checkNoSystemOwes(state, step);
  return step.owes.filter((side) => !hasSubmitted(state, side, step) && standingAnswer(state, side, step, ruleset) === null);
}

/** True when the step in play can be resolved now: the game service then sends Resolve. */
export function readyToResolve(state: EngineState<unknown>, ruleset: AnyRuleset): boolean {
  return state.step !== null && whoIsAwaited(state, ruleset).length === 0;
}

export function currentStep(state: EngineState<unknown>): StepInfo | null {
  return state.step;
}

/**
 * Resolves the step in play, then auto-advances through every following step that needs no
 * human (no side owes orders, or orders queued ahead or standing instructions answer every owing
 * side), revealing each finished turn's seed, until a step waits for a player or the game ends.
 */
function resolveAndAdvance(
  cmd: Resolve | Deadline,
  state: EngineState<unknown>,
  ruleset: AnyRuleset,
): { events: EngineEvent[]; state: EngineState<unknown> } {
  requireInPlay(state);
  const seeds = new SeedBook(state.game!.seedAnchor, cmd.seeds);
  const events: EngineEvent[] = [];
  let s = state;
  for (let n = 0; s.step; n++) {
    if (n >= MAX_AUTO_STEPS)
      throw new CommandRejected(
        'runaway',
        `${MAX_AUTO_STEPS} steps in a row needed no orders: the ruleset never waits (last step ${s.step.id})`,
      );
    const step = s.step;
    const gathered = gatherOrders(s, step, ruleset, cmd, n === 0);
    if (!gathered) break;
    const adjudicated = adjudicateStep(s, step, gathered.orders, ruleset, cmd, seeds);
    const stepEvents = [...gathered.events, ...adjudicated.events];
    s = applyEvents(s, stepEvents, ruleset, adjudicated.rules);
    // the next step is in play: orders queued for it are taken (or dropped) before anyone is asked
    const met = meetQueuedOrders(s, ruleset, cmd.open);
    s = applyEvents(s, met, ruleset);
    const closing = closingEvents(s, step, ruleset, seeds, cmd);
    s = applyEvents(s, closing, ruleset);
    events.push(...stepEvents, ...met, ...closing);
  }
  return { events, state: s };
}

/** The orders each owing side resolves with, and the events saying where they came from; null = must wait. */
function gatherOrders(
  s: EngineState<unknown>,
  step: StepInfo,
  ruleset: AnyRuleset,
  cmd: Resolve | Deadline,
  first: boolean,
): { orders: Record<Side, readonly unknown[]>; events: EngineEvent[] } | null {
  checkNoSystemOwes(s, step);
  const useDefaults = first && cmd.type === 'Deadline';
  const awaited = whoIsAwaited(s, ruleset);
  if (awaited.length && !useDefaults) {
    if (first) throw new CommandRejected('awaiting-orders', `${step.title} (${step.id}) still awaits orders from ${awaited.join(', ')}`);
    return null;
  }
  const orders: Record<Side, readonly unknown[]> = {};
  const events: EngineEvent[] = [];
  for (const side of step.owes) {
    const sub = s.submissions[side];
    if (sub?.stepId === step.id && sub.kind === 'sealed') {
      const opened = openSubmission(sub.sealed, sub.commitment, side, step, cmd, first);
      events.push({
        type: 'OrdersRevealed',
        data: { stepId: step.id, side, orders: opened.orders, salt: opened.salt, ...revealedTo(step, side) },
      });
      orders[side] = opened.orders;
    } else if (sub?.stepId === step.id && sub.kind === 'accepted') {
      orders[side] = sub.orders;
    } else {
      const standing = standingAnswer(s, side, step, ruleset);
      if (standing) {
        events.push({ type: 'StandingOrdersApplied', data: { side, stepId: step.id, orders: standing } });
        orders[side] = standing;
      } else {
        const fallback = ruleset.defaultOrders(s.rules, side, step);
        events.push({
          type: 'DefaultOrdersApplied',
          data: { side, stepId: step.id, reason: 'deadline', orders: fallback, ...revealedTo(step, side) },
        });
        orders[side] = fallback;
      }
    }
  }
  return { orders, events };
}

/** `revealed` speaks of the step in play when the command came; `open` opens any step's. */
function openSubmission(sealed: string, commitment: string, side: Side, step: StepInfo, cmd: Resolve | Deadline, first: boolean): Unsealed {
  const given = first ? cmd.revealed?.[side] : undefined;
  if (!given) return openSealed(sealed, side, step.id, commitment, cmd.open);
  checkCommitment(given, side, step.id, commitment);
  return given;
}

/** DieRolled and RulesApplied in the order the system players and the rules rolled and emitted them, then StepResolved. */
function adjudicateStep(
  s: EngineState<unknown>,
  step: StepInfo,
  orders: Record<Side, readonly unknown[]>,
  ruleset: AnyRuleset,
  cmd: Resolve | Deadline,
  seeds: SeedBook,
): { events: EngineEvent[]; rules: unknown } {
  const ordersHash = ordersHashOf(orders);
  const out: EngineEvent[] = [];
  const visibleTo = step.diceVisibleTo ?? 'all';
  const onRoll = (r: Roll): void => {
    out.push({ type: 'DieRolled', data: dieRolledOf(r, visibleTo) });
  };
  const numbering = new DieNumbering(s.game!.diceStreams === true, visibleTo);
  const dice = cmd.forcedDice
    ? new ForcedDice(cmd.forcedDice, step.id, step.turn, onRoll, numbering)
    : new SeededDice({
        gameId: s.game!.gameId,
        stepId: step.id,
        turn: step.turn,
        ordersHash,
        seed: () => seeds.seedFor(step.turn),
        ...(s.game!.sealedSeedAnchor ? { sealedSeed: () => sealedBook(s, cmd.sealedSeeds).seedFor(step.turn) } : {}),
        onRoll,
        numbering,
      });
  const rules: unknown = resolveStep(s, step, orders, ruleset, {
    dice,
    emit: (event) => out.push({ type: 'RulesApplied', data: { stepId: step.id, event } }),
  });
  out.push({
    type: 'StepResolved',
    data: { stepId: step.id, turn: step.turn, ordersHash, resolvedAt: cmd.now },
  });
  return { events: out, rules };
}

/** After a step: reveal the seed of a finished turn; end the game when no step follows. */
function closingEvents(
  s: EngineState<unknown>,
  resolved: StepInfo,
  ruleset: AnyRuleset,
  seeds: SeedBook,
  cmd: Resolve | Deadline,
): EngineEvent[] {
  const out: EngineEvent[] = [];
  const next = s.step;
  const turnOver = next === null || next.turn !== resolved.turn;
  if (turnOver && resolved.turn >= 1 && s.revealedSeeds[String(resolved.turn)] === undefined) {
    out.push({ type: 'SeedRevealed', data: { turn: resolved.turn, seed: seeds.seedFor(resolved.turn) } });
  }
  if (next === null) {
    out.push(...sealedReveal(s, resolved.turn, cmd.sealedSeeds));
    const { winner, summary } = ruleset.result(s.rules);
    out.push({ type: 'GameEnded', data: { winner, summary } });
  }
  return out;
}
