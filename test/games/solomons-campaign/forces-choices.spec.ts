/**
 * The forces choices (30, 38, 39) beyond the cases (cases/solomons-campaign/forces-choices.json):
 * the end-of-game VP (38.2, 39.3-39.5), a crippled super-battleship withdrawn (39.7), both sunk
 * ending the game (39.8), and self-play meeting each choice.
 */
import type { EngineEvent } from '../../../src/engine/engine-events';
import type { RulesEvent } from '../../../src/engine/ruleset';
import { playOneGame } from '../../../src/engine/selfplay';
import { rulesets } from '../../../src/games';
import { Fold } from '../../../src/games/kit';
import { defaultBox } from '../../../src/games/solomons-campaign/box';
import { giantsSunk, openChoices, retireCrippled } from '../../../src/games/solomons-campaign/rules/additional-forces';
import { evolveSol } from '../../../src/games/solomons-campaign/rules/events';
import { finalScore } from '../../../src/games/solomons-campaign/rules/turn-end';
import { type SolState, setupState } from '../../../src/games/solomons-campaign/state';

const game = rulesets['solomons-campaign'];
const start = (): SolState => setupState(defaultBox, 'extended');
const bb = (id: string) => ({ id, type: 'BB' as const, at: 'Truk', tf: null, nac: 0, supply: 0 });

describe('Solomons Campaign forces choices (30, 38, 39)', () => {
  it('given VP awarded at the end (38.2, 39.3-39.5), then the final score adds them and play before the end does not', () => {
    const s = { ...start(), vp: { japanese: 20, us: 20 }, choices: { ...start().choices, endVp: { japanese: 30, us: 12 } } };
    expect(s.vp).toEqual({ japanese: 20, us: 20 });
    const none = finalScore({ ...s, choices: start().choices });
    const score = finalScore(s);
    expect([score.vp.japanese - none.vp.japanese, score.vp.us - none.vp.us]).toEqual([30, 12]);
  });

  it('given Yamato crippled (on the repair schedule), when the turn ends, then it leaves play for good and is not counted sunk (39.7)', () => {
    const base = start();
    const s: SolState = {
      ...base,
      choices: { ...base.choices, superBattleships: { 'BB-1': 3 } },
      arrivals: [...base.arrivals, { side: 'japanese', turn: 6, at: 'Truk', why: 'repair', ships: [bb('BB-1')], air: [], ground: [] }],
    };
    const f = new Fold<SolState, RulesEvent>(s, evolveSol);
    retireCrippled(f);
    expect(f.events.map((e) => e.type)).toEqual(['sol.super-battleship-retired']);
    expect(f.s.arrivals.some((a) => a.ships.some((x) => x.id === 'BB-1'))).toBe(false);
    expect(f.s.choices.retired).toEqual(['BB-1']);
    // Musashi sunk too: one sunk and one withdrawn is no sudden death (39.8 needs both sunk)
    expect(giantsSunk({ ...f.s, choices: { ...f.s.choices, superBattleships: { 'BB-1': 3, 'BB-2': 4 } } })).toBeNull();
  });

  it('given Yamato and Musashi brought in, then only both sunk end the game at once, a US Decisive Victory (39.8)', () => {
    const base = start();
    const both = { ...base, choices: { ...base.choices, superBattleships: { 'BB-1': 3, 'BB-2': 5 } } };
    const afloat = {
      ...both,
      forces: { ...both.forces, japanese: { ...both.forces.japanese, ships: { ...both.forces.japanese.ships, 'BB-2': bb('BB-2') } } },
    };
    expect(giantsSunk(afloat)).toBeNull();
    expect(giantsSunk({ ...base, choices: { ...base.choices, superBattleships: { 'BB-1': 3 } } })).toBeNull();
    expect(giantsSunk(both)).toMatchObject({ type: 'sol.game-over', data: { winner: 'us', level: 'Decisive Victory' } });
  });

  it('given the turns the rules name, then the options open to each side are those of its turn (39.3-39.6, 38.1)', () => {
    const at = (turn: number) => ({ ...start(), turn, phase: 'forces' as const });
    const words = (s: SolState, side: 'japanese' | 'us') => openChoices(s, side).map((o) => (o.kind === 'announce' ? o.option : o.kind));
    expect(words(at(2), 'japanese')).toEqual(['quick-response']);
    expect(words(at(2), 'us')).toEqual(['accelerated']);
    expect(words(at(3), 'japanese')).toEqual(['BB-1', 'BB-2']);
    expect(words(at(9), 'japanese')).toEqual(['18th-army', 'no-18th-army', 'BB-1', 'BB-2']);
    // 38.1: from Dec I, Marines on a major base (3/2-MAR and 3/7-MAR at Espiritu Santo at the start)
    expect(words(at(8), 'us')).toEqual([]);
    expect(words(at(9), 'us')).toEqual(['withdraw', 'withdraw']);
  });

  it('given self-play of the Extended scenario, then each option is met, taken and forgone, and replacements and withdrawals happen', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { events } = playOneGame(game, `choices-${i}`, { options: { scenario: 'extended' }, missRate: 0.1 });
      for (const e of events as EngineEvent[]) {
        if (e.type !== 'RulesApplied') continue;
        const r = e.data.event as { type: string; data: Record<string, unknown> };
        seen.add(r.type === 'sol.option-decided' ? `${r.data.option}:${r.data.taken}` : r.type);
      }
    }
    for (const k of [
      'quick-response:true',
      'quick-response:false',
      'accelerated:true',
      'accelerated:false',
      '18th-army:true',
      '18th-army:false',
      'sol.super-battleship',
      'sol.replacement',
      'sol.usmc-withdrawn',
    ])
      expect([k, seen.has(k)]).toEqual([k, true]);
  });
});
