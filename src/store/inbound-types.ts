/** The shapes of inbound mail in the store (inbound.ts): rows, intake options, throttle answers. */

export interface StoredInbound {
  readonly id: string;
  readonly duplicate: boolean;
  readonly messageId: string;
  /** The earlier message whose Message-ID this one reused (it is stored apart). */
  readonly reusedIdOf?: string;
}

export interface InboundRow {
  readonly id: string;
  readonly raw: Buffer;
  readonly status: string;
  readonly messageId: string;
  readonly source: string;
  readonly attempts: number;
  readonly throttleTaken: boolean;
  readonly result: unknown;
  /** when it arrived, by the umpire's clock at intake (ISO 8601): what the deadline judges */
  readonly arrivedAt: string;
}

/** A throttle's answer, as passThrottle needs it (src/mail/throttle.ts). */
export interface TokenDecision {
  readonly allowed: boolean;
  readonly retryAfterMs: number;
}

/**
 * passThrottle's answer: passed (charged now or before), or waiting, either `behind` an earlier
 * message of the bucket (`ahead` of them in all) or for a token (`retryAfterMs`); the caller
 * queues the wait's delayed job under `waitJobId`.
 */
export type ThrottleGate =
  | { readonly passed: true }
  | { readonly passed: false; readonly waitJobId: string; readonly behind: string; readonly ahead: number }
  | { readonly passed: false; readonly waitJobId: string; readonly retryAfterMs: number };

export type InboundStatus = 'processed' | 'ignored' | 'rejected' | 'throttled' | 'quarantined';

/** A message's identity (src/mail/message-id.ts): its Message-ID and the hash of its content. */
export interface InboundIdentity {
  readonly messageId: string;
  readonly contentHash: string;
}

export interface IntakeOptions {
  /** the umpire's clock (the one deadlines are set by): a message's arrival is stamped with it */
  readonly clock?: () => Date;
  /** the game a raw message is addressed to, if its header says (src/mail/addressed-game.ts) */
  readonly gameOf?: (raw: Buffer) => string | null;
}

/** A message not yet read (stored or throttled) that arrived by a game's deadline. */
export interface UnreadArrival {
  readonly id: string;
  readonly status: 'stored' | 'throttled';
  readonly arrivedAt: string;
}

/** The first message waiting in a throttle bucket (wakeNextInBucket). */
export interface NextInBucket {
  readonly id: string;
  readonly status: string;
  readonly throttle_taken: boolean;
  readonly throttle_waits: number;
}
