/**
 * Step 8, 21.3-21.4, 12.1, 23.4: every flier lands, fatigued (25.1, 21.8). It lands on its own
 * carrier or base when that can take it (not damaged, crippled or sunk, 15.1 and brief 9.14; a base
 * still open, 23.3), is within its range (21.2; extended range under 32) and has room (12.1,
 * 23.4). Otherwise carrier air goes to the nearest friendly carrier within range, else the nearest
 * friendly base within range; land-based air to the nearest other base within range (21.4); with
 * none, it is eliminated and scores for the enemy. Equally near places: the USN chooses at the
 * `basing-choice` decision (LAND CV-1 AIR ON CV-2), the IJN at random (2.2).
 */
import type { Dice } from '../../../../engine/ruleset';
import { chooseAtRandom } from '../../../kit';
import { BASES, type CoralBox, isNaval } from '../../box/schema';
import type { AirUnitState, CoralOrder, CoralState, ShipKey } from '../../types';
import { SEALED } from '../core/util';
import { type AirFold, decisionStep } from './fold';
import { eliminate } from './losses';
import type { AirHome } from './state';
import { airDistance, capacityOf, groundedAt, homeHex, homeName, homeNamed, isCarrier, mayLandOn, missionRange, operates } from './units';

const isFlying = (u: AirUnitState) => u.box === 'cap' || u.box === 'escort' || u.box === 'strike';

/** Room left on a carrier or base. */
const room = (s: CoralState, box: CoralBox, home: AirHome) => capacityOf(s, box, home) - groundedAt(s, home);

/** Every friendly carrier and base with room that a unit could land on now, with its distance. */
function landingPlaces(s: CoralState, box: CoralBox, u: AirUnitState): { home: AirHome; distance: number }[] {
  const from = u.flyingTo as string;
  const range = missionRange(box, u.side, u.type, !!u.extendedRange);
  const carriers = Object.values(s.ships)
    .filter((x) => x.side === u.side && (x.type === 'CV' || x.type === 'CVL'))
    .map((x) => x.key as AirHome);
  const bases = BASES.filter((b) => box.bases[b].side.value === u.side) as AirHome[];
  return [...carriers, ...bases]
    .filter((h) => h !== u.home && mayLandOn(u.type, h) && operates(s, box, h) && room(s, box, h) > 0)
    .map((home) => ({ home, hex: homeHex(s, box, home) }))
    .filter((x): x is { home: AirHome; hex: string } => x.hex !== null)
    .map((x) => ({ home: x.home, distance: airDistance(box, from, x.hex) }))
    .filter((x) => x.distance <= range);
}

/** 21.4: the nearest carriers (carrier air) else the nearest bases; all those equally near. */
export function nearestPlaces(s: CoralState, box: CoralBox, u: AirUnitState): AirHome[] {
  const places = landingPlaces(s, box, u);
  const carriers = isNaval(u.type) ? places.filter((p) => isCarrier(p.home)) : [];
  const pool = carriers.length ? carriers : places.filter((p) => !isCarrier(p.home));
  if (!pool.length) return [];
  const d = Math.min(...pool.map((p) => p.distance));
  return pool
    .filter((p) => p.distance === d)
    .map((p) => p.home)
    .sort();
}

/** Lands as many of a unit's squadrons as there is room for (the rest fly on to look for another place). */
function land(f: AirFold, box: CoralBox, u: AirUnitState, on: AirHome, why: string): void {
  const n = Math.min(u.strength, room(f.s, box, on));
  const original = on === u.home ? u.original : (u.original ?? (isNaval(u.type) ? (u.home as AirHome) : undefined));
  f.emit({
    type: 'coral.air.moved',
    data: {
      moves: [{ id: u.id, strength: n, to: { home: on, box: 'recovery', ...(original && original !== on ? { original } : {}) } }],
      cause: why,
      rule: '21.4',
    },
    ...(u.side === 'ijn' && u.box === 'cap' ? { visibleTo: ['ijn'] as const } : {}),
  });
}

const from = (u: AirUnitState) => homeName(u.home as AirHome);

/**
 * Lands what flies until everything is down or the USN must choose (then `airBasing.pending` is
 * set and it stops). `chosen`: the places the USN named for the fliers of a carrier or base.
 */
