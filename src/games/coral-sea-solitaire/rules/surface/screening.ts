/**
 * Screening (33, optional): the side whose combat strength is greater (the attacker's attack
 * against the defender's defence, or the reverse) may hold ships out of the battle while what it
 * keeps is at least the box's 150% of the other side's. Held-out ships neither fight nor take
 * losses (33.1). The USN decides (33.2, its SCREEN order); the IJN must screen its transports,
 * then its carriers, and nothing else, while the 150% holds (33.2, brief 9.20), ships of equal
 * claim picked at random (2.2) when not all of them can go. A side keeps at least one ship in the
 * battle (a reading: 33.1 screens "excess" ships, so some must remain).
 */
import type { Dice } from '../../../../engine/ruleset';
import { byCodeUnit, chooseAtRandom, type RandomChoice } from '../../../kit';
import type { CoralBox, CoralSide, ShipType } from '../../box';
import type { CoralState, ShipKey, ShipState } from '../../types';
import { attackOf, defenseOf, fights, other, shipsIn, total } from './forces';

export interface ScreenSituation {
  /** The side that may screen (greater strength, 33.1), or null. */
  readonly screener: CoralSide | null;
  /** The screener's strength that counts (attack if it attacks, defence if it defends) and the other side's. */
  readonly strength: number;
  readonly against: number;
  /** The least the screener must keep (33.1: percent of `against`, rounded up). */
  readonly keep: number;
  readonly ships: Readonly<Record<CoralSide, readonly ShipKey[]>>;
  /** A ship's share of the screener's strength. */
  readonly shareOf: (ship: ShipState) => number;
}

/** 33.1: who may screen in `hex` with `attacker` attacking, and the bar to keep (with the IJN's screened ships out). */
export function screenSituation(
  s: CoralState,
  box: CoralBox,
  hex: string,
  attacker: CoralSide,
  out: readonly ShipKey[] = [],
): ScreenSituation {
  const defender = other(attacker);
  const ships = {
    usn: shipsIn(s, hex, 'usn', fights).filter((k) => !out.includes(k)),
    ijn: shipsIn(s, hex, 'ijn', fights).filter((k) => !out.includes(k)),
  };
  const attack = total(s, ships[attacker], (x) => attackOf(box, x));
  const defense = total(s, ships[defender], (x) => defenseOf(box, x));
  const screener = !s.options.screening ? null : attack > defense ? attacker : defense > attack ? defender : null;
  const isAttacker = screener === attacker;
  const strength = isAttacker ? attack : defense;
  const against = isAttacker ? defense : attack;
  const keep = Math.ceil((against * box.constants.screeningPercent.value) / 100);
  const shareOf = (ship: ShipState) => (isAttacker ? attackOf(box, ship) : defenseOf(box, ship));
  return { screener, strength, against, keep, ships, shareOf };
}

/** 33.2: what the IJN screens, in this order: transports, then carriers. */
const IJN_SCREENS: readonly (readonly ShipType[])[] = [['TR'], ['CV', 'CVL']];

/** What the IJN's screening decision reads (33.2): only the battle's ships, all revealed by then (16.3(1)). */
export interface IjnScreenFacts {
  readonly hex: string;
  /** The IJN ships in the battle, each with its share of the IJN's counted strength (attack or defence). */
  readonly ships: readonly { readonly key: ShipKey; readonly type: ShipType; readonly share: number }[];
  readonly strength: number;
  /** The least the IJN must keep: 150% of the USN's counted strength (33.1). */
  readonly keep: number;
}

/**
 * 33.2, a pure decision from its facts: transports, then carriers; within a group all go when all
 * can, otherwise one at a time, at random (2.2) among those that can still go, until none can.
 */
export function ijnScreenChoice(dice: Dice, facts: IjnScreenFacts): { ships: ShipKey[]; picks: RandomChoice<ShipKey>[] } {
  const ships: ShipKey[] = [];
  const picks: RandomChoice<ShipKey>[] = [];
  const share = new Map(facts.ships.map((x) => [x.key, x.share]));
  const value = (k: ShipKey) => share.get(k) ?? 0;
  const fighting = () => facts.ships.length - ships.length;
  let strength = facts.strength;
  for (const types of IJN_SCREENS) {
    let left = facts.ships.filter((x) => types.includes(x.type)).map((x) => x.key);
    const all = left.reduce((n, k) => n + value(k), 0);
    if (left.length && strength - all >= facts.keep && fighting() > left.length) {
      ships.push(...left);
      strength -= all;
      continue;
    }
    for (;;) {
      const fit = left.filter((k) => strength - value(k) >= facts.keep && fighting() > 1);
      if (!fit.length) break;
      const pick = chooseAtRandom(dice, fit, `IJN screens a ${types.join('/')} in ${facts.hex}`, '33.2');
      picks.push(pick);
      ships.push(pick.chosen);
      strength -= value(pick.chosen);
      left = left.filter((k) => k !== pick.chosen);
    }
  }
  return { ships, picks };
}

