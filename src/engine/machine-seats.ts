import { createHmac } from 'node:crypto';
import { canonicalEqual, canonicalJson } from '../shared/canonical';
import type { EngineEvent, EngineState } from './engine-events';
import { evolve, initialState, type AnyRuleset } from './evolve';
import { seedBelow } from './dice';
import { type MachinePlayer, type MachinePlayers, turnOf } from './players';
import { seededRng } from './random-player';
import type { Rng, Side, StepInfo } from './ruleset';

/**
 * Machine-played seats in a game under way (issue 25, docs/new-game.md "Machine players"): the dice
 * a machine player draws are derived from the game's seed chain, so nobody can steer them and the
 * audit recomputes them once the turn's seed is revealed:
 *
 *   key = HMAC-SHA-256(key = s_t, message = canonical [MACHINE_DICE_LABEL, stepId, side, player])
 *
 * (s_t the seed of the step's turn, docs/audit.md "Dice seeds"), which seeds the engine's sfc32
 * generator (random-player.ts). The orders it writes are recorded with `{ player, draws }` in their
 * event's metadata: the count of draws, never their values (values could reveal sealed orders early).
 */
export const MACHINE_DICE_LABEL = 'umpire machine player dice';

/** What an orders event written by a machine records in its metadata (`machine`). */
export interface MachineMark {
  readonly player: string;
  readonly draws: number;
}

/** A machine's dice at `stepId` for `side` and `player`, counting its draws. */
export function machineDice(seed: string, stepId: string, side: Side, player: string): Rng & { readonly draws: () => number } {
  const key = createHmac('sha256', Buffer.from(seed, 'hex'))
    .update(canonicalJson([MACHINE_DICE_LABEL, stepId, side, player]))
    .digest('hex');
  const rng = seededRng(key);
  let draws = 0;
  return {
    int: (n) => {
      draws++;
      return rng.int(n);
    },
    pick: (items) => {
      draws++;
      return rng.pick(items);
    },
    draws: () => draws,
  };
}

/** The players a ruleset offers by name: `random` and its `named` ones. */
export function machinePlayerNames(ruleset: object): string[] {
  const players = playersOf(ruleset);
  return players ? ['random', ...Object.keys(players.named ?? {})] : [];
}

/** The machine players of a game on the contract (defineRuleset), or undefined. */
function playersOf(ruleset: object): MachinePlayers | undefined {
  return (ruleset as { readonly players?: MachinePlayers }).players;
}

function playerNamed(ruleset: object, player: string): MachinePlayer | null {
  const players = playersOf(ruleset);
  if (!players) return null;
  return player === 'random' ? players.random : (players.named?.[player] ?? null);
}

/** What a machine seat's player writes at the step in play: orders text and how many draws it made. */
export function playMachineSeat(
  ruleset: AnyRuleset,
  state: EngineState<unknown>,
  side: Side,
  player: string,
  seed: string,
): { readonly text: string; readonly draws: number } {
  const step = state.step;
  if (!step) throw new Error(`no step is in play for the machine player ${player} of ${side}`);
  const play = playerNamed(ruleset, player);
  if (!play)
    throw new Error(`${ruleset.id} has no machine player "${player}" (it has: ${machinePlayerNames(ruleset).join(', ') || 'none'})`);
  const dice = machineDice(seed, step.id, side, player);
  const text = play(turnOf(ruleset, state, side, step, dice));
  return { text, draws: dice.draws() };
}

/** An engine event of a log with the machine mark its metadata carries, if any. */
export interface MarkedEvent {
  readonly event: EngineEvent;
  readonly machine?: MachineMark;
}

export interface MachineAudit {
  readonly ok: boolean;
  /** machine orders re-run and found the same */
  readonly checked: number;
  /** machine orders whose turn's seed is not revealed yet (checkable later) */
  readonly pending: number;
  /** the first machine orders that differ: index in the list, and the step, side and player named */
  readonly firstMismatch: {
    readonly eventIndex: number;
    readonly stepId: string;
    readonly side: Side;
    readonly player: string;
    readonly message: string;
  } | null;
}

interface Owed {
  readonly index: number;
  readonly step: StepInfo;
  readonly side: Side;
  readonly mark: MachineMark;
  readonly state: EngineState<unknown>;
}

/**
 * Re-runs every machine player of a log (its live engine events, each with the machine mark of its
 * metadata): on the side's view of the state before its orders, with the dice recomputed from the
 * turn's revealed seed, the player must write the orders the log records (taken in the clear, or
 * revealed at resolution) with the same number of draws.
 */
export function auditMachineOrders(events: readonly MarkedEvent[], ruleset: AnyRuleset): MachineAudit {
  // the latest revealed seed: every earlier turn's seed hashes down from it
  const revealed = events
    .map((m) => m.event)
    .filter((e): e is Extract<EngineEvent, { type: 'SeedRevealed' }> => e.type === 'SeedRevealed')
    .reduce<{ turn: number; seed: string } | null>((top, e) => (!top || e.data.turn > top.turn ? e.data : top), null);
  const seedOf = (turn: number): string | null =>
    revealed && turn <= revealed.turn ? seedBelow(revealed.seed, revealed.turn, turn) : null;
  let state = initialState();
  const owed = new Map<string, Owed>();
  let checked = 0;
  let pending = 0;
  const check = (o: Owed, orders: readonly unknown[], at: number): MachineAudit['firstMismatch'] => {
    const seed = seedOf(o.step.turn);
    if (seed === null) {
      pending++;
      return null;
    }
    const fail = (message: string) => ({ eventIndex: at, stepId: o.step.id, side: o.side, player: o.mark.player, message });
    let run: { text: string; draws: number };
    try {
      run = playMachineSeat(ruleset, o.state, o.side, o.mark.player, seed);
    } catch (err) {
      return fail(`the machine player could not be re-run: ${(err as Error).message}`);
    }
    const parsed = ruleset.parseOrders(o.state.rules, o.side, run.text, o.step);
    const want = parsed.ok ? parsed.orders : null;
    if (!want || !canonicalEqual(want, orders) || run.draws !== o.mark.draws)
      return fail(
        `machine player ${o.mark.player} of ${o.side} at step ${o.step.id}: the log records ${canonicalJson(orders)} (${o.mark.draws} draws), re-run on its view with its dice it writes ${want ? canonicalJson(want) : `"${run.text}" (which does not parse)`} (${run.draws} draws)`,
      );
    checked++;
    return null;
  };
  for (const [i, { event: e, machine }] of events.entries()) {
    let problem: MachineAudit['firstMismatch'] = null;
    if ((e.type === 'OrdersSubmitted' || e.type === 'OrdersAccepted') && machine && state.step) {
      const o: Owed = { index: i, step: state.step, side: e.data.side, mark: machine, state };
      if (e.type === 'OrdersAccepted') problem = check(o, e.data.orders, i);
      else owed.set(`${e.data.side}|${e.data.stepId}`, o);
    } else if (e.type === 'OrdersSubmitted') owed.delete(`${e.data.side}|${e.data.stepId}`);
    else if (e.type === 'OrdersRevealed') {
      const o = owed.get(`${e.data.side}|${e.data.stepId}`);
      if (o) {
        owed.delete(`${e.data.side}|${e.data.stepId}`);
        problem = check(o, e.data.orders, o.index);
      }
    }
    if (problem) return { ok: false, checked, pending, firstMismatch: problem };
    state = evolve(state, e, ruleset);
  }
  return { ok: true, checked, pending: pending + owed.size, firstMismatch: null };
}
