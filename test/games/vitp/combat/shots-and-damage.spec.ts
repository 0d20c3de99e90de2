/**
 * 7.5 shots (5 disables, 6 hits, a second die for damage), 7.535 the attack bonus, 7.6 results
 * at the end of the action, 7.7 effects of damage, 12.2x land-based air, rule 21 US battleships.
 */
import { nextDecision, type BattleInput, type ShipInput } from '../../../../src/games/vitp/combat/api';
import { battleInput, carrier, dayNight, eventsOf, lba, play, ship, targets } from './support';

function action(input: BattleInput, kind: 'day' | 'night', faces: number[], jp: Record<string, string>, al: Record<string, string> = {}) {
  const script: ['japanese' | 'allied', ReturnType<typeof targets>][] = [['japanese', targets(jp)]];
  if (Object.keys(al).length > 0) script.push(['allied', targets(al)]);
  const r = play(input, faces, [['japanese', dayNight(kind)], ['allied', dayNight(kind)], ...script], {
    stopAtUnscripted: true,
  });
  expect(r.dice.unused).toBe(0);
  return {
    ...r,
    shots: eventsOf(r.events, 'combat.shot').map((s) => [s.attacker, s.die, s.total, s.result]),
    results: eventsOf(r.events, 'combat.action-resolved')[0]?.results,
    /** results without the targets that came through unharmed */
    changed: eventsOf(r.events, 'combat.action-resolved')[0]?.results.filter((x) => x.result !== 'no-effect'),
    unit: (id: string) => r.battle.units.find((u) => u.id === id)!,
  };
}

describe('7.53 one die per shot: 5 disables, 6 hits and rolls damage', () => {
  const duel = battleInput({
    atSea: [ship('Kongo', 'japanese', { gunnery: 4, armor: 4 }), ship('Houston', 'allied', { armor: 3 })],
  });

  it('given Kongo rolls 1, 4, 5, 6 and then 2 for damage, then Houston is disabled with 2 damage and goes to port (7.64)', () => {
    const r = action(duel, 'night', [1, 4, 5, 6, 2, /* Houston */ 1], { Kongo: 'Houston' }, { Houston: 'Kongo' });
    expect(r.shots).toEqual([
      ['Kongo', 1, 1, 'miss'],
      ['Kongo', 4, 4, 'miss'],
      ['Kongo', 5, 5, 'disabled'],
      ['Kongo', 6, 6, 'hit'],
      ['Houston', 1, 1, 'miss'],
    ]);
    expect(eventsOf(r.events, 'combat.damage-rolled')).toEqual([{ attacker: 'Kongo', target: 'Houston', die: 2, rule: '7.532' }]);
    expect(r.results).toEqual([
      { unit: 'Kongo', damageTaken: 0, damage: 0, result: 'no-effect', speed: 5 },
      { unit: 'Houston', damageTaken: 2, damage: 2, result: 'disabled', speed: 3 },
    ]);
    expect(r.unit('Houston')).toMatchObject({ fate: 'returning', returnReason: 'disabled', damage: 2 });
  });

  it('given Houston is sunk by the Japanese fire, then it still fires back before the results take effect (5.34, 7.6)', () => {
    const r = action(duel, 'night', [6, 4, 1, 1, 1, /* Houston */ 6, 3], { Kongo: 'Houston' }, { Houston: 'Kongo' });
    expect(r.results).toEqual([
      { unit: 'Kongo', damageTaken: 3, damage: 3, result: 'damaged', speed: 2 },
      { unit: 'Houston', damageTaken: 4, damage: 4, result: 'sunk', speed: 1 },
    ]);
  });

  it('given a ship is both disabled and sunk, then it is sunk (7.64)', () => {
    const r = action(duel, 'night', [5, 6, 4, 1, 1, 1], { Kongo: 'Houston' }, { Houston: 'Kongo' });
    expect(r.changed).toEqual([{ unit: 'Houston', damageTaken: 4, damage: 4, result: 'sunk', speed: 1 }]);
  });

  it('given every dice call, then each names the attacker, the target and the rule', () => {
    const r = action(duel, 'night', [1, 1, 1, 6, 1, 1], { Kongo: 'Houston' }, { Houston: 'Kongo' });
    expect(r.dice.rolls.map((x) => [x.purpose, x.rule])).toEqual([
      ['gunnery shot 1 of 4, Kongo at Houston', '7.52'],
      ['gunnery shot 2 of 4, Kongo at Houston', '7.52'],
      ['gunnery shot 3 of 4, Kongo at Houston', '7.52'],
      ['gunnery shot 4 of 4, Kongo at Houston', '7.52'],
      ["damage, Kongo's hit on Houston", '7.532'],
      ['gunnery shot 1 of 1, Houston at Kongo', '7.52'],
    ]);
  });
});

