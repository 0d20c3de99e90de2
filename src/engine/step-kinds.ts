import type { StepInfo } from './ruleset';

/**
 * Kinds of step a deadline length is set for (issue 10 item 6): `orders` (movement, the phases of
 * a turn), `battle` (decisions inside a battle: targets, day or night, retreat), `placement`
 * (placing units one at a time or in groups). A game's step table says which kind each of its steps is
 * (src/engine/define.ts); a ruleset without one has only `orders` steps.
 */
export type StepKind = 'orders' | 'battle' | 'placement';
export const STEP_KINDS: readonly StepKind[] = ['orders', 'battle', 'placement'];

/** A ruleset that classifies its steps (optional, like Ruleset.upcomingSteps). */
export interface ClassifiesSteps {
  stepKind(step: StepInfo): StepKind;
}

/** The kind of `step` as its ruleset classifies it; `orders` for a ruleset that does not. */
export function stepKindOf(ruleset: object, step: StepInfo): StepKind {
  const classify = (ruleset as Partial<ClassifiesSteps>).stepKind;
  return typeof classify === 'function' ? classify.call(ruleset, step) : 'orders';
}
