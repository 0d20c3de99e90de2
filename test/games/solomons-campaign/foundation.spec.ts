/**
 * Issue 32, the foundation of Solomons Campaign: the box checks itself and keeps printed values
 * apart from rebuilt ones, the CRT is the 50.0 grid, each scenario sizes the seed chain, the fog of
 * war keeps each side's CP, task force contents and stacks from the other, and play stops at the
 * first rule not built yet (3A, after the 28 Execution Phases) naming it.
 */
import { countProvenance } from '../../../src/engine/box';
import { seedChainTurns } from '../../../src/engine/define';
import type { EngineEvent } from '../../../src/engine/engine-events';
import { playOneGame, selfplay } from '../../../src/engine/selfplay';
import { eventVisibleTo, narrativeFor } from '../../../src/engine/views';
import { rulesets } from '../../../src/games';
import type { SolState, SolView } from '../../../src/games/solomons-campaign';
import { defaultBox, plainBox } from '../../../src/games/solomons-campaign/box';

const game = rulesets['solomons-campaign'];

/** Players who never attack (the game's cautious player): combat (14.1, 15.1, 28.1) is not built, and these tests play on through the Logistics Phase. */
const CAUTIOUS = { japanese: 'cautious', us: 'cautious' };
const setup = (scenario: string): SolState => game.setup({ gameId: 'G-sol', options: { scenario }, box: game.box.defaultData });

