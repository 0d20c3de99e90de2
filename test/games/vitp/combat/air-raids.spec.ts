/**
 * 9.x air raids on ports and bases: two rounds of day action, no return fire, disables ignored,
 * ships in port sunk only past twice their armor and resting on the bottom past their armor.
 */
import { battleOutcome, isOver, type Answer } from '../../../../src/games/vitp/combat/api';
import { amphib, battleInput, carrier, eventsOf, lba, play, port, ship, targets } from './support';

const raid = (assign: Record<string, string>): Answer => ({ kind: 'air-raids', assign });

const pearl = port('pearl-harbor', 'allied', [
  ship('Arizona', 'allied', { shipClass: 'battleship', armor: 4, speed: 3 }),
  ship('Oklahoma', 'allied', { shipClass: 'battleship', armor: 3, speed: 3 }),
  lba('Hickam', 'allied', { defense: 2 }),
  amphib('Marines', 'allied', { armor: 1 }),
]);

function alone(atSea = [carrier('Akagi', 'japanese'), lba('22nd Flotilla', 'japanese')]) {
  return battleInput({
    seaArea: { id: 'hawaiian-islands', name: 'Hawaiian Islands', controller: 'allied' },
    atSea,
    ports: [pearl],
  });
}

describe('9.2 the side alone in an area may raid the enemy ports touching it', () => {
  it('given only Japanese forces at sea, then they are offered a raid on Pearl Harbor, for ships only (9.3)', () => {
    const { asked } = play(alone(), [], [['japanese', raid({})]]);
    expect(asked[0]).toMatchObject({
      kind: 'air-raids',
      owes: ['japanese'],
      rule: '9.2',
      ports: [{ id: 'pearl-harbor' }],
      ships: [{ id: 'Akagi' }],
    });
  });

  it('given a raider already used in a raid this turn, then it cannot raid again (9.3)', () => {
    const { asked } = play(
      alone([carrier('Akagi', 'japanese', { raidedThisTurn: true }), carrier('Kaga', 'japanese')]),
      [],
      [['japanese', raid({})]],
    );
    expect(asked[0]).toMatchObject({ ships: [{ id: 'Kaga' }] });
  });
});

describe('9.4 ships in port take double damage before they are gone', () => {
  const twoRounds = (faces: number[], first: Record<string, string>, second: Record<string, string>) =>
    play(alone(), faces, [
      ['japanese', raid({ Akagi: 'pearl-harbor' })],
      ['japanese', targets(first)],
      ['japanese', targets(second)],
    ]);

  it('given Arizona (armor 4) takes 5, then it rests on the bottom (9.41); given 4 more (9 > 8), then it is gone (9.42)', () => {
    const r = twoRounds([5, 5, 4, /* round 2 */ 6, 4, 1], { Akagi: 'Arizona' }, { Akagi: 'Arizona' });
    const rounds = eventsOf(r.events, 'combat.action-resolved');
    expect(rounds.map((x) => x.results)).toEqual([
      [{ unit: 'Arizona', damageTaken: 5, damage: 5, result: 'on-bottom', speed: 1 }],
      [{ unit: 'Arizona', damageTaken: 4, damage: 9, result: 'sunk', speed: 1 }],
    ]);
    expect(eventsOf(r.events, 'combat.shot').map((s) => [s.die, s.total, s.result])).toEqual([
      [5, 6, 'hit'],
      [4, 5, 'disable-ignored'],
      [6, 7, 'hit'],
      [1, 2, 'miss'],
    ]);
    expect(r.dice.unused).toBe(0);
  });

  it('given Oklahoma (armor 3) ends with exactly 6, then it is on the bottom, not sunk', () => {
    const r = twoRounds([6, 6, 1, /* round 2 */ 1, 1], { Akagi: 'Oklahoma' }, { Akagi: 'Oklahoma' });
    expect(r.dice.unused).toBe(0);
    const okla = battleOutcome(r.battle).units.find((u) => u.id === 'Oklahoma');
    expect(okla).toMatchObject({ damage: 6, fate: 'on-bottom', port: 'pearl-harbor' });
  });

  it('given land-based air in port, then its defense is not doubled (9.4: ships only)', () => {
    const r = twoRounds([6, 2, 1, /* round 2: nothing left worth a shot */ 1, 1], { Akagi: 'Hickam' }, { Akagi: 'Marines' });
    expect(eventsOf(r.events, 'combat.action-resolved')[0].results).toEqual([
      { unit: 'Hickam', damageTaken: 2, damage: 2, result: 'sunk', speed: null },
    ]);
  });

  it('given an amphibious unit in port, then it sinks past its own armor, not twice it', () => {
    const r = twoRounds([1, 1, /* round 2 */ 6, 2, 1], { Akagi: 'Arizona' }, { Akagi: 'Marines' });
    expect(battleOutcome(r.battle).units.find((u) => u.id === 'Marines')).toMatchObject({
      fate: 'sunk',
      damage: 2,
    });
  });
});

describe('9.12-9.13 two rounds, and the port does not fire back', () => {
  it('given a raid, then only the raider designates targets, twice, and the raid is over', () => {
    const r = play(
      alone(),
      [1, 1, 1, 1],
      [
        ['japanese', raid({ Akagi: 'pearl-harbor' })],
        ['japanese', targets({ Akagi: 'Arizona' })],
        ['japanese', targets({ Akagi: 'Oklahoma' })],
      ],
    );
    expect(r.asked.filter((d) => d.kind === 'targets').map((d) => [d.id, d.owes])).toEqual([
      ['raid-pearl-harbor/r1/a1-air-raid/targets-japanese', ['japanese']],
      ['raid-pearl-harbor/r2/a1-air-raid/targets-japanese', ['japanese']],
    ]);
    expect(eventsOf(r.events, 'combat.air-raid-started')).toEqual([
      { engagement: 'raid-pearl-harbor', port: 'pearl-harbor', raiders: ['Akagi'], rule: '9.2' },
    ]);
    expect(isOver(r.battle)).toBe(true);
    const akagi = battleOutcome(r.battle).units.find((u) => u.id === 'Akagi');
    expect(akagi).toMatchObject({ fate: 'at-sea', raidedThisTurn: true });
  });
});
