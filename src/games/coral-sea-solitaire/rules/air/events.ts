/**
 * The air area's events and how they fold into the state. Squadrons move by `moves` (some
 * squadrons of a unit to a new place: a box, a mission, a hex, a carrier or base) and leave play by
 * `eliminated`; the other events record a roll or a step of the combat routine, so the log says why.
 */
import type { Visibility } from '../../../../engine/ruleset';
import type { RandomChoice, TableRoll } from '../../../kit';
import type { CoralSide, CrtResult } from '../../box/schema';
import type { AirMission, CoralState, ShipKey } from '../../types';
import type { AirCounts, AirHome, AirStage, PendingBasing, PendingLosses, TargetCategory } from './state';
import { type AirMove, applyMoves, removeSquadrons } from './units';

type Ev<T extends string, D> = { readonly type: T; readonly data: D; readonly visibleTo?: Visibility };

/** A combat roll: what fired, with what, on which table, and what it did. */
export interface CombatRoll {
  readonly hex: string;
  readonly kind: 'air-to-air' | 'anti-aircraft' | 'air-vs-naval' | 'air-vs-base';
  /** The side firing or attacking. */
  readonly side: CoralSide;
  /** Factors firing (air-to-air, AA, air vs base) or attack and defense (air vs naval, as odds). */
  readonly factors: number;
  readonly defense?: number;
  readonly target?: string;
  readonly roll: TableRoll<CrtResult> | null;
  /** Why there was no roll (no factors). */
  readonly none?: string;
}

export type AirEvent =
  /** 1f, 21.5: squadrons flown to another carrier or base, fatigued on arrival. */
  | Ev<
      'coral.air.transferred',
      { readonly from: AirHome; readonly to: AirHome; readonly air: AirCounts; readonly moves: readonly AirMove[] }
    >
  /** 5a-a to 5a-d: a mission committed (USN with its CP; IJN by doctrine). */
  | Ev<'coral.air.committed', { readonly mission: AirMission }>
  /** 5a1a-e: squadrons put into their missions and flown to CAP over their hex or to the target hex. */
  | Ev<'coral.air.launched', { readonly side: CoralSide; readonly moves: readonly AirMove[]; readonly rule: string }>
  /** Squadrons moved for another reason (CAP stopping a strike short, 21.2; aborts; landing, 21.4). */
  | Ev<'coral.air.moved', { readonly moves: readonly AirMove[]; readonly cause: string; readonly rule: string }>
  /** Squadrons eliminated (combat, no place to land, a carrier lost under them). */
  | Ev<
      'coral.air.eliminated',
      {
        readonly side: CoralSide;
        readonly units: readonly { readonly id: string; readonly strength: number }[];
        readonly air: AirCounts;
        readonly cause: string;
        readonly rule: string;
      }
    >
  | Ev<'coral.air.combat', CombatRoll>
  /** 1d/2d squadrons (CRT notes), rolled. */
  | Ev<'coral.air.loss-dice', { readonly hex: string; readonly eliminated: number; readonly aborted: number; readonly rule: string }>
  | Ev<'coral.air.battle-begun', { readonly stages: readonly AirStage[]; readonly ijnChit?: boolean }>
  /** The IJN's chit spent on an attack (8.6). */
  | Ev<'coral.air.chit-spent', { readonly side: CoralSide }>
  | Ev<'coral.air.stage-done', { readonly at: number }>
  | Ev<'coral.air.aa-done', { readonly at: number }>
  | Ev<'coral.air.losses-pending', { readonly pending: PendingLosses }>
  | Ev<'coral.air.losses-decided', { readonly suffix: string; readonly by: 'orders' | 'by type' | 'at random' }>
  | Ev<'coral.air.battle-ended', Record<string, never>>
  /** 22.2, Q4: the category a side's strikes look for in a hex (or per origin), and the ship picked in a TF. */
  | Ev<'coral.air.target-category', { readonly key: string; readonly category: TargetCategory }>
  | Ev<
      'coral.air.target',
      {
        readonly side: CoralSide;
        readonly hex: string;
        readonly tf: string;
        readonly key: string;
        readonly ship: ShipKey;
        readonly category: TargetCategory;
        readonly pick?: RandomChoice<string>;
      }
    >
  | Ev<'coral.air.basing-pending', { readonly pending: PendingBasing }>
  | Ev<'coral.air.basing-decided', { readonly suffix: string; readonly on: AirHome; readonly by: 'orders' | 'default' }>
  /** Step 8 done: the day's missions are over. */
  | Ev<'coral.air.missions-cleared', Record<string, never>>
  /** An order the air rules could not carry out, with why and what would do (the validator said so first). */
  | Ev<'coral.air.refused', { readonly order: string; readonly problem: string; readonly rule: string }>;

