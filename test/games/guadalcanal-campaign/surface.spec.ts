/**
 * Surface combat (8.2) and its scare (9.3D), through adjudicate with dice scripted by rule: each
 * rule's faces in order, then the highest face (a miss, the last pick, rnd 0.999).
 */
import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import type { SurfaceResult } from '../../../src/games/guadalcanal-campaign/rules/surface-result';
import { resolve as resolveWith } from './support';

const game = rulesets['guadalcanal-campaign'];
const start = (): GcState =>
  game.setup({ gameId: 'G-surface', options: { scenario: 'guadalcanal', mode: 'two-player', level: 4 }, box: game.box.defaultData });

/** US TF 3 (C) meets Japanese TF 13 (B) off Savo at the combat step of `turn`, with only these ships; every other TF far away. */
function battle(turn: number, us: string[], ijn: string[], mission: GcState['taskForces'][string]['mission'] = 'B'): GcState {
  const s = start();
  const away = (id: number, col: number, row: number) => ({ ...s.taskForces[id], col, row });
  return {
    ...s,
    turn,
    row: 'combat',
    taskForces: {
      3: { ...s.taskForces[3], ships: us, col: 19, row: 17 },
      13: { ...s.taskForces[13], ships: ijn, mission, col: 19, row: 17 },
      4: away(4, 30, 1),
      6: away(6, 30, 5),
      17: away(17, 5, 5),
      15: away(15, 16, 10),
    },
  };
}

function resolve(s: GcState, faces: Record<string, number[]>) {
  const r = resolveWith(s, faces);
  return { ...r, fought: r.events.filter((e) => e.type === 'gcc.surface-fought').map((e) => e.data as SurfaceResult) };
}

describe('Guadalcanal Campaign: surface combat (8.2, 9.3D)', () => {
  it("given San Francisco against Nagara at night, then the attacker fires first (8.2A): torpedoes, main guns, light guns (8.2C); one main gun hits for a CA gun's 2 (9.1A)", () => {
    const { fought, rolled, after } = resolve(battle(2, ['San Francisco'], ['Nagara']), { '8.2D': [1] });
    expect(fought).toHaveLength(1);
    expect(fought[0]).toMatchObject({ side: 'american', tf: 3, against: [13] });
    expect(fought[0].hits).toEqual([{ ship: 'Nagara', by: 'San Francisco', weapon: 'gun', damage: 2, knots: 0 }]);
    // San Francisco: a pick, 9 main guns, 8 light guns; Nagara: a pick, half of 16 torpedoes, 7 main guns, 3 light guns; two scare draws; then the end of the turn rolls the weather (9.6B)
    expect(rolled.map((r) => r.rule).join(' ')).toBe(
      ['8.2B', ...Array(17).fill('8.2D'), '8.2B', ...Array(18).fill('8.2D'), '9.3D', '9.3D', '9.1A', '9.6B'].join(' '), // the hit's critical roll (9.1A), then the end of the turn's weather die
    );
    expect(fought[0].torpedoes).toEqual({ Nagara: 8 });
    expect(after.ships.Nagara.damage).toBe(2);
    expect(after.ships.Nagara.tt).toBe(8);
  });

  it('given a Japanese 24-inch torpedo hit, then it does 9 and costs 10 knots (9.1A); at half its DF the ship is crippled, 5 knots (9.1), and at 55% it sinks', () => {
    const { fought, after } = resolve(battle(2, ['San Francisco'], ['Nagara']), { '8.2D': [...Array(17).fill(1000), 1, 1] });
    expect(fought[0].hits.slice(0, 2)).toEqual([
      { ship: 'San Francisco', by: 'Nagara', weapon: 'torpedo', damage: 9, knots: 10 },
      { ship: 'San Francisco', by: 'Nagara', weapon: 'torpedo', damage: 9, knots: 10 },
    ]);
    // at 5 knots she is a sure hit for the rest of Nagara's fire (box/surface.ts: 800 per mille x speed factor 2 > 1000): 7 main guns at 1, 3 light guns at 0.5
    expect(fought[0].hits.slice(2).map((h) => `${h.weapon} ${h.damage}`)).toEqual([...Array(7).fill('gun 1'), ...Array(3).fill('aa 0.5')]);
    expect(after.ships['San Francisco'].damage).toBe(26.5);
    expect(after.ships['San Francisco'].ms).toBe(5);
    // 18 already passes the sinking threshold, 55% of her DF 32 (box/strike.ts)
    expect(fought[0].sunk).toEqual(['San Francisco']);
  });

  it('given the scare draws at 0.999, then the attacker drops to endurance 8 and the B TF returns (R) without bombarding (9.3D, 9.2A); a lone cruiser pair of DF 22 and 9 guns scares nobody', () => {
    const { fought, after, events } = resolve(battle(2, ['San Francisco', 'Portland'], ['Nagara', 'Hiei']), {});
    // defenders' DF 82 x 0.999 > 25: TF 3 scared; attackers' 18 main guns x 0.999 > 15: TF 13 scared
    expect(fought[0].scared).toEqual([
      { tf: 3, endurance: 8, mission: 'C' },
      { tf: 13, endurance: 8, mission: 'R' },
    ]);
    expect(after.taskForces[13].mission).toBe('R');
    expect(events.some((e) => e.type === 'gcc.bombarded')).toBe(false);
    const alone = resolve(battle(2, ['San Francisco'], ['Nagara']), {});
    // DF 22 and 9 main guns scare nobody
    expect(alone.fought[0].scared).toEqual([]);
  });

  it('given an FB TF scared, then it aborts to FR (9.2H)', () => {
    const { after } = resolve(battle(2, ['San Francisco', 'Portland'], ['Nagara'], 'FB'), {});
    expect(after.taskForces[13].mission).toBe('FR');
  });

  it('given daylight (an AM turn), then US destroyers hold their torpedoes for cripples and light guns hold fire at ships with main guns (8.2F)', () => {
    const { rolled } = resolve(battle(1, ['Mahan'], ['Nagara']), {});
    const mahan = rolled.filter((r) => r.purpose.includes('of Mahan'));
    expect(mahan).toEqual([]);
    const nagara = rolled.filter((r) => r.purpose.includes('of Nagara'));
    // Nagara at Mahan (no main guns): 8 torpedoes, 7 main guns and 3 light guns
    expect(nagara).toHaveLength(18);
  });

  it('given a transport and a DMS, then the transport never fires and the DMS fires on 50 or less (8.2G); a ship whose pick is already sinking holds its fire', () => {
    const s = battle(2, ['Hopkins', 'McCawley'], ['Nagara']);
    const { rolled } = resolve(s, { '8.2G': [51] });
    expect(rolled.filter((r) => r.rule === '8.2G')).toHaveLength(1);
    expect(rolled.some((r) => r.purpose.includes('of McCawley') || r.purpose.includes('McCawley picks'))).toBe(false);
    const sinking = { ...s, ships: { ...s.ships, Nagara: { ...s.ships.Nagara, damage: 22 } } };
    const none = resolve(
      { ...sinking, taskForces: { ...sinking.taskForces, 3: { ...sinking.taskForces[3], ships: ['San Francisco'] } } },
      {},
    );
    expect(none.rolled.some((r) => r.purpose.includes('of San Francisco'))).toBe(false);
  });

  it('given a box without surface combat data, then combat stops naming 8.2', () => {
    expect(resolve({ ...battle(2, ['San Francisco'], ['Nagara']), surface: undefined }, {}).stop).toBe('8.2');
  });
});
