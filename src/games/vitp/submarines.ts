/** Submarines (3.2, 5.25, 6.6, 16.1–16.4): placement. Their attacks are combat's (7.91); going home is returns.ts. */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import type { Order, Unit, VitpState, VSide } from './types';
import { returnDestinations } from './world';
import { unitOf } from './events';

export const submarineReady = (s: VitpState, side: VSide): boolean =>
  s.units.some((u) => u.kind === 'sub' && u.side === side && u.loc.at === 'port');

export function checkSubmarine(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  return orders.flatMap((o) => {
    if (o.t !== 'sub') return [];
    const u = unitOf(s.units, o.unit)!;
    return u.kind === 'sub' && u.side === side && u.loc.at === 'port'
      ? []
      : [
          {
            line: o.line,
            text: o.text,
            problem: `${u.name} is not your submarine in port this turn`,
            rule: '5.25',
          },
        ];
  });
}

/**
 * 2.3, 10.11: a submarine waits only in a port its side holds. Home is its chart port; if that has
 * fallen, Samoa for a Pearl Harbor boat (4.41's exception), else the first friendly major port its
 * nationality may enter (10.1, 10.12). Null: nowhere (10.14). Its first arrival is 4.41's: see turn.ts.
 */
export function submarineHarbour(s: VitpState, u: Unit): string | null {
  if (s.control[u.arrivalAt] === u.side) return u.arrivalAt;
  if (u.arrivalAt === 'Pearl Harbor' && s.control.Samoa === u.side) return 'Samoa';
  return returnDestinations(s, u, null).find((p) => s.map.places.find((x) => x.name === p)?.kind === 'port') ?? null;
}

/** 16.3, 5.6: a submarine goes back to port (submarineHarbour); with none left it is out of the game (10.14). */
export function submarineHome(tx: Tx, u: Unit, why: string, rule: string): void {
  const port = submarineHarbour(tx.s, u);
  if (port)
    tx.unit(
      u.id,
      { loc: { at: 'port', place: port } },
      port === u.arrivalAt ? why : `${why}: ${port}, as ${u.arrivalAt} is in enemy hands`,
      port === u.arrivalAt ? rule : `${rule}, 10.11`,
    );
  else tx.unit(u.id, { loc: { at: 'removed' } }, 'has no friendly port to return to and is removed from the game', '10.14');
}

/** 6.6: any sea area, whatever the distance or who controls it. */
export function placeSubmarine(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders)
    if (o.t === 'sub') tx.unit(o.unit, { loc: { at: 'sea', area: o.to, mode: 'sub' } }, `is placed in ${o.to}`, '6.6');
}
