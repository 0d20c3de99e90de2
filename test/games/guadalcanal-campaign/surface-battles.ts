/**
 * The five night battles off Guadalcanal, fought by resolveSurface (8.2) with seeded dice over the
 * historical forces found in a box (ships the box does not name are made up from the side's own
 * destroyers), for surface-calibration.spec.ts. The ratings, the surface odds and the sinking
 * threshold all come from the box given, so a calibration can try other values.
 */
import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import type { PlainBox } from '../../../src/games/guadalcanal-campaign/box';
import { resolveSurface } from '../../../src/games/guadalcanal-campaign/rules/surface';
import type { SurfaceResult } from '../../../src/games/guadalcanal-campaign/rules/surface-result';
import type { Ship } from '../../../src/games/guadalcanal-campaign/state';
import { seeded } from './support';

const game = rulesets['guadalcanal-campaign'];

export interface Battle {
  readonly name: string;
  readonly turn: number;
  readonly attacker: 'american' | 'japanese';
  readonly us: { readonly named: string[]; readonly dd: number };
  readonly ijn: { readonly named: string[]; readonly dd: number };
  /** ships sunk historically in the action */
  readonly lost: { readonly us: number; readonly ijn: number };
}

export const BATTLES: Battle[] = [
  {
    name: 'Savo Island (9 Aug 1942)',
    turn: 2,
    attacker: 'japanese',
    us: { named: ['Vincennes', 'Quincy', 'Astoria', 'Canberra', 'Chicago'], dd: 4 },
    ijn: { named: ['Chokai', 'Aoba', 'Kako', 'Kinugasa', 'Furutaka', 'Tenryu', 'Yubari', 'Yunagi'], dd: 0 },
    lost: { us: 4, ijn: 0 },
  },
  {
    name: 'Cape Esperance (11-12 Oct 1942)',
    turn: 128,
    attacker: 'american',
    us: { named: ['San Francisco', 'Salt Lake City', 'Boise', 'Helena'], dd: 5 },
    ijn: { named: ['Aoba', 'Furutaka', 'Kinugasa'], dd: 2 },
    lost: { us: 1, ijn: 2 },
  },
  {
    name: 'First Naval Battle of Guadalcanal (13 Nov 1942)',
    turn: 194,
    attacker: 'american',
    us: { named: ['San Francisco', 'Portland', 'Helena', 'Atlanta', 'Juneau'], dd: 8 },
    ijn: { named: ['Hiei', 'Kirishima', 'Nagara'], dd: 11 },
    lost: { us: 6, ijn: 3 },
  },
  {
    name: 'Second Naval Battle of Guadalcanal (14-15 Nov 1942)',
    turn: 198,
    attacker: 'american',
    us: { named: ['Washington', 'South Dakota'], dd: 4 },
    ijn: { named: ['Kirishima', 'Atago', 'Takao', 'Nagara'], dd: 9 },
    lost: { us: 3, ijn: 2 },
  },
  {
    name: 'Tassafaronga (30 Nov 1942)',
    turn: 230,
    attacker: 'american',
    us: { named: ['Minneapolis', 'New Orleans', 'Pensacola', 'Northampton'], dd: 6 },
    ijn: { named: [], dd: 8 },
    lost: { us: 1, ijn: 1 },
  },
];

/** A ship of the box's roster, fresh: its class's ratings, no damage. */
function make(box: PlainBox, name: string, tf: number): Ship {
  const data = box.ships.find((x) => x.name === name);
  if (!data) throw new Error(`${name} is not in the box`);
  const c = box.classes[data.cls];
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
const destroyers = (box: PlainBox, side: 'american' | 'japanese', n: number, taken: string[]) =>
  box.ships
    .filter((x) => box.classes[x.cls].side === side && box.classes[x.cls].type === 'DD' && !taken.includes(x.name))
    .slice(0, n)
    .map((x) => x.name);

/** The battle's position: the two forces alone, in one square, with the box's odds. */
function position(b: Battle, box: PlainBox): GcState {
  const s0: GcState = game.setup({
    gameId: 'G-calibration',
    options: { scenario: 'guadalcanal', mode: 'two-player', level: 4 },
    box: game.box.defaultData,
  });
  const us = [...b.us.named, ...destroyers(box, 'american', b.us.dd, b.us.named)];
  const ijn = [...b.ijn.named, ...destroyers(box, 'japanese', b.ijn.dd, b.ijn.named)];
  const ships = Object.fromEntries([...us.map((n) => make(box, n, 3)), ...ijn.map((n) => make(box, n, 13))].map((x) => [x.name, x]));
  const tf = (id: number, side: 'american' | 'japanese', names: string[]) => ({
    ...s0.taskForces[id],
    side,
    ships: names,
    col: 19,
    row: 17,
    mission: (b.attacker === side ? 'C' : 'B') as GcState['taskForces'][string]['mission'],
    endurance: 20,
  });
  return {
    ...s0,
    turn: b.turn,
    ships,
    surface: box.surface,
    strike: box.strike,
    taskForces: { 3: tf(3, 'american', us), 13: tf(13, 'japanese', ijn) },
  };
}

/** Fights the battle `trials` times (seeds 1, 7920, ...): the mean ships sunk on each side, and the forces. */
export function simulate(b: Battle, box: PlainBox, trials: number) {
  const s0 = position(b, box);
  let us = 0;
  let ijn = 0;
  for (let i = 0; i < trials; i++) {
    const fought: SurfaceResult[] = [];
    const ctx = { dice: seeded(1 + i * 7919), emit: (e: { type: string; data: unknown }) => void fought.push(e.data as SurfaceResult) };
    resolveSurface(s0, ctx as never, (rule, what) => {
      throw new Error(`${rule}: ${what}`);
    });
    for (const n of new Set(fought.flatMap((f) => f.sunk)))
      if (s0.ships[n].side === 'american') us++;
      else ijn++;
  }
  return { us: us / trials, ijn: ijn / trials, forces: { us: s0.taskForces[3].ships, ijn: s0.taskForces[13].ships } };
}
