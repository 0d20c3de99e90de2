/**
 * Loading and unloading in port (4.4): a ship of the side with cargo capacity (CC, carriers' being
 * aircraft), in a friendly port and out of the repair pipeline, takes infantry companies and supply
 * units up to its CC (4.4B); companies come from those waiting in that port (8.9's arrivals), supply
 * units without limit (as read: no rule counts a port's supply). UNLOAD puts the cargo back ashore in
 * the port (4.4C): its companies wait there again. Each side's own to see (12.0).
 */
import { valuesOf } from '../keyed';
import type { GcOrder } from '../orders';
import type { GcSide, GcState, Ship } from '../state';
import type { GcEvent } from './events';

export interface Cargo {
  side: GcSide;
  ship: string;
  port: string;
  /** companies and supply units taken aboard (negative: put ashore in port, 4.4C) */
  inf: number;
  sup: number;
}

type Refuse = (problem: string, rule: string) => void;

function shipIn(s: GcState, side: GcSide, name: string, port: string): Ship | [string, string] {
  const key = name.trim().toLowerCase();
  const ship = valuesOf(s.ships).find((x) => x.side === side && !x.sunk && x.name.toLowerCase() === key);
  if (!ship) return [`"${name}" is none of your ships`, '4.4A'];
  if (!s.map.ports[side].includes(port)) return [`${port} is none of your ports: ${s.map.ports[side].join(', ')} (4.1A)`, '4.4A'];
  if (ship.tf !== null || ship.port !== port) return [`${ship.name} is not in port at ${port}: ships load in a friendly port (4.4)`, '4.4'];
  if (ship.dockedTurn === s.turn || (ship.repairUntil ?? 0) > s.turn)
    return [`${ship.name} is in the repair and refit pipeline (8.8): it loads once it is out`, '4.4A'];
  if (ship.cc === 0 || ship.type === 'CV' || ship.type === 'CVL')
    return [`${ship.name} has no cargo capacity (CC 0, or aircraft only): only ships with CC over 0 load (4.4A)`, '4.4A'];
  return ship;
}

export function cargo(
  s: GcState,
  side: GcSide,
  o: Extract<GcOrder, { kind: 'load' | 'unload' }>,
  emit: (e: GcEvent) => void,
  refuse: Refuse,
): void {
  const ship = shipIn(s, side, o.ship, o.port);
  if (Array.isArray(ship)) return refuse(ship[0], ship[1]);
  if (o.kind === 'unload') {
    if (ship.inf + ship.sup === 0) return refuse(`${ship.name} carries nothing to unload (4.4C)`, '4.4C');
    const data: Cargo = { side, ship: ship.name, port: o.port, inf: -ship.inf, sup: -ship.sup };
    return emit({ type: 'gcc.loaded', data, visibleTo: [side] });
  }
  const room = ship.cc - ship.inf - ship.sup;
  if (o.inf + o.sup > room)
    return refuse(
      `${ship.name} has room for ${room} of cargo (CC ${ship.cc}, ${ship.inf + ship.sup} aboard), not ${o.inf + o.sup} (4.4B)`,
      '4.4B',
    );
  const waiting = s.portInf?.[o.port] ?? 0;
  if (o.inf > waiting) return refuse(`${waiting} infantry company(ies) wait at ${o.port}, not ${o.inf} (4.4B, 8.9)`, '4.4B');
  emit({ type: 'gcc.loaded', data: { side, ship: ship.name, port: o.port, inf: o.inf, sup: o.sup }, visibleTo: [side] });
}

export function afterLoaded(s: GcState, d: Cargo): GcState {
  const ship = s.ships[d.ship];
  return {
    ...s,
    ships: { ...s.ships, [d.ship]: { ...ship, inf: ship.inf + d.inf, sup: ship.sup + d.sup } },
    portInf: { ...(s.portInf ?? {}), [d.port]: (s.portInf?.[d.port] ?? 0) - d.inf },
  };
}
