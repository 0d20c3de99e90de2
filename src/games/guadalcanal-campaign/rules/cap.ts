/**
 * 8.1A-C, shared by the strikes on TFs (rules/strike.ts) and on the bases TF 1 / TF 11 (rules/base-strike.ts):
 * each defending fighter picks a strike aircraft by their numbers (8.1B) and may shoot it down, or
 * be shot down by it (8.1C).
 */
import { entriesOf, keysOf, valuesOf } from '../keyed';
import { pick, rollDie } from '../../../engine/dice';
import type { Dice } from '../../../engine/ruleset';
import { type AirGroup, type GcSide, type GcState, other, type Strike } from '../state';
import { opsOf } from './air';

export const percent = (dice: Dice, chance: number, purpose: string, rule: string) =>
  chance > 0 && rollDie(dice, 100, purpose, rule) <= chance;

export const sum = (g: AirGroup) => valuesOf(g).reduce((a, b) => a + b, 0);

/** 8.1A-C: each defending fighter picks a strike aircraft by numbers, may shoot it down or be shot down by it. */
export function capFight(s: GcState, side: GcSide, strike: Strike, cap: Record<string, number>, dice: Dice) {
  const box = s.strike!;
  const alive: Record<string, number> = { ...strike.planes };
  const lost: Record<string, number> = {};
  const capLost: Record<string, Record<string, number>> = {};
  const longRange = strike.from === 'Rabaul' && strike.range >= box.longRangeFrom;
  // (1) CAP, 8.1A-C
  for (const [holder, fighters] of entriesOf(cap)) {
    const types = keysOf(opsOf(s, other(side)).cap[holder] ?? opsOf(s, other(side)).lrcap[holder] ?? {});
    const capType = types[0] ?? 'Wildcat';
    for (let i = 0; i < fighters && sum(alive) > 0; i++) {
      const pool = entriesOf(alive).flatMap(([t, n]) => Array<string>(n).fill(t));
      const target = pick(dice, pool, `CAP fighter ${i + 1} of ${holder} picks its target`, '8.1B');
      const odds = (longRange ? s.longRangeStrike[target] : undefined) ?? s.aircraft[target];
      if (percent(dice, odds.shotDown, `CAP fighter ${i + 1} of ${holder} fires at a ${target}`, '8.1C')) {
        alive[target]--;
        lost[target] = (lost[target] ?? 0) + 1;
      } else if (percent(dice, odds.shootsDown, `the ${target} fires back at CAP fighter ${i + 1} of ${holder}`, '8.1C')) {
        capLost[holder] = { ...capLost[holder], [capType]: (capLost[holder]?.[capType] ?? 0) + 1 };
      }
    }
  }
  return { alive, lost, capLost };
}
