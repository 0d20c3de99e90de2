import { concessionResult } from './concede';
import { badSides, D6, deriveDie } from './dice';
import { diceStreamOf } from './dice-streams';
import { checkSealedSeeds, checkSeeds } from './verify-seeds';
import type { EngineEvent } from './engine-events';
import type { Side } from './ruleset';
import { commitmentFor, ordersHashOf } from './sealing';
import { checkConcession } from './verify-concession';

/**
 * The independent verifier: from a game's engine events alone (no ruleset, no database) it checks
 * every revealed seed against the anchor, every revealed order against its commitment (orders
 * queued ahead included: their commitment is the one the side got when it queued them), every
 * standing instruction against its commitment, every step's orders hash, and recomputes every die
 * whose turn's seed has been revealed. A mismatch names the event at fault (its index, and `#n` in
 * the message): where orders and a StepResolved disagree, the step's dice say which was altered.
 *
 * A concession (GameConceded) is checked against what the log says of the step in play at that
 * point: its turn against the last StepResolved (the same turn while that turn's seed is unrevealed,
 * a later one once it is), its step against the orders taken since (OrdersSubmitted, OrdersAccepted,
 * QueuedOrdersUsed, QueuedOrdersDropped other than step-passed all name the step in play); it must
 * be followed by the SeedRevealed of its turn (unless revealed before, or turn 0) and by GameEnded
 * with concessionResult's winner and summary. Which step follows which is the ruleset's to say:
 * without orders naming the step in play, auditGameLog checks the concession's step.
 */

export interface Mismatch {
  /** index of the offending event in the list */
  readonly eventIndex: number;
  readonly kind: 'no-game' | 'seed' | 'commitment' | 'orders-hash' | 'die' | 'die-index' | 'forced-die' | 'result' | 'concession';
  readonly message: string;
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly diceChecked: number;
  /** dice of turns whose seed is not revealed yet: checkable later */
  readonly dicePending: number;
  /** sealed dice (DieRolled `sealed`) whose sealed seed is not revealed yet: checkable after the game ends */
  readonly sealedPending: number;
  readonly seedsChecked: number;
  readonly mismatches: readonly Mismatch[];
  readonly firstMismatch: Mismatch | null;
  /** the concession checked, null when the log holds none; seedRevealedAt null when its turn needed no reveal */
  readonly concession: ConcessionChecked | null;
}

export interface ConcessionChecked {
  readonly eventIndex: number;
  readonly side: Side;
  readonly stepId: string;
  readonly turn: number;
  readonly seedRevealedAt: number | null;
  readonly endedAt: number | null;
}

/**
 * `seqOf`: the number a message gives the event at an index of `events` (default: the index). A
 * caller that passes the engine events of a stored log passes their seqs, so "event #41" is the
 * stored event 41, the one a reader finds in the log.
 */
