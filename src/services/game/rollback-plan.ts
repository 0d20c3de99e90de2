import type { StoredEvent } from '../../store/event-store';
import type { RolledBackPayload } from '../../engine/voids';
import { liveEngineEvents } from '../game-repository';
import { payloadOf, sideOf, stepIdOf } from '../service-events';

/**
 * Where a ROLLBACK cuts the log (pure: the game's whole log in, the cut or the reason there is none
 * out). A step is rolled back to the moment before it resolved:
 *  - orders kept: the first event of its resolution (the orders revealed, defaults, dice, rules
 *    events, StepResolved) is the first voided; the orders the sides had in for it stay in;
 *  - orders resend: its submissions are voided too (from the first order event for the step after
 *    the step before it resolved), so every owing side orders again. A seed revealed in between
 *    (the step opens a turn) is never voided: the cut starts after it.
 * Any resolved step of an unfinished game can be rolled back (issue 30). When the cut voids
 * revealed seeds (the step lies in an earlier turn), `reseedFrom` names the first turn whose seed
 * the void undoes: the rollback then renews the dice chain from that turn (rollback.ts), so nobody
 * can foresee the dice the undone turns roll again.
 */
export interface RollbackCut {
  readonly toSeq: number;
  readonly firstVoidedSeq: number;
  readonly stepId: string;
  readonly turn: number;
  readonly undone: readonly string[];
  /** the first turn whose revealed seed the cut voids; null when it voids none (the turn in play) */
  readonly reseedFrom: number | null;
  /** the orders for the step that stay in (orders kept), by side, with the event that holds them */
  readonly kept: readonly { readonly side: string; readonly seq: number; readonly type: string }[];
}

export type RollbackTarget = { readonly stepId: string } | { readonly eventSeq: number };

const RESOLUTION = new Set([
  'OrdersRevealed',
  'DefaultOrdersApplied',
  'StandingOrdersApplied',
  'DieRolled',
  'RulesApplied',
  'StepResolved',
]);
const SUBMISSION = new Set(['OrdersSubmitted', 'OrdersAccepted', 'QueuedOrdersUsed']);
const TURN_MARK = new Set(['SeedRevealed', 'GameEnded', 'GameConceded']);

export function planRollback(
  all: readonly StoredEvent[],
  target: RollbackTarget,
  orders: RolledBackPayload['orders'],
  current: { readonly stepId: string; readonly turn: number } | null,
  /** a fork (a new game) may start at any step of any turn, the game over or not */
  anyTurn = false,
): RollbackCut | { readonly problem: string; readonly hint: string } {
  if (!current && !anyTurn)
    return {
      problem: 'the game is over: its last seed is revealed',
      hint: 'A finished game is not rolled back; `umpire fork` replays it from any step as a new game.',
    };
  const live = liveEngineEvents(all);
  const resolved = live.flatMap((e) => {
    const p = payloadOf(e, 'StepResolved');
    return p ? [{ seq: e.seq, stepId: p.stepId, turn: p.turn }] : [];
  });
  const choices = resolved.length
    ? `Steps that have resolved: ${resolved.map((r) => r.stepId).join(', ')}.`
    : 'No step has resolved yet: there is nothing to roll back.';
  let stepId: string;
  if ('eventSeq' in target) {
    const e = all.find((x) => x.seq === target.eventSeq);
    if (!e) return { problem: `there is no event ${target.eventSeq} (the log has ${all.length})`, hint: choices };
    const step = stepIdOf(e);
    const owner = step ?? resolved.find((r) => r.seq >= e.seq)?.stepId;
    if (!owner) return { problem: `event ${target.eventSeq} (${e.type}) belongs to no step that has resolved`, hint: choices };
    stepId = owner;
  } else stepId = target.stepId;
  // a step id that resolved more than once (a rule brings it round again): its latest resolution
  const done = [...resolved].reverse().find((r) => r.stepId === stepId);
  if (!done) {
    const problem =
      stepId === current?.stepId ? `${stepId} is the step in play: it has not resolved yet` : `no step ${stepId} has resolved in this game`;
    return { problem, hint: choices };
  }
  const start = live.find(
    (e) => e.seq < done.seq && RESOLUTION.has(e.type) && stepIdOf(e) === stepId && !priorResolution(live, e, done.seq),
  );
  const resolutionStart = start?.seq ?? done.seq;
  let first = resolutionStart;
  const before = [...resolved].reverse().find((r) => r.seq < resolutionStart)?.seq ?? 0;
  const window = live.filter((e) => e.seq > before && e.seq < resolutionStart);
  const lastMark = [...window].reverse().find((e) => TURN_MARK.has(e.type))?.seq ?? before;
  const submissions = window.filter((e) => e.seq > lastMark && SUBMISSION.has(e.type) && stepIdOf(e) === stepId);
  if (orders === 'resend' && submissions.length) first = submissions[0].seq;
  const kept = new Map<string, { side: string; seq: number; type: string }>();
  if (orders === 'kept')
    for (const e of submissions) {
      const side = sideOf(e);
      if (side) kept.set(side, { side, seq: e.seq, type: e.type });
    }
  const reseed = live.flatMap((e) => (e.seq >= first ? (payloadOf(e, 'SeedRevealed')?.turn ?? []) : []));
  return {
    toSeq: first - 1,
    firstVoidedSeq: first,
    stepId,
    turn: done.turn,
    undone: resolved.filter((r) => r.seq >= first).map((r) => r.stepId),
    reseedFrom: reseed.length ? Math.min(...reseed) : null,
    kept: [...kept.values()],
  };
}

/** True when another StepResolved lies between `e` and the step's own (e belongs to an earlier resolution of the same step id). */
function priorResolution(live: readonly StoredEvent[], e: StoredEvent, doneSeq: number): boolean {
  return live.some((x) => x.type === 'StepResolved' && x.seq >= e.seq && x.seq < doneSeq);
}
