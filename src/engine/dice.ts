import { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../shared/canonical';
import { DieNumbering } from './dice-streams';
import type { Dice, RollOptions, Visibility } from './ruleset';

/**
 * Provably fair dice: the formulas below are described for auditors in docs/audit.md ("Dice seeds", "Dice").
 *
 * Seeds form a reverse hash chain: s_N is secret, s_i = SHA-256(s_{i+1}), s_0 is published in
 * GameCreated. Turn t rolls with s_t and reveals it when the turn ends; anyone checks
 * SHA-256^t(s_t) = s_0. Die k of a step is HMAC-SHA-256(key = s_t, message = canonical
 * [gameId, stepId, k, ordersHash, attempt]); its first byte maps to 1..6 unless it is >= 252
 * (the largest multiple of 6 below 256), in which case the next attempt is drawn: no modulo bias.
 * A die of n sides reads the first w bytes (w: the fewest with 256^w >= n) as a big-endian number
 * v and redraws while v >= 256^w - (256^w mod n); face = v mod n + 1. For n = 6 that is the d6.
 */

export interface SeedChain {
  /** s_0, hex: published as the game's seed anchor. */
  readonly anchor: string;
  /** seeds[t] = s_t, hex, for t = 0..turns (seeds[0] is the anchor). */
  readonly seeds: readonly string[];
}

const SHA256_BYTES = 32;
/** Sides of a d6, and of a die whose DieRolled names no `sides`. */
export const D6 = 6;
/** The largest die: 2^32 sides (four bytes of the HMAC per attempt). */
export const MAX_SIDES = 2 ** 32;
/** Enough for any honest HMAC (P(reject) < 1/2 per attempt for any size); past it something is broken. */
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

/**
 * The sealed chain (docs/audit.md "Sealed dice"): a second chain whose top is HMAC-SHA-256(key =
 * the main chain's secret top, message = SEALED_CHAIN_LABEL), so the edge keeps one secret for both.
 * Revealed main seeds (s_t, t below the top) say nothing of it; its own seeds come out at the end.
 */
export const SEALED_CHAIN_LABEL = 'umpire sealed dice chain';

export function makeSealedSeedChain(secretTop: Buffer, turns: number): SeedChain {
  if (secretTop.length !== SHA256_BYTES) throw new RangeError('secretTop must be 32 bytes');
  return makeSeedChain(createHmac('sha256', secretTop).update(SEALED_CHAIN_LABEL).digest(), turns);
}

/** The seed of `turn` below a revealed seed of a later turn `from` (SHA-256 applied from - turn times). */
export function seedBelow(seed: string, from: number, turn: number): string {
  let s = seedBytes(seed, 'seed');
  for (let i = turn; i < from; i++) s = sha256(s);
  return s.toString('hex');
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
  /**
   * The die's numbering within its step: absent for a die every side sees (and for every die of a
   * game created before private numbering), else the private stream of the sides that see it
   * (diceStreamOf), so a side's own numbering never shows how many dice it was not shown.
   */
  readonly stream?: string;
  /** 0-based index of the die within its step (within its stream, for a private die). */
  readonly index: number;
  /** hashCanonical of the orders the step was adjudicated with (see ordersHashOf). */
  readonly ordersHash: string;
}

/** Why `sides` is no die (null when it is one: a whole number from 2 to MAX_SIDES). */
export function badSides(sides: unknown): string | null {
  return typeof sides === 'number' && Number.isInteger(sides) && sides >= 2 && sides <= MAX_SIDES
    ? null
    : `a die has a whole number of sides from 2 to ${MAX_SIDES}, not ${String(sides)}`;
}

/**
 * How a die of `sides` reads the HMAC: `bytes`, the fewest with 256^bytes >= sides; `bound`, the
 * largest multiple of sides not above 256^bytes (values at or above it are redrawn). d6: 1 byte, 252.
 */
export function dieDraw(sides: number): { readonly bytes: number; readonly bound: number } {
  const problem = badSides(sides);
  if (problem) throw new RangeError(problem);
  let bytes = 1;
  while (256 ** bytes < sides) bytes++;
  const span = 256 ** bytes;
  return { bytes, bound: span - (span % sides) };
}

/** The face of die `index` of a step, derived from the turn's seed: 1..`sides` (default a d6). */
export function deriveDie(seed: string, at: DieAddress, sides: number = D6): number {
  const key = seedKey(seed);
  const { bytes, bound } = sides === D6 ? D6_DRAW : dieDraw(sides);
  // an address of strings and a finite index: its canonical form is JSON.stringify's (no object
  // to sort); anything else (a log's malformed index) goes through canonicalJson, which refuses it
  const plain = typeof at.index === 'number' && Number.isFinite(at.index);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const address =
      at.stream === undefined
        ? [at.gameId, at.stepId, at.index, at.ordersHash, attempt]
        : [at.gameId, at.stepId, at.stream, at.index, at.ordersHash, attempt];
    const message =
      plain && address.every((x) => typeof x === 'string' || typeof x === 'number') ? JSON.stringify(address) : canonicalJson(address);
    const digest = createHmac('sha256', key).update(message).digest();
    let value = 0;
    for (let b = 0; b < bytes; b++) value = value * 256 + digest[b];
    if (value < bound) return (value % sides) + 1;
  }
  throw new Error(`die ${at.index} of ${at.stepId}: no unbiased value in ${MAX_ATTEMPTS} attempts`);
}