export function verifyGameLog(events: readonly EngineEvent[], seqOf: (index: number) => number = (i) => i): VerifyReport {
  const mismatches: Mismatch[] = [];
  const created = events[0];
  if (created?.type !== 'GameCreated') {
    const m: Mismatch = {
      eventIndex: 0,
      kind: 'no-game',
      message: 'the log does not start with GameCreated',
    };
    return {
      ok: false,
      diceChecked: 0,
      dicePending: 0,
      sealedPending: 0,
      seedsChecked: 0,
      mismatches: [m],
      firstMismatch: m,
      concession: null,
    };
  }
  const { gameId, seedAnchor } = created.data;
  const seeds = checkSeeds(events, seedAnchor, mismatches);
  const sealedSeeds = checkSealedSeeds(events, created.data.sealedSeedAnchor, mismatches);

  const commitments = new Map<string, string>(); // side|stepId -> latest commitment, sent for the step or queued ahead
  /** false when the orders fail their commitment */
  const checkOpened = (i: number, side: Side, stepId: string, orders: readonly unknown[], salt: string, what: string): boolean => {
    const c = commitments.get(`${side}|${stepId}`);
    if (c === undefined || commitmentFor(orders, salt) !== c) {
      mismatches.push({
        eventIndex: i,
        kind: 'commitment',
        message: `orders ${what} for ${side} at ${stepId} (event #${seqOf(i)}) do not match the commitment ${c ?? '(none submitted)'}`,
      });
      return false;
    }
    return true;
  };
  const blocks = new Map<string, Block>();
  const blockOf = (stepId: string): Block => {
    let b = blocks.get(stepId);
    if (!b) blocks.set(stepId, (b = { orders: {}, sources: {}, dice: [] }));
    return b;
  };
  const take = (i: number, e: EngineEvent, side: Side, stepId: string, orders: readonly unknown[], committed: boolean): void => {
    const b = blockOf(stepId);
    b.orders[side] = orders;
    b.sources[side] = { index: i, type: e.type, committed };
  };
  const tally = { checked: 0, pending: 0, sealedPending: 0 };
  let conceded: ConcessionChecked | null = null;
  const concessions = {
    lastResolved: null as { index: number; turn: number } | null,
    inPlay: null as { index: number; type: string; stepId: string } | null,
    revealed: new Set<number>(),
    ended: null as number | null,
  };
  /** an event that names the step in play (the step cannot change before the next StepResolved) */
  const sawInPlay = (i: number, type: string, stepId: string): void => {
    concessions.inPlay ??= { index: i, type, stepId };
  };
  const dieCheck = { gameId, seeds, sealedSeeds, mismatches, tally, seqOf };

  events.forEach((e, i) => {
    switch (e.type) {
      case 'OrdersSubmitted':
        sawInPlay(i, e.type, e.data.stepId);
        commitments.set(`${e.data.side}|${e.data.stepId}`, e.data.commitment);
        return;
      case 'OrdersQueued':
        commitments.set(`${e.data.side}|${e.data.stepId}`, e.data.commitment);
        return;
      case 'OrdersAccepted':
        sawInPlay(i, e.type, e.data.stepId);
        take(i, e, e.data.side, e.data.stepId, e.data.orders, false);
        return;
      case 'DefaultOrdersApplied':
      case 'StandingOrdersApplied':
        take(i, e, e.data.side, e.data.stepId, e.data.orders, false);
        return;
      case 'OrdersRevealed':
        take(
          i,
          e,
          e.data.side,
          e.data.stepId,
          e.data.orders,
          checkOpened(i, e.data.side, e.data.stepId, e.data.orders, e.data.salt, 'revealed'),
        );
        return;
      case 'QueuedOrdersUsed': {
        const { side, stepId, commitment, opened } = e.data;
        sawInPlay(i, e.type, stepId);
        if (commitments.get(`${side}|${stepId}`) !== commitment) {
          mismatches.push({
            eventIndex: i,
            kind: 'commitment',
            message: `queued orders used for ${side} at ${stepId} (event #${seqOf(i)}) carry commitment ${commitment}, not the one queued`,
          });
        } else if (opened) {
          take(i, e, side, stepId, opened.orders, checkOpened(i, side, stepId, opened.orders, opened.salt, 'queued and opened'));
        }
        return;
      }
      case 'StandingInstructionsSet': {
        const { side, text, commitment, salt } = e.data;
        if (commitment !== undefined && (salt === undefined || commitmentFor([text], salt) !== commitment)) {
          mismatches.push({
            eventIndex: i,
            kind: 'commitment',
            message: `standing instructions of ${side} (event #${seqOf(i)}) do not match their commitment ${commitment}`,
          });
        }
        return;
      }
      case 'DieRolled': {
        const d = e.data;
        const b = blockOf(d.stepId);
        // each stream counts from 0 within the step (dice.ts DieNumbering); a game without streams has one
        const expectedStream = created.data.diceStreams ? diceStreamOf(d.visibleTo) : undefined;
        const expectedIndex = b.dice.filter((x) => x.stream === expectedStream).length;
        b.dice.push({ index: i, die: d, k: expectedIndex, stream: expectedStream });
        if (d.forced) {
          mismatches.push({
            eventIndex: i,
            kind: 'forced-die',
            message: `die ${d.index} of ${d.stepId} (event #${seqOf(i)}) was forced, not derived from a seed`,
          });
        } else if (d.sides !== undefined && badSides(d.sides)) {
          mismatches.push({
            eventIndex: i,
            kind: 'die',
            message: `die ${d.index} of ${d.stepId} (event #${seqOf(i)}) names ${String(d.sides)} sides: ${badSides(d.sides)}`,
          });
        } else if (d.stream !== expectedStream) {
          mismatches.push({
            eventIndex: i,
            kind: 'die-index',
            message: `die ${d.index} of ${d.stepId} (event #${seqOf(i)}) is numbered in ${d.stream === undefined ? 'the public stream' : `stream ${d.stream}`}, but a die seen by ${d.visibleTo === 'all' ? 'every side' : `[${d.visibleTo.join(', ')}]`} is numbered in ${expectedStream === undefined ? 'the public stream' : `stream ${expectedStream}`} in this game`,
          });
        } else if (d.index !== expectedIndex) {
          mismatches.push({
            eventIndex: i,
            kind: 'die-index',
            message: `die of ${d.stepId} (event #${seqOf(i)}) has index ${d.index}, expected ${expectedIndex}`,
          });
        }
        return;
      }
      case 'StepResolved':
        // A step id could recur in a later resolution; each resolution starts afresh.
        closeBlock(blockOf(e.data.stepId), e.data.stepId, { index: i, ordersHash: e.data.ordersHash }, dieCheck);
        blocks.delete(e.data.stepId);
        concessions.lastResolved = { index: i, turn: e.data.turn };
        concessions.inPlay = null;
        return;
      case 'GameConceded':
        conceded = checkConcession(
          events,
          i,
          e.data,
          created.data.sides.map((s) => s.side),
          concessions,
          mismatches,
          seqOf,
        );
        return;
      case 'GameEnded':
        concessions.ended ??= i;
        // a concession's result follows from the log alone: the one side left wins
        if (conceded) {
          const want = concessionResult([...created.data.sides.map((s) => s.side), ...(created.data.systemSides ?? [])], conceded.side);
          if (e.data.winner !== want.winner || e.data.summary !== want.summary) {
            mismatches.push({
              eventIndex: i,
              kind: 'result',
              message: `the game ended by ${conceded.side}'s concession (event #${seqOf(conceded.eventIndex)}), so the winner is ${want.winner ?? 'nobody'} ("${want.summary}"), but GameEnded (event #${seqOf(i)}) names ${e.data.winner ?? 'nobody'} ("${e.data.summary}")`,
            });
          }
        }
        return;
      case 'QueuedOrdersDropped':
        // dropped as invalid or not owed: the step came into play; step-passed: it never will
        if (e.data.reason !== 'step-passed') sawInPlay(i, e.type, e.data.stepId);
        return;
      case 'SeedRevealed':
        concessions.revealed.add(e.data.turn);
        return;
      case 'SealedSeedRevealed':
      case 'SeedChainRenewed':
      case 'BoardAdjusted':
      case 'GameCreated':
      case 'RulesApplied':
        return;
      default: {
        const never: never = e;
        throw new Error(`unhandled engine event ${JSON.stringify(never)}`);
      }
    }
  });
  // a log cut short inside a step: its dice are checked against the orders recorded so far
  for (const [stepId, b] of blocks) closeBlock(b, stepId, null, dieCheck);
  const diceChecked = tally.checked;
  const dicePending = tally.pending;

  mismatches.sort((a, b) => a.eventIndex - b.eventIndex);
  return {
    ok: mismatches.length === 0,
    diceChecked,
    dicePending,
    sealedPending: tally.sealedPending,
    seedsChecked: seeds.size,
    mismatches,
    firstMismatch: mismatches[0] ?? null,
    concession: conceded,
  };
}

