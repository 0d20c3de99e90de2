/**
 * What each notice says, as its template's data (templates/mail/*.hbs): the mail composer's
 * (composer.ts) mapping from a notice to the template that renders it.
 */
import { deadlineData, reminderData } from './deadline-mail';
import { boardOf } from '../engine/board-view';
import type { AckNotice, Notice, SetAsideLine, StepNeeds } from './notices';
import { secretMarker } from './at-rest';
import { capProblems, capText, MAX_PROBLEM_CHARS } from './refusal-size';
import type { TemplateDataMap, TemplateName } from './render';

/**
 * What the data needs from the composer: the recipient's reply address as the outbox stores it
 * (its tag left out, put back as the mail is sent: at-rest.ts), and the umpire's own address.
 */
export interface NoticeContext {
  replyAddressFor(gameId: string, side: string, playerAddress: string): string;
  readonly umpireAddress: string;
}

/** The heading every game mail shares. */
function context(n: Notice, needs: StepNeeds | null, c: NoticeContext) {
  return {
    gameId: n.gameId,
    gameName: n.rulesetName,
    side: n.side === 'referee' ? null : n.side,
    turn: needs?.turn,
    step: needs ? { id: needs.stepId, title: needs.title } : undefined,
    ...(n.optionsOn?.length ? { optionsOn: n.optionsOn } : {}),
    replyAddress: c.replyAddressFor(n.gameId, n.side, n.to),
  };
}

