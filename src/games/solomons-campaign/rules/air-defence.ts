/**
 * What a side's air may do now, from what the side knows (its own air, bases and supply; the
 * enemy's TF markers and stacks, public, 31.1 (1)-(2)): the view gives it to players, and the
 * defence step (2A3b) is asked only when the non-phasing side has something to fly there: CAP over
 * a hex enemy aircraft fly over (defensive CAP, in its own hex only, 52.0 Q&A), or carrier NAC able
 * to reach an enemy TF (carrier counterstrike, 50.0 Air Mission Chart). Never at night (32.2): at
 * night only Japan's optional night strikes fly (48.1: NAC and LAC striking, no CAP), and no
 * defensive CAP is flown (48.1 (2)).
 */
import { type AirPool, other, type SolSide, type SolState } from '../state';
import { kindName } from './air-orders';
import { availableAt, distance, extendedOk, rangeOf, type Source, sourceOf } from './air-check';
import { flying } from './air-combat';
import { multipleCombats } from './fatigue';
import { hexOf, isDay } from './places';
import { bombsAtNight, nightBombingOpen } from './air-night';
import { assignedTo } from './air-assign-events';

export interface AirOption {
  /** the take-off place as the order writes it (base, hex or carrier id), its hex, the air kind */
  readonly from: string;
  readonly hex: string;
  readonly carrier: boolean;
  readonly kind: string;
  readonly service: AirPool['service'];
  readonly type: AirPool['type'];
  /** points able to strike (or recon, counterstrike), and to fly CAP (22.1, A15) */
  readonly strike: number;
  readonly cap: number;
  /** 46.0 (optional): fatigued points able to join a strike or counterstrike (air against air only) */
  readonly tired?: number;
  /** supply there (11.4); null aboard a carrier */
  readonly supply: number | null;
  /** enemy TF markers and enemy stacks' hexes within its reach (23.2 included), no enemy major base (8.1) */
  readonly tfs: readonly number[];
  readonly hexes: readonly string[];
}

export function airOptions(s: SolState, side: SolSide): AirOption[] {
  const night = !isDay(s);
  if (s.phase === 'over' || (night && !nightBombingOpen(s, side))) return [];
  const f = s.forces[side];
  const enemy = other(side);
  const barred = new Set(Object.values(s.bases).flatMap((b) => (b.side === enemy && b.hex ? [b.hex] : [])));
  const kinds = new Map<string, { src: Source; service: AirPool['service']; type: AirPool['type'] }>();
  for (const ship of Object.values(f.ships).sort((a, b) => (a.id < b.id ? -1 : 1)))
    if (ship.nac > 0) {
      const src = sourceOf(s, side, ship.id);
      if (typeof src !== 'string') kinds.set(`${ship.id}|NAC`, { src, service: 'navy', type: 'NAC' });
    }
  for (const a of f.air) {
    if (a.type === 'MAC') continue;
    const src = sourceOf(s, side, a.at);
    if (typeof src !== 'string') kinds.set(`${a.at}|${a.service}|${a.type}`, { src, service: a.service, type: a.type });
  }
  const out: AirOption[] = [];
  for (const { src, service, type } of [...kinds.values()]) {
    if (night && !bombsAtNight(type)) continue;
    const reach = (extendedOk(s, side, service, type) ? 2 : 1) * rangeOf(side, service, type);
    const near = (hex: string | null) => !!hex && !barred.has(hex) && distance(src.hex, hex) <= reach;
    const tfs = Object.values(s.forces[enemy].taskForces)
      .filter((t) => near(hexOf(s, t.at)))
      .map((t) => t.id)
      .sort((a, b) => a - b);
    const stacks = s.forces[enemy].ground.filter((g) => !g.at.startsWith('TF ') && !g.at.startsWith('AIR ')).map((g) => hexOf(s, g.at));
    const hexes = [...new Set(stacks.filter((h): h is string => near(h)))].sort();
    const strike = availableAt(s, side, src, service, type, 'strike');
    const cap =
      type === 'SAC' || night ? 0 : availableAt(s, side, src, service, type, 'cap') + availableAt(s, side, src, service, type, 'cap', true);
    const tired = multipleCombats(s) ? availableAt(s, side, src, service, type, 'strike', true) : 0;
    if (strike + cap + tired === 0) continue;
    out.push({
      from: src.from,
      hex: src.hex,
      carrier: src.carrier,
      kind: kindName(service, type),
      service,
      type,
      strike,
      cap,
      ...(tired ? { tired } : {}),
      supply: src.carrier ? null : (f.supply[src.from] ?? 0),
      tfs,
      hexes,
    });
  }
  return out;
}

/** Hexes the enemy's aircraft fly over now, as seen (31.1 (1)). */
export const enemyAirHexes = (s: SolState, side: SolSide): string[] =>
  [
    ...new Set(
      flying(s)
        .filter((x) => x.side !== side && x.mission !== 'cap')
        .map((x) => x.hex),
    ),
  ].sort();

/** 2A3b is asked when the defender could fly defensive CAP against intruders or a carrier counterstrike. */
export function defenceWanted(s: SolState, defender: SolSide): boolean {
  if (!isDay(s)) return false;
  const over = new Set(enemyAirHexes(s, defender));
  // 45.2 (optional): only air assigned to CAP or counterstrike can answer
  const may = (o: AirOption, mission: 'cap' | 'counterstrike') =>
    !s.options.airMissionAssignment || assignedTo(s, defender, o.from, o.service, o.type, mission) > 0;
  return airOptions(s, defender).some(
    (o) =>
      (o.cap > 0 && over.has(o.hex) && (o.supply === null || o.supply > 0) && may(o, 'cap')) ||
      (o.carrier && o.strike > 0 && o.tfs.length > 0 && may(o, 'counterstrike')),
  );
}
