/**
 * US support of a ground attack (28.3 (2)): close air support (50.0 Air Mission Chart) and naval
 * gunfire support (16.1-16.3), resolved in the Ground Combat Sub-Segment (2A3g) once the attack
 * supply is spent (28.3 (1)), before the defender's supply (28.3 (3)).
 *
 * Close air support: US Navy LAC flown as an offensive mission at the hex (2A3a, `CAS` lines,
 * rules/air-orders.ts) fought the air there at printed strength (2A3c); now the enemy ground units
 * of the hex fire their AA at them (26.3; as for a strike on the ground: full with a supply point a
 * 9 battalions spent, else half, 26.4). The points left add their factor (extended range halved,
 * 23.2) to the sub-attacks with Marines in them (the chart: only with US Navy ground units), not
 * touched by supply nor by the combat's outcome; they land fatigued (2A3h).
 *
 * Naval gunfire support (`ATTACK <hex> NGS [TF <n>, ...]`): from December I, the US attacking only
 * (16.3), the unfatigued ships of the named TFs in the hex (all the US TFs there with NGS alone)
 * add their bombardment factors (16.2); one Combined CP when Army units are among the attackers
 * (16.3). The ships take no losses and are fatigued (17.1).
 *
 * The cap (28.3 (2), 16.2, the chart): what a sub-attack gets from both together never exceeds the
 * printed strength of its ground units. Sub-attacks take support in the order they are written,
 * close air first (its aircraft flew already), then the guns; only the ships needed fire (as few
 * as can, the owner's default choice) and the rest stay unfatigued.
 */
import type { Dice } from '../../../engine/ruleset';
import type { GroundData } from '../box/deployment';
import { other, type SolSide, type SolState } from '../state';
import { fireOn, flying, live, rollLosses, servicesShift, takeLosses } from './air-combat';
import type { Flight } from './air-events';
import { groundAt } from './contacts';
import { battalionsOf, strengthOf } from './echelons';
import type { SolFold } from './naval';
import { tfsWithShips, valuesOf } from './surface';

type Note = (text: string, rule: string) => void;

/** 16.3: naval gunfire support from this turn on. */
export const NGS_FROM = 'Dec I';
export const ngsAllowed = (s: Pick<SolState, 'turn' | 'turnNames'>) => {
  const from = s.turnNames.indexOf(NGS_FROM) + 1;
  return from > 0 && s.turn >= from;
};

/** The chart: US Navy ground combat units (Marines; engineers never attack, 28.5). */
export const isMarine = (g: Pick<GroundData, 'service' | 'type'>) => g.service === 'navy' && g.type !== 'engineer';

/**
 * 26.1, 26.3-26.5: the AA of the enemy ground units in `hex` at the side's aircraft attacking the
 * ground there (a strike or close air support): their combat strength, full with a supply point a
 * 9 battalions spent (the default spends it when the hex has enough), else half; halved against SAC
 * alone. The flights still flying after it.
 */
export function groundAa(f: SolFold, dice: Dice, side: SolSide, hex: string, group: readonly Flight[], target: string): Flight[] {
  const enemy = other(side);
  const s = f.s;
  const ground = groundAt(s, enemy, hex);
  const supplyThere = s.forces[enemy].supply[hex] ?? 0;
  const battalions = ground.reduce((t, g) => t + battalionsOf(s, g), 0);
  const need = Math.ceil(battalions / s.logData.logistics.groundAaBattalions);
  const full = ground.reduce((t, g) => t + (g.type === 'engineer' ? 0 : strengthOf(s, enemy, g, false)), 0);
  const paid = need > 0 && supplyThere >= need;
  let aa = paid ? full : Math.floor(full / 2);
  if (group.every((x) => x.type === 'SAC')) aa = Math.floor(aa / 2);
  const shifts =
    aa > 0 ? servicesShift(f, enemy, new Set(ground.filter((g) => g.type !== 'engineer').map((g) => g.service)), '26.2, 50.0') : [];
  const fire = fireOn(dice, 'antiAircraft', aa, shifts, `AA fire at ${hex}`, '26.2');
  if (fire) {
    f.emit({ type: 'sol.aa-fire', data: { hex, side: enemy, target, fire, ...(paid ? { supply: need } : {}) } });
    takeLosses(f, side, hex, group, rollLosses(dice, fire, hex), false, '26.2, 50.0');
  }
  return group.map((x) => flying(f.s).find((y) => y.id === x.id)).filter((x): x is Flight => !!x && live(x) > 0);
}

/** Factors of flights attacking the ground (23.2: extended range halved, rounded down). */
export const groundFactors = (flights: readonly Flight[]) =>
  flights.reduce((t, x) => t + (x.extended ? Math.floor(live(x) / 2) : live(x)), 0);

/** The side's close air support flights over a hex. */
export const casFlights = (s: SolState, side: SolSide, hex: string) =>
  flying(s).filter((x) => x.side === side && x.mission === 'cas' && x.hex === hex && live(x) > 0);

/** What each sub-attack of an ATTACK line gets: close air and gunfire factors, and its printed ground strength (the cap). */
export interface Support {
  readonly cas: number;
  readonly ngs: number;
  readonly ground: number;
}