export function templateFor(n: Notice, c: NoticeContext): [TemplateName, TemplateDataMap[TemplateName]] {
  switch (n.kind) {
    case 'welcome': {
      const yours = n.side !== 'referee' && !!n.needs?.awaiting.includes(n.side);
      return [
        'welcome',
        {
          ...context(n, n.needs, c),
          attention: yours ? 'action' : 'fyi',
          // sides only: a player's address is never printed (PRESS and PLAYERS hide them too)
          sides: n.sides.map((s) => ({ side: s.side, you: s.side === n.side })),
          referee: n.settings ? n.settings.referee : n.side === 'referee',
          options: Object.entries(n.options).map(([name, on]) => ({ name, on: Boolean(on) })),
          box: { source: n.boxSource, hash: n.boxHash },
          deadline: n.needs?.deadline ?? undefined,
          deadlineMinutes: n.settings?.deadlineMinutes,
          graceMinutes: n.settings?.graceMinutes,
          deadlineKinds: Object.entries(n.settings?.deadlines ?? {}).map(([kind, minutes]) => ({ kind, minutes })),
          // the word itself is never stored: the marker is filled in when the mail is sent (at-rest.ts)
          secret: secretMarker(n.side),
          ...(n.answer ? { answer: n.answer } : {}),
          ...(n.standing ? { standing: n.standing.split('\n').filter((l) => l.trim()) } : {}),
          ...(n.digest ? { digest: digestLine(n.digest) } : {}),
          ...(n.guide ? { guide: n.guide } : {}),
          // the step's order card goes to the sides it asks for orders (and the referee's own notes to him)
          card: n.needs
            ? {
                what: n.needs.title,
                yours,
                awaiting: n.needs.awaiting,
                lines: yours || n.side === 'referee' ? n.help.split('\n').filter((l) => l.trim()) : [],
              }
            : null,
          seedAnchor: n.seedAnchor,
          ...boardData(n.view.board, null),
        },
      ];
    }
    case 'report':
      return [
        'report',
        {
          ...context(n, n.needs, c),
          ...(n.result ? { attention: 'over' as const } : {}),
          ...(n.card ? { card: n.card, attention: 'action' as const } : {}),
          ...(n.taken
            ? {
                taken: {
                  stepTitle: n.taken.stepTitle,
                  lines: n.taken.orders.split('\n').filter((l) => l.trim()),
                  ...(n.taken.ack?.notes?.length ? { notes: n.taken.ack.notes } : {}),
                  // the rest of the acknowledgment, folded in: one mail instead of two
                  ...(n.taken.ack ? { more: ackNotes(n.taken.ack, false) } : {}),
                },
              }
            : {}),
          ...boardData(n.view.board, n.result),
          ...(n.lastPicture ? { lastPicture: n.lastPicture } : {}),
          ...(n.summary?.length ? { summary: n.summary } : {}),
          ...(n.final?.length ? { final: n.final } : {}),
          narrative: n.narrative.map((text) => ({ text })),
          dice: {
            anchor: n.seedAnchor,
            revealedSeeds: Object.entries(n.revealedSeeds).map(([turn, seed]) => ({
              turn: Number(turn),
              seed,
            })),
            gameId: n.gameId,
            steps: n.diceChecks ?? [],
            over: !!n.result,
          },
          latestEventHash: n.latestHash,
          latestEventSeq: n.latestSeq,
          ...(n.fairness?.length ? { fairness: n.fairness } : {}),
          next: next(n.needs),
        },
      ];
    case 'ack':
      return ['acknowledgment', { ...context(n, n.needs, c), ...ackData(n) }];
    case 'rejection': {
      const needs = n.needs ?? null;
      const side = n.side === 'referee' ? null : n.side;
      // refused orders change nothing: say what stands for the step they were for, and its deadline
      const unchanged =
        needs && n.ordersIn !== undefined
          ? n.ordersIn
            ? `Nothing was changed; your earlier orders for ${needs.title} stand.`
            : `Nothing was changed; you have no orders in for ${needs.title}.`
          : undefined;
      return [
        'rejection',
        {
          gameId: n.gameId,
          side,
          ...(needs
            ? {
                turn: needs.turn,
                step: { id: needs.stepId, title: needs.title },
                attention: side !== null && needs.awaiting.includes(side) ? ('action' as const) : ('fyi' as const),
                deadline: needs.deadline ?? undefined,
              }
            : {}),
          unchanged,
          problem: capText(n.summary, MAX_PROBLEM_CHARS),
          hint: capText(
            n.hint ?? (n.help ? `Send HELP for the order reference. ${firstLines(n.help, 12)}` : 'Send HELP for the order reference.'),
            MAX_PROBLEM_CHARS * 4,
          ),
          errors: capProblems(n.problems).map((p) => ({
            line: p.line,
            text: p.text,
            problem: p.problem,
            hint: p.hint,
            rule: p.rule,
          })),
          ...(n.setAside?.length ? { setAside: setAsideRows(n.setAside) } : {}),
          ...(n.source ? { source: n.source } : {}),
        },
      ];
    }
    case 'reminder':
      return ['reminder', reminderData(n, context(n, n.needs, c))];
    case 'deadline':
      return ['deadline', deadlineData(n, context(n, n.needs, c))];
    case 'help':
      return [
        'help',
        {
          ...context(n, n.needs, c),
          umpireAddress: c.umpireAddress,
          orderSyntax: n.help ? n.help.split('\n') : [],
          topic: n.topic,
          title: n.title,
          showCommands: n.commands ?? true,
          topics: n.topics,
          unknownTopic: n.unknownTopic,
        },
      ];
    case 'confirmation':
      return [
        'confirmation',
        {
          ...context(n, n.needs, c),
          command: n.command,
          done: n.done,
          deadline: n.needs?.deadline ?? undefined,
          awaiting: n.needs?.awaiting ?? [],
        },
      ];
    case 'history':
      return [
        'history',
        {
          ...context(n, n.needs, c),
          ...(n.turn !== null ? { askedTurn: n.turn } : {}),
          summary:
            n.total === 0
              ? `no report${n.turn !== null ? ` of turn ${n.turn}` : ''} has been sent to you yet.`
              : `${n.total} report${n.total === 1 ? '' : 's'} sent to you${n.parts > 1 ? ` (this is part ${n.part} of ${n.parts}, reports ${n.firstIndex + 1}-${n.firstIndex + n.entries.length})` : ''}, each exactly as it was sent.`,
          entries: n.entries.map((e, i) => ({
            n: n.firstIndex + i + 1,
            subject: e.subject,
            sentAt: e.sentAt,
            lines: e.text.split('\n'),
          })),
        },
      ];
    case 'press':
      return [
        'press',
        {
          ...context(n, n.needs, c),
          from: n.from === 'referee' ? 'the referee' : n.from,
          to: n.toSides,
          copy: n.copy,
          lines: n.text.split('\n'),
          seq: n.seq,
        },
      ];
    case 'status':
      return [
        'status',
        {
          ...context(n, n.needs, c),
          deadline: n.needs?.deadline ?? undefined,
          awaiting: n.view.awaiting,
          received: Object.entries(n.view.orders).flatMap(([side, st]) =>
            st.status === 'sealed'
              ? [{ side, at: st.receivedAt, commitment: st.commitment }]
              : st.status === 'accepted'
                ? [{ side, at: st.receivedAt }]
                : [],
          ),
          players: n.view.game?.sides.map((s) => ({ side: s.side, name: s.player })) ?? [],
        },
      ];
    default: {
      const never: never = n;
      throw new Error(`no template for notice ${JSON.stringify(never)}`);
    }
  }
}

/**
 * A short acknowledgment (issue 28): what was taken, step by step in canonical form, what became of
 * it; FOR sections refused as they arrived, with every problem; standing instructions only where
 * the mail changed them; the lines set aside, each with why.
 */
