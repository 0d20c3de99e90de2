/**
 * 8.x retreat and pursuit: the Japanese decide first, everything retreats in groups, air escapes
 * at once, pursuers must be as fast as their group, fight it separately, may fall behind, break
 * off, or follow its parts when it splits; 9.1 ports count as groups for raids; 7.93 landings.
 */
import {
  answer,
  baseChangedHands,
  battleOutcome,
  isOver,
  nextDecision,
  type Answer,
  type CombatEvent,
} from '../../../../src/games/vitp/combat/api';
import {
  amphib,
  battleInput,
  carrier,
  dayNight,
  eventsOf,
  lba,
  play,
  port,
  retreat,
  ship,
  stay,
  targets,
  type Step,
  nightRoundBothStay,
} from './support';

const pursue = (assign: Record<string, string>): Answer => ({ kind: 'pursuit', assign });

const forces = battleInput({
  seaArea: { id: 'coral-sea', name: 'Coral Sea', controller: 'allied' },
  atSea: [
    ship('Kongo', 'japanese', { gunnery: 2, armor: 4, speed: 5 }),
    ship('Fuso', 'japanese', { gunnery: 2, armor: 4, speed: 3 }),
    lba('Betty', 'japanese', { airstrike: 1, defense: 1 }),
    ship('Houston', 'allied', { gunnery: 1, armor: 3, speed: 5 }),
    ship('Pensacola', 'allied', { gunnery: 1, armor: 3, speed: 6 }),
    ship('Indiana', 'allied', { shipClass: 'battleship', gunnery: 3, armor: 4, speed: 3 }),
  ],
});

/** Round 1 by night, every shot a miss (4 Japanese, 5 Allied). */
const firstRound: Step[] = [
  ['japanese', dayNight('night')],
  ['allied', dayNight('night')],
  ['japanese', targets({ Kongo: 'Houston', Fuso: 'Houston' })],
  ['allied', targets({ Houston: 'Kongo', Pensacola: 'Kongo', Indiana: 'Kongo' })],
];
const misses = (n: number) => Array<number>(n).fill(1);

describe('8.1 after each round either side may retreat, the Japanese deciding first', () => {
  it('given a round is over, then the Japanese are asked first, then the Allies, then the next round begins', () => {
    const { asked, battle } = play(forces, misses(9), [...firstRound, ['japanese', stay], ['allied', stay]], {
      stopAtUnscripted: true,
    });
    expect(asked.slice(4).map((d) => d.id)).toEqual(['main/r1/retreat-japanese', 'main/r1/retreat-allied']);
    expect(nextDecision(battle)?.id).toBe('main/r2/day-night');
  });

  it('given the Japanese retreat, then 8.11 every unit must go: a partial set of groups is refused', () => {
    const { battle } = play(forces, misses(9), firstRound, { stopAtUnscripted: true });
    const r = answer(battle, 'japanese', retreat(['Kongo']));
    expect(r.ok ? [] : r.problems).toEqual(['Fuso must be in a group: all units go together (8.2)']);
  });
});

describe('8.2-8.4 groups, escaping air units, unpursued groups', () => {
  it('given the Japanese retreat in two groups and nobody pursues, then the air escapes at once and both groups go home', () => {
    const { events, battle } = play(forces, misses(9), [...firstRound, ['japanese', retreat(['Kongo'], ['Fuso'])], ['allied', pursue({})]]);
    expect(eventsOf(events, 'combat.retreated')).toEqual([
      {
        side: 'japanese',
        groups: [
          { id: 'g1', units: ['Kongo'], speed: 5 },
          { id: 'g2', units: ['Fuso'], speed: 3 },
        ],
        airEscaped: ['Betty'],
        rule: '8.1',
      },
    ]);
    expect(eventsOf(events, 'combat.group-escaped').map((g) => g.group)).toEqual(['g1', 'g2']);
    expect(isOver(battle)).toBe(true);
    const out = battleOutcome(battle);
    expect(out.retreated).toEqual(['japanese']);
    expect(out.remainingAtSea).toEqual(['allied']);
    expect(out.units.filter((u) => u.side === 'japanese').map((u) => [u.id, u.fate, u.returnReason])).toEqual([
      ['Kongo', 'returning', 'retreat'],
      ['Fuso', 'returning', 'retreat'],
      ['Betty', 'returning', 'retreat'],
    ]);
    // 8.34: ships named as not pursuing may not pursue for the rest of the turn
    expect(out.units.filter((u) => u.side === 'allied').every((u) => u.barredFromPursuit)).toBe(true);
  });
});

