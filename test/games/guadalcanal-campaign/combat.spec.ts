/**
 * Issue 31: air strike resolution (8.1) with the damage it does (9.1) and its endurance effects
 * (9.3B-C), bombardment (8.4) and unloading on Guadalcanal (8.6). Combat resolution may stop further on, so the strikes
 * are checked here through adjudicate with scripted dice, not as cases: the events emitted before
 * the stop are folded into the state.
 */
import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import { hitChance } from '../../../src/games/guadalcanal-campaign/rules/strike';
import { noAirOps, type Strike } from '../../../src/games/guadalcanal-campaign/state';
import { resolve } from './support';

const game = rulesets['guadalcanal-campaign'];
const start = (scenario = 'guadalcanal'): GcState =>
  game.setup({ gameId: 'G-strike', options: { scenario, mode: 'two-player', level: 4 }, box: game.box.defaultData });

/** The position at turn 1's combat step with these strikes launched and this US long-range CAP. */
function withStrikes(s: GcState, japanese: Strike[], lrcap: GcState['airOps']['american']['lrcap'] = {}): GcState {
  return {
    ...s,
    row: 'combat',
    airOps: { japanese: { ...noAirOps(1), strikes: japanese }, american: { ...noAirOps(1), lrcap } },
  };
}

describe('Guadalcanal Campaign: air strike resolution (8.1, 9.1, 9.3B-C)', () => {
  it('given two Bettys on US TF 3 and no CAP, then each picks a ship (8.1D), runs the flak (8.1E) and one torpedo hits for 5 and 5 knots (8.1F, 9.1A); the TF drops to endurance 10 (9.3B)', () => {
    const s = withStrikes(start(), [{ from: 'Rabaul', target: 3, range: 11, planes: { Betty: 2 } }]);
    const { events, rolled, stop, after } = resolve(s, { '8.1D': [1, 1], '8.1E': [100, 100], '8.1F': [1, 100] });
    expect(stop).toBe(''); // past the strikes, the US submarines near the Japanese TFs roll and miss (8.3)
    // the one hit rolls for a critical (9.1A) after the strikes, then the subs roll (8.3B)
    expect(rolled.slice(0, 8).map((r) => r.rule)).toEqual(['8.1D', '8.1E', '8.1F', '8.1D', '8.1E', '8.1F', '9.1A', '8.3B']);
    const sf = s.ships['San Francisco'];
    expect(events[0]).toMatchObject({
      type: 'gcc.strike-resolved',
      data: {
        side: 'japanese',
        target: 3,
        lost: {},
        hits: [{ ship: 'San Francisco', weapon: 'torpedo', damage: 5 }],
        sunk: [],
        attacked: true,
      },
    });
    // the result is both sides' (no visibleTo): the striker learns what it hit, the defender what struck it
    expect(events[0].visibleTo).toBeUndefined();
    expect(after.ships['San Francisco']).toMatchObject({ damage: 5, ms: sf.ms - 5 });
    expect(after.taskForces[3].endurance).toBe(10);
    expect(after.airOps.japanese.strikes).toEqual([]);
  });

  it('given a long-range CAP 2 squares out, then 30% of it meets the strike (7.1B); a Rabaul Betty at 11 squares falls on 52 or less, a Zeke shoots back on 13 or less (8.1C long-range odds); no bomber gets through, so endurance stands', () => {
    const s = withStrikes(start(), [{ from: 'Rabaul', target: 3, range: 11, planes: { Betty: 1, Zeke: 1 } }], {
      'Henderson Field': { Wildcat: 10 },
    });
    const { events, rolled, after } = resolve(s, { '8.1B': [1], '8.1C': [52, 28, 13, 100, 100] });
    expect(rolled.filter((r) => r.rule === '8.1C').map((r) => r.purpose)).toEqual([
      'CAP fighter 1 of Henderson Field fires at a Betty',
      'CAP fighter 2 of Henderson Field fires at a Zeke',
      'the Zeke fires back at CAP fighter 2 of Henderson Field',
      'CAP fighter 3 of Henderson Field fires at a Zeke',
      'the Zeke fires back at CAP fighter 3 of Henderson Field',
    ]);
    expect(events[0].data).toMatchObject({ lost: { Betty: 1 }, capLost: { 'Henderson Field': { Wildcat: 1 } }, hits: [], attacked: false });
    expect(after.air['Henderson Field'].Wildcat).toBe(29);
    expect(after.air.Rabaul.Betty).toBe(29);
    expect(after.taskForces[3].endurance).toBe(s.taskForces[3].endurance);
  });

  it('given a Fortress bomb on a cruiser at its last 3 points, then it sinks and leaves its TF (9.1); Fortresses from over 7 squares leave endurance alone (9.3B)', () => {
    const base = start();
    const chokai = base.ships.Chokai;
    // 3 points short of the sinking threshold (box/strike.ts: a share of DF)
    const s0 = { ...base, ships: { ...base.ships, Chokai: { ...chokai, damage: Math.ceil(chokai.df * base.strike!.sinkAtDf) - 3 } } };
    const s: GcState = {
      ...withStrikes(s0, []),
      airOps: {
        japanese: noAirOps(1),
        american: { ...noAirOps(1), strikes: [{ from: 'Espiritu Santo', target: 14, range: 13, planes: { Fortress: 1 } }] },
      },
    };
    const { events, after } = resolve(s, { '8.1D': [1], '8.1E': [100], '8.1F': [1] });
    expect(events[0].data).toMatchObject({ hits: [{ ship: 'Chokai', weapon: 'bomb', damage: 3 }], sunk: ['Chokai'] });
    expect(after.ships.Chokai).toMatchObject({ sunk: true, tf: null });
    expect(after.taskForces[14].ships).not.toContain('Chokai');
    expect(after.taskForces[14].endurance).toBe(s.taskForces[14].endurance);
  });

  it('given a bomb that takes a ship to half its DF, then it is crippled: 5 knots (9.1, 9.1D)', () => {
    const base = start();
    const sf = base.ships['San Francisco'];
    const s0 = { ...base, ships: { ...base.ships, 'San Francisco': { ...sf, damage: Math.ceil(sf.df / 2) - 3 } } };
    const s = withStrikes(s0, [{ from: 'Junyo', target: 3, range: 8, planes: { Val: 1 } }]);
    const { after } = resolve(s, { '8.1D': [1], '8.1E': [100], '8.1F': [1] });
    expect(after.ships['San Francisco'].ms).toBe(5);
  });

  it('given a carrier strike, then the carrier TF loses 5% of its endurance (9.3C) and the TF attacked drops to 10 even unhit (9.3B)', () => {
    const s = withStrikes(start(), [{ from: 'Junyo', target: 3, range: 8, planes: { Kate: 1 } }]);
    const { after } = resolve(s, { '8.1D': [1], '8.1E': [100], '8.1F': [100] });
    expect(after.taskForces[12].endurance).toBe(Math.floor(s.taskForces[12].endurance * 0.95));
    expect(after.taskForces[3].endurance).toBe(10);
  });

  it('given a strike on Henderson Field (TF 1), then combat no longer stops naming 8.1F (rules/base-strike.ts, test air-return.spec.ts)', () => {
    const s = withStrikes(start(), [{ from: 'Rabaul', target: 1, range: 10, planes: { Betty: 5 } }]);
    expect(resolve(s, {}).stop).not.toBe('8.1F');
  });

  it('given the rebuilt hit odds (8.1F), then a Val has 25% on a 33-knot carrier close in without flak, and speed, flak, range and size each cut it', () => {
    const s = start();
    const enterprise = s.ships.Enterprise;
    expect(hitChance(s, 'Val', enterprise, 0, 0)).toBe(25);
    expect(hitChance(s, 'Val', enterprise, 200, 0)).toBe(20);
    expect(hitChance(s, 'Val', enterprise, 0, 25)).toBe(12);
    expect(hitChance(s, 'Val', s.ships.Blue, 0, 0)).toBeLessThan(25);
    expect(hitChance(s, 'Fortress', enterprise, 0, 0)).toBe(2);
  });
});