/** One resolution of a step as the log records it: whose orders came from which event, and its dice. */
interface Block {
  readonly orders: Record<Side, readonly unknown[]>;
  /** committed: the orders matched the commitment given before the step resolved */
  readonly sources: Record<Side, { readonly index: number; readonly type: EngineEvent['type']; readonly committed: boolean }>;
  readonly dice: {
    readonly index: number;
    readonly die: Extract<EngineEvent, { type: 'DieRolled' }>['data'];
    /** its place in the stream it belongs to (the index it should have) */
    readonly k: number;
    /** the stream it belongs to (by its visibility, in a game with streams) */
    readonly stream: string | undefined;
  }[];
}

interface DieCheck {
  readonly gameId: string;
  readonly seeds: Map<number, string | null>;
  /** the sealed chain's seeds by turn; null for the whole map when the game has no sealed chain */
  readonly sealedSeeds: Map<number, string | null> | null;
  readonly mismatches: Mismatch[];
  readonly tally: { checked: number; pending: number; sealedPending: number };
  readonly seqOf: (index: number) => number;
}

/**
 * A step's orders, its StepResolved's ordersHash and its dice (keyed by that hash) must agree.
 * Where they do not, the dice whose seeds are revealed say which was altered: dice that fit the
 * orders convict the StepResolved; dice that fit the StepResolved convict the orders, and of
 * those, the ones no commitment vouches for (sequential, default and standing orders).
 */
