import type { EngineState } from './engine-events';
import type { AnyRuleset } from './evolve';
import type { GameOptions, Side, StepInfo } from './ruleset';

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
