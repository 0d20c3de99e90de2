import type { Notice } from '../../mail/notices';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { noticeBase, stepNeeds } from '../notice-builders';
import { openDeadline, reportsFor, resolve } from './flow';
import type { GameHandler, Handling } from './handler';

/** The deadline for `stepId` passed: defaults for the sides still owing, then adjudicate. */
export async function deadlinePassed(handler: GameHandler, tx: Sql, gameId: string, stepId: string): Promise<CommandOutcome> {
  return handler.run(tx, gameId, (h) => resolveAtDeadline(h, stepId));
}

/**
 * Resolves `stepId` with defaults for the silent, unless it is over already or (without `force`)
 * its deadline and grace have not passed: a job fired early (an extended deadline's old job)
 * does nothing.
 */
export async function resolveAtDeadline(h: Handling, stepId: string, options: { force?: boolean } = {}): Promise<CommandOutcome> {
  if (h.game.state.step?.id !== stepId) return { status: 'applied', result: { ignored: `step ${stepId} already resolved` } };
  const set = h.deadline(stepId);
  const current = set ? (set.graceUntil ?? set.at) : null;
  if (!options.force && current && new Date(current).getTime() > h.now.getTime() + 1000) {
    return {
      status: 'applied',
      result: { ignored: `not due: the deadline of ${stepId}, with its grace period, ends ${current}` },
    };
  }
  const before = h.game.head.version;
  await resolve(h, 'Deadline');
  const deadline = await openDeadline(h);
  h.notify(...(await reportsFor(h, before, deadline)));
  return { status: 'applied', result: { version: h.game.head.version, step: h.game.state.step?.id ?? null } };
}

/**
 * Reminds the sides still awaited at `stepId`: nothing if the step has moved on, or if the
 * reminder was scheduled for a deadline since moved (`remindAt`, the instant the job was
 * scheduled for, is no longer the step's: EXTEND scheduled another).
 */
export async function remind(handler: GameHandler, tx: Sql, gameId: string, stepId: string, remindAt?: string): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    if (h.game.state.step?.id !== stepId) return { status: 'applied', result: { ignored: `step ${stepId} already resolved` } };
    if (remindAt) {
      const current = h.deadline(stepId);
      if ((current?.remindAt ?? null) !== remindAt) {
        return {
          status: 'applied',
          result: {
            ignored: `superseded: the deadline of ${stepId} moved to ${current?.at ?? 'none'}; its reminder is ${current?.remindAt ?? 'none'}`,
          },
        };
      }
    }
    const deadline = await openDeadline(h);
    const needs = stepNeeds(h.game, deadline)!;
    const awaited = new Set(needs.awaiting);
    const g = h.game;
    const notices = g.state
      .game!.sides.filter((seat) => awaited.has(seat.side))
      .map(
        (seat): Notice => ({
          ...noticeBase(g, seat.side, seat.player.address, `reminder:${stepId}:${deadline ?? ''}`),
          kind: 'reminder',
          needs,
        }),
      );
    h.notify(...notices);
    return { status: 'applied', result: { reminded: notices.map((n) => n.side) } };
  });
}
