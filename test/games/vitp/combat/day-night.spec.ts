/**
 * 7.3x: each round the players choose day or night; a disagreement is rolled for with +1 for
 * wanting day and +1 for controlling the area; a tie is a day action followed by a night action.
 */
import { battleInput, carrier, dayNight, eventsOf, play, ship, targets } from './support';
import type { BattleInput, VitpSide } from '../../../../src/games/vitp/combat/api';

function cruisersFacingACarrier(controller: VitpSide | null): BattleInput {
  return battleInput({
    seaArea: { id: 'coral-sea', name: 'Coral Sea', controller },
    atSea: [ship('Chokai', 'japanese'), carrier('Lexington', 'allied', { airstrike: 1, airstrikeBonus: false })],
  });
}

describe('7.31 both players want the same action', () => {
  it('given both choose night, when the round starts, then no die is rolled and a night action is fought', () => {
    const { dice, events } = play(
      cruisersFacingACarrier(null),
      [1],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', targets({ Chokai: 'Lexington' })],
      ],
      { stopAtUnscripted: true },
    );
    expect(dice.rolls.filter((r) => r.rule === '7.32')).toHaveLength(0);
    expect(eventsOf(events, 'combat.day-night-chosen')[0]).toMatchObject({
      agreed: true,
      choices: { japanese: 'night', allied: 'night' },
    });
    expect(eventsOf(events, 'combat.action-started').map((a) => a.action)).toEqual(['night']);
  });
});

describe('7.32 the players disagree: each rolls a die', () => {
  function roll(controller: VitpSide | null, jp: 'day' | 'night', faces: [number, number]) {
    const al = jp === 'day' ? 'night' : 'day';
    const r = play(
      cruisersFacingACarrier(controller),
      faces,
      [
        ['japanese', dayNight(jp)],
        ['allied', dayNight(al)],
      ],
      { stopAtUnscripted: true },
    );
    return { ...r, rolled: eventsOf(r.events, 'combat.day-night-rolled')[0] };
  }

  it('given the Allies want day and control the area, then they add 2 (1 for day, 1 for control)', () => {
    const { rolled, dice } = roll('allied', 'night', [5, 3]);
    expect(dice.rolls.map((r) => [r.rule, r.face])).toEqual([
      ['7.32', 5],
      ['7.32', 3],
    ]);
    expect(rolled.rolls).toEqual([
      { side: 'japanese', die: 5, wantsDay: 0, controlsArea: 0, total: 5 },
      { side: 'allied', die: 3, wantsDay: 1, controlsArea: 1, total: 5 },
    ]);
  });

  it('given the Japanese control the area and want night, then each side adds 1 and the higher total decides', () => {
    const { rolled } = roll('japanese', 'night', [3, 2]);
    expect(rolled.rolls.map((r) => r.total)).toEqual([4, 3]);
    expect(rolled.result).toBe('night');
    expect(rolled.rule).toBe('7.32');
  });

  it('given the day side rolls higher, then it is a day action', () => {
    const { rolled, events } = roll(null, 'day', [4, 4]);
    expect(rolled.rolls.map((r) => r.total)).toEqual([5, 4]);
    expect(rolled.result).toBe('day');
    expect(eventsOf(events, 'combat.action-started').map((a) => a.action)).toEqual(['day']);
  });

  it('given the higher die loses to the modifiers, then the modifiers count', () => {
    const { rolled } = roll('allied', 'night', [6, 5]);
    expect(rolled.rolls.map((r) => r.total)).toEqual([6, 7]);
    expect(rolled.result).toBe('day');
  });
});

describe('7.33 a tie: day action followed by night action in the same round (7.8)', () => {
  const input = battleInput({
    atSea: [
      carrier('Shoho', 'japanese', { airstrike: 1, airstrikeBonus: false }),
      ship('Kako', 'japanese'),
      ship('Astoria', 'allied'),
      ship('Quincy', 'allied'),
    ],
  });

  it('given tied totals, then a day action is fought, its losses go, and a night action follows', () => {
    const { events, dice, asked } = play(
      input,
      [4, 3, /* day: Shoho at Astoria */ 6, 2, /* night */ 1, 1],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('day')],
        ['japanese', targets({ Shoho: 'Astoria' })],
        ['japanese', targets({ Kako: 'Quincy' })],
        ['allied', targets({ Quincy: 'Kako' })],
      ],
      { stopAtUnscripted: true },
    );
    expect(eventsOf(events, 'combat.day-night-rolled')[0]).toMatchObject({
      result: 'day-then-night',
      rule: '7.33',
    });
    expect(eventsOf(events, 'combat.action-started').map((a) => a.action)).toEqual(['day', 'night']);
    expect(eventsOf(events, 'combat.action-resolved')[0].results).toEqual([
      { unit: 'Astoria', damageTaken: 2, damage: 2, result: 'sunk', speed: 3 },
    ]);
    // 7.8: Astoria, sunk by day, neither fires nor can be fired at by night
    const nightTargets = asked.filter((d) => d.kind === 'targets').slice(1);
    for (const d of nightTargets) {
      if (d.kind !== 'targets') throw new Error('unreachable');
      expect(d.attackers.map((a) => a.attacker.id)).not.toContain('Astoria');
      expect(d.targets.map((t) => t.id)).not.toContain('Astoria');
    }
    expect(dice.unused).toBe(0);
  });
});
