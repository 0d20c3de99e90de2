/**
 * A Coral Sea position built by hand for the air area's unit specs (given), the handlers run on it
 * with named dice (when), and what they emitted and left (then). Until core registers the game
 * these specs build their own state from the default box.
 */
import type { z } from 'zod';
import type { diceSchema } from '../../../../src/engine/case-dice';
import type { RulesEvent } from '../../../../src/engine/ruleset';
import { defaultBox } from '../../../../src/games/coral-sea-solitaire/box';
import type { AirType, CoralSide } from '../../../../src/games/coral-sea-solitaire/box/schema';
import { plainView } from '../../../../src/engine/players';
import { viewCoral } from '../../../../src/games/coral-sea-solitaire/fog';
import { airHandlers, airIjn } from '../../../../src/games/coral-sea-solitaire/rules/air';
import { ijnKnowledge } from '../../../../src/games/coral-sea-solitaire/view';
import { airKey } from '../../../../src/games/coral-sea-solitaire/rules/air/units';
import { evolve } from '../../../../src/games/coral-sea-solitaire/events';
import type { AirBox, AirUnitState, CoralOrder, CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { allShips, forcesOf, NO_OPTIONS, positionWith } from '../build';
import { namedDice } from '../dice';

export const box = defaultBox;

export interface Given {
  readonly tfs?: readonly { id: string; side: CoralSide; hex: string; ships: readonly string[]; identified?: boolean }[];
  readonly air?: readonly AirUnitState[];
  readonly operations?: number;
  readonly initiative?: CoralSide;
  readonly weather?: 'good' | 'bad';
  readonly extendedRange?: boolean;
  readonly chits?: number;
  readonly state?: Partial<CoralState>;
}

export function given(g: Given = {}): CoralState {
  const { taskForces } = forcesOf(g.tfs ?? []);
  return positionWith({
    step: 'air-missions',
    options: { ...NO_OPTIONS, extendedRange: g.extendedRange ?? false },
    cp: { available: 20, slots: { organization: 0, intelligence: 0, operations: g.operations ?? 10, logistics: 0 } },
    chits: { usn: 0, ijn: g.chits ?? 0 },
    weather: g.weather ?? 'good',
    initiative: g.initiative ?? 'usn',
    taskForces,
    ships: allShips(),
    air: [...(g.air ?? [])],
    ...(g.state ?? {}),
  });
}

/** Squadrons of a type at a carrier (`usn:CV-1`) or base, in a box (Ready by default). */
export function sq(
  side: CoralSide,
  home: string,
  type: AirType,
  strength: number,
  boxName: AirBox = 'ready',
  extra: Partial<AirUnitState> = {},
): AirUnitState {
  const place = { home: home as AirUnitState['home'], box: boxName, ...extra };
  return { id: airKey(side, type, place as never), side, type, strength, ...place };
}

export type DiceSpec = z.input<typeof diceSchema>;

/**
 * Runs one air row on a state with USN orders and named dice: at the IJN's rows its decisions come
 * first, from its own view (as the game's rows do), then the row's handler.
 */
export function when(state: CoralState, row: string, orders: readonly CoralOrder[] = [], dice: DiceSpec = { rolls: [] }) {
  const d = namedDice(dice);
  const events: RulesEvent[] = [];
  const step = { id: `t3/${row}`, turn: 3, title: row, mode: 'sequential' as const, owes: [], rule: '' };
  let s = state;
  let ijn: readonly CoralOrder[] = [];
  const decide = airIjn[row];
  if (decide) {
    const move = decide(ijnKnowledge(plainView(viewCoral(state, 'ijn'))), step, d.dice);
    events.push(...move.records);
    s = move.records.reduce<CoralState>((acc, e) => evolve(acc, e), s);
    ijn = move.orders;
  }
  const after = airHandlers[row](s, step, { usn: orders, ijn }, { dice: d.dice, emit: (e) => events.push(e) }) as CoralState;
  return { state: after, events, ijnOrders: ijn, rolled: d.rolled(), unused: d.queue.remaining };
}

/** The events of a type, their data. */
export const of = <T = Record<string, unknown>>(events: readonly RulesEvent[], type: string): T[] =>
  events.filter((e) => e.type === type).map((e) => e.data as T);

/** Squadrons by type at a carrier or base, in a box. */
export const count = (s: CoralState, home: string, boxName?: AirBox, type?: AirType): number =>
  s.air.filter((u) => u.home === home && (!boxName || u.box === boxName) && (!type || u.type === type)).reduce((n, u) => n + u.strength, 0);
