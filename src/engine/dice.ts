import { createHash, createHmac } from 'node:crypto';
import { canonicalJson } from '../shared/canonical';
import type { Dice } from './ruleset';

/**
 * Provably fair dice: the formulas below are described for auditors in docs/audit.md ("Dice seeds", "Dice").
 *
 * Seeds form a reverse hash chain: s_N is secret, s_i = SHA-256(s_{i+1}), s_0 is published in
 * GameCreated. Turn t rolls with s_t and reveals it when the turn ends; anyone checks
 * SHA-256^t(s_t) = s_0. Die k of a step is HMAC-SHA-256(key = s_t, message = canonical
 * [gameId, stepId, k, ordersHash, attempt]); its first byte maps to 1..6 unless it is >= 252
 * (the largest multiple of 6 below 256), in which case the next attempt is drawn: no modulo bias.
 */

export interface SeedChain {
  /** s_0, hex: published as the game's seed anchor. */
  readonly anchor: string;
  /** seeds[t] = s_t, hex, for t = 0..turns (seeds[0] is the anchor). */
  readonly seeds: readonly string[];
}

const SHA256_BYTES = 32;
/** 252 = 6 * 42: bytes at or above it would favour faces 1..4, so they are redrawn. */
const REJECT_AT = 252;
/** Enough for any honest HMAC (P(reject) = 4/256 per attempt); past it something is broken. */
const MAX_ATTEMPTS = 64;

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function seedBytes(hex: string, what: string): Buffer {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new TypeError(`${what} must be 64 lowercase hex digits`);
  return Buffer.from(hex, 'hex');
}

/** Builds s_0..s_turns from the secret top seed s_turns (32 random bytes drawn by the edge). */
export function makeSeedChain(secretTop: Buffer, turns: number): SeedChain {
  if (secretTop.length !== SHA256_BYTES) throw new RangeError('secretTop must be 32 bytes');
  if (!Number.isInteger(turns) || turns < 1) throw new RangeError('turns must be a positive integer');
  const seeds: string[] = new Array(turns + 1);
  let s: Buffer = Buffer.from(secretTop);
  for (let t = turns; t >= 0; t--) {
    seeds[t] = s.toString('hex');
    s = sha256(s);
  }
  return { anchor: seeds[0], seeds };
}

/** True when SHA-256 applied `turn` times to `seed` gives `anchor` (turn 0: seed is the anchor). */
export function verifySeed(seed: string, turn: number, anchor: string): boolean {
  if (!Number.isInteger(turn) || turn < 0) return false;
  let s: Buffer;
  try {
    s = seedBytes(seed, 'seed');
  } catch {
    return false;
  }
  for (let i = 0; i < turn; i++) s = sha256(s);
  return s.toString('hex') === anchor;
}

export interface DieAddress {
  readonly gameId: string;
  readonly stepId: string;
  /** 0-based index of the die within its step. */
  readonly index: number;
  /** hashCanonical of the orders the step was adjudicated with (see ordersHashOf). */
  readonly ordersHash: string;
}

/** The face of die `index` of a step, derived from the turn's seed. */
export function deriveDie(seed: string, at: DieAddress): number {
  const key = seedBytes(seed, 'seed');
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const message = canonicalJson([at.gameId, at.stepId, at.index, at.ordersHash, attempt]);
    const byte = createHmac('sha256', key).update(message).digest()[0];
    if (byte < REJECT_AT) return (byte % 6) + 1;
  }
  throw new Error(`die ${at.index} of ${at.stepId}: no unbiased byte in ${MAX_ATTEMPTS} attempts`);
}

/** One roll as the engine records it (becomes a DieRolled event). */
export interface Roll {
  readonly index: number;
  readonly face: number;
  readonly purpose: string;
  readonly rule: string;
  readonly stepId: string;
  readonly turn: number;
  /** true when the face came from a case file, not from a seed: never in a real game. */
  readonly forced?: true;
}

/**
 * Dice.roll for any Dice: `n` dice by `d6`, one at a time, so each is derived, recorded and
 * verified alone exactly as a single roll is. Die k's purpose is `labels[k]`, else `purpose #k+1`.
 */
