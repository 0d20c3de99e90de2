/**
 * The turn-1 openings the combat module fights: the Indonesia surprise raids (18.4) and the
 * Pearl Harbor rounds after the raids (18.34-18.35 before the first round).
 */
import { battleOutcome, currentRound, isOver, nextDecision, type BattleInput } from '../../../../src/games/vitp/combat/api';
import { battleInput, carrier, dayNight, eventsOf, lba, play, ship, stay, targets } from './support';

const indonesia: BattleInput = battleInput({
  turn: 1,
  seaArea: { id: 'indonesia', name: 'Indonesia', controller: 'allied' },
  opening: 'indonesia-surprise',
  atSea: [
    lba('21st-AF', 'japanese', { airstrike: 3, defense: 4 }),
    carrier('Ryujo', 'japanese', { airstrike: 1, airstrikeBonus: true }),
    ship('Kongo', 'japanese', { shipClass: 'battleship', gunnery: 3, armor: 3 }),
    ship('Prince of Wales', 'allied', { shipClass: 'battleship', gunnery: 3, armor: 4 }),
    ship('Houston', 'allied', { gunnery: 1, armor: 1 }),
    lba('FEAF', 'allied', { airstrike: 2 }),
  ],
});

describe('18.4: the Indonesia surprise raids', () => {
  it('given the opening, then only Japanese airstrikes (land-based air too) attack, only Allied ships are targets, nobody fires back', () => {
    const { battle, events, asked } = play(
      indonesia,
      [1, 1, 1, 1, 1, 1, 1, 1],
      [
        ['japanese', targets({ '21st-AF': 'Prince of Wales', Ryujo: 'Houston' })],
        ['japanese', targets({ '21st-AF': 'Houston', Ryujo: 'Houston' })],
      ],
    );
    const first = asked[0];
    expect(first).toMatchObject({
      id: 'surprise/r1/a1-day/targets-japanese',
      rule: '18.4',
      owes: ['japanese'],
    });
    if (first.kind !== 'targets') throw new Error('expected targets');
    expect(first.attackers.map((a) => [a.attacker.id, a.shots])).toEqual([
      ['21st-AF', 3],
      ['Ryujo', 1],
    ]);
    expect(first.targets.map((t) => t.id)).toEqual(['Prince of Wales', 'Houston']);
    expect(first.defaults.japanese).toEqual({
      kind: 'targets',
      fire: { '21st-AF': 'Prince of Wales', Ryujo: 'Prince of Wales' },
    });
    expect(asked.every((d) => d.owes.includes('japanese') && !d.owes.includes('allied'))).toBe(true);
    const shots = eventsOf(events, 'combat.shot');
    expect(shots.every((s) => s.rule === '18.4' && ['21st-AF', 'Ryujo'].includes(s.attacker))).toBe(true);
    expect(shots).toHaveLength(8);
    expect(eventsOf(events, 'combat.surprise-ended')).toEqual([{ rounds: 2, rule: '18.4' }]);
    expect(isOver(battle)).toBe(true);
    // 18.5: everyone still at sea stays for the normal battle later
    expect(battleOutcome(battle).remainingAtSea).toEqual(['japanese', 'allied']);
  });

  it('given a 5 on a ship, then it is disabled (no 9.14 here) and out of round 2; with nothing left to attack the raids end', () => {
    const lone = battleInput({
      ...indonesia,
      atSea: [lba('21st-AF', 'japanese', { airstrike: 1 }), ship('Houston', 'allied')],
    });
    const { battle, events } = play(lone, [5], [['japanese', targets({ '21st-AF': 'Houston' })]]);
    expect(eventsOf(events, 'combat.action-resolved')[0].results).toEqual([
      { unit: 'Houston', damageTaken: 0, damage: 0, result: 'disabled', speed: 5 },
    ]);
    expect(eventsOf(events, 'combat.surprise-ended')).toEqual([{ rounds: 1, rule: '18.4' }]);
    expect(battleOutcome(battle).units.find((u) => u.id === 'Houston')).toMatchObject({
      fate: 'returning',
      returnReason: 'disabled',
    });
  });
});

describe('18.34-18.35: before the first Pearl Harbor round', () => {
  const hawaii = (openingRetreat: BattleInput['openingRetreat']): BattleInput =>
    battleInput({
      turn: 1,
      seaArea: { id: 'hawaiian-islands', name: 'Hawaiian Islands', controller: 'allied' },
      opening: 'pearl-harbor-rounds',
      openingRetreat,
      atSea: [
        carrier('Akagi', 'japanese', { airstrike: 2 }),
        ship('Minneapolis', 'allied', { armor: 1 }),
        ship('Indianapolis', 'allied', { armor: 1 }),
      ],
      submarines: [{ id: 'I-Boat', name: 'I-Boat', side: 'japanese' }],
    });

  it('given the I-Boat is there, then it is asked first (18.34), and the Allies who chose to retreat leave after its shot, unpursued (18.35)', () => {
    const { events, asked, battle } = play(hawaii(['allied']), [4], [['japanese', { kind: 'submarine', target: 'Minneapolis' }]], {
      stopAtUnscripted: true,
    });
    expect(asked[0]).toMatchObject({ id: 'opening/submarine-I-Boat', rule: '18.34', final: false });
    expect(events.map((e) => e.type)).toEqual([
      'combat.battle-started',
      'combat.shot',
      'combat.submarine-attacked',
      'combat.retreated',
      'combat.battle-ended',
    ]);
    expect(eventsOf(events, 'combat.retreated')[0]).toMatchObject({
      side: 'allied',
      rule: '18.35',
      groups: [{ units: ['Indianapolis'] }],
    });
    expect(eventsOf(events, 'combat.shot')[0]).toMatchObject({ total: 5, result: 'disabled' });
    expect(battle.units.filter((u) => u.side === 'allied').map((u) => [u.id, u.fate, u.returnReason])).toEqual([
      ['Minneapolis', 'returning', 'disabled'],
      ['Indianapolis', 'returning', 'retreat'],
    ]);
    expect(nextDecision(battle)).toBeNull();
    expect(isOver(battle)).toBe(true);
  });

  it('given the I-Boat waits and nobody retreats, then round 1 follows and the I-Boat keeps its 7.91 chance after it', () => {
    const { asked, battle } = play(
      hawaii([]),
      [1, 1],
      [
        ['japanese', { kind: 'submarine', target: null }],
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
        ['japanese', targets({ Akagi: 'Minneapolis' })],
      ],
      { stopAtUnscripted: true },
    );
    expect(asked.map((d) => d.id)).toEqual([
      'opening/submarine-I-Boat',
      'main/r1/day-night',
      'main/r1/day-night',
      'main/r1/a1-day/targets-japanese',
    ]);
    expect(nextDecision(battle)).toMatchObject({ id: 'main/r1/submarine-I-Boat', rule: '7.91' });
    expect(currentRound(battle)).toBe(1);
    const on = play(
      battle,
      [],
      [
        ['japanese', { kind: 'submarine', target: null }],
        ['japanese', stay],
        ['allied', stay],
      ],
      { stopAtUnscripted: true },
    );
    expect(currentRound(on.battle)).toBe(2);
    expect(nextDecision(on.battle)?.id).toBe('main/r2/day-night');
  });
});
