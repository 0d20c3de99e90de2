/**
 * Optional rule 23: airstrikes kept apart from their carriers (23.1-23.4).
 */
import {
  answer,
  battleOutcome,
  nextDecision,
  resolveUntilDecision,
  startBattle,
  type BattleInput,
  type VitpSide,
} from '../../../../src/games/vitp/combat/api';
import { seededRng } from '../../../../src/engine/random-player';
import { battleInput, carrier, dayNight, eventsOf, lba, play, ScriptedDice, ship, stay, targets } from './support';

const rule23 = { usBattleshipBonus: false, kamikaze: false, taskForces: false, separateAirstrikes: true };

const carriersAndBattleship: BattleInput = battleInput({
  options: rule23,
  atSea: [
    carrier('Akagi', 'japanese', { airstrike: 3, airstrikeBonus: true, armor: 3 }),
    carrier('Kaga', 'japanese', { airstrike: 2, airstrikeBonus: false, armor: 3 }),
    carrier('Enterprise', 'allied', { airstrike: 2, airstrikeBonus: true, armor: 3 }),
    ship('Nevada', 'allied', { shipClass: 'battleship', gunnery: 3, armor: 3, speed: 3 }),
  ],
});

describe('rule 23: a day action with airstrikes apart', () => {
  // Akagi attacks Enterprise; Kaga stays back to defend. Enterprise attacks Akagi.
  const script = [
    ['japanese', dayNight('day')],
    ['allied', dayNight('day')],
    ['japanese', targets({ Akagi: 'Enterprise' })],
    ['allied', targets({ Enterprise: 'Akagi' })],
    ['japanese', targets({ Kaga: 'Enterprise' })], // 23.31: the defender at the attacking airstrike
    ['allied', targets({ Nevada: 'Akagi' })], // 23.35: the battleship nobody attacks
  ] as const;
  const faces = [
    6,
    1,
    1, // 23.32: Kaga's 2 shots at Enterprise's airstrike: a hit for 1, a miss
    5, // 23.34: Akagi (under attack) at Enterprise's airstrike: a 5 does nothing to an airstrike
    6,
    2, // 23.34: Enterprise (under attack) at Akagi's airstrike: a hit for 2
    6,
    3, // 23.35: Nevada at Akagi's airstrike: a hit for 3, all of Akagi's airstrikes are lost
    4, // 23.37: Enterprise's one shot left, 4 +1 (circled) = 5: Akagi disabled
  ];
  const played = play(carriersAndBattleship, faces, script, { stopAtUnscripted: true });

  it('then the defenders and the ships fire at the attacking airstrikes first, each hit counting at once', () => {
    expect(eventsOf(played.events, 'combat.airstrike-hit')).toEqual([
      { unit: 'Enterprise', damageTaken: 1, shotsLeft: 1, result: 'damaged', rule: '23.32' },
      { unit: 'Akagi', damageTaken: 2, shotsLeft: 1, result: 'damaged', rule: '23.34' },
      { unit: 'Akagi', damageTaken: 3, shotsLeft: 0, result: 'airstrikes-lost', rule: '23.35' },
    ]);
    expect(eventsOf(played.events, 'combat.shot').map((s) => [s.attacker, s.target, s.factor, s.bonus, s.result, s.rule])).toEqual([
      ['Kaga', 'Enterprise', 'airstrike', false, 'hit', '23.32'],
      ['Kaga', 'Enterprise', 'airstrike', false, 'miss', '23.32'],
      ['Akagi', 'Enterprise', 'flak', false, 'disable-ignored', '23.34'],
      ['Enterprise', 'Akagi', 'flak', false, 'hit', '23.34'],
      ['Nevada', 'Akagi', 'flak', false, 'hit', '23.35'],
      ['Enterprise', 'Akagi', 'airstrike', true, 'disabled', '7.51'],
    ]);
    expect(played.dice.unused).toBe(0);
  });

  it('then the attackers strike with what is left (23.37): Akagi, stripped of its airstrikes, makes no attack', () => {
    const strikes = eventsOf(played.events, 'combat.shot').filter((s) => s.rule === '7.51');
    expect(strikes.map((s) => `${s.attacker} ${s.shot}/${s.of}`)).toEqual(['Enterprise 1/1']);
  });

  it('then the damage on airstrikes is kept apart from the ships (23.1) and Akagi is disabled (23.4)', () => {
    const resolved = eventsOf(played.events, 'combat.action-resolved')[0];
    expect(resolved.results).toEqual([{ unit: 'Akagi', damageTaken: 0, damage: 0, result: 'disabled', speed: 6 }]);
    const b = play(
      played.battle,
      [],
      [
        ['japanese', stay],
        ['allied', stay],
      ],
      { stopAtUnscripted: true },
    ).battle;
    expect(b.units.find((u) => u.id === 'Akagi')).toMatchObject({
      damage: 0,
      airstrikeDamage: 5,
      fate: 'returning',
      disabled: true,
    });
    expect(b.units.find((u) => u.id === 'Enterprise')).toMatchObject({
      damage: 0,
      airstrikeDamage: 1,
      fate: 'at-sea',
    });
  });

  it("then the decisions asked were the designations, the defenders' and the lone battleship's", () => {
    expect(played.asked.map((d) => [d.id, d.rule])).toEqual([
      ['main/r1/day-night', '7.3'],
      ['main/r1/day-night', '7.3'],
      ['main/r1/a1-day/targets-japanese', '7.4'],
      ['main/r1/a1-day/targets-allied', '7.4'],
      ['main/r1/a1-day/intercept-japanese', '23.31'],
      ['main/r1/a1-day/flak-allied', '23.35'],
    ]);
  });
});

