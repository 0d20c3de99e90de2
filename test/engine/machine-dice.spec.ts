import { machineDice, MACHINE_DICE_LABEL } from '../../src/engine/machine-seats';

const SEED = 'ab'.repeat(32);
const draw = (d: ReturnType<typeof machineDice>) => Array.from({ length: 8 }, () => d.int(1000));

/** Issue 25: a machine seat's dice are a pure function of the turn's seed, the step, the side and the player. */
describe('issue 25: machine dice from the seed chain', () => {
  it('the same seed, step, side and player give the same draws, counted', () => {
    const a = machineDice(SEED, 't2/orders', 'blue', 'random');
    const b = machineDice(SEED, 't2/orders', 'blue', 'random');
    expect(draw(a)).toEqual(draw(b));
    expect(a.draws()).toBe(8);
    a.pick(['x', 'y']);
    expect(a.draws()).toBe(9);
    expect(MACHINE_DICE_LABEL).toBe('umpire machine player dice');
  });

  it('another seed, step, side or player gives other draws', () => {
    const base = draw(machineDice(SEED, 't2/orders', 'blue', 'random'));
    expect(draw(machineDice('cd'.repeat(32), 't2/orders', 'blue', 'random'))).not.toEqual(base);
    expect(draw(machineDice(SEED, 't3/orders', 'blue', 'random'))).not.toEqual(base);
    expect(draw(machineDice(SEED, 't2/orders', 'red', 'random'))).not.toEqual(base);
    expect(draw(machineDice(SEED, 't2/orders', 'blue', 'admiral'))).not.toEqual(base);
  });
});
