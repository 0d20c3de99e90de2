/**
 * Issue 32, submarines (36.x) and passing (4.6): what the case runner does not express — the ASW
 * ratios of 36.4 (5) one by one, and what each side's view holds of the subs.
 */
import { rulesets } from '../../../src/games';
import type { SolState } from '../../../src/games/solomons-campaign';
import { allInPort } from '../../../src/games/solomons-campaign/rules/pass';
import { aswShift } from '../../../src/games/solomons-campaign/rules/sub-attack';
import { viewSol } from '../../../src/games/solomons-campaign/view';

const game = rulesets['solomons-campaign'];
const start = (): SolState => game.setup({ gameId: 'G-subs', options: { scenario: 'short' }, box: game.box.defaultData }) as SolState;

describe('Solomons Campaign submarines and passing (issue 32)', () => {
  it('given destroyers against carriers and battleships, then the ASW shift follows 36.4 (5) (no destroyer: right, A3)', () => {
    expect(aswShift(0, 1)).toBe(1);
    expect(aswShift(4, 2)).toBe(-1);
    expect(aswShift(3, 2)).toBe(0);
    expect(aswShift(1, 2)).toBe(1);
    expect(aswShift(3, 4)).toBe(0);
  });

  it('given a sub on the map, then Japan sees it and the US sees it nowhere: not in its view, tables or map (36.4: the US learns of attacks only)', () => {
    const s0 = start();
    const s: SolState = { ...s0, subs: { ...s0.subs, boats: { 'SS-1': { id: 'SS-1', at: '0805', back: 2, since: 2, fatigued: false } } } };
    const jp = viewSol(s, 'japanese');
    const us = viewSol(s, 'us');
    expect(jp.known.subs.map((b) => b.at)).toEqual(['0805']);
    expect(JSON.stringify(jp)).toContain('SS-1');
    expect(us.known.subs).toEqual([]);
    expect(JSON.stringify(us)).not.toContain('SS-1');
  });

  it('given the set-up, then not every ship is in a major base; with every ship in one, PASS IN PORT holds (4.6)', () => {
    const s = start();
    expect(allInPort(s)).toBe(false);
    const home = (side: 'japanese' | 'us', base: string) =>
      Object.fromEntries(Object.entries(s.forces[side].ships).map(([id, x]) => [id, { ...x, at: base }]));
    const docked: SolState = {
      ...s,
      forces: {
        japanese: { ...s.forces.japanese, ships: home('japanese', 'Truk') },
        us: { ...s.forces.us, ships: home('us', 'Espiritu Santo') },
      },
    };
    expect(allInPort(docked)).toBe(true);
  });
});
