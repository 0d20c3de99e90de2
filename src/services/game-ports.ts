import type { Seat } from '../engine/game';
import type { MachineMark } from '../engine/machine-seats';
import type { GameOptions, Side } from '../engine/ruleset';
import type { StepKind } from '../engine/step-kinds';
import type { OutboxDraft, RefusalOf } from '../store/outbox';
import type { Notice } from '../mail/notices';

/** What the game service takes in, and the edges it talks to (scheduler, notice sink). */
export interface CreateGameInput {
  readonly gameId: string;
  readonly ruleset: string;
  readonly options?: GameOptions;
  readonly scenario?: string;
  readonly sides: readonly Seat[];
  readonly referee?: string;
  /** a club's override box (already parsed JSON) */
  readonly box?: unknown;
  /** minutes a step stays open before default orders apply */
  readonly deadlineMinutes?: number;
  /** minutes after the deadline during which late orders are still taken before defaults apply */
  readonly graceMinutes?: number;
  /** minutes per kind of step (orders, battle, placement: engine/step-kinds.ts), where they differ from deadlineMinutes */
  readonly deadlines?: Readonly<Partial<Record<StepKind, number>>>;
}

/** A line of the player's the mail reader did not read as an order, and why (older commands have no why). */
export interface SetAside {
  readonly line: number;
  readonly text: string;
  readonly why?: string;
}

export interface OrdersInput {
  readonly gameId: string;
  readonly side: Side;
  readonly text: string;
  /** where the orders came from, for the log ("mail <message-id>", "cli") */
  readonly via: string;
  /**
   * when the orders arrived (ISO 8601; a mail's arrival at intake): they count for the step in play
   * only if this is at or before its deadline, grace included. Without it, when they are applied.
   */
  readonly arrivedAt?: string;
  readonly stepId?: string;
  /** lines around the orders that are no order (a greeting, a name), set aside by the mail reader, and why: the acknowledgment or the refusal lists them */
  readonly ignored?: readonly SetAside[];
  /** where in the mail the orders were read, when not its text ('the attached file "orders.txt"') */
  readonly source?: string;
  /** orders a machine-played seat's player wrote: recorded in the events' metadata (engine/machine-seats.ts) */
  readonly machine?: MachineMark;
}

/** Schedules deadline and reminder jobs (BullMQ); the service only says when. */
export interface DeadlineScheduler {
  /** One job per (game, step, instant): an extended deadline adds a new job; the old one finds the step moved and does nothing. */
  schedule(gameId: string, stepId: string, at: Date, remindAt: Date | null): Promise<void>;
  /** The deadline of `stepId` at `at` is looked at again in `delayMs` (it waits for orders still being read). */
  recheck(gameId: string, stepId: string, at: Date, round: number, delayMs: number): Promise<void>;
}

/** The mail still being read: a deadline waits for what arrived in time (InboundStore.unreadBefore). */
export interface MailInTransit {
  unreadBefore(gameId: string, deadline: Date): Promise<readonly { readonly id: string; readonly status: string }[]>;
}

/** Renders notices into outbox rows (the game handler writes them in the command's transaction). */
export interface NoticeSink {
  draft(notice: Notice): OutboxDraft;
  rejectionDraft(
    key: string,
    to: string,
    problem: string,
    hint: string,
    gameId?: string,
    side?: string | null,
    refusal?: RefusalOf,
  ): OutboxDraft;
}

export interface GameServiceOptions {
  readonly secret: string;
  readonly defaultDeadlineMinutes: number;
  readonly defaultGraceMinutes?: number;
  readonly clock?: () => Date;
  /** Tests only (config UMPIRE_TEST_SEED): the top of a new game's seed chain, instead of random bytes. */
  readonly seedTop?: (gameId: string) => Buffer;
}
