/**
 * The air area's own state: air combat in progress (5a1f-h) and orphaned air waiting for the USN's
 * basing choice (21.4). Both outlive one handler: combat pauses whenever the USN must say which
 * squadrons take a loss (the `air-losses` decision), basing when two landing places are equally
 * near (the `basing-choice` decision), and the decision's handler resumes where it stopped.
 */
import type { AirType, BaseId, CoralSide } from '../../box/schema';
import type { ShipKey } from '../../types';

/** Where a flier comes from or lands: a carrier (ShipKey) or a base. */
export type AirHome = ShipKey | BaseId;

/** The Target Selection Table's categories (22.2, Q4). */
export type TargetCategory = 'carrier' | 'capital' | 'transport' | 'random';

/** One part of the air combat routine, in the order 5a1f-h resolves them. */
export type AirStage =
  /** 5a1f: every flier of both sides in the hex fires at every enemy flier there, at once. */
  | { readonly kind: 'superiority'; readonly hex: string }
  /**
   * 5a1g/h: one strike package (its origin's strike squadrons) attacks its target in the hex: AA
   * first (24), then the CRT. `land` attacks of a side come before its `carrier` ones.
   */
  | {
      readonly kind: 'attack';
      readonly side: CoralSide;
      readonly hex: string;
      readonly from: AirHome;
      readonly target: string;
      readonly class: 'land' | 'carrier';
    };

/** Losses the USN must allocate before combat goes on (the `air-losses` decision, brief 3). */
export interface PendingLosses {
  /** The decision step's suffix: `<hex>-<n>` (unique in the turn). */
  readonly suffix: string;
  readonly hex: string;
  readonly cause: 'air-to-air' | 'anti-aircraft';
  readonly rule: string;
  /** Loss points to extract: eliminated first, then aborted (CRT notes). */
  readonly eliminated: number;
  readonly aborted: number;
  /** The flying USN units that may take them (ids). */
  readonly candidates: readonly string[];
}

export interface AirBattleState {
  readonly stages: readonly AirStage[];
  /** The next stage to resolve. */
  readonly at: number;
  /** AA has fired at the attack `at` (it resumes with the attack itself after the USN's losses). */
  readonly aaDone?: boolean;
  readonly pending?: PendingLosses;
  /** Decisions raised so far this turn (for unique step suffixes). */
  readonly decisions: number;
  /** Q4: the category rolled for each attacking side's hex (`<side>:<hex>`, or `<side>:<hex>:<origin>` under the per-origin option). */
  readonly categories: Readonly<Record<string, TargetCategory>>;
  /** The ship each side's strikes attack in a TF (`<side>:<hex>:<tf>`): one pick serves every package (Q4). */
  readonly picks: Readonly<Record<string, ShipKey>>;
  /** 8.5: the IJN committed a leadership chit to its air attacks this phase; it shifts its first attack's column (8.2, 8.6). */
  readonly ijnChit?: boolean;
}

/** Orphaned fliers of one carrier or base with two or more equally near places to land (21.4). */
export interface PendingBasing {
  /** The decision step's suffix: the carrier or base the fliers came from, and a count (`CV-1-1`). */
  readonly suffix: string;
  /** Their carrier or base (the one they cannot land on). */
  readonly from: AirHome;
  readonly units: readonly string[];
  /** The equally near carriers or bases, any of which the USN may name. */
  readonly options: readonly AirHome[];
}

export interface AirBasingState {
  readonly pending?: PendingBasing;
  readonly decisions: number;
}

/** Squadrons by type (orders and events). */
export type AirCounts = Partial<Record<AirType, number>>;
