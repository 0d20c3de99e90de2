/**
 * The rules events of the Logistics Phase (3A-3F) and the turn's end (4A-4B, 1B), and how each
 * folds into the state. What a side does in logistics is its own (sealed to it): refits, repairs,
 * attrition, recovery, entrenchment and building show to the other side only as the map shows
 * them (view.ts). The turn's end and a sudden death are public.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { GroundData } from '../box/deployment';
import type { AirPool, Arrival, Ship, SolSide, SolState } from '../state';
import { endTurn } from './turn-end';

export type LogEvent =
  | RulesEvent<'sol.refit', { side: SolSide; at: string; ships: readonly string[]; turns: number; back: number }>
  | RulesEvent<'sol.refit-waiting', { side: SolSide; at: string; ships: readonly string[] }>
  | RulesEvent<
      'sol.refit-crippled',
      {
        side: SolSide;
        ship: string;
        from: string;
        to: string;
        face: number;
        back: number;
        nac: number;
        /** the units aboard its TF that go back (19.6) and what they come back as */
        aboard: readonly string[];
        setBack: readonly GroundData[];
      }
    >
  | RulesEvent<
      'sol.attrition',
      {
        side: SolSide;
        at: string;
        battalions: number;
        supply: number;
        rolls: readonly { unit: string; face: number; eliminated: boolean }[];
        broken: readonly { unit: string; into: readonly GroundData[] }[];
      }
    >
  | RulesEvent<'sol.recovered', { side: SolSide; at: string; points: number; supply: number }>
  | RulesEvent<'sol.entrenched', { side: SolSide; at: string; units: readonly string[]; supply: number }>
  | RulesEvent<
      'sol.airbase-built',
      { side: SolSide; at: string; engineers: readonly string[]; faces: readonly number[]; value: number | null }
    >
  | RulesEvent<'sol.log-note', { side: SolSide; text: string; rule: string }>
  | RulesEvent<
      'sol.arrived',
      { side: SolSide; at: string; ships: readonly string[]; air: number; ground: readonly string[]; airDelayed: number }
    >
  | RulesEvent<'sol.turn-ended', { turn: number; next: number }>
  | RulesEvent<'sol.game-over', { winner: SolSide | null; level: string; why: string; vp: Readonly<Record<SolSide, number>> }>;

const TYPES = new Set([
  'sol.refit',
  'sol.refit-waiting',
  'sol.refit-crippled',
  'sol.attrition',
  'sol.recovered',
  'sol.entrenched',
  'sol.airbase-built',
  'sol.log-note',
  'sol.arrived',
  'sol.turn-ended',
  'sol.game-over',
]);
export const isLogEvent = (e: RulesEvent): e is LogEvent => TYPES.has(e.type);

type Forces = SolState['forces'][SolSide];
const withForces = (s: SolState, side: SolSide, f: Forces): SolState => ({ ...s, forces: { ...s.forces, [side]: f } });

/** A ship off the map: out of its TF and the ship list. */
export function withoutShip(f: Forces, id: string): Forces {
  const { [id]: ship, ...ships } = f.ships;
  const taskForces = { ...f.taskForces };
  if (ship.tf !== null && taskForces[ship.tf])
    taskForces[ship.tf] = { ...taskForces[ship.tf], ships: taskForces[ship.tf].ships.filter((x) => x !== id) };
  return { ...f, ships, taskForces };
}

export const arrival = (side: SolSide, turn: number, at: string, why: Arrival['why'], parts: Partial<Arrival>): Arrival => ({
  side,
  turn,
  at,
  why,
  ships: [],
  air: [],
  ground: [],
  ...parts,
});

/** A ship off the map for a refit or repair: it comes back with no cargo and rested (11.5, 42.3: a refit ends fatigue). */
export const home = ({ fatigued: _f, ...ship }: Ship, at: string, nac: number): Ship => ({ ...ship, at, tf: null, nac, supply: 0 });

/** Air pools at a place as one list: `points` of the fatigued ones there made ready, the rest kept. */
function recoverAir(air: readonly AirPool[], at: string, points: number): AirPool[] {
  let left = points;
  const out: AirPool[] = [];
  for (const a of air) {
    if (a.at !== at || !a.fatigued || left === 0) {
      out.push(a);
      continue;
    }
    const n = Math.min(left, a.points);
    left -= n;
    out.push({ ...a, fatigued: false, points: n });
    if (a.points > n) out.push({ ...a, points: a.points - n });
  }
  return out;
}