const battle = (s: CoralState) => {
  if (!s.airBattle) throw new Error('air combat event with no air combat in progress');
  return s.airBattle;
};

/** Folds one of this area's events; undefined when the event is not this area's. */
export function evolveAirEvent(s: CoralState, e: { readonly type: string; readonly data: unknown }): CoralState | undefined {
  const ev = e as AirEvent;
  switch (ev.type) {
    case 'coral.air.transferred':
    case 'coral.air.launched':
    case 'coral.air.moved':
      return { ...s, air: applyMoves(s.air, ev.data.moves) };
    case 'coral.air.committed':
      return { ...s, airMissions: [...(s.airMissions ?? []), ev.data.mission] };
    case 'coral.air.eliminated':
      return { ...s, air: removeSquadrons(s.air, ev.data.units) };
    case 'coral.air.battle-begun':
      return {
        ...s,
        airBattle: {
          stages: ev.data.stages,
          at: 0,
          decisions: s.airBattle?.decisions ?? 0,
          categories: {},
          picks: {},
          ...(ev.data.ijnChit ? { ijnChit: true } : {}),
        },
      };
    case 'coral.air.chit-spent': {
      const { ijnChit: _c, ...b } = battle(s);
      return { ...s, airBattle: b };
    }
    case 'coral.air.stage-done': {
      const { aaDone: _aa, ...b } = battle(s);
      return { ...s, airBattle: { ...b, at: ev.data.at + 1 } };
    }
    case 'coral.air.aa-done':
      return { ...s, airBattle: { ...battle(s), aaDone: true } };
    case 'coral.air.losses-pending': {
      const b = battle(s);
      return { ...s, airBattle: { ...b, pending: ev.data.pending, decisions: b.decisions + 1 } };
    }
    case 'coral.air.losses-decided': {
      const { pending: _p, ...b } = battle(s);
      return { ...s, airBattle: b };
    }
    case 'coral.air.battle-ended': {
      const { airBattle: _b, ...rest } = s;
      return rest;
    }
    case 'coral.air.target-category': {
      const b = battle(s);
      return { ...s, airBattle: { ...b, categories: { ...b.categories, [ev.data.key]: ev.data.category } } };
    }
    case 'coral.air.target': {
      const b = battle(s);
      return { ...s, airBattle: { ...b, picks: { ...b.picks, [ev.data.key]: ev.data.ship } } };
    }
    case 'coral.air.basing-pending':
      return { ...s, airBasing: { pending: ev.data.pending, decisions: (s.airBasing?.decisions ?? 0) + 1 } };
    case 'coral.air.basing-decided':
      return { ...s, airBasing: { decisions: s.airBasing?.decisions ?? 0 } };
    case 'coral.air.missions-cleared': {
      const { airMissions: _m, airBasing: _b, ...rest } = s;
      return rest;
    }
    case 'coral.air.combat':
    case 'coral.air.loss-dice':
    case 'coral.air.refused':
      return s;
    default:
      return undefined;
  }
}
