/**
 * The rules events of air missions and air combat (2A3a-2A3h, 21-26) and how each folds into the
 * state. The shared notion of where air is: on the ground, air points are `AirPool`s at a place
 * (a major base or a hex) or `nac` aboard a carrier; in the air, a `Flight` in `SolState.flights`,
 * from its take-off place (base, hex or carrier id) over the hex of its mission, until it lands
 * (2A3h). A flight's own details are its side's (31.0); the enemy learns the hexes aircraft fly
 * over (the stack is seen, 31.1 (1)) and, once they fight, the aircraft involved (31.1 (3)).
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { Result } from '../box/charts';
import { type AirPool, other, type SolSide, type SolState } from '../state';
import type { Shift } from './combat-events';
import type { AirMission } from './air-orders';
import type { AirMoveMission } from './air-move-events';
import type { OpsOrder } from './ops-orders';
import { markAttacked } from './plans';

export interface Flight {
  readonly id: number;
  readonly side: SolSide;
  readonly mission: AirMission;
  readonly service: AirPool['service'];
  readonly type: AirPool['type'];
  /** points still flying the mission, and of them those aborted (back to base, fatigued, 50.0) */
  readonly points: number;
  readonly aborted: number;
  /** the take-off place: a major base, a hex, or a carrier's id (`carrier`) */
  readonly from: string;
  readonly carrier: boolean;
  /** the hex it flies over */
  readonly hex: string;
  /** the enemy TF struck (strike, counterstrike), or the ground of `hex` (strike) */
  readonly tf: number | null;
  /** 23.2: flown beyond its printed range, strength halved, losses doubled */
  readonly extended: boolean;
  /** fatigued points: on CAP they fire at printed strength (A15); on a strike or counterstrike (46.0 optional) they fight air only, halved, losses doubled */
  readonly tired: boolean;
  readonly targets?: readonly string[];
  /** 48.1 (3): flown in a night phase (night bombing), strength halved */
  readonly night?: boolean;
}

export interface Fire {
  readonly factors: number;
  readonly column: number;
  readonly heading: string;
  readonly shifts: readonly Shift[];
  readonly face: number;
  readonly result: Result;
}

export interface ShipAttack extends Omit<Fire, 'factors'> {
  readonly ship: string;
  readonly points: number;
  readonly strength: number;
  readonly defense: number;
  readonly percent: number | null;
}

export type AirEvent =
  | RulesEvent<'sol.air-flown', { side: SolSide; flight: Flight; supply: number }>
  | RulesEvent<'sol.air-seen', { side: SolSide; hexes: readonly string[] }>
  | RulesEvent<'sol.pending-ops', { side: SolSide; orders: readonly OpsOrder[] | null }>
  | RulesEvent<'sol.air-combined-cp', { side: SolSide; rule: string }>
  | RulesEvent<
      'sol.air-combat',
      {
        hex: string;
        /** the aircraft involved (31.1 (3)); air transfers and transports met over their landing hex too (12.7) */
        air: Readonly<Record<SolSide, readonly { mission: AirMission | AirMoveMission; kind: string; points: number }[]>>;
        fire: Readonly<Record<SolSide, Fire | null>>;
      }
    >
  | RulesEvent<'sol.aa-fire', { hex: string; side: SolSide; target: string; fire: Fire; supply?: number }>
  | RulesEvent<
      'sol.air-losses',
      { side: SolSide; hex: string; rule: string; losses: readonly { flight: number; eliminated: number; aborted: number }[] }
    >
  | RulesEvent<
      'sol.air-strike',
      { side: SolSide; hex: string; tf: number; ships: readonly string[]; attacks: readonly ShipAttack[]; night?: boolean }
    >
  | RulesEvent<'sol.ship-damaged', { side: SolSide; ship: string; supply: number; nac: number }>
  | RulesEvent<'sol.air-recon', { side: SolSide; hex: string; face: number; result: string; seen: readonly string[] }>
  | RulesEvent<
      'sol.air-landed',
      { side: SolSide; flight: number; at: string | null; points: number; fatigued: number; cap: boolean; lost: number; rule: string }
    >
  | RulesEvent<'sol.air-rested', { side: SolSide }>;

