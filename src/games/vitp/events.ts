/** The VITP rules events and the fold (evolve). Combat's own events (combat.*) are narrative only. */
import type { AdjudicationContext, Dice, RulesEvent } from '../../engine/ruleset';
import type { CurrentBattle, Phase, TaskForce, Unit, VitpState, VSide } from './types';

export type UnitPatch = Partial<
  Pick<
    Unit,
    | 'damage'
    | 'airstrikeDamage'
    | 'loc'
    | 'arrivalTurn'
    | 'arrivalAt'
    | 'returnedOn'
    | 'sailedFrom'
    | 'raider'
    | 'moved'
    | 'repaired'
    | 'barredFromPursuit'
    | 'raidedThisTurn'
    | 'mayNotInvade'
    | 'substituteOwed'
  >
>;

export interface VitpEventData {
  'vitp.phase': { turn: number; phase: Phase };
  /** any change to one piece, with the rule that caused it */
  'vitp.unit': { id: string; name: string; patch: UnitPatch; why: string; rule: string };
  'vitp.speed-roll': {
    id: string;
    name: string;
    speed: number;
    die: number | null;
    passed: boolean;
    area: string;
    rule: '6.4';
  };
  'vitp.control': { place: string; side: VSide | null; rule: string; why: string };
  'vitp.control-recorded': { turn: number; areas: Record<string, VSide | null> };
  'vitp.poc': {
    turn: number;
    japanese: number;
    allied: number;
    gain: number;
    gainer: VSide | null;
    poc: number;
    capped: boolean;
    rule: string;
  };
  'vitp.battle': { battle: CurrentBattle | null };
  /** rule 20: what both sides may know of the stored battle (vitp.battle is then the referee's) */
  'vitp.battle-status': {
    area: string;
    seq: number;
    waitingFor: { decision: string; rule: string; owes: VSide[] } | null;
  };
  'vitp.battle-done': { area: string; seq: number; areaDone: boolean };
  'vitp.uncertain-roll': { group: string; die: number; result: string; units: string[]; rule: '18.32' };
  'vitp.surprise': { pearl?: VitpState['surprise']['pearl']; indonesia?: VitpState['surprise']['indonesia'] };
  'vitp.lba-done': { side: VSide | null };
  'vitp.note': { text: string; rule?: string };
  'vitp.surprise-shot': {
    round: number;
    attacker: string;
    target: string;
    die: number;
    bonus: boolean;
    result: 'miss' | 'disabled' | 'hit';
    damage: number;
    rule: '18.4';
  };
  'vitp.game-over': { winner: VSide | 'draw'; poc: number; summary: string };
  /** 20.2-20.3, visible to the owner only: what is in each of its task forces */
  'vitp.task-forces': {
    side: VSide;
    area: string;
    round: number;
    forces: TaskForce[];
    names: Record<string, string>;
    rule: '20.2';
  };
  /** 20.2, public: how many task force markers a side put down, and their names */
  'vitp.task-force-markers': { side: VSide; area: string; round: number; markers: string[]; rule: '20.2' };
  /** 20.4-20.44, visible to the owner only: the die (null = sighted without a roll) and why */
  'vitp.sighting-roll': {
    side: VSide;
    marker: string;
    die: number | null;
    sightedOn: number;
    sighted: boolean;
    rule: string;
  };
  /** 20.4, public: sighted or not; a sighted task force's units are revealed (names) */
  'vitp.sighted': {
    side: VSide;
    area: string;
    round: number;
    marker: string;
    sighted: boolean;
    units: string[];
    rule: '20.4';
  };
  /** the task forces of the last round are taken off the board */
  'vitp.task-forces-over': { area: string };
}
export type VitpEventType = keyof VitpEventData;
export type VitpEvent = {
  [K in VitpEventType]: {
    readonly type: K;
    readonly data: VitpEventData[K];
    readonly visibleTo?: RulesEvent['visibleTo'];
  };
}[VitpEventType];

/**
 * Where each unit is in a state's list, by id (its first place), worked out once per list of ids: a
 * unit event makes a new list with the same ids in the same places, which takes the old list's
 * positions. `twice`: some id is in the list more than once (never, from setup; a patch then
 * changes every piece of that id, as it always has).
 */
interface Positions {
  readonly at: ReadonlyMap<string, number>;
  readonly twice: boolean;
}
const positions = new WeakMap<readonly Unit[], Positions>();

function positionsOf(units: readonly Unit[]): Positions {
  let p = positions.get(units);
  if (!p) {
    const at = new Map<string, number>();
    let twice = false;
    units.forEach((u, i) => {
      if (at.has(u.id)) twice = true;
      else at.set(u.id, i);
    });
    p = { at, twice };
    positions.set(units, p);
  }
  return p;
}

/** The unit of this id (the first, were an id in the list twice), or undefined. */
export function unitOf(units: readonly Unit[], id: string): Unit | undefined {
  const i = positionsOf(units).at.get(id);
  return i === undefined ? undefined : units[i];
}

/** Where the unit of this id is in `units` (its first place), or -1: findIndex by id, looked up. */
export function unitIndex(units: readonly Unit[], id: string): number {
  return positionsOf(units).at.get(id) ?? -1;
}

/** A copy of `units` with each patch applied in turn to the pieces of its id, one copy for them all (the list itself when none has one). */
function patchedAll(units: readonly Unit[], patches: readonly { readonly id: string; readonly patch: UnitPatch }[]): Unit[] {
  const p = positionsOf(units);
  let out: Unit[] | null = null;
  for (const { id, patch } of patches) {
    const first = p.at.get(id);
    if (first === undefined) continue;
    out ??= units.slice();
    out[first] = { ...out[first], ...patch };
    if (p.twice) for (let i = first + 1; i < out.length; i++) if (out[i].id === id) out[i] = { ...out[i], ...patch };
  }
  if (!out) return units as Unit[];
  // the same ids in the same places: the new list keeps the old one's positions
  positions.set(out, p);
  return out;
}