describe('rule 23: checks and defaults', () => {
  const upToIntercept = play(
    carriersAndBattleship,
    [],
    [
      ['japanese', dayNight('day')],
      ['allied', dayNight('day')],
      ['japanese', targets({ Akagi: 'Enterprise' })],
      ['allied', targets({ Enterprise: 'Akagi' })],
    ],
    { stopAtUnscripted: true },
  ).battle;

  it("given the defenders' decision, then only defenders may fire and only at attacking airstrikes", () => {
    const d = nextDecision(upToIntercept);
    expect(d).toMatchObject({
      kind: 'targets',
      owes: ['japanese'],
      targets: [{ id: 'Enterprise' }],
      defaults: { japanese: { kind: 'targets', fire: { Kaga: 'Enterprise' } } },
    });
    const r = answer(upToIntercept, 'japanese', targets({ Akagi: 'Nevada' }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems).toEqual([
        'Akagi cannot fire at airstrikes now (only defending airstrikes, 23.3)',
        'Nevada is not an enemy attacking airstrike (23.31)',
      ]);
    }
  });

  it('given 23.2, then a damaged air unit fires one shot less per damage point', () => {
    const b = resolveUntilDecision(
      startBattle(
        battleInput({
          options: rule23,
          atSea: [lba('Betty', 'japanese', { airstrike: 3, defense: 3, damage: 1 }), ship('Houston', 'allied')],
        }),
      ),
      new ScriptedDice([]),
      () => undefined,
    );
    const dayChosen = play(
      b,
      [],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
      ],
      { stopAtUnscripted: true },
    ).battle;
    expect(nextDecision(dayChosen)).toMatchObject({
      kind: 'targets',
      attackers: [{ attacker: { id: 'Betty' }, shots: 2 }],
    });
  });

  it('given an attacking air unit shot down by a defender, then it is gone at once and makes no attack', () => {
    const input = battleInput({
      options: rule23,
      atSea: [
        lba('Betty', 'japanese', { airstrike: 2, defense: 1 }),
        carrier('Hornet', 'allied', { airstrike: 1, airstrikeBonus: false }),
        ship('Houston', 'allied'),
      ],
    });
    const { events, battle } = play(
      input,
      [6, 1],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
        ['japanese', targets({ Betty: 'Houston' })],
        ['allied', targets({})], // Hornet defends
        ['allied', targets({ Hornet: 'Betty' })],
      ],
      { stopAtUnscripted: true },
    );
    expect(eventsOf(events, 'combat.airstrike-hit')).toEqual([
      { unit: 'Betty', damageTaken: 1, shotsLeft: 1, result: 'shot-down', rule: '23.32' },
    ]);
    expect(eventsOf(events, 'combat.shot').filter((s) => s.rule === '7.51')).toEqual([]);
    expect(battle.units.find((u) => u.id === 'Betty')?.fate).toBe('sunk');
  });

  it('given rule 23 off, then nobody is asked to intercept and carriers carry no airstrike damage', () => {
    const off = battleInput({ atSea: carriersAndBattleship.atSea });
    const { asked, battle } = play(
      off,
      [1, 1, 1, 1, 1],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
        ['japanese', targets({ Akagi: 'Enterprise' })],
        ['allied', targets({ Enterprise: 'Akagi' })],
      ],
      { stopAtUnscripted: true },
    );
    expect(asked.map((d) => d.rule)).toEqual(['7.3', '7.3', '7.4', '7.4']);
    expect(battle.units.every((u) => u.airstrikeDamage === undefined)).toBe(true);
  });

  it('given an air raid under rule 23, then the port cannot intercept (9.12) and the raid is as before', () => {
    const raid = battleInput({
      options: rule23,
      atSea: [carrier('Akagi', 'japanese', { airstrike: 1, airstrikeBonus: false })],
      ports: [
        {
          id: 'pearl',
          name: 'Pearl Harbor',
          kind: 'major-port',
          controller: 'allied',
          units: [carrier('Lexington', 'allied'), ship('Arizona', 'allied')],
        },
      ],
    });
    const { asked } = play(
      raid,
      [1, 1],
      [
        ['japanese', { kind: 'air-raids', assign: { Akagi: 'pearl' } }],
        ['japanese', targets({ Akagi: 'Arizona' })],
        ['japanese', targets({ Akagi: 'Arizona' })],
      ],
    );
    expect(asked.map((d) => d.rule)).toEqual(['9.2', '7.4', '7.4']);
  });

  it('given the outcome, then a carrier reports its airstrike damage', () => {
    const input = battleInput({
      options: rule23,
      atSea: [carrier('Zuiho', 'japanese', { airstrike: 1, airstrikeDamage: 1 }), ship('Houston', 'allied', { gunnery: 0 })],
    });
    const b = resolveUntilDecision(startBattle(input), new ScriptedDice([]), () => undefined);
    expect(battleOutcome(b).units.find((u) => u.id === 'Zuiho')).toMatchObject({ airstrikeDamage: 1 });
  });
});

