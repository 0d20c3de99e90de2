import type { Side } from '../../engine/ruleset';
import { viewFor } from '../../engine/game';
import type { MailCommand } from '../../mail/commands';
import type { OutboxDraft } from '../../store/outbox';
import { answerHelp } from '../help-topics';
import { reportsSentIn, sentMatching } from '../reports-sent';
import { noticeBase, stepNeeds } from '../notice-builders';
import { deadlineOf } from '../service-state';
import type { GameEnv } from './handler';

/** A HISTORY reply longer than this (characters of report text) goes in several parts. */
export const HISTORY_PART_CHARS = 200_000;

/** Replies to HELP, STATUS, PLAYERS and RESEND: outbox drafts, no events. */
export async function replyDraft(
  env: GameEnv,
  gameId: string,
  viewer: Side | 'referee',
  to: string,
  command: MailCommand,
  key: string,
): Promise<OutboxDraft> {
  const { db, games, reports, sink } = env.deps;
  const game = await games.load(gameId);
  const needs = stepNeeds(game, deadlineOf(game.service, game.state.step?.id)?.at ?? null);
  const base = { ...noticeBase(game, viewer, to, 'reply'), key };
  const status = () => sink.draft({ ...base, kind: 'status', view: viewFor(game.state, viewer, game.ruleset), needs });
  switch (command.name) {
    case 'HELP': {
      const card = game.ruleset.help(game.state.rules, viewer, game.state.step);
      const a = answerHelp(command.topic, game.ruleset.reference ?? [], card, game.state.step?.title ?? null, game.ruleset.name);
      return sink.draft({
        ...base,
        kind: 'help',
        help: a.lines.join('\n'),
        needs,
        topic: a.topic,
        title: a.title,
        commands: a.commands,
        topics: a.topics,
        unknownTopic: a.unknown,
      });
    }
    case 'RESEND': {
      // RESEND: the latest report; RESEND 3: the latest report of turn 3
      const sent = sentMatching(await reportsSentIn(reports, db, gameId, game.service.sent), {
        to,
        ...(command.turn !== undefined ? { turn: command.turn } : {}),
      });
      const original = (
        await reports.rows(
          db,
          gameId,
          sent.slice(-1).map((r) => r.key),
        )
      )[0]?.payload;
      if (!original) return status();
      return {
        idempotencyKey: key,
        gameId,
        recipient: to,
        kind: 'resend',
        payload: {
          ...(original as { to: string; subject: string; text: string }),
          subject: `RESEND: ${String(original.subject)}`,
          messageId: undefined,
          headers: { ...(original.headers as Record<string, string>), 'X-Umpire-Key': key },
        },
      };
    }
    default:
      return status();
  }
}

/**
 * HISTORY: the reports this side (or the referee) has been sent, all or one turn's, mailed again
 * exactly as they were sent (their outbox rows: the fog of war they were written under), in one
 * reply, or several parts when long. No events: nothing changes.
 */
export async function historyDrafts(
  env: GameEnv,
  gameId: string,
  viewer: Side | 'referee',
  to: string,
  turn: number | undefined,
  key: string,
): Promise<OutboxDraft[]> {
  const { db, games, reports, sink } = env.deps;
  const game = await games.load(gameId);
  const sent = sentMatching(await reportsSentIn(reports, db, gameId, game.service.sent), {
    side: viewer,
    to,
    ...(turn !== undefined ? { turn } : {}),
  });
  const rows = await reports.rows(
    db,
    gameId,
    sent.map((r) => r.key),
  );
  const entries = rows.map((r) => ({ subject: r.payload.subject, sentAt: r.sentAt, text: withoutFooter(r.payload.text) }));
  const parts: (typeof entries)[] = [[]];
  let size = 0;
  for (const e of entries) {
    if (size > 0 && size + e.text.length > HISTORY_PART_CHARS) {
      parts.push([]);
      size = 0;
    }
    parts[parts.length - 1].push(e);
    size += e.text.length;
  }
  const needs = stepNeeds(game, deadlineOf(game.service, game.state.step?.id)?.at ?? null);
  let firstIndex = 0;
  return parts.map((part, i) => {
    const draft = sink.draft({
      ...noticeBase(game, viewer, to, 'history'),
      key: parts.length > 1 ? `${key}:part${i + 1}` : key,
      kind: 'history',
      turn: turn ?? null,
      entries: part,
      total: entries.length,
      part: i + 1,
      parts: parts.length,
      firstIndex,
      needs,
    });
    firstIndex += part.length;
    return draft;
  });
}

/** A report's text without the umpire's footer (from the signature line `-- ` on). */
function withoutFooter(text: string): string {
  const i = text.search(/^-- $/m);
  return (i >= 0 ? text.slice(0, i) : text).replace(/\s+$/, '');
}