describe('8.33 a pursuer must be at least as fast as its group', () => {
  it('given Indiana (speed 3), then it may pursue Fuso (3) but not Kongo (5)', () => {
    const { battle } = play(forces, misses(9), [...firstRound, ['japanese', retreat(['Kongo'], ['Fuso'])]], {
      stopAtUnscripted: true,
    });
    const d = nextDecision(battle);
    if (d?.kind !== 'pursuit') throw new Error(`expected pursuit, got ${d?.kind}`);
    expect(d.ships.map((s) => [s.id, s.speed, s.canPursue])).toEqual([
      ['Houston', 5, ['g1', 'g2']],
      ['Pensacola', 6, ['g1', 'g2']],
      ['Indiana', 3, ['g2']],
    ]);
    const r = answer(battle, 'allied', pursue({ Indiana: 'g1' }));
    expect(r.ok ? [] : r.problems).toEqual(['Indiana (speed 3) is too slow to pursue g1 (8.33)']);
  });

  it('given the pursuer is slowed by damage below its group, then it falls behind and the group escapes', () => {
    const { events, battle } = play(
      forces,
      [...misses(9), /* Kongo at Houston */ 6, 1, 1, /* Houston */ 1],
      [
        ...firstRound,
        ['japanese', retreat(['Kongo'], ['Fuso'])],
        ['allied', pursue({ Houston: 'g1' })],
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', targets({ Kongo: 'Houston' })],
        ['allied', targets({ Houston: 'Kongo' })],
      ],
    );
    expect(eventsOf(events, 'combat.round-started').map((r) => `${r.engagement}/${r.round}`)).toEqual(['main/1', 'g1/1']);
    expect(eventsOf(events, 'combat.pursuer-dropped')).toEqual([{ unit: 'Houston', group: 'g1', reason: 'too-slow', rule: '8.33' }]);
    expect(eventsOf(events, 'combat.group-escaped').map((g) => g.group)).toEqual(['g2', 'g1']);
    const houston = battleOutcome(battle).units.find((u) => u.id === 'Houston');
    expect(houston).toMatchObject({ fate: 'at-sea', damage: 1, barredFromPursuit: true });
  });
});

describe('8.5 each group fights its own battle against its pursuers', () => {
  it('given Houston pursues Kongo, then only Kongo and Houston fight, and Houston may break off (8.53)', () => {
    const { asked, events, battle } = play(
      forces,
      [...misses(9), 1, 1, 1],
      [
        ...firstRound,
        ['japanese', retreat(['Kongo'], ['Fuso'])],
        ['allied', pursue({ Houston: 'g1' })],
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', targets({ Kongo: 'Houston' })],
        ['allied', targets({ Houston: 'Kongo' })],
        ['allied', { kind: 'continue-pursuit', assign: { Houston: 'stop' } }],
      ],
    );
    const g1Targets = asked.filter((d) => d.id.startsWith('g1/') && d.kind === 'targets');
    for (const d of g1Targets) {
      if (d.kind !== 'targets') continue;
      expect([...d.attackers.map((a) => a.attacker.id), ...d.targets.map((t) => t.id)].sort()).toEqual(['Houston', 'Kongo']);
    }
    expect(eventsOf(events, 'combat.pursuer-dropped')).toEqual([{ unit: 'Houston', group: 'g1', reason: 'broke-off', rule: '8.53' }]);
    expect(battleOutcome(battle).units.find((u) => u.id === 'Kongo')).toMatchObject({
      fate: 'returning',
      retreated: true,
    });
  });

  it('given the group splits (8.52), then each pursuer follows a part it can keep up with', () => {
    const { battle, events } = play(
      forces,
      [...misses(9), ...misses(8)],
      [
        ...firstRound,
        ['japanese', retreat(['Kongo', 'Fuso'])],
        ['allied', pursue({ Houston: 'g1', Indiana: 'g1' })],
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', targets({ Kongo: 'Indiana', Fuso: 'Indiana' })],
        ['allied', targets({ Houston: 'Kongo', Indiana: 'Kongo' })],
        ['japanese', { kind: 'split', groups: [['Kongo'], ['Fuso']] }],
      ],
      { stopAtUnscripted: true },
    );
    expect(eventsOf(events, 'combat.group-split')).toEqual([
      {
        from: 'g1',
        into: [
          { id: 'g2', units: ['Kongo'], speed: 5 },
          { id: 'g3', units: ['Fuso'], speed: 3 },
        ],
        rule: '8.52',
      },
    ]);
    const d = nextDecision(battle);
    if (d?.kind !== 'continue-pursuit') throw new Error(`expected continue-pursuit, got ${d?.kind}`);
    expect(d.pursuers.map((p) => [p.id, p.canFollow])).toEqual([
      ['Houston', ['g2', 'g3']],
      ['Indiana', ['g3']],
    ]);
    expect(answer(battle, 'allied', { kind: 'continue-pursuit', assign: { Indiana: 'g2' } }).ok).toBe(false);
    const r = answer(battle, 'allied', {
      kind: 'continue-pursuit',
      assign: { Houston: 'g2', Indiana: 'g3' },
    });
    if (!r.ok) throw new Error(r.problems.join());
    const next = play(r.battle, [], [], { stopAtUnscripted: true });
    expect(nextDecision(next.battle)?.id).toBe('g2/r1/day-night');
  });
});