const TYPES = new Set([
  'sol.air-flown',
  'sol.air-seen',
  'sol.pending-ops',
  'sol.air-combined-cp',
  'sol.air-combat',
  'sol.aa-fire',
  'sol.air-losses',
  'sol.air-strike',
  'sol.ship-damaged',
  'sol.air-recon',
  'sol.air-landed',
  'sol.air-rested',
]);
export const isAirEvent = (e: RulesEvent): e is AirEvent => TYPES.has(e.type);

type Forces = SolState['forces'][SolSide];
const withForces = (s: SolState, side: SolSide, f: Forces): SolState => ({ ...s, forces: { ...s.forces, [side]: f } });
const vpPerPoint = (s: SolState, side: SolSide, type: string) =>
  (s.logData.victoryPoints as unknown as { airPerPoint?: Record<SolSide, Record<string, number>> }).airPerPoint?.[side]?.[type] ?? 0;
const addVp = (s: SolState, to: SolSide, n: number): SolState => (n ? { ...s, vp: { ...s.vp, [to]: s.vp[to] + n } } : s);

/**
 * Pools a flight may take off from (22.1, A15): CAP not by points that flew a mission; other
 * missions by ready points that flew nothing, or (`tired`, 46.0 optional) by fatigued points that flew no CAP.
 */
export const eligible = (a: AirPool, mission: AirMission, tired: boolean) =>
  mission === 'cap' ? a.flew !== 'mission' && a.fatigued === tired : tired ? a.fatigued && a.flew !== 'cap' : !a.fatigued && !a.flew;

/** Takes `points` off the pools at a place, in the state's order. */
function takeOff(air: readonly AirPool[], fl: Flight): AirPool[] {
  let left = fl.points;
  return air
    .map((a) => {
      if (left === 0 || a.at !== fl.from || a.service !== fl.service || a.type !== fl.type || !eligible(a, fl.mission, fl.tired)) return a;
      const n = Math.min(left, a.points);
      left -= n;
      return { ...a, points: a.points - n };
    })
    .filter((a) => a.points > 0);
}

/** Lands points at a place as a pool of their own state (merged with a like pool). */
function landAt(air: readonly AirPool[], pool: AirPool): AirPool[] {
  const same = (a: AirPool) =>
    a.at === pool.at && a.service === pool.service && a.type === pool.type && a.fatigued === pool.fatigued && a.flew === pool.flew;
  return air.some(same) ? air.map((a) => (same(a) ? { ...a, points: a.points + pool.points } : a)) : [...air, pool];
}

