/**
 * One unit, two orders (issue 27): orders of one step that give the same unit (or cargo, or the
 * step's one choice) two orders that cannot both be carried out are refused, both lines named with
 * the rule, never "the last line wins". Orders that go together are not conflicts: a ship's LOAD
 * and its MOVE, a submarine's MOVE and its attack, a ship's FIRE and its AIRFIELD, a repaired ship
 * loaded, a transport unloading its two cargo onto two islands.
 */
import type { LineError } from '../../engine/ruleset';
import { formatOrder } from './orders';
import type { Order } from './types';

interface Claim {
  /** what is claimed twice: a unit's move, a cargo's place aboard, the step's HITS list ... */
  readonly key: string;
  readonly rule: string;
  readonly why: string;
}

/** What each order claims that no other order of the step may claim too. */
function claims(o: Order, stepRule: string): Claim[] {
  switch (o.kind) {
    case 'move':
      return [
        {
          key: `move:${o.unit}`,
          rule: stepRule.startsWith('MOV') || stepRule.startsWith('HID') ? stepRule : 'MOV',
          why: 'a sea unit moves once, 1 sea zone',
        },
      ];
    case 'fly':
      return [{ key: `move:${o.unit}`, rule: stepRule, why: 'an air unit makes one move a step' }];
    case 'deploy':
      return [{ key: `deploy:${o.unit}`, rule: 'REG.4c', why: 'a sea unit deploys to one zone' }];
    case 'attack':
      return [{ key: `attack:${o.sub}`, rule: 'MOV.6', why: 'a submarine makes one 1-die attack' }];
    case 'fire':
      return [{ key: `fire:${o.unit}`, rule: stepRule === 'CMB.2' ? 'CMB.2' : 'CMB.4', why: 'it fires into 1 adjacent zone a turn' }];
    case 'land':
      return [{ key: `land:${o.unit}`, rule: 'REG.2', why: 'an air unit lands in one place' }];
    case 'repair':
      return [{ key: `repair:${o.unit}`, rule: 'REG.4b', why: 'a damaged ship is repaired once' }];
    case 'load':
      return o.cargo.map((c) => ({
        key: `aboard:${c}`,
        rule: /^(MOV|HID|REG)/.test(stepRule) ? stepRule : 'MOV.1',
        why: `${c} takes a space on one ship`,
      }));
    case 'unload':
      return o.cargo.length
        ? o.cargo.map((c) => ({ key: `unload:${o.ship}:${c}`, rule: 'CMB.3', why: `${c} is unloaded once` }))
        : [{ key: `unload:${o.ship}:*`, rule: 'CMB.3', why: `all of ${o.ship}'s cargo is unloaded once` }];
    case 'hits':
      return [{ key: 'hits', rule: 'ATK.cargo', why: 'one casualty priority stands at a time' }];
    case 'zones':
      return [{ key: 'zones', rule: stepRule, why: 'the first player chooses one next zone' }];
    default:
      return [];
  }
}

/** Does `a` (earlier) clash with `b` on a key one of them claims? Unloading all of a ship clashes with any unload of it. */
function clash(a: Claim, b: Claim): boolean {
  if (a.key === b.key) return true;
  const ship = (k: string) => (k.startsWith('unload:') ? k.split(':')[1] : null);
  return ship(a.key) !== null && ship(a.key) === ship(b.key) && (a.key.endsWith(':*') || b.key.endsWith(':*'));
}

/** The orders of a step that clash with an earlier line, each refused naming both lines; and the orders left to carry out. */
export function conflictsIn(orders: readonly Order[], stepRule: string): { errors: LineError[]; rest: Order[] } {
  const seen: { claim: Claim; order: Order }[] = [];
  const errors: LineError[] = [];
  const rest: Order[] = [];
  for (const o of orders) {
    const mine = claims(o, stepRule);
    const hit = mine.map((c) => ({ c, earlier: seen.find((x) => clash(x.claim, c)) })).find((x) => x.earlier);
    if (hit?.earlier) {
      // a whole ship's unloading against a part of it: said of the ship
      const shown = hit.earlier.claim.key.endsWith(':*') ? hit.earlier.claim : hit.c;
      const parts = shown.key.split(':');
      const unit = parts[0] === 'unload' && parts[2] !== '*' ? parts[2] : parts[1];
      const subject = shown.key === 'hits' ? 'your casualty priority' : shown.key === 'zones' ? 'the next zone' : unit;
      errors.push({
        line: o.line ?? 0,
        text: formatOrder(o),
        problem: `${subject} has two orders: line ${hit.earlier.order.line ?? '?'} (${formatOrder(hit.earlier.order)}) and line ${o.line ?? '?'} (${formatOrder(o)}); ${shown.why}`,
        rule: shown.rule,
        hint: 'keep one of the two lines',
      });
      continue;
    }
    for (const c of mine) seen.push({ claim: c, order: o });
    rest.push(o);
  }
  return { errors, rest };
}
