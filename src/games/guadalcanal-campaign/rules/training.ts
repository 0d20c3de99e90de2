/**
 * Training carrier pilots (4.5): a carrier in port takes land-based aircraft of that port's airbase
 * aboard (never Bettys, Nells or Fortresses, 4.5E), up to its CC with those it has, and is out of
 * circulation for 15 days (30 turns, 4.5D) as if in the pipeline (8.8): it forms no TF until then. A
 * carrier that docked this turn goes to repair or refit first (8.8). The side's own to see (12.0).
 */
import { entriesOf, valuesOf } from '../keyed';
import { planesText, type GcOrder } from '../orders';
import type { AirGroup, GcSide, GcState } from '../state';
import type { GcEvent } from './events';

/** 4.5D: 15 days of two turns */
export const TRAINING_TURNS = 30;

export interface Trained {
  side: GcSide;
  carrier: string;
  base: string;
  planes: AirGroup;
  until: number;
}

type Refuse = (problem: string, rule: string) => void;

export function train(s: GcState, side: GcSide, o: Extract<GcOrder, { kind: 'train' }>, emit: (e: GcEvent) => void, refuse: Refuse): void {
  const key = o.carrier.trim().toLowerCase();
  const ship = valuesOf(s.ships).find((x) => x.side === side && !x.sunk && x.name.toLowerCase() === key);
  if (!ship || (ship.type !== 'CV' && ship.type !== 'CVL')) return refuse(`"${o.carrier}" is none of your carriers`, '4.5A');
  if (!s.map.ports[side].includes(o.port)) return refuse(`${o.port} is none of your ports: ${s.map.ports[side].join(', ')} (4.1A)`, '4.5A');
  if (ship.tf !== null || ship.port !== o.port)
    return refuse(`${ship.name} is not in port at ${o.port}: the carrier must be there (4.5A)`, '4.5A');
  if (ship.dockedTurn === s.turn) return refuse(`${ship.name} docked this turn and goes to repair or refit first (8.8)`, '8.8');
  const base = s.map.places.find((p) => p.code === o.port)?.name ?? o.port;
  const held = s.air[base] ?? {};
  for (const [t, n] of entriesOf(o.planes)) {
    if (!s.aircraft[t]?.carrier) return refuse(`${t} never flies from carriers (4.5E)`, '4.5E');
    if ((held[t] ?? 0) < n) return refuse(`${base} has ${held[t] ?? 0} ${t}, not ${n} (4.5C)`, '4.5C');
  }
  const aboard = Object.values(s.air[ship.name] ?? {}).reduce((a, b) => a + b, 0);
  const adding = Object.values(o.planes).reduce((a, b) => a + b, 0);
  if (aboard + adding > ship.cc)
    return refuse(`${ship.name} carries ${aboard} of ${ship.cc} aircraft: no room for ${planesText(o.planes)} (4.5, CC)`, '4.5');
  const until = Math.max(ship.repairUntil ?? 0, s.turn + TRAINING_TURNS);
  emit({ type: 'gcc.trained', data: { side, carrier: ship.name, base, planes: { ...o.planes }, until }, visibleTo: [side] });
}

export function afterTrained(s: GcState, d: Trained): GcState {
  const from = { ...(s.air[d.base] ?? {}) };
  const to = { ...(s.air[d.carrier] ?? {}) };
  for (const [t, n] of entriesOf(d.planes)) {
    from[t] = (from[t] ?? 0) - n;
    to[t] = (to[t] ?? 0) + n;
  }
  return {
    ...s,
    air: { ...s.air, [d.base]: from, [d.carrier]: to },
    ships: { ...s.ships, [d.carrier]: { ...s.ships[d.carrier], repairUntil: d.until } },
  };
}
