/**
 * Issue 25, one machine-player contract: every machine player of every game is held to its own
 * side's view. Over states taken from self-play, facts hidden from a side are changed (the other
 * side's fleet and submarine, its task forces' make-up and intent, its HITS list): the side's view
 * must not change, and the player, run on the view alone (a plain JSON copy) with the same dice,
 * must write the same orders. A player that read the state would see the change. System players
 * (a solitaire's system side) are held the same way, through the engine's own resolveStep.
 */
import { rollEach } from '../../src/engine/dice';
import type { EngineState } from '../../src/engine/engine-events';
import type { AnyRuleset } from '../../src/engine/evolve';
import { evolve, initialState, replay } from '../../src/engine/evolve';
import {
  type MachinePlayer,
  type MachinePlayers,
  type PlayerTurn,
  plainView,
  type SystemMove,
  type SystemTurn,
} from '../../src/engine/players';
import { seededRng } from '../../src/engine/random-player';
import type { Dice, RollOptions, RulesEvent, Side } from '../../src/engine/ruleset';
import { resolveStep, systemDecidersAt } from '../../src/engine/system-sides';
import { playOneGame } from '../../src/engine/selfplay';
import { rulesets } from '../../src/games';
import type { FleetState } from '../../src/games/fleet-duel';
import type { GState } from '../../src/games/aa-guadalcanal/types';
import type { VitpState } from '../../src/games/vitp/types';
import type { CoralState } from '../../src/games/coral-sea-solitaire/types';
import { backOf } from '../../src/games/coral-sea-solitaire/view';
import type { GcState } from '../../src/games/guadalcanal-campaign';
import type { SolState } from '../../src/games/solomons-campaign';

type Perturb = (rules: unknown, side: Side, k: number) => unknown;

const other = (ruleset: AnyRuleset, side: Side) => ruleset.sides.find((s) => s !== side)!;

/** Fleet Duel: the enemy fleet's area, posture and submarine (never in the view unless seen, 2.1). */
const fleetHidden: Perturb = (rules, side, k) => {
  const s = rules as FleetState;
  const me = side as 'red' | 'blue';
  const enemy = me === 'red' ? 'blue' : 'red';
  const areas = ['north', 'center', 'south'] as const;
  if (s.fleets[me].area === s.fleets[enemy].area) return { ...s, subs: { ...s.subs, [enemy]: areas[k % 3] } };
  const area = areas.filter((a) => a !== s.fleets[me].area)[k % 2];
  return {
    ...s,
    fleets: { ...s.fleets, [enemy]: { ...s.fleets[enemy], area, posture: k % 2 ? 'aggressive' : 'cautious' } },
    subs: { ...s.subs, [enemy]: areas[k % 3] },
  };
};

/** VITP (rule 20): the enemy's unsighted task forces swap units, and whether they attack and who invades. */
const vitpHidden: Perturb = (rules, side) => {
  const s = rules as VitpState;
  // a battle under way keeps its own copy of the forces (the view leaves that battle out): changed between battles only
  if (!s.taskForces || s.battle) return s;
  const theirs = s.taskForces.forces.filter((tf) => tf.side !== side && !tf.sighted);
  if (!theirs.length) return s;
  const units = theirs.flatMap((tf) => tf.units).reverse();
  let at = 0;
  const forces = s.taskForces.forces.map((tf) => {
    if (tf.side === side || tf.sighted) return tf;
    const mine = units.slice(at, at + tf.units.length);
    at += tf.units.length;
    return { ...tf, units: mine, attacking: !tf.attacking, invading: [] };
  });
  return { ...s, taskForces: { ...s.taskForces, forces } };
};

/** A&A Guadalcanal: the other side's HITS list (ATK.cargo). */
const guadalcanalHidden: Perturb = (rules, side, k) => {
  const s = rules as GState;
  const enemy = side === 'axis' ? 'allies' : 'axis';
  const ids = s.pieces.filter((p) => p.zone !== 'damaged').map((p) => p.id);
  return { ...s, hits: { ...(s.hits ?? {}), [enemy]: ids.slice(k % 5, (k % 5) + 3) } };
};

/**
 * Coral Sea Solitaire (27, 28, 19.4): for the USN, which face-down IJN counter is which (swapped
 * between TFs among counters of one back), the unrevealed submarine markers' counters and the
 * IJN's grounded air; for the IJN (its system side), the make-up of unidentified USN TFs, the USN's
 * command points and its air not flying.
 */
