/**
 * 8.1F, 7.3B: a strike on the enemy base, TF 1 (Henderson, struck by Japan; Port Moresby in Coral
 * Sea, 10.2C) or TF 11 (the Cape Esperance supply base, struck by the US). The base's own CAP meets it (8.1A-C, rules/cap.ts);
 * there is no flak over a base [rec: 8.1E rates ships' AA only]; each surviving bomber hits on
 * box/air-return.ts's chance, a Fortress's hits count double, and the hits destroy aircraft parked
 * there (not flying a mission this turn) and supply dumps on the island (box/air-return.ts). Both
 * sides see the strike and its result, as they do a bombardment (8.4).
 */
import { entriesOf } from '../keyed';
import { pick } from '../../../engine/dice';
import type { Dice } from '../../../engine/ruleset';
import { AIR_RETURN } from '../box/air-return';
import { type GcSide, type GcState, other, type Strike } from '../state';
import { freeAt, opsOf } from './air';
import { capFight, percent, sum } from './cap';
import { struckBase } from './islands';
import type { GcEvent } from './events';

/** The shipped odds (box/air-return.ts), for a state stored before they were box data. */
const SHIPPED = Object.fromEntries(Object.entries(AIR_RETURN).map(([k, v]) => [k, v.value])) as NonNullable<GcState['airReturn']>;

/** The air-return odds of the game's box (7.4E, 8.1F, 8.5B). */
export const airReturnOf = (s: GcState): NonNullable<GcState['airReturn']> => s.airReturn ?? SHIPPED;

/** The struck base's name: the place of TF 1 (Henderson, Port Moresby in Coral Sea: rules/islands.ts) or TF 11. */
export function baseOf(s: GcState, target: number): string | null {
  return struckBase(s, target === 1 ? 1 : 11)?.name ?? null;
}

export function baseStrike(s: GcState, side: GcSide, strike: Strike, dice: Dice): GcEvent[] {
  const A = airReturnOf(s);
  const enemy = other(side);
  const base = baseOf(s, strike.target) ?? `TF ${strike.target}`;
  const capGroup = opsOf(s, enemy).cap[base];
  const { alive, lost, capLost } = capFight(s, side, strike, capGroup ? { [base]: sum(capGroup) } : {}, dice);
  const parked: Record<string, number> = Object.fromEntries(entriesOf(freeAt(s, enemy, base)).filter(([, n]) => n > 0));
  let hits = 0;
  let attacked = false;
  for (const [type, n] of entriesOf(alive).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (s.aircraft[type].role !== 'bomber') continue;
    for (let i = 0; i < n; i++) {
      attacked = true;
      if (percent(dice, A.baseHit, `${type} ${i + 1} bombs ${base}`, '8.1F')) hits += type === 'Fortress' ? A.fortressFactor : 1;
    }
  }
  const destroyed: Record<string, number> = {};
  for (let i = 0; i < hits * A.aircraftPerHit && sum(parked) > 0; i++) {
    const pool = entriesOf(parked).flatMap(([t, k]) => Array<string>(k).fill(t));
    const t = pick(dice, pool, `hit ${i + 1} on ${base} picks a parked aircraft`, '8.1F');
    parked[t]--;
    destroyed[t] = (destroyed[t] ?? 0) + 1;
  }
  const dumps = Math.min(s.ashore[enemy].sup, Math.floor(hits / A.hitsPerDump));
  const { from, target, range, planes } = strike;
  return [
    {
      type: 'gcc.strike-resolved',
      data: { side, turn: s.turn, from, target, range, planes, lost, capLost, hits: [], sunk: [], attacked },
    },
    { type: 'gcc.base-struck', data: { side, turn: s.turn, from, base, hits, aircraft: destroyed, dumps } },
  ];
}
