import { hashCanonical } from '../shared/canonical';
import type { Ruleset } from './ruleset';
import { assertNever, type EngineEvent, type EngineState, type QueuedSubmission } from './engine-events';

// biome-ignore lint/suspicious/noExplicitAny: the registry holds rulesets of every state type
export type AnyRuleset = Ruleset<any, any, any>;

export function initialState<S = unknown>(): EngineState<S> {
  return {
    version: 0,
    game: null,
    rules: null,
    step: null,
    submissions: {},
    standing: {},
    revealedSeeds: {},
    result: null,
  };
}

/**
 * Folds one engine event into the state. The ruleset folds its own events (RulesApplied) and
 * sets the game up (GameCreated); the step in play is asked of the ruleset only after a whole
 * step has been applied (StepResolved), never mid-resolution.
 */
export function evolve<S>(state: EngineState<S>, event: EngineEvent, ruleset: Ruleset<S, unknown, unknown>): EngineState<S> {
  const s = { ...state, version: state.version + 1 };
  switch (event.type) {
    case 'GameCreated': {
      const d = event.data;
      const rules = ruleset.setup({
        gameId: d.gameId,
        scenario: d.scenario ?? undefined,
        options: d.options,
        box: d.box,
      });
      const { box: _box, ...info } = d;
      return { ...s, game: info, rules, step: ruleset.currentStep(rules) };
    }
    case 'OrdersSubmitted': {
      const { side, stepId, commitment, sealed, receivedAt } = event.data;
      return {
        ...s,
        submissions: { ...s.submissions, [side]: { kind: 'sealed', stepId, commitment, sealed, receivedAt } },
      };
    }
    case 'OrdersAccepted': {
      const { side, stepId, orders, receivedAt } = event.data;
      return {
        ...s,
        submissions: { ...s.submissions, [side]: { kind: 'accepted', stepId, orders, receivedAt } },
      };
    }
    case 'OrdersQueued': {
      const { side, stepId, commitment, sealed, receivedAt } = event.data;
      return withQueued(s, side, stepId, { stepId, commitment, sealed, receivedAt });
    }
    case 'QueuedOrdersUsed': {
      const { side, stepId, opened } = event.data;
      const q = queuedEntry(s, side, stepId);
      const submission = opened
        ? { kind: 'accepted' as const, stepId, orders: opened.orders, receivedAt: q.receivedAt }
        : {
            kind: 'sealed' as const,
            stepId,
            commitment: q.commitment,
            sealed: q.sealed,
            receivedAt: q.receivedAt,
          };
      return { ...withQueued(s, side, stepId, null), submissions: { ...s.submissions, [side]: submission } };
    }
    case 'QueuedOrdersDropped':
      return withQueued(s, event.data.side, event.data.stepId, null);
    case 'StandingInstructionsSet': {
      const { side, text, instructions, setAt, commitment } = event.data;
      return {
        ...s,
        standing: {
          ...s.standing,
          [side]: { text, instructions, setAt, ...(commitment ? { commitment } : {}) },
        },
      };
    }
    case 'OrdersRevealed':
    case 'DefaultOrdersApplied':
    case 'StandingOrdersApplied':
    case 'DieRolled':
      // Recorded for the log, the verifier and the reports; the orders reach the rules through
      // the RulesApplied events of the same step.
      return s;
    case 'RulesApplied':
      return { ...s, rules: ruleset.evolve(requireRules(s), event.data.event) };
    case 'StepResolved':
      return { ...s, submissions: {}, step: ruleset.currentStep(requireRules(s)) };
    case 'SeedRevealed':
      return { ...s, revealedSeeds: { ...s.revealedSeeds, [String(event.data.turn)]: event.data.seed } };
    case 'SealedSeedRevealed':
      // the game is ending: the verifier reads the sealed seed from the log, no state keeps it
      return s;
    case 'GameConceded': {
      // the step in play is never adjudicated: its orders, and orders queued ahead, go with it
      const { queued: _q, ...base } = s;
      return { ...base, submissions: {} };
    }
    case 'GameEnded':
      return { ...s, step: null, result: { winner: event.data.winner, summary: event.data.summary } };
    default:
      return assertNever(event, 'engine event');
  }
}

function queuedEntry(s: EngineState<unknown>, side: string, stepId: string): QueuedSubmission {
  const q = s.queued?.[side]?.[stepId];
  if (!q) throw new Error(`no orders of ${side} are queued for ${stepId}`);
  return q;
}

/** Sets or (null) removes a queued entry; the `queued` key exists only while something is queued. */
function withQueued<S>(s: EngineState<S>, side: string, stepId: string, entry: QueuedSubmission | null): EngineState<S> {
  const { [stepId]: _old, ...others } = s.queued?.[side] ?? {};
  const mine = entry ? { ...others, [stepId]: entry } : others;
  const { [side]: _mine, ...rest } = s.queued ?? {};
  const queued = Object.keys(mine).length ? { ...rest, [side]: mine } : rest;
  const { queued: _q, ...base } = s;
  return Object.keys(queued).length ? { ...base, queued } : base;
}

function requireRules<S>(s: EngineState<S>): S {
  if (s.rules === null) throw new Error('event before GameCreated');
  return s.rules;
}

/** Replay is a fold. */
export function replay<S>(events: readonly EngineEvent[], ruleset: Ruleset<S, unknown, unknown>): EngineState<S> {
  return events.reduce<EngineState<S>>((st, e) => evolve(st, e, ruleset), initialState<S>());
}

/** The game state hash: identical for identical histories, whatever machine replays them. */
export function stateHash(state: EngineState<unknown>): string {
  return hashCanonical(state);
}
