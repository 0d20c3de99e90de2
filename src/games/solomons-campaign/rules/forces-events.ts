/**
 * The rules events of the forces choices (30, 38, 39) and how each folds into the state. Each is
 * public: a VP award, a withdrawal and an announcement are made to the enemy (39.3-39.6 "announce").
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { ShipType } from '../box/forces';
import { type Arrival, other, SIDE_NAME, type SolSide, type SolState } from '../state';
import type { ChartRow, ForcesChoices, OptionId } from './forces-data';

export type ForcesEvent =
  | RulesEvent<'sol.option-decided', { side: SolSide; option: OptionId; taken: boolean; byDefault: boolean; vp: number; vpTo: SolSide }>
  | RulesEvent<'sol.super-battleship', { ship: string; name: string; at: string; vp: number }>
  | RulesEvent<'sol.super-battleship-retired', { ship: string }>
  | RulesEvent<
      'sol.replacement',
      {
        side: SolSide;
        unit: string;
        what: 'TR' | 'APD' | 'engineer' | 'MAC';
        at: string;
        vp: number;
        face: number;
        due: number;
        lastTurn: number;
      }
    >
  | RulesEvent<'sol.usmc-withdrawn', { units: readonly string[]; at: readonly string[]; battalions: number; vp: number }>;

const TYPES = ['sol.option-decided', 'sol.super-battleship', 'sol.super-battleship-retired', 'sol.replacement', 'sol.usmc-withdrawn'];
export const isForcesEvent = (e: { type: string }): e is ForcesEvent => TYPES.includes(e.type);

const NAMES: Record<string, string> = { 'BB-1': 'Yamato', 'BB-2': 'Musashi' };
export const superName = (ship: string) => NAMES[ship] ?? ship;

const shipOf = (id: string, at: string) => ({ id, type: id.split('-')[0] as ShipType, at, tf: null, nac: 0, supply: 0 });

/** A chart row as an arrival (1B), less the units the side already has or awaits. */
export function rowArrival(s: SolState, side: SolSide, row: ChartRow): Arrival | null {
  const f = s.forces[side];
  const awaited = new Set(
    s.arrivals.filter((a) => a.side === side).flatMap((a) => [...a.ground.map((g) => g.id), ...a.ships.map((x) => x.id)]),
  );
  const ground = (row.ground ?? []).filter((g) => !awaited.has(g.id) && !f.ground.some((x) => x.id === g.id));
  const ships = (row.ships ?? []).filter((id) => !awaited.has(id) && !f.ships[id]).map((id) => shipOf(id, row.at));
  // 21.10 (optional): air the chart marks "(F)" enters fatigued
  const tired = (a: NonNullable<ChartRow['air']>[number]) =>
    (a.fatigued ?? false) || (s.options.pilotAttrition && a.arrivesFatigued === true);
  const air = (row.air ?? []).map((a) => ({ service: a.service, type: a.type, points: a.points, fatigued: tired(a) }));
  if (!ground.length && !ships.length && !air.length) return null;
  return { side, turn: Math.max(row.turn, s.turn), at: row.at, why: 'chart', ships, air, ground };
}

const withChoices = (s: SolState, c: Partial<ForcesChoices>): SolState => ({ ...s, choices: { ...s.choices, ...c } });
const addVp = (v: Readonly<Record<SolSide, number>>, to: SolSide, n: number) => ({ ...v, [to]: v[to] + n });

