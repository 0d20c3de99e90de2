import type { EngineEvent } from '../engine/engine-events';
import type { RolledBackPayload } from '../engine/voids';
import type { StoredEvent } from '../store/event-store';
import type { LinksRevokedPayload } from './game-page/link';
import type { GameForkedPayload } from './game/fork';
import type { SeatToMachinePayload } from './game/machine-seats';
import type { ReportsResentPayload } from './game/resend';
import type { ReportsSentPayload } from './reports-sent';
import type { SeatReplacedPayload } from './game/rulings';
import type { AbsenceRecord, DeadlineRecord, DigestMode, GameSettings, PauseRecord } from './service-state';
import type { StepKind } from '../engine/step-kinds';

/**
 * The events the umpire itself writes into a game's stream (not the engine's), each type with its
 * payload: what it did around the rules (notes and settings, deadlines, press, digest settings,
 * seats, rulings, forks). The fold (service-state.ts) is exhaustive over them.
 */
export interface ServiceEventPayloads {
  /** a referee's note; the game's settings at creation (`settings`); a command's fault (`fault`) */
  readonly NoteAdded: {
    readonly text?: string;
    readonly settings?: GameSettings;
    readonly fault?: unknown;
    readonly concerns?: readonly number[];
    /** who wrote the note (a ruling's referee) */
    readonly referee?: string;
  };
  readonly DeadlineSet: DeadlineRecord;
  readonly PressSent: { readonly from: string; readonly to: readonly string[]; readonly text: string };
  readonly DigestSet: { readonly viewer: string; readonly mode: DigestMode };
  readonly RolledBack: RolledBackPayload;
  readonly SeatReplaced: SeatReplacedPayload;
  readonly SeatToMachine: SeatToMachinePayload;
  readonly PageLinksRevoked: LinksRevokedPayload;
  readonly RulesUpgraded: { readonly from: string; readonly to: string };
  readonly GameForked: GameForkedPayload;
  /** a fork made the game's official continuation (adopt.ts) */
  readonly ForkAdopted: {
    readonly forkId: string;
    readonly atSeq: number;
    readonly forkHead: string | null;
    readonly rolledBackAt: number;
    readonly steps: readonly string[];
    readonly referee: string;
    readonly reason: string;
  };
  readonly GamePaused: PauseRecord;
  readonly GameResumed: Readonly<Record<string, unknown>>;
  readonly AbsenceDeclared: AbsenceRecord;
  readonly DeadlineLengthSet: { readonly kind: StepKind; readonly minutes: number };
  readonly OrdersHeld: { readonly side: string; readonly stepId: string };
  readonly OrdersReleased: { readonly side: string; readonly stepId: string };
  readonly ReportsResent: ReportsResentPayload;
  /** a round of reports and welcomes queued (reports-sent.ts): who was sent which, with its outbox rows */
  readonly ReportsSent: ReportsSentPayload;
}

export type ServiceEventType = keyof ServiceEventPayloads;

export type ServiceEvent = {
  readonly [T in ServiceEventType]: { readonly type: T; readonly payload: ServiceEventPayloads[T] };
}[ServiceEventType];

/** every service event type (a record, so a type added above and not here does not compile) */
const TYPES: Readonly<Record<ServiceEventType, true>> = {
  NoteAdded: true,
  DeadlineSet: true,
  PressSent: true,
  DigestSet: true,
  RolledBack: true,
  SeatReplaced: true,
  SeatToMachine: true,
  PageLinksRevoked: true,
  RulesUpgraded: true,
  GameForked: true,
  ForkAdopted: true,
  GamePaused: true,
  GameResumed: true,
  AbsenceDeclared: true,
  DeadlineLengthSet: true,
  OrdersHeld: true,
  OrdersReleased: true,
  ReportsResent: true,
  ReportsSent: true,
};

export const SERVICE_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(TYPES));

export function isServiceEventType(type: string): type is ServiceEventType {
  return SERVICE_EVENT_TYPES.has(type);
}

/**
 * A stored event as the service event it is, or null for an engine event. The log holds only what
 * the service appended under these types (append-only, hash-chained), so the type names the payload:
 * this is the one place that reads a service event's payload by its type.
 */
export function serviceEvent(e: Pick<StoredEvent, 'type' | 'payload'>): ServiceEvent | null {
  return isServiceEventType(e.type) ? ({ type: e.type, payload: e.payload } as ServiceEvent) : null;
}

type EnginePayloads = { readonly [E in EngineEvent as E['type']]: E['data'] };

/** Every event type a game's log holds, the engine's and the umpire's, with its payload. */
export type LogPayloads = EnginePayloads & ServiceEventPayloads;
export type LogEventType = keyof LogPayloads;

/**
 * The payload of `e` when it is an event of type `type` (else undefined). The log holds only what
 * the engine and the service appended under these types, so the type names the payload: with
 * `serviceEvent`, this is where a stored payload is read as its type's.
 */
export function payloadOf<T extends LogEventType>(
  e: Pick<StoredEvent, 'type' | 'payload'> | undefined,
  type: T,
): LogPayloads[T] | undefined {
  if (e?.type !== type) return undefined;
  const typed = e as { readonly payload: LogPayloads[T] };
  return typed.payload;
}

/** A string field of any event's payload that has one (`stepId`, `side`), read without knowing its type. */
function textField(e: Pick<StoredEvent, 'payload'>, field: string): string | undefined {
  const p = e.payload;
  if (typeof p !== 'object' || p === null || !(field in p)) return undefined;
  const value: unknown = Reflect.get(p, field);
  return typeof value === 'string' ? value : undefined;
}

/** The step an event is about, for any event whose payload names one (`stepId`). */
export const stepIdOf = (e: Pick<StoredEvent, 'payload'>): string | undefined => textField(e, 'stepId');

/** The side an event is about, for any event whose payload names one (`side`). */
export const sideOf = (e: Pick<StoredEvent, 'payload'>): string | undefined => textField(e, 'side');