function closeBlock(b: Block, stepId: string, resolved: { index: number; ordersHash: string } | null, c: DieCheck): void {
  const computed = ordersHashOf(b.orders);
  const checkable = b.dice.filter(({ die, k, stream }) => derivable(die, k, stream) && typeof seedOf(die, c) === 'string');
  const fits = (hash: string) => checkable.length > 0 && checkable.every(({ die }) => faceOf(die, hash, c) === die.face);
  const sources = Object.entries(b.sources).sort(([, x], [, y]) => x.index - y.index);
  const named = sources.map(([side, src]) => `${side}: ${src.type} #${c.seqOf(src.index)}`).join(', ') || 'none recorded';
  let rolledWith = computed;
  if (resolved && resolved.ordersHash !== computed) {
    const recorded = resolved.ordersHash;
    if (fits(computed)) {
      c.mismatches.push({
        eventIndex: resolved.index,
        kind: 'orders-hash',
        message: `the StepResolved of ${stepId} (event #${c.seqOf(resolved.index)}) records orders hash ${recorded}, but its orders (${named}) hash to ${computed} and its dice were rolled with that: the StepResolved's ordersHash was altered`,
      });
    } else {
      rolledWith = recorded;
      const suspects = sources.filter(([, src]) => !src.committed);
      const byDice = fits(recorded);
      const where = byDice && suspects.length ? suspects[0][1].index : resolved.index;
      const who =
        suspects.map(([side, src]) => `${side}'s ${src.type} #${c.seqOf(src.index)}`).join(' or ') ||
        (sources.length ? 'a commitment and the orders revealed against it' : 'an order event missing from the log');
      c.mismatches.push({
        eventIndex: where,
        kind: 'orders-hash',
        message: byDice
          ? `the orders recorded for ${stepId} (${named}) hash to ${computed}, not the ${recorded} its StepResolved (event #${c.seqOf(resolved.index)}) records and its dice were rolled with: ${who} was altered`
          : `the StepResolved of ${stepId} (event #${c.seqOf(resolved.index)}) records orders hash ${recorded}, its orders (${named}) hash to ${computed}: either that ordersHash or ${who} was altered (no revealed die of the step tells which)`,
      });
    }
  }
  b.dice.forEach(({ index, die, k, stream }) => {
    if (!derivable(die, k, stream)) return;
    if (die.sealed && !c.sealedSeeds) {
      c.mismatches.push({
        eventIndex: index,
        kind: 'die',
        message: `die ${die.index} of ${die.stepId} (event #${c.seqOf(index)}) is sealed, but the game has no sealed seed anchor`,
      });
      return;
    }
    const seed = seedOf(die, c);
    if (seed === undefined) {
      if (die.sealed) c.tally.sealedPending++;
      else c.tally.pending++;
      return;
    }
    if (seed === null) {
      c.mismatches.push({
        eventIndex: index,
        kind: 'seed',
        message: `die ${die.index} of ${die.stepId} (event #${c.seqOf(index)}): the ${die.sealed ? 'sealed ' : ''}seed revealed for turn ${die.turn} does not hash to the anchor`,
      });
      return;
    }
    c.tally.checked++;
    const face = faceOf(die, rolledWith, c);
    if (face !== die.face) {
      c.mismatches.push({
        eventIndex: index,
        kind: 'die',
        message: `die ${die.index} of ${die.stepId} (${die.purpose}${die.sides === undefined ? '' : `, a d${die.sides}`}, event #${c.seqOf(index)}) shows ${die.face}, the seed gives ${face}`,
      });
    }
  });
}

/** A die its seed can be asked about: not forced, in its place, of a size a die can have (the others are reported as they come). */
function derivable(die: Block['dice'][number]['die'], k: number, stream: string | undefined): boolean {
  return !die.forced && die.index === k && die.stream === stream && (die.sides === undefined || badSides(die.sides) === null);
}

/** The die's seed: from the sealed chain for a sealed die; undefined while not revealed, null when it failed its anchor. */
function seedOf(die: Block['dice'][number]['die'], c: DieCheck): string | null | undefined {
  return die.sealed ? c.sealedSeeds?.get(die.turn) : c.seeds.get(die.turn);
}

function faceOf(die: Block['dice'][number]['die'], ordersHash: string, c: DieCheck): number {
  return deriveDie(
    seedOf(die, c) as string,
    { gameId: c.gameId, stepId: die.stepId, stream: die.stream, index: die.index, ordersHash },
    die.sides ?? D6,
  );
}
