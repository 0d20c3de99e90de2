/**
 * The surface area's own events (surface combat 16, screening 33, bombardment 17, bases 23,
 * squadron losses for 6.1/9.2) and how they fold into the state. Ship hits,
 * fatigue, reveals, identification, VP and panic are the shared events of ../common.ts.
 */
import type { Visibility } from '../../../../engine/ruleset';
import type { ColumnShift, RandomChoice, TableRoll } from '../../../kit';
import type { BaseId, CoralSide, CrtResult } from '../../box';
import type { CoralState, ShipKey } from '../../types';
import { bookOf } from './forces';

type Ev<T extends string, D> = { readonly type: T; readonly data: D; readonly visibleTo?: Visibility };

/** One side's share of a surface combat result (16.3(7)): the level, and the ships picked at random (2.2) for it. */
export interface ForceLosses {
  readonly level: number | null;
  readonly sunk: readonly ShipKey[];
  readonly crippled: readonly ShipKey[];
  readonly picks: readonly RandomChoice<ShipKey>[];
}

export type SurfaceEvent =
  /** 16.3(2): who attacks in the hex, with the chits spent on the roll (8.4, 8.5). */
  | Ev<
      'coral.surface.initiative',
      {
        readonly hex: string;
        readonly attacker: CoralSide;
        readonly roll: TableRoll<CoralSide>;
        readonly chitsSpent: readonly CoralSide[];
        /** The USN may screen and owes SCREEN before the die (33.1). */
        readonly awaitsUsnScreen: boolean;
        readonly rule: string;
      }
    >
  /** 33: ships kept out of the battle (the IJN's by 33.2, the USN's by its SCREEN). */
  | Ev<
      'coral.surface.screened',
      {
        readonly hex: string;
        readonly side: CoralSide;
        readonly ships: readonly ShipKey[];
        readonly picks: readonly RandomChoice<ShipKey>[];
        readonly rule: string;
      }
    >
  /** 16.3(3)-(7), 16.5, 26.2: the strengths, the column and its shifts, the one die, and each side's losses. */
  | Ev<
      'coral.surface.combat',
      {
        readonly hex: string;
        readonly attacker: CoralSide;
        readonly ships: Readonly<Record<CoralSide, readonly ShipKey[]>>;
        readonly attack: number;
        readonly defense: number;
        readonly percent: number | null;
        readonly fixed?: string;
        readonly shifts: readonly ColumnShift[];
        readonly roll: TableRoll<CrtResult>;
        readonly chitsSpent: readonly CoralSide[];
        readonly losses: Readonly<Record<'attacker' | 'defender', ForceLosses>>;
        readonly rule: string;
      }
    >
  /** 16.1 with 27.3: the reveal left one side nothing to fight with (its TFs held dummies only). */
  | Ev<'coral.surface.no-combat', { readonly hex: string; readonly reason: string; readonly rule: string }>
  /** 17.2: the bombardment die. Referee-only while a bombarding IJN ship is face down (27). */
  | Ev<
      'coral.bombard.roll',
      {
        readonly side: CoralSide;
        readonly base: BaseId;
        readonly ships: readonly ShipKey[];
        readonly factors: number;
        readonly roll: TableRoll<CrtResult> | null;
        readonly rule: string;
      }
    >
  /** 17.1-17.3: a bombardment's outcome and the grounded air it exposed (17.3, 27.1(2)). */
  | Ev<
      'coral.bombard',
      {
        readonly side: CoralSide;
        readonly base: BaseId;
        readonly hex: string;
        readonly taskForces: readonly string[];
        readonly level: number | null;
        readonly squadrons: number;
        readonly baseLevels: number;
        readonly grounded: readonly { readonly id: string; readonly type: string; readonly strength: number }[];
        readonly rule: string;
      }
    >
  /** 23.3, 23.6: a minor base's strength (capacity and AA, 23.7) changes. */
  | Ev<
      'coral.base.strength',
      { readonly base: BaseId; readonly from: number; readonly to: number; readonly cause: string; readonly rule: string }
    >
  /** 17.1, 23.1, 23.4: grounded squadrons destroyed at a base, picked at random (2.2). */
  | Ev<
      'coral.base.air-lost',
      {
        readonly base: BaseId;
        readonly units: readonly { readonly id: string; readonly squadrons: number }[];
        readonly picks: readonly RandomChoice<string>[];
        readonly cause: string;
        readonly rule: string;
      }
    >
  /** Squadrons a side lost, any cause: the IJN's running count is what the Panic Points Chart reads (9.2). */
  | Ev<'coral.squadrons.lost', { readonly side: CoralSide; readonly squadrons: number; readonly cause: string; readonly rule: string }>;

const withBook = (s: CoralState, change: (b: ReturnType<typeof bookOf>) => Partial<ReturnType<typeof bookOf>>): CoralState => {
  const b = bookOf(s);
  return { ...s, surface: { ...b, ...change(b) } };
};

/** Folds one of this area's events; undefined when the event is not this area's. */
export function evolveSurface(s: CoralState, e: { readonly type: string; readonly data: unknown }): CoralState | undefined {
  const ev = e as SurfaceEvent;
  switch (ev.type) {
    case 'coral.surface.initiative': {
      const d = ev.data;
      return withBook(s, () => ({ pending: { hex: d.hex, attacker: d.attacker, ijnScreened: [] } }));
    }
    case 'coral.surface.screened': {
      const d = ev.data;
      if (d.side === 'usn') return s;
      return withBook(s, (b) => (b.pending ? { pending: { ...b.pending, ijnScreened: d.ships } } : {}));
    }
    case 'coral.surface.combat':
      return withBook(s, (b) => ({ fought: [...b.fought, ev.data.hex], pending: undefined }));
    case 'coral.surface.no-combat':
      return withBook(s, (b) => ({ fought: [...b.fought, ev.data.hex], pending: undefined }));
    case 'coral.bombard.roll':
      return s;
    case 'coral.bombard':
      return withBook(s, (b) => ({ bombarded: [...b.bombarded, `${ev.data.side}:${ev.data.hex}`] }));
    case 'coral.base.strength':
      return { ...s, bases: { ...s.bases, [ev.data.base]: { ...s.bases[ev.data.base], strength: ev.data.to } } };
    case 'coral.base.air-lost': {
      const lost = new Map(ev.data.units.map((u) => [u.id, u.squadrons]));
      const air = s.air
        .map((a) => (lost.has(a.id) ? { ...a, strength: a.strength - (lost.get(a.id) ?? 0) } : a))
        .filter((a) => a.strength > 0);
      return { ...s, air };
    }
    case 'coral.squadrons.lost':
      return ev.data.side === 'ijn' ? { ...s, ijnSquadronsLost: (s.ijnSquadronsLost ?? 0) + ev.data.squadrons } : s;
    default:
      return undefined;
  }
}
