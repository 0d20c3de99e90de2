/**
 * Fog of war (27, 28, 19.4): `viewCoral(state, viewer)` is what the USN player, the IJN system side
 * or the referee may know. The USN knows its own forces; of the IJN, the TF markers (which side up),
 * each ship's back (carrier, transport, warship) until the ship is face up (4.3, 27.1), the
 * submarine markers' hexes with their counters only once revealed (19.4), IJN air only while it
 * flies (27.1(4)), the bases' markers. The IJN knows its own forces and, of the USN, each TF's
 * marker and hex, its ships only once identified. The referee sees every fact (the sealed dice
 * stay with the engine). See view.ts for the shapes.
 */
import { keysOf, valuesOf } from './state';
import { byCodeUnit } from '../kit';
import { boardView } from './board-view';
import { isDay, turnLabel } from './steps';
import type { AirUnitState, CoralState, ShipState, SubmarineState, TaskForceState } from './types';
import {
  type AirSeen,
  backOf,
  type BaseSeen,
  type CoralFog,
  type CoralView,
  type ShipSeen,
  type SubSeen,
  type TfSeen,
  type Viewer,
} from './view';

const ORDER = { carrier: 0, warship: 1, transport: 2 } as const;

function shipFull(ship: ShipState): ShipSeen {
  return {
    back: backOf(ship.type),
    id: ship.id,
    key: ship.key,
    type: ship.type,
    status: ship.status,
    fatigued: ship.fatigued,
    faceUp: ship.faceUp,
  };
}

/** A ship as the viewer knows it: whole when its own, the referee's, or face up; else its back. */
function shipSeen(ship: ShipState, viewer: Viewer): ShipSeen {
  if (viewer === 'referee' || ship.side === viewer || ship.faceUp) return shipFull(ship);
  return { back: backOf(ship.type) };
}

function tfSeen(s: CoralState, tf: TaskForceState, viewer: Viewer): TfSeen {
  const head = {
    id: tf.id,
    side: tf.side,
    hex: tf.gone ? null : tf.hex,
    identified: tf.identified,
    ...(tf.arrives !== undefined && tf.hex === null && !tf.gone ? { arrives: tf.arrives } : {}),
    ...(tf.gone ? { gone: tf.gone } : {}),
    // which counters landed is the IJN's to know (their ids name face-down ships); the USN reads the landings in its story
    ...(tf.landed?.length && (viewer === 'referee' || tf.side === viewer) ? { landed: tf.landed } : {}),
  };
  const ships = tf.ships.map((k) => s.ships[k]);
  if (viewer === 'referee' || tf.side === viewer) return { ...head, ships: ships.map(shipFull) };
  // the IJN knows a USN TF's ships only once the TF is identified
  if (viewer === 'ijn') return tf.identified ? { ...head, ships: ships.map(shipFull) } : head;
  // the USN sees the backs of an IJN TF's counters and the face-up ones; sorted so the deal's order tells nothing
  const seen = ships.map((ship) => shipSeen(ship, viewer));
  const known = seen.filter((x) => x.id !== undefined).sort((a, b) => byCodeUnit(a.id as string, b.id as string));
  const backs = seen.filter((x) => x.id === undefined).sort((a, b) => ORDER[a.back] - ORDER[b.back]);
  return { ...head, ships: [...known, ...backs] };
}

/** Air as the viewer knows it: its own; the enemy's only while it flies a mission (27.1(4)), from a face-up carrier or a base. */
function airSeen(s: CoralState, viewer: Viewer): AirSeen[] {
  const out: AirSeen[] = [];
  for (const a of s.air) {
    const flying = a.box === 'cap' || a.box === 'escort' || a.box === 'strike';
    if (viewer !== 'referee' && a.side !== viewer && !flying) continue;
    const home = homeSeen(s, a, viewer);
    // a unit's id names its carrier: an enemy carrier still face down is masked there too (27.1(4))
    out.push({
      ...plainAir(a),
      home,
      ...(home === a.home ? {} : { id: `${a.side}:${home}:${a.type}:${a.box}${a.flyingTo ? ` to ${a.flyingTo}` : ''}` }),
    });
  }
  return out;
}

const plainAir = (a: AirUnitState): AirSeen => ({
  id: a.id,
  side: a.side,
  type: a.type,
  strength: a.strength,
  home: a.home,
  box: a.box,
  ...(a.flyingTo !== undefined ? { flyingTo: a.flyingTo } : {}),
  ...(a.extendedRange !== undefined ? { extendedRange: a.extendedRange } : {}),
});

function homeSeen(s: CoralState, a: AirUnitState, viewer: Viewer): string {
  const ship = s.ships[a.home as ShipState['key']];
  if (!ship || viewer === 'referee' || ship.side === viewer || ship.faceUp) return a.home;
  const tf = valuesOf(s.taskForces).find((t) => t.ships.includes(ship.key));
  return tf ? `a carrier of ${tf.id}` : 'a carrier';
}

function subSeen(sub: SubmarineState, viewer: Viewer, s: CoralState): SubSeen {
  const head = { marker: sub.marker, hex: sub.hex, revealed: sub.revealed, usedThisTurn: sub.usedThisTurn };
  if (viewer !== 'usn' || sub.revealed) {
    const counter = s.box.ships.find((c) => c.side === 'ijn' && c.id === sub.counter);
    return { ...head, counter: sub.counter, real: counter?.real?.value ?? true };
  }
  return head;
}

function basesSeen(s: CoralState): BaseSeen[] {
  return (keysOf(s.box.bases) as (keyof CoralState['bases'])[]).map((id) => ({
    id,
    side: s.box.bases[id].side.value,
    hex: s.box.map.places[id].value,
    strength: s.bases[id].strength,
  }));
}

/** The fog data of a viewer. */
export function fogOf(s: CoralState, viewer: Viewer): CoralFog {
  return {
    viewer,
    turn: s.turn,
    lastTurn: s.lastTurn,
    label: turnLabel(s.turn, { month: s.box.calendar.month.value, firstDay: s.box.calendar.firstDay.value }),
    day: isDay(s.turn),
    step: s.result || s.step === 'over' ? null : s.step,
    weather: s.weather,
    initiative: s.initiative,
    panic: s.panic,
    chits: s.chits,
    vp: s.vp,
    ...(viewer !== 'ijn' ? { cp: s.cp, cpToday: Math.max(0, s.box.constants.cpPerDay.value - s.core.foulUp) } : {}),
    taskForces: valuesOf(s.taskForces).map((tf) => tfSeen(s, tf, viewer)),
    air: airSeen(s, viewer),
    submarines: s.submarines.map((sub) => subSeen(sub, viewer, s)),
    bases: basesSeen(s),
    ...(viewer !== 'ijn' && s.core.intelChoice ? { intelChoice: s.core.intelChoice } : {}),
    options: s.options,
    ...(s.result ? { result: s.result } : {}),
    ...(viewer === 'ijn' ? { box: s.box } : {}),
  };
}

/** `ruleset.view`: the fog data and the board view drawn from it (so the board shows nothing the fog data lacks). */
export function viewCoral(s: CoralState, viewer: Viewer): CoralView {
  const fog = fogOf(s, viewer);
  return { ...boardView(fog, s.box), ...fog };
}