export function evolveForces(s: SolState, e: ForcesEvent): SolState {
  const c = s.choices;
  switch (e.type) {
    case 'sol.option-decided': {
      const d = e.data;
      const opt = c.data.options[d.option];
      const out = withChoices(s, { decided: { ...c.decided, [d.option]: d.taken }, endVp: addVp(c.endVp, d.vpTo, d.vp) });
      if (!d.taken) return out;
      // 39.3, 39.5: the regular units the option replaces leave the schedule; its own rows join it
      const lost = new Set(opt.lost);
      const kept = out.arrivals
        .map((a) => (a.side === d.side && a.why === 'chart' ? { ...a, ground: a.ground.filter((g) => !lost.has(g.id)) } : a))
        .filter((a) => a.ships.length || a.ground.length || a.air.length);
      let next: SolState = { ...out, arrivals: kept };
      for (const row of opt.rows) {
        const a = rowArrival(next, d.side, row);
        if (a) next = { ...next, arrivals: [...next.arrivals, a] };
      }
      return next;
    }
    case 'sol.super-battleship': {
      const d = e.data;
      const a: Arrival = { side: 'japanese', turn: s.turn, at: d.at, why: 'chart', ships: [shipOf(d.ship, d.at)], air: [], ground: [] };
      return {
        ...withChoices(s, { superBattleships: { ...c.superBattleships, [d.ship]: s.turn } }),
        vp: addVp(s.vp, 'us', d.vp),
        arrivals: [...s.arrivals, a],
      };
    }
    case 'sol.super-battleship-retired':
      return {
        ...withChoices(s, { retired: [...c.retired, e.data.ship] }),
        arrivals: s.arrivals
          .map((a) => (a.side === 'japanese' ? { ...a, ships: a.ships.filter((x) => x.id !== e.data.ship) } : a))
          .filter((a) => a.ships.length || a.ground.length || a.air.length),
      };
    case 'sol.replacement': {
      const d = e.data;
      const paid = { ...s, vp: addVp(s.vp, other(d.side), d.vp) };
      if (d.due > d.lastTurn) return paid;
      const r = c.data.replaceable[d.side];
      const ground = d.what === 'engineer' ? r.engineers.filter((g) => g.id === d.unit) : [];
      const air = d.what === 'MAC' && r.mac ? [{ service: r.mac.service, type: r.mac.type, points: r.mac.points, fatigued: false }] : [];
      const ships = d.what === 'TR' || d.what === 'APD' ? [shipOf(d.unit, d.at)] : [];
      return { ...paid, arrivals: [...s.arrivals, { side: d.side, turn: d.due, at: d.at, why: 'chart', ships, air, ground }] };
    }
    case 'sol.usmc-withdrawn': {
      const d = e.data;
      const f = s.forces.us;
      return {
        ...withChoices(s, {
          withdrawn: [...c.withdrawn, ...d.units],
          withdrawnBattalions: c.withdrawnBattalions + d.battalions,
          endVp: addVp(c.endVp, 'us', d.vp),
        }),
        forces: { ...s.forces, us: { ...f, ground: f.ground.filter((g) => !d.units.includes(g.id)) } },
      };
    }
  }
}

const OPTION: Record<OptionId, string> = {
  'quick-response': 'the Quick Response (39.5)',
  accelerated: 'the accelerated reinforcements (39.3)',
  '18th-army': 'the 18th Army (39.4)',
};

export function narrateForces(e: ForcesEvent): string[] {
  switch (e.type) {
    case 'sol.option-decided': {
      const d = e.data;
      const vp = d.vp ? `; ${SIDE_NAME[d.vpTo]} gains ${d.vp} VP at the end of the game` : '';
      return [`${SIDE_NAME[d.side]} ${d.taken ? 'takes' : 'forgoes'} ${OPTION[d.option]}${d.byDefault ? ' (no announcement)' : ''}${vp}.`];
    }
    case 'sol.super-battleship':
      return [`Japan brings ${e.data.name} (${e.data.ship}) in at ${e.data.at}; the US gains ${e.data.vp} VP (39.6).`];
    case 'sol.super-battleship-retired':
      return [`${superName(e.data.ship)} (${e.data.ship}) is crippled: withdrawn from the theatre for good, no VP (39.7).`];
    case 'sol.replacement': {
      const d = e.data;
      return [
        `${SIDE_NAME[d.side]} replaces ${d.unit} for ${d.vp} VP to ${SIDE_NAME[other(d.side)]}; die ${d.face}: ${d.due > d.lastTurn ? `due on turn ${d.due}, after the game's last turn: it never arrives` : `due at ${d.at} on turn ${d.due}`} (30.1).`,
      ];
    }
    case 'sol.usmc-withdrawn':
      return [
        `United States withdraws ${e.data.units.join(', ')} (${e.data.battalions} battalion${e.data.battalions === 1 ? '' : 's'}); ${e.data.vp} VP at the end of the game (38.2).`,
      ];
  }
}
