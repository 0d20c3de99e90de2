/**
 * One unit, two orders (issue 27): when the lines of one mail (one step) give the same ship, air
 * unit, group or choice two orders that cannot both be carried out, the whole set is refused, the
 * refusal naming both lines and the rule that forbids it. Never "the last line wins". Naming a unit
 * twice with the very same effect (the same TARGET, the same pursuit, RAIDERS twice) is harmless.
 */
import type { LineError } from '../../../engine/ruleset';
import { compareCodeUnits } from '../../../shared/canonical';
import type { Answer } from '../combat/api';
import { mustReturn, turnedBack } from '../returns';
import { sortieCandidates } from '../surprise';
import { unitIndex, unitOf } from '../events';
import type { Order, VitpState, VSide } from '../types';
import { slug } from '../world';
import { currentDecision } from './parse';

/** One thing one line asks of one unit (or, keyed '#...', of the side as a whole). */
interface Claim {
  readonly key: string;
  readonly order: Order;
  /** what the line asks, in words, e.g. "patrol to Marshall Islands" */
  readonly does: string;
  readonly kind: string;
  /** equal `same` on both claims: the same effect twice, harmless; absent: never harmless */
  readonly same?: string;
}

/** Kinds of claim that go together on one unit (a task force's invading units; repairs beside rebuilding, 23.5). */
const COMPATIBLE = new Set(['task-force+invading', 'invading+task-force', 'repair+rebuild', 'rebuild+repair']);

/** The rule that forbids the pair, and why, in our words. */
function forbids(a: string, b: string, decisionRule: string | null): { rule: string; why: string } {
  const pair = new Set([a, b]);
  // the pair is exactly these two kinds (the same kind twice when y is left out)
  const has = (x: string, y = x) => (a === x && b === y) || (a === y && b === x);
  if (has('move')) return { rule: '6.21', why: 'a ship or amphibious unit makes one move from its port, to one sea area' };
  if (has('move', 'raiders')) return { rule: '6.12', why: 'a ship patrols now or waits in port to raid, not both' };
  if (has('raiders', 'repair') || has('move', 'repair'))
    return { rule: '11.1', why: 'a ship is repaired only if it stays in port and does not move that turn' };
  if (has('rebuild')) return { rule: '23.5', why: 'one REBUILD line per unit: say every factor rebuilt on one line' };
  if (pair.has('rebuild')) return { rule: '23.5', why: 'a unit being rebuilt may not move that turn' };
  if (has('repair')) return { rule: '11.1', why: 'one REPAIR line per ship: say every point repaired on one line' };
  if (pair.has('base'))
    return { rule: '4.4', why: 'a unit back in play is placed in one major port, and does not move in the step it is placed' };
  if (has('lba')) return { rule: '12.1', why: 'each air unit is placed once, on one sea area' };
  if (has('sub')) return { rule: '5.25', why: 'the submarine is placed on one sea area' };
  if (has('substitute') || has('replaced'))
    return { rule: '4.42', why: 'one British ship is withdrawn in place of each listed ship that was sunk' };
  if (has('invade')) return { rule: '13.3', why: 'an amphibious unit invades or lands once, on one base' };
  if (has('return')) return { rule: '10.1', why: 'a returning unit goes to one port or base' };
  if (has('task-force')) return { rule: '20.2', why: 'each unit is in one task force' };
  if (has('stay')) return { rule: '5.2', why: 'STAY means you give no other order this step; leave it out, or send only STAY' };
  if (has('pick')) return { rule: '5.31', why: 'one battle is chosen at a time' };
  if (has('pearl')) return { rule: '18.31', why: 'the raid force either stays or withdraws' };
  if (has('hi-retreat')) return { rule: '18.35', why: 'the Allies either retreat from the Hawaiian Islands or stay' };
  if (has('sortie')) return { rule: '18.33', why: 'SORTIE ALL or NONE leaves nothing for another SORTIE line' };
  if (has('targets')) return { rule: '7.43', why: 'an attacker attacks only one target per action' };
  if (has('air-raid') || has('air-raid', 'pursue'))
    return { rule: '9.3', why: 'a ship makes one air raid a turn, and if it raids it pursues no group' };
  if (has('pursue')) return { rule: '8.32', why: 'each pursuing ship is assigned to one group' };
  if (has('follow')) return { rule: '8.53', why: 'a pursuer follows one group, or stops pursuing' };
  if (has('landings')) return { rule: '7.93', why: 'an amphibious unit lands or invades on one base' };
  if (has('retreat-group')) return { rule: '8.22', why: 'each retreating ship or unit is in one group' };
  if (has('split-group')) return { rule: '8.52', why: 'each ship of the group goes in one of the split-off groups' };
  return { rule: decisionRule ?? '5.2', why: 'this decision takes one answer: send it on one line' };
}

