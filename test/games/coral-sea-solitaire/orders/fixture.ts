/**
 * A Coral Sea position built by hand for the orders' tests (until core's initialState): Day 4 May
 * (turn 3), the USN carriers south-west of New Caledonia, the IJN's five TFs placed, their ships
 * face down except as a test turns them up, three submarines unrevealed.
 */
import type { AirUnitState, CoralState, ShipKey } from '../../../../src/games/coral-sea-solitaire/types';
import { forcesOf, positionWith, type TfSpec } from '../build';

function air(home: string, type: AirUnitState['type'], strength: number, box: AirUnitState['box'] = 'ready'): AirUnitState {
  return { id: `${home}/${type}/${box}`, side: 'usn', type, strength, home: home as AirUnitState['home'], box };
}

const TFS: readonly TfSpec[] = [
  { id: 'TF-11', side: 'usn', hex: '2321', ships: ['CV-1', 'CA-1', 'CA-2', 'DD-1', 'DD-2'] },
  { id: 'TF-17', side: 'usn', hex: '2321', ships: ['CV-2', 'CA-3', 'CA-4', 'CA-5', 'DD-3', 'DD-4'] },
  { id: 'TF-6', side: 'usn', hex: '2422', ships: ['DD-5'] },
  { id: 'TF-9', side: 'usn', hex: '2422', ships: ['CYP-1'] },
  { id: 'TF-44', side: 'usn', hex: '0619', ships: ['CA-6', 'CA-7', 'CA-8', 'DD-6'] },
  { id: 'CSF', side: 'ijn', hex: '1401', ships: ['CV-1', 'CV-2', 'CA-1', 'CA-2', 'DD-1', 'DD-2', 'Dummy-1', 'Dummy-2'] },
  { id: 'CG', side: 'ijn', hex: '1103', ships: ['CVL-3', 'CA-3', 'CA-4', 'DD-3', 'Dummy-3'] },
  { id: 'PMG', side: 'ijn', hex: '1103', ships: ['TR-1', 'TR-2', 'TR-3', 'CL-1', 'DD-4', 'DD-5', 'Dummy-4'] },
  { id: 'TG', side: 'ijn', hex: '1808', ships: ['TR-4', 'DD-6', 'DD-7'], identified: true },
  { id: 'SG', side: 'ijn', hex: '1707', ships: ['CYP-1', 'GB-1', 'CL-2', 'Dummy-5'] },
];

export function position(over: Partial<CoralState> = {}): CoralState {
  return positionWith({
    ...forcesOf(TFS),
    cp: { available: 20, slots: { organization: 4, intelligence: 4, operations: 6, logistics: 6 } },
    chits: { usn: 0, ijn: 3 },
    air: [
      { id: 'ijn:ijn:CV-1:VF', side: 'ijn', type: 'VF', strength: 3, home: 'ijn:CV-1', box: 'ready' },
      air('usn:CV-1', 'VF', 3),
      air('usn:CV-1', 'VB', 5),
      air('usn:CV-1', 'VT', 2),
      air('usn:CV-2', 'VF', 3),
      air('usn:CV-2', 'VB', 5),
      air('usn:CV-2', 'VT', 2),
      air('Port-Moresby', 'LF', 2),
      air('North-Australia', 'LF', 5),
      air('North-Australia', 'LMB', 6),
      air('North-Australia', 'LHB', 2),
    ],
    submarines: [1, 2, 3].map((marker) => ({
      marker,
      hex: ['1605', '1809', '2010'][marker - 1],
      counter: `SS-${marker}`,
      revealed: false,
      usedThisTurn: false,
    })),
    ...over,
  });
}

/** The position with some IJN ships turned face up (27.1). */
export function withFaceUp(s: CoralState, ...keys: ShipKey[]): CoralState {
  const ships = { ...s.ships };
  for (const k of keys) ships[k] = { ...ships[k], faceUp: true };
  return { ...s, ships };
}

/** The position with the step of `row` in play (orders for a step to come are checked only in part as they arrive). */
export const inPlay = (s: CoralState, row: string): CoralState => ({ ...s, step: row });

/** A step of the given row on the position's turn. */
export const stepOf = (row: string, turn = 3, suffix = '') => ({
  id: `t${turn}/${row}${suffix}`,
  turn,
  title: `turn ${turn}: ${row}`,
  mode: 'sequential' as const,
  owes: ['usn'],
});

/** Option 33 on, TF-17 attacking the Tulagi Group in 1808 with the initiative, the battle waiting for the USN's SCREEN (33.1). */
export function atTulagi(): CoralState {
  const s = position();
  return {
    ...s,
    options: { ...s.options, screening: true },
    taskForces: { ...s.taskForces, 'TF-17': { ...s.taskForces['TF-17'], hex: '1808', identified: true } },
    surface: { turn: 3, fought: [], bombarded: [], pending: { hex: '1808', attacker: 'usn', ijnScreened: [] } },
  };
}
