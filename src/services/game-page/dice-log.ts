import { badSides, D6, deriveDie, eventVisibleTo, verifySeed, type EngineEvent } from '../../engine/game';
import type { StoredEvent } from '../../store/event-store';
import { toEngineEvent } from '../game-repository';
import { voidRanges } from './history';
import { OBSERVER_VIEWER, type PageViewer } from './link';
import { payloadOf } from '../service-events';

/**
 * The dice of a game as a viewer may see them, each with what recomputes it (src/engine/dice.ts):
 * face = first byte < 252 of HMAC-SHA-256(key = the seed of the die's turn, message = canonical
 * JSON [gameId, stepId, index, ordersHash, attempt]) mod 6 + 1, attempt 0 and up (a die of n sides:
 * the first w bytes, w the fewest with 256^w >= n, below 256^w - 256^w mod n, mod n + 1); the turn's seed
 * checks against the game's seed anchor by SHA-256 applied `turn` times. Until the turn's seed is
 * revealed a die cannot be checked yet, and says so.
 */
export interface DieLine {
  readonly seq: number;
  readonly stepId: string;
  readonly turn: number;
  readonly index: number;
  readonly face: number;
  /** the die's size as the log names it: absent for a d6 */
  readonly sides?: number;
  readonly purpose: string;
  readonly rule: string;
  /** of the StepResolved of the die's step: keys the die to the orders it was rolled on */
  readonly ordersHash: string | null;
  readonly seed: string | null;
  /** 'checks': recomputed face equals the recorded one and the seed hashes to the anchor; 'fails: …'; 'pending: …' */
  readonly check: string;
  readonly ok: boolean | null;
  /** rolled in a step the referee later rolled back (the die stays in the log) */
  readonly voided: boolean;
}

export interface DiceLog {
  readonly gameId: string;
  readonly anchor: string;
  readonly dice: readonly DieLine[];
  readonly checked: number;
  readonly failed: number;
  readonly pending: number;
}

export function diceLog(events: readonly StoredEvent[], viewer: PageViewer, sides: readonly string[]): DiceLog {
  const created = payloadOf(
    events.find((e) => e.type === 'GameCreated'),
    'GameCreated',
  );
  const gameId = created?.gameId ?? events[0]?.gameId ?? '';
  const anchor = created?.seedAnchor ?? '';
  const seeds = new Map<number, string>();
  const hashes: { seq: number; stepId: string; ordersHash: string }[] = [];
  for (const e of events) {
    const seed = payloadOf(e, 'SeedRevealed');
    const resolved = payloadOf(e, 'StepResolved');
    if (seed) seeds.set(seed.turn, seed.seed);
    else if (resolved) hashes.push({ seq: e.seq, stepId: resolved.stepId, ordersHash: resolved.ordersHash });
  }
  const voids = voidRanges(events);
  const sees = (e: EngineEvent) =>
    viewer === OBSERVER_VIEWER ? sides.every((side) => eventVisibleTo(e, side)) : eventVisibleTo(e, viewer);
  const dice: DieLine[] = [];
  for (const e of events) {
    const d = payloadOf(e, 'DieRolled');
    if (!d || !sees(toEngineEvent(e))) continue;
    // the step's resolution comes after its dice
    const ordersHash = hashes.find((h) => h.seq > e.seq && h.stepId === d.stepId)?.ordersHash ?? null;
    const seed = seeds.get(d.turn) ?? null;
    const [check, ok] = checkDie(gameId, anchor, d, ordersHash, seed);
    dice.push({
      seq: e.seq,
      stepId: d.stepId,
      turn: d.turn,
      index: d.index,
      face: d.face,
      ...(d.sides !== undefined ? { sides: d.sides } : {}),
      purpose: d.purpose,
      rule: d.rule,
      ordersHash,
      seed,
      check,
      ok,
      voided: voids.some((v) => e.seq >= v.from && e.seq < v.seq),
    });
  }
  return {
    gameId,
    anchor,
    dice,
    checked: dice.filter((d) => d.ok === true).length,
    failed: dice.filter((d) => d.ok === false).length,
    pending: dice.filter((d) => d.ok === null).length,
  };
}

function checkDie(
  gameId: string,
  anchor: string,
  d: { stepId: string; turn: number; stream?: string; index: number; face: number; sides?: number; forced?: true },
  ordersHash: string | null,
  seed: string | null,
): [string, boolean | null] {
  if (d.forced) return ['fails: a forced die (case files only), no seed made it', false];
  if (!seed) return [`pending: the seed of turn ${d.turn} is revealed when the turn ends`, null];
  if (!ordersHash) return ['pending: its step has not resolved yet', null];
  if (d.sides !== undefined && badSides(d.sides)) return [`fails: ${badSides(d.sides)}`, false];
  if (!verifySeed(seed, d.turn, anchor)) return [`fails: SHA-256 applied ${d.turn} times to the seed is not the anchor`, false];
  const face = deriveDie(seed, { gameId, stepId: d.stepId, stream: d.stream, index: d.index, ordersHash }, d.sides ?? D6);
  return face === d.face ? ['checks', true] : [`fails: the seed gives ${face}, the log says ${d.face}`, false];
}
