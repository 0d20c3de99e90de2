import { createPayload } from '../../src/cli/game-commands';
import { UsageError } from '../../src/cli/usage';

/** `umpire game create` for a game where the umpire plays a side: no --side for it, and one given is refused. */
describe('umpire game create with a system side (Fleet Duel, option system)', () => {
  it('takes the human sides alone when an option makes a side the umpire’s', () => {
    const p = createPayload('fleet-duel', { side: ['red=r@example.org'], option: ['system'], id: 'G-sys1' });
    expect(p.sides).toEqual([{ side: 'red', player: { address: 'r@example.org' } }]);
    expect(p.options).toEqual({ system: true });
  });

  it('refuses an address for the system side, and still asks for every human side', () => {
    const both = { side: ['red=r@example.org', 'blue=b@example.org'], option: ['system'] };
    expect(() => createPayload('fleet-duel', both)).toThrow(UsageError);
    expect(() => createPayload('fleet-duel', both)).toThrow(/--side blue: the umpire plays blue in this game \(a system side\)/);
    expect(() => createPayload('fleet-duel', { side: ['red=r@example.org'] })).toThrow(/no player for the blue side/);
    expect(() => createPayload('fleet-duel', { side: ['blue=b@example.org'], option: ['system'] })).toThrow(/no player for the red side/);
  });
});
