/**
 * The movement area's own events (rules 12, 14, 19, 20, 29; the shared ones are in ../common.ts)
 * and how they fold into the state. Every event here is public: TF markers and submarine markers
 * are on the map for both sides to see (27.1(1)); what a contact or a landing reveals is revealed.
 */
import type { Visibility } from '../../../../engine/ruleset';
import type { RandomChoice, TableRoll } from '../../../kit';
import type { BaseId, CoralSide, CrtResult } from '../../box/schema';
import type { CoralState, ShipKey } from '../../types';
import { movementOf, transportsToLand } from './where';

type Ev<T extends string, D> = { readonly type: T; readonly data: D; readonly visibleTo?: Visibility };

export type MovementEvent =
  /** A TF enters the next hex of its move (14.4); `mp` is the movement points spent so far this phase. */
  | Ev<
      'coral.tf.step',
      {
        readonly tf: string;
        readonly side: CoralSide;
        readonly from: string;
        readonly to: string;
        readonly mp: number;
        readonly why: string;
        readonly rule: string;
      }
    >
  /** A TF stops short of its allowance or stays where it is, and why (12.4, 14.8, 14.9, 19.5, 20.3). */
  | Ev<'coral.tf.stopped', { readonly tf: string; readonly at: string; readonly reason: string; readonly rule: string }>
  /** 14.10: post-panic, an IJN TF reaching Rabaul or a To Truk hex leaves the map. */
  | Ev<'coral.tf.withdrawn', { readonly tf: string; readonly hex: string; readonly via: 'Rabaul' | 'To-Truk'; readonly rule: string }>
  /** A submarine marker moves one hex (19.3). */
  | Ev<'coral.sub.moved', { readonly marker: number; readonly from: string; readonly to: string; readonly why: string }>
  /** 19.4: a USN TF came into or next to a submarine's hex: the marker is flipped; a false sighting leaves the map (19.8). */
  | Ev<
      'coral.sub.contact',
      {
        readonly marker: number;
        readonly counter: string;
        readonly real: boolean;
        readonly hex: string;
        readonly tf: string;
        readonly tfHex: string;
        readonly rule: string;
      }
    >
  /** 19.5: a real submarine attacks one CV, BB or CA of the TF on the naval CRT at 100-149%, with the ASW shifts. */
  | Ev<
      'coral.sub.attack',
      {
        readonly marker: number;
        readonly tf: string;
        readonly ship: ShipKey | null;
        readonly pick?: RandomChoice<string>;
        readonly roll?: TableRoll<CrtResult>;
        readonly effect: string;
        readonly rule: string;
      }
    >
  /** 29: one scouting roll by a USN TF or base against an unidentified IJN TF (the IJN's are IjnDecided). */
  | Ev<
      'coral.scouting',
      {
        readonly side: CoralSide;
        readonly scout: string;
        readonly target: string;
        readonly distance: number;
        readonly roll: TableRoll<'found' | 'missed'>;
      }
    >
  /** 20.1, 20.3: an amphibious TF spent this turn's complete IJN movement phase in its target hex. */
  | Ev<'coral.landing.phase', { readonly tf: string; readonly hex: string; readonly turn: number; readonly rule: string }>
  /**
   * 20.1: one transport lands: the TF's first transport in counter order still to land (the fold
   * takes it, so the event names no counter the USN may not see); `count` is how many have landed.
   */
  | Ev<
      'coral.landing',
      { readonly tf: string; readonly objective: string; readonly count: number; readonly turn: number; readonly rule: string }
    >
  /** 20.2, 20.3: an invasion over, completed or called off by panic. */
  | Ev<
      'coral.invasion',
      { readonly tf: string; readonly objective: string; readonly how: 'completed' | 'called-off'; readonly rule: string }
    >
  /** 23.6, 23.4: Port Moresby invaded: its strength falls to 0 and the air grounded there over that capacity is lost. */
  | Ev<'coral.base.captured', { readonly base: BaseId; readonly airLost: readonly string[]; readonly rule: string }>;

const TYPES = new Set<string>([
  'coral.tf.step',
  'coral.tf.stopped',
  'coral.tf.withdrawn',
  'coral.sub.moved',
  'coral.sub.contact',
  'coral.sub.attack',
  'coral.scouting',
  'coral.landing.phase',
  'coral.landing',
  'coral.invasion',
  'coral.base.captured',
]);

const withSub = (s: CoralState, marker: number, change: Partial<CoralState['submarines'][number]>): CoralState => ({
  ...s,
  submarines: s.submarines.map((x) => (x.marker === marker ? { ...x, ...change } : x)),
});

/** Folds one of this area's events; undefined when the event is not this area's. */
export function evolveMovement(s: CoralState, e: { readonly type: string; readonly data: unknown }): CoralState | undefined {
  if (!TYPES.has(e.type)) return undefined;
  const ev = e as MovementEvent;
  const m = movementOf(s);
  switch (ev.type) {
    case 'coral.tf.step': {
      const tf = s.taskForces[ev.data.tf];
      return { ...s, taskForces: { ...s.taskForces, [tf.id]: { ...tf, hex: ev.data.to } } };
    }
    case 'coral.tf.withdrawn': {
      const tf = s.taskForces[ev.data.tf];
      return {
        ...s,
        taskForces: { ...s.taskForces, [tf.id]: { ...tf, hex: null, gone: 'withdrawn' } },
        movement: { ...m, withdrawn: { ...m.withdrawn, [tf.id]: ev.data.via } },
      };
    }
    case 'coral.sub.moved':
      return withSub(s, ev.data.marker, { hex: ev.data.to });
    case 'coral.sub.contact':
      return withSub(s, ev.data.marker, ev.data.real ? { revealed: true } : { revealed: true, hex: null });
    case 'coral.sub.attack':
      return ev.data.ship === null ? s : withSub(s, ev.data.marker, { usedThisTurn: true });
    case 'coral.landing.phase':
      return { ...s, movement: { ...m, phaseAtObjective: { ...m.phaseAtObjective, [ev.data.tf]: ev.data.turn } } };
    case 'coral.landing': {
      const tf = s.taskForces[ev.data.tf];
      const next = transportsToLand(s, tf)[0];
      return { ...s, taskForces: { ...s.taskForces, [tf.id]: { ...tf, landed: [...(tf.landed ?? []), next.key] } } };
    }
    case 'coral.invasion':
      return { ...s, movement: { ...m, invasions: { ...m.invasions, [ev.data.tf]: ev.data.how } } };
    case 'coral.base.captured': {
      const lost = new Set(ev.data.airLost);
      return { ...s, bases: { ...s.bases, [ev.data.base]: { strength: 0 } }, air: s.air.filter((a) => !lost.has(a.id)) };
    }
    case 'coral.tf.stopped':
    case 'coral.scouting':
      return s;
  }
}
