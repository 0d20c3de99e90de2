/**
 * The events of air transfer and air transport (2A2a), airborne landings (34.2) and the landing of
 * those aircraft in the Air Basing Sub-Segment (2A3h, 21.4-21.5), how each folds into the state,
 * and their story lines. A move in the air is an `AirMove` in `SolState.airMoves` from take-off to
 * landing. All are sealed to their side (31.0: the enemy sees no air and no stack contents; a
 * stack that appears on land shows in its view as any stack does, 31.1 (1)); the VP an aircraft lost
 * for want of a landing place gives (21.5) show only in the open VP totals (5.1). Air combat over
 * the landing hex (12.7) is public as air combat is (31.1 (3)): the aircraft in `sol.air-combat`
 * and their losses in `sol.air-move-hit`; what became of the cargo stays its side's.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { GroundData } from '../box/deployment';
import { type AirPool, other, SIDE_NAME, type SolSide, type SolState } from '../state';
import { airKindName } from './air-move-orders';

export type AirMoveMission = 'transfer' | 'transport' | 'drop';

export interface AirMove {
  readonly id: number;
  readonly side: SolSide;
  readonly mission: AirMoveMission;
  readonly service: AirPool['service'];
  readonly type: AirPool['type'];
  readonly points: number;
  /** the take-off place (a base name, a hex, or a carrier's id) and the place it is to land on */
  readonly from: string;
  readonly to: string;
  /** where it flies to: a hex, or an off-map base's name (8.2) */
  readonly hex: string;
  /** the printed range (2.11), for landing elsewhere within range (21.4) */
  readonly range: number;
  /** air transport: the cargo aboard, unloaded when it lands (50.0 chart) */
  readonly units: readonly string[];
  readonly supply: number;
  /** 12.7, 50.0 results: points aborted in air combat over the landing hex, flying back to `from`, fatigued */
  readonly back?: boolean;
}

/** Where cargo aboard an aircraft is kept while it flies (never a place on the map). */
export const aloftOf = (id: number) => `AIR ${id}`;

export type AirMoveEvent =
  | RulesEvent<'sol.airborne-ready', { side: SolSide; turn: number; at: Readonly<Record<string, string>> }>
  | RulesEvent<'sol.air-took-off', { side: SolSide; move: AirMove; carrier: boolean }>
  | RulesEvent<'sol.airborne-landed', { side: SolSide; id: number; units: readonly string[]; at: string }>
  | RulesEvent<
      'sol.air-move-landed',
      {
        side: SolSide;
        id: number;
        at: string;
        carrier: boolean;
        points: number;
        fatigued: boolean;
        units: readonly string[];
        supply: number;
        diverted: boolean;
      }
    >
  | RulesEvent<'sol.air-lost', { side: SolSide; id: number; points: number; units: readonly string[]; supply: number; vp: number }>
  | RulesEvent<'sol.air-move-hit', { side: SolSide; hex: string; rule: string; losses: readonly AirMoveLoss[] }>
  | RulesEvent<'sol.air-cargo-fate', CargoFate>;

/** 12.7, 2A3c: one air transfer or transport's air combat result; `back`: the id its aborted points fly home under. */
export interface AirMoveLoss {
  readonly move: number;
  readonly mission: AirMoveMission;
  readonly kind: string;
  readonly eliminated: number;
  readonly aborted: number;
  readonly back: number | null;
}

/** 12.7, 50.0 chart, 27.10: what becomes of the cargo aboard a transport that took losses (sealed to its side). */
export interface CargoFate {
  readonly side: SolSide;
  readonly id: number;
  readonly back: number | null;
  /** units broken down one level to share out the loss (27.10) */
  readonly broken: readonly { unit: string; into: readonly GroundData[] }[];
  readonly lost: readonly string[];
  readonly lostSupply: number;
  readonly returning: readonly string[];
  readonly returningSupply: number;
  readonly vp: number;
}

const TYPES = new Set([
  'sol.airborne-ready',
  'sol.air-took-off',
  'sol.airborne-landed',
  'sol.air-move-landed',
  'sol.air-lost',
  'sol.air-move-hit',
  'sol.air-cargo-fate',
]);
export const isAirMoveEvent = (e: { type: string }): e is AirMoveEvent => TYPES.has(e.type);

type Forces = SolState['forces'][SolSide];
const withForces = (s: SolState, side: SolSide, f: Forces): SolState => ({ ...s, forces: { ...s.forces, [side]: f } });
const movesOf = (s: SolState) => s.airMoves ?? [];

/** Take `points` ready points of a kind off a place's pools (21.8: fatigued aircraft fly no mission). */
function takeOff(air: Forces['air'], at: string, m: Pick<AirMove, 'service' | 'type' | 'points'>): Forces['air'] {
  let left = m.points;
  return air
    .map((p) => {
      if (!left || p.at !== at || p.service !== m.service || p.type !== m.type || p.fatigued) return p;
      const used = Math.min(left, p.points);
      left -= used;
      return { ...p, points: p.points - used };
    })
    .filter((p) => p.points > 0);
}