const coralHidden: Perturb = (rules, side, k) => {
  const s = rules as CoralState;
  if (side === 'usn') {
    const down = (back: string) =>
      Object.keys(s.taskForces)
        .sort()
        .filter((id) => s.taskForces[id].side === 'ijn')
        .flatMap((id) => s.taskForces[id].ships.filter((key) => !s.ships[key].faceUp && backOf(s.ships[key].type) === back));
    const taskForces = { ...s.taskForces };
    for (const back of ['carrier', 'warship']) {
      const keys = down(back);
      if (keys.length < 2) continue;
      const turned = [...keys.slice(1 + (k % (keys.length - 1))), ...keys.slice(0, 1 + (k % (keys.length - 1)))];
      const to = new Map(keys.map((key, i) => [key, turned[i]]));
      for (const id of Object.keys(taskForces))
        if (taskForces[id].side === 'ijn')
          taskForces[id] = { ...taskForces[id], ships: taskForces[id].ships.map((key) => to.get(key) ?? key) };
    }
    const hiddenSubs = s.submarines.filter((x) => !x.revealed).map((x) => x.counter);
    const submarines = s.submarines.map((x) =>
      x.revealed ? x : { ...x, counter: hiddenSubs[(hiddenSubs.indexOf(x.counter) + k + 1) % hiddenSubs.length] },
    );
    const air = s.air.map((a) =>
      a.side === 'ijn' && a.box !== 'cap' && a.box !== 'escort' && a.box !== 'strike' ? { ...a, strength: a.strength + k + 1 } : a,
    );
    return { ...s, taskForces, submarines, air };
  }
  const unidentified = Object.keys(s.taskForces)
    .sort()
    .filter((id) => s.taskForces[id].side === 'usn' && !s.taskForces[id].identified && s.taskForces[id].ships.length);
  const taskForces = { ...s.taskForces };
  if (unidentified.length >= 2) {
    const all = unidentified.flatMap((id) => s.taskForces[id].ships).reverse();
    let at = 0;
    for (const id of unidentified) {
      const n = s.taskForces[id].ships.length;
      taskForces[id] = { ...s.taskForces[id], ships: all.slice(at, at + n) };
      at += n;
    }
  }
  const air = s.air.map((a) =>
    a.side === 'usn' && a.box !== 'cap' && a.box !== 'escort' && a.box !== 'strike' ? { ...a, strength: a.strength + k + 1 } : a,
  );
  const cp = { ...s.cp, slots: { ...s.cp.slots, logistics: s.cp.slots.logistics + k + 1 } };
  return { ...s, taskForces, air, cp };
};

/** Guadalcanal Campaign: the other side's task forces (where, mission, endurance, ships) and its ships in port (2.2, 12.0). */
const campaignHidden: Perturb = (rules, side, k) => {
  const s = rules as GcState;
  const taskForces = Object.fromEntries(
    Object.entries(s.taskForces).map(([id, tf]) =>
      tf.side === side
        ? [id, tf]
        : [id, { ...tf, col: tf.col + k + 1 > 40 ? 1 : tf.col + k + 1, endurance: tf.endurance + k, ships: [...tf.ships].reverse() }],
    ),
  );
  const ships = Object.fromEntries(
    Object.entries(s.ships).map(([n, x]) => [n, x.side === side ? x : { ...x, ms: x.ms + k + 1, inf: x.inf + k }]),
  );
  return { ...s, taskForces, ships };
};

/** The same, leaving where the side's report saw a TF (7.2A) true: the rules measure its strikes to the TF itself (7.3D). */
const campaignUnseenHidden: Perturb = (rules, side, k) => {
  const s = rules as GcState;
  const moved = campaignHidden(rules, side, k) as GcState;
  const seen = new Set((s.sighted[side as 'american' | 'japanese'] ?? []).map((x) => String(x.tf)));
  const taskForces = Object.fromEntries(
    Object.entries(moved.taskForces).map(([id, tf]) => [id, seen.has(id) ? { ...tf, col: s.taskForces[id].col } : tf]),
  );
  return { ...moved, taskForces };
};

/** Solomons Campaign: the enemy's CP allocation, what its ships carry, its supply and its air (31.1, 52.0 Q&A 4). */
const solomonsHidden: Perturb = (rules, side, k) => {
  const s = rules as SolState;
  const enemy = side === 'us' ? 'japanese' : 'us';
  const f = s.forces[enemy];
  const ships = Object.fromEntries(Object.entries(f.ships).map(([id, x]) => [id, { ...x, supply: x.supply + k + 1, nac: x.nac + k }]));
  return {
    ...s,
    cp: { ...s.cp, [enemy]: { combined: k + 1, intel: 0, ops: 2, log: 3 } },
    forces: {
      ...s.forces,
      [enemy]: { ...f, ships, supply: { ...f.supply, Rabaul: 99 + k }, air: f.air.map((a) => ({ ...a, points: a.points + k + 1 })) },
    },
  };
};