/** 33.2: the ships the IJN must screen in `hex` (none when it is not the side that may screen). */
export function ijnScreen(s: CoralState, dice: Dice, box: CoralBox, hex: string, attacker: CoralSide) {
  const sit = screenSituation(s, box, hex, attacker);
  if (sit.screener !== 'ijn') return { ships: [] as ShipKey[], picks: [] as RandomChoice<ShipKey>[] };
  const ships = sit.ships.ijn.map((key) => ({ key, type: s.ships[key].type, share: sit.shareOf(s.ships[key]) }));
  return ijnScreenChoice(dice, { hex, ships, strength: sit.strength, keep: sit.keep });
}

/** True when the USN may screen at least one ship in the pending combat (33.1): else no SCREEN is asked. */
export function usnMayScreen(s: CoralState, box: CoralBox, hex: string, attacker: CoralSide, ijnOut: readonly ShipKey[]): boolean {
  const sit = screenSituation(s, box, hex, attacker, ijnOut);
  return (
    sit.screener === 'usn' && sit.ships.usn.length > 1 && sit.ships.usn.some((k) => sit.strength - sit.shareOf(s.ships[k]) >= sit.keep)
  );
}

/** The USN ship a SCREEN order names (`CV-2` or `usn:CV-2`), or null when it names none in the battle. */
export function usnShipNamed(s: CoralState, name: string, among: readonly ShipKey[]): ShipKey | null {
  const id = name.trim().toUpperCase().replace(/^USN:/, '');
  return among.find((k) => s.ships[k].id.toUpperCase() === id) ?? null;
}

/**
 * 33.1: what is wrong with the USN screening `names` in the pending combat (empty when nothing):
 * an unknown ship, screening when the USN is not the greater side, or keeping less than 150%.
 */
export function usnScreenProblems(
  s: CoralState,
  box: CoralBox,
  hex: string,
  attacker: CoralSide,
  ijnOut: readonly ShipKey[],
  names: readonly string[],
): string[] {
  if (!names.length) return [];
  const sit = screenSituation(s, box, hex, attacker, ijnOut);
  const ids = sit.ships.usn.map((k) => s.ships[k].id).join(', ');
  const problems: string[] = [];
  if (!s.options.screening) return ['screening is optional rule 33, not in play in this game: no ship may be held out (16.5)'];
  if (sit.screener !== 'usn')
    return [`the USN may screen only when its strength is the greater (33.1): here ${sit.against} against ${sit.strength}`];
  const keys: ShipKey[] = [];
  for (const n of names) {
    const k = usnShipNamed(s, n, sit.ships.usn);
    if (!k) problems.push(`${n} is not a USN ship in the battle in ${hex} (the USN ships there: ${ids})`);
    else if (!keys.includes(k)) keys.push(k);
  }
  const kept = sit.strength - keys.reduce((n, k) => n + sit.shareOf(s.ships[k]), 0);
  if (!problems.length && keys.length >= sit.ships.usn.length)
    problems.push(`screening every USN ship leaves nobody to fight in ${hex}: keep at least one (33.1)`);
  else if (!problems.length && kept < sit.keep)
    problems.push(
      `screening ${keys.map((k) => s.ships[k].id).join(', ')} keeps ${kept} against ${sit.against}; 33.1 needs at least ${box.constants.screeningPercent.value}% (${sit.keep}): screen fewer ships (at most ${maxUsnScreen(s, box, hex, attacker, ijnOut).length})`,
    );
  return problems;
}

/**
 * The most USN ships that can be screened keeping 150% (STANDING SCREEN MAX): the weakest
 * contributions first (so the most ships go), carriers first among equals.
 */
export function maxUsnScreen(s: CoralState, box: CoralBox, hex: string, attacker: CoralSide, ijnOut: readonly ShipKey[]): ShipKey[] {
  const sit = screenSituation(s, box, hex, attacker, ijnOut);
  if (sit.screener !== 'usn') return [];
  const rank = (k: ShipKey) => (['CV', 'CVL'].includes(s.ships[k].type) ? 0 : 1);
  const order = [...sit.ships.usn].sort(
    (a, b) => sit.shareOf(s.ships[a]) - sit.shareOf(s.ships[b]) || rank(a) - rank(b) || byCodeUnit(a, b),
  );
  const out: ShipKey[] = [];
  let strength = sit.strength;
  for (const k of order) {
    const v = sit.shareOf(s.ships[k]);
    if (strength - v >= sit.keep && out.length < order.length - 1) {
      out.push(k);
      strength -= v;
    }
  }
  return out;
}
