import { canonicalEqual, canonicalJson } from '../shared/canonical';
import type { EngineEvent, EngineState } from './engine-events';
import { concessionResult } from './concede';
import { evolve, initialState, type AnyRuleset } from './evolve';
import { D6, rollEach } from './dice';
import { resolveStep } from './system-sides';
import type { Dice, RollOptions, RulesEvent, Side, Visibility } from './ruleset';

/**
 * Re-adjudication audit: with the ruleset in hand, re-runs every resolved step of a log from the
 * state before it, with the step's recorded orders and recorded die faces, and checks the rules
 * emit exactly the recorded dice (purpose, rule, size, visibility) and rules events. verifyGameLog proves the faces
 * came from the seeds; this proves the outcome came from the rules. Together: nobody edited a
 * result.
 */

export interface AuditReport {
  readonly ok: boolean;
  readonly stepsChecked: number;
  readonly firstMismatch: { readonly eventIndex: number; readonly message: string } | null;
}

type Recorded = Extract<EngineEvent, { type: 'DieRolled' | 'RulesApplied' }>;
type Produced =
  | { kind: 'die'; purpose: string; rule: string; sides: number; visibleTo: Visibility; sealed: boolean }
  | { kind: 'rules'; event: RulesEvent };

/**
 * The orders a step will be re-adjudicated with, as the log records them: taken, revealed, defaulted,
 * standing, or queued ahead (a sequential step takes queued orders opened; a simultaneous one reveals
 * them at resolution). Updates `orders` in place; other events leave it alone.
 */
export function noteOrders(orders: Record<Side, readonly unknown[]>, e: EngineEvent): void {
  switch (e.type) {
    case 'OrdersAccepted':
    case 'OrdersRevealed':
    case 'DefaultOrdersApplied':
    case 'StandingOrdersApplied':
      orders[e.data.side] = e.data.orders;
      break;
    case 'QueuedOrdersUsed':
      if (e.data.opened) orders[e.data.side] = e.data.opened.orders;
      break;
  }
}

/**
 * `folded`, when given, receives the state the whole log folds to (only when the audit passes).
 * `fromIndex`: events before it are folded but not re-adjudicated (they belong to an earlier rules
 * build's segment of a game that was upgraded: src/engine/audit-build.ts). `seqOf`: as verifyGameLog's.
 */