const D6_DRAW = dieDraw(D6);

/** The HMAC key of a seed, made once (a turn's dice share one seed); the last 16 seeds are kept. */
const seedKeys = new Map<string, KeyObject>();
function seedKey(seed: string): KeyObject {
  let key = seedKeys.get(seed);
  if (!key) {
    key = createSecretKey(seedBytes(seed, 'seed'));
    if (seedKeys.size >= 16) seedKeys.delete(seedKeys.keys().next().value!);
    seedKeys.set(seed, key);
  }
  return key;
}

/** One roll as the engine records it (becomes a DieRolled event). */
export interface Roll {
  /** the private stream it is numbered in (DieAddress.stream); absent for a public die */
  readonly stream?: string;
  readonly index: number;
  readonly face: number;
  readonly purpose: string;
  readonly rule: string;
  readonly stepId: string;
  readonly turn: number;
  /** absent for a d6 (so a d6 is recorded as it always was) */
  readonly sides?: number;
  /** the roll's own visibility (RollOptions), overriding the step's diceVisibleTo */
  readonly visibleTo?: Visibility;
  /** true when the face came from a case file, not from a seed: never in a real game. */
  readonly forced?: true;
  /** drawn from the sealed chain (RollOptions.sealed) */
  readonly sealed?: true;
}

/** What a Roll adds for a die's size, visibility and chain: nothing for a d6 without options. */
function rollExtras(sides: number, options: RollOptions | undefined): Pick<Roll, 'sides' | 'visibleTo' | 'sealed'> {
  return {
    ...(sides !== D6 ? { sides } : {}),
    ...(options?.visibleTo !== undefined ? { visibleTo: options.visibleTo } : {}),
    ...(options?.sealed ? { sealed: true as const } : {}),
  };
}

/**
 * Dice.roll for any Dice: `n` dice by `d6`, one at a time, so each is derived, recorded and
 * verified alone exactly as a single roll is. Die k's purpose is `labels[k]`, else `purpose #k+1`.
 */
export function rollEach(
  d6: (purpose: string, rule: string, options?: RollOptions) => number,
  n: number,
  purpose: string,
  rule: string,
  labels?: readonly string[],
  options?: RollOptions,
): number[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`a batch of dice needs a whole number of dice, not ${n} (${purpose})`);
  if (labels && labels.length !== n) throw new RangeError(`${n} dice but ${labels.length} labels (${purpose})`);
  return Array.from({ length: n }, (_, k) => d6(labels ? labels[k] : `${purpose} #${k + 1}`, rule, options));
}

/** `n` dice in one call through `dice.roll`, or die by die for dice that only have d6 (test doubles). */
export function rollDice(
  dice: Dice,
  n: number,
  purpose: string,
  rule: string,
  labels?: readonly string[],
  options?: RollOptions,
): number[] {
  return dice.roll
    ? dice.roll(n, purpose, rule, labels, options)
    : rollEach((p, r, o) => dice.d6(p, r, o), n, purpose, rule, labels, options);
}

/** One die of `sides` (1..sides) through `dice.die`; dice that only have d6 (test doubles) roll six-sided dice alone. */
export function rollDie(dice: Dice, sides: number, purpose: string, rule: string, options?: RollOptions): number {
  if (dice.die) return dice.die(sides, purpose, rule, options);
  if (sides === D6) return dice.d6(purpose, rule, options);
  throw new TypeError(`these dice roll d6 only, and the rules asked for a d${sides} (${purpose}, rule ${rule})`);
}

/**
 * One of `items` at random: a die of items.length sides, face k picking items[k-1] (the order
 * given is part of the record: narrate what was picked). A single item is picked without a die.
 */
export function pick<T>(dice: Dice, items: readonly T[], purpose: string, rule: string, options?: RollOptions): T {
  if (items.length === 0) throw new RangeError(`nothing to pick from (${purpose}, rule ${rule})`);
  if (items.length === 1) return items[0];
  return items[rollDie(dice, items.length, purpose, rule, options) - 1];
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
  /** The same from the sealed chain, for sealed dice; absent: the game has none (a sealed roll throws). */
  readonly sealedSeed?: () => string;
  /** Called after each roll, so the engine can interleave DieRolled with emitted rules events. */
  readonly onRoll?: (roll: Roll) => void;
  /** How the step numbers its dice (public, and private streams in games that have them). */
  readonly numbering?: DieNumbering;
}

