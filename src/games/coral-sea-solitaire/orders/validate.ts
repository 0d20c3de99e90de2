/**
 * `validateOrders`: the checks a step's orders need against the position that no rule area makes
 * for itself: that what they name is in play now (a TF on the map, a ship in the TF named, squadrons
 * ready at their origin), that a TF moves once, that an option's orders come with the option, and
 * that the CP they cost are in their slot (7.3-7.4). The rules of each area (where a TF may deploy,
 * its route 14.4 and 12.4, ranges, stacking) are checked by the area when the step is in play
 * (index.ts). Errors name the order as understood; nothing in them speaks of what the USN cannot see.
 */
import type { LineError, Side, StepInfo } from '../../../engine/ruleset';
import type { CoralOrder, CoralState, StaffSlots } from '../types';
import { cpKnown } from './board-after';
import { costBySlot, cpCosts } from './costs';
import { formatOrder } from './format';
import { entriesOf, isLive } from '../state';
import { dayCp, isUsnOrigin, squadrons, usnKey } from './knowledge';
import { rowOfStep } from './rows';

type Check = (o: CoralOrder) => string | null;

const SLOT_WORD: Record<keyof StaffSlots, string> = {
  organization: 'Organization',
  intelligence: 'Intelligence',
  operations: 'Operations',
  logistics: 'Logistics',
};

export function validateOrders(s: CoralState, side: Side, orders: readonly CoralOrder[], step: StepInfo): readonly LineError[] {
  if (side !== 'usn') return [{ line: 0, text: '', problem: `the ${side.toUpperCase()} sends no orders (2.1)` }];
  const errors: LineError[] = [];
  const err = (o: CoralOrder | null, problem: string, rule?: string, hint?: string) =>
    errors.push({ line: 0, text: o ? formatOrder(o) : '', problem, ...(hint ? { hint } : {}), ...(rule ? { rule } : {}) });
  const members = new Map<string, Set<string>>(Object.values(s.taskForces).map((tf) => [tf.id, new Set<string>(tf.ships)]));
  // a step to come (a FOR section checked as it arrives, on the board the mail's earlier orders
  // leave): the IJN moves, arrives and is identified by dice before then, so what the orders say of
  // it is checked when the step comes; a USN TF due to arrive by then counts as on the map
  const ahead = step.id !== `t${s.turn}/${s.step}`;
  const usnTf = (id: string) => {
    const tf = s.taskForces[id];
    if (tf?.side !== 'usn' || tf.gone) return undefined;
    return ahead && tf.hex === null && tf.arrives !== undefined && tf.arrives <= step.turn ? { ...tf, hex: 'arriving' } : tf;
  };
  const onMap = (id: string) => usnTf(id)?.hex != null || created.has(id);
  const moved = new Set<string>();
  const created = new Set<string>();
  const used = new Map<string, Record<string, number>>();

  const checks: Partial<Record<CoralOrder['kind'], Check>> = {
    deploy: (o) => (o.kind === 'deploy' && !usnTf(o.tf) ? `${o.tf} is not one of your task forces at the start (4.2)` : null),
    'reinforce-cv3': () => (s.options.biggerBattle ? null : 'CV-3 comes only with option 30.1 (Bigger Carrier Battle)'),
    battleships: () => (s.options.usnBattleships ? null : 'USN battleships come only with option 30.4'),
    'battleships-tf': () => (s.options.usnBattleships ? null : 'USN battleships come only with option 30.4'),
    'new-tf': (o) => {
      if (o.kind !== 'new-tf') return null;
      if ((usnTf(o.tf)?.hex ?? null) !== null || created.has(o.tf))
        return `${o.tf} is already at sea: a new TF takes a marker not in use (13.3)`;
      if (!onMap(o.from)) return `${o.from} is not on the map`;
      const lost = o.ships.find((id) => !members.get(o.from)?.has(usnKey(id)));
      if (lost) return `${lost} is not in ${o.from}`;
      created.add(o.tf);
      members.set(o.tf, new Set(o.ships.map(usnKey)));
      for (const id of o.ships) members.get(o.from)!.delete(usnKey(id));
      return null;
    },
    transfer: (o) => {
      if (o.kind !== 'transfer') return null;
      if (o.from === o.to) return `${o.from} to itself: name two TFs`;
      if (!onMap(o.from) || !onMap(o.to)) return `${!onMap(o.from) ? o.from : o.to} is not on the map`;
      const a = s.taskForces[o.from]?.hex;
      const b = s.taskForces[o.to]?.hex;
      if (a && b && a !== b) return `${o.from} (${a}) and ${o.to} (${b}) are not in one hex (13.3)`;
      const lost = o.ships.find((id) => !members.get(o.from)?.has(usnKey(id)));
      if (lost) return `${lost} is not in ${o.from}`;
      for (const id of o.ships) {
        members.get(o.from)!.delete(usnKey(id));
        members.get(o.to)?.add(usnKey(id));
      }
      return null;
    },
    'air-transfer': (o) => (o.kind === 'air-transfer' ? (ready(o.from, o.air) ?? origin(o.to)) : null),
    intelligence: (o) => {
      if (o.kind !== 'intelligence') return null;
      const tf = s.taskForces[o.target];
      if (tf?.side !== 'ijn') return `${o.target} is no IJN task force`;
      return !ahead && (tf.hex === null || tf.gone) ? `${o.target} is not on the map` : null;
    },
    unidentify: (o) => {
      if (o.kind !== 'unidentify') return null;
      const tf = usnTf(o.tf);
      if (!tf || tf.hex === null) return `${o.tf} is not on the map`;
      return tf.identified ? null : `${o.tf} is not identified (28.6)`;
    },
    move: (o) => (o.kind === 'move' ? once(o.tf) : null),
    stay: (o) => (o.kind === 'stay' ? once(o.tf) : null),
    mission: (o) => {
      if (o.kind !== 'mission') return null;
      if (o.extended && !s.options.extendedRange) return 'EXTENDED needs optional rule 32 (extended range)';
      return ready(o.from, o.air) ?? (o.target ? target(o.target, o.mission !== 'cap') : null);
    },
    assign: (o) => (o.kind === 'assign' ? (origin(o.from) ?? (o.target ? target(o.target, o.mission !== 'cap') : null)) : null),
    bombard: (o) => {
      if (o.kind !== 'bombard') return null;
      if (o.base !== 'Rabaul' && o.base !== 'Lae') return `${o.base} is no IJN base (3.1)`;
      const off = o.with.find((id) => !usnTf(id)?.hex);
      return off ? `${off} is not on the map` : null;
    },
    refit: (o) => (o.kind === 'refit' ? origin(o.at) : null),
    rest: (o) => (o.kind === 'rest' && !usnTf(o.tf)?.hex ? `${o.tf} is not on the map` : null),
    refuel: (o) => (o.kind === 'refuel' && !usnTf(o.tf)?.hex ? `${o.tf} is not on the map` : null),
    repair: (o) => {
      if (o.kind !== 'repair') return null;
      const ship = s.ships[usnKey(o.ship)];
      if (!ship || !isLive(ship)) return `${o.ship} is not in play`;
      return ship.status === 'damaged' ? null : `${o.ship} is not damaged (9a1)`;
    },
    screen: (o) => {
      const lost = o.kind === 'screen' ? o.ships.find((id) => !s.ships[usnKey(id)] || !isLive(s.ships[usnKey(id)])) : undefined;
      return lost ? `${lost} is not in play` : null;
    },
    land: (o) => (o.kind === 'land' ? origin(o.on) : null),
  };

  function once(tf: string): string | null {
    if (!usnTf(tf)?.hex) return `${tf} is not on the map`;
    if (moved.has(tf)) return `${tf} has two movement orders`;
    moved.add(tf);
    return null;
  }
  function origin(name: string): string | null {
    if (isUsnOrigin(s, name)) return null;
    return /^[A-Z]+-\d+$/.test(name) ? `${name} is not a carrier in play` : `${name} is no base of yours`;
  }
  function ready(home: string, air: Partial<Record<string, number>>): string | null {
    const bad = origin(home);
    if (bad) return bad;
    const have = squadrons(s, home);
    const sum = used.get(home) ?? {};
    for (const [type, n] of entriesOf(air)) {
      sum[type] = (sum[type] ?? 0) + (n ?? 0);
      if (sum[type] > (have[type] ?? 0)) return `${home} has ${have[type] ?? 0} ${type} ready, not ${sum[type]}`;
    }
    used.set(home, sum);
    return null;
  }
  function target(id: string, strike: boolean): string | null {
    const tf = s.taskForces[id];
    if (tf) {
      if (tf.side !== 'ijn') return `${id} is no IJN task force`;
      if (ahead) return null;
      if (tf.hex === null || tf.gone) return `${id} is not on the map`;
      return strike && !tf.identified ? `${id} is unidentified: no strike or escort against it (28.4)` : null;
    }
    return id === 'Rabaul' || id === 'Lae' ? null : `${id} is no IJN base (3.1)`;
  }

  for (const o of orders) {
    const problem = checks[o.kind]?.(o) ?? null;
    if (problem) err(o, problem);
  }
  errors.push(...cpProblems(s, orders, step));
  return errors;
}