export function conflictingOrders(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  // the units a RETURN ALL line sends: worked out once for every RETURN line of the mail
  let pool: readonly string[] | undefined;
  const returning = () => (pool ??= (s.phase.k === 'harbour' ? turnedBack(s, side) : mustReturn(s, side)).map((u) => u.id));
  const claims = orders.flatMap((o) => claimsOf(s, o, returning));
  const rule = decisionRule(s);
  const nameOf = (key: string) => (key.startsWith('#') ? null : (unitOf(s.units, key)?.name ?? key));
  const errors: LineError[] = [];
  const first = new Map<string, Claim[]>();
  // every other order contradicts a STAY line of the same step
  const stay = orders.find((o) => o.t === 'stay');
  if (stay) {
    const other = orders.find((o) => o.t !== 'stay');
    if (other) errors.push(refusal(stay, other, 'STAY', other.text, null, forbids('stay', 'stay', rule)));
  }
  for (const c of claims) {
    const before = first.get(c.key) ?? [];
    const clash = before.find(
      (b) => !COMPATIBLE.has(`${b.kind}+${c.kind}`) && !(b.same !== undefined && b.same === c.same && b.kind === c.kind),
    );
    if (clash) errors.push(refusal(clash.order, c.order, clash.does, c.does, nameOf(c.key), forbids(clash.kind, c.kind, rule)));
    else first.set(c.key, [...before, c]);
  }
  return errors;
}

function refusal(
  a: Order,
  b: Order,
  aDoes: string,
  bDoes: string,
  unit: string | null,
  { rule, why }: { rule: string; why: string },
): LineError {
  const where = (o: Order) => `line ${o.line} ("${o.text}")`;
  const lines = a.line === b.line ? `${where(a)}, twice` : `${where(a)} and ${where(b)}`;
  return {
    line: b.line,
    text: b.text,
    problem: `${unit ? `${unit} is given two orders that cannot both be carried out` : 'two orders that cannot both be carried out'}: ${aDoes} and ${bDoes}, in ${lines}: ${why} (${rule})`,
    rule,
    hint: 'keep one of the two; nothing in this mail has been carried out',
  };
}

const decisionRule = (s: VitpState): string | null => currentDecision(s)?.rule ?? null;

