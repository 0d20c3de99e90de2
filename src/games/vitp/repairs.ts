/** Repairs (11.1–11.4): each port's points for this turn, split as the owner likes, lost if unused. */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import type { Order, OrderOf, Unit, VitpState, VSide } from './types';

/** 11.2x / 11.4: the points available in `port` to `side` this turn. */
export function repairPoints(s: VitpState, side: VSide, port: string): number {
  const r = s.repairs.find((x) => x.port === port && x.side === side);
  if (!r || s.control[port] !== side) return 0;
  return r.perTurn[s.turn - 1] ?? 0;
}

export const repairable = (s: VitpState, u: Unit): boolean =>
  u.kind === 'ship' && u.damage > 0 && u.loc.at === 'port' && !u.moved && repairPoints(s, u.side, u.loc.place) > 0;

export function checkRepairs(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  const errors: LineError[] = [];
  const used: Record<string, number> = {};
  const moving = new Set(orders.flatMap((o) => (o.t === 'move' ? o.units : [])));
  for (const o of orders.filter((x): x is OrderOf<'repair'> => x.t === 'repair')) {
    const u = s.units.find((x) => x.id === o.unit)!;
    const err = (problem: string, rule: string, hint?: string) => errors.push({ line: o.line, text: o.text, problem, rule, hint });
    if (u.side !== side) { err(`${u.name} is not yours`, '11.1'); continue; }
    if (u.loc.at !== 'port') { err(`${u.name} is not in port`, '11.1'); continue; }
    const port = u.loc.place;
    const pts = repairPoints(s, side, port);
    if (pts === 0) { err(`${port} has no repair points for you this turn`, '11.2', 'repair points: Yokosuka 6 (Japanese); Ceylon 1, Australia 1, Pearl Harbor 0/3/6/9/12/15 (Allied)'); continue; }
    if (o.points > u.damage) { err(`${u.name} has only ${u.damage} damage`, '11.1'); continue; }
    if (moving.has(u.id)) { err(`${u.name} cannot both repair and move`, '11.1'); continue; }
    used[port] = (used[port] ?? 0) + o.points;
    if (used[port] > pts) err(`${port} has only ${pts} repair points this turn`, '11.24');
  }
  return errors;
}

export function resolveRepairs(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders.filter((x): x is OrderOf<'repair'> => x.t === 'repair')) {
    const u = tx.s.units.find((x) => x.id === o.unit)!;
    tx.unit(u.id, { damage: u.damage - o.points, repaired: true }, `repairs ${o.points} damage point${o.points > 1 ? 's' : ''}`, '11.1');
  }
}
