/** Submarines (3.2, 5.25, 6.6, 16.1–16.4): placement. Their attacks are combat's (7.91); going home is returns.ts. */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import type { Order, VitpState, VSide } from './types';

export const submarineReady = (s: VitpState, side: VSide): boolean =>
  s.units.some((u) => u.kind === 'sub' && u.side === side && u.loc.at === 'port');

export function checkSubmarine(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  return orders.flatMap((o) => {
    if (o.t !== 'sub') return [];
    const u = s.units.find((x) => x.id === o.unit)!;
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

/** 6.6: any sea area, whatever the distance or who controls it. */
export function placeSubmarine(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders)
    if (o.t === 'sub') tx.unit(o.unit, { loc: { at: 'sea', area: o.to, mode: 'sub' } }, `is placed in ${o.to}`, '6.6');
}
