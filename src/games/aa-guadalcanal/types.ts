/** State, order and event types of the A&A Guadalcanal ruleset. Everything here is plain JSON. */
import type { GameOptions } from '../../engine/ruleset';
import type { Advantage, Category, GuadalcanalBoxData, GuadalcanalSide, IslandId, UnitType, ZoneId } from './box';

export type GSide = GuadalcanalSide;
export const SIDE_ORDER: readonly GSide[] = ['axis', 'allies'];
export const other = (s: GSide): GSide => (s === 'axis' ? 'allies' : 'axis');

/** A piece's type: a unit of the unit table, a supply token (moved and spent like cargo), or a PT boat token (ADV.pt-boats). */
export type PieceType = UnitType | 'SUP' | 'PT';

/** Where a damaged sea unit waits for repair: its base card's damaged area (REG.4b). */
export const DAMAGED = 'damaged';
export type Place = ZoneId | typeof DAMAGED;

/** One piece on the board, stable id for life (TR3, SUP12). */
export interface Piece {
  readonly id: string;
  readonly side: GSide;
  readonly type: PieceType;
  /** the zone; cargo and fighters aboard share their carrier's zone */
  readonly zone: Place;
  /** the transport/destroyer carrying it, or the carrier a fighter is on */
  readonly on: string | null;
  /** heavy armor spent this turn (battleships, MOV.6 / ATK.cargo) */
  readonly armorUsed: boolean;
  /** the zone its ranged fire was declared into this turn (CMB.2 / CMB.4), else null */
  readonly fired: ZoneId | null;
  /** attacks airfields, not land units, in this turn's CMB.4 */
  readonly vsAirfield: boolean;
  /** land unit or supply unloaded this turn (Amphibious Assault reads it) */
  readonly unloadedTo?: IslandId | null;
}

export interface Airfield {
  readonly island: IslandId;
  readonly side: GSide;
  readonly damaged: boolean;
}

/** The steps of a turn in order (steps.ts); `at` indexes them. */
export interface GState {
  readonly box: GuadalcanalBoxData;
  readonly options: GameOptions;
  readonly turn: number;
  readonly first: GSide;
  readonly at: number;
  readonly pieces: readonly Piece[];
  readonly nextNumber: number;
  readonly airfields: readonly Airfield[];
  readonly control: Readonly<Record<IslandId, GSide>>;
  readonly vp: Readonly<Record<GSide, number>>;
  readonly winner: GSide | null;
  /** advantage tokens left per side (App. 1; only the advantages the game's options switch on) */
  readonly tokens: Readonly<Record<GSide, Readonly<Partial<Record<Advantage, number>>>>>;
  /** advantages in force this turn: who used which, where */
  readonly active: readonly ActiveAdvantage[];
  /**
   * Each side's standing casualty priority (ATK.cargo, `HITS`): unit ids best first, its own to give
   * up on a 2 and the enemy's to take on a 1. Absent: the documented default (battle-box.ts).
   */
  readonly hits?: Readonly<Partial<Record<GSide, readonly string[]>>>;
  /** A combat step under way zone by zone (CMB, as written): the decision it waits for (fight.ts). */
  readonly fight?: Fight | null;
  /** A submarine step under way one submarine at a time (MOV.6, HID.3): what is done so far (torpedoes.ts). */
  readonly torpedoes?: Torpedoes | null;
}

/** What a side's roll in a zone did, kept until the other side has rolled there too (CMB.1: casualties after both). */
export interface ZoneResult {
  readonly fates: readonly (readonly [string, 'destroyed' | 'damaged'])[];
  /** hits on the airfields of `side` (CMB.4: 2 hits damage one) */
  readonly airfieldHits: readonly { readonly side: GSide; readonly hits: number }[];
}

/**
 * Combat zone by zone (CMB, CMB.2, CMB.4): the first player chooses each next zone after the
 * results of the earlier ones (`zone` null, stage `order`); in the zone the first player declares
 * and rolls (stage `first`), then the second, having seen those dice (stage `second`); casualties
 * go after both.
 */
export interface Fight {
  readonly cat: Category;
  /** zones fought so far this step, in order */
  readonly done: readonly ZoneId[];
  readonly zone: ZoneId | null;
  readonly stage: 'order' | 'first' | 'second';
  /** the first player's roll in `zone`, waiting for the second's */
  readonly pending: ZoneResult;
}

/** A side's submarine step one submarine at a time (MOV.6): each torpedo rolled before the next is ordered; casualties after the last. */
export interface Torpedoes {
  readonly side: GSide;
  /** the decision under way: 1 for the step's first, 2 for the next submarines ... */
  readonly round: number;
  /** submarines that have had their turn (moved or stayed, attacked or not) */
  readonly acted: readonly string[];
  /** the faces each target has taken so far, removed after all the side's submarines (MOV.6) */
  readonly hits: readonly (readonly [string, readonly number[]])[];
}

