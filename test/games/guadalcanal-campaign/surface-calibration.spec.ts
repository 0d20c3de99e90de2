/**
 * Calibration of the rebuilt surface odds (box/surface.ts) against the five night battles off
 * Guadalcanal: each battle is fought TRIALS times with seeded dice (a fixed LCG, so the figures are
 * the same at every run) by resolveSurface over the historical forces found in the box (ships the
 * box does not name are made up from the side's own destroyers), and the mean number of ships sunk
 * on each side must fall within the stated band around the historical losses (README).
 */
import type { Dice } from '../../../src/engine/ruleset';
import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import { CLASSES, SHIPS } from '../../../src/games/guadalcanal-campaign/box/ships';
import type { Ship } from '../../../src/games/guadalcanal-campaign/state';
import { resolveSurface } from '../../../src/games/guadalcanal-campaign/rules/surface';
import type { SurfaceResult } from '../../../src/games/guadalcanal-campaign/rules/surface-result';

const game = rulesets['guadalcanal-campaign'];
const TRIALS = 300;

interface Battle {
  readonly name: string;
  readonly turn: number;
  readonly attacker: 'american' | 'japanese';
  readonly us: { readonly named: string[]; readonly dd: number };
  readonly ijn: { readonly named: string[]; readonly dd: number };
  /** ships sunk historically, and the band the simulated mean must fall in */
  readonly lost: { readonly us: number; readonly ijn: number };
  readonly band: { readonly us: [number, number]; readonly ijn: [number, number] };
}

const BATTLES: Battle[] = [
  {
    name: 'Savo Island (9 Aug 1942)',
    turn: 2,
    attacker: 'japanese',
    us: { named: ['Vincennes', 'Quincy', 'Astoria', 'Canberra', 'Chicago'], dd: 4 },
    ijn: { named: ['Chokai', 'Aoba', 'Kako', 'Kinugasa', 'Furutaka', 'Tenryu', 'Yubari', 'Yunagi'], dd: 0 },
    lost: { us: 4, ijn: 0 },
    band: { us: [2, 5], ijn: [0, 0.5] },
  },
  {
    name: 'Cape Esperance (11-12 Oct 1942)',
    turn: 128,
    attacker: 'american',
    us: { named: ['San Francisco', 'Salt Lake City', 'Boise', 'Helena'], dd: 5 },
    ijn: { named: ['Aoba', 'Furutaka', 'Kinugasa'], dd: 2 },
    lost: { us: 1, ijn: 2 },
    // below history for the Japanese: one exchange at 8.2D's US half cannot sink two ships (README)
    band: { us: [0.5, 2.5], ijn: [0, 1] },
  },
  {
    name: 'First Naval Battle of Guadalcanal (13 Nov 1942)',
    turn: 194,
    attacker: 'american',
    us: { named: ['San Francisco', 'Portland', 'Helena', 'Atlanta', 'Juneau'], dd: 8 },
    ijn: { named: ['Hiei', 'Kirishima', 'Nagara'], dd: 11 },
    lost: { us: 6, ijn: 3 },
    // below history for the Japanese: US fire spread by DF (8.2B) over Hiei, Kirishima and 11 destroyers (README)
    band: { us: [3.5, 8], ijn: [0, 1] },
  },
  {
    name: 'Second Naval Battle of Guadalcanal (14-15 Nov 1942)',
    turn: 198,
    attacker: 'american',
    us: { named: ['Washington', 'South Dakota'], dd: 4 },
    ijn: { named: ['Kirishima', 'Atago', 'Takao', 'Nagara'], dd: 9 },
    lost: { us: 3, ijn: 2 },
    band: { us: [1.5, 4.5], ijn: [0.8, 3] },
  },
  {
    name: 'Tassafaronga (30 Nov 1942)',
    turn: 230,
    attacker: 'american',
    us: { named: ['Minneapolis', 'New Orleans', 'Pensacola', 'Northampton'], dd: 6 },
    ijn: { named: [], dd: 8 },
    lost: { us: 1, ijn: 1 },
    band: { us: [1, 3.5], ijn: [0.1, 1.5] },
  },
];

/** A fixed linear congruential generator: the same figures at every run. */
function seeded(seed: number): Dice {
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  return { d6: () => 1 + Math.floor(next() * 6), die: (sides: number) => 1 + Math.floor(next() * sides) };
}

