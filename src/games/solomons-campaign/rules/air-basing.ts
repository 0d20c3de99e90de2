/**
 * The Air Basing Sub-Segment (2A3h, 21.4-21.5) for air transfer and air transport: everything of
 * the phasing side still in the air lands. An air transfer or transport lands where it was ordered
 * to; an airborne landing's MAC where it took off (34.2 "bases normally"; the brief's default).
 * Where that place can no longer take it (the carrier moved away or sank, the airbase was lost or
 * filled), it lands on the nearest own airbase or carrier within its printed range of the hex it
 * reached (21.4), as much as each holds; what finds no room is eliminated and counts as VP lost
 * (21.5), with any cargo aboard. A MAC with cargo lands whole (its cargo unloads where it lands) or
 * not at all. Air transport leaves the MAC fatigued (50.0 chart); air transfer does not. Points
 * aborted by enemy CAP over the landing hex (12.7, rules/air-intercept.ts) fly back to where they
 * took off, fatigued, with the cargo they still carry.
 */
import type { SolSide, SolState } from '../state';
import { type AirPlace, airDistance, airbaseCapacity, roomAt } from './air-move';
import type { AirMove } from './air-move-events';
import type { SolFold } from './naval';
import { hexOf } from './places';
import { landsOnCarriers } from './carrier-training';

interface VpData {
  readonly airPerPoint?: Readonly<Record<SolSide, Readonly<Record<string, number>>>>;
  readonly groundPerBattalion: Readonly<Record<SolSide, number>>;
}

/** Where a move is to land: where ordered; an airborne landing's MAC, or points aborted over their landing hex (12.7), where they took off. */
const targetOf = (m: AirMove) => (m.back || m.mission === 'drop' ? m.from : m.to);

/** Own airbases and carriers (NAC only) within `range` of `hex`, nearest first, then by name (aborted points reach home whatever the distance). */
function landingPlaces(s: SolState, m: AirMove): { p: AirPlace; d: number }[] {
  const side = m.side;
  const bases: AirPlace[] = [
    ...Object.keys(s.bases).map((b) => ({ place: b, carrier: false, at: hexOf(s, b) ?? b })),
    ...s.airfields.map((a) => ({ place: a.hex, carrier: false, at: a.hex })),
  ].filter((p) => airbaseCapacity(s, side, p.place) !== null);
  const carriers: AirPlace[] =
    m.type === 'NAC' && landsOnCarriers(s, side, m.from)
      ? Object.values(s.forces[side].ships)
          .filter((x) => x.type in s.airData.carrierCapacity[side])
          .map((x) => ({ place: x.id, carrier: true, at: hexOf(s, x.at) ?? x.at }))
      : [];
  return [...bases, ...carriers]
    .map((p) => ({ p, d: airDistance(s, m.hex, p.at) }))
    .filter((x) => x.d <= m.range || (m.back === true && x.p.place === targetOf(m)))
    .sort((a, b) => a.d - b.d || (a.p.place < b.p.place ? -1 : 1));
}

/** 2A3h: every air transfer and transport of `side` lands, or is lost (21.5). */
export function airBasing(f: SolFold, side: SolSide): void {
  for (const m of [...(f.s.airMoves ?? [])].filter((x) => x.side === side).sort((a, b) => a.id - b.id)) {
    // 50.0 results, 21.8: aborted points are fatigued, air transfer or not
    const fatigued = m.back === true || m.mission !== 'transfer';
    const target = targetOf(m);
    const cargo = m.units.length > 0 || m.supply > 0;
    const places = landingPlaces(f.s, m).sort((a, b) => Number(b.p.place === target) - Number(a.p.place === target));
    let left = m.points;
    let first = true;
    for (const { p } of places) {
      const room = roomAt(f.s, side, p) ?? 0;
      const points = cargo ? (room >= left ? left : 0) : Math.min(room, left);
      if (points <= 0) continue;
      f.emit({
        type: 'sol.air-move-landed',
        data: {
          side,
          id: m.id,
          at: p.place,
          carrier: p.carrier,
          points,
          fatigued,
          units: first ? m.units : [],
          supply: first ? m.supply : 0,
          diverted: p.place !== target,
        },
        visibleTo: [side],
      });
      first = false;
      left -= points;
      if (!left) break;
    }
    if (left) lose(f, m, left, first);
  }
}

function lose(f: SolFold, m: AirMove, points: number, withCargo: boolean): void {
  const s = f.s;
  const vp = s.logData.victoryPoints as unknown as VpData;
  const units = withCargo ? m.units : [];
  const battalions = units.reduce((t, id) => {
    const g = s.forces[m.side].ground.find((x) => x.id === id);
    return t + (g ? (s.opsData.groundSizes[g.size] ?? 1) : 0);
  }, 0);
  const lostVp = points * (vp.airPerPoint?.[m.side]?.[m.type] ?? 0) + battalions * vp.groundPerBattalion[m.side];
  f.emit({
    type: 'sol.air-lost',
    data: { side: m.side, id: m.id, points, units, supply: withCargo ? m.supply : 0, vp: lostVp },
    visibleTo: [m.side],
  });
}