function landOn(air: Forces['air'], pool: AirPool): Forces['air'] {
  const i = air.findIndex((p) => p.at === pool.at && p.service === pool.service && p.type === pool.type && p.fatigued === pool.fatigued);
  return i < 0 ? [...air, pool] : air.map((p, k) => (k === i ? { ...p, points: p.points + pool.points } : p));
}

const addSupply = (supply: Forces['supply'], at: string, n: number): Forces['supply'] =>
  n ? { ...supply, [at]: (supply[at] ?? 0) + n } : supply;

export function evolveAirMove(s: SolState, e: AirMoveEvent): SolState {
  const d = e.data;
  const f = s.forces[d.side];
  switch (e.type) {
    case 'sol.airborne-ready': {
      const before = s.airborneReady?.turn === e.data.turn ? s.airborneReady.at : { japanese: {}, us: {} };
      return { ...s, airborneReady: { turn: e.data.turn, at: { ...before, [e.data.side]: e.data.at } } };
    }
    case 'sol.air-took-off': {
      const m = e.data.move;
      const ships = e.data.carrier ? { ...f.ships, [m.from]: { ...f.ships[m.from], nac: f.ships[m.from].nac - m.points } } : f.ships;
      const ground = f.ground.map((g) => (m.units.includes(g.id) ? { ...g, at: aloftOf(m.id) } : g));
      const supply = m.supply ? { ...f.supply, [m.from]: (f.supply[m.from] ?? 0) - m.supply } : f.supply;
      const air = e.data.carrier ? f.air : takeOff(f.air, m.from, m);
      return { ...withForces(s, d.side, { ...f, ships, ground, supply, air }), airMoves: [...movesOf(s), m] };
    }
    case 'sol.airborne-landed': {
      const ground = f.ground.map((g) => (e.data.units.includes(g.id) ? { ...g, at: e.data.at } : g));
      const airMoves = movesOf(s).map((a) => (a.id === e.data.id ? { ...a, units: [] } : a));
      return { ...withForces(s, d.side, { ...f, ground }), airMoves };
    }
    case 'sol.air-move-landed': {
      const x = e.data;
      const m = movesOf(s).find((a) => a.id === x.id)!;
      const ships = x.carrier ? { ...f.ships, [x.at]: { ...f.ships[x.at], nac: f.ships[x.at].nac + x.points } } : f.ships;
      const air = x.carrier ? f.air : landOn(f.air, { at: x.at, service: m.service, type: m.type, points: x.points, fatigued: x.fatigued });
      const ground = f.ground.map((g) => (x.units.includes(g.id) ? { ...g, at: x.at } : g));
      const next = withForces(s, x.side, { ...f, ships, air, ground, supply: addSupply(f.supply, x.at, x.supply) });
      return { ...next, airMoves: shrink(movesOf(s), x.id, x.points) };
    }
    case 'sol.air-lost': {
      const x = e.data;
      const ground = f.ground.filter((g) => !x.units.includes(g.id));
      const enemy = other(x.side);
      const next = withForces(s, x.side, { ...f, ground });
      return { ...next, vp: { ...s.vp, [enemy]: s.vp[enemy] + x.vp }, airMoves: shrink(movesOf(s), x.id, x.points) };
    }
    case 'sol.air-move-hit':
      return evolveHit(s, e.data);
    case 'sol.air-cargo-fate':
      return evolveCargo(s, e.data);
  }
}

const addVp = (s: SolState, to: SolSide, n: number): SolState => (n ? { ...s, vp: { ...s.vp, [to]: s.vp[to] + n } } : s);
export const hasCargo = (m: AirMove) => m.units.length > 0 || m.supply > 0;

/** 2A3c, 50.0: eliminated points are gone (VP to the enemy, as air losses are); aborted ones fly back as a move of their own. */
function evolveHit(s: SolState, d: { side: SolSide; losses: readonly AirMoveLoss[] }): SolState {
  const per = (s.logData.victoryPoints as unknown as { airPerPoint?: Record<SolSide, Record<string, number>> }).airPerPoint?.[d.side] ?? {};
  let vp = 0;
  const moves: AirMove[] = [];
  for (const m of movesOf(s)) {
    const l = d.losses.find((x) => x.move === m.id);
    if (!l) {
      moves.push(m);
      continue;
    }
    vp += l.eliminated * (per[m.type] ?? 0);
    const left = { ...m, points: m.points - l.eliminated - l.aborted };
    // a move with cargo and no points left stays until its cargo's fate is told (sol.air-cargo-fate)
    if (left.points > 0 || hasCargo(left)) moves.push(left);
    if (l.back !== null && l.aborted > 0) moves.push({ ...m, id: l.back, points: l.aborted, units: [], supply: 0, back: true });
  }
  return addVp({ ...s, airMoves: moves }, other(d.side), vp);
}

