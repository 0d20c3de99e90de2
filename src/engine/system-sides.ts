import type { DefinedRuleset } from './define';
import type { EngineState } from './engine-events';
import type { AnyRuleset } from './evolve';
import { type MachinePlayers, plainView, type SystemPlayer } from './players';
import type { AdjudicationContext, GameOptions, Side, StepInfo } from './ruleset';

/** The sides the umpire plays with these options, each a side of the ruleset. */
export function systemSidesOf(ruleset: AnyRuleset, options: GameOptions): Side[] {
  const system = [...(ruleset.systemSides?.(options) ?? [])];
  const bad = system.filter((side) => !ruleset.sides.includes(side));
  if (bad.length) throw new Error(`${ruleset.id}: systemSides names no side of the game: ${bad.join(', ')}`);
  return system;
}

/** A system side never owes orders: a step listing one is a ruleset bug, stopped loudly. */
export function checkNoSystemOwes(state: EngineState<unknown>, step: StepInfo): void {
  const system = state.game?.systemSides;
  const owing = system ? step.owes.filter((side) => system.includes(side)) : [];
  if (owing.length) throw new Error(`step ${step.id} lists ${owing.join(', ')} in owes, but the umpire plays it (a system side)`);
}

/**
 * The system sides that decide at `step`: the step's own `system` list, or, when it has none, every
 * system side of the game at a step whose row (defineRuleset's step table) owes `system`. A side the
 * step names that the umpire does not play in this game is a ruleset bug, stopped loudly.
 */
export function systemDecidersAt(state: EngineState<unknown>, step: StepInfo, ruleset: AnyRuleset): Side[] {
  const system = state.game?.systemSides ?? [];
  if (step.system) {
    const bad = step.system.filter((side) => !system.includes(side));
    if (bad.length)
      throw new Error(
        `step ${step.id} has ${bad.join(', ')} decide as a system side, but the umpire plays ${system.length ? system.join(', ') : 'no side'} in this game`,
      );
    return [...step.system];
  }
  if (!system.length) return [];
  const stepRow = (ruleset as Partial<Pick<DefinedRuleset<unknown, unknown, unknown>, 'stepRow'>>).stepRow;
  return typeof stepRow === 'function' && stepRow.call(ruleset, step).owes === 'system' ? [...system] : [];
}

/**
 * Resolves `step`, the one place the engine (decide) and the audit both adjudicate: first each
 * system side that decides at the step plays (its system player on a plain copy of its own view of
 * the state before the step, with the step's dice); its records are emitted, in order, and folded;
 * then the rules resolve the step with its orders beside the owing sides' `orders`. The system
 * sides' orders are not part of the step's ordersHash: they come from its dice, which the hash keys.
 * Returns what adjudicate returns (the state its events fold to, when it folds them itself).
 */
export function resolveStep(
  state: EngineState<unknown>,
  step: StepInfo,
  orders: Readonly<Record<Side, readonly unknown[]>>,
  ruleset: AnyRuleset,
  ctx: AdjudicationContext,
): unknown {
  const deciders = systemDecidersAt(state, step, ruleset);
  if (!deciders.length) return ruleset.adjudicate(state.rules, step, orders, ctx);
  const all: Record<Side, readonly unknown[]> = { ...orders };
  let rules = state.rules;
  for (const side of deciders) {
    if (side in orders) throw new Error(`step ${step.id}: ${side} is a system side deciding at it, yet has orders of its own`);
    const move = systemPlayerOf(ruleset, side, step)({ view: plainView(ruleset.view(state.rules, side)), side, step, dice: ctx.dice });
    for (const record of move.records) {
      ctx.emit(record);
      rules = ruleset.evolve(rules, record);
    }
    all[side] = move.orders;
  }
  return ruleset.adjudicate(rules, step, all, ctx);
}

/** The system player of `side`; a game that has a system side decide with none declared stops, naming it. */
function systemPlayerOf(ruleset: AnyRuleset, side: Side, step: StepInfo): SystemPlayer {
  const player = (ruleset as { readonly players?: MachinePlayers }).players?.system?.[side];
  if (typeof player !== 'function')
    throw new Error(
      `${ruleset.id}: ${side} decides at step ${step.id} as a system side, but the game declares no system player for it (players.system.${side}, docs/new-game.md "System players")`,
    );
  return player;
}
