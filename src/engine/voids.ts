/**
 * Rollbacks in an append-only log (issue 12). A referee's ROLLBACK appends one `RolledBack` event;
 * nothing is ever deleted or rewritten, so the hash chain runs over every event, voided or not.
 *
 * The rule, the whole of it: a `RolledBack` event at seq r with payload `firstVoidedSeq` f voids
 * every *engine* event (every event that is not one of the umpire's own service events: notes,
 * deadlines, press, digest settings, seat changes, rulings) whose seq is in [f, r). `toSeq` (= f-1)
 * is the rollback point, the last event kept. The game's state is the replay of the events not
 * void. Voids only ever reach backwards, so the events after any seq can be filtered with the
 * RolledBack events among them alone (a rollback before them voids nothing after itself).
 * Service events in the range stay in force: they record what happened to people (mail sent,
 * seats changed, settings), which a rollback of the game cannot undo.
 */

export const ROLLED_BACK = 'RolledBack';

export interface RolledBackPayload {
  /** the rollback point: the last event kept (the state is as it was just after it) */
  readonly toSeq: number;
  /** the first event voided (toSeq + 1); the void runs up to the RolledBack event itself */
  readonly firstVoidedSeq: number;
  /** the step play resumes at (in play again just after toSeq) */
  readonly stepId: string;
  readonly turn: number;
  /** kept: the orders that side had in for the step stay in; resend: they are void too, every owing side orders again */
  readonly orders: 'kept' | 'resend';
  readonly referee: string;
  readonly reason: string;
  /** the steps undone, in the order they had resolved */
  readonly undone: readonly string[];
  /** the events the ruling concerns: the point and the voided range's ends */
  readonly concerns: readonly number[];
}

interface LoggedEvent {
  readonly seq: number;
  readonly type: string;
  readonly payload: unknown;
}

/** The seqs voided by the RolledBack events among `events`, keeping only engine events (`isService` says which are not). */
export function voidedSeqs(events: readonly LoggedEvent[], isService: (type: string) => boolean): Set<number> {
  const ranges: [number, number][] = [];
  for (const e of events) {
    if (e.type !== ROLLED_BACK) continue;
    const p = e.payload as RolledBackPayload;
    ranges.push([p.firstVoidedSeq, e.seq]);
  }
  const out = new Set<number>();
  if (!ranges.length) return out;
  for (const e of events) {
    if (isService(e.type)) continue;
    if (ranges.some(([from, to]) => e.seq >= from && e.seq < to)) out.add(e.seq);
  }
  return out;
}

/** `events` without the voided ones (the service events stay). */
export function liveEvents<E extends LoggedEvent>(events: readonly E[], isService: (type: string) => boolean): E[] {
  const voided = voidedSeqs(events, isService);
  return voided.size ? events.filter((e) => !voided.has(e.seq)) : [...events];
}

/** True when any RolledBack is among `events`. */
export function hasRollback(events: readonly LoggedEvent[]): boolean {
  return events.some((e) => e.type === ROLLED_BACK);
}
