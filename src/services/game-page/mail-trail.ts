import type { StoredEvent } from '../../store/event-store';
import type { TimelineEntry } from './history';
import { payloadOf } from '../service-events';

/**
 * The trail between the game's inbound mail and its log, both ways, for the referee's pages: the
 * events a mail produced (its orders carry `via: mail <Message-ID>`, a command's events its key
 * `mail:<Message-ID>:…` as causation), and the mail behind an event.
 */

/** the Message-ID of the mail an event came from, or null */
export function mailOf(e: Pick<StoredEvent, 'metadata'>): string | null {
  const via = e.metadata?.via;
  if (typeof via === 'string' && via.startsWith('mail ')) return via.slice(5);
  const cause = e.metadata?.causationId;
  const m = typeof cause === 'string' ? /^mail:(.+):[A-Z][A-Z ]*:\d+$/.exec(cause) : null;
  return m ? m[1] : null;
}

/** the timeline entry an event belongs to (its step page), or null */
export function entryOf(timeline: readonly TimelineEntry[], seq: number): number | null {
  return timeline.find((t) => seq >= t.fromSeq && seq <= t.toSeq)?.n ?? null;
}

export interface EventLink {
  readonly seq: number;
  readonly type: string;
  readonly href: string;
}

/** By Message-ID, the events each mail produced, each linked to its place on its step page. */
export function eventsByMail(events: readonly StoredEvent[], timeline: readonly TimelineEntry[], base: string): Map<string, EventLink[]> {
  const out = new Map<string, EventLink[]>();
  for (const e of events) {
    const id = mailOf(e);
    const n = id ? entryOf(timeline, e.seq) : null;
    if (!id || n === null) continue;
    out.set(id, [...(out.get(id) ?? []), { seq: e.seq, type: e.type, href: `${base}/step/${n}#e${e.seq}` }]);
  }
  return out;
}

/** What a DeadlineSet records, as the step page shows it. */
export interface DeadlineInForce {
  readonly at: string;
  readonly graceUntil: string | null;
  readonly seq: number;
  readonly extended: boolean;
  /** the PAUSE that stopped it (its event), when the game was paused as the entry closed */
  readonly pausedBy: number | null;
}

/**
 * The deadline in force for an entry's step as the entry closed: the last one set for that step
 * up to the entry's last event (EXTEND, ABSENCE and RESUME set it again; PAUSE stops it), or null.
 * In a fork, the step it was cut at keeps its parent's deadline (the one its orders arrived under).
 */
export function deadlineInForce(events: readonly StoredEvent[], entry: TimelineEntry): DeadlineInForce | null {
  let found: DeadlineInForce | null = null;
  for (const e of events) {
    if (e.seq > entry.toSeq) break;
    // a fork re-adjudicates the step it was cut at at once: the deadline that step was played under is its parent's
    if (payloadOf(e, 'GameForked')?.stepId === entry.stepId && found) break;
    if (e.type === 'GamePaused' && found) found = { ...(found as DeadlineInForce), pausedBy: e.seq };
    const p = payloadOf(e, 'DeadlineSet');
    if (p?.stepId === entry.stepId && p.at)
      found = {
        at: p.at,
        graceUntil: p.graceUntil && p.graceUntil !== p.at ? p.graceUntil : null,
        seq: e.seq,
        extended: !!p.extended,
        pausedBy: null,
      };
  }
  return found;
}

/** A fork's parent and the time of the last event it shares with it (its pages keep the parent's mail up to there), or null. */
export function forkPoint(events: readonly StoredEvent[]): { readonly parentGameId: string; readonly until: string } | null {
  const forked = payloadOf(
    events.find((e) => e.type === 'GameForked'),
    'GameForked',
  );
  const last = forked ? events.find((e) => e.seq === forked.atSeq) : undefined;
  return forked && last ? { parentGameId: forked.parentGameId, until: last.recordedAt } : null;
}
