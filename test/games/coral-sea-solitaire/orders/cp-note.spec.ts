/**
 * Issue 26: the acknowledgment echoes what accepted orders cost in command points and what is left
 * in each staff slot (7.3-7.4, Ruleset.ordersNote, orders/cp-note.ts), each FOR section on the board
 * the mail's earlier ones leave (the day's allocation first).
 */
import type { AnyRuleset } from '../../../../src/engine/evolve';
import { sectionNotes } from '../../../../src/engine/order-notes';
import { coralSeaSolitaire } from '../../../../src/games/coral-sea-solitaire';
import { cpNote, parseOrders } from '../../../../src/games/coral-sea-solitaire/orders';
import type { CoralOrder, CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { inPlay, position, stepOf } from './fixture';

const read = (s: CoralState, row: string, text: string): CoralOrder[] => {
  const parsed = parseOrders(s, 'usn', text, stepOf(row));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return [...parsed.orders];
};

describe('issue 26 Coral Sea: the CP echo in the acknowledgment (7.4)', () => {
  it('given a FAST move at the movement step with 6 Operations CP, then the note gives the cost item by item and every slot after it', () => {
    const s = inPlay(position(), 'movement-usn');
    expect(cpNote(s, 'usn', stepOf('movement-usn'), read(s, 'movement-usn', 'MOVE TF-17 SE FAST\nSTAY TF-11'))).toEqual([
      'Command points: these orders cost 1 CP (Operations 1: fast move of TF-17 1) (7.4).',
      'Left in the staff slots after them: Organization 4, Intelligence 4, Operations 5, Logistics 6.',
    ]);
  });

  it('given orders that cost nothing, then no note', () => {
    const s = inPlay(position(), 'movement-usn');
    expect(cpNote(s, 'usn', stepOf('movement-usn'), read(s, 'movement-usn', 'STAY TF-11'))).toEqual([]);
  });

  it('given the morning mail: the allocation in play, then FOR INTELLIGENCE two rolls, then the note of the rolls reads the new allocation', () => {
    const s: CoralState = { ...position(), queue: ['organization', 'air-transfer', 'intelligence', 'movement-usn'] };
    const notes = sectionNotes(coralSeaSolitaire as unknown as AnyRuleset, s, 'usn', [
      { step: stepOf('command-decision'), orders: read(s, 'command-decision', 'CP ORG 0 INTEL 3 OPS 7 LOG 10') },
      { step: stepOf('intelligence'), orders: read(s, 'intelligence', 'INTEL CSF\nINTEL CG') },
    ]);
    expect(notes).toEqual([
      [],
      [
        'Command points: these orders cost 2 CP (Intelligence 2: intelligence on CSF 1, intelligence on CG 1) (7.4).',
        'Left in the staff slots after them: Organization 0, Intelligence 1, Operations 7, Logistics 10.',
      ],
    ]);
  });

  it('given a FOR INTELLIGENCE section sent before the day`s command decision, then only the cost is told: the decision shares the CP (7.2)', () => {
    const s: CoralState = { ...position(), step: 'reinforcements', queue: ['command-decision', 'organization', 'intelligence'] };
    expect(cpNote(s, 'usn', stepOf('intelligence'), read(s, 'intelligence', 'INTEL CSF'))).toEqual([
      'Command points: these orders cost 1 CP (Intelligence 1: intelligence on CSF 1) (7.4).',
      "They are paid from the CP the day's command decision shares out (7.2), checked when the step comes.",
    ]);
  });
});
