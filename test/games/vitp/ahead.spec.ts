/** Orders for upcoming steps (docs/engine.md, "few round trips"): which VITP steps can be ordered ahead, and how their orders are read. */
import { checkReplay, playOneGame } from '../../../src/engine/selfplay';
import type { StepInfo } from '../../../src/engine/ruleset';
import { vitpRuleset } from '../../../src/games/vitp';
import type { VitpState } from '../../../src/games/vitp/types';
import { newGame } from './driver';

const turn2 = (phase: VitpState['phase']): VitpState => ({ ...newGame(), turn: 2, phase });
const upcoming = (s: VitpState) => vitpRuleset.upcomingSteps!(s);
const named = (s: VitpState, id: string): StepInfo => upcoming(s).find((u) => u.id === id)!;

describe('VITP steps to come (upcomingSteps)', () => {
  it("given the Japanese patrol step, then the rest of the turn's movement sequence and the end-of-turn steps are to come, each owed by its side", () => {
    const s = turn2({ k: 'patrol', side: 'japanese' });
    expect(upcoming(s).map((u) => `${u.id} ${u.owes.join()}`)).toEqual([
      't2/patrol/allied allied',
      't2/lba/1 japanese',
      't2/amphibious/japanese japanese',
      't2/amphibious/allied allied',
      't2/raiders/japanese japanese',
      't2/raiders/allied allied',
      ...['japanese', 'allied']
        .filter((side) => s.units.some((u) => u.kind === 'sub' && u.side === side && u.loc.at === 'port'))
        .map((side) => `t2/submarine/${side} ${side}`),
      't2/invasions/japanese japanese',
      't2/invasions/allied allied',
      't2/return/japanese japanese',
      't2/return/allied allied',
    ]);
    expect(upcoming(s).every((u) => u.mode === 'sequential' && u.title.startsWith('Turn 2: '))).toBe(true);
  });

  it('given a step in the middle of the turn, then only later steps are to come; air placement only before it starts (12.11); none after the last', () => {
    expect(upcoming(turn2({ k: 'lba', side: 'allied', n: 2 })).map((u) => u.id)).not.toContain('t2/lba/1');
    expect(upcoming(turn2({ k: 'amph', side: 'allied' })).map((u) => u.id)[0]).toBe('t2/raiders/japanese');
    expect(upcoming(turn2({ k: 'pick-battle' })).map((u) => u.id)).toEqual([
      't2/invasions/japanese',
      't2/invasions/allied',
      't2/return/japanese',
      't2/return/allied',
    ]);
    expect(upcoming(turn2({ k: 'return', side: 'allied' }))).toEqual([]);
  });

  it("given orders for a step to come, then they are read in that step's phase: MOVE is amphibious in the amphibious step, STAY ends air placement", () => {
    const s = turn2({ k: 'patrol', side: 'japanese' });
    const parse = (text: string, step: StepInfo) => {
      const r = vitpRuleset.parseOrders(s, 'japanese', text, step);
      return r.ok ? r.orders.map((o) => (o.t === 'move' ? `move ${o.mode}` : o.t)) : r.errors;
    };
    expect(parse('MOVE Kure-SNLF TO Marianas Islands', vitpRuleset.currentStep(s)!)).toEqual(['move patrol']);
    expect(parse('MOVE Kure-SNLF TO Marianas Islands', named(s, 't2/amphibious/japanese'))).toEqual(['move amph']);
    expect(parse('STAY', named(s, 't2/lba/1'))).toEqual(['lba-done']);
    expect(vitpRuleset.help(s, 'japanese', named(s, 't2/raiders/japanese'))).toContain('RAID <units> TO <sea area>');
  });

  it('given self-play in which sides often send orders ahead, then games end, replay and verify, and queued orders are both used and dropped', () => {
    const events = [0, 1].flatMap((g) => {
      const played = playOneGame(vitpRuleset as never, `ahead/${g}`, { aheadRate: 0.6 });
      expect(checkReplay(vitpRuleset as never, played.events, played.state)).toEqual([]);
      expect(played.state.step).toBeNull();
      return played.events;
    });
    expect(events.filter((e) => e.type === 'QueuedOrdersUsed').length).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === 'QueuedOrdersDropped').length).toBeGreaterThan(0);
  }, 120_000);
});