function claimsOf(s: VitpState, o: Order, returning: () => readonly string[]): Claim[] {
  const each = (ids: readonly string[], kind: string, does: string, same?: string): Claim[] =>
    ids.map((key) => ({ key, order: o, kind, does, same }));
  switch (o.t) {
    case 'move':
      return each(o.units, 'move', `${o.mode === 'amph' ? 'move' : o.mode} to ${o.to}${o.via ? ` via ${o.via}` : ''}`);
    case 'raiders':
      return each(o.units, 'raiders', 'wait in port to raid', 'raiders');
    case 'repair':
      return each([o.unit], 'repair', `repair ${o.points}`);
    case 'rebuild':
      return each([o.unit], 'rebuild', 'rebuild');
    case 'base':
      return each([o.unit], 'base', `be based at ${o.at}`);
    case 'lba':
      return each([o.unit], 'lba', `fly over ${o.to}`);
    case 'sub':
      return each([o.unit], 'sub', `go to ${o.to}`);
    case 'raid-force':
      return each(o.units, 'raid-force', 'join the raid force', 'raid-force');
    case 'substitute':
      return [...each([o.unit], 'substitute', `be withdrawn for ${o.for}`), ...each([o.for], 'replaced', `be replaced by ${o.unit}`)];
    case 'invade':
      return each(o.units, 'invade', `invade ${o.at}`);
    case 'return':
      return each(o.units === 'all' ? returning() : o.units, 'return', `return to ${o.to}`);
    case 'task-force':
      return each(o.units, 'task-force', 'be in a task force');
    case 'invading':
      return each(o.units, 'invading', 'invade', 'invading');
    case 'pick':
      return each(['#pick'], 'pick', `fight in ${o.area}`, o.area);
    case 'pearl':
      return each(['#pearl'], 'pearl', o.choice, o.choice);
    case 'hi-retreat':
      return each(['#hi-retreat'], 'hi-retreat', o.retreat ? 'retreat' : 'stay', String(o.retreat));
    case 'sortie':
      return o.units === 'all' || o.units.length === 0
        ? [
            ...each(['#sortie'], 'sortie', o.units === 'all' ? 'SORTIE ALL' : 'SORTIE NONE', String(o.units)),
            ...(o.units === 'all'
              ? each(
                  sortieCandidates(s).map((u) => u.id),
                  'sortie-unit',
                  'sortie',
                  'sortie',
                )
              : []),
          ]
        : [...each(['#sortie'], 'sortie', 'SORTIE some', 'some'), ...each(o.units, 'sortie-unit', 'sortie', 'sortie')];
    case 'answer':
      return answerClaims(s, o, o.answer);
    default:
      return [];
  }
}

function answerClaims(s: VitpState, o: Order, a: Answer): Claim[] {
  const name = (id: string) => unitOf(s.units, id)?.name ?? s.map.places.find((p) => slug(p.name) === id)?.name ?? id;
  const claim = (key: string, kind: string, does: string, same?: string): Claim => ({ key, order: o, kind, does, same });
  // in roster order, never the key order of orders that may have been stored (JSONB re-sorts keys)
  const rank = (id: string) => unitIndex(s.units, id);
  const sorted = (r: Readonly<Record<string, string>>) => Object.entries(r).sort(([x], [y]) => rank(x) - rank(y) || compareCodeUnits(x, y));
  const whole = (does: string) => [claim(`#${a.kind}`, a.kind, does, JSON.stringify(a))];
  switch (a.kind) {
    case 'targets':
      return sorted(a.fire).map(([att, t]) => claim(att, 'targets', `attack ${name(t)}`, t));
    case 'pursuit':
    case 'air-raids':
    case 'continue-pursuit':
      return sorted(a.assign).map(([ship, t]) =>
        t === 'stop'
          ? claim(ship, 'follow', 'break off', t)
          : /^g\d+$/.test(t)
            ? claim(ship, a.kind === 'continue-pursuit' ? 'follow' : 'pursue', `pursue group ${t}`, t)
            : claim(ship, 'air-raid', `air raid ${name(t)}`, t),
      );
    case 'landings':
      return sorted(a.land).map(([u, p]) => claim(u, 'landings', `land on ${name(p)}`, p));
    case 'retreat':
    case 'split': {
      const groups = a.kind === 'split' || a.retreat ? a.groups : [];
      const kind = a.kind === 'split' ? 'split-group' : 'retreat-group';
      return [
        ...whole(a.kind === 'split' ? 'split the group' : a.retreat ? 'retreat' : 'stay'),
        // the same line twice is harmless; one unit in two groups of one line is not
        ...groups.flatMap((g, i) => g.map((u) => claim(u, kind, `be in group ${i + 1}`, `${JSON.stringify(a)}#${i}`))),
      ];
    }
    case 'day-night':
      return whole(a.choice.toUpperCase());
    case 'submarine':
      return whole(a.target ? `attack ${name(a.target)}` : 'wait');
    case 'night-carriers':
    case 'kamikaze-carriers':
      return whole(a.carriers.length ? a.carriers.map(name).join(', ') : 'none');
  }
}