describe('Guadalcanal Campaign: unloading on Guadalcanal (8.6)', () => {
  const pm = (s: GcState): GcState => ({ ...s, turn: 2, row: 'combat' });

  it('given the campaign transports off Lunga at the PM combat step, then each ship lands 1 company and 1 dump, or 2 companies, or 1 dump (8.6A), seen by the US alone', () => {
    const s = pm(start('campaign'));
    const tf = Object.values(s.taskForces).find((t) => t.side === 'american' && t.col === 21 && t.row === 20)!;
    const { events, stop, after } = resolve(s, {});
    expect(stop).toBe('');
    const landed = events.find((e) => e.type === 'gcc.unloaded')!;
    expect(landed.visibleTo).toEqual(['american']);
    const ships = (landed.data as { ships: { ship: string; inf: number; sup: number }[] }).ships;
    expect(ships.length).toBeGreaterThan(0);
    for (const x of ships) {
      const had = s.ships[x.ship];
      expect(x).toEqual({ ship: x.ship, inf: had.sup > 0 ? Math.min(1, had.inf) : Math.min(2, had.inf), sup: Math.min(1, had.sup) });
      expect(tf.ships).toContain(x.ship);
      expect(after.ships[x.ship].inf + after.ships[x.ship].sup).toBe(had.inf + had.sup - x.inf - x.sup);
    }
    // after the PM turn each side with men ashore spends a dump (9.4A): the US one of those landed, Japan one of its 13.0 garrison's 5
    expect(after.ashore.american).toEqual({ inf: ships.reduce((a, x) => a + x.inf, 0), sup: ships.reduce((a, x) => a + x.sup, 0) - 1 });
    expect(after.ashore.japanese).toEqual({ inf: s.ashore.japanese.inf, sup: s.ashore.japanese.sup - 1 });
  });

  it('given the same TF on FR (a fast TF that aborted, 9.2H), then it lands nothing', () => {
    const s0 = pm(start('campaign'));
    const tf = Object.values(s0.taskForces).find((t) => t.side === 'american' && t.col === 21 && t.row === 20)!;
    const s = { ...s0, taskForces: { ...s0.taskForces, [tf.id]: { ...tf, mission: 'FR' as const } } };
    expect(resolve(s, {}).events.filter((e) => e.type === 'gcc.unloaded')).toEqual([]);
  });
});

