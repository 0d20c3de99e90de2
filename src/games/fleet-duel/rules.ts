import { pick, rollDie } from '../../engine/dice';
import type { AdjudicationContext, RulesEvent, Side, StepInfo } from '../../engine/ruleset';
import type { Area } from './box';
import type { FleetOrder, FleetStanding, Posture } from './orders';

/**
 * Fleet Duel, a small game that exercises the engine:
 *  1.x  two fleets (red, blue) of a few ships, three turns; each side also has a hidden submarine.
 *  2.1  each turn both sides secretly MOVE their fleet to a sea area (simultaneous, sealed),
 *  2.2  with a POSTURE (aggressive adds 1 to battle rolls), and may move their SUB (4.1).
 *  2.3  a fleet down to one ship may not be aggressive.
 *  3.1  fleets in the same area fight a battle round: each side rolls a d6 (+1 aggressive); the
 *       lower total loses a ship; a tie loses nothing.
 *  3.3  the loser of the round decides: RETREAT, or STAND and fight a second round (a decision
 *       point, sequential). 3.4: standing instructions may answer it.
 *  4.1  patrol (no orders): a submarine in the area of the enemy fleet searches, finding it on
 *       4+; the roll and the sighting are known only to the submarine's side.
 *  5.1  the game ends after the last turn or when a fleet has no ships; more ships wins.
 *  6    scouting (option `scouting`; dice of other sizes and rolls with their own visibility):
 *  6.1  at patrol, a d10 for the weather, seen by both sides (the step's other dice stay hidden):
 *       1-3 is a storm and no submarine searches;
 *  6.2  at the orders step, a submarine in the area the enemy fleet moved to shadows one of its
 *       ships, picked at random (ships 1..n); the pick, its die included, is its own side's alone
 *       (the step's dice are public); with one ship left there is nothing to pick.
 *  7    system blue (option `system`; system sides and sealed dice): the umpire plays blue, which
 *       owes no orders; its system player (system.ts) decides from blue's view, with sealed dice
 *       seen by the referee alone until the game ends:
 *  7.1  at the orders step, blue's area is picked among the sea areas, then a d6 sets its posture
 *       (4+ aggressive, if it has more than one ship); its submarine stays put;
 *  7.2  when blue lost the round, a d6 decides: 1-3 retreat, 4-6 stand.
 */

export const SIDES = ['red', 'blue'] as const;
export type FleetSide = (typeof SIDES)[number];

export interface FleetState {
  readonly turn: number;
  readonly lastTurn: number;
  readonly phase: 'orders' | 'retreat' | 'patrol' | 'over';
  readonly fleets: Readonly<Record<FleetSide, { readonly area: Area; readonly ships: number; readonly posture: Posture }>>;
  readonly subs: Readonly<Record<FleetSide, Area>>;
  /** the side deciding whether to retreat (3.3), in the retreat phase */
  readonly retreatDecision: FleetSide | null;
  /** where each side's submarine last saw the enemy fleet (4.1) */
  readonly sightings: Readonly<Record<FleetSide, Area | null>>;
  /** the scouting rules (6) are in play: absent when not, so games without them keep their states */
  readonly scouting?: true;
  /** blue is the umpire's (7): absent when not */
  readonly system?: true;
}

export type FleetEvent =
  | RulesEvent<'FleetMoved', { side: FleetSide; area: Area; posture: Posture }>
  | RulesEvent<'SubMoved', { side: FleetSide; area: Area }>
  | RulesEvent<'BattleJoined', { area: Area }>
  | RulesEvent<'BattleRound', { round: number; area: Area; totals: Record<FleetSide, number>; loser: FleetSide | null }>
  | RulesEvent<'ShipLost', { side: FleetSide; left: number }>
  | RulesEvent<'RetreatChosen', { side: FleetSide; retreat: boolean }>
  | RulesEvent<'SubSearched', { side: FleetSide; area: Area; found: boolean }>
  | RulesEvent<'Weather', { turn: number; storm: boolean }>
  | RulesEvent<'ShipShadowed', { side: FleetSide; ship: number; of: number }>
  | RulesEvent<'SystemDecided', { side: FleetSide; rule: string; area?: Area; posture?: Posture; retreat?: boolean }>
  | RulesEvent<'PhaseEntered', { phase: FleetState['phase']; turn: number; retreatDecision: FleetSide | null }>;

