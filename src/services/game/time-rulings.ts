import type { Notice } from '../../mail/notices';
import { formatDuration, formatUtc } from '../../mail/render';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { noticeBase, stepNeeds } from '../notice-builders';
import { setDeadline, pastAbsences, planDeadline, withGrace } from './deadline-plan';
import { confirm, refereeRejected } from './flow';
import type { GameHandler, Handling, RefereeReply } from './handler';
import { readInstant, readKind, readLength } from './time-args';

/** Who ruled and why: every time ruling's event carries them, with what it concerns. */
export interface Ruling {
  /** the referee's address (mail) or `cli` */
  readonly referee: string;
  readonly reason?: string;
}

const because = (r: Ruling) => (r.reason?.trim() ? `: ${r.reason.trim()}` : '');

/**
 * A deadline's news to every side (and the referee's copy when `referee`), as `deadline` notices;
 * `skip`: viewers who read it in another mail of the same command.
 */
export function tellEverySide(
  h: Handling,
  headline: string,
  lines: string[],
  reason: string,
  opts: { referee?: boolean; skip?: ReadonlySet<string> } = {},
): void {
  const g = h.game;
  const needs = stepNeeds(g, h.deadline()?.at ?? null);
  const to = g.state.game!.sides.map((seat): [string, string] => [seat.side, seat.player.address]);
  if (opts.referee && h.settings.referee) to.push(['referee', h.settings.referee]);
  h.notify(
    ...to
      .filter(([side]) => !opts.skip?.has(side))
      .map(([side, address]): Notice => ({ ...noticeBase(g, side, address, reason), kind: 'deadline', headline, lines, needs })),
  );
}

/**
 * PAUSE [reason]: the deadlines stop. The step's deadline keeps the time it had left (and to the
 * end of its grace), given back by RESUME; jobs that fire meanwhile do nothing; a step opening
 * meanwhile gets no deadline until RESUME. Orders are still taken. Every side is told.
 */
export async function pause(handler: GameHandler, tx: Sql, gameId: string, r: Ruling, by: RefereeReply = {}): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const step = h.game.state.step;
    const asked = `PAUSE${r.reason ? ` ${r.reason}` : ''}`;
    if (!step) return refereeRejected(h, by, asked, `game ${gameId} is over: there is no deadline to stop`, 'Nothing to pause.');
    const was = h.game.service.paused;
    if (was)
      return refereeRejected(
        h,
        by,
        asked,
        `the game is paused already (since ${formatUtc(was.at)}${was.reason ? `: ${was.reason}` : ''})`,
        'Nothing was changed. RESUME restarts the deadlines with the time they had left.',
      );
    const d = h.deadline(step.id);
    const leftMs = d ? Date.parse(d.at) - h.now.getTime() : null;
    const graceMs = d ? Date.parse(d.graceUntil ?? d.at) - h.now.getTime() : null;
    await h.append([
      {
        type: 'GamePaused',
        payload: {
          at: h.now.toISOString(),
          referee: r.referee,
          reason: r.reason?.trim() ?? '',
          stepId: step.id,
          leftMs,
          graceMs,
          concerns: { stepId: step.id, deadline: d?.at ?? null, graceUntil: d?.graceUntil ?? null },
        },
        metadata: { actor: 'referee', ...(by.key ? { causationId: by.key } : {}) },
      },
    ]);
    const left =
      d && leftMs !== null
        ? leftMs > 0
          ? `The deadline of ${step.title} (${formatUtc(d.at)}) had ${formatDuration(Math.ceil(leftMs / 60_000))} left; it gets them back when the referee resumes the game.`
          : `The deadline of ${step.title} had passed; its grace had ${formatDuration(Math.max(0, Math.ceil((graceMs ?? 0) / 60_000)))} left, given back when the referee resumes the game.`
        : `${step.title} has no deadline running.`;
    const lines = [
      `The referee paused the game${because(r)}.`,
      'Deadlines are stopped: no default orders apply while the game is paused.',
      left,
      'Orders are still taken meanwhile.',
    ];
    tellEverySide(h, 'game paused', lines, `paused:${step.id}`);
    confirm(h, by, asked, [...lines.slice(1), 'Every side has been told.'], null);
    return { status: 'applied', result: { paused: step.id, leftMs, graceMs } };
  });
}

