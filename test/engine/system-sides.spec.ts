/**
 * System sides and sealed dice (docs/engine.md "System sides and sealed dice"), on Fleet Duel's
 * `system` option (rule 7): the umpire plays blue, which owes no orders and decides with sealed
 * dice drawn from the second seed chain; those come out only at the end (SealedSeedRevealed).
 */
import { decide, decideAndApply, tryDecide, whoIsAwaited } from '../../src/engine/decide';
import { auditGameLog } from '../../src/engine/audit';
import { deriveDie, makeSealedSeedChain, makeSeedChain } from '../../src/engine/dice';
import type { EngineEvent, EngineState } from '../../src/engine/engine-events';
import { replay } from '../../src/engine/evolve';
import { playOneGame, selfplay } from '../../src/engine/selfplay';
import { systemDecidersAt } from '../../src/engine/system-sides';
import type { AnyRuleset } from '../../src/engine/evolve';
import { verifyGameLog } from '../../src/engine/verify';
import { narrativeFor, viewFor } from '../../src/engine/views';
import { sha256Hex } from '../../src/shared/canonical';
import { fleetDuel } from '../../src/games/fleet-duel';

const SYSTEM = { system: true } as const;
const top = Buffer.from(sha256Hex('system-sides test'), 'hex');
const chain = makeSeedChain(top, 10);
const sealed = makeSealedSeedChain(top, 10);
const red = { side: 'red', player: { address: 'red@example.org' } };

const create = (extra: Record<string, unknown>) =>
  tryDecide(
    { type: 'CreateGame', gameId: 'g', options: SYSTEM, sides: [red], seedAnchor: chain.anchor, now: 't0', ...extra },
    replay([], fleetDuel),
    fleetDuel,
  );

