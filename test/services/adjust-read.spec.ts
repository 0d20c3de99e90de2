import { applyBoardEdits } from '../../src/engine/evolve';
import { boardPaths, readAdjust } from '../../src/services/game/adjust';

/** Issue 30: an ADJUST line read into board edits, or what is wrong with it; the edits applied to a rules state. */
describe('ADJUST: reading a board edit', () => {
  const sides = ['red', 'blue'];

  it('reads paths, JSON values, SEEN BY and the reason', () => {
    expect(readAdjust('fleets.blue.ships = 1; units.0.area = "north" SEEN BY blue BECAUSE set up wrong', sides)).toEqual({
      edits: [
        { path: ['fleets', 'blue', 'ships'], value: 1 },
        { path: ['units', 0, 'area'], value: 'north' },
      ],
      visibleTo: ['blue'],
      reason: 'set up wrong',
    });
  });

  it('names what is wrong: no reason, no edit, a value that is not JSON, an unknown side', () => {
    expect(readAdjust('fleets.blue.ships = 1', sides)).toEqual({ problem: expect.stringMatching(/BECAUSE/) });
    expect(readAdjust('BECAUSE x', sides)).toEqual({ problem: expect.stringMatching(/BECAUSE/) });
    expect(readAdjust('a = north BECAUSE x', sides)).toEqual({ problem: expect.stringMatching(/not JSON/) });
    expect(readAdjust('a = 1 SEEN BY green BECAUSE x', sides)).toEqual({ problem: expect.stringMatching(/no side green/) });
  });

  it('reads keys in double quotes (a name with a space) and keys with a colon; boardPaths writes every path so that it reads back', () => {
    expect(readAdjust('ships."North Carolina".damage = 2; ships.usn:CV-1.sunk = true BECAUSE x', sides)).toMatchObject({
      edits: [
        { path: ['ships', 'North Carolina', 'damage'], value: 2 },
        { path: ['ships', 'usn:CV-1', 'sunk'], value: true },
      ],
    });
    const rules = { ships: { 'North Carolina': { damage: 0, guns: [8, 8] } }, units: [{ area: 'a b' }], empty: {} };
    const lines = boardPaths(rules);
    expect(lines).toEqual([
      'ships."North Carolina".damage = 0',
      'ships."North Carolina".guns = [8,8]',
      'units.0.area = "a b"',
      'empty = {}',
    ]);
    for (const line of lines) {
      const read = readAdjust(`${line} BECAUSE x`, sides);
      if ('problem' in read) throw new Error(read.problem);
      expect(applyBoardEdits(rules, read.edits)).toEqual(rules);
    }
    expect(boardPaths(rules, 'ships."North Carolina"')).toEqual(lines.slice(0, 2));
    expect(boardPaths(rules, 'ships.Yamato')).toEqual([]);
  });

  it('applies edits by copying along the path, leaving the rest shared', () => {
    const rules = { fleets: { blue: { ships: 3 }, red: { ships: 3 } }, units: [{ area: 'south' }] };
    const out = applyBoardEdits(rules, [
      { path: ['fleets', 'blue', 'ships'], value: 1 },
      { path: ['units', 0, 'area'], value: 'north' },
    ]);
    expect(out).toEqual({ fleets: { blue: { ships: 1 }, red: { ships: 3 } }, units: [{ area: 'north' }] });
    expect(out.fleets.red).toBe(rules.fleets.red);
    expect(rules.fleets.blue.ships).toBe(3);
  });
});
