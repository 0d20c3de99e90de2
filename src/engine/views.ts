import type { EngineEvent, EngineState, QueuedOrdersDropped, Submission } from './engine-events';
import { whoIsAwaited } from './decide';
import type { AnyRuleset } from './evolve';
import type { GameOptions, Side, StepInfo, Visibility } from './ruleset';
import { compareCodeUnits } from '../shared/canonical';
import { keepPrivateTables, type SideView } from './board-view';

/**
 * Fog of war as a projection. Sealed orders are never projected: before OrdersRevealed a view,
 * the referee's included, shows only "received at <time>, commitment <hash>". Orders queued for an
 * upcoming step are sealed likewise: "queued for <stepId>: received at <time>, commitment <hash>",
 * and so are standing instructions to anyone but their side: "set at <time>, sealed, commitment <hash>".
 */

export type Viewer = Side | 'referee';

export type OrdersStatus =
  | { readonly status: 'awaited' }
  | {
      readonly status: 'sealed';
      readonly receivedAt: string;
      readonly commitment: string;
      readonly note: string;
    }
  /** sequential orders: their text only for the side that sent them and the referee */
  | { readonly status: 'accepted'; readonly receivedAt: string; readonly orders?: string }
  | { readonly status: 'answered-by-standing-instructions' };

/** Orders sent ahead for an upcoming step: never their content, to anyone. */
export interface QueuedStatus {
  readonly stepId: string;
  readonly receivedAt: string;
  readonly commitment: string;
  readonly note: string;
}

export interface EngineView {
  readonly viewer: Viewer;
  readonly game: {
    readonly gameId: string;
    readonly rulesetId: string;
    readonly scenario: string | null;
    readonly options: GameOptions;
    readonly sides: readonly { side: Side; player: string }[];
    readonly seedAnchor: string;
    readonly revealedSeeds: Readonly<Record<string, string>>;
    readonly boxHash: string;
    readonly boxSource: string;
  } | null;
  readonly step: Pick<StepInfo, 'id' | 'turn' | 'title' | 'mode' | 'owes' | 'rule'> | null;
  readonly awaiting: readonly Side[];
  /** for the step in play, by owing side */
  readonly orders: Readonly<Record<Side, OrdersStatus>>;
  /** the viewer's own orders queued for upcoming steps (the referee sees every side's), by side, by step id */
  readonly queued: Readonly<Record<Side, readonly QueuedStatus[]>>;
  /** the viewer's own standing instructions; the referee sees every side's sealed: "set at <time>, sealed, commitment <hash>" */
  readonly standing: Readonly<Record<Side, string>>;
  /** ruleset.view of the rules state: its board view (src/engine/board-view.ts), private tables kept to their side */
  readonly board: SideView | null;
  readonly result: EngineState['result'];
}

/** The game's sides as seated, then any other side a record names (by code unit). */
function seatingOrder(state: EngineState<unknown>): Side[] {
  const seated = state.game?.sides.map((s) => s.side) ?? [];
  const named = [...Object.keys(state.standing), ...Object.keys(state.queued ?? {})];
  return [...seated, ...[...new Set(named)].filter((s) => !seated.includes(s)).sort(compareCodeUnits)];
}

export function viewFor(state: EngineState<unknown>, viewer: Viewer, ruleset: AnyRuleset): EngineView {
  const step = state.step;
  const awaiting = whoIsAwaited(state, ruleset);
  const orders: Record<Side, OrdersStatus> = {};
  for (const side of step?.owes ?? []) {
    const sub = state.submissions[side];
    orders[side] =
      sub?.stepId === step!.id
        ? submissionStatus(sub, side, viewer, ruleset)
        : awaiting.includes(side)
          ? { status: 'awaited' }
          : { status: 'answered-by-standing-instructions' };
  }
  // sides in seating order, never the key order of a stored state (PostgreSQL's JSONB re-sorts keys)
  const seated = seatingOrder(state);
  const standing: Record<Side, string> = {};
  for (const side of seated) {
    const st = state.standing[side];
    if (!st) continue;
    if (viewer === side) standing[side] = st.text;
    else if (viewer === 'referee') standing[side] = standingSealedNote(st.setAt, st.commitment);
  }
  const queued: Record<Side, QueuedStatus[]> = {};
  for (const side of seated) {
    const steps = state.queued?.[side];
    if (!steps || (viewer !== 'referee' && viewer !== side)) continue;
    queued[side] = Object.values(steps)
      .sort((a, b) => compareCodeUnits(a.stepId, b.stepId))
      .map((q) => ({
        stepId: q.stepId,
        receivedAt: q.receivedAt,
        commitment: q.commitment,
        note: `queued for ${q.stepId}: received at ${q.receivedAt}, commitment ${q.commitment}`,
      }));
  }
  const g = state.game;
  return {
    viewer,
    game: g && {
      gameId: g.gameId,
      rulesetId: g.rulesetId,
      scenario: g.scenario,
      options: Object.fromEntries(Object.entries(g.options).sort(([x], [y]) => compareCodeUnits(x, y))),
      sides: [
        ...g.sides.map((s) => ({ side: s.side, player: s.player.name ?? s.side })),
        ...(g.systemSides ?? []).map((side) => ({ side, player: 'the umpire (system side)' })),
      ],
      seedAnchor: g.seedAnchor,
      revealedSeeds: state.revealedSeeds,
      boxHash: g.boxHash,
      boxSource: g.boxSource,
    },
    step: step && {
      id: step.id,
      turn: step.turn,
      title: step.title,
      mode: step.mode,
      owes: step.owes,
      rule: step.rule,
    },
    awaiting,
    orders,
    queued,
    standing,
    board: state.rules === null ? null : keepPrivateTables(ruleset.view(state.rules, viewer), viewer),
    result: state.result,
  };
}

