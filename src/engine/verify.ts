import { deriveDie, verifySeed } from './dice';
import type { EngineEvent } from './engine-events';
import type { Side } from './ruleset';
import { commitmentFor, ordersHashOf } from './sealing';

/**
 * The independent verifier: from a game's engine events alone (no ruleset, no database) it checks
 * every revealed seed against the anchor, every revealed order against its commitment (orders
 * queued ahead included: their commitment is the one the side got when it queued them), every
 * step's orders hash, and recomputes every die whose turn's seed has been revealed.
 */

export interface Mismatch {
  /** index of the offending event in the list */
  readonly eventIndex: number;
  readonly kind: 'no-game' | 'seed' | 'commitment' | 'orders-hash' | 'die' | 'die-index' | 'forced-die';
  readonly message: string;
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly diceChecked: number;
  /** dice of turns whose seed is not revealed yet: checkable later */
  readonly dicePending: number;
  readonly seedsChecked: number;
  readonly mismatches: readonly Mismatch[];
  readonly firstMismatch: Mismatch | null;
}

export function verifyGameLog(events: readonly EngineEvent[]): VerifyReport {
  const mismatches: Mismatch[] = [];
  const created = events[0];
  if (!created || created.type !== 'GameCreated') {
    const m: Mismatch = { eventIndex: 0, kind: 'no-game', message: 'the log does not start with GameCreated' };
    return { ok: false, diceChecked: 0, dicePending: 0, seedsChecked: 0, mismatches: [m], firstMismatch: m };
  }
  const { gameId, seedAnchor } = created.data;
  const seeds = checkSeeds(events, seedAnchor, mismatches);

  const commitments = new Map<string, string>(); // side|stepId -> latest commitment, sent for the step or queued ahead
  const checkOpened = (i: number, side: Side, stepId: string, orders: readonly unknown[], salt: string, what: string): void => {
    const c = commitments.get(`${side}|${stepId}`);
    if (c === undefined || commitmentFor(orders, salt) !== c) {
      mismatches.push({ eventIndex: i, kind: 'commitment', message: `orders ${what} for ${side} at ${stepId} do not match the commitment ${c ?? '(none submitted)'}` });
    }
  };
  const stepOrders = new Map<string, Record<Side, readonly unknown[]>>();
  const nextDie = new Map<string, number>();
  const ordersOf = (stepId: string): Record<Side, readonly unknown[]> => {
    let o = stepOrders.get(stepId);
    if (!o) stepOrders.set(stepId, (o = {}));
    return o;
  };
  let diceChecked = 0;
  let dicePending = 0;

  events.forEach((e, i) => {
    switch (e.type) {
      case 'OrdersSubmitted':
      case 'OrdersQueued':
        commitments.set(`${e.data.side}|${e.data.stepId}`, e.data.commitment);
        return;
      case 'OrdersAccepted':
      case 'DefaultOrdersApplied':
      case 'StandingOrdersApplied':
        ordersOf(e.data.stepId)[e.data.side] = e.data.orders;
        return;
      case 'OrdersRevealed':
        checkOpened(i, e.data.side, e.data.stepId, e.data.orders, e.data.salt, 'revealed');
        ordersOf(e.data.stepId)[e.data.side] = e.data.orders;
        return;
      case 'QueuedOrdersUsed': {
        const { side, stepId, commitment, opened } = e.data;
        if (commitments.get(`${side}|${stepId}`) !== commitment) {
          mismatches.push({ eventIndex: i, kind: 'commitment', message: `queued orders used for ${side} at ${stepId} carry commitment ${commitment}, not the one queued` });
        } else if (opened) {
          checkOpened(i, side, stepId, opened.orders, opened.salt, 'queued and opened');
          ordersOf(stepId)[side] = opened.orders;
        }
        return;
      }
      case 'DieRolled': {
        const d = e.data;
        const expectedIndex = nextDie.get(d.stepId) ?? 0;
        nextDie.set(d.stepId, expectedIndex + 1);
        if (d.forced) {
          mismatches.push({ eventIndex: i, kind: 'forced-die', message: `die ${d.index} of ${d.stepId} was forced, not derived from a seed` });
          return;
        }
        if (d.index !== expectedIndex) {
          mismatches.push({ eventIndex: i, kind: 'die-index', message: `die of ${d.stepId} has index ${d.index}, expected ${expectedIndex}` });
          return;
        }
        const seed = seeds.get(d.turn);
        if (seed === undefined) {
          dicePending++;
          return;
        }
        if (seed === null) {
          mismatches.push({ eventIndex: i, kind: 'seed', message: `die ${d.index} of ${d.stepId}: the seed revealed for turn ${d.turn} does not hash to the anchor` });
          return;
        }
        diceChecked++;
        const face = deriveDie(seed, { gameId, stepId: d.stepId, index: d.index, ordersHash: ordersHashOf(ordersOf(d.stepId)) });
        if (face !== d.face) {
          mismatches.push({ eventIndex: i, kind: 'die', message: `die ${d.index} of ${d.stepId} (${d.purpose}) shows ${d.face}, the seed gives ${face}` });
        }
        return;
      }
      case 'StepResolved': {
        const h = ordersHashOf(ordersOf(e.data.stepId));
        if (h !== e.data.ordersHash) {
          mismatches.push({ eventIndex: i, kind: 'orders-hash', message: `step ${e.data.stepId} records orders hash ${e.data.ordersHash}, its orders hash to ${h}` });
        }
        // A step id could recur in a later resolution; each resolution starts afresh.
        stepOrders.delete(e.data.stepId);
        nextDie.delete(e.data.stepId);
        return;
      }
      case 'GameCreated':
      case 'StandingInstructionsSet':
      case 'QueuedOrdersDropped':
      case 'RulesApplied':
      case 'SeedRevealed':
      case 'GameEnded':
        return;
      default: {
        const never: never = e;
        throw new Error(`unhandled engine event ${JSON.stringify(never)}`);
      }
    }
  });

  mismatches.sort((a, b) => a.eventIndex - b.eventIndex);
  return { ok: mismatches.length === 0, diceChecked, dicePending, seedsChecked: seeds.size, mismatches, firstMismatch: mismatches[0] ?? null };
}

/** turn -> seed for every revealed seed; null for a seed that fails the anchor check (reported once). */
function checkSeeds(events: readonly EngineEvent[], anchor: string, mismatches: Mismatch[]): Map<number, string | null> {
  const seeds = new Map<number, string | null>();
  events.forEach((e, i) => {
    if (e.type !== 'SeedRevealed') return;
    const good = verifySeed(e.data.seed, e.data.turn, anchor);
    if (!good) mismatches.push({ eventIndex: i, kind: 'seed', message: `seed revealed for turn ${e.data.turn} does not hash to the anchor ${anchor}` });
    seeds.set(e.data.turn, good ? e.data.seed : null);
  });
  return seeds;
}