export function evolveAir(s: SolState, e: AirEvent): SolState {
  switch (e.type) {
    case 'sol.air-flown': {
      const { side, flight, supply } = e.data;
      const f = s.forces[side];
      const left = { ...f.supply, [flight.from]: (f.supply[flight.from] ?? 0) - supply };
      if (!left[flight.from]) delete left[flight.from];
      const ships = { ...f.ships };
      if (flight.carrier) {
        const sh = ships[flight.from];
        // 46.0 (optional): fatigued NAC aboard take off on a strike or counterstrike
        const tired = flight.tired && flight.mission !== 'cap' ? flight.points : 0;
        ships[flight.from] = { ...sh, nac: sh.nac - flight.points, ...(tired ? { nacTired: (sh.nacTired ?? 0) - tired } : {}) };
      }
      const air = flight.carrier ? f.air : takeOff(f.air, flight);
      return { ...withForces(s, side, { ...f, ships, air, supply: left }), flights: [...(s.flights ?? []), flight] };
    }
    case 'sol.pending-ops':
      return { ...s, pendingOps: e.data.orders ? { side: e.data.side, orders: e.data.orders } : null };
    case 'sol.air-combined-cp': {
      const cp = s.cp[e.data.side];
      return cp ? { ...s, cp: { ...s.cp, [e.data.side]: { ...cp, combined: cp.combined - 1 } } } : s;
    }
    case 'sol.air-losses': {
      const d = e.data;
      let out = s;
      const flights = (s.flights ?? []).map((fl) => {
        const l = d.losses.find((x) => x.flight === fl.id);
        if (!l) return fl;
        out = addVp(out, other(d.side), l.eliminated * vpPerPoint(s, d.side, fl.type));
        return { ...fl, points: fl.points - l.eliminated, aborted: fl.aborted + l.aborted };
      });
      return { ...out, flights: flights.filter((fl) => fl.points > 0) };
    }
    case 'sol.ship-damaged': {
      const d = e.data;
      const f = s.forces[d.side];
      const ship = f.ships[d.ship];
      if (!ship) return s;
      const tired = Math.min(ship.nacTired ?? 0, ship.nac - d.nac);
      const nacCap = Math.min(ship.nacCap ?? 0, ship.nac - d.nac - tired);
      const ships = {
        ...f.ships,
        [d.ship]: { ...ship, supply: ship.supply - d.supply, nac: ship.nac - d.nac, nacTired: tired, nacCap, fatigued: true },
      };
      return addVp(withForces(s, d.side, { ...f, ships }), other(d.side), d.nac * vpPerPoint(s, d.side, 'NAC'));
    }
    case 'sol.air-landed': {
      const d = e.data;
      const fl = (s.flights ?? []).find((x) => x.id === d.flight);
      const flights = (s.flights ?? []).filter((x) => x.id !== d.flight);
      if (!fl) return { ...s, flights };
      let f = s.forces[d.side];
      const ship = d.at ? f.ships[d.at] : undefined;
      if (ship && d.points > 0)
        f = {
          ...f,
          ships: {
            ...f.ships,
            [d.at!]: {
              ...ship,
              nac: ship.nac + d.points,
              nacTired: (ship.nacTired ?? 0) + d.fatigued,
              // 22.1: CAP may fly again this turn, the points that flew it no other mission
              nacCap: Math.min(
                ship.nac + d.points - (ship.nacTired ?? 0) - d.fatigued,
                (ship.nacCap ?? 0) + (d.cap ? d.points - d.fatigued : 0),
              ),
            },
          },
        };
      else if (d.at && d.points > 0) {
        const base = { at: d.at, service: fl.service, type: fl.type };
        const ready = d.points - d.fatigued;
        let air = f.air;
        if (ready > 0) air = landAt(air, { ...base, points: ready, fatigued: fl.tired, flew: d.cap ? 'cap' : 'mission' });
        if (d.fatigued > 0) air = landAt(air, { ...base, points: d.fatigued, fatigued: true, flew: 'mission' });
        f = { ...f, air };
      }
      // 21.5: air with nowhere to land is eliminated and counts as VP lost
      return addVp({ ...withForces(s, d.side, f), flights }, other(d.side), d.lost * vpPerPoint(s, d.side, fl.type));
    }
    case 'sol.air-rested': {
      const f = s.forces[e.data.side];
      const ships = Object.fromEntries(
        Object.entries(f.ships).map(([id, sh]) => [id, sh.nacTired || sh.nacCap ? { ...sh, nacTired: 0, nacCap: 0 } : sh]),
      );
      let air: AirPool[] = [];
      for (const a of f.air) {
        const { flew: _f, ...rest } = a;
        air = landAt(air, rest);
      }
      // 45.2: assignments hold for the game turn
      const rested = s.assigned ? { ...s, assigned: { ...s.assigned, [e.data.side]: [] } } : s;
      return withForces(rested, e.data.side, { ...f, ships, air });
    }
    case 'sol.aa-fire': {
      // 26.4: the supply spent for full ground AA
      const d = e.data;
      if (!d.supply) return s;
      const f = s.forces[d.side];
      const supply = { ...f.supply, [d.hex]: (f.supply[d.hex] ?? 0) - d.supply };
      if (supply[d.hex] <= 0) delete supply[d.hex];
      return withForces(s, d.side, { ...f, supply });
    }
    case 'sol.air-strike':
      // the TF struck was attacked (ASK WHEN ATTACKED, rules/plans.ts)
      return markAttacked(s, other(e.data.side), [e.data.tf]);
    case 'sol.air-seen':
    case 'sol.air-combat':
    case 'sol.air-recon':
      return s;
  }
}
