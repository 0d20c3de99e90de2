/**
 * 7.91/16.x submarine attacks, 19.2 kamikazes (turn 9), and the optional rules this module
 * refuses loudly (20, 23, 18.3-18.4).
 */
import { answer, battleOutcome, nextDecision } from '../../../../src/games/vitp/combat/api';
import { battleInput, carrier, dayNight, eventsOf, lba, play, ship, targets } from './support';

const fBoat = { id: 'F-Boat', name: 'F-Boat', side: 'allied' as const };

describe('7.91 a submarine gets one shot with the attack bonus after a round, effective at once', () => {
  const input = battleInput({
    atSea: [ship('Kongo', 'japanese', { armor: 4 }), lba('Betty', 'japanese'), ship('Houston', 'allied')],
    submarines: [fBoat],
  });
  const round: ['japanese' | 'allied', ReturnType<typeof dayNight>][] = [
    ['japanese', dayNight('night')],
    ['allied', dayNight('night')],
    ['japanese', targets({ Kongo: 'Houston' })],
    ['allied', targets({ Houston: 'Kongo' })],
  ];

  it('given the F-Boat rolls 4, then Kongo is disabled (4+1) and leaves before anyone decides to retreat', () => {
    const { asked, events, battle } = play(
      input,
      [1, 1, 4],
      [
        ...round,
        ['allied', { kind: 'submarine', target: 'Kongo' }],
        ['japanese', { kind: 'retreat', retreat: false }],
        ['allied', { kind: 'retreat', retreat: false }],
      ],
      {
        stopAtUnscripted: true,
      },
    );
    expect(asked[4]).toMatchObject({
      kind: 'submarine',
      owes: ['allied'],
      final: false,
      targets: [{ id: 'Kongo' }],
    });
    expect(eventsOf(events, 'combat.shot').at(-1)).toMatchObject({
      attacker: 'F-Boat',
      die: 4,
      bonus: true,
      total: 5,
      result: 'disabled',
      rule: '7.91',
    });
    expect(eventsOf(events, 'combat.submarine-attacked')).toEqual([
      { submarine: 'F-Boat', target: 'Kongo', result: 'disabled', damage: 0, rule: '7.91' },
    ]);
    expect(battle.units.find((u) => u.id === 'Kongo')).toMatchObject({
      fate: 'returning',
      returnReason: 'disabled',
    });
    expect(battle.submarines[0].attacked).toBe(true);
    expect(asked[5]).toMatchObject({
      kind: 'retreat',
      owes: ['japanese'],
      units: [],
      airEscapes: [{ id: 'Betty' }],
    });
  });

  it('given land-based air, then the submarine may not attack it (16.2)', () => {
    const { battle } = play(input, [1, 1], round, { stopAtUnscripted: true });
    expect(answer(battle, 'allied', { kind: 'submarine', target: 'Betty' }).ok).toBe(false);
  });

  it('given the submarine waits all battle, then it gets a last chance before going home (5.6, 16.1)', () => {
    const alone = battleInput({ atSea: [ship('Kongo', 'japanese', { armor: 4 })], submarines: [fBoat] });
    const { asked, events, battle } = play(alone, [5, 2], [['allied', { kind: 'submarine', target: 'Kongo' }]]);
    expect(asked[0]).toMatchObject({ id: 'final/submarine-F-Boat', final: true, rule: '16.1' });
    expect(eventsOf(events, 'combat.damage-rolled')).toEqual([{ attacker: 'F-Boat', target: 'Kongo', die: 2, rule: '7.532' }]);
    expect(battleOutcome(battle).submarines).toEqual([{ id: 'F-Boat', name: 'F-Boat', side: 'allied', attacked: true }]);
  });
});

describe('19.2 kamikazes on turn 9 (optional)', () => {
  const input = (turn: number) =>
    battleInput({
      turn,
      options: { usBattleshipBonus: false, kamikaze: true, taskForces: false, separateAirstrikes: false },
      atSea: [
        lba('Kamikaze Corps', 'japanese', { airstrike: 1 }),
        carrier('Zuiho', 'japanese', { airstrike: 1, airstrikeBonus: false }),
        carrier('Essex', 'allied', { airstrike: 2, armor: 4 }),
      ],
    });

  it('given turn 9, then the air units and the announced carriers attack with the bonus and are gone after the action', () => {
    const { events, battle, asked } = play(
      input(9),
      [4, 5, 1, /* Essex */ 1, 1],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
        ['japanese', { kind: 'kamikaze-carriers', carriers: ['Zuiho'] }],
        ['japanese', targets({ 'Kamikaze Corps': 'Essex', Zuiho: 'Essex' })],
        ['allied', targets({ Essex: 'Zuiho' })],
      ],
    );
    expect(asked[2]).toMatchObject({ kind: 'kamikaze-carriers', rule: '19.22', carriers: [{ id: 'Zuiho' }] });
    expect(
      eventsOf(events, 'combat.shot')
        .slice(0, 2)
        .map((s) => [s.attacker, s.total, s.result]),
    ).toEqual([
      ['Kamikaze Corps', 5, 'disabled'],
      ['Zuiho', 6, 'hit'],
    ]);
    expect(eventsOf(events, 'combat.action-resolved')[0].results.map((r) => [r.unit, r.result])).toEqual([
      ['Kamikaze Corps', 'expended'],
      ['Zuiho', 'expended'],
      ['Essex', 'disabled'],
    ]);
    expect(battleOutcome(battle).units.map((u) => u.fate)).toEqual(['expended', 'expended', 'returning']);
  });

  it('given a carrier announced as a kamikaze, then it must attack', () => {
    const { battle } = play(
      input(9),
      [],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
        ['japanese', { kind: 'kamikaze-carriers', carriers: ['Zuiho'] }],
      ],
      {
        stopAtUnscripted: true,
      },
    );
    const r = answer(battle, 'japanese', targets({ 'Kamikaze Corps': 'Essex' }));
    expect(r.ok ? [] : r.problems).toEqual(['Zuiho was announced as a kamikaze and must attack (19.22)']);
  });

  it('given turn 8, then there are no kamikazes: no announcement, and land-based air has no bonus', () => {
    const { battle, events } = play(
      input(8),
      [4, 1],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
        ['japanese', targets({ 'Kamikaze Corps': 'Essex', Zuiho: 'Essex' })],
      ],
      { stopAtUnscripted: true },
    );
    expect(eventsOf(events, 'combat.shot')[0]).toMatchObject({
      attacker: 'Kamikaze Corps',
      total: 4,
      result: 'miss',
    });
    expect(nextDecision(battle)?.kind).toBe('targets');
  });
});
