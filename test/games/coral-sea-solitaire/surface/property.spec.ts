import type { Dice } from '../../../../src/engine/ruleset';
import { defaultBox as box } from '../../../../src/games/coral-sea-solitaire/box';
import type { CoralEvent } from '../../../../src/games/coral-sea-solitaire/events';
import {
  maxUsnScreen,
  surfaceAwaits,
  surfaceCombatHexes,
  surfaceHandlers,
  validateSurfaceOrders,
} from '../../../../src/games/coral-sea-solitaire/rules/surface';
import type { CoralOrder, CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { step, type TfSpec, world } from './world';

/**
 * Issue 26, surface combat over many random positions: battles in several hexes, random forces,
 * fatigue, chits, night, option 33 on or off, random dice. Whatever happens: no rule throws, every
 * battle of the phase is fought once, a USN SCREEN is asked only when 33 allows one and is then
 * answered (SCREEN MAX, checked), ships only get worse, every ship that fought and survived is
 * fatigued, no side's VP falls and no chit count goes below 0.
 */
function lcg(seed: number) {
  let x = seed >>> 0;
  return (n: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return 1 + (x % n);
  };
}

const diceOf = (roll: (n: number) => number): Dice => ({ d6: () => roll(6), die: (sides) => roll(sides) });

const USN = [
  'CV-1',
  'CV-2',
  'CA-1',
  'CA-2',
  'CA-3',
  'CA-4',
  'CA-5',
  'CA-6',
  'CA-7',
  'CA-8',
  'DD-1',
  'DD-2',
  'DD-3',
  'DD-4',
  'DD-5',
  'CYP-1',
];
const IJN = [
  'CV-1',
  'CV-2',
  'CVL-3',
  'CA-1',
  'CA-2',
  'CA-3',
  'CA-4',
  'CL-1',
  'CL-2',
  'DD-1',
  'DD-2',
  'DD-3',
  'TR-1',
  'TR-2',
  'GB-1',
  'Dummy-1',
  'Dummy-2',
];

function position(roll: (n: number) => number): CoralState {
  const hexes = ['1410', '1520', '0909', '2020'].slice(0, roll(4));
  const usn = [...USN];
  const ijn = [...IJN];
  const take = (from: string[]) => Array.from({ length: roll(4) }, () => from.splice(roll(from.length) - 1, 1)[0]).filter(Boolean);
  const taskForces: TfSpec[] = [];
  const usnIds = ['TF-11', 'TF-17', 'TF-44', 'TF-9'];
  const ijnIds = ['CSF', 'CG', 'PMG', 'TG', 'SG'];
  hexes.forEach((hex, i) => {
    const u = take(usn);
    const j = take(ijn);
    if (u.length)
      taskForces.push({ id: usnIds[i], side: 'usn', hex, ships: u, identified: roll(2) === 1, fatigued: u.filter(() => roll(3) === 1) });
    if (j.length) taskForces.push({ id: ijnIds[i], side: 'ijn', hex: roll(5) === 1 ? '2121' : hex, ships: j, identified: roll(2) === 1 });
  });
  return world({
    turn: 4 + roll(2),
    taskForces,
    options: { screening: roll(2) === 1 },
    chits: { usn: roll(3) - 1, ijn: roll(3) - 1 },
    usnChit: { 'tactical-initiative': roll(2) === 1, 'surface-crt': roll(2) === 1 },
  });
}

const RANK = { ok: 0, damaged: 1, crippled: 2, sunk: 3 } as const;

describe('issue 26 Coral Sea surface combat over random positions', () => {
  it('given 300 random positions and dice, then every battle is fought once, SCREEN only under 33, and the results keep the invariants', () => {
    let battles = 0;
    let screens = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const roll = lcg(seed);
      const before = position(roll);
      const expected = surfaceCombatHexes(before);
      const events: CoralEvent[] = [];
      const ctx = { dice: diceOf(roll), emit: (e: unknown) => events.push(e as CoralEvent) };
      let s = surfaceHandlers.surface(before, step(`t${before.turn}/surface`), { usn: [], ijn: [] }, ctx) as CoralState;
      for (let guard = 0; surfaceAwaits(s) && guard < 10; guard++) {
        expect(s.options.screening).toBe(true);
        const pending = surfaceAwaits(s) as { hex: string };
        const p = s.surface?.pending as NonNullable<CoralState['surface']>['pending'] & object;
        const names = maxUsnScreen(s, box, pending.hex, p.attacker, p.ijnScreened).map((k) => k.split(':')[1]);
        const orders: CoralOrder[] = [roll(2) === 1 ? { kind: 'screen-max' } : { kind: 'screen', ships: names }];
        expect(validateSurfaceOrders(s, 'screen', orders)).toEqual([]);
        s = surfaceHandlers.screen(s, step(`t${s.turn}/screen/${pending.hex}`), { usn: orders, ijn: [] }, ctx) as CoralState;
        screens++;
      }
      expect(surfaceAwaits(s)).toBeNull();
      expect([...(s.surface?.fought ?? [])].sort()).toEqual([...expected].sort());
      battles += events.filter((e) => e.type === 'coral.surface.combat').length;
      for (const k of Object.keys(before.ships) as (keyof typeof before.ships)[])
        expect(RANK[s.ships[k].status]).toBeGreaterThanOrEqual(RANK[before.ships[k].status]);
      for (const e of events)
        if (e.type === 'coral.surface.combat')
          for (const k of [...e.data.ships.usn, ...e.data.ships.ijn])
            if (s.ships[k].status !== 'sunk') expect(s.ships[k].fatigued).toBe(true);
      expect(s.vp.usn).toBeGreaterThanOrEqual(before.vp.usn);
      expect(s.vp.ijn).toBeGreaterThanOrEqual(before.vp.ijn);
      expect(Math.min(s.chits.usn, s.chits.ijn)).toBeGreaterThanOrEqual(0);
    }
    // the random positions do hold battles and screening decisions
    expect(battles).toBeGreaterThan(200);
    expect(screens).toBeGreaterThan(10);
  });
});