function submissionStatus(sub: Submission, side: Side, viewer: Viewer, ruleset: AnyRuleset): OrdersStatus {
  switch (sub.kind) {
    case 'sealed':
      return {
        status: 'sealed',
        receivedAt: sub.receivedAt,
        commitment: sub.commitment,
        note: `received at ${sub.receivedAt}, commitment ${sub.commitment}`,
      };
    case 'accepted':
      return viewer === 'referee' || viewer === side
        ? { status: 'accepted', receivedAt: sub.receivedAt, orders: ruleset.formatOrders(sub.orders) }
        : { status: 'accepted', receivedAt: sub.receivedAt };
    default: {
      const never: never = sub;
      throw new Error(`unhandled submission ${JSON.stringify(never)}`);
    }
  }
}

export function visibleTo(visibility: Visibility | undefined, viewer: Viewer): boolean {
  return viewer === 'referee' || visibility === undefined || visibility === 'all' || visibility.includes(viewer);
}

/**
 * Who may read an engine event. Rules events keep their own visibleTo; dice their own (the roll's
 * visibleTo if it gave one, else their step's diceVisibleTo, default all); sealed submissions, orders queued ahead, sequential orders and
 * standing instructions belong to their side (and the referee, who reads no sealed content: the
 * narrative gives the referee only commitments for sealed orders, queued orders and standing
 * instructions) until revealed; everything else is public.
 */
export function eventVisibleTo(event: EngineEvent, viewer: Viewer, ended = false): boolean {
  switch (event.type) {
    case 'RulesApplied':
      return visibleTo(event.data.event.visibleTo, viewer);
    case 'BoardAdjusted':
      return visibleTo(event.data.visibleTo, viewer);
    case 'DieRolled':
      return visibleTo(event.data.visibleTo, viewer);
    case 'OrdersSubmitted':
    case 'OrdersAccepted':
    case 'OrdersQueued':
    case 'QueuedOrdersUsed':
    case 'QueuedOrdersDropped':
    case 'StandingInstructionsSet':
    case 'StandingOrdersApplied':
      return viewer === 'referee' || viewer === event.data.side;
    case 'OrdersRevealed':
    case 'DefaultOrdersApplied':
      // a step revealed to its owners (StepInfo.revealTo): theirs and the referee's until the game ends
      return ended || visibleTo(event.data.visibleTo, viewer);
    case 'GameCreated':
    case 'StepResolved':
    case 'SeedRevealed':
    case 'SealedSeedRevealed':
    case 'SeedChainRenewed':
    case 'GameConceded':
    case 'GameEnded':
      return true;
    default: {
      const never: never = event;
      throw new Error(`unhandled engine event ${JSON.stringify(never)}`);
    }
  }
}

/** The story of `events` as `viewer` may read it, one entry per line. */
export function narrativeFor(events: readonly EngineEvent[], viewer: Viewer, ruleset: AnyRuleset): string[] {
  const ended = events.some((e) => e.type === 'GameEnded');
  return events.filter((e) => eventVisibleTo(e, viewer, ended)).flatMap((e) => narrateEngineEvent(e, viewer, ruleset));
}