/**
 * RESUME: the deadlines restart. The step the pause stopped gets back the time it had left; a
 * step opened during the pause gets its full length. Every side is told the deadline now.
 */
export async function resume(handler: GameHandler, tx: Sql, gameId: string, r: Ruling, by: RefereeReply = {}): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const p = h.game.service.paused;
    const step = h.game.state.step;
    if (!p) return refereeRejected(h, by, 'RESUME', 'the game is not paused', 'Nothing was changed. PAUSE [reason] stops the deadlines.');
    const event = {
      type: 'GameResumed',
      payload: {
        at: h.now.toISOString(),
        referee: r.referee,
        reason: r.reason?.trim() ?? '',
        pausedAt: p.at,
        concerns: { stepId: step?.id ?? null, pausedStep: p.stepId },
      },
      metadata: { actor: 'referee', ...(by.key ? { causationId: by.key } : {}) },
    };
    await h.append([event]);
    if (!step) {
      confirm(h, by, 'RESUME', ['The game is over: no deadline to restart.'], null);
      return { status: 'applied', result: { resumed: null } };
    }
    const same = p.stepId === step.id && p.leftMs !== null;
    // the time left, moved past any absence of the sides the step awaits
    const leftAt = same ? pastAbsences(new Date(h.now.getTime() + p.leftMs!), h.game.service.absences, step.owes) : null;
    const plan = leftAt ? withGrace(h, leftAt, (p.graceMs ?? p.leftMs!) - p.leftMs!) : planDeadline(h, step);
    await setDeadline(h, step.id, plan, 'referee', { resumed: true });
    const lines = [
      `The referee resumed the game${because(r)}.`,
      same
        ? `The deadline of ${step.title} is now ${formatUtc(plan.at.toISOString())}: the time it had left when the game was paused.`
        : `The deadline of ${step.title} is now ${formatUtc(plan.at.toISOString())}.`,
      ...(plan.graceUntil.getTime() > plan.at.getTime()
        ? [`Late orders are taken until ${formatUtc(plan.graceUntil.toISOString())}; then the default orders apply.`]
        : []),
    ];
    tellEverySide(h, 'game resumed', lines, `resumed:${step.id}`);
    confirm(h, by, 'RESUME', [...lines.slice(1), 'Every side has been told.'], plan.at.toISOString());
    return { status: 'applied', result: { stepId: step.id, deadline: plan.at.toISOString() } };
  });
}

/**
 * ABSENCE <side> <from> <to>: deadlines of steps awaiting that side that fall inside the window move
 * to its end, the deadline in force now as well as those still to come. Every side is told.
 */
