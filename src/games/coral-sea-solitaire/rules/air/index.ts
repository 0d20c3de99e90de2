/**
 * The air area of Coral Sea's rules (issue 26): its events, how they fold into the state, and the
 * handlers of the step-table rows it owns (see ../../handlers.ts for who owns which row):
 *
 *   air-transfer      1f, 21.5            transfer.ts
 *   air-missions      5a-a, 5a-b          missions.ts
 *   air-ijn           5a-c, 5a-d          ijn-handlers.ts (decisions: ijn-air.ts, ijn/doctrine.ts)
 *   air-assign        5a-e, 5a1a-c        assign.ts
 *   air-ijn-fighters  5a1d-e              ijn-handlers.ts
 *   air-combat        5a1f-h, 24, 32.1    battle.ts, strike.ts, losses.ts, crt.ts
 *   air-losses        decision in 5a1f-h  battle.ts (decideLosses)
 *   basing            8, 21.3-21.4, 12.1  basing.ts
 *   basing-choice     decision in 8       basing.ts (decideBasing)
 */
import type { StepHandler } from '../../../../engine/define';
import type { Dice } from '../../../../engine/ruleset';
import type { RowHandlers } from '../../handlers';
import type { CoralOrder, CoralState } from '../../types';
import { runAssign } from './assign';
import { decideLosses, lossesProblem, startBattle } from './battle';
import { decideBasing, landProblem, runBasing } from './basing';
import { type AirEvent, evolveAirEvent } from './events';
import { type AirFold, airFold, type Problem } from './fold';
import { runIjnDoctrine, runIjnFighters } from './ijn-handlers';
import { runMissions } from './missions';
import { runTransfers } from './transfer';
import { boxOf } from './units';

export type { AirEvent } from './events';
export type { AirBasingState, AirBattleState, AirHome, AirStage, PendingBasing, PendingLosses, TargetCategory } from './state';
export { defaultMissionOrders } from './missions';
export { loseAirAboard } from './losses';
export { airKey, boxOf } from './units';
export { airIjn } from './ijn-decide';

/** Folds one of this area's events; undefined when the event is not this area's. */
export function evolveAir(s: CoralState, e: { readonly type: string; readonly data: unknown }): CoralState | undefined {
  return evolveAirEvent(s, e as AirEvent);
}

type Run = (f: AirFold, s: CoralState, orders: Readonly<Record<'usn' | 'ijn', readonly CoralOrder[]>>, dice: Dice) => void;

const handler =
  (run: Run): StepHandler<CoralState, CoralOrder> =>
  (state, _step, orders, ctx) => {
    const f = airFold(state, ctx);
    run(f, state, { usn: orders.usn ?? [], ijn: orders.ijn ?? [] }, ctx.dice);
    return f.s;
  };

export const airHandlers: RowHandlers = {
  'air-transfer': handler((f, s, o) => runTransfers(f, boxOf(s), o.usn)),
  'air-missions': handler((f, s, o) => runMissions(f, boxOf(s), o.usn)),
  'air-ijn': handler((f, s, o) => runIjnDoctrine(f, boxOf(s), o.ijn)),
  'air-assign': handler((f, s, o) => runAssign(f, boxOf(s), o.usn)),
  'air-ijn-fighters': handler((f, s, o) => runIjnFighters(f, boxOf(s), o.ijn)),
  'air-combat': handler((f, s, o, dice) => startBattle(f, boxOf(s), dice, o.ijn)),
  'air-losses': handler((f, s, o, dice) => decideLosses(f, boxOf(s), dice, o.usn)),
  basing: handler((f, s, _o, dice) => runBasing(f, boxOf(s), dice)),
  'basing-choice': handler((f, s, o, dice) => decideBasing(f, boxOf(s), dice, o.usn)),
};

/**
 * The decision the air rules wait for, if any: the step core's flow puts in play next
 * (`t<turn>/<row>/<suffix>`), owed by the USN; its handler resumes the combat or the basing.
 */
export function airDecision(s: CoralState): { readonly row: 'air-losses' | 'basing-choice'; readonly suffix: string } | null {
  if (s.airBattle?.pending) return { row: 'air-losses', suffix: s.airBattle.pending.suffix };
  if (s.airBasing?.pending) return { row: 'basing-choice', suffix: s.airBasing.pending.suffix };
  return null;
}

/**
 * The problems with the USN's orders for an air row, checked on the position they meet (for the
 * ruleset's validateOrders): each names the order, what is wrong and what would be right, and the rule.
 */
export function airOrderProblems(s: CoralState, row: string, orders: readonly CoralOrder[]): (Problem & { order: string })[] {
  const box = boxOf(s);
  if (row === 'air-losses') {
    const p = lossesProblem(
      s,
      box,
      orders.filter((o) => o.kind === 'losses'),
    );
    return p ? [{ ...p, order: 'LOSSES' }] : [];
  }
  if (row === 'basing-choice') {
    const p = landProblem(s, box, orders);
    return p ? [{ problem: p, rule: '21.4', order: 'LAND' }] : [];
  }
  const run = { 'air-transfer': runTransfers, 'air-missions': runMissions, 'air-assign': runAssign }[row];
  if (!run) return [];
  const f = airFold(s);
  run(f, box, orders);
  return f.events.flatMap((e) =>
    e.type === 'coral.air.refused' ? [{ order: e.data.order, problem: e.data.problem, rule: e.data.rule }] : [],
  );
}