export function evolveVitp(s: VitpState, event: RulesEvent): VitpState {
  if (event.type.startsWith('combat.')) return s;
  const e = event as VitpEvent;
  switch (e.type) {
    case 'vitp.phase':
      return {
        ...s,
        turn: e.data.turn,
        phase: e.data.phase,
        foughtAreas: e.data.turn !== s.turn ? [] : s.foughtAreas,
      };
    case 'vitp.unit': {
      // copied once, then only the patched piece is new (this runs at every unit event)
      return { ...s, units: patchedAll(s.units, [e.data]) };
    }
    case 'vitp.control':
      return { ...s, control: { ...s.control, [e.data.place]: e.data.side } };
    case 'vitp.control-recorded': {
      const history: VitpState['controlHistory'] = {};
      for (const [area, list] of Object.entries(s.controlHistory)) history[area] = [...list, e.data.areas[area] ?? null];
      return { ...s, controlHistory: history };
    }
    case 'vitp.poc':
      return { ...s, poc: e.data.poc };
    case 'vitp.battle':
      return { ...s, battle: e.data.battle };
    case 'vitp.battle-done':
      return {
        ...s,
        battleSeq: e.data.seq,
        foughtAreas: e.data.areaDone ? [...s.foughtAreas, e.data.area] : s.foughtAreas,
      };
    case 'vitp.surprise':
      return { ...s, surprise: { ...s.surprise, ...e.data } };
    case 'vitp.lba-done':
      return { ...s, lbaDone: e.data.side === null ? [] : [...s.lbaDone, e.data.side] };
    case 'vitp.task-forces': {
      const same = s.taskForces && s.taskForces.area === e.data.area && s.taskForces.round === e.data.round;
      const kept = same ? s.taskForces!.forces.filter((f) => f.side !== e.data.side) : [];
      return {
        ...s,
        taskForces: { area: e.data.area, round: e.data.round, forces: [...kept, ...e.data.forces] },
      };
    }
    case 'vitp.sighted':
      if (!s.taskForces) return s;
      return {
        ...s,
        taskForces: {
          ...s.taskForces,
          forces: s.taskForces.forces.map((f) => (f.marker === e.data.marker ? { ...f, sighted: e.data.sighted } : f)),
        },
      };
    case 'vitp.task-forces-over':
      return { ...s, taskForces: null };
    case 'vitp.battle-status':
    case 'vitp.task-force-markers':
    case 'vitp.sighting-roll':
    case 'vitp.speed-roll':
    case 'vitp.uncertain-roll':
    case 'vitp.note':
    case 'vitp.surprise-shot':
    case 'vitp.game-over':
      return s;
    default: {
      const never: never = e;
      throw new TypeError(`vitp: unknown event ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Adjudication works on the state as its own events change it (the kit's emit-and-fold, as Fold
 * does it), with VITP's typed events, so later rules see earlier results and `tx.s` is the fold of
 * every event emitted (adjudicate returns it). Every event goes to the engine as it is emitted;
 * unit events in a row are folded when the state is next read, all into one copy of the unit list
 * (a turn's end and a battle's outcome patch dozens of pieces in a row: the same state as folding
 * them one by one, which copies the list at each).
 */
export class Tx {
  private state: VitpState;
  /** unit events emitted since the state was last read, in order: not yet folded */
  private readonly pending: VitpEventData['vitp.unit'][] = [];

  constructor(
    s: VitpState,
    private readonly ctx: AdjudicationContext,
  ) {
    this.state = s;
  }

  get s(): VitpState {
    if (this.pending.length) {
      this.state = { ...this.state, units: patchedAll(this.state.units, this.pending) };
      this.pending.length = 0;
    }
    return this.state;
  }

  get dice(): Dice {
    return this.ctx.dice;
  }

  emit<K extends VitpEventType>(type: K, data: VitpEventData[K], visibleTo?: RulesEvent['visibleTo']): void {
    const event = visibleTo ? { type, data, visibleTo } : { type, data };
    this.ctx.emit(event);
    if (this.reuseFold(event)) return;
    if (type === 'vitp.unit') this.pending.push(data as VitpEventData['vitp.unit']);
    else this.state = evolveVitp(this.s, event);
  }

  /**
   * The audit's re-adjudication hands over the state its fold of the log already holds for an event
   * it recorded, emitted on the state the log stood at (AdjudicationContext.folded): the step's
   * events are then folded once, not twice. Never in a live game (no `folded`).
   */
  private reuseFold(event: RulesEvent): boolean {
    const folded = this.ctx.folded?.(this.s, event) as VitpState | undefined;
    if (folded) this.state = folded;
    return folded !== undefined;
  }

  /** pass a combat event through unchanged (the fold leaves the state as it is: `s` stays the fold of every event emitted) */
  raw(event: RulesEvent): void {
    this.ctx.emit(event);
    if (!event.type.startsWith('combat.') && !this.reuseFold(event)) this.state = evolveVitp(this.s, event);
  }

  unit(id: string, patch: UnitPatch, why: string, rule: string): void {
    // a unit's name and place in the list never change: the list last folded tells them
    const u = unitOf(this.state.units, id);
    if (!u) throw new RangeError(`no unit ${id}`);
    this.emit('vitp.unit', { id, name: u.name, patch, why, rule });
  }

  phase(phase: Phase, turn = this.s.turn): void {
    this.emit('vitp.phase', { turn, phase });
  }
}