export function evolveLog(s: SolState, e: LogEvent): SolState {
  switch (e.type) {
    case 'sol.refit': {
      const d = e.data;
      const sailed = { ...s.sailed, [d.side]: s.sailed[d.side].filter((x) => !d.ships.includes(x)) };
      if (d.turns <= 1) return { ...s, sailed };
      let f = s.forces[d.side];
      const ships = d.ships.map((id) => home(f.ships[id], d.at, f.ships[id].nac));
      for (const id of d.ships) f = withoutShip(f, id);
      return { ...withForces(s, d.side, f), sailed, arrivals: [...s.arrivals, arrival(d.side, d.back, d.at, 'refit', { ships })] };
    }
    case 'sol.refit-crippled': {
      const d = e.data;
      const f = s.forces[d.side];
      const ship = f.ships[d.ship];
      const later: Arrival[] = [arrival(d.side, d.back, d.to, 'repair', { ships: [home(ship, d.to, 0)] })];
      // 19.6, A24: NAC of a carrier crippled by failure to refit are not lost; units aboard come back next turn
      if (d.nac > 0)
        later.push(
          arrival(d.side, s.turn + 1, d.to, 'set-back', { air: [{ service: 'navy', type: 'NAC', points: d.nac, fatigued: false }] }),
        );
      if (d.setBack.length) later.push(arrival(d.side, s.turn + 1, d.to, 'set-back', { ground: d.setBack }));
      const ground = f.ground.filter((g) => !d.aboard.includes(g.id));
      return {
        ...withForces(s, d.side, { ...withoutShip(f, d.ship), ground }),
        sailed: { ...s.sailed, [d.side]: s.sailed[d.side].filter((x) => x !== d.ship) },
        arrivals: [...s.arrivals, ...later],
      };
    }
    case 'sol.attrition': {
      const d = e.data;
      const f = s.forces[d.side];
      const dead = new Set(d.rolls.filter((r) => r.eliminated).map((r) => r.unit));
      const ground = f.ground.flatMap((g) => {
        if (dead.has(g.id)) return [];
        const b = d.broken.find((x) => x.unit === g.id);
        return b ? b.into.map((u) => ({ ...u, at: g.at })) : [g];
      });
      // 5.1, A28: an eliminated unit counts for the enemy even without an enemy act
      const enemy = d.side === 'us' ? 'japanese' : 'us';
      const vp = { ...s.vp, [enemy]: s.vp[enemy] + dead.size * s.logData.victoryPoints.groundPerBattalion[d.side] };
      return { ...withForces(s, d.side, { ...f, ground, supply: spend(f.supply, d.at, d.supply) }), vp };
    }
    case 'sol.recovered': {
      const d = e.data;
      const f = s.forces[d.side];
      return withForces(s, d.side, { ...f, air: recoverAir(f.air, d.at, d.points), supply: spend(f.supply, d.at, d.supply) });
    }
    case 'sol.entrenched': {
      const d = e.data;
      const f = s.forces[d.side];
      return {
        ...withForces(s, d.side, { ...f, supply: spend(f.supply, d.at, d.supply) }),
        entrenched: { ...s.entrenched, [d.side]: { ...s.entrenched[d.side], [d.at]: d.units } },
      };
    }
    case 'sol.airbase-built': {
      const d = e.data;
      const f = s.forces[d.side];
      const spent = withForces(s, d.side, { ...f, supply: spend(f.supply, d.at, d.engineers.length) });
      if (d.value === null) return spent;
      const airfields = s.airfields.some((a) => a.hex === d.at)
        ? s.airfields.map((a) => (a.hex === d.at ? { ...a, value: d.value! } : a))
        : [...s.airfields, { hex: d.at, side: d.side, value: d.value }];
      return { ...spent, airfields };
    }
    case 'sol.arrived': {
      const d = e.data;
      const due = s.arrivals.filter((a) => a.side === d.side && a.turn <= s.turn && a.at === d.at);
      const f = s.forces[d.side];
      const ships = { ...f.ships };
      for (const a of due) for (const sh of a.ships) ships[sh.id] = sh;
      const dueAir = due.flatMap((a) => a.air);
      // 50.0 notes: air beyond the base's room waits for the first turn with room
      const air = d.airDelayed ? f.air : [...f.air, ...dueAir.map((x) => ({ ...x, at: d.at }))];
      const ground = [...f.ground, ...due.flatMap((a) => a.ground.map((g) => ({ ...g, at: d.at })))];
      const held = d.airDelayed ? [arrival(d.side, s.turn + 1, d.at, 'chart', { air: dueAir })] : [];
      return {
        ...withForces(s, d.side, { ...f, ships, air, ground }),
        arrivals: [...s.arrivals.filter((a) => !due.includes(a)), ...held],
      };
    }
    case 'sol.turn-ended':
      return endTurn(s, e.data.next);
    case 'sol.game-over':
      return { ...s, phase: 'over', vp: e.data.vp, outcome: { winner: e.data.winner, level: e.data.level, why: e.data.why } };
    case 'sol.refit-waiting':
    case 'sol.log-note':
      return s;
  }
}

function spend(supply: Readonly<Record<string, number>>, at: string, points: number): Record<string, number> {
  const out = { ...supply, [at]: (supply[at] ?? 0) - points };
  if (out[at] <= 0) delete out[at];
  return out;
}
