/**
 * Reports are what players read: every event type the VITP rules and combat emit over whole games
 * narrates to at least one line, citing the rule that made it where the event names one.
 */
import type { RulesEvent } from '../../../src/engine/ruleset';
import { vitpRuleset } from '../../../src/games/vitp';
import { playRandom } from './driver';

const GAMES: readonly [string, Record<string, boolean>][] = [
  ['narrate-a', {}],
  ['narrate-b', {}],
  ['narrate-c', { 'airstrike-damage': true }],
  ['narrate-d', { 'airstrike-damage': true, 'island-combat': true }],
  ['narrate-e', { 'turn-9': true, 'us-battleship-bonus': true }],
  ['narrate-f', { 'task-forces': true }],
  ['narrate-g', { 'task-forces': true, 'airstrike-damage': true }],
];

const events: RulesEvent[] = GAMES.flatMap(([seed, options]) => playRandom(seed, options).events);
const byType = new Map<string, RulesEvent[]>();
for (const e of events) byType.set(e.type, [...(byType.get(e.type) ?? []), e]);
const lines = (e: RulesEvent) => vitpRuleset.narrate(e, 'referee');

describe('VITP narration of every event type', () => {
  it('given a few whole games, then they emit the new combat events too (rule 23 hits on airstrikes, the end of the 18.4 raids)', () => {
    expect([...byType.keys()]).toEqual(
      expect.arrayContaining(['combat.airstrike-hit', 'combat.surprise-ended', 'combat.shot', 'vitp.poc']),
    );
  });

  it.each([...byType.keys()].sort().map((t) => [t]))('%s narrates to at least one readable line', (type) => {
    const told = byType.get(type)!.flatMap(lines);
    expect(told.length).toBeGreaterThan(0);
    for (const l of told) expect(l).not.toMatch(/undefined|null|NaN|\[object Object\]/);
  });

  it('given an event that names its rule, then its lines cite it', () => {
    const uncited = events.filter((e) => {
      const rule = (e.data as { rule?: unknown }).rule;
      const told = lines(e);
      return typeof rule === 'string' && told.length > 0 && !told.some((l) => l.includes(rule));
    });
    expect(uncited.map((e) => `${e.type}: ${lines(e).join(' ')}`).slice(0, 5)).toEqual([]);
  });

  it('given a hit on an airstrike (23.32-23.36) and the end of the 18.4 raids, then the lines say what happened and why', () => {
    const hit = (result: string, shotsLeft: number) =>
      vitpRuleset.narrate(
        {
          type: 'combat.airstrike-hit',
          data: { unit: 'akagi', damageTaken: 2, shotsLeft, result, rule: '23.34' },
        },
        'allied',
      );
    expect(hit('damaged', 2)).toEqual(["Akagi's airstrike takes 2 damage at once: 2 shots left (23.34, 23.2)."]);
    expect(hit('airstrikes-lost', 0)).toEqual([
      "Akagi's airstrike takes 2 damage: all its airstrikes are lost, and the carrier is disabled at the end of the action (23.34, 23.4).",
    ]);
    expect(vitpRuleset.narrate({ type: 'combat.surprise-ended', data: { rounds: 2, rule: '18.4' } }, 'japanese')).toEqual([
      'The surprise air raids end after 2 rounds; the Allies never fired back (18.4).',
    ]);
  });

  it('given a shot, then the line says who fired at whom, with what, the die and the result', () => {
    const shot = {
      attacker: 'akagi',
      target: 'prince-of-wales',
      factor: 'airstrike',
      shot: 2,
      of: 4,
      die: 5,
      bonus: true,
      total: 6,
      result: 'hit',
      rule: '7.53',
    };
    expect(vitpRuleset.narrate({ type: 'combat.shot', data: shot }, 'allied')).toEqual([
      "Akagi's airstrike, shot 2 of 4, at Prince of Wales: rolled 5 +1 = 6: a hit (7.53).",
    ]);
    expect(
      vitpRuleset.narrate(
        {
          type: 'combat.damage-rolled',
          data: { attacker: 'akagi', target: 'prince-of-wales', die: 4, rule: '7.532' },
        },
        'allied',
      ),
    ).toEqual(["Akagi's hit on Prince of Wales does 4 damage (damage die 4, 7.532)."]);
  });
});
