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

import { badSides, D6, deriveDie } from './dice';

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

/** What checking the voided dice found: how many were recomputed, how many wait for their turn's seed, the first wrong one. */
export interface VoidedDiceReport {
  readonly checked: number;
  readonly sealed: number;
  readonly broken?: { readonly seq: number; readonly reason: string };
}

/**
 * The dice of voided resolutions, recomputed: each voided DieRolled from the ordersHash of the
 * voided StepResolved that closed its step and the seed its turn revealed later (a rollback stays
 * inside a turn whose seed is sealed, so the seed that turn reveals is the one those dice used).
 * Dice of a turn not revealed yet are counted as sealed. Forced dice are never valid in a game.
 */
export function checkVoidedDice(all: readonly LoggedEvent[], isService: (type: string) => boolean): VoidedDiceReport {
  const voided = voidedSeqs(all, isService);
  if (!voided.size) return { checked: 0, sealed: 0 };
  const created = all.find((e) => e.type === 'GameCreated')?.payload as { gameId: string } | undefined;
  const seeds = new Map<number, string>();
  for (const e of all) {
    if (e.type === 'SeedRevealed' && !voided.has(e.seq)) {
      const p = e.payload as { turn: number; seed: string };
      seeds.set(p.turn, p.seed);
    }
  }
  let checked = 0;
  let sealed = 0;
  for (const e of all) {
    if (e.type !== 'DieRolled' || !voided.has(e.seq)) continue;
    const d = e.payload as { stepId: string; turn: number; index: number; face: number; sides?: number; forced?: true };
    if (d.forced) return { checked, sealed, broken: { seq: e.seq, reason: 'a forced die in a game' } };
    const badSize = d.sides === undefined ? null : badSides(d.sides);
    if (badSize) return { checked, sealed, broken: { seq: e.seq, reason: badSize } };
    const closing = all.find((x) => x.seq > e.seq && x.type === 'StepResolved' && (x.payload as { stepId: string }).stepId === d.stepId);
    if (!closing || !voided.has(closing.seq) || !created)
      return { checked, sealed, broken: { seq: e.seq, reason: `no voided StepResolved of ${d.stepId} follows this die` } };
    const seed = seeds.get(d.turn);
    if (!seed) {
      sealed++;
      continue;
    }
    const ordersHash = (closing.payload as { ordersHash: string }).ordersHash;
    const face = deriveDie(seed, { gameId: created.gameId, stepId: d.stepId, index: d.index, ordersHash }, d.sides ?? D6);
    if (face !== d.face) return { checked, sealed, broken: { seq: e.seq, reason: `recorded face ${d.face}, the seed gives ${face}` } };
    checked++;
  }
  return { checked, sealed };
}
