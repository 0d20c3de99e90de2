/**
 * Test support for VITP combat: scripted dice that fail loudly, unit builders, and a driver
 * that plays a battle through a script of answers, failing on any decision the script did not expect.
 */
import type { Dice } from '../../../../src/engine/ruleset';
import type { CombatEventData } from '../../../../src/games/vitp/combat/events';
import {
  answer,
  nextDecision,
  resolveUntilDecision,
  startBattle,
  type AirUnitInput,
  type AmphibiousInput,
  type Answer,
  type BattleInput,
  type BattleState,
  type CombatEvent,
  type Decision,
  type PortInput,
  type ShipInput,
  type VitpSide,
} from '../../../../src/games/vitp/combat/api';

export interface Roll {
  readonly purpose: string;
  readonly rule: string;
  readonly face: number;
}

export class ScriptedDice implements Dice {
  readonly rolls: Roll[] = [];
  private next = 0;
  constructor(private readonly faces: readonly number[]) {
    for (const f of faces) if (!Number.isInteger(f) || f < 1 || f > 6) throw new RangeError(`bad scripted face ${f}`);
  }
  d6(purpose: string, rule: string): number {
    if (this.next >= this.faces.length) {
      throw new Error(`scripted dice ran out at roll ${this.next + 1}: "${purpose}" (rule ${rule})`);
    }
    const face = this.faces[this.next++];
    this.rolls.push({ purpose, rule, face });
    return face;
  }
  get unused(): number {
    return this.faces.length - this.next;
  }
}

type Side = VitpSide;

export function ship(id: string, side: Side, f: Partial<ShipInput> = {}): ShipInput {
  return {
    id,
    name: f.name ?? id,
    side,
    nationality: side === 'japanese' ? 'japanese' : 'us',
    kind: 'ship',
    shipClass: 'cruiser',
    gunnery: 1,
    gunneryBonus: false,
    airstrike: 0,
    airstrikeBonus: false,
    armor: 1,
    speed: 5,
    posture: 'patrolling',
    damage: 0,
    ...f,
  };
}

export function carrier(id: string, side: Side, f: Partial<ShipInput> = {}): ShipInput {
  return ship(id, side, {
    shipClass: 'carrier',
    gunnery: 0,
    airstrike: 2,
    airstrikeBonus: true,
    armor: 3,
    speed: 6,
    ...f,
  });
}

export function lba(id: string, side: Side, f: Partial<AirUnitInput> = {}): AirUnitInput {
  return {
    id,
    name: f.name ?? id,
    side,
    nationality: side === 'japanese' ? 'japanese' : 'us',
    kind: 'land-based-air',
    airstrike: 2,
    defense: 2,
    damage: 0,
    ...f,
  };
}

export function amphib(id: string, side: Side, f: Partial<AmphibiousInput> = {}): AmphibiousInput {
  return {
    id,
    name: f.name ?? id,
    side,
    nationality: side === 'japanese' ? 'japanese' : 'us',
    kind: 'amphibious',
    armor: 1,
    speed: 2,
    damage: 0,
    ...f,
  };
}

export function port(id: string, controller: Side, units: PortInput['units'] = [], kind: PortInput['kind'] = 'major-port'): PortInput {
  return { id, name: id, kind, controller, units };
}

export function battleInput(f: Partial<BattleInput> = {}): BattleInput {
  return {
    turn: 3,
    seaArea: { id: 'coral-sea', name: 'Coral Sea', controller: null },
    atSea: [],
    ports: [],
    submarines: [],
    options: { usBattleshipBonus: false, kamikaze: false, taskForces: false, separateAirstrikes: false },
    ...f,
  };
}

export interface Played {
  readonly battle: BattleState;
  readonly events: CombatEvent[];
  readonly dice: ScriptedDice;
  /** every decision met, in order, with the side that answered */
  readonly asked: Decision[];
}

export type Step = readonly [Side, Answer];

/**
 * Plays from `input` (or a battle already under way): resolve, answer the waiting decision with the
 * next scripted step, and so on. Stops when the battle is over, or with `stopAtUnscripted`, at the
 * first decision the script does not cover (otherwise that is a failure).
 */
export function play(
  start: BattleInput | BattleState,
  faces: readonly number[],
  script: readonly Step[],
  opts: { stopAtUnscripted?: boolean } = {},
): Played {
  const dice = new ScriptedDice(faces);
  const events: CombatEvent[] = [];
  const asked: Decision[] = [];
  let b = 'kind' in start && start.kind === 'vitp-battle' ? start : startBattle(start as BattleInput);
  let i = 0;
  for (;;) {
    b = resolveUntilDecision(b, dice, (e) => events.push(e));
    const d = nextDecision(b);
    if (!d) break;
    if (i >= script.length) {
      if (opts.stopAtUnscripted) break;
      throw new Error(`unscripted decision ${d.id} (${d.kind}) owed by ${d.owes.join(', ')}`);
    }
    const [side, reply] = script[i++];
    const r = answer(b, side, reply);
    if (!r.ok) throw new Error(`answer ${i} to ${d.id} refused: ${r.problems.join('; ')}`);
    asked.push(d);
    b = r.battle;
  }
  if (i < script.length) throw new Error(`script has ${script.length - i} unused answers`);
  return { battle: b, events, dice, asked };
}

export function eventsOf<T extends CombatEvent['type']>(events: readonly CombatEvent[], type: T): CombatEventData[T][] {
  return events.filter((e) => e.type === type).map((e) => e.data as CombatEventData[T]);
}

export const dayNight = (choice: 'day' | 'night'): Answer => ({ kind: 'day-night', choice });
export const targets = (fire: Record<string, string>): Answer => ({ kind: 'targets', fire });
export const stay: Answer = { kind: 'retreat', retreat: false };
export const retreat = (...groups: string[][]): Answer => ({ kind: 'retreat', retreat: true, groups });

/** A round both sides fight at night (7.31: no roll), each firing as given, and neither retreats. */
export const nightRoundBothStay = (japanese: Record<string, string>, allied: Record<string, string>): Step[] => [
  ['japanese', dayNight('night')],
  ['allied', dayNight('night')],
  ['japanese', targets(japanese)],
  ['allied', targets(allied)],
  ['japanese', stay],
  ['allied', stay],
];
