/**
 * What a side sees (the enemy fleet only where it was met or sighted; the enemy submarine
 * never) and its board view: the summary a player reads first, its own forces as a private table,
 * and the three sea areas as a map with its fleet, its submarine and the enemy where last seen.
 * The referee sees the whole state and both sides' tables.
 */
import type { AreaCell, BoardMap, BoardTable, MapUnitCount, SideView } from '../../engine/board-view';
import type { Side } from '../../engine/ruleset';
import { AREAS } from './box';
import { other, SIDES, type FleetSide, type FleetState } from './rules';

const COLOUR: Record<FleetSide, string> = { red: '#c0392b', blue: '#2c6fbb' };

/** A side's view: its board view, and what it knows of the fleets (its own whole, the enemy's strength and where last seen). */
export type FleetView = SideView;

export function viewFleet(s: FleetState, viewer: Side | 'referee'): FleetView {
  if (viewer !== 'red' && viewer !== 'blue') {
    const fleets = SIDES.map((side) => ({ side, area: s.fleets[side].area }));
    return {
      ...s,
      summary: [turnLine(s), ...SIDES.flatMap((side) => forceLines(s, side, ''))],
      tables: SIDES.map((side) => forcesTable(s, side)),
      map: mapOf(s, fleets, SIDES),
    };
  }
  const me: FleetSide = viewer;
  const enemy = other(me);
  const sameArea = s.fleets[me].area === s.fleets[enemy].area;
  const seenAt = sameArea ? s.fleets[enemy].area : s.sightings[me];
  const seen = seenAt ? `last seen in ${seenAt}${sameArea ? ' (in your area)' : ''}` : 'not seen';
  return {
    turn: s.turn,
    phase: s.phase,
    retreatDecision: s.retreatDecision,
    fleets: {
      [me]: s.fleets[me],
      [enemy]: { ships: s.fleets[enemy].ships, ...(seenAt ? { lastSeen: seenAt } : {}) },
    },
    subs: { [me]: s.subs[me] },
    summary: [
      turnLine(s),
      ...forceLines(s, me, ' (yours)'),
      `The ${enemy} fleet: ${s.fleets[enemy].ships} ship(s), ${seen}.`,
      ...(s.retreatDecision
        ? [`Retreat or stand: ${s.retreatDecision === me ? 'yours to decide' : `the ${enemy} fleet decides`} (3.3).`]
        : []),
    ],
    tables: [forcesTable(s, me)],
    map: mapOf(s, [{ side: me, area: s.fleets[me].area }, ...(seenAt ? [{ side: enemy, area: seenAt }] : [])], [me]),
  };
}

const turnLine = (s: FleetState) => `Turn ${s.turn} of ${s.lastTurn}${s.phase === 'over' ? ': the game is over' : ''}.`;

/** A side's fleet and submarine, named by side (`yours`: " (yours)" in its own view). */
function forceLines(s: FleetState, side: FleetSide, yours: string): string[] {
  const f = s.fleets[side];
  return [
    `The ${side} fleet${yours}: ${f.ships} ship(s) in ${f.area}, ${f.posture}.`,
    `The ${side} submarine${yours}: in ${s.subs[side]}.`,
  ];
}

/** A side's own forces, private: where its fleet and its submarine are. */
function forcesTable(s: FleetState, side: FleetSide): BoardTable {
  const f = s.fleets[side];
  return {
    title: `The ${side} forces`,
    side,
    columns: ['unit', 'area', 'ships', 'posture'],
    rows: [
      [`${side} fleet`, f.area, f.ships, f.posture],
      [`${side} submarine`, s.subs[side], '', ''],
    ],
  };
}

/** The three sea areas, north to south; fleets where the viewer knows them, the viewer's submarines as markers. */
function mapOf(s: FleetState, fleets: readonly { side: FleetSide; area: string }[], subsOf: readonly FleetSide[]): BoardMap {
  const cells = AREAS.map((area, i): AreaCell => {
    const units: MapUnitCount[] = fleets
      .filter((f) => f.area === area)
      .map((f) => ({ side: f.side, count: s.fleets[f.side].ships, label: `${s.fleets[f.side].ships} ships` }));
    const markers = subsOf.filter((side) => s.subs[side] === area).map((side) => `${side} submarine`);
    return { kind: 'area', name: area, x: 8, y: 6 + 14 * i, units, ...(markers.length ? { markers } : {}) };
  });
  return {
    cells,
    sides: SIDES.map((id) => ({ id, name: id, colour: COLOUR[id] })),
    note: 'Fleet Duel: three sea areas; a fleet may move to any of them (2.1).',
  };
}