const GAMES: readonly { id: string; options: Record<string, boolean | string>; perturb: Perturb; games: number }[] = [
  { id: 'fleet-duel', options: { scouting: true }, perturb: fleetHidden, games: 6 },
  { id: 'vitp', options: { 'task-forces': true }, perturb: vitpHidden, games: 1 },
  { id: 'aa-guadalcanal', options: {}, perturb: guadalcanalHidden, games: 1 },
  { id: 'coral-sea-solitaire', options: {}, perturb: coralHidden, games: 1 },
  { id: 'guadalcanal-campaign', options: { scenario: 'guadalcanal' }, perturb: campaignHidden, games: 8 },
  { id: 'solomons-campaign', options: {}, perturb: solomonsHidden, games: 6 },
];

/** States a game passed through when a side was about to send orders (every `every`th such moment). */
function statesOf(ruleset: AnyRuleset, seed: string, options: Record<string, boolean | string>, every: number): EngineState<unknown>[] {
  const { events } = playOneGame(ruleset, seed, { options, missRate: 0, aheadRate: 0 });
  const out: EngineState<unknown>[] = [];
  let seen = 0;
  for (let n = 1; n < events.length; n++) {
    if (events[n].type !== 'OrdersSubmitted' && events[n].type !== 'OrdersAccepted') continue;
    if (seen++ % every) continue;
    const state = replay(events.slice(0, n), ruleset);
    if (state.step?.owes.length) out.push(state);
  }
  return out;
}

describe('issue 25: every machine player of every game reads its own side`s view only (blindness)', () => {
  for (const g of GAMES) {
    it(`${g.id}: changing facts hidden from a side changes neither its view nor the orders of any of its players`, () => {
      const ruleset = rulesets[g.id] as AnyRuleset & { players: { random: MachinePlayer; named?: Record<string, MachinePlayer> } };
      const players = { random: ruleset.players.random, ...(ruleset.players.named ?? {}) };
      let checked = 0;
      let changed = 0;
      for (let game = 0; game < g.games; game++) {
        for (const state of statesOf(ruleset, `blind/${g.id}/${game}`, g.options, g.id === 'fleet-duel' ? 1 : 6)) {
          const step = state.step!;
          for (const side of step.owes) {
            const view = ruleset.view(state.rules, side);
            for (let k = 0; k < 3; k++) {
              const hidden = g.perturb(state.rules, side, k);
              if (JSON.stringify(hidden) !== JSON.stringify(state.rules)) changed++;
              // the perturbation touched only what the side may not know: its view is the same
              expect(ruleset.view(hidden, side)).toEqual(view);
              for (const [id, player] of Object.entries(players)) {
                const turn = (v: unknown): PlayerTurn => ({ view: v, side, step, dice: seededRng(`blind|${id}|${step.id}|${side}|${k}`) });
                const onState = player(turn(ruleset.view(state.rules, side)));
                expect(player(turn(ruleset.view(hidden, side)))).toBe(onState);
                // on the view alone, as plain data
                expect(player(turn(plainView(view)))).toBe(onState);
                checked++;
              }
            }
          }
          expect(other(ruleset, step.owes[0])).toBeTruthy();
        }
      }
      // not vacuous: players were asked, and hidden facts were really changed
      expect(checked).toBeGreaterThan(10);
      expect(changed).toBeGreaterThan(0);
    }, 120_000);
  }

  it('the check bites: a player that reads hidden facts through a leaky view is caught', () => {
    const ruleset = rulesets['fleet-duel'] as AnyRuleset;
    const [state] = statesOf(ruleset, 'blind/leak', { scouting: true }, 1).filter((s) => {
      const r = s.rules as FleetState;
      return r.fleets.red.area !== r.fleets.blue.area;
    });
    const leaky = (rules: unknown) => ({ ...(ruleset.view(rules, 'red') as object), enemyAt: (rules as FleetState).fleets.blue.area });
    const hidden = fleetHidden(state.rules, 'red', 0);
    expect(leaky(hidden)).not.toEqual(leaky(state.rules));
  });
});

/** Games whose options make a side the umpire's, with the facts hidden from that side. Every game with system players is here. */
const SYSTEM_GAMES: readonly { id: string; options: Record<string, boolean | string>; perturb: Perturb; games: number }[] = [
  { id: 'fleet-duel', options: { system: true, scouting: true }, perturb: fleetHidden, games: 8 },
  { id: 'coral-sea-solitaire', options: {}, perturb: coralHidden, games: 1 },
  { id: 'guadalcanal-campaign', options: { scenario: 'guadalcanal', mode: 'solitaire' }, perturb: campaignUnseenHidden, games: 4 },
];

/** States a game passed through with a step in play at which a system side decides. */
function systemMoments(ruleset: AnyRuleset, seed: string, options: Record<string, boolean | string>): EngineState<unknown>[] {
  const { events } = playOneGame(ruleset, seed, { options, missRate: 0, aheadRate: 0 });
  const out: EngineState<unknown>[] = [];
  let state = initialState();
  let last = '';
  for (const e of events) {
    state = evolve(state, e, ruleset);
    const step = state.step;
    if (!step || step.id === last) continue;
    last = step.id;
    if (systemDecidersAt(state, step, ruleset).length) out.push(state);
  }
  return out;
}

