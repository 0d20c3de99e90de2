/** validateOrders: the orders parsed for a step checked against the rules and the board. */
import type { LineError } from '../../../engine/ruleset';
import { compareCodeUnits } from '../../../shared/canonical';
import { checkAir } from '../air';
import { combatAreas } from '../battle-input';
import { answer } from '../combat/api';
import { checkInvasions } from '../invasion';
import { checkMoves, checkRaiderDesignation } from '../movement';
import { checkRebuilds, checkRepairs } from '../repairs';
import { checkSubmarine } from '../submarines';
import { checkBasing, checkSubstitutes } from '../turn';
import { checkReturns, turnedBack } from '../returns';
import { checkRaidForce, sortieCandidates, surpriseAttackers, surpriseTargets } from '../surprise';
import type { Order, Phase, VitpState, VSide } from '../types';
import { checkTaskForces } from '../task-forces';
import { assembleAnswer } from './answers';
import { conflictingOrders } from './conflicts';
import { currentDecision } from './parse';
import { unitOf } from '../events';

const ALLOWED: Record<Phase['k'], readonly Order['t'][]> = {
  'raid-force': ['raid-force', 'stay'],
  removals: ['substitute', 'stay'],
  patrol: ['move', 'raiders', 'repair', 'rebuild', 'base', 'stay'],
  lba: ['lba', 'lba-done'],
  amph: ['move', 'stay'],
  raiders: ['move', 'stay'],
  sub: ['sub', 'stay'],
  'pick-battle': ['pick'],
  battle: ['answer', 'stay'],
  'pearl-stay': ['pearl'],
  'pearl-sortie': ['sortie', 'hi-retreat'],
  surprise: ['answer', 'stay'],
  invade: ['invade', 'stay'],
  return: ['return', 'stay'],
  harbour: ['return', 'stay'],
  'task-forces': ['task-force', 'invading', 'stay'],
  sighting: [],
  over: [],
};

export function checkOrders(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  const ph = s.phase;
  const stray = orders.filter((o) => !ALLOWED[ph.k].includes(o.t));
  if (stray.length) {
    return stray.map((o) => ({
      line: o.line,
      text: o.text,
      problem: 'that order does not belong to this step',
      hint: 'send HELP for the orders this step takes',
    }));
  }
  // one unit, two orders: the whole set is refused, both lines named (never "the last line wins");
  // a battle's reply is not put together from contradicting lines, so nothing more is checked there
  const twice = conflictingOrders(s, side, orders);
  if (twice.length && (ph.k === 'battle' || ph.k === 'surprise')) return twice;
  return [...twice, ...stepErrors(s, side, orders)].sort((x, y) => x.line - y.line);
}

function stepErrors(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  const ph = s.phase;
  switch (ph.k) {
    case 'raid-force':
      return checkRaidForce(s, orders);
    case 'removals':
      return checkSubstitutes(s, orders);
    case 'patrol':
      return [
        ...checkMoves(s, side, orders, 'patrol'),
        ...checkRaiderDesignation(s, side, orders),
        ...checkRepairs(s, side, orders),
        ...checkRebuilds(s, side, orders),
        ...checkBasing(s, side, orders),
      ];
    case 'lba':
      return checkAir(s, side, orders);
    case 'amph':
      return checkMoves(s, side, orders, 'amph');
    case 'raiders':
      return checkMoves(s, side, orders, 'raid');
    case 'sub':
      return checkSubmarine(s, side, orders);
    case 'pick-battle':
      return checkPick(s, orders);
    case 'battle':
      return checkAnswer(s, side, orders);
    case 'pearl-sortie':
      return checkSortie(s, orders);
    case 'surprise':
      return checkSurprise(s, orders);
    case 'invade':
      return checkInvasions(s, side, orders);
    case 'return':
      return checkReturns(s, side, orders);
    case 'harbour':
      return checkReturns(s, side, orders, turnedBack);
    case 'task-forces':
      return checkTaskForces(s, side, ph.area, orders);
    default:
      return [];
  }
}

function checkPick(s: VitpState, orders: readonly Order[]): LineError[] {
  const areas = combatAreas(s);
  const picks = orders.filter((o) => o.t === 'pick');
  // two different areas are refused as two orders (orders/conflicts.ts); the same area twice is one choice
  if (picks.length === 0)
    return [
      {
        line: 0,
        text: '',
        problem: 'name exactly one sea area to fight in next',
        hint: `choose from: ${areas.join(', ')}`,
        rule: '5.31',
      },
    ];
  return picks.flatMap((o) =>
    o.t === 'pick' && !areas.includes(o.area)
      ? [
          {
            line: o.line,
            text: o.text,
            problem: `there is no combat to fight in ${o.area}`,
            hint: `choose from: ${areas.join(', ')}`,
            rule: '5.31',
          },
        ]
      : [],
  );
}

function checkAnswer(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  const d = currentDecision(s);
  if (!d) return [];
  const wrong = orders.filter((o) => o.t === 'answer' && o.answer.kind !== d.kind);
  if (wrong.length)
    return wrong.map((o) => ({
      line: o.line,
      text: o.text,
      problem: `this decision is "${d.title}"`,
      rule: d.rule,
    }));
  const reply = assembleAnswer(d, orders);
  if (!reply) return [];
  const r = answer(s.battle!.battle, side as 'japanese' | 'allied', reply);
  if (r.ok) return [];
  const first = orders[0];
  // the combat module names the rule it applied in the problem's last parentheses, e.g. "(7.423)": cite that one
  const ruleOf = (problem: string) => problem.match(/\((\d+(?:\.\d+)*)[^()]*\)\s*$/)?.[1] ?? d.rule;
  return r.problems.map((problem) => ({
    line: first?.line ?? 0,
    text: first?.text ?? '',
    problem,
    rule: ruleOf(problem),
  }));
}

function checkSortie(s: VitpState, orders: readonly Order[]): LineError[] {
  const ok = sortieCandidates(s).map((u) => u.id);
  return orders.flatMap((o) =>
    o.t === 'sortie' && o.units !== 'all'
      ? o.units
          .filter((id) => !ok.includes(id))
          .map((id) => ({
            line: o.line,
            text: o.text,
            problem: `${unitOf(s.units, id)!.name} cannot sortie from Pearl Harbor`,
            rule: '18.33',
            hint: `these can: ${
              sortieCandidates(s)
                .map((u) => u.name)
                .join(', ') || 'none'
            }`,
          }))
      : [],
  );
}

function checkSurprise(s: VitpState, orders: readonly Order[]): LineError[] {
  const att = surpriseAttackers(s).map((u) => u.id);
  const tgt = surpriseTargets(s).map((u) => u.id);
  const errors: LineError[] = [];
  for (const o of orders) {
    if (o.t !== 'answer' || o.answer.kind !== 'targets') continue;
    // the surprise attackers' order, never the key order of orders that may have been stored
    const rank = (id: string) => (att.includes(id) ? att.indexOf(id) : att.length);
    const fire = Object.entries(o.answer.fire).sort(([x], [y]) => rank(x) - rank(y) || compareCodeUnits(x, y));
    for (const [a, t] of fire) {
      if (!att.includes(a))
        errors.push({
          line: o.line,
          text: o.text,
          problem: `${a} has no airstrike in Indonesia`,
          rule: '18.4',
        });
      if (!tgt.includes(t))
        errors.push({
          line: o.line,
          text: o.text,
          problem: `${t} is not an Allied ship in Indonesia`,
          rule: '18.4',
          hint: `targets: ${surpriseTargets(s)
            .map((u) => u.name)
            .join(', ')}`,
        });
    }
  }
  return errors;
}
