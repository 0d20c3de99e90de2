import { defaultBox as box } from '../../../../src/games/coral-sea-solitaire/box';
import { type CoralEvent, evolve } from '../../../../src/games/coral-sea-solitaire/events';
import {
  baseAa,
  baseCapacity,
  bombardTargets,
  eliminateGrounded,
  validateSurfaceOrders,
} from '../../../../src/games/coral-sea-solitaire/rules/surface';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { Fold } from '../../../../src/games/kit';
import { namedDice } from '../dice';
import { airUnit, run, world } from './world';

/**
 * Issue 26, bombardment (6, 17) and bases (23): every ship of the side in the base's hex fires once
 * per phase, factors totalled with no defence; the defender's result destroys grounded squadrons
 * and minor-base levels, VP per level to the bombarder, air over the new capacity lost (23.4); the
 * bombarder sees the grounded air (17.3); no ship tires (25.1). The USN may (BOMBARD), the IJN must.
 */
const LAE = '0606';
const PM = '0608';
const TF44 = { id: 'TF-44', side: 'usn', hex: LAE, ships: ['CA-6', 'CA-7', 'CA-8', 'DD-6'] } as const;

const fold = (s: CoralState) => {
  const events: CoralEvent[] = [];
  return { f: new Fold<CoralState, CoralEvent>(s, evolve, (e) => events.push(e)), events };
};

