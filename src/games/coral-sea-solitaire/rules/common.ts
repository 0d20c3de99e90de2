/**
 * The events every area of the rules shares (issue 26 skeleton): a ship's status, fatigue and face,
 * a task force's identification, victory points, panic, and the IJN's table decisions. Each area
 * (core, movement, air, surface) adds its own events in its folder; this file is the vocabulary
 * they have in common, so a hit scores and frightens the same whichever rule dealt it.
 */
import type { Visibility } from '../../../engine/ruleset';
import type { Fold } from '../../kit';
import type { CoralBox, CoralSide } from '../box/schema';
import type { CoralState, IjnDecidedEvent, ShipKey, ShipState } from '../types';

export type ShipStatus = ShipState['status'];

/** One panic-generating or panic-reducing event (9.2): its points on the chart and what it was. */
export interface PanicPart {
  readonly delta: number;
  readonly reason: string;
}

/** What recordHit and addPanic need of an area's fold: any fold whose events include the common ones. */
export type CommonFold = Pick<Fold<CoralState, CommonEvent>, 's' | 'emit'>;

type Ev<T extends string, D> = { readonly type: T; readonly data: D; readonly visibleTo?: Visibility };

export type CommonEvent =
  /** A ship's status worsens (or is repaired, 9a/9b): damaged, crippled, sunk (6.3, 25). */
  | Ev<
      'coral.ship.status',
      { readonly ship: ShipKey; readonly from: ShipStatus; readonly to: ShipStatus; readonly cause: string; readonly rule: string }
    >
  /** Ships fatigued or rested (25.1, 9a, 9b). */
  | Ev<
      'coral.ship.fatigue',
      { readonly ships: readonly ShipKey[]; readonly fatigued: boolean; readonly cause: string; readonly rule: string }
    >
  /** IJN ships turned face up (27.1, 28): from then on the USN knows them. */
  | Ev<'coral.ship.revealed', { readonly ships: readonly ShipKey[]; readonly cause: string; readonly rule: string }>
  /** A task force's marker turned to identified or back (28.1, 28.2, 28.6, RE 6). */
  | Ev<'coral.tf.identified', { readonly tf: string; readonly identified: boolean; readonly cause: string; readonly rule: string }>
  /** Victory points scored (6.1). */
  | Ev<'coral.vp', { readonly side: CoralSide; readonly points: number; readonly reason: string; readonly rule: string }>
  /**
   * Panic points (9.2): `level` is the level after, clamped to 0..panicMax. `parts`: the ups and
   * downs one combat result caused at once, netted into `delta` before the clamp (9.2).
   */
  | Ev<
      'coral.panic',
      {
        readonly delta: number;
        readonly level: number;
        readonly reason: string;
        readonly rule: string;
        readonly parts?: readonly PanicPart[];
      }
    >
  | IjnDecidedEvent;

export function evolveCommon(s: CoralState, e: { readonly type: string; readonly data: unknown }): CoralState | undefined {
  const ev = e as CommonEvent;
  switch (ev.type) {
    case 'coral.ship.status': {
      const ship = s.ships[ev.data.ship];
      return { ...s, ships: { ...s.ships, [ship.key]: { ...ship, status: ev.data.to } } };
    }
    case 'coral.ship.fatigue': {
      const ships = { ...s.ships };
      for (const k of ev.data.ships) ships[k] = { ...ships[k], fatigued: ev.data.fatigued };
      return { ...s, ships };
    }
    case 'coral.ship.revealed': {
      const ships = { ...s.ships };
      for (const k of ev.data.ships) ships[k] = { ...ships[k], faceUp: true };
      return { ...s, ships };
    }
    case 'coral.tf.identified': {
      const tf = s.taskForces[ev.data.tf];
      return { ...s, taskForces: { ...s.taskForces, [tf.id]: { ...tf, identified: ev.data.identified } } };
    }
    case 'coral.vp':
      return { ...s, vp: { ...s.vp, [ev.data.side]: s.vp[ev.data.side] + ev.data.points } };
    case 'coral.panic':
      return { ...s, panic: { ...s.panic, level: ev.data.level } };
    case 'IjnDecided':
      return s;
    default:
      return undefined;
  }
}

const ORDER: readonly ShipStatus[] = ['ok', 'damaged', 'crippled', 'sunk'];

