import { hashCanonical } from '../shared/canonical';
import type { Ruleset } from './ruleset';
import { assertNever, type BoardEdit, type EngineEvent, type EngineState, type QueuedSubmission } from './engine-events';

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
  // every case copies the state once, the version counted in the same copy (keys keep their order)
  const version = state.version + 1;
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
      return { ...state, version, game: info, rules, step: ruleset.currentStep(rules) };
    }
    case 'OrdersSubmitted': {
      const { side, stepId, commitment, sealed, receivedAt } = event.data;
      return {
        ...state,
        version,
        submissions: { ...state.submissions, [side]: { kind: 'sealed', stepId, commitment, sealed, receivedAt } },
      };
    }
    case 'OrdersAccepted': {
      const { side, stepId, orders, receivedAt } = event.data;
      return {
        ...state,
        version,
        submissions: { ...state.submissions, [side]: { kind: 'accepted', stepId, orders, receivedAt } },
      };
    }
    case 'OrdersQueued': {
      const { side, stepId, commitment, sealed, receivedAt } = event.data;
      return withQueued({ ...state, version }, side, stepId, { stepId, commitment, sealed, receivedAt });
    }
    case 'QueuedOrdersUsed': {
      const { side, stepId, opened } = event.data;
      const q = queuedEntry(state, side, stepId);
      const submission = opened
        ? { kind: 'accepted' as const, stepId, orders: opened.orders, receivedAt: q.receivedAt }
        : {
            kind: 'sealed' as const,
            stepId,
            commitment: q.commitment,
            sealed: q.sealed,
            receivedAt: q.receivedAt,
          };
      return { ...withQueued({ ...state, version }, side, stepId, null), submissions: { ...state.submissions, [side]: submission } };
    }
    case 'QueuedOrdersDropped':
      return withQueued({ ...state, version }, event.data.side, event.data.stepId, null);
    case 'StandingInstructionsSet': {
      const { side, text, instructions, setAt, commitment } = event.data;
      return {
        ...state,
        version,
        standing: {
          ...state.standing,
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
      return { ...state, version };
    case 'RulesApplied':
      return { ...state, version, rules: ruleset.evolve(requireRules(state), event.data.event) };
    case 'StepResolved':
      return { ...state, version, submissions: {}, step: ruleset.currentStep(requireRules(state)) };
    case 'SeedRevealed':
      return { ...state, version, revealedSeeds: { ...state.revealedSeeds, [String(event.data.turn)]: event.data.seed } };
    case 'SealedSeedRevealed':
      // the game is ending: the verifier reads the sealed seed from the log, no state keeps it
      return { ...state, version };
    case 'SeedChainRenewed':
      // the step keeps its turn; its dice and every later turn's roll from the new chain
      return { ...state, version, game: state.game && { ...state.game, seedAnchor: event.data.anchor } };
    case 'BoardAdjusted':
      return { ...state, version, rules: applyBoardEdits(requireRules(state), event.data.edits) };
    case 'GameConceded': {
      // the step in play is never adjudicated: its orders, and orders queued ahead, go with it
      const { queued: _q, ...base } = state;
      return { ...base, version, submissions: {} };
    }
    case 'GameEnded':
      return { ...state, version, step: null, result: { winner: event.data.winner, summary: event.data.summary } };
    default:
      return assertNever(event, 'engine event');
  }
}

/** The rules state with each edit's value set at its path (copies along the path; the rest shared). */
export function applyBoardEdits<S>(rules: S, edits: readonly BoardEdit[]): S {
  return edits.reduce<S>((r, edit) => setAt(r, edit.path, edit.value) as S, rules);
}

function setAt(node: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [key, ...rest] = path;
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(key)] = setAt(node[Number(key)], rest, value);
    return copy;
  }
  const obj = (node !== null && typeof node === 'object' ? node : {}) as Record<string, unknown>;
  return { ...obj, [key]: setAt(obj[key], rest, value) };
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

/**
 * Folds events into the state. `rules`, when the ruleset's adjudicate returned it, is what the
 * step's RulesApplied events fold to: each then only counts a version, and the rules are set once
 * (before StepResolved asks them for the next step), which is the state the full fold gives.
 */
export function applyEvents<S>(
  s: EngineState<S>,
  events: readonly EngineEvent[],
  ruleset: Ruleset<S, unknown, unknown>,
  rules?: S,
): EngineState<S> {
  // a run of events that only count a version (and, with `rules`, RulesApplied, which then only
  // counts one too): one copy for the run, the state folding them one by one gives
  const countsOnly = (e: EngineEvent) => VERSION_ONLY.has(e.type) || (rules !== undefined && e.type === 'RulesApplied');
  let st = s;
  for (let i = 0; i < events.length; ) {
    if (!countsOnly(events[i])) {
      st = evolve(st, events[i++], ruleset);
      continue;
    }
    let n = 0;
    let setsRules = false;
    for (; i < events.length && countsOnly(events[i]); i++, n++) if (events[i].type === 'RulesApplied') setsRules = true;
    st = setsRules ? { ...st, version: st.version + n, rules: rules as S } : { ...st, version: st.version + n };
  }
  return st;
}

/** Events evolve folds as a version counted and nothing else (see evolve). */
const VERSION_ONLY: ReadonlySet<EngineEvent['type']> = new Set<EngineEvent['type']>([
  'OrdersRevealed',
  'DefaultOrdersApplied',
  'StandingOrdersApplied',
  'DieRolled',
  'SealedSeedRevealed',
]);

/** Replay is a fold. */
export function replay<S>(events: readonly EngineEvent[], ruleset: Ruleset<S, unknown, unknown>): EngineState<S> {
  return events.reduce<EngineState<S>>((st, e) => evolve(st, e, ruleset), initialState<S>());
}

/** The game state hash: identical for identical histories, whatever machine replays them. */
export function stateHash(state: EngineState<unknown>): string {
  return hashCanonical(state);
}