describe('issue 26 Coral Sea bombardment (17) and bases (23)', () => {
  it('given TF-44 at Lae with two IJN fighters grounded, when the USN bombards at 26 factors and rolls 1, then a 1d of squadrons and a level go, VP to the USN, and no ship tires', () => {
    const s = world({ taskForces: [TF44], air: [airUnit('lae-lf', 'ijn', 'LF', 2, 'Lae')] });
    expect(bombardTargets(s, box, 'usn')).toEqual([{ base: 'Lae', hex: LAE, taskForces: ['TF-44'] }]);
    const r = run(
      'bombard-usn',
      s,
      {
        for: [
          { purpose: 'bombardment, bombardment of Lae', rolls: [1] },
          { purpose: 'grounded squadrons hit at Lae', rolls: [1] },
        ],
      },
      [{ kind: 'bombard', base: 'Lae', with: ['TF-44'] }],
    );
    expect(r.unused).toBe(0);
    const [roll] = r.of('coral.bombard.roll');
    expect(roll.visibleTo).toBeUndefined();
    expect(roll.data).toMatchObject({ factors: 26, roll: { column: '20-29', dice: [1], result: { defender: 2 } } });
    // 17.3: the grounded air is shown to the bombarder
    expect(r.of('coral.bombard')[0].data).toMatchObject({
      level: 2,
      squadrons: 1,
      baseLevels: 1,
      grounded: [{ id: 'lae-lf', type: 'LF', strength: 2 }],
    });
    expect(r.s.air).toEqual([expect.objectContaining({ id: 'lae-lf', strength: 1 })]);
    expect(r.s.bases.Lae.strength).toBe(2);
    expect(baseCapacity(r.s, box, 'Lae')).toBe(2);
    expect(baseAa(r.s, box, 'Lae')).toBe(2);
    // a level 2 (bombard-level, reconstructed for the USN) and an IJN squadron 2
    expect(r.s.vp).toEqual({ usn: 4, ijn: 0 });
    expect(r.of('coral.ship.fatigue')).toHaveLength(0);
    // 17.1: once per hex per phase
    expect(bombardTargets(r.s, box, 'usn')).toEqual([]);
    expect(validateSurfaceOrders(r.s, 'bombard-usn', [{ kind: 'bombard', base: 'Lae', with: [] }])).toEqual([
      'no USN TF able to fire is in the hex of Lae (17.1); the USN may bombard: none this turn',
    ]);
  });

  it('given BOMBARD orders that name a USN base, a base with no USN TF, or a TF not there, then each is refused with what may be bombarded', () => {
    const s = world({ taskForces: [TF44, { id: 'TF-17', side: 'usn', hex: '1410', ships: ['DD-3'] }] });
    expect(
      validateSurfaceOrders(s, 'bombard-usn', [
        { kind: 'bombard', base: 'Port-Moresby', with: [] },
        { kind: 'bombard', base: 'Rabaul', with: [] },
        { kind: 'bombard', base: 'Lae', with: ['TF-17'] },
      ]),
    ).toEqual([
      'Port-Moresby is not an IJN base: the USN bombards IJN bases only (17.4); it may bombard: Lae (with TF-44)',
      'no USN TF able to fire is in the hex of Rabaul (17.1); the USN may bombard: Lae (with TF-44)',
      'TF-17 not in the hex of Lae: the TFs there are TF-44 (17.1)',
    ]);
    expect(validateSurfaceOrders(s, 'bombard-usn', [{ kind: 'no-bombard' }])).toEqual([]);
    const r = run('bombard-usn', s, [], [{ kind: 'no-bombard' }]);
    expect(r.events).toEqual([]);
  });

  it("given the Port Moresby Group face down at Port Moresby, then the IJN must bombard (17.5): its die and factors are the referee's alone, the outcome public", () => {
    const s = world({
      taskForces: [{ id: 'PMG', side: 'ijn', hex: PM, ships: ['TR-1', 'TR-2', 'TR-3', 'CL-1', 'DD-4'], identified: true }],
      air: [airUnit('pm-lf', 'usn', 'LF', 2, 'Port-Moresby')],
    });
    const r = run('bombard-ijn', s, { for: [{ purpose: 'bombardment of Port-Moresby', rolls: [1] }] });
    expect(r.unused).toBe(0);
    expect(r.of('IjnDecided')[0].data.what).toBe('bombards Port-Moresby with PMG (17.5: it must)');
    const [roll] = r.of('coral.bombard.roll');
    expect(roll.visibleTo).toEqual([]);
    expect(r.rolls[0]).toMatchObject({
      purpose: 'Consolidated CRT, bombardment, bombardment of Port-Moresby',
      sealed: true,
      visibleTo: [],
    });
    expect(roll.data).toMatchObject({ factors: 6, roll: { column: '1-9', result: { defender: 0 } } });
    expect(r.of('coral.bombard')[0].visibleTo).toBeUndefined();
    expect(r.s.air[0].strength).toBe(1);
    expect(r.s.bases['Port-Moresby'].strength).toBe(4);
    expect(r.s.vp).toEqual({ usn: 0, ijn: 1 });
  });

  it('given Port Moresby full and a level-3 bombardment, then squadrons go at random, two levels go, and the air over the new capacity is lost (23.4)', () => {
    const s = world({
      taskForces: [{ id: 'CG', side: 'ijn', hex: PM, ships: ['CA-1', 'CA-2', 'CA-3', 'CA-4', 'CA-5', 'CA-6'], faceUp: true }],
      air: [airUnit('pm-lf', 'usn', 'LF', 2, 'Port-Moresby'), airUnit('pm-lmb', 'usn', 'LMB', 2, 'Port-Moresby')],
    });
    const r = run('bombard-ijn', s, {
      for: [
        { purpose: 'bombardment of Port-Moresby', rolls: [1] },
        { purpose: 'grounded squadrons hit', rolls: [1] },
        { purpose: 'grounded squadron lost at Port-Moresby', rolls: [3, 1] },
      ],
    });
    expect(r.unused).toBe(0);
    expect(r.of('coral.bombard.roll')[0].data).toMatchObject({ factors: 48, roll: { column: '40-49', result: { defender: 3 } } });
    const lost = r.of('coral.base.air-lost');
    expect(lost.map((e) => [e.data.units, e.data.rule])).toEqual([
      [[{ id: 'pm-lmb', squadrons: 1 }], '17.1, 23.1'],
      [[{ id: 'pm-lf', squadrons: 1 }], '23.4'],
    ]);
    expect(r.s.bases['Port-Moresby'].strength).toBe(2);
    expect(r.s.air.reduce((n, a) => n + a.strength, 0)).toBe(2);
    // two levels at 2 each, two US squadrons at 1
    expect(r.s.vp).toEqual({ usn: 0, ijn: 6 });
  });

  it('given Port Moresby at 0 (captured, 23.6) with no air on it, then there is nothing to bombard: the IJN rolls nothing there', () => {
    const s = world({
      taskForces: [{ id: 'PMG', side: 'ijn', hex: PM, ships: ['TR-1', 'DD-4'], identified: true }],
      bases: { 'Port-Moresby': 0 },
    });
    expect(bombardTargets(s, box, 'ijn')).toEqual([]);
    expect([baseCapacity(s, box, 'Port-Moresby'), baseAa(s, box, 'Port-Moresby')]).toEqual([0, 0]);
    expect(run('bombard-ijn', s, []).events).toEqual([]);
  });

  it('given three IJN squadrons lost, then the USN scores 2 VP each and the IJN panics one point per three (9.2); a major base keeps its printed numbers', () => {
    const s = world({ taskForces: [], air: [airUnit('lae-lf', 'ijn', 'LF', 3, 'Lae')] });
    const { f } = fold(s);
    expect(eliminateGrounded(f, namedDice([]).dice, box, 'Lae', 5, 'test', '23.1')).toBe(3);
    expect(f.s.vp.usn).toBe(6);
    expect(f.s.panic.level).toBe(1);
    expect(f.s.ijnSquadronsLost).toBe(3);
    expect(baseAa(s, box, 'Rabaul')).toBe(box.bases.Rabaul.aa.value);
    expect(baseCapacity(s, box, 'Rabaul')).toBe(box.bases.Rabaul.capacity.value);
  });
});