/** Dice from a seed that log every roll (size, purpose, rule, options), as the engine's dice would record them. */
function loggedDice(seed: string): Dice & { readonly log: unknown[] } {
  const rng = seededRng(seed);
  const log: unknown[] = [];
  const die = (sides: number, purpose: string, rule: string, options?: RollOptions): number => {
    log.push({ sides, purpose, rule, options: options ?? null });
    return 1 + rng.int(sides);
  };
  const d6 = (purpose: string, rule: string, options?: RollOptions) => die(6, purpose, rule, options);
  return { log, d6, die, roll: (n, purpose, rule, labels, options) => rollEach(d6, n, purpose, rule, labels, options) };
}

interface Seen {
  readonly turn: SystemTurn;
  readonly move: SystemMove;
  readonly dice: unknown[];
}

/** Resolves the step in play through the engine, with every system player spied on: what each was handed, and what it decided with which dice. */
function resolveSpied(ruleset: AnyRuleset & { players: MachinePlayers }, state: EngineState<unknown>, seed: string) {
  const seen: Record<Side, Seen> = {};
  const system = Object.fromEntries(
    Object.entries(ruleset.players.system ?? {}).map(([side, player]) => [
      side,
      (turn: SystemTurn) => {
        const move = player(turn);
        seen[side] = { turn, move, dice: [...(turn.dice as ReturnType<typeof loggedDice>).log] };
        return move;
      },
    ]),
  );
  const spied = { ...ruleset, players: { ...ruleset.players, system } };
  const emitted: RulesEvent[] = [];
  const orders = Object.fromEntries(state.step!.owes.map((side) => [side, ruleset.defaultOrders(state.rules, side, state.step!)]));
  resolveStep(state, state.step!, orders, spied, { dice: loggedDice(seed), emit: (e) => emitted.push(e) });
  return { seen, emitted };
}

describe('issue 25: every system player reads its own side`s view only (blindness)', () => {
  it('every game with system players is held here', () => {
    const withSystem = Object.entries(rulesets)
      .filter(([, r]) => Object.keys((r as { players?: MachinePlayers }).players?.system ?? {}).length)
      .map(([id]) => id);
    expect(withSystem.sort()).toEqual(SYSTEM_GAMES.map((g) => g.id).sort());
  });

  for (const g of SYSTEM_GAMES) {
    it(`${g.id}: the engine hands a system player a plain copy of its view; facts hidden from its side change neither its orders, its records nor its dice`, () => {
      const ruleset = rulesets[g.id] as AnyRuleset & { players: MachinePlayers };
      let checked = 0;
      let changed = 0;
      const rules = new Set<string>();
      for (let game = 0; game < g.games; game++) {
        for (const state of systemMoments(ruleset, `blind-system/${g.id}/${game}`, g.options)) {
          const step = state.step!;
          const seed = `blind-system|${step.id}`;
          const { seen, emitted } = resolveSpied(ruleset, state, seed);
          for (const side of systemDecidersAt(state, step, ruleset)) {
            const { turn, move, dice } = seen[side];
            // the turn is the view (a plain JSON copy of it), the side, the step and the step's dice: nothing else
            expect(Object.keys(turn).sort()).toEqual(['dice', 'side', 'step', 'view']);
            expect(turn.view).toEqual(plainView(ruleset.view(state.rules, side)));
            expect(JSON.parse(JSON.stringify(turn.view))).toEqual(turn.view);
            expect(Object.getPrototypeOf(turn.view)).toBe(Object.prototype);
            expect(turn).toMatchObject({ side, step });
            // its records are emitted first, before the rules emit anything of the step
            expect(emitted.slice(0, move.records.length)).toEqual(move.records);
            for (const r of move.records) rules.add(String((r.data as { rule?: string }).rule));
            for (let k = 0; k < 3; k++) {
              const hidden = g.perturb(state.rules, side, k);
              if (JSON.stringify(hidden) !== JSON.stringify(state.rules)) changed++;
              expect(ruleset.view(hidden, side)).toEqual(ruleset.view(state.rules, side));
              const other = resolveSpied(ruleset, { ...state, rules: hidden }, seed).seen[side];
              expect(other.move).toEqual(move);
              expect(other.dice).toEqual(dice);
              checked++;
            }
          }
        }
      }
      // not vacuous: system players were asked at both kinds of step, and hidden facts were changed
      expect(checked).toBeGreaterThan(10);
      expect(changed).toBeGreaterThan(0);
      expect(rules.size).toBeGreaterThan(1);
    }, 120_000);
  }
});