export async function absence(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  a: { side: string; from: string; to: string },
  r: Ruling,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const asked = `ABSENCE ${a.side} ${a.from} ${a.to}`;
    const sides = h.game.state.game?.sides.map((s) => s.side) ?? [];
    const example = `e.g. ABSENCE ${sides[0] ?? '<side>'} 2026-12-20 2026-12-28 (dates in UTC; the second day is included)`;
    if (!sides.includes(a.side))
      return refereeRejected(h, by, asked, `there is no side "${a.side}" in ${gameId}`, `The sides are ${sides.join(', ')}: ${example}.`);
    const from = readInstant(a.from);
    const to = readInstant(a.to, true);
    for (const bad of [from, to])
      if (!bad.ok) return refereeRejected(h, by, asked, bad.problem, `${bad.hint} Nothing was changed: ${example}.`);
    if (!from.ok || !to.ok) throw new Error('unreachable');
    if (to.value.getTime() <= from.value.getTime() || to.value.getTime() <= h.now.getTime())
      return refereeRejected(
        h,
        by,
        asked,
        `the absence must end after it begins and after now (${formatUtc(h.now.toISOString())})`,
        `Nothing was changed: ${example}.`,
      );
    const window = { from: from.value.toISOString(), to: to.value.toISOString() };
    const step = h.game.state.step;
    const d = step ? h.deadline(step.id) : null;
    const absences = [...(h.game.service.absences ?? []), { side: a.side, ...window, referee: r.referee, reason: r.reason ?? '' }];
    const moved = step && d ? pastAbsences(new Date(d.at), absences, step.owes) : null;
    const moves = step && d && moved && moved.getTime() !== Date.parse(d.at);
    await h.append([
      {
        type: 'AbsenceDeclared',
        payload: {
          side: a.side,
          ...window,
          referee: r.referee,
          reason: r.reason?.trim() ?? '',
          concerns: { side: a.side, stepId: step?.id ?? null, deadline: d?.at ?? null, movedTo: moves ? moved.toISOString() : null },
        },
        metadata: { actor: 'referee', ...(by.key ? { causationId: by.key } : {}) },
      },
    ]);
    if (moves && step && d) {
      const graceMs = Date.parse(d.graceUntil ?? d.at) - Date.parse(d.at);
      await setDeadline(h, step.id, withGrace(h, moved, graceMs), 'referee', { absence: a.side });
    }
    const lines = [
      `The referee recorded ${a.side} as absent from ${formatUtc(window.from)} to ${formatUtc(window.to)}${because(r)}.`,
      `Deadlines of steps awaiting ${a.side} that fall in that time move to its end.`,
      moves && step && d
        ? `The deadline of ${step.title} moves from ${formatUtc(d.at)} to ${formatUtc(moved.toISOString())}.`
        : 'The deadline in force now does not fall in it and stands.',
    ];
    tellEverySide(h, `absence of ${a.side}`, lines, `absence:${a.side}:${window.from}`);
    confirm(h, by, asked, [...lines, 'Every side has been told.'], h.deadline()?.at ?? null);
    return { status: 'applied', result: { side: a.side, ...window, movedTo: moves ? moved.toISOString() : null } };
  });
}

/**
 * DEADLINE <kind> <length>: the deadline length of one kind of step (orders, battle, placement)
 * for every such step opened from now on; the deadline in force stands (EXTEND moves it).
 */
export async function deadlineLength(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  kindText: string,
  lengthText: string,
  r: Ruling,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const asked = `DEADLINE ${kindText} ${lengthText}`;
    const kind = readKind(kindText);
    if (!kind.ok) return refereeRejected(h, by, asked, kind.problem, `Nothing was changed. ${kind.hint}`);
    const length = readLength(lengthText);
    if (!length.ok)
      return refereeRejected(h, by, asked, length.problem, `Nothing was changed. ${length.hint} E.g. DEADLINE ${kind.value} 48h.`);
    if (!h.game.state.step) return refereeRejected(h, by, asked, `game ${gameId} is over: no step will open`, 'Nothing was changed.');
    const was = h.game.service.lengths?.[kind.value] ?? h.settings.deadlines?.[kind.value] ?? h.settings.deadlineMinutes;
    await h.append([
      {
        type: 'DeadlineLengthSet',
        payload: {
          kind: kind.value,
          minutes: length.value,
          was,
          referee: r.referee,
          reason: r.reason?.trim() ?? '',
          concerns: { kind: kind.value, from: h.now.toISOString() },
        },
        metadata: { actor: 'referee', ...(by.key ? { causationId: by.key } : {}) },
      },
    ]);
    const lines = [
      `The referee set the deadline of ${kind.value} steps to ${formatDuration(length.value)} (it was ${formatDuration(was)})${because(r)}.`,
      `It applies to every ${kind.value} step that opens from now on; the deadline in force now stands.`,
    ];
    tellEverySide(h, `${kind.value} deadlines ${formatDuration(length.value)}`, lines, `length:${kind.value}`);
    confirm(h, by, asked, [...lines, 'Every side has been told. EXTEND moves the deadline in force.'], h.deadline()?.at ?? null);
    return { status: 'applied', result: { kind: kind.value, minutes: length.value, was } };
  });
}