export function rollEach(
  d6: (purpose: string, rule: string) => number,
  n: number,
  purpose: string,
  rule: string,
  labels?: readonly string[],
): number[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`a batch of dice needs a whole number of dice, not ${n} (${purpose})`);
  if (labels && labels.length !== n) throw new RangeError(`${n} dice but ${labels.length} labels (${purpose})`);
  return Array.from({ length: n }, (_, k) => d6(labels ? labels[k] : `${purpose} #${k + 1}`, rule));
}

/** `n` dice in one call through `dice.roll`, or die by die for dice that only have d6 (test doubles). */
export function rollDice(dice: Dice, n: number, purpose: string, rule: string, labels?: readonly string[]): number[] {
  return dice.roll ? dice.roll(n, purpose, rule, labels) : rollEach((p, r) => dice.d6(p, r), n, purpose, rule, labels);
}

/** Dice that also report every roll, in order, to the engine. */
export interface RecordingDice extends Dice {
  readonly rolls: readonly Roll[];
}

export interface SeededDiceInput {
  readonly gameId: string;
  readonly stepId: string;
  readonly turn: number;
  readonly ordersHash: string;
  /** Returns the (already verified) seed for `turn`. Called on the first roll only. */
  readonly seed: () => string;
  /** Called after each roll, so the engine can interleave DieRolled with emitted rules events. */
  readonly onRoll?: (roll: Roll) => void;
}

/** The production Dice: faces derived from the turn's seed, one HMAC per die. */
export class SeededDice implements RecordingDice {
  private readonly recorded: Roll[] = [];
  private seed: string | null = null;

  constructor(private readonly input: SeededDiceInput) {}

  get rolls(): readonly Roll[] {
    return this.recorded;
  }

  d6(purpose: string, rule: string): number {
    this.seed ??= this.input.seed();
    const { gameId, stepId, turn, ordersHash } = this.input;
    const index = this.recorded.length;
    const face = deriveDie(this.seed, { gameId, stepId, index, ordersHash });
    const roll: Roll = { index, face, purpose, rule, stepId, turn };
    this.recorded.push(roll);
    this.input.onRoll?.(roll);
    return face;
  }

  roll(n: number, purpose: string, rule: string, labels?: readonly string[]): number[] {
    return rollEach((p, r) => this.d6(p, r), n, purpose, rule, labels);
  }
}

export class DiceExhaustedError extends Error {
  constructor(
    readonly used: number,
    purpose: string,
    rule: string,
  ) {
    super(`forced dice exhausted: die ${used + 1} was asked for ("${purpose}", rule ${rule}) but the case supplies only ${used}`);
    this.name = 'DiceExhaustedError';
  }
}

/**
 * Faces supplied by a test case, consumed in order across steps. Fails loudly when a rule asks for
 * a die the case did not supply, so a case never passes on a made-up roll.
 */
export class ForcedDiceQueue {
  private next = 0;

  constructor(private readonly faces: readonly number[]) {
    faces.forEach((f, i) => {
      if (!Number.isInteger(f) || f < 1 || f > 6) throw new RangeError(`forced die #${i + 1} is ${f}, not 1..6`);
    });
  }

  /** Faces not yet rolled. */
  get remaining(): number {
    return this.faces.length - this.next;
  }

  take(purpose: string, rule: string): number {
    if (this.next >= this.faces.length) throw new DiceExhaustedError(this.next, purpose, rule);
    return this.faces[this.next++];
  }
}

/** Dice for one step drawing from a case's ForcedDiceQueue; same recording as SeededDice. */
export class ForcedDice implements RecordingDice {
  private readonly recorded: Roll[] = [];

  constructor(
    private readonly queue: ForcedDiceQueue,
    private readonly stepId: string,
    private readonly turn: number,
    private readonly onRoll?: (roll: Roll) => void,
  ) {}

  get rolls(): readonly Roll[] {
    return this.recorded;
  }

  d6(purpose: string, rule: string): number {
    const face = this.queue.take(purpose, rule);
    const roll: Roll = {
      index: this.recorded.length,
      face,
      purpose,
      rule,
      stepId: this.stepId,
      turn: this.turn,
      forced: true,
    };
    this.recorded.push(roll);
    this.onRoll?.(roll);
    return face;
  }

  roll(n: number, purpose: string, rule: string, labels?: readonly string[]): number[] {
    return rollEach((p, r) => this.d6(p, r), n, purpose, rule, labels);
  }
}