describe('7.535 the attack bonus: +1 on the shot, never on the damage die', () => {
  it('given circled airstrikes roll 3, 4, 5 at a carrier, then 4 becomes a disable and 5 a hit, and damage 1 stays 1', () => {
    const input = battleInput({
      atSea: [carrier('Akagi', 'japanese', { airstrike: 3 }), carrier('Yorktown', 'allied', { airstrike: 0, armor: 3 })],
    });
    const r = action(input, 'day', [3, 4, 5, 1], { Akagi: 'Yorktown' });
    expect(r.shots).toEqual([
      ['Akagi', 3, 4, 'miss'],
      ['Akagi', 4, 5, 'disabled'],
      ['Akagi', 5, 6, 'hit'],
    ]);
    expect(r.results).toEqual([{ unit: 'Yorktown', damageTaken: 1, damage: 1, result: 'disabled', speed: 5 }]);
  });

  it('given the target is land-based air, then the bonus is ignored and a 5 is ignored too (7.531, 12.22-12.23)', () => {
    const input = battleInput({
      atSea: [carrier('Akagi', 'japanese', { airstrike: 2 }), lba('5th AF', 'allied', { airstrike: 0, defense: 2 })],
    });
    const r = action(input, 'day', [4, 5], { Akagi: '5th AF' });
    expect(r.shots).toEqual([
      ['Akagi', 4, 4, 'miss'],
      ['Akagi', 5, 5, 'disable-ignored'],
    ]);
    expect(r.results).toEqual([{ unit: '5th AF', damageTaken: 0, damage: 0, result: 'no-effect', speed: null }]);
  });

  it('given land-based air attacks a ship, then it has no bonus: a 5 only disables (12.21)', () => {
    const input = battleInput({
      atSea: [lba('11th AF', 'japanese', { airstrike: 1 }), ship('Repulse', 'allied', { nationality: 'british', armor: 3 })],
    });
    const r = action(input, 'day', [5], { '11th AF': 'Repulse' });
    expect(r.shots).toEqual([['11th AF', 5, 5, 'disabled']]);
  });
});

describe('7.534 land-based air is shot down when damage reaches its defense factor', () => {
  it('given 2 damage on a defense-2 air unit, then it is sunk', () => {
    const input = battleInput({
      atSea: [carrier('Akagi', 'japanese', { airstrike: 1 }), lba('5th AF', 'allied', { airstrike: 0, defense: 2 })],
    });
    const r = action(input, 'day', [6, 2], { Akagi: '5th AF' });
    expect(r.results).toEqual([{ unit: '5th AF', damageTaken: 2, damage: 2, result: 'sunk', speed: null }]);
  });

  it('given 1 damage on a defense-2 air unit, then it keeps fighting at full strength', () => {
    const input = battleInput({
      atSea: [carrier('Akagi', 'japanese', { airstrike: 1 }), lba('5th AF', 'allied', { airstrike: 2, defense: 2 })],
    });
    const r = action(input, 'day', [6, 1, 1, 1], { Akagi: '5th AF' }, { '5th AF': 'Akagi' });
    expect(r.shots.filter((s) => s[0] === '5th AF')).toHaveLength(2);
    expect(r.unit('5th AF')).toMatchObject({ fate: 'at-sea', damage: 1 });
  });
});

