import type { Notice } from '../../mail/notices';
import { type CommandOutcome, pendingOrders } from '../../store/commands';
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

/** A deadline waiting for mail still being read looks again this soon (orders in the inbox are applied sooner still). */
export const DEADLINE_RECHECK_MS = 2_000;
/** ... and this soon when the mail it waits for is only throttled (the sender's allowance refills over minutes). */
export const DEADLINE_THROTTLED_RECHECK_MS = 60_000;

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
  if (!options.force && current) {
    const waiting = await ordersInTransit(h, stepId, new Date(current));
    if (waiting) return waiting;
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
 * What counts is when orders arrived, not when they are read (docs/mail-commands.md): the step is
 * not resolved while orders that arrived by `deadline` may still be on their way to the game, and
 * the deadline is looked at again later (a delayed job; the reconciliation stands in if Redis loses
 * it). Waited for: the instant itself when the job fired early, mail that arrived by then and is
 * not read yet (stored, or throttled), and orders commands already in the game's inbox (applied
 * next; each is judged by its own arrival). Null when nothing is in transit.
 */
async function ordersInTransit(h: Handling, stepId: string, deadline: Date): Promise<CommandOutcome | null> {
  const gameId = h.game.gameId;
  const early = deadline.getTime() - h.now.getTime();
  const mail = early > 0 ? [] : await h.env.deps.intake.unreadBefore(gameId, deadline);
  const orders = early > 0 ? 0 : await pendingOrders(h.tx, gameId);
  if (early <= 0 && !mail.length && !orders) return null;
  const onlyThrottled = early <= 0 && !orders && mail.every((m) => m.status === 'throttled');
  const delayMs = early > 0 ? early : onlyThrottled ? DEADLINE_THROTTLED_RECHECK_MS : DEADLINE_RECHECK_MS;
  await h.env.deps.scheduler.recheck(gameId, stepId, deadline, h.now.getTime(), delayMs);
  return {
    status: 'applied',
    result: {
      waiting: early > 0 ? { until: deadline.toISOString() } : { mail: mail.map((m) => m.id), orders },
      recheckInMs: delayMs,
    },
  };
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
  const g = h.game;
  const step = g.state.step!;
  const late = whoIsAwaited(g.state, g.ruleset);
  if (late.length) {
    // the late side in the second person, with its card: its orders are still taken until the grace ends
    const needs = stepNeeds(g, set.at)!;
    h.notify(
      ...g.state
        .game!.sides.filter((seat) => late.includes(seat.side))
        .map(
          (seat): Notice => ({
            ...noticeBase(g, seat.side, seat.player.address, `late:${step.id}:${set.at}`),
            kind: 'reminder',
            needs,
            card: answerCard(g, seat.side, set),
            late: { deadline: set.at, graceUntil },
          }),
        ),
    );
    tellEverySide(
      h,
      `late: ${late.join(', ')}`,
      [
        `The deadline of ${step.title} passed at ${formatUtc(set.at)}.`,
        `Late: ${late.join(', ')}. Late orders are still taken until ${formatUtc(graceUntil)}; then the default orders apply.`,
      ],
      `late:${step.id}:${set.at}`,
      { referee: true, skip: new Set(late) },
    );
  }
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