/** The production Dice: faces derived from the turn's seed, one HMAC per die. */
export class SeededDice implements RecordingDice {
  private readonly recorded: Roll[] = [];
  private seed: string | null = null;
  private sealedSeed: string | null = null;
  private readonly numbering: DieNumbering;

  constructor(private readonly input: SeededDiceInput) {
    this.numbering = input.numbering ?? new DieNumbering(false);
  }

  get rolls(): readonly Roll[] {
    return this.recorded;
  }

  d6(purpose: string, rule: string, options?: RollOptions): number {
    return this.die(D6, purpose, rule, options);
  }

  die(sides: number, purpose: string, rule: string, options?: RollOptions): number {
    dieDraw(sides); // a bad size fails before the seed is asked for
    const { gameId, stepId, turn, ordersHash } = this.input;
    const at = this.numbering.take(options?.visibleTo);
    const face = deriveDie(
      options?.sealed ? this.sealedSeedNow(purpose, rule) : (this.seed ??= this.input.seed()),
      { gameId, stepId, ordersHash, ...at },
      sides,
    );
    const roll: Roll = { ...at, face, purpose, rule, stepId, turn, ...rollExtras(sides, options) };
    this.recorded.push(roll);
    this.input.onRoll?.(roll);
    return face;
  }

  roll(n: number, purpose: string, rule: string, labels?: readonly string[], options?: RollOptions): number[] {
    return rollEach((p, r, o) => this.d6(p, r, o), n, purpose, rule, labels, options);
  }

  private sealedSeedNow(purpose: string, rule: string): string {
    if (!this.input.sealedSeed)
      throw new TypeError(`a sealed die (${purpose}, rule ${rule}) in a game without sealed dice (Ruleset.sealedDice)`);
    this.sealedSeed ??= this.input.sealedSeed();
    return this.sealedSeed;
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

/** A forced die: a plain number is a d6 face; a die of another size names its sides. */
export type ForcedFace = number | { readonly sides: number; readonly face: number };

/** Why `f` cannot be forced as a die, as "forced die #k is ..." goes on (null when it can). */
export function badForcedFace(f: ForcedFace): string | null {
  const { sides, face } = typeof f === 'number' ? { sides: D6, face: f } : f;
  if (badSides(sides)) return `a d${sides}: ${badSides(sides)}`;
  return Number.isInteger(face) && face >= 1 && face <= sides ? null : `${face}, not 1..${sides} (a d${sides})`;
}

/** The face of forced die `f` for a die of `sides` the rules asked for; a die of another size fails loudly. */
export function forcedFaceFor(f: ForcedFace, sides: number, what: string): number {
  const given = typeof f === 'number' ? { sides: D6, face: f } : f;
  if (given.sides !== sides) throw new RangeError(`${what} is a d${given.sides}, but the rules rolled a d${sides}`);
  return given.face;
}

/**
 * Faces supplied by a test case, consumed in order across steps. Fails loudly when a rule asks for
 * a die the case did not supply, so a case never passes on a made-up roll.
 */
export class ForcedDiceQueue {
  private next = 0;

  constructor(private readonly faces: readonly ForcedFace[]) {
    faces.forEach((f, i) => {
      const problem = badForcedFace(f);
      if (problem) throw new RangeError(`forced die #${i + 1} is ${problem}`);
    });
  }

  /** Faces not yet rolled. */
  get remaining(): number {
    return this.faces.length - this.next;
  }

  take(purpose: string, rule: string, sides: number = D6): number {
    if (this.next >= this.faces.length) throw new DiceExhaustedError(this.next, purpose, rule);
    const k = this.next++;
    return forcedFaceFor(this.faces[k], sides, `forced die #${k + 1} ("${purpose}", rule ${rule})`);
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
    private readonly numbering: DieNumbering = new DieNumbering(false),
  ) {}

  get rolls(): readonly Roll[] {
    return this.recorded;
  }

  d6(purpose: string, rule: string, options?: RollOptions): number {
    return this.die(D6, purpose, rule, options);
  }

  die(sides: number, purpose: string, rule: string, options?: RollOptions): number {
    dieDraw(sides);
    const face = this.queue.take(purpose, rule, sides);
    const roll: Roll = {
      ...this.numbering.take(options?.visibleTo),
      face,
      purpose,
      rule,
      stepId: this.stepId,
      turn: this.turn,
      ...rollExtras(sides, options),
      forced: true,
    };
    this.recorded.push(roll);
    this.onRoll?.(roll);
    return face;
  }

  roll(n: number, purpose: string, rule: string, labels?: readonly string[], options?: RollOptions): number[] {
    return rollEach((p, r, o) => this.d6(p, r, o), n, purpose, rule, labels, options);
  }
}
