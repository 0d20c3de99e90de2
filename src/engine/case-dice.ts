import { z } from 'zod';
import { D6, ForcedDiceQueue, type ForcedFace, forcedFaceFor, MAX_SIDES } from './dice';

/**
 * The dice a case supplies (docs/cases.md "Dice"): a plain list, rolled in order, every die used;
 * or a description: dice for a purpose or a rule (`for`), the rest in order (`rolls`), a face for
 * any die left (`otherwise`), and whether dice the rules never asked for may be left over.
 * A face is a number for a d6, or `{"sides": 10, "face": 7}` for a die of another size: a forced
 * die serves a die of its own size alone (a d10 asked for where the case gives a d6 fails loudly).
 */

const face = z.union([
  z.number().int().min(1).max(D6),
  z
    .object({ sides: z.number().int().min(2).max(MAX_SIDES), face: z.number().int().min(1) })
    .strict()
    .refine((f) => f.face <= f.sides, { message: 'a face of a die of n sides is 1..n' }),
]);

export const diceForSchema = z
  .object({
    /** the rule the engine cites for the die ("18.32"), exactly */
    rule: z.string().min(1).optional(),
    /** words of the die's purpose ("group W", "speed roll, Yamato"), case-blind */
    purpose: z.string().min(1).optional(),
    /** the faces, in order, for dice that match */
    rolls: z.array(face).min(1),
    /** a face repeated for every further die that matches, once `rolls` are used */
    then: face.optional(),
  })
  .strict()
  .refine((x) => x.rule !== undefined || x.purpose !== undefined, { message: 'name the rule or the purpose the dice are for' });

export const diceSchema = z.union([
  z.array(face),
  z
    .object({
      rolls: z.array(face).default([]),
      for: z.array(diceForSchema).default([]),
      otherwise: face.optional(),
      /** true: dice the case supplies and the engine never asks for do not fail the case */
      allowUnused: z.boolean().default(false),
    })
    .strict(),
]);

export type DiceSpec = z.infer<typeof diceSchema>;

export class CaseDiceExhausted extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaseDiceExhausted';
  }
}

/** A ForcedDiceQueue that serves dice by purpose or rule first, then in order, then a fallback face. */
export class CaseDice extends ForcedDiceQueue {
  private readonly spec: Exclude<DiceSpec, readonly unknown[]>;
  private readonly used: number[];
  private inOrder = 0;
  private asked = 0;
  /** the step in play, for the message when the case has no die left (set by the runner) */
  step = '';

  constructor(spec: DiceSpec) {
    super([]);
    this.spec = Array.isArray(spec) ? { rolls: spec, for: [], allowUnused: false } : spec;
    this.used = this.spec.for.map(() => 0);
  }

  /** Dice supplied and never rolled (0 when the case allows them). */
  override get remaining(): number {
    if (this.spec.allowUnused) return 0;
    return this.spec.rolls.length - this.inOrder + this.spec.for.reduce((n, f, i) => n + Math.max(0, f.rolls.length - this.used[i]), 0);
  }

  /** Readable list of the dice never rolled, for the failure message. */
  unused(): string {
    const parts: string[] = [];
    if (this.inOrder < this.spec.rolls.length) parts.push(`rolls ${JSON.stringify(this.spec.rolls.slice(this.inOrder))}`);
    this.spec.for.forEach((f, i) => {
      if (this.used[i] < f.rolls.length)
        parts.push(`for ${f.rule ?? ''}${f.purpose ? ` "${f.purpose}"` : ''} ${JSON.stringify(f.rolls.slice(this.used[i]))}`);
    });
    return parts.join('; ');
  }

  override take(purpose: string, rule: string, sides: number = D6): number {
    this.asked += 1;
    const what = `die ${this.asked} ("${purpose}", rule ${rule}) at step ${this.step || '?'}: the case's face`;
    const i = this.spec.for.findIndex(
      (f, k) =>
        (f.rule === undefined || f.rule === rule) &&
        (f.purpose === undefined || purpose.toLowerCase().includes(f.purpose.toLowerCase())) &&
        (this.used[k] < f.rolls.length || f.then !== undefined),
    );
    if (i >= 0) {
      const f = this.spec.for[i];
      const n = this.used[i]++;
      return forcedFaceFor(n < f.rolls.length ? f.rolls[n] : (f.then as ForcedFace), sides, what);
    }
    if (this.inOrder < this.spec.rolls.length) return forcedFaceFor(this.spec.rolls[this.inOrder++], sides, what);
    if (this.spec.otherwise !== undefined) return forcedFaceFor(this.spec.otherwise, sides, what);
    throw new CaseDiceExhausted(
      `forced dice exhausted: die ${this.asked} was asked for ("${purpose}", rule ${rule}) at step ${this.step || '?'}, and the case has no die left for it` +
        ` (supply it in dice.rolls, in dice.for by rule or purpose, or give dice.otherwise)`,
    );
  }
}
