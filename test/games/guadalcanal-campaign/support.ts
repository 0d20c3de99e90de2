/**
 * Test support for Guadalcanal Campaign: the combat step resolved with dice scripted by rule (the
 * combat, surface and air-return specs), and a seeded die for the calibration specs.
 */
import { type Dice, RuleNotImplementedError, type RulesEvent } from '../../../src/engine/ruleset';
import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';

const game = rulesets['guadalcanal-campaign'];

/** A roll the scripted dice answered: its rule, purpose and face. */
export interface Rolled {
  readonly rule: string;
  readonly purpose: string;
  readonly face: number;
}

/**
 * Adjudicates the current step of `s` with dice scripted by rule: each rule's faces in order, then
 * the highest face of the die (a miss, the last pick, rnd 0.999). Returns the events, the rolls, the
 * rule a RuleNotImplementedError stopped at ('' if none) and the position the events leave.
 */
export function resolve(s: GcState, faces: Record<string, number[]>) {
  const events: RulesEvent[] = [];
  const rolled: Rolled[] = [];
  const left = Object.fromEntries(Object.entries(faces).map(([rule, f]) => [rule, [...f]]));
  const next = (sides: number, purpose: string, rule: string) => {
    const face = left[rule]?.shift() ?? sides;
    rolled.push({ rule, purpose, face });
    return face;
  };
  const ctx = { dice: { d6: (p: string, r: string) => next(6, p, r), die: next }, emit: (e: RulesEvent) => void events.push(e) };
  let stop = '';
  try {
    game.adjudicate(s, game.currentStep(s)!, {}, ctx);
  } catch (e) {
    if (!(e instanceof RuleNotImplementedError)) throw e;
    stop = e.rule;
  }
  return { events, rolled, stop, after: events.reduce((x, e) => game.evolve(x, e), s) };
}

/** Dice from a fixed linear congruential generator: the same figures at every run. */
export function seeded(seed: number): Dice {
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  return { d6: () => 1 + Math.floor(next() * 6), die: (sides: number) => 1 + Math.floor(next() * sides) };
}
