/**
 * The steps that exist for advantages alone (App. 1): the unit type Coast Watchers held back moves
 * after all others, Quick Drop unloads at the end of Movement, Command Decision is chosen before
 * Combat. Nobody is asked at them without a token (rules.ts `owes`).
 */
import type { ZoneId } from './box';
import { useAdvantage } from './advantages';
import { movementStep } from './movement';
import type { Play } from './play';
import { unloadStep } from './rules';
import type { Order } from './types';
import { piece } from './world';

/** ADV.coast-watchers: the held-back type's movement, after every other unit of both sides has moved. */
export function watchedStep(p: Play, orders: readonly Order[]): void {
  const held = p.s.active.find((a) => a.side === p.side && a.advantage === 'coast-watchers');
  if (!held?.type) {
    for (const o of orders.filter((x) => x.kind !== 'none'))
      p.fail(o, 'you held no unit type back with Coast Watchers this turn', 'ADV.coast-watchers');
    return;
  }
  movementStep(p, held.type, 'ADV.coast-watchers', orders, true);
}

/**
 * ADV.quick-drop, at the end of Movement: `USE QUICK-DROP AT <sea zone>`, then UNLOAD lines for your
 * transports and destroyers in that zone onto one island next to it (the advantage names one
 * adjacent island zone: every ship of the zone that unloads goes there).
 */
export function quickDropStep(p: Play, orders: readonly Order[]): void {
  const rule = 'ADV.quick-drop';
  const islandOf = new Map<ZoneId, { island: string; line: string }>();
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (o.kind === 'use') {
      useAdvantage(p, o, 'quick-drop');
      continue;
    }
    if (o.kind !== 'unload') {
      p.fail(
        o,
        `${o.kind.toUpperCase()} is not an order of this step`,
        rule,
        'USE QUICK-DROP AT <sea zone>, then UNLOAD <ship> TO <island>',
      );
      continue;
    }
    const zones = p.s.active.filter((a) => a.side === p.side && a.advantage === 'quick-drop').map((a) => a.at as ZoneId);
    const ship = piece(p.s, o.ship);
    if (!ship || !zones.includes(ship.zone as ZoneId)) {
      p.fail(
        o,
        zones.length
          ? `${o.ship} is not in ${zones.join(' or ')}, the zone you chose for Quick Drop`
          : 'UNLOAD here needs Quick Drop first',
        rule,
        zones.length ? undefined : 'USE QUICK-DROP AT <sea zone> on a line before it',
      );
      continue;
    }
    const chosen = islandOf.get(ship.zone as ZoneId);
    if (chosen && chosen.island !== o.to) {
      p.fail(
        o,
        `Quick Drop unloads onto one adjacent island zone: the ships of ${ship.zone} go to ${chosen.island} (${chosen.line})`,
        rule,
        `UNLOAD ${o.ship} TO ${chosen.island}`,
      );
      continue;
    }
    if (unloadStep(p, [o], rule))
      islandOf.set(ship.zone as ZoneId, { island: o.to, line: `line ${o.line ?? '?'}: UNLOAD ${o.ship} TO ${o.to}` });
  }
}

/** ADV.command-decision, at the beginning of Combat: `USE COMMAND-DECISION AT <zone> AIR|SEA|LAND`. */
export function commandStep(p: Play, orders: readonly Order[]): void {
  for (const o of orders) {
    if (o.kind === 'none') continue;
    if (o.kind === 'use') useAdvantage(p, o, 'command');
    else p.fail(o, `${o.kind.toUpperCase()} is not an order of this step`, 'ADV.command-decision');
  }
}