const base = (): GcState =>
  game.setup({ gameId: 'G-calibration', options: { scenario: 'guadalcanal', mode: 'two-player', level: 4 }, box: game.box.defaultData });

/** A ship of the box's roster (box/ships.ts), fresh: its class's ratings, no damage. */
function make(name: string, tf: number): Ship {
  const data = SHIPS.map((x) => x.value).find((x) => x.name === name);
  if (!data) throw new Error(`${name} is not in the box`);
  const c = CLASSES[data.cls].value;
  const ship: Ship = {
    name,
    side: c.side,
    type: c.type,
    cls: data.cls,
    ms: c.ms,
    df: c.df,
    cc: c.cc,
    aa: c.aa,
    mg: c.mg,
    damage: 0,
    tf,
    port: null,
    inf: 0,
    sup: 0,
  };
  return c.tt ? { ...ship, tt: c.tt } : ship;
}

/** The side's destroyers of the box that the battle does not name, in roster order. */
const destroyers = (side: 'american' | 'japanese', n: number, taken: string[]) =>
  SHIPS.map((x) => x.value)
    .filter((x) => CLASSES[x.cls].value.side === side && CLASSES[x.cls].value.type === 'DD' && !taken.includes(x.name))
    .slice(0, n)
    .map((x) => x.name);

/** The battle's position: the two forces alone, in one square. */
function position(b: Battle, s0: GcState): GcState {
  const us = [...b.us.named, ...destroyers('american', b.us.dd, b.us.named)];
  const ijn = [...b.ijn.named, ...destroyers('japanese', b.ijn.dd, b.ijn.named)];
  const ships = Object.fromEntries([...us.map((n) => make(n, 3)), ...ijn.map((n) => make(n, 13))].map((x) => [x.name, x]));
  const tf = (id: number, side: 'american' | 'japanese', names: string[]) => ({
    ...s0.taskForces[id],
    side,
    ships: names,
    col: 19,
    row: 17,
    mission: (b.attacker === side ? 'C' : 'B') as GcState['taskForces'][string]['mission'],
    endurance: 20,
  });
  return { ...s0, turn: b.turn, ships, taskForces: { 3: tf(3, 'american', us), 13: tf(13, 'japanese', ijn) } };
}

function simulate(b: Battle, trials = TRIALS, surface?: Partial<NonNullable<GcState['surface']>>) {
  const s = position(b, base());
  const s0 = surface ? { ...s, surface: { ...s.surface!, ...surface } } : s;
  let us = 0;
  let ijn = 0;
  for (let i = 0; i < trials; i++) {
    const dice = seeded(1 + i * 7919);
    const fought: SurfaceResult[] = [];
    const ctx = { dice, emit: (e: { type: string; data: unknown }) => void fought.push(e.data as SurfaceResult) };
    resolveSurface(s0, ctx as never, (rule, what) => {
      throw new Error(`${rule}: ${what}`);
    });
    const sunk = new Set(fought.flatMap((f) => f.sunk));
    for (const n of sunk)
      if (s0.ships[n].side === 'american') us++;
      else ijn++;
  }
  const forces = { us: s0.taskForces[3].ships, ijn: s0.taskForces[13].ships };
  return { us: us / trials, ijn: ijn / trials, forces };
}

describe('Guadalcanal Campaign: the surface odds calibrated against the night battles (8.2, box/surface.ts)', () => {
  const rows: string[] = [];
  afterAll(() => console.log(['battle | historical US/IJN | simulated US/IJN | band US/IJN', ...rows].join('\n')));
  for (const b of BATTLES)
    it(`${b.name}: the mean ships sunk fall within the band around the historical ${b.lost.us} US and ${b.lost.ijn} IJN`, () => {
      const r = simulate(b);
      rows.push(
        `${b.name} | ${b.lost.us} / ${b.lost.ijn} | ${r.us.toFixed(2)} / ${r.ijn.toFixed(2)} | ${b.band.us.join('-')} / ${b.band.ijn.join('-')} | ${r.forces.us.length} v ${r.forces.ijn.length}`,
      );
      expect(r.forces.us.length).toBe(b.us.named.length + b.us.dd);
      expect(r.us).toBeGreaterThanOrEqual(b.band.us[0]);
      expect(r.us).toBeLessThanOrEqual(b.band.us[1]);
      expect(r.ijn).toBeGreaterThanOrEqual(b.band.ijn[0]);
      expect(r.ijn).toBeLessThanOrEqual(b.band.ijn[1]);
    });
});
