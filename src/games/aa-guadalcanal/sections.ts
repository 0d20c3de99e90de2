/**
 * `FOR <word>`: the step of the side's next such step this turn (`FOR FIGHTERS`, `FOR REPAIR`), or
 * a zone's combat decision (`FOR J`, `FOR Guadalcanal`: the side's declarations when that zone is
 * fought, CMB.2 / CMB.4 as written).
 */
import type { StepInfo } from '../../engine/ruleset';
import { zoneOf } from './orders';
import { currentStepOf, upcomingStepsOf } from './rules';
import { ALL_DEFS, defOf, zoneOfStep } from './steps';
import type { GSide, GState } from './types';

export function resolveGuadalcanalSection(s: GState, side: GSide, name: string): string | null {
  const word = name.toUpperCase();
  const ahead = [currentStepOf(s), ...upcomingStepsOf(s)].filter((x): x is StepInfo => x !== null).filter((x) => x.owes.includes(side));
  if (ALL_DEFS.some((d) => d.section === word)) return ahead.find((step) => defOf(step).section === word)?.id ?? null;
  const zone = zoneOf(name);
  return zone ? (ahead.find((step) => zoneOfStep(step) === zone)?.id ?? null) : null;
}