describe('9.1 the retreating side’s ports count as groups the pursuer may raid', () => {
  it('given the Japanese retreat, then Saratoga may raid Truk instead of pursuing', () => {
    const input = battleInput({
      atSea: [ship('Kongo', 'japanese', { speed: 5 }), carrier('Saratoga', 'allied', { airstrike: 1, airstrikeBonus: false })],
      ports: [
        port('truk', 'japanese', [ship('Nagara', 'japanese', { armor: 1 })], 'island-base'),
        port('noumea', 'allied', [], 'island-base'),
      ],
    });
    const { events, asked, battle } = play(
      input,
      [1, /* raid */ 6, 3],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', targets({ Kongo: 'Saratoga' })],
        ['japanese', retreat(['Kongo'])],
        ['allied', pursue({ Saratoga: 'truk' })],
        ['allied', targets({ Saratoga: 'Nagara' })],
      ],
    );
    // nothing left in Truk after the first raid round, so no second one is asked for
    expect(asked.find((d) => d.kind === 'pursuit')).toMatchObject({
      ports: [{ id: 'truk' }],
      ships: [{ id: 'Saratoga', canPursue: ['g1'], canRaid: true }],
    });
    expect(eventsOf(events, 'combat.air-raid-started')).toEqual([
      { engagement: 'raid-truk', port: 'truk', raiders: ['Saratoga'], rule: '9.1' },
    ]);
    // armor 1 in port: 3 damage is past twice its armor
    expect(battleOutcome(battle).units.find((u) => u.id === 'Nagara')).toMatchObject({
      fate: 'sunk',
      damage: 3,
    });
    expect(asked.some((d) => d.kind === 'air-raids')).toBe(false);
  });
});

describe('7.93 non-retreating amphibious units may land or invade after a round', () => {
  it('given Marines at sea, then they may invade the enemy island base but not the enemy major port (13.3)', () => {
    const input = battleInput({
      atSea: [ship('Kongo', 'japanese', { gunnery: 1 }), ship('Houston', 'allied', { gunnery: 1 }), amphib('Marines', 'allied')],
      ports: [
        port('guadalcanal', 'japanese', [], 'island-base'),
        port('rabaul', 'japanese', [], 'major-port'),
        port('noumea', 'allied', [], 'island-base'),
      ],
    });
    const { asked, events, battle } = play(
      input,
      [1, 1],
      [
        ...nightRoundBothStay({ Kongo: 'Houston' }, { Houston: 'Kongo' }),
        ['allied', { kind: 'landings', land: { Marines: 'guadalcanal' } }],
      ],
      { stopAtUnscripted: true },
    );
    expect(asked[6]).toMatchObject({
      kind: 'landings',
      owes: ['allied'],
      bases: [
        { id: 'guadalcanal', invade: true },
        { id: 'noumea', invade: false },
      ],
    });
    expect(eventsOf(events, 'combat.landed')).toEqual([{ unit: 'Marines', base: 'guadalcanal', invading: true, rule: '7.93' }]);
    expect(battle.units.find((u) => u.id === 'Marines')).toMatchObject({
      fate: 'landed',
      landedAt: { base: 'guadalcanal', invading: true },
    });
  });
});

