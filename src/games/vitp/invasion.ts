/** Amphibious invasions and landings (5.73, 7.93, 13.3–13.6). */
import type { LineError } from '../../engine/ruleset';
import { islandCombat } from './island';
import { changeHands } from './capture';
import type { Tx } from './events';
import type { Order, OrderOf, Unit, VitpState, VSide } from './types';
import { other } from './types';
import { placesTouching } from './world';
import { unitOf } from './events';

/** 13.3 / 13.31: amphibious units at sea that may still invade or land, and where. */
export function landingChoices(s: VitpState, u: Unit): string[] {
  if (u.kind !== 'amph' || u.loc.at !== 'sea') return [];
  const area = u.loc.area;
  return placesTouching(s, area)
    .filter((p) => s.control[p.name] === u.side || (p.kind === 'base' && !u.mayNotInvade))
    .map((p) => p.name);
}

export const invaders = (s: VitpState, side: VSide): Unit[] => s.units.filter((u) => u.side === side && landingChoices(s, u).length > 0);

export function checkInvasions(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  const errors: LineError[] = [];
  for (const o of orders.filter((x): x is OrderOf<'invade'> => x.t === 'invade')) {
    for (const id of o.units) {
      const u = unitOf(s.units, id)!;
      const place = s.map.places.find((p) => p.name === o.at)!;
      const err = (problem: string, rule: string, hint?: string) =>
        errors.push({ line: o.line, text: o.text, problem: `${u.name}: ${problem}`, rule, hint });
      if (u.side !== side || u.kind !== 'amph') err('is not one of your amphibious units', '13.3');
      else if (u.loc.at !== 'sea') err('is not at sea', '13.32');
      else if (place.kind === 'port' && s.control[o.at] !== side) err(`${o.at} is a major port: ports cannot be invaded`, '13.3');
      else if (!landingChoices(s, u).includes(o.at))
        err(
          `cannot land on ${o.at}`,
          u.mayNotInvade ? '13.31' : '13.32',
          `it can land on: ${landingChoices(s, u).join(', ') || 'nothing'}`,
        );
    }
  }
  return errors;
}

/**
 * 13.4–13.43: each invader is spent, first against a defending amphibious unit, then to convert the
 * base; once the base is friendly the rest land safely. Units are taken in the order given.
 */
export function invade(tx: Tx, unitIds: readonly string[], base: string): void {
  if (unitIds.length === 0) return;
  const side = tx.s.units.find((x) => x.id === unitIds[0])!.side;
  if (tx.s.options['island-combat'] && tx.s.control[base] !== side) return islandCombat(tx, unitIds, base); // 22.1
  for (const id of unitIds) {
    const u = unitOf(tx.s.units, id)!;
    if (tx.s.control[base] === u.side) {
      tx.unit(id, { loc: { at: 'port', place: base } }, `lands on ${base}`, '13.42');
      continue;
    }
    tx.unit(id, { loc: { at: 'eliminated', returns: tx.s.turn + 2 } }, `invades ${base} and is eliminated`, '13.4');
    const defender = tx.s.units.find((d) => d.side === other(u.side) && d.kind === 'amph' && d.loc.at === 'port' && d.loc.place === base);
    if (defender) {
      tx.unit(defender.id, { loc: { at: 'eliminated', returns: tx.s.turn + 2 } }, `is eliminated defending ${base}`, '13.41');
    } else {
      changeHands(tx, base, u.side, '13.42', `invaded by ${u.name}`);
    }
  }
}

/** Invaders of the same base go in together (13.43), in the order the orders name them. */
export function resolveInvasions(tx: Tx, orders: readonly Order[]): void {
  const lines = orders.filter((x): x is OrderOf<'invade'> => x.t === 'invade');
  for (const base of [...new Set(lines.map((o) => o.at))])
    invade(
      tx,
      lines.filter((o) => o.at === base).flatMap((o) => o.units),
      base,
    );
}
