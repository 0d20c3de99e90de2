/**
 * Issue 25, one machine-player contract: every machine player of every game is held to its own
 * side's view. Over states taken from self-play, facts hidden from a side are changed (the other
 * side's fleet and submarine, its task forces' make-up and intent, its HITS list): the side's view
 * must not change, and the player, run on the view alone (a plain JSON copy) with the same dice,
 * must write the same orders. A player that read the state would see the change.
 */
import type { EngineState } from '../../src/engine/engine-events';
import type { AnyRuleset } from '../../src/engine/evolve';
import { replay } from '../../src/engine/evolve';
import { type MachinePlayer, type PlayerTurn, plainView } from '../../src/engine/players';
import { seededRng } from '../../src/engine/random-player';
import type { Side } from '../../src/engine/ruleset';
import { playOneGame } from '../../src/engine/selfplay';
import { rulesets } from '../../src/games';
import type { FleetState } from '../../src/games/fleet-duel';
import type { GState } from '../../src/games/aa-guadalcanal/types';
import type { VitpState } from '../../src/games/vitp/types';

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

const GAMES: readonly { id: string; options: Record<string, boolean>; perturb: Perturb; games: number }[] = [
  { id: 'fleet-duel', options: { scouting: true }, perturb: fleetHidden, games: 6 },
  { id: 'vitp', options: { 'task-forces': true }, perturb: vitpHidden, games: 1 },
  { id: 'aa-guadalcanal', options: {}, perturb: guadalcanalHidden, games: 1 },
];

/** States a game passed through when a side was about to send orders (every `every`th such moment). */
function statesOf(ruleset: AnyRuleset, seed: string, options: Record<string, boolean>, every: number): EngineState<unknown>[] {
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