export function auditGameLog(
  events: readonly EngineEvent[],
  ruleset: AnyRuleset,
  folded?: (state: EngineState<unknown>) => void,
  fromIndex = 0,
  seqOf: (index: number) => number = (k) => k,
): AuditReport {
  let state: EngineState<unknown> = initialState();
  let before: EngineState<unknown> | null = null;
  let blockStart = 0;
  let block: Recorded[] = [];
  // A step's dice and rules events are folded as its re-adjudication reaches each (so the rules take
  // the state the log folds to: rerun), the rest when the step is resolved or before any other event
  // comes: every event is folded in the log's order. `foldedTo`: how many of `block` are folded.
  let foldedTo = 0;
  const foldBlock = (upTo: number): void => {
    for (; foldedTo < upTo; foldedTo++) state = evolve(state, block[foldedTo], ruleset);
  };
  /** The log folded up to block[k], a rules event the re-adjudication emitted on `rules`: the state block[k] folds to, when the rules stood where the log does. */
  const foldTo = (k: number, rules: unknown): unknown => {
    if (k < foldedTo || block[k]?.type !== 'RulesApplied') return undefined;
    foldBlock(k);
    if (state.rules !== rules) return undefined;
    foldBlock(k + 1);
    return state.rules;
  };
  let orders: Record<Side, readonly unknown[]> = {};
  let stepsChecked = 0;
  let conceded: Side | null = null;

  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const inBlock = e.type === 'DieRolled' || e.type === 'RulesApplied';
    if ((inBlock || e.type === 'StepResolved') && before === null) {
      before = state;
      blockStart = i;
    }
    noteOrders(orders, e);
    if (inBlock) {
      block.push(e);
      continue;
    }
    if (e.type !== 'StepResolved') foldBlock(block.length);
    switch (e.type) {
      case 'GameEnded': {
        if (i < fromIndex) break;
        // without a concession the game ends only when the rules have no step left
        if (conceded === null && state.step !== null) {
          return {
            ok: false,
            stepsChecked,
            firstMismatch: {
              eventIndex: i,
              message: `the game ended with winner ${e.data.winner ?? 'none'} ("${e.data.summary}") while step ${state.step.id} was in play and nobody had conceded`,
            },
          };
        }
        // the result is the rules' own (ruleset.result), or what a concession gives
        const want =
          conceded !== null
            ? concessionResult([...(state.game?.sides.map((x) => x.side) ?? []), ...(state.game?.systemSides ?? [])], conceded)
            : ruleset.result(state.rules);
        if (e.data.winner !== want.winner || e.data.summary !== want.summary) {
          return {
            ok: false,
            stepsChecked,
            firstMismatch: {
              eventIndex: i,
              message: `the game ended with winner ${e.data.winner ?? 'none'} ("${e.data.summary}"), the ${conceded !== null ? `concession of ${conceded}` : 'rules'} give ${want.winner ?? 'none'} ("${want.summary}")`,
            },
          };
        }
        break;
      }
      case 'GameConceded': {
        // conceded at the step in play, its turn's seed revealed next (unless revealed before)
        const step = state.step;
        const c = e.data;
        const problem = !step
          ? `no step was in play (the game ${state.result ? 'had ended' : 'had not started'})`
          : step.id !== c.stepId || step.turn !== c.turn
            ? `names step ${c.stepId} of turn ${c.turn}, but the step in play was ${step.id} of turn ${step.turn}`
            : c.turn >= 1 &&
                state.revealedSeeds[String(c.turn)] === undefined &&
                !(
                  events[i + 1]?.type === 'SeedRevealed' &&
                  (events[i + 1] as Extract<EngineEvent, { type: 'SeedRevealed' }>).data.turn === c.turn
                )
              ? `is not followed by the SeedRevealed of turn ${c.turn}`
              : null;
        if (problem && i >= fromIndex)
          return {
            ok: false,
            stepsChecked,
            firstMismatch: { eventIndex: i, message: `GameConceded (event #${seqOf(i)}) of ${c.side}: ${problem}` },
          };
        conceded = c.side;
        break;
      }
      case 'StepResolved': {
        const problem = i < fromIndex ? null : rerun(before!, e.data.stepId, orders, block, foldTo, ruleset);
        foldBlock(block.length);
        if (problem)
          return {
            ok: false,
            stepsChecked,
            firstMismatch: { eventIndex: blockStart + problem.offset, message: problem.message },
          };
        if (i >= fromIndex) stepsChecked++;
        before = null;
        block = [];
        foldedTo = 0;
        orders = {};
        break;
      }
      default:
        break;
    }
    state = evolve(state, e, ruleset);
  }
  // a log cut short inside a step
  foldBlock(block.length);
  folded?.(state);
  return { ok: true, stepsChecked, firstMismatch: null };
}

/**
 * Re-runs one step; returns the first difference (offset within the step's recorded block).
 *
 * The rerun reuses the checked fold: a rules event the rules emit that is the recorded one (compared
 * as it is emitted, the comparison the end of the step would make, kept for it) and that is emitted
 * on the very state the log had folded to before the recorded one folds to the state the audit's
 * fold of the log gives (`foldTo`, asked through AdjudicationContext.folded), so the step's events
 * are folded once; from the first difference on, the rules fold their own events. The rules never
 * change an event once emitted (it is folded at once), so its comparison as emitted is its
 * comparison at the end.
 */
