/**
 * `parseOrders`: the USN's order text for one step (the step in play, or one named by FOR), one
 * order a line, any case, `#` comments. Every bad line gets its own LineError, all at once: what
 * was wrong, what would be right (a "did you mean" drawn only from what the USN can see, ./names.ts)
 * and the rule. An order of another step is refused with the FOR word that carries it there.
 */
import type { LineError, ParseResult, Side, StepInfo } from '../../../engine/ruleset';
import { didYouMean } from '../../kit';
import type { CoralOrder, CoralState } from '../types';
import type { Ctx } from './ctx';
import { defaultOrders } from './defaults';
import * as ops from './parse-ops';
import * as staff from './parse-staff';
import { ANY_STEP, rowById, rowOfStep, SYNTAX } from './rows';
import { isProblem, type Problem, Reader, wordsOf } from './tokens';

type Parser = (c: Ctx, r: Reader, verb: string) => CoralOrder[] | Problem;

interface Verb {
  readonly row: string | null;
  readonly parse: Parser;
}

const v = (row: string | null, parse: Parser): Verb => ({ row, parse });

/** Every order word, with the row its orders belong to (null: any step). */
const VERBS: Readonly<Record<string, Verb>> = {
  DEPLOY: v('deployment', staff.deploy),
  BASE: v('deployment', staff.base),
  'CV-3': v('deployment', staff.cv3),
  'B-1': v('deployment', (c, r, w) => staff.battleships(c, w, r)),
  'B-2': v('deployment', (c, r, w) => staff.battleships(c, w, r)),
  CP: v('command-decision', staff.cp),
  NEW: v('organization', (c, r) => {
    r.accept('TF');
    return staff.newTf(c, r);
  }),
  TRANSFER: v('organization', (c, r) => staff.transfer(c, r, ctxFor(c.s, 'air-transfer'))),
  INTEL: v('intelligence', staff.intel),
  INTELLIGENCE: v('intelligence', staff.intel),
  UNIDENTIFY: v('intelligence', staff.unidentify),
  MOVE: v('movement-usn', ops.move),
  STAY: v('movement-usn', ops.stay),
  STRIKE: v('air-missions', (c, r) => ops.mission(c, 'strike', r)),
  ESCORT: v('air-missions', (c, r) => ops.mission(c, 'escort', r)),
  CAP: v('air-missions', (c, r) => ops.mission(c, 'cap', r)),
  ASSIGN: v('air-assign', ops.assign),
  BOMBARD: v('bombard-usn', ops.bombard),
  NO: v('bombard-usn', (c, r) => (r.accept('BOMBARD', 'BOMBARDMENT') && r.done() ? [{ kind: 'no-bombard' }] : noOrder(c, 'NO'))),
  REFIT: v('logistics-usn', ops.refit),
  REST: v('logistics-usn', ops.rest),
  REPAIR: v('logistics-usn', ops.repair),
  REFUEL: v('logistics-usn', ops.refuel),
  LOSSES: v('air-losses', ops.losses),
  SCREEN: v('screen', ops.screen),
  LEADERSHIP: v('leadership', ops.leadership),
  IDENTIFY: v('intelligence-choice', (c, r) => ops.choice(c, 'IDENTIFY', r)),
  REVEAL: v('intelligence-choice', (c, r) => ops.choice(c, 'REVEAL', r)),
  CHOICE: v('intelligence-choice', (c, r) => {
    const w = r.accept('IDENTIFY', 'REVEAL');
    return w ? ops.choice(c, w as 'IDENTIFY' | 'REVEAL', r) : noOrder(c, 'CHOICE');
  }),
  LAND: v('basing-choice', ops.land),
  NONE: v(null, (c, r) => (r.done() ? [{ kind: 'none' }] : noOrder(c, 'NONE'))),
  PASS: v(null, (c, r) => (r.done() ? [{ kind: 'none' }] : noOrder(c, 'PASS'))),
};

const noOrder = (c: Ctx, verb: string): Problem => ({
  problem: `"${verb}" is not understood with what follows it`,
  hint: c.syntax,
  rule: c.rule,
});

function ctxFor(s: CoralState, rowId: string): Ctx {
  const row = rowById(rowId);
  return { s, syntax: (SYNTAX[rowId] ?? []).map((l) => l.split('   ')[0]).join('  |  '), rule: row?.rule };
}

/** The words a line of orders may begin with, for "did you mean". */
export const ORDER_WORDS: readonly string[] = [...Object.keys(VERBS).filter((w) => !/\d/.test(w)), 'DEFAULT', 'NO BOMBARD'];

export function parseOrders(s: CoralState, side: Side, text: string, step: StepInfo): ParseResult<CoralOrder> {
  const row = rowOfStep(step.id);
  if (side !== 'usn') return refuse(`the ${side.toUpperCase()} is played by the umpire from the rules' tables and sends no orders (2.1)`);
  if (row?.owes !== 'one') return refuse(`${step.title} takes no orders from the USN`);
  const orders: CoralOrder[] = [];
  const errors: LineError[] = [];
  let signed = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    if (/^--\s*$/.test(raw)) signed = true;
    const body = raw.replace(/#.*$/, '').trim();
    if (signed || !body || body.startsWith('>')) return;
    const out = parseLine(s, side, step, row.id, wordsOf(body));
    if (isProblem(out)) errors.push({ line: i + 1, text: raw.trim(), problem: out.problem, hint: out.hint, rule: out.rule });
    else orders.push(...out);
  });
  return errors.length ? { ok: false, errors } : { ok: true, orders };
}

function refuse(problem: string): ParseResult<CoralOrder> {
  return { ok: false, errors: [{ line: 0, text: '', problem }] };
}

function parseLine(s: CoralState, side: Side, step: StepInfo, rowId: string, words: string[]): CoralOrder[] | Problem {
  const first = words[0].toUpperCase();
  if (first === 'DEFAULT' && words.length === 1) return [...defaultOrders(s, side, step)];
  const verb = VERBS[first];
  if (!verb) {
    const near = didYouMean(first, ORDER_WORDS);
    const here = SYNTAX[rowId] ?? [];
    return {
      problem: `"${words[0]}" is no order`,
      hint: `${near ? `${near} ` : ''}Orders here: ${[...here.map((l) => l.split('   ')[0]), ...ANY_STEP.map((l) => l.split('   ')[0])].join('  |  ')}`,
      rule: rowById(rowId)?.rule,
    };
  }
  const home = verb.row === 'organization' && words[1]?.toUpperCase() === 'AIR' ? 'air-transfer' : verb.row;
  const out = verb.parse(ctxFor(s, home ?? rowId), new Reader(words.slice(1)), first);
  if (home === null || home === rowId) return out;
  return elsewhere(first, home, rowId, isProblem(out) ? out : null);
}

/** An order of another row than the step's: where it belongs, and how to send it there. */
function elsewhere(verb: string, home: string, here: string, also: Problem | null): Problem {
  const row = rowById(home)!;
  const at = rowById(here)!;
  const decision = row.decisionOf !== undefined;
  const how = decision
    ? `it is asked when that decision comes (FOR ${row.for} once it is listed among the steps to come), or answer it ahead with STANDING (HELP STANDING)`
    : `write it after a line FOR ${row.for}`;
  return {
    problem: `${verb} is an order of ${row.title} (${row.rule}), not of ${at.title}`,
    hint: `${how}${also ? `; besides, ${also.problem}` : ''}`,
    rule: row.rule,
  };
}
