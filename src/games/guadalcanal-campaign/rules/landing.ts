/**
 * Aircraft return (8.5) in combat step (4). A strike's survivors land on their carrier; a carrier
 * that may no longer land them (9.1B: 26% damage or more, under 15 knots, or sunk) sends them to the
 * nearest friendly active airbase or carrier that may fly within 3 squares of it (8.5B-C, nearest
 * first, then by name), else they ditch and are lost (8.5D). The landing is the side's own to see.
 */
import { entriesOf, valuesOf } from '../keyed';
import { range } from '../box/range';
import { dateOf, type GcSide, type GcState } from '../state';
import { carrierMayFly } from './air';
import { airReturnOf } from './base-strike';
import type { GcEvent } from './events';

const isCarrier = (t: string) => t === 'CV' || t === 'CVL';

/** The emergency landings of the side's carrier strikes launched in `before`, on the position s. */
export function emergencyLandings(before: GcState, s: GcState, side: GcSide): GcEvent[] {
  const out: GcEvent[] = [];
  for (const x of before.airOps[side].turn === before.turn ? before.airOps[side].strikes : []) {
    const ship = s.ships[x.from];
    if (!ship || (!ship.sunk && carrierMayFly(s, x.from))) continue;
    const tfId = ship.tf ?? before.ships[x.from].tf;
    const tf = tfId ? (s.taskForces[tfId] ?? before.taskForces[tfId]) : null;
    const planes = Object.fromEntries(
      entriesOf(x.planes)
        .map(([t, n]) => [t, Math.min(n, s.air[x.from]?.[t] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    );
    if (!tf || !Object.keys(planes).length) continue;
    const date = dateOf(s, s.turn);
    const bases = s.airbases
      .filter((b) => b.side === side && (!b.from || date >= b.from))
      .map((b) => ({ name: b.name, d: range(b, tf), carrier: false }));
    const carriers = valuesOf(s.ships)
      .filter(
        (c) =>
          c.side === side && c.name !== x.from && isCarrier(c.type) && !c.sunk && c.tf && s.taskForces[c.tf] && carrierMayFly(s, c.name),
      )
      .map((c) => ({ name: c.name, d: range(s.taskForces[c.tf!], tf), carrier: true }));
    const to = [...bases, ...carriers]
      .filter((h) => h.d <= airReturnOf(s).emergencyRange)
      .sort((a, b) => a.d - b.d || (a.name < b.name ? -1 : 1))[0];
    out.push({ type: 'gcc.emergency-landed', data: { side, turn: s.turn, from: x.from, to: to?.name ?? null, planes }, visibleTo: [side] });
  }
  return out;
}
