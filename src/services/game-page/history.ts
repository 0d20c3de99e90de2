import { initialState, narrativeFor, viewFor, type EngineState, type EngineView } from '../../engine/game';
import type { AnyRuleset } from '../../engine/evolve';
import { ROLLED_BACK } from '../../engine/voids';
import type { StoredEvent } from '../../store/event-store';
import { SERVICE_EVENT_TYPES, fold, toEngineEvent } from '../game-repository';
import { isRefereeNote, noteLine } from '../game/flow';
import { commonLines, commonView } from './common-view';
import { OBSERVER_VIEWER, REFEREE_VIEWER, type PageViewer } from './link';
import { payloadOf } from '../service-events';
import { rulingWords } from './ruling-words';

/**
 * A game's log replayed step by step for its pages: the timeline (one entry per step resolved,
 * then the step in play or the end), and at any entry the state as it stood then, so each
 * viewer's page shows what that viewer was shown then (the view and the story of the reports).
 */

export interface TimelineEntry {
  /** 1-based place in the timeline (the page's URL) */
  readonly n: number;
  readonly title: string;
  readonly stepId: string | null;
  readonly turn: number | null;
  /** the events of this entry: after the previous step resolved, up to this one's resolution */
  readonly fromSeq: number;
  readonly toSeq: number;
  /** when its last event was recorded */
  readonly at: string;
  /** false for the last entry when it is the step still in play (or the end) */
  readonly resolved: boolean;
  /** the seq of the referee's rollback that later voided this step (its events stay in the log) */
  readonly voidedBy?: number;
}

/** The timeline, and the state after every `every`-th entry (entry n's at key n; the start at 0). */
export interface Replayed {
  readonly timeline: readonly TimelineEntry[];
  readonly checkpoints: ReadonlyMap<number, EngineState<unknown>>;
}

/** One event folded in, as the log stood then: a rollback voids events before it, so the state after it is the replay of the log so far (fold skips what the RolledBack events in its input void). */
function step(state: EngineState<unknown>, events: readonly StoredEvent[], i: number, ruleset: AnyRuleset): EngineState<unknown> {
  return events[i].type === ROLLED_BACK ? fold(initialState(), events.slice(0, i + 1), ruleset) : fold(state, [events[i]], ruleset);
}

/** Folds the whole log once, cutting it after each StepResolved, keeping a checkpoint every `every` entries. */
export function replayTimeline(events: readonly StoredEvent[], ruleset: AnyRuleset, every = 16): Replayed {
  const timeline: TimelineEntry[] = [];
  const checkpoints = new Map<number, EngineState<unknown>>([[0, initialState()]]);
  let state = initialState();
  let start = 0;
  const close = (end: number, title: string, stepId: string | null, turn: number | null, resolved: boolean) => {
    const n = timeline.length + 1;
    timeline.push({ n, title, stepId, turn, fromSeq: events[start].seq, toSeq: events[end].seq, at: events[end].recordedAt, resolved });
    if (n % every === 0) checkpoints.set(n, state);
    start = end + 1;
  };
  for (let i = 0; i < events.length; i++) {
    const before = state.step;
    state = step(state, events, i, ruleset);
    const p = payloadOf(events[i], 'StepResolved');
    if (p) {
      close(i, before?.id === p.stepId ? before.title : p.stepId, p.stepId, p.turn, true);
    }
  }
  if (start < events.length) {
    const over = state.result !== null || state.step === null;
    close(events.length - 1, over ? 'Game over' : `In play: ${state.step!.title}`, state.step?.id ?? null, state.step?.turn ?? null, false);
  }
  const voids = voidRanges(events);
  const marked = timeline.map((t) => {
    const by = voids.find((v) => t.resolved && t.toSeq >= v.from && t.toSeq < v.seq);
    return by ? { ...t, voidedBy: by.seq } : t;
  });
  return { timeline: marked, checkpoints };
}

