import {
  CommandRejected,
  type DroppedLine,
  type EngineEvent,
  type EngineState,
  type QueuedSubmission,
  type Unsealed,
} from './engine-events';
import type { AnyRuleset } from './evolve';
import type { Side, StepInfo } from './ruleset';
import { commitmentFor, openPlaintext } from './sealing';

/**
 * Orders sent ahead (OrdersQueued) meet their step. When a step comes into play, each side's
 * orders queued for it are opened (through the edge's `open`) and validated against the state of
 * that moment: valid ones become the side's submission (QueuedOrdersUsed; a simultaneous step keeps
 * them sealed until it resolves), the others are dropped saying why (QueuedOrdersDropped) and the
 * side is asked as usual. Orders queued for a step that can no longer come are dropped too.
 * A drop records only line and rule numbers: the problems quote orders that stay sealed.
 */

/** Opens a sealed blob and checks it is this side's, for this step, and matches its commitment. */
export function openSealed(
  sealed: string,
  side: Side,
  stepId: string,
  commitment: string,
  open: ((sealed: string) => string) | undefined,
): Unsealed {
  if (!open)
    throw new CommandRejected(
      'missing-reveal',
      `the sealed orders of ${side} for ${stepId} were not opened (Resolve and Deadline need \`open\`)`,
    );
  const plain = openPlaintext(open(sealed));
  if (plain.side !== side || plain.stepId !== stepId) {
    throw new CommandRejected(
      'commitment-mismatch',
      `the sealed orders of ${side} for ${stepId} open to orders of ${plain.side} for ${plain.stepId}`,
    );
  }
  checkCommitment({ orders: plain.orders, salt: plain.salt }, side, stepId, commitment);
  return { orders: plain.orders, salt: plain.salt };
}

export function checkCommitment(opened: Unsealed, side: Side, stepId: string, commitment: string): void {
  if (commitmentFor(opened.orders, opened.salt) !== commitment) {
    throw new CommandRejected('commitment-mismatch', `opened orders of ${side} for ${stepId} do not match commitment ${commitment}`);
  }
}

/**
 * The events of stepping into `s.step` (null: the game is over) as far as queued orders go.
 * Sides in seating order, steps by id: the same events whatever order a stored state keeps its keys in.
 */
export function meetQueuedOrders(
  s: EngineState<unknown>,
  ruleset: AnyRuleset,
  open: ((sealed: string) => string) | undefined,
): EngineEvent[] {
  if (!s.queued) return [];
  const step = s.step;
  // the steps to come, asked only when orders are queued for a step other than the one in play
  let known: Set<string> | null | undefined;
  const toCome = (): Set<string> | null =>
    (known ??= step && ruleset.upcomingSteps ? new Set(ruleset.upcomingSteps(s.rules).map((u) => u.id)) : null);
  const out: EngineEvent[] = [];
  for (const { side } of s.game!.sides) {
    const mine = s.queued[side] ?? {};
    for (const stepId of Object.keys(mine).sort()) {
      const q = mine[stepId];
      if (step && stepId === step.id) out.push(useOrDrop(s, side, q, step, ruleset, open));
      else if (!step || (toCome() !== null && !toCome()!.has(stepId))) {
        out.push(dropped(side, q, 'step-passed', []));
      }
    }
  }
  return out;
}

function useOrDrop(
  s: EngineState<unknown>,
  side: Side,
  q: QueuedSubmission,
  step: StepInfo,
  ruleset: AnyRuleset,
  open: ((sealed: string) => string) | undefined,
): EngineEvent {
  if (!step.owes.includes(side)) {
    return dropped(side, q, 'not-owed', []);
  }
  const opened = openSealed(q.sealed, side, step.id, q.commitment, open);
  const errors = ruleset.validateOrders(s.rules, side, opened.orders, step);
  if (errors.length)
    return dropped(
      side,
      q,
      'invalid',
      errors.map((e) => (e.rule ? { line: e.line, rule: e.rule } : { line: e.line })),
    );
  const data = { side, stepId: step.id, commitment: q.commitment, receivedAt: q.receivedAt };
  return { type: 'QueuedOrdersUsed', data: step.mode === 'sequential' ? { ...data, opened } : data };
}

function dropped(
  side: Side,
  q: QueuedSubmission,
  reason: 'invalid' | 'not-owed' | 'step-passed',
  errors: readonly DroppedLine[],
): EngineEvent {
  return {
    type: 'QueuedOrdersDropped',
    data: { side, stepId: q.stepId, commitment: q.commitment, reason, errors },
  };
}
