/**
 * Coral Sea's declaration and flow (4, 5, 7, 27, 30.4): the options and their dependency, the
 * game's length from the box's calendar, the first steps, the steps to come with their dates, USN
 * steps owed only when there is something to decide, the IJN's knowledge read from its own view only.
 */
import { coralSeaSolitaire } from '../../../../src/games/coral-sea-solitaire';
import { defaultBox } from '../../../../src/games/coral-sea-solitaire/box';
import { viewCoral } from '../../../../src/games/coral-sea-solitaire/fog';
import { currentStep, upcomingSteps } from '../../../../src/games/coral-sea-solitaire/rules/core';
import { initialState, STANDARD_OPTIONS } from '../../../../src/games/coral-sea-solitaire/state';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { ijnKnowledge } from '../../../../src/games/coral-sea-solitaire/view';

const off = Object.fromEntries(coralSeaSolitaire.options.map((o) => [o.id, false]));

describe('Coral Sea Solitaire: the declaration', () => {
  it('30.4 needs 30.3: USN battleships alone are refused, naming both; with 30.3 they are accepted', () => {
    expect(coralSeaSolitaire.validateOptions?.({ ...off, 'usn-battleships': true })).toEqual([
      'option usn-battleships needs ijn-battleships on (USN battleships B-1 and B-2 may join at New Caledonia)',
    ]);
    expect(coralSeaSolitaire.validateOptions?.({ ...off, 'usn-battleships': true, 'ijn-battleships': true })).toEqual([]);
  });

  it('5.5: 14 turns, Day 3 May to Night 9 May, from the box calendar (a club calendar of three days: 6)', () => {
    expect(coralSeaSolitaire.length(off, defaultBox).turns).toBe(14);
    const short = { ...defaultBox, calendar: { ...defaultBox.calendar, lastDay: { ...defaultBox.calendar.lastDay, value: 5 } } };
    expect(coralSeaSolitaire.length(off, short).turns).toBe(6);
    expect(coralSeaSolitaire.systemSides?.(off)).toEqual(['ijn']);
    expect(coralSeaSolitaire.sealedDice?.(off)).toBe(true);
  });
});

describe('Coral Sea Solitaire: the flow (5)', () => {
  const s = initialState(defaultBox, STANDARD_OPTIONS);

  it('4.1: the game opens on the USN deployment, Day 3 May 1942; the IJN setup follows, owed by nobody', () => {
    expect(currentStep(s)).toMatchObject({ id: 't1/deployment', owes: ['usn'], title: expect.stringContaining('Day 3 May 1942') });
    const next = upcomingSteps(s);
    expect(next[0]).toMatchObject({ id: 't1/ijn-setup', owes: [] });
    // the next turn too, dated: a night
    expect(next.find((x) => x.id === 't2/movement-usn')).toMatchObject({
      owes: ['usn'],
      title: expect.stringContaining('Night 3 May 1942'),
    });
  });

  it('7.4: a USN step with nothing to decide owes nothing (organization without Organization CP)', () => {
    const at: CoralState = {
      ...s,
      turn: 3,
      step: 'organization',
      cp: { available: 0, slots: { organization: 0, intelligence: 0, operations: 0, logistics: 0 } },
    };
    expect(currentStep(at)?.owes).toEqual([]);
    const paid: CoralState = {
      ...at,
      cp: { ...at.cp, slots: { ...at.cp.slots, organization: 3 } },
      taskForces: { ...s.taskForces, 'TF-17': { ...s.taskForces['TF-17'], hex: '2422' } },
    };
    expect(currentStep(paid)?.owes).toEqual(['usn']);
  });

  it('27: the IJN decides from its own view: ijnKnowledge refuses the USN`s and the referee`s views', () => {
    expect(() => ijnKnowledge(viewCoral(s, 'usn'))).toThrow("ijnKnowledge reads the IJN's view, not the usn's");
    expect(() => ijnKnowledge(viewCoral(s, 'referee'))).toThrow('referee');
    const k = ijnKnowledge(viewCoral(s, 'ijn'));
    expect(k.usn.map((t) => t.id).sort()).toEqual(
      ['TF-11', 'TF-17', 'TF-3', 'TF-44', 'TF-5', 'TF-6', 'TF-9'].filter((id) => s.taskForces[id]).sort(),
    );
    expect(k.usn.every((t) => t.ships === undefined)).toBe(true);
    expect(k.own.taskForces.find((t) => t.id === 'PMG')?.ships?.map((x) => x.id)).toEqual(['TR-1', 'TR-2', 'TR-3']);
  });
});