/** The VP a ship's loss is worth to the other side at a status (6.1; crippled at the box's fraction). */
function lossValue(box: CoralBox, ship: ShipState, status: ShipStatus): number {
  const gains = ship.side === 'ijn' ? box.vp.usnGains : box.vp.ijnGains;
  const full = gains[`${ship.side}-${ship.type}`]?.value ?? 0;
  if (status === 'sunk') return full;
  if (status === 'crippled') return Math.floor(full * box.vp.crippledFraction.value);
  return 0;
}

/**
 * A ship hit (air attack, surface combat, submarine, bombardment): its new status if worse than the
 * present one, the VP the other side scores for it (6.1: the difference from what it already scored),
 * and the IJN's panic points for its own losses or the USN's (9.2, the box's Panic Points Chart),
 * adjusted at once. `visibleTo` hides a hit on a ship the USN cannot yet see (27).
 */
export function recordHit(
  f: CommonFold,
  box: CoralBox,
  key: ShipKey,
  to: ShipStatus,
  cause: string,
  rule: string,
  visibleTo?: Visibility,
): void {
  const part = statusAndVp(f, box, key, to, cause, rule, visibleTo);
  if (part) addPanic(f, box, part.delta, part.reason, visibleTo);
}

/**
 * The hits one combat result deals to both sides at once (16.3(7): the attacker's and the
 * defender's result of one die): each ship's status and VP as recordHit, then `after` (what the
 * hits bring with them, e.g. the squadrons aboard a carrier lost, returning their panic parts), and
 * all their panic points netted into one adjustment before the 0..panicMax clamp (9.2: a combat
 * that raises and lowers panic at once applies only the net change).
 */
export function recordHits(
  f: CommonFold,
  box: CoralBox,
  hits: readonly { readonly key: ShipKey; readonly to: ShipStatus }[],
  cause: string,
  rule: string,
  after?: () => readonly PanicPart[],
): void {
  const parts = hits.flatMap((h) => statusAndVp(f, box, h.key, h.to, cause, rule) ?? []);
  parts.push(...(after?.() ?? []));
  if (parts.length === 1) addPanic(f, box, parts[0].delta, parts[0].reason);
  if (parts.length < 2) return;
  const delta = parts.reduce((n, p) => n + p.delta, 0);
  addPanic(f, box, delta, cause, undefined, parts);
}

/** recordHit's status and VP; the ship's entry on the Panic Points Chart, if any, is returned for the caller to add. */
function statusAndVp(
  f: CommonFold,
  box: CoralBox,
  key: ShipKey,
  to: ShipStatus,
  cause: string,
  rule: string,
  visibleTo?: Visibility,
): PanicPart | null {
  const ship = f.s.ships[key];
  if (ORDER.indexOf(to) <= ORDER.indexOf(ship.status)) return null;
  const vis = visibleTo ? { visibleTo } : {};
  f.emit({ type: 'coral.ship.status', data: { ship: key, from: ship.status, to, cause, rule }, ...vis });
  const points = lossValue(box, ship, to) - lossValue(box, ship, ship.status);
  if (points > 0) {
    const side: CoralSide = ship.side === 'ijn' ? 'usn' : 'ijn';
    f.emit({ type: 'coral.vp', data: { side, points, reason: `${ship.id} ${to}`, rule: '6.1' }, ...vis });
  }
  if (to !== 'sunk' && to !== 'crippled') return null;
  const delta = box.panicPoints[`${ship.side}-${ship.type}-${to}`]?.value ?? 0;
  return delta === 0 ? null : { delta, reason: `${ship.side.toUpperCase()} ${ship.type} ${to}` };
}

/** 9.2: panic points at once, the level clamped to 0..panicMax; `parts` when `delta` nets several (recordHits). */
export function addPanic(
  f: CommonFold,
  box: CoralBox,
  delta: number,
  reason: string,
  visibleTo?: Visibility,
  parts?: readonly PanicPart[],
): void {
  // 9.3: once panic has set in, no more panic points are recorded
  if (f.s.panic.panicked) return;
  const level = Math.max(0, Math.min(box.constants.panicMax.value, f.s.panic.level + delta));
  f.emit({
    type: 'coral.panic',
    data: { delta, level, reason, rule: '9.2', ...(parts ? { parts } : {}) },
    ...(visibleTo ? { visibleTo } : {}),
  });
}
