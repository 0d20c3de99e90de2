/** Optional rule 23.5: lost airstrike factors rebuilt in the repair step, from their own budget. */
import { vitpRuleset } from '../../../src/games/vitp';
import { placeableAir } from '../../../src/games/vitp/air';
import { movers } from '../../../src/games/vitp/movement';
import { rebuildCapacity } from '../../../src/games/vitp/repairs';
import type { Loc, Unit, VitpState } from '../../../src/games/vitp/types';
import { ListDice, newGame, playRandom, step } from './driver';

/** Turn 2, the Japanese patrol and repair step, with some pieces moved or hurt for the test. */
function patrolStep(options: Record<string, boolean>, patch: Record<string, Partial<Unit>>): VitpState {
  const s = newGame(options);
  const units = s.units.map((u) => (patch[u.id] ? { ...u, ...patch[u.id] } : u));
  return { ...s, turn: 2, phase: { k: 'patrol', side: 'japanese' }, units };
}
const RULE_23 = { 'airstrike-damage': true };
const yokosuka: Loc = { at: 'port', place: 'Yokosuka Navy Yard' };
const lostAir: Loc = { at: 'eliminated', returns: null, rebuild: true };
const unit = (s: VitpState, id: string) => s.units.find((u) => u.id === id)!;
const errorsOf = (s: VitpState, text: string) => {
  const info = vitpRuleset.currentStep(s)!;
  const parsed = vitpRuleset.parseOrders(s, 'japanese', text, info);
  if (!parsed.ok) return parsed.errors;
  return vitpRuleset.validateOrders(s, 'japanese', parsed.orders, info);
};

describe('23.5: rebuilding airstrikes', () => {
  it('given a carrier in Yokosuka with 3 airstrike damage, when REBUILD Akagi 2, then 2 factors come back and Akagi may not move this turn', () => {
    const s = patrolStep(RULE_23, { akagi: { loc: yokosuka, airstrikeDamage: 3 } });
    const { state, events } = step(s, { japanese: 'REBUILD Akagi 2' }, new ListDice([]));
    expect(unit(state, 'akagi').airstrikeDamage).toBe(1);
    expect(unit(state, 'akagi').repaired).toBe(true);
    expect(events.flatMap((e) => vitpRuleset.narrate(e, 'allied'))).toContain('Akagi rebuilds 2 airstrike factors (3 of 4 now) (23.5).');
    expect(movers(state, 'japanese', 'patrol').map((u) => u.id)).not.toContain('akagi');
    expect(vitpRuleset.help(s, 'japanese', vitpRuleset.currentStep(s))).toContain(
      'Up to 6 this turn (your whole repair capacity, besides your repairs), in Yokosuka Navy Yard',
    );
    expect(vitpRuleset.help(s, 'japanese', vitpRuleset.currentStep(s))).toContain('Rebuildable: Akagi (3 lost)');
  });

  it('given REPAIR <carrier> AIR, then it is the same order, written back as REBUILD', () => {
    const s = patrolStep(RULE_23, { akagi: { loc: yokosuka, airstrikeDamage: 3 } });
    const parsed = vitpRuleset.parseOrders(s, 'japanese', 'repair akagi air 2\nREBUILD Akagi', vitpRuleset.currentStep(s)!);
    expect(parsed.ok && vitpRuleset.formatOrders(parsed.orders)).toBe('REBUILD akagi 2\nREBUILD akagi');
  });

  it('given the Japanese capacity of 6 (Yokosuka, 11.21), then 6 rebuilt factors and 6 repaired points go together, 7 rebuilt do not', () => {
    const s = patrolStep(RULE_23, {
      akagi: { loc: yokosuka, airstrikeDamage: 4, damage: 3 },
      kaga: { loc: yokosuka, airstrikeDamage: 3, damage: 3 },
    });
    expect(rebuildCapacity(s, 'japanese')).toBe(6);
    expect(errorsOf(s, 'REBUILD Akagi 4\nREBUILD Kaga 2\nREPAIR Akagi 3\nREPAIR Kaga 3')).toEqual([]);
    expect(errorsOf(s, 'REBUILD Akagi 4\nREBUILD Kaga 3')).toEqual([
      expect.objectContaining({
        line: 2,
        rule: '23.5',
        problem: expect.stringContaining('only 6 airstrike factors'),
      }),
    ]);
  });

  it('given a carrier at sea or moving, or more factors than it lost, then the order is refused citing 23.5', () => {
    const s = patrolStep(RULE_23, {
      akagi: { loc: yokosuka, airstrikeDamage: 1 },
      kaga: { loc: { at: 'port', place: 'Truk' }, airstrikeDamage: 2 },
    });
    expect(errorsOf(s, 'REBUILD Akagi 2')).toEqual([
      expect.objectContaining({ rule: '23.5', problem: 'Akagi has only 1 airstrike factor to rebuild' }),
    ]);
    expect(errorsOf(s, 'REBUILD Kaga')).toEqual([
      expect.objectContaining({ rule: '23.5', problem: 'Truk is not a port where you can repair this turn' }),
    ]);
    expect(errorsOf(s, 'REBUILD Akagi\nPATROL Akagi TO Japanese Islands').map((e) => e.rule)).toContain('23.5');
  });

  it('given an eliminated air unit, then it comes back only when rebuilt, at the port named, and is not placed that turn (12.1)', () => {
    const s = patrolStep(RULE_23, { '21st-air-flotilla': { loc: lostAir, damage: 4 } });
    expect(errorsOf(s, 'REBUILD 21st Air Flotilla')).toEqual([
      expect.objectContaining({ rule: '23.5', problem: expect.stringContaining('AT <port>') }),
    ]);
    const { state } = step(s, { japanese: 'REBUILD 21st-Air-Flotilla 2 AT Yokosuka' }, new ListDice([]));
    const fleet = unit(state, '21st-air-flotilla');
    expect(fleet.loc).toEqual(yokosuka);
    expect(fleet.damage).toBe(1);
    expect(placeableAir(state, 'japanese').map((u) => u.id)).not.toContain('21st-air-flotilla');
  });

  it('given the basic game, then REBUILD is refused: rule 23 is not in use', () => {
    const s = patrolStep({}, { akagi: { loc: yokosuka, damage: 2 } });
    expect(errorsOf(s, 'REBUILD Akagi 1')).toEqual([
      expect.objectContaining({ rule: '23.5', problem: expect.stringContaining('optional rule 23') }),
    ]);
  });

  it('given whole random games under rule 23, then airstrike damage stays on carriers, lost air units never return by themselves, and some are rebuilt', () => {
    const events = ['r23-a', 'r23-b', 'r23-c'].flatMap((seed) => playRandom(seed, RULE_23).events);
    const patches = events
      .filter((e) => e.type === 'vitp.unit')
      .map((e) => e.data as { patch: Partial<Unit> & { loc?: Loc }; rule: string; why: string });
    expect(patches.some((p) => (p.patch.airstrikeDamage ?? 0) > 0 && p.rule === '23.1')).toBe(true);
    expect(patches.some((p) => p.rule === '23.5' && p.patch.loc?.at === 'eliminated')).toBe(true);
    expect(patches.filter((p) => p.rule === '23.5' && /rebuil/.test(p.why)).length).toBeGreaterThan(0);
    expect(patches.some((p) => p.rule === '12.3')).toBe(false);
  });
});