describe('rule 23: random battles (a fuzz with seeded dice and answers)', () => {
  it('given 150 random day-heavy battles with some airstrikes held back to defend, then every battle ends and every default answer is accepted', () => {
    const rng = seededRng('rule-23-fuzz');
    const die = { d6: () => rng.int(6) + 1 };
    let intercepts = 0;
    for (let game = 0; game < 150; game++) {
      const side = (i: number): VitpSide => (i % 2 === 0 ? 'japanese' : 'allied');
      const atSea = Array.from({ length: 3 + rng.int(5) }, (_, i) => {
        const kind = rng.int(4);
        if (kind === 0) return lba(`lba${i}`, side(i), { airstrike: 1 + rng.int(3), defense: 1 + rng.int(3) });
        if (kind === 1)
          return ship(`bb${i}`, side(i), {
            shipClass: 'battleship',
            gunnery: 1 + rng.int(3),
            armor: 2 + rng.int(3),
          });
        return carrier(`cv${i}`, side(i), {
          airstrike: 1 + rng.int(4),
          armor: 1 + rng.int(4),
          gunnery: rng.int(2),
        });
      });
      let b = startBattle(battleInput({ options: rule23, atSea }));
      for (let steps = 0; ; steps++) {
        if (steps > 2000) throw new Error(`battle ${game} did not end`);
        b = resolveUntilDecision(b, die, (e) => {
          if (e.type === 'combat.shot' && e.data.rule === '23.32') intercepts++;
        });
        const d = nextDecision(b);
        if (!d) break;
        for (const s of d.owes) {
          let reply = d.defaults[s]!;
          if (d.kind === 'day-night') reply = dayNight(rng.int(4) === 0 ? 'night' : 'day');
          if (d.kind === 'targets' && d.rule === '7.4') {
            // hold about a third of the attackers back (under rule 23 they defend)
            const fire = Object.fromEntries(Object.entries((reply as { fire: Record<string, string> }).fire).filter(() => rng.int(3) > 0));
            reply = targets(fire);
          }
          const r = answer(b, s, reply);
          if (!r.ok) throw new Error(`battle ${game}: ${d.id} refused ${JSON.stringify(reply)}: ${r.problems.join('; ')}`);
          b = r.battle;
        }
      }
      const outcome = battleOutcome(b);
      for (const u of outcome.units) {
        expect(u.airstrikeDamage ?? 0).toBeGreaterThanOrEqual(0);
        if (
          u.kind === 'ship' &&
          (u.airstrikeDamage ?? 0) >= (atSea.find((x) => x.id === u.id) as { airstrike: number }).airstrike &&
          (atSea.find((x) => x.id === u.id) as { airstrike: number }).airstrike > 0
        ) {
          expect(['returning', 'sunk']).toContain(u.fate);
        }
      }
    }
    expect(intercepts).toBeGreaterThan(0);
  });
});
