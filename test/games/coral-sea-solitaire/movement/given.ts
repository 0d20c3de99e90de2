/**
 * Positions for the movement area's specs, built on core's initialState: TFs placed where a spec
 * says, IJN ships dealt as it says, submarine markers, the turn, the initiative, CP. And the two ways
 * a movement step runs: the IJN's decision from its own view, then the row's handler.
 */
import type { z } from 'zod';
import type { StepHandler } from '../../../../src/engine/define';
import type { diceSchema } from '../../../../src/engine/case-dice';
import type { RulesEvent, StepInfo } from '../../../../src/engine/ruleset';
import { defaultBox } from '../../../../src/games/coral-sea-solitaire/box';
import type { CoralSide, IjnTf } from '../../../../src/games/coral-sea-solitaire/box/schema';
import { fogOf } from '../../../../src/games/coral-sea-solitaire/fog';
import type { IjnDecider } from '../../../../src/games/coral-sea-solitaire/handlers';
import { initialState, STANDARD_OPTIONS, shipKey } from '../../../../src/games/coral-sea-solitaire/state';
import type { CoralOptions, CoralOrder, CoralState, ShipKey, ShipState } from '../../../../src/games/coral-sea-solitaire/types';
import { ijnKnowledge } from '../../../../src/games/coral-sea-solitaire/view';
import { namedDice } from '../dice';

export interface Position {
  readonly turn?: number;
  readonly initiative?: CoralSide | null;
  readonly weather?: 'good' | 'bad';
  readonly panicked?: boolean;
  readonly ijnChits?: number;
  /** USN TF → hex; TFs not named stay off the map. */
  readonly usn?: Readonly<Record<string, string>>;
  /** IJN TF → hex. */
  readonly ijn?: Readonly<Partial<Record<IjnTf, string>>>;
  /** IJN counters added to a TF beside its fixed ships (4.3's draws). */
  readonly ijnShips?: Readonly<Partial<Record<IjnTf, readonly string[]>>>;
  /** USN TF → its ships, replacing the setup's. */
  readonly usnShips?: Readonly<Record<string, readonly string[]>>;
  readonly identified?: readonly string[];
  readonly subs?: readonly {
    readonly marker: number;
    readonly hex: string | null;
    readonly counter: string;
    readonly revealed?: boolean;
  }[];
  readonly operations?: number;
  readonly options?: Partial<CoralOptions>;
}

export function position(p: Position): CoralState {
  const s0 = initialState(defaultBox, { ...STANDARD_OPTIONS, ...p.options });
  const taskForces = { ...s0.taskForces };
  for (const [tf, list] of Object.entries(p.usnShips ?? {})) {
    for (const id of list) if (!s0.ships[shipKey('usn', id)]) throw new Error(`no USN ship ${id} in this position's options`);
    taskForces[tf] = {
      ...(taskForces[tf] ?? { id: tf, side: 'usn', hex: null, identified: false }),
      ships: list.map((id) => shipKey('usn', id)),
    };
  }
  for (const [tf, list] of Object.entries(p.ijnShips ?? {}))
    taskForces[tf] = { ...taskForces[tf], ships: [...taskForces[tf].ships, ...list.map((id) => shipKey('ijn', id))] };
  for (const [tf, hex] of [...Object.entries(p.usn ?? {}), ...Object.entries(p.ijn ?? {})]) taskForces[tf] = { ...taskForces[tf], hex };
  for (const tf of p.identified ?? []) taskForces[tf] = { ...taskForces[tf], identified: true };
  return {
    ...s0,
    turn: p.turn ?? 3,
    step: 'movement-ijn',
    queue: [],
    initiative: p.initiative === undefined ? 'ijn' : p.initiative,
    weather: p.weather ?? 'good',
    panic: { level: p.panicked ? 10 : 0, panicked: p.panicked ?? false },
    chits: { usn: 0, ijn: p.ijnChits ?? 0 },
    cp: { available: 20, slots: { organization: 0, intelligence: 0, operations: p.operations ?? 0, logistics: 0 } },
    taskForces,
    submarines: (p.subs ?? []).map((x) => ({ revealed: false, usedThisTurn: false, ...x })),
  };
}

/** A ship's status set directly (a position, not a rule). */
export function withStatus(s: CoralState, key: ShipKey, status: ShipState['status']): CoralState {
  return { ...s, ships: { ...s.ships, [key]: { ...s.ships[key], status } } };
}

const step = (row: string, turn: number): StepInfo => ({ id: `t${turn}/${row}`, turn, title: row, mode: 'sequential', owes: [] });

export interface Ran {
  readonly s: CoralState;
  readonly events: readonly RulesEvent[];
  readonly ofType: (type: string) => RulesEvent['data'][];
  readonly rolled: () => { purpose: string; rule: string; face: number }[];
  readonly left: number;
}

/** A row's handler run on a position with the orders given and named dice (the IJN's decided first when `decide` is given). */
export function run(
  s: CoralState,
  row: string,
  handler: StepHandler<CoralState, CoralOrder>,
  opts: { usn?: readonly CoralOrder[]; decide?: IjnDecider; dice?: z.input<typeof diceSchema> } = {},
): Ran {
  const { dice, rolled, queue } = namedDice(opts.dice ?? []);
  const events: RulesEvent[] = [];
  const info = step(row, s.turn);
  let ijn: readonly CoralOrder[] = [];
  if (opts.decide) {
    const move = opts.decide(ijnKnowledge(fogOf(s, 'ijn')), info, dice);
    events.push(...move.records);
    ijn = move.orders;
  }
  const out = handler(s, info, { usn: opts.usn ?? [], ijn }, { dice, emit: (e) => events.push(e) }) as CoralState;
  return {
    s: out,
    events,
    ofType: (type) => events.filter((e) => e.type === type).map((e) => e.data),
    rolled,
    left: queue.remaining,
  };
}