function ackData(n: AckNotice) {
  const title = n.needs?.title ?? 'the step in play';
  const taken = linesOf(n.ordersText);
  const what = taken.length ? `your orders for ${title}` : n.queued.length ? 'your orders for steps to come' : 'your standing instructions';
  const headline = n.held
    ? `Taken and held (WAIT): ${what}.`
    : taken.length && n.resolved
      ? `Taken: ${what}; the step is resolved.`
      : taken.length && n.commitment
        ? `Taken: ${what}, sealed until the step resolves.`
        : `Taken: ${what}.`;
  return {
    receivedAt: new Date().toISOString(),
    headline,
    ...ackNotes(n, true),
    commitment: n.commitment ?? undefined,
    deadline: n.resolved ? undefined : (n.needs?.deadline ?? undefined),
    awaiting: n.resolved ? [] : (n.needs?.awaiting ?? []),
    ...(n.held ? { held: true } : {}),
    ...(n.source ? { source: n.source } : {}),
  };
}

const linesOf = (text: string | undefined) => (text ?? '').split('\n').filter((l) => l.trim());

/**
 * What an acknowledgment says beyond its headline, in the acknowledgment or folded into the
 * report (`inPlay` false: the report shows the orders for the step in play itself): each step's
 * orders, FOR sections refused as they arrived, standing instructions changed, lines set aside.
 */
function ackNotes(n: AckNotice, inPlay: boolean) {
  const title = n.needs?.title ?? 'the step in play';
  const taken = linesOf(n.ordersText);
  const sections = [
    ...(inPlay && taken.length
      ? [
          {
            title,
            note: n.resolved ? 'resolved at once' : n.commitment ? 'sealed until the step resolves' : 'in',
            lines: taken,
            ...(n.notes?.length ? { notes: n.notes } : {}),
          },
        ]
      : []),
    ...n.queued.map((q) => ({
      title: `${q.forWord ? `FOR ${q.forWord}: ` : `FOR ${q.stepId}: `}${q.title ?? 'a step to come'}`,
      note: `sealed until that step comes (commitment ${q.commitment}), checked again then`,
      lines: linesOf(q.orders),
      ...(q.notes?.length ? { notes: q.notes } : {}),
    })),
  ];
  const changed = n.standingChanged;
  return {
    sections,
    ...(n.refusedAhead?.length
      ? {
          refused: n.refusedAhead.map((r) => ({
            title: r.title,
            word: r.forWord ?? r.stepId,
            errors: capProblems(r.errors).map((p) => ({ line: p.line, text: p.text, problem: p.problem, hint: p.hint, rule: p.rule })),
          })),
        }
      : {}),
    ...(changed && (changed.added.length || changed.removed.length) ? { standing: changed } : {}),
    ...(n.ignored?.length ? { setAside: setAsideRows(n.ignored) } : {}),
  };
}

/** A refusal lists this many lines set aside at most (a pasted page is not mailed back whole). */
const MAX_SET_ASIDE = 30;

/** The lines set aside as a refusal lists them (a pasted page is not mailed back whole). */
export function setAsideRows(lines: readonly SetAsideLine[]): { line: number; text: string; why: string }[] {
  return lines.slice(0, MAX_SET_ASIDE).map((l) => ({ line: l.line, text: capText(l.text, 200), why: setAsideWhy(l) }));
}

/** What the player is told of a line set aside (a command stored before lines said why: a signature). */
function setAsideWhy(l: SetAsideLine): string {
  return `set aside, not read: ${l.why ?? 'not an order (read as a signature)'}`;
}

function next(needs: StepNeeds | null) {
  if (!needs) return null;
  return { what: needs.title, deadline: needs.deadline ?? undefined, awaiting: needs.awaiting };
}

/** The digest setting as the welcome states it (services/service-state.ts DigestMode), with how to change it. */
function digestLine(mode: string): string {
  const what: Record<string, string> = {
    action: 'a mail when something is asked of you, and a report at the end of each turn',
    turn: 'one report at the end of each turn (and mail that asks something of you)',
    every: 'a report after every step',
  };
  const known = what[mode.toLowerCase()];
  return known ? `DIGEST ${mode.toUpperCase()}: ${known}. Send DIGEST ACTION, DIGEST TURN or DIGEST EVERY to change it.` : mode;
}

function firstLines(text: string, n: number): string {
  return text.split('\n').slice(0, n).join('\n');
}

/**
 * What a mail shows of a side's view: its board view (src/engine/board-view.ts), read the same way
 * for every game: the summary as "What you know" (after the result, once the game is over), the
 * side's private tables, and the map.
 */
function boardData(view: unknown, result: { winner: string | null; summary: string } | null) {
  const board = boardOf(view);
  return {
    knowledge: [...(result ? [`Game over. Winner: ${result.winner ?? 'none'}. ${result.summary}`] : []), ...board.summary],
    ...(board.tables ? { tables: board.tables } : {}),
    ...(board.map ? { map: board.map } : {}),
  };
}