/** 27.10, 50.0 chart: units broken to share the loss, the lost ones gone (VP), the returning ones aboard the aborted points. */
function evolveCargo(s: SolState, d: CargoFate): SolState {
  const f = s.forces[d.side];
  let ground = f.ground;
  for (const b of d.broken) ground = ground.flatMap((g) => (g.id === b.unit ? b.into.map((u) => ({ ...u, at: g.at })) : [g]));
  ground = ground
    .filter((g) => !d.lost.includes(g.id))
    .map((g) => (d.back !== null && d.returning.includes(g.id) ? { ...g, at: aloftOf(d.back) } : g));
  const gone = new Set([...d.lost, ...d.returning]);
  const expand = (u: string): string[] => d.broken.find((b) => b.unit === u)?.into.flatMap((x) => expand(x.id)) ?? [u];
  const airMoves = movesOf(s)
    .map((m) => {
      if (m.id === d.id) {
        const units = m.units.flatMap(expand).filter((u) => !gone.has(u));
        return { ...m, units, supply: m.supply - d.lostSupply - d.returningSupply };
      }
      return m.id === d.back ? { ...m, units: d.returning, supply: d.returningSupply } : m;
    })
    .filter((m) => m.points > 0);
  return addVp({ ...withForces(s, d.side, { ...f, ground }), airMoves }, other(d.side), d.vp);
}

/** A move with `points` of it landed or lost: what is still in the air (its cargo goes with the first to land). */
const shrink = (moves: readonly AirMove[], id: number, points: number): readonly AirMove[] =>
  moves
    .map((a) => (a.id === id ? { ...a, points: a.points - points, units: [], supply: 0 } : a))
    .filter((a) => a.id !== id || a.points > 0);

const MISSION: Readonly<Record<AirMoveMission, string>> = {
  transfer: 'air transfer (2A2a, 23.1)',
  transport: 'air transport (2A2a, 50.0 Air Mission Chart)',
  drop: 'an airborne landing (34.2)',
};
const cargoText = (units: readonly string[], supply: number) =>
  [...units, ...(supply ? [`${supply} supply`] : [])].join(', ') || 'no cargo';

export function narrateAirMove(event: { type: string; data: unknown }): string[] {
  if (!isAirMoveEvent(event)) return [];
  const e = event;
  const who = SIDE_NAME[e.data.side];
  switch (e.type) {
    case 'sol.airborne-ready': {
      const units = Object.entries(e.data.at);
      return units.length
        ? [`${who} airborne units ready to jump this turn: ${units.map(([u, at]) => `${u} at ${at}`).join(', ')} (34.2).`]
        : [];
    }
    case 'sol.air-took-off': {
      const m = e.data.move;
      const carried = m.mission === 'transfer' ? '' : ` with ${cargoText(m.units, m.supply)}`;
      return [
        `${who} ${m.points} ${airKindName(m.service, m.type)} take off from ${m.from} for ${m.to} on ${MISSION[m.mission]}${carried}.`,
      ];
    }
    case 'sol.airborne-landed':
      return [`${who} ${e.data.units.join(', ')} land by parachute in ${e.data.at} (34.2).`];
    case 'sol.air-move-landed': {
      const x = e.data;
      const cargo = x.units.length || x.supply ? `, unloading ${cargoText(x.units, x.supply)}` : '';
      return [
        `${who} ${x.points} air points land on ${x.at}${x.diverted ? ' (the place ordered could not take them, 21.4)' : ''}${x.fatigued ? ', fatigued (50.0 chart: air transport)' : ''}${cargo} (2A3h).`,
      ];
    }
    case 'sol.air-lost':
      return [
        `${who} ${e.data.points} air points find no place to land within range and are eliminated${e.data.units.length || e.data.supply ? ` with ${cargoText(e.data.units, e.data.supply)}` : ''}; ${e.data.vp} VP to the enemy (21.5).`,
      ];
    case 'sol.air-move-hit':
      return [
        `${who} air ${e.data.losses.map((l) => `${l.mission} (${l.kind}): ${l.eliminated} eliminated, ${l.aborted} aborted${l.aborted ? ', flying back fatigued' : ''}`).join('; ')} at ${e.data.hex} (${e.data.rule}).`,
      ];
    case 'sol.air-cargo-fate': {
      const x = e.data;
      return [
        `${who} cargo of air transport ${x.id}${x.broken.length ? `: ${x.broken.map((b) => b.unit).join(', ')} broken down (27.10)` : ''}${x.lost.length || x.lostSupply ? `; lost with its MAC: ${cargoText(x.lost, x.lostSupply)}, ${x.vp} VP to the enemy` : ''}${x.returning.length || x.returningSupply ? `; flying back with the aborted MAC: ${cargoText(x.returning, x.returningSupply)}` : ''} (50.0 Air Mission Chart).`,
      ];
    }
  }
}
