import { defaultBox as box } from '../../../../src/games/coral-sea-solitaire/box';
import {
  attackOf,
  bombardOf,
  columnFor,
  defenseOf,
  navalLosses,
  oddsColumn,
  rollShipAttack,
  shipEffect,
} from '../../../../src/games/coral-sea-solitaire/rules/surface';
import type { ShipState } from '../../../../src/games/coral-sea-solitaire/types';
import { namedDice } from '../dice';

/**
 * Issue 26, the naval CRT as the surface area reads it (16.3(5), 16.5, 17.2, 19.5, 25.2): odds
 * columns by percentage, the fixed columns, factor bands, results on a force (one, half rounded up,
 * the rest) and on one ship, the lookup a submarine attack uses, and fatigue's half attack.
 */
const ship = (side: 'usn' | 'ijn', id: string, type: ShipState['type'], fatigued = false): ShipState => ({
  key: `${side}:${id}`,
  side,
  id,
  type,
  status: 'ok',
  fatigued,
  faceUp: true,
});

describe('issue 26 Coral Sea naval CRT (16, 17, 19.5)', () => {
  it.each([
    [4, 10, '<=49%', 40],
    [5, 10, '50-99%', 50],
    [10, 10, '100-149%', 100],
    [149, 100, '100-149%', 149],
    [3, 2, '150-199%', 150],
    [2, 1, '200-249%', 200],
    [33, 6, '>=300%', 550],
  ])('given attack %i against defence %i, then the column is %s (%i%%, rounded down: 16.3(5))', (a, d, column, percent) => {
    expect(oddsColumn(box, a, d)).toEqual({ column, percent });
  });

  it('given every attacker at 0, then the far-left column (16.5); a defence of 0, the far right', () => {
    expect(oddsColumn(box, 0, 5)).toEqual({ column: '<=49%', percent: null, fixed: 'all-attackers-zero' });
    expect(oddsColumn(box, 4, 0)).toEqual({ column: '>=300%', percent: null, fixed: 'no-defence' });
  });

  it('given bombardment factors, then their band (17.2), the top band open-ended', () => {
    const t = box.tables.crt.bombardment;
    expect([1, 9, 10, 26, 79, 80, 200].map((f) => columnFor(t, f))).toEqual(['1-9', '1-9', '10-19', '20-29', '70-79', '80+', '80+']);
  });

  it('given a submarine attack (19.5: 100-149%, unescorted +1), then rollShipAttack reads the shifted column with one die, and the ship result from crtEffects.ship', () => {
    const { dice, rolled } = namedDice([1]);
    const roll = rollShipAttack(dice, box, {
      column: '100-149%',
      shifts: [{ by: box.crtShifts['sub-unescorted'].value, reason: 'no DD or CYP in the TF', rule: '19.5(4)' }],
      for: 'SS-1 on CV-2',
    });
    expect(roll).toMatchObject({ printedColumn: '100-149%', column: '150-199%', dice: [1], result: { attacker: 2, defender: 3 } });
    expect(rolled()).toEqual([{ purpose: 'Consolidated CRT, naval vs naval, SS-1 on CV-2', rule: '16.3', face: 1 }]);
    expect(shipEffect(box, roll.result.defender)).toBe('sunk');
    expect(shipEffect(box, 0)).toBe('damaged');
    expect(shipEffect(box, null)).toBe('none');
  });

  it.each([
    [0, 5, 0, 1],
    [1, 5, 0, 3],
    [2, 5, 3, 0],
    [3, 5, 3, 2],
    [3, 1, 1, 0],
    [null, 5, 0, 0],
  ])('given result level %p on a force of %i ships, then %i sunk and %i crippled (half rounded up)', (level, n, sunk, crippled) => {
    expect(navalLosses(box, level, n)).toEqual({ sunk, crippled });
  });

  it('given a fatigued ship, then it attacks and bombards at half rounded down (25.2, reconstructed) and defends whole', () => {
    const ca = ship('ijn', 'CA-2', 'CA', true);
    expect([attackOf(box, ca), bombardOf(box, ca), defenseOf(box, ca)]).toEqual([6, 5, 6]);
    const dd = ship('usn', 'DD-1', 'DD', true);
    expect([attackOf(box, dd), attackOf(box, { ...dd, fatigued: false })]).toEqual([1, 3]);
    expect(box.shipFatigue.attackPercent.source.kind).toBe('reconstructed');
  });
});