describe('Guadalcanal Campaign: coastal bombardment (8.4)', () => {
  /** PM combat of the Guadalcanal mini game with TF 13 (Hiei, Kirishima) on Henderson's square, the submarines away. */
  const onHenderson = (change: (s: GcState) => GcState = (x) => x): GcState => {
    const s = start();
    const taskForces = {
      ...s.taskForces,
      13: { ...s.taskForces[13], col: 21, row: 20 },
      6: { ...s.taskForces[6], col: 35, row: 35 },
      17: { ...s.taskForces[17], col: 2, row: 2 },
    };
    return change({ ...s, turn: 2, row: 'combat', taskForces });
  };

  it('given two battleships bombarding, then the four heaviest fire (8.4D, BB guns x12, 8.4E) and destroy about half the parked aircraft, as Kongo and Haruna did on 13-14 October 1942; the B mission is done (R, 9.2A)', () => {
    const { events, stop, after } = resolve(onHenderson(), {});
    expect(stop).toBe(''); // the end of the turn is built (rules/turn-end.ts)
    const e = events.find((x) => x.type === 'gcc.bombarded')!;
    const d = e.data as { ships: string[]; firepower: number; aircraft: Record<string, number>; mission: string };
    expect(e.visibleTo).toBeUndefined();
    expect(d.ships.slice(0, 2).sort()).toEqual(['Hiei', 'Kirishima']);
    expect(d.ships).toHaveLength(4);
    const share = d.firepower / (d.firepower + 200);
    expect(share).toBeGreaterThan(0.45);
    expect(d.aircraft).toEqual({ Wildcat: Math.round(30 * share), Dauntless: Math.round(25 * share), Avenger: Math.round(10 * share) });
    expect(after.air['Henderson Field'].Wildcat).toBe(30 - Math.round(30 * share));
    expect(after.taskForces[13].mission).toBe('R');
  });

  it('given Hiei with 10% damage and the TF on FB, then Hiei does not fire (8.4C) and the TF turns to FC (9.2G)', () => {
    const { events, after } = resolve(
      onHenderson((s) => ({
        ...s,
        ships: { ...s.ships, Hiei: { ...s.ships.Hiei, damage: Math.ceil(s.ships.Hiei.df / 10) } },
        taskForces: { ...s.taskForces, 13: { ...s.taskForces[13], mission: 'FB' } },
      })),
      {},
    );
    const d = events.find((x) => x.type === 'gcc.bombarded')!.data as { ships: string[] };
    expect(d.ships).not.toContain('Hiei');
    expect(d.ships).toContain('Kirishima');
    expect(after.taskForces[13].mission).toBe('FC');
  });
});
