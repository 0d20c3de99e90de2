/** Land-based air placement (5.22, 6.5, 12.1–12.13). Air cut off from its bases (12.24, 14.33): capture.ts. */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import { frozenOnTurnOne } from './movement';
import { airInGroups } from './options';
import type { Order, Unit, VitpState, VSide } from './types';
import { friendly, placesTouching } from './world';
import { unitOf } from './events';

export const placeableAir = (s: VitpState, side: VSide): Unit[] =>
  s.units.filter((u) => u.side === side && u.kind === 'lba' && u.loc.at === 'port' && !u.repaired && !frozenOnTurnOne(s, u));

/** 12.12–12.13: any sea area touching a port or base the side controls, distance and enemies ignored. */
export const airAreas = (s: VitpState, side: VSide): string[] =>
  s.map.areas.map((a) => a.name).filter((a) => placesTouching(s, a).some((p) => friendly(s, p.name, side)));

export function checkAir(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  const errors: LineError[] = [];
  const places = orders.filter((o) => o.t === 'lba');
  // option air-in-groups (departs from 5.22/12.11): every unit in one order, each once (orders/conflicts.ts)
  if (!airInGroups(s) && places.length > 1) {
    for (const o of places.slice(1))
      errors.push({
        line: o.line,
        text: o.text,
        problem: 'only one air unit is placed at a time, the sides alternating',
        rule: '12.11',
        hint: 'send one LBA line now; you will be asked again',
      });
  }
  for (const o of places) {
    if (o.t !== 'lba') continue;
    const u = unitOf(s.units, o.unit)!;
    if (u.side !== side || u.kind !== 'lba')
      errors.push({
        line: o.line,
        text: o.text,
        problem: `${u.name} is not one of your land-based air units`,
        rule: '12.1',
      });
    else if (!placeableAir(s, side).includes(u))
      errors.push({
        line: o.line,
        text: o.text,
        problem: `${u.name} is not available to place (already placed, or frozen on turn 1)`,
        rule: '12.1',
      });
    else if (!airAreas(s, side).includes(o.to)) {
      errors.push({
        line: o.line,
        text: o.text,
        problem: `you control no port or base touching ${o.to}`,
        rule: '12.13',
        hint: `you may place in: ${airAreas(s, side).join(', ')}`,
      });
    }
  }
  return errors;
}

export function resolveAir(tx: Tx, side: VSide, orders: readonly Order[]): void {
  const places = orders.filter((x) => x.t === 'lba');
  for (const o of places) {
    if (o.t === 'lba') tx.unit(o.unit, { loc: { at: 'sea', area: o.to, mode: 'air' }, moved: true }, `is placed over ${o.to}`, '12.1');
  }
  // one unit a time (12.11): LBA DONE stops the side; air-in-groups: the side's one order places all it will
  if (!places.length || airInGroups(tx.s)) tx.emit('vitp.lba-done', { side });
}