describe('system sides', () => {
  it('creates the game with blue unseated, the system side and both anchors recorded', () => {
    const d = create({ sealedSeedAnchor: sealed.anchor });
    expect(d.ok).toBe(true);
    const created = d.ok ? d.events[0] : null;
    expect(created?.type === 'GameCreated' && created.data.systemSides).toEqual(['blue']);
    expect(created?.type === 'GameCreated' && created.data.sealedSeedAnchor).toBe(sealed.anchor);
    expect(created?.type === 'GameCreated' && created.data.sides.map((s) => s.side)).toEqual(['red']);
  });

  it('refuses a player for the system side, and a game without its sealed anchor', () => {
    const seated = create({ sealedSeedAnchor: sealed.anchor, sides: [red, { side: 'blue', player: { address: 'b@example.org' } }] });
    expect(!seated.ok && seated.rejection.code).toBe('system-side');
    expect(!seated.ok && seated.rejection.message).toMatch(/blue is played by the umpire/);
    const noAnchor = create({});
    expect(!noAnchor.ok && noAnchor.rejection.code).toBe('bad-seed');
    const plain = tryDecide(
      { type: 'CreateGame', gameId: 'g', sides: [red], seedAnchor: chain.anchor, sealedSeedAnchor: sealed.anchor, now: 't0' },
      replay([], fleetDuel),
      fleetDuel,
    );
    expect(!plain.ok && plain.rejection.message).toMatch(/every side needs exactly one player: blue/);
  });

  it('self-play: every game ends, verified, audited, with sealed dice checked only after the end', () => {
    const r = selfplay(fleetDuel, { games: 40, seed: 'system', clock: () => 0, options: { system: true, scouting: true } });
    expect(r.errors).toEqual([]);
    expect(r.verified).toBe(40);
    expect(r.ended).toBe(40);
  });

  it('never asks blue, and red never sees blue’s sealed dice or choices before the end', () => {
    let sealedDice = 0;
    for (let g = 0; g < 12; g++) {
      const { events, state } = playOneGame(fleetDuel, `system-fog/${g}`, { options: SYSTEM });
      // no orders of blue's, sent, defaulted or standing: the umpire's choices are rules events
      const blueOrders = events.filter((e) => e.type !== 'RulesApplied' && 'side' in e.data && e.data.side === 'blue');
      expect(blueOrders).toEqual([]);
      const end = events.findIndex((e) => e.type === 'SealedSeedRevealed');
      expect(end).toBe(events.length - 2);
      const before = events.slice(0, end);
      const secret = before.filter((e) => e.type === 'DieRolled' && e.data.sealed);
      sealedDice += secret.length;
      const redStory = narrativeFor(before, 'red', fleetDuel).join('\n');
      expect(redStory).not.toMatch(/blue \(system\)|umpire decides/);
      expect(narrativeFor(before, 'referee', fleetDuel).join('\n')).toMatch(/umpire decides for blue \(7\.1\)/);
      // red's view of the end state shows blue's ships, never where it went unless met or sighted
      expect(JSON.stringify(viewFor(replay(before, fleetDuel), 'red', fleetDuel))).not.toMatch(/SystemDecided|sealed/);
      expect(state.result).not.toBeNull();
    }
    expect(sealedDice).toBeGreaterThan(12);
  });

  it('audit: sealed dice pending until the reveal, then checked; a forged sealed face is caught', () => {
    const { events } = playOneGame(fleetDuel, 'system-audit', { options: SYSTEM });
    const end = events.findIndex((e) => e.type === 'SealedSeedRevealed');
    const count = events.filter((e) => e.type === 'DieRolled' && e.data.sealed).length;
    expect(count).toBeGreaterThan(0);
    const before = verifyGameLog(events.slice(0, end));
    expect(before.ok).toBe(true);
    expect(before.sealedPending).toBe(count);
    const after = verifyGameLog(events);
    expect(after).toMatchObject({ ok: true, sealedPending: 0, dicePending: 0 });
    expect(after.diceChecked).toBe(events.filter((e) => e.type === 'DieRolled').length);
    const k = events.findIndex((e) => e.type === 'DieRolled' && e.data.sealed);
    const die = events[k] as Extract<EngineEvent, { type: 'DieRolled' }>;
    const forged = [...events];
    forged[k] = { ...die, data: { ...die.data, face: (die.data.face % (die.data.sides ?? 6)) + 1 } };
    const caught = verifyGameLog(forged);
    expect(caught.ok).toBe(false);
    expect(caught.firstMismatch?.eventIndex).toBe(k);
  });

  it('a sealed die is not the face the turn’s revealed main seed gives for it', () => {
    const { events } = playOneGame(fleetDuel, 'system-keys', { options: SYSTEM });
    const created = events[0] as Extract<EngineEvent, { type: 'GameCreated' }>;
    const mainSeeds = new Map(events.flatMap((e) => (e.type === 'SeedRevealed' ? [[e.data.turn, e.data.seed] as const] : [])));
    const resolved = new Map(events.flatMap((e) => (e.type === 'StepResolved' ? [[e.data.stepId, e.data.ordersHash] as const] : [])));
    const secret = events.flatMap((e) => (e.type === 'DieRolled' && e.data.sealed ? [e.data] : []));
    const fromMain = secret.map((d) =>
      deriveDie(
        mainSeeds.get(d.turn)!,
        { gameId: created.data.gameId, stepId: d.stepId, index: d.index, ordersHash: resolved.get(d.stepId)! },
        d.sides ?? 6,
      ),
    );
    expect(fromMain).not.toEqual(secret.map((d) => d.face));
  });

  /** A game with the system option after red's first orders are adjudicated (turn 1 or later in play). */
  const inPlay = () => {
    const resolve = { now: 't', seeds: (t: number) => chain.seeds[t], sealedSeeds: (t: number) => sealed.seeds[t] };
    const events: EngineEvent[] = [];
    let state: EngineState<unknown> = replay([], fleetDuel);
    const run = (cmd: Parameters<typeof decideAndApply>[0]) => {
      const out = decideAndApply(cmd, state, fleetDuel);
      events.push(...out.events);
      state = out.state;
    };
    run({
      type: 'CreateGame',
      gameId: 'g',
      options: SYSTEM,
      sides: [red],
      seedAnchor: chain.anchor,
      sealedSeedAnchor: sealed.anchor,
      now: 't0',
    });
    run({ type: 'SubmitOrders', side: 'red', text: 'MOVE north', salt: 's', now: 't', seal: (p: string) => p });
    run({ type: 'Resolve', ...resolve, open: (b) => b });
    return { state, resolve, events };
  };

  it('a concession reveals the turn’s seed, then the sealed seed, then ends; blue wins by concession', () => {
    const { state, resolve, events } = inPlay();
    expect(state.step).not.toBeNull();
    const conceded = decide({ type: 'Concede', side: 'red', ...resolve }, state, fleetDuel);
    expect(conceded.map((e) => e.type)).toEqual(['GameConceded', 'SeedRevealed', 'SealedSeedRevealed', 'GameEnded']);
    const ended = conceded.at(-1)!;
    expect(ended.type === 'GameEnded' && ended.data.winner).toBe('blue');
    const log = [...events, ...conceded];
    expect(verifyGameLog(log).mismatches).toEqual([]);
    expect(verifyGameLog(log)).toMatchObject({ ok: true, sealedPending: 0, dicePending: 0 });
    expect(verifyGameLog(log).concession?.endedAt).toBe(log.length - 1);
    expect(auditGameLog(log, fleetDuel)).toMatchObject({ ok: true });
    expect(log.some((e) => e.type === 'DieRolled' && e.data.sealed)).toBe(true);
  });

  it('stops loudly when a step lists the system side among those owing orders', () => {
    const { state } = inPlay();
    const broken = { ...state, step: { ...state.step!, owes: ['red', 'blue'] } };
    expect(() => whoIsAwaited(broken, fleetDuel)).toThrow(/lists blue in owes, but the umpire plays it/);
  });

  it('blue decides through its system player: a game declaring blue at a step with none stops, naming it', () => {
    const { system: _blue, ...others } = fleetDuel.players;
    const without = { ...fleetDuel, players: others };
    const resolve = { now: 't', seeds: (t: number) => chain.seeds[t], sealedSeeds: (t: number) => sealed.seeds[t], open: (b: string) => b };
    const created = decideAndApply(
      {
        type: 'CreateGame',
        gameId: 'g',
        options: SYSTEM,
        sides: [red],
        seedAnchor: chain.anchor,
        sealedSeedAnchor: sealed.anchor,
        now: 't0',
      },
      replay([], fleetDuel),
      fleetDuel,
    ).state;
    const ordered = decideAndApply(
      { type: 'SubmitOrders', side: 'red', text: 'MOVE south', salt: 's', now: 't', seal: (p: string) => p },
      created,
      without,
    ).state;
    expect(ordered.step?.system).toEqual(['blue']);
    expect(() => decide({ type: 'Resolve', ...resolve }, ordered, without)).toThrow(
      /fleet-duel: blue decides at step t1\/orders as a system side, but the game declares no system player for it \(players\.system\.blue/,
    );
    // a step naming a side the umpire does not play in this game is stopped too
    const misnamed = { ...ordered, step: { ...ordered.step!, system: ['red'] } };
    expect(() => decide({ type: 'Resolve', ...resolve }, misnamed, fleetDuel)).toThrow(
      /has red decide as a system side, but the umpire plays blue/,
    );
  });

  it('a step with no system list of its own: the game`s system sides decide where its row owes system', () => {
    const state = { game: { systemSides: ['ijn'] } } as unknown as EngineState<unknown>;
    const step = { id: 't1/movement-ijn', turn: 1, title: 'IJN naval movement', mode: 'sequential' as const, owes: [] };
    const table = (owes: string) => ({ stepRow: () => ({ owes }) }) as unknown as AnyRuleset;
    expect(systemDecidersAt(state, step, table('system'))).toEqual(['ijn']);
    expect(systemDecidersAt(state, step, table('none'))).toEqual([]);
    expect(systemDecidersAt(state, { ...step, system: [] }, table('system'))).toEqual([]);
    expect(systemDecidersAt({ game: {} } as EngineState<unknown>, step, table('system'))).toEqual([]);
  });

  it('the audit re-runs the system player: another player than the one that played is caught', () => {
    const { events } = playOneGame(fleetDuel, 'system-rerun', { options: SYSTEM });
    expect(auditGameLog(events, fleetDuel)).toMatchObject({ ok: true });
    // a blue that always stays cautious in the north, with the same dice: the log no longer matches
    const other = {
      ...fleetDuel,
      players: {
        ...fleetDuel.players,
        system: {
          blue: (turn: Parameters<NonNullable<typeof fleetDuel.players.system>[string]>[0]) => {
            const move = fleetDuel.players.system!.blue(turn);
            return turn.step.id.endsWith('/orders')
              ? {
                  orders: [{ kind: 'move', area: 'north' }],
                  records: [
                    { type: 'SystemDecided', data: { side: 'blue', rule: '7.1', area: 'north', posture: 'cautious' }, visibleTo: [] },
                  ],
                }
              : move;
          },
        },
      },
    };
    const audit = auditGameLog(events, other);
    expect(audit.ok).toBe(false);
    expect(audit.firstMismatch?.message).toMatch(/SystemDecided/);
  });

  it('games without the option keep their logs: no sealed anchor, no system sides, no sealed dice', () => {
    const { events } = playOneGame(fleetDuel, 'plain', { options: { scouting: true } });
    const created = events[0] as Extract<EngineEvent, { type: 'GameCreated' }>;
    expect(Object.keys(created.data)).not.toContain('sealedSeedAnchor');
    expect(Object.keys(created.data)).not.toContain('systemSides');
    expect(events.some((e) => e.type === 'SealedSeedRevealed' || (e.type === 'DieRolled' && e.data.sealed))).toBe(false);
    expect(() =>
      decide({ type: 'CreateGame', gameId: 'x', sides: [red], seedAnchor: chain.anchor, now: 't' }, replay([], fleetDuel), fleetDuel),
    ).toThrow(/every side needs exactly one player/);
  });
});
