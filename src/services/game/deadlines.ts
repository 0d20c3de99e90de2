import type { Notice } from '../../mail/notices';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { noticeBase, stepNeeds } from '../notice-builders';
import { whoIsAwaited } from '../../engine/game';
import { formatUtc } from '../../mail/render';
import type { DeadlineRecord } from '../service-state';
import { answerCard } from '../answer-card';
import { holding } from './deadline-plan';
import { openDeadline, reportsFor, resolve } from './flow';
import { tellEverySide } from './time-rulings';
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
  const paused = h.game.service.paused;
  if (!options.force && paused)
    return { status: 'applied', result: { ignored: `paused since ${paused.at}: RESUME restarts the deadline` } };
  const set = h.deadline(stepId);
  const current = set ? (set.graceUntil ?? set.at) : null;
  if (!options.force && current && new Date(current).getTime() > h.now.getTime() + 1000) {
    // the deadline itself has passed, its grace not yet (the job set for the deadline's instant)
    if (set && set.at !== current && Date.parse(set.at) <= h.now.getTime() + 1000) return lateInGrace(h, set, current);
    return {
      status: 'applied',
      result: { ignored: `not due: the deadline of ${stepId}, with its grace period, ends ${current}` },
    };
  }
  const before = h.game.head.version;
  const step = h.game.state.step!;
  const late = whoIsAwaited(h.game.state, h.game.ruleset);
  const held = holding(h.game.service, step);
  await resolve(h, 'Deadline');
  const deadline = await openDeadline(h);
  let reports = await reportsFor(h, before, deadline);
  // the deadline passed with sides silent: every side and the referee hear who was late, at the
  // top of the report they get now, else in a notice of its own
  if (!options.force && late.length) {
    const lines = lateLines(step.title, set, late, held);
    reports = reports.map((n) => (n.kind === 'report' ? { ...n, narrative: [...lines, ...n.narrative] } : n));
    const told = new Set(reports.flatMap((n) => (n.kind === 'report' ? [n.side] : [])));
    // with a grace period every side heard who was late when the deadline passed (lateInGrace)
    const graced = set?.graceUntil !== undefined && set.graceUntil !== set.at;
    if (!graced) tellEverySide(h, `late: ${late.join(', ')}`, lines, `late:${step.id}`, { referee: true, skip: told });
  }
  h.notify(...reports);
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
    if (h.game.service.paused) return { status: 'applied', result: { ignored: 'paused: no reminder while the deadlines are stopped' } };
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
          // the default that will apply, the deadline and the end of grace, with the reader's own units
          card: answerCard(g, seat.side, h.deadline(stepId)),
        }),
      );
    h.notify(...notices);
    return { status: 'applied', result: { reminded: notices.map((n) => n.side) } };
  });
}

/**
 * The deadline passed and its grace runs: every side and the referee hear who is late and until
 * when late orders are taken (nothing is adjudicated yet; the job at the end of grace does that).
 */
function lateInGrace(h: Handling, set: DeadlineRecord, graceUntil: string): CommandOutcome {
  const step = h.game.state.step!;
  const late = whoIsAwaited(h.game.state, h.game.ruleset);
  if (late.length)
    tellEverySide(
      h,
      `late: ${late.join(', ')}`,
      [
        `The deadline of ${step.title} passed at ${formatUtc(set.at)}.`,
        `Late: ${late.join(', ')}. Late orders are still taken until ${formatUtc(graceUntil)}; then the default orders apply.`,
      ],
      `late:${step.id}:${set.at}`,
      { referee: true },
    );
  return { status: 'applied', result: { late, graceUntil } };
}

/** What the late notice says: the deadline passed, these sides sent nothing, their default orders applied. */
function lateLines(title: string, set: DeadlineRecord | null, late: readonly string[], held: readonly string[]): string[] {
  const when = set
    ? `The deadline of ${title} passed at ${formatUtc(set.at)}${set.graceUntil && set.graceUntil !== set.at ? ` and its grace ended at ${formatUtc(set.graceUntil)}` : ''}.`
    : `The deadline of ${title} passed.`;
  return [
    when,
    `Late: ${late.join(', ')}. No orders came in time, so ${late.length > 1 ? 'their' : 'the'} default orders applied and the step has been resolved.`,
    ...(held.length ? [`Orders held with WAIT (${held.join(', ')}) applied as they stood.`] : []),
  ];
}
