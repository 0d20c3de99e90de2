/**
 * Issue 28, economy by default: every kind of decision a game's standing instructions answer has a
 * default in force from the start (declared on its step table's rows, recorded when the game is
 * created), one line changes one kind, and a player who wants to be asked says so per kind.
 */
import { decide, whoIsAwaited } from '../../src/engine/decide';
import { defineRuleset } from '../../src/engine/define';
import { CommandRejected, type EngineCommand, type EngineEvent, type EngineState } from '../../src/engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../../src/engine/evolve';
import { makeSeedChain } from '../../src/engine/dice';
import { fleetDuel } from '../../src/games/fleet-duel';
import { vitpRuleset } from '../../src/games/vitp';

const vitp = vitpRuleset as AnyRuleset;
const chain = makeSeedChain(Buffer.alloc(32, 7), 10);

function game(ruleset: AnyRuleset, extra: Partial<Extract<EngineCommand, { type: 'CreateGame' }>> = {}) {
  let state: EngineState<unknown> = initialState();
  const log: EngineEvent[] = [];
  const run = (cmd: EngineCommand) => {
    const out = decide(cmd, state, ruleset);
    for (const e of out) state = evolve(state, e, ruleset);
    log.push(...out);
    return out;
  };
  run({
    type: 'CreateGame',
    gameId: 'G-economy',
    seedAnchor: chain.anchor,
    now: 't0',
    sides: ruleset.sides.map((side) => ({ side, player: { address: `${side}@x.test` } })),
    ...extra,
  });
  const orders = (side: string, text: string) => run({ type: 'SubmitOrders', side, text, salt: 'ab', now: 't1', seal: (p) => p });
  return {
    log,
    run,
    orders,
    get state() {
      return state;
    },
  };
}

const lines = (text: string | undefined) => (text ?? '').split('\n').filter((l) => l.trim());

