import type { z } from 'zod';
import { CaseDice, diceSchema } from '../../../src/engine/case-dice';
import { ForcedDice } from '../../../src/engine/dice';

/** Dice that serve named faces (by words of the purpose) and record every roll, as a case would. */
export function namedDice(spec: z.input<typeof diceSchema>) {
  const queue = new CaseDice(diceSchema.parse(spec));
  const dice = new ForcedDice(queue, 't3/movement-ijn', 3);
  return {
    dice,
    queue,
    rolled: () => dice.rolls.map((r) => ({ purpose: r.purpose, rule: r.rule, face: r.face })),
  };
}