export const other = (side: FleetSide): FleetSide => (side === 'red' ? 'blue' : 'red');
/** The sides that owe orders: blue never does when the umpire plays it (7). */
const owing = (s: FleetState, sides: readonly FleetSide[]): FleetSide[] => sides.filter((side) => !(s.system && side === 'blue'));
/** 7: where blue would owe orders and the umpire plays it, blue's system player decides instead. */
const deciding = (s: FleetState, sides: readonly FleetSide[]): Pick<StepInfo, 'system'> =>
  s.system && sides.includes('blue') ? { system: ['blue'] } : {};
const asSide = (s: Side): FleetSide => s as FleetSide;

export function currentFleetStep(s: FleetState): StepInfo | null {
  const t = s.turn;
  switch (s.phase) {
    case 'orders':
      return {
        id: `t${t}/orders`,
        turn: t,
        title: `Turn ${t}: fleet orders (2.1)`,
        mode: 'simultaneous',
        owes: owing(s, SIDES),
        ...deciding(s, SIDES),
        rule: '2.1',
      };
    case 'retreat':
      return {
        id: `t${t}/retreat`,
        turn: t,
        title: `Turn ${t}: ${s.retreatDecision} retreat or stand (3.3)`,
        mode: 'sequential',
        owes: owing(s, [s.retreatDecision!]),
        ...deciding(s, [s.retreatDecision!]),
        rule: '3.3',
      };
    case 'patrol':
      return {
        id: `t${t}/patrol`,
        turn: t,
        title: `Turn ${t}: submarine patrol (4.1)`,
        mode: 'simultaneous',
        owes: [],
        rule: '4.1',
        diceVisibleTo: [],
      };
    case 'over':
      return null;
    default: {
      const never: never = s.phase;
      throw new Error(`unhandled phase ${String(never)}`);
    }
  }
}

/**
 * The steps that may still come: the rest of this turn, then each later turn's orders. A retreat
 * decision may fall to either side until the battle is fought, so both may order for it.
 */
export function upcomingFleetSteps(s: FleetState): StepInfo[] {
  const t = s.turn;
  const orders = (turn: number): StepInfo => ({
    id: `t${turn}/orders`,
    turn,
    title: `Turn ${turn}: fleet orders (2.1)`,
    mode: 'simultaneous',
    owes: owing(s, SIDES),
    ...deciding(s, SIDES),
    rule: '2.1',
  });
  const retreat: StepInfo = {
    id: `t${t}/retreat`,
    turn: t,
    title: `Turn ${t}: retreat or stand (3.3)`,
    mode: 'sequential',
    owes: owing(s, SIDES),
    ...deciding(s, SIDES),
    rule: '3.3',
  };
  const patrol: StepInfo = {
    id: `t${t}/patrol`,
    turn: t,
    title: `Turn ${t}: submarine patrol (4.1)`,
    mode: 'simultaneous',
    owes: [],
    rule: '4.1',
  };
  const later = Array.from({ length: Math.max(0, s.lastTurn - t) }, (_, i) => orders(t + 1 + i));
  switch (s.phase) {
    case 'orders':
      return [retreat, patrol, ...later];
    case 'retreat':
      return [patrol, ...later];
    case 'patrol':
      return later;
    case 'over':
      return [];
    default: {
      const never: never = s.phase;
      throw new Error(`unhandled phase ${String(never)}`);
    }
  }
}

