/** REG.2, Land air units: the sides' LAND orders, then the air units given none landed so that the most, then the costliest, survive. */
import { ISLANDS, type UnitType, type ZoneId } from './box';
import { ownUnit } from './movement';
import type { Play } from './play';
import type { GSide, GState, Order, Piece } from './types';
import { airDistance, airRange, baseOf, costOf, isAir, piece } from './world';
import { compareCodeUnits } from '../../shared/canonical';

/** Where an air unit of `side` may land: base land, an undamaged own airfield's island, an own carrier (fighters). */
function landingSpots(s: GState, side: GSide, u: Piece): string[] {
  const base = baseOf(s, side).land;
  const islands = ISLANDS.filter((i) => s.airfields.some((a) => a.island === i && a.side === side && !a.damaged));
  const carriers =
    u.type === 'FTR' ? s.pieces.filter((c) => c.side === side && c.type === 'CV' && c.zone !== 'damaged').map((c) => c.id) : [];
  const range = airRange(s, u.type as UnitType, side);
  const zoneOfSpot = (spot: string) => (piece(s, spot)?.zone as ZoneId) ?? (spot as ZoneId);
  return [base, ...islands, ...carriers].filter(
    (spot) => u.zone !== 'damaged' && airDistance(s, u.zone as ZoneId, zoneOfSpot(spot)) <= range,
  );
}

function capacity(s: GState, side: GSide, spot: string): number {
  if (spot === baseOf(s, side).land) return Number.POSITIVE_INFINITY;
  if (/^CV\d+$/.test(spot)) return s.box.units.CV.flightDeck;
  return s.airfields.filter((a) => a.island === spot && a.side === side && !a.damaged).length * s.box.constants.airfieldCapacity;
}

/** REG.2: a side's LAND orders, then the rest landed so that the most, then the costliest, survive (landingsSavingMost), the others lost. */
export function landingStep(p: Play, orders: readonly Order[]): void {
  const used = new Map<string, number>();
  const landed = new Set<string>();
  const occupy = (spot: string) => used.set(spot, (used.get(spot) ?? 0) + 1);
  const put = (u: Piece, spot: string) => {
    occupy(spot);
    landed.add(u.id);
    const zone = (piece(p.s, spot)?.zone as ZoneId) ?? (spot as ZoneId);
    p.emit({ type: 'gc.landed', data: { unit: u.id, at: spot, zone } });
  };
  const air = p.s.pieces.filter((x) => x.side === p.side && isAir(x) && x.zone !== 'damaged');
  // fighters already on a carrier that stays afloat stay aboard, taking their deck space
  for (const f of air) {
    if (!f.on || piece(p.s, f.on)?.zone !== f.zone) continue;
    occupy(f.on);
    landed.add(f.id);
  }
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (o.kind !== 'land') {
      p.fail(o, `${o.kind.toUpperCase()} is not an order of this step`, 'REG.2');
      continue;
    }
    const u = ownUnit(p, o, o.unit, ['BMR', 'FTR'], 'REG.2');
    if (!u) continue;
    if (landed.has(u.id)) {
      p.fail(o, `${u.id} has landed already`, 'REG.2');
      continue;
    }
    const spots = landingSpots(p.s, p.side, u);
    if (!spots.includes(o.at)) {
      p.fail(
        o,
        `${u.id} in ${u.zone} cannot land at ${o.at}`,
        'REG.2',
        spots.length ? `it may land at: ${spots.join(', ')}` : 'it cannot reach a landing',
      );
      continue;
    }
    if ((used.get(o.at) ?? 0) >= capacity(p.s, p.side, o.at)) {
      p.fail(o, `${o.at} is full (${capacity(p.s, p.side, o.at)} air units)`, 'REG.2');
      continue;
    }
    put(u, o.at);
  }
  const rest = air.filter((u) => !landed.has(u.id));
  const placed = landingsSavingMost(p.s, p.side, rest, (spot) => capacity(p.s, p.side, spot) - (used.get(spot) ?? 0));
  for (const u of rest) {
    const spot = placed.get(u.id);
    if (spot) put(u, spot);
    else p.emit({ type: 'gc.crashed', data: { unit: u.id, zone: u.zone } });
  }
}

/**
 * REG.2, the air units given no landing order (issue 27: what a sensible player would choose): as
 * many as can be landed, and among such landings the costliest units; each at the nearest place it
 * can have. Units are placed costliest first, each by an augmenting path (a unit already placed may
 * move to another place it reaches to make room), which lands a largest set of the greatest cost.
 */
export function landingsSavingMost(s: GState, side: GSide, units: readonly Piece[], free: (spot: string) => number): Map<string, string> {
  const at = new Map<string, string>();
  const on = new Map<string, string[]>();
  const spotsOf = new Map(
    units.map((u) => [u.id, landingSpots(s, side, u).sort((a, b) => dist(s, u, a) - dist(s, u, b) || compareCodeUnits(a, b))]),
  );
  const place = (id: string, seen: Set<string>): boolean => {
    for (const spot of spotsOf.get(id) ?? []) {
      if (seen.has(spot)) continue;
      seen.add(spot);
      const here = on.get(spot) ?? [];
      const other = here.length < free(spot) ? null : here.find((v) => place(v, seen));
      if (here.length >= free(spot) && !other) continue;
      on.set(spot, [...here.filter((v) => v !== other), id]);
      at.set(id, spot);
      return true;
    }
    return false;
  };
  const byCost = [...units].sort((a, b) => costOf(s, b.type) - costOf(s, a.type) || compareCodeUnits(a.id, b.id));
  for (const u of byCost) place(u.id, new Set());
  return at;
}

const dist = (s: GState, u: Piece, spot: string) => airDistance(s, u.zone as ZoneId, (piece(s, spot)?.zone as ZoneId) ?? (spot as ZoneId));
