/**
 * The rules events of the naval part of the Combat Segment (2A3e surface combat, 2A3f bombardment)
 * and how each folds into the state. A combat is public: 31.1 (3) shows both sides the engaging
 * ships of a surface combat; a bombardment shows only what it eliminated (15.3) and the ships that
 * fired (the involved enemy force, 31.1 (3)). Repair dice are the owner's (as 20.6).
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { GroundData } from '../box/deployment';
import type { Result } from '../box/charts';
import { other, type SolSide, type SolState } from '../state';
import { arrival, home, withoutShip } from './log-events';
import { markAttacked } from './plans';

export interface Shift {
  readonly why: string;
  readonly by: number;
  readonly rule: string;
}

export type CombatEvent =
  | RulesEvent<
      'sol.surface-combat',
      {
        hex: string;
        attacker: SolSide;
        /** 14.3 (1): the engaging ships of both sides, revealed */
        ships: Readonly<Record<SolSide, readonly string[]>>;
        attack: number;
        defense: number;
        percent: number | null;
        column: number;
        heading: string;
        shifts: readonly Shift[];
        rolls: Readonly<Record<SolSide, number>>;
        results: Readonly<Record<SolSide, Result>>;
      }
    >
  | RulesEvent<
      'sol.ship-hit',
      {
        side: SolSide;
        ship: string;
        result: 'crippled' | 'sunk';
        rule: string;
        /** sunk: units aboard its TF lost with it (19.6) */
        aboard: readonly string[];
        /** 44.1 (optional): crippled, it stays on the map (NAC aboard still lost, 50.0) */
        stays?: boolean;
      }
    >
  | RulesEvent<
      'sol.ship-repair',
      {
        side: SolSide;
        ship: string;
        /** the base it goes to, the repair die and the turn it is back (50.0); its owner's alone */
        to: string;
        face: number;
        back: number;
        /** units aboard its TF set back one echelon lower (19.6) */
        aboard: readonly string[];
        setBack: readonly GroundData[];
      }
    >
  | RulesEvent<'sol.ops-cp-spent', { side: SolSide; rule: string }>
  | RulesEvent<'sol.ships-fatigued', { side: SolSide; ships: readonly string[] }>
  | RulesEvent<
      'sol.bombarded',
      {
        hex: string;
        side: SolSide;
        ships: readonly string[];
        /** a strike on the ground (50.0 Air Mission Chart): the air points that bombed */
        aircraft?: number;
        factors: number;
        column: number;
        heading: string;
        shifts: readonly Shift[];
        face: number;
        result: Result;
        /** what it eliminated (15.3: all the attacker is shown) */
        air: number;
        supply: number;
        cohesion: readonly { unit: string; into: readonly GroundData[] }[];
        airfield: { from: number; to: number | null } | null;
      }
    >;

const TYPES = new Set(['sol.ops-cp-spent', 'sol.ship-repair', 'sol.surface-combat', 'sol.ship-hit', 'sol.ships-fatigued', 'sol.bombarded']);
export const isCombatEvent = (e: RulesEvent): e is CombatEvent => TYPES.has(e.type);

type Forces = SolState['forces'][SolSide];
const withForces = (s: SolState, side: SolSide, f: Forces): SolState => ({ ...s, forces: { ...s.forces, [side]: f } });

interface VpData {
  readonly ships?: Readonly<Record<string, number>>;
  readonly airPerPoint?: Readonly<Record<SolSide, Readonly<Record<string, number>>>>;
  readonly groundPerBattalion: Readonly<Record<SolSide, number>>;
}
const vpOf = (s: SolState) => s.logData.victoryPoints as unknown as VpData;
const addVp = (s: SolState, to: SolSide, n: number): SolState => (n ? { ...s, vp: { ...s.vp, [to]: s.vp[to] + n } } : s);
const battalions = (s: SolState, g: GroundData) => s.opsData.groundSizes[g.size] ?? 1;

/** An empty TF (its last ship gone) leaves the map; a deception TF is a marker with no ships by design. */
function dropEmpty(f: Forces, tf: number | null): Forces {
  if (tf === null || !f.taskForces[tf] || f.taskForces[tf].ships.length || f.taskForces[tf].kind === 'deception') return f;
  const { [tf]: _gone, ...taskForces } = f.taskForces;
  return { ...f, taskForces };
}