export function runBasing(f: AirFold, box: CoralBox, dice: Dice, chosen: Readonly<Record<string, AirHome>> = {}): void {
  const fliers = () => f.s.air.filter(isFlying).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const u of fliers()) {
    const home = u.home as AirHome;
    const hex = homeHex(f.s, box, home);
    const reach = missionRange(box, u.side, u.type, !!u.extendedRange);
    if (hex !== null && operates(f.s, box, home) && airDistance(box, u.flyingTo as string, hex) <= reach && room(f.s, box, home) > 0)
      land(f, box, u, home, `back to ${from(u)}`);
  }
  for (let u = fliers()[0]; u; u = fliers()[0]) {
    const options = nearestPlaces(f.s, box, u);
    if (!options.length) {
      eliminate(
        f,
        box,
        u.side,
        [{ id: u.id, strength: u.strength }],
        `no carrier or base within range with room to land on (${u.type} of ${from(u)})`,
        '21.4',
      );
    } else if (options.length === 1) {
      land(f, box, u, options[0], `${from(u)} cannot take it: the nearest place within range`);
    } else if (u.side === 'ijn') {
      // a choice between carriers still face down tells where they are (27): sealed dice, the IJN's record
      const hidden = options.some((o) => f.s.ships[o as ShipKey]?.side === 'ijn' && !f.s.ships[o as ShipKey].faceUp);
      const pick = chooseAtRandom(dice, options, `where ${from(u)}'s ${u.type} land`, '2.2', hidden ? SEALED : undefined);
      f.emit({
        type: 'IjnDecided',
        data: { what: `${u.type} of ${from(u)} land on ${homeName(pick.chosen)}`, choice: pick },
        ...(hidden ? { visibleTo: ['ijn'] as const } : {}),
      });
      land(f, box, u, pick.chosen, 'equally near places: at random');
    } else if (chosen[u.home] && options.includes(chosen[u.home])) {
      land(f, box, u, chosen[u.home], 'where the USN chose');
    } else {
      const n = (f.s.airBasing?.decisions ?? 0) + 1;
      const suffix = `${from(u)}-${n}`;
      f.emit({ type: 'coral.air.basing-pending', data: { pending: { suffix, from: u.home as AirHome, units: [u.id], options } } });
      decisionStep(f, 'basing-choice', suffix, '21.4');
      return;
    }
  }
  if (f.s.airMissions || f.s.airBasing) f.emit({ type: 'coral.air.missions-cleared', data: {} });
}

type LandOrder = Extract<CoralOrder, { kind: 'land' }>;

/** The `basing-choice` decision: the LAND order naming one of the equally near places (else the first of them), then basing goes on. */
export function decideBasing(f: AirFold, box: CoralBox, dice: Dice, orders: readonly CoralOrder[]): void {
  const p = f.s.airBasing?.pending;
  if (!p) throw new Error('a basing-choice decision with no choice pending');
  const problem = landProblem(f.s, box, orders);
  if (problem)
    f.emit({
      type: 'coral.air.refused',
      data: { order: 'LAND', problem: `${problem}; landing on ${homeName(p.options[0])}`, rule: '21.4' },
      visibleTo: ['usn'],
    });
  const o = orders.find((x): x is LandOrder => x.kind === 'land');
  const on = (!problem && o ? homeNamed(f.s, box, 'usn', o.on) : null) ?? p.options[0];
  f.emit({ type: 'coral.air.basing-decided', data: { suffix: p.suffix, on, by: !problem && o ? 'orders' : 'default' } });
  runBasing(f, box, dice, { [p.from]: on });
}

/** The problem with a LAND order for the pending choice, if any. */
export function landProblem(s: CoralState, box: CoralBox, orders: readonly CoralOrder[]): string | null {
  const p = s.airBasing?.pending;
  const o = orders.find((x): x is LandOrder => x.kind === 'land');
  if (!p || !o) return null;
  const on = homeNamed(s, box, 'usn', o.on);
  const names = p.options.map(homeName).join(' or ');
  if (!on || !p.options.includes(on)) return `${o.on} is not one of the equally near places: LAND ${homeName(p.from)} AIR ON ${names}`;
  return null;
}
