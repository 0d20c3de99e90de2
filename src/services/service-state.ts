import type { StepKind } from '../engine/step-kinds';
import type { StoredEvent } from '../store/event-store';
import { serviceEvent } from './service-events';
import { evolveSent, type SentState } from './reports-sent';

/** A game's own settings, recorded once at creation (a NoteAdded holding `settings`). */
export interface GameSettings {
  /** minutes a step stays open before default orders apply */
  readonly deadlineMinutes: number;
  /** minutes after the deadline during which late orders are still taken */
  readonly graceMinutes?: number;
  /** minutes per kind of step (engine/step-kinds.ts), where they differ from `deadlineMinutes` */
  readonly deadlines?: Readonly<Partial<Record<StepKind, number>>>;
  readonly referee: string | null;
}

/** The referee's PAUSE in force (GamePaused): what was left of the deadline it stopped. */
export interface PauseRecord {
  readonly at: string;
  readonly referee: string;
  readonly reason: string;
  /** the step whose deadline stopped, and the time its deadline and grace still had */
  readonly stepId: string | null;
  readonly leftMs: number | null;
  readonly graceMs: number | null;
}

/** The referee's ABSENCE (AbsenceDeclared): a side's deadlines falling in [from, to] move to `to`. */
export interface AbsenceRecord {
  readonly side: string;
  readonly from: string;
  readonly to: string;
  readonly referee: string;
  readonly reason: string;
}

/** A DeadlineSet: when the step's orders are due, when defaults apply, when the silent are reminded. */
export interface DeadlineRecord {
  readonly stepId: string;
  readonly at: string;
  /** the deadline plus its grace period (older records have none: then `at`) */
  readonly graceUntil?: string;
  readonly remindAt?: string | null;
  /** set by the referee's EXTEND */
  readonly extended?: boolean;
}

/**
 * How much mail a player (or the referee) wants (issue 10): `action` (the default) a mail when the
 * step asks something of them and one at the end of each turn, what happened in between folded
 * into the next; `turn` one mail per turn (and at the end of the game), decisions within the turn
 * left to standing instructions, orders ahead, reminders and defaults; `every` a mail after every
 * step, as each step resolves.
 */
export type DigestMode = 'action' | 'turn' | 'every';
export const DIGEST_MODES: readonly DigestMode[] = ['action', 'turn', 'every'];
export const DEFAULT_DIGEST: DigestMode = 'action';

/**
 * What the umpire keeps around the rules, folded from its own events in the game's log as the
 * engine state is from the engine's: the game's settings and the deadline in force. Loaded with
 * the game (snapshot + tail), so no use case queries the log for them again.
 */
export interface ServiceState {
  /** null until the game's settings are recorded (then the deployment's defaults apply) */
  readonly settings: GameSettings | null;
  /** the latest deadline set: a step keeps its deadline until it resolves (step ids never repeat) */
  readonly deadline: DeadlineRecord | null;
  /** DIGEST settings by viewer (a side, or `referee`); absent: DEFAULT_DIGEST */
  readonly digest?: Readonly<Record<string, DigestMode>>;
  /** a what-if fork's parent game (GameForked): a fork mails the referee only */
  readonly forkOf?: string;
  /** PAUSE in force (deadlines stopped), until RESUME */
  readonly paused?: PauseRecord | null;
  readonly absences?: readonly AbsenceRecord[];
  /** the referee's DEADLINE <kind> <length> rulings: minutes per kind of step, over the game's settings */
  readonly lengths?: Readonly<Partial<Record<StepKind, number>>>;
  /** WAIT: the step each side holds its orders for (OrdersHeld), until CONFIRM or the step resolves */
  readonly held?: Readonly<Record<string, string>>;
  /** the rules version the referee last UPGRADEd the game to (RulesUpgraded); absent: GameCreated's */
  readonly rulesVersion?: string;
  /** machine-played seats (SeatToMachine, MACHINE): the player playing each, until a REPLACE hands it back */
  readonly machines?: Readonly<Record<string, string>>;
  /** what each recipient was last sent (ReportsSent); absent in a log that recorded none (reports-sent.ts) */
  readonly sent?: SentState;
}

export const initialServiceState: ServiceState = { settings: null, deadline: null };

export function digestOf(state: ServiceState, viewer: string): DigestMode {
  return state.digest?.[viewer] ?? DEFAULT_DIGEST;
}

/** One event folded in: the umpire's own events change this state; engine events do not. */
export function evolveService(state: ServiceState, stored: Pick<StoredEvent, 'type' | 'payload' | 'seq'>): ServiceState {
  const e = serviceEvent(stored);
  if (!e) return state;
  switch (e.type) {
    case 'DeadlineSet':
      return { ...state, deadline: e.payload };
    case 'DigestSet':
      return { ...state, digest: { ...state.digest, [e.payload.viewer]: e.payload.mode } };
    case 'GamePaused':
      return { ...state, paused: e.payload };
    case 'GameResumed':
      return { ...state, paused: null };
    case 'AbsenceDeclared': {
      const { side, from, to, referee, reason } = e.payload;
      return { ...state, absences: [...(state.absences ?? []), { side, from, to, referee, reason }] };
    }
    case 'DeadlineLengthSet':
      return { ...state, lengths: { ...state.lengths, [e.payload.kind]: e.payload.minutes } };
    case 'OrdersHeld':
    case 'OrdersReleased': {
      const { side, stepId } = e.payload;
      const { [side]: _was, ...rest } = state.held ?? {};
      return { ...state, held: e.type === 'OrdersHeld' ? { ...rest, [side]: stepId } : rest };
    }
    case 'SeatToMachine':
    case 'SeatReplaced': {
      const { side } = e.payload;
      if (e.type === 'SeatReplaced' && !state.machines?.[side]) return state;
      const { [side]: _was, ...rest } = state.machines ?? {};
      return { ...state, machines: e.type === 'SeatToMachine' && e.payload.player ? { ...rest, [side]: e.payload.player } : rest };
    }
    case 'RulesUpgraded':
      return { ...state, rulesVersion: e.payload.to };
    case 'GameForked': {
      // a fork's mail starts anew (its own outbox rows, from here recorded in its log): its parent's was sent to others
      return { ...state, forkOf: e.payload.parentGameId, ...(state.sent ? { sent: { seq: 0, last: {} } } : {}) };
    }
    case 'ReportsSent':
      return { ...state, sent: evolveSent(state.sent, e.payload, stored.seq) };
    case 'NoteAdded':
      return e.payload?.settings ? { ...state, settings: e.payload.settings } : state;
    case 'PressSent':
    case 'RolledBack':
    case 'PageLinksRevoked':
    case 'ReportsResent':
    case 'ForkAdopted':
      return state;
    default: {
      const unknown: never = e;
      return unknown;
    }
  }
}

export function foldService(state: ServiceState, events: readonly Pick<StoredEvent, 'type' | 'payload' | 'seq'>[]): ServiceState {
  return events.reduce(evolveService, state);
}

/** The deadline of `stepId`, if the latest one set is that step's and the game is not paused (PAUSE stops it). */
export function deadlineOf(state: ServiceState, stepId: string | undefined): DeadlineRecord | null {
  return stepId !== undefined && state.deadline?.stepId === stepId && !state.paused ? state.deadline : null;
}

/** Whether `side` holds its orders (WAIT) for `stepId`. */
export function holds(state: ServiceState, side: string, stepId: string | undefined): boolean {
  return stepId !== undefined && state.held?.[side] === stepId;
}