describe('8.31 and 8.34: who may not pursue', () => {
  it('given Allied land-based air and a ship barred earlier this turn, then neither is offered as a pursuer', () => {
    const input = battleInput({
      atSea: [
        ship('Kongo', 'japanese', { speed: 5, gunnery: 1 }),
        ship('Houston', 'allied', { speed: 5, gunnery: 1 }),
        ship('Pensacola', 'allied', { speed: 6, gunnery: 1, barredFromPursuit: true }),
        lba('B-17', 'allied', { airstrike: 1 }),
      ],
    });
    const { battle } = play(
      input,
      [1, 1, 1],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', targets({ Kongo: 'Houston' })],
        ['allied', targets({ Houston: 'Kongo', Pensacola: 'Kongo' })],
        ['japanese', retreat(['Kongo'])],
      ],
      { stopAtUnscripted: true },
    );
    const d = nextDecision(battle);
    if (d?.kind !== 'pursuit') throw new Error(`expected pursuit, got ${d?.kind}`);
    expect(d.ships.map((s) => s.id)).toEqual(['Houston']);
  });
});

describe('the Allies may retreat too, and the Japanese pursue', () => {
  it('given the Japanese stay and the Allies retreat, then the Japanese are asked to pursue', () => {
    const { asked, battle } = play(
      forces,
      misses(9),
      [...firstRound, ['japanese', stay], ['allied', retreat(['Houston', 'Pensacola'], ['Indiana'])]],
      { stopAtUnscripted: true },
    );
    expect(asked.at(-1)?.id).toBe('main/r1/retreat-allied');
    const d = nextDecision(battle);
    if (d?.kind !== 'pursuit') throw new Error(`expected pursuit, got ${d?.kind}`);
    expect(d.owes).toEqual(['japanese']);
    expect(d.groups.map((g) => [g.id, g.speed])).toEqual([
      ['g1', 5],
      ['g2', 3],
    ]);
    expect(d.ships.map((s) => [s.id, s.canPursue])).toEqual([
      ['Kongo', ['g1', 'g2']],
      ['Fuso', ['g2']],
    ]);
  });
});

describe('forces that cannot hurt each other', () => {
  it('given only amphibious units on both sides, then the battle ends in a stalemate with both still at sea', () => {
    const { events, battle } = play(battleInput({ atSea: [amphib('SNLF', 'japanese'), amphib('Marines', 'allied')] }), [], []);
    expect(eventsOf(events, 'combat.stalemate')).toHaveLength(1);
    expect(battleOutcome(battle).remainingAtSea).toEqual(['japanese', 'allied']);
  });
});

describe('12.24 an invasion mid-battle can leave air units without a base', () => {
  it('given the Marines take Guadalcanal, the only Japanese base here, then the Japanese air units are disabled and go home', () => {
    const input = battleInput({
      atSea: [
        ship('Kongo', 'japanese', { gunnery: 1 }),
        lba('Betty', 'japanese', { airstrike: 1 }),
        ship('Houston', 'allied', { gunnery: 1 }),
        amphib('Marines', 'allied'),
      ],
      ports: [port('guadalcanal', 'japanese', [], 'island-base'), port('noumea', 'allied', [], 'island-base')],
    });
    const { battle } = play(
      input,
      [1, 1],
      [
        ...nightRoundBothStay({ Kongo: 'Houston' }, { Houston: 'Kongo' }),
        ['allied', { kind: 'landings', land: { Marines: 'guadalcanal' } }],
      ],
      { stopAtUnscripted: true },
    );
    const events: CombatEvent[] = [];
    const after = baseChangedHands(battle, 'guadalcanal', 'allied', (e) => events.push(e));
    expect(eventsOf(events, 'combat.base-changed-hands')).toEqual([
      { port: 'guadalcanal', controller: 'allied', groundedAir: ['Betty'], rule: '12.24' },
    ]);
    expect(after.units.find((u) => u.id === 'Betty')).toMatchObject({
      fate: 'returning',
      returnReason: 'disabled',
    });
    expect(battle.units.find((u) => u.id === 'Betty')?.fate).toBe('at-sea');
  });
});