function narrateEngineEvent(e: EngineEvent, viewer: Viewer, ruleset: AnyRuleset): readonly string[] {
  switch (e.type) {
    case 'GameCreated':
      return [
        `Game ${e.data.gameId} (${ruleset.name}) created; seed anchor ${e.data.seedAnchor}; box ${e.data.boxSource} ${e.data.boxHash}.`,
      ];
    case 'OrdersSubmitted':
      return [`${e.data.side}: orders for ${e.data.stepId} received at ${e.data.receivedAt}, commitment ${e.data.commitment}.`];
    case 'OrdersAccepted':
      return [
        `${e.data.side}: orders for ${e.data.stepId} received at ${e.data.receivedAt}: ${oneLine(ruleset.formatOrders(e.data.orders))}`,
      ];
    case 'OrdersQueued':
      return [`${e.data.side}: orders queued for ${e.data.stepId}: received at ${e.data.receivedAt}, commitment ${e.data.commitment}.`];
    case 'QueuedOrdersUsed':
      return e.data.opened
        ? [`${e.data.side}: the orders queued for ${e.data.stepId} stand: ${oneLine(ruleset.formatOrders(e.data.opened.orders))}`]
        : [`${e.data.side}: the orders queued for ${e.data.stepId} stand, sealed (commitment ${e.data.commitment}).`];
    case 'QueuedOrdersDropped':
      return narrateDropped(e, viewer);
    case 'StandingInstructionsSet':
      return viewer === e.data.side
        ? [`${e.data.side}: standing instructions set: ${oneLine(e.data.text)}`]
        : [`${e.data.side}: standing instructions ${standingSealedNote(e.data.setAt, e.data.commitment)}.`];
    case 'OrdersRevealed':
      return [`${e.data.side} orders for ${e.data.stepId} revealed (salt ${e.data.salt}): ${oneLine(ruleset.formatOrders(e.data.orders))}`];
    case 'DefaultOrdersApplied':
      // the defaults themselves are that side's orders: the other side learns only that they apply
      // (where a step's orders are revealed, OrdersRevealed tells everyone anyway)
      return viewer === 'referee' || viewer === e.data.side
        ? [
            `${e.data.side} sent no orders for ${e.data.stepId} by the deadline; default orders apply: ${oneLine(ruleset.formatOrders(e.data.orders))}`,
          ]
        : [`${e.data.side} sent no orders for ${e.data.stepId} by the deadline; the documented defaults apply.`];
    case 'StandingOrdersApplied':
      return [`${e.data.side}: standing instructions answer ${e.data.stepId}: ${oneLine(ruleset.formatOrders(e.data.orders))}`];
    case 'DieRolled':
      // the step is in the report's heading; the die's index lets anyone find it in the log and recompute it
      // a die of another size than six says so ("Die #3: [7] (d10) weather (rule 6.1).")
      return [
        `Die #${e.data.index}${e.data.stream === undefined ? '' : ` (private to ${e.data.stream.slice('private:'.length).split(',').join(', ') || 'the referee'})`}: [${e.data.face}] ${e.data.sides === undefined ? '' : `(d${e.data.sides}) `}${e.data.purpose} (rule ${e.data.rule}).`,
      ];
    case 'RulesApplied':
      return ruleset.narrate(e.data.event, viewer);
    case 'StepResolved':
      return [];
    case 'SeedRevealed':
      return [`Seed for turn ${e.data.turn} revealed: ${e.data.seed}.`];
    case 'SealedSeedRevealed':
      return [`Sealed seed for turn ${e.data.turn} revealed (it hashes down to every earlier turn's): ${e.data.seed}.`];
    case 'SeedChainRenewed':
      return [
        `New dice seed chain from turn ${e.data.fromTurn} on (the rollback undid revealed seeds): anchor ${e.data.anchor}.${e.data.abandoned ? ` The old chain's seed for turn ${e.data.abandoned.turn}, never used again: ${e.data.abandoned.seed}.` : ''}`,
      ];
    case 'BoardAdjusted':
      return [
        `Referee's ruling: the board was adjusted (${e.data.edits.map((x) => `${x.path.join('.')} = ${JSON.stringify(x.value)}`).join('; ')}). Reason: ${e.data.reason}`,
      ];
    case 'GameConceded':
      return [
        `${e.data.side} conceded at ${e.data.at}, during ${e.data.stepId} (turn ${e.data.turn}); orders not yet adjudicated are void.`,
      ];
    case 'GameEnded':
      return [`Game over: ${e.data.winner ?? 'no result'}. ${e.data.summary}`];
    default: {
      const never: never = e;
      throw new Error(`unhandled engine event ${JSON.stringify(never)}`);
    }
  }
}

const DROPPED_BECAUSE: Record<QueuedOrdersDropped['data']['reason'], string> = {
  invalid: 'they are not valid now that the step has come',
  'not-owed': 'the step does not ask this side for orders',
  'step-passed': 'the step did not come',
};

/**
 * Line and rule numbers, to the side alone; never a problem's text, even where an older log holds
 * one: it may quote orders that stay sealed. Sent again for the step in play, the orders get the
 * full answer (the problems and hints) at once.
 */
function narrateDropped(e: QueuedOrdersDropped, viewer: Viewer): string[] {
  const { side, stepId, reason, errors } = e.data;
  const head = `${side}: the orders queued for ${stepId} were dropped: ${DROPPED_BECAUSE[reason]}.`;
  if (viewer !== side) return [head];
  if (reason !== 'invalid') return [head];
  const where = errors.map((x) => `  ${x.line ? `line ${x.line}` : 'the orders as a whole'}${x.rule ? `: against rule ${x.rule}` : ''}`);
  return [
    head,
    ...[...new Set(where)],
    `Send orders for ${stepId}; sent for the step in play they are checked at once, each problem named.`,
  ];
}

/**
 * Standing instructions answer decision points, simultaneous ones included, at any later step: to
 * anyone but their side (the referee included, who reads no sealed content) they stay sealed while
 * in force. What they answer shows when it is applied (StandingOrdersApplied, at resolution).
 */
function standingSealedNote(setAt: string, commitment: string | undefined): string {
  return `set at ${setAt}, sealed${commitment ? `, commitment ${commitment}` : ''}`;
}

function oneLine(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('; ');
}