export interface ActiveAdvantage {
  readonly side: GSide;
  readonly advantage: Advantage;
  readonly at: ZoneId | null;
  /** Coast Watchers: the unit type held back; Command Decision: the category fought again */
  readonly type?: UnitType;
  readonly category?: Category;
}

export type Order = OrderBody & { readonly line?: number };

export type OrderBody =
  | { readonly kind: 'none' }
  | { readonly kind: 'load'; readonly ship: string; readonly cargo: readonly string[] }
  | { readonly kind: 'move'; readonly unit: string; readonly to: ZoneId }
  /** MOV.6: the first of `target`, then `or`, that no earlier torpedo of the step has hit (conditional: README) */
  | { readonly kind: 'attack'; readonly sub: string; readonly target: string; readonly or?: readonly string[] }
  | { readonly kind: 'fly'; readonly unit: string; readonly to: ZoneId }
  | { readonly kind: 'unload'; readonly ship: string; readonly cargo: readonly string[]; readonly to: IslandId }
  | { readonly kind: 'fire'; readonly unit: string; readonly at: ZoneId }
  | { readonly kind: 'airfield'; readonly unit: string }
  | { readonly kind: 'land'; readonly unit: string; readonly at: string }
  | { readonly kind: 'build'; readonly island: IslandId }
  | { readonly kind: 'buy'; readonly type: PieceType; readonly count: number }
  | { readonly kind: 'repair'; readonly unit: string }
  | { readonly kind: 'repair-airfield'; readonly island: IslandId }
  | { readonly kind: 'deploy'; readonly unit: string; readonly to: ZoneId }
  | {
      readonly kind: 'use';
      readonly advantage: Advantage;
      readonly at: ZoneId | null;
      readonly category?: Category;
      /** Coast Watchers: the type held back, when named (HID.1) */
      readonly type?: UnitType;
    }
  | { readonly kind: 'hits'; readonly units: readonly string[] }
  /** CMB: the first player's next zone, the first listed still to be fought */
  | { readonly kind: 'zones'; readonly zones: readonly ZoneId[] };

/** One die of a battle-box roll as the narrative shows it. */
export interface DieResult {
  readonly slot: number;
  readonly face: number;
  /** the type printed in the slot for the category (null for an airfield roll) */
  readonly printed: UnitType | null;
  /** the unit that took the hit, null for a miss or a hit lost */
  readonly unit: string | null;
  readonly effect: 'miss' | 'destroyed' | 'damaged' | 'armor' | 'lost' | 'airfield-hit';
  /** the type read instead when the printed type was absent (ATK.absent) */
  readonly redirectedTo?: UnitType;
}

export type GEvent =
  | { type: 'gc.loaded'; data: { ship: string; cargo: string[]; zone: ZoneId } }
  | { type: 'gc.moved'; data: { unit: string; from: Place; to: ZoneId; carried: string[] } }
  | { type: 'gc.unloaded'; data: { unit: string; from: string; to: IslandId } }
  | {
      type: 'gc.roll';
      data: { step: string; zone: ZoneId; category: Category | 'airfield' | 'torpedo'; by: GSide; dice: DieResult[]; rule: string };
    }
  | { type: 'gc.armor'; data: { unit: string } }
  | { type: 'gc.fired'; data: { unit: string; at: ZoneId } }
  | { type: 'gc.vs-airfield'; data: { unit: string } }
  | { type: 'gc.casualties'; data: { zone: ZoneId; destroyed: string[]; damaged: string[]; lostCargo: string[]; rule: string } }
  | { type: 'gc.vp'; data: { side: GSide; delta: number; total: number; why: string } }
  | { type: 'gc.airfield'; data: { island: IslandId; index: number; airfield: Airfield | null; why: string } }
  | { type: 'gc.control'; data: { island: IslandId; side: GSide; power: Record<GSide, number> } }
  | { type: 'gc.captured'; data: { island: IslandId; side: GSide; supplies: string[] } }
  | { type: 'gc.landed'; data: { unit: string; at: string; zone: ZoneId } }
  | { type: 'gc.crashed'; data: { unit: string; zone: Place } }
  | { type: 'gc.spent'; data: { side: GSide; supplies: string[]; why: string } }
  | { type: 'gc.placed'; data: { side: GSide; pieces: Piece[]; why: string } }
  | { type: 'gc.repaired'; data: { unit: string; to: ZoneId } }
  | { type: 'gc.advantage'; data: ActiveAdvantage & { left: number } }
  | { type: 'gc.hits'; data: { side: GSide; units: string[] }; visibleTo?: GSide[] }
  | { type: 'gc.fight'; data: { fight: Fight | null } }
  | { type: 'gc.torpedoes'; data: { torpedoes: Torpedoes | null } }
  | { type: 'gc.next'; data: { at: number; turn: number; first: GSide } }
  | { type: 'gc.won'; data: { winner: GSide; vp: Record<GSide, number> } };
