/**
 * 7.42x target restrictions at night: guns only, no land-based air either way, amphibious units
 * only when every enemy ship is attacked too, carriers only when every other ship is attacked or
 * when the carrier fires its own guns (the Allies announce theirs first, 5.33).
 */
import { answer, nextDecision, type Answer, type BattleState } from '../../../../src/games/vitp/combat/api';
import { amphib, battleInput, carrier, dayNight, eventsOf, lba, play, ship, targets } from './support';

const japanese = [
  ship('Kongo', 'japanese', { gunnery: 2 }),
  ship('Haruna', 'japanese'),
  ship('Mogami', 'japanese'),
  ship('Kumano', 'japanese'),
];
const allied = [
  carrier('Enterprise', 'allied', { gunnery: 1 }),
  ship('Northampton', 'allied'),
  ship('Pensacola', 'allied'),
  lba('B-17', 'allied'),
  amphib('Marines', 'allied'),
];

function atJapaneseTargets(announced: string[]): BattleState {
  return play(
    battleInput({ atSea: [...japanese, ...allied] }),
    [],
    [
      ['japanese', dayNight('night')],
      ['allied', dayNight('night')],
      ['allied', { kind: 'night-carriers', carriers: announced }],
    ],
    { stopAtUnscripted: true },
  ).battle;
}

function problems(b: BattleState, fire: Record<string, string>): readonly string[] {
  const r = answer(b, 'japanese', targets(fire));
  return r.ok ? [] : r.problems;
}

describe('7.421-7.422 night actions are fought with guns, and land-based air is out of reach', () => {
  it('given a night action, then the Japanese may not designate the B-17s and the decision does not offer them', () => {
    const b = atJapaneseTargets([]);
    const d = nextDecision(b);
    expect(d?.kind).toBe('targets');
    if (d?.kind !== 'targets') return;
    expect(d.targets.map((t) => t.id)).not.toContain('B-17');
    expect(d.attackers.map((a) => [a.attacker.id, a.factor, a.shots])).toEqual([
      ['Kongo', 'gunnery', 2],
      ['Haruna', 'gunnery', 1],
      ['Mogami', 'gunnery', 1],
      ['Kumano', 'gunnery', 1],
    ]);
    expect(problems(b, { Kongo: 'B-17' }).join()).toMatch(/not a target/);
  });
});

describe('7.424 carriers at night', () => {
  it('given Enterprise is not announced and Pensacola is left alone, then Enterprise may not be attacked', () => {
    const b = atJapaneseTargets([]);
    expect(problems(b, { Kongo: 'Enterprise', Haruna: 'Northampton' }).join()).toMatch(/7\.424/);
  });

  it('given every other Allied ship is attacked too, then Enterprise may be attacked', () => {
    const b = atJapaneseTargets([]);
    expect(problems(b, { Kongo: 'Enterprise', Haruna: 'Northampton', Mogami: 'Pensacola' })).toEqual([]);
  });

  it('given Enterprise was announced as firing its guns, then it may be attacked alone', () => {
    const b = atJapaneseTargets(['Enterprise']);
    expect(problems(b, { Kongo: 'Enterprise' })).toEqual([]);
  });

  it('given an unannounced Allied carrier, then it does not fire its guns', () => {
    const { battle, dice } = play(
      battleInput({ atSea: [...japanese, ...allied] }),
      [1, 1, 1, 1, 1],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['allied', { kind: 'night-carriers', carriers: [] }],
        [
          'japanese',
          targets({
            Kongo: 'Northampton',
            Haruna: 'Northampton',
            Mogami: 'Northampton',
            Kumano: 'Northampton',
          }),
        ],
      ],
      { stopAtUnscripted: true },
    );
    expect(dice.unused).toBe(0);
    const d = nextDecision(battle);
    if (d?.kind !== 'targets') throw new Error(`expected Allied targets, got ${d?.kind}`);
    expect(d.owes).toEqual(['allied']);
    expect(d.attackers.map((a) => a.attacker.id)).toEqual(['Northampton', 'Pensacola']);
    expect(answer(battle, 'allied', targets({ Enterprise: 'Kongo' })).ok).toBe(false);
  });

  it('given a Japanese carrier fires its guns, then the Allies may attack it alone', () => {
    const { battle } = play(
      battleInput({
        atSea: [carrier('Zuikaku', 'japanese', { gunnery: 1 }), ship('Haguro', 'japanese'), ship('Houston', 'allied')],
      }),
      [1],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', targets({ Zuikaku: 'Houston' })],
      ],
      { stopAtUnscripted: true },
    );
    const r = answer(battle, 'allied', targets({ Houston: 'Zuikaku' }));
    expect(r.ok).toBe(true);
  });

  it('given a Japanese carrier holds its fire, then the Allies may not single it out', () => {
    const { battle } = play(
      battleInput({
        atSea: [carrier('Zuikaku', 'japanese', { gunnery: 1 }), ship('Haguro', 'japanese'), ship('Houston', 'allied')],
      }),
      [1],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', targets({ Haguro: 'Houston' })],
      ],
      { stopAtUnscripted: true },
    );
    const r = answer(battle, 'allied', targets({ Houston: 'Zuikaku' }));
    expect(r.ok ? [] : r.problems.join()).toMatch(/7\.424/);
  });
});

describe('7.423/13.21 amphibious units at night', () => {
  it('given not every Allied ship is attacked, then the Marines may not be attacked', () => {
    const b = atJapaneseTargets([]);
    expect(problems(b, { Kongo: 'Marines', Haruna: 'Northampton', Mogami: 'Pensacola' }).join()).toMatch(/7\.423/);
  });

  it('given every Allied ship, carrier included, is attacked, then the Marines may be attacked', () => {
    const b = atJapaneseTargets([]);
    expect(problems(b, { Kongo: 'Marines', Haruna: 'Northampton', Mogami: 'Pensacola', Kumano: 'Enterprise' })).toEqual([]);
  });
});

describe('7.41 day actions: airstrikes only, anything at sea may be attacked', () => {
  it('given a day action, then only airstrike factors shoot and the B-17s and Marines are fair game', () => {
    const { battle, events } = play(
      battleInput({ atSea: [carrier('Akagi', 'japanese', { gunnery: 2 }), ...allied] }),
      [],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
      ],
      { stopAtUnscripted: true },
    );
    const d = nextDecision(battle);
    if (d?.kind !== 'targets') throw new Error(`expected targets, got ${d?.kind}`);
    expect(d.attackers.map((a) => [a.attacker.id, a.factor, a.shots])).toEqual([['Akagi', 'airstrike', 2]]);
    expect(d.targets.map((t) => t.id)).toEqual(['Enterprise', 'Northampton', 'Pensacola', 'B-17', 'Marines']);
    const r = answer(battle, 'japanese', targets({ Akagi: 'Marines' }) as Answer);
    expect(r.ok).toBe(true);
    expect(eventsOf(events, 'combat.action-started')[0].action).toBe('day');
  });
});
