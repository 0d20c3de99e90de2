import { createPayload } from '../../src/cli/game-commands';
import { UsageError } from '../../src/cli/usage';
import { vitpRuleset } from '../../src/games/vitp';

const vitpStepKind = vitpRuleset.stepKind;

const sides = ['japanese=j@x.org', 'allied=a@x.org'];

describe('deadlines per kind of step at game creation', () => {
  it('umpire game create --deadline-battle 1d --deadline-placement 90 records minutes per kind', () => {
    const p = createPayload('vitp', { side: sides, deadlineBattle: '1d', deadlinePlacement: '90' });
    expect(p.deadlines).toEqual({ battle: 1440, placement: 90 });
    expect(createPayload('vitp', { side: sides })).not.toHaveProperty('deadlines');
  });

  it('a length that is none is a usage error naming the flag and what would be right', () => {
    expect(() => createPayload('vitp', { side: sides, deadlineBattle: 'soon' })).toThrow(UsageError);
    expect(() => createPayload('vitp', { side: sides, deadlineBattle: 'soon' })).toThrow(
      '--deadline-battle: "soon" is not a length. Write the length as a number and a unit: 90m, 48h or 3d.',
    );
  });

  it('VITP classifies its steps by its step table: placements, battle decisions, orders', () => {
    const step = (id: string) => ({ id, turn: 3, title: '', mode: 'sequential' as const, owes: ['japanese'] });
    expect(vitpStepKind(step('t3/lba/2'))).toBe('placement');
    expect(vitpStepKind(step('t3/submarine/allied'))).toBe('placement');
    expect(vitpStepKind(step('t3/battle/1-coral-sea/r1/targets'))).toBe('battle');
    expect(vitpStepKind(step('t3/pick-battle/2'))).toBe('battle');
    expect(vitpStepKind(step('t3/patrol/japanese'))).toBe('orders');
    expect(vitpStepKind(step('t1/pearl-harbor-raid-force'))).toBe('orders');
    expect(vitpStepKind(step('t1/pearl-harbor/stay'))).toBe('battle');
    expect(vitpStepKind(step('t3/battle/1-coral-sea/r1/sighting'))).toBe('battle');
    expect(() => vitpStepKind(step('t3/no-such-step'))).toThrow(
      'step t3/no-such-step belongs to row "no-such-step", which is not in the step table',
    );
  });
});
