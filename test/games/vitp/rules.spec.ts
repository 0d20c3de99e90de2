import { changeHands } from '../../../src/games/vitp/capture';
import { movePocTrack } from '../../../src/games/vitp/control';
import { Tx } from '../../../src/games/vitp/events';
import { destinationsFor } from '../../../src/games/vitp/returns';
import { speedRollPasses } from '../../../src/games/vitp/movement';
import { locationUncertainResult } from '../../../src/games/vitp/surprise';
import { moveAllowance, needsSpeedRoll, returnDestinations } from '../../../src/games/vitp/world';
import type { Unit, VitpState } from '../../../src/games/vitp/types';
import { newGame } from './driver';

const s = newGame();
const unit = (name: string): Unit => s.units.find((u) => u.name === name)!;

describe('VITP rules, one at a time', () => {
  it.each([
    [5, 4, true],
    [5, 5, false],
    [5, 6, false],
    [1, 1, false],
    [6, 5, true],
    [7, 6, true],
    [8, 6, true],
  ])('6.4: speed %i against a die of %i passes: %s', (speed, die, passes) => {
    expect(speedRollPasses(speed, die)).toBe(passes);
  });

  it.each([
    [1, 'Central Pacific Ocean'],
    [2, 'Hawaiian Islands'],
    [3, 'Hawaiian Islands'],
    [4, 'turn 2'],
    [5, 'turn 2'],
    [6, 'turn 2'],
  ])('18.32: a location-uncertain group rolling %i goes to %s', (die, where) => {
    expect(locationUncertainResult(die)).toBe(where);
  });

  it.each([
    [0, 7, 10, -3, false],
    [28, 5, 0, 29, true],
    [0, 0, 40, -29, true],
    [-29, 3, 1, -27, false],
    [29, 2, 2, 29, false],
    [10, 7, 10, 7, false],
  ])('2.5: the track at %i, Japanese %i and Allied %i POC: now %i (capped %s)', (poc, j, a, now, capped) => {
    expect(movePocTrack(poc, j, a, 29)).toEqual({ poc: now, capped });
  });

  it('6.22-6.23 / 17.13 / 17.24 / 17.32 / 13.1: how far each kind of unit goes, and when it rolls', () => {
    expect([
      moveAllowance(unit('Yamato'), 'raid'),
      moveAllowance(unit('Yorktown'), 'raid'),
      moveAllowance(unit('Warspite'), 'raid'),
      moveAllowance(unit('Australia'), 'raid'),
      moveAllowance(unit('Yamato'), 'patrol'),
      moveAllowance(unit('Kure SNLF'), 'amph'),
    ]).toEqual([3, 3, 2, 2, 2, 2]);
    expect([
      needsSpeedRoll(unit('Yamato'), 'raid', 2),
      needsSpeedRoll(unit('Yamato'), 'raid', 3),
      needsSpeedRoll(unit('Warspite'), 'raid', 2),
      needsSpeedRoll(unit('Yamato'), 'patrol', 2),
      needsSpeedRoll(unit('Yamato'), 'patrol', 1),
      needsSpeedRoll(unit('Kure SNLF'), 'amph', 2),
    ]).toEqual([false, true, true, true, false, false]);
  });

  it('10.1 / 10.12-10.13 / 17.23: where each nationality may return from the Coral Sea', () => {
    expect(returnDestinations(s, unit('Chester'), 'Coral Sea')).toEqual([
      'Pearl Harbor',
      'Singapore',
      'Australia',
      'Samoa',
      'Port Moresby',
      'Guadalcanal',
      'Espiritu Santo',
    ]);
    expect(returnDestinations(s, unit('Canberra'), 'Coral Sea')).toContain('Ceylon');
    expect(returnDestinations(s, unit('Warspite'), 'Coral Sea')).toEqual(['Singapore', 'Ceylon']);
    expect(returnDestinations(s, unit('Victorious'), 'Coral Sea')).toEqual(['Pearl Harbor']);
    expect(returnDestinations(s, unit('Akagi'), 'Coral Sea')).toEqual(['Yokosuka Navy Yard', 'Truk', 'Saigon']);
  });

  it('14.31 / 10.1: a ship leaving a captured base may use a base touching any of its sea areas', () => {
    // given an Allied cruiser in port at Lae, which touches the South Pacific Ocean and Indonesia
    const at: VitpState = {
      ...s,
      units: s.units.map((u) => (u.name === 'Chester' ? { ...u, loc: { at: 'port', place: 'Lae' } } : u)),
    };
    const tx = new Tx(at, {
      dice: {
        d6: () => {
          throw new Error('no dice in a capture');
        },
      },
      emit: () => undefined,
    });
    // when the Japanese take Lae
    changeHands(tx, 'Lae', 'japanese', '14.1', 'test');
    // then Chester must leave, and may return to Philippines (Indonesia only) as well as Guadalcanal (South Pacific only)
    const chester = tx.s.units.find((u) => u.name === 'Chester')!;
    expect(chester.loc.at).toBe('transit');
    const options = destinationsFor(tx.s, chester);
    expect(options).toEqual(expect.arrayContaining(['Philippines', 'Guadalcanal', 'Pearl Harbor']));
    expect(options).not.toContain('Lae');
    expect(options).not.toContain('Port Moresby'); // touches neither area
  });
});