function rerun(
  before: EngineState<unknown>,
  stepId: string,
  orders: Record<Side, readonly unknown[]>,
  recorded: readonly Recorded[],
  foldTo: (k: number, rules: unknown) => unknown,
  ruleset: AnyRuleset,
): { offset: number; message: string } | null {
  const step = before.step;
  if (!step || step.id !== stepId)
    return {
      offset: recorded.length,
      message: `step ${stepId} resolved, but the step in play was ${step?.id ?? 'none'}`,
    };
  const out: Produced[] = [];
  const faces = recorded.filter((r): r is Extract<Recorded, { type: 'DieRolled' }> => r.type === 'DieRolled').map((r) => r.data.face);
  let next = 0;
  const die = (sides: number, purpose: string, rule: string, options?: RollOptions): number => {
    out.push({
      kind: 'die',
      purpose,
      rule,
      sides,
      visibleTo: options?.visibleTo ?? step.diceVisibleTo ?? 'all',
      sealed: !!options?.sealed,
    });
    // Past the recorded dice the rules asked for more than were rolled (or a face no die of this
    // size shows): the comparison below says so.
    const face = faces[next++];
    return face >= 1 && face <= sides ? face : 1;
  };
  const d6 = (purpose: string, rule: string, options?: RollOptions): number => die(D6, purpose, rule, options);
  const dice: Dice = { d6, die, roll: (n, purpose, rule, labels, options) => rollEach(d6, n, purpose, rule, labels, options) };
  // the same resolution as decide's: system players first (re-run on their views), then the rules
  // whether out[k] agrees with recorded[k], once compared
  const agreed: boolean[] = [];
  const agreesAt = (k: number): boolean => (agreed[k] ??= agrees(out[k], recorded[k]));
  resolveStep(before, step, orders, ruleset, {
    dice,
    emit: (event) => out.push({ kind: 'rules', event }),
    folded: (rules, event) => {
      const k = out.length - 1;
      const want = out[k];
      return want?.kind === 'rules' && want.event === event && k < recorded.length && agreesAt(k) ? foldTo(k, rules) : undefined;
    },
  });

  for (let k = 0; k < Math.max(out.length, recorded.length); k++) {
    const want = out[k];
    const got = recorded[k];
    if (!want)
      return {
        offset: k,
        message: `step ${stepId}: the log records ${describe(got)} that the rules do not produce`,
      };
    if (!got)
      return {
        offset: recorded.length,
        message: `step ${stepId}: the rules produce ${want.kind === 'die' ? `a die (${want.purpose})` : want.event.type} missing from the log`,
      };
    if (!agreesAt(k)) {
      return {
        offset: k,
        message: `step ${stepId}: the log records ${describe(got)}, the rules produce ${want.kind === 'die' ? dieText(want.purpose, want.rule, want.sides, want.visibleTo) : canonicalJson(want.event)}`,
      };
    }
  }
  return null;
}

/** The rules produced what the log records here: the same die (purpose, rule, size, chain, visibility), or the same rules event. */
function agrees(want: Produced, got: Recorded): boolean {
  return want.kind === 'die'
    ? got.type === 'DieRolled' &&
        got.data.purpose === want.purpose &&
        got.data.rule === want.rule &&
        (got.data.sides ?? D6) === want.sides &&
        !!got.data.sealed === want.sealed &&
        canonicalEqual(got.data.visibleTo, want.visibleTo)
    : got.type === 'RulesApplied' && canonicalEqual(got.data.event, want.event);
}

function describe(r: Recorded): string {
  return r.type === 'DieRolled' ? dieText(r.data.purpose, r.data.rule, r.data.sides ?? D6, r.data.visibleTo) : canonicalJson(r.data.event);
}

/** "a die (speed roll, 6.4)"; a die of another size or not seen by all says so. */
function dieText(purpose: string, rule: string, sides: number, visibleTo: Visibility): string {
  const size = sides === D6 ? '' : `, a d${sides}`;
  const seen = visibleTo === 'all' ? '' : `, seen by ${visibleTo.length ? visibleTo.join(', ') : 'the referee alone'}`;
  return `a die (${purpose}, ${rule}${size}${seen})`;
}