/** 3.1: one battle round; emits BattleRound and ShipLost, returns the loser. */
function battleRound(
  s: FleetState,
  round: number,
  area: Area,
  ctx: AdjudicationContext,
): { loser: FleetSide | null; ships: Record<FleetSide, number> } {
  const totals = {} as Record<FleetSide, number>;
  for (const side of SIDES) {
    const bonus = s.fleets[side].posture === 'aggressive' ? 1 : 0;
    totals[side] = ctx.dice.d6(`battle round ${round}, ${side} fleet`, '3.1') + bonus;
  }
  const loser = totals.red === totals.blue ? null : totals.red < totals.blue ? 'red' : 'blue';
  ctx.emit({ type: 'BattleRound', data: { round, area, totals, loser } });
  const ships = { red: s.fleets.red.ships, blue: s.fleets.blue.ships };
  if (loser) {
    ships[loser]--;
    ctx.emit({ type: 'ShipLost', data: { side: loser, left: ships[loser] } });
  }
  return { loser, ships };
}

function enter(ctx: AdjudicationContext, phase: FleetState['phase'], turn: number, retreatDecision: FleetSide | null = null): void {
  ctx.emit({ type: 'PhaseEntered', data: { phase, turn, retreatDecision } });
}

const sunk = (ships: Record<FleetSide, number>): boolean => ships.red === 0 || ships.blue === 0;

export function adjudicateFleet(
  s: FleetState,
  step: StepInfo,
  orders: Readonly<Record<Side, readonly FleetOrder[]>>,
  ctx: AdjudicationContext,
): void {
  switch (s.phase) {
    case 'orders':
      return adjudicateOrders(s, orders, ctx);
    case 'retreat':
      return adjudicateRetreat(s, orders, ctx);
    case 'patrol':
      return adjudicatePatrol(s, ctx);
    case 'over':
      throw new Error(`no step to adjudicate: ${step.id}`);
  }
}

/** 2.1-2.2: both fleets' orders (blue's from its system player when the umpire plays it, 7.1). */
function adjudicateOrders(s: FleetState, orders: Readonly<Record<Side, readonly FleetOrder[]>>, ctx: AdjudicationContext): void {
  const moved = { ...s.fleets } as Record<FleetSide, FleetState['fleets'][FleetSide]>;
  for (const side of SIDES) {
    const mine = orders[side] ?? [];
    const move = mine.find((o) => o.kind === 'move');
    const posture = mine.find((o) => o.kind === 'posture');
    const sub = mine.find((o) => o.kind === 'sub');
    const area = move?.kind === 'move' ? move.area : s.fleets[side].area;
    const p = posture?.kind === 'posture' ? posture.posture : 'cautious';
    moved[side] = { ...s.fleets[side], area, posture: p };
    ctx.emit({ type: 'FleetMoved', data: { side, area, posture: p }, visibleTo: [side] });
    if (sub?.kind === 'sub') ctx.emit({ type: 'SubMoved', data: { side, area: sub.area }, visibleTo: [side] });
  }
  if (s.scouting) shadow(s, moved, orders, ctx);
  if (moved.red.area !== moved.blue.area) return enter(ctx, 'patrol', s.turn);
  const area = moved.red.area;
  ctx.emit({ type: 'BattleJoined', data: { area } });
  const { loser, ships } = battleRound({ ...s, fleets: moved }, 1, area, ctx);
  if (sunk(ships)) return enter(ctx, 'over', s.turn);
  if (loser) return enter(ctx, 'retreat', s.turn, loser);
  enter(ctx, 'patrol', s.turn);
}

function adjudicateRetreat(s: FleetState, orders: Readonly<Record<Side, readonly FleetOrder[]>>, ctx: AdjudicationContext): void {
  const side = s.retreatDecision!;
  const choice = (orders[side] ?? []).find((o) => o.kind === 'retreat');
  // blue's choice is its system player's when the umpire plays it (7.2)
  const retreat = choice?.kind === 'retreat' ? choice.retreat : true;
  ctx.emit({ type: 'RetreatChosen', data: { side, retreat } });
  if (!retreat) {
    const { ships } = battleRound(s, 2, s.fleets[side].area, ctx);
    if (sunk(ships)) return enter(ctx, 'over', s.turn);
  }
  enter(ctx, 'patrol', s.turn);
}

