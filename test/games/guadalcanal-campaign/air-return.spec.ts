/**
 * Issue 31: base strikes (8.1F), deck explosions (7.4E), emergency landings (8.5B-D) and
 * counterstrikes (7.4, 8.0 step 5), through adjudicate with dice scripted by rule, as combat.spec.ts.
 */
import type { RulesEvent } from '../../../src/engine/ruleset';
import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import { noAirOps, type Strike } from '../../../src/games/guadalcanal-campaign/state';
import { resolve } from './support';

const game = rulesets['guadalcanal-campaign'];
const start = (scenario = 'guadalcanal'): GcState =>
  game.setup({ gameId: 'G-air', options: { scenario, mode: 'two-player', level: 4 }, box: game.box.defaultData });

function at(s: GcState, japanese: Strike[], american: Strike[], counter: { japanese?: object; american?: object } = {}): GcState {
  // submarine TFs are left out: submarine combat (8.3) comes before steps (4)-(5) and is another issue's
  const taskForces = Object.fromEntries(Object.entries(s.taskForces).filter(([, tf]) => tf.mission !== 'U'));
  return {
    ...s,
    taskForces,
    row: 'combat',
    airOps: {
      japanese: { ...noAirOps(1), strikes: japanese, counter: (counter.japanese ?? {}) as never },
      american: { ...noAirOps(1), strikes: american, counter: (counter.american ?? {}) as never },
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads each event type's data loosely
const of = (events: RulesEvent[], type: string) => events.filter((e) => e.type === type) as (RulesEvent & { data: any })[];
const total = (g: Record<string, number> = {}) => Object.values(g).reduce((a, b) => a + b, 0);

describe('Guadalcanal Campaign: strikes on bases (8.1F, 7.3B)', () => {
  it('given 5 Bettys on Henderson (TF 1) that all hit, then 5 parked aircraft and 1 US dump are destroyed, seen by both sides', () => {
    const s0 = start();
    const s = {
      ...at(s0, [{ from: 'Rabaul', target: 1, range: 10, planes: { Betty: 5 } }], []),
      ashore: { ...s0.ashore, american: { inf: 0, sup: 3 } },
    };
    const { events, after } = resolve(s, { '8.1F': [1, 1, 1, 1, 1] });
    const [e] = of(events, 'gcc.base-struck');
    expect(e.data).toMatchObject({ side: 'japanese', base: 'Henderson Field', hits: 5, dumps: 1 });
    expect(e.visibleTo).toBeUndefined();
    expect(total(e.data.aircraft)).toBe(5);
    expect(total(after.air['Henderson Field'])).toBe(total(s.air['Henderson Field']) - 5);
    const missed = resolve(s, { '8.1F': [100, 100, 100, 100, 100] }).after;
    expect(after.ashore.american.sup).toBe(missed.ashore.american.sup - 1);
  });

  it('given 5 Bettys on Henderson that all miss, then nothing is destroyed', () => {
    const s = at(start(), [{ from: 'Rabaul', target: 1, range: 10, planes: { Betty: 5 } }], []);
    const { events, after } = resolve(s, { '8.1F': [100, 100, 100, 100, 100] });
    expect(of(events, 'gcc.base-struck')[0].data).toMatchObject({ hits: 0, dumps: 0, aircraft: {} });
    expect(after.air['Henderson Field']).toEqual(s.air['Henderson Field']);
  });

  it('given 3 Fortresses on the Cape Esperance base (TF 11) that hit, then their hits count double: 6 hits burn 1 Japanese dump', () => {
    const s0 = start();
    const s = {
      ...at(s0, [], [{ from: 'Espiritu Santo', target: 11, range: 10, planes: { Fortress: 3 } }]),
      ashore: { ...s0.ashore, japanese: { inf: 0, sup: 4 } },
    };
    const { events, after } = resolve(s, { '8.1F': [1, 1, 1] });
    expect(of(events, 'gcc.base-struck')[0].data).toMatchObject({ side: 'american', hits: 6, dumps: 1 });
    const missed = resolve(s, { '8.1F': [100, 100, 100] }).after;
    expect(after.ashore.japanese.sup).toBe(missed.ashore.japanese.sup - 1);
  });
});

/** Junyo's TF 12 holds Junyo alone, struck by 1 Dauntless from Henderson; Junyo keeps a reserve of 5 Vals. */
function junyoStruck(): GcState {
  const s0 = start();
  const s = at(s0, [], [{ from: 'Henderson Field', target: 12, range: 2, planes: { Dauntless: 1 } }], { japanese: { Junyo: { Val: 5 } } });
  return { ...s, taskForces: { ...s.taskForces, 12: { ...s.taskForces[12], ships: ['Junyo'] } } };
}

describe('Guadalcanal Campaign: deck explosions (7.4E)', () => {
  it('given a hit on Junyo with 5 counterstrike Vals on deck, 2 of which explode, then Junyo takes 3 + 2 damage and loses 2 Vals', () => {
    const s = junyoStruck();
    const { events, after, rolled } = resolve(s, { '8.1D': [1], '8.1E': [100], '8.1F': [1], '7.4E': [1, 1, 100, 100, 100] });
    expect(rolled.filter((r) => r.rule === '7.4E')).toHaveLength(5);
    expect(of(events, 'gcc.deck-exploded')[0].data).toMatchObject({ ship: 'Junyo', planes: { Val: 2 }, damage: 2, sunk: false });
    expect(after.ships.Junyo.damage).toBe(5);
    expect(after.air.Junyo.Val).toBe(s.air.Junyo.Val - 2);
  });

  it('given a miss on Junyo, then no deck explosion is rolled', () => {
    const { rolled } = resolve(junyoStruck(), { '8.1D': [1], '8.1E': [100], '8.1F': [100] });
    expect(rolled.some((r) => r.rule === '7.4E')).toBe(false);
  });

  it('given a hit on a US carrier with a reserve outside Coral Sea, then no deck explosion is rolled (7.4E: US only in Coral Sea)', () => {
    const s0 = start();
    const s1 = at(s0, [{ from: 'Junyo', target: 2, range: 3, planes: { Val: 1 } }], [], { american: { Enterprise: { Dauntless: 5 } } });
    const s = { ...s1, taskForces: { ...s1.taskForces, 2: { ...s1.taskForces[2], ships: ['Enterprise'] } } };
    const { rolled } = resolve(s, { '8.1D': [1], '8.1E': [100], '8.1F': [1] });
    expect(rolled.some((r) => r.rule === '7.4E')).toBe(false);
  });
});

describe('Guadalcanal Campaign: counterstrikes (7.4, 8.0 step 5)', () => {
  const base = () => {
    const s0 = start();
    const s1 = at(s0, [{ from: 'Junyo', target: 2, range: 3, planes: { Val: 1 } }], [], { american: { Enterprise: { Dauntless: 4 } } });
    return { ...s1, taskForces: { ...s1.taskForces, 2: { ...s1.taskForces[2], ships: ['Enterprise'] } } };
  };
  it("given Junyo's strike on Enterprise's TF 2, which keeps 4 Dauntlesses in reserve, then they follow it home and strike Junyo's TF 12", () => {
    const { events, after } = resolve(base(), { '8.1F': [100] });
    const [launch] = of(events, 'gcc.counterstrike-launched');
    expect(launch.data).toMatchObject({ side: 'american', from: 'Enterprise', target: 12, planes: { Dauntless: 4 } });
    expect(launch.visibleTo).toEqual(['american']);
    expect(of(events, 'gcc.strike-resolved').map((e) => e.data.from)).toEqual(['Junyo', 'Enterprise']);
    expect(after.airOps.american.counter.Enterprise).toBeUndefined();
  });

  it('given Enterprise at 26% damage, then its reserve may not launch (9.1B) and no counterstrike flies', () => {
    const s = base();
    const hurt = { ...s, ships: { ...s.ships, Enterprise: { ...s.ships.Enterprise, damage: 12 } } };
    const { events } = resolve(hurt, { '8.1F': [100] });
    expect(of(events, 'gcc.counterstrike-launched')).toHaveLength(0);
  });
});

describe('Guadalcanal Campaign: emergency landings (8.5B-D)', () => {
  const crippled = (col: number, row: number) => {
    const s0 = start();
    const s = at(s0, [{ from: 'Junyo', target: 2, range: 3, planes: { Val: 6 } }], []);
    return {
      ...s,
      ships: { ...s.ships, Junyo: { ...s.ships.Junyo, damage: 20 } },
      taskForces: { ...s.taskForces, 12: { ...s.taskForces[12], col, row } },
    };
  };
  it('given Junyo at half damage far from any base, then her strike survivors ditch (8.5D)', () => {
    const s = crippled(21, 10);
    const { events, after } = resolve(s, { '8.1F': [100, 100, 100, 100, 100, 100] });
    const [e] = of(events, 'gcc.emergency-landed');
    expect(e.data).toMatchObject({ from: 'Junyo', to: null });
    expect(e.visibleTo).toEqual(['japanese']);
    expect(after.air.Junyo.Val).toBe(s.air.Junyo.Val - e.data.planes.Val);
  });

  it('given Junyo at half damage 2 squares from Rabaul, then her strike survivors land at Rabaul (8.5B)', () => {
    const rabaul = start().airbases.find((b) => b.name === 'Rabaul')!;
    const s = crippled(rabaul.col + 2, rabaul.row);
    const { events, after } = resolve(s, { '8.1F': [100, 100, 100, 100, 100, 100] });
    const [e] = of(events, 'gcc.emergency-landed');
    expect(e.data).toMatchObject({ from: 'Junyo', to: 'Rabaul' });
    expect(after.air.Rabaul.Val ?? 0).toBe((s.air.Rabaul.Val ?? 0) + e.data.planes.Val);
  });
});