/** The state after timeline entry `n` and that entry's events, folded from the nearest checkpoint before it. */
export function stateAfter(
  events: readonly StoredEvent[],
  ruleset: AnyRuleset,
  replayed: Replayed,
  n: number,
): { state: EngineState<unknown>; events: readonly StoredEvent[] } | null {
  const entry = replayed.timeline[n - 1];
  if (!entry) return null;
  let from = n - 1;
  while (!replayed.checkpoints.has(from)) from--;
  let state = replayed.checkpoints.get(from)!;
  const index = (seq: number) => events.findIndex((e) => e.seq === seq);
  const first = from === 0 ? 0 : index(replayed.timeline[from - 1].toSeq) + 1;
  const last = index(entry.toSeq);
  for (let i = first; i <= last; i++) state = step(state, events, i, ruleset);
  return { state, events: events.slice(index(entry.fromSeq), last + 1) };
}

/** Each rollback in the log: its seq, and the first seq it voids. */
export function voidRanges(events: readonly StoredEvent[]): { seq: number; from: number }[] {
  return events.flatMap((e) => {
    const p = payloadOf(e, ROLLED_BACK);
    return p ? [{ seq: e.seq, from: p.firstVoidedSeq }] : [];
  });
}

/** The sides of the game (seated), from its first event. */
export function sidesOf(events: readonly StoredEvent[]): string[] {
  const created = payloadOf(
    events.find((e) => e.type === 'GameCreated'),
    'GameCreated',
  );
  return created?.sides?.map((s) => s.side) ?? [];
}

/** What `viewer` saw at that point: the engine's view (observers: what every side's view holds alike). */
export function viewAt(state: EngineState<unknown>, viewer: PageViewer, sides: readonly string[], ruleset: AnyRuleset): EngineView {
  if (viewer !== OBSERVER_VIEWER) return viewFor(state, viewer, ruleset);
  return commonView(sides.map((side) => viewFor(state, side, ruleset))) as EngineView;
}

/**
 * The story of `events` as `viewer` reads it, as the reports told it: referee notes (every side
 * reads them), press to or from the viewer, the engine's narrative by event visibility. Observers
 * read a line only when every side read it.
 */
export function storyFor(events: readonly StoredEvent[], viewer: PageViewer, sides: readonly string[], ruleset: AnyRuleset): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (isRefereeNote(e)) out.push(noteLine(e));
    else if (e.type === 'PressSent') {
      const p = payloadOf(e, 'PressSent')!;
      const reads = (v: string) => v === REFEREE_VIEWER || p.from === v || p.to.includes(v);
      if (viewer === OBSERVER_VIEWER ? sides.every(reads) : reads(viewer))
        out.push(
          `Press from ${p.from === 'referee' ? 'the referee' : p.from} to ${p.to.join(', ')}: ${p.text.replace(/\s*\n\s*/g, ' / ')}`,
        );
    } else if (!SERVICE_EVENT_TYPES.has(e.type)) {
      const engine = [toEngineEvent(e)];
      out.push(
        ...(viewer === OBSERVER_VIEWER
          ? commonLines(sides.map((side) => narrativeFor(engine, side, ruleset)))
          : narrativeFor(engine, viewer, ruleset)),
      );
    }
  }
  return out;
}

/** Events the referee causes that rule on nothing: his own mail setting, and press (in the story). */
const NOT_RULINGS = new Set(['DigestSet', 'PressSent']);

/** A referee's ruling: any event the referee caused (notes, FORCE, EXTEND, and the rulings other commands record). */
export function isRuling(e: Pick<StoredEvent, 'type' | 'metadata'>): boolean {
  return e.metadata?.actor === REFEREE_VIEWER && !NOT_RULINGS.has(e.type);
}

export interface RulingLine {
  readonly seq: number;
  readonly at: string;
  readonly type: string;
  /** the ruling in words (ruling-words.ts): addresses withheld but on the referee's page */
  readonly text: string;
}

/** The rulings, each in words: what was ruled, on what, and why (ruling-words.ts). */
export function rulingsFor(events: readonly StoredEvent[], viewer: PageViewer): RulingLine[] {
  return events.filter(isRuling).map((e) => ({ seq: e.seq, at: e.recordedAt, type: e.type, text: rulingWords(e, viewer) }));
}