/** 7.3-7.4: the allocation within the day's CP; every slot's spending within what it holds. */
function cpProblems(s: CoralState, orders: readonly CoralOrder[], step: StepInfo): LineError[] {
  const out: LineError[] = [];
  const allocations = orders.filter((o) => o.kind === 'allocate');
  if (allocations.length > 1) out.push({ line: 0, text: formatOrder(allocations[1]), problem: 'one CP line a day', rule: '7.3' });
  for (const o of allocations) {
    const sum = o.slots.organization + o.slots.intelligence + o.slots.operations + o.slots.logistics;
    if (sum > dayCp(s))
      out.push({
        line: 0,
        text: formatOrder(o),
        problem: `${sum} CP allocated, ${dayCp(s)} there are today`,
        rule: '7.2',
        hint: 'lower a slot',
      });
  }
  // 7.2: a command decision still to come resets the CP: a step after it is checked when it comes
  if (rowOfStep(step.id)?.id === 'command-decision' || !cpKnown(s, step)) return out;
  const items = cpCosts(s, orders);
  const by = costBySlot(items);
  for (const slot of Object.keys(by) as (keyof StaffSlots)[]) {
    if (by[slot] <= s.cp.slots[slot]) continue;
    const list = items.filter((i) => i.slot === slot).map((i) => `${i.what} ${i.cost}`);
    out.push({
      line: 0,
      text: '',
      problem: `these orders cost ${by[slot]} ${SLOT_WORD[slot]} CP and the slot holds ${s.cp.slots[slot]}`,
      hint: `costs: ${list.join(', ')}`,
      rule: '7.4',
    });
  }
  return out;
}
