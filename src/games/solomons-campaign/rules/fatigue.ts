/**
 * 46.0 Multiple Combats (optional): a fatigued unit may attack again, but only air against air,
 * ships against ships and ground against ground, and never on CAP (a unit that flew another
 * mission flies no CAP that turn, 22.1, as the base rules have it). All of a fatigued unit's
 * strengths in those combats are halved, rounded down, on top of any other halving (46.0); a
 * fatigued ship's crippled result sinks it, a fatigued air or ground force's losses are doubled
 * (46.1). Fatigue here is what the base rules keep: ships that attacked (11.5), ground units that
 * attacked this turn (11.6), air points fatigued (21.8). Halving sums the fatigued units of a
 * force and halves the sum (a reading: the strengths are added before the column is found).
 */
import type { SolState } from '../state';

export const MULTIPLE_COMBATS_RULE = '46.1';

export const multipleCombats = (s: Pick<SolState, 'options'>): boolean => s.options?.multipleCombats === true;

/** A force's strength: the ready units' sum and the fatigued units' sum halved (46.0) or, without the option, as `without` says. */
export function withFatigue(s: Pick<SolState, 'options'>, ready: number, tired: number, without: 'none' | 'full'): number {
  if (multipleCombats(s)) return ready + Math.floor(tired / 2);
  return without === 'full' ? ready + tired : ready;
}
