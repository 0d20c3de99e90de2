/** A small harness: play the VITP ruleset without the engine, dice from a seeded generator or a fixed list. */
import type { Dice, RulesEvent, Side } from '../../../src/engine/ruleset';
import { seededRng } from '../../../src/engine/random-player';
import { vitpRuleset } from '../../../src/games/vitp';
import type { Order, VitpState } from '../../../src/games/vitp/types';

export function newGame(options: Record<string, boolean> = {}): VitpState {
  return vitpRuleset.setup({ gameId: 'test', options, box: vitpRuleset.box.defaultData });
}

export class ListDice implements Dice {
  rolls: { purpose: string; rule: string; die: number }[] = [];
  constructor(
    private readonly faces: number[],
    private readonly fallback?: () => number,
  ) {}
  d6(purpose: string, rule: string): number {
    const die = this.faces.length
      ? this.faces.shift()!
      : this.fallback
        ? this.fallback()
        : (() => {
            throw new Error(`no die left for ${purpose}`);
          })();
    this.rolls.push({ purpose, rule, die });
    return die;
  }
}

/** Run one step: parse each owing side's text (or take given orders), validate, adjudicate, evolve. */
export function step(state: VitpState, texts: Partial<Record<Side, string>>, dice: Dice): { state: VitpState; events: RulesEvent[] } {
  const info = vitpRuleset.currentStep(state);
  if (!info) throw new Error('game over');
  const orders: Record<Side, readonly Order[]> = {};
  for (const side of info.owes) {
    const text = texts[side];
    if (text === undefined) {
      orders[side] = vitpRuleset.defaultOrders(state, side, info);
      continue;
    }
    const parsed = vitpRuleset.parseOrders(state, side, text, info);
    if (!parsed.ok) throw new Error(`parse ${side}: ${JSON.stringify(parsed.errors)}`);
    const errors = vitpRuleset.validateOrders(state, side, parsed.orders, info);
    if (errors.length) throw new Error(`validate ${side}: ${JSON.stringify(errors)}`);
    orders[side] = parsed.orders;
  }
  const events: RulesEvent[] = [];
  vitpRuleset.adjudicate(state, info, orders, { dice, emit: (e) => events.push(e) });
  return { state: events.reduce((s, e) => vitpRuleset.evolve(s, e), state), events };
}

export function seededDice(seed: string): Dice {
  const rng = seededRng(seed);
  return { d6: () => rng.int(6) + 1 };
}

/** Play a whole game with random legal orders written out and parsed back, as the fuzzer does. */
export function playRandom(seed: string, options: Record<string, boolean> = {}, maxSteps = 20000) {
  const rng = seededRng(`orders:${seed}`);
  const dice = seededDice(`dice:${seed}`);
  let state = newGame(options);
  let steps = 0;
  const all: RulesEvent[] = [];
  for (let info = vitpRuleset.currentStep(state); info; info = vitpRuleset.currentStep(state)) {
    if (++steps > maxSteps) throw new Error(`runaway at ${info.id}`);
    const texts: Partial<Record<Side, string>> = {};
    for (const side of info.owes) texts[side] = vitpRuleset.formatOrders(vitpRuleset.randomOrders(state, side, info, rng));
    const r = step(state, texts, dice);
    state = r.state;
    all.push(...r.events);
  }
  return { state, steps, events: all };
}
