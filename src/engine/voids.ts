/**
 * Rollbacks in an append-only log (issues 12 and 30). A referee's ROLLBACK appends one `RolledBack` event;
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

import { badSides, D6, deriveDie, verifySeed } from './dice';

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
  /** the first turn whose dice roll from a new chain (SeedChainRenewed follows); null or absent: none renewed */
  readonly reseedFrom?: number | null;
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
 * voided StepResolved that closed its step and the seed of its turn on the chain it rolled from:
 * the first seed of its turn revealed after it, by a SeedRevealed (voided or not) or by the
 * `abandoned` seed of a SeedChainRenewed (a rollback past revealed seeds gives up the old chain
 * and reveals its seed of the turn in play). That seed is checked against the anchor in force when
 * the die was rolled. Dice of a turn not revealed yet are counted as sealed. Forced dice are never
 * valid in a game.
 */
export function checkVoidedDice(all: readonly LoggedEvent[], isService: (type: string) => boolean): VoidedDiceReport {
  const voided = voidedSeqs(all, isService);
  if (!voided.size) return { checked: 0, sealed: 0 };
  const created = all.find((e) => e.type === 'GameCreated')?.payload as { gameId: string; seedAnchor: string } | undefined;
  let checked = 0;
  let sealed = 0;
  const ranges: [number, number][] = [];
  const renewals: { seq: number; anchor: string }[] = [];
  for (const [i, e] of all.entries()) {
    if (e.type === ROLLED_BACK) ranges.push([(e.payload as RolledBackPayload).firstVoidedSeq, e.seq]);
    if (e.type === 'SeedChainRenewed') renewals.push({ seq: e.seq, anchor: (e.payload as { anchor: string }).anchor });
    if (e.type !== 'DieRolled' || !voided.has(e.seq)) continue;
    const d = e.payload as { stepId: string; turn: number; stream?: string; index: number; face: number; sides?: number; forced?: true };
    if (d.forced) return { checked, sealed, broken: { seq: e.seq, reason: 'a forced die in a game' } };
    const badSize = d.sides === undefined ? null : badSides(d.sides);
    if (badSize) return { checked, sealed, broken: { seq: e.seq, reason: badSize } };
    const closing = all.find((x) => x.seq > e.seq && x.type === 'StepResolved' && (x.payload as { stepId: string }).stepId === d.stepId);
    if (!closing || !voided.has(closing.seq) || !created)
      return { checked, sealed, broken: { seq: e.seq, reason: `no voided StepResolved of ${d.stepId} follows this die` } };
    const seed = seedAfter(all, i, d.turn);
    if (!seed) {
      sealed++;
      continue;
    }
    // the anchor in force when the die was rolled: the last renewal not voided by then
    const inForce = [...renewals].reverse().find((r) => !ranges.some(([from, to]) => r.seq >= from && r.seq < to));
    const anchor = inForce?.anchor ?? created.seedAnchor;
    if (!verifySeed(seed, d.turn, anchor))
      return {
        checked,
        sealed,
        broken: { seq: e.seq, reason: `the seed revealed for turn ${d.turn} does not hash to the anchor ${anchor}` },
      };
    const ordersHash = (closing.payload as { ordersHash: string }).ordersHash;
    const face = deriveDie(seed, { gameId: created.gameId, stepId: d.stepId, stream: d.stream, index: d.index, ordersHash }, d.sides ?? D6);
    if (face !== d.face) return { checked, sealed, broken: { seq: e.seq, reason: `recorded face ${d.face}, the seed gives ${face}` } };
    checked++;
  }
  return { checked, sealed };
}

/** The first seed of `turn` revealed after the event at index `i`: by a SeedRevealed, or as a renewal's abandoned seed. */
function seedAfter(all: readonly LoggedEvent[], i: number, turn: number): string | null {
  for (let k = i + 1; k < all.length; k++) {
    const e = all[k];
    if (e.type === 'SeedRevealed' && (e.payload as { turn: number }).turn === turn) return (e.payload as { seed: string }).seed;
    const old = e.type === 'SeedChainRenewed' ? (e.payload as { abandoned: { turn: number; seed: string } | null }).abandoned : null;
    if (old?.turn === turn) return old.seed;
  }
  return null;
}