/** 6.2: each submarine where the enemy fleet now is picks one of its ships, for its own side's eyes. */
function shadow(
  s: FleetState,
  moved: Record<FleetSide, FleetState['fleets'][FleetSide]>,
  orders: Readonly<Record<Side, readonly FleetOrder[]>>,
  ctx: AdjudicationContext,
): void {
  for (const side of SIDES) {
    const sub = (orders[side] ?? []).find((o) => o.kind === 'sub');
    const at = sub?.kind === 'sub' ? sub.area : s.subs[side];
    const enemy = moved[other(side)];
    if (at !== enemy.area) continue;
    const ships = Array.from({ length: enemy.ships }, (_, k) => k + 1);
    const ship = pick(ctx.dice, ships, `${side} submarine shadows a ${other(side)} ship`, '6.2', { visibleTo: [side] });
    ctx.emit({ type: 'ShipShadowed', data: { side, ship, of: ships.length }, visibleTo: [side] });
  }
}

function adjudicatePatrol(s: FleetState, ctx: AdjudicationContext): void {
  const storm = s.scouting ? rollDie(ctx.dice, 10, 'weather', '6.1', { visibleTo: 'all' }) <= 3 : false;
  if (s.scouting) ctx.emit({ type: 'Weather', data: { turn: s.turn, storm } });
  for (const side of SIDES) {
    if (storm) break;
    const enemyArea = s.fleets[other(side)].area;
    if (s.subs[side] !== enemyArea) continue;
    const found = ctx.dice.d6(`submarine search, ${side}`, '4.1') >= 4;
    ctx.emit({ type: 'SubSearched', data: { side, area: enemyArea, found }, visibleTo: [side] });
  }
  if (s.turn >= s.lastTurn) enter(ctx, 'over', s.turn);
  else enter(ctx, 'orders', s.turn + 1);
}

export function evolveFleet(s: FleetState, e: RulesEvent): FleetState {
  const ev = e as FleetEvent;
  switch (ev.type) {
    case 'FleetMoved': {
      const { side, area, posture } = ev.data;
      return { ...s, fleets: { ...s.fleets, [side]: { ...s.fleets[side], area, posture } } };
    }
    case 'SubMoved':
      return { ...s, subs: { ...s.subs, [ev.data.side]: ev.data.area } };
    case 'ShipLost':
      return {
        ...s,
        fleets: { ...s.fleets, [ev.data.side]: { ...s.fleets[ev.data.side], ships: ev.data.left } },
      };
    case 'SubSearched':
      return { ...s, sightings: { ...s.sightings, [ev.data.side]: ev.data.found ? ev.data.area : null } };
    case 'PhaseEntered':
      return { ...s, phase: ev.data.phase, turn: ev.data.turn, retreatDecision: ev.data.retreatDecision };
    case 'BattleJoined':
    case 'BattleRound':
    case 'RetreatChosen':
    case 'Weather':
    case 'ShipShadowed':
    case 'SystemDecided':
      return s;
    default: {
      const never: never = ev;
      throw new Error(`Fleet Duel cannot fold ${JSON.stringify(never)}`);
    }
  }
}

/** 3.4: standing instructions answer the retreat decision only. */
export function answerRetreatFromStanding(s: FleetState, side: Side, step: StepInfo, standing: unknown): readonly FleetOrder[] | null {
  if (s.phase !== 'retreat' || !step.id.endsWith('/retreat')) return null;
  const policy = (standing as readonly FleetStanding[])[0]?.retreat;
  const me = asSide(side);
  switch (policy) {
    case 'always':
      return [{ kind: 'retreat', retreat: true }];
    case 'never':
      return [{ kind: 'retreat', retreat: false }];
    // Not outnumbered: the instruction does not say, so the side is asked.
    case 'if-outnumbered':
      return s.fleets[me].ships < s.fleets[other(me)].ships ? [{ kind: 'retreat', retreat: true }] : null;
    default:
      return null;
  }
}
