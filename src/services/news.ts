/**
 * The news first (issue 28): the few lines every report opens with, for any game. From the events
 * the report tells (as the reader may see them): points, places changing hands, units lost and
 * damaged (the game's Ruleset.news), who was late (the engine's DefaultOrdersApplied at a
 * deadline); from the game now: what the reader will still be asked this turn. The final mail
 * opens with the result, the points turn by turn and the losses of the whole game, and how to get
 * the audit bundle.
 */
import { laterAsked } from '../engine/asked';
import { type EngineEvent, type EngineState, eventVisibleTo, evolve, initialState, type Viewer } from '../engine/game';
import type { NewsItem, Side } from '../engine/ruleset';
import type { StoredEvent } from '../store/event-store';
import { liveEngineEvents, type LoadedGame, toEngineEvent } from './game-repository';

/**
 * The news items `viewer` may see in the events after `afterSeq` of `stored` (a stretch of the log
 * and the engine state it starts from): each rules event is given to the game's news with the game
 * just before it (a unit sunk is still on the board there, with its side and type).
 */
export function newsSince(
  game: Pick<LoadedGame, 'ruleset'>,
  stored: readonly StoredEvent[],
  start: EngineState<unknown>,
  afterSeq: number,
  viewer: Viewer,
): NewsItem[] {
  const news = game.ruleset.news;
  if (!news) return [];
  const items: NewsItem[] = [];
  let s = start;
  for (const stored1 of liveEngineEvents(stored)) {
    const e = toEngineEvent(stored1);
    if (stored1.seq > afterSeq && e.type === 'RulesApplied' && eventVisibleTo(e, viewer))
      items.push(...news.call(game.ruleset, e.data.event, s.rules));
    s = evolve(s, e, game.ruleset);
  }
  return items;
}

/** The news of the events of `game.tail` after `afterSeq` (the report a command sends). */
export function tailNews(game: LoadedGame, afterSeq: number, viewer: Viewer): NewsItem[] {
  return newsSince(game, game.tail, game.base ?? initialState(), afterSeq, viewer);
}

const who = (viewer: Viewer, side: Side | null) => (side === null ? 'nobody' : viewer !== 'referee' && side === viewer ? 'yours' : side);

/** `yours: Akagi (CV), Kaga (CV); allied: Lexington (CV)`: items of one kind grouped by whose they are, each unit once. */
function byOwner(items: readonly NewsItem[], viewer: Viewer): string {
  const groups = new Map<string, string[]>();
  for (const i of items) {
    const key = who(viewer, i.side);
    const list = groups.get(key) ?? [];
    if (!list.includes(i.text)) groups.set(key, [...list, i.text]);
  }
  // the reader's own first
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'yours' ? -1 : b === 'yours' ? 1 : 0))
    .map(([k, v]) => `${k}: ${v.join(', ')}`)
    .join('; ');
}

/** The lines of a summary from news items: points, control, lost, damaged (a unit lost is not also damaged). */
export function newsLines(items: readonly NewsItem[], viewer: Viewer): string[] {
  const of = (kind: NewsItem['kind']) => items.filter((i) => i.kind === kind);
  const lost = of('lost');
  const damaged = of('damaged').filter((d) => !lost.some((l) => l.text === d.text && l.side === d.side));
  const points = of('points');
  const control = of('control');
  return [
    ...(points.length ? [`Points: ${points.at(-1)!.text}.`] : []),
    ...(control.length ? [`Changed hands: ${control.map((c) => c.text).join('; ')}.`] : []),
    ...(lost.length ? [`Lost: ${byOwner(lost, viewer)}.`] : []),
    ...(damaged.length ? [`Damaged: ${byOwner(damaged, viewer)}.`] : []),
  ];
}

/** `Late: allied (Allied patrol movement): the defaults applied.` from the deadline's defaults in `events`. */
export function lateLines(events: readonly EngineEvent[], titleOf: (stepId: string) => string): string[] {
  const late = events.flatMap((e) => (e.type === 'DefaultOrdersApplied' ? [{ side: e.data.side, step: e.data.stepId }] : []));
  if (!late.length) return [];
  const sides = [...new Set(late.map((l) => l.side))];
  return [
    `Late: ${sides
      .map((s) => {
        const steps = [...new Set(late.filter((l) => l.side === s).map((l) => titleOf(l.step)))];
        return `${s} (${steps.join('; ')})`;
      })
      .join(', ')}: no orders came in time, the defaults applied.`,
  ];
}

/** What the reader will still be asked this turn, beyond the step in play (its card says that one). */
export function askedNextLine(game: LoadedGame, viewer: Viewer): string[] {
  if (viewer === 'referee' || !game.state.step) return [];
  const later = laterAsked(game.state, game.ruleset, viewer);
  if (!later.length)
    return [
      `Still to ask you this turn: nothing your standing instructions do not answer${game.state.step.owes.includes(viewer) ? ' (but the step in play)' : ''}.`,
    ];
  return [`Still to ask you this turn: ${later.map((a) => shortTitle(a.step.title)).join('; ')}.`];
}

/** The opening lines of a report: its news, who was late in `events`, what is asked next. */
export function reportSummary(game: LoadedGame, events: readonly EngineEvent[], viewer: Viewer, news: readonly NewsItem[]): string[] {
  return [...newsLines(news, viewer), ...lateLines(events, (id) => stepTitle(id)), ...askedNextLine(game, viewer)];
}

/**
 * The final mail's opening lines: the result, the points turn by turn, the losses of the whole game
 * (`log`: every engine event of it) and how to get the audit bundle.
 */
export function finalSummary(game: LoadedGame, items: readonly NewsItem[], viewer: Viewer): string[] {
  const result = game.state.result;
  if (!result) return [];
  const points = items.filter((i) => i.kind === 'points');
  const lost = items.filter((i) => i.kind === 'lost');
  const winner = result.winner === null ? 'none' : result.winner === 'draw' ? 'a draw' : result.winner;
  return [
    `Game over: ${result.summary.trim()} Winner: ${winner}${viewer !== 'referee' && result.winner === viewer ? ' (you)' : ''}.`,
    ...(points.length ? ['Points by turn:', ...points.map((p) => `  ${p.text}`)] : []),
    ...(lost.length ? [`Losses over the game: ${byOwner(lost, viewer)}.`] : []),
    'The audit bundle: reply LOG and the umpire mails you the whole log as your side saw it, with verify.js to check every hash and die (Node.js alone).',
  ];
}

/** `Turn 3: Japanese raider movement (5.24)` -> `Japanese raider movement`. */
export function shortTitle(title: string): string {
  return title
    .replace(/^\s*turn\s+\d+\s*[:.,-]\s*/i, '')
    .replace(/\s*\((?:rules?\s+)?\d[\d.\s,a-z-]*\)\s*$/i, '')
    .trim();
}

/** A step id's words when no title is known: `t3/patrol/allied` -> `patrol allied`. */
function stepTitle(id: string): string {
  return id.split('/').slice(1).join(' ');
}
