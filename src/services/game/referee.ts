import { z } from 'zod';
import type { Notice } from '../../mail/notices';
import { formatDuration, formatUtc } from '../../mail/render';
import { answerCard } from '../answer-card';
import { digestOf } from '../service-state';
import { failCommand, type CommandOutcome, type PendingCommand, type PermanentCommandError } from '../../store/commands';
import type { Sql } from '../../store/db';
import { insertOutbox } from '../../store/outbox';
import { UnknownGameError } from '../game-repository';
import { noticeBase, stepNeeds } from '../notice-builders';
import { resolveAtDeadline } from './deadlines';
import { confirm, openDeadline, refereeRejected, reminderTime, reportsFor } from './flow';
import type { GameHandler, Handling, RefereeReply } from './handler';
import { payloadOf } from '../service-events';

/**
 * FORCE: resolve the step in play now; sides without orders get their defaults. The referee
 * (`by.replyTo`, else the game's referee) is told what was done, or why nothing was.
 */
export async function force(handler: GameHandler, tx: Sql, gameId: string, by: RefereeReply = {}): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const step = h.game.state.step;
    if (!step) {
      return refereeRejected(
        h,
        by,
        'FORCE',
        `game ${gameId} is over: there is no step to resolve`,
        'Nothing to force. STATUS shows the result; NOTE <text> still records a ruling.',
      );
    }
    const before = h.game.head.version;
    const outcome = await resolveAtDeadline(h, step.id, { force: true });
    const after = h.game;
    const defaulted = after.tail.flatMap((e) => (e.seq > before ? (payloadOf(e, 'DefaultOrdersApplied')?.side ?? []) : []));
    const next = after.state.step;
    confirm(
      h,
      by,
      'FORCE',
      [
        `${step.title} [${step.id}] resolved now, by the referee${by.referee ? ` (${by.referee})` : ''}.`,
        defaulted.length
          ? `Default orders applied for: ${[...new Set(defaulted)].join(', ')}.`
          : 'Every side had ordered: no defaults were needed.',
        'Every side has been sent its report.',
        next ? `Next: ${next.title} [${next.id}].` : `The game is over. ${after.state.result?.summary ?? ''}`.trim(),
      ],
      next ? (h.deadline(next.id)?.at ?? null) : null,
    );
    return outcome;
  });
}

