/**
 * The sequence of play as a step table (3.3 AM, 3.4 PM): each side's task force adjustment and
 * movement, then by day each side's air operations (Japanese first, 3.3 E-F) in two steps (CAP and
 * search, then strikes after the search report, 7.1-7.3), then combat resolution (8.0), which nobody
 * orders. Every AM turn has both air steps of both sides whatever is sighted, so the step list
 * gives nothing away. A row whose rules are not built yet stops the game naming its rule.
 */
import type { StepRow, StepTable } from '../../engine/define';
import type { StepInfo } from '../../engine/ruleset';
import type { GcOrder } from './orders';
import { resolveCombat } from './rules/combat';
import { offerEnd } from './rules/agreement';
import { nextRow } from './rules/events';
import { walkOrders } from './rules/movement';
import { walkAir } from './rules/air';
import { airSearch } from './rules/search';
import { AIR_KIND, NIGHT_KIND } from './standing';
import { dateOf, GAME, type GcSide, type GcState, isAm, type RowId, TURN_ROWS } from './state';

/** What each row is, by the rules: owes, rule, title, FOR word. */
const ROWS: Record<RowId, { side?: GcSide; rule: string; title: string; for?: string }> = {
  'american-orders': { side: 'american', rule: '3.3A-B', title: 'American task force adjustment and movement', for: 'ORDERS' },
  'japanese-orders': { side: 'japanese', rule: '3.3C-D', title: 'Japanese task force adjustment and movement', for: 'ORDERS' },
  'japanese-air-search': { side: 'japanese', rule: '3.3E, 7.1', title: 'Japanese CAP and search', for: 'SEARCH' },
  'japanese-air-strikes': {
    side: 'japanese',
    rule: '3.3E, 7.3-7.5',
    title: 'Japanese strikes, counterstrikes and transfers',
    for: 'STRIKES',
  },
  'american-air-search': { side: 'american', rule: '3.3F, 7.1', title: 'American CAP and search', for: 'SEARCH' },
  'american-air-strikes': {
    side: 'american',
    rule: '3.3F, 7.3-7.5',
    title: 'American strikes, counterstrikes and transfers',
    for: 'STRIKES',
  },
  combat: { rule: '3.3G, 8.0', title: 'combat resolution' },
};

const stepId = (turn: number, row: RowId) => {
  const side = ROWS[row].side;
  if (!side) return `t${turn}/combat`;
  return `t${turn}/${side}/${row.replace(`${side}-`, '').replace('air-', 'air/')}`;
};

export function stepOf(s: Pick<GcState, 'firstDate' | 'solitaire'>, turn: number, row: RowId): StepInfo {
  const r = ROWS[row];
  const when = `${dateOf(s, turn)} ${isAm(turn) ? 'AM' : 'PM'}`;
  return {
    id: stepId(turn, row),
    turn,
    title: `Turn ${turn} (${when}): ${r.title} (${r.rule})`,
    mode: 'sequential',
    // 11.0: in solitaire nobody owes the Japanese steps: the computer (the system side) decides them
    ...(s.solitaire && r.side === 'japanese' ? { owes: [], system: ['japanese'] } : { owes: r.side ? [r.side] : [] }),
    rule: r.rule,
  };
}

export function currentStep(s: GcState): StepInfo | null {
  return s.row === 'over' ? null : stepOf(s, s.turn, s.row);
}

/** The rest of this turn and the next turn's orders steps (what a side may order ahead). */
export function upcomingSteps(s: GcState): StepInfo[] {
  if (s.row === 'over') return [];
  const out: StepInfo[] = [];
  let at = { turn: s.turn, row: s.row };
  while (out.length < 8) {
    at = nextRow(at.turn, at.row);
    if (at.turn > s.lastTurn || (at.turn > s.turn && !at.row.endsWith('orders'))) break;
    out.push(stepOf(s, at.turn, at.row));
  }
  return out;
}

export const rowOfStep = (step: Pick<StepInfo, 'id'>): RowId => {
  const parts = step.id.split('/').slice(1);
  if (parts[0] === 'combat') return 'combat';
  return (parts.length === 2 ? `${parts[0]}-${parts[1]}` : `${parts[0]}-air-${parts[2]}`) as RowId;
};

const done = (s: GcState) => ({ type: 'gcc.step-done', data: { turn: s.turn, row: s.row } });

const orders =
  (side: GcSide): StepRow<GcState, GcOrder>['resolve'] =>
  (s, _step, given, ctx) => {
    for (const e of checked(side, walkOrders(s, side, given[side] ?? [])).events) ctx.emit(e);
    if ((given[side] ?? []).some((o) => o.kind === 'end')) for (const e of offerEnd(s, side)) ctx.emit(e);
    ctx.emit(done(s));
  };

/** 7.1A-C: CAP and search flown as ordered, then the search (float planes by themselves, 7.1D) on the position they leave. */
const search =
  (side: GcSide): StepRow<GcState, GcOrder>['resolve'] =>
  (s, _step, given, ctx) => {
    const walk = checked(side, walkAir(s, side, given[side] ?? []));
    for (const e of walk.events) ctx.emit(e);
    airSearch(walk.state, side, ctx);
    ctx.emit(done(s));
  };

/** 7.3-7.5: strikes launched, counterstrikes prepared, a transfer made; the strikes are resolved in combat (8.1). */
const strikes =
  (side: GcSide): StepRow<GcState, GcOrder>['resolve'] =>
  (s, _step, given, ctx) => {
    for (const e of checked(side, walkAir(s, side, given[side] ?? [])).events) ctx.emit(e);
    ctx.emit(done(s));
  };

// validateOrders refused these already; a walk that fails here is a bug, never a silent pass
function checked<W extends { problems: readonly { problem: string }[] }>(side: GcSide, walk: W): W {
  if (walk.problems.length) throw new Error(`${GAME}: orders of ${side} passed validation but fail: ${walk.problems[0].problem}`);
  return walk;
}

const RESOLVE: Record<RowId, StepRow<GcState, GcOrder>['resolve']> = {
  'american-orders': orders('american'),
  'japanese-orders': orders('japanese'),
  'japanese-air-search': search('japanese'),
  'japanese-air-strikes': strikes('japanese'),
  'american-air-search': search('american'),
  'american-air-strikes': strikes('american'),
  combat: (s, step, _orders, ctx) => {
    resolveCombat(s, step, ctx);
    ctx.emit(done(s));
  },
};

export const STEPS: StepTable<GcState, GcOrder> = {
  rows: TURN_ROWS.map((id) => {
    const r = ROWS[id];
    return {
      id,
      owes: r.side ? 'one' : 'none',
      rule: r.rule,
      title: r.title,
      ...(r.for ? { for: r.for } : {}),
      deadline: id === 'combat' ? 'battle' : 'orders',
      ...(r.side ? { sides: [r.side] } : {}),
      ...(id.includes('air') ? { only: 'AM turns (3.4: no air operations at night)' } : {}),
      // standing missions (./standing.ts): a night's TF orders, a day's air operations
      ...(r.side ? { standing: [id.includes('air') ? AIR_KIND : NIGHT_KIND] } : {}),
      resolve: RESOLVE[id],
    };
  }),
  rowOf: rowOfStep,
};
