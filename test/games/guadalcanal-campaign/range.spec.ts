import { range } from '../../../src/games/guadalcanal-campaign/box/range';

describe('Guadalcanal Campaign ranges (1.4)', () => {
  it('given two squares, then the range is the centre-to-centre distance rounded up, and a square to itself is +0 (JSON keeps it as written)', () => {
    expect(range({ col: 0, row: 0 }, { col: 5, row: 1 })).toBe(6);
    expect(range({ col: 0, row: 0 }, { col: 3, row: 4 })).toBe(5);
    const self = range({ col: 7, row: 9 }, { col: 7, row: 9 });
    expect(Object.is(self, 0)).toBe(true);
    expect(JSON.parse(JSON.stringify({ self }))).toEqual({ self });
  });
});