/** EXTEND: a new deadline for the step in play (recorded, rescheduled with its reminder, announced to every side and the referee). */
export async function extend(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  byMinutes: number | undefined,
  until: string | undefined,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const { now } = h;
    const step = h.game.state.step;
    const asked = until ? `EXTEND TO ${until}` : `EXTEND ${byMinutes ?? 24 * 60}m`;
    if (!step) return refereeRejected(h, by, asked, `game ${gameId} is over: there is no deadline to move`, 'Nothing to extend.');
    if (h.game.service.paused)
      return refereeRejected(
        h,
        by,
        asked,
        'the game is paused: no deadline runs',
        'Nothing was changed. RESUME first (the deadline gets back the time it had left), then EXTEND.',
      );
    const deadline = await openDeadline(h);
    const base = deadline ? new Date(deadline) : now;
    const at = until ? new Date(until) : new Date(base.getTime() + (byMinutes ?? 24 * 60) * 60_000);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) {
      return refereeRejected(
        h,
        by,
        asked,
        `the new deadline must be in the future: ${Number.isNaN(at.getTime()) ? `"${until}" is not a date` : `${formatUtc(at.toISOString())} is not after now (${formatUtc(now.toISOString())})`}`,
        `Send EXTEND 24h (or 90m, 2d) to move the deadline${deadline ? ` of ${formatUtc(deadline)}` : ''} later, or EXTEND TO an instant after ${now.toISOString()} with its zone, e.g. EXTEND TO ${new Date(now.getTime() + 86_400_000).toISOString().slice(0, 16)}Z.`,
      );
    }
    const grace = h.settings.graceMinutes;
    const graceUntil = new Date(at.getTime() + (grace ?? 0) * 60_000);
    const remindAt = reminderTime(now, at);
    const next = await h.append([
      {
        type: 'DeadlineSet',
        payload: {
          stepId: step.id,
          at: at.toISOString(),
          graceUntil: graceUntil.toISOString(),
          remindAt: remindAt?.toISOString() ?? null,
          extended: true,
        },
        metadata: { actor: 'referee', ...(by.referee ? { referee: by.referee } : {}) },
      },
    ]);
    // the old deadline and reminder jobs still fire: the deadline finds the step not due, the reminder finds itself superseded
    await h.env.deps.scheduler.schedule(gameId, step.id, graceUntil, remindAt);
    if (graceUntil.getTime() > at.getTime()) await h.env.deps.scheduler.schedule(gameId, step.id, at, null);
    // the sides the step awaits hear that the referee extended it (with their card); the others
    // nothing, unless they read every step (DIGEST EVERY): then an FYI
    const needs = stepNeeds(next, at.toISOString())!;
    const awaited = new Set(needs.awaiting);
    h.notify(
      ...next.state.game!.sides.flatMap((seat): Notice[] => {
        const base = noticeBase(next, seat.side, seat.player.address, `extended:${step.id}`);
        if (awaited.has(seat.side))
          return [
            { ...base, kind: 'reminder', needs, card: answerCard(next, seat.side, h.deadline(step.id)), extended: { was: deadline } },
          ];
        if (digestOf(next.service, seat.side) !== 'every') return [];
        const line = `The referee extended the deadline of ${step.title} to ${formatUtc(at.toISOString())}; the step awaits ${needs.awaiting.join(', ') || 'nobody now'}.`;
        return [{ ...base, kind: 'deadline', headline: 'deadline extended', lines: [line], needs }];
      }),
    );
    confirm(
      h,
      by,
      asked,
      [
        `The deadline of ${step.title} [${step.id}] is now ${formatUtc(at.toISOString())}${deadline ? ` (was ${formatUtc(deadline)})` : ''}.`,
        grace
          ? `Late orders are taken until ${formatUtc(graceUntil.toISOString())} (${formatDuration(grace)}' grace); then defaults apply.`
          : 'Defaults apply to sides still silent then.',
        remindAt
          ? `The sides still awaited will be reminded at ${formatUtc(remindAt.toISOString())}.`
          : 'No reminder: the deadline is too close.',
        needs.awaiting.length
          ? `${needs.awaiting.join(', ')} ${needs.awaiting.length > 1 ? 'have' : 'has'} been told the new deadline; the other sides are not mailed (but those reading every step).`
          : 'No side is awaited: nobody was mailed (but those reading every step).',
      ],
      at.toISOString(),
    );
    return { status: 'applied', result: { stepId: step.id, deadline: at.toISOString(), remindAt: remindAt?.toISOString() ?? null } };
  });
}

/**
 * NOTE: a referee's ruling or remark in the game's log. It leads every side's next report (and
 * is in every `report` the CLI prints); once the game is over it is mailed to every side at once.
 * A log without a game (`umpire note` on any stream) just records it.
 */
