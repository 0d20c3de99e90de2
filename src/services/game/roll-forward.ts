import { noteOrders } from '../../engine/audit';
import type { EngineEvent } from '../../engine/engine-events';
import { ROLLED_BACK } from '../../engine/voids';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import type { StoredEvent } from '../../store/event-store';
import { confirm, refereeRejected } from './flow';
import type { GameHandler, Handling, RefereeReply } from './handler';
import { submitOrders } from './orders';
import { resolveAtDeadline } from './deadlines';
import { payloadOf } from '../service-events';

/**
 * ROLLFORWARD [n] (issue 30): after a ROLLBACK, replay the steps it undid with the orders the sides
 * had given for them: for each undone step in turn, while it is the step in play again, every side
 * that has no orders in yet gets the orders it had given (re-submitted as any orders are: parsed,
 * validated against the board as it now stands, sealed where the step seals), and the step is
 * resolved at once (FORCE: a side that had no orders then gets its default again). The dice are
 * the game's, from the chain in force (renewed when the rollback undid revealed seeds), so the
 * outcomes may differ; play stops where it leaves the undone play (another step comes up, or the
 * old orders are no longer valid), and the sides order from there. `n` stops after n steps.
 */
export interface RollForwardInput {
  readonly steps?: number;
  readonly referee: string;
}

/** One resolution to play again: its step and the orders each side had given for it. */
export interface PastResolution {
  readonly stepId: string;
  readonly orders: Readonly<Record<string, readonly unknown[]>>;
}

/**
 * The resolutions among `events` from seq `from` up to (not including) `to`, each with the orders
 * the sides gave for it (defaults and standing orders left out: a FORCE gives them again).
 */
export function resolutionsIn(events: readonly StoredEvent[], from: number, to = Number.POSITIVE_INFINITY): PastResolution[] {
  const out: PastResolution[] = [];
  let orders: Record<string, readonly unknown[]> = {};
  for (const e of events) {
    if (e.seq < from || e.seq >= to) continue;
    noteOrders(orders, { type: e.type, data: e.payload } as EngineEvent);
    const answered = payloadOf(e, 'DefaultOrdersApplied') ?? payloadOf(e, 'StandingOrdersApplied');
    if (answered) delete orders[answered.side];
    const resolved = payloadOf(e, 'StepResolved');
    if (resolved) {
      out.push({ stepId: resolved.stepId, orders });
      orders = {};
    }
  }
  return out;
}

/** The resolutions the game's last rollback voided, null when it has none. */
export function undonePlay(all: readonly StoredEvent[]): PastResolution[] | null {
  const rollback = [...all].reverse().find((e) => e.type === ROLLED_BACK);
  const p = payloadOf(rollback, ROLLED_BACK);
  return rollback && p ? resolutionsIn(all, p.firstVoidedSeq, rollback.seq) : null;
}

/**
 * Plays `play` again on the game, step by step while each comes up: every side without orders in
 * gets the orders it had (re-submitted as any orders are), then the step resolves at once (a side
 * that had none gets its default). Stops where play leaves `play` or old orders are refused.
 */
export async function replayOrders(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  play: readonly PastResolution[],
  via: string,
): Promise<{ done: string[]; stopped: string | null }> {
  const { games } = handler.env.deps;
  const done: string[] = [];
  for (const past of play) {
    const game = await games.load(gameId, tx);
    const step = game.state.step;
    if (step?.id !== past.stepId)
      return {
        done,
        stopped: `play has left the earlier play: ${step ? `${step.id} is in play` : 'the game is over'}, where ${past.stepId} had come`,
      };
    for (const [side, orders] of Object.entries(past.orders)) {
      if (!step.owes.includes(side) || game.state.submissions[side]?.stepId === step.id) continue;
      const r = await submitOrders(handler, tx, { gameId, side, text: game.ruleset.formatOrders(orders), via });
      if (r.status !== 'applied')
        return {
          done,
          stopped: `${side}'s orders for ${step.id} are refused now: ${(r.result as { error?: string }).error ?? JSON.stringify(r.result)}`,
        };
    }
    if ((await games.load(gameId, tx)).state.step?.id === step.id)
      await handler.run(tx, gameId, (h) => resolveAtDeadline(h, step.id, { force: true }));
    done.push(step.id);
  }
  return { done, stopped: null };
}

export async function rollForward(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  input: RollForwardInput,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  const play = undonePlay(await handler.env.deps.games.events.read(gameId, 0, tx));
  if (!play?.length)
    return handler.run(tx, gameId, async (h) =>
      refereeRejected(h, by, 'ROLLFORWARD', 'no rollback has undone a step of this game', 'ROLLBACK TO <step> <reason> first.'),
    );
  const { done, stopped } = await replayOrders(
    handler,
    tx,
    gameId,
    play.slice(0, input.steps ?? play.length),
    `rollforward by ${input.referee}`,
  );
  return handler.run(tx, gameId, async (h) => {
    const lines = replayLines(h, done, stopped, 'Rolled forward');
    confirm(h, by, 'ROLLFORWARD', lines, h.game.state.step ? (h.deadline(h.game.state.step.id)?.at ?? null) : null);
    return { status: 'applied', result: { steps: done, stopped, lines } };
  });
}

/** What a replay did, in the referee's words. */
export function replayLines(h: Handling, done: readonly string[], stopped: string | null, what: string): string[] {
  const next = h.game.state.step;
  return [
    done.length
      ? `${what}: ${done.join(', ')} resolved again with the orders the sides had given.`
      : `${what}: no step was resolved again.`,
    ...(stopped ? [`Stopped: ${stopped}.`] : []),
    next ? `Now in play: ${next.title} [${next.id}].` : `The game is over. ${h.game.state.result?.summary ?? ''}`.trim(),
  ];
}
