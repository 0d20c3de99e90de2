/**
 * 7.93: an invasion after a round waits for the step machine (13.4x) before the battle goes on,
 * so a base taken counts in what follows (12.24, the other side's landings, the next round).
 */
import {
  invasionsResolved,
  isOver,
  nextDecision,
  pendingInvasions,
  resolveUntilDecision,
  type CombatEvent,
} from '../../../../src/games/vitp/combat/api';
import { amphib, battleInput, eventsOf, lba, nightRoundBothStay, play, port, ScriptedDice, ship } from './support';

const input = battleInput({
  atSea: [
    ship('Kongo', 'japanese', { gunnery: 1 }),
    lba('Betty', 'japanese', { airstrike: 1 }),
    amphib('SNLF', 'japanese'),
    ship('Houston', 'allied', { gunnery: 1 }),
    amphib('Marines', 'allied'),
    amphib('Raiders', 'allied'),
  ],
  ports: [port('guadalcanal', 'japanese', [], 'island-base'), port('noumea', 'allied', [], 'island-base')],
});

const upToLandings = play(
  input,
  [1, 1],
  [
    ...nightRoundBothStay({ Kongo: 'Houston' }, { Houston: 'Kongo' }),
    ['japanese', { kind: 'landings', land: {} }],
    ['allied', { kind: 'landings', land: { Marines: 'guadalcanal', Raiders: 'guadalcanal' } }],
  ],
  { stopAtUnscripted: true },
).battle;

describe('7.93: invasions made after a round', () => {
  it('given the Allies invade, then the battle waits for the invasion to be resolved, asking nothing', () => {
    expect(pendingInvasions(upToLandings)).toEqual([{ base: 'guadalcanal', units: ['Marines', 'Raiders'] }]);
    expect(nextDecision(upToLandings)).toBeNull();
    expect(isOver(upToLandings)).toBe(false);
    const again = resolveUntilDecision(upToLandings, new ScriptedDice([]), () => undefined);
    expect(again.stage).toEqual(upToLandings.stage);
  });

  it('given the step machine reports the base taken, then 12.24 grounds the air it supported and round 2 follows', () => {
    const events: CombatEvent[] = [];
    const on = resolveUntilDecision(
      invasionsResolved(upToLandings, [{ port: 'guadalcanal', controller: 'allied' }], (e) => events.push(e)),
      new ScriptedDice([]),
      (e) => events.push(e),
    );
    expect(eventsOf(events, 'combat.base-changed-hands')).toEqual([
      { port: 'guadalcanal', controller: 'allied', groundedAir: ['Betty'], rule: '12.24' },
    ]);
    expect(pendingInvasions(on)).toEqual([]);
    expect(nextDecision(on)?.id).toBe('main/r2/day-night');
    expect(on.ports.find((p) => p.id === 'guadalcanal')?.controller).toBe('allied');
  });

  it('given the invasion failed (a defender stood), then nothing changes hands and the battle goes on', () => {
    const events: CombatEvent[] = [];
    const on = resolveUntilDecision(
      invasionsResolved(upToLandings, [], (e) => events.push(e)),
      new ScriptedDice([]),
      (e) => events.push(e),
    );
    expect(eventsOf(events, 'combat.base-changed-hands')).toEqual([]);
    expect(on.units.find((u) => u.id === 'Betty')?.fate).toBe('at-sea');
    expect(nextDecision(on)?.id).toBe('main/r2/day-night');
  });

  it('given a Japanese invasion, then it is resolved before the Allies are asked about their landings', () => {
    const jp = play(
      input,
      [1, 1],
      [...nightRoundBothStay({ Kongo: 'Houston' }, { Houston: 'Kongo' }), ['japanese', { kind: 'landings', land: { SNLF: 'noumea' } }]],
      { stopAtUnscripted: true },
    ).battle;
    expect(pendingInvasions(jp)).toEqual([{ base: 'noumea', units: ['SNLF'] }]);
    const on = resolveUntilDecision(
      invasionsResolved(jp, [{ port: 'noumea', controller: 'japanese' }], () => undefined),
      new ScriptedDice([]),
      () => undefined,
    );
    // Noumea is Japanese now: the Allies may only invade it, no longer land on it as a friend
    expect(nextDecision(on)).toMatchObject({
      kind: 'landings',
      owes: ['allied'],
      bases: [
        { id: 'guadalcanal', invade: true },
        { id: 'noumea', invade: true },
      ],
    });
  });
});