describe('issue 28: economy by default', () => {
  it('given a new VITP game, then each side starts with the default standing instructions of every kind, recorded in the log', () => {
    const g = game(vitp);
    const set = g.log.filter((e) => e.type === 'StandingInstructionsSet');
    expect(set.map((e) => (e.data as { side: string }).side)).toEqual(['japanese', 'allied']);
    expect(set.every((e) => (e.data as { byDefault?: true }).byDefault === true)).toBe(true);
    for (const side of ['japanese', 'allied']) {
      const text = g.state.standing[side].text;
      for (const kind of vitp.standingKinds ?? [])
        for (const line of kind.defaults?.(side, g.state.game!.options) ?? []) expect(lines(text)).toContain(`STANDING ${line}`);
      expect(text).toMatch(/STANDING RETREAT WHEN OUTGUNNED/);
      expect(text).toMatch(/STANDING AIR AT BASE/);
    }
    // kinds a side never faces are not forced on it: only the Allies name substitutes, only the Japanese pick battles
    expect(g.state.standing.japanese.text).not.toMatch(/SUBSTITUTES/);
    expect(g.state.standing.allied.text).not.toMatch(/BATTLE ORDER/);
  });

  it('given self-play (its random players answer every decision), then a game may start without them', () => {
    const g = game(vitp, { defaultStanding: false });
    expect(g.log.some((e) => e.type === 'StandingInstructionsSet')).toBe(false);
  });

  it('given one STANDING line, then it changes that kind alone and every other default stays in force', () => {
    const g = game(vitp);
    const before = lines(g.state.standing.japanese.text);
    g.orders('japanese', 'STANDING RETREAT NEVER');
    const after = lines(g.state.standing.japanese.text);
    expect(after).toContain('STANDING RETREAT NEVER');
    expect(after).not.toContain('STANDING RETREAT WHEN OUTGUNNED');
    expect(after.filter((l) => !/RETREAT/.test(l))).toEqual(before.filter((l) => !/RETREAT/.test(l)));
    // the instructions the engine reads follow the text: RETREAT NEVER, the rest as before
    const instr = (g.state.standing.japanese.instructions as { combat: Record<string, string> }[])[0];
    expect(instr.combat.retreat).toBe('never');
    expect(instr.combat.dayNight).toBe('by-strength');
  });

  it('given STANDING ASK <kind>, then that kind is asked and the rest still answered; ASK ALL asks everything; DEFAULTS puts the defaults back', () => {
    const g = game(vitp);
    g.orders('allied', 'STANDING ASK RETREAT, PURSUE');
    expect(g.state.standing.allied.text).not.toMatch(/RETREAT|PURSUE NONE/);
    expect(g.state.standing.allied.text).toMatch(/STANDING ACTION BY STRENGTH/);
    g.orders('allied', 'STANDING ASK ALL');
    expect(g.state.standing.allied.text).toBe('');
    g.orders('allied', 'STANDING DEFAULTS');
    expect(lines(g.state.standing.allied.text)).toEqual(lines(game(vitp).state.standing.allied.text));
    g.orders('allied', 'STANDING ASK AIR\nSTANDING DEFAULT AIR');
    expect(g.state.standing.allied.text).toMatch(/STANDING AIR AT BASE/);
  });

  it('given ASK with a word that is no kind, then the mail is refused naming the kinds there are', () => {
    const g = game(vitp);
    try {
      g.orders('allied', 'STANDING ASK WEATHER');
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(CommandRejected);
      const err = (e as CommandRejected).errors[0];
      expect(err.line).toBe(1);
      expect(err.problem).toMatch(/no kind of decision called WEATHER/);
      expect(err.hint).toMatch(/RETREAT/);
    }
  });

  it('given the defaults, then the land-based air, invasions and return of a turn ask nobody: the steps a newcomer is asked are the moves', () => {
    const g = game(vitp);
    const asked = new Set<string>();
    // answer every step with STAY until turn 2 begins: the steps that waited for a side are the ones it is asked
    for (let n = 0; n < 400 && g.state.step && g.state.step.turn < 2; n++) {
      const step = g.state.step;
      const awaited = whoIsAwaited(g.state, vitp);
      for (const side of awaited) {
        asked.add(step.id.replace(/^t\d+\//, '').replace(/\/\d+$/, ''));
        try {
          g.orders(side, vitp.formatOrders(vitp.defaultOrders(g.state.rules, side, step)) || 'STAY');
        } catch {
          g.orders(side, 'STAY');
        }
      }
      g.run(
        awaited.length && whoIsAwaited(g.state, vitp).length
          ? { type: 'Deadline', now: 't', seeds: chain.seeds, open: (s) => s }
          : { type: 'Resolve', now: 't', seeds: chain.seeds, open: (s) => s },
      );
    }
    expect([...asked].filter((id) => /lba|invasions|return|battle/.test(id))).toEqual([]);
    expect([...asked]).toEqual(expect.arrayContaining(['patrol/japanese', 'patrol/allied']));
  });

  it('given a game that declares no kinds, then a new set replaces the old as before', () => {
    const g = game(fleetDuel as unknown as AnyRuleset);
    expect(g.log.some((e) => e.type === 'StandingInstructionsSet')).toBe(false);
    g.orders('red', 'STANDING RETREAT ALWAYS');
    g.orders('red', 'STANDING RETREAT NEVER');
    expect(g.state.standing.red.text).toBe('STANDING RETREAT NEVER');
  });

  it('given a kind whose default is not one of its own lines, then the game is refused when it is defined', () => {
    const bad = { word: 'RETREAT', title: 'retreat', lines: /^retreat\b/i, defaults: () => ['STAY'] };
    const steps = { ...fleetDuel.steps, rows: fleetDuel.steps.rows.map((r, i) => (i === 0 ? { ...r, standing: [bad] } : r)) };
    expect(() => defineRuleset({ ...(fleetDuel as never as Parameters<typeof defineRuleset>[0]), steps } as never)).toThrow(
      /standing kind RETREAT: its default "STAY" for \w+ is not one of its own lines/,
    );
  });
});