/** Close air (Marines' sub-attacks only) then gunfire, each sub-attack up to its printed ground strength (28.3 (2)). */
export function allocate(subs: readonly { ground: number; marines: boolean }[], cas: number, ngs: number): Support[] {
  let air = cas;
  let guns = ngs;
  return subs.map(({ ground, marines }) => {
    const a = marines ? Math.min(air, ground) : 0;
    const g = Math.min(guns, ground - a);
    air -= a;
    guns -= g;
    return { cas: a, ngs: g, ground };
  });
}

/**
 * 28.3 (2): the support of one ATTACK line's sub-attacks (`subs`: each one's attacking units), or
 * none (null) when nothing supports it. Gunfire spent is one event, its side's own (the ships
 * fired, fatigued, 17.1; the Combined CP, 16.3): the defender learns the factors it added from the
 * ground attack itself.
 */
export function supportOf(
  f: SolFold,
  dice: Dice,
  side: SolSide,
  hex: string,
  subs: readonly (readonly GroundData[])[],
  ngs: readonly number[] | 'all' | undefined,
  note: Note,
): Support[] | null {
  if (side !== 'us') return null;
  const marines = subs.some((u) => u.some(isMarine));
  let cas = 0;
  const flights = casFlights(f.s, side, hex);
  if (flights.length && !marines)
    note(`close air support at ${hex}: no Marines attack there, the aircraft add nothing`, '50.0 Air Mission Chart');
  else if (flights.length) cas = groundFactors(groundAa(f, dice, side, hex, flights, 'close air support'));
  const guns = ngs ? gunfire(f.s, side, hex, ngs, subs, note) : null;
  if (!cas && !guns?.factors) return null;
  const out = allocate(
    subs.map((u) => ({ ground: u.reduce((t, g) => t + strengthOf(f.s, side, g, true), 0), marines: u.some(isMarine) })),
    cas,
    guns?.factors ?? 0,
  );
  const used = out.reduce((t, x) => t + x.ngs, 0);
  if (guns?.factors && !used) note(`NGS at ${hex}: close air support already reaches the ground strength, the ships hold fire`, '28.3 (2)');
  if (guns && used)
    f.emit({
      type: 'sol.gunfire-support',
      data: { side, hex, ships: firing(f.s, side, guns.ships, used), factors: used, combinedCp: guns.combinedCp },
      visibleTo: [side],
    });
  return out;
}

/**
 * The ships that fire for `need` factors (the owner's choice; by default as few as can, 17.1: each
 * one fired is fatigued): while one ship covers what is left, the weakest that does, else the strongest.
 */
function firing(s: SolState, side: SolSide, ships: readonly string[], need: number): string[] {
  const value = (id: string) => valuesOf(s, s.forces[side].ships[id].type).bombardment;
  const left = [...ships].sort((a, b) => value(a) - value(b) || (a < b ? -1 : 1));
  const out: string[] = [];
  for (let rest = need; rest > 0 && left.length; ) {
    const i = left.findIndex((id) => value(id) >= rest);
    const [id] = left.splice(i >= 0 ? i : left.length - 1, 1);
    out.push(id);
    rest -= value(id);
  }
  return out.sort();
}

/** 16.1-16.3: the ships that may fire in support and their factors, or why none. */
function gunfire(
  s: SolState,
  side: SolSide,
  hex: string,
  ngs: readonly number[] | 'all',
  subs: readonly (readonly GroundData[])[],
  note: Note,
): { ships: string[]; factors: number; combinedCp: boolean } | null {
  if (!ngsAllowed(s)) {
    note(`NGS at ${hex}: naval gunfire support only from ${NGS_FROM}`, '16.3');
    return null;
  }
  const tfs = tfsWithShips(s, side, hex).filter((t) => ngs === 'all' || ngs.includes(t.id));
  const away = ngs === 'all' ? [] : ngs.filter((n) => !tfs.some((t) => t.id === n));
  if (away.length || !tfs.length)
    note(
      `NGS at ${hex}: ${away.length ? `TF ${away.join(', TF ')} has no ships in the hex` : 'no TF of yours has ships in the hex'}, no support from it`,
      '16.1',
    );
  if (!tfs.length) return null;
  const ships = tfs
    .flatMap((t) => t.ships)
    .filter((id) => !s.forces[side].ships[id].fatigued && valuesOf(s, s.forces[side].ships[id].type).bombardment > 0)
    .sort();
  const factors = ships.reduce((t, id) => t + valuesOf(s, s.forces[side].ships[id].type).bombardment, 0);
  if (!factors) {
    note(`NGS at ${hex}: no unfatigued ship with bombardment factors there`, '17.1');
    return null;
  }
  const army = subs.some((u) => u.some((g) => g.service === 'army'));
  if (army && (s.cp[side]?.combined ?? 0) < 1) {
    note(`NGS at ${hex}: Army units attack and no Combined CP is left, no gunfire support`, '16.3');
    return null;
  }
  return { ships, factors, combinedCp: army };
}
