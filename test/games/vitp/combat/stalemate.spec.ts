/**
 * 7.94 (rounds until a victor) and forces that cannot hurt each other: our stalemate reading, the
 * "by strength" default and "retreat when outgunned" counting only shots that have a target.
 */
import {
  answerFromStanding,
  battleOutcome,
  isOver,
  nextDecision,
  resolveUntilDecision,
  startBattle,
} from '../../../../src/games/vitp/combat/api';
import { amphib, battleInput, carrier, dayNight, eventsOf, lba, play, ScriptedDice, ship, stay, targets } from './support';

const gunsAgainstAir = battleInput({
  seaArea: { id: 'north-pacific-ocean', name: 'North Pacific Ocean', controller: 'japanese' },
  atSea: [
    ship('Kongo', 'japanese', { gunnery: 3, armor: 3, shipClass: 'battleship' }),
    lba('7th-AF', 'allied', { airstrike: 2, defense: 3 }),
  ],
});

describe('7.94: a round nobody can fire in', () => {
  it('given both sides choose night and neither can fire at night, then after that round the battle ends in a stalemate, both still at sea', () => {
    const { battle, events } = play(
      gunsAgainstAir,
      [],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', stay],
        ['allied', stay],
      ],
    );
    expect(isOver(battle)).toBe(true);
    expect(eventsOf(events, 'combat.round-started')).toEqual([{ engagement: 'main', round: 1 }]);
    expect(eventsOf(events, 'combat.shot')).toEqual([]);
    expect(eventsOf(events, 'combat.stalemate')).toEqual([
      {
        engagement: 'main',
        note: 'Stalemate: both sides chose a night action in which neither could fire at the other.',
        rule: '7.94',
      },
    ]);
    const outcome = battleOutcome(battle);
    expect(outcome.remainingAtSea).toEqual(['japanese', 'allied']);
    expect(outcome.units.map((u) => u.fate)).toEqual(['at-sea', 'at-sea']);
  });

  it('given the die chose the night action nobody can fire in (7.32), then another round follows', () => {
    // Japanese 5 +1 (controls the area) beat the Allied 2 +1 (wants day): night
    const { battle, events } = play(
      gunsAgainstAir,
      [5, 2],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('day')],
        ['japanese', stay],
        ['allied', stay],
      ],
      { stopAtUnscripted: true },
    );
    expect(eventsOf(events, 'combat.stalemate')).toEqual([]);
    expect(isOver(battle)).toBe(false);
    expect(nextDecision(battle)).toMatchObject({ id: 'main/r2/day-night', kind: 'day-night' });
  });

  it('given the round was fought with shots possible, then no stalemate is read from it', () => {
    const { battle, events } = play(
      gunsAgainstAir,
      [1, 1],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
        ['allied', targets({ '7th-AF': 'Kongo' })],
        ['japanese', stay],
        ['allied', stay],
      ],
      { stopAtUnscripted: true },
    );
    expect(eventsOf(events, 'combat.stalemate')).toEqual([]);
    expect(nextDecision(battle)?.id).toBe('main/r2/day-night');
  });

  it("given the Allies hold their carriers' guns back in an agreed night action against air alone, then that round ends it too", () => {
    const input = battleInput({
      atSea: [lba('Betty', 'japanese'), carrier('Saratoga', 'allied', { gunnery: 1 })],
    });
    const { battle, events } = play(
      input,
      [],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['allied', { kind: 'night-carriers', carriers: [] }],
        ['japanese', stay],
        ['allied', stay],
      ],
    );
    expect(isOver(battle)).toBe(true);
    expect(eventsOf(events, 'combat.stalemate')).toHaveLength(1);
  });

  it('given nobody could fire at anything by day or by night, then no round is fought at all', () => {
    const input = battleInput({
      atSea: [amphib('SNLF', 'japanese'), carrier('Ryujo', 'allied', { airstrike: 2, damage: 3, armor: 3 })],
    });
    const b = resolveUntilDecision(startBattle(input), new ScriptedDice([]), () => undefined);
    expect(isOver(b)).toBe(true);
  });
});

describe('defaults that look at targets', () => {
  const atStart = (input: ReturnType<typeof battleInput>) =>
    resolveUntilDecision(startBattle(input), new ScriptedDice([]), () => undefined);

  it('given guns facing only land-based air and airstrikes of our own, then "by strength" picks day', () => {
    const b = atStart(
      battleInput({
        atSea: [
          ship('Kongo', 'japanese', { gunnery: 3 }),
          ship('Hiei', 'japanese', { gunnery: 3 }),
          carrier('Ryujo', 'japanese', { airstrike: 1 }),
          lba('7th-AF', 'allied'),
        ],
      }),
    );
    expect(nextDecision(b)?.defaults.japanese).toEqual({ kind: 'day-night', choice: 'day' });
  });

  it('given guns facing ships, then "by strength" still counts them (night)', () => {
    const b = atStart(
      battleInput({
        atSea: [ship('Kongo', 'japanese', { gunnery: 3 }), carrier('Ryujo', 'japanese', { airstrike: 1 }), ship('Houston', 'allied')],
      }),
    );
    expect(nextDecision(b)?.defaults.japanese).toEqual({ kind: 'day-night', choice: 'night' });
  });

  it('given an enemy whose shots have no target, then "retreat when outgunned" stays; the side that cannot fire back retreats', () => {
    const { battle } = play(
      gunsAgainstAir,
      [1, 1],
      [
        ['japanese', dayNight('day')],
        ['allied', dayNight('day')],
        ['allied', targets({ '7th-AF': 'Kongo' })],
      ],
      { stopAtUnscripted: true },
    );
    expect(answerFromStanding(battle, 'japanese', { retreat: 'when-outgunned' })).toEqual({
      kind: 'retreat',
      retreat: true,
      groups: [['Kongo']],
    });
    const stayed = play(battle, [], [['japanese', stay]], { stopAtUnscripted: true }).battle;
    expect(answerFromStanding(stayed, 'allied', { retreat: 'when-outgunned' })).toEqual({
      kind: 'retreat',
      retreat: false,
    });
  });
});