export async function note(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  text: unknown,
  actor: string,
  key: string,
  by: RefereeReply & { readonly concerns?: readonly number[] } = {},
): Promise<CommandOutcome> {
  let h: Handling;
  try {
    h = await handler.open(tx, gameId);
  } catch (err) {
    if (!(err instanceof UnknownGameError)) throw err;
    if (typeof text !== 'string' || !text.trim()) return { status: 'rejected', result: { error: 'a note needs non-empty text' } };
    const { events } = handler.env.deps.games;
    const head = await events.head(gameId, tx);
    const appended = await events.append(
      gameId,
      head.version,
      [{ type: 'NoteAdded', payload: { text }, metadata: { actor, causationId: key } }],
      { head, tx, now: handler.env.clock() },
    );
    return { status: 'applied', result: { seq: appended.head.version } };
  }
  if (typeof text !== 'string' || !text.trim()) {
    return handler.close(
      h,
      refereeRejected(
        h,
        by,
        'NOTE',
        'a note needs text after the word NOTE',
        'Write NOTE and the ruling on one line, e.g. NOTE Rule 7.3: the Allied fleet may retreat.',
      ),
    );
  }
  // a ruling may name the events it concerns (NOTE ON 57 ...): each must be in the log
  const concerns = by.concerns ?? [];
  const missing = concerns.filter((seq) => !Number.isInteger(seq) || seq < 1 || seq > h.game.head.version);
  if (missing.length) {
    return handler.close(
      h,
      refereeRejected(
        h,
        by,
        'NOTE',
        `there is no event ${missing.join(', ')} in game ${gameId} (its log has ${h.game.head.version} events)`,
        `Name an event of the log, e.g. NOTE ON ${h.game.head.version} <ruling>; \`umpire events ${gameId}\` lists them.`,
      ),
    );
  }
  const referee = by.referee ?? by.replyTo;
  const payload = {
    text: text.trim(),
    ...(concerns.length ? { concerns, referee: referee ?? actor } : referee ? { referee } : {}),
  };
  const next = await h.append([{ type: 'NoteAdded', payload, metadata: { actor, causationId: key } }]);
  let delivery = "It will lead every side's next report.";
  if (!next.state.step && next.state.game) {
    h.notify(...(await reportsFor(h, next.head.version, null)));
    delivery = 'The game is over, so it has been mailed to every side now.';
  }
  const about = concerns.length ? ` It concerns event ${concerns.join(', ')}.` : '';
  confirm(h, by, 'NOTE', [`Recorded in the game log (event ${next.head.version}): "${text.trim()}".${about}`, delivery], null);
  return handler.close(h, { status: 'applied', result: { seq: next.head.version } });
}

const SIDE_OF = z.object({ side: z.string().optional() });

/**
 * A command failed for good (see PermanentCommandError): record it in the game's log, and tell
 * the player whose orders it carried and the referee. The game's later commands go on.
 */
export async function commandFailed(handler: GameHandler, command: PendingCommand, error: PermanentCommandError): Promise<void> {
  const { env } = handler;
  // the side whose orders it carried, if its payload names one (any kind may fail)
  const named = SIDE_OF.safeParse(command.payload);
  const side = named.success ? named.data.side : undefined;
  // marks the command failed and writes the note and notices in one transaction, under the game's lock
  await failCommand(env.deps.db, command, error, async (tx) => {
    let h: Handling;
    try {
      h = await handler.open(tx, command.gameId);
    } catch (err) {
      if (err instanceof UnknownGameError) return;
      throw err;
    }
    // a what-if fork is the referee's alone: its seats are the parent's players, who never hear of it
    const forkOf = h.game.service.forkOf;
    const text = forkOf
      ? `In ${command.gameId}, your fork of ${forkOf}, the umpire could not carry out ${command.kind} (${command.idempotencyKey}): ${error.message}. Nothing it would have changed was recorded; no player was told.`
      : `The umpire could not carry out ${command.kind} (${command.idempotencyKey}): ${error.message}. Nothing it would have changed was recorded; the referee has been told.`;
    await h.append([
      { type: 'NoteAdded', payload: { text, fault: error.detail }, metadata: { actor: 'umpire', causationId: command.idempotencyKey } },
    ]);
    const player = forkOf ? undefined : h.game.state.game?.sides.find((seat) => seat.side === side)?.player.address;
    const to = [player, h.settings.referee].filter((a): a is string => !!a);
    const drafts = to.map((address) =>
      env.deps.sink.rejectionDraft(
        `${command.idempotencyKey}:failed:${address}`,
        address,
        text,
        forkOf
          ? `\`umpire events ${command.gameId}\` shows the fork's log; fork ${forkOf} again to try otherwise.`
          : 'Nothing to do on your side: the referee will rule, or the umpire will be fixed and the game resumed.',
        command.gameId,
        undefined,
        'authenticated',
      ),
    );
    if (drafts.length) await insertOutbox(tx, drafts);
  });
}