export function evolveCombat(s: SolState, e: CombatEvent): SolState {
  switch (e.type) {
    case 'sol.surface-combat': {
      // the defender's TFs were attacked (ASK WHEN ATTACKED, rules/plans.ts)
      const def = other(e.data.attacker);
      return markAttacked(
        s,
        def,
        e.data.ships[def].map((id) => s.forces[def].ships[id]?.tf ?? null),
      );
    }
    case 'sol.ops-cp-spent': {
      const cp = s.cp[e.data.side];
      return cp ? { ...s, cp: { ...s.cp, [e.data.side]: { ...cp, ops: cp.ops - 1 } } } : s;
    }
    case 'sol.ships-fatigued': {
      const f = s.forces[e.data.side];
      const ships = { ...f.ships };
      for (const id of e.data.ships) if (ships[id]) ships[id] = { ...ships[id], fatigued: true };
      return withForces(s, e.data.side, { ...f, ships });
    }
    case 'sol.ship-hit': {
      const d = e.data;
      const f = s.forces[d.side];
      const ship = f.ships[d.ship];
      const enemy = other(d.side);
      if (d.stays) {
        const ships = { ...f.ships, [d.ship]: { ...ship, crippled: true, nac: 0, nacTired: 0, nacCap: 0 } };
        return addVp(withForces(s, d.side, { ...f, ships }), enemy, ship.nac * (vpOf(s).airPerPoint?.[d.side]?.NAC ?? 0));
      }
      const lost = f.ground.filter((g) => d.aboard.includes(g.id));
      const ground = f.ground.filter((g) => !d.aboard.includes(g.id));
      const forces = dropEmpty({ ...withoutShip(f, d.ship), ground }, ship.tf);
      let out = withForces(s, d.side, forces);
      // 50.0: NAC aboard are eliminated (crippled or sunk); VP at once for the destroyer (5.3)
      const v = vpOf(s);
      out = addVp(out, enemy, ship.nac * (v.airPerPoint?.[d.side]?.NAC ?? 0));
      if (d.result === 'sunk') {
        out = { ...out, shipsSunk: { ...out.shipsSunk, [d.side]: out.shipsSunk[d.side] + 1 } };
        out = addVp(out, enemy, v.ships?.[ship.type] ?? 0);
        out = addVp(out, enemy, lost.reduce((n, g) => n + battalions(s, g), 0) * v.groundPerBattalion[d.side]);
      }
      return out;
    }
    case 'sol.ship-repair': {
      const d = e.data;
      const f = s.forces[d.side];
      const later = [arrival(d.side, d.back, d.to, 'repair', { ships: [home(f.ships[d.ship], d.to, 0)] })];
      if (d.setBack.length) later.push(arrival(d.side, s.turn + 1, d.to, 'set-back', { ground: d.setBack }));
      const ground = f.ground.filter((g) => !d.aboard.includes(g.id));
      return { ...withForces(s, d.side, { ...f, ground }), arrivals: [...s.arrivals, ...later] };
    }
    case 'sol.bombarded': {
      const d = e.data;
      const def = other(d.side);
      const f = s.forces[def];
      // grounded squadrons (A14: every air point on the ground there), fatigued first
      let left = d.air;
      const air = [...f.air]
        .map((a, i) => ({ a, i }))
        .sort((x, y) => Number(y.a.fatigued) - Number(x.a.fatigued) || x.i - y.i)
        .map(({ a }) => {
          if (a.at !== d.hex || left === 0) return a;
          const n = Math.min(left, a.points);
          left -= n;
          return { ...a, points: a.points - n };
        })
        .filter((a) => a.points > 0);
      const lostAir = f.air.filter((a) => a.at === d.hex);
      const supply = { ...f.supply, [d.hex]: (f.supply[d.hex] ?? 0) - d.supply };
      if (supply[d.hex] <= 0) delete supply[d.hex];
      let vpLost = 0;
      let ground = f.ground;
      for (const c of d.cohesion) {
        const g = ground.find((x) => x.id === c.unit);
        if (!g) continue;
        if (!c.into.length) vpLost += battalions(s, g) * vpOf(s).groundPerBattalion[def];
        ground = ground.flatMap((x) => (x.id === c.unit ? c.into.map((u) => ({ ...u, at: x.at })) : [x]));
      }
      const airVp = (() => {
        let n = d.air;
        let vp = 0;
        for (const a of lostAir) {
          const k = Math.min(n, a.points);
          n -= k;
          vp += k * (vpOf(s).airPerPoint?.[def]?.[a.type] ?? 0);
        }
        return vp;
      })();
      const airfields = d.airfield
        ? s.airfields.flatMap((a) => (a.hex === d.hex ? (d.airfield!.to === null ? [] : [{ ...a, value: d.airfield!.to }]) : [a]))
        : s.airfields;
      const out = withForces({ ...s, airfields }, def, { ...f, air, supply, ground });
      return addVp(out, d.side, vpLost + airVp);
    }
  }
}