describe('7.7 effects of damage', () => {
  const yamato = (f: Partial<ShipInput> = {}) =>
    ship('Yamato', 'japanese', {
      shipClass: 'battleship',
      gunnery: 5,
      gunneryBonus: true,
      armor: 6,
      speed: 3,
      ...f,
    });

  it('7.71: each damage point costs a point of speed, down to 1', () => {
    const input = battleInput({
      atSea: [ship('Kirishima', 'japanese', { gunnery: 2 }), ship('Indiana', 'allied', { armor: 4, speed: 3 })],
    });
    const r = action(input, 'night', [6, 3, 1, 1], { Kirishima: 'Indiana' }, { Indiana: 'Kirishima' });
    expect(r.changed).toEqual([{ unit: 'Indiana', damageTaken: 3, damage: 3, result: 'damaged', speed: 1 }]);
  });

  it('7.72: a damaged ship loses its gunnery bonus, so a 5 only disables', () => {
    const input = battleInput({
      atSea: [yamato({ damage: 1, gunnery: 1 }), ship('Houston', 'allied', { armor: 3 })],
    });
    const r = action(input, 'night', [5, 1], { Yamato: 'Houston' }, { Houston: 'Yamato' });
    expect(r.shots[0]).toEqual(['Yamato', 5, 5, 'disabled']);
  });

  it('7.72: undamaged, the circled gunnery turns the same 5 into a hit', () => {
    const input = battleInput({ atSea: [yamato({ gunnery: 1 }), ship('Houston', 'allied', { armor: 3 })] });
    const r = action(input, 'night', [5, 1, 1], { Yamato: 'Houston' }, { Houston: 'Yamato' });
    expect(r.shots[0]).toEqual(['Yamato', 5, 6, 'hit']);
  });

  it('7.73: damage equal to armor leaves one gunnery shot and no airstrike', () => {
    const input = battleInput({
      atSea: [
        carrier('Shokaku', 'japanese', { gunnery: 2, airstrike: 3, armor: 3, damage: 3 }),
        yamato({ gunnery: 4, armor: 4, damage: 4 }),
        ship('Houston', 'allied'),
      ],
    });
    const { battle } = play(
      input,
      [],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
      ],
      { stopAtUnscripted: true },
    );
    const d = nextDecision(battle);
    if (d?.kind !== 'targets') throw new Error(`expected targets, got ${d?.kind}`);
    expect(d.attackers.map((a) => [a.attacker.id, a.shots])).toEqual([
      ['Shokaku', 1],
      ['Yamato', 1],
    ]);
  });

  it('7.73: by day the crippled carrier has no airstrike to fire', () => {
    const input = battleInput({
      atSea: [carrier('Shokaku', 'japanese', { airstrike: 3, armor: 3, damage: 3 }), ship('Houston', 'allied')],
    });
    const r = play(
      input,
      [],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
      ],
      { stopAtUnscripted: true },
    );
    expect(eventsOf(r.events, 'combat.targets-designated')).toEqual([
      { engagement: 'main', side: 'japanese', fire: [], rule: '7.44' },
      { engagement: 'main', side: 'allied', fire: [], rule: '7.44' },
    ]);
  });

  it('7.533: a ship is sunk only when damage exceeds its armor', () => {
    const input = battleInput({
      atSea: [
        ship('Kongo', 'japanese', { gunnery: 2 }),
        ship('Houston', 'allied', { armor: 3 }),
        ship('Marblehead', 'allied', { armor: 3 }),
      ],
    });
    const r = action(input, 'night', [6, 3, 1, 6, 4], { Kongo: 'Houston' }, { Houston: 'Kongo' });
    expect(r.results).toEqual([
      { unit: 'Kongo', damageTaken: 4, damage: 4, result: 'sunk', speed: 1 },
      { unit: 'Houston', damageTaken: 3, damage: 3, result: 'damaged', speed: 2 },
    ]);
  });
});

describe('rule 21 (optional): US battleships get the gunnery bonus from turn 7', () => {
  const input = (turn: number, usBattleshipBonus: boolean) =>
    battleInput({
      turn,
      options: { usBattleshipBonus, kamikaze: false, taskForces: false, separateAirstrikes: false },
      atSea: [
        ship('Nagato', 'japanese', { gunnery: 0, armor: 4 }),
        ship('North Carolina', 'allied', { shipClass: 'battleship', gunnery: 1, armor: 4 }),
      ],
    });
  const fire = (turn: number, on: boolean, faces: number[]) =>
    play(
      input(turn, on),
      faces,
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['allied', targets({ 'North Carolina': 'Nagato' })],
      ],
      {
        stopAtUnscripted: true,
      },
    );

  it('given turn 7 and the option, then a 5 from North Carolina is a hit', () => {
    expect(eventsOf(fire(7, true, [5, 1]).events, 'combat.shot')[0]).toMatchObject({
      die: 5,
      total: 6,
      bonus: true,
      result: 'hit',
    });
  });
  it('given turn 6, then the same 5 only disables', () => {
    expect(eventsOf(fire(6, true, [5]).events, 'combat.shot')[0]).toMatchObject({
      total: 5,
      bonus: false,
      result: 'disabled',
    });
  });
  it('given turn 7 without the option, then the same 5 only disables', () => {
    expect(eventsOf(fire(7, false, [5]).events, 'combat.shot')[0]).toMatchObject({
      total: 5,
      bonus: false,
      result: 'disabled',
    });
  });
});