describe('Solomons Campaign foundation (issue 32)', () => {
  it.each([
    ['short', 8],
    ['extended', 13],
  ])('given scenario %s, then the game and its seed chain last %i turns (4.8)', (scenario, turns) => {
    expect(seedChainTurns(game, { scenario }, game.box.defaultData)).toBe(turns);
    expect(setup(scenario).lastTurn).toBe(turns);
  });

  it('given the default box, then it passes every check and says how much is printed and how much rebuilt', () => {
    expect(game.box.validate(game.box.defaultData)).toEqual([]);
    const c = countProvenance(defaultBox);
    expect(c.rulebook).toBeGreaterThan(20);
    expect(c.reconstructed).toBeGreaterThan(20);
    const lines = game.box.details!(game.box.defaultData);
    expect(lines[0]).toBe(`provenance: ${c.rulebook} rulebook, 0 reference, ${c.reconstructed} reconstructed of ${c.total}`);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
  });

  it('given every rebuilt value, then it says why; every printed one names its rule', () => {
    const walk = (x: unknown, out: { kind: string; why: string }[]): void => {
      if (x === null || typeof x !== 'object') return;
      const o = x as { value?: unknown; source?: { kind: string; rule?: string; reason?: string } };
      if (o.source && 'value' in o) out.push({ kind: o.source.kind, why: o.source.rule ?? o.source.reason ?? '' });
      for (const v of Object.values(x)) walk(v, out);
    };
    const all: { kind: string; why: string }[] = [];
    walk(defaultBox, all);
    expect(all.filter((v) => v.why.length < 3)).toEqual([]);
  });

  it('given Guadalcanal`s two hexes apart, then the check names 2.3 and 27.1', () => {
    const broken = structuredClone(defaultBox);
    broken.islands.guadalcanal.value.hexes = ['0806', '1006'];
    expect(game.box.validate(broken).join('\n')).toContain('Guadalcanal: 0806 and 1006 do not touch (rule 2.3, 27.1)');
  });

  it('given the 14.3 example, then the CRT reads it: column 4, attacker die 4 gives A0, defender die 2 gives D1', () => {
    const crt = plainBox().crt;
    expect(crt[3][3].a).toBe(0);
    expect(crt[1][3].d).toBe(1);
    // 11.11: the naval columns 2 and 9 are reached only by shifts
    expect(plainBox().columns.navalVsNaval[1]).toBeNull();
    expect(plainBox().columns.navalVsNaval[8]).toBeNull();
  });

  it('given the set-up, then a side sees the enemy task force markers but not their ships, and no enemy CP, supply or air', () => {
    const s: SolState = {
      ...setup('short'),
      cp: { japanese: { combined: 1, intel: 2, ops: 3, log: 6 }, us: { combined: 0, intel: 0, ops: 2, log: 8 } },
    };
    const japan = game.view(s, 'japanese') as SolView;
    const text = JSON.stringify(japan);
    expect(japan.known.enemyMarkers).toEqual([
      { tf: 1, at: '0806' },
      { tf: 2, at: '0806' },
    ]);
    expect(text).not.toContain('CV-3');
    expect(text).not.toContain('TR-7');
    expect(text).not.toContain('SAC');
    expect(text).not.toContain('"log":8');
    expect(japan.summary.join(' ')).toContain('Japan CP left: combined 1, intelligence 2, operations 3, logistics 6');
    // 31.1 (1): an enemy stack shows only its top unit
    expect(japan.known.enemyStacks).toEqual([
      { at: '0806', top: 'regiment 1-MAR' },
      { at: 'Espiritu Santo', top: 'battalion 3/2-MAR' },
    ]);
    expect(text).not.toContain('1-PARA');
  });

  it('given self-play of both scenarios, then every game plays its turns through the Logistics Phase (3A-3F) and the turn end (4A-4B) to its end', () => {
    for (const scenario of ['short', 'extended']) {
      const run = selfplay(game, { games: 2, seed: `sol:${scenario}`, clock: () => 0, options: { scenario }, players: CAUTIOUS });
      expect(run.errors.map((e) => e.message)).toEqual([]);
      expect(run.ended).toBe(2);
    }
  });

  it('given the sealed CP and forces steps (revealTo owners), then opened orders reach their side and the referee only, and everyone once the game has ended', () => {
    // the game as it stands before its end (the end opens every sealed order to everyone)
    const played = playOneGame(game, 'reveal', { options: { scenario: 'short' }, missRate: 0.3, aheadRate: 0, players: CAUTIOUS }).events;
    expect(played.some((e) => e.type === 'GameEnded')).toBe(true);
    const events = played.filter((e) => e.type !== 'GameEnded');
    const opened = events.filter((e) => e.type === 'OrdersRevealed' || e.type === 'DefaultOrdersApplied');
    const steps = new Set(opened.map((e) => e.data.stepId.replace(/x\d\d\/\w+/, 'x/side')));
    expect([...steps].filter((id) => !/^t\d+\/(cp|cp\/us|forces|subs|x\/side\/(ops|sub)|logistics)$/.test(id))).toEqual([]);
    expect(steps).toContain('t1/logistics');
    expect(steps).toContain('t1/cp');
    for (const e of opened) {
      const side = e.data.side;
      const enemy = side === 'us' ? 'japanese' : 'us';
      expect(e.data.visibleTo).toEqual([side]);
      expect([eventVisibleTo(e, side), eventVisibleTo(e, 'referee'), eventVisibleTo(e, enemy)]).toEqual([true, true, false]);
      expect(eventVisibleTo(e, enemy, true)).toBe(true);
    }
    const japaneseCp = /japanese (orders for t1\/cp revealed|sent no orders for t1\/cp)/;
    expect(narrativeFor(events, 'japanese', game).join('\n')).toMatch(japaneseCp);
    expect(narrativeFor(events, 'us', game).join('\n')).not.toMatch(japaneseCp);
    const ended: EngineEvent[] = [...events, { type: 'GameEnded', data: { winner: null, summary: 'stopped' } }];
    expect(narrativeFor(ended, 'us', game).join('\n')).toMatch(japaneseCp);
  });
  it('given self-play through the Operations Phase, then plans, TF contents, cargo, intelligence results and CP allocations never reach the other side (31.0, 52.0 Q&A 3-4)', () => {
    const { events } = playOneGame(game, 'fog-ops', { options: { scenario: 'short' }, missRate: 0.2, aheadRate: 0, players: CAUTIOUS });
    const sealed = new Set([
      'sol.cp-allocated',
      'sol.tf-formed',
      'sol.plan-set',
      'sol.plan-line-ended',
      'sol.ops-note',
      'sol.intel',
      'sol.loaded',
      'sol.unloaded',
      'sol.ground-moved',
      // air transfer and transport, airborne landings, basing (2A2a, 34.2, 2A3h): aircraft and cargo are contents (31.0)
      'sol.airborne-ready',
      'sol.air-took-off',
      'sol.airborne-landed',
      'sol.air-move-landed',
      'sol.air-lost',
      // the Logistics Phase and 1B: refits, repairs, attrition, recovery, entrenching, building, arrivals (31.0)
      'sol.refit',
      'sol.refit-waiting',
      'sol.refit-crippled',
      'sol.attrition',
      'sol.recovered',
      'sol.entrenched',
      'sol.airbase-built',
      'sol.log-note',
      'sol.arrived',
    ]);
    const kinds = new Set<string>();
    for (const e of events) {
      const side =
        e.type === 'RulesApplied' ? (e.data.event.data as { side?: string }).side : e.type === 'OrdersAccepted' ? e.data.side : undefined;
      const enemy = side === 'us' ? 'japanese' : 'us';
      if (e.type === 'RulesApplied' && sealed.has(e.data.event.type)) {
        kinds.add(e.data.event.type);
        expect([e.data.event.type, eventVisibleTo(e, side!), eventVisibleTo(e, enemy)]).toEqual([e.data.event.type, true, false]);
      }
      if (e.type === 'OrdersAccepted') expect(eventVisibleTo(e, enemy)).toBe(false);
      if (e.type === 'DieRolled' && ['2A1', '20.6', '29.5', '33.2'].includes(e.data.rule)) expect(e.data.visibleTo).toHaveLength(1);
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'sol.cp-allocated',
        'sol.plan-set',
        'sol.attrition',
        'sol.arrived',
        'sol.air-took-off',
        'sol.air-move-landed',
      ]),
    );
    const usStory = narrativeFor(events, 'us', game).join('\n');
    expect(usStory).not.toMatch(/Japan plan:|Japan assigns CP|Japan TF \d+ loads|Japan \d+ [A-Z-]+ take off/);
    expect(narrativeFor(events, 'japanese', game).join('\n')).not.toMatch(/United States plan:|United States assigns CP/);
  });
});
